//! Ranked search over numbers, titles and summaries that tolerates typos and loose terms.

use super::view::{depth, october_number, october_of, rule_ref};
use super::{RuleRef, Standing};
use crate::edition::{EditionId, Editions};
use std::collections::{HashMap, HashSet};

/// One search result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hit {
    /// The rule.
    pub rule: RuleRef,
    /// Summary in the edition searched.
    pub summary: String,
    /// Relevance, higher first.
    pub score: f64,
}

/// Loose Riftbound terms and the words the data uses for them.
const SYNONYMS: &[(&str, &str)] = &[
    ("stack", "chain"),
    ("respond", "reaction"),
    ("response", "reaction"),
    ("instant", "reaction"),
    ("cast", "play"),
    ("casting", "playing"),
    ("dies", "die"),
    ("death", "die"),
    ("mana", "energy"),
    ("tap", "exhaust"),
    ("untap", "ready"),
    ("fizzle", "mistarget"),
    ("lifo", "newest"),
    ("sac", "kill"),
    ("sacrifice", "kill"),
    ("exile", "banish"),
    ("graveyard", "trash"),
    ("blocker", "defender"),
    ("block", "defend"),
];

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '.')
        .map(|w| w.trim_matches('.').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Words too common to search for.
pub(crate) const STOP: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "it", "for", "with", "what",
    "when", "how", "does", "do", "can", "i", "who", "after", "gets",
];

/// How well query word `q` matches text word `w` (0 to 1): exact, prefix, or a typo.
pub(crate) fn word_match(q: &str, w: &str) -> f64 {
    if q == w {
        1.0
    } else if q.len() >= 3 && w.starts_with(q) {
        0.9
    } else if q.len() >= 4
        && w.len() >= 4
        && q.starts_with(&w[..w.len().min(q.len())])
        && w.len() + 2 >= q.len()
    {
        0.8
    } else if q.len() >= 4 && q.len().abs_diff(w.len()) <= 2 {
        // A typo: one edit (a letter wrong, missing, extra or two swapped), two in a long word.
        let allowed = if q.len() >= 7 { 2 } else { 1 };
        match strsim::osa_distance(q, w) {
            1 => 0.85,
            d if d <= allowed => 0.75,
            _ => 0.0,
        }
    } else {
        0.0
    }
}

/// The query's words with weights: synonyms replace loose terms (the loose word keeps a little
/// weight), and two words typed apart that the rules write as one ("clean up") are joined.
fn query_words(query: &str) -> Vec<(String, f64)> {
    let raw: Vec<String> = words(query)
        .into_iter()
        .filter(|w| !STOP.contains(&w.as_str()))
        .collect();
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut k = 0;
    while k < raw.len() {
        let w = &raw[k];
        if let Some(next) = raw.get(k + 1) {
            let joined = format!("{w}{next}");
            if Editions::get()
                .july_rules
                .iter()
                .any(|r| words(r.title).contains(&joined))
            {
                out.push((joined, 1.0));
                k += 2;
                continue;
            }
        }
        match SYNONYMS.iter().find(|(from, _)| from == w) {
            Some((_, to)) => {
                out.push(((*to).to_string(), 1.0));
                out.push((w.clone(), 0.3));
            }
            None => out.push((w.clone(), 1.0)),
        }
        k += 1;
    }
    out
}

/// How well the query's words match one rule: `(score, matched weight)`, or `None` when no
/// word matches. A word scores by the best of the title (three times), the summary and the
/// imported official wording (a little less than our summary).
fn score_rule(
    qwords: &[(String, f64)],
    number: &str,
    title: &[String],
    summary: &[String],
    official: &[String],
) -> Option<f64> {
    let needed: f64 = qwords.iter().map(|(_, w)| w).sum();
    let mut score = 0.0;
    let mut matched = 0.0;
    for (q, weight) in qwords {
        if number == q || (q.contains('.') && number.starts_with(q.as_str())) {
            score += 3.0 * weight;
            matched += weight;
            continue;
        }
        let best_in = |ws: &[String]| ws.iter().map(|w| word_match(q, w)).fold(0.0, f64::max);
        // "burnout" finds the title "Burn Out": two title words written as one.
        let joined: Vec<String> = title
            .windows(2)
            .map(|p| format!("{}{}", p[0], p[1]))
            .collect();
        let best = (best_in(title) * 3.0)
            .max(best_in(&joined) * 3.0)
            .max(best_in(summary))
            .max(best_in(official) * 0.9);
        if best > 0.0 {
            matched += weight;
        }
        score += best * weight;
    }
    // Rules matching every word rank above those matching some.
    (matched > 0.0).then(|| score * matched / needed)
}

