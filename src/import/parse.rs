//! Reading the official document's lines into numbered rules: rule lines, wrapped text,
//! headings, and page furniture (page numbers, running headers) dropped.

use super::ImportedRule;
use std::collections::HashMap;

/// Compares two rule numbers component by component (numbers numerically, letters
/// alphabetically).
pub fn number_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| -> Vec<(u8, u64, String)> {
        s.split('.')
            .map(|p| match p.parse::<u64>() {
                Ok(n) => (0, n, String::new()),
                Err(_) => (1, 0, p.to_string()),
            })
            .collect()
    };
    key(a).cmp(&key(b))
}

/// Splits a line into (number, rest) when it starts a numbered rule: three digits, then
/// `.N` or `.x` parts, an optional final dot, then the text.
fn rule_start(line: &str) -> Option<(String, &str)> {
    let bytes = line.as_bytes();
    if bytes.len() < 3 || !bytes[..3].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut end = 3;
    loop {
        let rest = &line[end..];
        let Some(after_dot) = rest.strip_prefix('.') else {
            break;
        };
        let n = after_dot.chars().take_while(char::is_ascii_digit).count();
        if n > 0 {
            end += 1 + n;
            continue;
        }
        let mut cs = after_dot.chars();
        match (cs.next(), cs.next()) {
            (Some(c), next)
                if c.is_ascii_lowercase() && next.is_none_or(|x| x == '.' || x.is_whitespace()) =>
            {
                end += 2;
            }
            _ => break,
        }
    }
    let number = &line[..end];
    let mut rest = &line[end..];
    let dotted = rest.starts_with('.');
    rest = rest.strip_prefix('.').unwrap_or(rest);
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    // A bare three-digit number must end with a dot ("337.") to count as a rule line, so a
    // wrapped line starting with a quantity ("300 cards") is not mistaken for one.
    if !number.contains('.') && !dotted {
        return None;
    }
    Some((number.to_string(), rest.trim()))
}

/// Strips Markdown decoration: heading marks, bold and emphasis, bullets. Returns the text and
/// whether the line was a heading.
fn undecorate(line: &str) -> (String, bool) {
    let t = line.trim();
    let heading = t.starts_with('#');
    let t = t.trim_start_matches('#').trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("> "))
        .unwrap_or(t);
    // Bold marks only: a single `*` is the document's own character (738's turn markers).
    let mut t = t.replace("**", "").replace("__", "");
    if t.len() > 2 && t.starts_with('_') && t.ends_with('_') {
        t = t[1..t.len() - 1].to_string();
    }
    (t.trim().to_string(), heading)
}

/// A line with its digits masked, so running headers with page numbers compare equal.
fn masked(line: &str) -> String {
    line.trim()
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}

/// Whether a line is page furniture: a page number, "Page N", "N / M", a rule of dashes, a
/// Markdown table row, or a line of several words repeated on many pages (running headers and
/// footers, compared with their digits masked).
fn furniture(line: &str, repeats: usize) -> bool {
    let l = line.trim().to_lowercase();
    let digits_or_slash = l.contains('/')
        && l.split('/')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .all(|p| p.bytes().all(|b| b.is_ascii_digit()));
    l.is_empty()
        || l.bytes().all(|b| b.is_ascii_digit())
        || (l.starts_with("page ")
            && l[5..]
                .split_whitespace()
                .next()
                .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())))
        || digits_or_slash
        || l.chars()
            .all(|c| matches!(c, '-' | '—' | '_' | '=' | '\u{c}' | '|' | ':' | ' '))
        || (l.starts_with('|') && l.ends_with('|'))
        // A running header or footer has several words; a word wrapped onto a line of its own
        // ("to") repeats too, and is text.
        || (repeats >= 3 && l.split_whitespace().count() >= 3)
}

/// Indices (into `nums`) of a longest strictly increasing run of rule numbers, in order: the
/// numbered lines that are the document's rules; the others (a table of contents, a quoted
/// number, a repeat) are read as text.
fn increasing(nums: &[String]) -> Vec<usize> {
    // Patience sorting with predecessors: O(n log n).
    let mut tails: Vec<usize> = Vec::new();
    let mut prev: Vec<Option<usize>> = vec![None; nums.len()];
    for i in 0..nums.len() {
        let pos = tails
            .partition_point(|&t| number_order(&nums[t], &nums[i]) == std::cmp::Ordering::Less);
        if pos > 0 {
            prev[i] = Some(tails[pos - 1]);
        }
        if pos == tails.len() {
            tails.push(i);
        } else {
            tails[pos] = i;
        }
    }
    let mut out = Vec::new();
    let mut cur = tails.last().copied();
    while let Some(i) = cur {
        out.push(i);
        cur = prev[i];
    }
    out.reverse();
    out
}

/// A line that counts: its text, whether it was a heading, and (number, rest) when it is
/// numbered.
type Line = (String, bool, Option<(String, String)>);

