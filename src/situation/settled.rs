//! Board files describe a settled moment (board extension, principle 4): every cleanup due has
//! been done, so a state a cleanup would have changed is an input error here, never a hidden
//! first cleanup (section 7 of the extension). Also the cross-checks between board keys that
//! need the whole file: battlefield counts, facedown cards, the showdown's battlefield, points,
//! `end_turn`. Help texts say what to write in plain words; the rules behind a check are the
//! replay's to cite, in the edition replayed.

use super::*;
use crate::diag::Problem;
use std::collections::HashMap;

/// The board checks of section 7, for a board file.
#[allow(clippy::too_many_lines)]
pub(super) fn check(s: &Situation, keys: &HashMap<&'static str, Loc>, problems: &mut Vec<Problem>) {
    let key = |k: &str| keys.get(k).copied().unwrap_or_default();
    let n = s.players.len();
    let bfs: Vec<&BoardSpec> = s.battlefields.iter().map(|&i| &s.board[i]).collect();
    // A place or player the file failed to declare has been reported where it is written; the
    // checks of the whole board wait until the board reads in full.
    let known = |p: Option<PlayerId>| p.is_none_or(|p| p < n);
    let placed = |p: Option<Place>| !matches!(p, Some(Place::Battlefield(k)) if k >= bfs.len());
    if s.board
        .iter()
        .any(|b| !known(b.controller) || !placed(b.keys.place))
        || s.showdown
            .as_ref()
            .is_some_and(|sd| sd.place.is_some_and(|k| k >= bfs.len()))
    {
        return;
    }
    // Every battlefield in play is declared (485.4, 487.4, 488.4).
    let needed = if n <= 2 { 2 } else { 3 };
    if bfs.len() < needed {
        problems.push(
            Problem::new(
                "battlefields",
                key("board"),
                format!("a {n}-player game has at least {needed} battlefields; the file declares {}", bfs.len()),
            )
            .label("battlefields missing")
            .help("declare every battlefield in play with `kind: battlefield`: the final point depends on all of them"),
        );
    }
    // Units by battlefield and player.
    let mut present: Vec<Vec<Vec<&BoardSpec>>> = vec![vec![Vec::new(); n]; bfs.len()];
    for b in s.board.iter().filter(|b| b.kind == BoardKind::Unit) {
        // A battlefield or player the file failed to declare is already reported; a unit
        // pointing at it takes no part in these checks.
        if let (Some(Place::Battlefield(k)), Some(c)) = (b.keys.place, b.controller) {
            if let Some(slot) = present.get_mut(k).and_then(|by| by.get_mut(c)) {
                slot.push(b);
            }
        }
        if let Some(u) = &b.keys.unit {
            let (might, keyword) = starting_might(s, b, u);
            if u.damage > 0 && u.damage >= might {
                problems.push(
                    Problem::new(
                        "lethal_at_start",
                        b.loc_of("damage"),
                        format!(
                            "`{}` starts with lethal damage ({} damage, Might {might}{keyword})",
                            b.id, u.damage
                        ),
                    )
                    .label("lethal")
                    .help("the cleanup would have killed it: lower `damage` or remove the unit"),
                );
            }
        }
    }
    let combat_bf = s
        .showdown
        .as_ref()
        .filter(|sd| sd.combat)
        .and_then(|sd| sd.place);
    let showdown_bf = s.showdown.as_ref().and_then(|sd| sd.place);
    for b in s.board.iter().filter(|b| b.kind == BoardKind::Unit) {
        if let Some(u) = &b.keys.unit {
            if u.might_this_combat != 0
                && (combat_bf.is_none() || b.keys.place != combat_bf.map(Place::Battlefield))
            {
                problems.push(
                    Problem::new(
                        "might_this_combat",
                        b.loc_of("might_this_combat"),
                        "\"this combat\" Might needs a combat under way at this unit's battlefield",
                    )
                    .label("no combat here")
                    .help("remove `might_this_combat`, or write the combat in `showdown`"),
                );
            }
        }
    }
    let chain_empty = s.chain.is_empty();
    for (k, bf) in bfs.iter().enumerate() {
        let with_units: Vec<PlayerId> = (0..n).filter(|&p| !present[k][p].is_empty()).collect();
        let contester = bf.battlefield.contested_by;
        let here = showdown_bf == Some(k);
        if with_units.len() >= 3 {
            let third = present[k][with_units[2]][0];
            problems.push(
                Problem::new(
                    "three_players",
                    third.loc_of("at"),
                    format!("units of three players at {}", bf.name),
                )
                .label("a third player's unit")
                .help("a battlefield holds units of at most two players"),
            );
        }
        for &p in &with_units {
            if bf.controller != Some(p) && contester.is_none() {
                let u = present[k][p][0];
                problems.push(
                    Problem::new("not_contested", u.loc_of("at"), format!("{}'s unit is at {}, which {} does not control, and it is not Contested", s.name(p), bf.name, s.name(p)))
                        .label("uncontested")
                        .help(format!("Contested would have been applied: add `contested_by: {}` to {}", s.name(p), bf.name)),
                );
            }
        }
        if let Some(c) = contester {
            if present[k][c].is_empty() && !here {
                problems.push(
                    Problem::new(
                        "contested_by",
                        bf.loc_of("contested_by"),
                        format!("{} contests {} but has no units there", s.name(c), bf.name),
                    )
                    .label("no units of the contester")
                    .help("the cleanup would have removed Contested: remove `contested_by`"),
                );
            } else if chain_empty && s.showdown.is_none() {
                problems.push(
                    Problem::new("unstarted_showdown", bf.loc_of("contested_by"), format!("{} is Contested by {}, who has units there, with nothing on the Chain and no showdown", bf.name, s.name(c)))
                        .label("a showdown or combat would have begun")
                        .help("the cleanup would have begun a showdown or combat: write `showdown:`, or start before the move"),
                );
            }
        }
        if let Some(c) = bf.controller {
            if present[k][c].is_empty() && chain_empty && !here {
                problems.push(
                    Problem::new("empty_control", bf.loc_of("controller"), format!("{} controls {} but has no units there, with an empty Chain and no showdown there", s.name(c), bf.name))
                        .label("control would be lost")
                        .help("the cleanup would have removed it: write `controller: none`"),
                );
            }
        }
        // Facedown cards.
        let facedown: Vec<&BoardSpec> = s
            .board
            .iter()
            .filter(|f| {
                f.kind == BoardKind::Facedown && f.keys.place == Some(Place::Battlefield(k))
            })
            .collect();
        if facedown.len() > 1 {
            problems.push(
                Problem::new(
                    "two_facedown",
                    facedown[1].loc_of("at"),
                    format!("two facedown cards at {}", bf.name),
                )
                .label("second facedown card")
                .help("a battlefield holds at most one facedown card"),
            );
        }
        for f in facedown {
            if f.controller != bf.controller {
                problems.push(
                    Problem::new(
                        "facedown_control",
                        f.loc_of("at"),
                        format!(
                            "{}'s facedown card is at {}, which they do not control",
                            f.controller.map_or("nobody", |p| s.name(p)),
                            bf.name
                        ),
                    )
                    .label("not their battlefield")
                    .help("the cleanup would have removed it"),
                );
            }
        }
    }
    // The showdown's battlefield.
    if let Some(sd) = &s.showdown {
        let loc = keys
            .get("showdown.battlefield")
            .copied()
            .unwrap_or_else(|| key("showdown"));
        if let Some(k) = sd.place {
            let bf = bfs[k];
            let with_units: Vec<PlayerId> = (0..n).filter(|&p| !present[k][p].is_empty()).collect();
            let others: Vec<PlayerId> = with_units
                .iter()
                .copied()
                .filter(|&p| Some(p) != bf.controller)
                .collect();
            // 12.16: with two or more players other than its controller there, the file names
            // who applied Contested (in a combat too: section 12 wins over 3.1's default).
            let written = bf.key_locs.iter().any(|(k, _)| *k == "contested_by");
            if !written && others.len() > 1 {
                problems.push(
                    Problem::new(
                        "showdown_battlefield",
                        loc,
                        "several players could have applied Contested here",
                    )
                    .label("who contested?")
                    .help("name who applied Contested: add `contested_by` to the battlefield"),
                );
            }
            if sd.combat {
                let a = sd.attacker;
                if bf.battlefield.contested_by.is_some() && bf.battlefield.contested_by != a {
                    problems.push(
                        Problem::new(
                            "showdown_battlefield",
                            bf.loc_of("contested_by"),
                            "in a combat the battlefield is Contested by the attacker",
                        )
                        .label("not the attacker")
                        .help("write `contested_by:` naming the attacker, or remove it"),
                    );
                }
                if a.is_some() && bf.controller == a {
                    problems.push(
                        Problem::new("showdown_battlefield", loc, "the attacker controls this battlefield: a player does not attack where they are in control")
                            .label("controlled by the attacker")
                            .help("the attacker is the player who contested the battlefield"),
                    );
                }
            } else {
                if bf.battlefield.contested_by.is_none() && others.is_empty() {
                    problems.push(
                        Problem::new("showdown_battlefield", loc, format!("nobody contests {}: no player other than its controller has units there", bf.name))
                            .label("no contester")
                            .help("a showdown happens at a Contested battlefield: add the contester's units, or `contested_by`"),
                    );
                }
                if chain_empty && with_units.len() >= 2 {
                    problems.push(
                        Problem::new("showdown_battlefield", key("showdown"), "a non-combat showdown with two players' units there and an empty Chain")
                            .label("it would be a combat showdown")
                            .help("the cleanup would have made it a combat showdown: add `combat: true` and the designations"),
                    );
                }
            }
        }
    }
    // Before the Scoring Step nothing has been scored this turn (470), and from `step: start`
    // Awaken has readied the Turn Player's units (315.1) while the last turn's Expiration Step
    // ended every "this turn" effect and stun (317.2.c, 423.1.a.2).
    if s.phase == Phase::Beginning {
        for bf in &bfs {
            if !bf.battlefield.scored_this_turn.is_empty() {
                problems.push(
                    Problem::new(
                        "scored_before_scoring",
                        bf.loc_of("scored_this_turn"),
                        "nothing is scored this turn before the Beginning Phase's Scoring Step",
                    )
                    .label("too early")
                    .help("remove `scored_this_turn`"),
                );
            }
        }
    }
    if s.step == Some(PhaseStep::Start) {
        for b in s.board.iter().filter(|b| b.kind == BoardKind::Unit) {
            let Some(u) = &b.keys.unit else { continue };
            let bad: [(bool, &str, &str); 3] = [
                (
                    u.might_this_turn != 0,
                    "might_this_turn",
                    "\"this turn\" effects ended at the last turn's Expiration Step",
                ),
                (
                    u.stunned,
                    "stunned",
                    "stuns ended at the last turn's Expiration Step",
                ),
                (
                    u.exhausted && b.controller == Some(s.turn),
                    "exhausted",
                    "Awaken has readied the Turn Player's units",
                ),
            ];
            for (is_bad, key, why) in bad {
                if is_bad {
                    problems.push(
                        Problem::new("not_settled", b.loc_of(key), format!("`{key}` cannot hold when the Beginning Phase is about to begin: {why}"))
                            .label("impossible here")
                            .help(format!("remove `{key}`")),
                    );
                }
            }
        }
    }
    // Points: the game would be over (323.1).
    for p in 0..n {
        if s.points[p] >= s.victory_score && (0..n).all(|q| q == p || s.points[q] < s.points[p]) {
            problems.push(
                Problem::new("game_over", key("points"), format!("{} has {} points, at least the victory score of {} and more than every opponent", s.name(p), s.points[p], s.victory_score))
                    .label("already won")
                    .help("the game would be over: lower the points"),
            );
        }
    }
    // Plays of facedown cards, moves, `end_turn`.
    let facedown_at: HashMap<&str, (&BoardSpec, Option<Place>)> = s
        .board
        .iter()
        .filter(|f| f.kind == BoardKind::Facedown)
        .map(|f| (f.id.as_str(), (f, f.keys.place)))
        .collect();
    for a in &s.actions {
        match &a.kind {
            ActionKind::Play(item) => {
                if let Some((f, place)) =
                    item.facedown.as_deref().and_then(|id| facedown_at.get(id))
                {
                    if f.controller != item.controller {
                        problems.push(
                            Problem::new(
                                "facedown_owner",
                                item.loc_of("facedown"),
                                format!("`{}` is another player's facedown card", f.id),
                            )
                            .label("not theirs")
                            .help("a player plays only their own hidden cards"),
                        );
                    }
                    if item.keys.place.is_some() && item.keys.place != *place {
                        problems.push(
                            Problem::new(
                                "facedown_at",
                                item.loc_of("at"),
                                "a hidden card is played at its battlefield",
                            )
                            .label("another place")
                            .help("remove `at`: it defaults to the facedown card's battlefield"),
                        );
                    }
                }
            }
            ActionKind::EndTurn(p) if *p != s.turn || s.phase == Phase::Ending => {
                let msg = if *p != s.turn {
                    format!("only the Turn Player ({}) ends the turn", s.name(s.turn))
                } else {
                    "the turn is already in its Ending Phase".to_string()
                };
                problems.push(
                    Problem::new("end_turn", a.loc, msg)
                        .label("not possible")
                        .help("write `end_turn: <the Turn Player>` from the Main Phase"),
                );
            }
            _ => {}
        }
    }
    // One `move` effect moves one player's units (3.6).
    let controller_of: HashMap<&str, Option<PlayerId>> = s
        .board
        .iter()
        .filter(|b| b.kind == BoardKind::Unit)
        .map(|b| (b.id.as_str(), b.controller))
        .collect();
    let mut check_effects = |effects: &[Effect]| {
        for e in effects {
            if let EffectKind::Move { targets, .. } = &e.kind {
                let cs: Vec<Option<PlayerId>> = targets
                    .iter()
                    .filter_map(|t| controller_of.get(t.as_str()).copied())
                    .collect();
                if cs.windows(2).any(|w| w[0] != w[1]) {
                    problems.push(
                        Problem::new(
                            "move_controllers",
                            e.loc,
                            "one `move` effect moves one player's units",
                        )
                        .label("units of several players")
                        .help("write one `move` effect per player"),
                    );
                }
            }
        }
    };
    for it in &s.chain {
        check_effects(&it.effects);
    }
    for a in &s.actions {
        if let ActionKind::Play(it) = &a.kind {
            check_effects(&it.effects);
        }
    }
    for b in &s.board {
        for t in &b.triggers {
            check_effects(&t.item.effects);
        }
    }
}

/// A unit's Might when the file starts (its current Might, 143.2): `might` and its "this turn"
/// and "this combat" changes, plus, in a file that starts in a combat, Assault for the
/// attacker's units at its battlefield and Shield for the defender's, which have their
/// designations from the start (807.1.c, 814.1.c). Returns the Might and, when a keyword counts,
/// the words saying so.
fn starting_might(s: &Situation, b: &BoardSpec, u: &UnitKeys) -> (i64, String) {
    let might = u.might + u.might_this_turn + u.might_this_combat;
    let Some(sd) = s.showdown.as_ref().filter(|sd| sd.combat) else {
        return (might, String::new());
    };
    if sd.place.is_none() || b.keys.place != sd.place.map(Place::Battlefield) {
        return (might, String::new());
    }
    let bonus = if b.controller.is_some() && b.controller == sd.attacker {
        u.assault.map(|n| (n, "Assault", "an attacker"))
    } else if b.controller.is_some() && b.controller == sd.defender {
        u.shield.map(|n| (n, "Shield", "a defender"))
    } else {
        None
    };
    match bonus {
        Some((n, keyword, role)) => (
            might + n,
            format!(" with {keyword} {n}, as {role} in the combat under way"),
        ),
        None => (might, String::new()),
    }
}
