//! The alignment itself: a banded, order-preserving dynamic programme (Needleman-Wunsch with
//! free gaps) over the July and October rule sequences, scored by content similarity with
//! bonuses for equal numbers, established anchors and aligned parents.

use super::score::{dice, prepare, shift, shifted, similarity, weigh, Side, Vocabulary};
use super::{Confidence, Conflict, JulySide, MapEntry, OctoberMap};
use crate::import::ImportedRule;
use std::collections::HashMap;

/// Half-width of the band, in rules, beyond the difference of the two lengths: a rule is only
/// compared with October rules whose position differs from its own by at most this much more
/// than the number of rules one side has in excess.
const BAND: usize = 300;
/// A pair is worth `similarity + bonuses - THRESHOLD`; a pair worth nothing is left unplaced.
const THRESHOLD: f32 = 0.35;
/// Below this similarity a pair is never matched, whatever its number says (unless it is an
/// anchor or the titles are the same).
const MIN_SIMILARITY: f32 = 0.1;
/// Identical wording (after normalisation) on top of its similarity of 1.
const EXACT_BONUS: f32 = 0.1;
/// The two numbers are equal.
const NUMBER_BONUS: f32 = 0.15;
/// The pair is an established July -> October number.
const ANCHOR_BONUS: f32 = 0.3;
/// The rules' parents are aligned with each other (second pass).
const PARENT_BONUS: f32 = 0.15;
/// The two titles are the same (after normalisation).
const TITLE_BONUS: f32 = 0.2;
/// The October number is the July number shifted as a neighbouring pair is (second pass).
const SHIFT_BONUS: f32 = 0.2;
/// Similarity from which wording counts as near-identical (`high`).
const HIGH: f32 = 0.85;
/// Similarity from which wording counts as similar (`medium`).
const MEDIUM: f32 = 0.5;

/// The band: cell (i, j) of the programme (1-based, i July, j October) is kept when
/// `lo <= j - i <= hi`, at column `j - i - lo`.
struct Band {
    lo: isize,
    width: usize,
}

impl Band {
    fn new(n: usize, m: usize) -> Band {
        let (n, m) = (n as isize, m as isize);
        let extra = BAND as isize;
        let lo = -extra - (n - m).max(0);
        let hi = extra + (m - n).max(0);
        Band {
            lo,
            width: (hi - lo + 1) as usize,
        }
    }

    /// The October position (1-based) of column `k` in row `i`, when inside 0..=m.
    fn column(&self, i: usize, k: usize, m: usize) -> Option<usize> {
        let j = i as isize + self.lo + k as isize;
        (0..=m as isize).contains(&j).then_some(j as usize)
    }
}

const DIAG: u8 = 1;
const UP: u8 = 2;
const LEFT: u8 = 3;

