//! Cleanups (318-324; board extension 4.2, 4.3): called by the events of 319, never during a
//! resolution (321.1), repeated until one changes nothing (322, 324.2), each running the tasks
//! of 323 in order: the win (323.1), designations (323.2), lethal damage (July 323.4 and 323.5;
//! October's single kill step, 808.1.d.2), the special cleanups' inserts (466.1.a, 317.2), control
//! (323.6), facedown cards (323.7), staging (323.8-323.10), Contested (323.11), and beginning a
//! showdown or combat (323.12-323.14).
//!
//! Each task looks only at what changed (the board's indexes) or at the battlefields, never at
//! every unit on the board.

use super::*;
use board::Role;

/// A special cleanup's inserts (324).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Special {
    /// The Combat Cleanup (466.1.a).
    Combat,
    /// The Ending Cleanup of the Expiration Step (317.2.a).
    Ending,
}

/// One cleanup being run: how its first shown task is introduced, and what it did.
struct Run {
    intro: String,
    cites: Vec<Cite>,
    /// Notes for the first step shown (a reading about the cleanup as a whole).
    notes: Vec<Note>,
    shown: bool,
    changed: bool,
    /// Battlefields where this cleanup staged a showdown (R14).
    staged_now: Vec<usize>,
}

impl<'s> Engine<'s> {
    /// Runs the outstanding cleanup and those that follow it until one changes nothing (322).
    pub(super) fn cleanups(&mut self) -> Res {
        let Some(cause) = self.cleanup_due.take() else {
            return Ok(());
        };
        let mut cites = vec![cause];
        let mut intro = format!("Cleanup (called: {})", cause_words(cause));
        if self.cleanup_deferred {
            cites.extend([Cite::CleanupDeferred, Cite::TasksAfterStep]);
            intro = format!(
                "Cleanup (called: {}, during the resolution; it waited until the Resolve step was complete)",
                cause_words(cause)
            );
        }
        let notes = if self.cleanup_deferred && self.showdown.is_some() && self.chain.is_empty() {
            self.reading_once("R3", Note {
                text: "the cleanup waits for the whole Resolve step ({0}), so when the Chain emptied, {1} had already passed Focus; the other reading runs it between the resolution and {1}, the Chain going on (reading R3)".into(),
                cites: vec![Cite::TasksAfterStep, Cite::FocusPassesOnEmpty],
            })
        } else {
            Vec::new()
        };
        self.cleanup_deferred = false;
        let mut changed = self.cleanup(None, intro, cites, notes)?;
        while changed && self.next != Next::End {
            self.cleanup_due = None;
            changed = self.cleanup(
                None,
                "Cleanup (the last one changed something, so another follows)".into(),
                vec![Cite::CleanupCascade],
                Vec::new(),
            )?;
        }
        self.cleanup_due = None;
        self.after_cleanups();
        Ok(())
    }

    /// A special cleanup (always shown), then normal cleanups as needed (324.2).
    pub(super) fn special_cleanup(&mut self, special: Special, intro: &str, cites: &[Cite]) -> Res {
        self.cleanup_due = None;
        let mut changed =
            self.cleanup(Some(special), intro.to_string(), cites.to_vec(), Vec::new())?;
        while changed && self.next != Next::End {
            self.cleanup_due = None;
            changed = self.cleanup(
                None,
                "Cleanup (a normal cleanup follows the special one)".into(),
                vec![Cite::SpecialCleanupCascade],
                Vec::new(),
            )?;
        }
        self.cleanup_due = None;
        Ok(())
    }

    /// After cleanups: pending items they added are finalized before anyone acts (334.2,
    /// 337.1), so 337.4 may take Priority from the player 340.4 gave it to (312.3).
    fn after_cleanups(&mut self) {
        if self.next == Next::End {
            return;
        }
        if self.has_pending() && matches!(self.next, Next::Execute(_) | Next::Idle) {
            self.priority = None;
            self.next = Next::Finalize;
        }
    }

    /// Shows a task of the cleanup (introduced the first time) and marks the cleanup changed.
    fn task(&mut self, run: &mut Run, who: Option<PlayerId>, what: String, cites: &[Cite]) {
        run.changed = true;
        self.show(run, who, what, cites);
    }

