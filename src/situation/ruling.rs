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
    /// A newer ruling that overturns it.
    pub superseded_by: Option<String>,
}
