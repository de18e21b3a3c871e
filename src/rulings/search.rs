//! Ranking rulings for a query, and the `ruling --list` filters.
//!
//! A query is tried, in order of strength, as a ruling id, a card name (exactly, then with a
//! typo), a rule number of either edition, a keyword, and words of the ruling's text; a ruling
//! holding the exact card name always ranks above one that does not.

use super::{all, RulingEntry};
use crate::edition::{EditionId, Editions};

/// Official (Riot's) or community rulings, for `--source`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// A source is Riot's.
    Official,
    /// No source is Riot's.
    Community,
}

/// The `ruling --list` filters; each given one must hold.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// A card name (exact, case and punctuation ignored; a typo of one letter tolerated).
    pub card: Option<String>,
    /// A rule number of either edition: rulings citing it or one of its sub-rules.
    pub rule: Option<String>,
    /// Official or community.
    pub source: Option<SourceKind>,
    /// A set: origins, spiritforged, unleashed, vendetta.
    pub set: Option<String>,
}

/// One search result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RulingHit {
    /// The ruling.
    pub ruling: &'static RulingEntry,
    /// Relevance, higher first.
    pub score: f64,
    /// What matched: `id`, `card`, `card (typo)`, `rule`, `keyword` or `words`.
    pub matched: &'static str,
}

/// Lower case, apostrophes dropped (`Kai'Sa` is `kaisa`), other punctuation a space.
pub fn normalise(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c == '\'' || c == '\u{2019}' {
            continue;
        }
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// Whether `q` is `name` with at most one edit (two for names of nine letters or more).
fn near(q: &str, name: &str) -> Option<usize> {
    if q.len() < 4 {
        return None;
    }
    let allowed = if name.len() >= 9 { 2 } else { 1 };
    let d = strsim::osa_distance(q, name);
    (d <= allowed).then_some(d)
}

/// July numbers `number` may stand for: itself, and the July rule an October number names.
fn july_numbers(number: &str) -> Vec<String> {
    let mut out = vec![number.to_string()];
    for o in Editions::get().october_rules {
        if o.number == Some(number) && !o.unconfirmed && !o.removed && o.july != number {
            out.push(o.july.to_string());
        }
    }
    out
}

/// Whether the ruling cites `number` (either edition) or, with `below`, one of its sub-rules.
fn cites(r: &RulingEntry, number: &str, below: bool) -> bool {
    let hit = |cited: &str, n: &str| {
        cited == n
            || (below
                && cited.len() > n.len()
                && cited.starts_with(n)
                && cited.as_bytes()[n.len()] == b'.')
    };
    july_numbers(number)
        .iter()
        .any(|n| r.rules_july.iter().any(|c| hit(c, n)))
        || r.rules_october.iter().any(|c| hit(c, number))
}

/// The strongest way `q` (normalised) names the ruling, with its score.
fn score(r: &RulingEntry, q: &str, number: Option<&str>) -> Option<(f64, &'static str)> {
    if r.id == q.replace(' ', "-") {
        return Some((1000.0, "id"));
    }
    let cards: Vec<String> = r.cards.iter().map(|c| normalise(c)).collect();
    if cards.iter().any(|c| c == q) {
        return Some((500.0, "card"));
    }
    if let Some(d) = cards.iter().filter_map(|c| near(q, c)).min() {
        return Some((400.0 - 50.0 * d as f64, "card (typo)"));
    }
    if let Some(n) = number {
        if cites(r, n, false) {
            return Some((300.0, "rule"));
        }
        if cites(r, n, true) {
            return Some((250.0, "rule"));
        }
    }
    // A card's short name: "azir" for "Azir, Sovereign".
    if cards
        .iter()
        .any(|c| c.starts_with(q) && c.as_bytes().get(q.len()) == Some(&b' '))
    {
        return Some((240.0, "card"));
    }
    let keywords: Vec<String> = r.keywords.iter().map(|k| normalise(k)).collect();
    if keywords.iter().any(|k| k == q) {
        return Some((220.0, "keyword"));
    }
    if keywords.iter().any(|k| near(q, k) == Some(1)) {
        return Some((200.0, "keyword"));
    }
    words_score(r, q).map(|s| (s, "words"))
}

/// Words of the query against the ruling's text: titles, cards and keywords count three
/// times, question and answer twice, the rest once; rulings matching every word first. At most
/// 150, below every stronger kind of match.
fn words_score(r: &RulingEntry, q: &str) -> Option<f64> {
    const STOP: &[&str] = &[
        "a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "it", "for", "with", "what",
        "when", "how", "does", "do", "can", "i", "my", "if", "who",
    ];
    let qw: Vec<&str> = q.split(' ').filter(|w| !STOP.contains(w)).collect();
    if qw.is_empty() {
        return None;
    }
    let split = |s: &str| -> Vec<String> { normalise(s).split(' ').map(str::to_string).collect() };
    let mut strong: Vec<String> = split(r.title.unwrap_or(""));
    for c in r.cards.iter().chain(r.keywords) {
        strong.extend(split(c));
    }
    let middle: Vec<String> = split(&format!("{} {}", r.question, r.answer));
    let weak: Vec<String> = r
        .sequence
        .iter()
        .chain(r.nuances)
        .flat_map(|s| split(s))
        .collect();
    let mut total = 0.0;
    let mut matched = 0usize;
    for w in &qw {
        let best = |ws: &[String]| {
            ws.iter()
                .map(|x| crate::lookup::search::word_match(w, x))
                .fold(0.0, f64::max)
        };
        let s = (best(&strong) * 3.0)
            .max(best(&middle) * 2.0)
            .max(best(&weak));
        if s > 0.0 {
            matched += 1;
        }
        total += s;
    }
    (matched > 0).then(|| (total * matched as f64 / qw.len() as f64 * 10.0).min(150.0))
}

/// Rulings matching `query`, best first (ties in file-name order), at most `limit`.
pub fn search(query: &str, limit: usize) -> Vec<RulingHit> {
    let q = normalise(query);
    if q.is_empty() {
        return Vec::new();
    }
    let number = crate::lookup::normalize_number(query);
    let mut hits: Vec<RulingHit> = all()
        .iter()
        .filter_map(|r| {
            score(r, &q, number.as_deref()).map(|(score, matched)| RulingHit {
                ruling: r,
                score: (score * 100.0).round() / 100.0,
                matched,
            })
        })
        .collect();
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.ruling.id.cmp(b.ruling.id))
    });
    hits.truncate(limit);
    hits
}