    fn show(&mut self, run: &mut Run, who: Option<PlayerId>, what: String, cites: &[Cite]) {
        self.show_noted(run, who, what, cites, Vec::new());
    }

    /// Shows a task with notes (a reading followed at this task).
    fn show_noted(
        &mut self,
        run: &mut Run,
        who: Option<PlayerId>,
        what: String,
        cites: &[Cite],
        mut notes: Vec<Note>,
    ) {
        let (what, cites) = if run.shown {
            (format!("Cleanup: {what}"), cites.to_vec())
        } else {
            run.shown = true;
            let mut all = run.cites.clone();
            all.extend_from_slice(cites);
            notes.splice(0..0, std::mem::take(&mut run.notes));
            (format!("{}: {what}", run.intro), all)
        };
        self.step(who, what, &cites, notes);
    }

    /// One cleanup, task by task (323). Returns whether it changed anything.
    fn cleanup(
        &mut self,
        special: Option<Special>,
        intro: String,
        cites: Vec<Cite>,
        notes: Vec<Note>,
    ) -> Res<bool> {
        let mut run = Run {
            intro,
            cites,
            notes,
            shown: false,
            changed: false,
            staged_now: Vec::new(),
        };
        let chain_before = self.chain.len();
        // 1. The win (323.1, 472).
        if self.win_task(&mut run) {
            return Ok(false);
        }
        // 2. Designations (323.2), while a combat is under way.
        self.designation_task(&mut run)?;
        // 3. Lethal damage: July 3a and 3b; October one kill step (row 7).
        self.lethal_task(&mut run)?;
        // The special cleanups' inserts.
        match special {
            Some(Special::Combat) => self.combat_inserts(&mut run),
            Some(Special::Ending) => self.ending_inserts(&mut run)?,
            None => {}
        }
        // 4. Control lost (323.6, 190.4.c).
        self.control_task(&mut run, self.chain.len() > chain_before);
        // 5. Facedown cards (323.7).
        self.facedown_task(&mut run);
        // 6, 7. Staging (323.8-323.10).
        self.staging_task(&mut run);
        // 8. Contested (323.11).
        self.contested_task(&mut run);
        // 9, 10, 10a. A showdown or combat begins (323.12-323.14).
        self.begin_task(&mut run)?;
        if run.changed && self.chain.len() > chain_before {
            self.step(
                None,
                "Cleanup: the items it added wait as pending; nothing is finalized or resolved, and no Priority is given, during a cleanup",
                &[Cite::CleanupNothingResolves, Cite::CleanupAddsPending],
                Vec::new(),
            );
        }
        Ok(run.changed)
    }

    /// Task 1 (323.1, 472, 194.2): a player with at least the victory score and more points than
    /// every opponent wins; the game, and the replay, end.
    fn win_task(&mut self, run: &mut Run) -> bool {
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
        self.priority = None;
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
    fn designation_task(&mut self, run: &mut Run) -> Res {
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
            fired.extend(self.designate(u, role));
        }
        let what = format!(
            "{} at the combat's battlefield gain{} the designation of {} controller",
            ids.join(", "),
            if ids.len() == 1 { "s" } else { "" },
            if ids.len() == 1 { "its" } else { "their" }
        );
        self.task(
            run,
            None,
            what,
            &[Cite::DesignationGained, Cite::LateDesignation],
        );
        self.outstanding(Cite::CleanupStatus);
        let cites = combat::designation_trigger_cites(&fired);
        self.put_triggers(fired, "designations gained in a cleanup", &cites)?;
        Ok(())
    }

    /// Task 3: units with lethal damage (142.4.b) die, by one action. July: 3a adds their
    /// own-death triggers (323.4), 3b kills them (323.5). October: one kill step, the triggers
    /// added before any card moves (808.1.d.2; reading R13).
    fn lethal_task(&mut self, run: &mut Run) -> Res {
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
            self.steps.last_mut().expect("just shown").notes = notes;
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
        let gear = std::mem::take(&mut report.gear_instead);
        self.kill_action(None, gear)?;
        run.changed = true;
        Ok(())
    }

