//! A counter limited to an item that chooses a friendly unit or gear (`only_if_chooses`; Not So
//! Fast, Repulse): the limit is part of what makes its target legal, checked when the counter is
//! played (358.1) and again when it resolves (359.3.e.2). What an item chooses is its `targets`
//! and what its effects choose ([`crate::situation::ItemSpec::chosen_ids`], 355.10); a chosen
//! unit or gear counts while it is on the board, wherever it stands, and not once it has left
//! the board (359.3.e.9.a).

use super::*;
use crate::engine::execute::Missing;
use crate::situation::ChoosesFriendly;

impl Engine<'_> {
    /// The friendly units and gear (of `p`) that Chain item `t` chooses now, each once:
    /// (units, gear).
    fn friendly_chosen(&self, t: usize, p: PlayerId) -> (Vec<String>, Vec<String>) {
        let (mut units, mut gear) = (Vec::new(), Vec::new());
        for id in self.inst[t].spec.chosen_ids() {
            let Some(b) = self.on_board(id) else { continue };
            let perm = &self.board.perms[b];
            if perm.controller != Some(p) {
                continue;
            }
            match perm.kind {
                BoardKind::Unit => units.push(id.to_string()),
                BoardKind::Gear => gear.push(id.to_string()),
                _ => {}
            }
        }
        (units, gear)
    }

    /// Why Chain item `t` does not meet counter limit `limit` of a counter controlled by `p`:
    /// `None` when it does.
    fn unmet_limit(&self, t: usize, p: PlayerId, limit: ChoosesFriendly) -> Option<String> {
        let (units, gear) = self.friendly_chosen(t, p);
        let who = self.name(p);
        let tid = &self.inst[t].iid;
        match limit {
            ChoosesFriendly::Unit if units.is_empty() => {
                Some(format!("{tid} chooses no unit {who} controls"))
            }
            ChoosesFriendly::UnitOrGear if units.is_empty() && gear.is_empty() => {
                Some(format!("{tid} chooses no unit or gear {who} controls"))
            }
            ChoosesFriendly::OneUnit if units.len() != 1 => Some(if units.is_empty() {
                format!("{tid} chooses no unit {who} controls")
            } else {
                format!(
                    "{tid} chooses {} units {who} controls ({}), not one: a chosen unit counts while it is on the board, wherever it stands",
                    units.len(),
                    units.join(", ")
                )
            }),
            _ => None,
        }
    }

    /// The counter target `id` of effect `e` of `spec` (played by `spec`'s controller), on the
    /// Chain, that its `only_if_chooses` limit rules out when the play is made (358.1).
    pub(in crate::engine) fn counter_limit_missing(
        &self,
        spec: &ItemSpec,
        e: &Effect,
        id: &str,
    ) -> Option<Missing> {
        let limit = e.only_if_chooses?;
        let t = self.on_chain(id)?;
        let p = spec.controller?;
        let why = self.unmet_limit(t, p, limit)?;
        Some(Missing {
            id: id.to_string(),
            why: format!(
                "it may only counter an item that chooses {}, and {why}",
                limit_words(limit)
            ),
            cites: if limit == ChoosesFriendly::OneUnit {
                vec![
                    Cite::TargetLegality,
                    Cite::CountingTargets,
                    Cite::UndoIllegal,
                ]
            } else {
                vec![Cite::TargetLegality, Cite::UndoIllegal]
            },
        })
    }

    /// When counter effect `e` of item `by` resolves: whether Chain item `t` still meets its
    /// limit; if not, the counter does nothing, with a mistarget step (359.3.e.2, 359.3.e.5).
    pub(in crate::engine) fn counter_limit_lapsed(
        &mut self,
        by: usize,
        e: &Effect,
        t: usize,
    ) -> bool {
        let Some(limit) = e.only_if_chooses else {
            return false;
        };
        let p = self.inst[by].controller;
        let Some(why) = self.unmet_limit(t, p, limit) else {
            return false;
        };
        let target = self.inst[t].iid.clone();
        self.step(
            Some(p),
            format!(
                "counter {target}: does nothing, {target} is no longer a legal target: it may only counter an item that chooses {}, and {why} (a mistarget)",
                limit_words(limit)
            ),
            &[Cite::IllegalTarget, Cite::CountingTargets, Cite::MistargetSkip, Cite::MistargetAll],
            Vec::new(),
        );
        true
    }
}

/// A counter limit in words: "a unit Ana controls" without the name.
fn limit_words(limit: ChoosesFriendly) -> &'static str {
    match limit {
        ChoosesFriendly::Unit => "a friendly unit",
        ChoosesFriendly::UnitOrGear => "a friendly unit or gear",
        ChoosesFriendly::OneUnit => "exactly one friendly unit",
    }
}
