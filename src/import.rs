//! Importing the official Core Rules text a judge has (the PDF's text, as plain text or
//! Markdown) into the rule structure, stored in the user's data directory so `rule` can show
//! the official wording and `rules check` can check every citation against it.
//!
//! Riot's text is never part of the repository: it lives only on the judge's machine.

use crate::edition::{Cite, Cited, EditionId, Editions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One rule of an imported document.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ImportedRule {
    /// The rule number, e.g. `337.1.b`.
    pub number: String,
    /// A heading, when the line is one.
    pub title: Option<String>,
    /// The rule's text, wrapped lines joined.
    pub text: String,
}

/// An imported document.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Imported {
    /// `july` or `october`.
    pub edition: EditionId,
    /// The file it was read from (as given).
    pub source_file: String,
    /// The rules, in document order.
    pub rules: Vec<ImportedRule>,
}

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

/// Strips Markdown decoration: heading marks, bold, bullets. Returns the text and whether the
/// line was a heading.
fn undecorate(line: &str) -> (String, bool) {
    let t = line.trim();
    let heading = t.starts_with('#');
    let t = t.trim_start_matches('#').trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    (
        t.replace("**", "").replace("__", "").trim().to_string(),
        heading,
    )
}

/// Whether a line is page furniture: a page number, "Page N", "N / M", or a line repeated on
/// many pages (running headers and footers).
fn furniture(line: &str, repeats: usize) -> bool {
    let l = line.trim().to_lowercase();
    l.is_empty()
        || l.bytes().all(|b| b.is_ascii_digit())
        || (l.starts_with("page ")
            && l[5..]
                .split_whitespace()
                .next()
                .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())))
        || l.split('/')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .all(|p| p.bytes().all(|b| b.is_ascii_digit()))
            && l.contains('/')
        || l.chars()
            .all(|c| c == '-' || c == '—' || c == '_' || c == '=' || c == '\u{c}')
        || repeats >= 3
}

/// Parses the official text (plain text or Markdown) into rules.
///
/// Numbered lines (`337.1.b. Text`) start rules; following lines that start no rule are the
/// same rule's wrapped text (a hyphen at a line end joins the word); headings and page
/// furniture (page numbers, repeated running headers) are dropped. A number that does not
/// come after the previous rule in document order is read as text, not as a new rule.
pub fn parse(text: &str) -> Vec<ImportedRule> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for l in text.lines() {
        let t = l.trim();
        if !t.is_empty() && rule_start(t).is_none() {
            *counts.entry(t).or_insert(0) += 1;
        }
    }
    let mut rules: Vec<ImportedRule> = Vec::new();
    let mut title_pending = false;
    for raw in text.lines() {
        let trimmed = raw.trim().trim_start_matches('\u{c}');
        if furniture(trimmed, counts.get(trimmed).copied().unwrap_or(0)) {
            continue;
        }
        let (line, heading) = undecorate(trimmed);
        if let Some((number, rest)) = rule_start(&line) {
            let in_order = rules
                .last()
                .is_none_or(|p| number_order(&number, &p.number) == std::cmp::Ordering::Greater);
            if in_order {
                let short_heading = heading
                    || (rest.len() <= 50
                        && !rest.is_empty()
                        && !rest.contains(['.', ':', ';', ','])
                        && !rest.ends_with('-')
                        && rest
                            .split_whitespace()
                            .all(|w| w.len() <= 3 || w.starts_with(char::is_uppercase)));
                let (title, body) = if short_heading {
                    (Some(rest.to_string()), String::new())
                } else {
                    (None, rest.to_string())
                };
                title_pending = rest.is_empty();
                rules.push(ImportedRule {
                    number,
                    title,
                    text: body,
                });
                continue;
            }
        }
        let Some(cur) = rules.last_mut() else {
            continue;
        };
        if heading && !cur.text.is_empty() {
            continue; // a section heading between rules
        }
        if title_pending && cur.title.is_none() && line.len() <= 60 && !line.ends_with('.') {
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
    rules
}

/// The folder imported editions are stored in: `$CHAINJUDGE_DATA_DIR`, else
/// `$XDG_DATA_HOME/chainjudge`, else `~/.local/share/chainjudge`.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CHAINJUDGE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("chainjudge"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share/chainjudge"))
}

