//! Hidden's limits on a card played from facedown (811.1.d): each unit or gear it chooses must
//! be at the battlefield where it was hidden (811.1.d.2), each target judged on its own
//! (811.1.d.2.a), unless the effect's own targeting restriction can never be met there; a play
//! naming another is refused (358.1, 811.1.d), and one that has left that battlefield by the time
//! the card resolves is a mistarget (359.3.e.2). A unit it makes you play is played there
//! (811.1.d.3).

use super::*;
use crate::situation::TargetAt;

impl<'s> Engine<'s> {
    /// The battlefield where the card `spec` plays from facedown was hidden (board files; its
    /// facedown card's `at`, 811.1.b).
    pub(super) fn hidden_bf(&self, spec: &ItemSpec) -> Option<usize> {
        if !self.board_on {
            return None;
        }
        let f = self.board.find(spec.facedown.as_deref()?)?;
        match self.s.board[f].keys.place {
            Some(Place::Battlefield(bf)) => Some(bf),
            _ => None,
        }
    }

    /// The targeting restriction of effect `e` of item `spec` (355.10.b), with Hidden's limit
    /// added, and whether that limit holds it (811.1.d.2). A card played from facedown chooses
    /// units and gear only at its battlefield, unless the effect's own restriction can never be
    /// met there: a `target_at` of base or of another battlefield, or `hidden_limit: false`
    /// (811.1.d.2.a: each effect's choices on their own). Effects that do not choose, and a
    /// counter (it chooses a Chain item, which is at no battlefield), are not limited.
    pub(super) fn choice_limit(&self, spec: &ItemSpec, e: &Effect) -> (Option<TargetAt>, bool) {
        let own = (e.target_at, false);
        if !e.kind.acts_on_board() || e.untargeted || e.hidden_limit_off.is_some() {
            return own;
        }
        let Some(hbf) = self.hidden_bf(spec) else {
            return own;
        };
        match e.target_at {
            Some(TargetAt::Base) => own,
            Some(TargetAt::Battlefield(bf)) if bf != hbf => own,
            _ => (Some(TargetAt::Battlefield(hbf)), true),
        }
    }

    /// Why board object `b`, chosen by effect `e` of `spec` and outside its restriction, is not
    /// a legal target when the play is made, if Hidden's limit is what excludes it (358.1,
    /// 811.1.d, 811.1.d.2, 811.1.d.2.a).
    pub(super) fn hidden_refusal(&self, spec: &ItemSpec, id: &str) -> Option<(String, Vec<Cite>)> {
        let hbf = self.hidden_bf(spec)?;
        let mut cites = vec![Cite::TargetLegality, Cite::HiddenTargets];
        if spec.effect_choices().nth(1).is_some() {
            cites.push(Cite::HiddenEachTarget);
        }
        cites.extend([Cite::HiddenChoices, Cite::UndoIllegal]);
        Some((
            format!(
                "its target {id} is not at {}, where its facedown card was: a card played from facedown chooses there, unless the effect's own restriction could never be met there",
                self.board.bf_id(hbf)
            ),
            cites,
        ))
    }

    /// A mistarget's words and rules when effect `e` of item `by` resolves and target `id` is
    /// on the board but outside Hidden's limit: it has left the battlefield where the card was
    /// hidden (811.1.d.2, 359.3.e.2, 359.3.e.5, 359.3.e.7). `None` when no such limit holds it.
    pub(super) fn outside_hidden(
        &self,
        by: usize,
        e: &Effect,
        id: &str,
    ) -> Option<(String, Vec<Cite>)> {
        let (Some(TargetAt::Battlefield(bf)), true) = self.choice_limit(self.inst[by].spec, e)
        else {
            return None;
        };
        Some((
            format!(
                "{id} is no longer at {}, where the card was hidden: from facedown it may choose only there",
                self.board.bf_id(bf)
            ),
            vec![
                Cite::HiddenTargets,
                Cite::IllegalTarget,
                Cite::MistargetSkip,
                Cite::MistargetAll,
            ],
        ))
    }

    /// Where instance `idx` enters as it resolves: a unit a hidden card made its controller
    /// play at that card's battlefield (811.1.d.3), any other where [`Engine::entry_place`] says.
    pub(super) fn inst_entry_place(&self, idx: usize) -> Place {
        match self.inst[idx].hidden_at {
            Some(bf) => Place::Battlefield(bf),
            None => self.entry_place(self.inst[idx].spec),
        }
    }

    /// Where an instructed unit of item `by` enters: a card played from facedown makes you play
    /// it at its battlefield (811.1.d.3); `None` otherwise.
    pub(super) fn hidden_entry(&self, by: usize, item: &ItemSpec) -> Option<usize> {
        if item.kind != ItemKind::Unit {
            return None;
        }
        self.hidden_bf(self.inst[by].spec)
    }
}
