//! Ranking rulings for a query, and the `ruling --list` filters.
//!
//! A query is tried, in order of strength, as a ruling id, a card name (exactly, then with a
//! typo), a rule number of either edition, a keyword, and words of the ruling's text; a ruling
//! holding the exact card name always ranks above one that does not.

use super::companions;
use super::words::{self, Prepared};
use super::{all, RulingEntry, SourceKind};
use crate::edition::{EditionId, Editions};

/// The `ruling --list` filters; each given one must hold.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// A card name (exact, case and punctuation ignored; a typo of one letter tolerated).
    pub card: Option<String>,
    /// A rule number of either edition: rulings citing it or one of its sub-rules.
    pub rule: Option<String>,
    /// Read `rule` as a number of this edition only (a number can name different rules in
    /// the two editions); `None`: either.
    pub rule_edition: Option<EditionId>,
    /// Official, from the Core Rules, or community ([`RulingEntry::kind`]).
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

/// The rules a number names when the two editions number different rules so: July's rule of
/// that number, then the July rule October numbers so (established numbers only), each as
/// `(its July number, its title)`. Empty when the number means one rule (or none).
pub fn two_readings(number: &str) -> Vec<(String, &'static str)> {
    let title = |n: &str| {
        Editions::get()
            .july_rules
            .iter()
            .find(|r| r.number == n)
            .map(|r| r.title)
    };
    let others = july_numbers(number);
    match (title(number), others.get(1)) {
        (Some(own), Some(other)) => title(other).map_or_else(Vec::new, |t| {
            vec![(number.to_string(), own), (other.clone(), t)]
        }),
        _ => Vec::new(),
    }
}

/// Which reading of rule number `number` ruling `r` cites ([`two_readings`]): `July` when it
/// cites July's rule of that number (or a sub-rule), else `October`.
pub fn reading_cited(r: &RulingEntry, number: &str) -> EditionId {
    if cites_in(r, number, true, Some(EditionId::July)) {
        EditionId::July
    } else {
        EditionId::October
    }
}

/// Whether `n` (a normalised rule number) is a rule of either edition.
pub fn is_rule_number(n: &str) -> bool {
    crate::lookup::lookup(n, EditionId::July, false).is_ok()
        || crate::lookup::lookup(n, EditionId::October, false).is_ok()
}

/// Whether `q` is the first part of card name `card` ("azir" of "Azir, Sovereign"), both
/// normalised; a possessive counts as its name ("zhonya" of "Zhonya's Hourglass", normalised
/// "zhonyas hourglass").
fn first_part_of(q: &str, card: &str) -> bool {
    let whole_words = |q: &str| card.starts_with(q) && card.as_bytes().get(q.len()) == Some(&b' ');
    !q.is_empty() && (whole_words(q) || whole_words(&format!("{q}s")))
}

/// Whether October number `n` is the July rule of the same number (not a different one).
fn october_keeps(n: &str) -> bool {
    Editions::get()
        .october_rules
        .iter()
        .any(|o| o.july == n && o.number == Some(n) && !o.unconfirmed && !o.removed)
}

/// Whether the ruling cites `number` or, with `below`, one of its sub-rules; `number` is read
/// in `edition` only when one is given, else in either.
fn cites_in(r: &RulingEntry, number: &str, below: bool, edition: Option<EditionId>) -> bool {
    cited_in(r.rules_july, r.rules_october, number, below, edition)
}

/// Whether `number` is the ruling's main rule: its first citation is that rule or one of its
/// sub-rules (a ruling cites the rule it is about first).
fn main_rule(r: &RulingEntry, number: &str, edition: Option<EditionId>) -> bool {
    let first = |l: &'static [&'static str]| &l[..l.len().min(1)];
    cited_in(
        first(r.rules_july),
        first(r.rules_october),
        number,
        true,
        edition,
    )
}