fn stored_path(edition: EditionId) -> Option<PathBuf> {
    data_dir().map(|d| d.join("editions").join(format!("{}.json", edition.word())))
}

/// Why an import failed.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    /// Nothing in it looks like numbered rules.
    #[error(
        "{0} holds no numbered rules (lines such as `337.1.b. ...`); is it the Core Rules text?"
    )]
    Empty(String),
    /// An import exists and `--force` was not given.
    #[error("an imported {0} edition already exists at {1}; add --force to replace it")]
    Exists(String, String),
    /// No data directory could be found or written.
    #[error("cannot store the import: {0}")]
    Store(String),
}

/// Reads `file`, parses it and stores it for `edition`. Returns where it was stored and the
/// number of rules read.
///
/// # Errors
/// [`ImportError`]: unreadable file, no rules in it, an existing import without `force`, or a
/// data directory that cannot be written.
pub fn import(
    file: &Path,
    edition: EditionId,
    force: bool,
) -> Result<(PathBuf, usize), ImportError> {
    let shown = file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| ImportError::Read(shown.clone(), e))?;
    let text = String::from_utf8_lossy(&bytes);
    let rules = parse(&text);
    if rules.is_empty() {
        return Err(ImportError::Empty(shown));
    }
    let path = stored_path(edition)
        .ok_or_else(|| ImportError::Store("no home or data directory is set".into()))?;
    if path.exists() && !force {
        return Err(ImportError::Exists(
            edition.word().into(),
            path.display().to_string(),
        ));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| ImportError::Store(format!("{}: {e}", dir.display())))?;
    }
    let n = rules.len();
    let doc = Imported {
        edition,
        source_file: shown,
        rules,
    };
    let json = serde_json::to_string_pretty(&doc).map_err(|e| ImportError::Store(e.to_string()))?;
    std::fs::write(&path, json)
        .map_err(|e| ImportError::Store(format!("{}: {e}", path.display())))?;
    Ok((path, n))
}

/// The imported document for `edition`, if the judge has imported one.
pub fn load(edition: EditionId) -> Option<Imported> {
    let text = std::fs::read_to_string(stored_path(edition)?).ok()?;
    serde_json::from_str(&text).ok()
}

/// The official wording of `number` in `edition`, when imported.
pub fn official_text(edition: EditionId, number: &str) -> Option<String> {
    let doc = load(edition)?;
    let r = doc.rules.into_iter().find(|r| r.number == number)?;
    Some(match (r.title, r.text.is_empty()) {
        (Some(t), true) => t,
        (Some(t), false) => format!("{t}. {}", r.text),
        (None, _) => r.text,
    })
}

/// One line of `rules check`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CiteCheck {
    /// The citation key.
    pub cite: &'static str,
    /// The edition.
    pub edition: EditionId,
    /// The number (or source) the edition data gives.
    pub number: String,
    /// `ok`, `unconfirmed`, `not cited`, `missing from the imported text`, `not imported`.
    pub status: String,
}

/// Checks every citation the engine can emit against each edition's data and, where imported,
/// the official text.
pub fn check_citations() -> Vec<CiteCheck> {
    let eds = Editions::get();
    let mut out = Vec::new();
    for ed in [EditionId::July, EditionId::October] {
        let doc = load(ed);
        for c in Cite::ALL {
            let (number, status) = match eds.edition(ed).resolve(*c) {
                Cited::Rule { number } => {
                    let status = match &doc {
                        None => "ok (not imported)".to_string(),
                        Some(d) if d.rules.iter().any(|r| r.number == number) => "ok".to_string(),
                        Some(_) => "MISSING from the imported text".to_string(),
                    };
                    (number, status)
                }
                Cited::Unconfirmed { july } => (format!("July {july}"), "unconfirmed".to_string()),
                Cited::Source { title } => (title, "ok (a source, not a rule)".to_string()),
                Cited::Omitted => (String::new(), "not cited in this edition".to_string()),
            };
            out.push(CiteCheck {
                cite: c.key(),
                edition: ed,
                number,
                status,
            });
        }
    }
    out
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
    fn numbers_order_numerically() {
        assert_eq!(number_order("337.10", "337.9"), std::cmp::Ordering::Greater);
        assert_eq!(
            number_order("337.1.b", "337.1.a"),
            std::cmp::Ordering::Greater
        );
        assert_eq!(number_order("340", "339.2"), std::cmp::Ordering::Greater);
    }
}
