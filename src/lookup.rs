//! Rules lookup: a rule by number with its parents and sub-rules and its status in the other
//! edition, and a ranked search over numbers, titles and summaries that tolerates typos.

use crate::edition::{EditionId, Editions, JulyRule, OctoberRule};

/// Normalises the ways judges type rule numbers: `337.1b`, `CR 337.1.b`, `337.1.b.`, `R337`,
/// `337.1.B` all become `337.1.b`. Returns `None` when the text is not a rule number.
pub fn normalize_number(input: &str) -> Option<String> {
    let mut s = input.trim().to_ascii_lowercase();
    for prefix in ["core rules", "rule", "cr", "r", "#", "§"] {
        if let Some(rest) = s.strip_prefix(prefix) {
            if rest.starts_with(|c: char| c.is_ascii_digit() || c == ' ' || c == '.') {
                s = rest.trim_start_matches([' ', '.']).to_string();
                break;
            }
        }
    }
    let s = s.trim().trim_end_matches('.');
    if s.len() < 3 || !s.as_bytes()[..3].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut last_digit: Option<bool> = None;
    for c in s.chars() {
        let digit = c.is_ascii_digit();
        if c == '.' || c == ' ' {
            if !cur.is_empty() {
                parts.push(std::mem::take(&mut cur));
            }
            last_digit = None;
            continue;
        }
        if !digit && !c.is_ascii_lowercase() {
            return None;
        }
        if last_digit.is_some_and(|d| d != digit) || (!digit && !cur.is_empty()) {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        last_digit = Some(digit);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    if parts.first().is_none_or(|p| p.len() != 3) {
        return None;
    }
    Some(parts.join("."))
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
    /// Its July number.
    pub july_number: String,
    /// Short title.
    pub title: String,
    /// What it says, in our words.
    pub summary: String,
    /// A caveat about the summary (October content not known).
    pub summary_note: Option<String>,
    /// Parents, outermost first: (number, title).
    pub parents: Vec<(String, String)>,
    /// Sub-rules: (number in this edition or a status, title, depth below this rule).
    pub children: Vec<(String, String, usize)>,
    /// Rules it refers to (July numbers) inside the data.
    pub refs: Vec<String>,
    /// Rules it refers to that the data does not hold.
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
    },
}

fn july_rule(number: &str) -> Option<(usize, &'static JulyRule)> {
    Editions::get()
        .july_rules
        .iter()
        .enumerate()
        .find(|(_, r)| r.number == number)
}

fn october_of(i: usize) -> &'static OctoberRule {
    &Editions::get().october_rules[i]
}

fn october_status(o: &OctoberRule) -> OtherEdition {
    if o.removed {
        return OtherEdition::Removed;
    }
    match o.number {
        Some(n) if !o.unconfirmed && n == o.july && !o.changed => {
            OtherEdition::Same { number: n.into() }
        }
        Some(n) if !o.unconfirmed && n == o.july => OtherEdition::Changed {
            number: n.into(),
            summary: o.summary.map(str::to_string),
        },
        Some(n) if !o.unconfirmed => OtherEdition::Renumbered {
            number: n.into(),
            changed: o.changed,
        },
        _ => OtherEdition::Unconfirmed,
    }
}

fn is_below(number: &str, parent: &str) -> bool {
    number.len() > parent.len()
        && number.starts_with(parent)
        && number.as_bytes()[parent.len()] == b'.'
}

fn depth(number: &str) -> usize {
    number.matches('.').count()
}

