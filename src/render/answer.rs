//! The answer block (issue 20, "the answer first"): what a judge asks, before the steps. What
//! resolved, in order, what was countered, refused and killed; on the board the points, the
//! winner, control and scoring; the final state with Priority and Focus; and, where two editions
//! are compared, whether they agree, the step where they part, and the renumbering counted once.
//!
//! A value the editions agree on is one line; one they differ on is one line naming both
//! editions' values and the step where they part for it.
//! Text, Markdown, JSON (`answer`) and the page all print these same lines.

use super::*;
use crate::compare::cite_differs;

/// The answer block of a report: its lines, in order, and what they were made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The lines, without indentation. A value the editions differ on is one line naming both
    /// ("Killed: July a, b; October a (from step 45).").
    pub lines: Vec<String>,
    /// The indices in `lines` of the values the editions differ on.
    pub differing: Vec<usize>,
    /// The first step (1-based, as numbered in the full trace) that happens differently under
    /// the two editions, if any.
    pub editions_part_at: Option<usize>,
    /// How many steps cite a rule whose October number differs from July's (a renumbering, not
    /// a difference of outcome).
    pub renumbered_steps: usize,
    /// The renumbered rules, as "July -> October" at their top-level number, in first-use order.
    pub renumbered: Vec<String>,
}

/// How many notes the notes line names before "...".
const NOTES_SHOWN: usize = 6;

/// How many renumbered rules the line names before "...".
const RENUMBERED_SHOWN: usize = 6;

/// One line of an outcome: its label (which keys the merge of two editions), the separator
/// between its parts, an optional lead ("Battlefields"), and its parts as (name, value):
/// "Resolved: a, then b. Countered: none."
struct Part {
    label: &'static str,
    sep: &'static str,
    lead: Option<&'static str>,
    parts: Vec<(String, String)>,
}

impl Part {
    fn new(label: &'static str, sep: &'static str, parts: Vec<(&'static str, String)>) -> Self {
        Self {
            label,
            sep,
            lead: None,
            parts: parts.into_iter().map(|(n, v)| (n.to_string(), v)).collect(),
        }
    }

    fn with_lead(self, lead: &'static str) -> Self {
        Self {
            lead: Some(lead),
            ..self
        }
    }

    fn lead(&self) -> String {
        self.lead.map_or_else(String::new, |l| format!("{l}: "))
    }

    /// The line under one edition: "Name: value" parts joined by the separator, with a full stop.
    fn line(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(name, v)| format!("{name}: {v}"))
            .collect();
        format!("{}{}.", self.lead(), parts.join(self.sep))
    }

    /// The line for two editions whose values differ somewhere: a part they agree on once, a
    /// part they differ on as "Name: July a; October b", the first of them followed by `step`.
    /// A line one edition lacks counts as "none" there.
    fn merged(july: Option<&Part>, october: Option<&Part>, step: &str) -> String {
        let Some(first) = july.or(october) else {
            return String::new();
        };
        let value = |p: Option<&Part>, name: &str| {
            p.and_then(|p| p.parts.iter().find(|(n, _)| n == name))
                .map_or_else(|| "none".to_string(), |(_, v)| v.clone())
        };
        let mut names: Vec<&String> = first.parts.iter().map(|(n, _)| n).collect();
        for (n, _) in october.map_or(&[][..], |o| &o.parts[..]) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let mut marked = false;
        // The editions' values are kept apart by "; ", and the parts then by a full stop; a line
        // whose parts "; " keeps apart (the End line: names, no lists) keeps it, the editions'
        // values then apart by ", ".
        let (between, sep) = if first.sep == "; " {
            (", ", "; ")
        } else {
            ("; ", ". ")
        };
        let parts: Vec<String> = names
            .into_iter()
            .map(|name| {
                let (j, o) = (value(july, name), value(october, name));
                if j == o {
                    format!("{name}: {j}")
                } else {
                    let at = if marked { "" } else { step };
                    marked = true;
                    format!("{name}: July {j}{between}October {o}{at}")
                }
            })
            .collect();
        format!("{}{}.", first.lead(), parts.join(sep))
    }
}

