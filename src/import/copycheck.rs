//! The copy check: how many consecutive words each of chainjudge's summaries shares with the
//! official wording of the same rule, so no summary repeats Riot's sentences.
//!
//! Contributors run it (`chainjudge rules check`, after `rules import`) before adding
//! summaries; a run of [`COPY_LIMIT`] words or more fails the check.

use super::load;
use crate::edition::{EditionId, Editions};
use std::collections::HashMap;

/// A run of this many consecutive shared words, or more, fails the copy check.
pub const COPY_LIMIT: usize = 10;

/// Runs of this many words are reported (names and fixed game terms may reach it).
pub const COPY_WARN: usize = 8;

/// One summary compared with the official wording.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CopyRun {
    /// The edition.
    pub edition: EditionId,
    /// The rule number in that edition.
    pub number: String,
    /// The length, in words, of the longest run the title and summary share with the
    /// official wording of the same rule.
    pub longest: usize,
    /// That run, as the summary writes it (lower case, punctuation dropped).
    pub run: String,
}

/// The copy check of every summary of an edition whose official text is imported.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CopyCheck {
    /// The edition.
    pub edition: EditionId,
    /// Summaries compared (rules both the data and the import have).
    pub compared: usize,
    /// Every rule compared, worst first, then in rule order.
    pub runs: Vec<CopyRun>,
}

impl CopyCheck {
    /// Rules whose longest shared run is `min` words or more.
    pub fn at_least(&self, min: usize) -> impl Iterator<Item = &CopyRun> {
        self.runs.iter().filter(move |r| r.longest >= min)
    }

    /// Whether any summary fails (a run of [`COPY_LIMIT`] or more).
    pub fn fails(&self) -> bool {
        self.at_least(COPY_LIMIT).next().is_some()
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

/// Compares every summary of `edition` with the imported official text of the same rule.
/// `None` when no text of that edition is imported. July compares the July summaries; October
/// compares the October summaries the data has (where October's content differs) with the
/// rules of the October text at their October numbers.
pub fn copy_check(edition: EditionId) -> Option<CopyCheck> {
    let doc = load(edition)?;
    let official: HashMap<&str, Vec<String>> = doc
        .rules
        .iter()
        .map(|r| {
            let text = format!("{} {}", r.title.as_deref().unwrap_or(""), r.text);
            (r.number.as_str(), words(&text))
        })
        .collect();
    let eds = Editions::get();
    let mut runs = Vec::new();
    for (j, o) in eds.july_rules.iter().zip(eds.october_rules) {
        let (number, ours) = match edition {
            EditionId::July => (j.number, format!("{} . {}", j.title, j.summary)),
            EditionId::October => match (o.number, o.summary) {
                (Some(n), Some(s)) if !o.unconfirmed => (n, s.to_string()),
                _ => continue,
            },
        };
        let Some(theirs) = official.get(number) else {
            continue;
        };
        let ours = words(&ours);
        let (longest, start) = longest_shared_run(&ours, theirs);
        runs.push(CopyRun {
            edition,
            number: number.to_string(),
            longest,
            run: ours[start..start + longest].join(" "),
        });
    }
    runs.sort_by(|a, b| {
        b.longest
            .cmp(&a.longest)
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
