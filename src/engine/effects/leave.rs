//! Leaving the board without dying: a `return_to_hand` effect (108.7) or a `banish` effect
//! (427.1). The permanent goes straight to its owner's hand or to Banishment as a new object
//! (124): no death, so no Deathknell and no death replacement; damage and effects on it end; a
//! token ceases to exist (186.1). A cleanup follows, as after any change of the board.

use super::super::{board::Zone, Engine};
use crate::edition::Cite;
use crate::situation::Effect;

/// Where a permanent leaving the board goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum Leaving {
    /// Its owner's hand (108.7).
    Hand,
    /// Banishment (427.1).
    Banishment,
}

impl Engine<'_> {
    /// Effect `effect` of item `by`: each of `targets` on the board (a unit or gear, where its
    /// `target_at` allows) leaves it for `to`; one that is not there is skipped as a mistarget
    /// (the rest still happens). Banished cards are listed in the outcome's `banished`.
    pub(in crate::engine) fn leave_effect(
        &mut self,
        by: usize,
        targets: &[String],
        effect: &Effect,
        to: Leaving,
    ) {
        let controller = self.inst[by].controller;
        let verb = match to {
            Leaving::Hand => "return to hand",
            Leaving::Banishment => "banish",
        };
        let leaving = self.removable_targets(by, targets, effect, verb);
        if leaving.is_empty() {
            return;
        }
        let mut parts = Vec::new();
        let mut cites = vec![
            match to {
                Leaving::Hand => Cite::ReturnToHand,
                Leaving::Banishment => Cite::BanishAction,
            },
            Cite::ZoneChangeNewObject,
        ];
        for b in leaving {
            let id = self.board.perms[b].id.clone();
            let token = self.board.perms[b].token;
            let zone = match (token, to) {
                (true, _) => Zone::Gone,
                (false, Leaving::Hand) => Zone::Hand,
                (false, Leaving::Banishment) => Zone::Banished,
            };
            self.board.leave(b, zone);
            // A new object in its new zone: what was marked or added on the board ends (124.1).
            if let Some(u) = &mut self.board.perms[b].unit {
                u.keys.damage = 0;
                u.keys.might_this_turn = 0;
                u.keys.might_this_combat = 0;
                u.keys.stunned = false;
            }
            let owner = self.board.perms[b].controller.map_or_else(
                || "its owner".to_string(),
                |p| format!("{}'s", self.name(p)),
            );
            parts.push(match (token, to) {
                (true, _) => {
                    if !cites.contains(&Cite::TokenCeases) {
                        cites.push(Cite::TokenCeases);
                    }
                    format!("{id} leaves the board and, a token, ceases to exist")
                }
                (false, Leaving::Hand) => {
                    self.out.returned.push(id.clone());
                    format!("{id} returns to {owner} hand")
                }
                (false, Leaving::Banishment) => {
                    self.out.banished.push(id.clone());
                    format!("{id} is banished")
                }
            });
        }
        self.step(
            Some(controller),
            format!(
                "{} (leaving the board is not dying: no Deathknell; damage and effects on it end)",
                parts.join("; ")
            ),
            &cites,
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
    }
}
