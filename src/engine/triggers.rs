//! Triggered abilities going on the Chain (383): simultaneous triggers of several controllers in
//! turn order from the Turn Player (383.3.d.1), one controller's in the order of an `order`
//! action (383.3.d), identical copies in creation order.

use super::*;

impl<'s> Engine<'s> {
    /// Puts simultaneous triggers on the Chain as pending: several controllers in turn order
    /// from the Turn Player (383.3.d.1), one controller's in the order of an `order` action
    /// (383.3.d), identical copies in creation order when no `order` names them.
    pub(super) fn put_triggers(
        &mut self,
        fired: Vec<Fired<'s>>,
        cause: &str,
        cites: &[Cite],
    ) -> Res<Vec<usize>> {
        let n = self.s.players.len();
        let order: Vec<PlayerId> = (0..n).map(|k| (self.s.turn + k) % n).collect();
        self.put_triggers_in(fired, cause, cites, &order, true)
    }

    /// [`Engine::put_triggers`] with the controllers' order given (`controllers`, first put on
    /// first), as the Combat Showdown Step's task e orders them (464.2.e.1); `turn_order` says
    /// that order is 383.3.d.1's, to be cited. Returns the items added, oldest first.
    pub(super) fn put_triggers_in(
        &mut self,
        fired: Vec<Fired<'s>>,
        cause: &str,
        cites: &[Cite],
        controllers: &[PlayerId],
        turn_order: bool,
    ) -> Res<Vec<usize>> {
        if fired.is_empty() {
            return Ok(Vec::new());
        }
        let created: Vec<(usize, &'s Trigger)> = fired
            .into_iter()
            .map(|f| {
                let iid = self.instance_id(&f.trigger.item.id);
                let idx = self.new_inst(
                    &f.trigger.item,
                    iid,
                    f.trigger.item.controller.unwrap_or(f.controller),
                    Status::Pending,
                    Origin::Trigger,
                );
                self.inst[idx].source = f.source;
                self.inst[idx].about = f.about;
                self.inst[idx].no_controller = f.no_controller;
                (idx, f.trigger)
            })
            .collect();
        let mut ordered = Vec::new();
        let mut all_cites = cites.to_vec();
        // An "Nth time" trigger fired at its Nth time (383.1.b); an `alone` one met its attached
        // clause (383.2.a.1).
        if created.iter().any(|(_, t)| t.nth.is_some()) && !all_cites.contains(&Cite::NthTime) {
            all_cites.push(Cite::NthTime);
        }
        if created.iter().any(|(_, t)| t.alone) {
            all_cites.push(Cite::ConditionAttached);
        }
        let present: BTreeSet<PlayerId> = created
            .iter()
            .map(|(i, _)| self.inst[*i].controller)
            .collect();
        if present.len() > 1 && turn_order {
            all_cites.push(Cite::TriggerOrderTurn);
        }
        for &c in controllers {
            let mine: Vec<(usize, &'s Trigger)> = created
                .iter()
                .copied()
                .filter(|(i, _)| self.inst[*i].controller == c)
                .collect();
            if mine.len() < 2 {
                ordered.extend(mine.iter().map(|(i, _)| *i));
                continue;
            }
            all_cites.push(Cite::TriggerOrderController);
            let ids: BTreeSet<&str> = mine
                .iter()
                .map(|(i, _)| self.inst[*i].iid.as_ref())
                .collect();
            let order = self.s.actions.iter().enumerate().find(|(j, a)| {
                !self.used[*j] && matches!(&a.kind, ActionKind::Order(list) if list.iter().map(String::as_str).collect::<BTreeSet<_>>() == ids && list.len() == ids.len())
            });
            if let Some((j, a)) = order {
                self.used[j] = true;
                if let ActionKind::Order(list) = &a.kind {
                    for id in list {
                        if let Some((i, _)) = mine.iter().find(|(i, _)| self.inst[*i].iid == *id) {
                            ordered.push(*i);
                        }
                    }
                }
            } else if mine.iter().all(|(i, t)| {
                // Copies of one trigger are identical unless their items act on the units
                // their events were about, and those differ.
                std::ptr::eq(*t, mine[0].1)
                    && (!t.item.names_that_unit()
                        || self.inst[*i].about == self.inst[mine[0].0].about)
            }) {
                ordered.extend(mine.iter().map(|(i, _)| *i));
            } else {
                let names: Vec<String> = mine
                    .iter()
                    .map(|(i, _)| self.inst[*i].iid.to_string())
                    .collect();
                self.decision = Some(next::Decision::Order {
                    by: c,
                    ids: names.clone(),
                });
                return Err(ReplayError {
                    code: "missing_order",
                    message: format!(
                        "{} controls simultaneous triggers ({}); a controller puts their own simultaneous triggers on the Chain in the order they choose, and the file does not say it",
                        self.name(c),
                        names.join(", ")
                    ),
                    help: format!(
                        "add `- order: [{}]` to `actions` (the first listed goes on the Chain first and resolves last)",
                        names.join(", ")
                    ),
                    locs: mine.iter().map(|(i, t)| (t.loc, format!("trigger {}", self.inst[*i].iid))).collect(),
                });
            }
        }
        self.add_to_chain(&ordered, true);
        let list: Vec<String> = ordered
            .iter()
            .map(|&i| {
                let about = match self.inst[i].about {
                    Some(u) if self.inst[i].spec.names_that_unit() => {
                        format!(", for {}", self.board.perms[u].id)
                    }
                    _ => String::new(),
                };
                format!(
                    "{} ({}{about})",
                    self.inst[i].iid,
                    self.name(self.inst[i].controller)
                )
            })
            .collect();
        let what = if ordered.len() == 1 {
            format!(
                "Triggered ({cause}): {} goes on the Chain as pending",
                list[0]
            )
        } else {
            format!(
                "Triggered together ({cause}): {} go on the Chain as pending, in that order",
                list.join(", ")
            )
        };
        self.step(None, what, &all_cites, Vec::new());
        Ok(ordered)
    }

    /// Board triggers for an event at battlefield `bf` (3.7 of the board extension): units at
    /// `bf`, legends and gear anywhere, and the battlefield itself. With `who`, only those of
    /// that player (a battlefield's: when that player controls it); without, all (an
    /// uncontrolled battlefield's go to the Turn Player, 190.6.b, with no "you", 190.6.d).
    pub(super) fn fire_at(
        &self,
        bf: usize,
        on: impl Fn(TriggerOn) -> bool,
        who: Option<PlayerId>,
    ) -> Vec<Fired<'s>> {
        let bf_perm = self.board.bfs[bf].perm;
        let mut fired = Vec::new();
        for &o in &self.board.with_triggers {
            let perm = &self.board.perms[o];
            let Some(place) = perm.place() else { continue };
            let here = match perm.kind {
                BoardKind::Unit => place == Place::Battlefield(bf),
                BoardKind::Legend | BoardKind::Gear => true,
                BoardKind::Battlefield => o == bf_perm,
                BoardKind::Facedown => false,
            };
            if !here {
                continue;
            }
            let controller = self.board.controller(o);
            if who.is_some() && controller != who {
                continue;
            }
            for t in perm.triggers.iter().filter(|t| on(t.on)) {
                fired.push(Fired {
                    trigger: t,
                    about: None,
                    controller: controller.unwrap_or(self.s.turn),
                    source: Some(o),
                    no_controller: controller.is_none(),
                });
            }
        }
        fired
    }

    /// Triggers of `p`'s legends and gear for an event of a player (a designation, 383.4.e,
    /// 383.4.f).
    pub(super) fn fire_players(
        &self,
        on: impl Fn(TriggerOn) -> bool,
        p: PlayerId,
    ) -> Vec<Fired<'s>> {
        let mut fired = Vec::new();
        for &o in &self.board.with_triggers {
            let perm = &self.board.perms[o];
            if perm.place().is_none()
                || perm.controller != Some(p)
                || !matches!(perm.kind, BoardKind::Legend | BoardKind::Gear)
            {
                continue;
            }
            for t in perm.triggers.iter().filter(|t| on(t.on)) {
                fired.push(Fired {
                    trigger: t,
                    about: None,
                    controller: p,
                    source: Some(o),
                    no_controller: false,
                });
            }
        }
        fired
    }