/// The lines of one outcome, in order.
fn outcome_lines(s: &Situation, t: &Trace) -> Vec<Part> {
    let o = &t.outcome;
    let refused: Vec<String> = o.refused.iter().map(|(id, _)| id.clone()).collect();
    let resolved = if o.resolved.is_empty() {
        "nothing".to_string()
    } else {
        o.resolved.join(", then ")
    };
    let mut v = vec![Part::new(
        "resolved",
        ". ",
        vec![
            ("Resolved", resolved),
            ("Countered", list_or_none(&o.countered)),
            ("Refused", list_or_none(&refused)),
        ],
    )];
    if !o.banished.is_empty() {
        v.push(Part::new(
            "banished",
            ". ",
            vec![("Banished", o.banished.join(", "))],
        ));
    }
    if !o.returned.is_empty() {
        v.push(Part::new(
            "returned",
            ". ",
            vec![("Returned to hand", o.returned.join(", "))],
        ));
    }
    if !o.unreached.is_empty() {
        let ids: Vec<String> = o.unreached.iter().map(|(id, _)| id.clone()).collect();
        v.push(Part::new(
            "unreached",
            ". ",
            vec![(
                "Never reached",
                format!("{} ({})", ids.join(", "), o.unreached[0].1),
            )],
        ));
    }
    // Actions left unused when a play was never reached are so for the same reason, said there.
    if !o.unused.is_empty() && o.unreached.is_empty() {
        v.push(Part::new(
            "unused",
            ". ",
            vec![("Actions left unused", o.unused.join("; "))],
        ));
    }
    if o.shows_killed() {
        v.push(Part::new(
            "killed",
            ". ",
            vec![("Killed", list_or_none(&o.killed))],
        ));
    }
    if let Some(b) = &o.board {
        let summary = board_summary(s, b);
        let get = |k: &str| {
            summary
                .iter()
                .find(|(label, _)| label == k)
                .map(|(_, v)| v.clone())
        };
        let mut points = get("Points").unwrap_or_default();
        if let Some(w) = b.winner {
            let _ = write!(points, "; {} wins and the game is over", s.name(w));
        }
        v.push(Part::new("points", ". ", vec![("Points", points)]));
        // One part per battlefield ("battlefield-1: controlled by Ana"), so two editions'
        // lines differ only where a battlefield does.
        let fields = get("Battlefields").unwrap_or_else(|| "none".into());
        let mut control = Part::new("control", "; ", Vec::new()).with_lead("Battlefields");
        control.parts = fields
            .split("; ")
            .map(|f| match f.split_once(": ") {
                Some((name, v)) => (name.to_string(), v.to_string()),
                None => (f.to_string(), String::new()),
            })
            .collect();
        v.push(control);
        // Scoring, then what a judge asks after a combat: its result, and what the units left
        // took; one line.
        let conquered = get("Conquered").unwrap_or_else(|| "none".into());
        let held = get("Held").unwrap_or_else(|| "none".into());
        let mut scored = Vec::new();
        if conquered != "none" || held != "none" || !b.combats.is_empty() {
            scored.push(("Conquered", conquered));
            // A hold comes only in a Beginning Phase: not named when nothing was held.
            if held != "none" {
                scored.push(("Held", held));
            }
        }
        if !b.combats.is_empty() {
            let results: Vec<String> = b
                .combats
                .iter()
                .map(|(id, r)| format!("{id}: {}", combat_result(s, r, false)))
                .collect();
            scored.push(("Combats", results.join("; ")));
        }
        let hurt = damage_taken(t, b);
        if !hurt.is_empty() {
            scored.push(("Damage marked", hurt.join(", ")));
        }
        if !scored.is_empty() {
            v.push(Part::new("scored", ". ", scored));
        }
    }
    if let Some(l) = legion_line(o) {
        v.push(Part::new("legion", ". ", vec![("Legion", l)]));
    }
    if let Some(t) = next_turns_line(s, o) {
        v.push(Part::new("turns", ". ", vec![("Next turns", t)]));
    }
    let state = o.state.map_or("unknown", |st| st.title());
    v.push(Part::new(
        "end",
        "; ",
        vec![
            ("End", state.to_string()),
            (
                "Priority",
                o.priority.map_or("nobody", |p| s.name(p)).to_string(),
            ),
            ("Focus", o.focus.map_or("nobody", |p| s.name(p)).to_string()),
        ],
    ));
    v
}

