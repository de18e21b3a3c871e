//! The end of a replay: the step limit's diagnostic, and the outcome (unused actions, final
//! Priority, Focus and state, upcoming turns including extra turns).

use super::*;

impl<'s> Engine<'s> {
    pub(super) fn step_limit_error(&self) -> ReplayError {
        let mut counts: Vec<(&String, &u32)> = self.instances.iter().collect();
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
                "the replay passed its limit of {} steps; items created most often: {}",
                self.max_steps,
                if top.is_empty() {
                    "none".to_string()
                } else {
                    top.join(", ")
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
            }
        }
        self.out.priority = self.priority;
        self.out.focus = self.focus;
        self.out.state = Some(self.state());
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