/// Parses the official text (plain text or Markdown) into rules.
///
/// Numbered lines (`337.1.b. Text`) start rules; following lines that start no rule are the
/// same rule's wrapped text (a hyphen at a line end joins the word); headings and page
/// furniture (page numbers, repeated running headers, table rows) are dropped. Of the numbered
/// lines, the longest run in increasing rule order is taken as the rules, so a table of
/// contents, a repeated number or a number quoted at a line start is read as text.
pub fn parse(text: &str) -> Vec<ImportedRule> {
    parse_counted(text).0
}

/// [`parse`], and the numbers of the numbered lines left out of the increasing run (read as
/// the text of the rule before them), in document order.
pub fn parse_counted(text: &str) -> (Vec<ImportedRule>, Vec<String>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut counts: HashMap<String, usize> = HashMap::new();
    for l in text.lines() {
        let (t, _) = undecorate(l);
        if !t.is_empty() && rule_start(&t).is_none() {
            *counts.entry(masked(&t)).or_insert(0) += 1;
        }
    }
    // The lines that count, and which of them start rules.
    let mut lines: Vec<Line> = Vec::new();
    for raw in text.lines() {
        let trimmed = raw.trim().trim_start_matches('\u{c}');
        let (line, heading) = undecorate(trimmed);
        let start = rule_start(&line).map(|(n, rest)| (n, rest.to_string()));
        if start.is_none() && furniture(&line, counts.get(&masked(&line)).copied().unwrap_or(0)) {
            continue;
        }
        lines.push((line, heading, start));
    }
    let numbered: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].2.is_some()).collect();
    let nums: Vec<String> = numbered
        .iter()
        .map(|&i| lines[i].2.as_ref().map(|x| x.0.clone()).unwrap_or_default())
        .collect();
    let keep: std::collections::HashSet<usize> =
        increasing(&nums).into_iter().map(|k| numbered[k]).collect();
    let left_out: Vec<String> = numbered
        .iter()
        .zip(&nums)
        .filter(|(i, _)| !keep.contains(i))
        .map(|(_, n)| n.clone())
        .collect();
    // A line that the next one continues in lower case is the start of a sentence, not a title.
    let continued: Vec<bool> = (0..lines.len())
        .map(|i| {
            lines.get(i + 1).is_some_and(|(next, _, start)| {
                start.is_none() && next.starts_with(char::is_lowercase)
            })
        })
        .collect();
    let mut rules: Vec<ImportedRule> = Vec::new();
    let mut title_pending = false;
    for (i, (line, heading, start)) in lines.into_iter().enumerate() {
        if let (Some((number, rest)), true) = (&start, keep.contains(&i)) {
            let short_heading = heading
                || (rest.len() <= 50
                    && !rest.is_empty()
                    && !rest.contains(['.', ':', ';', ','])
                    && !rest.ends_with('-')
                    && rest
                        .split_whitespace()
                        .all(|w| w.len() <= 3 || w.starts_with(char::is_uppercase)));
            let (title, body) = if short_heading {
                (Some(rest.clone()), String::new())
            } else {
                (None, rest.clone())
            };
            title_pending = rest.is_empty();
            rules.push(ImportedRule {
                number: number.clone(),
                title,
                text: body,
            });
            continue;
        }
        let Some(cur) = rules.last_mut() else {
            continue;
        };
        if heading && !cur.text.is_empty() {
            continue; // a section heading between rules
        }
        if title_pending
            && cur.title.is_none()
            && line.len() <= 60
            && !line.ends_with('.')
            && !continued[i]
        {
            cur.title = Some(line.clone());
            title_pending = false;
            continue;
        }
        title_pending = false;
        if cur.text.ends_with('-') && line.starts_with(|c: char| c.is_lowercase()) {
            cur.text.pop();
            cur.text.push_str(&line);
        } else {
            if !cur.text.is_empty() {
                cur.text.push(' ');
            }
            cur.text.push_str(&line);
        }
    }
    (rules, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_lines_are_recognised() {
        assert_eq!(
            rule_start("337.1.b. Items are finalized"),
            Some(("337.1.b".into(), "Items are finalized"))
        );
        assert_eq!(
            rule_start("337. Finalize"),
            Some(("337".into(), "Finalize"))
        );
        assert_eq!(rule_start("300 cards make a deck"), None);
        assert_eq!(
            rule_start("464.2.c.1.a. If"),
            Some(("464.2.c.1.a".into(), "If"))
        );
        assert_eq!(rule_start("3.5 things"), None);
    }

    #[test]
    fn numbered_lines_out_of_order_are_named() {
        let (rules, left_out) =
            parse_counted("337.1.b. Items go in order.\n337.1. Oldest first.\n");
        assert_eq!(rules.len(), 1);
        assert_eq!(left_out.len(), 1);
        assert!(
            left_out[0] == "337.1.b" || left_out[0] == "337.1",
            "{left_out:?}"
        );
        assert_ne!(rules[0].number, left_out[0]);
    }

    #[test]
    fn numbers_order_numerically() {
        assert_eq!(number_order("337.10", "337.9"), std::cmp::Ordering::Greater);
        assert_eq!(
            number_order("337.1.b", "337.1.a"),
            std::cmp::Ordering::Greater
        );
        assert_eq!(number_order("340", "339.2"), std::cmp::Ordering::Greater);
    }
}
