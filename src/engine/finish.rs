//! The end of a replay: the step limit's diagnostic, and the outcome (unused actions, final
//! Priority, Focus and state, upcoming turns including extra turns).

use super::*;

impl<'s> Engine<'s> {
    pub(super) fn step_limit_error(&self) -> ReplayError {
        let mut counts: Vec<(&&str, &u32)> = self.instances.iter().collect();
        counts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let top: Vec<String> = counts
            .iter()
            .take(3)
            .map(|(id, n)| format!("{id} ({n} times)"))
            .collect();
        let locs = counts
            .iter()
            .take(3)
            .filter_map(|(id, _)| {
                self.inst
                    .iter()
                    .find(|i| &i.iid == *id)
                    .map(|i| (i.spec.loc, format!("{id} is created again and again")))
            })
            .collect();
        ReplayError {
            code: "step_limit",
            message: format!(
                "the replay passed its limit of {} step{} (it took {}: a task once begun is told to its end){}",
                self.max_steps,
                if self.max_steps == 1 { "" } else { "s" },
                self.steps.len(),
                if top.is_empty() {
                    String::new()
                } else {
                    format!("; items created most often: {}", top.join(", "))
                }
            ),
            help: if top.is_empty() {
                "the limit is lower than this replay needs: raise it with --max-steps".into()
            } else {
                "a trigger probably feeds itself; fix the situation, or raise the limit with --max-steps".into()
            },
            locs,
        }
    }

    /// The board's final values (board files).
    fn board_outcome(&self) -> trace::BoardOutcome {
        let b = &self.board;
        let bf_list =
            |f: &dyn Fn(&board::Bf) -> Option<PlayerId>| -> Vec<(String, Option<PlayerId>)> {
                b.bfs
                    .iter()
                    .map(|x| (b.perms[x.perm].id.clone(), f(x)))
                    .collect()
            };
        let mut locations = Vec::new();
        let mut might = Vec::new();
        let mut damage = Vec::new();
        for p in &b.perms {
            if p.kind == BoardKind::Battlefield {
                continue;
            }
            let at = match p.zone {
                board::Zone::Board(place) => b.place_word(place),
                z => z.word().unwrap_or_default().into(),
            };
            locations.push((p.id.clone(), at));
            if let Some(u) = &p.unit {
                might.push((p.id.clone(), u.might()));
                damage.push((p.id.clone(), u.keys.damage));
            }
        }
        let scored = |k: scoring::ScoreKind| -> Vec<trace::Scored> {
            self.scores
                .iter()
                .filter(|(kind, _)| *kind == k)
                .map(|(_, s)| s.clone())
                .collect()
        };
        trace::BoardOutcome {
            points: self.points.clone(),
            draws: self.draws.clone(),
            winner: self.winner,
            control: bf_list(&|x| x.controller),
            contested: bf_list(&|x| x.contester),
            conquered: scored(scoring::ScoreKind::Conquer),
            held: scored(scoring::ScoreKind::Hold),
            combats: self
                .combats
                .iter()
                .map(|(bf, r)| (b.bf_id(*bf).to_string(), r.clone()))
                .collect(),
            locations,
            might,
            damage,
            phase: if self.turn_ended {
                "ended".into()
            } else {
                self.phase.word().into()
            },
        }
    }

    pub(super) fn finish(&mut self, errored: bool) {
        if errored && self.out.ended.is_empty() {
            self.out.ended = "the replay stopped on an error".into();
        }
        let reason = self.out.ended.clone();
        for (i, a) in self.s.actions.iter().enumerate() {
            if self.used[i] {
                continue;
            }
            match &a.kind {
                ActionKind::Play(item) => {
                    self.out.unreached.push((item.id.clone(), reason.clone()))
                }
                ActionKind::Pass(p) => self.out.unused.push(format!("pass: {}", self.name(*p))),
                ActionKind::Order(ids) => {
                    self.out.unused.push(format!("order: [{}]", ids.join(", ")))
                }
                ActionKind::Move { id, .. } | ActionKind::Assign { id, .. } => {
                    self.out.unreached.push((id.clone(), reason.clone()))
                }
                ActionKind::EndTurn(p) => {
                    self.out.unused.push(format!("end_turn: {}", self.name(*p)))
                }
                ActionKind::Begin(bf) => self.out.unused.push(format!(
                    "begin: {}",
                    self.s.board[self.s.battlefields[*bf]].id
                )),
            }
        }
        if self.board_on {
            self.out.board = Some(self.board_outcome());
        }
        // After a win the game is over (196): nobody holds Priority or Focus.
        let over = self.winner.is_some();
        self.out.priority = self.priority.filter(|_| !over);
        self.out.focus = self.focus.filter(|_| !over);
        self.out.state = Some(self.state());
        if over {
            // No turn comes after the game's end.
            self.out.next_turns = Vec::new();
            return;
        }
        let n = self.s.players.len();
        let mut turns = self.extra_turns.clone();
        let mut p = self.s.turn;
        for _ in 0..2 * n {
            p = (p + 1) % n;
            turns.push(p);
        }
        self.out.next_turns = turns;
    }
}
