//! What the text holds before the parser reads it: a second YAML document, a text that is no
//! situation file at all, and the constructs format 1 does not read or the parser would misread
//! (tabs and non-breaking spaces in the indentation, anchors, aliases, tags, apostrophes that
//! close a quote early).

use super::{Loc, SyntaxProblem};

/// How many of a file's first content lines are looked at for a top-level `key:`.
pub(super) const FIRST_LINES: usize = 50;

/// One problem for a text that is not a situation file at all (noise, a log, a page of prose):
/// none of its first [`FIRST_LINES`] lines with content is a `key:` or a list entry at the top
/// level, so the YAML parser's complaints would only be noise.
pub(super) fn not_a_situation(src: &str) -> Option<SyntaxProblem> {
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

/// A second YAML document: a `---` line after content (a leading one only opens the single
/// document), or content after an end-of-document `...` line. A situation file is one
/// document; the parser would silently read only the first.
pub(super) fn documents(src: &str) -> (Vec<SyntaxProblem>, usize) {
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
pub(super) struct Scan {
    pub(super) problems: Vec<SyntaxProblem>,
    pub(super) first_layout: Option<usize>,
}

/// The key before a colon at byte `colon` of `line`: the text after the indentation, list
/// dashes and flow punctuation before it.
pub(super) fn key_before(line: &str, colon: usize) -> &str {
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
pub(super) fn scan_constructs(src: &str) -> Scan {
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
