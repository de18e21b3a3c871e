//! Event triggers (board extension, "Triggers"): abilities on the board that watch an event
//! other than their carrier's own play or death: another unit dying (`unit_dies`), their
//! controller stunning a unit (`you_stun`), a unit being readied (`ready`) or dealt damage
//! (`damaged`); the unit an event was about, which the item names `that_unit`; and the "Nth time"
//! limit (`nth`) on those and on `you_play` (383.1.b). Each is checked once its event has been
//! processed (383.2.c), so a carrier that left the board in that same event does not see it
//! (383.2.c.2).

use super::*;

/// An event on the board that event triggers watch.
#[derive(Debug, Clone, Copy)]
pub(super) enum Event {
    /// A unit died: it and its controller.
    Died(usize, Option<PlayerId>),
    /// A unit became stunned by an effect this player controls.
    Stunned(usize, PlayerId),
    /// A unit went from exhausted to ready.
    Readied(usize),
    /// A unit was dealt damage.
    Damaged(usize),
}

impl Event {
    /// The unit the event is about.
    fn unit(self) -> usize {
        match self {
            Event::Died(u, _) | Event::Stunned(u, _) | Event::Readied(u) | Event::Damaged(u) => u,
        }
    }
}

/// How many times each `nth` trigger's condition has been met this turn, by the trigger's
/// address (a board carrier's trigger is one object for the whole replay).
pub(super) type NthSeen = foldhash::HashMap<usize, u32>;

/// Whether a unit of `owner` is on `side` as the trigger's controller `of` sees it.
fn on_side(side: Side, of: Option<PlayerId>, owner: Option<PlayerId>) -> bool {
    match side {
        Side::Any => true,
        Side::Friendly => of.is_some() && of == owner,
        Side::Enemy => of.is_some() && owner.is_some() && of != owner,
    }
}

