//! `rules check`: every citation the engine can emit, checked against each edition's data and
//! the imported official text.

use super::load;
use crate::edition::{Cite, Cited, EditionId, Editions};

/// One line of `rules check`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CiteCheck {
    /// The citation key.
    pub cite: &'static str,
    /// The edition.
    pub edition: EditionId,
    /// The number (or source) the edition data gives.
    pub number: String,
    /// `ok`, `missing`, `inferred`, `unconfirmed`, `source` or `not_cited`.
    pub status: &'static str,
    /// Details: whether an imported text was checked.
    pub detail: Option<&'static str>,
}

/// Checks every citation the engine can emit against each edition's data and, where imported,
/// the official text.
pub fn check_citations() -> Vec<CiteCheck> {
    let eds = Editions::get();
    let mut out = Vec::new();
    for ed in [EditionId::July, EditionId::October] {
        let doc = load(ed);
        for c in Cite::ALL {
            let (number, status, detail) = match eds.edition(ed).resolve(*c) {
                Cited::Rule { number } => match &doc {
                    None => (
                        number,
                        "ok",
                        Some("in the edition data; no official text imported"),
                    ),
                    Some(d) if d.rules.iter().any(|r| r.number == number) => {
                        (number, "ok", Some("also in the imported text"))
                    }
                    Some(_) => (number, "missing", Some("not in the imported text")),
                },
                Cited::Inferred { number } => {
                    let detail = match &doc {
                        Some(d) if d.rules.iter().any(|r| r.number == number) => {
                            "implied by the known changes, no source quotes it; the imported text has this number"
                        }
                        Some(_) => "implied by the known changes, no source quotes it; not in the imported text",
                        None => "implied by the known changes, no source quotes it",
                    };
                    (number, "inferred", Some(detail))
                }
                Cited::Unconfirmed { july } => (format!("July {july}"), "unconfirmed", None),
                Cited::Source { title } => (title, "source", None),
                Cited::Omitted => (String::new(), "not_cited", None),
            };
            out.push(CiteCheck {
                cite: c.key(),
                edition: ed,
                number,
                status,
                detail,
            });
        }
    }
    out
}
