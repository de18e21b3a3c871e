//! The problems that stop the reading of a tree (a top level that is no mapping, an anchor, a
//! tag, a list as a key, the parser's own error) and the problem of a duplicate key, worded as
//! chainjudge words them.

use super::place::{scalar_loc, Text};
use super::tree::Scalar;
use super::{Loc, SyntaxProblem};

/// What stopped the reading, other than a duplicate key.
pub(super) enum Stop<'s> {
    /// The document is a list or a value.
    TopLevel,
    /// An anchor or an alias.
    Anchor,
    /// A tag.
    Tag,
    /// A list or mapping used as a key.
    KeyNotScalar,
    /// The parser's error, as it words it.
    Scan(&'s str),
}

/// The problem for `stop` at byte `offset`: labelled from there to the next white space.
pub(super) fn load_problem(src: &str, offset: usize, stop: &Stop) -> SyntaxProblem {
    let off = offset.min(src.len());
    let len = src[off..]
        .find(|c: char| c.is_whitespace())
        .unwrap_or(src.len() - off)
        .max(1)
        .min(src.len().saturating_sub(off).max(1));
    let loc = Loc::new(off.min(src.len().saturating_sub(1)), len);
    let (message, help) = match stop {
        Stop::TopLevel => (
            "a situation file is a YAML mapping of keys (format, players, chain, ...)".into(),
            "start the file with `format: 1` and write one key per line",
        ),
        Stop::Anchor => (
            "YAML anchors and aliases are not part of situation format 1".into(),
            "remove the `&anchor` and write the value out in full where it is needed",
        ),
        Stop::KeyNotScalar => (
            "a mapping key must be a plain word".into(),
            "keys are snake_case words such as `controller`",
        ),
        Stop::Tag => (
            "YAML tags (`!tag`) are not part of situation format 1".into(),
            "remove the tag; values are plain text, numbers, lists and mappings",
        ),
        Stop::Scan(info) => {
            let info = info.split(" at ").next().unwrap_or(info);
            let help = if info.contains("recursion limit") {
                "the lists and mappings here are nested too deeply for format 1: flatten them"
            } else {
                "check the indentation, colons and quotes on this line and the one above"
            };
            (format!("this is not valid YAML: {info}"), help)
        }
    };
    SyntaxProblem {
        loc,
        label: "here".into(),
        message,
        help: help.into(),
    }
}

/// The problem for a key written a second time in its mapping, at that second key.
pub(super) fn duplicate_problem(src: &str, key: &Scalar) -> SyntaxProblem {
    SyntaxProblem {
        loc: scalar_loc(&Text::new(src), key),
        label: "second time".into(),
        message: format!("the key `{}` appears twice in this mapping", key.as_str()),
        help: "keep one of them; YAML would silently use only one".into(),
    }
}
