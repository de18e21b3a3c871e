//! What is settled while an item is finalized, before it counts as finalized: a trigger's
//! opening "you may" (383.3.a; declined, it leaves the Chain as if it had never triggered,
//! 383.3.a.2) and the item's costs (a trigger's base cost, 383.3.b, 383.3.b.1; a card's
//! additional costs, 204.2.a, 357.2). Paying a cost is part of finalizing, so a cleanup it
//! calls for waits until the item is finalized (320).

use super::*;

impl<'s> Engine<'s> {
    /// Settles item `idx`'s "you may" and costs while it is finalized (it stands at `pos` in
    /// the Chain). Returns false when the item left the Chain instead (declined, or a cost that
    /// cannot be paid), after showing why.
    pub(super) fn settle_finalize(&mut self, pos: usize, idx: usize) -> Res<bool> {
        let spec = self.inst[idx].spec;
        let controller = self.inst[idx].controller;
        let iid = self.inst[idx].iid.clone();
        let trigger = self.inst[idx].origin == Origin::Trigger;
        match spec.may {
            Some(May::Decline) => {
                self.leave_unfinalized(pos, idx, "was declined");
                self.step(
                    Some(controller),
                    format!("{} declines {iid}'s \"you may\" while it is finalized: it leaves the Chain and counts as never having triggered; nothing it would choose is chosen", self.name(controller)),
                    &[Cite::OptionalTrigger, Cite::OptionalDeclined],
                    Vec::new(),
                );
                return Ok(false);
            }
            Some(May::Accept) => self.step(
                Some(controller),
                format!(
                    "{} chooses to perform {iid} (its opening \"you may\", decided while it is finalized)",
                    self.name(controller)
                ),
                &[Cite::OptionalTrigger],
                Vec::new(),
            ),
            None => {}
        }
        if spec.cost.is_empty() {
            return Ok(true);
        }
        let rule = if trigger {
            Cite::TriggerBaseCost
        } else {
            Cite::AdditionalCostRequired
        };
        if let Some(why) = spec.cost.iter().find_map(|e| self.unpayable(Some(idx), e)) {
            self.leave_unfinalized(pos, idx, "could not pay its cost");
            let (what, cites) = if trigger {
                (
                    "it leaves the Chain without being finalized",
                    [rule, Cite::TriggerCostUnpaid],
                )
            } else {
                self.out.refused.push((
                    iid.to_string(),
                    format!("its cost could not be paid: {why}"),
                ));
                ("the play is undone", [rule, Cite::UndoIllegal])
            };
            self.step(
                Some(controller),
                format!("{iid}'s cost cannot be paid ({why}): {what}"),
                &cites,
                Vec::new(),
            );
            return Ok(false);
        }
        let names: Vec<String> = spec
            .cost
            .iter()
            .map(|e| {
                self.cost_name(e)
                    .replace(THAT_UNIT, self.event_id(idx, THAT_UNIT))
            })
            .collect();
        self.step(
            Some(controller),
            format!(
                "{} pays {iid}'s cost while it is finalized, before anyone can respond: {}",
                self.name(controller),
                effects::join_and(&names)
            ),
            &[rule, Cite::PayCosts],
            Vec::new(),
        );
        self.run_list(idx, &spec.cost)?;
        let kept: Vec<String> = spec
            .cost
            .iter()
            .filter_map(|e| match &e.kind {
                EffectKind::Kill(ids) => Some(ids),
                _ => None,
            })
            .flatten()
            .map(|id| self.event_id(idx, id).to_string())
            .filter(|id| self.on_board(id).is_some())
            .collect();
        if !kept.is_empty() {
            self.step(
                Some(controller),
                format!(
                    "{iid}'s cost counts as paid though {}'s death was replaced",
                    effects::join_and(&kept)
                ),
                &[Cite::ReplacedCostPaid],
                Vec::new(),
            );
        }
        Ok(true)
    }

    /// Takes item `idx`, at `pos`, off the Chain before it is finalized (`fate` says why).
    fn leave_unfinalized(&mut self, pos: usize, idx: usize, fate: &'static str) {
        self.chain.remove(pos);
        self.inst[idx].fate = Some(fate);
    }

    /// Why cost `e` of item `by` (an instance, or `None` for a play being made) cannot be paid
    /// now, if it cannot: what it names (`that_unit`: its event's unit) must be on the board,
    /// and a unit to exhaust must be ready (414.4).
    pub(super) fn unpayable(&self, by: Option<usize>, e: &Effect) -> Option<String> {
        let ids: &[String] = match &e.kind {
            EffectKind::Kill(ids)
            | EffectKind::ReturnToHand(ids)
            | EffectKind::Banish(ids)
            | EffectKind::Exhaust(ids) => ids,
            _ => return None,
        };
        for id in ids {
            let id = by.map_or(id.as_str(), |i| self.event_id(i, id));
            match self.on_board(id) {
                None => return Some(format!("{id} is not on the board")),
                Some(u)
                    if matches!(e.kind, EffectKind::Exhaust(_))
                        && self.board.unit(u).keys.exhausted =>
                {
                    return Some(format!("{id} is already exhausted"));
                }
                Some(_) => {}
            }
        }
        None
    }

    /// A cost as a step names it ("kill poro", or its text).
    fn cost_name(&self, e: &Effect) -> String {
        match &e.kind {
            EffectKind::Text => e.text.clone().unwrap_or_else(|| "(no text)".into()),
            _ => self.effect_name(e),
        }
    }
}
