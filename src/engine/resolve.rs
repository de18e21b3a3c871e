//! Resolve (340): the newest item resolves once everyone has passed in a row (339.1, 340.1), or
//! at once as it is finalized (337.2, 429.2); then the three branches: an empty Chain (340.2,
//! with Focus 340.2.a, 346.1), pending items left (340.3), or Priority to the controller of the
//! newest item (340.4), an Add ability keeping it (429.2.a).

use super::*;

impl<'s> Engine<'s> {
    /// Resolve (340.1), or an immediate resolution as the item is finalized (337.2, 429.2).
    pub(super) fn resolve(&mut self, idx: usize, immediate: bool) -> Res {
        // Events during the resolution call a cleanup that waits until it is complete (321.1).
        self.resolving = true;
        let done = self.resolve_item(idx, immediate);
        self.resolving = false;
        done
    }

    fn resolve_item(&mut self, idx: usize, immediate: bool) -> Res {
        self.fepr_since_expiration = true;
        self.outstanding(Cite::CleanupLeftChain);
        let spec = self.inst[idx].spec;
        let iid = self.inst[idx].iid.clone();
        let controller = self.inst[idx].controller;
        let (what, cites): (String, Vec<Cite>) = if immediate {
            let mut c = vec![Cite::ResolveImmediately];
            if spec.adds {
                c.push(Cite::AddResolvesImmediately);
            }
            let how = if spec.kind.is_permanent() && self.board_on {
                let place = self.inst_entry_place(idx);
                if let Place::Battlefield(bf) = place {
                    c.push(if self.inst[idx].hidden_at.is_some() {
                        Cite::HiddenUnitsPlayed
                    } else {
                        Cite::UnitLocation
                    });
                    let why = match (
                        spec.facedown.is_some(),
                        self.board.bfs[bf].controller == Some(controller),
                    ) {
                        _ if self.inst[idx].hidden_at.is_some() => {
                            "where the card that had it played was hidden"
                        }
                        (true, _) => "where its facedown card was",
                        (false, true) => "which its controller controls",
                        (false, false) => "where its controller has units (Ambush)",
                    };
                    format!(
                        "{iid} resolves as it is finalized, with no window to respond: it enters the board at {}, {why}",
                        self.board.bf_id(bf)
                    )
                } else {
                    format!("{iid} resolves as it is finalized, with no window to respond: it enters the board at its controller's base")
                }
            } else if spec.kind.is_permanent() {
                format!("{iid} resolves as it is finalized, with no window to respond: it enters the board")
            } else {
                format!("{iid} resolves as it is finalized, with no window to respond")
            };
            (how, c)
        } else {
            (
                format!("Everyone passed in a row: {iid}, the newest item, resolves"),
                vec![Cite::AllPassed, Cite::ResolveNewest],
            )
        };
        let everyone_passed = cites.contains(&Cite::ResolveNewest);
        self.instance_step(Some(controller), what, &cites, Vec::new());
        if everyone_passed {
            // The compact view says who passed: "(after Ana and Ben pass)".
            self.brief(format!("{iid}, the newest item, resolves"));
        }
        if spec.kind == ItemKind::Spell && spec.legion {
            let active = self.legion_active(idx);
            let at_finalize = self.inst[idx].legion_at_finalize;
            if let Some(v) = self.out.legion.iter_mut().find(|v| v.id == iid) {
                v.resolved = Some(active);
            }
            let mut what = self.legion_text(idx, active, "as it resolves");
            if at_finalize.is_some_and(|f| f != active) {
                what.push_str(" (this differs from the verdict when it was finalized)");
            }
            self.step(
                Some(controller),
                what,
                &[Cite::LegionActive, Cite::PlayedMeansFinalized],
                Vec::new(),
            );
        }
        let countered_self = self.run_effects(idx)?;
        if countered_self {
            self.after_chain_change(None);
            return Ok(());
        }
        // The item leaves the Chain having resolved.
        if let Some(pos) = self.chain.iter().rposition(|&i| i == idx) {
            self.chain.remove(pos);
        }
        self.inst[idx].fate = Some("has already resolved");
        self.out.resolved.push(iid.to_string());
        if spec.kind == ItemKind::Spell && spec.flow {
            self.out.banished.push(iid.to_string());
            self.step(
                Some(controller),
                format!("{iid} was played for its Flow cost: it leaves the Chain and is banished instead of going to the trash"),
                &[Cite::FlowKeyword, Cite::DelayedLeaveChain],
                Vec::new(),
            );
        }
        let mut fired = Vec::new();
        if spec.kind.is_card() {
            for tr in &spec.triggers {
                if tr.on == TriggerOn::Play {
                    fired.push(Fired::new(tr, controller));
                }
            }
            fired.extend(self.play_watchers(idx));
        }
        if spec.kind.is_permanent() {
            self.enter_from_chain(idx);
        }
        let mut cites = Vec::new();
        if fired.iter().any(|f| f.trigger.on == TriggerOn::Play) {
            cites.push(Cite::PlayTriggers);
        }
        if fired.iter().any(|f| {
            matches!(
                f.trigger.on,
                TriggerOn::YouPlay(_) | TriggerOn::OpponentPlay(_)
            )
        }) {
            cites.push(Cite::WhenYouPlay);
        }
        let cause = if spec.kind.is_permanent() {
            format!("{iid} entered the board")
        } else {
            format!("{iid} was played and resolved")
        };
        self.put_triggers(fired, &cause, &cites)?;
        let add_holder = self.add_holder.filter(|(i, _)| *i == idx).map(|(_, p)| p);
        self.add_holder = None;
        self.after_chain_change(add_holder);
        Ok(())
    }