    /// The Combat Cleanup's inserts (466.1.a): 3c heal all units; 3d recall every attacker at
    /// the battlefield if a defender is there, noting it for 466.3.d.
    fn combat_inserts(&mut self, run: &mut Run) {
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
    fn ending_inserts(&mut self, run: &mut Run) -> Res {
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
    fn heal_all(&mut self) -> Vec<String> {
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

    /// Task 4 (323.6, 190.4.c): a player controlling a battlefield where they have no units loses
    /// it, unless a Chain exists (`added`: this cleanup added the item that makes it exist,
    /// 329.1, 330) or a showdown or combat is under way there.
    fn control_task(&mut self, run: &mut Run, added: bool) {
        for bf in 0..self.board.bfs.len() {
            let Some(c) = self.board.bfs[bf].controller else {
                continue;
            };
            if self.board.bfs[bf].has_units(c) {
                self.board.bfs[bf].kept_shown = false;
                continue;
            }
            let id = self.board.bf_id(bf).to_string();
            let under_way = self.showdown.is_some_and(|sd| sd.bf == Some(bf));
            if !self.chain.is_empty() || under_way {
                if self.board.bfs[bf].kept_shown {
                    continue;
                }
                self.board.bfs[bf].kept_shown = true;
                let (why, mut cites) = if under_way {
                    (
                        "a showdown or combat is under way there".to_string(),
                        vec![],
                    )
                } else if added {
                    (
                        "this cleanup added a pending item, so a Chain exists and the turn is Closed".to_string(),
                        vec![Cite::PendingOnChain, Cite::OneChain],
                    )
                } else {
                    ("a Chain exists: the turn is Closed".to_string(), vec![])
                };
                cites.splice(0..0, [Cite::ControlLost, Cite::ControlFrozen]);
                let what = format!(
                    "control kept: {} has no units at {id}, but keeps it because {why}",
                    self.name(c)
                );
                self.show(run, Some(c), what, &cites);
                continue;
            }
            self.board.set_controller(bf, None);
            self.board.bfs[bf].kept_shown = false;
            self.outstanding(Cite::CleanupStatus);
            let what = format!(
                "{} has no units at {id} in an Open State with nothing under way there: {id} becomes uncontrolled",
                self.name(c)
            );
            self.task(
                run,
                Some(c),
                what,
                &[Cite::ControlLost, Cite::ControlFrozen],
            );
        }
    }

    /// Task 5 (323.7, 107.3.d): a facedown card at a battlefield its controller does not
    /// control goes to the trash.
    fn facedown_task(&mut self, run: &mut Run) {
        for bf in 0..self.board.bfs.len() {
            let Some(f) = self.board.bfs[bf].facedown else {
                continue;
            };
            if self.board.perms[f].controller == self.board.bfs[bf].controller {
                continue;
            }
            self.board.leave(f, board::Zone::Trash);
            let what = format!(
                "{}'s facedown card {} at {} goes to the trash: {} does not control that battlefield",
                self.name(self.board.perms[f].controller.unwrap_or(0)),
                self.board.perms[f].id,
                self.board.bf_id(bf),
                self.name(self.board.perms[f].controller.unwrap_or(0)),
            );
            self.task(
                run,
                None,
                what,
                &[Cite::FacedownRemoved, Cite::FacedownToTrash],
            );
        }
    }

    /// Tasks 6 and 7 (323.8, 323.8.a, 323.9, 323.10): a showdown is staged at a Contested
    /// battlefield where the contester has units; a combat where two opposing players have units.
    /// October: only at battlefields with no combat under way (row 8).
    fn staging_task(&mut self, run: &mut Run) {
        let combat_bf = self.combat.as_ref().map(|c| c.bf);
        for bf in 0..self.board.bfs.len() {
            if self.edition == EditionId::October && combat_bf == Some(bf) {
                continue;
            }
            let b = &self.board.bfs[bf];
            let contested = b.contester;
            let showdown = contested.is_some_and(|c| b.has_units(c));
            let combat = contested.is_some() && b.present().len() >= 2;
            let (was_showdown, was_combat) = (b.showdown_staged, b.combat_staged);
            let id = self.board.bf_id(bf).to_string();
            if showdown != was_showdown {
                self.board.bfs[bf].showdown_staged = showdown;
                let what = if showdown {
                    format!(
                        "a showdown is staged at {id}: it is Contested by {}, who has units there",
                        self.name(contested.unwrap_or(0))
                    )
                } else {
                    format!(
                        "the showdown staged at {id} lapses: {}",
                        if contested.is_some() {
                            "its contester has no units there"
                        } else {
                            "it is no longer Contested"
                        }
                    )
                };
                let cite = if showdown {
                    Cite::ShowdownStaged
                } else {
                    Cite::ShowdownStagedWhile
                };
                if showdown {
                    run.staged_now.push(bf);
                }
                let notes = if combat_bf == Some(bf) && showdown {
                    self.reading_once("R2", r2_note())
                } else {
                    Vec::new()
                };
                run.changed = true;
                self.show_noted(run, None, what, &[cite], notes);
            }
            if combat != was_combat {
                self.board.bfs[bf].combat_staged = combat;
                let what = if combat {
                    format!("a combat is staged at {id}: it is Contested and two opposing players have units there")
                } else {
                    format!("the combat staged at {id} is unstaged: two opposing players no longer have units there")
                };
                let cite = if combat {
                    Cite::CombatStaged
                } else {
                    Cite::CombatUnstaged
                };
                let notes = if combat_bf == Some(bf) && combat {
                    self.reading_once("R2", r2_note())
                } else {
                    Vec::new()
                };
                run.changed = true;
                self.show_noted(run, None, what, &[cite], notes);
            }
        }
    }

    /// Task 8 (323.11, 323.11.a, 190.3.b.1): Contested is removed where the contester has no
    /// units and nothing is under way; there, a player with units who does not control it
    /// applies Contested (the first in turn order from the Turn Player).
    fn contested_task(&mut self, run: &mut Run) {
        let n = self.s.players.len();
        for bf in 0..self.board.bfs.len() {
            let Some(c) = self.board.bfs[bf].contester else {
                continue;
            };
            let under_way = self.showdown.is_some_and(|sd| sd.bf == Some(bf));
            if self.board.bfs[bf].has_units(c) || under_way {
                continue;
            }
            let id = self.board.bf_id(bf).to_string();
            let controller = self.board.bfs[bf].controller;
            let next = (0..n)
                .map(|k| (self.s.turn + k) % n)
                .find(|&p| self.board.bfs[bf].has_units(p) && controller != Some(p));
            self.board.set_contester(bf, None);
            self.outstanding(Cite::CleanupStatus);
            let what = format!(
                "{} has no units at {id} and nothing is under way there: Contested is removed",
                self.name(c)
            );
            self.task(run, None, what, &[Cite::ContestedRemoved]);
            if let Some(p) = next {
                self.board.set_contester(bf, Some(p));
                let what = format!(
                    "{} has units at {id} and does not control it: {} applies Contested",
                    self.name(p),
                    self.name(p)
                );
                self.task(run, Some(p), what, &[Cite::ContestedReapplied]);
            }
        }
    }

    /// Tasks 9, 10 and 10a (323.12-323.14): in a Neutral Open State a staged showdown (where no
    /// combat is staged) or combat begins, the Turn Player choosing among several (`begin`,
    /// default board order); in a Showdown Open State a combat staged where the non-combat
    /// showdown is under way turns it into a combat showdown.
    fn begin_task(&mut self, run: &mut Run) -> Res {
        if !self.chain.is_empty() {
            return Ok(());
        }
        if let Some(sd) = self.showdown {
            if let (false, Some(bf)) = (sd.combat, sd.bf) {
                if self.board.bfs[bf].combat_staged && self.combat.is_none() {
                    let what = format!(
                        "a combat is staged where the showdown is under way: the showdown at {} becomes a combat showdown",
                        self.board.bf_id(bf)
                    );
                    self.begin_combat(bf, false)?;
                    self.task(
                        run,
                        None,
                        what,
                        &[Cite::ShowdownBecomesCombat, Cite::CombatInShowdown],
                    );
                }
            }
            return Ok(());
        }
        let combats: Vec<usize> = (0..self.board.bfs.len())
            .filter(|&bf| self.board.bfs[bf].combat_staged)
            .collect();
        let showdowns: Vec<usize> = (0..self.board.bfs.len())
            .filter(|&bf| self.board.bfs[bf].showdown_staged && !self.board.bfs[bf].combat_staged)
            .collect();
        if showdowns.is_empty() && combats.is_empty() {
            return Ok(());
        }
        let (combat, candidates) = if showdowns.is_empty() {
            (true, combats)
        } else {
            (false, showdowns)
        };
        if self.phase != Phase::Main {
            let bf = candidates[0];
            return Err(ReplayError {
                code: "outside_main_phase",
                message: format!(
                    "a {} would begin at {} outside the Main Phase, which chainjudge does not model",
                    if combat { "combat" } else { "showdown" },
                    self.board.bf_id(bf)
                ),
                help: "start the file in the Main Phase, or change the board so nothing is staged".into(),
                locs: vec![(self.s.board[self.board.bfs[bf].perm].loc, "staged here".into())],
            });
        }
        let (bf, choice) = self.choose_begin(&candidates);
        let id = self.board.bf_id(bf).to_string();
        if combat {
            let mut cites = vec![
                Cite::CombatBegins,
                Cite::CombatOccurs,
                Cite::StagedCombatBegins,
            ];
            if candidates.len() > 1 {
                cites.push(Cite::CombatChoice);
            }
            let what = format!("in a Neutral Open State the combat staged at {id} begins{choice}");
            self.begin_combat(bf, true)?;
            self.task(run, Some(self.s.turn), what, &cites);
        } else {
            let what =
                format!("in a Neutral Open State the showdown staged at {id} begins{choice}");
            let notes = if run.staged_now.contains(&bf) {
                vec![Note {
                    text: "{0} says a showdown opens during the next cleanup; it is begun in the cleanup that staged it, at {1} (same outcome: another cleanup would follow at once)".into(),
                    cites: vec![Cite::ShowdownOpens, Cite::ShowdownBegins],
                }]
            } else {
                Vec::new()
            };
            run.changed = true;
            self.show_noted(
                run,
                Some(self.s.turn),
                what,
                &[Cite::ShowdownBegins, Cite::ShowdownOpens],
                notes,
            );
            self.begin_showdown(bf)?;
        }
        Ok(())
    }

    /// The Turn Player's choice among staged battlefields (323.12, 323.13, 461.1): a `begin`
    /// action naming a candidate, else the first in board order. Returns it and a phrase.
    fn choose_begin(&mut self, candidates: &[usize]) -> (usize, String) {
        if candidates.len() < 2 {
            return (candidates[0], String::new());
        }
        let written = self
            .s
            .actions
            .iter()
            .enumerate()
            .find_map(|(j, a)| match a.kind {
                ActionKind::Begin(bf) if !self.used[j] && candidates.contains(&bf) => Some((j, bf)),
                _ => None,
            });
        let names: Vec<String> = candidates
            .iter()
            .map(|&b| self.board.bf_id(b).to_string())
            .collect();
        match written {
            Some((j, bf)) => {
                self.used[j] = true;
                (
                    bf,
                    format!(
                        " ({} chose it among {}, as the file's `begin` says)",
                        self.name(self.s.turn),
                        effects::join_and(&names)
                    ),
                )
            }
            None => (
                candidates[0],
                format!(
                    " (the Turn Player chooses among {}; default: the first in board order; write `begin` to choose)",
                    effects::join_and(&names)
                ),
            ),
        }
    }
}

/// The event of 319 that called a cleanup, in words.
fn cause_words(c: Cite) -> &'static str {
    match c {
        Cite::CleanupOpenClosed => "the Chain opened or closed",
        Cite::CleanupPhase => "a phase or step changed",
        Cite::CleanupPendingAdded => "an item was added to the Chain",
        Cite::CleanupFinalized => "an item was finalized",
        Cite::CleanupLeftChain => "an item left the Chain",
        Cite::CleanupBoardChange => "something entered or left the board",
        Cite::CleanupMove | Cite::MoveCleanup => "a move was completed",
        _ => "a status changed",
    }
}

/// Reading R2: July's staging tasks read literally stage at the battlefield of a combat under
/// way.
pub(super) fn r2_note() -> Note {
    Note {
        text: "{0} and {1} stage at every contested battlefield, read literally also where a combat is under way, so the attacker who clears the battlefield settles control only after a further showdown (followed under July); the other reading stages nothing during a combat, which is October's text and tournament practice".into(),
        cites: vec![Cite::ShowdownStaged, Cite::CombatStaged],
    }
}
