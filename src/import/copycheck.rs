//! The copy check: how many consecutive words each of chainjudge's summaries shares with the
//! official wording, anywhere in the imported document (not only the same rule), and whether a
//! whole sentence of a summary is an official sentence, so no summary repeats Riot's words.
//!
//! Contributors run it (`chainjudge rules check`, after `rules import`) before adding
//! summaries; a run of [`COPY_LIMIT`] words or more, or a copied sentence of
//! [`SENTENCE_MIN`] words or more, fails the check.

use super::load;
use crate::edition::{EditionId, Editions};
use std::collections::HashMap;

/// A run of this many consecutive shared words, or more, fails the copy check.
pub const COPY_LIMIT: usize = 10;

/// Runs of this many words are reported (names and fixed game terms may reach it).
pub const COPY_WARN: usize = 8;

/// A sentence of a summary with this many words or more that stands whole in the official
/// text is a copied sentence, and fails the check however short it is.
pub const SENTENCE_MIN: usize = 5;

/// One summary compared with the official wording.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CopyRun {
    /// The edition.
    pub edition: EditionId,
    /// The rule number in that edition.
    pub number: String,
    /// The length, in words, of the longest run the title or the summary shares with the
    /// official wording of any rule.
    pub longest: usize,
    /// That run, as the summary writes it (lower case, punctuation dropped).
    pub run: String,
    /// The official rule the run is found in (the same rule where it occurs there).
    pub from: String,
    /// A sentence of the summary, of [`SENTENCE_MIN`] words or more, that the official text
    /// holds word for word (lower case, punctuation dropped).
    pub copied_sentence: Option<String>,
}

impl CopyRun {
    /// Whether this summary fails: a run of [`COPY_LIMIT`] words or more, or a copied sentence.
    pub fn fails(&self) -> bool {
        self.longest >= COPY_LIMIT || self.copied_sentence.is_some()
    }
}

/// The copy check of every summary of an edition whose official text is imported.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CopyCheck {
    /// The edition.
    pub edition: EditionId,
    /// Summaries compared (rules both the data and the import have).
    pub compared: usize,
    /// Every rule compared: failing ones first, then by longest run, then in rule order.
    pub runs: Vec<CopyRun>,
}

impl CopyCheck {
    /// Rules whose longest shared run is `min` words or more, or that copy a sentence.
    pub fn at_least(&self, min: usize) -> impl Iterator<Item = &CopyRun> {
        self.runs
            .iter()
            .filter(move |r| r.longest >= min || r.copied_sentence.is_some())
    }

    /// The summaries that fail.
    pub fn failing(&self) -> impl Iterator<Item = &CopyRun> {
        self.runs.iter().filter(|r| r.fails())
    }

    /// Whether any summary fails (a run of [`COPY_LIMIT`] or more, or a copied sentence).
    pub fn fails(&self) -> bool {
        self.failing().next().is_some()
    }
}

/// Words as the copy check compares them: lower case letters and digits, an apostrophe kept
/// inside a word (`card's`), curly apostrophes made straight.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        let c = if c == '\u{2019}' { '\'' } else { c };
        let inner_apostrophe =
            c == '\'' && !cur.is_empty() && chars.get(k + 1).is_some_and(|n| n.is_alphanumeric());
        if c.is_alphanumeric() || inner_apostrophe {
            cur.extend(c.to_lowercase());
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The longest run of consecutive words `a` and `b` share: `(length, start in a)`.
pub fn longest_shared_run(a: &[String], b: &[String]) -> (usize, usize) {
    let mut best = (0, 0);
    let mut prev = vec![0usize; b.len() + 1];
    let mut cur = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            cur[j] = if a[i - 1] == b[j - 1] {
                prev[j - 1] + 1
            } else {
                0
            };
            if cur[j] > best.0 {
                best = (cur[j], i - cur[j]);
            }
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    best
}

/// Words of this many make the index's keys: shorter runs are never looked for.
const KEY: usize = 4;

/// A word our summaries use that the official text never does.
const UNKNOWN: u32 = u32::MAX;

/// The official text as one list of word ids, rule after rule (a run never crosses the end of
/// a rule), with an index of every [`KEY`]-word sequence.
struct OfficialWords<'a> {
    ids: HashMap<String, u32>,
    words: Vec<u32>,
    /// For each word, the index of its rule in `numbers`.
    rule_of: Vec<u32>,
    numbers: Vec<&'a str>,
    index: HashMap<[u32; KEY], Vec<u32>>,
}

/// Where a run of our words starts in the official text, and how long it is.
#[derive(Clone, Copy, Default)]
struct Found {
    len: usize,
    at: usize,
}

