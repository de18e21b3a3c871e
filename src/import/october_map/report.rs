//! The summary `rules import` prints for a map: counts by confidence, the renumbered rules as
//! runs sharing a shift, the conflicts with established numbers, the unplaced rules.

use super::score::shift;
use super::{Confidence, JulySide, MapEntry, OctoberMap};
use crate::import::number_order;
use std::cmp::Ordering;
use std::path::Path;

/// Consecutive renumbered entries sharing one shift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftRun<'a> {
    /// The entries, in July order.
    pub entries: &'a [MapEntry],
    /// The per-part shift (see [`shift`]); `None` for a rule moved to another depth.
    pub shift: Option<Vec<i64>>,
}

impl ShiftRun<'_> {
    /// The shift in words: `+1`, `+2, 3rd part -1`, `moved`.
    pub fn label(&self) -> String {
        let Some(s) = &self.shift else {
            return "moved to another depth".into();
        };
        let ordinal = |k: usize| match k + 1 {
            2 => "2nd".to_string(),
            3 => "3rd".to_string(),
            n => format!("{n}th"),
        };
        let parts: Vec<String> = s
            .iter()
            .enumerate()
            .filter(|(_, d)| **d != 0)
            .map(|(k, d)| {
                if k == 0 {
                    format!("{d:+}")
                } else {
                    format!("{} part {d:+}", ordinal(k))
                }
            })
            .collect();
        parts.join(", ")
    }

    /// The confidences: `high`, or counts when mixed (`12 high, 1 medium`).
    pub fn confidence(&self) -> String {
        counts(self.entries.iter().map(|e| e.confidence))
    }
}

fn counts(cs: impl Iterator<Item = Confidence>) -> String {
    let mut n = [0usize; 3];
    for c in cs {
        n[c as usize] += 1;
    }
    let kinds = [Confidence::High, Confidence::Medium, Confidence::Low];
    let present: Vec<usize> = (0..3).filter(|&k| n[k] > 0).collect();
    if present.len() == 1 {
        return kinds[present[0]].word().to_string();
    }
    present
        .iter()
        .map(|&k| format!("{} {}", n[k], kinds[k].word()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl OctoberMap {
    /// The renumbered entries (October number differs from July), grouped into runs of
    /// consecutive entries with the same shift; an entry that keeps its number ends a run.
    pub fn shift_runs(&self) -> Vec<ShiftRun<'_>> {
        let mut runs: Vec<ShiftRun<'_>> = Vec::new();
        let mut start = 0;
        while start < self.entries.len() {
            let e = &self.entries[start];
            if e.july == e.october {
                start += 1;
                continue;
            }
            let s = shift(&e.july, &e.october);
            let mut end = start + 1;
            while end < self.entries.len() {
                let f = &self.entries[end];
                if f.july == f.october || s.is_none() || shift(&f.july, &f.october) != s {
                    break;
                }
                end += 1;
            }
            runs.push(ShiftRun {
                entries: &self.entries[start..end],
                shift: s,
            });
            start = end;
        }
        runs
    }
}

/// Groups unplaced numbers into runs no placed number falls between (`placed` sorted).
fn unplaced_runs<'a>(unplaced: &'a [String], placed: &[&str]) -> Vec<&'a [String]> {
    let mut runs = Vec::new();
    let mut start = 0;
    for k in 1..=unplaced.len() {
        let breaks = k == unplaced.len() || {
            let (a, b) = (&unplaced[k - 1], &unplaced[k]);
            let after_a = placed.partition_point(|p| number_order(p, a) != Ordering::Greater);
            placed
                .get(after_a)
                .is_some_and(|p| number_order(p, b) == Ordering::Less)
        };
        if breaks {
            runs.push(&unplaced[start..k]);
            start = k;
        }
    }
    runs
}

fn span(first: &str, last: &str) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

fn rules(n: usize) -> String {
    if n == 1 {
        "1 rule".into()
    } else {
        format!("{n} rules")
    }
}

