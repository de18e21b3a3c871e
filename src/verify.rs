//! Checking a replay's outcome against the file's `expect` block.

use crate::edition::EditionId;
use crate::render::{cited_numbers, unconfirmed_cited};
use crate::situation::{BoardExpect, CombatResultSpec, ExpectBlock, ScoredSpec, Situation};
use crate::trace::{BoardOutcome, CombatResult, Scored, Trace};
use std::collections::BTreeSet;

/// The expectations that apply under `ed`: top-level keys, replaced key by key by the edition's
/// own block.
pub fn block_for(s: &Situation, ed: EditionId) -> Option<ExpectBlock> {
    let e = s.expect.as_ref()?;
    let mut b = e.common.clone();
    let over = match ed {
        EditionId::July => e.july.as_ref(),
        EditionId::October => e.october.as_ref(),
    };
    if let Some(o) = over {
        macro_rules! take {
            ($($f:ident),*) => { $( if o.$f.is_some() { b.$f = o.$f.clone(); } )* };
        }
        take!(
            resolved,
            countered,
            refused,
            unreached,
            banished,
            priority,
            focus,
            state,
            showdown_ended,
            legion,
            next_turns,
            cites,
            killed
        );
        let (bb, ob) = (&mut b.board, &o.board);
        macro_rules! take_board {
            ($($f:ident),*) => { $( if ob.$f.is_some() { bb.$f = ob.$f.clone(); } )* };
        }
        take_board!(
            points, winner, control, contested, conquered, held, draws, combat, locations, might,
            damage, phase
        );
    }
    Some(b)
}

fn set(v: &[String]) -> BTreeSet<&str> {
    v.iter().map(String::as_str).collect()
}

