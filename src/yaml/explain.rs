//! The parser's errors told as their cause, at the place the cause starts: a missing colon, an
//! unclosed bracket or quote, a comment hiding a bracket, a missing comma, a key indented unlike
//! its neighbours.

use super::{Loc, SyntaxProblem};

/// A clearer account of some parser errors, found from the text around them: a `#` comment
/// that hides the closing bracket of a flow list or mapping, and a key without its colon.
pub(super) fn explain(src: &str, p: &SyntaxProblem) -> Option<SyntaxProblem> {
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
            // Dashes and any white space (a tab too) before the key: `text` starts at the key.
            let text = code
                .trim_start()
                .trim_start_matches(|c: char| c == '-' || c.is_whitespace());
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
                    // Under a plain list entry (`- Ben`), the key to line up with is the
                    // nearest key above at a smaller indent (`players:`), not the entry.
                    let (to, like) = if pkey.is_empty() {
                        lines[..at]
                            .iter()
                            .rev()
                            .map(|(_, l)| code_of(l))
                            .filter_map(|c| {
                                let t = c.trim_start().trim_start_matches("- ");
                                let k = t.split_once(':').map(|(k, _)| k.trim())?;
                                let at = c.len() - t.len();
                                (!k.is_empty() && !k.contains(' ') && at < mine)
                                    .then(|| (at, k.to_string()))
                            })
                            .next()
                            .unwrap_or((0, String::new()))
                    } else {
                        (p_indent, pkey.to_string())
                    };
                    let help = if to == 0 && !like.is_empty() {
                        format!("start it at the beginning of the line, like `{like}:` above")
                    } else if like.is_empty() {
                        format!("indent it {to} spaces")
                    } else {
                        format!(
                            "indent it {to} space{}, like `{like}:` above",
                            if to == 1 { "" } else { "s" }
                        )
                    };
                    return Some(SyntaxProblem {
                        loc: Loc::new(key_at, key.len()),
                        label: "in line with no key above".into(),
                        message: format!(
                            "`{key}:` is indented {mine} space{}, in line with no key above it",
                            if mine == 1 { "" } else { "s" }
                        ),
                        help,
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
pub(super) fn unclosed_quote(line: &str) -> Option<usize> {
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
pub(super) fn comment_start(line: &str) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the property test of damaged files: a dash, a space and a tab before the
    /// key; the key must be cut on character boundaries, never inside the emoji.
    #[test]
    fn a_key_after_a_dash_and_a_tab_is_cut_on_character_boundaries() {
        let src = "title: t\n- \t\u{1F600}\u{1F600}\n";
        let p = SyntaxProblem {
            loc: Loc::new(src.len() - 1, 0),
            label: String::new(),
            message: "could not find expected ':'".into(),
            help: String::new(),
        };
        let e = explain(src, &p).expect("a missing colon is explained");
        assert_eq!(
            &src[e.loc.offset..e.loc.offset + e.loc.len],
            "\u{1F600}\u{1F600}"
        );
        assert_eq!(e.message, "missing `:` after `\u{1F600}\u{1F600}`");
    }
}
