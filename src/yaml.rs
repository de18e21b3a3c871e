//! All YAML access in one place.
//!
//! Two readers live here:
//! - [`parse_tree`] reads a situation file with `marked-yaml` into a tree whose every node knows
//!   its line and column. It refuses anchors, aliases, tags and duplicate keys, pointing at the
//!   offending node, so the schema walk in `situation::load` can report every problem at once.
//! - [`from_str`] reads the project's own embedded data (`rules-text/`) with `serde_yaml`
//!   (the maintained `yaml_serde` fork, under the name the design card fixes).

use marked_yaml::{LoaderOptions, Node, Span};
use serde::de::DeserializeOwned;

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
    /// What is wrong, in a sentence.
    pub message: String,
    /// What to do about it.
    pub help: String,
}

/// Converts the character index of a marker into a byte offset in `src`.
fn char_to_byte(src: &str, character: usize) -> usize {
    src.char_indices()
        .nth(character)
        .map_or(src.len(), |(b, _)| b)
}

/// Converts a 1-based line and column (in characters) into a byte offset in `src`.
fn line_col_to_byte(src: &str, line: usize, col: usize) -> usize {
    let mut offset = 0;
    for (i, l) in src.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset
                + l.char_indices()
                    .nth(col.saturating_sub(1))
                    .map_or(l.len(), |(b, _)| b);
        }
        offset += l.len();
    }
    src.len()
}

/// The location of a node: from its start marker to its end marker when the parser recorded one,
/// otherwise the rest of its first line (at least one byte, clamped to the text).
pub fn span_loc(src: &str, span: &Span) -> Loc {
    let Some(start) = span.start() else {
        return Loc::new(0, 1.min(src.len()));
    };
    let from = line_col_to_byte(src, start.line(), start.column());
    let to = span
        .end()
        .map(|e| line_col_to_byte(src, e.line(), e.column()))
        .filter(|&to| to > from)
        .unwrap_or_else(|| {
            src[from..]
                .find('\n')
                .map_or(src.len(), |n| from + n)
                .max(from + 1)
        });
    let to = to.min(src.len());
    let mut loc = Loc::new(from.min(src.len()), to.saturating_sub(from));
    // Keep labels on one line: a multi-line span is cut at its first line end.
    if let Some(nl) = src[loc.offset..loc.offset + loc.len].find('\n') {
        loc.len = nl.max(1);
    }
    if loc.len == 0 && loc.offset < src.len() {
        loc.len = 1;
    }
    loc
}

/// The location of a scalar node: its text as written (quotes included where it was quoted).
/// marked-yaml records only where a scalar starts, so its end is found here.
pub fn scalar_loc(src: &str, node: &marked_yaml::types::MarkedScalarNode) -> Loc {
    let start = span_loc(src, node.span()).offset.min(src.len());
    let rest = &src[start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let len = match rest.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let mut end = None;
            let mut chars = rest.char_indices().skip(1).peekable();
            while let Some((i, c)) = chars.next() {
                if q == '"' && c == '\\' {
                    chars.next();
                } else if c == q {
                    if q == '\'' && chars.peek().is_some_and(|(_, n)| *n == '\'') {
                        chars.next();
                    } else {
                        end = Some(i + 1);
                        break;
                    }
                }
            }
            end.unwrap_or(line_end)
        }
        _ => {
            let value = node.as_str();
            if !value.is_empty() && !value.contains('\n') && rest.starts_with(value) {
                value.len()
            } else {
                line_end
            }
        }
    };
    Loc::new(
        start,
        len.max(1).min(src.len().saturating_sub(start).max(1)),
    )
}

/// Parses `src` into a node tree with positions. The top level must be a mapping.
///
/// # Errors
/// One [`SyntaxProblem`] at the first place the text is not YAML, or uses an anchor, alias, tag
/// or duplicate key (these are not part of format 1).
pub fn parse_tree(src: &str) -> Result<Node, SyntaxProblem> {
    // marked-yaml treats an alias to an unknown anchor as unreachable; catch aliases first so
    // that no input can make the loader panic.
    if let Some(p) = find_alias(src) {
        return Err(p);
    }
    let options = LoaderOptions::default()
        .error_on_duplicate_keys(true)
        .prevent_coercion(true)
        .toplevel_mapping();
    // The parser marks some states unreachable; never let a strange input crash the tool.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| marked_yaml::parse_yaml_with_options(0, src, options));
    std::panic::set_hook(previous);
    match parsed {
        Ok(r) => r.map_err(|e| load_problem(src, &e)),
        Err(_) => Err(SyntaxProblem {
            loc: Loc::new(
                0,
                src.find('\n')
                    .unwrap_or(src.len())
                    .max(1)
                    .min(src.len().max(1)),
            ),
            message: "this YAML uses a construct situation format 1 does not read".into(),
            help:
                "write plain mappings, lists and values (no anchors, aliases, tags or complex keys)"
                    .into(),
        }),
    }
}

