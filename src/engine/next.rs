//! What may happen next (`chainjudge next`, issue 21): the replay stops where a player must act
//! ([`Stop`]) and lists what the rules let them do there: plays by timing (308-310, 381, 806,
//! 811, 813, 822), standard moves (144; board extension 4.8), passing (339, 347.2, 305), ending
//! the turn (316.9), assigning combat damage (465.2.c), ordering triggers (383.3.d) and choosing
//! a staged combat (461.1).

use super::*;
use crate::next::{ActionWord, Answer, May, NotNow, Stop};
use serde_json::json;

/// The point where a player must act that a replay stopped at.
#[derive(Debug, Clone)]
pub(super) enum Decision {
    /// The player holds Priority (338).
    Priority(PlayerId),
    /// The player assigns their side's combat damage (465.2.c); `then`: the other side's
    /// assigner and total, who assigns next.
    Assign {
        by: PlayerId,
        total: i64,
        /// The units to assign to, in the order lethal must go: (id, damage that is lethal,
        /// Tank, Backline).
        targets: Vec<(String, i64, bool, bool)>,
        then: Option<(PlayerId, i64)>,
        /// The assigner's stunned units, which add no Might to the total (423.1.b).
        stunned: Vec<String>,
    },
    /// The player puts their simultaneous triggers on the Chain in an order (383.3.d).
    Order { by: PlayerId, ids: Vec<String> },
    /// The Turn Player chooses which staged combat or showdown begins (323.12, 323.13, 461.1).
    Begin {
        candidates: Vec<usize>,
        combat: bool,
    },
}

/// The code of the [`ReplayError`] that unwinds a replay stopped at a [`Decision`] taken in the
/// middle of a task; `next` never shows it.
const HALTED: &str = "halted";

/// What may happen next in `s` under `edition`, stopping as `stop` says.
pub fn next(s: &Situation, edition: EditionId, stop: Stop, max_steps: Option<usize>) -> Answer {
    let mut e = Engine::new(s, edition, max_steps);
    e.halt = Some(stop);
    let error = e.run().err().filter(|err| err.code != HALTED);
    let over = match (&e.decision, &error) {
        (Some(_), _) => None,
        (None, Some(err)) => Some(format!("the replay stopped early: {}", err.message)),
        (None, None) => Some(if e.out.ended.is_empty() {
            "the replay ended".to_string()
        } else {
            e.out.ended.clone()
        }),
    };
    let (player, may, not_now) = match e.decision.clone() {
        Some(d) => e.choices(d),
        None => (None, Vec::new(), Vec::new()),
    };
    Answer {
        editions: vec![edition],
        after_step: e.steps.len(),
        over,
        player,
        priority: e.priority,
        focus: e.focus,
        state: e.state(),
        phase: e.phase,
        showdown: e.showdown_words(),
        may,
        not_now,
    }
}

impl<'s> Engine<'s> {
    /// Whether `next` stops as `p` receives the chance to act with `next` the next written
    /// action: after the asked step; or, with [`Stop::Unwritten`], when `p` would take no written
    /// action and either the written actions are used up or the replay would end here.
    pub(super) fn halts_at_priority(&self, p: PlayerId, next: Option<usize>) -> bool {
        match self.halt {
            None => false,
            Some(Stop::After(n)) => self.steps.len() >= n,
            Some(Stop::Unwritten) => {
                let takes = next.is_some_and(|i| {
                    let a = &self.s.actions[i];
                    a.actor() == Some(p)
                        && !(matches!(a.kind, ActionKind::EndTurn(_))
                            && (self.state() != TurnState::NeutralOpen
                                || self.phase != Phase::Main))
                });
                !takes && (next.is_none() || (self.chain.is_empty() && self.showdown.is_none()))
            }
        }
    }

    /// Whether `next` stops at a choice (an assignment, which combat begins) that the file
    /// writes (`written`) or leaves to the default.
    pub(super) fn halts_at_choice(&self, written: bool) -> bool {
        match self.halt {
            None => false,
            Some(Stop::After(n)) => self.steps.len() >= n,
            Some(Stop::Unwritten) => !written && self.next_action().is_none(),
        }
    }

    /// Records `d` and returns the error that unwinds the replay to `next`.
    pub(super) fn halted(&mut self, d: Decision) -> ReplayError {
        self.decision = Some(d);
        ReplayError {
            code: HALTED,
            message: String::new(),
            help: String::new(),
            locs: Vec::new(),
        }
    }

