//! The turn state around the Chain: `players` (2 to 4 unique names, `none`, `controller` and
//! `opponent` reserved), `showdown` (its `focus`, and the `attacker` and `defender` of a combat
//! showdown) and `played_this_turn`. The scalar keys `turn`, `phase`, `step`, `priority` and
//! `passed` are read by the top-level walk in `mod.rs`.

use super::Reader;
use crate::diag::Problem;
use crate::situation::{ItemKind, PlayedEntry, ShowdownSpec};
use crate::yaml::Node;

const RESERVED: &[&str] = &["none", "controller", "opponent"];

impl<'a> Reader<'a> {
    pub(super) fn players_list(&mut self, node: &Node) {
        let Some(seq) = self.list(node, "`players`") else {
            return;
        };
        let mut names: Vec<String> = Vec::new();
        for n in seq.iter() {
            let Some(name) = self.text(n, "a player name") else {
                // Kept as written, so that the rest of the file can still name this player.
                if let Some(raw) = n.as_scalar().filter(|s| !s.as_str().trim().is_empty()) {
                    names.push(raw.as_str().to_string());
                }
                continue;
            };
            let loc = self.loc(n);
            if name.trim().is_empty() || name.trim() != name {
                // An empty name, or spaces around one: `turn: Ana` would never match `"Ana "`.
                let (message, fix) = if name.trim().is_empty() {
                    (
                        "a player name is empty".to_string(),
                        "write the player's name, e.g. Ana".to_string(),
                    )
                } else {
                    (
                        format!("the player name `{name}` has spaces before or after it"),
                        format!("write `{}`, without the spaces", name.trim()),
                    )
                };
                self.push(
                    Problem::new("bad_value", loc, message)
                        .label("this name")
                        .help(fix),
                );
                // The rest of the file names the player without the spaces: no follow-on.
                if !name.trim().is_empty() {
                    names.push(name.trim().to_string());
                }
                continue;
            } else if RESERVED.contains(&name.as_str()) {
                self.push(
                    Problem::new("reserved_name", loc, format!("`{name}` is reserved and cannot be a player name"))
                        .label("reserved word")
                        .help("none, controller and opponent have meanings in the format: choose another name"),
                );
            } else if names.contains(&name) {
                self.push(
                    Problem::new(
                        "duplicate_player",
                        loc,
                        format!("the player `{name}` is listed twice"),
                    )
                    .label("second listing")
                    .help("player names are unique: remove or rename one"),
                );
            }
            names.push(name);
        }
        if !(2..=4).contains(&seq.len()) {
            self.push(
                Problem::new(
                    "player_count",
                    self.loc(node),
                    format!("format 1 takes 2 to 4 players, found {}", seq.len()),
                )
                .label("player list")
                .help("list 2 to 4 players in turn order, e.g. players: [Ana, Ben]"),
            );
        }
        if names.is_empty() {
            return;
        }
        self.players = names;
    }