    /// The three branches after a resolution (340.2-340.4), also used when an item leaves the
    /// Chain without resolving. `add_holder`: the player who activated an Add ability that just
    /// resolved while holding Priority (429.2.a).
    pub(super) fn after_chain_change(&mut self, add_holder: Option<PlayerId>) {
        if self.chain.is_empty() {
            self.chain_exists = false;
            self.focus_passed.clear();
            self.passed.clear();
            let mut cites = vec![Cite::ChainEmpty];
            let what = match self.focus.filter(|_| self.showdown.is_some()) {
                Some(f) if self.opened_by_trigger => {
                    cites.push(Cite::FocusKeptTriggerChain);
                    let by = if self.opened_by_add {
                        "an Add ability"
                    } else {
                        "a triggered ability"
                    };
                    format!("The Chain is empty: Open State; Focus stays with {}, since this Chain was started by {by}", self.name(f))
                }
                Some(f) => {
                    let q = self.s.next_player(f);
                    self.focus = Some(q);
                    cites.extend([Cite::FocusPassesOnEmpty, Cite::FocusPassesAfterChain]);
                    format!(
                        "The Chain is empty: Open State; Focus passes from {} to {}",
                        self.name(f),
                        self.name(q)
                    )
                }
                None => "The Chain is empty: Open State".to_string(),
            };
            self.priority = None;
            self.step(None, what, &cites, Vec::new());
            self.next = Next::Idle;
        } else if self.has_pending() {
            self.step(
                None,
                "Pending items remain: back to Finalize",
                &[Cite::PendingAfterResolve],
                Vec::new(),
            );
            self.next = Next::Finalize;
        } else if let Some(p) = add_holder {
            self.priority = Some(p);
            self.passed.clear();
            self.step(
                Some(p),
                format!(
                    "The Add ability does not move Priority: {} keeps it",
                    self.name(p)
                ),
                &[Cite::AddKeepsPriority],
                Vec::new(),
            );
            self.next = Next::Execute(p);
        } else {
            let newest = *self.chain.last().unwrap_or(&0);
            let q = self.inst[newest].controller;
            self.priority = Some(q);
            self.passed.clear();
            self.instance_step(
                Some(q),
                format!("{} receives Priority (controller of the newest item, {}); everyone must pass again before it resolves", self.name(q), self.inst[newest].iid),
                &[Cite::PriorityAfterResolve],
                Vec::new(),
            );
            self.next = Next::Execute(q);
        }
    }
}
