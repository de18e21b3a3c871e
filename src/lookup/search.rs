//! Ranked search over numbers, titles and summaries that tolerates typos and loose terms.

use super::view::{depth, october_of, rule_ref};
use super::RuleRef;
use crate::edition::{EditionId, Editions};

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
];

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '.')
        .map(|w| w.trim_matches('.').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

const STOP: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "it", "for", "with", "what",
    "when", "how", "does", "do", "can", "i", "who", "after", "gets",
];

/// How well query word `q` matches text word `w` (0 to 1): exact, prefix, or a typo.
fn word_match(q: &str, w: &str) -> f64 {
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
        // A typo: similar spelling and nearly the same length.
        let s = strsim::jaro_winkler(q, w);
        if s >= 0.88 {
            s * 0.85
        } else {
            0.0
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

/// Ranked search over numbers, titles and summaries in `edition`; best hits first.
pub fn search(query: &str, edition: EditionId, limit: usize) -> Vec<Hit> {
    let eds = Editions::get();
    let qwords = query_words(query);
    let needed: f64 = qwords.iter().map(|(_, w)| w).sum();
    if qwords.is_empty() {
        return Vec::new();
    }
    let phrase = query.trim().to_lowercase();
    let mut hits: Vec<(f64, usize)> = Vec::new();
    for (i, r) in eds.july_rules.iter().enumerate() {
        let o = october_of(i);
        let summary = match edition {
            EditionId::October => o.summary.unwrap_or(r.summary),
            EditionId::July => r.summary,
        };
        let tw = words(r.title);
        let sw = words(summary);
        let mut score = 0.0;
        let mut matched = 0.0;
        for (q, weight) in &qwords {
            if r.number == q || (q.contains('.') && r.number.starts_with(q.as_str())) {
                score += 3.0 * weight;
                matched += weight;
                continue;
            }
            let t = tw.iter().map(|w| word_match(q, w)).fold(0.0, f64::max);
            let s = sw.iter().map(|w| word_match(q, w)).fold(0.0, f64::max);
            let best = (t * 3.0).max(s);
            if best > 0.0 {
                matched += weight;
            }
            score += best * weight;
        }
        if matched == 0.0 {
            continue;
        }
        // Rules matching every word rank above those matching some.
        score *= matched / needed;
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
        hits.push((score, i));
    }
    hits.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    hits.into_iter()
        .take(limit)
        .map(|(score, i)| {
            let r = &eds.july_rules[i];
            let summary = match edition {
                EditionId::October => october_of(i).summary.unwrap_or(r.summary),
                EditionId::July => r.summary,
            };
            Hit {
                rule: rule_ref(i, edition, 0),
                summary: summary.to_string(),
                score: (score * 100.0).round() / 100.0,
            }
        })
        .collect()
}