/// The units on the board at the end with damage marked, each with the most it had during the
/// replay where that was more ("vanguard 2 (3 at most)"). Damage removed since (at a combat's
/// end, 466; in the Ending Phase, 317) is in the steps, not here.
fn damage_taken(t: &Trace, b: &BoardOutcome) -> Vec<String> {
    let mut most: Vec<(&str, i64)> = Vec::new();
    for c in t.steps.iter().flat_map(|st| st.changes()) {
        if let crate::trace::Change::Damage { id, damage } = c {
            match most.iter_mut().find(|(x, _)| x == id) {
                Some(m) => m.1 = m.1.max(*damage),
                None => most.push((id, *damage)),
            }
        }
    }
    let on_board = |id: &str| {
        b.locations
            .iter()
            .any(|(x, at)| x == id && at != "trash" && at != "gone" && at != "played")
    };
    b.damage
        .iter()
        .filter(|(id, d)| *d > 0 && on_board(id))
        .map(|(id, d)| {
            let peak = most.iter().find(|(x, _)| x == id).map_or(*d, |(_, n)| *n);
            if peak > *d {
                format!("{id} {d} ({peak} at most)")
            } else {
                format!("{id} {d}")
            }
        })
        .collect()
}

/// Whether a step changed what an answer line reports: a unit put in the trash or out of the
/// game (killed), points, or a battlefield's control.
fn changes_line(st: &Step, label: &str) -> bool {
    st.changes().iter().any(|c| match (label, c) {
        ("killed", crate::trace::Change::Location { to, .. }) => to == "trash" || to == "gone",
        ("points" | "scored", crate::trace::Change::Points { .. }) => true,
        ("control", crate::trace::Change::Control { .. }) => true,
        _ => false,
    })
}

/// The first step where the editions part that changed what the line `label` reports (a kill,
/// points, control), else the first step where they part at all.
fn part_for(r: &Report, label: &str, parts: Option<usize>) -> Option<usize> {
    if label == "end" {
        return holders_part(r).or(parts);
    }
    r.rows
        .iter()
        .filter(|x| !matches!(x.flag, Flag::Same | Flag::NumbersDiffer))
        .find(|x| r.steps_of(x).any(|(_, st)| changes_line(st, label)))
        .map(|x| x.n)
        .or(parts)
}

/// The first step after which the two editions' state, Priority or Focus differ, each edition
/// keeping its last step's values through steps the other takes alone.
fn holders_part(r: &Report) -> Option<usize> {
    let mut last: Vec<Option<&Step>> = vec![None; r.traces.len()];
    for row in &r.rows {
        for (k, st) in r.steps_of(row) {
            last[k] = Some(st);
        }
        if let [Some(a), Some(b)] = last.as_slice() {
            if (a.state, a.priority(), a.focus()) != (b.state, b.priority(), b.focus()) {
                return Some(row.n);
            }
        }
    }
    None
}

/// The step at which each edition conquers or holds (the first such step), for the Conquered
/// line: ", July at step 37, October at step 27" when both score the same at different steps.
fn scoring_steps(r: &Report) -> Option<String> {
    let at = |k: usize| {
        r.rows.iter().find_map(|row| {
            let st = r.step_at(row, k)?;
            st.cites
                .iter()
                .any(|c| matches!(c, Cite::ConquerScore | Cite::HoldScore))
                .then_some(row.n)
        })
    };
    match (at(0), at(1)) {
        (Some(j), Some(o)) if j != o => Some(format!(", July at step {j}, October at step {o}")),
        _ => None,
    }
}

