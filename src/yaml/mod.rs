//! All YAML access in one place.
//!
//! [`parse_tree`] reads a situation file with `marked-yaml` into a tree whose every node knows
//! its line and column. It refuses anchors, aliases, tags and duplicate keys, pointing at the
//! offending node, so the schema walk in `situation::load` can report every problem at once.
//!
//! The text is looked at before and after the parser: [`scan`] finds what the parser would
//! misread or stop at (a second document, tabs, anchors, a text that is no situation at all),
//! and [`explain`] turns the parser's errors into the cause at the place it starts.
//!
//! The project's own data (`rules-text/`) is read with `serde_yaml` (the maintained
//! `yaml_serde` fork, under the name the design card fixes) by the build script, which
//! compiles it into static tables.

mod explain;
mod scan;

use explain::{comment_start, explain, load_problem};
use marked_yaml::{LoaderOptions, Node, Span};
use scan::{documents, key_before, not_a_situation, scan_constructs};

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

/// Converts the character index of a marker into a byte offset in `src`.
pub(super) fn char_to_byte(src: &str, character: usize) -> usize {
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
    if node.as_str().is_empty() && node.may_coerce() {
        // An empty value: the parser places it where the next token starts, often the next
        // line's key. Its place is the key (or list dash) it belongs to.
        if let Some(loc) = empty_value_owner(src, start) {
            return loc;
        }
    }
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

/// The key with its colon (`turn:`) or the list dash (`-`) that an empty value at `start`
/// belongs to: the last thing written before it, comments and blank lines aside.
fn empty_value_owner(src: &str, start: usize) -> Option<Loc> {
    let mut end = start;
    let mut first = true;
    loop {
        let line_start = src[..end].rfind('\n').map_or(0, |n| n + 1);
        let line = &src[line_start..end];
        let code = comment_start(line).map_or(line, |h| &line[..h]);
        let code = code.trim_end();
        // On the line where the parser placed it, a list dash before it is the next entry's.
        let next_entry = first && code.trim().chars().all(|c| c == '-' || c == ' ');
        first = false;
        if code.trim().is_empty() || next_entry {
            if line_start == 0 {
                return None;
            }
            end = line_start - 1;
            continue;
        }
        let last = line_start + code.len() - 1;
        return match code.as_bytes()[code.len() - 1] {
            b':' => {
                let key = key_before(code, code.len() - 1);
                let key_start = line_start + code[..code.len() - 1].rfind(key).unwrap_or(0);
                Some(Loc::new(key_start, last + 1 - key_start))
            }
            b'-' => Some(Loc::new(last, 1)),
            _ => None,
        };
    }
}

/// Parses `src` into a node tree with positions. The top level must be a mapping.
///
/// # Errors
/// Every problem found at the YAML level: tab indentation, anchors, aliases and tags (none is
/// part of format 1), every duplicate key, or else the first place the text is not YAML.
pub fn parse_tree(src: &str) -> Result<Node, Vec<SyntaxProblem>> {
    if let Some(p) = not_a_situation(src) {
        return Err(vec![p]);
    }
    // marked-yaml treats an alias to an unknown anchor as unreachable; find these constructs
    // first, all of them, so that no input can make the loader panic.
    // Only the first YAML document is read; a second one is a problem of its own, and what
    // follows it is not looked at (it would only repeat the first document's keys).
    let (mut problems, cut) = documents(src);
    let src = &src[..cut];
    let scan = scan_constructs(src);
    problems.extend(scan.problems);
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
                if dup.is_none() {
                    // After a tab or non-breaking space in the indentation, the parser's
                    // complaint only restates it.
                    if scan.first_layout.is_some_and(|f| p.loc.offset >= f) {
                        return Err(problems);
                    }
                    problems.push(explain(&work, &p).unwrap_or(p));
                    return Err(problems);
                }
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
                label: "here".into(),
                message: "this YAML uses a construct situation format 1 does not read".into(),
                help: "write plain mappings, lists and values (no anchors, aliases, tags or complex keys)".into(),
            },
            None,
        )),
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
    fn a_star_inside_a_plain_value_or_a_block_is_text() {
        assert!(parse_tree("title: Rex - *Deathknell* answered\n").is_ok());
        assert!(parse_tree("t: a, *b\nu: |\n  *bold* text\n  &x\nv: 1\n").is_ok());
        assert!(parse_tree("l: [a, *b]\n").is_err());
        assert!(parse_tree("- *b\n").is_err());
    }

    #[test]
    fn layout_problems_are_named_and_not_restated() {
        let err = parse_tree("a:\n\u{a0}\u{a0}b: 1\nc: 2\n").unwrap_err();
        assert_eq!(err.len(), 1, "{err:?}");
        assert!(err[0].message.contains("U+00A0"));
        let err = parse_tree("a:\tb\n").unwrap_err();
        assert_eq!(err.len(), 1, "{err:?}");
        assert!(err[0].message.contains("a tab follows `a:`"));
        let err = parse_tree("name: 'Ana's Gambit'\n").unwrap_err();
        assert_eq!(err.len(), 1, "{err:?}");
        assert!(err[0].help.contains("'Ana''s Gambit'"), "{}", err[0].help);
    }

    #[test]
    fn parser_errors_are_explained_where_they_start() {
        let err = parse_tree("a:\n  b: 1\n  c 2\n  d: 3\n").unwrap_err();
        assert_eq!(err[0].message, "missing `:` after `c`");
        let err = parse_tree("p: [A, B # , C]\nq: 1\n").unwrap_err();
        assert!(err[0].message.contains("hides the closing `]`"));
        assert_eq!(err[0].loc.offset, 9);
        let err = parse_tree("t: \"open\nu: 1\n").unwrap_err();
        assert!(
            err[0].message.contains("never closed"),
            "{}",
            err[0].message
        );
        assert_eq!(err[0].loc.offset, 3);
    }

    #[test]
    fn an_empty_value_is_placed_at_its_key_or_dash() {
        let src = "a:\nb: 1\nl:\n  -\n  - x\n";
        let tree = parse_tree(src).unwrap();
        let text = Text::new(src);
        let m = tree.as_mapping().unwrap();
        let a = m.get_node("a").unwrap().as_scalar().unwrap();
        assert_eq!(scalar_loc(&text, a), Loc::new(0, 2));
        let l = m.get_node("l").unwrap().as_sequence().unwrap();
        let dash = l.iter().next().unwrap().as_scalar().unwrap();
        assert_eq!(scalar_loc(&text, dash), Loc::new(src.find("-").unwrap(), 1));
    }

    #[test]
    fn duplicate_keys_point_at_the_second() {
        let err = parse_tree("a: 1\na: 2\n").unwrap_err();
        assert_eq!(err[0].loc.offset, 5);
    }
}