/// Rulings passing every filter given, in file-name order.
pub fn list(filter: &Filter) -> Vec<&'static RulingEntry> {
    let card = filter.card.as_deref().map(normalise);
    let rule = filter
        .rule
        .as_deref()
        .map(|r| crate::lookup::normalize_number(r).unwrap_or_else(|| r.to_string()));
    all()
        .iter()
        .filter(|r| {
            card.as_ref().is_none_or(|c| {
                r.cards.iter().any(|x| {
                    let x = normalise(x);
                    &x == c || near(c, &x) == Some(1)
                })
            })
        })
        .filter(|r| rule.as_ref().is_none_or(|n| cites(r, n, true)))
        .filter(|r| match filter.source {
            None => true,
            Some(SourceKind::Official) => r.official(),
            Some(SourceKind::Community) => !r.official(),
        })
        .filter(|r| {
            filter
                .set
                .as_ref()
                .is_none_or(|s| r.set == Some(s.as_str()))
        })
        .collect()
}

/// The edition a July-checked ruling should be read against on `date`, if newer.
pub fn newer_edition_in_force(r: &RulingEntry, date: &str) -> Option<EditionId> {
    let in_force = Editions::get().in_force(date)?;
    (r.checked_against == "july" && in_force == EditionId::October).then_some(in_force)
}