    /// The showdown or combat under way, in words.
    fn showdown_words(&self) -> Option<String> {
        let sd = self.showdown?;
        let at = sd
            .bf
            .map_or_else(String::new, |bf| format!(" at {}", self.board.bf_id(bf)));
        Some(match &self.combat {
            Some(c) if sd.combat => format!(
                "a combat{at}: {} attacks, {} defends",
                self.name(c.attacker),
                self.name(c.defender)
            ),
            _ if sd.combat => format!("a combat{at}"),
            _ => format!("a showdown{at}"),
        })
    }

    /// Who acts at `d`, what they may do, and what not.
    fn choices(&self, d: Decision) -> (Option<PlayerId>, Vec<May>, Vec<NotNow>) {
        match d {
            Decision::Priority(p) => {
                let (may, not_now) = self.with_priority(p);
                (Some(p), may, not_now)
            }
            Decision::Assign {
                by,
                total,
                targets,
                then,
                stunned,
            } => (
                Some(by),
                vec![self.assign_choice(by, total, &targets, then, &stunned)],
                Vec::new(),
            ),
            Decision::Order { by, ids } => {
                let what = format!(
                    "order their simultaneous triggers {}: the first written goes on the Chain first and resolves last",
                    join_and(&ids)
                );
                let may = May::new(ActionWord::Order, what, &[Cite::TriggerOrderController])
                    .with("triggers", ids);
                (Some(by), vec![may], Vec::new())
            }
            Decision::Begin { candidates, combat } => {
                let ids: Vec<String> = candidates
                    .iter()
                    .map(|&b| self.board.bf_id(b).to_string())
                    .collect();
                let what = format!(
                    "choose which staged {} begins first: {}",
                    if combat { "combat" } else { "showdown" },
                    join_or(&ids)
                );
                let cites: &[Cite] = if combat {
                    &[Cite::CombatBegins, Cite::CombatChoice]
                } else {
                    &[Cite::ShowdownBegins]
                };
                let may = May::new(ActionWord::Begin, what, cites).with("battlefields", ids);
                (Some(self.s.turn), vec![may], Vec::new())
            }
        }
    }

    /// What `p`, holding Priority, may do and may not.
    fn with_priority(&self, p: PlayerId) -> (Vec<May>, Vec<NotNow>) {
        let mut may = Vec::new();
        let mut not_now = Vec::new();
        let kinds: [(Option<Keyword>, &str, &str); 3] = [
            (
                None,
                "none",
                "a card with no timing keyword (a unit, gear or spell)",
            ),
            (Some(Keyword::Action), "action", "an Action item"),
            (Some(Keyword::Reaction), "reaction", "a Reaction item"),
        ];
        for (keyword, timing, what) in kinds {
            match self.timing_of(p, keyword, false) {
                Ok(cite) => may.push(
                    May::new(ActionWord::Play, format!("play {what}"), &[cite])
                        .with("timing", timing),
                ),
                Err(cite) => not_now.push(NotNow {
                    action: ActionWord::Play,
                    what: what.to_string(),
                    timing: Some(timing),
                    why: self.timing_words(p),
                    cites: vec![cite],
                }),
            }
        }
        self.hidden_and_ambush(p, &mut may);
        let timings: Vec<(&str, Cite)> = kinds
            .iter()
            .filter_map(|(k, t, _)| self.timing_of(p, *k, true).ok().map(|c| (*t, c)))
            .collect();
        if !timings.is_empty() {
            let names: Vec<String> = timings
                .iter()
                .map(|(t, _)| match *t {
                    "none" => "no timing keyword".to_string(),
                    "action" => "Action timing".to_string(),
                    _ => "Reaction timing".to_string(),
                })
                .collect();
            let cites: Vec<Cite> = timings.iter().map(|(_, c)| *c).collect();
            may.push(
                May::new(
                    ActionWord::Activate,
                    format!("activate an ability with {}", join_or(&names)),
                    &cites,
                )
                .with(
                    "timing",
                    timings.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
                ),
            );
        }
        self.moves(p, &mut may, &mut not_now);
        may.push(self.pass_choice(p));
        // `end_turn` is a board file's action (board extension 2): in format 1 the pass ends
        // the Main Phase.
        if self.board_on
            && self.state() == TurnState::NeutralOpen
            && self.phase == Phase::Main
            && p == self.s.turn
        {
            may.push(May::new(
                ActionWord::EndTurn,
                "end the turn: the Ending Phase begins",
                &[Cite::EndTurn],
            ));
        }
        (may, not_now)
    }

    /// Why a card with no timing keyword may not be played now, in words.
    fn timing_words(&self, p: PlayerId) -> String {
        if !self.chain.is_empty() {
            "a Chain exists (the turn is Closed): only Reaction items".into()
        } else if self.showdown.is_some() {
            "a showdown is under way: only Action and Reaction items".into()
        } else if p != self.s.turn {
            format!("it is {}'s turn", self.name(self.s.turn))
        } else {
            String::new()
        }
    }

