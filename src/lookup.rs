//! Rules lookup: a rule by number with its parents and sub-rules and its status in the other
//! edition, and a ranked search over numbers, titles and summaries that tolerates typos.

use crate::edition::{EditionId, Editions, JulyRule, OctoberRule};

/// Normalises the ways judges type rule numbers: `337.1b`, `CR 337.1.b`, `337.1.b.`, `R337`,
/// `337.1.B` all become `337.1.b`. Returns `None` when the text is not one rule number (words
/// after a number make it a search).
///
/// ```
/// use chainjudge::lookup::normalize_number;
/// assert_eq!(normalize_number("CR 337.1b").as_deref(), Some("337.1.b"));
/// assert_eq!(normalize_number("focus pass"), None);
/// ```
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
    for c in s.chars() {
        if c == '.' {
            if !cur.is_empty() {
                parts.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let digit = c.is_ascii_digit();
        if !digit && !c.is_ascii_lowercase() {
            return None;
        }
        let cur_digit = cur.chars().next().map(|x| x.is_ascii_digit());
        if cur_digit.is_some_and(|d| d != digit) {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    // Sub-rule letters are single letters; anything longer is a word, so this is a search.
    let letters_ok = parts
        .iter()
        .all(|p| p.as_bytes()[0].is_ascii_digit() || p.len() == 1);
    if parts.first().is_none_or(|p| p.len() != 3) || !letters_ok {
        return None;
    }
    Some(parts.join("."))
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
}

/// A rule named in a view (a parent, a sub-rule, a reference, a search hit).
#[derive(Debug, Clone, serde::Serialize)]
pub struct RuleRef {
    /// Its number in the edition shown, when established or inferred.
    pub number: Option<String>,
    /// Its July number.
    pub july_number: String,
    /// Whether its number in the edition shown is established, inferred, unconfirmed or gone.
    pub standing: Standing,
    /// Short title.
    pub title: String,
    /// Depth below the rule shown (children only; 0 otherwise).
    pub depth: usize,
}

impl RuleRef {
    /// The number as printed: the number, "n (inferred)", or "unconfirmed (July n)" /
    /// "removed (July n)".
    pub fn label(&self) -> String {
        match (&self.number, self.standing) {
            (Some(n), Standing::Established) => n.clone(),
            (Some(n), Standing::Inferred) => format!("{n} (inferred)"),
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

/// Rule `i` (an index into the July rules) as named in `edition`.
fn rule_ref(i: usize, edition: EditionId, depth: usize) -> RuleRef {
    let j = &Editions::get().july_rules[i];
    let o = october_of(i);
    let (number, standing) = match edition {
        EditionId::July => (Some(j.number.to_string()), Standing::Established),
        EditionId::October if o.removed => (None, Standing::Removed),
        EditionId::October => match o.number.filter(|_| !o.unconfirmed) {
            Some(n) if o.inferred => (Some(n.to_string()), Standing::Inferred),
            Some(n) => (Some(n.to_string()), Standing::Established),
            None => (None, Standing::Unconfirmed),
        },
    };
    RuleRef {
        number,
        july_number: j.number.to_string(),
        standing,
        title: j.title.to_string(),
        depth,
    }
}

fn october_status(o: &OctoberRule) -> OtherEdition {
    if o.removed {
        return OtherEdition::Removed;
    }
    match o.number {
        Some(n) if o.inferred && !o.unconfirmed => OtherEdition::Inferred { number: n.into() },
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
        _ if o.changed => OtherEdition::ChangedUnconfirmed {
            summary: o.summary.map(str::to_string),
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
/// Under October, an established number is found first, then an inferred one (shown with its
/// mark); a July number with no October rule of that number (not established, or moved) shows
/// the July rule, with a note saying so.
///
/// # Errors
/// [`LookupError::NotFound`] with what is known of the number.
pub fn lookup(number: &str, edition: EditionId, tree: bool) -> Result<RuleView, LookupError> {
    let eds = Editions::get();
    let index = match edition {
        EditionId::July => july_rule(number).map(|(i, _)| i),
        EditionId::October => {
            let numbered = |inferred: bool| {
                eds.october_rules.iter().position(|o| {
                    o.number == Some(number)
                        && !o.unconfirmed
                        && !o.removed
                        && o.inferred == inferred
                })
            };
            numbered(false).or_else(|| numbered(true))
        }
    };
    let Some(i) = index else {
        if edition == EditionId::October {
            if let Some((ji, _)) = july_rule(number) {
                let mut v = view(ji, EditionId::July, tree);
                let moved = match october_status(october_of(ji)) {
                    OtherEdition::Renumbered { number: n, .. } => format!("; under October this rule is {n}"),
                    OtherEdition::Inferred { number: n } => format!("; under October this rule is {n} (inferred: implied by the known October changes, quoted by no source)"),
                    OtherEdition::Removed => "; October removed this rule".into(),
                    _ => "; its October number is not established (the October text is not available)".into(),
                };
                v.notes.insert(0, format!("No established or inferred October rule is numbered {number}. This is July {number}{moved}."));
                return Ok(v);
            }
        }
        return Err(not_found(number, edition));
    };
    Ok(view(i, edition, tree))
}

fn view(i: usize, edition: EditionId, tree: bool) -> RuleView {
    let eds = Editions::get();
    let j = &eds.july_rules[i];
    let o = october_of(i);
    let parts: Vec<&str> = j.number.split('.').collect();
    let parents = (1..parts.len())
        .filter_map(|k| july_rule(&parts[..k].join(".")).map(|(pi, _)| rule_ref(pi, edition, 0)))
        .collect();
    let d0 = depth(j.number);
    let children = eds
        .july_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| is_below(r.number, j.number) && (tree || depth(r.number) == d0 + 1))
        .map(|(k, r)| rule_ref(k, edition, depth(r.number) - d0))
        .collect();
    let refs = j
        .refs
        .iter()
        .filter_map(|r| july_rule(r).map(|(k, _)| rule_ref(k, edition, 0)))
        .collect();
    let mut notes = Vec::new();
    let mut standing = Standing::Established;
    let (number, summary, other) = match edition {
        EditionId::July => (
            j.number.to_string(),
            j.summary.to_string(),
            october_status(o),
        ),
        EditionId::October => {
            let number = o.number.unwrap_or(j.number).to_string();
            if o.inferred {
                standing = Standing::Inferred;
                notes.push(format!(
                    "The October number {number} is inferred: the known October changes imply it ({}), but no source quotes it.",
                    crate::diff::plain_basis(o.basis.unwrap_or(""))
                ));
            }
            let summary = match o.summary {
                Some(s) => s.to_string(),
                None => {
                    notes.push(if o.changed {
                        "October changed this rule and its new wording is not known: the summary is the July rule's.".to_string()
                    } else if o.inferred {
                        "The October text is not available: the summary is the July rule's.".to_string()
                    } else {
                        "The October text is not available: the summary is the July rule's; the number is established by the known October changes.".to_string()
                    });
                    j.summary.to_string()
                }
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
            (number, summary, back)
        }
    };
    // The same number may name a different rule in the other edition.
    match edition {
        EditionId::October if number != j.number => {
            if let Some((ji, jr)) = july_rule(&number) {
                let now = match october_status(october_of(ji)) {
                    OtherEdition::Renumbered { number: n, .. } => {
                        format!(", which is {n} under October")
                    }
                    OtherEdition::Inferred { number: n } => {
                        format!(", which is {n} (inferred) under October")
                    }
                    _ => String::new(),
                };
                notes.push(format!(
                    "July {number} is a different rule ({}){now}.",
                    jr.title
                ));
            }
        }
        EditionId::July => {
            if let Some(oo) = eds
                .october_rules
                .iter()
                .find(|x| x.number == Some(j.number) && !x.unconfirmed && x.july != j.number)
            {
                let title = july_rule(oo.july).map_or("", |(_, r)| r.title);
                let mark = if oo.inferred { " (inferred)" } else { "" };
                notes.push(format!(
                    "October {}{mark} is a different rule: July {} ({title}).",
                    j.number, oo.july
                ));
            }
        }
        EditionId::October => {}
    }
    let official = crate::import::official_text(edition, &number);
    RuleView {
        edition,
        number,
        standing,
        july_number: j.number.to_string(),
        title: j.title.to_string(),
        summary,
        notes,
        parents,
        children,
        refs,
        external_refs: j.external_refs.iter().map(|s| (*s).to_string()).collect(),
        other,
        official,
    }
}

fn not_found(number: &str, edition: EditionId) -> LookupError {
    let eds = Editions::get();
    let hint = match edition {
        EditionId::October => {
            let imported = crate::import::official_text(EditionId::October, number)
                .map(|t| format!("; your imported October text has it: \"{t}\""))
                .unwrap_or_default();
            format!("no rule of the data has this number under October, and none is established by the known October changes{imported}")
        }
        EditionId::July => {
            let renumbered_to = eds
                .october_rules
                .iter()
                .find(|o| o.number == Some(number) && !o.unconfirmed);
            match renumbered_to {
                Some(o) => format!(
                    "{number} is an October number{}: it is July {} (try `--rules october`)",
                    if o.inferred { " (inferred)" } else { "" },
                    o.july
                ),
                None => {
                    let parent = number.rsplit_once('.').map(|(p, _)| p.to_string());
                    match parent.filter(|p| july_rule(p).is_some()) {
                        Some(p) => format!("the data holds {p} but not this sub-rule: try `chainjudge rule {p} --tree`"),
                        None => "no rule has this number in the July data (it covers 100-199 where they matter to play, 300-489, 700-711, 734-740 and 800-829)".to_string(),
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
        ] {
            assert_eq!(normalize_number(s).as_deref(), Some("337.1.b"), "{s}");
        }
        assert_eq!(normalize_number("464.2c1a").as_deref(), Some("464.2.c.1.a"));
        assert_eq!(normalize_number("337").as_deref(), Some("337"));
        assert_eq!(normalize_number("focus pass"), None);
        assert_eq!(normalize_number("33"), None);
        assert_eq!(
            normalize_number("337 finalize"),
            None,
            "words make it a search"
        );
        assert_eq!(normalize_number("337.1.b 338"), None);
    }
}
