//! The cleanup's tasks on units (323.1-323.5; board extension 4.3): the win (323.1, 472), combat
//! designations (323.2), lethal damage (July 323.4 and 323.5; October's single kill step,
//! 808.1.d.2), and the special cleanups' inserts: the Combat Cleanup's heal and recall
//! (466.1.a.1, 466.1.a.2) and the Ending Cleanup's heal and expiry (317.2.b, 317.2.c).

use super::*;
use board::Role;

impl<'s> Engine<'s> {
    /// Task 1 (323.1, 472, 194.2): a player with at least the victory score and more points than
    /// every opponent wins; the game, and the replay, end.
    pub(super) fn win_task(&mut self, run: &mut Run) -> bool {
        let vs = self.s.victory_score;
        let n = self.s.players.len();
        let Some(p) = (0..n).find(|&p| {
            self.points[p] >= vs && (0..n).all(|q| q == p || self.points[q] < self.points[p])
        }) else {
            // Level at or above the victory score: no winner yet (194.2.b); shown once per score.
            let top = self.points.iter().copied().max().unwrap_or(0);
            if top >= vs && self.tie_shown != Some(top) {
                self.tie_shown = Some(top);
                let level: Vec<String> = (0..n)
                    .filter(|&q| self.points[q] == top)
                    .map(|q| self.name(q).to_string())
                    .collect();
                let what = format!(
                    "{} are level at {top} points, at or above the victory score of {vs}: nobody wins yet, the game goes on",
                    effects::join_and(&level)
                );
                self.show(run, None, what, &[Cite::CleanupWin, Cite::TieGoesOn]);
            }
            return false;
        };
        self.winner = Some(p);
        // The game is over (196): nobody holds Priority or Focus any more.
        self.priority = None;
        self.focus = None;
        let what = format!(
            "{} has {} points, at least the victory score of {vs} and more than every opponent: {} wins and the game ends",
            self.name(p),
            self.points[p],
            self.name(p)
        );
        self.task(run, Some(p), what, &[Cite::CleanupWin, Cite::WinCheck]);
        self.end(format!("{} won the game", self.name(p)));
        true
    }

    /// Task 2 (323.2.a, 323.2.c): during a combat (after its designations were given), a unit at
    /// its battlefield without a designation gains its controller's; a unit elsewhere loses its.
    pub(super) fn designation_task(&mut self, run: &mut Run) -> Res {
        let Some(c) = self.combat.as_ref().filter(|c| c.designated) else {
            return Ok(());
        };
        let (bf, attacker, defender) = (c.bf, c.attacker, c.defender);
        let mut lost = Vec::new();
        for &u in &self.board.designated {
            if self.board.perms[u].place() != Some(Place::Battlefield(bf)) {
                lost.push(u);
            }
        }
        for u in &lost {
            self.board.designated.remove(u);
            self.board.unit_mut(*u).role = None;
        }
        if !lost.is_empty() {
            let ids: Vec<String> = lost
                .iter()
                .map(|&u| self.board.perms[u].id.clone())
                .collect();
            let what = format!(
                "{} left the combat's battlefield and lose{} {} designation",
                effects::join_and(&ids),
                if ids.len() == 1 { "s" } else { "" },
                if ids.len() == 1 { "its" } else { "their" }
            );
            self.task(run, None, what, &[Cite::DesignationLost]);
            self.outstanding(Cite::CleanupStatus);
        }
        let gaining: Vec<usize> = self.board.bfs[bf]
            .units
            .iter()
            .copied()
            .filter(|&u| self.board.unit(u).role.is_none())
            .filter(|&u| {
                let c = self.board.perms[u].controller;
                c == Some(attacker) || c == Some(defender)
            })
            .collect();
        if gaining.is_empty() {
            return Ok(());
        }
        let mut fired = Vec::new();
        let mut mighty = Vec::new();
        let mut ids = Vec::new();
        for &u in &gaining {
            let role = if self.board.perms[u].controller == Some(attacker) {
                Role::Attacker
            } else {
                Role::Defender
            };
            ids.push(format!(
                "{} ({})",
                self.board.perms[u].id,
                if role == Role::Attacker {
                    "Attacker"
                } else {
                    "Defender"
                }
            ));
            let (f, m) = self.designate(u, role);
            fired.extend(f);
            if m {
                mighty.push(u);
            }
        }
        let (keyword_text, keyword_cites) = self.designation_keywords(&gaining);
        let what = format!(
            "{} at the combat's battlefield gain{} the designation of {} controller{keyword_text}",
            ids.join(", "),
            if ids.len() == 1 { "s" } else { "" },
            if ids.len() == 1 { "its" } else { "their" }
        );
        let mut cites = vec![Cite::DesignationGained, Cite::LateDesignation];
        cites.extend(keyword_cites);
        self.task(run, None, what, &cites);
        self.show_mighty(&mighty, "Assault or Shield with the designation");
        self.outstanding(Cite::CleanupStatus);
        let cites = combat::designation_trigger_cites(&fired);
        self.put_triggers(fired, "designations gained in a cleanup", &cites)?;
        Ok(())
    }

