//! All YAML access in one place.
//!
//! [`parse_tree`] reads a situation file with `marked-yaml` into a tree whose every node knows
//! its line and column. It refuses anchors, aliases, tags and duplicate keys, pointing at the
//! offending node, so the schema walk in `situation::load` can report every problem at once.
//!
//! The project's own data (`rules-text/`) is read with `serde_yaml` (the maintained
//! `yaml_serde` fork, under the name the design card fixes) by the build script, which
//! compiles it into static tables.

use marked_yaml::{LoaderOptions, Node, Span};

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

/// A source text with the byte offset of each line's start, so that turning a node's line and
/// column into a byte offset costs one lookup rather than a scan of the text.
#[derive(Debug)]
pub struct Text<'a> {
    /// The text.
    pub src: &'a str,
    starts: Vec<usize>,
}

impl<'a> Text<'a> {
    /// Indexes `src`.
    pub fn new(src: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        Self { src, starts }
    }

    /// The byte offset of a 1-based line and column (in characters).
    fn byte(&self, line: usize, col: usize) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return self.src.len();
        };
        let rest = &self.src[start..];
        let line_text = rest.split_inclusive('\n').next().unwrap_or("");
        start
            + line_text
                .char_indices()
                .nth(col.saturating_sub(1))
                .map_or(line_text.len(), |(b, _)| b)
    }
}

