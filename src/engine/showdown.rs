//! Showdowns and Focus (341-348): a showdown begins in a cleanup (344) with Focus to the player
//! who applied Contested (345); it closes when every player passes Focus in a row on an empty
//! Chain (347.2.a): a combat showdown goes on to the Combat Damage Step (348.1), a non-combat one
//! settles control (348.2, 348.2.a, 348.2.a.1, 190.3.b).

use super::*;

impl<'s> Engine<'s> {
    /// A non-combat showdown begins at `bf` (344, 345; board extension 4.4): the contester gains
    /// Focus at once and `showdown_start` triggers are added (one event). Priority comes when
    /// nothing is pending (335.1), or by 337.4 (reading R4).
    pub(super) fn begin_showdown(&mut self, bf: usize) -> Res {
        let contester = self.board.bfs[bf].contester.unwrap_or(self.s.turn);
        self.showdown = Some(ShowdownRt {
            combat: false,
            bf: Some(bf),
        });
        self.focus = Some(contester);
        self.priority = None;
        self.focus_passed.clear();
        self.out.showdowns_begun += 1;
        self.step(
            Some(contester),
            format!(
                "At {}, {} applied Contested, so {} gains Focus as the showdown begins",
                self.board.bf_id(bf),
                self.name(contester),
                self.name(contester)
            ),
            &[Cite::FirstFocus],
            vec![Note {
                text: "nothing is awarded during a cleanup ({0}), but {1} gives Focus as the showdown begins: followed, Focus at once and Priority once nothing is pending; the other reading lets the contester act before pending triggers".into(),
                cites: vec![Cite::CleanupAddsPending, Cite::FirstFocus],
            }],
        );
        self.brief(format!(
            "{} gains Focus as the contester",
            self.name(contester)
        ));
        let fired = self.fire_at(bf, |on| on == TriggerOn::ShowdownStart, None);
        self.put_triggers(fired, "a showdown began", &[Cite::ShowdownOpens])?;
        self.next = Next::Idle;
        self.outstanding(Cite::CleanupStatus);
        Ok(())
    }

    /// Everyone passed Focus in a row on an empty Chain (347.2.a, 348).
    pub(super) fn close_showdown(&mut self) -> Res {
        let sd = self.showdown;
        let combat = sd.is_some_and(|sd| sd.combat);
        self.out.showdown_ended = true;
        self.priority = None;
        self.focus = None;
        if combat && self.board_on {
            self.step(
                None,
                "Everyone passed Focus in a row: the combat showdown ends; the Combat Damage Step follows",
                &[Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                Vec::new(),
            );
            self.brief("The combat showdown ends; on to the Combat Damage Step");
            self.next = Next::CombatDamage;
        } else if combat {
            self.step(
                None,
                "Everyone passed Focus in a row: the combat showdown ends; the Combat Damage Step follows (not replayed by format 1), so the combat, and the Showdown State, go on",
                &[Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                Vec::new(),
            );
            self.end("the combat showdown ended and combat moved on to the Combat Damage Step, which format 1 does not replay");
        } else if let Some(bf) = sd.and_then(|sd| sd.bf).filter(|_| self.board_on) {
            self.showdown = None;
            // A non-combat showdown is a phase of its own (316.8.b.1): its end calls a cleanup
            // (319.2).
            self.cleanup_due = None;
            self.outstanding(Cite::CleanupPhase);
            self.settle_showdown(bf)?;
            self.next = Next::Idle;
        } else {
            self.showdown = None;
            self.step(
                None,
                "Everyone passed Focus in a row: the showdown ends; control of the battlefield is settled (not modelled in format 1)",
                &[Cite::ShowdownCloses, Cite::NoncombatShowdownCloses],
                Vec::new(),
            );
            self.next = Next::Idle;
        }
        Ok(())
    }

    /// A non-combat showdown closes (348.2, 348.2.a): if only one player has units there and
    /// does not control it, they establish control: Contested ends (190.3.b) and, if they have
    /// not scored it this turn, it is a Conquer (348.2.a.1).
    fn settle_showdown(&mut self, bf: usize) -> Res {
        let id = self.board.bf_id(bf).to_string();
        let present = self.board.bfs[bf].present();
        let controller = self.board.bfs[bf].controller;
        let cites = [
            Cite::ShowdownCloses,
            Cite::NoncombatShowdownCloses,
            Cite::ShowdownControl,
        ];
        match present.as_slice() {
            [p] if controller != Some(*p) => {
                let p = *p;
                self.board.set_controller(bf, Some(p));
                self.board.set_contester(bf, None);
                let conquer = !self.board.bfs[bf].scored.contains(&p);
                let mut c = cites.to_vec();
                c.push(Cite::ContestedEnds);
                if conquer {
                    c.push(Cite::ShowdownConquer);
                }
                self.step(
                    Some(p),
                    format!(
                        "Everyone passed Focus in a row: the showdown at {id} ends; only {} has units there, so {} establishes control of it and Contested ends{}",
                        self.name(p),
                        self.name(p),
                        if conquer { ": a Conquer" } else { " (already scored this turn: no Conquer)" }
                    ),
                    &c,
                    Vec::new(),
                );
                self.outstanding(Cite::CleanupStatus);
                if conquer {
                    self.score(bf, p, scoring::ScoreKind::Conquer)?;
                }
            }
            _ => {
                let why = match present.as_slice() {
                    [] => "nobody has units there".to_string(),
                    [p] => format!("{} already controls it", self.name(*p)),
                    _ => "several players have units there".to_string(),
                };
                self.step(
                    None,
                    format!("Everyone passed Focus in a row: the showdown at {id} ends; nobody establishes control ({why})"),
                    &cites,
                    Vec::new(),
                );
                self.brief(format!(
                    "The showdown at {id} ends; nobody establishes control ({why})"
                ));
            }
        }
        Ok(())
    }
}
