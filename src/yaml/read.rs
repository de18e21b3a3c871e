//! Builds the [`Node`] tree from saphyr-parser's events in one pass, refusing what situation
//! format 1 does not read: a top level that is not a mapping, a key that is not a scalar,
//! anchors, aliases and tags (the first of these stops the reading; but for a top level that is
//! no mapping, it gives way to a syntax error further on), and duplicate keys (every one reported, at its second occurrence, and the
//! reading goes on).

use super::problems::{duplicate_problem, load_problem, Stop};
use super::tree::{Mapping, Node, Scalar, Sequence, Span, Style};
use super::SyntaxProblem;
use saphyr_parser::{Event, Parser, ScalarStyle};
use std::borrow::Cow;
use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

/// What one reading found.
pub(super) struct Reading<'a> {
    /// The tree, when the text was read to its end.
    pub(super) tree: Option<Node<'a>>,
    /// Every duplicate key, in the order their values end.
    pub(super) duplicates: Vec<SyntaxProblem>,
    /// What stopped the reading: a syntax error or a construct format 1 refuses.
    pub(super) stop: Option<SyntaxProblem>,
}

/// Turns the parser's character offsets into byte offsets, walking from the last one asked
/// for (the events come in order, so the walks are short).
struct Offsets<'a> {
    src: &'a str,
    ascii: bool,
    chars: usize,
    bytes: usize,
}

impl<'a> Offsets<'a> {
    fn new(src: &'a str) -> Self {
        Self {
            src,
            ascii: src.is_ascii(),
            chars: 0,
            bytes: 0,
        }
    }

    fn byte(&mut self, chars: usize) -> usize {
        if self.ascii {
            return chars.min(self.src.len());
        }
        while self.chars < chars {
            let Some(c) = self.src[self.bytes..].chars().next() else {
                return self.src.len();
            };
            self.bytes += c.len_utf8();
            self.chars += 1;
        }
        while self.chars > chars {
            let Some(c) = self.src[..self.bytes].chars().next_back() else {
                break;
            };
            self.bytes -= c.len_utf8();
            self.chars -= 1;
        }
        self.bytes
    }
}

/// A collection being read: where it starts and where its children start on the stacks.
enum Open<'a> {
    Mapping {
        start: usize,
        from: usize,
        key: Option<Scalar<'a>>,
        /// Hashes of its keys, once it has many (a few are compared one by one).
        hashes: Option<HashSet<u64>>,
    },
    Sequence {
        start: usize,
        from: usize,
    },
}

/// Mappings with more keys than this look duplicates up by hash.
const FEW_KEYS: usize = 16;

/// The stacks of the collections being read and of their finished children.
struct Builder<'a> {
    open: Vec<Open<'a>>,
    entries: Vec<(Scalar<'a>, Node<'a>)>,
    items: Vec<Node<'a>>,
    root: Option<Node<'a>>,
    duplicates: Vec<SyntaxProblem>,
    hasher: RandomState,
}

impl<'a> Builder<'a> {
    /// Adds a finished node to the collection being read (or makes it the root).
    fn attach(&mut self, src: &str, node: Node<'a>) {
        match self.open.last_mut() {
            None => self.root = Some(node),
            Some(Open::Sequence { .. }) => self.items.push(node),
            Some(Open::Mapping {
                key, from, hashes, ..
            }) => match key.take() {
                // A collection as a key is refused where it starts, and never comes here.
                None => {
                    if let Node::Scalar(s) = node {
                        *key = Some(s);
                    }
                }
                Some(k) => {
                    let siblings = &self.entries[*from..];
                    let seen = if siblings.len() < FEW_KEYS {
                        siblings.iter().any(|(s, _)| s.as_str() == k.as_str())
                    } else {
                        let hasher = &self.hasher;
                        let set = hashes.get_or_insert_with(|| {
                            siblings
                                .iter()
                                .map(|(s, _)| hasher.hash_one(s.as_str()))
                                .collect()
                        });
                        !set.insert(hasher.hash_one(k.as_str()))
                            && siblings.iter().any(|(s, _)| s.as_str() == k.as_str())
                    };
                    if seen {
                        self.duplicates.push(duplicate_problem(src, &k));
                    }
                    self.entries.push((k, node));
                }
            },
        }
    }

    /// Whether the next node would be a mapping's key.
    fn awaits_key(&self) -> bool {
        matches!(self.open.last(), Some(Open::Mapping { key: None, .. }))
    }
}

/// `value` as a slice of `src` where it is written there as it reads (the parser hands every
/// value over as a string of its own), so that only unescaped or folded values are kept apart.
fn borrowed<'a>(
    src: &'a str,
    start: usize,
    end: usize,
    style: Style,
    value: Cow<'a, str>,
) -> Cow<'a, str> {
    let written = match style {
        Style::Plain => src.get(start..end),
        Style::Quoted => src.get(start + 1..end.saturating_sub(1)),
        Style::Block => None,
    };
    match written {
        Some(w) if w == value => Cow::Borrowed(w),
        _ => value,
    }
}

