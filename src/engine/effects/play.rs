//! An instructed play (419.3, 354.3): added as pending during the resolution and finalized after
//! it (340.3); a forbidden name makes it impossible (358.3.a).

use super::*;

impl<'s> Engine<'s> {
    /// An instructed play (419.3): added as pending during this resolution, finalized after it.
    pub(in crate::engine) fn instructed_play(&mut self, by: usize, item: &'s ItemSpec) {
        let controller = item.controller.unwrap_or(self.inst[by].controller);
        let iid = self.instance_id(&item.id);
        if let Some(source) = self.forbidder(controller, item) {
            self.out.refused.push((
                iid.to_string(),
                format!("its name was forbidden by {source}"),
            ));
            self.step(
                Some(controller),
                format!("play {iid}: impossible, its name was forbidden by {source}; skipped, nothing is added"),
                &[Cite::ImpossibleInstruction],
                Vec::new(),
            );
            return;
        }
        let idx = self.new_inst(
            item,
            iid.clone(),
            controller,
            Status::Pending,
            Origin::Instructed,
        );
        self.add_to_chain(&[idx], false);
        let hidden = self.hidden_entry(by, item);
        self.inst[idx].hidden_at = hidden;
        let (at, mut cites) = match hidden {
            Some(bf) => (
                format!(
                    "; it will enter at {}, where {} was hidden",
                    self.board.bf_id(bf),
                    self.inst[by].iid
                ),
                vec![Cite::HiddenUnitsPlayed],
            ),
            None => (String::new(), Vec::new()),
        };
        cites.splice(0..0, [Cite::InstructedPlay, Cite::MidResolutionPlay]);
        self.step(
            Some(controller),
            format!("{} plays {iid} as instructed: it goes on the Chain as pending and is finalized after this resolution{at}", self.name(controller)),
            &cites,
            vec![Note {
                text: "no timing check: an instructed play is a limited action ({0}); this follows how judges apply {1}".into(),
                cites: vec![Cite::LimitedActions, Cite::InstructedPlay],
            }],
        );
    }
}
