//! Where imports live (the user's data directory), `rules import` itself, and reading an
//! import back for lookups.

use super::{parse_counted, Imported, ImportedRule};
use crate::edition::{EditionId, Editions};
use std::path::{Path, PathBuf};

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
    data_dir().map(|d| d.join("editions").join(format!("{}.tsv", edition.word())))
}

const HEADER: &str = "chainjudge-import 1";

fn clean(field: &str) -> String {
    field.replace(['\t', '\n', '\r'], " ")
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
    /// The document's own "Last Updated" date is the other edition's (the message says which
    /// and how to import it).
    #[error("{0}")]
    WrongEdition(String),
}

/// The "Last Updated" date a Core Rules text gives near its top (`Last Updated: 2026-07-16`,
/// also `last updated 2026-07-16`), as YYYY-MM-DD; `None` when its first 60 lines give none.
pub fn stated_date(text: &str) -> Option<String> {
    for line in text.lines().take(60) {
        let lower = line.to_lowercase();
        let Some(at) = lower.find("last updated") else {
            continue;
        };
        let rest = &line[at + "last updated".len()..];
        let rest = rest.trim_start_matches(|c: char| c == ':' || c.is_whitespace());
        let date: String = rest.chars().take(10).collect();
        let b = date.as_bytes();
        if b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && date
                .chars()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        {
            return Some(date);
        }
    }
    None
}

/// What an import did.
#[derive(Debug, Clone)]
pub struct ImportReport {
    /// Where it was stored.
    pub path: PathBuf,
    /// How many rules were read.
    pub rules: usize,
    /// Rule numbers read that the July data does not hold (July imports only).
    pub not_in_data: Vec<String>,
    /// The number of rules in the import this one replaced.
    pub replaced: Option<usize>,
    /// The "Last Updated" date the document gives, when it gives one.
    pub stated_date: Option<String>,
    /// The file was not UTF-8 and was read as Latin-1.
    pub latin1: bool,
    /// Numbered lines out of rule order (a table of contents, a number quoted at a line
    /// start, a sub-rule before its parent), read as text of the rule before them.
    pub left_out: Vec<String>,
    /// The October map recomputed by this import, and where it is stored: after an October
    /// import, or a July import when an October text is imported.
    pub october_map: Option<(PathBuf, super::october_map::OctoberMap)>,
}

/// Reads `file`, parses it and stores it for `edition`.
///
/// The store is one line per rule (`number`, `title`, `text`, tab-separated) under
/// [`data_dir`], so a lookup reads it without parsing a document.
///
/// When an October text is imported (now or before), the October map is then recomputed and
/// stored beside it ([`super::october_map::refresh`]).
///
/// # Errors
/// [`ImportError`]: unreadable file, no rules in it, an existing import without `force`, or a
/// data directory that cannot be written.
pub fn import(file: &Path, edition: EditionId, force: bool) -> Result<ImportReport, ImportError> {
    let shown = file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| ImportError::Read(shown.clone(), e))?;
    let (text, latin1) = match String::from_utf8(bytes) {
        Ok(t) => (t, false),
        Err(e) => (
            e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            true,
        ),
    };
    let (rules, left_out) = parse_counted(&text);
    if rules.is_empty() {
        return Err(ImportError::Empty(shown));
    }
    let stated = stated_date(&text);
    if let Some(date) = &stated {
        let eds = Editions::get();
        let other = match edition {
            EditionId::July => EditionId::October,
            EditionId::October => EditionId::July,
        };
        if *date == eds.edition(other).last_updated {
            return Err(ImportError::WrongEdition(format!(
                "{shown} says it was last updated {date}, the date of the {} edition, not the {} edition's ({}); import it with `--edition {}`, or pass the {} document",
                other.title(),
                edition.title(),
                eds.edition(edition).last_updated,
                other.word(),
                edition.title()
            )));
        }
    }
    let path = stored_path(edition)
        .ok_or_else(|| ImportError::Store("no home or data directory is set".into()))?;
    let replaced = if path.exists() {
        if !force {
            return Err(ImportError::Exists(
                edition.word().into(),
                path.display().to_string(),
            ));
        }
        load(edition).map(|d| d.rules.len())
    } else {
        None
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| ImportError::Store(format!("{}: {e}", dir.display())))?;
    }
    let not_in_data = if edition == EditionId::July {
        let known = Editions::get().july_rules;
        rules
            .iter()
            .filter(|r| !known.iter().any(|k| k.number == r.number))
            .map(|r| r.number.clone())
            .collect()
    } else {
        Vec::new()
    };
    let mut out = format!("{HEADER}\t{}\t{}\n", edition.word(), clean(&shown));
    for r in &rules {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            r.number,
            clean(r.title.as_deref().unwrap_or("")),
            clean(&r.text)
        ));
    }
    std::fs::write(&path, out)
        .map_err(|e| ImportError::Store(format!("{}: {e}", path.display())))?;
    // The map pairs both sides: either import changes it.
    let october_map = super::october_map::refresh()?;
    Ok(ImportReport {
        path,
        rules: rules.len(),
        not_in_data,
        replaced,
        stated_date: stated,
        latin1,
        left_out,
        october_map,
    })
}

fn parse_line(line: &str) -> Option<ImportedRule> {
    let mut f = line.splitn(3, '\t');
    let number = f.next()?.to_string();
    let title = f.next().filter(|t| !t.is_empty()).map(str::to_string);
    let text = f.next().unwrap_or("").to_string();
    Some(ImportedRule {
        number,
        title,
        text,
    })
}

/// The imported document for `edition`, if the judge has imported one.
pub fn load(edition: EditionId) -> Option<Imported> {
    let text = std::fs::read_to_string(stored_path(edition)?).ok()?;
    let mut lines = text.lines();
    let head = lines.next()?;
    let mut h = head.split('\t');
    if h.next() != Some(HEADER) {
        return None;
    }
    let _ = h.next();
    let source_file = h.next().unwrap_or("").to_string();
    Some(Imported {
        edition,
        source_file,
        rules: lines.filter_map(parse_line).collect(),
    })
}

/// The official wording of `number` in `edition`, when imported (a scan of the stored lines).
pub fn official_text(edition: EditionId, number: &str) -> Option<String> {
    let text = std::fs::read_to_string(stored_path(edition)?).ok()?;
    if !text.starts_with(HEADER) {
        return None;
    }
    let prefix = format!("{number}\t");
    let line = text.lines().skip(1).find(|l| l.starts_with(&prefix))?;
    let r = parse_line(line)?;
    Some(match (r.title, r.text.is_empty()) {
        (Some(t), true) => t,
        (Some(t), false) => format!("{t}. {}", r.text),
        (None, _) => r.text,
    })
}
