//! The combat damage assignment a player must make (465.2.c): the total, and the units in the
//! order lethal damage must go (Tank first, Backline last, a unit with both the assigner's
//! choice), with stunned units named.

use super::*;

impl<'s> Engine<'s> {
    /// The assignment `by` must make (465.2.c): the total, and the units in the order lethal
    /// must go (Tank first, Backline last), each with what the default gives it, which the
    /// line to write assigns.
    pub(super) fn assign_choice(
        &self,
        by: PlayerId,
        total: i64,
        targets: &[AssignTarget],
        then: Option<(PlayerId, i64)>,
        stunned: &[String],
    ) -> May {
        let both = format!(
            ", Tank and Backline: {} chooses which it follows",
            self.name(by)
        );
        let parts: Vec<String> = targets
            .iter()
            .map(|t| {
                let mark = match (t.tank, t.backline) {
                    (true, true) => both.as_str(),
                    (true, false) => ", Tank",
                    (false, true) => ", Backline",
                    _ => "",
                };
                format!("{} ({} is lethal{mark})", t.id, t.lethal)
            })
            .collect();
        let mut cites = vec![Cite::AssignDamage, Cite::AssignLethalFirst];
        if targets.iter().any(|t| t.tank) {
            cites.push(Cite::TankFirst);
        }
        if targets.iter().any(|t| t.backline) {
            cites.push(Cite::BacklineLast);
        }
        if targets.iter().any(|t| t.tank && t.backline) {
            cites.push(Cite::AssignConflicting);
        }
        let none_from = if stunned.is_empty() {
            String::new()
        } else {
            cites.push(Cite::StunnedNoMight);
            format!(" ({} stunned: adds none)", join_and(stunned))
        };
        let after = then.map_or_else(String::new, |(q, n)| {
            format!("; then {} assigns {n}", self.name(q))
        });
        let amounts: Vec<String> = targets
            .iter()
            .map(|t| format!("{}: {}", t.id, t.default))
            .collect();
        let write = format!(
            "- assign: {{ by: {}, to: {{ {} }} }}",
            self.name(by),
            amounts.join(", ")
        );
        May::new(
            ActionWord::Assign,
            format!(
                "{} assigns {} Might{none_from} as combat damage, lethal to each unit in turn before the next: {}{after}",
                self.name(by),
                total,
                parts.join(", ")
            ),
            write,
            &cites,
        )
        .with("total", total)
        .with(
            "to",
            targets
                .iter()
                .map(|t| {
                    json!({"unit": t.id, "lethal": t.lethal, "tank": t.tank, "backline": t.backline, "default": t.default})
                })
                .collect::<Vec<_>>(),
        )
    }
}