/// [`cites_in`] over lists of July and October numbers.
fn cited_in(
    rules_july: &[&str],
    rules_october: &[&str],
    number: &str,
    below: bool,
    edition: Option<EditionId>,
) -> bool {
    let hit = |cited: &str, n: &str| {
        cited == n
            || (below
                && cited.len() > n.len()
                && cited.starts_with(n)
                && cited.as_bytes()[n.len()] == b'.')
    };
    let july: Vec<String> = match edition {
        None => july_numbers(number),
        Some(EditionId::July) => vec![number.to_string()],
        Some(EditionId::October) => july_numbers(number)
            .into_iter()
            .filter(|n| n != number || october_keeps(number))
            .collect(),
    };
    july.iter().any(|n| rules_july.iter().any(|c| hit(c, n)))
        || (edition != Some(EditionId::July) && rules_october.iter().any(|c| hit(c, number)))
}

/// The strongest way `q` (normalised) names the ruling, with its score.
fn score(
    r: &RulingEntry,
    p: &Prepared,
    q: &str,
    number: Option<(&str, Option<EditionId>)>,
    words: Option<f64>,
) -> Option<(f64, &'static str)> {
    if r.id == q.replace(' ', "-") {
        return Some((1000.0, "id"));
    }
    // "kog maw" is Kog'Maw (normalised "kogmaw"): spaces aside, the name is the same.
    let unspaced = |s: &str| s.replace(' ', "");
    if p.cards.iter().any(|c| c == q) {
        return Some((500.0, "card"));
    }
    if p.cards.iter().any(|c| unspaced(c) == unspaced(q)) {
        return Some((490.0, "card"));
    }
    if let Some(d) = p.cards.iter().filter_map(|c| near(q, c)).min() {
        return Some((400.0 - 50.0 * d as f64, "card (typo)"));
    }
    if let Some((n, edition)) = number {
        // The rulings about the rule first, then those citing it, then its sub-rules.
        if main_rule(r, n, edition) {
            let exact = cites_in(r, n, false, edition);
            return Some((if exact { 330.0 } else { 320.0 }, "rule"));
        }
        if cites_in(r, n, false, edition) {
            return Some((300.0, "rule"));
        }
        if cites_in(r, n, true, edition) {
            return Some((250.0, "rule"));
        }
    }
    // A card's short name: "azir" for "Azir, Sovereign".
    if q.len() >= 4
        && p.cards
            .iter()
            .any(|c| first_part_of(q, c) || first_part_of(&unspaced(q), c))
    {
        return Some((210.0, "card"));
    }
    // A keyword of the game matches exactly (no typo: "task" is not "tank"), and ranks by how
    // central it is to the ruling.
    if p.keywords.iter().any(|k| k == q) {
        return Some((220.0 + words::centrality(r, p, q), "keyword"));
    }
    words.map(|s| (s, "words"))
}

/// Within a kind of match, what puts one ruling above another (at most 25 either way, less
/// than the gap between kinds): a ruling about the query (it stands in the title or the id)
/// +20, one Riot answered or the rules text settles +5, one overturned by a newer ruling -15, an
/// official one (or one from the rules) a later source or rule overtakes -10.
fn rank_adjustment(r: &RulingEntry, q: &str) -> f64 {
    let mut s = 0.0;
    let about = q.len() >= 4
        && (normalise(r.title.unwrap_or("")).contains(q) || r.id.contains(&q.replace(' ', "-")));
    if about {
        s += 20.0;
    }
    if r.kind() != SourceKind::Community {
        s += 5.0;
        if r.superseded_note.is_some() {
            s -= 10.0;
        }
    }
    if r.superseded_by.is_some() {
        s -= 15.0;
    }
    s
}

/// Rulings matching `query`, best first (ties in file-name order), a ruling's companions
/// (`companions`) right after it, at most `limit`; a rule number is read in either edition.
pub fn search(query: &str, limit: usize) -> Vec<RulingHit> {
    search_in(query, limit, None)
}

