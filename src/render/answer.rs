//! The answer block (issue 20, "the answer first"): what a judge asks, before the steps. What
//! resolved, in order, what was countered, refused and killed; on the board the points, the
//! winner, control and scoring; the final state with Priority and Focus; and, where two editions
//! are compared, whether they agree, the step where they part, and the renumbering counted once.
//!
//! A value the editions agree on is one line; one they differ on is a line per edition, marked.
//! Text, Markdown, JSON (`answer`) and the page all print these same lines.

use super::*;
use crate::compare::cite_differs;

/// The answer block of a report: its lines, in order, and what they were made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The lines, without indentation; an edition's own line starts "July: " or "October: ".
    pub lines: Vec<String>,
    /// The first step (1-based, as numbered in the full trace) that happens differently under
    /// the two editions, if any.
    pub editions_part_at: Option<usize>,
    /// How many steps cite a rule whose October number differs from July's (a renumbering, not
    /// a difference of outcome).
    pub renumbered_steps: usize,
    /// The renumbered rules, as "July -> October" at their top-level number, in first-use order.
    pub renumbered: Vec<String>,
}

/// How many renumbered rules the line names before "...".
const RENUMBERED_SHOWN: usize = 6;

/// The labelled lines of one outcome, in order: the label keys the merge of two editions.
fn outcome_lines(s: &Situation, o: &Outcome) -> Vec<(&'static str, String)> {
    let refused: Vec<String> = o.refused.iter().map(|(id, _)| id.clone()).collect();
    let resolved = if o.resolved.is_empty() {
        "nothing".to_string()
    } else {
        o.resolved.join(", then ")
    };
    let mut v = vec![(
        "resolved",
        format!(
            "Resolved: {resolved}. Countered: {}. Refused: {}.",
            list_or_none(&o.countered),
            list_or_none(&refused)
        ),
    )];
    if !o.unreached.is_empty() {
        let ids: Vec<String> = o.unreached.iter().map(|(id, _)| id.clone()).collect();
        v.push((
            "unreached",
            format!("Never reached: {} ({}).", ids.join(", "), o.unreached[0].1),
        ));
    }
    if o.board.is_some() {
        v.push(("killed", format!("Killed: {}.", list_or_none(&o.killed))));
    }
    if let Some(b) = &o.board {
        let summary = board_summary(s, b);
        let get = |k: &str| {
            summary
                .iter()
                .find(|(label, _)| label == k)
                .map(|(_, v)| v.clone())
        };
        let mut points = format!("Points: {}", get("Points").unwrap_or_default());
        if let Some(w) = b.winner {
            let _ = write!(points, "; {} wins and the game is over", s.name(w));
        }
        v.push(("points", format!("{points}.")));
        v.push((
            "control",
            format!(
                "Battlefields: {}.",
                get("Battlefields").unwrap_or_else(|| "none".into())
            ),
        ));
        let conquered = get("Conquered").unwrap_or_else(|| "none".into());
        let held = get("Held").unwrap_or_else(|| "none".into());
        if conquered != "none" || held != "none" {
            v.push(("scored", format!("Conquered: {conquered}. Held: {held}.")));
        }
    }
    let state = o.state.map_or("unknown", |st| st.title());
    v.push((
        "end",
        format!(
            "End: {state}; Priority: {}; Focus: {}.",
            o.priority.map_or("nobody", |p| s.name(p)),
            o.focus.map_or("nobody", |p| s.name(p)),
        ),
    ));
    v
}

/// The top-level rule of a number: `465` for `465.2.c`.
fn top(n: &str) -> &str {
    n.split('.').next().unwrap_or(n)
}

