//! Triggered abilities going on the Chain (383): simultaneous triggers of several controllers in
//! turn order from the Turn Player (383.3.d.1), one controller's in the order of an `order`
//! action (383.3.d), identical copies in creation order.

use super::*;

impl<'s> Engine<'s> {
    /// Puts simultaneous triggers on the Chain as pending: several controllers in turn order
    /// from the Turn Player (383.3.d.1), one controller's in the order of an `order` action
    /// (383.3.d), identical copies in creation order when no `order` names them.
    pub(super) fn put_triggers(
        &mut self,
        fired: Vec<Fired<'s>>,
        cause: &str,
        cites: &[Cite],
    ) -> Res {
        if fired.is_empty() {
            return Ok(());
        }
        let created: Vec<(usize, &'s Trigger)> = fired
            .into_iter()
            .map(|f| {
                let iid = self.instance_id(&f.trigger.item.id);
                let idx = self.new_inst(
                    &f.trigger.item,
                    iid,
                    f.trigger.item.controller.unwrap_or(f.controller),
                    Status::Pending,
                    Origin::Trigger,
                );
                (idx, f.trigger)
            })
            .collect();
        let mut ordered = Vec::new();
        let mut all_cites = cites.to_vec();
        let controllers: BTreeSet<PlayerId> = created
            .iter()
            .map(|(i, _)| self.inst[*i].controller)
            .collect();
        if controllers.len() > 1 {
            all_cites.push(Cite::TriggerOrderTurn);
        }
        let n = self.s.players.len();
        for k in 0..n {
            let c = (self.s.turn + k) % n;
            let mine: Vec<(usize, &'s Trigger)> = created
                .iter()
                .copied()
                .filter(|(i, _)| self.inst[*i].controller == c)
                .collect();
            if mine.len() < 2 {
                ordered.extend(mine.iter().map(|(i, _)| *i));
                continue;
            }
            all_cites.push(Cite::TriggerOrderController);
            let ids: BTreeSet<&str> = mine
                .iter()
                .map(|(i, _)| self.inst[*i].iid.as_str())
                .collect();
            let order = self.s.actions.iter().enumerate().find(|(j, a)| {
                !self.used[*j] && matches!(&a.kind, ActionKind::Order(list) if list.iter().map(String::as_str).collect::<BTreeSet<_>>() == ids && list.len() == ids.len())
            });
            if let Some((j, a)) = order {
                self.used[j] = true;
                if let ActionKind::Order(list) = &a.kind {
                    for id in list {
                        if let Some((i, _)) = mine.iter().find(|(i, _)| self.inst[*i].iid == *id) {
                            ordered.push(*i);
                        }
                    }
                }
            } else if mine.iter().all(|(_, t)| std::ptr::eq(*t, mine[0].1)) {
                ordered.extend(mine.iter().map(|(i, _)| *i));
            } else {
                let names: Vec<String> = mine
                    .iter()
                    .map(|(i, _)| self.inst[*i].iid.clone())
                    .collect();
                return Err(ReplayError {
                    code: "missing_order",
                    message: format!(
                        "{} controls simultaneous triggers ({}); a controller puts their own simultaneous triggers on the Chain in the order they choose, and the file does not say it",
                        self.name(c),
                        names.join(", ")
                    ),
                    help: format!(
                        "add `- order: [{}]` to `actions` (the first listed goes on the Chain first and resolves last)",
                        names.join(", ")
                    ),
                    locs: mine.iter().map(|(i, t)| (t.loc, format!("trigger {}", self.inst[*i].iid))).collect(),
                });
            }
        }
        self.add_to_chain(&ordered, true);
        let list: Vec<String> = ordered
            .iter()
            .map(|&i| {
                format!(
                    "{} ({})",
                    self.inst[i].iid,
                    self.name(self.inst[i].controller)
                )
            })
            .collect();
        let what = if ordered.len() == 1 {
            format!(
                "Triggered ({cause}): {} goes on the Chain as pending",
                list[0]
            )
        } else {
            format!(
                "Triggered together ({cause}): {} go on the Chain as pending, in that order",
                list.join(", ")
            )
        };
        self.step(None, what, &all_cites, Vec::new());
        Ok(())
    }
}