impl<'s> Engine<'s> {
    /// The triggers on the board that `events` (happening together) set off: for each carrier
    /// on the board, each of its triggers once per event it watches, or, with `nth`, once if
    /// these events bring the turn's count to N (383.1.b). Units dying in the event are off
    /// the board already, so their own triggers do not see it (383.2.c.2).
    pub(super) fn fire_events(&mut self, events: &[Event]) -> Vec<Fired<'s>> {
        let mut fired = Vec::new();
        for k in 0..self.board.with_triggers.len() {
            let o = self.board.with_triggers[k];
            let perm = &self.board.perms[o];
            if perm.place().is_none() {
                continue;
            }
            let triggers: &'s [Trigger] = perm.triggers;
            let controller = self.board.controller(o);
            for t in triggers {
                let met: Vec<usize> = events
                    .iter()
                    .filter(|e| self.watches(t.on, o, controller, **e))
                    .map(|e| e.unit())
                    .collect();
                // With `nth`, the first of the instances met together is the one (383.1.b).
                let times = self.nth_times(t, met.len());
                if let (Some(n), 0, false) = (t.nth, times, met.is_empty()) {
                    let seen = self
                        .nth_seen
                        .get(&(std::ptr::from_ref(t) as usize))
                        .copied();
                    let seen = seen.unwrap_or(0) as usize;
                    self.step(
                        controller,
                        format!(
                            "{}: not triggered, its condition is met for the {} time this turn, and it triggers only the {}",
                            t.item.id,
                            if met.len() > 1 {
                                format!("{} to {}", ordinal(seen + 1 - met.len()), ordinal(seen))
                            } else {
                                ordinal(seen)
                            },
                            ordinal(n as usize)
                        ),
                        &[Cite::NthTime],
                        Vec::new(),
                    );
                }
                for &u in met.iter().take(times) {
                    fired.push(Fired {
                        trigger: t,
                        about: Some(u),
                        controller: controller.unwrap_or(self.s.turn),
                        source: Some(o),
                        no_controller: controller.is_none(),
                    });
                }
            }
        }
        fired
    }

    /// Whether a trigger `on` of carrier `o` (controlled by `of`) watches event `e`.
    fn watches(&self, on: TriggerOn, o: usize, of: Option<PlayerId>, e: Event) -> bool {
        match (on, e) {
            (TriggerOn::UnitDies { of: side }, Event::Died(u, owner)) => {
                u != o && on_side(side, of, owner)
            }
            (TriggerOn::YouStun { of: side }, Event::Stunned(u, by)) => {
                of == Some(by) && on_side(side, of, self.board.perms[u].controller)
            }
            (TriggerOn::Ready { friendly: false }, Event::Readied(u)) => u == o,
            (TriggerOn::Ready { friendly: true }, Event::Readied(u)) => {
                of.is_some() && self.board.perms[u].controller == of
            }
            (TriggerOn::Damaged { of: None }, Event::Damaged(u)) => u == o,
            (TriggerOn::Damaged { of: Some(side) }, Event::Damaged(u)) => {
                on_side(side, of, self.board.perms[u].controller)
            }
            _ => false,
        }
    }

    /// How many times a trigger whose condition `met` instances meet at once fires: `met`
    /// without `nth`; with `nth: N`, once if this brings the turn's count (from `met_before`)
    /// from below N to N or more, else never (383.1.b).
    pub(super) fn nth_times(&mut self, t: &'s Trigger, met: usize) -> usize {
        if met == 0 {
            return 0;
        }
        let Some(n) = t.nth else { return met };
        let key = std::ptr::from_ref(t) as usize;
        let before = *self.nth_seen.entry(key).or_insert(t.met_before);
        let after = before.saturating_add(u32::try_from(met).unwrap_or(u32::MAX));
        self.nth_seen.insert(key, after);
        usize::from(before < n && n <= after)
    }

    /// Puts the triggers `events` set off on the Chain as pending, `cause` naming the events,
    /// with 383.2.c.
    pub(super) fn event_triggers(&mut self, events: &[Event], cause: &str) -> Res {
        let fired = self.fire_events(events);
        if fired.is_empty() {
            return Ok(());
        }
        self.put_triggers(fired, cause, &[Cite::TriggerAfterEvent])?;
        Ok(())
    }

    /// After units died in one action (`dead`: those that went to the trash or ceased to
    /// exist, not those whose death was replaced): the `unit_dies` triggers of the board.
    pub(super) fn units_died(&mut self, dead: &[usize]) -> Res {
        let events: Vec<Event> = dead
            .iter()
            .filter(|&&d| self.board.perms[d].kind == BoardKind::Unit)
            .map(|&d| Event::Died(d, self.board.perms[d].controller))
            .collect();
        if events.is_empty() {
            return Ok(());
        }
        // A carrier that died in this action does not see the others (383.2.c.2).
        let blind: Vec<String> = dead
            .iter()
            .filter(|&&d| {
                dead.len() > 1
                    && self.board.perms[d]
                        .triggers
                        .iter()
                        .any(|t| matches!(t.on, TriggerOn::UnitDies { .. }))
            })
            .map(|&d| self.board.perms[d].id.clone())
            .collect();
        if !blind.is_empty() {
            self.step(
                None,
                format!(
                    "{} died in the same action, so {} \"when another unit dies\" abilities do not see the others die",
                    effects::join_and(&blind),
                    if blind.len() == 1 { "its" } else { "their" }
                ),
                &[Cite::TriggerLeftZone],
                Vec::new(),
            );
        }
        let cause = self.died_cause(dead);
        self.event_triggers(&events, &cause)
    }

    /// The other units unit `u`'s controller controls at its location (a facedown card is not
    /// a unit): none means `u` is alone there. Units dying in the same action are still there.
    pub(super) fn companions(&self, u: usize) -> Vec<String> {
        let me = &self.board.perms[u];
        let Some(place) = me.place() else {
            return Vec::new();
        };
        self.board
            .perms
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                *i != u
                    && p.kind == BoardKind::Unit
                    && p.controller == me.controller
                    && p.place() == Some(place)
            })
            .map(|(_, p)| p.id.clone())
            .collect()
    }

    /// Whether trigger `t` of unit `u`, an `alone` one, may fire (383.2.a.1); when it may not,
    /// a step says who is with the unit. `what` names the event ("dies", "attacks").
    pub(super) fn alone_or_say(&mut self, t: &Trigger, u: usize, what: &str) -> bool {
        if !t.alone {
            return true;
        }
        let with = self.companions(u);
        if with.is_empty() {
            return true;
        }
        let id = self.board.perms[u].id.clone();
        self.step(
            self.board.perms[u].controller,
            format!(
                "{}: not triggered, {id} {what} but not alone: {} {} with it",
                t.item.id,
                effects::join_and(&with),
                if with.len() == 1 { "is" } else { "are" }
            ),
            &[Cite::ConditionAttached],
            Vec::new(),
        );
        false
    }

    /// The id an effect of item `by` names: `that_unit` is the unit its trigger's event was
    /// about (the id it had; gone from the board, it is a unit no longer there).
    pub(super) fn event_id<'a>(&'a self, by: usize, id: &'a str) -> &'a str {
        match self.inst[by].about {
            Some(u) if id == THAT_UNIT => &self.board.perms[u].id,
            _ => id,
        }
    }

    /// After damage was dealt to `units` at once (a Deal action, or all combat damage): the
    /// `damaged` triggers of the board.
    pub(super) fn units_damaged(&mut self, units: &[usize]) -> Res {
        if units.is_empty() {
            return Ok(());
        }
        let events: Vec<Event> = units.iter().map(|&u| Event::Damaged(u)).collect();
        let ids: Vec<String> = units
            .iter()
            .map(|&u| self.board.perms[u].id.clone())
            .collect();
        let cause = format!(
            "{} {} dealt damage",
            effects::join_and(&ids),
            if ids.len() == 1 { "was" } else { "were" }
        );
        self.event_triggers(&events, &cause)
    }

    /// The triggers that item `idx`'s card, just resolved, sets off as a play (419.4.a): the
    /// `you_play` triggers of its controller's board objects, the `opponent_play` triggers of
    /// the other players', and its own `you_play` with `nth` (a "your Nth card" trigger sees
    /// its carrier's own play). A `you_play` with `nth` fires only if the card is the Nth of
    /// its kind its controller has played this turn; one that does not is shown.
    pub(super) fn play_watchers(&mut self, idx: usize) -> Vec<Fired<'s>> {
        let spec = self.inst[idx].spec;
        let controller = self.inst[idx].controller;
        let iid = self.inst[idx].iid.clone();
        let mut watching: Vec<&'s Trigger> = spec
            .triggers
            .iter()
            .filter(|t| matches!(t.on, TriggerOn::YouPlay(_)) && t.nth.is_some())
            .collect();
        let mut others: Vec<(&'s Trigger, PlayerId)> = Vec::new();
        for k in 0..self.board.with_triggers.len() {
            let obj = &self.board.perms[self.board.with_triggers[k]];
            if obj.place().is_none() || obj.controller.is_none() {
                continue;
            }
            let triggers: &'s [Trigger] = obj.triggers;
            for t in triggers {
                match t.on {
                    TriggerOn::YouPlay(_) if obj.controller == Some(controller) => watching.push(t),
                    TriggerOn::OpponentPlay(kind)
                        if obj.controller != Some(controller)
                            && kind.matches(Some(spec.kind), spec.token) =>
                    {
                        others.push((t, obj.controller.unwrap_or(controller)));
                    }
                    _ => {}
                }
            }
        }
        let mut fired = Vec::new();
        for t in watching {
            let TriggerOn::YouPlay(kind) = t.on else {
                continue;
            };
            if !kind.matches(Some(spec.kind), spec.token) {
                continue;
            }
            if let Some(n) = t.nth {
                let at = self.played_position(controller, kind, &iid);
                if at != Some(n as usize) {
                    let at = at.map_or_else(|| "not counted".to_string(), ordinal);
                    self.step(
                        Some(controller),
                        format!(
                            "{}: not triggered, {iid} is the {at} {} {} has played this turn, not the {}",
                            t.item.id,
                            if kind == CardKind::Card { "card" } else { kind.word() },
                            self.name(controller),
                            ordinal(n as usize)
                        ),
                        &[Cite::NthTime],
                        Vec::new(),
                    );
                    continue;
                }
            }
            fired.push(Fired::new(t, controller));
        }
        fired.extend(others.into_iter().map(|(t, p)| Fired::new(t, p)));
        fired
    }
}

/// 1st, 2nd, 3rd, 4th, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