/// The length of a quoted scalar written at the start of `text`, closing quote included.
fn closing_quote(text: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    let (_, quote) = chars.next()?;
    let mut chars = chars.peekable();
    while let Some((i, c)) = chars.next() {
        if quote == '"' && c == '\\' {
            chars.next();
        } else if c == quote {
            if quote == '\'' && chars.peek().is_some_and(|(_, n)| *n == '\'') {
                chars.next();
            } else {
                return Some(i + 1);
            }
        }
    }
    None
}

/// Reads the first document of `src` into a tree.
pub(super) fn read(src: &str) -> Reading<'_> {
    let mut at = Offsets::new(src);
    let mut b = Builder {
        open: Vec::new(),
        entries: Vec::new(),
        items: Vec::new(),
        root: None,
        duplicates: Vec::new(),
        hasher: RandomState::new(),
    };
    let mut stop = None;
    let mut syntax_error = false;
    let mut top_level = false;
    let mut stream_end = 0;
    let mut events = Parser::new_from_str(src);
    for event in events.by_ref() {
        let (event, span) = match event {
            Ok(e) => e,
            Err(e) => {
                let offset = at.byte(e.marker().index());
                stop = Some(load_problem(src, offset, &Stop::Scan(e.info())));
                syntax_error = true;
                break;
            }
        };
        let start = at.byte(span.start.index());
        let refuse = |why: Stop| Some(load_problem(src, start, &why));
        match event {
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 {
                    stop = refuse(Stop::Anchor);
                } else if tag.is_some() {
                    stop = refuse(Stop::Tag);
                } else if b.open.is_empty() {
                    stop = refuse(Stop::TopLevel);
                    top_level = true;
                } else {
                    let style = match style {
                        ScalarStyle::Plain => Style::Plain,
                        ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => Style::Quoted,
                        ScalarStyle::Literal | ScalarStyle::Folded => Style::Block,
                    };
                    // The parser's end of a quoted scalar runs over the spaces and comment after it.
                    let mut end = at.byte(span.end.index());
                    if style == Style::Quoted {
                        end = closing_quote(&src[start..end]).map_or(end, |n| start + n);
                    }
                    let value = borrowed(src, start, end, style, value);
                    let node = Node::Scalar(Scalar::new(value, Span::new(start, end), style));
                    b.attach(src, node);
                }
            }
            Event::MappingStart(anchor, ref tag) | Event::SequenceStart(anchor, ref tag) => {
                let mapping = matches!(event, Event::MappingStart(..));
                if tag.is_some() {
                    stop = refuse(Stop::Tag);
                } else if anchor != 0 {
                    stop = refuse(Stop::Anchor);
                } else if b.open.is_empty() && !mapping {
                    stop = refuse(Stop::TopLevel);
                    top_level = true;
                } else if b.awaits_key() {
                    stop = refuse(Stop::KeyNotScalar);
                } else if mapping {
                    b.open.push(Open::Mapping {
                        start,
                        from: b.entries.len(),
                        key: None,
                        hashes: None,
                    });
                } else {
                    b.open.push(Open::Sequence {
                        start,
                        from: b.items.len(),
                    });
                }
            }
            Event::MappingEnd | Event::SequenceEnd => {
                // A block collection ends where the next token starts; a flow one just after
                // its bracket (the parser's end runs over the spaces and comment after it).
                let end = match b.open.last() {
                    Some(Open::Mapping { start: s, .. } | Open::Sequence { start: s, .. })
                        if src[*s..].starts_with(['{', '[']) =>
                    {
                        (start + 1).min(src.len())
                    }
                    _ => at.byte(span.end.index()),
                };
                let node = match b.open.pop() {
                    Some(Open::Mapping { start, from, .. }) => {
                        let entries = b.entries.drain(from..).collect();
                        Node::Mapping(Mapping::new(entries, Span::new(start, end)))
                    }
                    Some(Open::Sequence { start, from }) => {
                        let items = b.items.drain(from..).collect();
                        Node::Sequence(Sequence::new(items, Span::new(start, end)))
                    }
                    None => continue,
                };
                b.attach(src, node);
            }
            Event::Alias(_) => stop = refuse(Stop::Anchor),
            Event::DocumentEnd => break,
            Event::StreamEnd => stream_end = start,
            Event::StreamStart | Event::DocumentStart(_) | Event::Nothing => {}
        }
        if stop.is_some() {
            break;
        }
    }
    // After a refused construct inside the document, a syntax error further on is reported in
    // its place (the parser's complaints after a top level that is no mapping only restate it).
    if stop.is_some() && !syntax_error && !top_level {
        if let Some(Err(e)) = events.find(Result::is_err) {
            let offset = at.byte(e.marker().index());
            stop = Some(load_problem(src, offset, &Stop::Scan(e.info())));
        }
    }
    let tree = match (stop.is_some(), b.root) {
        (true, _) => None,
        (false, Some(root)) => Some(root),
        // An empty text is an empty mapping.
        (false, None) => Some(Node::Mapping(Mapping::new(
            Box::default(),
            Span::new(stream_end, stream_end),
        ))),
    };
    Reading {
        tree,
        duplicates: b.duplicates,
        stop,
    }
}