    /// Plays a board allows beyond the timing keywords: `p`'s facedown cards (Hidden, 811) and
    /// units with Ambush where `p` has units (822.1.b), when a plain card could not be played.
    fn hidden_and_ambush(&self, p: PlayerId, may: &mut Vec<May>) {
        if !self.board_on {
            may.push(self.hidden_unlisted());
            return;
        }
        let hidden: Vec<String> = self
            .board
            .perms
            .iter()
            .filter(|x| {
                x.kind == BoardKind::Facedown
                    && x.controller == Some(p)
                    && matches!(x.zone, board::Zone::Board(_))
            })
            .map(|x| x.id.clone())
            .collect();
        if !hidden.is_empty() {
            may.push(
                May::new(
                    ActionWord::Play,
                    format!("play a facedown card (Hidden): {}", join_or(&hidden)),
                    &[Cite::HiddenKeyword],
                )
                .with("timing", "hidden")
                .with("cards", hidden),
            );
        } else if self.may_hide_unlisted(p) {
            may.push(self.hidden_unlisted());
        }
        let plain = self.timing_of(p, None, false).is_ok();
        let places: Vec<String> = (0..self.board.bfs.len())
            .filter(|&bf| self.board.bfs[bf].has_units(p))
            .map(|bf| self.board.bf_id(bf).to_string())
            .collect();
        if !plain && !places.is_empty() {
            may.push(
                May::new(
                    ActionWord::Play,
                    format!(
                        "play a unit with Ambush to {}, where they have units",
                        join_or(&places)
                    ),
                    &[Cite::AmbushKeyword],
                )
                .with("timing", "ambush")
                .with("to", places),
            );
        }
    }

    /// Whether `p` may hold a facedown card the board file does not list: only at a
    /// battlefield they control (811.1.b; a cleanup trashes it when they lose control, 323.7),
    /// and only when the file lists no facedown card at all (one that lists some lists all).
    fn may_hide_unlisted(&self, p: PlayerId) -> bool {
        let listed = self.s.board.iter().any(|b| b.kind == BoardKind::Facedown);
        !listed && self.board.bfs.iter().any(|b| b.controller == Some(p))
    }

    /// A play from facedown when the file lists no facedown card of the player's: one they hid
    /// may still be played, with Reaction timing (811).
    fn hidden_unlisted(&self) -> May {
        May::new(
            ActionWord::Play,
            "play a card they hid facedown, if they have one (Hidden: any time they hold Priority)",
            &[Cite::HiddenKeyword],
        )
        .with("timing", "hidden")
    }

