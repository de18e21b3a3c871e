//! Combat (459-466; October 461-468): a combat begins in a cleanup (323.13, 323.14, 460), then
//! the Combat Showdown Step's tasks (464.2: start-of-combat effects, designations and Focus, the
//! designation triggers in 464.2.e.1's order), the Combat Damage Step (465, in `damage`), and the
//! Resolution Step's seven tasks (466): the Combat Cleanup, the result, control and the conquer,
//! and the end of the combat.

mod damage;
mod resolution;

use super::*;
use board::Role;

/// Where a combat is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// The Combat Showdown Step (464).
    Showdown,
    /// The Resolution Step (466), after this task.
    Resolution(u8),
}

/// The combat under way (one at a time, 460).
#[derive(Debug, Clone)]
pub(super) struct CombatRt {
    pub(super) bf: usize,
    pub(super) attacker: PlayerId,
    pub(super) defender: PlayerId,
    /// A new combat showdown (464.1 first way), not an escalation of a running showdown.
    pub(super) opened_with_combat: bool,
    /// Task 2 (464.2.c) has given the designations (so a cleanup's task 2 applies).
    pub(super) designated: bool,
    pub(super) stage: Stage,
    /// The Combat Cleanup's 3d recalled a unit (466.3.d).
    pub(super) recalled_at_3d: bool,
    /// A replaced death recalled a unit from the battlefield during the combat (reading R11).
    pub(super) recalled_by_replacement: bool,
    /// Its index in the engine's list of combats.
    pub(super) record: usize,
}

impl CombatRt {
    /// With the Chain empty: the Resolution Step's next task, if the combat is in it.
    pub(super) fn resumes(&self) -> Option<Next> {
        match self.stage {
            Stage::Resolution(k) if k < 7 => Some(Next::Resolution(k + 1)),
            _ => None,
        }
    }
}

impl<'s> Engine<'s> {
    /// A combat begins at `bf` (323.13 or 323.14, 460, 461.3): `opened` for a new combat
    /// showdown, false for a showdown under way becoming one. The attacker is the contester
    /// (464.2.c.1), the defender the other player with units there (464.2.c.2).
    pub(super) fn begin_combat(&mut self, bf: usize, opened: bool) -> Res {
        let b = &self.board.bfs[bf];
        let present = b.present();
        let attacker = b.contester.unwrap_or(self.s.turn);
        let others: Vec<PlayerId> = present.iter().copied().filter(|&p| p != attacker).collect();
        if !present.contains(&attacker) || others.len() != 1 {
            return Err(ReplayError {
                code: "combat_not_modelled",
                message: format!(
                    "the combat at {} does not have exactly two participants with the contester among them, which chainjudge does not model (460, 462)",
                    self.board.bf_id(bf)
                ),
                help: "change the board so that the contester and one other player have units there".into(),
                locs: vec![(self.s.board[self.board.bfs[bf].perm].loc, "this battlefield".into())],
            });
        }
        let defender = others[0];
        self.board.bfs[bf].showdown_staged = false;
        self.board.bfs[bf].combat_staged = false;
        self.showdown = Some(ShowdownRt {
            combat: true,
            bf: Some(bf),
        });
        self.combats.push((bf, trace::CombatResult::Unfinished));
        self.combat = Some(CombatRt {
            bf,
            attacker,
            defender,
            opened_with_combat: opened,
            designated: false,
            stage: Stage::Showdown,
            recalled_at_3d: false,
            recalled_by_replacement: false,
            record: self.combats.len() - 1,
        });
        self.priority = None;
        self.focus_passed.clear();
        self.next = Next::CombatTasks;
        self.outstanding(Cite::CleanupStatus);
        Ok(())
    }

