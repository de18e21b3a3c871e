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
    /// The label shown at `loc`.
    pub label: String,
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
/// How many of a file's first content lines are looked at for a top-level `key:`.
const FIRST_LINES: usize = 50;

/// One problem for a text that is not a situation file at all (noise, a log, a page of prose):
/// none of its first [`FIRST_LINES`] lines with content is a `key:` or a list entry at the top
/// level, so the YAML parser's complaints would only be noise.
fn not_a_situation(src: &str) -> Option<SyntaxProblem> {
    let mut content = src
        .split_inclusive('\n')
        .scan(0, |off, l| {
            let start = *off;
            *off += l.len();
            Some((start, l.trim_end_matches(['\n', '\r'])))
        })
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#') && t != "---" && t != "..."
        })
        .take(FIRST_LINES)
        .peekable();
    let &(first, line) = content.peek()?;
    let key_line = |l: &str| {
        let name_len = l
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let rest = &l[name_len..];
        (name_len > 0
            && l.as_bytes()[0].is_ascii_alphabetic()
            && (rest == ":" || rest.starts_with(": ") || rest.starts_with(":\t")))
            || l.starts_with("- ")
            || (l.starts_with('{') && l.contains(": "))
    };
    if content.any(|(_, l)| key_line(l)) {
        return None;
    }
    Some(SyntaxProblem {
        loc: Loc::new(first, line.len().max(1)),
        label: "not a `key: value` line".into(),
        message: format!(
            "this is not a situation file: none of its first {FIRST_LINES} lines is a top-level `key: value`"
        ),
        help: "a situation file is YAML that starts with `format: 1` and `players: [...]` (see docs/situation-format.md)".into(),
    })
}

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
                label: "second document".into(),
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
                    label: "after the end".into(),
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

/// What [`scan_constructs`] found: the problems, and where the first problem of layout (a tab
/// or non-breaking space in the indentation) is, after which the parser's own complaints only
/// restate it.
struct Scan {
    problems: Vec<SyntaxProblem>,
    first_layout: Option<usize>,
}

/// The key before a colon at byte `colon` of `line`: the text after the indentation, list
/// dashes and flow punctuation before it.
fn key_before(line: &str, colon: usize) -> &str {
    let before = &line[..colon];
    let from = before.rfind(['{', ',', '[']).map_or(0, |i| i + 1);
    before[from..]
        .trim_start()
        .trim_start_matches(['-', ' '])
        .trim()
}

