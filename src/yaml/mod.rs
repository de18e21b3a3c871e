//! All YAML access in one place.
//!
//! [`parse_tree`] reads a situation file with saphyr-parser's events into a [`Node`] tree
//! whose every node knows the bytes it covers. It refuses anchors, aliases, tags and
//! duplicate keys, pointing at the offending node, so the schema walk in `situation::load` can
//! report every problem at once.
//!
//! - `tree`: the nodes and the methods the loader walks with;
//! - `read`: building the tree from the parser's events, with its refusals;
//! - `place`: a node's label in the text ([`span_loc`], [`scalar_loc`]);
//! - `scan`: what the text holds before the parser reads it (a second document, tabs,
//!   anchors, a text that is no situation at all);
//! - `explain`: the parser's errors turned into their cause at the place it starts;
//! - `problems`: the wording of what stops the reading, and of a duplicate key.
//!
//! The project's own data (`rules-text/`) is read with `serde_yaml` (the maintained
//! `yaml_serde` fork, under the name the design card fixes) by the build script, which
//! compiles it into static tables.

mod explain;
mod place;
mod problems;
mod read;
mod scan;
#[cfg(test)]
mod tests;
mod tree;

pub use place::{scalar_loc, span_loc, Text};
pub use tree::{Mapping, Node, Scalar, Sequence, Span, Style};

use explain::explain;
use read::{read, Reading};
use scan::{documents, not_a_situation, scan_constructs};

/// A place in a source text: a byte offset and a length in bytes (never zero for a label).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Loc {
    /// Byte offset from the start of the text.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

impl Loc {
    /// A location of `len` bytes at `offset`.
    pub fn new(offset: usize, len: usize) -> Self {
        Self { offset, len }
    }
}

/// A YAML syntax problem, or a construct format 1 forbids (anchor, alias, tag, duplicate key).
#[derive(Debug, Clone)]
pub struct SyntaxProblem {
    /// Where it is.
    pub loc: Loc,
    /// The label shown at `loc`.
    pub label: String,
    /// What is wrong, in a sentence.
    pub message: String,
    /// What to do about it.
    pub help: String,
}

/// Parses `src` into a node tree with positions. The top level must be a mapping; only the
/// first YAML document is read.
///
/// # Errors
/// Every problem found at the YAML level: tab indentation, anchors, aliases and tags (none is
/// part of format 1), every duplicate key, and the first place the text is not YAML. A text of
/// 4 GiB or more is refused unread: a node's [`Span`] holds its offsets in 32 bits.
pub fn parse_tree(src: &str) -> Result<Node<'_>, Vec<SyntaxProblem>> {
    if u32::try_from(src.len()).is_err() {
        return Err(vec![SyntaxProblem {
            loc: Loc::new(0, src.find('\n').unwrap_or(src.len()).max(1)),
            label: "the file starts here".into(),
            message: "the file is 4 GiB or larger, more than a situation file can be".into(),
            help: "describe the situation in a smaller file".into(),
        }]);
    }
    if let Some(p) = not_a_situation(src) {
        return Err(vec![p]);
    }
    // Only the first YAML document is read; a second one is a problem of its own, and what
    // follows it is not looked at (it would only repeat the first document's keys).
    let (mut problems, cut) = documents(src);
    let src = &src[..cut];
    let scan = scan_constructs(src);
    problems.extend(scan.problems);
    if problems.is_empty() {
        return finish(src, read_guarded(src), problems, scan.first_layout);
    }
    // The file is refused already: blank out what was found in a copy (same length, so
    // offsets stay right) and read that, for the duplicate keys and syntax errors beyond.
    let mut work = src.to_string();
    for p in &problems {
        let range = p.loc.offset..p.loc.offset + p.loc.len;
        if work.is_char_boundary(range.start) && work.is_char_boundary(range.end) {
            let fill = if work[range.clone()].starts_with('*') {
                "x"
            } else {
                " "
            };
            work.replace_range(range.clone(), &fill.repeat(range.len()));
        }
    }
    let reading = read_guarded(&work);
    Err(finish(&work, reading, problems, scan.first_layout)
        .err()
        .unwrap_or_default())
}

/// The tree, or the problems found before reading followed by the reading's own.
fn finish<'a>(
    src: &str,
    reading: Reading<'a>,
    mut problems: Vec<SyntaxProblem>,
    first_layout: Option<usize>,
) -> Result<Node<'a>, Vec<SyntaxProblem>> {
    problems.extend(reading.duplicates);
    if let Some(p) = reading.stop {
        // After a tab or non-breaking space in the indentation, the parser's complaint only
        // restates it.
        if first_layout.is_none_or(|f| p.loc.offset < f) {
            problems.push(explain(src, &p).unwrap_or(p));
        }
    }
    match reading.tree {
        Some(tree) if problems.is_empty() => Ok(tree),
        _ => Err(problems),
    }
}

/// [`read`], with a problem in place of a panic: no strange input may crash the tool.
fn read_guarded(src: &str) -> Reading<'_> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| read(src));
    std::panic::set_hook(previous);
    parsed.unwrap_or_else(|_| Reading {
        tree: None,
        duplicates: Vec::new(),
        stop: Some(SyntaxProblem {
            loc: Loc::new(
                0,
                src.find('\n')
                    .unwrap_or(src.len())
                    .max(1)
                    .min(src.len().max(1)),
            ),
            label: "here".into(),
            message: "this YAML uses a construct situation format 1 does not read".into(),
            help:
                "write plain mappings, lists and values (no anchors, aliases, tags or complex keys)"
                    .into(),
        }),
    })
}
