//! Effects and conditions ("Effects" and 'Conditions and "played"' in
//! `docs/situation-format.md`): one effect key per map (`counter`, `play`, `kill`, `extra_turn`,
//! `forbid_name`), `text` beside it, and an `if: { played_this_turn: ... }` condition.

use super::item::Place;
use super::Reader;
use crate::diag::{did_you_mean, Problem};
use crate::situation::validate::{Ref, RefKind};
use crate::situation::{
    CardKind, Condition, Effect, EffectKind, MightDuration, PlayedBy, PointTo, TargetAt, THAT_UNIT,
};
use crate::yaml::{Node, Scalar};

/// The effect keys: one per effect map.
const MAIN_KEYS: &[&str] = &[
    "counter",
    "play",
    "kill",
    "extra_turn",
    "forbid_name",
    "damage",
    "heal",
    "move",
    "recall",
    "might",
    "gain_point",
    "stun",
    "return_to_hand",
    "banish",
    "ready",
    "exhaust",
];

/// The keys allowed beside an effect key.
const BESIDE_KEYS: &[&str] = &[
    "text",
    "if",
    "target_at",
    "chooses",
    "hidden_limit",
    "only_if_chooses",
];

impl<'a> Reader<'a> {
    pub(super) fn effect(&mut self, node: &Node) -> Option<Effect> {
        let allowed: Vec<&str> = MAIN_KEYS.iter().chain(BESIDE_KEYS).copied().collect();
        let map = self.mapping(node, "an effect", &allowed, "`{ counter: a }`")?;
        let mains: Vec<&Scalar> = map
            .iter()
            .map(|(k, _)| k)
            .filter(|k| MAIN_KEYS.contains(&k.as_str()))
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
        if mains.is_empty()
            && text.is_none()
            && map.get_node("text").is_none()
            && !self.has_unknown(map)
        {
            self.push(
                Problem::new(
                    "empty_effect",
                    self.map_first_line(node),
                    "this effect does nothing",
                )
                .label("no effect key")
                .help(format!("use one of {}, or text", MAIN_KEYS.join(", "))),
            );
            return None;
        }
        if mains.is_empty() && self.has_unknown(map) {
            return None; // the unknown key is, most likely, the effect: reported there
        }
        let condition = map.get_node("if").and_then(|n| self.condition(n));
        let kind = match mains.first().map(|k| k.as_str()) {
            None => EffectKind::Text,
            Some(key) => {
                let v = map.get_node(key)?;
                match key {
                    "counter" => {
                        let id = self.text(v, "`counter`")?;
                        self.refs.push(Ref {
                            id: id.clone(),
                            loc: self.loc(v),
                            kind: RefKind::Counter,
                        });
                        EffectKind::Counter(id)
                    }
                    "kill" => EffectKind::Kill(self.ids(v, "`kill`", RefKind::Killable)?),
                    "heal" => EffectKind::Heal(self.ids(v, "`heal`", RefKind::Unit)?),
                    "recall" => EffectKind::Recall(self.ids(v, "`recall`", RefKind::Unit)?),
                    "return_to_hand" => EffectKind::ReturnToHand(self.ids(
                        v,
                        "`return_to_hand`",
                        RefKind::Killable,
                    )?),
                    "banish" => EffectKind::Banish(self.ids(v, "`banish`", RefKind::Killable)?),
                    "stun" => EffectKind::Stun(self.ids(v, "`stun`", RefKind::Unit)?),
                    "ready" => EffectKind::Ready(self.ids(v, "`ready`", RefKind::Unit)?),
                    "exhaust" => EffectKind::Exhaust(self.ids(v, "`exhaust`", RefKind::Unit)?),
                    "damage" | "move" | "might" => self.targeted(key, v)?,
                    "gain_point" => {
                        let t = self.text(v, "`gain_point`")?;
                        match t.as_str() {
                            "controller" => EffectKind::GainPoint(PointTo::Controller),
                            "opponent" => {
                                if self.players.len() > 2 {
                                    self.push(
                                        Problem::new(
                                            "gain_point",
                                            self.loc(v),
                                            "`opponent` is one player only in a 2-player game",
                                        )
                                        .label("several opponents")
                                        .help("name the player who gains the point"),
                                    );
                                }
                                EffectKind::GainPoint(PointTo::Opponent)
                            }
                            other => EffectKind::GainPoint(PointTo::Player(self.player_or_word(
                                other,
                                self.loc(v),
                                "`gain_point`",
                                &[
                                    (
                                        "controller",
                                        "the controller of the item carrying the effect",
                                    ),
                                    ("opponent", "the opponent, in a 2-player game"),
                                ],
                            )?)),
                        }
                    }
                    "play" => {
                        // The played item has no event of its own: `that_unit` is not its word.
                        let outer = std::mem::replace(&mut self.event_unit, false);
                        let item = self.item(v, Place::PlayEffect);
                        self.event_unit = outer;
                        EffectKind::Play(Box::new(item?))
                    }
                    "extra_turn" => EffectKind::ExtraTurn(self.player(v, "`extra_turn`")?),
                    _ => EffectKind::ForbidName(self.text(v, "`forbid_name`")?.trim().to_string()),
                }
            }
        };
        let target_at = map.get_node("target_at").and_then(|n| {
            let key_loc = self.key_loc(map, "target_at").unwrap_or_else(|| self.loc(n));
            if !self.board {
                self.push(
                    Problem::new("board_only", key_loc, "`target_at` is a board key, and this is not a board file")
                        .label("board only")
                        .help("make it a board file by giving it a board key (see \"Board files\" in docs/situation-format.md), for example `might` on the units"),
                );
                return None;
            }
            if !kind.acts_on_board() {
                self.push(
                    Problem::new("misplaced_key", key_loc, "`target_at` restricts the targets of damage, kill, heal, move, recall, might, stun, return_to_hand and banish")
                        .label("not allowed here")
                        .help("remove `target_at`"),
                );
                return None;
            }
            let t = self.text(n, "`target_at`")?;
            match t.as_str() {
                "battlefield" => Some(TargetAt::AnyBattlefield),
                "base" => Some(TargetAt::Base),
                _ => {
                    let loc = self.loc(n);
                    if let Some(k) = self.battlefields.iter().position(|(id, name)| *id == t || *name == t) {
                        return Some(TargetAt::Battlefield(k));
                    }
                    if self.unknown_kind_entries.contains(&t) {
                        return None; // perhaps a battlefield whose kind could not be read
                    }
                    let names: Vec<&str> = self.battlefields.iter().map(|(_, n)| n.as_str()).collect();
                    let words = ["base", "battlefield"];
                    let guess = words
                        .iter()
                        .copied()
                        .find(|w| w.eq_ignore_ascii_case(t.trim()))
                        .or_else(|| did_you_mean(&t, words.iter().copied().chain(names.iter().copied())));
                    let choices = format!("`base`, `battlefield` (any battlefield), or a battlefield: {}", names.join(", "));
                    self.push(
                        Problem::new("unknown_battlefield", loc, if t.trim().is_empty() { "`target_at` is empty".to_string() } else { format!("`target_at`: `{t}` is neither `base`, `battlefield` nor a declared battlefield") })
                            .label("not a place")
                            .help(match guess {
                                Some(g) => format!("did you mean `{g}`? write {choices}"),
                                None => format!("write {choices}"),
                            }),
                    );
                    None
                }
            }
        });
        // `chooses: false`: the effect affects the units it names without choosing them.
        let chooses = map.get_node("chooses").and_then(|n| {
            let b = self.boolean(n, "`chooses`")?;
            if !kind.acts_on_board() {
                let key_loc = self.key_loc(map, "chooses").unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new("misplaced_key", key_loc, "`chooses` says whether damage, kill, heal, move, recall, might, stun, return_to_hand or banish choose the units they name")
                        .label("not allowed here")
                        .help("remove `chooses`"),
                );
                return None;
            }
            Some(b)
        });
        let hidden_limit = self.hidden_limit(map, &kind, chooses == Some(false));
        let only_if_chooses = self.only_if_chooses(map, &kind);
        Some(Effect {
            kind,
            text,
            condition,
            target_at,
            untargeted: chooses == Some(false),
            hidden_limit_off: hidden_limit,
            only_if_chooses,
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
                    other => PlayedBy::Player(self.player_or_word(
                        other,
                        self.loc(n),
                        "`by` (controller, opponent or a player)",
                        &[
                            (
                                "controller",
                                "the controller of the item carrying the effect",
                            ),
                            ("opponent", "any one opponent"),
                        ],
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

    /// One id or a list of ids (not empty, no repeats), each a reference of `kind`.
    fn ids(&mut self, node: &Node, what: &str, kind: RefKind) -> Option<Vec<String>> {
        let list: Vec<(String, crate::yaml::Loc)> = if node.as_sequence().is_some() {
            let l = self.text_list(node, what)?;
            if l.is_empty() {
                self.push(
                    Problem::new(
                        "empty_list",
                        self.loc(node),
                        format!("{what} names nothing"),
                    )
                    .label("empty list")
                    .help("name at least one id"),
                );
                return None;
            }
            l
        } else if node.as_mapping().is_some() {
            self.push(
                Problem::new(
                    "wrong_type",
                    self.loc(node),
                    format!("{what} names an id or a list of ids, not a mapping"),
                )
                .label("a mapping")
                .help(format!(
                    "write {what} with one id, `{}: poro`, or a list, `{}: [poro, scout]`",
                    what.trim_matches('`'),
                    what.trim_matches('`')
                )),
            );
            return None;
        } else {
            vec![(self.text(node, what)?, self.loc(node))]
        };
        let mut out: Vec<String> = Vec::new();
        for (id, loc) in list {
            if out.contains(&id) {
                self.push(
                    Problem::new(
                        "repeated_id",
                        loc,
                        format!("`{id}` is named twice in {what}"),
                    )
                    .label("second time")
                    .help("name each id once"),
                );
                continue;
            }
            if id == THAT_UNIT {
                if !self.event_unit {
                    self.push(
                        Problem::new(
                            "that_unit",
                            loc,
                            "`that_unit` names the unit a trigger's event was about, and this is not the item of such a trigger",
                        )
                        .label("no event unit here")
                        .help("use it in the item of a `unit_dies`, `you_stun`, `ready`, `mighty` or `damaged` trigger, or name the unit's id"),
                    );
                    continue;
                }
                out.push(id);
                continue;
            }
            self.refs.push(Ref {
                id: id.clone(),
                loc,
                kind,
            });
            out.push(id);
        }
        Some(out)
    }

    /// `damage`, `move` and `might`: a map with `target` and an amount or a place.
    fn targeted(&mut self, key: &str, v: &Node) -> Option<EffectKind> {
        let (keys, example): (&[&str], &str) = match key {
            "damage" => (&["target", "amount"], "`{ target: poro, amount: 3 }`"),
            "move" => (&["target", "to"], "`{ target: guard, to: Battlefield 1 }`"),
            _ => (
                &["target", "amount", "duration"],
                "`{ target: scout, amount: 1, duration: turn }`",
            ),
        };
        let what = format!("a `{key}` effect");
        let m = self.mapping(v, &what, keys, example)?;
        let targets = self
            .require(m, v, "target", &what)
            .and_then(|n| self.ids(n, "`target`", RefKind::Unit));
        match key {
            "move" => {
                let to = self
                    .require(m, v, "to", &what)
                    .and_then(|n| self.place(n, "`to`"));
                Some(EffectKind::Move {
                    targets: targets?,
                    to: to?,
                })
            }
            _ => {
                let amount_node = self.require(m, v, "amount", &what);
                let amount = amount_node.and_then(|n| self.integer(n, "`amount`"));
                if let (Some(a), Some(n)) = (amount, amount_node) {
                    let bad = if key == "damage" { a < 1 } else { a == 0 };
                    if bad {
                        let msg = if key == "damage" {
                            "an amount of damage is at least 1"
                        } else {
                            "a Might effect changes Might: its amount is not 0"
                        };
                        self.push(
                            Problem::new("bad_value", self.loc(n), msg)
                                .label("out of range")
                                .help(if key == "damage" {
                                    "write 1 or more"
                                } else {
                                    "write a whole number other than 0 (negative to lower Might)"
                                }),
                        );
                    }
                }
                if key == "damage" {
                    return Some(EffectKind::Damage {
                        targets: targets?,
                        amount: amount?,
                    });
                }
                let duration = match m
                    .get_node("duration")
                    .and_then(|n| self.word(n, "`duration`", &["turn", "combat"]))
                {
                    Some("combat") => MightDuration::Combat,
                    _ => MightDuration::Turn,
                };
                Some(EffectKind::Might {
                    targets: targets?,
                    amount: amount?,
                    duration,
                })
            }
        }
    }
}