/// Finds a YAML alias (`*name` where a node may start) outside quotes and comments.
fn find_alias(src: &str) -> Option<SyntaxProblem> {
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let mut in_single = false;
        let mut in_double = false;
        let mut prev = ' ';
        for (i, c) in line.char_indices() {
            match c {
                '\'' if !in_double => in_single = !in_single,
                '"' if !in_single => in_double = !in_double,
                '#' if !in_single && !in_double && (prev == ' ' || prev == '\t' || i == 0) => break,
                '*' if !in_single
                    && !in_double
                    && matches!(prev, ' ' | '\t' | '[' | ',' | '{' | ':' | '-')
                    && line[i + 1..].starts_with(|ch: char| ch.is_alphanumeric() || ch == '_') =>
                {
                    // A plain scalar may contain '*' after a space (`a *b`); only flag it where a
                    // node starts: after `: `, `- `, `[`, `,`, `{` or at the start of the line.
                    let before = line[..i].trim_end();
                    if before.is_empty()
                        || before.ends_with(':')
                        || before.ends_with('-')
                        || before.ends_with('[')
                        || before.ends_with(',')
                        || before.ends_with('{')
                    {
                        let len = line[i..]
                            .find(|ch: char| ch.is_whitespace() || ",]}".contains(ch))
                            .unwrap_or(line.len() - i);
                        return Some(SyntaxProblem {
                            loc: Loc::new(offset + i, len.max(1)),
                            message: "YAML aliases are not part of situation format 1".into(),
                            help: "write the value out in full where it is needed".into(),
                        });
                    }
                }
                _ => {}
            }
            prev = c;
        }
        offset += line.len();
    }
    None
}

fn load_problem(src: &str, e: &marked_yaml::LoadError) -> SyntaxProblem {
    use marked_yaml::LoadError as E;
    let at = |m: &marked_yaml::Marker| {
        let off = char_to_byte(src, m.character()).min(src.len());
        let len = src[off..]
            .find(|c: char| c.is_whitespace())
            .unwrap_or(src.len() - off)
            .max(1)
            .min(src.len().saturating_sub(off).max(1));
        Loc::new(off.min(src.len().saturating_sub(1)), len)
    };
    match e {
        E::TopLevelMustBeMapping(m) => SyntaxProblem {
            loc: at(m),
            message: "a situation file is a YAML mapping of keys (format, players, chain, ...)"
                .into(),
            help: "start the file with `format: 1` and write one key per line".into(),
        },
        E::TopLevelMustBeSequence(m) => SyntaxProblem {
            loc: at(m),
            message: "expected a list at the top level".into(),
            help: "this should not happen for situation files".into(),
        },
        E::UnexpectedAnchor(m) => SyntaxProblem {
            loc: at(m),
            message: "YAML anchors and aliases are not part of situation format 1".into(),
            help: "remove the `&anchor` and write the value out in full where it is needed".into(),
        },
        E::MappingKeyMustBeScalar(m) => SyntaxProblem {
            loc: at(m),
            message: "a mapping key must be a plain word".into(),
            help: "keys are snake_case words such as `controller`".into(),
        },
        E::UnexpectedTag(m) => SyntaxProblem {
            loc: at(m),
            message: "YAML tags (`!tag`) are not part of situation format 1".into(),
            help: "remove the tag; values are plain text, numbers, lists and mappings".into(),
        },
        E::ScanError(m, se) => {
            let text = se.to_string();
            let info = text.split(" at ").next().unwrap_or(&text).to_string();
            SyntaxProblem {
                loc: at(m),
                message: format!("this is not valid YAML: {info}"),
                help: "check the indentation, colons and quotes on this line and the one above"
                    .into(),
            }
        }
        E::DuplicateKey(inner) => {
            let key = &inner.key;
            SyntaxProblem {
                loc: scalar_loc(src, key),
                message: format!("the key `{}` appears twice in this mapping", key.as_str()),
                help: "keep one of them; YAML would silently use only one".into(),
            }
        }
    }
}

/// Deserializes the project's own embedded YAML data.
///
/// # Errors
/// The `serde_yaml` error, with its line and column, when the data does not fit `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_yaml::Error> {
    serde_yaml::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_are_refused_without_panicking() {
        let err = parse_tree("a: *missing\n").unwrap_err();
        assert!(err.message.contains("aliases"));
        assert_eq!(err.loc.offset, 3);
    }

    #[test]
    fn star_inside_text_is_not_an_alias() {
        assert!(parse_tree("a: \"*x\"\nb: a *b\n").is_ok());
    }

    #[test]
    fn duplicate_keys_point_at_the_second() {
        let err = parse_tree("a: 1\na: 2\n").unwrap_err();
        assert_eq!(err.loc.offset, 5);
    }
}
