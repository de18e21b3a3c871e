//! Showdowns and Focus (341-348): a showdown closes when every player passes Focus in a row on
//! an empty Chain (347.2.a, 348.1, 348.2).

use super::*;

impl<'s> Engine<'s> {
    /// Everyone passed Focus in a row on an empty Chain (347.2.a, 348).
    pub(super) fn close_showdown(&mut self) {
        let combat = self.showdown.is_some_and(|sd| sd.combat);
        self.out.showdown_ended = true;
        self.priority = None;
        self.focus = None;
        if combat {
            self.step(
                None,
                "Everyone passed Focus in a row: the combat showdown ends; the Combat Damage Step follows (not replayed by format 1), so the combat, and the Showdown State, go on",
                &[Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                Vec::new(),
            );
            self.end("the combat showdown ended and combat moved on to the Combat Damage Step, which format 1 does not replay");
        } else {
            self.showdown = None;
            self.step(
                None,
                "Everyone passed Focus in a row: the showdown ends; control of the battlefield is settled (not modelled in format 1)",
                &[Cite::ShowdownCloses, Cite::NoncombatShowdownCloses],
                Vec::new(),
            );
            self.next = Next::Idle;
        }
    }
}
