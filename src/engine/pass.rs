//! Pass (339): passing Priority to the next player (338.1.b, 339.2), everyone passing in a row
//! (339.1), passing Focus in a showdown (347.2), and the Turn Player's pass that ends the Main
//! Phase (305).

use super::*;

impl<'s> Engine<'s> {
    /// Pass (339, 347.2): `unwritten` holds why a pass not written in the file was made.
    pub(super) fn pass(&mut self, p: PlayerId, unwritten: Option<String>) -> Res {
        let n = self.s.players.len();
        let tail = unwritten.map_or_else(String::new, |why| {
            format!(" (not written in the file: {why})")
        });
        if !self.chain.is_empty() {
            self.passed.insert(p);
            if self.passed.len() == n {
                self.priority = None;
                self.step(
                    Some(p),
                    format!("{} passes Priority{tail}", self.name(p)),
                    &[Cite::PassPriority],
                    Vec::new(),
                );
                let newest = *self.chain.last().unwrap_or(&0);
                self.next = Next::Resolve(newest, false);
            } else {
                let q = self.s.next_player(p);
                self.priority = Some(q);
                self.step(
                    Some(p),
                    format!(
                        "{} passes Priority{tail}; {} receives it",
                        self.name(p),
                        self.name(q)
                    ),
                    &[Cite::PassPriority, Cite::PassToNext],
                    Vec::new(),
                );
                self.next = Next::Execute(q);
            }
        } else if self.showdown.is_some() {
            self.focus_passed.insert(p);
            if self.focus_passed.len() == n {
                self.step(
                    Some(p),
                    format!("{} passes Focus{tail}", self.name(p)),
                    &[Cite::PassFocus],
                    Vec::new(),
                );
                self.close_showdown()?;
            } else {
                let q = self.s.next_player(p);
                self.focus = Some(q);
                self.priority = Some(q);
                self.step(
                    Some(p),
                    format!(
                        "{} passes Focus{tail}; {} gains Focus and Priority",
                        self.name(p),
                        self.name(q)
                    ),
                    &[Cite::PassFocus],
                    Vec::new(),
                );
                self.next = Next::Execute(q);
            }
        } else {
            self.priority = None;
            self.step(
                Some(p),
                if self.board_on {
                    format!("{} passes with no Chain: the Main Phase ends (the Ending Phase is not replayed: write `end_turn` to replay it)", self.name(p))
                } else {
                    format!("{} passes with no Chain: the Main Phase ends", self.name(p))
                },
                &[Cite::MainPhaseEnds],
                Vec::new(),
            );
            self.end("the Turn Player passed in a Neutral Open State, ending the Main Phase");
        }
        Ok(())
    }
}
