//! Where units are (143.4, 144, 190.3.a.1, 446-458): a unit or gear entering the board as it
//! resolves, the standard move (144, 420.3), the `move` and `recall` effects (420, 455), and
//! Contested applied by a unit arriving at a battlefield (190.3.a.1, 450).

use super::*;

impl<'s> Engine<'s> {
    /// A unit or gear item enters the board as it resolves (337.2): with its id, controller and
    /// triggers; in a board file also at its place, exhausted unless `enters_ready` (143.4,
    /// 143.4.a, 805.6) and undamaged.
    pub(super) fn enter_from_chain(&mut self, idx: usize) {
        let spec = self.inst[idx].spec;
        let controller = self.inst[idx].controller;
        let kind = if spec.kind == ItemKind::Unit {
            BoardKind::Unit
        } else {
            BoardKind::Gear
        };
        let iid = self.inst[idx].iid.clone();
        let i = self.board.add(
            iid.to_string(),
            Some(controller),
            kind,
            &spec.triggers,
            spec.token,
            &spec.keys,
        );
        if let Some(u) = &mut self.board.perms[i].unit {
            u.keys.exhausted = !u.keys.enters_ready;
            u.keys.damage = 0;
        }
        let place = self.inst_entry_place(idx);
        self.board.enter(i, place);
        if !self.board_on {
            return;
        }
        self.outstanding(Cite::CleanupBoardChange);
        if spec.keys.unit.as_ref().is_some_and(|u| u.enters_ready) {
            let watched = self.board.with_triggers.iter().any(|&o| {
                let p = &self.board.perms[o];
                p.place().is_some()
                    && p.triggers.iter().any(|t| match t.on {
                        TriggerOn::Ready { friendly } => {
                            o == i || friendly && p.controller == Some(controller)
                        }
                        _ => false,
                    })
            });
            self.step(
                Some(controller),
                if watched {
                    format!("{iid} enters ready: it was never exhausted, so it is not readied, and nothing that triggers on readying sees it")
                } else {
                    format!("{iid} enters ready")
                },
                &[Cite::EntersReady],
                Vec::new(),
            );
        }
        if let Place::Battlefield(bf) = place {
            self.arrive(controller, bf, false);
        }
    }

    /// A player's unit arrives at battlefield `bf` (`by_move`: by a move, 450): if it is not
    /// Contested and they do not control it, they apply Contested (190.3.a.1).
    pub(super) fn arrive(&mut self, p: PlayerId, bf: usize, by_move: bool) {
        let b = &self.board.bfs[bf];
        if b.contester.is_some() || b.controller == Some(p) {
            return;
        }
        self.board.set_contester(bf, Some(p));
        self.outstanding(Cite::CleanupStatus);
        self.step(
            Some(p),
            format!(
                "{} arrives at {}, which is not Contested and which {} does not control: {} applies Contested",
                self.name(p),
                self.board.bf_id(bf),
                self.name(p),
                self.name(p)
            ),
            if by_move {
                &[Cite::ContestedApplied, Cite::MoveContests]
            } else {
                &[Cite::ContestedApplied]
            },
            Vec::new(),
        );
        let id = self.board.bf_id(bf).to_string();
        self.brief(format!("{} applies Contested at {id}", self.name(p)));
    }

