//! The cleanup's tasks on battlefields (323.6-323.14; board extension 4.3): control lost or kept
//! (323.6, 190.4.c), facedown cards (323.7), staging (323.8-323.10), Contested (323.11), and a
//! showdown or combat beginning (323.12-323.14) with the Turn Player's choice (461.1).

use super::*;

impl<'s> Engine<'s> {
    /// Task 4 (323.6, 190.4.c): a player controlling a battlefield where they have no units loses
    /// it, unless a Chain exists (`added`: this cleanup added the item that makes it exist,
    /// 329.1, 330) or a showdown or combat is under way there.
    pub(super) fn control_task(&mut self, run: &mut Run, added: bool) {
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
                self.brief_task(
                    run,
                    &format!("{} keeps control of {id} ({why})", self.name(c)),
                );
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
            let short = format!("{} loses control of {id} (no units there)", self.name(c));
            self.brief_task(run, &short);
        }
    }

    /// Task 5 (323.7, 107.3.d): a facedown card at a battlefield its controller does not
    /// control goes to the trash.
    pub(super) fn facedown_task(&mut self, run: &mut Run) {
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
    pub(super) fn staging_task(&mut self, run: &mut Run) {
        let combat_bf = self.combat.as_ref().map(|c| c.bf);
        for bf in 0..self.board.bfs.len() {
            if self.edition == EditionId::October && combat_bf == Some(bf) {
                continue;
            }
            let b = &self.board.bfs[bf];
            let contested = b.contester;
            let (showdown, combat) = b.staging();
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
                if showdown {
                    self.brief_task(run, &format!("a showdown is staged at {id}"));
                }
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
                self.brief_task(
                    run,
                    &if combat {
                        format!("a combat is staged at {id}")
                    } else {
                        format!("the combat staged at {id} is unstaged")
                    },
                );
            }
        }
    }

    /// Task 8 (323.11, 323.11.a, 190.3.b.1): Contested is removed where the contester has no
    /// units and nothing is under way; there, a player with units who does not control it
    /// applies Contested (the first in turn order from the Turn Player).
    pub(super) fn contested_task(&mut self, run: &mut Run) {
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
            let short = format!("{} no longer contests {id} (no units there)", self.name(c));
            self.brief_task(run, &short);
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
    pub(super) fn begin_task(&mut self, run: &mut Run) -> Res {
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
        let (bf, choice) = self.choose_begin(&candidates, combat)?;
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
            self.brief_task(run, &format!("the combat staged at {id} begins{choice}"));
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
            self.brief_task(run, &format!("the showdown staged at {id} begins{choice}"));
            self.begin_showdown(bf)?;
        }
        Ok(())
    }

    /// The Turn Player's choice among staged battlefields (323.12, 323.13, 461.1): a `begin`
    /// action naming a candidate, else the first in board order. Returns it and a phrase.
    /// `next` stops here when the choice is the Turn Player's to make now.
    pub(super) fn choose_begin(
        &mut self,
        candidates: &[usize],
        combat: bool,
    ) -> Res<(usize, String)> {
        if candidates.len() < 2 {
            return Ok((candidates[0], String::new()));
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
        if self.halts_at_choice(written.is_some()) {
            return Err(self.halted(next::Decision::Begin {
                candidates: candidates.to_vec(),
                combat,
            }));
        }
        Ok(match written {
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
        })
    }
}
