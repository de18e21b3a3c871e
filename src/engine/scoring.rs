//! Scoring (469-472; board extension 4.6): a Conquer (469.1) or a Hold (469.2), once per
//! battlefield per player per turn (470); its point (471.1), the final point that needs every
//! battlefield, else a card drawn instead (471.1.b, 471.1.b.1); score triggers, also when the
//! point became a draw (471.2, 383.4.c.2.c, 383.4.d.2.c). The win is checked by a cleanup's
//! task 1 (323.1, 472).

use super::*;
use crate::trace::Scored;

/// How a player scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ScoreKind {
    /// Establishing control of a battlefield not scored this turn (469.1).
    Conquer,
    /// Keeping control in the Scoring Step (469.2).
    Hold,
}

impl<'s> Engine<'s> {
    /// `p` scores `bf` (a Conquer or a Hold), then its score triggers go on (one event).
    pub(super) fn score(&mut self, bf: usize, p: PlayerId, kind: ScoreKind) -> Res {
        let drew = self.score_point(bf, p, kind);
        let fired = self.score_triggers(bf, p, kind);
        self.put_triggers(
            fired,
            if kind == ScoreKind::Conquer {
                "a Conquer"
            } else {
                "a Hold"
            },
            &score_trigger_cites(kind, drew),
        )?;
        Ok(())
    }

    /// The point of a Score (471.1): 1 point, except a Conquer by a player at victory score − 1
    /// or more who has not scored every battlefield this turn, this one included (reading R6):
    /// a card drawn instead (471.1.b.1). Returns whether it became a draw.
    pub(super) fn score_point(&mut self, bf: usize, p: PlayerId, kind: ScoreKind) -> bool {
        self.board.bfs[bf].scored.push(p);
        let id = self.board.bf_id(bf).to_string();
        let vs = self.s.victory_score;
        let mut cites = match kind {
            ScoreKind::Conquer => vec![Cite::ConquerScore, Cite::ScoreOnce, Cite::ScorePoint],
            ScoreKind::Hold => vec![
                Cite::ScoringStep,
                Cite::HoldScore,
                Cite::ScoreOnce,
                Cite::ScorePoint,
            ],
        };
        let word = if kind == ScoreKind::Conquer {
            "conquers"
        } else {
            "holds"
        };
        let mut drew = false;
        let mut notes = Vec::new();
        let what = if kind == ScoreKind::Conquer && self.points[p] >= vs - 1 {
            cites.push(Cite::FinalPoint);
            notes.push(Note {
                text: "\"every battlefield this turn\" is read with this battlefield counted as scored (otherwise a Conquer could never give the final point)".into(),
                cites: vec![Cite::FinalPointDraw],
            });
            let all = self.board.bfs.iter().all(|b| b.scored.contains(&p));
            if all {
                self.add_point(p);
                format!(
                    "{} {word} {id}: the final point, since {} has scored every battlefield this turn: {} points",
                    self.name(p),
                    self.name(p),
                    self.points[p]
                )
            } else {
                cites.push(Cite::FinalPointDraw);
                self.draws[p] += 1;
                drew = true;
                format!(
                    "{} {word} {id} with {} points (at least {}, so this point would be the final one) without having scored every battlefield this turn: {} draws a card instead of the final point",
                    self.name(p),
                    self.points[p],
                    vs - 1,
                    self.name(p)
                )
            }
        } else {
            self.add_point(p);
            format!(
                "{} {word} {id}: 1 point (now {})",
                self.name(p),
                self.points[p]
            )
        };
        self.scores.push((
            kind,
            Scored {
                battlefield: id,
                player: p,
                drew,
            },
        ));
        self.step(Some(p), what, &cites, notes);
        drew
    }

    /// The score triggers of `p` scoring `bf` (471.2; 3.7 of the extension): units of `p` at
    /// `bf`, `p`'s legends and gear, and the battlefield itself.
    pub(super) fn score_triggers(&self, bf: usize, p: PlayerId, kind: ScoreKind) -> Vec<Fired<'s>> {
        let on = match kind {
            ScoreKind::Conquer => TriggerOn::Conquer,
            ScoreKind::Hold => TriggerOn::Hold,
        };
        self.fire_at(bf, |o| o == on, Some(p))
    }

    /// The Scoring Step (315.2.b.2): the Turn Player holds each battlefield they control and have
    /// not scored this turn; all Holds are one event for their triggers.
    pub(super) fn holds(&mut self) -> Res {
        let tp = self.s.turn;
        let held: Vec<usize> = (0..self.board.bfs.len())
            .filter(|&bf| {
                self.board.bfs[bf].controller == Some(tp)
                    && !self.board.bfs[bf].scored.contains(&tp)
            })
            .collect();
        if held.is_empty() {
            let already: Vec<String> = (0..self.board.bfs.len())
                .filter(|&bf| self.board.bfs[bf].controller == Some(tp))
                .map(|bf| self.board.bf_id(bf).to_string())
                .collect();
            let what = if already.is_empty() {
                format!(
                    "Scoring Step: {} controls no battlefield to hold",
                    self.name(tp)
                )
            } else {
                format!(
                    "Scoring Step: {} has already scored {} this turn, so nothing is held",
                    self.name(tp),
                    effects::join_and(&already)
                )
            };
            self.step(Some(tp), what, &[Cite::ScoringStep], Vec::new());
            return Ok(());
        }
        let mut fired = Vec::new();
        let mut drew = false;
        for bf in held {
            drew |= self.score_point(bf, tp, ScoreKind::Hold);
            fired.extend(self.score_triggers(bf, tp, ScoreKind::Hold));
        }
        self.put_triggers(
            fired,
            "the Holds",
            &score_trigger_cites(ScoreKind::Hold, drew),
        )?;
        Ok(())
    }

    /// A `gain_point` effect (194.1.c): a point, not a Score (no final-point rule, no triggers).
    pub(super) fn gain_point(&mut self, by: usize, p: PlayerId) {
        self.add_point(p);
        self.step(
            Some(self.inst[by].controller),
            format!(
                "{} gains 1 point (now {}; not a Score)",
                self.name(p),
                self.points[p]
            ),
            &[Cite::GainPoint],
            Vec::new(),
        );
        self.outstanding(Cite::CleanupStatus);
    }
}

/// The citations of score triggers.
fn score_trigger_cites(kind: ScoreKind, drew: bool) -> Vec<Cite> {
    match (kind, drew) {
        (ScoreKind::Conquer, false) => vec![Cite::ConquerTriggers],
        (ScoreKind::Conquer, true) => vec![Cite::ConquerTriggers, Cite::ConquerTriggerDraw],
        (ScoreKind::Hold, false) => vec![Cite::HoldTriggers],
        (ScoreKind::Hold, true) => vec![Cite::HoldTriggers, Cite::HoldTriggerDraw],
    }
}
