//! The board in reports (board files): each permanent in the header, the final board in the
//! summary, and the board as JSON (the final board, and the changes each step made).

use super::*;

/// A board entry in a board file's header: its controller and kind, where it is, and the values
/// a judge checks (Might, damage, statuses, keywords; a battlefield's contester and scores).
pub(super) fn board_entry(
    s: &Situation,
    b: &crate::situation::BoardSpec,
    controller: &str,
    kind: &str,
) -> String {
    entry(s, b, controller, kind, true)
}

/// [`board_entry`] without where it is, for a line that says it; an empty `kind` is left out.
pub(super) fn board_entry_here(
    s: &Situation,
    b: &crate::situation::BoardSpec,
    controller: &str,
    kind: &str,
) -> String {
    entry(s, b, controller, kind, false)
}

fn entry(
    s: &Situation,
    b: &crate::situation::BoardSpec,
    controller: &str,
    kind: &str,
    with_place: bool,
) -> String {
    use crate::situation::{BoardKind, Place};
    let mut parts = vec![controller.to_string()];
    if !kind.is_empty() {
        parts.push(kind.to_string());
    }
    if b.kind == BoardKind::Battlefield {
        if let Some(c) = b.battlefield.contested_by {
            parts.push(format!("contested by {}", s.name(c)));
        }
        if !b.battlefield.scored_this_turn.is_empty() {
            let who: Vec<&str> = b
                .battlefield
                .scored_this_turn
                .iter()
                .map(|&p| s.name(p))
                .collect();
            parts.push(format!("scored this turn by {}", who.join(", ")));
        }
    } else if b.kind != BoardKind::Legend && with_place {
        let at = match b.keys.place {
            Some(Place::Battlefield(k)) => s.board[s.battlefields[k]].id.clone(),
            _ => "base".to_string(),
        };
        parts.push(format!("at {at}"));
    }
    if let Some(u) = &b.keys.unit {
        let mut might = format!("Might {}", u.might);
        if u.might_this_turn != 0 {
            might.push_str(&format!(" {:+} this turn", u.might_this_turn));
        }
        if u.might_this_combat != 0 {
            might.push_str(&format!(" {:+} this combat", u.might_this_combat));
        }
        parts.push(might);
        if u.damage > 0 {
            parts.push(format!("{} damage", u.damage));
        }
        for (on, word) in [
            (u.exhausted, "exhausted"),
            (u.stunned, "stunned"),
            (u.tank, "Tank"),
            (u.backline, "Backline"),
            (u.ganking, "Ganking"),
        ] {
            if on {
                parts.push(word.to_string());
            }
        }
        if let Some(n) = u.shield {
            parts.push(format!("Shield {n}"));
        }
        if let Some(n) = u.assault {
            parts.push(format!("Assault {n}"));
        }
    }
    for (on, word) in [
        (b.token, "token"),
        (b.keys.temporary, "Temporary"),
        (b.keys.replace_death, "replaces a death"),
    ] {
        if on {
            parts.push(word.to_string());
        }
    }
    if b.keys.extra_death_triggers > 0 {
        parts.push(format!("Deathknells +{}", b.keys.extra_death_triggers));
    }
    format!("{} ({})", b.id, parts.join(", "))
}

/// The summary lines of a board file's final board: points (and cards drawn instead of the
/// final point, if any), the winner, control and Contested per battlefield, conquers and holds,
/// combats and the phase.
pub(super) fn board_summary(s: &Situation, b: &BoardOutcome) -> Vec<(String, String)> {
    let mut v = Vec::new();
    let per_player = |values: &[i64]| -> Vec<String> {
        values
            .iter()
            .enumerate()
            .map(|(p, n)| format!("{} {n}", s.name(p)))
            .collect()
    };
    let mut points = per_player(&b.points).join(", ");
    if b.draws.iter().any(|d| *d > 0) {
        let drew: Vec<String> = b
            .draws
            .iter()
            .enumerate()
            .filter(|(_, d)| **d > 0)
            .map(|(p, d)| format!("{} {d}", s.name(p)))
            .collect();
        let _ = write!(
            points,
            "; cards drawn instead of the final point: {}",
            drew.join(", ")
        );
    }
    v.push(("Points".to_string(), points));
    if let Some(w) = b.winner {
        v.push(("Winner".to_string(), s.name(w).to_string()));
    }
    let bfs: Vec<String> = b
        .control
        .iter()
        .map(|(id, c)| {
            let mut t = format!(
                "{id}: {}",
                c.map_or("uncontrolled".to_string(), |p| format!(
                    "controlled by {}",
                    s.name(p)
                ))
            );
            if let Some(p) = b
                .contested
                .iter()
                .find(|(x, _)| x == id)
                .and_then(|(_, p)| *p)
            {
                let _ = write!(t, ", contested by {}", s.name(p));
            }
            t
        })
        .collect();
    let bfs = if bfs.is_empty() {
        "none".to_string()
    } else {
        bfs.join("; ")
    };
    v.push(("Battlefields".to_string(), bfs));
    let scored = |list: &[crate::trace::Scored]| -> String {
        let items: Vec<String> = list
            .iter()
            .map(|x| {
                let drew = if x.drew {
                    " (a card drawn instead of the point)"
                } else {
                    ""
                };
                format!("{} at {}{drew}", s.name(x.player), x.battlefield)
            })
            .collect();
        list_or_none(&items)
    };
    v.push(("Conquered".to_string(), scored(&b.conquered)));
    v.push(("Held".to_string(), scored(&b.held)));
    if !b.combats.is_empty() {
        let c: Vec<String> = b
            .combats
            .iter()
            .map(|(id, r)| format!("{id}: {}", combat_result(s, r, true)))
            .collect();
        v.push(("Combats".to_string(), c.join("; ")));
    }
    let phase = match b.phase.as_str() {
        "beginning" => "Beginning Phase",
        "main" => "Main Phase",
        "ending" => "Ending Phase",
        "ended" => "the turn ended",
        other => other,
    };
    v.push(("Phase".to_string(), phase.to_string()));
    v
}