/// Finds, outside quotes and comments, every tab or non-breaking space used for indentation,
/// every tab after a key's colon, every single-quoted value closed early by an apostrophe, and
/// every anchor (`&name`), alias (`*name`) and tag (`!tag`) where a YAML node starts (not inside
/// a plain value such as `Rex - *Deathknell*`, nor in the lines of a `|` or `>` block).
#[allow(clippy::too_many_lines)]
fn scan_constructs(src: &str) -> Scan {
    let mut out = Vec::new();
    let mut first_layout = None;
    let mut offset = 0;
    // The indentation of the line that opened a `|` or `>` block, while in its lines.
    let mut block: Option<usize> = None;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let indent_len = body.len() - body.trim_start_matches([' ', '\t', '\u{a0}']).len();
        let indent = &body[..indent_len];
        let blank = body.trim_matches([' ', '\t', '\u{a0}']).is_empty();
        if let Some(b) = block {
            let spaces = body.len() - body.trim_start_matches(' ').len();
            if blank || spaces > b {
                offset += line.len();
                continue;
            }
            block = None;
        }
        if let Some(t) = indent.find('\t') {
            first_layout.get_or_insert(offset + t);
            out.push(SyntaxProblem {
                loc: Loc::new(offset + t, 1),
                label: "a tab".into(),
                message: "a tab is used for indentation; YAML allows only spaces there".into(),
                help: "replace the tab with spaces".into(),
            });
        }
        if let Some(n) = indent.find('\u{a0}') {
            first_layout.get_or_insert(offset + n);
            // The whole indentation, so that the rest of the file can still be read.
            out.push(SyntaxProblem {
                loc: Loc::new(offset + n, indent_len - n),
                label: "non-breaking spaces".into(),
                message: "a non-breaking space (U+00A0) is used for indentation; YAML allows only ordinary spaces there".into(),
                help: "retype the indentation with ordinary spaces (non-breaking spaces come with text copied from a web page or a word processor)".into(),
            });
        }
        let mut in_single: Option<usize> = None;
        let mut in_double = false;
        let mut plain = false;
        let mut expect_node = true;
        let mut depth = 0usize;
        let mut prev = ' ';
        let mut chars = body.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let next = chars.peek().map(|&(_, n)| n);
            let ends_token = |n: Option<char>| n.is_none_or(|n| n == ' ' || n == '\t');
            if let Some(open) = in_single {
                if c == '\'' {
                    if next == Some('\'') {
                        chars.next();
                    } else {
                        in_single = None;
                        // What may follow a closing quote: the end of the line, a comment, a
                        // key's colon or a flow separator. Anything else means an apostrophe
                        // closed the value early.
                        let rest = body[i + 1..].trim_start_matches([' ', '\t']);
                        let spaced = rest.len() < body.len() - i - 1;
                        let fine = rest.is_empty()
                            || rest.starts_with([':', ',', ']', '}'])
                            || (spaced && rest.starts_with('#'));
                        if !fine {
                            let close = body[i + 1..].find(" #").map_or(body.len(), |n| i + 1 + n);
                            let last = body[..close].trim_end().rfind('\'').filter(|&l| l > i);
                            let fix = last.map(|l| {
                                let inner = &body[open + 1..l];
                                format!(
                                    ": '{}'; or put the value in double quotes: \"{inner}\"",
                                    inner.replace('\'', "''")
                                )
                            });
                            out.push(SyntaxProblem {
                                loc: Loc::new(offset + i, 1),
                                label: "this quote ends the value".into(),
                                message: "this apostrophe ends the single-quoted value early, and text follows it".into(),
                                help: format!(
                                    "inside single quotes an apostrophe is written twice (`''`){}",
                                    fix.unwrap_or_default()
                                ),
                            });
                            // Read on as if the value went to its last quote.
                            if let Some(l) = last {
                                while chars.peek().is_some_and(|&(j, _)| j < l) {
                                    chars.next();
                                }
                                chars.next();
                            }
                        }
                        expect_node = false;
                    }
                }
                prev = c;
                continue;
            }
            if in_double {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    in_double = false;
                    expect_node = false;
                }
                prev = c;
                continue;
            }
            if c == '#' && (i == 0 || prev == ' ' || prev == '\t') {
                break;
            }
            if c == ':' && next == Some('\t') {
                out.push(SyntaxProblem {
                    loc: Loc::new(offset + i + 1, 1),
                    label: "a tab".into(),
                    message: format!(
                        "a tab follows `{}:`; the parser needs a space after a key's colon",
                        key_before(body, i)
                    ),
                    help: format!(
                        "replace the tab after `{}:` with a space",
                        key_before(body, i)
                    ),
                });
            }
            if plain {
                match c {
                    ':' if ends_token(next)
                        || (depth > 0 && next.is_some_and(|n| ",]}".contains(n))) =>
                    {
                        plain = false;
                        expect_node = true;
                    }
                    ',' if depth > 0 => {
                        plain = false;
                        expect_node = true;
                    }
                    ']' | '}' if depth > 0 => {
                        plain = false;
                        depth -= 1;
                    }
                    _ => {}
                }
                prev = c;
                continue;
            }
            match c {
                ' ' | '\t' => {}
                '\'' => {
                    in_single = Some(i);
                    expect_node = false;
                }
                '"' => {
                    in_double = true;
                    expect_node = false;
                }
                '[' | '{' => {
                    depth += 1;
                    expect_node = true;
                }
                ']' | '}' => {
                    depth = depth.saturating_sub(1);
                    expect_node = false;
                }
                ',' => expect_node = true,
                '-' | '?' | ':' if ends_token(next) => expect_node = true,
                '|' | '>' if expect_node => {
                    block = Some(body.len() - body.trim_start_matches(' ').len());
                    break;
                }
                '&' | '*' | '!' if expect_node => {
                    let next_ok = next.is_some_and(|ch| ch.is_alphanumeric() || "_!<".contains(ch));
                    if next_ok {
                        let len = body[i..]
                            .find(|ch: char| ch.is_whitespace() || ",]}".contains(ch))
                            .unwrap_or(body.len() - i)
                            .max(1);
                        let (what, help) = match c {
                            '&' => ("YAML anchors are not part of situation format 1", "remove the `&anchor` and write values out in full"),
                            '*' => ("YAML aliases are not part of situation format 1", "write the value out in full where it is needed"),
                            _ => ("YAML tags are not part of situation format 1", "remove the tag; values are plain text, numbers, lists and mappings"),
                        };
                        out.push(SyntaxProblem {
                            loc: Loc::new(offset + i, len),
                            label: "not part of format 1".into(),
                            message: what.into(),
                            help: help.into(),
                        });
                        while chars.peek().is_some_and(|&(j, _)| j < i + len) {
                            chars.next();
                        }
                        // An anchor or a tag is followed by its node; an alias is the node.
                        expect_node = c != '*';
                        prev = ' ';
                        continue;
                    }
                    plain = true;
                    expect_node = false;
                }
                _ => {
                    plain = true;
                    expect_node = false;
                }
            }
            prev = c;
        }
        offset += line.len();
    }
    Scan {
        problems: out,
        first_layout,
    }
}