/// The answer block of `r`.
pub fn answer(r: &Report) -> Answer {
    let s = r.situation;
    let mut lines = Vec::new();
    let per: Vec<Vec<(&'static str, String)>> = r
        .traces
        .iter()
        .map(|t| outcome_lines(s, &t.outcome))
        .collect();
    match per.as_slice() {
        [one] => lines.extend(one.iter().map(|(_, l)| l.clone())),
        [july, october] => {
            // Labels in July's order, October's own ones where they fall.
            let mut labels: Vec<&str> = july.iter().map(|(k, _)| *k).collect();
            for (i, (k, _)) in october.iter().enumerate() {
                if !labels.contains(k) {
                    labels.insert(i.min(labels.len()), k);
                }
            }
            let find = |v: &[(&str, String)], k: &str| {
                v.iter().find(|(x, _)| *x == k).map(|(_, l)| l.clone())
            };
            for k in labels {
                let (j, o) = (find(july, k), find(october, k));
                // A line one edition lacks (nothing never reached, nothing scored) is left out
                // there: the other edition's line stands alone, marked.
                if j == o {
                    lines.extend(j);
                } else {
                    lines.extend(j.map(|l| format!("July: {l}")));
                    lines.extend(o.map(|l| format!("October: {l}")));
                }
            }
        }
        _ => {}
    }
    let parts = r
        .rows
        .iter()
        .find(|x| {
            matches!(
                x.flag,
                Flag::OutcomeDiffers | Flag::StepsDiffer | Flag::RouteDiffers
            )
        })
        .map(|x| x.n);
    let mut renumbered = Vec::new();
    let mut renumbered_steps = 0;
    // Steps citing other rules in October (not a renumbering, the same outcome).
    let mut other_rules = 0;
    if let [a, b] = r.traces.as_slice() {
        let eds = Editions::get();
        for row in r.rows.iter().filter(|x| x.flag == Flag::NumbersDiffer) {
            let Some(i) = row.steps[0] else { continue };
            let mut renumbers = false;
            for &c in &a.steps[i].cites {
                if !cite_differs(c, a.edition, b.edition) {
                    continue;
                }
                renumbers = true;
                let (x, y) = (
                    eds.edition(a.edition).resolve(c),
                    eds.edition(b.edition).resolve(c),
                );
                if let (Some(m), Some(n)) = (x.number(), y.number()) {
                    let mark = if matches!(y, Cited::Inferred { .. }) {
                        " (inferred)"
                    } else {
                        ""
                    };
                    let pair = format!("{} -> {}", top(m), top(n));
                    if top(m) != top(n) && !renumbered.iter().any(|x: &String| x.starts_with(&pair))
                    {
                        renumbered.push(format!("{pair}{mark}"));
                    }
                }
            }
            if renumbers {
                renumbered_steps += 1;
            } else {
                other_rules += 1;
            }
        }
        if r.outcomes_differ() && r.final_differences().is_empty() {
            let n = r
                .rows
                .iter()
                .filter(|x| x.flag == Flag::OutcomeDiffers)
                .count();
            lines.push(format!(
                "July and October: the same final values, but {} differently from step {} (marked OUTCOME).",
                counted(n, "happens", "happen"),
                parts.unwrap_or(0)
            ));
        } else if r.outcomes_differ() {
            lines.push(match parts {
                Some(n) => format!("July and October differ (the lines marked July and October): the editions part at step {n}."),
                None => "July and October differ in their final values (the lines marked July and October).".to_string(),
            });
        } else if let (Some(w), true) = (r.same_game_end(), r.route_differs()) {
            lines.push(format!(
                "July and October: the same outcome ({} wins under both); the route differs from step {} (marked ≠ route).",
                s.name(w),
                parts.unwrap_or(0)
            ));
        } else if let Some(n) = parts {
            lines.push(format!(
                "July and October: the same outcome; from step {n} some steps are taken under one edition only (marked ≠ steps)."
            ));
        } else {
            lines.push("July and October: the same outcome, by the same steps.".to_string());
        }
        if renumbered_steps > 0 {
            let mut shown: Vec<String> =
                renumbered.iter().take(RENUMBERED_SHOWN).cloned().collect();
            if renumbered.len() > RENUMBERED_SHOWN {
                shown.push("...".into());
            }
            let which = if shown.is_empty() {
                String::new()
            } else {
                format!(": {}", shown.join(", "))
            };
            lines.push(format!(
                "{} rules renumbered in October{which}.",
                counted(renumbered_steps, "cites", "cite")
            ));
        }
        if other_rules > 0 {
            lines.push(format!(
                "{} other rules in October, with the same result.",
                counted(other_rules, "cites", "cite")
            ));
        }
    }
    Answer {
        lines,
        editions_part_at: parts,
        renumbered_steps,
        renumbered,
    }
}
