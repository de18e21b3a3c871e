//! The rulings library: every file of `rulings/` compiled into the binary (build/rulings.rs),
//! searched by card name, keyword, rule number (either edition) or words, and shown with its
//! source and the edition it was checked against.
//!
//! - [`search`](mod@search): ranking and the `--list` filters;
//! - [`show`]: a ruling as text, Markdown or JSON, with the edition warnings.

mod companions;
pub mod search;
pub mod show;
mod words;

pub use crate::situation::SourceKind;
pub use search::{list, search, Filter, RulingHit};

/// One source of a compiled ruling.
#[derive(Debug, serde::Serialize)]
pub struct RulingSourceEntry {
    /// Who published it (Riot Games, RiftJudge, ...).
    pub publisher: &'static str,
    /// The document's title.
    pub title: &'static str,
    /// Its date, YYYY-MM-DD; `None` only with `undated`.
    pub date: Option<&'static str>,
    /// Why it has no date.
    pub undated: Option<&'static str>,
    /// Its address.
    pub url: Option<&'static str>,
    /// Riot's answer, the rules text, or a community answer.
    pub kind: SourceKind,
    /// The first words of the question's heading, to find the answer in the document.
    pub heading: Option<&'static str>,
}

/// One compiled ruling: the `ruling` block of `rulings/<id>.yaml`.
#[derive(Debug, serde::Serialize)]
pub struct RulingEntry {
    /// The file name without extension.
    pub id: &'static str,
    /// The file's `title`.
    pub title: Option<&'static str>,
    /// The question, in our words.
    pub question: &'static str,
    /// The short answer, in our words.
    pub answer: &'static str,
    /// What happens, step by step.
    pub sequence: &'static [&'static str],
    /// Edge cases.
    pub nuances: &'static [&'static str],
    /// Card names.
    pub cards: &'static [&'static str],
    /// Keywords and game terms.
    pub keywords: &'static [&'static str],
    /// Rules cited, July numbers.
    pub rules_july: &'static [&'static str],
    /// Rules cited, October numbers (when the file gives them).
    pub rules_october: &'static [&'static str],
    /// Its sources.
    pub sources: &'static [RulingSourceEntry],
    /// `july` or `october`: the edition the answer was checked against.
    pub checked_against: &'static str,
    /// The id of a newer ruling that overturns it.
    pub superseded_by: Option<&'static str>,
    /// What overrides it, in our words.
    pub superseded_note: Option<&'static str>,
    /// The card set (origins, spiritforged, unleashed, vendetta).
    pub set: Option<&'static str>,
    /// Why the file holds no situation (`GAP: why`), when it says.
    pub no_situation: Option<&'static str>,
    /// Whether the file holds a situation that `replay` and `verify` run.
    pub situation: bool,
    /// The whole file, for a ruling with a situation (so `replay rulings/ID.yaml` works
    /// without the repository); empty otherwise.
    pub text: &'static str,
}

impl RulingEntry {
    /// What the ruling is, from its sources ([`SourceKind::of`]): official when Riot answered
    /// the question, community when someone else did, rules when only the rules text stands
    /// behind it.
    pub fn kind(&self) -> SourceKind {
        SourceKind::of(self.sources.iter().map(|s| s.kind))
    }

    /// The title, or the question when the file has none.
    pub fn heading(&self) -> &'static str {
        self.title.unwrap_or(self.question)
    }
}

/// The static table compiled from `rulings/` by the build script.
pub mod data {
    use super::{CardEntry, RulingEntry, RulingSourceEntry, SourceKind};
    include!(concat!(env!("OUT_DIR"), "/rulings.rs"));
}

/// The bundled text of the ruling a path names, when the path is `rulings/ID.yaml` (or
/// `ID.yaml`, or the bare id `ID`, as `ruling` shows it) and ruling ID has a situation: what
/// `replay` falls back to when no such file is on disk.
pub fn bundled(path: &std::path::Path) -> Option<&'static str> {
    named(path).filter(|r| !r.text.is_empty()).map(|r| r.text)
}

/// The bundled ruling a path names as [`bundled`] reads it, whether or not it has a situation.
pub fn named(path: &std::path::Path) -> Option<&'static RulingEntry> {
    let parent = path
        .parent()
        .map(|p| p.as_os_str().to_string_lossy().into_owned());
    if !matches!(
        parent.as_deref(),
        None | Some("") | Some("rulings") | Some("./rulings")
    ) {
        return None;
    }
    let name = path.file_name()?.to_str()?;
    let id = name.strip_suffix(".yaml").unwrap_or(name);
    all().iter().find(|r| r.id == id)
}

/// Every ruling, in file-name order.
pub fn all() -> &'static [RulingEntry] {
    data::RULINGS
}

/// One card of the card index.
#[derive(Debug, serde::Serialize)]
pub struct CardEntry {
    /// Its name as the rulings write it.
    pub name: &'static str,
    /// The name as one shell word (`kaisa-survivor`), which `--card` reads as the name.
    pub slug: &'static str,
    /// The ids of the rulings naming it, in file-name order.
    pub rulings: &'static [&'static str],
}

/// The card index, built from `rulings/` with the binary: every card a ruling names, sorted by
/// name, with the rulings naming it. `ruling --card` completes from it and the page suggests
/// its names.
pub fn cards() -> &'static [CardEntry] {
    data::CARDS
}