    /// Why a standard move by `p` is refused now (board extension 4.8), with its rules.
    pub(super) fn move_refusal(
        &self,
        p: PlayerId,
        units: &[usize],
        ids: &[String],
        to: Place,
    ) -> Option<(String, Vec<Cite>)> {
        if p != self.s.turn {
            return Some((
                format!(
                    "only the Turn Player ({}) makes standard moves",
                    self.name(self.s.turn)
                ),
                vec![Cite::MoveTurnPlayer],
            ));
        }
        if self.phase != Phase::Main {
            return Some((
                "standard moves are made only in the Main Phase".into(),
                vec![Cite::MoveMainPhase],
            ));
        }
        if !self.chain.is_empty() {
            return Some((
                "a Chain exists (the turn is Closed)".into(),
                vec![Cite::MoveNoChain],
            ));
        }
        if self.showdown.is_some() {
            return Some((
                "a showdown or combat is under way".into(),
                vec![Cite::MoveNoShowdown],
            ));
        }
        for (k, &u) in units.iter().enumerate() {
            if u == usize::MAX {
                return Some((
                    format!("{} is not on the board", ids[k]),
                    vec![Cite::MoveUnits],
                ));
            }
            let perm = &self.board.perms[u];
            if perm.controller != Some(p) {
                return Some((
                    format!("{} is not {}'s unit", ids[k], self.name(p)),
                    vec![Cite::MoveUnits],
                ));
            }
            if self.board.unit(u).keys.exhausted {
                return Some((
                    format!("{} is exhausted and cannot pay the move's cost", ids[k]),
                    vec![Cite::MoveCost, Cite::MoveReady],
                ));
            }
        }
        for (k, &u) in units.iter().enumerate() {
            let from = self.board.perms[u].place();
            if from == Some(to) {
                return Some((
                    format!("{} is already at {}", ids[k], self.board.place_word(to)),
                    vec![Cite::MoveSameDestination],
                ));
            }
            if let (Some(Place::Battlefield(_)), Place::Battlefield(_)) = (from, to) {
                if !self.board.unit(u).keys.ganking {
                    return Some((format!("{} would move from a battlefield to another battlefield, which needs Ganking", ids[k]), vec![Cite::MoveBaseToBattlefield, Cite::GankingMove]));
                }
            }
        }
        if let Place::Battlefield(bf) = to {
            let others = self.board.bfs[bf]
                .present()
                .into_iter()
                .filter(|&q| q != p)
                .count();
            if others >= 2 {
                return Some((
                    format!("{} holds units of two other players", self.board.bf_id(bf)),
                    vec![Cite::MoveThirdPlayer],
                ));
            }
            let n = self.s.players.len();
            if n > 2 && self.board.bfs[bf].combat_staged && !self.board.bfs[bf].has_units(p) {
                return Some((
                    format!(
                        "a combat is staged at {} that does not involve {}",
                        self.board.bf_id(bf),
                        self.name(p)
                    ),
                    vec![Cite::MoveCombatRestriction],
                ));
            }
        }
        None
    }

    /// A standard move (144, 420.3): checked when taken (4.8); the units are exhausted together
    /// (144.3.c) and moved as one action; Contested applies (450); a cleanup follows (453).
    pub(super) fn standard_move(&mut self, p: PlayerId, id: &str, ids: &[String], to: Place) {
        let units: Vec<usize> = ids
            .iter()
            .map(|u| {
                self.on_board(u)
                    .filter(|&i| self.board.perms[i].kind == BoardKind::Unit)
                    .unwrap_or(usize::MAX)
            })
            .collect();
        let dest = self.board.place_word(to);
        if let Some((why, mut cites)) = self.move_refusal(p, &units, ids, to) {
            self.out.refused.push((id.to_string(), why.clone()));
            cites.insert(0, Cite::StandardMove);
            self.step(
                Some(p),
                format!(
                    "{} tries a standard move ({id}: {} to {dest}): refused, {why}; nothing changes and {} keeps Priority",
                    self.name(p),
                    effects::join_and(ids),
                    self.name(p)
                ),
                &cites,
                Vec::new(),
            );
            self.next = Next::Execute(p);
            return;
        }
        for &u in &units {
            self.board.unit_mut(u).keys.exhausted = true;
            self.board.enter(u, to);
        }
        self.step(
            Some(p),
            format!(
                "{} makes a standard move ({id}): {} exhausted and moved to {dest}",
                self.name(p),
                effects::join_and(ids)
            ),
            &[
                Cite::StandardMove,
                Cite::MoveCost,
                Cite::MoveUnits,
                Cite::MoveExhausts,
            ],
            Vec::new(),
        );
        if let Place::Battlefield(bf) = to {
            self.arrive(p, bf, true);
        }
        self.out.moved.push(id.to_string());
        self.cleanup_due = None;
        self.outstanding(Cite::MoveCleanup);
        self.priority = None;
        self.next = Next::Idle;
    }