/// Renumberings ("460 -> 462", "461 -> 463 (inferred)") in order of their July number, the
/// consecutive ones with the same shift and mark as one range: "460-461 -> 462-463".
fn ranges(pairs: &[String]) -> Vec<String> {
    let mut parsed: Vec<(i64, i64, &str)> = pairs
        .iter()
        .filter_map(|p| {
            let (a, rest) = p.split_once(" -> ")?;
            let (b, mark) = rest.split_once(' ').unwrap_or((rest, ""));
            Some((a.parse().ok()?, b.parse().ok()?, mark))
        })
        .collect();
    if parsed.len() != pairs.len() {
        return pairs.to_vec();
    }
    parsed.sort_unstable();
    // (first, last, shift, mark) per range.
    let mut out: Vec<(i64, i64, i64, &str)> = Vec::new();
    for (a, b, mark) in parsed {
        match out.last_mut() {
            Some((_, end, shift, m)) if *end + 1 == a && b - a == *shift && *m == mark => *end = a,
            _ => out.push((a, a, b - a, mark)),
        }
    }
    out.into_iter()
        .map(|(a, end, shift, mark)| {
            let sp = if mark.is_empty() { "" } else { " " };
            if a == end {
                format!("{a} -> {}{sp}{mark}", a + shift)
            } else {
                format!("{a}-{end} -> {}-{}{sp}{mark}", a + shift, end + shift)
            }
        })
        .collect()
}

/// "1 line" or "N lines".
fn lines_word(n: usize) -> String {
    if n == 1 {
        "1 line".to_string()
    } else {
        format!("{n} lines")
    }
}

/// The top-level rule of a number: `465` for `465.2.c`.
fn top(n: &str) -> &str {
    n.split('.').next().unwrap_or(n)
}