impl<'a> OfficialWords<'a> {
    fn new(doc: &'a super::Imported) -> Self {
        let mut o = OfficialWords {
            ids: HashMap::new(),
            words: Vec::new(),
            rule_of: Vec::new(),
            numbers: Vec::new(),
            index: HashMap::new(),
        };
        for (n, r) in doc.rules.iter().enumerate() {
            let text = format!("{} {}", r.title.as_deref().unwrap_or(""), r.text);
            for w in words(&text) {
                let next = o.ids.len() as u32;
                o.words.push(*o.ids.entry(w).or_insert(next));
                o.rule_of.push(n as u32);
            }
            o.numbers.push(r.number.as_str());
        }
        for j in 0..o.words.len().saturating_sub(KEY - 1) {
            if o.rule_of[j] == o.rule_of[j + KEY - 1] {
                let key: [u32; KEY] = o.words[j..j + KEY].try_into().expect("KEY words");
                o.index.entry(key).or_default().push(j as u32);
            }
        }
        o
    }

    /// Our words as ids of the official vocabulary.
    fn ids_of(&self, ours: &[String]) -> Vec<u32> {
        ours.iter()
            .map(|w| self.ids.get(w).copied().unwrap_or(UNKNOWN))
            .collect()
    }

    /// The longest run starting at `ours[i]` found anywhere in the official text.
    fn longest_at(&self, ours: &[u32], i: usize) -> Found {
        let mut best = Found::default();
        let Some(key) = ours.get(i..i + KEY) else {
            return best;
        };
        let key: [u32; KEY] = key.try_into().expect("KEY words");
        for &j in self.index.get(&key).map_or(&[][..], Vec::as_slice) {
            let j = j as usize;
            let mut k = KEY;
            while i + k < ours.len()
                && j + k < self.words.len()
                && self.rule_of[j + k] == self.rule_of[j]
                && ours[i + k] == self.words[j + k]
            {
                k += 1;
            }
            if k > best.len {
                best = Found { len: k, at: j };
            }
        }
        best
    }
}

/// The sentences of a summary, as word ranges: split at `.`, `;`, `:`, `?` or `!` followed by a
/// space or the end (so `337.1.b` stays one word).
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        cur.push(c);
        let ends = matches!(c, '.' | ';' | ':' | '?' | '!')
            && chars.get(k + 1).is_none_or(|n| n.is_whitespace());
        if ends {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// Whether a sentence is only names (every word capitalised, as a list of tags is): names
/// carry over from the official text, so such a sentence is not a copied sentence.
fn is_name_list(sentence: &str) -> bool {
    sentence
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-')
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty() && *w != "and")
        .all(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        })
}

/// Compares every summary of `edition` with the whole imported official text of that edition.
/// `None` when no text of that edition is imported. July compares the July summaries; October
/// compares the October summaries the data has (where October's content differs).
pub fn copy_check(edition: EditionId) -> Option<CopyCheck> {
    let doc = load(edition)?;
    let official = OfficialWords::new(&doc);
    let eds = Editions::get();
    let mut runs = Vec::new();
    for (j, o) in eds.july_rules.iter().zip(eds.october_rules) {
        let (number, title, summary) = match edition {
            EditionId::July => (j.number, Some(j.title), j.summary),
            EditionId::October => match (o.number, o.summary) {
                (Some(n), Some(s)) if !o.unconfirmed => (n, None, s),
                _ => continue,
            },
        };
        if !official.numbers.contains(&number) {
            continue;
        }
        let mut best = (Found::default(), Vec::new());
        let mut copied_sentence = None;
        let parts = title
            .map(|t| (t.to_string(), false))
            .into_iter()
            .chain(sentences(summary).into_iter().map(|s| (s, true)));
        for (part, is_sentence) in parts {
            let ours = words(&part);
            let ids = official.ids_of(&ours);
            for i in 0..ours.len() {
                let f = official.longest_at(&ids, i);
                if f.len > best.0.len {
                    best = (f, ours[i..i + f.len].to_vec());
                }
                if is_sentence
                    && i == 0
                    && ours.len() >= SENTENCE_MIN
                    && f.len == ours.len()
                    && !is_name_list(&part)
                {
                    copied_sentence = Some(ours.join(" "));
                }
            }
        }
        let (found, run) = best;
        runs.push(CopyRun {
            edition,
            number: number.to_string(),
            longest: found.len,
            run: run.join(" "),
            from: if found.len == 0 {
                String::new()
            } else {
                official.numbers[official.rule_of[found.at] as usize].to_string()
            },
            copied_sentence,
        });
    }
    runs.sort_by(|a, b| {
        b.fails()
            .cmp(&a.fails())
            .then_with(|| b.longest.cmp(&a.longest))
            .then_with(|| super::number_order(&a.number, &b.number))
    });
    Some(CopyCheck {
        edition,
        compared: runs.len(),
        runs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_runs() {
        assert_eq!(
            words("The card’s Might, then 3!"),
            ["the", "card's", "might", "then", "3"]
        );
        let a = words("one two three four five");
        let b = words("zero two three four six");
        assert_eq!(longest_shared_run(&a, &b), (3, 1));
        assert_eq!(longest_shared_run(&a, &[]), (0, 0));
    }
}
