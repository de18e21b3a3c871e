//! The `ruling` block of a rulings file: the question, the answer, the sources.

/// A ruling's source document.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RulingSource {
    /// Who published it.
    pub publisher: String,
    /// Its title.
    pub title: String,
    /// Its date (YYYY-MM-DD), if known.
    pub date: Option<String>,
    /// Its address.
    pub url: Option<String>,
    /// Whether it is Riot's.
    pub official: bool,
    /// Where in the document the answer is: the question's heading, cut to its first words
    /// so a reader finds it (a locator, not a quotation).
    pub heading: Option<String>,
}

/// The `ruling` block of a rulings file.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Ruling {
    /// The question, in our words.
    pub question: String,
    /// The short answer, in our words.
    pub answer: String,
    /// What happens, step by step.
    pub sequence: Vec<String>,
    /// Edge cases.
    pub nuances: Vec<String>,
    /// Card names, for search.
    pub cards: Vec<String>,
    /// Keywords, for search.
    pub keywords: Vec<String>,
    /// Rule numbers cited under July.
    pub rules_july: Vec<String>,
    /// Rule numbers cited under October.
    pub rules_october: Vec<String>,
    /// Its sources.
    pub sources: Vec<RulingSource>,
    /// `july` or `october`.
    pub checked_against: String,
    /// A newer ruling that overturns it (its id).
    pub superseded_by: Option<String>,
    /// What overrides it, in our words: a newer source or a rule of the current edition.
    pub superseded_note: Option<String>,
    /// The card set whose FAQ or patch notes it comes from: one of [`SETS`].
    pub set: Option<String>,
}

/// The card sets a ruling can belong to, oldest first (`ruling.set`).
pub const SETS: &[&str] = &["origins", "spiritforged", "unleashed", "vendetta"];