/// The location of a node: from its start marker to its end marker when the parser recorded one,
/// otherwise the rest of its first line (at least one byte, clamped to the text).
pub fn span_loc(text: &Text, span: &Span) -> Loc {
    let src = text.src;
    let Some(start) = span.start() else {
        return Loc::new(0, 1.min(src.len()));
    };
    let from = text.byte(start.line(), start.column());
    let to = span
        .end()
        .map(|e| text.byte(e.line(), e.column()))
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
pub fn scalar_loc(text: &Text, node: &marked_yaml::types::MarkedScalarNode) -> Loc {
    let src = text.src;
    let start = span_loc(text, node.span()).offset.min(src.len());
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
/// Every problem found at the YAML level: tab indentation, anchors, aliases and tags (none is
/// part of format 1), every duplicate key, or else the first place the text is not YAML.
pub fn parse_tree(src: &str) -> Result<Node, Vec<SyntaxProblem>> {
    // marked-yaml treats an alias to an unknown anchor as unreachable; find these constructs
    // first, all of them, so that no input can make the loader panic.
    // Only the first YAML document is read; a second one is a problem of its own, and what
    // follows it is not looked at (it would only repeat the first document's keys).
    let (mut problems, cut) = documents(src);
    let src = &src[..cut];
    problems.extend(scan_constructs(src));
    // Blank them out in a working copy (same length, so offsets stay right) to look for
    // further problems. Duplicate keys: the parser stops at the first; rename it in the copy
    // and parse again to find the others.
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
    for round in 0..64 {
        match parse_once(&work) {
            Ok(node) if problems.is_empty() => return Ok(node),
            Ok(_) => return Err(problems),
            Err((p, dup)) => {
                problems.push(p);
                let Some(loc) = dup else { return Err(problems) };
                let end = loc.offset + loc.len;
                if loc.len == 0 || !work.is_char_boundary(loc.offset) || !work.is_char_boundary(end)
                {
                    return Err(problems);
                }
                let filler: String = format!("Z{round}dup")
                    .chars()
                    .chain(std::iter::repeat('z'))
                    .take(loc.len)
                    .collect();
                work.replace_range(loc.offset..end, &filler);
            }
        }
    }
    Err(problems)
}

/// One parse; on a duplicate key, also where that key is.
fn parse_once(src: &str) -> Result<Node, (SyntaxProblem, Option<Loc>)> {
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
        Ok(Ok(node)) => Ok(node),
        Ok(Err(e)) => {
            let p = load_problem(src, &e);
            let dup = matches!(e, marked_yaml::LoadError::DuplicateKey(_)).then_some(p.loc);
            Err((p, dup))
        }
        Err(_) => Err((
            SyntaxProblem {
                loc: Loc::new(0, src.find('\n').unwrap_or(src.len()).max(1).min(src.len().max(1))),
                message: "this YAML uses a construct situation format 1 does not read".into(),
                help: "write plain mappings, lists and values (no anchors, aliases, tags or complex keys)".into(),
            },
            None,
        )),
    }
}

/// Whether position `i` of `line` is where a YAML node may start.
fn node_start(line: &str, i: usize) -> bool {
    let before = line[..i].trim_end();
    before.is_empty() || before.ends_with([':', '-', '[', ',', '{', '?'])
}

/// A second YAML document: a `---` line after content (a leading one only opens the single
/// document), or content after an end-of-document `...` line. A situation file is one
/// document; the parser would silently read only the first.
fn documents(src: &str) -> (Vec<SyntaxProblem>, usize) {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut content = false;
    let mut ended = false;
    for line in src.split_inclusive('\n') {
        let text = line.trim_end();
        let bare = text.split(" #").next().unwrap_or("").trim_end();
        let marker = bare == "---" || bare.starts_with("--- ");
        if marker && content {
            out.push(SyntaxProblem {
                loc: Loc::new(offset, 3),
                message: "a second YAML document starts here; a situation file holds exactly one"
                    .into(),
                help:
                    "remove this `---` and what follows, or put each situation in a file of its own"
                        .into(),
            });
            return (out, offset);
        }
        if bare == "..." {
            ended = true;
        } else if !bare.trim().is_empty() && !bare.trim_start().starts_with('#') && !marker {
            if ended {
                out.push(SyntaxProblem {
                    loc: Loc::new(offset, text.len().max(1)),
                    message: "text after the end of the YAML document (`...`); a situation file holds exactly one".into(),
                    help: "remove the `...` line, or what follows it".into(),
                });
                return (out, offset);
            }
            content = true;
        }
        offset += line.len();
    }
    (out, src.len())
}

/// Finds, outside quotes and comments, every tab used for indentation and every anchor
/// (`&name`), alias (`*name`) and tag (`!tag`) where a YAML node may start.
fn scan_constructs(src: &str) -> Vec<SyntaxProblem> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        if let Some(t) = line[..indent].find('\t') {
            out.push(SyntaxProblem {
                loc: Loc::new(offset + t, 1),
                message: "a tab is used for indentation; YAML allows only spaces there".into(),
                help: "replace the tab with spaces".into(),
            });
        }
        let mut in_single = false;
        let mut in_double = false;
        let mut prev = ' ';
        for (i, c) in line.char_indices() {
            let quoted = in_single || in_double;
            match c {
                '\'' if !in_double => in_single = !in_single,
                '"' if !in_single => in_double = !in_double,
                '#' if !quoted && (i == 0 || prev == ' ' || prev == '\t') => break,
                '&' | '*' | '!' if !quoted && node_start(line, i) => {
                    let next_ok = line[i + 1..]
                        .starts_with(|ch: char| ch.is_alphanumeric() || "_!<".contains(ch));
                    if next_ok {
                        let len = line[i..]
                            .find(|ch: char| ch.is_whitespace() || ",]}".contains(ch))
                            .unwrap_or(line.len() - i)
                            .max(1);
                        let (what, help) = match c {
                            '&' => ("YAML anchors are not part of situation format 1", "remove the `&anchor` and write values out in full"),
                            '*' => ("YAML aliases are not part of situation format 1", "write the value out in full where it is needed"),
                            _ => ("YAML tags are not part of situation format 1", "remove the tag; values are plain text, numbers, lists and mappings"),
                        };
                        out.push(SyntaxProblem {
                            loc: Loc::new(offset + i, len),
                            message: what.into(),
                            help: help.into(),
                        });
                    }
                }
                _ => {}
            }
            prev = c;
        }
        offset += line.len();
    }
    out
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
            let help = if info.contains("recursion limit") {
                "the lists and mappings here are nested too deeply for format 1: flatten them"
            } else {
                "check the indentation, colons and quotes on this line and the one above"
            };
            SyntaxProblem {
                loc: at(m),
                message: format!("this is not valid YAML: {info}"),
                help: help.into(),
            }
        }
        E::DuplicateKey(inner) => {
            let key = &inner.key;
            SyntaxProblem {
                loc: scalar_loc(&Text::new(src), key),
                message: format!("the key `{}` appears twice in this mapping", key.as_str()),
                help: "keep one of them; YAML would silently use only one".into(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_are_refused_without_panicking() {
        let err = parse_tree("a: *missing\n").unwrap_err();
        assert!(err[0].message.contains("aliases"));
        assert_eq!(err[0].loc.offset, 3);
    }

    #[test]
    fn every_anchor_tag_and_duplicate_is_reported() {
        let err = parse_tree("a: &x 1\nb: !t 2\n").unwrap_err();
        assert_eq!(
            err.iter().map(|p| p.loc.offset).collect::<Vec<_>>(),
            vec![3, 11]
        );
        let err = parse_tree("aa: 1\naa: 2\nbb: 1\nbb: 2\n").unwrap_err();
        assert_eq!(
            err.iter().map(|p| p.loc.offset).collect::<Vec<_>>(),
            vec![6, 18]
        );
    }

    #[test]
    fn star_inside_text_is_not_an_alias() {
        assert!(parse_tree("a: \"*x\"\nb: a *b\n").is_ok());
    }

    #[test]
    fn duplicate_keys_point_at_the_second() {
        let err = parse_tree("a: 1\na: 2\n").unwrap_err();
        assert_eq!(err[0].loc.offset, 5);
    }
}
