//! The tree a situation file is read into: mappings, lists and scalars, each with the byte
//! range it covers in the source.
//!
//! Every collection holds its children in one boxed slice (no allocation per scalar), and a
//! scalar's text borrows the source unless the parser had to unescape or fold it. A node takes
//! 32 bytes and a mapping's entry 64 (positions are held in 32 bits), so that the tree of a
//! 100,000-item Chain stays near six times its text (issue 23). The methods are the few the
//! loader walks with: `get_node`, `as_mapping`, `as_scalar`, `as_sequence`, `keys`, `iter`,
//! `as_str`, `may_coerce` and `span`.

use std::borrow::Cow;

/// Where a node is in the source: a half-open byte range. A block collection ends where the
/// next token starts (often the next line's key); an empty value is an empty range.
///
/// Offsets are held in 32 bits: [`parse_tree`](super::parse_tree) refuses a text of 4 GiB or
/// more, so every offset of a tree fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The bytes `start..end` (offsets past `u32::MAX` are held as `u32::MAX`; the texts a
    /// tree is read from are shorter).
    pub(super) fn new(start: usize, end: usize) -> Self {
        let at = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Self {
            start: at(start),
            end: at(end),
        }
    }

    /// Byte offset of the node's first byte.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Byte offset just past the node's last byte (quotes included).
    pub fn end(&self) -> usize {
        self.end as usize
    }
}

/// How a scalar was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Without quotes (`Ana`, `2`, `true`): the only style whose value may be read as a number
    /// or a boolean.
    Plain,
    /// Between `'` or `"`.
    Quoted,
    /// A `|` or `>` block.
    Block,
}

/// A scalar's value: a slice of the source where it reads as written there, or the text the
/// parser made of it (unescaped or folded), with how it was written beside either.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value<'a> {
    Written(&'a str, Style),
    Made(Box<str>, Style),
}

/// A scalar: its value after unescaping and folding, where it is and how it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scalar<'a> {
    value: Value<'a>,
    span: Span,
}

impl<'a> Scalar<'a> {
    /// A scalar with `value` (borrowed where it is a slice of the source), written in `style`
    /// over `span`.
    pub(super) fn new(value: Cow<'a, str>, span: Span, style: Style) -> Self {
        let value = match value {
            Cow::Borrowed(w) => Value::Written(w, style),
            Cow::Owned(m) => Value::Made(m.into_boxed_str(), style),
        };
        Self { value, span }
    }

    /// The value (quotes removed, escapes and folding applied).
    pub fn as_str(&self) -> &str {
        match &self.value {
            Value::Written(w, _) => w,
            Value::Made(m, _) => m,
        }
    }

    /// Whether the scalar was written plain, so that it may be read as a number or a boolean
    /// (`"2"` is text, `2` is a number).
    pub fn may_coerce(&self) -> bool {
        self.style() == Style::Plain
    }

    /// How it was written.
    pub fn style(&self) -> Style {
        match self.value {
            Value::Written(_, s) | Value::Made(_, s) => s,
        }
    }

    /// Where it is: for a quoted scalar, the quotes included; for a block scalar, its lines
    /// after the `|` or `>` line.
    pub fn span(&self) -> &Span {
        &self.span
    }
}

/// A mapping: its entries in the order written, every key a scalar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping<'a> {
    entries: Box<[(Scalar<'a>, Node<'a>)]>,
    span: Span,
}

impl<'a> Mapping<'a> {
    /// A mapping of `entries` over `span`.
    pub(super) fn new(entries: Box<[(Scalar<'a>, Node<'a>)]>, span: Span) -> Self {
        Self { entries, span }
    }

    /// The value of the first entry whose key is `key`.
    pub fn get_node(&self, key: &str) -> Option<&Node<'a>> {
        self.entries
            .iter()
            .find(|(k, _)| k.as_str() == key)
            .map(|(_, v)| v)
    }

    /// The keys, in the order written.
    pub fn keys(&self) -> impl Iterator<Item = &Scalar<'a>> {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values, in the order written.
    pub fn values(&self) -> impl Iterator<Item = &Node<'a>> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The entries as (key, value), in the order written.
    pub fn iter(&self) -> impl Iterator<Item = (&Scalar<'a>, &Node<'a>)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// How many entries it has.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Where it is: from its first key (or `{`) to where the next token starts (or past `}`).
    pub fn span(&self) -> &Span {
        &self.span
    }
}

/// A list: its entries in the order written. It reads as a slice of nodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence<'a> {
    items: Box<[Node<'a>]>,
    span: Span,
}

impl<'a> Sequence<'a> {
    /// A list of `items` over `span`.
    pub(super) fn new(items: Box<[Node<'a>]>, span: Span) -> Self {
        Self { items, span }
    }

    /// Where it is: from its first `-` (or `[`) to where the next token starts (or past `]`).
    pub fn span(&self) -> &Span {
        &self.span
    }
}

impl<'a> std::ops::Deref for Sequence<'a> {
    type Target = [Node<'a>];

    fn deref(&self) -> &[Node<'a>] {
        &self.items
    }
}

/// A node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node<'a> {
    /// A value.
    Scalar(Scalar<'a>),
    /// A mapping of keys to nodes.
    Mapping(Mapping<'a>),
    /// A list of nodes.
    Sequence(Sequence<'a>),
}

impl<'a> Node<'a> {
    /// The scalar, if this is one.
    pub fn as_scalar(&self) -> Option<&Scalar<'a>> {
        match self {
            Node::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// The mapping, if this is one.
    pub fn as_mapping(&self) -> Option<&Mapping<'a>> {
        match self {
            Node::Mapping(m) => Some(m),
            _ => None,
        }
    }

    /// The list, if this is one.
    pub fn as_sequence(&self) -> Option<&Sequence<'a>> {
        match self {
            Node::Sequence(s) => Some(s),
            _ => None,
        }
    }

    /// Where it is.
    pub fn span(&self) -> &Span {
        match self {
            Node::Scalar(s) => s.span(),
            Node::Mapping(m) => m.span(),
            Node::Sequence(s) => s.span(),
        }
    }
}