/// A combat's result in words: "Ana won", "No Result", "unfinished"; `whole` adds the loser
/// and why an unfinished combat has no result (the summary), the answer is shorter.
pub(super) fn combat_result(s: &Situation, r: &CombatResult, whole: bool) -> String {
    match (r, whole) {
        (CombatResult::NoResult, _) => "No Result".into(),
        (CombatResult::Unfinished, true) => {
            "unfinished (the replay ended before its result)".into()
        }
        (CombatResult::Unfinished, false) => "unfinished".into(),
        (CombatResult::Won { winner, loser }, true) => {
            format!("{} won, {} lost", s.name(*winner), s.name(*loser))
        }
        (CombatResult::Won { winner, .. }, false) => format!("{} won", s.name(*winner)),
    }
}

/// The line of a board file's first board key.
pub(super) fn board_key_line(s: &Situation) -> usize {
    s.board_model
        .as_ref()
        .map_or(0, |m| crate::diag::line_col(&s.source, m.loc.offset).0)
}

/// A board file's final board as JSON, with the names of the keys of `expect` (3.9).
pub(super) fn json_board(s: &Situation, b: &BoardOutcome) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let per_player = |values: &[i64]| -> Map<String, Value> {
        values
            .iter()
            .enumerate()
            .map(|(p, n)| (s.name(p).to_string(), json!(n)))
            .collect()
    };
    let per_bf = |list: &[(String, Option<PlayerId>)]| -> Vec<Value> {
        list.iter()
            .map(|(id, p)| json!({"battlefield": id, "player": p.map(|p| s.name(p))}))
            .collect()
    };
    let scored = |list: &[crate::trace::Scored]| -> Vec<Value> {
        list.iter()
            .map(|x| {
                json!({"battlefield": x.battlefield, "player": s.name(x.player), "drew": x.drew})
            })
            .collect()
    };
    let by_id = |list: &[(String, i64)]| -> Map<String, Value> {
        list.iter().map(|(id, n)| (id.clone(), json!(n))).collect()
    };
    json!({
        "points": per_player(&b.points),
        "draws": per_player(&b.draws),
        "winner": b.winner.map(|p| s.name(p)),
        "control": per_bf(&b.control),
        "contested": per_bf(&b.contested),
        "conquered": scored(&b.conquered),
        "held": scored(&b.held),
        "combat": b.combats.iter().map(|(id, r)| match r {
            CombatResult::NoResult => json!({"battlefield": id, "result": "no_result"}),
            CombatResult::Unfinished => json!({"battlefield": id, "result": "unfinished"}),
            CombatResult::Won { winner, loser } => json!({
                "battlefield": id,
                "result": "won",
                "winner": s.name(*winner),
                "loser": s.name(*loser),
            }),
        }).collect::<Vec<Value>>(),
        "locations": b.locations.iter().map(|(id, at)| (id.clone(), json!(at))).collect::<Map<String, Value>>(),
        "might": by_id(&b.might),
        "damage": by_id(&b.damage),
        "phase": b.phase,
    })
}

/// A board change as JSON: `{ "damage": { "id": .., "damage": .. } }` and so on.
pub(super) fn json_change(s: &Situation, c: &crate::trace::Change) -> serde_json::Value {
    use crate::trace::Change;
    let who = |p: &Option<usize>| p.map(|p| s.name(p).to_string());
    match c {
        Change::Damage { id, damage } => {
            serde_json::json!({"damage": {"id": id, "damage": damage}})
        }
        Change::Might { id, might } => serde_json::json!({"might": {"id": id, "might": might}}),
        Change::Location { id, to } => serde_json::json!({"location": {"id": id, "to": to}}),
        Change::Control {
            battlefield,
            controller,
        } => {
            serde_json::json!({"control": {"battlefield": battlefield, "controller": who(controller)}})
        }
        Change::Contested { battlefield, by } => {
            serde_json::json!({"contested": {"battlefield": battlefield, "by": who(by)}})
        }
        Change::Points { player, points } => {
            serde_json::json!({"points": {"player": s.name(*player), "points": points}})
        }
    }
}