/// Looks a rule up by (normalised) number in `edition`, with all sub-rules when `tree`.
///
/// # Errors
/// [`LookupError::NotFound`] with what is known of the number (e.g. an October number that
/// is not established, with the July rule it might correspond to).
pub fn lookup(number: &str, edition: EditionId, tree: bool) -> Result<RuleView, LookupError> {
    let eds = Editions::get();
    let index = match edition {
        EditionId::July => july_rule(number).map(|(i, _)| i),
        EditionId::October => eds
            .october_rules
            .iter()
            .position(|o| o.number == Some(number) && !o.unconfirmed && !o.removed),
    };
    let Some(i) = index else {
        return Err(not_found(number, edition));
    };
    let j = &eds.july_rules[i];
    let o = october_of(i);
    let shown_number = |k: usize| -> String {
        match edition {
            EditionId::July => eds.july_rules[k].number.to_string(),
            EditionId::October => {
                let oo = october_of(k);
                match (oo.number, oo.unconfirmed || oo.removed) {
                    (Some(n), false) => n.to_string(),
                    _ if oo.removed => format!("removed (July {})", oo.july),
                    _ => format!("unconfirmed (July {})", oo.july),
                }
            }
        }
    };
    let mut parents = Vec::new();
    let parts: Vec<&str> = j.number.split('.').collect();
    for k in 1..parts.len() {
        let p = parts[..k].join(".");
        if let Some((pi, pr)) = july_rule(&p) {
            parents.push((shown_number(pi), pr.title.to_string()));
        }
    }
    let d0 = depth(j.number);
    let children = eds
        .july_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| is_below(r.number, j.number) && (tree || depth(r.number) == d0 + 1))
        .map(|(k, r)| (shown_number(k), r.title.to_string(), depth(r.number) - d0))
        .collect();
    let (number, summary, summary_note, other) = match edition {
        EditionId::July => (
            j.number.to_string(),
            j.summary.to_string(),
            None,
            october_status(o),
        ),
        EditionId::October => {
            let (summary, note) = match o.summary {
                Some(s) if o.changed => (s.to_string(), None),
                _ if o.changed => (
                    j.summary.to_string(),
                    Some("October changed this rule; its new wording is not known. The summary is the July rule's.".to_string()),
                ),
                _ => (
                    j.summary.to_string(),
                    Some("The October text is not available: this is the July rule's summary; the number is established by the known October changes.".to_string()),
                ),
            };
            let back = if o.number == Some(j.number) {
                if o.changed {
                    OtherEdition::Changed {
                        number: j.number.into(),
                        summary: Some(j.summary.into()),
                    }
                } else {
                    OtherEdition::Same {
                        number: j.number.into(),
                    }
                }
            } else {
                OtherEdition::Renumbered {
                    number: j.number.into(),
                    changed: o.changed,
                }
            };
            (number.to_string(), summary, note, back)
        }
    };
    let official = crate::import::official_text(edition, &number);
    Ok(RuleView {
        edition,
        number,
        july_number: j.number.to_string(),
        title: j.title.to_string(),
        summary,
        summary_note,
        parents,
        children,
        refs: j.refs.iter().map(|s| (*s).to_string()).collect(),
        external_refs: j.external_refs.iter().map(|s| (*s).to_string()).collect(),
        other,
        official,
    })
}

fn not_found(number: &str, edition: EditionId) -> LookupError {
    let eds = Editions::get();
    let hint = match edition {
        EditionId::October => match july_rule(number) {
            Some((i, r)) => match october_status(october_of(i)) {
                OtherEdition::Renumbered { number: n, .. } => format!(
                    "July {number} ({}) is {n} under October: try `chainjudge rule {n} --rules october`",
                    r.title
                ),
                OtherEdition::Removed => format!("July {number} ({}) is gone in October", r.title),
                _ => format!(
                    "July {number} ({}) exists, but its October number is not established (the October text is not available); see `chainjudge rule {number} --rules july`",
                    r.title
                ),
            },
            None => "no rule has this number in the data".to_string(),
        },
        EditionId::July => {
            let renumbered_to = eds
                .october_rules
                .iter()
                .find(|o| o.number == Some(number) && !o.unconfirmed);
            match renumbered_to {
                Some(o) => format!(
                    "{number} is an October number: it is July {} (try `--rules october`)",
                    o.july
                ),
                None => {
                    let parent = number.rsplit_once('.').map(|(p, _)| p.to_string());
                    match parent.filter(|p| july_rule(p).is_some()) {
                        Some(p) => format!("the data holds {p} but not this sub-rule: try `chainjudge rule {p} --tree`"),
                        None => "no rule has this number in the July data (it covers 100-199 where they matter to play, 300-472, 734-738 and 800-829)".to_string(),
                    }
                }
            }
        }
    };
    LookupError::NotFound {
        number: number.to_string(),
        hint,
    }
}

