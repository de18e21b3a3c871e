//! Rules lookup: a rule by number with its parents and sub-rules and its status in the other
//! edition, and a ranked search over numbers, titles and summaries that tolerates typos.
//!
//! - [`number`]: the ways judges type rule numbers;
//! - [`view`]: a rule by number, with its parents, sub-rules and the other edition;
//! - [`search`](mod@search): ranked, typo-tolerant search.

pub mod number;
pub mod search;
pub mod view;

pub use number::normalize_number;
pub use search::{search, Hit};
pub use view::{lookup, october_number};

use crate::edition::EditionId;

/// What `chainjudge rule QUERY` finds: a rule by number, a number that is no rule, or the
/// rules that words match (with the nearest titles when none does).
pub enum Answer {
    /// The rule of that number.
    Rule(Box<RuleView>),
    /// No rule has that number ([`LookupError::NotFound`]).
    NotFound(LookupError),
    /// A search by words: the hits, best first, and when there are none the nearest titles.
    Hits(Vec<Hit>, Vec<RuleRef>),
}

/// Answers `query` in `edition`: a rule number (unless `force_search`) is looked up, with
/// every sub-rule when `tree`; words are searched, at most `limit` hits.
pub fn answer(
    query: &str,
    edition: EditionId,
    tree: bool,
    force_search: bool,
    limit: usize,
) -> Answer {
    let number = if force_search {
        None
    } else {
        normalize_number(query)
    };
    if let Some(n) = number {
        return match lookup(&n, edition, tree) {
            Ok(v) => Answer::Rule(Box::new(v)),
            Err(e) => Answer::NotFound(e),
        };
    }
    let hits = search(query, edition, limit);
    let suggestions = if hits.is_empty() {
        search::suggest(query, edition)
    } else {
        Vec::new()
    };
    Answer::Hits(hits, suggestions)
}

/// Where a rule stands in an edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// It has an established number there.
    Established,
    /// Its number there follows from the known changes, but no source quotes it.
    Inferred,
    /// Its number there is not established.
    Unconfirmed,
    /// It is gone there.
    Removed,
    /// Its number there comes from the official text the judge imported on this machine
    /// (`rules import`): not part of chainjudge's data, and nothing of it is in the repository.
    Imported,
}

/// A rule named in a view (a parent, a sub-rule, a reference, a search hit).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RuleRef {
    /// Its number in the edition shown, when established or inferred.
    pub number: Option<String>,
    /// Its July number.
    pub july_number: String,
    /// Whether its number in the edition shown is established, inferred, unconfirmed or gone.
    pub standing: Standing,
    /// Short title.
    pub title: String,
    /// Its depth in the rule tree: 0 for a three-digit rule (337), 1 for 337.1, 2 for 337.1.b.
    pub depth: usize,
}

impl RuleRef {
    /// The number as printed: the number, "n (inferred)", or "unconfirmed (July n)" /
    /// "removed (July n)".
    pub fn label(&self) -> String {
        match (&self.number, self.standing) {
            (Some(n), Standing::Established) => n.clone(),
            (Some(n), Standing::Inferred) => format!("{n} (inferred)"),
            (Some(n), Standing::Imported) => format!("{n} (imported text)"),
            (_, Standing::Removed) => format!("removed (July {})", self.july_number),
            _ => format!("unconfirmed (July {})", self.july_number),
        }
    }
}

/// Where a number stands in the other edition.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum OtherEdition {
    /// The same number, same content as far as is known.
    Same {
        /// The number.
        number: String,
    },
    /// The same number, content changed.
    Changed {
        /// The number.
        number: String,
        /// The other edition's content, in our words.
        summary: Option<String>,
    },
    /// A different number.
    Renumbered {
        /// The number there.
        number: String,
        /// Whether the content changed too.
        changed: bool,
    },
    /// The rule is gone there.
    Removed,
    /// A number that follows from the known changes (the same or another), quoted by no
    /// source.
    Inferred {
        /// The inferred number.
        number: String,
        /// What it is inferred from, in words a judge can use (e.g. "July 410-440 are one
        /// higher in October").
        basis: String,
    },
    /// The number the October text imported on this machine gives it (its map).
    Imported {
        /// The number there.
        number: String,
    },
    /// Known to have changed, but its number there is not established.
    ChangedUnconfirmed {
        /// What is known of the change, in our words.
        summary: Option<String>,
    },
    /// Not established.
    Unconfirmed,
}

/// A rule as shown by `chainjudge rule`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RuleView {
    /// The edition it is shown in.
    pub edition: EditionId,
    /// Its number in that edition.
    pub number: String,
    /// Whether that number is established or inferred (October only: a number the known
    /// changes imply but no source quotes).
    pub standing: Standing,
    /// Its July number.
    pub july_number: String,
    /// Short title.
    pub title: String,
    /// What it says, in our words.
    pub summary: String,
    /// Caveats: where the summary comes from, a fallback to July, a number that means
    /// another rule in the other edition.
    pub notes: Vec<String>,
    /// Parents, outermost first.
    pub parents: Vec<RuleRef>,
    /// Sub-rules, in order, with their depth below this rule.
    pub children: Vec<RuleRef>,
    /// Rules it refers to, inside the data.
    pub refs: Vec<RuleRef>,
    /// Rules it refers to that the data does not hold (July numbers).
    pub external_refs: Vec<String>,
    /// Its status in the other edition.
    pub other: OtherEdition,
    /// Official wording, when the judge has imported the document.
    pub official: Option<String>,
}

/// Why a lookup found nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupError {
    /// No rule has that number in that edition; `hint` says what is known.
    NotFound {
        /// The number asked for.
        number: String,
        /// What the data knows about it.
        hint: String,
        /// The nearest rules by number (the one before, the one after, each only when in the
        /// same hundred as `number`), in order.
        nearest: Vec<RuleRef>,
    },
}
