//! The summary after the full table (`--steps all`): each edition's outcome as labelled lines,
//! and the comparison of the editions (outcomes, routes, rule numbers).

use super::*;

pub(super) fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// The summary lines of one outcome.
pub(super) fn summary_lines(s: &Situation, o: &Outcome) -> Vec<(String, String)> {
    let mut v = vec![
        ("Resolved, in order".to_string(), list_or_none(&o.resolved)),
        ("Countered".to_string(), list_or_none(&o.countered)),
    ];
    if !o.banished.is_empty() {
        v.push(("Banished".into(), o.banished.join(", ")));
    }
    if !o.returned.is_empty() {
        v.push(("Returned to hand".into(), o.returned.join(", ")));
    }
    let refused: Vec<String> = o
        .refused
        .iter()
        .map(|(id, why)| format!("{id} ({why})"))
        .collect();
    v.push(("Refused".into(), list_or_none(&refused)));
    if !o.unreached.is_empty() {
        let ids: Vec<&str> = o.unreached.iter().map(|(id, _)| id.as_str()).collect();
        v.push((
            "Unreached".into(),
            format!(
                "{} (the replay ended: {})",
                ids.join(", "),
                o.unreached[0].1
            ),
        ));
    }
    if !o.unused.is_empty() {
        v.push(("Unused actions".into(), o.unused.join("; ")));
    }
    if o.shows_killed() {
        v.push(("Killed".into(), list_or_none(&o.killed)));
    }
    let state = o.state.map_or("unknown", |st| st.title());
    v.push((
        "Final state".into(),
        format!(
            "{state}; Priority: {}; Focus: {}{}",
            o.priority.map_or("nobody", |p| s.name(p)),
            o.focus.map_or("nobody", |p| s.name(p)),
            if o.showdown_ended {
                "; a showdown ended"
            } else {
                ""
            }
        ),
    ));
    if let Some(b) = &o.board {
        v.extend(board_summary(s, b));
    }
    if let Some(l) = legion_line(o) {
        v.push(("Legion".into(), l));
    }
    if let Some(t) = next_turns_line(s, o) {
        v.push(("Next turns".into(), t));
    }
    v.push(("Replay ended".into(), o.ended.clone()));
    v
}

/// The Legion verdicts of an outcome ("a: active when finalized, not active when it resolved"),
/// if any (812.1.c, 419.4.b).
pub(super) fn legion_line(o: &Outcome) -> Option<String> {
    if o.legion.is_empty() {
        return None;
    }
    let l: Vec<String> = o
        .legion
        .iter()
        .map(|v| {
            let f = if v.finalized { "active" } else { "not active" };
            match v.resolved {
                Some(r) if r != v.finalized => {
                    format!(
                        "{}: {f} when finalized, {} when it resolved",
                        v.id,
                        if r { "active" } else { "not active" }
                    )
                }
                _ => format!("{}: {f}", v.id),
            }
        })
        .collect();
    Some(l.join("; "))
}

/// The next turns, when they are not the plain order after the Turn Player (an extra turn);
/// none after a win, the game being over.
pub(super) fn next_turns_line(s: &Situation, o: &Outcome) -> Option<String> {
    let plain = (1..=s.players.len()).map(|k| (s.turn + k) % s.players.len());
    if o.next_turns.is_empty() || o.next_turns.iter().copied().take(s.players.len()).eq(plain) {
        return None;
    }
    let turns: Vec<&str> = o
        .next_turns
        .iter()
        .take(s.players.len() + 2)
        .map(|p| s.name(*p))
        .collect();
    Some(turns.join(", "))
}

/// The summary blocks: one when the editions' outcomes agree, else one per edition.
pub(super) fn summaries(r: &Report) -> Vec<(String, Vec<(String, String)>)> {
    let same = r.traces.len() == 2 && r.traces[0].outcome == r.traces[1].outcome;
    r.traces
        .iter()
        .take(if same { 1 } else { r.traces.len() })
        .map(|t| {
            let heading = if same || r.traces.len() == 1 {
                "Summary".to_string()
            } else {
                format!("Summary under {}", t.edition.title())
            };
            (heading, summary_lines(r.situation, &t.outcome))
        })
        .collect()
}

pub(super) fn differences(r: &Report) -> Vec<String> {
    if r.traces.len() < 2 {
        return Vec::new();
    }
    let numbers = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::NumbersDiffer)
        .count();
    let outcome = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::OutcomeDiffers)
        .count();
    let steps = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::StepsDiffer)
        .count();
    let finals = r.final_differences();
    let mut v = Vec::new();
    let stopped = r.traces.iter().any(|t| t.error.is_some());
    let identical = outcome == 0 && finals.is_empty() && r.traces[0].outcome == r.traces[1].outcome;
    if let (Some(w), false, false) = (r.same_game_end(), r.outcomes_differ(), identical) {
        let name = r.situation.name(w);
        v.push(format!("Outcomes: the same under July and October: {name} wins the game under both, with the same points, kills, control and resolutions (after the game's end, its state is no outcome)."));
        let route = r
            .rows
            .iter()
            .filter(|x| x.flag == Flag::RouteDiffers)
            .count();
        if route > 0 {
            v.push(format!(
                "Route: {} differently on the way (marked ≠ route).",
                counted(route, "happens", "happen")
            ));
        }
    } else if identical {
        // A replay stopped by an error compares only the steps taken before it.
        v.push(if stopped {
            "Outcomes: the same under July and October up to where the replay stopped (see the error).".to_string()
        } else {
            "Outcomes: the same under July and October.".to_string()
        });
    } else if finals.is_empty() {
        v.push(format!(
            "OUTCOMES DIFFER along the way: {} differently (marked OUTCOME); the final values are the same.",
            counted(outcome, "happens", "happen")
        ));
    } else {
        v.push(format!(
            "OUTCOMES DIFFER: {} differently (marked OUTCOME).",
            counted(outcome, "happens", "happen")
        ));
        for (name, july, october) in &finals {
            v.push(format!(
                "  {name} at the end: July {july}; October {october}"
            ));
        }
    }
    if steps > 0 {
        v.push(format!(
            "Steps: {} under one edition only and {} nothing shown (marked ≠ steps).",
            counted(steps, "is taken", "are taken"),
            if steps == 1 { "changes" } else { "change" }
        ));
    }
    if numbers > 0 {
        v.push(format!(
            "Rule numbers: {} different numbers (marked ≠).",
            counted(numbers, "cites", "cite")
        ));
    } else {
        v.push("Rule numbers: no step cites a different established number.".to_string());
    }
    v
}

/// "1 step happens" or "3 steps happen": `n` steps with the verb agreeing.
pub(super) fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 step {one}")
    } else {
        format!("{} steps {many}", crate::engine::thousands(n))
    }
}
