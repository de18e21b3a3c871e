//! The Resolution Step (466; October 468): 1 the Combat Cleanup (466.1), 2 the Chain played out
//! (466.2), 3 the result (466.3), 4 its triggers played out (466.4), 5 control and the conquer
//! (466.5), 6 their triggers played out (466.6), 7 the combat ends (466.7).

use super::*;
use crate::trace::CombatResult;

impl<'s> Engine<'s> {
    /// Runs task `task` of the Resolution Step. Tasks 2, 4 and 6 play out the Chain (HOT FEPR);
    /// when it is empty the next task follows (`CombatRt::resumes`).
    pub(in crate::engine) fn resolution(&mut self, task: u8) -> Res {
        if let Some(c) = self.combat.as_mut() {
            c.stage = Stage::Resolution(task);
        }
        match task {
            1 => {
                self.special_cleanup(
                    cleanup::Special::Combat,
                    "Resolution Step, task 1: the Combat Cleanup",
                    &[Cite::CombatCleanup, Cite::CombatCleanupInserts],
                )?;
                self.next = Next::Resolution(2);
                Ok(())
            }
            2 | 4 | 6 => {
                let (cite, what) = match task {
                    2 => (
                        Cite::ResolutionFepr,
                        "task 2: everything on the Chain is played out before the result",
                    ),
                    4 => (
                        Cite::ResultFepr,
                        "task 4: the result's triggers are played out",
                    ),
                    _ => (
                        Cite::ControlFepr,
                        "task 6: control and conquer triggers are played out",
                    ),
                };
                let mut notes = Vec::new();
                // The note is about Deathknells the combat's deaths added.
                let deathknell = self.chain.iter().any(|&i| {
                    self.inst[i].origin == Origin::Trigger
                        && self.inst[i].source.is_some_and(|s| {
                            self.board.perms[s].triggers.iter().any(|t| {
                                t.on == TriggerOn::Death && std::ptr::eq(&t.item, self.inst[i].spec)
                            })
                        })
                });
                if task == 2 && deathknell {
                    notes.push(Note {
                        text: "a community ruling resolves such a Deathknell before the combat heal; {0} and {1} put the heal first, and are followed".into(),
                        cites: vec![Cite::CombatHeal, Cite::ResolutionFepr],
                    });
                }
                self.step(None, format!("Resolution Step, {what}"), &[cite], notes);
                self.priority = None;
                self.next = if self.has_pending() {
                    Next::Finalize
                } else if self.chain.is_empty() {
                    Next::Idle
                } else {
                    let newest = *self.chain.last().expect("not empty");
                    let q = self.inst[newest].controller;
                    self.priority = Some(q);
                    Next::Execute(q)
                };
                Ok(())
            }
            3 => self.combat_result(),
            5 => self.combat_control(),
            _ => self.end_combat(),
        }
    }

    /// Task 3 (466.3): the only designated player with units at the battlefield wins, the other
    /// loses, units share their controller's result; No Result after a 3d recall or when both
    /// or neither have units there (466.3.d), and with both present a showdown and a combat are
    /// staged again (466.3.d.1).
    fn combat_result(&mut self) -> Res {
        let c = self.combat.clone().expect("a combat is under way");
        let b = &self.board.bfs[c.bf];
        let (a_here, d_here) = (b.has_units(c.attacker), b.has_units(c.defender));
        let id = self.board.bf_id(c.bf).to_string();
        self.next = Next::Resolution(4);
        if c.recalled_at_3d || a_here == d_here {
            self.combats[c.record].1 = CombatResult::NoResult;
            let why = if c.recalled_at_3d {
                "attackers were recalled in the Combat Cleanup's 3d".to_string()
            } else if a_here {
                "both players still have units there".to_string()
            } else {
                "neither player has units there".to_string()
            };
            let mut cites = vec![Cite::NoResult];
            let mut what = format!("Resolution Step, task 3: No Result at {id}: {why}");
            if a_here && d_here {
                self.board.bfs[c.bf].showdown_staged = true;
                self.board.bfs[c.bf].combat_staged = true;
                cites.push(Cite::NoResultRestage);
                what.push_str("; a showdown and a combat are staged there again");
            }
            self.step(None, what, &cites, Vec::new());
            return Ok(());
        }
        let (winner, loser) = if a_here {
            (c.attacker, c.defender)
        } else {
            (c.defender, c.attacker)
        };
        self.combats[c.record].1 = CombatResult::Won { winner, loser };
        self.step(
            Some(winner),
            format!(
                "Resolution Step, task 3: {} is the only player with units at {id}: {} wins the combat, {} loses it; units share their controller's result",
                self.name(winner),
                self.name(winner),
                self.name(loser)
            ),
            &[Cite::ResultWin, Cite::ResultLose, Cite::ResultShared],
            if c.recalled_by_replacement {
                vec![Note {
                    text: "only the Combat Cleanup's 3d recall gives No Result by {0}; a unit recalled by a replaced death is not counted, so the result stands (the other reading counts any recall of an attacker in the Combat Cleanup, reading R11)".into(),
                    cites: vec![Cite::NoResult],
                }]
            } else {
                Vec::new()
            },
        );
        self.brief(format!(
            "Resolution Step, task 3: {} wins the combat, {} loses it",
            self.name(winner),
            self.name(loser)
        ));
        let mut fired = self.fire_at(c.bf, |on| on == TriggerOn::CombatWin, Some(winner));
        fired.extend(self.fire_at(c.bf, |on| on == TriggerOn::CombatLose, Some(loser)));
        self.put_triggers(fired, "the combat's result", &[Cite::ResultShared])?;
        Ok(())
    }

