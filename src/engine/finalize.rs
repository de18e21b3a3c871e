//! Finalize (337): the oldest pending item is finalized (337.1, 337.1.b) without moving
//! Priority, after its "you may" and costs are settled (`costs`); cards count as played from here (419.4.b) and Legion is judged (812.1.c); `chosen`
//! triggers go on before the item resolves (383.4.b.2); units, gear and Add abilities resolve at
//! once (337.2, 429.2); then Priority goes to the controller of the newest item (337.4, 312.2.c).

use super::*;

impl<'s> Engine<'s> {
    /// Finalize (337): the oldest pending item; Priority does not move (337.1.a).
    pub(super) fn finalize(&mut self) -> Res {
        let Some(pos) = self.oldest_pending() else {
            self.after_chain_change(None);
            return Ok(());
        };
        let idx = self.chain[pos];
        let spec = self.inst[idx].spec;
        let controller = self.inst[idx].controller;
        let refusal = match self.inst[idx].origin {
            Origin::Instructed => self.entry_refusal(controller, spec),
            // A played unit was checked when played; only Ambush's permission can lapse (822.3).
            Origin::Played if spec.keys.unit.as_ref().is_some_and(|u| u.ambush) => {
                self.entry_refusal(controller, spec)
            }
            _ => None,
        };
        if let Some((why, cites)) = refusal {
            let iid = self.inst[idx].iid.clone();
            self.chain.remove(pos);
            self.inst[idx].fate = Some("was refused");
            self.out.refused.push((iid.to_string(), why.clone()));
            self.step(
                Some(controller),
                format!("{iid} cannot be finalized: {why}; the play is undone"),
                &cites,
                Vec::new(),
            );
            self.after_chain_change(None);
            return Ok(());
        }
        if self.inst[idx].origin == Origin::Instructed {
            if let Some(m) = self.missing_target(spec, Some(idx)) {
                let t = &m.id;
                let iid = self.inst[idx].iid.clone();
                self.chain.remove(pos);
                self.inst[idx].fate = Some("was refused");
                self.out.refused.push((
                    iid.to_string(),
                    format!("its target {t} was gone when it was finalized"),
                ));
                self.step(
                    Some(controller),
                    format!("{iid} cannot be finalized: its target {t} is gone; the instructed play is undone"),
                    &m.cites,
                    Vec::new(),
                );
                self.after_chain_change(None);
                return Ok(());
            }
        }
        if !self.settle_finalize(pos, idx)? {
            self.after_chain_change(None);
            return Ok(());
        }
        self.inst[idx].status = Status::Finalized;
        self.fepr_since_expiration = true;
        self.outstanding(Cite::CleanupFinalized);
        if self.add_holder.is_some_and(|(i, _)| i != idx) {
            self.add_holder = None;
        }
        let mut notes = Vec::new();
        if self.pending_note && self.inst[idx].origin == Origin::File {
            self.pending_note = false;
            notes.push(Note {
                text: "pending items written in the file are finalized without a timing or target check: the file asserts they were legally begun".into(),
                cites: Vec::new(),
            });
        }
        let iid = self.inst[idx].iid.clone();
        self.step(
            Some(controller),
            format!("{iid} is finalized (oldest pending item; Priority does not move)"),
            &[Cite::FinalizeStep, Cite::FinalizeOldestFirst],
            notes,
        );
        if spec.kind.is_card() {
            if spec.legion {
                let active = self.legion_active(idx);
                self.inst[idx].legion_at_finalize = Some(active);
                self.out.legion.push(LegionVerdict {
                    id: iid.to_string(),
                    finalized: active,
                    resolved: None,
                });
                let what = self.legion_text(idx, active, "when finalized");
                self.step(
                    Some(controller),
                    what,
                    &[Cite::LegionActive, Cite::PlayedMeansFinalized],
                    Vec::new(),
                );
            }
            self.played[controller].push(PlayedCard {
                id: Some(iid.clone()),
                name: None,
                kind: Some(spec.kind),
                token: spec.token,
            });
        }
        // Triggers caused by this item choosing things go on before it resolves (383.4.b.2).
        let mut fired = Vec::new();
        let mut objects = 0;
        for id in spec.chosen_ids() {
            let id = self.event_id(idx, id);
            let before = fired.len();
            if let Some(t) = self.on_chain(id).filter(|&t| t != idx) {
                let c = self.inst[t].controller;
                for tr in &self.inst[t].spec.triggers {
                    if tr.on == TriggerOn::Chosen {
                        fired.push(Fired::new(tr, c));
                    }
                }
            } else if let Some(b) = self.on_board(id) {
                let obj = &self.board.perms[b];
                for tr in obj.triggers {
                    if tr.on == TriggerOn::Chosen {
                        fired.push(Fired::new(
                            tr,
                            self.board.controller(b).unwrap_or(self.s.turn),
                        ));
                    }
                }
            }
            objects += usize::from(fired.len() > before);
        }
        let them = if objects == 1 { "it" } else { "them" };
        self.put_triggers(
            fired,
            &format!("{iid} chose {them}"),
            &[Cite::ChosenTriggers],
        )?;
        if spec.resolves_when_finalized() {
            self.next = Next::Resolve(idx, true);
        } else if self.has_pending() {
            self.next = Next::Finalize;
        } else {
            let newest = *self.chain.last().unwrap_or(&idx);
            let q = self.inst[newest].controller;
            self.priority = Some(q);
            self.passed.clear();
            self.instance_step(
                Some(q),
                format!("All items are finalized: {} receives Priority (controller of the newest item, {})", self.name(q), self.inst[newest].iid),
                &[Cite::PriorityAfterFinalize, Cite::PriorityClosedNextItem],
                Vec::new(),
            );
            self.next = Next::Execute(q);
        }
        Ok(())
    }
}