    pub(super) fn showdown(&mut self, node: &Node) -> Option<ShowdownSpec> {
        let map = self.mapping(
            node,
            "`showdown`",
            &[
                "battlefield",
                "combat",
                "focus",
                "attacker",
                "defender",
                "opened_by_trigger",
            ],
            "`showdown: { focus: Ana }`",
        )?;
        let battlefield = map
            .get_node("battlefield")
            .and_then(|n| self.text(n, "`battlefield`"))
            .unwrap_or_else(|| "the battlefield".to_string());
        let place = if self.board {
            match map.get_node("battlefield") {
                Some(n) => {
                    let l = self.loc(n);
                    let bf = self.battlefield(&battlefield, l, "`showdown.battlefield`");
                    self.keys.insert("showdown.battlefield", l);
                    bf
                }
                None => {
                    self.require(map, node, "battlefield", "`showdown` in a board file");
                    None
                }
            }
        } else {
            None
        };
        let combat_read = map.get_node("combat").map(|n| self.boolean(n, "`combat`"));
        // An unreadable `combat` leaves unknown whether the designations belong: not checked.
        let combat_known = !matches!(combat_read, Some(None));
        let combat = combat_read.flatten().unwrap_or(false);
        let focus = self
            .require(map, node, "focus", "`showdown`")
            .and_then(|n| self.player(n, "`focus`"));
        let attacker = map
            .get_node("attacker")
            .and_then(|n| self.player(n, "`attacker`"));
        let defender = map
            .get_node("defender")
            .and_then(|n| self.player(n, "`defender`"));
        if let Some((k, _)) = map.iter().find(|(k, _)| k.as_str() == "opened_by_trigger") {
            self.keys.insert("showdown.opened_by_trigger", self.sloc(k));
        }
        let opened_by_trigger = map
            .get_node("opened_by_trigger")
            .and_then(|n| self.boolean(n, "`opened_by_trigger`"));
        if combat_known && combat {
            for (key, v) in [("attacker", attacker), ("defender", defender)] {
                if map.get_node(key).is_none() {
                    self.missing(
                        map,
                        key,
                        Problem::new(
                            "designations",
                            self.map_first_line(node),
                            format!("a combat showdown needs `{key}`"),
                        )
                        .label(format!("`{key}` is missing"))
                        .help("write `attacker:` and `defender:`, two different players"),
                    );
                }
                let _ = v;
            }
            if let (Some(a), Some(d)) = (attacker, defender) {
                if a == d {
                    let loc = map
                        .get_node("defender")
                        .map(|n| self.loc(n))
                        .unwrap_or_default();
                    self.push(
                        Problem::new(
                            "designations",
                            loc,
                            "the attacker and the defender are the same player",
                        )
                        .label("same as the attacker")
                        .help("a combat is between two different players: name the other one"),
                    );
                }
            }
        } else if combat_known {
            for key in ["attacker", "defender"] {
                if let Some(n) = map.get_node(key) {
                    self.push(
                        Problem::new(
                            "designations",
                            self.loc(n),
                            format!("`{key}` is only for a combat showdown"),
                        )
                        .label("not a combat")
                        .help("add `combat: true`, or remove the designation"),
                    );
                }
            }
        }
        Some(ShowdownSpec {
            battlefield,
            combat,
            focus: focus?,
            attacker,
            defender,
            opened_by_trigger,
            place,
        })
    }

    pub(super) fn played(&mut self, node: &Node) -> Vec<Vec<PlayedEntry>> {
        let mut out = vec![Vec::new(); self.players.len().max(1)];
        let Some(map) = node.as_mapping() else {
            self.push(
                Problem::new(
                    "wrong_type",
                    self.loc(node),
                    "`played_this_turn` must map player names to lists",
                )
                .label("expected a mapping")
                .help("e.g. played_this_turn: { Ana: [{ name: Spell A, kind: spell }] }"),
            );
            return out;
        };
        for (k, v) in map.iter() {
            let p = self.player_named(k.as_str(), self.sloc(k), "`played_this_turn`");
            let Some(seq) = self.list(v, "a player's played cards") else {
                continue;
            };
            for e in seq.iter() {
                let entry = if e.as_mapping().is_some() {
                    let Some(m) = self.mapping(
                        e,
                        "a played card",
                        &["name", "kind"],
                        "`{ name: Defy, kind: spell }`",
                    ) else {
                        continue;
                    };
                    let name = self
                        .require(m, e, "name", "a played card")
                        .and_then(|n| self.text(n, "`name`"));
                    let kind = m
                        .get_node("kind")
                        .and_then(|n| self.word(n, "`kind`", &["spell", "unit", "gear"]))
                        .map(|w| match w {
                            "spell" => ItemKind::Spell,
                            "unit" => ItemKind::Unit,
                            _ => ItemKind::Gear,
                        });
                    name.map(|name| PlayedEntry { name, kind })
                } else {
                    self.text(e, "a played card")
                        .map(|name| PlayedEntry { name, kind: None })
                };
                if let (Some(p), Some(entry)) = (p, entry) {
                    out[p].push(entry);
                }
            }
        }
        out
    }
}