fn show(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

fn show_set(v: &BTreeSet<&str>) -> String {
    format!("[{}]", v.iter().copied().collect::<Vec<_>>().join(", "))
}

/// A set-valued expectation: its key, the expected ids, the ids the replay produced.
type SetCheck<'a> = (&'static str, &'a Option<Vec<String>>, Vec<String>);

/// Every mismatch between the expectations and the trace, as `key: expected X, got Y` lines.
/// An empty result means the trace meets them.
pub fn mismatches(s: &Situation, t: &Trace) -> Vec<String> {
    let Some(b) = block_for(s, t.edition) else {
        return vec!["no `expect` block: a situation without expectations checks nothing".into()];
    };
    let o = &t.outcome;
    let mut out = Vec::new();
    if let Some(err) = &t.error {
        out.push(format!("the replay stopped: {}", err.message));
    }
    if let Some(exp) = &b.resolved {
        if *exp != o.resolved {
            out.push(format!(
                "resolved: expected {}, got {}",
                show(exp),
                show(&o.resolved)
            ));
        }
    }
    let sets: [SetCheck; 4] = [
        ("countered", &b.countered, o.countered.clone()),
        (
            "refused",
            &b.refused,
            o.refused.iter().map(|(i, _)| i.clone()).collect(),
        ),
        (
            "unreached",
            &b.unreached,
            o.unreached.iter().map(|(i, _)| i.clone()).collect(),
        ),
        ("banished", &b.banished, o.banished.clone()),
    ];
    for (key, exp, got) in sets {
        if let Some(exp) = exp {
            if set(exp) != set(&got) {
                out.push(format!(
                    "{key}: expected {}, got {}",
                    show_set(&set(exp)),
                    show_set(&set(&got))
                ));
            }
        }
    }
    for (key, exp, got) in [
        ("priority", &b.priority, o.priority),
        ("focus", &b.focus, o.focus),
    ] {
        if let Some(exp) = exp {
            let got = got.map(|p| s.name(p).to_string());
            if *exp != got {
                out.push(format!(
                    "{key}: expected {}, got {}",
                    exp.as_deref().unwrap_or("none"),
                    got.as_deref().unwrap_or("none")
                ));
            }
        }
    }
    if let Some(exp) = b.state {
        if Some(exp) != o.state {
            out.push(format!(
                "state: expected {}, got {}",
                exp.word(),
                o.state.map_or("none", |x| x.word())
            ));
        }
    }
    if let Some(exp) = b.showdown_ended {
        if exp != o.showdown_ended {
            out.push(format!(
                "showdown_ended: expected {exp}, got {}",
                o.showdown_ended
            ));
        }
    }
    if let Some(exp) = &b.legion {
        for (id, v) in exp {
            match o.legion.iter().find(|l| l.id == *id) {
                None => {
                    let why = o
                        .refused
                        .iter()
                        .find(|(r, _)| r == id)
                        .map(|(_, why)| format!(" (it was refused: {why})"))
                        .or_else(|| {
                            o.unreached
                                .iter()
                                .any(|(r, _)| r == id)
                                .then(|| " (it was never reached)".to_string())
                        })
                        .unwrap_or_default();
                    out.push(format!(
                        "legion: expected {id}: {v}, but {id} was never finalized{why}"
                    ));
                }
                Some(l) if l.finalized != *v => {
                    out.push(format!("legion: expected {id}: {v}, got {}", l.finalized))
                }
                Some(_) => {}
            }
        }
    }
    if let Some(exp) = &b.next_turns {
        let got: Vec<String> = o
            .next_turns
            .iter()
            .take(exp.len())
            .map(|p| s.name(*p).to_string())
            .collect();
        if *exp != got {
            out.push(format!(
                "next_turns: expected to start {}, got {}",
                show(exp),
                show(&got)
            ));
        }
    }
    if let Some(exp) = &b.killed {
        if set(exp) != set(&o.killed) {
            out.push(format!(
                "killed: expected {}, got {}",
                show_set(&set(exp)),
                show_set(&set(&o.killed))
            ));
        }
    }
    board_mismatches(s, &b.board, o.board.as_ref(), &mut out);
    if let Some(exp) = &b.cites {
        let got = cited_numbers(t);
        // Top-level numbers of a file replaying both editions name July rules: under October,
        // one whose number is unconfirmed there matches the step's unconfirmed citation of
        // that July number, and nothing else.
        let editions = crate::edition::Editions::get();
        let july_named = s.expect.as_ref().is_some_and(|e| {
            e.cites_name_july_rules
                && t.edition == EditionId::October
                && e.october.as_ref().is_none_or(|o| o.cites.is_none())
        });
        let unconfirmed = if july_named {
            unconfirmed_cited(t)
        } else {
            Vec::new()
        };
        let missing: Vec<String> = exp
            .iter()
            .filter(|c| {
                if july_named && editions.unconfirmed_in_october(c) {
                    !unconfirmed.contains(c)
                } else {
                    !got.contains(c)
                }
            })
            .cloned()
            .collect();
        if !missing.is_empty() {
            // The unconfirmed citations, when they could have matched.
            let also = if !july_named
                || (unconfirmed.is_empty()
                    && !missing.iter().any(|c| editions.unconfirmed_in_october(c)))
            {
                String::new()
            } else if unconfirmed.is_empty() {
                "; unconfirmed: none".to_string()
            } else {
                format!(
                    "; unconfirmed: {}",
                    unconfirmed
                        .iter()
                        .map(|j| format!("July {j}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            out.push(format!(
                "cites: {} not cited under {} (cited: {}{also})",
                show(&missing),
                t.edition.title(),
                got.join(", ")
            ));
        }
    }
    out
}

/// A player's name, or "none".
fn name_or_none(s: &Situation, p: Option<usize>) -> String {
    p.map_or_else(|| "none".to_string(), |p| s.name(p).to_string())
}

/// A combat result as `expect.combat` writes it.
fn show_result(s: &Situation, r: &CombatResult) -> String {
    match r {
        CombatResult::NoResult => "no_result".into(),
        CombatResult::Unfinished => "unfinished".into(),
        CombatResult::Won { winner, loser } => format!(
            "{{ winner: {}, loser: {} }}",
            s.name(*winner),
            s.name(*loser)
        ),
    }
}

fn show_spec(r: &CombatResultSpec) -> String {
    match r {
        CombatResultSpec::NoResult => "no_result".into(),
        CombatResultSpec::Unfinished => "unfinished".into(),
        CombatResultSpec::Won { winner, loser } => {
            format!("{{ winner: {winner}, loser: {loser} }}")
        }
    }
}

/// Whether a result of the replay is the one expected.
fn result_matches(s: &Situation, exp: &CombatResultSpec, got: &CombatResult) -> bool {
    match (exp, got) {
        (CombatResultSpec::NoResult, CombatResult::NoResult)
        | (CombatResultSpec::Unfinished, CombatResult::Unfinished) => true,
        (
            CombatResultSpec::Won { winner, loser },
            CombatResult::Won {
                winner: w,
                loser: l,
            },
        ) => s.name(*w) == winner && s.name(*l) == loser,
        _ => false,
    }
}

/// The players who scored that way, by name, in order.
fn scorers<'a>(s: &'a Situation, scored: &[Scored], battlefield: Option<&str>) -> Vec<&'a str> {
    scored
        .iter()
        .filter(|x| battlefield.is_none_or(|b| x.battlefield == b))
        .map(|x| s.name(x.player))
        .collect()
}

/// `conquered` / `held` (3.9): a Conquer whose point became a card drawn (471.1.b.1) still
/// counts, so every scoring of that kind is compared, `drew` or not.
fn scored_mismatch(
    s: &Situation,
    key: &str,
    exp: &ScoredSpec,
    got: &[Scored],
    out: &mut Vec<String>,
) {
    let none_or = |v: &[&str]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            format!("[{}]", v.join(", "))
        }
    };
    match exp {
        ScoredSpec::Nobody => {
            let all = scorers(s, got, None);
            if !all.is_empty() {
                out.push(format!("{key}: expected none, got {}", none_or(&all)));
            }
        }
        ScoredSpec::Players(players) => {
            let want: BTreeSet<&str> = players.iter().map(String::as_str).collect();
            let have: BTreeSet<&str> = scorers(s, got, None).into_iter().collect();
            if want != have {
                let have: Vec<&str> = have.into_iter().collect();
                let want: Vec<&str> = want.into_iter().collect();
                out.push(format!(
                    "{key}: expected {}, got {}",
                    none_or(&want),
                    none_or(&have)
                ));
            }
        }
        ScoredSpec::PerBattlefield(list) => {
            for (bf, players) in list {
                let have = scorers(s, got, Some(bf));
                if have.iter().copied().ne(players.iter().map(String::as_str)) {
                    let want: Vec<&str> = players.iter().map(String::as_str).collect();
                    out.push(format!(
                        "{key}: expected {bf}: {}, got {}",
                        none_or(&want),
                        none_or(&have)
                    ));
                }
            }
        }
    }
}

