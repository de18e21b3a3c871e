//! What a pass does now: passes Priority (339.2) or resolves the newest item (339.1), passes
//! Focus (347.2) or ends the showdown (347.2.a), or ends the Main Phase (305).

use super::*;

impl<'s> Engine<'s> {
    /// What `p`'s pass does now (339, 347.2, 305).
    pub(super) fn pass_choice(&self, p: PlayerId) -> May {
        let n = self.s.players.len();
        let q = self.name(self.s.next_player(p));
        if !self.chain.is_empty() {
            let last = self.passed.len() + 1 == n && !self.passed.contains(&p);
            if last {
                let newest = self.chain.last().map_or("", |&i| self.inst[i].iid.as_str());
                May::new(
                    ActionWord::Pass,
                    format!("pass Priority: everyone has then passed in a row, so {newest}, the newest item, resolves"),
                    &[Cite::PassPriority, Cite::AllPassed, Cite::ResolveNewest],
                )
                .with("does", "resolve")
            } else {
                May::new(
                    ActionWord::Pass,
                    format!("pass Priority: {q} receives it"),
                    &[Cite::PassPriority, Cite::PassToNext],
                )
                .with("does", "pass_priority")
            }
        } else if let Some(sd) = self.showdown {
            let last = self.focus_passed.len() + 1 == n && !self.focus_passed.contains(&p);
            if !last {
                May::new(
                    ActionWord::Pass,
                    format!("pass Focus: {q} gains Focus and Priority"),
                    &[Cite::PassFocus],
                )
                .with("does", "pass_focus")
            } else if sd.combat {
                May::new(
                    ActionWord::Pass,
                    "pass Focus: everyone has then passed in a row, so the combat showdown ends and the Combat Damage Step follows",
                    &[Cite::PassFocus, Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                )
                .with("does", "end_showdown")
            } else {
                May::new(
                    ActionWord::Pass,
                    "pass Focus: everyone has then passed in a row, so the showdown ends",
                    &[
                        Cite::PassFocus,
                        Cite::ShowdownCloses,
                        Cite::NoncombatShowdownCloses,
                    ],
                )
                .with("does", "end_showdown")
            }
        } else {
            May::new(
                ActionWord::Pass,
                "pass with no Chain: the Main Phase ends",
                &[Cite::MainPhaseEnds],
            )
            .with("does", "end_main_phase")
        }
    }
}
