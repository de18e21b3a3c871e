//! What a pass does now: passes Priority (339.2) or resolves the newest item (339.1), passes
//! Focus (347.2) or ends the showdown (347.2.a), or ends the Main Phase (305).

use super::*;

impl<'s> Engine<'s> {
    /// What `p`'s pass does now (339, 347.2, 305).
    pub(super) fn pass_choice(&self, p: PlayerId) -> May {
        let n = self.s.players.len();
        let q = self.name(self.s.next_player(p));
        let (what, does, cites): (String, &str, &[Cite]) = if !self.chain.is_empty() {
            if self.passed.len() + 1 == n && !self.passed.contains(&p) {
                let newest = self.chain.last().map_or("", |&i| self.inst[i].iid.as_ref());
                (
                    format!("pass Priority: everyone has then passed in a row, so {newest}, the newest item, resolves"),
                    "resolve",
                    &[Cite::PassPriority, Cite::AllPassed, Cite::ResolveNewest],
                )
            } else {
                (
                    format!("pass Priority: {q} receives it"),
                    "pass_priority",
                    &[Cite::PassPriority, Cite::PassToNext],
                )
            }
        } else if let Some(sd) = self.showdown {
            if self.focus_passed.len() + 1 != n || self.focus_passed.contains(&p) {
                (
                    format!("pass Focus: {q} gains Focus and Priority"),
                    "pass_focus",
                    &[Cite::PassFocus],
                )
            } else if sd.combat {
                (
                    "pass Focus: everyone has then passed in a row, so the combat showdown ends and the Combat Damage Step follows".into(),
                    "end_showdown",
                    &[Cite::PassFocus, Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                )
            } else {
                (
                    "pass Focus: everyone has then passed in a row, so the showdown ends".into(),
                    "end_showdown",
                    &[
                        Cite::PassFocus,
                        Cite::ShowdownCloses,
                        Cite::NoncombatShowdownCloses,
                    ],
                )
            }
        } else {
            (
                "pass with no Chain: the Main Phase ends".into(),
                "end_main_phase",
                &[Cite::MainPhaseEnds],
            )
        };
        May::new(
            ActionWord::Pass,
            what,
            format!("- pass: {}", self.name(p)),
            cites,
        )
        .with("does", does)
    }
}