    /// Task 3: units with lethal damage (142.4.b) die, by one action. July: 3a adds their
    /// own-death triggers (323.4), 3b kills them (323.5). October: one kill step, the triggers
    /// added before any card moves (808.1.d.2; reading R13).
    pub(super) fn lethal_task(&mut self, run: &mut Run) -> Res {
        let watched = std::mem::take(&mut self.board.watch);
        let dying: Vec<usize> = watched
            .into_iter()
            .filter(|&u| {
                self.board.perms[u].place().is_some()
                    && self.board.perms[u]
                        .unit
                        .as_ref()
                        .is_some_and(|s| s.lethal())
            })
            .collect();
        if dying.is_empty() {
            return Ok(());
        }
        let mut dying = dying;
        let ids: Vec<String> = dying
            .iter()
            .map(|&u| self.board.perms[u].id.clone())
            .collect();
        let (fired, copies) = self.death_triggers(&dying);
        let july = self.edition == EditionId::July;
        let names = effects::join_and(&ids);
        let mut notes = Vec::new();
        if !july && fired.iter().any(|f| !f.trigger.deathknell) {
            notes.push(Note {
                text: "October removed the cleanup's own-death trigger step; for own-death triggers other than Deathknell the October text is unconfirmed, so the July timing is followed ({0})".into(),
                cites: vec![Cite::OwnDeathTriggers],
            });
        }
        if !july && dying.len() > 1 && !fired.is_empty() {
            notes.push(Note {
                text: "October's single kill step kills them by one action, so every own-death trigger is added before any of the cards moves ({0}, {1}); the other reading adds each unit's triggers just before that unit moves (reading R13)".into(),
                cites: vec![Cite::KillTogether, Cite::DeathknellBeforeTrash],
            });
        }
        let mut tcites = Vec::new();
        if copies {
            tcites.extend([Cite::CardText, Cite::DeathknellCopyOrder]);
        }
        // Both editions show the same two steps (the triggers, then the kill), so that the
        // comparison finds only the citations different (row 7: citation only).
        if !fired.is_empty() {
            let what = format!(
                "{names} {} lethal damage: {} own-death triggers are added before any card moves to the trash, noting {} state",
                if ids.len() == 1 { "has" } else { "have" },
                if ids.len() == 1 { "its" } else { "their" },
                if ids.len() == 1 { "its" } else { "their" },
            );
            let mut c = if july {
                vec![
                    Cite::OwnDeathTriggers,
                    Cite::DeathknellBeforeTrash,
                    Cite::DeathknellNotes,
                ]
            } else {
                vec![Cite::DeathknellBeforeTrash]
            };
            c.extend(tcites.iter().copied());
            self.task(run, None, what, &c);
            *self.steps.last_mut().expect("just shown").notes_mut() = notes;
        }
        let with_triggers: Vec<String> = {
            let mut v: Vec<String> = Vec::new();
            for f in &fired {
                if let Some(src) = f.source {
                    let id = self.board.perms[src].id.clone();
                    if !v.contains(&id) {
                        v.push(id);
                    }
                }
            }
            v
        };
        let added = self.put_triggers(
            fired,
            &format!("{} dying", effects::join_and(&with_triggers)),
            &[],
        )?;
        let mut report = self.replace_deaths(&mut dying, &added);
        self.report_replacements(None, &report);
        self.bury(&dying, &mut report);
        let died: Vec<String> = report.died.clone();
        if !died.is_empty() {
            let what = if died.len() == 1 {
                format!("{} is killed by lethal damage", died[0])
            } else {
                format!(
                    "{} are killed by lethal damage, together",
                    effects::join_and(&died)
                )
            };
            self.task(run, None, what, &[Cite::LethalKilled, Cite::LethalDamage]);
        }
        self.report_tokens(None, &report);
        self.units_died(&dying)?;
        let gear = std::mem::take(&mut report.gear_instead);
        self.kill_action(None, gear)?;
        run.changed = true;
        Ok(())
    }