/// Ranked search over numbers, titles and summaries in `edition`, and over the official
/// wording when the judge has imported that edition's text (rules only the import has are
/// found too, with the standing [`Standing::Imported`](super::Standing)); best hits first, at
/// most `limit`.
pub fn search(query: &str, edition: EditionId, limit: usize) -> Vec<Hit> {
    let eds = Editions::get();
    let qwords = query_words(query);
    if qwords.is_empty() {
        return Vec::new();
    }
    let official: HashMap<String, String> = crate::import::load(edition)
        .map(|d| {
            d.rules
                .into_iter()
                .map(|r| {
                    let text = format!("{} {}", r.title.unwrap_or_default(), r.text);
                    (r.number, text)
                })
                .collect()
        })
        .unwrap_or_default();
    let phrase = query.trim().to_lowercase();
    let mut hits: Vec<(f64, Option<usize>, String)> = Vec::new();
    let mut shown: HashSet<&str> = HashSet::new();
    for (i, r) in eds.july_rules.iter().enumerate() {
        let o = october_of(i);
        let (summary, number) = match edition {
            EditionId::October => (o.summary.unwrap_or(r.summary), october_number(i).0),
            EditionId::July => (r.summary, Some(r.number)),
        };
        let off = number
            .and_then(|n| official.get(n))
            .map(|t| words(t))
            .unwrap_or_default();
        shown.extend(number);
        let Some(mut score) = score_rule(
            &qwords,
            number.unwrap_or(r.number),
            &words(r.title),
            &words(summary),
            &off,
        ) else {
            continue;
        };
        if !phrase.contains(' ') {
            // One word: the word scores already say it.
        } else if r.title.to_lowercase().contains(&phrase) {
            score += 4.0;
        } else if summary.to_lowercase().contains(&phrase) {
            score += 2.0;
        }
        // Rules the engine cites are the ones judges reach for; deep sub-rules rank a little
        // lower than their headline rule.
        if r.cite.is_some() {
            score += 0.6;
        }
        score -= depth(r.number) as f64 * 0.05;
        hits.push((score, Some(i), String::new()));
    }
    // Rules only the imported text has.
    for (number, text) in &official {
        if shown.contains(number.as_str()) {
            continue;
        }
        if let Some(score) = score_rule(&qwords, number, &[], &[], &words(text)) {
            hits.push((score - depth(number) as f64 * 0.05, None, number.clone()));
        }
    }
    hits.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| a.1.cmp(&b.1))
            .then_with(|| crate::import::number_order(&a.2, &b.2))
    });
    hits.into_iter()
        .take(limit)
        .map(|(score, i, number)| match i {
            Some(i) => {
                let r = &eds.july_rules[i];
                let summary = match edition {
                    EditionId::October => october_of(i).summary.unwrap_or(r.summary),
                    EditionId::July => r.summary,
                };
                Hit {
                    rule: rule_ref(i, edition),
                    summary: summary.to_string(),
                    score: (score * 100.0).round() / 100.0,
                }
            }
            None => {
                let text = official.get(&number).cloned().unwrap_or_default();
                Hit {
                    rule: imported_ref(&number, edition),
                    summary: format!("(official wording, imported) {text}"),
                    score: (score * 100.0).round() / 100.0,
                }
            }
        })
        .collect()
}

/// A rule only the imported text of `edition` has, as named in a view.
pub(super) fn imported_ref(number: &str, edition: EditionId) -> RuleRef {
    let title = crate::import::load(edition)
        .and_then(|d| d.rules.into_iter().find(|r| r.number == number))
        .and_then(|r| r.title)
        .unwrap_or_default();
    RuleRef {
        number: Some(number.to_string()),
        july_number: match edition {
            EditionId::July => number.to_string(),
            EditionId::October => String::new(),
        },
        standing: Standing::Imported,
        title,
        depth: depth(number),
    }
}

/// Titles close to `query`, for a search that found nothing: up to three rules whose title is
/// most like the query (or like one of its words), best first; none for a query of common words
/// only.
pub fn suggest(query: &str, edition: EditionId) -> Vec<RuleRef> {
    let q = query.trim().to_lowercase();
    // Common words ("the", "of") are like every title; they suggest nothing.
    let qw: Vec<String> = words(&q)
        .into_iter()
        .filter(|w| !STOP.contains(&w.as_str()))
        .collect();
    if qw.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(f64, usize)> = Editions::get()
        .july_rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let t = r.title.to_lowercase();
            let whole = strsim::jaro_winkler(&q, &t);
            let by_word = words(&t)
                .iter()
                .flat_map(|w| qw.iter().map(move |x| strsim::jaro_winkler(x, w)))
                .fold(0.0, f64::max);
            (whole.max(by_word * 0.95), i)
        })
        .filter(|(s, i)| *s >= 0.8 && Editions::get().july_rules[*i].title.len() >= 3)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .take(3)
        .map(|(_, i)| rule_ref(i, edition))
        .collect()
}
