//! Where a node is, as a label: the bytes of the source a diagnostic underlines.

use super::explain::comment_start;
use super::scan::key_before;
use super::tree::{Scalar, Span, Style};
use super::Loc;

/// A source text, as the labels of its nodes are cut from it.
#[derive(Debug)]
pub struct Text<'a> {
    /// The text.
    pub src: &'a str,
}

impl<'a> Text<'a> {
    /// Wraps `src`.
    pub fn new(src: &'a str) -> Self {
        Self { src }
    }
}

/// The label of a node's span: from its start to its end, or to the end of its first line when
/// the span is empty (at least one byte, clamped to the text). A multi-line span is cut at its
/// first line end, so that labels stay on one line.
pub fn span_loc(text: &Text, span: &Span) -> Loc {
    let src = text.src;
    let from = span.start().min(src.len());
    let to = if span.end() > from {
        span.end()
    } else {
        src[from..]
            .find('\n')
            .map_or(src.len(), |n| from + n)
            .max(from + 1)
    };
    let to = to.min(src.len());
    let mut loc = Loc::new(from, to.saturating_sub(from));
    if let Some(nl) = src[loc.offset..loc.offset + loc.len].find('\n') {
        loc.len = nl.max(1);
    }
    if loc.len == 0 && loc.offset < src.len() {
        loc.len = 1;
    }
    loc
}

/// The label of a scalar: its text as written (quotes included where it was quoted; a plain or
/// block scalar is cut at its first line end). An empty value (`turn:` and nothing after it) is
/// labelled with the key or list dash it belongs to.
pub fn scalar_loc(text: &Text, node: &Scalar) -> Loc {
    let src = text.src;
    let span = node.span();
    let start = span.start().min(src.len());
    if node.as_str().is_empty() && node.may_coerce() {
        if let Some(loc) = empty_value_owner(src, start) {
            return loc;
        }
    }
    let mut len = span.end().min(src.len()).saturating_sub(start);
    if node.style() != Style::Quoted {
        if let Some(nl) = src[start..start + len].find('\n') {
            len = nl;
        }
    }
    if len == 0 {
        let rest = &src[start..];
        len = rest.find('\n').unwrap_or(rest.len());
    }
    Loc::new(
        start,
        len.max(1).min(src.len().saturating_sub(start).max(1)),
    )
}

/// The key with its colon (`turn:`) or the list dash (`-`) that an empty value at `at` belongs
/// to. The parser places an empty value just after its key (before the colon) or just after
/// its dash, on the same line.
fn empty_value_owner(src: &str, at: usize) -> Option<Loc> {
    let line_start = src[..at].rfind('\n').map_or(0, |n| n + 1);
    let after = &src[at..];
    let spaces = after.len() - after.trim_start_matches(' ').len();
    let end = if after[spaces..].starts_with(':') {
        at + spaces + 1
    } else {
        at
    };
    let line = &src[line_start..end];
    let code = comment_start(line).map_or(line, |h| &line[..h]).trim_end();
    let last = line_start + code.len().checked_sub(1)?;
    match code.as_bytes()[code.len() - 1] {
        b':' => {
            let key = key_before(code, code.len() - 1);
            let key_start = line_start + code[..code.len() - 1].rfind(key).unwrap_or(0);
            Some(Loc::new(key_start, last + 1 - key_start))
        }
        b'-' => Some(Loc::new(last, 1)),
        _ => None,
    }
}