    /// A `move` effect of item `by` (420, 446): one player's units to `to` (not a target); a unit
    /// already there is skipped (355.4.a); Contested applies (450); a cleanup follows (453).
    pub(super) fn move_effect(&mut self, by: usize, targets: &[usize], to: Place) {
        let controller = self.inst[by].controller;
        let mut moved = Vec::new();
        let mut skipped = Vec::new();
        let owner = targets
            .first()
            .and_then(|&u| self.board.perms[u].controller);
        if let (Place::Battlefield(bf), Some(p)) = (to, owner) {
            if self.s.players.len() > 2 && self.invalid_for(p, bf) {
                // 3-4 players: a destination invalid for the unit recalls it instead (447.2.c).
                let ids: Vec<String> = targets
                    .iter()
                    .map(|&u| self.board.perms[u].id.clone())
                    .collect();
                for &u in targets {
                    self.board.enter(u, Place::Base);
                }
                self.step(
                    Some(controller),
                    format!(
                        "{} cannot move to {}, a battlefield with another pair's combat or units of two other players: recalled instead",
                        effects::join_and(&ids),
                        self.board.bf_id(bf)
                    ),
                    &[Cite::MoveInvalidRecall, Cite::RecallAction],
                    Vec::new(),
                );
                self.outstanding(Cite::CleanupStatus);
                return;
            }
        }
        for &u in targets {
            let id = self.board.perms[u].id.clone();
            if self.board.perms[u].place() == Some(to) {
                skipped.push(id);
                continue;
            }
            self.board.enter(u, to);
            moved.push(id);
        }
        let dest = self.board.place_word(to);
        let mut what = String::new();
        if !moved.is_empty() {
            what = format!(
                "{} move{} to {dest}",
                effects::join_and(&moved),
                if moved.len() == 1 { "s" } else { "" }
            );
        }
        if !skipped.is_empty() {
            if !what.is_empty() {
                what.push_str("; ");
            }
            what.push_str(&format!(
                "{} {} already there: skipped",
                effects::join_and(&skipped),
                if skipped.len() == 1 { "is" } else { "are" }
            ));
        }
        self.step(Some(controller), what, &[Cite::MoveAction], Vec::new());
        if moved.is_empty() {
            return;
        }
        if let (Place::Battlefield(bf), Some(p)) = (
            to,
            targets
                .first()
                .and_then(|&u| self.board.perms[u].controller),
        ) {
            self.arrive(p, bf, true);
        }
        self.outstanding(Cite::MoveCleanup);
    }

    /// A `recall` effect (455, 458): the units go to their controllers' bases; not a move, and
    /// damage and statuses stay.
    pub(super) fn recall_effect(&mut self, by: usize, targets: &[usize]) {
        let controller = self.inst[by].controller;
        let mut ids = Vec::new();
        for &u in targets {
            if self.board.perms[u].place() != Some(Place::Base) {
                self.board.enter(u, Place::Base);
                ids.push(self.board.perms[u].id.clone());
            }
        }
        let what = if ids.is_empty() {
            "recall: the units are already at base; nothing happens".to_string()
        } else {
            format!(
                "{} {} recalled to base (not a move: damage and statuses stay)",
                effects::join_and(&ids),
                if ids.len() == 1 { "is" } else { "are" }
            )
        };
        self.step(
            Some(controller),
            what,
            &[Cite::RecallAction, Cite::RecallNotMove],
            Vec::new(),
        );
        if !ids.is_empty() {
            self.outstanding(Cite::CleanupStatus);
        }
    }

    /// Whether battlefield `bf` is an invalid destination for `p`'s units in a 3-4 player game
    /// (144.4.a.1, 447.2.a, 462.1): units of two other players there, or a staged combat or
    /// one in progress there that does not involve `p`, who has no units there.
    fn invalid_for(&self, p: PlayerId, bf: usize) -> bool {
        let b = &self.board.bfs[bf];
        let others = b.present().into_iter().filter(|&q| q != p).count();
        let combat_here = b.combat_staged
            || self
                .combat
                .as_ref()
                .is_some_and(|c| c.bf == bf && c.attacker != p && c.defender != p);
        others >= 2 || (combat_here && !b.has_units(p))
    }
}