    /// The Combat Showdown Step's tasks b-g (464.2; October 466.2), run in order after the
    /// cleanup that began the combat (464.2.a).
    pub(super) fn combat_tasks(&mut self) -> Res {
        let c = self.combat.clone().expect("a combat is under way");
        let (bf, a, d) = (c.bf, c.attacker, c.defender);
        let id = self.board.bf_id(bf).to_string();
        // b: start-of-combat effects; a showdown opening with the combat also starts (R8).
        let opened = c.opened_with_combat;
        let fired = self.fire_at(
            bf,
            |on| on == TriggerOn::CombatStart || opened && on == TriggerOn::ShowdownStart,
            None,
        );
        let mut notes = Vec::new();
        if !opened {
            notes.push(Note {
                text: "a showdown already under way does not begin again, so only start-of-combat effects happen; the other reading starts it again ({0})".into(),
                cites: vec![Cite::CombatStartTask],
            });
        }
        self.step(
            None,
            format!(
                "Combat at {id}: Combat Showdown Step, task 1: start-of-combat effects{}",
                if fired.is_empty() { " (none)" } else { "" }
            ),
            &[Cite::CombatStartTask],
            notes,
        );
        let cause = if opened {
            "the combat and its showdown began"
        } else {
            "the combat began"
        };
        self.put_triggers(fired, cause, &[Cite::CombatStartTask])?;
        // c: the attacker, the defender, their designations, and Focus.
        let mut fired = Vec::new();
        let mut mighty = Vec::new();
        let mut designated = Vec::new();
        let units: Vec<usize> = self.board.bfs[bf].units.iter().copied().collect();
        for u in units {
            let role = match self.board.perms[u].controller {
                Some(p) if p == a => Role::Attacker,
                Some(p) if p == d => Role::Defender,
                _ => continue,
            };
            let (f, m) = self.designate(u, role);
            fired.extend(f);
            designated.push(u);
            if m {
                mighty.push(u);
            }
        }
        let (keyword_text, keyword_cites) = self.designation_keywords(&designated);
        fired.extend(self.fire_players(|on| on == TriggerOn::Attack, a));
        fired.extend(self.fire_players(|on| on == TriggerOn::Defend, d));
        let bf_perm = self.board.bfs[bf].perm;
        let silent_defend = self.board.bfs[bf].controller.is_none()
            && self.board.perms[bf_perm]
                .triggers
                .iter()
                .any(|t| t.on == TriggerOn::Defend);
        if self.board.bfs[bf].controller == Some(d) {
            for t in self.board.perms[bf_perm].triggers {
                if t.on == TriggerOn::Defend {
                    fired.push(Fired {
                        trigger: t,
                        about: None,
                        controller: d,
                        source: Some(bf_perm),
                        no_controller: false,
                    });
                }
            }
        }
        let mut cites = vec![
            Cite::AttackerIsContester,
            Cite::DefenderIsOther,
            Cite::DesignationsGiven,
        ];
        cites.extend(keyword_cites);
        let holder = self.focus;
        let focus_text = if opened {
            self.focus = Some(a);
            cites.push(Cite::AttackerFocusOpen);
            format!(
                "the showdown opens with the combat, so {} gains Focus",
                self.name(a)
            )
        } else {
            cites.push(Cite::HolderKeepsFocus);
            format!(
                "a showdown was already under way, so {} keeps Focus",
                holder.map_or("nobody", |p| self.name(p))
            )
        };
        self.step(
            Some(a),
            format!(
                "Task 2: {} attacks (the contester), {} defends; they and their units there gain their designations{keyword_text}; {focus_text}",
                self.name(a),
                self.name(d)
            ),
            &cites,
            if silent_defend {
                let mut c = vec![Cite::UncontrolledNoOne];
                c.push(Cite::DefendTrigger);
                vec![Note {
                    text: format!(
                        "{id}'s defend ability does not fire: nobody controls the battlefield, so its \"you\" is no one ({{0}}, {{1}})"
                    ),
                    cites: c,
                }]
            } else {
                Vec::new()
            },
        );
        self.brief(format!(
            "Task 2: {} attacks, {} defends{keyword_text}; {focus_text}",
            self.name(a),
            self.name(d)
        ));
        self.show_mighty(&mighty, "Assault or Shield with the designation");
        // d (July only): the attacker gains Focus.
        if self.edition == EditionId::July {
            let mut notes = Vec::new();
            if !opened && holder != Some(a) {
                notes.push(Note {
                    text: "{0} says the Focus holder keeps Focus and {1} that the attacker gains it; the tasks run in order, so the attacker ends with Focus (followed). The other reading keeps Focus with the holder, which is what October does".into(),
                    cites: vec![Cite::HolderKeepsFocus, Cite::AttackerGainsFocus],
                });
            }
            self.focus = Some(a);
            self.step(
                Some(a),
                format!("Task 3: {} (the attacker) gains Focus", self.name(a)),
                &[Cite::AttackerGainsFocus],
                notes,
            );
        }
        // e: the designation triggers: the attacker's, other non-defenders', the defender's.
        let n = self.s.players.len();
        let mut order = vec![a];
        order.extend(
            (0..n)
                .map(|k| (self.s.turn + k) % n)
                .filter(|&p| p != a && p != d),
        );
        order.push(d);
        let mut cites = vec![Cite::DesignationTriggers, Cite::DesignationTriggerOrder];
        cites.extend(designation_trigger_cites(&fired));
        self.put_triggers_in(fired, "designations given in task 2", &cites, &order, false)?;
        // f, g: Closed if that made a Chain, else Open; play goes on.
        if let Some(c) = self.combat.as_mut() {
            c.designated = true;
        }
        self.focus_passed.clear();
        self.priority = None;
        let state = if self.chain.is_empty() {
            "Open"
        } else {
            "Closed"
        };
        self.step(
            None,
            format!("After the tasks: the combat showdown goes on in a Showdown {state} State"),
            &[Cite::CombatShowdownState],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
        self.next = if self.has_pending() {
            Next::Finalize
        } else {
            Next::Idle
        };
        Ok(())
    }

    /// What Assault and Shield do for `units` now that they have their designations (807.1.c,
    /// 814.1.c): words for the step ("; with the designation, raider has Might 4 (Assault +2)"),
    /// empty when neither applies, and the rules to cite.
    pub(super) fn designation_keywords(&self, units: &[usize]) -> (String, Vec<Cite>) {
        let mut parts = Vec::new();
        let mut cites = Vec::new();
        for &u in units {
            let st = self.board.unit(u);
            let (n, word, cite) = match st.role {
                Some(Role::Attacker) => (st.keys.assault, "Assault", Cite::AssaultMight),
                Some(Role::Defender) => (st.keys.shield, "Shield", Cite::ShieldMight),
                None => continue,
            };
            let Some(n) = n else { continue };
            parts.push(format!(
                "{} has Might {} ({word} +{n})",
                self.board.perms[u].id,
                st.might()
            ));
            if !cites.contains(&cite) {
                cites.push(cite);
            }
        }
        cites.sort();
        let text = if parts.is_empty() {
            String::new()
        } else {
            format!("; with the designation, {}", parts.join(", "))
        };
        (text, cites)
    }

    /// Gives unit `u` a designation; returns its `attack`/`defend` triggers if it gains that
    /// designation for the first time in this combat (383.4.e.2.a, 383.4.f.2.a), and its
    /// `mighty` triggers if Assault or Shield make it Mighty (709).
    pub(super) fn designate(&mut self, u: usize, role: Role) -> (Vec<Fired<'s>>, bool) {
        let before = self.board.unit(u).might();
        let st = self.board.unit_mut(u);
        st.role = Some(role);
        let first = match role {
            Role::Attacker => !std::mem::replace(&mut st.was_attacker, true),
            Role::Defender => !std::mem::replace(&mut st.was_defender, true),
        };
        self.board.designated.insert(u);
        let after = self.board.unit(u).might();
        let mut fired = Vec::new();
        let perm = &self.board.perms[u];
        let triggers: &'s [Trigger] = perm.triggers;
        let controller = perm.controller.unwrap_or(self.s.turn);
        if first {
            let (on, what) = if role == Role::Attacker {
                (TriggerOn::Attack, "attacks")
            } else {
                (TriggerOn::Defend, "defends")
            };
            for t in triggers.iter().filter(|t| t.on == on) {
                if !self.alone_or_say(t, u, what) {
                    continue;
                }
                fired.push(Fired {
                    trigger: t,
                    about: None,
                    controller,
                    source: Some(u),
                    no_controller: false,
                });
            }
        }
        let mighty = before < 5 && after >= 5;
        if mighty {
            fired.extend(self.mighty_triggers(u));
        }
        (fired, mighty)
    }
}

/// The rules of the attack and defend triggers among `fired` (383.4.e, 383.4.f).
pub(super) fn designation_trigger_cites(fired: &[Fired]) -> Vec<Cite> {
    let mut cites = Vec::new();
    if fired.iter().any(|f| f.trigger.on == TriggerOn::Attack) {
        cites.push(Cite::AttackTrigger);
    }
    if fired.iter().any(|f| f.trigger.on == TriggerOn::Defend) {
        cites.push(Cite::DefendTrigger);
    }
    cites
}