    /// The Combat Cleanup's inserts (466.1.a): 3c heal all units; 3d recall every attacker at
    /// the battlefield if a defender is there, noting it for 466.3.d.
    pub(super) fn combat_inserts(&mut self, run: &mut Run) {
        let healed = self.heal_all();
        let what = if healed.is_empty() {
            "3c heals all units: none has damage".to_string()
        } else {
            format!("3c heals all units: {}", effects::join_and(&healed))
        };
        self.task(run, None, what, &[Cite::CombatHeal]);
        let Some(c) = self.combat.as_ref() else {
            return;
        };
        let bf = c.bf;
        let units: Vec<usize> = self.board.bfs[bf].units.iter().copied().collect();
        let defender_there = units
            .iter()
            .any(|&u| self.board.unit(u).role == Some(Role::Defender));
        let attackers: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.board.unit(u).role == Some(Role::Attacker))
            .collect();
        let what = if defender_there && !attackers.is_empty() {
            let ids: Vec<String> = attackers
                .iter()
                .map(|&u| self.board.perms[u].id.clone())
                .collect();
            for &u in &attackers {
                self.board.enter(u, Place::Base);
            }
            if let Some(c) = self.combat.as_mut() {
                c.recalled_at_3d = true;
            }
            self.outstanding(Cite::CleanupStatus);
            format!(
                "3d: a defender remains at {}, so the attackers there are recalled: {}",
                self.board.bf_id(bf),
                effects::join_and(&ids)
            )
        } else if defender_there {
            "3d: no attacker is left at the battlefield to recall".to_string()
        } else {
            "3d: no defender remains at the battlefield, so nothing is recalled".to_string()
        };
        self.task(run, None, what, &[Cite::CombatRecall]);
    }

    /// The Ending Cleanup's inserts (317.2): 3c heal all units; 3d "this turn" effects expire
    /// together (Might modifiers, stuns); units that become Mighty trigger (one event); 3e rune
    /// pools empty (not modelled).
    pub(super) fn ending_inserts(&mut self, run: &mut Run) -> Res {
        let healed = self.heal_all();
        let what = if healed.is_empty() {
            "3c heals all units: none has damage".to_string()
        } else {
            format!("3c heals all units: {}", effects::join_and(&healed))
        };
        self.task(run, None, what, &[Cite::EndingHeal]);
        let expiring: Vec<usize> = std::mem::take(&mut self.board.this_turn)
            .into_iter()
            .collect();
        let mut parts = Vec::new();
        let mut cites = vec![Cite::EndingExpire];
        let mut mighty = Vec::new();
        for &u in &expiring {
            let before = self.board.unit(u).might();
            let id = self.board.perms[u].id.clone();
            let st = self.board.unit_mut(u);
            let m = st.keys.might_this_turn;
            let stunned = st.keys.stunned;
            st.keys.might_this_turn = 0;
            st.keys.stunned = false;
            let after = self.board.unit(u).might();
            if m != 0 {
                self.board.log_might(u);
                parts.push(format!("{id}'s {m:+} Might ends ({before} -> {after})"));
            }
            if stunned {
                parts.push(format!("{id} is no longer stunned"));
                if !cites.contains(&Cite::StunExpires) {
                    cites.push(Cite::StunExpires);
                }
            }
            if before < 5 && after >= 5 {
                mighty.push(u);
            }
        }
        let what = if parts.is_empty() {
            "3d: no \"this turn\" effects to end (3e, rune pools, is not modelled)".to_string()
        } else {
            format!(
                "3d: \"this turn\" effects end together: {} (3e, rune pools, is not modelled)",
                parts.join("; ")
            )
        };
        if !expiring.is_empty() {
            self.outstanding(Cite::CleanupStatus);
        }
        self.task(run, None, what, &cites);
        self.mighty(&mighty, "\"this turn\" effects ended")?;
        Ok(())
    }

    /// Heals every damaged unit (466.1.a.1, 317.2.b); their ids.
    pub(super) fn heal_all(&mut self) -> Vec<String> {
        let damaged: Vec<usize> = self.board.damaged.iter().copied().collect();
        let mut ids = Vec::new();
        for u in damaged {
            if self.board.heal(u) {
                ids.push(self.board.perms[u].id.clone());
            }
        }
        if !ids.is_empty() {
            self.outstanding(Cite::CleanupStatus);
        }
        ids
    }
}
