//! Pass (339): passing Priority to the next player (338.1.b, 339.2), everyone passing in a row
//! (339.1), passing Focus in a showdown (347.2), and the Turn Player's pass that ends the Main
//! Phase (305).

use super::*;

impl<'s> Engine<'s> {
    /// Pass (339, 347.2): `unwritten` holds why a pass not written in the file was made.
    pub(super) fn pass(&mut self, p: PlayerId, unwritten: Option<String>) -> Res {
        let n = self.s.players.len();
        if !self.chain.is_empty() {
            self.passed.insert(p);
            if self.passed.len() == n {
                self.priority = None;
                let what = self.pass_text(Held::Priority, p, None, unwritten);
                self.shared_step(Some(p), what, &[Cite::PassPriority], Vec::new());
                let newest = *self.chain.last().unwrap_or(&0);
                self.next = Next::Resolve(newest, false);
            } else {
                let q = self.s.next_player(p);
                self.priority = Some(q);
                let what = self.pass_text(Held::Priority, p, Some(q), unwritten);
                self.shared_step(
                    Some(p),
                    what,
                    &[Cite::PassPriority, Cite::PassToNext],
                    Vec::new(),
                );
                self.next = Next::Execute(q);
            }
        } else if self.showdown.is_some() {
            self.focus_passed.insert(p);
            if self.focus_passed.len() == n {
                let what = self.pass_text(Held::Focus, p, None, unwritten);
                self.shared_step(Some(p), what, &[Cite::PassFocus], Vec::new());
                self.close_showdown()?;
            } else {
                let q = self.s.next_player(p);
                self.focus = Some(q);
                self.priority = Some(q);
                let what = self.pass_text(Held::Focus, p, Some(q), unwritten);
                self.shared_step(Some(p), what, &[Cite::PassFocus], Vec::new());
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

    /// How `p` passing `held` to `to` (`None`: the last to pass) is told; `unwritten` holds why
    /// a pass not written in the file was made. Worded once for each passer, receiver and
    /// reason: a long Chain passes hundreds of thousands of times in a handful of ways.
    fn pass_text(
        &mut self,
        held: Held,
        p: PlayerId,
        to: Option<PlayerId>,
        unwritten: Option<String>,
    ) -> Arc<str> {
        let key: PassKey = (held, p, to, unwritten);
        if let Some((_, t)) = self.pass_texts.iter().find(|(k, _)| *k == key) {
            return Arc::clone(t);
        }
        let tail = key.3.as_deref().map_or_else(String::new, |why| {
            format!(" (not written in the file: {why})")
        });
        let (name, word) = (self.name(p), held.word());
        let text = match (held, to) {
            (_, None) => format!("{name} passes {word}{tail}"),
            (Held::Priority, Some(q)) => {
                format!("{name} passes Priority{tail}; {} receives it", self.name(q))
            }
            (Held::Focus, Some(q)) => format!(
                "{name} passes Focus{tail}; {} gains Focus and Priority",
                self.name(q)
            ),
        };
        let t = self.text(text);
        self.pass_texts.push((key, Arc::clone(&t)));
        t
    }
}

/// What makes a pass's text: what was passed, the passer, the receiver and why a pass not
/// written in the file was made.
pub(super) type PassKey = (Held, PlayerId, Option<PlayerId>, Option<String>);

/// What a pass passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Held {
    /// Priority, with a Chain (339).
    Priority,
    /// Focus, in a showdown with no Chain (347.2).
    Focus,
}

impl Held {
    fn word(self) -> &'static str {
        match self {
            Held::Priority => "Priority",
            Held::Focus => "Focus",
        }
    }
}
