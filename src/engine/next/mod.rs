//! What may happen next (`chainjudge next`, issue 21): the replay stops where a player must act
//! ([`Stop`]) and lists what the rules let them do there: plays by timing (308-310, 381, 806,
//! 811, 813, 822), standard moves (144; board extension 4.8), passing (339, 347.2, 305), ending
//! the turn (316.9), assigning combat damage (465.2.c), ordering triggers (383.3.d) and choosing
//! a staged combat (461.1).

mod assign;
mod moves;
mod pass;
mod plays;

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
        /// The units to assign to, in the order lethal must go.
        targets: Vec<AssignTarget>,
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

/// A unit an assignment goes to (465.2.c), in the order lethal damage must go.
#[derive(Debug, Clone)]
pub(super) struct AssignTarget {
    pub(in crate::engine) id: String,
    /// The damage that is lethal to it.
    pub(in crate::engine) lethal: i64,
    pub(in crate::engine) tank: bool,
    pub(in crate::engine) backline: bool,
    /// What the default assignment gives it.
    pub(in crate::engine) default: i64,
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
        stopped_on_error: error.is_some(),
        over,
        player,
        priority: e.priority,
        focus: e.focus,
        state: e.state(),
        phase: e.phase,
        showdown: match (&e.decision, e.showdown_words()) {
            (Some(Decision::Assign { .. }), Some(w)) => {
                Some(format!("{w}; the Combat Damage Step"))
            }
            (_, w) => w,
        },
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
                let write = format!("- order: [{}]", ids.join(", "));
                let may = May::new(
                    ActionWord::Order,
                    what,
                    write,
                    &[Cite::TriggerOrderController],
                )
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
                let write = format!("- begin: {}", ids[0]);
                let may = May::new(ActionWord::Begin, what, write, cites).with("battlefields", ids);
                (Some(self.s.turn), vec![may], Vec::new())
            }
        }
    }
}
