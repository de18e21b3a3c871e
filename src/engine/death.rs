//! Death (board extension 4.7): the own-death triggers of the units and gear dying in one action,
//! added before any of them leaves the board (808.1.d.2), each Deathknell once more per
//! `extra_death_triggers` on the board (808.2.a for the copies); death replacements (370.1.a.1,
//! 808.1.d.1, 372, 373); then all go to the trash together (370.1.a.2), a token ceasing to exist
//! (186.1).

use super::*;
use board::Zone;

/// What a death action did, for the step that shows it.
#[derive(Debug, Default)]
pub(super) struct DeathReport {
    /// Ids of those that died.
    pub(super) died: Vec<String>,
    /// One sentence per replaced death.
    pub(super) replaced: Vec<String>,
    /// Gear killed instead of a unit (a kill instruction of their own, 4.7.6).
    pub(super) gear_instead: Vec<usize>,
    /// Ids of tokens that ceased to exist.
    pub(super) tokens: Vec<String>,
    /// The rules behind the replacements.
    pub(super) cites: Vec<Cite>,
}

impl<'s> Engine<'s> {
    /// The own-death triggers of `dying` (one event), with the Deathknell copies: a `death`
    /// trigger with `in_combat` only if its unit has a designation at the combat's battlefield.
    /// Returns the triggers and whether copies were made.
    pub(super) fn death_triggers(&mut self, dying: &[usize]) -> (Vec<Fired<'s>>, bool) {
        let mut fired = Vec::new();
        let mut copies = false;
        for &d in dying {
            let obj = &self.board.perms[d];
            let triggers: &'s [Trigger] = obj.triggers;
            let controller = obj.controller.unwrap_or(self.s.turn);
            let in_combat = self.combat.as_ref().is_some_and(|c| {
                obj.place() == Some(Place::Battlefield(c.bf))
                    && obj.unit.as_ref().is_some_and(|u| u.role.is_some())
            });
            for t in triggers.iter().filter(|t| t.on == TriggerOn::Death) {
                if t.in_combat && !in_combat || !self.alone_or_say(t, d, "dies") {
                    continue;
                }
                let extra = if t.deathknell {
                    self.board.extra_death_triggers(controller)
                } else {
                    0
                };
                copies |= extra > 0;
                for _ in 0..=extra {
                    fired.push(Fired {
                        trigger: t,
                        about: None,
                        controller,
                        source: Some(d),
                        no_controller: false,
                    });
                }
            }
        }
        (fired, copies)
    }

    /// Applies death replacements to `dying` (4.7.6): a unit's own unused `replace_death` first,
    /// then a gear's of the same controller, on the board or dying in this action, in board
    /// order (372); a gear saves the first of its controller's dying units in board order (373).
    /// A saved unit's pending own-death triggers (`added`) leave the Chain (808.1.d.1); it is
    /// healed, exhausted and recalled instead, and leaves `dying`.
    pub(super) fn replace_deaths(
        &mut self,
        dying: &mut Vec<usize>,
        added: &[usize],
    ) -> DeathReport {
        let mut report = DeathReport::default();
        if !self.board_on {
            return report;
        }
        let mut saved = Vec::new();
        for &d in dying.iter() {
            if self.board.perms[d].kind != BoardKind::Unit {
                continue;
            }
            let controller = self.board.perms[d].controller;
            let own = self.board.perms[d].replace_death;
            let gears: Vec<usize> = self
                .board
                .replacers()
                .filter(|&g| {
                    g != d
                        && self.board.perms[g].kind == BoardKind::Gear
                        && self.board.perms[g].controller == controller
                        && self.board.perms[g].replace_death
                })
                .collect();
            let by = if own { Some(d) } else { gears.first().copied() };
            let Some(by) = by else { continue };
            self.board.perms[by].replace_death = false;
            let id = self.board.perms[d].id.clone();
            let mut how = if by == d {
                format!("{id}'s death is replaced by its own ability: it is healed, exhausted and recalled instead, and it does not die")
            } else {
                report.gear_instead.push(by);
                format!(
                    "{id}'s death is replaced by {}: {id} is healed, exhausted and recalled instead, and {} is killed in its place",
                    self.board.perms[by].id, self.board.perms[by].id
                )
            };
            report.cites.push(Cite::DeathReplaced);
            if own && !gears.is_empty() || gears.len() > 1 && !own {
                how.push_str(" (several replacements could apply: the affected player chooses; default: the unit's own first, then gear in board order)");
                report.cites.push(Cite::ReplacementOrder);
            }
            if by != d
                && dying
                    .iter()
                    .filter(|&&o| {
                        o != d
                            && self.board.perms[o].kind == BoardKind::Unit
                            && self.board.perms[o].controller == controller
                    })
                    .count()
                    > 0
            {
                how.push_str(" (the gear could save any of its controller's dying units: its controller chooses; default: the first in board order)");
                report.cites.push(Cite::ReplacementChoice);
            }
            // Its pending own-death triggers leave the Chain (808.1.d.1).
            let removed: Vec<usize> = added
                .iter()
                .copied()
                .filter(|&i| self.inst[i].source == Some(d))
                .collect();
            if !removed.is_empty() {
                self.chain.retain(|i| !removed.contains(i));
                for &i in &removed {
                    self.inst[i].fate =
                        Some("was removed when the death it came from was replaced");
                }
                let ids: Vec<String> = removed
                    .iter()
                    .map(|&i| self.inst[i].iid.to_string())
                    .collect();
                how.push_str(&format!(
                    "; its pending {} leave{} the Chain",
                    effects::join_and(&ids),
                    if ids.len() == 1 { "s" } else { "" }
                ));
                report.cites.push(Cite::ReplacedTriggersRemoved);
                if self.chain.is_empty() {
                    self.chain_exists = false;
                }
            }
            if let Some(c) = self.combat.as_mut() {
                if self.board.perms[d].place() == Some(Place::Battlefield(c.bf)) {
                    c.recalled_by_replacement = true;
                }
            }
            self.board.heal(d);
            self.board.unit_mut(d).keys.exhausted = true;
            self.board.enter(d, Place::Base);
            report.replaced.push(how);
            saved.push(d);
        }
        dying.retain(|d| !saved.contains(d));
        report
    }

    /// The event of `dying` dying in one action, as a trigger step names its cause ("poro
    /// died", "poro and yeti died together").
    pub(super) fn died_cause(&self, dying: &[usize]) -> String {
        let ids: Vec<String> = dying
            .iter()
            .map(|&d| self.board.perms[d].id.clone())
            .collect();
        if ids.len() == 1 {
            format!("{} died", ids[0])
        } else {
            format!("{} died together", effects::join_and(&ids))
        }
    }

    /// Moves `dying` to the trash together (370.1.a.2); a token ceases to exist (186.1).
    pub(super) fn bury(&mut self, dying: &[usize], report: &mut DeathReport) {
        for &d in dying {
            let token = self.board.perms[d].token;
            let id = self.board.perms[d].id.clone();
            self.board
                .leave(d, if token { Zone::Gone } else { Zone::Trash });
            if token && self.board_on {
                report.tokens.push(id.clone());
            }
            report.died.push(id.clone());
            self.out.killed.push(id);
        }
        if !dying.is_empty() {
            self.outstanding(Cite::CleanupBoardChange);
        }
    }
}