    /// The standard moves `p` may make (144, 4.8), each ready unit with its destinations, or
    /// why none now. Board files only.
    fn moves(&self, p: PlayerId, may: &mut Vec<May>, not_now: &mut Vec<NotNow>) {
        if !self.board_on {
            return;
        }
        if let Some((why, mut cites)) = self.move_refusal(p, &[], &[], Place::Base) {
            cites.insert(0, Cite::StandardMove);
            not_now.push(NotNow {
                action: ActionWord::Move,
                what: "a standard move".into(),
                timing: None,
                why,
                cites,
            });
            return;
        }
        let mut units = Vec::new();
        let mut exhausted = Vec::new();
        let mut places = vec![Place::Base];
        places.extend((0..self.board.bfs.len()).map(Place::Battlefield));
        for (i, x) in self.board.perms.iter().enumerate() {
            if x.kind != BoardKind::Unit || x.controller != Some(p) || x.place().is_none() {
                continue;
            }
            if self.board.unit(i).keys.exhausted {
                exhausted.push(x.id.clone());
                continue;
            }
            let ids = [x.id.clone()];
            let to: Vec<String> = places
                .iter()
                .filter(|&&to| self.move_refusal(p, &[i], &ids, to).is_none())
                .map(|&to| self.board.place_word(to))
                .collect();
            if !to.is_empty() {
                units.push(json!({
                    "unit": x.id,
                    "from": self.board.place_word(x.place().unwrap_or(Place::Base)),
                    "to": to,
                }));
            }
        }
        if units.is_empty() {
            not_now.push(NotNow {
                action: ActionWord::Move,
                what: "a standard move".into(),
                timing: None,
                why: if exhausted.is_empty() {
                    format!("{} has no unit that may move", self.name(p))
                } else {
                    format!(
                        "{} has no ready unit that may move ({} exhausted)",
                        self.name(p),
                        join_and(&exhausted)
                    )
                },
                cites: vec![Cite::StandardMove, Cite::MoveReady],
            });
            return;
        }
        let list: Vec<String> = units
            .iter()
            .map(|u| {
                let to: Vec<String> = u["to"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                format!(
                    "{} ({} to {})",
                    u["unit"].as_str().unwrap_or_default(),
                    u["from"].as_str().unwrap_or_default(),
                    join_or(&to)
                )
            })
            .collect();
        let mut m = May::new(
            ActionWord::Move,
            format!(
                "make a standard move: exhaust ready units to move them: {}",
                list.join("; ")
            ),
            &[Cite::StandardMove, Cite::MoveCost, Cite::MoveUnits],
        )
        .with("units", units);
        if !exhausted.is_empty() {
            m = m.with("exhausted", exhausted);
        }
        may.push(m);
    }

    /// What `p`'s pass does now (339, 347.2, 305).
    fn pass_choice(&self, p: PlayerId) -> May {
        let n = self.s.players.len();
        let q = self.name(self.s.next_player(p));
        if !self.chain.is_empty() {
            let last = self.passed.len() + 1 == n && !self.passed.contains(&p);
            if last {
                let newest = self.chain.last().map_or("", |&i| self.inst[i].iid.as_str());
                May::new(
                    ActionWord::Pass,
                    format!("pass Priority: everyone has then passed in a row, so {newest}, the newest item, resolves"),
                    &[Cite::PassPriority, Cite::AllPassed, Cite::ResolveNewest],
                )
                .with("does", "resolve")
            } else {
                May::new(
                    ActionWord::Pass,
                    format!("pass Priority: {q} receives it"),
                    &[Cite::PassPriority, Cite::PassToNext],
                )
                .with("does", "pass_priority")
            }
        } else if let Some(sd) = self.showdown {
            let last = self.focus_passed.len() + 1 == n && !self.focus_passed.contains(&p);
            if !last {
                May::new(
                    ActionWord::Pass,
                    format!("pass Focus: {q} gains Focus and Priority"),
                    &[Cite::PassFocus],
                )
                .with("does", "pass_focus")
            } else if sd.combat {
                May::new(
                    ActionWord::Pass,
                    "pass Focus: everyone has then passed in a row, so the combat showdown ends and the Combat Damage Step follows",
                    &[Cite::PassFocus, Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                )
                .with("does", "end_showdown")
            } else {
                May::new(
                    ActionWord::Pass,
                    "pass Focus: everyone has then passed in a row, so the showdown ends",
                    &[
                        Cite::PassFocus,
                        Cite::ShowdownCloses,
                        Cite::NoncombatShowdownCloses,
                    ],
                )
                .with("does", "end_showdown")
            }
        } else {
            May::new(
                ActionWord::Pass,
                "pass with no Chain: the Main Phase ends",
                &[Cite::MainPhaseEnds],
            )
            .with("does", "end_main_phase")
        }
    }

    /// The assignment `by` must make (465.2.c): the total, and the units in the order lethal
    /// must go (Tank first, Backline last).
    fn assign_choice(
        &self,
        by: PlayerId,
        total: i64,
        targets: &[(String, i64, bool, bool)],
        then: Option<(PlayerId, i64)>,
        stunned: &[String],
    ) -> May {
        let both = format!(
            ", Tank and Backline: {} chooses which it follows",
            self.name(by)
        );
        let parts: Vec<String> = targets
            .iter()
            .map(|(id, need, tank, backline)| {
                let mark = match (tank, backline) {
                    (true, true) => both.as_str(),
                    (true, false) => ", Tank",
                    (false, true) => ", Backline",
                    _ => "",
                };
                format!("{id} ({need} is lethal{mark})")
            })
            .collect();
        let mut cites = vec![Cite::AssignDamage, Cite::AssignLethalFirst];
        if targets.iter().any(|t| t.2) {
            cites.push(Cite::TankFirst);
        }
        if targets.iter().any(|t| t.3) {
            cites.push(Cite::BacklineLast);
        }
        if targets.iter().any(|t| t.2 && t.3) {
            cites.push(Cite::AssignConflicting);
        }
        let none_from = if stunned.is_empty() {
            String::new()
        } else {
            cites.push(Cite::StunnedNoMight);
            format!(" ({} stunned: adds none)", join_and(stunned))
        };
        let after = then.map_or_else(String::new, |(q, n)| {
            format!("; then {} assigns {n}", self.name(q))
        });
        May::new(
            ActionWord::Assign,
            format!(
                "{} assigns {} Might{none_from} as combat damage, lethal to each unit in turn before the next: {}{after}",
                self.name(by),
                total,
                parts.join(", ")
            ),
            &cites,
        )
        .with("total", total)
        .with(
            "to",
            targets
                .iter()
                .map(|(id, need, tank, backline)| {
                    json!({"unit": id, "lethal": need, "tank": tank, "backline": backline})
                })
                .collect::<Vec<_>>(),
        )
    }
}
