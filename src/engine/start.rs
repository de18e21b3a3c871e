//! Where the replay starts (situation-format.md, "Where the replay starts"): the cards played
//! before the file, the board, the Chain as written, and who holds Priority: pending items are
//! finalized first (337.1); otherwise the controller of the newest item (337.4, 340.4), as the
//! file says, or nobody yet with an empty Chain (335, 335.1).

use super::*;

impl<'s> Engine<'s> {
    pub(super) fn start(&mut self) {
        let s = self.s;
        for (p, entries) in s.played_this_turn.iter().enumerate() {
            for e in entries {
                self.played[p].push(PlayedCard {
                    id: None,
                    name: Some(e.name.clone()),
                    kind: e.kind,
                    token: false,
                });
            }
        }
        for b in &s.board {
            self.board.push(BoardObj {
                id: b.id.clone(),
                controller: b.controller,
                killable: matches!(b.kind, BoardKind::Unit | BoardKind::Gear),
                triggers: &b.triggers,
            });
        }
        for spec in &s.chain {
            let controller = spec.controller.unwrap_or(s.turn);
            let idx = self.new_inst(spec, spec.id.clone(), controller, spec.status, Origin::File);
            self.chain.push(idx);
            if spec.status == Status::Finalized {
                // Items finalized before the file starts: Legion judged from older items and
                // played_this_turn; spells count as played from here on (419.4.b).
                if spec.legion {
                    let active = self.legion_active(idx);
                    self.inst[idx].legion_at_finalize = Some(active);
                    self.out.legion.push(LegionVerdict {
                        id: spec.id.clone(),
                        finalized: active,
                        resolved: None,
                    });
                }
                if spec.kind.is_card() {
                    self.played[controller].push(PlayedCard {
                        id: Some(spec.id.clone()),
                        name: None,
                        kind: Some(spec.kind),
                        token: spec.token,
                    });
                }
            }
        }
        self.chain_exists = !self.chain.is_empty();
        self.opened_by_add = s.chain.first().is_some_and(|i| i.adds);
        if let Some(sd) = &s.showdown {
            self.showdown = Some(ShowdownRt { combat: sd.combat });
            self.focus = Some(sd.focus);
            self.opened_by_trigger = sd.opened_by_trigger.unwrap_or_else(|| {
                s.chain
                    .first()
                    .is_some_and(|i| i.kind == ItemKind::Triggered || i.adds)
            });
        } else {
            self.opened_by_trigger = s
                .chain
                .first()
                .is_some_and(|i| i.kind == ItemKind::Triggered || i.adds);
        }
        if self.has_pending() {
            self.pending_note = true;
            self.next = Next::Finalize;
        } else if let Some(&newest) = self.chain.last() {
            let newest_controller = self.inst[newest].controller;
            let p = s.priority.unwrap_or(newest_controller);
            self.priority = Some(p);
            self.passed = match &s.passed {
                Some(list) => list.iter().copied().collect(),
                None => {
                    let mut set = BTreeSet::new();
                    let mut q = newest_controller;
                    while q != p {
                        set.insert(q);
                        q = s.next_player(q);
                    }
                    set
                }
            };
            let passed: Vec<&str> = self.passed.iter().map(|&q| self.name(q)).collect();
            let passed = if passed.is_empty() {
                String::new()
            } else {
                let how = if s.passed.is_some() {
                    "as the file says"
                } else {
                    "derived"
                };
                format!("; already passed in a row: {} ({how})", passed.join(", "))
            };
            let (what, cites): (String, &[Cite]) = if s.priority.is_some() {
                (
                    format!("{} holds Priority, as the file says{passed}", self.name(p)),
                    &[],
                )
            } else {
                (
                    format!(
                        "{} holds Priority: controller of the newest item, {}{passed}",
                        self.name(p),
                        self.inst[newest].iid
                    ),
                    &[Cite::PriorityAfterFinalize, Cite::PriorityAfterResolve],
                )
            };
            self.step(Some(p), what, cites, Vec::new());
            self.next = Next::Execute(p);
        } else {
            if self.showdown.is_some() {
                if let Some(list) = &s.passed {
                    self.focus_passed = list.iter().copied().collect();
                }
            }
            self.next = Next::Idle;
        }
    }
}