/// Listed ids only: each expected `id: value` against the replay's.
fn by_id(
    key: &str,
    exp: &[(String, String)],
    got: &[(String, String)],
    missing: &str,
    out: &mut Vec<String>,
) {
    for (id, v) in exp {
        match got.iter().find(|(g, _)| g == id) {
            Some((_, g)) if g == v => {}
            Some((_, g)) => out.push(format!("{key}: expected {id}: {v}, got {g}")),
            None => out.push(format!("{key}: expected {id}: {v}, but {missing}")),
        }
    }
}

/// The board keys of 3.9, compared with the board the replay ended with.
fn board_mismatches(
    s: &Situation,
    b: &BoardExpect,
    o: Option<&BoardOutcome>,
    out: &mut Vec<String>,
) {
    if b.is_empty() {
        return;
    }
    let Some(o) = o else {
        out.push(
            "the board keys of `expect` need a board file, and this replay has no board".into(),
        );
        return;
    };
    let player = |name: &str| s.players.iter().position(|p| p == name);
    for (key, exp, got) in [
        ("points", &b.points, &o.points),
        ("draws", &b.draws, &o.draws),
    ] {
        for (name, v) in exp.iter().flatten() {
            let g = player(name).and_then(|p| got.get(p)).copied().unwrap_or(0);
            if g != *v {
                out.push(format!("{key}: expected {name}: {v}, got {g}"));
            }
        }
    }
    if let Some(exp) = &b.winner {
        let got = o.winner.map(|p| s.name(p).to_string());
        if *exp != got {
            out.push(format!(
                "winner: expected {}, got {}",
                exp.as_deref().unwrap_or("none"),
                name_or_none(s, o.winner)
            ));
        }
    }
    for (key, exp, got) in [
        ("control", &b.control, &o.control),
        ("contested", &b.contested, &o.contested),
    ] {
        for (bf, who) in exp.iter().flatten() {
            let g = got.iter().find(|(id, _)| id == bf).and_then(|(_, p)| *p);
            if who.as_deref() != g.map(|p| s.name(p)) {
                out.push(format!(
                    "{key}: expected {bf}: {}, got {}",
                    who.as_deref().unwrap_or("none"),
                    name_or_none(s, g)
                ));
            }
        }
    }
    if let Some(exp) = &b.conquered {
        scored_mismatch(s, "conquered", exp, &o.conquered, out);
    }
    if let Some(exp) = &b.held {
        scored_mismatch(s, "held", exp, &o.held, out);
    }
    // 12.9: one result means exactly one combat there, with that result; a list is every
    // combat there, in order.
    for (bf, exp) in b.combat.iter().flatten() {
        let got: Vec<&CombatResult> = o
            .combats
            .iter()
            .filter(|(id, _)| id == bf)
            .map(|(_, r)| r)
            .collect();
        let same =
            got.len() == exp.len() && exp.iter().zip(&got).all(|(e, g)| result_matches(s, e, g));
        if !same {
            let want: Vec<String> = exp.iter().map(show_spec).collect();
            let have: Vec<String> = got.iter().map(|r| show_result(s, r)).collect();
            let list = |v: &[String]| {
                if v.is_empty() {
                    "no combat".to_string()
                } else {
                    show(v)
                }
            };
            out.push(format!(
                "combat: expected {bf}: {}, got {}",
                list(&want),
                list(&have)
            ));
        }
    }
    let text = |v: &[(String, i64)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(id, n)| (id.clone(), n.to_string()))
            .collect()
    };
    if let Some(exp) = &b.locations {
        by_id(
            "locations",
            exp,
            &o.locations,
            "it never was on the board",
            out,
        );
    }
    let unit = "it never was a unit on the board";
    if let Some(exp) = &b.might {
        by_id("might", &text(exp), &text(&o.might), unit, out);
    }
    if let Some(exp) = &b.damage {
        by_id("damage", &text(exp), &text(&o.damage), unit, out);
    }
    if let Some(exp) = &b.phase {
        if *exp != o.phase {
            out.push(format!("phase: expected {exp}, got {}", o.phase));
        }
    }
}