    /// Task 5 (466.5): only if nothing is staged there (reading R7): the player with units there
    /// establishes control (466.5.e when they did not contest it), Contested is cleared (466.5.a),
    /// no units leaves it uncontrolled (466.5.b), a facedown card of a player without control
    /// goes to the trash (466.5.c), and a first scoring this turn is a Conquer (466.5.d).
    fn combat_control(&mut self) -> Res {
        let c = self.combat.clone().expect("a combat is under way");
        let bf = c.bf;
        let id = self.board.bf_id(bf).to_string();
        self.next = Next::Resolution(6);
        let b = &self.board.bfs[bf];
        if b.showdown_staged || b.combat_staged {
            let what = if b.combat_staged {
                "a combat"
            } else {
                "a showdown"
            };
            let mut notes = vec![Note {
                text: "{0} settles control only when nothing is staged; its sub-steps are read as applying only then, so Contested stays too (the other reading clears Contested anyway, and the next cleanup applies it again)".into(),
                cites: vec![Cite::CombatControl],
            }];
            if self.edition == EditionId::July {
                notes.extend(self.reading_once("R2", cleanup::r2_note()));
            }
            self.step(
                None,
                format!("Resolution Step, task 5: {what} is staged at {id}, so nothing is settled there now: control and Contested stay as they are"),
                &[Cite::CombatControl],
                notes,
            );
            // Why (the staging) is the rule cited and the note.
            self.brief("Resolution Step, task 5: control and Contested stay");
            return Ok(());
        }
        let present = b.present();
        let controller = b.controller;
        let contester = b.contester;
        self.board.set_contester(bf, None);
        let mut cites = vec![Cite::CombatControl, Cite::CombatClearsContested];
        let mut conquer = None;
        let what = match present.as_slice() {
            [] => {
                self.board.set_controller(bf, None);
                cites.push(Cite::CombatUncontrolled);
                format!("nobody has units at {id}: it becomes uncontrolled; Contested is cleared")
            }
            [p] if controller == Some(*p) => format!(
                "{} already controls {id}; Contested is cleared",
                self.name(*p)
            ),
            [p] => {
                let p = *p;
                self.board.set_controller(bf, Some(p));
                if contester != Some(p) {
                    cites.push(Cite::CombatNonContester);
                }
                if !self.board.bfs[bf].scored.contains(&p) {
                    cites.push(Cite::CombatConquer);
                    conquer = Some(p);
                }
                format!(
                    "{} establishes control of {id}; Contested is cleared{}",
                    self.name(p),
                    if conquer.is_some() {
                        ": a Conquer"
                    } else {
                        " (already scored this turn: no Conquer)"
                    }
                )
            }
            _ => "several players have units there: nothing is settled".to_string(),
        };
        self.step(
            conquer.or(controller),
            format!("Resolution Step, task 5: {what}"),
            &cites,
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        if let Some(f) = self.board.bfs[bf].facedown {
            if self.board.perms[f].controller != self.board.bfs[bf].controller {
                self.board.leave(f, board::Zone::Trash);
                self.step(
                    None,
                    format!(
                        "{}'s facedown card {} at {id} goes to the trash",
                        self.name(self.board.perms[f].controller.unwrap_or(0)),
                        self.board.perms[f].id
                    ),
                    &[Cite::CombatFacedown, Cite::FacedownToTrash],
                    Vec::new(),
                );
            }
        }
        if let Some(p) = conquer {
            self.score(bf, p, scoring::ScoreKind::Conquer)?;
        }
        Ok(())
    }

    /// Task 7 (466.7): designations are removed (466.7.a), "this combat" effects expire
    /// (466.7.c; units may become Mighty); the state becomes Neutral and a cleanup follows.
    fn end_combat(&mut self) -> Res {
        let c = self.combat.take().expect("a combat is under way");
        let designated: Vec<usize> = std::mem::take(&mut self.board.designated)
            .into_iter()
            .collect();
        for u in designated {
            let st = self.board.unit_mut(u);
            st.role = None;
        }
        for &u in &self.board.bfs[c.bf]
            .units
            .iter()
            .copied()
            .collect::<Vec<_>>()
        {
            let st = self.board.unit_mut(u);
            st.was_attacker = false;
            st.was_defender = false;
        }
        let expiring: Vec<usize> = std::mem::take(&mut self.board.this_combat)
            .into_iter()
            .collect();
        let mut parts = Vec::new();
        let mut mighty = Vec::new();
        for u in expiring {
            let before = self.board.unit(u).might();
            let m = std::mem::take(&mut self.board.unit_mut(u).keys.might_this_combat);
            let after = self.board.unit(u).might();
            self.board.log_might(u);
            parts.push(format!("{}'s {m:+} Might ends", self.board.perms[u].id));
            if before < 5 && after >= 5 {
                mighty.push(u);
            }
        }
        self.showdown = None;
        self.focus = None;
        self.priority = None;
        let id = self.board.bf_id(c.bf).to_string();
        self.step(
            None,
            format!(
                "Resolution Step, task 7: the combat at {id} ends: designations are removed{}; the state becomes Neutral",
                if parts.is_empty() {
                    String::new()
                } else {
                    format!(", \"this combat\" effects end ({})", parts.join("; "))
                }
            ),
            &[Cite::CombatEnds, Cite::DesignationsRemoved, Cite::CombatExpiry],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        self.next = Next::Idle;
        // Units made Mighty by the expiry trigger as one event (4.10).
        self.mighty(&mighty, "\"this combat\" effects ended")
    }
}