/// Runs of unplaced numbers, comma-separated and wrapped, each with its count.
fn unplaced_text(unplaced: &[String], placed: &[&str]) -> String {
    let items: Vec<String> = unplaced_runs(unplaced, placed)
        .iter()
        .map(|r| {
            let s = span(&r[0], &r[r.len() - 1]);
            if r.len() == 1 {
                s
            } else {
                format!("{s} ({})", rules(r.len()))
            }
        })
        .collect();
    let mut out = String::new();
    let mut line = String::from("   ");
    for (k, item) in items.iter().enumerate() {
        let sep = if k + 1 < items.len() { "," } else { "" };
        if line.len() + item.len() + 2 > 100 && line.len() > 3 {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from("   ");
        }
        line.push(' ');
        line.push_str(item);
        line.push_str(sep);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The summary of `map`, stored at `path`, as `rules import` prints it.
pub fn summary_text(map: &OctoberMap, path: &Path) -> String {
    let mut out = String::new();
    let placed = map.entries.len();
    out.push_str(&format!(
        "October map: {} placed ({}), {} unplaced October, {} unplaced July.\n",
        rules(placed),
        if placed == 0 {
            "none".to_string()
        } else {
            counts(map.entries.iter().map(|e| e.confidence))
        },
        map.unplaced_october.len(),
        map.unplaced_july.len()
    ));
    out.push_str(&match map.july_side {
        JulySide::Imported => "  Aligned against the imported July text.\n".to_string(),
        JulySide::Data => "  Aligned against chainjudge's own July summaries (no July text imported): wording differs, so more rules are placed by position; import the July text for a closer map.\n".to_string(),
    });
    let kept = map.entries.iter().filter(|e| e.july == e.october).count();
    out.push_str(&format!("  {} keep their July number.\n", rules(kept)));
    let runs = map.shift_runs();
    let renumbered: usize = runs.iter().map(|r| r.entries.len()).sum();
    if renumbered > 0 {
        out.push_str(&format!(
            "  {} renumbered (July -> October):\n",
            rules(renumbered)
        ));
        for r in &runs {
            let (first, last) = (&r.entries[0], &r.entries[r.entries.len() - 1]);
            out.push_str(&format!(
                "    July {} -> {} ({}, {}, {})\n",
                span(&first.july, &last.july),
                span(&first.october, &last.october),
                r.label(),
                rules(r.entries.len()),
                r.confidence()
            ));
        }
    }
    if !map.conflicts.is_empty() {
        out.push_str(&format!(
            "  {} with what chainjudge's edition data establishes (recorded, not applied over the established number; check the text):\n",
            if map.conflicts.len() == 1 { "1 conflict".to_string() } else { format!("{} conflicts", map.conflicts.len()) }
        ));
        for c in &map.conflicts {
            let est = match &c.established {
                Some(o) => format!("established as October {o}"),
                None => "established as removed in October".into(),
            };
            let placed = match &c.placed_at {
                Some(p) => format!("the text places it at {p}"),
                None => "the text places it nowhere".into(),
            };
            let holds = match (&c.holds, &c.established, c.in_text) {
                (Some(h), Some(o), _) => format!("; October {o} aligns with July {h}"),
                (None, Some(o), false) => format!("; the text has no rule {o}"),
                _ => String::new(),
            };
            out.push_str(&format!("    July {}: {est}; {placed}{holds}\n", c.july));
        }
    }
    let mut oct: Vec<&str> = map.entries.iter().map(|e| e.october.as_str()).collect();
    oct.sort_by(|a, b| number_order(a, b));
    let mut jul: Vec<&str> = map.entries.iter().map(|e| e.july.as_str()).collect();
    jul.sort_by(|a, b| number_order(a, b));
    if !map.unplaced_october.is_empty() {
        out.push_str(&format!(
            "  Not placed, October ({}, new in October or reworded beyond recognition):\n",
            rules(map.unplaced_october.len())
        ));
        out.push_str(&unplaced_text(&map.unplaced_october, &oct));
    }
    if !map.unplaced_july.is_empty() {
        out.push_str(&format!(
            "  Not placed, July ({}, removed or reworded beyond recognition):\n",
            rules(map.unplaced_july.len())
        ));
        out.push_str(&unplaced_text(&map.unplaced_july, &jul));
    }
    out.push_str(&format!(
        "The map is stored in {}; it stays on this machine (nothing of it goes into chainjudge's data).\n",
        path.display()
    ));
    out
}
