//! The standard moves a player may make now (144; board extension 4.8): each ready unit with
//! the places the engine's own move check lets it reach.

use super::*;

impl<'s> Engine<'s> {
    /// The standard moves `p` may make (144, 4.8), each ready unit with its destinations, or
    /// why none now. Board files only.
    pub(super) fn moves(&self, p: PlayerId, may: &mut Vec<May>, not_now: &mut Vec<NotNow>) {
        if !self.board_on {
            return;
        }
        if let Some((why, mut cites)) = self.move_refusal(p, &[], &[], Place::Base) {
            cites.insert(0, Cite::StandardMove);
            not_now.push(NotNow {
                action: ActionWord::Move,
                what: "a standard move".into(),
                timing: None,
                why,
                cites,
            });
            return;
        }
        // Each ready unit of theirs on the board: its id, where it is, where it may go.
        let mut units: Vec<(String, String, Vec<String>)> = Vec::new();
        let mut exhausted = Vec::new();
        let mut places = vec![Place::Base];
        places.extend((0..self.board.bfs.len()).map(Place::Battlefield));
        for (i, x) in self.board.perms.iter().enumerate() {
            let Some(from) = x.place() else {
                continue;
            };
            if x.kind != BoardKind::Unit || x.controller != Some(p) {
                continue;
            }
            if self.board.unit(i).keys.exhausted {
                exhausted.push(x.id.clone());
                continue;
            }
            let ids = [x.id.clone()];
            let to: Vec<String> = places
                .iter()
                .filter(|&&to| self.move_refusal(p, &[i], &ids, to).is_none())
                .map(|&to| self.board.place_word(to))
                .collect();
            if !to.is_empty() {
                units.push((x.id.clone(), self.board.place_word(from), to));
            }
        }
        let Some((first, _, first_to)) = units.first() else {
            not_now.push(NotNow {
                action: ActionWord::Move,
                what: "a standard move".into(),
                timing: None,
                why: if exhausted.is_empty() {
                    format!("{} has no unit that may move", self.name(p))
                } else {
                    format!(
                        "{} has no ready unit that may move ({} exhausted)",
                        self.name(p),
                        join_and(&exhausted)
                    )
                },
                cites: vec![Cite::StandardMove, Cite::MoveReady],
            });
            return;
        };
        let write = format!("- move: {{ units: {first}, to: {} }}", first_to[0]);
        let list: Vec<String> = units
            .iter()
            .map(|(id, from, to)| format!("{id} ({from} to {})", join_or(to)))
            .collect();
        let json_units: Vec<_> = units
            .iter()
            .map(|(id, from, to)| json!({"unit": id, "from": from, "to": to}))
            .collect();
        let mut m = May::new(
            ActionWord::Move,
            format!(
                "make a standard move: exhaust ready units to move them: {}",
                list.join("; ")
            ),
            write,
            &[Cite::StandardMove, Cite::MoveCost, Cite::MoveUnits],
        )
        .with("units", json_units);
        if !exhausted.is_empty() {
            m = m.with("exhausted", exhausted);
        }
        may.push(m);
    }
}
