//! The status effects (board extension 3.6): stun (423.1; not again, 423.1.a.1), ready (415.1;
//! not a ready unit, 415.1.c) and exhaust (414.1; not an exhausted one, 414.1.c). A unit that
//! becomes stunned or ready sets off the event triggers that watch it (`you_stun`, `ready`).

use super::*;
use events::Event;

/// The status an effect gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum UnitStatus {
    /// Stunned (423.1), until the Expiration Step.
    Stunned,
    /// Ready (415.1).
    Ready,
    /// Exhausted (414.1).
    Exhausted,
}

impl UnitStatus {
    /// The word of the step ("stunned", "readied", "exhausted") and its rule; the words of a
    /// unit already so, and its rule.
    fn words(self) -> (&'static str, Cite, &'static str, Cite) {
        match self {
            UnitStatus::Stunned => ("stunned", Cite::StunAction, "stunned", Cite::StunAlready),
            UnitStatus::Ready => ("readied", Cite::ReadyAction, "ready", Cite::ReadyAlready),
            UnitStatus::Exhausted => (
                "exhausted",
                Cite::ExhaustAction,
                "exhausted",
                Cite::ExhaustAlready,
            ),
        }
    }
}

impl<'s> Engine<'s> {
    /// Gives `status` to `units` (one effect of item `by`): a unit that already has it is
    /// unchanged, and the step says so; the others change together, and a stun or a readying
    /// sets off the triggers watching it (`you_stun` for the item's controller, `ready`).
    pub(in crate::engine) fn status_effect(
        &mut self,
        by: usize,
        units: &[usize],
        status: UnitStatus,
    ) -> Res {
        let controller = self.inst[by].controller;
        let (word, cite, already_word, already_cite) = status.words();
        let (already, fresh): (Vec<usize>, Vec<usize>) = units.iter().partition(|&&u| {
            let k = &self.board.unit(u).keys;
            match status {
                UnitStatus::Stunned => k.stunned,
                UnitStatus::Ready => !k.exhausted,
                UnitStatus::Exhausted => k.exhausted,
            }
        });
        let is = |n: usize| if n == 1 { "is" } else { "are" };
        if !already.is_empty() {
            let one = already.len() == 1;
            let what = match status {
                UnitStatus::Stunned if one => "it is not stunned again",
                UnitStatus::Stunned => "they are not stunned again",
                _ if one => "nothing happens to it",
                _ => "nothing happens to them",
            };
            let unseen = match status {
                UnitStatus::Stunned
                    if self.watched(|on| matches!(on, TriggerOn::YouStun { .. })) =>
                {
                    ", and no \"when you stun\" ability sees it"
                }
                UnitStatus::Ready if self.watched(|on| matches!(on, TriggerOn::Ready { .. })) => {
                    ", and no \"when ... is readied\" ability sees it"
                }
                _ => "",
            };
            self.step(
                Some(controller),
                format!(
                    "{} {} already {already_word}: {what}{unseen}",
                    self.ids(&already),
                    is(already.len())
                ),
                &[already_cite],
                Vec::new(),
            );
        }
        if fresh.is_empty() {
            return Ok(());
        }
        for &u in &fresh {
            let keys = &mut self.board.unit_mut(u).keys;
            match status {
                UnitStatus::Stunned => keys.stunned = true,
                UnitStatus::Ready => keys.exhausted = false,
                UnitStatus::Exhausted => keys.exhausted = true,
            }
            if status == UnitStatus::Stunned {
                self.board.this_turn.insert(u);
            }
        }
        let ids = self.ids(&fresh);
        self.step(
            Some(controller),
            format!("{ids} {} {word}", is(fresh.len())),
            &[cite],
            Vec::new(),
        );
        match status {
            UnitStatus::Stunned => {
                self.outstanding(Cite::CleanupStatus);
                let events: Vec<Event> = fresh
                    .iter()
                    .map(|&u| Event::Stunned(u, controller))
                    .collect();
                self.event_triggers(&events, &format!("{} stunned {ids}", self.name(controller)))
            }
            UnitStatus::Ready => {
                let events: Vec<Event> = fresh.iter().map(|&u| Event::Readied(u)).collect();
                self.event_triggers(&events, &format!("{ids} became ready"))
            }
            UnitStatus::Exhausted => Ok(()),
        }
    }

    /// Whether a trigger on the board is of an `on` that `is` picks (so a step can say it
    /// does not fire).
    fn watched(&self, is: impl Fn(TriggerOn) -> bool) -> bool {
        self.board.with_triggers.iter().any(|&o| {
            let p = &self.board.perms[o];
            p.place().is_some() && p.triggers.iter().any(|t| is(t.on))
        })
    }
}
