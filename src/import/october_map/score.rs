//! What the alignment scores with: each side's rules prepared as word ids, weighted word
//! similarity, and number shifts.

use crate::import::ImportedRule;
use std::collections::HashMap;

/// One side, prepared: every rule's words as sorted, distinct ids.
pub(super) struct Side {
    pub(super) words: Vec<Vec<u32>>,
    /// The sum of the weights of each rule's words.
    pub(super) total: Vec<f32>,
    /// A hash of each rule's normalised words in order (equal hashes: identical wording).
    pub(super) exact: Vec<u64>,
    /// A hash of each rule's normalised title, when it has one.
    pub(super) title: Vec<Option<u64>>,
    /// Each rule's number, as an id shared by both sides.
    pub(super) number: Vec<u32>,
    /// The index of each rule's parent (its number less the last part) on the same side.
    pub(super) parent: Vec<Option<usize>>,
}

fn hash_words(words: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    words.hash(&mut h);
    h.finish()
}

/// The normalised words of a text: lower case, split at anything not a letter or digit; a
/// rule number (a word starting with three digits, e.g. a cross-reference) is left out, since
/// renumbering changes it without changing the rule.
pub(super) fn normalised(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| {
            let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
            !(w.len() >= 3 && w.as_bytes()[..3].iter().all(u8::is_ascii_digit))
        })
        .flat_map(|w| w.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn parent_number(n: &str) -> Option<&str> {
    n.rfind('.').map(|i| &n[..i])
}

pub(super) struct Vocabulary {
    pub(super) words: HashMap<String, u32>,
    pub(super) numbers: HashMap<String, u32>,
}

impl Vocabulary {
    pub(super) fn word(&mut self, w: String) -> u32 {
        let next = u32::try_from(self.words.len()).unwrap_or(u32::MAX);
        *self.words.entry(w).or_insert(next)
    }

    pub(super) fn number(&mut self, n: &str) -> u32 {
        let next = u32::try_from(self.numbers.len()).unwrap_or(u32::MAX);
        *self.numbers.entry(n.to_string()).or_insert(next)
    }
}

pub(super) fn prepare(rules: &[ImportedRule], vocab: &mut Vocabulary) -> Side {
    let mut side = Side {
        words: Vec::with_capacity(rules.len()),
        total: Vec::new(),
        exact: Vec::with_capacity(rules.len()),
        title: Vec::with_capacity(rules.len()),
        number: Vec::with_capacity(rules.len()),
        parent: Vec::with_capacity(rules.len()),
    };
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| (r.number.as_str(), i))
        .collect();
    for r in rules {
        let title = r.title.as_deref().map(normalised).unwrap_or_default();
        let mut all = title.clone();
        all.extend(normalised(&r.text));
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        side.exact.push(hash_words(&refs));
        side.title.push((!title.is_empty()).then(|| {
            let t: Vec<&str> = title.iter().map(String::as_str).collect();
            hash_words(&t)
        }));
        let mut ids: Vec<u32> = all.into_iter().map(|w| vocab.word(w)).collect();
        ids.sort_unstable();
        ids.dedup();
        side.words.push(ids);
        side.number.push(vocab.number(&r.number));
        side.parent
            .push(parent_number(&r.number).and_then(|p| index.get(p).copied()));
    }
    side
}

/// Weights each word by its rarity over both sides (`ln(1 + rules / rules having it)`), so
/// "the" counts for little and "Deathknell" for much; fills each rule's total.
pub(super) fn weigh(a: &mut Side, b: &mut Side, vocabulary: usize) -> Vec<f32> {
    let mut df = vec![0u32; vocabulary];
    for ids in a.words.iter().chain(&b.words) {
        for &w in ids {
            df[w as usize] += 1;
        }
    }
    let docs = (a.words.len() + b.words.len()) as f32;
    let weight: Vec<f32> = df
        .iter()
        .map(|&d| (1.0 + docs / d.max(1) as f32).ln())
        .collect();
    for side in [a, b] {
        side.total = side
            .words
            .iter()
            .map(|ids| ids.iter().map(|&w| weight[w as usize]).sum())
            .collect();
    }
    weight
}

