//! What an item settles while it is finalized ("Costs and "you may"" in
//! `docs/situation-format.md`): a trigger item's opening `may: accept|decline` (383.3.a) and an
//! item's `cost` (a trigger's base cost, 383.3.b; a card's additional costs, 204.2.a), a list of
//! `kill`, `return_to_hand`, `banish`, `exhaust` or `text` effects that choose nothing.

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::{Effect, EffectKind, May, Status};
use crate::yaml::Mapping;

/// The effects a `cost` may hold.
const COST_EFFECTS: &str = "`kill`, `return_to_hand`, `banish`, `exhaust` or `text`";

impl<'a> Reader<'a> {
    /// `may` and `cost` of an item at `place` with `status` (a finalized item in `chain` has
    /// paid its costs before the file starts, so `cost` there is misplaced).
    pub(super) fn finalize_keys(
        &mut self,
        map: &Mapping,
        place: Place,
        status: Status,
    ) -> (Option<May>, Vec<Effect>) {
        let may = map.get_node("may").and_then(|n| {
            let w = self.word(n, "`may`", &["accept", "decline"]);
            if place != Place::TriggerItem {
                let loc = self.key_loc(map, "may").unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        "`may` is a trigger item's opening \"you may\", decided while it is finalized",
                    )
                    .label("not a trigger's item")
                    .help("remove `may`: a card's or activated ability's choices are made as it is played"),
                );
                return None;
            }
            match w? {
                "accept" => Some(May::Accept),
                _ => Some(May::Decline),
            }
        });
        let Some(n) = map.get_node("cost") else {
            return (may, Vec::new());
        };
        if place == Place::Chain && status == Status::Finalized {
            let loc = self.key_loc(map, "cost").unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    loc,
                    "`cost` on a finalized item: its costs were paid before the file starts",
                )
                .label("already paid")
                .help("remove `cost`, or write `status: pending` to have it paid as the item is finalized"),
            );
            return (may, Vec::new());
        }
        let Some(seq) = self.list(n, "`cost`") else {
            return (may, Vec::new());
        };
        let mut cost = Vec::new();
        for e in seq.iter() {
            let Some(mut effect) = self.effect(e) else {
                continue;
            };
            let fits = matches!(
                effect.kind,
                EffectKind::Kill(_)
                    | EffectKind::ReturnToHand(_)
                    | EffectKind::Banish(_)
                    | EffectKind::Exhaust(_)
                    | EffectKind::Text
            );
            if !fits || effect.target_at.is_some() || effect.condition.is_some() {
                self.push(
                    Problem::new(
                        "cost_effect",
                        self.map_first_line(e),
                        format!("a cost is one {COST_EFFECTS} effect, without `if` or `target_at`"),
                    )
                    .label("not a cost")
                    .help("move this effect to `effects` (what the item does when it resolves), or write the cost as `text`"),
                );
                continue;
            }
            // A cost chooses nothing: what it names is not a target.
            effect.untargeted = true;
            cost.push(effect);
        }
        (may, cost)
    }
}