/// One search result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hit {
    /// The number in the edition searched (or "unconfirmed (July n)").
    pub number: String,
    /// Short title.
    pub title: String,
    /// Summary.
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
    "when", "how", "does", "do", "can", "i",
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
    } else if q.len() >= 4 {
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

/// Ranked search over numbers, titles and summaries in `edition`; best hits first.
pub fn search(query: &str, edition: EditionId, limit: usize) -> Vec<Hit> {
    let eds = Editions::get();
    let mut qwords: Vec<String> = words(query)
        .into_iter()
        .filter(|w| !STOP.contains(&w.as_str()))
        .collect();
    for (from, to) in SYNONYMS {
        if qwords.iter().any(|w| w == from) {
            qwords.push((*to).to_string());
        }
    }
    if qwords.is_empty() {
        return Vec::new();
    }
    let phrase = query.trim().to_lowercase();
    let mut hits: Vec<(f64, usize)> = Vec::new();
    for (i, r) in eds.july_rules.iter().enumerate() {
        let o = october_of(i);
        let summary = match edition {
            EditionId::October if o.changed => o.summary.unwrap_or(r.summary),
            _ => r.summary,
        };
        let tw = words(r.title);
        let sw = words(summary);
        let mut score = 0.0;
        let mut matched = 0;
        for q in &qwords {
            if r.number == q || (q.contains('.') && r.number.starts_with(q.as_str())) {
                score += 3.0;
                matched += 1;
                continue;
            }
            let t = tw.iter().map(|w| word_match(q, w)).fold(0.0, f64::max);
            let s = sw.iter().map(|w| word_match(q, w)).fold(0.0, f64::max);
            let best = (t * 3.0).max(s);
            if best > 0.0 {
                matched += 1;
            }
            score += best;
        }
        if matched == 0 {
            continue;
        }
        // Rules matching every word rank above those matching some.
        score *= f64::from(u32::try_from(matched).unwrap_or(u32::MAX)) / qwords.len() as f64;
        if r.title.to_lowercase().contains(&phrase) {
            score += 4.0;
        } else if summary.to_lowercase().contains(&phrase) {
            score += 2.0;
        }
        // Prefer headline rules over deep sub-rules slightly.
        score -= depth(r.number) as f64 * 0.05;
        hits.push((score, i));
    }
    hits.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    hits.into_iter()
        .take(limit)
        .map(|(score, i)| {
            let r = &eds.july_rules[i];
            let o = october_of(i);
            let number = match edition {
                EditionId::July => r.number.to_string(),
                EditionId::October => match (o.number, o.unconfirmed || o.removed) {
                    (Some(n), false) => n.to_string(),
                    _ => format!("unconfirmed (July {})", r.number),
                },
            };
            let summary = match edition {
                EditionId::October if o.changed => o.summary.unwrap_or(r.summary),
                _ => r.summary,
            };
            Hit {
                number,
                title: r.title.to_string(),
                summary: summary.to_string(),
                score: (score * 100.0).round() / 100.0,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::normalize_number;

    #[test]
    fn judges_number_spellings_normalise() {
        for s in [
            "337.1.b",
            "337.1b",
            "CR 337.1.b",
            "337.1.b.",
            "cr337.1.B",
            "Rule 337.1.b",
            " 337.1 b",
        ] {
            assert_eq!(normalize_number(s).as_deref(), Some("337.1.b"), "{s}");
        }
        assert_eq!(normalize_number("464.2c1a").as_deref(), Some("464.2.c.1.a"));
        assert_eq!(normalize_number("337").as_deref(), Some("337"));
        assert_eq!(normalize_number("focus pass"), None);
        assert_eq!(normalize_number("33"), None);
    }
}
