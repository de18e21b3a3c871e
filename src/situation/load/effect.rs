//! Effects and conditions ("Effects" and 'Conditions and "played"' in
//! `docs/situation-format.md`): one effect key per map (`counter`, `play`, `kill`, `extra_turn`,
//! `forbid_name`), `text` beside it, and an `if: { played_this_turn: ... }` condition.

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::{Ref, RefKind};
use crate::situation::{CardKind, Condition, Effect, EffectKind, PlayedBy};
use marked_yaml::types::MarkedScalarNode;
use marked_yaml::Node;

const EFFECT_KEYS: &[&str] = &[
    "counter",
    "play",
    "kill",
    "extra_turn",
    "forbid_name",
    "text",
    "if",
];

impl<'a> Reader<'a> {
    pub(super) fn effect(&mut self, node: &Node) -> Option<Effect> {
        let map = self.mapping(node, "an effect", EFFECT_KEYS, "`{ counter: a }`")?;
        let mains: Vec<&MarkedScalarNode> = map
            .iter()
            .map(|(k, _)| k)
            .filter(|k| {
                ["counter", "play", "kill", "extra_turn", "forbid_name"].contains(&k.as_str())
            })
            .collect();
        if mains.len() > 1 {
            self.push(
                Problem::new(
                    "two_effects",
                    self.sloc(mains[1]),
                    "one effect map holds two effects",
                )
                .label("second effect")
                .help("write each effect as its own list entry, one `- key: value` per effect"),
            );
        }
        let text = map.get_node("text").and_then(|n| self.text(n, "`text`"));
        if mains.is_empty() && text.is_none() && map.get_node("text").is_none() {
            self.push(
                Problem::new(
                    "empty_effect",
                    self.map_first_line(node),
                    "this effect does nothing",
                )
                .label("no effect key")
                .help("use one of counter, play, kill, extra_turn, forbid_name, or text"),
            );
            return None;
        }
        let condition = map.get_node("if").and_then(|n| self.condition(n));
        let kind = match mains.first().map(|k| k.as_str()) {
            None => EffectKind::Text,
            Some(key) => {
                let v = map.get_node(key)?;
                match key {
                    "counter" | "kill" => {
                        let id = self.text(v, &format!("`{key}`"))?;
                        let kind = if key == "counter" {
                            RefKind::Counter
                        } else {
                            RefKind::Kill
                        };
                        self.refs.push(Ref {
                            id: id.clone(),
                            loc: self.loc(v),
                            kind,
                        });
                        if key == "counter" {
                            EffectKind::Counter(id)
                        } else {
                            EffectKind::Kill(vec![id])
                        }
                    }
                    "play" => EffectKind::Play(Box::new(self.item(v, Place::PlayEffect)?)),
                    "extra_turn" => EffectKind::ExtraTurn(self.player(v, "`extra_turn`")?),
                    _ => EffectKind::ForbidName(self.text(v, "`forbid_name`")?.trim().to_string()),
                }
            }
        };
        Some(Effect {
            kind,
            text,
            condition,
            loc: self.map_first_line(node),
        })
    }

    fn condition(&mut self, node: &Node) -> Option<Condition> {
        let map = self.mapping(
            node,
            "a condition",
            &["played_this_turn"],
            "`{ played_this_turn: { by: opponent, kind: spell } }`",
        )?;
        let inner = self.require(map, node, "played_this_turn", "a condition")?;
        let m = self.mapping(
            inner,
            "`played_this_turn`",
            &["by", "kind", "other_than", "at_least"],
            "`{ by: opponent, kind: spell }`",
        )?;
        let by = match m.get_node("by") {
            None => PlayedBy::Controller,
            Some(n) => {
                let t = self.text(n, "`by`")?;
                match t.as_str() {
                    "controller" => PlayedBy::Controller,
                    "opponent" => PlayedBy::Opponent,
                    other => PlayedBy::Player(self.player_named(
                        other,
                        self.loc(n),
                        "`by` (controller, opponent or a player)",
                    )?),
                }
            }
        };
        let kind = match m
            .get_node("kind")
            .and_then(|n| self.word(n, "`kind`", &["spell", "unit", "gear", "card"]))
        {
            Some("spell") => CardKind::Spell,
            Some("unit") => CardKind::Unit,
            Some("gear") => CardKind::Gear,
            _ => CardKind::Card,
        };
        let other_than = m.get_node("other_than").and_then(|n| {
            let id = self.text(n, "`other_than`")?;
            self.refs.push(Ref {
                id: id.clone(),
                loc: self.loc(n),
                kind: RefKind::Item,
            });
            Some(id)
        });
        let at_least = match m.get_node("at_least") {
            Some(n) => {
                let v = self.integer(n, "`at_least`")?;
                if v < 1 {
                    self.push(
                        Problem::new("at_least", self.loc(n), "`at_least` must be 1 or more")
                            .label("too small")
                            .help("write a whole number of at least 1"),
                    );
                    return None;
                }
                u32::try_from(v).unwrap_or(u32::MAX)
            }
            None => 1,
        };
        Some(Condition {
            by,
            kind,
            other_than,
            at_least,
        })
    }
}