/// [`search`], with a rule number read in `edition` only when one is given (`ruling N --rules
/// july`: July's rule N, not the October rule numbered N).
pub fn search_in(query: &str, limit: usize, edition: Option<EditionId>) -> Vec<RulingHit> {
    let q = normalise(query);
    if q.is_empty() {
        return Vec::new();
    }
    let number = crate::lookup::normalize_number(query);
    if let Some(n) = &number {
        // A rule number finds the rulings citing it, or nothing: never words that happen to
        // look alike. A number neither edition has finds nothing at all.
        if !is_rule_number(n) {
            return Vec::new();
        }
    }
    let words = if number.is_some() {
        vec![None; all().len()]
    } else {
        words::scores(&q)
    };
    let mut hits: Vec<(usize, RulingHit)> = all()
        .iter()
        .zip(&words::library().rulings)
        .zip(words)
        .enumerate()
        .filter_map(|(i, ((r, p), w))| {
            let number = number.as_deref().map(|n| (n, edition));
            score(r, p, &q, number, w).map(|(score, matched)| {
                let hit = RulingHit {
                    ruling: r,
                    score: ((score + rank_adjustment(r, &q)) * 100.0).round() / 100.0,
                    matched,
                };
                (i, hit)
            })
        })
        .collect();
    hits.sort_by(|(_, a), (_, b)| {
        b.score
            .total_cmp(&a.score)
            .then(a.ruling.id.cmp(b.ruling.id))
    });
    // The other half of a ruling's answer follows it.
    companions::follow(hits, |(i, _)| *i, |(_, a), (_, b)| a.matched == b.matched)
        .into_iter()
        .take(limit)
        .map(|(_, h)| h)
        .collect()
}

/// What `ruling QUERY` shows: the rulings passing `filter` that match `query`, best first, the
/// rest only when they match nearly as well as the best (none after an exact id; no loose word
/// matches under a card or rule match), at most `limit`; and how many there were before the
/// limit. Under a keyword match, the rulings whose text holds the word follow the tagged ones
/// (as nearly as well as the best of them): keywords are tagged by hand, and "spell" is tagged
/// on one ruling while dozens are about spells. `edition`: read a rule number in the query in
/// this edition only.
pub fn answer(
    query: &str,
    filter: &Filter,
    edition: Option<EditionId>,
    limit: usize,
) -> (Vec<RulingHit>, usize) {
    let allowed = list(filter);
    let found: Vec<_> = search_in(query, usize::MAX, edition)
        .into_iter()
        .filter(|h| allowed.iter().any(|r| r.id == h.ruling.id))
        .collect();
    let best = found.first().map(|h| (h.score, h.matched));
    let best_words = found
        .iter()
        .find(|h| h.matched == "words")
        .map_or(0.0, |h| h.score);
    let all: Vec<_> = found
        .into_iter()
        .enumerate()
        .filter(|(k, h)| match best {
            Some((_, "id")) => *k == 0,
            Some((_, "keyword")) if h.matched == "words" => h.score >= 0.3 * best_words,
            Some((top, _)) => h.score >= 0.3 * top,
            None => false,
        })
        .map(|(_, h)| h)
        .collect();
    let total = all.len();
    (all.into_iter().take(limit).collect(), total)
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
                    // The whole name, with a letter wrong, or its first part ("ezreal" for
                    // "Ezreal, Prodigy"), with a letter wrong too ("crumblng" for "Crumbling
                    // Sands"), or its start or a later word's, three letters or more
                    // ("crumbl", "void seek", "sands").
                    let first: String = x
                        .split(' ')
                        .take(c.split(' ').count())
                        .collect::<Vec<_>>()
                        .join(" ");
                    &x == c
                        || (c.len() >= 3
                            && (x.starts_with(c.as_str()) || x.contains(&format!(" {c}"))))
                        || near(c, &x) == Some(1)
                        || first_part_of(c, &x)
                        || (c.len() >= 5 && first != x && near(c, &first) == Some(1))
                })
            })
        })
        .filter(|r| {
            rule.as_ref()
                .is_none_or(|n| cites_in(r, n, true, filter.rule_edition))
        })
        .filter(|r| filter.source.is_none_or(|k| r.kind() == k))
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