/// The answer block of `r`.
pub fn answer(r: &Report) -> Answer {
    let s = r.situation;
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
    let mut lines = Vec::new();
    let mut differing = Vec::new();
    // A replay stopped by an error answers only up to there.
    let stopped = r.traces.iter().any(|t| t.error.is_some());
    if stopped {
        lines.push(
            "The replay stopped at an error (see it): what follows holds up to there.".to_string(),
        );
    }
    let per: Vec<Vec<Part>> = r.traces.iter().map(|t| outcome_lines(s, t)).collect();
    match per.as_slice() {
        [july, october] => {
            // Labels in July's order, October's own ones where they fall.
            let mut labels: Vec<&str> = july.iter().map(|p| p.label).collect();
            for (i, p) in october.iter().enumerate() {
                if !labels.contains(&p.label) {
                    labels.insert(i.min(labels.len()), p.label);
                }
            }
            let find =
                |v: &'_ [Part], k: &str| -> Option<usize> { v.iter().position(|p| p.label == k) };
            for k in labels {
                let (j, o) = (
                    find(july, k).map(|i| &july[i]),
                    find(october, k).map(|i| &october[i]),
                );
                let (jl, ol) = (j.map(Part::line), o.map(Part::line));
                if jl == ol {
                    // The same score at different steps says when each edition scores.
                    let when = (k == "scored").then(|| scoring_steps(r)).flatten();
                    lines.extend(match (j, when) {
                        (Some(p), Some(w)) => {
                            let mut p = Part {
                                parts: p.parts.clone(),
                                ..*p
                            };
                            p.parts[0].1.push_str(&w);
                            Some(p.line())
                        }
                        _ => jl,
                    });
                } else {
                    // One line per difference, naming the step where the editions part for it.
                    let at = part_for(r, k, parts);
                    let step = at.map_or_else(String::new, |n| format!(" (from step {n})"));
                    differing.push(lines.len());
                    lines.push(Part::merged(j, o, &step));
                }
            }
        }
        [one] => lines.extend(one.iter().map(Part::line)),
        _ => {}
    }
    // The notes after the steps, numbered in order of first use as the steps number them.
    let mut notes: Vec<(String, usize)> = Vec::new();
    for l in noted_lines(r) {
        for t in l.notes {
            if !notes.iter().any(|(x, _)| *x == t) {
                notes.push((t, l.n.parse().unwrap_or(0)));
            }
        }
    }
    if !notes.is_empty() {
        let at: Vec<String> = notes
            .iter()
            .enumerate()
            .take(NOTES_SHOWN)
            .map(|(k, (t, n))| {
                // A note of one edition's step says so: "Note (July only): ...".
                let only = split_note(t).0.map_or(String::new(), |e| format!(", {e}"));
                format!("[{}] step {n}{only}", k + 1)
            })
            .collect();
        let more = if notes.len() > NOTES_SHOWN {
            ", ..."
        } else {
            ""
        };
        // Notes all of one edition's steps say so once.
        let eds_of: Vec<String> = notes
            .iter()
            .map(|(t, _)| split_note(t).0.unwrap_or_default().to_string())
            .collect();
        let one = eds_of
            .first()
            .filter(|e| !e.is_empty() && eds_of.iter().all(|x| x == *e))
            .cloned();
        // Where the outcomes differ, the notes may hold the reading a result rests on.
        let differ = r.outcomes_differ();
        lines.push(match &one {
            Some(e) if differ && notes.len() <= NOTES_SHOWN => {
                let steps: Vec<String> = notes.iter().map(|(_, n)| n.to_string()).collect();
                let which = if notes.len() == 1 {
                    "note [1]".to_string()
                } else {
                    format!("notes [1] to [{}]", notes.len())
                };
                format!(
                    "Read {which} before ruling, after the steps ({e}'s steps {}).",
                    steps.join(", ")
                )
            }
            _ => {
                let lead = if differ {
                    "Read the notes before ruling"
                } else {
                    "Notes after the steps"
                };
                format!("{lead}: {}{more}.", at.join("; "))
            }
        });
    }
    let mut renumbered = Vec::new();
    let mut renumbered_steps = 0;
    // Steps citing other rules in October (not a renumbering, the same outcome).
    let mut other_rules = 0;
    if let [a, b] = r.traces.as_slice() {
        let eds = Editions::get();
        // Every step both editions take: a renumbering shows there as `≠` on a number.
        for row in &r.rows {
            let (Some(i), Some(_)) = (row.steps.get(0), row.steps.get(1)) else {
                continue;
            };
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
            } else if row.flag == Flag::NumbersDiffer {
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
                "July and October: the same final values, but {} differently from step {}.",
                counted(n, "happens", "happen"),
                parts.unwrap_or(0)
            ));
        } else if r.outcomes_differ() {
            lines.push(match parts {
                Some(n) => format!(
                    "July and October differ ({} above): the editions part at step {n}.",
                    lines_word(differing.len())
                ),
                None => format!(
                    "July and October differ in their final values ({} above).",
                    lines_word(differing.len())
                ),
            });
        } else if let (Some(w), true) = (r.same_game_end(), r.route_differs()) {
            lines.push(format!(
                "July and October: the same outcome ({} wins under both); the route differs from step {}.",
                s.name(w),
                parts.unwrap_or(0)
            ));
        } else if let Some(n) = parts {
            lines.push(format!(
                "July and October: the same outcome; from step {n} some steps are taken under one edition only."
            ));
        } else if stopped {
            lines.push(
                "July and October: the same outcome up to where the replay stopped.".to_string(),
            );
        } else {
            lines.push("July and October: the same outcome, by the same steps.".to_string());
        }
        if renumbered_steps > 0 {
            let ranged = ranges(&renumbered);
            let mut shown: Vec<String> = ranged.iter().take(RENUMBERED_SHOWN).cloned().collect();
            if ranged.len() > RENUMBERED_SHOWN {
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
        differing,
        editions_part_at: parts,
        renumbered_steps,
        renumbered,
    }
}

/// The lines of the rows that carry a note, in order: a row whose steps have none is passed
/// over without being told (most rows of a long Chain).
fn noted_lines<'r>(r: &'r Report<'_>) -> impl Iterator<Item = Line> + 'r {
    let eds = editions(r);
    r.rows.iter().filter_map(move |row| {
        if r.steps_of(row).any(|(_, st)| !st.notes().is_empty()) {
            line_of(r, &eds, row)
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn renumberings_with_one_shift_read_as_ranges() {
        let pairs: Vec<String> = [
            "464 -> 466",
            "420 -> 421 (inferred)",
            "465 -> 467",
            "466 -> 468",
            "460 -> 462",
            "461 -> 463 (inferred)",
            "470 -> 469",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            ranges(&pairs),
            [
                "420 -> 421 (inferred)",
                "460 -> 462",
                "461 -> 463 (inferred)",
                "464-466 -> 466-468",
                "470 -> 469",
            ]
        );
        // Something else than a renumbering of top-level rules is left as it is.
        let odd = vec!["a -> b".to_string()];
        assert_eq!(ranges(&odd), odd);
    }
}
