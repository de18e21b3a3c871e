//! Limits on what an effect may choose, written beside its effect key: `hidden_limit: false`
//! (a choice of a card played from facedown that its own restriction keeps off the hidden card's
//! battlefield, 811.1.d.2, 811.1.d.2.a) and `only_if_chooses` (a counter that may only target an
//! item choosing a friendly unit or gear, 358.1); and that a `hidden_limit` is only on a play
//! from facedown.

use super::Reader;
use crate::diag::Problem;
use crate::situation::{ChoosesFriendly, Effect, EffectKind};
use crate::yaml::{Loc, Mapping};

/// The values of `only_if_chooses`.
const CHOOSES_WORDS: &[&str] = &[
    "friendly_unit",
    "friendly_unit_or_gear",
    "one_friendly_unit",
];

impl<'a> Reader<'a> {
    /// `hidden_limit: false` beside a choosing board effect: where it is written. `true` is what
    /// every choice of a card played from facedown has already, so it is reported.
    pub(super) fn hidden_limit(
        &mut self,
        map: &Mapping,
        kind: &EffectKind,
        untargeted: bool,
    ) -> Option<Loc> {
        let n = map.get_node("hidden_limit")?;
        let key_loc = self
            .key_loc(map, "hidden_limit")
            .unwrap_or_else(|| self.loc(n));
        let b = self.boolean(n, "`hidden_limit`")?;
        if !kind.acts_on_board() || untargeted {
            self.push(
                Problem::new(
                    "misplaced_key",
                    key_loc,
                    "`hidden_limit` is only for an effect that chooses units or gear (damage, kill, heal, move, recall, might, stun, ready, exhaust, return_to_hand, banish)",
                )
                .label("not allowed here")
                .help("remove `hidden_limit`: this effect chooses no unit or gear, so the hidden card's battlefield does not limit it"),
            );
            return None;
        }
        if b {
            self.push(
                Problem::new(
                    "bad_value",
                    self.loc(n),
                    "`hidden_limit: true` is the default: a card played from facedown chooses at its battlefield",
                )
                .label("nothing to say")
                .help("remove `hidden_limit`, or write `hidden_limit: false` for a choice whose own restriction can never be met at that battlefield"),
            );
            return None;
        }
        Some(key_loc)
    }

    /// `only_if_chooses` beside a `counter`.
    pub(super) fn only_if_chooses(
        &mut self,
        map: &Mapping,
        kind: &EffectKind,
    ) -> Option<ChoosesFriendly> {
        let n = map.get_node("only_if_chooses")?;
        if !matches!(kind, EffectKind::Counter(_)) {
            let key_loc = self
                .key_loc(map, "only_if_chooses")
                .unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    key_loc,
                    "`only_if_chooses` limits what a `counter` may target",
                )
                .label("not allowed here")
                .help("remove `only_if_chooses`, or put it beside a `counter` effect"),
            );
            return None;
        }
        match self.word(n, "`only_if_chooses`", CHOOSES_WORDS)? {
            "friendly_unit" => Some(ChoosesFriendly::Unit),
            "friendly_unit_or_gear" => Some(ChoosesFriendly::UnitOrGear),
            _ => Some(ChoosesFriendly::OneUnit),
        }
    }

    /// `hidden_limit` belongs only on an effect of an item played from facedown (811.1.d.2).
    pub(super) fn hidden_effects(&mut self, effects: &[Effect], facedown: bool) {
        for e in effects {
            if let (Some(loc), false) = (e.hidden_limit_off, facedown) {
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        "`hidden_limit` is only for an effect of a card played from facedown (a `play` with `facedown`)",
                    )
                    .label("not allowed here")
                    .help("remove `hidden_limit`: a card played another way has no battlefield limit on its choices"),
                );
            }
        }
    }
}
