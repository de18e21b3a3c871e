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
                    name: Some(e.name.as_str()),
                    kind: e.kind,
                    token: false,
                });
            }
        }
        for b in &s.board {
            self.board.add_spec(b);
        }
        for spec in &s.chain {
            let controller = spec.controller.unwrap_or(s.turn);
            let idx = self.new_inst(
                spec,
                Cow::Borrowed(&spec.id),
                controller,
                spec.status,
                Origin::File,
            );
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
                        id: Some(Cow::Borrowed(spec.id.as_str())),
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
            let bf = sd.place;
            self.showdown = Some(ShowdownRt {
                combat: sd.combat,
                bf,
            });
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
        if self.board_on {
            self.start_board();
        }
    }

    /// Board files (board extension 4.1, 4.9): the combat under way with its designations,
    /// staging exactly where tasks 6 and 7 would stage it (not shown), and where in the phase
    /// the replay starts.
    fn start_board(&mut self) {
        let s = self.s;
        if let (Some(sd), Some(bf)) = (&s.showdown, s.showdown.as_ref().and_then(|sd| sd.place)) {
            if sd.combat {
                let (a, d) = (sd.attacker.unwrap_or(s.turn), sd.defender.unwrap_or(s.turn));
                self.combats.push((bf, trace::CombatResult::Unfinished));
                self.combat = Some(combat::CombatRt {
                    bf,
                    attacker: a,
                    defender: d,
                    opened_with_combat: true,
                    designated: true,
                    stage: combat::Stage::Showdown,
                    recalled_at_3d: false,
                    recalled_by_replacement: false,
                    record: 0,
                });
                let units: Vec<usize> = self.board.bfs[bf].units.iter().copied().collect();
                for u in units {
                    let role = match self.board.perms[u].controller {
                        Some(p) if p == a => board::Role::Attacker,
                        Some(p) if p == d => board::Role::Defender,
                        _ => continue,
                    };
                    let st = self.board.unit_mut(u);
                    st.role = Some(role);
                    st.was_attacker = role == board::Role::Attacker;
                    st.was_defender = role == board::Role::Defender;
                    self.board.designated.insert(u);
                }
            }
        }
        let combat_bf = self.combat.as_ref().map(|c| c.bf);
        for b in &mut self.board.bfs {
            // October stages nothing where a combat is under way (row 8); July does (R2).
            let at_combat = combat_bf.is_some_and(|bf| self.board.perms[b.perm].bf == Some(bf));
            if at_combat && self.edition == EditionId::October {
                continue;
            }
            (b.showdown_staged, b.combat_staged) = b.staging();
        }
        self.board.watch.clear();
        self.board.logging = true;
        match (s.phase, s.step) {
            (Phase::Beginning, Some(PhaseStep::Start)) => {
                self.next = Next::Phase(phases::PhaseStep::BeginningStart);
            }
            (Phase::Beginning, _) => self.phase_at = phases::PhaseStep::BeginningStart,
            (Phase::Ending, Some(PhaseStep::Expiration)) if s.chain.is_empty() => {
                self.next = Next::Phase(phases::PhaseStep::Expiration);
            }
            (Phase::Ending, Some(PhaseStep::Expiration)) => {
                self.phase_at = phases::PhaseStep::Expiration;
            }
            (Phase::Ending, _) => self.phase_at = phases::PhaseStep::EndingStep,
            (Phase::Main, _) => {}
        }
    }
}