/// A clearer account of some parser errors, found from the text around them: a `#` comment
/// that hides the closing bracket of a flow list or mapping, and a key without its colon.
fn explain(src: &str, p: &SyntaxProblem) -> Option<SyntaxProblem> {
    let lines: Vec<(usize, &str)> = src
        .split_inclusive('\n')
        .scan(0, |off, l| {
            let start = *off;
            *off += l.len();
            Some((start, l.trim_end_matches(['\n', '\r'])))
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let at = lines
        .iter()
        .rposition(|(start, _)| *start <= p.loc.offset)
        .unwrap_or(0);
    // A comment that hides a closing bracket: the line opens a flow construct, does not close
    // it before a ` #`, and the comment holds the closing bracket.
    for &(start, line) in lines[..=at].iter().rev().take(8) {
        let Some(hash) = comment_start(line) else {
            continue;
        };
        let code = &line[..hash];
        let open = code.matches(['[', '{']).count();
        let close = code.matches([']', '}']).count();
        let comment = &line[hash..];
        if open > close && comment.contains([']', '}']) {
            let bracket = if code.rfind('[') > code.rfind('{') {
                ("]", "list")
            } else {
                ("}", "mapping")
            };
            return Some(SyntaxProblem {
                loc: Loc::new(start + hash, 1),
                label: "the comment starts here".into(),
                message: format!(
                    "this `#` starts a comment, which hides the closing `{}` of the {} opened on this line",
                    bracket.0, bracket.1
                ),
                help: format!(
                    "a `#` after a space starts a comment that runs to the end of the line: remove the `#` (or close the {} before it)",
                    bracket.1
                ),
            });
        }
    }
    if p.message.contains("expect ':'") || p.message.contains("expected ':'") {
        // The nearest line above (or at) the error with words but no colon.
        for &(start, line) in lines[..=at].iter().rev().take(4) {
            let code = comment_start(line).map_or(line, |h| &line[..h]).trim_end();
            let text = code.trim_start().trim_start_matches(['-', ' ']);
            if text.is_empty() || text.starts_with(['[', '{', '"', '\'']) {
                continue;
            }
            if code.contains(": ") || code.ends_with(':') {
                continue;
            }
            let key = text.split_whitespace().next().unwrap_or(text);
            let value = text[key.len()..].trim();
            let key_at = start
                + (code.len() - code.trim_start().len())
                + (code.trim_start().len() - text.len());
            return Some(SyntaxProblem {
                loc: Loc::new(key_at, key.len().max(1)),
                label: "no `:` after this key".into(),
                message: format!("missing `:` after `{key}`"),
                help: if value.is_empty() {
                    format!("write `{key}:` followed by its value")
                } else {
                    format!("write `{key}: {value}`: a key is followed by a colon and a space")
                },
            });
        }
    }
    if p.message.contains("quoted scalar") {
        // A quote opened on a line at or above the error and never closed on it.
        for &(start, line) in lines[..=at].iter().rev().take(12) {
            let Some(open) = unclosed_quote(line) else {
                continue;
            };
            let q = &line[open..=open];
            let value = line[open + 1..].trim_end();
            return Some(SyntaxProblem {
                loc: Loc::new(start + open, 1),
                label: "opened here".into(),
                message: format!("the quote `{q}` opened here is never closed"),
                help: format!("close the value with `{q}` at its end: {q}{value}{q}"),
            });
        }
    }
    let (line_start, line) = lines[at];
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let code_of = |l: &str| {
        comment_start(l)
            .map_or(l, |h| &l[..h])
            .trim_end()
            .to_string()
    };
    // A missing comma in a flow mapping: `{ controller: Ana kind: spell }`.
    if p.message.contains("flow mapping") && p.message.contains("','") {
        let mut col = p.loc.offset.saturating_sub(line_start).min(line.len());
        // The parser's place can fall inside a character: back off to its start.
        while !line.is_char_boundary(col) {
            col -= 1;
        }
        let before = &line[..col];
        if let Some(key_start) = before.trim_end_matches(':').rfind(' ').map(|i| i + 1) {
            let key = before[key_start..].trim_end_matches(':');
            let pair_from = before[..key_start].rfind([',', '{']).map_or(0, |i| i + 1);
            let pair = before[pair_from..key_start].trim();
            if pair.contains(": ") && !key.is_empty() {
                let rest = &line[key_start..];
                let next = rest.find([',', '}']).map_or(rest, |e| &rest[..e]).trim();
                return Some(SyntaxProblem {
                    loc: Loc::new(line_start + key_start, key.len()),
                    label: "a comma is missing before this".into(),
                    message: format!("a comma is missing between `{pair}` and `{key}:`"),
                    help: format!(
                        "separate the pairs of a `{{ }}` mapping with commas: `{pair}, {next}`"
                    ),
                });
            }
        }
    }
    // A flow list or mapping left open at the end of its line: whatever the parser says next
    // (a misplaced `:`, a `-` outside a block, bad indentation), the open bracket is the cause.
    {
        for &(start, l) in lines[..=at].iter().rev().take(12) {
            let code = code_of(l);
            let mut stack = Vec::new();
            for (i, c) in code.char_indices() {
                match c {
                    '[' | '{' => stack.push((i, c)),
                    ']' | '}' => {
                        stack.pop();
                    }
                    _ => {}
                }
            }
            if let Some(&(i, c)) = stack.last() {
                let (close, what) = if c == '[' {
                    (']', "list")
                } else {
                    ('}', "mapping")
                };
                return Some(SyntaxProblem {
                    loc: Loc::new(start + i, 1),
                    label: "opened here".into(),
                    message: format!("the {what} opened here with `{c}` is not closed"),
                    help: format!("close it with `{close}` at the end of its line"),
                });
            }
        }
    }
    // A key indented unlike the keys above it.
    let code = code_of(line);
    let key_here = code
        .trim_start()
        .split_once(": ")
        .map(|(k, _)| k)
        .or_else(|| code.trim_start().strip_suffix(':'));
    if let Some(key) = key_here.filter(|k| {
        !k.is_empty() && !k.starts_with(['-', '[', '{', '"', '\'', '#']) && !k.contains(' ')
    }) {
        let mine = indent(line);
        let above = lines[..at]
            .iter()
            .rev()
            .map(|(_, l)| *l)
            .find(|l| !code_of(l).trim().is_empty());
        if let Some(prev) = above {
            let pcode = code_of(prev);
            let ptext = pcode.trim_start().trim_start_matches("- ");
            let pkey = ptext.split_once(':').map(|(k, _)| k.trim()).unwrap_or("");
            let p_indent = pcode.len() - ptext.len();
            let p_has_value = ptext
                .split_once(": ")
                .is_some_and(|(_, v)| !v.trim().is_empty());
            let key_at = line_start + mine;
            if mine > p_indent && p_has_value && !pkey.is_empty() {
                let n = mine - p_indent;
                return Some(SyntaxProblem {
                    loc: Loc::new(key_at, key.len()),
                    label: "indented too far".into(),
                    message: format!("`{key}:` is indented more than `{pkey}:` above it, whose value is already written"),
                    help: format!(
                        "indent `{key}:` like `{pkey}:`, {n} space{} less",
                        if n == 1 { "" } else { "s" }
                    ),
                });
            }
            // Less indented than the line above, and in line with no key above it.
            if mine < p_indent {
                let levels: Vec<usize> = lines[..at]
                    .iter()
                    .map(|(_, l)| code_of(l))
                    .filter(|c| !c.trim().is_empty())
                    .map(|c| {
                        let t = c.trim_start().trim_start_matches("- ");
                        c.len() - t.len()
                    })
                    .collect();
                if !levels.contains(&mine) {
                    return Some(SyntaxProblem {
                        loc: Loc::new(key_at, key.len()),
                        label: "in line with no key above".into(),
                        message: format!(
                            "`{key}:` is indented {mine} space{}, in line with no key above it",
                            if mine == 1 { "" } else { "s" }
                        ),
                        help: format!("indent it {p_indent} spaces, like `{pkey}:`"),
                    });
                }
            }
        }
    }
    // A list entry `- ` less indented than the entries above it.
    if code.trim_start().starts_with("- ") {
        let mine = indent(line);
        let entry_above = lines[..at]
            .iter()
            .rev()
            .map(|(_, l)| code_of(l))
            .find(|c| c.trim_start().starts_with("- ") && indent(c) != mine);
        if let Some(c) = entry_above.filter(|c| indent(c) > mine) {
            let n = indent(&c) - mine;
            return Some(SyntaxProblem {
                loc: Loc::new(line_start + mine, 1),
                label: "this entry".into(),
                message: format!(
                    "this list entry starts at column {}, left of the entries above it (column {}), so it is outside their list",
                    mine + 1,
                    indent(&c) + 1
                ),
                help: format!("indent this entry and its keys {n} more space{}, in line with the `-` above", if n == 1 { "" } else { "s" }),
            });
        }
    }
    None
}

/// Where a quote opens in `line` without closing on it (outside comments).
fn unclosed_quote(line: &str) -> Option<usize> {
    let mut open: Option<(usize, char)> = None;
    let mut prev = ' ';
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match open {
            Some((_, '"')) if c == '\\' => {
                chars.next();
            }
            Some((_, q)) if c == q => {
                if q == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') {
                    chars.next();
                } else {
                    open = None;
                }
            }
            Some(_) => {}
            None if c == '#' && (prev == ' ' || i == 0) => break,
            None if (c == '"' || c == '\'') && (prev == ' ' || "[{,:".contains(prev)) => {
                open = Some((i, c));
            }
            None => {}
        }
        prev = c;
    }
    open.map(|(i, _)| i)
}

