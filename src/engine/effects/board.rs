//! The board effects (board extension 3.6): damage (417.1.b, 417.1.d), heal (418.1), Might
//! modifiers (317.2.c, 466.7.c, 709) and `gain_point` (194.1.c); the targets they
//! name, checked when they execute (a target gone or breaking `target_at` is a mistarget,
//! 359.3.e.5, 359.3.e.7).

use super::*;
use crate::situation::{MightDuration, TargetAt};

impl<'s> Engine<'s> {
    /// Whether permanent `u` meets a `target_at` restriction (355.10.b).
    pub(in crate::engine) fn meets(&self, u: usize, at: Option<TargetAt>) -> bool {
        let place = self.board.perms[u].place();
        match at {
            None => true,
            Some(TargetAt::Base) => place == Some(Place::Base),
            Some(TargetAt::AnyBattlefield) => matches!(place, Some(Place::Battlefield(_))),
            Some(TargetAt::Battlefield(bf)) => place == Some(Place::Battlefield(bf)),
        }
    }

    /// The units an effect of item `by` names that are legal targets now; each other one is a
    /// mistarget, skipped with a step (359.3.e.5, 359.3.e.7), or, for an effect that does not
    /// choose, simply not affected (a step without citation).
    pub(in crate::engine) fn unit_targets(
        &mut self,
        by: usize,
        effect: &Effect,
        ids: &[String],
    ) -> Vec<usize> {
        let controller = self.inst[by].controller;
        let mut out = Vec::new();
        for id in ids {
            let id = &self.event_id(by, id).to_string();
            let found = self
                .on_board(id)
                .filter(|&u| self.board.perms[u].kind == BoardKind::Unit);
            match found {
                Some(u) if self.meets(u, self.choice_limit(self.inst[by].spec, effect).0) => {
                    out.push(u);
                }
                found if effect.untargeted => {
                    let name = self.effect_name(effect);
                    self.not_affected(controller, &name, id, found.is_some());
                }
                Some(_) => {
                    let (why, cites) = self.outside_hidden(by, effect, id).unwrap_or_else(|| {
                        (
                            "it is no longer where the effect may target".to_string(),
                            vec![Cite::MistargetSkip, Cite::MistargetAll],
                        )
                    });
                    self.step(
                        Some(controller),
                        format!("{}: {id} is skipped, {why} (a mistarget; the rest still happens)", self.effect_name(effect)),
                        &cites,
                        Vec::new(),
                    );
                }
                None => self.step(
                    Some(controller),
                    format!("{}: {id} is skipped, it is not on the board (a mistarget; the rest still happens)", self.effect_name(effect)),
                    &[Cite::MistargetSkip, Cite::MistargetAll],
                    Vec::new(),
                ),
            }
        }
        out
    }

    /// A unit an effect that does not choose names and cannot affect (gone, or not where the
    /// effect applies): passed over, not a mistarget, so the step cites nothing. `label` names
    /// the effect ("kill a", "2 damage to a"); `on_board` says which of the two it is.
    pub(in crate::engine) fn not_affected(
        &mut self,
        controller: PlayerId,
        label: &str,
        id: &str,
        on_board: bool,
    ) {
        let why = if on_board {
            "it is not where the effect applies"
        } else {
            "it is not on the board"
        };
        self.step(
            Some(controller),
            format!("{label}: {id} is not affected, {why} (the effect does not choose, so this is no mistarget)"),
            &[],
            Vec::new(),
        );
    }

    pub(in crate::engine) fn ids(&self, units: &[usize]) -> String {
        let ids: Vec<String> = units
            .iter()
            .map(|&u| self.board.perms[u].id.clone())
            .collect();
        join_and(&ids)
    }

    /// One Deal action (417.1.b): `amount` damage on each unit at once; death waits for the
    /// next cleanup (321.1); then the `damaged` triggers watching them.
    pub(in crate::engine) fn damage_effect(
        &mut self,
        by: usize,
        units: &[usize],
        amount: i64,
    ) -> Res {
        if units.is_empty() {
            return Ok(());
        }
        let mut parts = Vec::new();
        for &u in units {
            self.board.deal(u, amount);
            let s = self.board.unit(u);
            parts.push(format!(
                "{} ({} damage, Might {}{})",
                self.board.perms[u].id,
                s.keys.damage,
                s.might(),
                if s.lethal() { ": lethal" } else { "" }
            ));
        }
        let mut cites = vec![Cite::DealDamage];
        if units.len() > 1 {
            cites.push(Cite::DealSeveral);
        }
        self.step(
            Some(self.inst[by].controller),
            format!("{amount} damage is dealt to {}", parts.join(", ")),
            &cites,
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        self.units_damaged(units)
    }

    /// Heal (418.1): all damage is cleared from each unit.
    pub(in crate::engine) fn heal_effect(&mut self, by: usize, units: &[usize]) {
        if units.is_empty() {
            return;
        }
        for &u in units {
            self.board.heal(u);
        }
        self.step(
            Some(self.inst[by].controller),
            format!(
                "{} {} healed: all damage is cleared",
                self.ids(units),
                if units.len() == 1 { "is" } else { "are" }
            ),
            &[Cite::HealAction],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
    }

    /// A Might modifier (317.2.c "this turn", 466.7.c "this combat"); "this combat" with no
    /// combat under way is skipped. Units becoming Mighty trigger together (709).
    pub(in crate::engine) fn might_effect(
        &mut self,
        by: usize,
        units: &[usize],
        amount: i64,
        duration: MightDuration,
    ) -> Res {
        if units.is_empty() {
            return Ok(());
        }
        let controller = self.inst[by].controller;
        if duration == MightDuration::Combat && self.combat.is_none() {
            self.step(
                Some(controller),
                format!(
                    "{amount:+} Might this combat to {}: skipped, no combat is under way",
                    self.ids(units)
                ),
                &[Cite::CombatExpiry],
                Vec::new(),
            );
            return Ok(());
        }
        let mut parts = Vec::new();
        let mut mighty = Vec::new();
        for &u in units {
            let before = self.board.unit(u).might();
            let st = self.board.unit_mut(u);
            match duration {
                MightDuration::Turn => st.keys.might_this_turn += amount,
                MightDuration::Combat => st.keys.might_this_combat += amount,
            }
            match duration {
                MightDuration::Turn => self.board.this_turn.insert(u),
                MightDuration::Combat => self.board.this_combat.insert(u),
            };
            let after = self.board.unit(u).might();
            self.board.log_might(u);
            parts.push(format!("{} ({before} -> {after})", self.board.perms[u].id));
            if before < 5 && after >= 5 {
                mighty.push(u);
            }
        }
        let (span, cite) = match duration {
            MightDuration::Turn => ("this turn", Cite::EndingExpire),
            MightDuration::Combat => ("this combat", Cite::CombatExpiry),
        };
        self.step(
            Some(controller),
            format!("{amount:+} Might {span}: {}", parts.join(", ")),
            &[cite],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        self.mighty(&mighty, "a Might effect")
    }
}
