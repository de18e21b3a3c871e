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
        let mut units = Vec::new();
        let mut exhausted = Vec::new();
        let mut places = vec![Place::Base];
        places.extend((0..self.board.bfs.len()).map(Place::Battlefield));
        for (i, x) in self.board.perms.iter().enumerate() {
            if x.kind != BoardKind::Unit || x.controller != Some(p) || x.place().is_none() {
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
                units.push(json!({
                    "unit": x.id,
                    "from": self.board.place_word(x.place().unwrap_or(Place::Base)),
                    "to": to,
                }));
            }
        }
        if units.is_empty() {
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
        }
        let list: Vec<String> = units
            .iter()
            .map(|u| {
                let to: Vec<String> = u["to"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                format!(
                    "{} ({} to {})",
                    u["unit"].as_str().unwrap_or_default(),
                    u["from"].as_str().unwrap_or_default(),
                    join_or(&to)
                )
            })
            .collect();
        let mut m = May::new(
            ActionWord::Move,
            format!(
                "make a standard move: exhaust ready units to move them: {}",
                list.join("; ")
            ),
            &[Cite::StandardMove, Cite::MoveCost, Cite::MoveUnits],
        )
        .with("units", units);
        if !exhausted.is_empty() {
            m = m.with("exhausted", exhausted);
        }
        may.push(m);
    }
}