/// The byte where a comment starts in `line` (a `#` at its start or after a space, outside
/// quotes).
fn comment_start(line: &str) -> Option<usize> {
    let mut single = false;
    let mut double = false;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && (prev == ' ' || prev == '\t') => return Some(i),
            _ => {}
        }
        prev = c;
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
            label: "here".into(),
            message: "a situation file is a YAML mapping of keys (format, players, chain, ...)"
                .into(),
            help: "start the file with `format: 1` and write one key per line".into(),
        },
        E::TopLevelMustBeSequence(m) => SyntaxProblem {
            loc: at(m),
            label: "here".into(),
            message: "expected a list at the top level".into(),
            help: "this should not happen for situation files".into(),
        },
        E::UnexpectedAnchor(m) => SyntaxProblem {
            loc: at(m),
            label: "here".into(),
            message: "YAML anchors and aliases are not part of situation format 1".into(),
            help: "remove the `&anchor` and write the value out in full where it is needed".into(),
        },
        E::MappingKeyMustBeScalar(m) => SyntaxProblem {
            loc: at(m),
            label: "here".into(),
            message: "a mapping key must be a plain word".into(),
            help: "keys are snake_case words such as `controller`".into(),
        },
        E::UnexpectedTag(m) => SyntaxProblem {
            loc: at(m),
            label: "here".into(),
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
                label: "here".into(),
                message: format!("this is not valid YAML: {info}"),
                help: help.into(),
            }
        }
        E::DuplicateKey(inner) => {
            let key = &inner.key;
            SyntaxProblem {
                loc: scalar_loc(&Text::new(src), key),
                label: "second time".into(),
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
