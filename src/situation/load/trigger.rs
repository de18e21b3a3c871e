//! Triggers ("Triggers" in `docs/situation-format.md`): `on` (with `kind` for `you_play`) and the
//! trigger's `item`, and which carriers may hold which triggers (383.4.a.2, 383.4.b.2, 419.4.a,
//! 428.1.a.1.b).

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::{BoardKind, CardKind, ItemKind, Trigger, TriggerOn};
use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

impl<'a> Reader<'a> {
    pub(super) fn triggers(
        &mut self,
        map: &MarkedMappingNode,
        carrier: TriggerCarrier,
    ) -> Vec<Trigger> {
        let Some(n) = map.get_node("triggers") else {
            return Vec::new();
        };
        let Some(seq) = self.list(n, "`triggers`") else {
            return Vec::new();
        };
        seq.iter()
            .filter_map(|t| self.trigger(t, carrier))
            .collect()
    }

    fn trigger(&mut self, node: &Node, carrier: TriggerCarrier) -> Option<Trigger> {
        let map = self.mapping(
            node,
            "a trigger",
            &["on", "kind", "item"],
            "`{ on: play, item: { name: ... } }`",
        )?;
        let on_node = self.require(map, node, "on", "a trigger");
        let on =
            on_node.and_then(|n| self.word(n, "`on`", &["play", "death", "you_play", "chosen"]));
        let kind = match map.get_node("kind") {
            Some(k) if on == Some("you_play") => self
                .word(k, "`kind`", &["spell", "unit", "gear", "card"])
                .map(|w| match w {
                    "spell" => CardKind::Spell,
                    "unit" => CardKind::Unit,
                    "gear" => CardKind::Gear,
                    _ => CardKind::Card,
                }),
            Some(k) => {
                if on.is_some() {
                    self.push(
                        Problem::new(
                            "misplaced_key",
                            self.loc(k),
                            "`kind` on a trigger is only for `on: you_play`",
                        )
                        .label("not allowed here")
                        .help("remove `kind`, or use `on: you_play`"),
                    );
                }
                None
            }
            None => Some(CardKind::Card),
        };
        let on = match on? {
            "play" => TriggerOn::Play,
            "death" => TriggerOn::Death,
            "you_play" => TriggerOn::YouPlay(kind.unwrap_or(CardKind::Card)),
            _ => TriggerOn::Chosen,
        };
        if let Some(why) = carrier.refuses(on) {
            self.push(
                Problem::new("trigger_carrier", self.loc(on_node?), format!("this trigger cannot be carried here: {why}"))
                    .label("wrong carrier")
                    .help(
                        "play: on units, gear and spells; death: on units; you_play: on board objects, units and gear; \
                         chosen: on anything that can be chosen",
                    ),
            );
        }
        let item = self
            .require(map, node, "item", "a trigger")
            .and_then(|n| self.item(n, Place::TriggerItem))?;
        Some(Trigger {
            on,
            item,
            deathknell: true,
            in_combat: false,
            implicit: false,
            loc: self.map_first_line(node),
        })
    }
}

/// What carries a trigger, for the carrier rules of the Triggers table.
#[derive(Debug, Clone, Copy)]
pub(super) enum TriggerCarrier {
    Board(Option<BoardKind>),
    Item(Option<ItemKind>),
}

impl TriggerCarrier {
    /// Why this carrier cannot carry a trigger of `on`, or `None` when it can.
    fn refuses(self, on: TriggerOn) -> Option<&'static str> {
        match (self, on) {
            (_, TriggerOn::Chosen) => None,
            (Self::Board(_), TriggerOn::Play) => Some("a board object is already on the board; `play` triggers belong to the unit, gear or spell being played"),
            (Self::Board(Some(BoardKind::Unit) | None), TriggerOn::Death) => None,
            (Self::Board(_), TriggerOn::Death) => Some("only units die"),
            (Self::Board(_), TriggerOn::YouPlay(_)) => None,
            (Self::Item(Some(ItemKind::Spell)), TriggerOn::Play) => None,
            (Self::Item(Some(ItemKind::Unit | ItemKind::Gear) | None), TriggerOn::Play | TriggerOn::YouPlay(_)) => None,
            (Self::Item(Some(ItemKind::Unit) | None), TriggerOn::Death) => None,
            (Self::Item(Some(ItemKind::Spell)), _) => Some("a spell carries only `play` and `chosen` triggers"),
            (Self::Item(Some(ItemKind::Gear)), TriggerOn::Death) => Some("only units die"),
            (Self::Item(_), _) => Some("an ability carries only `chosen` triggers"),
            (Self::Board(_), _) => Some("board triggers need a board file"),
        }
    }
}