/// Weighted Dice similarity of two rules' words, 0 to 1; 1 for identical wording.
pub(super) fn similarity(a: &Side, i: usize, b: &Side, j: usize, weight: &[f32]) -> f32 {
    if a.exact[i] == b.exact[j] {
        return 1.0;
    }
    let (x, y) = (&a.words[i], &b.words[j]);
    let (mut p, mut q, mut common) = (0, 0, 0.0f32);
    while p < x.len() && q < y.len() {
        match x[p].cmp(&y[q]) {
            std::cmp::Ordering::Less => p += 1,
            std::cmp::Ordering::Greater => q += 1,
            std::cmp::Ordering::Equal => {
                common += weight[x[p] as usize];
                p += 1;
                q += 1;
            }
        }
    }
    dice(a, i, b, j, common)
}

/// Similarity from the weight of the words two rules share: 1 for identical wording, else
/// twice the shared weight over both rules' total.
pub(super) fn dice(a: &Side, i: usize, b: &Side, j: usize, common: f32) -> f32 {
    if a.exact[i] == b.exact[j] {
        return 1.0;
    }
    let total = a.total[i] + b.total[j];
    if total > 0.0 {
        (2.0 * common / total).min(1.0)
    } else {
        0.0
    }
}

/// The per-part difference of two rule numbers of the same depth (numbers by value, letters by
/// alphabet), trailing zeros dropped, so a rule and its sub-rules have the same shift; `None`
/// when the depths differ.
pub(super) fn shift(july: &str, october: &str) -> Option<Vec<i64>> {
    let (a, b): (Vec<&str>, Vec<&str>) = (july.split('.').collect(), october.split('.').collect());
    if a.len() != b.len() {
        return None;
    }
    let mut out = Vec::with_capacity(a.len());
    for (x, y) in a.iter().zip(&b) {
        let d = match (x.parse::<i64>(), y.parse::<i64>()) {
            (Ok(x), Ok(y)) => y - x,
            (Err(_), Err(_)) if x.len() == 1 && y.len() == 1 => {
                i64::from(y.as_bytes()[0]) - i64::from(x.as_bytes()[0])
            }
            _ if x == y => 0,
            _ => return None,
        };
        out.push(d);
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    Some(out)
}

/// `number` with `shift` applied (see [`shift`]), when every shifted part stays a number or a
/// letter.
pub(super) fn shifted(number: &str, shift: &[i64]) -> Option<String> {
    let mut parts: Vec<String> = number.split('.').map(str::to_string).collect();
    if shift.len() > parts.len() {
        return None;
    }
    for (part, &d) in parts.iter_mut().zip(shift) {
        if d == 0 {
            continue;
        }
        if let Ok(x) = part.parse::<i64>() {
            *part = (x + d).max(0).to_string();
        } else if part.len() == 1 {
            let c = i64::from(part.as_bytes()[0]) + d;
            let c = u8::try_from(c).ok().filter(u8::is_ascii_lowercase)?;
            *part = char::from(c).to_string();
        } else {
            return None;
        }
    }
    Some(parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_leave_rule_numbers_out() {
        assert_eq!(
            normalised("See rule 410.1.b (and 337.) for Focus's turn."),
            vec!["see", "rule", "and", "for", "focus", "s", "turn"]
        );
    }

    #[test]
    fn shifts_compare_part_by_part() {
        assert_eq!(shift("410.1.b", "411.1.b"), Some(vec![1]));
        assert_eq!(shift("464.2.e.1", "466.2.d.1"), Some(vec![2, 0, -1]));
        assert_eq!(shift("337", "337"), Some(vec![]));
        assert_eq!(shift("337", "337.1"), None);
        assert_eq!(
            shifted("464.2.e.1", &[2, 0, -1]).as_deref(),
            Some("466.2.d.1")
        );
        assert_eq!(shifted("464.2.a", &[2, 0, -1]), None);
        assert_eq!(shifted("410", &[1]).as_deref(), Some("411"));
    }
}
