//! The `ruling` block of a rulings file: the question, the answer, the sources.

/// What a source is (`kind:` of a ruling source), and from it what a ruling is
/// ([`SourceKind::of`]): the `--source` values of `chainjudge ruling`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// Riot answered this question there: an FAQ answer, an official article, a patch note
    /// stating this case.
    Official,
    /// Riot's Core Rules (or a patch note's general rule change), applied to a question Riot
    /// did not answer.
    Rules,
    /// Anyone else's answer: a rulings site, a judge, a forum thread.
    Community,
}

impl SourceKind {
    /// Every kind, in the order the `kind:` key lists them.
    pub const ALL: [SourceKind; 3] = [
        SourceKind::Official,
        SourceKind::Rules,
        SourceKind::Community,
    ];

    /// The word written in files and on the command line: `official`, `rules`, `community`.
    pub fn word(self) -> &'static str {
        match self {
            SourceKind::Official => "official",
            SourceKind::Rules => "rules",
            SourceKind::Community => "community",
        }
    }

    /// The kind a `kind:` word names.
    pub fn from_word(w: &str) -> Option<SourceKind> {
        Self::ALL.into_iter().find(|k| k.word() == w)
    }

    /// How a ruling of this kind is labelled for a reader: "official (Riot)", "from the Core
    /// Rules", "community".
    pub fn label(self) -> &'static str {
        match self {
            SourceKind::Official => "official (Riot)",
            SourceKind::Rules => "from the Core Rules",
            SourceKind::Community => "community",
        }
    }

    /// What a source of this kind is, as a source line says it: "Riot's answer", "Riot's rules,
    /// applied here" (a rules text, or a Riot document that does not answer this case), "a
    /// community answer".
    pub fn source(self) -> &'static str {
        match self {
            SourceKind::Official => "Riot's answer",
            SourceKind::Rules => "Riot's rules, applied here",
            SourceKind::Community => "a community answer",
        }
    }

    /// A ruling's kind from its sources' kinds: official when Riot answered the question,
    /// else community when anyone else did, else rules (only the rules text stands behind it).
    pub fn of(sources: impl IntoIterator<Item = SourceKind>) -> SourceKind {
        let kinds: Vec<SourceKind> = sources.into_iter().collect();
        [SourceKind::Official, SourceKind::Community]
            .into_iter()
            .find(|k| kinds.contains(k))
            .unwrap_or(SourceKind::Rules)
    }
}

/// A ruling's source document.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RulingSource {
    /// Who published it.
    pub publisher: String,
    /// Its title.
    pub title: String,
    /// Its date (YYYY-MM-DD); `None` only with `undated`.
    pub date: Option<String>,
    /// Why it has no date (for example a page that shows none, and the day it was read).
    pub undated: Option<String>,
    /// Its address.
    pub url: Option<String>,
    /// What it is: Riot's answer, the rules text, or a community answer.
    pub kind: SourceKind,
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
    /// Why the file holds no situation: `GAP: why`, GAP one of [`GAPS`].
    pub no_situation: Option<String>,
}

/// The gaps of the situation format a ruling without a situation names (`no_situation`), each
/// with what it covers: what keeps a ruling from being replayed.
pub const GAPS: &[(&str, &str)] = &[
    ("deck", "the deck: its top, deck building, mulligans"),
    (
        "hand",
        "the hand and hidden information: discarding, revealing, looking",
    ),
    ("costs", "costs: Energy, Power, the rune pool"),
    (
        "zones",
        "the trash, banishment, and cards moving between non-board zones",
    ),
    (
        "continuous",
        "static or ongoing effects the effects list cannot state",
    ),
    ("control", "gaining control of permanents"),
    ("replacement", "replacement and prevention effects"),
    ("multiplayer", "2v2 and games of three or more players"),
    (
        "tournament",
        "tournament procedure, infractions, match structure",
    ),
    (
        "card-text",
        "a card's effect the effects list cannot say: choose, copy, look, search",
    ),
    ("definition", "what a term means, with no play to replay"),
];

/// The card sets a ruling can belong to, oldest first (`ruling.set`).
pub const SETS: &[&str] = &["origins", "spiritforged", "unleashed", "vendetta"];
