//! Importing the official Core Rules text a judge has (the PDF's text, as plain text or
//! Markdown) into the rule structure, stored in the user's data directory so `rule` can show
//! the official wording and `rules check` can check every citation against it.
//!
//! Riot's text is never part of the repository: it lives only on the judge's machine.
//!
//! - [`parse`](mod@parse): the document's lines into numbered rules;
//! - [`store`]: the data directory, `import` and reading an import back;
//! - [`check`]: `rules check`, citations against the imported text;
//! - [`copycheck`]: `rules check`, summaries against the imported wording (no copied runs);
//! - [`october_map`]: an imported October text aligned with the July one, stored beside it.

pub mod check;
pub mod copycheck;
pub mod october_map;
pub mod parse;
pub mod store;

pub use check::{check_citations, CiteCheck};
pub use parse::{number_order, parse, parse_counted};
pub use store::{data_dir, import, load, official_text, ImportError, ImportReport};

use crate::edition::EditionId;

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