    /// Triggers of every permanent on the board for a turn event (315.2.a.1, 317.1.a): `on`
    /// says whether a trigger matches and whether it fires only on its controller's turn
    /// (`turn: own`; an uncontrolled battlefield's never does, 190.6.d).
    pub(super) fn fire_turn_event(&self, on: impl Fn(TriggerOn) -> Option<bool>) -> Vec<Fired<'s>> {
        let tp = self.s.turn;
        let mut fired = Vec::new();
        for &o in &self.board.with_triggers {
            let perm = &self.board.perms[o];
            if perm.place().is_none() {
                continue;
            }
            let controller = self.board.controller(o);
            for t in perm.triggers {
                let Some(own) = on(t.on) else { continue };
                if own && controller != Some(tp) {
                    continue;
                }
                fired.push(Fired {
                    trigger: t,
                    about: None,
                    controller: controller.unwrap_or(tp),
                    source: Some(o),
                    no_controller: controller.is_none(),
                });
            }
        }
        fired
    }

    /// The `mighty` triggers for unit `u` becoming Mighty (709): its own (`of: self`) and those
    /// of its controller's units with `of: friendly`.
    pub(super) fn mighty_triggers(&self, u: usize) -> Vec<Fired<'s>> {
        let controller = self.board.perms[u].controller;
        let mut fired = Vec::new();
        for &o in &self.board.with_triggers {
            let perm = &self.board.perms[o];
            if perm.place().is_none()
                || perm.kind != BoardKind::Unit
                || perm.controller != controller
            {
                continue;
            }
            for t in perm.triggers {
                let hit = match t.on {
                    TriggerOn::Mighty { friendly: false } => o == u,
                    TriggerOn::Mighty { friendly: true } => true,
                    _ => false,
                };
                if hit {
                    fired.push(Fired {
                        trigger: t,
                        about: Some(u),
                        controller: controller.unwrap_or(self.s.turn),
                        source: Some(o),
                        no_controller: false,
                    });
                }
            }
        }
        fired
    }

    /// Units that became Mighty in one event trigger together (709; 4.10).
    pub(super) fn mighty(&mut self, units: &[usize], cause: &str) -> Res {
        if units.is_empty() {
            return Ok(());
        }
        let mut fired = Vec::new();
        for &u in units {
            fired.extend(self.mighty_triggers(u));
        }
        let ids = self.show_mighty(units, cause);
        self.put_triggers(
            fired,
            &format!("{} became Mighty", effects::join_and(&ids)),
            &[Cite::MightyKeyword],
        )?;
        Ok(())
    }

    /// Shows that `units` became Mighty (709), and why; their ids.
    pub(super) fn show_mighty(&mut self, units: &[usize], cause: &str) -> Vec<String> {
        let ids: Vec<String> = units
            .iter()
            .map(|&u| self.board.perms[u].id.clone())
            .collect();
        if !ids.is_empty() {
            self.step(
                None,
                format!(
                    "{} become{} Mighty ({cause})",
                    effects::join_and(&ids),
                    if ids.len() == 1 { "s" } else { "" }
                ),
                &[Cite::MightyKeyword],
                Vec::new(),
            );
        }
        ids
    }
}