/// The best-scoring order-preserving matching inside the band, given each cell's worth
/// (`None`: the pair may not be matched). Returns each July rule's October index.
fn programme(
    n: usize,
    m: usize,
    band: &Band,
    worth: impl Fn(usize, usize, usize) -> Option<f32>,
) -> Vec<Option<usize>> {
    let w = band.width;
    let mut prev = vec![f32::NEG_INFINITY; w];
    let mut cur = vec![f32::NEG_INFINITY; w];
    let mut dir = vec![0u8; (n + 1) * w];
    for (k, cell) in prev.iter_mut().enumerate() {
        if band.column(0, k, m).is_some() {
            *cell = 0.0;
            dir[k] = LEFT;
        }
    }
    for i in 1..=n {
        for k in 0..w {
            let Some(j) = band.column(i, k, m) else {
                cur[k] = f32::NEG_INFINITY;
                continue;
            };
            if j == 0 {
                cur[k] = 0.0;
                dir[i * w + k] = UP;
                continue;
            }
            let up = prev.get(k + 1).copied().unwrap_or(f32::NEG_INFINITY);
            let left = if k > 0 { cur[k - 1] } else { f32::NEG_INFINITY };
            let diag =
                worth(i - 1, j - 1, (i - 1) * w + k).map_or(f32::NEG_INFINITY, |v| prev[k] + v);
            let (best, d) = if diag >= up && diag >= left {
                (diag, DIAG)
            } else if up >= left {
                (up, UP)
            } else {
                (left, LEFT)
            };
            cur[k] = best;
            dir[i * w + k] = d;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let mut matched = vec![None; n];
    let (mut i, mut j) = (n, m);
    while i > 0 || j > 0 {
        let k = (j as isize - i as isize - band.lo) as usize;
        match dir[i * w + k] {
            DIAG => {
                matched[i - 1] = Some(j - 1);
                i -= 1;
                j -= 1;
            }
            UP => i -= 1,
            _ => j -= 1,
        }
    }
    matched
}

/// For each July rule, the October numbers (as number ids) its nearest matched neighbours in
/// `first` predict: its number shifted as the previous pair's and as the next pair's.
fn predictions(
    july: &[ImportedRule],
    october: &[ImportedRule],
    first: &[Option<usize>],
    numbers: &HashMap<String, u32>,
) -> Vec<[Option<u32>; 2]> {
    let predict = |i: usize, pair: Option<(usize, usize)>| -> Option<u32> {
        let (p, q) = pair?;
        let s = shift(&july[p].number, &october[q].number)?;
        numbers.get(&shifted(&july[i].number, &s)?).copied()
    };
    let mut out = vec![[None, None]; july.len()];
    let mut last = None;
    for i in 0..july.len() {
        out[i][0] = predict(i, last);
        if let Some(j) = first[i] {
            last = Some((i, j));
        }
    }
    last = None;
    for i in (0..july.len()).rev() {
        out[i][1] = predict(i, last);
        if let Some(j) = first[i] {
            last = Some((i, j));
        }
    }
    out
}

/// Aligns the October rules with the July rules, keeping both orders.
///
/// A dynamic programme over the two sequences (banded: a July rule is only compared with
/// October rules within a few hundred positions of its own, plus the difference in length)
/// scores each pair by the weighted similarity of its normalised words (title and text; rule
/// numbers inside the text left out; identical wording scores highest), plus bonuses where the
/// numbers are equal, where the titles are, where the pair is one of `anchors` (July, October
/// numbers the edition data establishes), and, in a second pass, where the rules' parents were
/// aligned with each other by the first and where the October number is the July number
/// shifted as the nearest pair before or after it was shifted by the first. Leaving a rule
/// unplaced costs nothing, so a pair is only matched when its score clears a threshold, and
/// never below a minimum similarity (unless it is an anchor or the titles are the same).
///
/// Returns the map with `july_side` set to [`JulySide::Imported`]; a caller that built the July
/// side from chainjudge's own data sets it. Anchors the alignment contradicts (the July rule
/// placed elsewhere, or placed nowhere while the text has the established number) are listed
/// in `conflicts` and marked on their entry; the alignment is not changed to suit them. An
/// anchor whose July rule is unplaced and whose October number the text lacks is no conflict
/// (the text does not cover it).
pub fn align(
    july: &[ImportedRule],
    october: &[ImportedRule],
    anchors: &[(String, String)],
) -> OctoberMap {
    let mut vocab = Vocabulary {
        words: HashMap::new(),
        numbers: HashMap::new(),
    };
    let mut a = prepare(july, &mut vocab);
    let mut b = prepare(october, &mut vocab);
    let weight = weigh(&mut a, &mut b, vocab.words.len());
    let anchor_of: HashMap<&str, u32> = anchors
        .iter()
        .map(|(j, o)| (j.as_str(), vocab.number(o)))
        .collect();
    let anchor: Vec<Option<u32>> = july
        .iter()
        .map(|r| anchor_of.get(r.number.as_str()).copied())
        .collect();
    let (n, m) = (july.len(), october.len());
    let band = Band::new(n, m);
    // Every similarity in the band, computed once for both passes: the July rule's word
    // weights spread over the vocabulary, then each October rule's words looked up.
    let mut sims = vec![0.0f32; n * band.width];
    let mut spread = vec![0.0f32; weight.len()];
    for i in 0..n {
        for &w in &a.words[i] {
            spread[w as usize] = weight[w as usize];
        }
        for k in 0..band.width {
            if let Some(j) = band.column(i + 1, k, m).filter(|&j| j > 0) {
                let j = j - 1;
                let common: f32 = b.words[j].iter().map(|&w| spread[w as usize]).sum();
                sims[i * band.width + k] = dice(&a, i, &b, j, common);
            }
        }
        for &w in &a.words[i] {
            spread[w as usize] = 0.0;
        }
    }
    let base = |i: usize, j: usize, cell: usize| -> Option<f32> {
        let s = sims[cell];
        let anchored = anchor[i] == Some(b.number[j]);
        let titled = a.title[i].is_some() && a.title[i] == b.title[j];
        if s < MIN_SIMILARITY && !anchored && !titled {
            return None;
        }
        let mut v = s - THRESHOLD;
        if titled {
            v += TITLE_BONUS;
        }
        if a.exact[i] == b.exact[j] {
            v += EXACT_BONUS;
        }
        if a.number[i] == b.number[j] {
            v += NUMBER_BONUS;
        }
        if anchored {
            v += ANCHOR_BONUS;
        }
        Some(v)
    };
    let first = programme(n, m, &band, |i, j, cell| {
        base(i, j, cell).filter(|v| *v > 0.0)
    });
    let predicted = predictions(july, october, &first, &vocab.numbers);
    let matched = programme(n, m, &band, |i, j, cell| {
        let parents = match (a.parent[i], b.parent[j]) {
            (Some(p), Some(q)) => first[p] == Some(q),
            _ => false,
        };
        let shifted = predicted[i].contains(&Some(b.number[j]));
        base(i, j, cell)
            .map(|v| {
                v + if parents { PARENT_BONUS } else { 0.0 }
                    + if shifted { SHIFT_BONUS } else { 0.0 }
            })
            .filter(|v| *v > 0.0)
    });
    build(july, october, &a, &b, &weight, &matched, anchors)
}

/// The map from the matching: confidences, the unplaced on both sides, the conflicts.
fn build(
    july: &[ImportedRule],
    october: &[ImportedRule],
    a: &Side,
    b: &Side,
    weight: &[f32],
    matched: &[Option<usize>],
    anchors: &[(String, String)],
) -> OctoberMap {
    let pairs: Vec<(usize, usize)> = matched
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (i, j)))
        .collect();
    let shifts: Vec<Option<Vec<i64>>> = pairs
        .iter()
        .map(|&(i, j)| shift(&july[i].number, &october[j].number))
        .collect();
    let mut entries = Vec::with_capacity(pairs.len());
    for (k, &(i, j)) in pairs.iter().enumerate() {
        let s = similarity(a, i, b, j, weight);
        let consistent = shifts[k].is_some()
            && ((k > 0 && shifts[k - 1] == shifts[k])
                || shifts.get(k + 1).is_some_and(|x| *x == shifts[k]));
        let same_title = a.title[i].is_some() && a.title[i] == b.title[j];
        let confidence = if s >= HIGH {
            Confidence::High
        } else if s >= MEDIUM || (same_title && consistent) {
            Confidence::Medium
        } else {
            Confidence::Low
        };
        entries.push(MapEntry {
            july: july[i].number.clone(),
            october: october[j].number.clone(),
            confidence,
            similarity: (s * 100.0).round() as u8,
            conflict: None,
        });
    }
    let mut placed = vec![false; october.len()];
    for &(_, j) in &pairs {
        placed[j] = true;
    }
    let mut map = OctoberMap {
        july_side: JulySide::Imported,
        entries,
        unplaced_october: october
            .iter()
            .zip(&placed)
            .filter(|(_, p)| !**p)
            .map(|(r, _)| r.number.clone())
            .collect(),
        unplaced_july: july
            .iter()
            .zip(matched)
            .filter(|(_, m)| m.is_none())
            .map(|(r, _)| r.number.clone())
            .collect(),
        conflicts: Vec::new(),
    };
    for (j, o) in anchors {
        if !july.iter().any(|r| &r.number == j) {
            continue;
        }
        let placed_at = map.october_for(j).map(|e| e.october.clone());
        if placed_at.as_deref() == Some(o.as_str()) {
            continue;
        }
        let holds = map.july_for(o).map(|e| e.july.clone());
        let in_text = october.iter().any(|r| &r.number == o);
        if placed_at.is_none() && !in_text {
            continue; // the text does not reach that rule (a part of the document): no claim
        }
        if let Some(e) = map.entries.iter_mut().find(|e| &e.july == j) {
            e.conflict = Some(o.clone());
        }
        map.conflicts.push(Conflict {
            july: j.clone(),
            established: Some(o.clone()),
            placed_at,
            holds,
            in_text,
        });
    }
    map
}
