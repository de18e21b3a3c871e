//! `board` objects ("`board`" in `docs/situation-format.md`): the permanents that matter, with
//! their id, controller, kind, place and triggers.

use super::trigger::TriggerCarrier;
use super::Reader;
use crate::situation::validate::IdWhat;
use crate::situation::{BoardKind, BoardSpec};
use marked_yaml::Node;

impl<'a> Reader<'a> {
    pub(super) fn board_object(&mut self, node: &Node) -> Option<BoardSpec> {
        let map = self.mapping(
            node,
            "a board object",
            &["id", "name", "controller", "kind", "at", "triggers"],
            "`{ name: Ravenbloom Student, controller: Ana, kind: unit }`",
        )?;
        let name = self
            .require(map, node, "name", "a board object")
            .and_then(|n| self.text(n, "`name`"));
        let id = self.id_for(map, name.as_deref(), node);
        let controller = self
            .require(map, node, "controller", "a board object")
            .and_then(|n| self.player(n, "`controller`"));
        let kind = self
            .require(map, node, "kind", "a board object")
            .and_then(|n| self.word(n, "`kind`", &["unit", "gear", "legend", "battlefield"]))
            .map(|w| match w {
                "unit" => BoardKind::Unit,
                "gear" => BoardKind::Gear,
                "legend" => BoardKind::Legend,
                _ => BoardKind::Battlefield,
            });
        let at = map
            .get_node("at")
            .and_then(|n| self.text(n, "`at`"))
            .unwrap_or_else(|| "base".into());
        let loc = self.map_first_line(node);
        let id_loc = map
            .get_node("id")
            .or(map.get_node("name"))
            .map_or(loc, |n| self.loc(n));
        self.reg
            .add(&id, IdWhat::Board(kind), id_loc, &mut self.problems);
        let triggers = self.triggers(map, TriggerCarrier::Board(kind));
        Some(BoardSpec {
            id,
            name: name?,
            controller: controller?,
            kind: kind?,
            at,
            triggers,
            loc,
        })
    }
}
