//! Counter (425): the item leaves the Chain without effect (425.1.a) and a countered card does not
//! count as played for play triggers (425.1.b, 419.4.a.1); Flow banishment (829, 390.3.a);
//! an item not on the Chain is a mistarget (359.3.e.5, 359.3.e.7).

use super::*;

impl<'s> Engine<'s> {
    /// Counter (425). Returns true when the resolving item countered itself.
    pub(in crate::engine) fn counter(&mut self, by: usize, target: &str, effect: &Effect) -> bool {
        let controller = self.inst[by].controller;
        let by_id = self.inst[by].iid.clone();
        let Some(t) = self.on_chain(target) else {
            let why = self
                .inst
                .iter()
                .rev()
                .find(|i| i.iid == target)
                .and_then(|i| i.fate)
                .unwrap_or("was never played");
            let why = if self.out.refused.iter().any(|(id, _)| id == target) {
                "was refused"
            } else {
                why
            };
            self.step(
                Some(controller),
                format!(
                    "counter {target}: does nothing, {target} is not on the Chain ({target} {why})"
                ),
                &[Cite::MistargetSkip, Cite::MistargetAll],
                Vec::new(),
            );
            return false;
        };
        if self.counter_limit_lapsed(by, effect, t) {
            return false;
        }
        let tspec = self.inst[t].spec;
        if tspec.uncounterable {
            self.step(
                Some(controller),
                format!("counter {target}: {target} can't be countered, so nothing happens"),
                &[Cite::Counter],
                Vec::new(),
            );
            return false;
        }
        // Search from the newest end: a counter's target is usually near the top of the Chain.
        let pos = self.chain.iter().rposition(|&i| i == t).unwrap_or(0);
        // An item countering itself leaves the Chain after its step, as a resolving item
        // does: the Chain being empty, and the Open State, are the next step's (340.2).
        if t != by {
            self.chain.remove(pos);
        }
        self.inst[t].fate = Some("was already countered");
        self.out.countered.push(target.to_string());
        // A countered card is not played for play triggers (425.1.b, 419.4.a.1); an ability
        // simply leaves.
        let cites: &[Cite] = if tspec.kind.is_card() {
            &[
                Cite::Counter,
                Cite::CounteredNotPlayed,
                Cite::CounteredNoPlayTriggers,
            ]
        } else {
            &[Cite::Counter]
        };
        if t == by {
            self.step(
                Some(controller),
                format!(
                    "{by_id} counters itself: it is countered, not resolved; its remaining effects stop and it triggers nothing{}",
                    if tspec.kind.is_card() { "; it goes to the trash, not banished" } else { "" }
                ),
                cites,
                Vec::new(),
            );
            self.chain.remove(pos);
            return true;
        }
        let dest = if !tspec.kind.is_card() {
            String::new()
        } else if tspec.flow
            && tspec.kind == ItemKind::Spell
            && self.inst[t].status == Status::Finalized
        {
            "; it would go to the trash, but it was played for its Flow cost: it is banished"
                .to_string()
        } else {
            "; it goes to the trash, unless another effect of the countering item sends it elsewhere".to_string()
        };
        self.instance_step(
            Some(controller),
            if tspec.kind.is_card() {
                format!("{target} is countered: it leaves the Chain without effect and does not count as played for play triggers{dest}")
            } else {
                format!("{target} is countered: it leaves the Chain without effect")
            },
            cites,
            Vec::new(),
        );
        if tspec.flow && tspec.kind == ItemKind::Spell && self.inst[t].status == Status::Finalized {
            self.out.banished.push(target.to_string());
            self.step(
                Some(self.inst[t].controller),
                format!("{target} is banished (Flow: it left the Chain after being finalized, not by its own instructions)"),
                &[Cite::FlowKeyword, Cite::DelayedLeaveChain],
                Vec::new(),
            );
        }
        false
    }
}
