//! The status effects (board extension 3.6): stun (423.1; not again, 423.1.a.1), ready (415.1;
//! not a ready unit, 415.1.c) and exhaust (414.1; not an exhausted one, 414.1.c). A unit that
//! becomes stunned or ready sets off the event triggers that watch it (`you_stun`, `ready`).

use super::*;
use events::Event;

impl<'s> Engine<'s> {
    /// Stun (423.1): the units become stunned (until the Expiration Step); one already
    /// stunned is not stunned again (423.1.a.1). Those that became stunned set off their
    /// item's controller's `you_stun` triggers.
    pub(in crate::engine) fn stun_effect(&mut self, by: usize, units: &[usize]) -> Res {
        let controller = self.inst[by].controller;
        let (already, fresh): (Vec<usize>, Vec<usize>) = units
            .iter()
            .partition(|&&u| self.board.unit(u).keys.stunned);
        if !already.is_empty() {
            self.step(
                Some(controller),
                format!(
                    "{} {} already stunned: {} not stunned again{}",
                    self.ids(&already),
                    if already.len() == 1 { "is" } else { "are" },
                    if already.len() == 1 {
                        "it is"
                    } else {
                        "they are"
                    },
                    if self.watched(|on| matches!(on, TriggerOn::YouStun { .. })) {
                        ", and no \"when you stun\" ability sees it"
                    } else {
                        ""
                    },
                ),
                &[Cite::StunAlready],
                Vec::new(),
            );
        }
        if fresh.is_empty() {
            return Ok(());
        }
        for &u in &fresh {
            self.board.unit_mut(u).keys.stunned = true;
            self.board.this_turn.insert(u);
        }
        let ids = self.ids(&fresh);
        self.step(
            Some(controller),
            format!(
                "{ids} {} stunned",
                if fresh.len() == 1 { "is" } else { "are" }
            ),
            &[Cite::StunAction],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        let events: Vec<Event> = fresh
            .iter()
            .map(|&u| Event::Stunned(u, controller))
            .collect();
        self.event_triggers(&events, &format!("{} stunned {ids}", self.name(controller)))
    }

    /// Ready (415.1): each exhausted unit becomes ready, setting off `ready` triggers; a ready
    /// one is unchanged and readies nothing (415.1.c).
    pub(in crate::engine) fn ready_effect(&mut self, by: usize, units: &[usize]) -> Res {
        let controller = self.inst[by].controller;
        let (fresh, already): (Vec<usize>, Vec<usize>) = units
            .iter()
            .partition(|&&u| self.board.unit(u).keys.exhausted);
        if !already.is_empty() {
            self.step(
                Some(controller),
                format!(
                    "{} {} already ready: nothing happens to {}{}",
                    self.ids(&already),
                    if already.len() == 1 { "is" } else { "are" },
                    if already.len() == 1 { "it" } else { "them" },
                    if self.watched(|on| matches!(on, TriggerOn::Ready { .. })) {
                        ", and no \"when ... is readied\" ability sees it"
                    } else {
                        ""
                    },
                ),
                &[Cite::ReadyAlready],
                Vec::new(),
            );
        }
        if fresh.is_empty() {
            return Ok(());
        }
        for &u in &fresh {
            self.board.unit_mut(u).keys.exhausted = false;
        }
        let ids = self.ids(&fresh);
        self.step(
            Some(controller),
            format!(
                "{ids} {} readied",
                if fresh.len() == 1 { "is" } else { "are" }
            ),
            &[Cite::ReadyAction],
            Vec::new(),
        );
        let events: Vec<Event> = fresh.iter().map(|&u| Event::Readied(u)).collect();
        self.event_triggers(&events, &format!("{ids} became ready"))
    }

    /// Exhaust (414.1): each ready unit becomes exhausted; an exhausted one is unchanged
    /// (414.1.c).
    pub(in crate::engine) fn exhaust_effect(&mut self, by: usize, units: &[usize]) {
        let controller = self.inst[by].controller;
        let (already, fresh): (Vec<usize>, Vec<usize>) = units
            .iter()
            .partition(|&&u| self.board.unit(u).keys.exhausted);
        if !already.is_empty() {
            self.step(
                Some(controller),
                format!(
                    "{} {} already exhausted: nothing happens to {}",
                    self.ids(&already),
                    if already.len() == 1 { "is" } else { "are" },
                    if already.len() == 1 { "it" } else { "them" },
                ),
                &[Cite::ExhaustAlready],
                Vec::new(),
            );
        }
        if fresh.is_empty() {
            return;
        }
        for &u in &fresh {
            self.board.unit_mut(u).keys.exhausted = true;
        }
        self.step(
            Some(controller),
            format!(
                "{} {} exhausted",
                self.ids(&fresh),
                if fresh.len() == 1 { "is" } else { "are" }
            ),
            &[Cite::ExhaustAction],
            Vec::new(),
        );
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
