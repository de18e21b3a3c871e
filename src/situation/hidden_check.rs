//! A cross-check of a play from facedown: a unit that the hidden card makes its controller play
//! is played at the battlefield where the card was hidden (811.1.d.3), so an `at` naming any
//! other place is reported.

use super::*;
use crate::diag::Problem;

/// Reports an `at` on a unit that a `play` action from facedown plays through its effects,
/// when it names a place other than the facedown card's battlefield (board files).
pub(super) fn check(s: &Situation, problems: &mut Vec<Problem>) {
    for a in &s.actions {
        let ActionKind::Play(spec) = &a.kind else {
            continue;
        };
        let Some(f) = spec.facedown.as_deref() else {
            continue;
        };
        let Some(hidden) = s.board.iter().find(|b| b.id == f) else {
            continue;
        };
        let Some(there) = hidden.keys.place else {
            continue;
        };
        for e in &spec.effects {
            let EffectKind::Play(item) = &e.kind else {
                continue;
            };
            if item.kind != ItemKind::Unit || item.keys.place.is_none_or(|p| p == there) {
                continue;
            }
            problems.push(
                Problem::new(
                    "hidden_unit_at",
                    item.loc_of("at"),
                    format!(
                        "a unit that a card played from facedown makes you play is played at that card's battlefield, {}",
                        hidden.at
                    ),
                )
                .label("somewhere else")
                .help(format!(
                    "write `at: {}` or remove `at`: the unit enters where the facedown card {f} was",
                    hidden.at
                )),
            );
        }
    }
}
