//! `board` objects ("`board`" in `docs/situation-format.md`, and 3.2-3.4 of the board
//! extension): the permanents that matter, with their id, controller, kind, place and triggers;
//! in board files also the unit keys, battlefields' `controller: none`, `contested_by` and
//! `scored_this_turn`, and facedown cards.

use super::permanent::{Carrier, PERMANENT_KEYS, UNIT_KEYS};
use super::trigger::TriggerCarrier;
use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::IdWhat;
use crate::situation::{BattlefieldKeys, BoardKind, BoardSpec, Place};
use crate::yaml::Node;

const BASE_KEYS: &[&str] = &["id", "name", "controller", "kind", "at", "triggers"];
const BATTLEFIELD_KEYS: &[&str] = &[
    "contested_by",
    "scored_this_turn",
    "points",
    "hidden_this_turn",
];

impl<'a> Reader<'a> {
    #[allow(clippy::too_many_lines)]
    pub(super) fn board_object(&mut self, node: &Node) -> Option<BoardSpec> {
        let before = self.problems.len();
        let allowed: Vec<&'static str> = BASE_KEYS
            .iter()
            .chain(UNIT_KEYS)
            .chain(PERMANENT_KEYS)
            .chain(BATTLEFIELD_KEYS)
            .copied()
            .collect();
        // `points` is read only to say where it belongs, so the help does not offer it.
        let listed: Vec<&str> = allowed.iter().copied().filter(|k| *k != "points").collect();
        let map = self.mapping_listing(
            node,
            "a board object",
            &allowed,
            &listed,
            "`{ name: Ravenbloom Student, controller: Ana, kind: unit }`",
        )?;
        let name = self
            .require(map, node, "name", "a board object")
            .and_then(|n| self.text(n, "`name`"));
        let id = self.id_for(map, name.as_deref(), node);
        let kind_word = self
            .require(map, node, "kind", "a board object")
            .and_then(|n| {
                self.word(
                    n,
                    "`kind`",
                    &["unit", "gear", "legend", "battlefield", "facedown"],
                )
            });
        let kind = kind_word.map(|w| match w {
            "unit" => BoardKind::Unit,
            "gear" => BoardKind::Gear,
            "legend" => BoardKind::Legend,
            "facedown" => BoardKind::Facedown,
            _ => BoardKind::Battlefield,
        });
        let controller_node = self.require(map, node, "controller", "a board object");
        let controller = match controller_node {
            Some(n) if n.as_scalar().is_some_and(|s| s.as_str() == "none") => {
                if kind.is_some() && kind != Some(BoardKind::Battlefield) {
                    self.push(
                        Problem::new(
                            "controller_none",
                            self.loc(n),
                            "only a battlefield can be uncontrolled",
                        )
                        .label("`none` here")
                        .help("name the player who controls it"),
                    );
                }
                Some(None)
            }
            Some(n) => self.player(n, "`controller`").map(Some),
            None => None,
        };
        let at_node = map.get_node("at");
        let at = at_node
            .and_then(|n| self.text(n, "`at`"))
            .unwrap_or_else(|| "base".into());
        let loc = self.map_first_line(node);
        let id_loc = map
            .get_node("id")
            .or(map.get_node("name"))
            .map_or(loc, |n| self.loc(n));
        let id_what = match kind {
            Some(BoardKind::Facedown) => IdWhat::Facedown,
            k => IdWhat::Board(k),
        };
        self.reg.add(&id, id_what, id_loc, &mut self.problems);
        self.controller_ctx.push(controller.flatten());
        let mut triggers = self.triggers(map, TriggerCarrier::Board(kind));
        for t in &mut triggers {
            t.item.source_id = Some(id.clone());
        }
        self.controller_ctx.pop();
        let (mut keys, token) =
            self.permanent_keys(map, node, Carrier::Board(kind_word.unwrap_or("")));
        // Where it is. Outside a board file `at` is any string on any kind, shown and not
        // checked, as it was before the board existed.
        match (kind, at_node) {
            (Some(BoardKind::Battlefield | BoardKind::Legend), Some(n)) if self.board => {
                let what = if kind == Some(BoardKind::Battlefield) {
                    "a battlefield is itself a location"
                } else {
                    "a legend stays in its zone"
                };
                let loc = self.key_loc(map, "at").unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        format!("`at` is not allowed here: {what}"),
                    )
                    .label("not allowed here")
                    .help("remove `at`"),
                );
            }
            (Some(BoardKind::Gear), Some(n)) if self.board && at != "base" => {
                let loc = self.key_loc(map, "at").unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        "gear at a battlefield: attachment is not modelled",
                    )
                    .label("not at base")
                    .help("attachment is not modelled: put the gear at base"),
                );
            }
            (Some(BoardKind::Facedown), None) => {
                self.push(
                    Problem::new("facedown_at", loc, "a facedown card is at a battlefield")
                        .label("`at` is missing")
                        .help("add `at:` naming the battlefield where it is hidden"),
                );
            }
            (Some(BoardKind::Unit | BoardKind::Facedown), Some(n)) if self.board => {
                keys.place = self.place(n, "`at`");
                if kind == Some(BoardKind::Facedown) && keys.place == Some(Place::Base) {
                    self.push(
                        Problem::new(
                            "facedown_at",
                            self.loc(n),
                            "a facedown card is at a battlefield",
                        )
                        .label("`base` here")
                        .help("name the battlefield where it is hidden"),
                    );
                }
            }
            (Some(BoardKind::Unit), None) if self.board => keys.place = Some(Place::Base),
            _ => {}
        }
        if kind == Some(BoardKind::Facedown) {
            for (k, _) in map.iter() {
                if !matches!(
                    k.as_str(),
                    "id" | "name" | "controller" | "kind" | "at" | "hidden_this_turn"
                ) {
                    self.push(
                        Problem::new(
                            "misplaced_key",
                            self.sloc(k),
                            format!("`{}` is not allowed on a facedown card", k.as_str()),
                        )
                        .label("not allowed here")
                        .help(
                            "a facedown card has only `id`, `name`, `controller`, `kind`, `at` and `hidden_this_turn`",
                        ),
                    );
                }
            }
            if controller == Some(None) {
                if let Some(n) = controller_node {
                    self.push(
                        Problem::new(
                            "controller_none",
                            self.loc(n),
                            "a facedown card has a controller",
                        )
                        .label("`none` here")
                        .help("name the player who hid it"),
                    );
                }
            }
        }
        // Battlefield keys.
        let mut battlefield = BattlefieldKeys::default();
        if let Some(n) = map.get_node("points") {
            let loc = self.key_loc(map, "points").unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    loc,
                    "battlefields carry no points: points are the players'",
                )
                .label("not allowed here")
                .help("move it to the top-level `points: { Ana: 3, Ben: 2 }`"),
            );
        }
        for key in ["contested_by", "scored_this_turn"] {
            if let (Some(n), false) = (
                map.get_node(key),
                kind.is_none() || kind == Some(BoardKind::Battlefield),
            ) {
                let loc = self.key_loc(map, key).unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        format!("`{key}` is only for battlefields"),
                    )
                    .label("not allowed here")
                    .help(format!("remove `{key}`")),
                );
            }
        }
        if kind == Some(BoardKind::Battlefield) {
            if let Some(n) = map.get_node("contested_by") {
                if n.as_scalar().is_some_and(|s| s.as_str() == "none") {
                    battlefield.contested_by = None;
                } else if let Some(p) = self.player(n, "`contested_by`") {
                    if controller == Some(Some(p)) {
                        self.push(
                            Problem::new("contested_by", self.loc(n), "a player does not contest a battlefield they control")
                                .label("the controller")
                                .help("name the player who applied Contested, or write `contested_by: none`"),
                        );
                    }
                    battlefield.contested_by = Some(p);
                }
            }
            if let Some(n) = map.get_node("scored_this_turn") {
                battlefield.scored_this_turn = if n.as_sequence().is_some() {
                    let seq = n.as_sequence().expect("checked");
                    seq.iter()
                        .filter_map(|p| self.player(p, "`scored_this_turn`"))
                        .collect()
                } else {
                    self.player(n, "`scored_this_turn`").into_iter().collect()
                };
            }
        }
        if let (Some(BoardKind::Unit), Some(Some(c))) = (kind, controller) {
            self.unit_controllers.insert(id.clone(), c);
        }
        if keys.temporary {
            if let Some(n) = &name {
                triggers.push(self.temporary_trigger(&id, n, loc));
            }
        }
        if self.problems.len() > before {
            self.unreadable_ids.insert(id.clone());
        }
        let hidden_this_turn = match map.get_node("hidden_this_turn") {
            Some(n) if kind == Some(BoardKind::Facedown) => {
                self.boolean(n, "`hidden_this_turn`").unwrap_or(false)
            }
            Some(n) => {
                if kind.is_some() {
                    let loc = self
                        .key_loc(map, "hidden_this_turn")
                        .unwrap_or_else(|| self.loc(n));
                    self.push(
                        Problem::new(
                            "misplaced_key",
                            loc,
                            "`hidden_this_turn` is only for a facedown card",
                        )
                        .label("not allowed here")
                        .help("remove `hidden_this_turn`"),
                    );
                }
                false
            }
            None => false,
        };
        Some(BoardSpec {
            hidden_this_turn,
            id,
            name: name?,
            controller: controller?,
            kind: kind?,
            at,
            token,
            keys,
            battlefield,
            triggers,
            loc,
            key_locs: self.key_locs(map, &allowed),
        })
    }
}
