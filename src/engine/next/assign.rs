//! The combat damage assignment a player must make (465.2.c): the total, and the units in the
//! order lethal damage must go (Tank first, Backline last, a unit with both the assigner's
//! choice), with stunned units named.

use super::*;

impl<'s> Engine<'s> {
    /// The assignment `by` must make (465.2.c): the total, and the units in the order lethal
    /// must go (Tank first, Backline last).
    pub(super) fn assign_choice(
        &self,
        by: PlayerId,
        total: i64,
        targets: &[(String, i64, bool, bool)],
        then: Option<(PlayerId, i64)>,
        stunned: &[String],
    ) -> May {
        let both = format!(
            ", Tank and Backline: {} chooses which it follows",
            self.name(by)
        );
        let parts: Vec<String> = targets
            .iter()
            .map(|(id, need, tank, backline)| {
                let mark = match (tank, backline) {
                    (true, true) => both.as_str(),
                    (true, false) => ", Tank",
                    (false, true) => ", Backline",
                    _ => "",
                };
                format!("{id} ({need} is lethal{mark})")
            })
            .collect();
        let mut cites = vec![Cite::AssignDamage, Cite::AssignLethalFirst];
        if targets.iter().any(|t| t.2) {
            cites.push(Cite::TankFirst);
        }
        if targets.iter().any(|t| t.3) {
            cites.push(Cite::BacklineLast);
        }
        if targets.iter().any(|t| t.2 && t.3) {
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
        May::new(
            ActionWord::Assign,
            format!(
                "{} assigns {} Might{none_from} as combat damage, lethal to each unit in turn before the next: {}{after}",
                self.name(by),
                total,
                parts.join(", ")
            ),
            &cites,
        )
        .with("total", total)
        .with(
            "to",
            targets
                .iter()
                .map(|(id, need, tank, backline)| {
                    json!({"unit": id, "lethal": need, "tank": tank, "backline": backline})
                })
                .collect::<Vec<_>>(),
        )
    }
}
