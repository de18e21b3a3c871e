//! The board keys of permanents (board extension 3.2-3.4): the unit keys (Might, damage,
//! statuses, Tank, Backline, Shield, Assault, Ganking, Ambush, enters ready), `temporary`,
//! `token`, `extra_death_triggers` and `replace_death`, on `board` entries and on unit and gear
//! items, with the checks of section 7 that depend only on the map itself.

use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::IdWhat;
use crate::situation::{
    Effect, EffectKind, FromZone, ItemKind, ItemSpec, PermanentKeys, Status, Trigger, TriggerOn,
    UnitKeys,
};
use crate::yaml::{Loc, Mapping, Node};

/// The unit keys (3.2), other than `at` and `token`.
pub(super) const UNIT_KEYS: &[&str] = &[
    "might",
    "might_this_turn",
    "might_this_combat",
    "damage",
    "exhausted",
    "stunned",
    "tank",
    "backline",
    "shield",
    "assault",
    "ganking",
    "ambush",
    "enters_ready",
];

/// The other permanent keys (3.2, 3.4).
pub(super) const PERMANENT_KEYS: &[&str] = &[
    "temporary",
    "token",
    "extra_death_triggers",
    "replace_death",
];

/// What carries the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Carrier {
    /// A `board` entry of this kind (`unit`, `gear`, `legend`, `battlefield`, `facedown`).
    Board(&'static str),
    /// A chain item, play or template of this kind (`unit`, `gear`, or another kind).
    Item(&'static str),
}

impl<'a> Reader<'a> {
    /// Reports `key` as not allowed in `map`, if it is there; the message and help are made
    /// only then (this runs for every key a carrier forbids, on every entry of a file).
    fn misplaced(
        &mut self,
        map: &Mapping,
        key: &str,
        msg: impl FnOnce() -> String,
        help: impl FnOnce() -> String,
    ) {
        if let Some(n) = map.get_node(key) {
            let loc = self.key_loc(map, key).unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new("misplaced_key", loc, msg())
                    .label("not allowed here")
                    .help(help()),
            );
        }
    }

    /// The location of a key (not its value) in a mapping.
    pub(super) fn key_loc(&self, map: &Mapping, key: &str) -> Option<crate::yaml::Loc> {
        map.keys().find(|k| k.as_str() == key).map(|k| self.sloc(k))
    }

    /// Reads the permanent keys of `map` for `carrier` (kind as written; `None` if unknown).
    /// Returns the keys and `token`.
    #[allow(clippy::too_many_lines)]
    pub(super) fn permanent_keys(
        &mut self,
        map: &Mapping,
        node: &Node,
        carrier: Carrier,
    ) -> (PermanentKeys, bool) {
        let (kind, on_item) = match carrier {
            Carrier::Board(k) => (k, false),
            Carrier::Item(k) => (k, true),
        };
        if kind.is_empty() {
            // The kind could not be read (reported there): which keys belong is unknown.
            return (PermanentKeys::default(), false);
        }
        let unit = kind == "unit";
        let int = |r: &mut Self, key: &str| {
            map.get_node(key)
                .and_then(|n| r.integer(n, &format!("`{key}`")))
        };
        let flag = |r: &mut Self, key: &str| {
            map.get_node(key)
                .and_then(|n| r.boolean(n, &format!("`{key}`")))
                .unwrap_or(false)
        };
        // Keys by carrier.
        if !unit {
            for key in UNIT_KEYS {
                let what = if on_item { "a unit item" } else { "a unit" };
                self.misplaced(
                    map,
                    key,
                    || format!("`{key}` is only for {what}"),
                    || format!("remove `{key}`"),
                );
            }
        } else if on_item {
            for key in [
                "damage",
                "exhausted",
                "stunned",
                "might_this_turn",
                "might_this_combat",
            ] {
                self.misplaced(
                    map,
                    key,
                    || format!("`{key}` describes a unit on the board; a unit enters undamaged, exhausted and without modifiers"),
                    || format!("remove `{key}`"),
                );
            }
        } else {
            for key in ["ambush", "enters_ready"] {
                self.misplaced(
                    map,
                    key,
                    || format!("`{key}` says how a unit is played: it goes on its item, not on a board entry"),
                    || format!("remove `{key}`"),
                );
            }
        }
        if matches!(kind, "battlefield" | "legend") {
            for key in ["temporary", "token"] {
                self.misplaced(
                    map,
                    key,
                    || format!("a {kind} cannot have `{key}`"),
                    || format!("remove `{key}`"),
                );
            }
        }
        if matches!(kind, "battlefield" | "legend") {
            self.misplaced(
                map,
                "replace_death",
                || format!("a {kind} cannot be killed, so it has no death to replace"),
                || "remove `replace_death`".into(),
            );
        }
        if kind == "battlefield" {
            self.misplaced(
                map,
                "extra_death_triggers",
                || "`extra_death_triggers` is for units, gear and legends".into(),
                || "remove it".into(),
            );
        }
        if on_item && !matches!(kind, "unit" | "gear") {
            for key in PERMANENT_KEYS {
                self.misplaced(
                    map,
                    key,
                    || format!("`{key}` is only for unit and gear items"),
                    || format!("remove `{key}`"),
                );
            }
        }
        // Values.
        let mut keys = PermanentKeys::default();
        if unit {
            let might = match map.get_node("might") {
                Some(n) => self.integer(n, "`might`"),
                None => {
                    if self.board {
                        self.missing(
                            map,
                            "might",
                            Problem::new("missing_key", self.map_first_line(node), "a unit in a board file needs `might`")
                                .label("`might` is missing")
                                .help("add `might:` (its Might without \"this turn\" and \"this combat\" modifiers)"),
                        );
                    }
                    None
                }
            };
            let damage = int(self, "damage").unwrap_or(0);
            if damage < 0 {
                self.bad_value(
                    map,
                    "damage",
                    "`damage` cannot be negative",
                    "write 0 or more",
                );
            }
            let level = |r: &mut Self, key: &str| -> Option<i64> {
                let n = map.get_node(key)?;
                if r.boolean_quiet(n).is_some() {
                    let kw = if key == "shield" { "Shield" } else { "Assault" };
                    r.push(
                        Problem::new(
                            "wrong_type",
                            r.loc(n),
                            format!("`{key}` is a number: the keyword's value"),
                        )
                        .label("a boolean")
                        .help(format!("write the keyword's number: {kw} written without a number is {kw} 1, so `{key}: 1`")),
                    );
                    return None;
                }
                let v = r.integer(n, &format!("`{key}`"))?;
                if v < 1 {
                    r.bad_value(
                        map,
                        key,
                        &format!("`{key}` must be at least 1"),
                        "write 1 or more",
                    );
                }
                Some(v)
            };
            let shield = level(self, "shield");
            let assault = level(self, "assault");
            keys.unit = Some(UnitKeys {
                might: might.unwrap_or(0),
                might_this_turn: int(self, "might_this_turn").unwrap_or(0),
                might_this_combat: int(self, "might_this_combat").unwrap_or(0),
                damage,
                exhausted: flag(self, "exhausted"),
                stunned: flag(self, "stunned"),
                tank: flag(self, "tank"),
                backline: flag(self, "backline"),
                shield,
                assault,
                ganking: flag(self, "ganking"),
                ambush: flag(self, "ambush"),
                enters_ready: flag(self, "enters_ready"),
            });
        }
        keys.temporary = flag(self, "temporary");
        keys.replace_death = flag(self, "replace_death");
        if let Some(v) = int(self, "extra_death_triggers") {
            if v < 1 {
                self.bad_value(
                    map,
                    "extra_death_triggers",
                    "`extra_death_triggers` must be at least 1",
                    "write 1 or more",
                );
            }
            keys.extra_death_triggers = v.max(0) as u32;
        }
        let token = flag(self, "token");
        (keys, token)
    }

    /// A problem with a key's value.
    pub(super) fn bad_value(&mut self, map: &Mapping, key: &str, msg: &str, help: &str) {
        if let Some(n) = map.get_node(key) {
            self.push(
                Problem::new("bad_value", self.loc(n), msg.to_string())
                    .label("out of range")
                    .help(help.to_string()),
            );
        }
    }

    /// A plain true/false, without reporting anything otherwise.
    pub(super) fn boolean_quiet(&self, node: &Node) -> Option<bool> {
        match node {
            Node::Scalar(s) if s.may_coerce() => match s.as_str() {
                "true" | "True" | "TRUE" => Some(true),
                "false" | "False" | "FALSE" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    /// The implicit trigger that `temporary: true` gives its carrier (816.2.a; board extension
    /// 3.7): at the start of its controller's Beginning Phase, kill the carrier without
    /// targeting it (355.10.d).
    pub(super) fn temporary_trigger(&mut self, id: &str, name: &str, loc: Loc) -> Trigger {
        let tid = format!("{id}-temporary");
        self.reg
            .add(&tid, IdWhat::TriggerItem, loc, &mut self.problems);
        Trigger {
            on: TriggerOn::BeginningPhase { any: false },
            item: ItemSpec {
                id: tid,
                name: format!("{name} Temporary"),
                controller: None,
                kind: ItemKind::Triggered,
                adds: false,
                keyword: None,
                status: Status::Finalized,
                targets: Vec::new(),
                effects: vec![Effect {
                    kind: EffectKind::Kill(vec![id.to_string()]),
                    text: None,
                    condition: None,
                    target_at: None,
                    untargeted: true,
                    hidden_limit_off: None,
                    only_if_chooses: None,
                    loc,
                }],
                triggers: Vec::new(),
                flow: false,
                uncounterable: false,
                legion: false,
                from: FromZone::Hand,
                token: false,
                source_id: Some(id.to_string()),
                at: None,
                keys: PermanentKeys::default(),
                facedown: None,
                may: None,
                cost: Vec::new(),
                loc,
                key_locs: Vec::new(),
            },
            deathknell: true,
            in_combat: false,
            alone: false,
            nth: None,
            met_before: 0,
            implicit: true,
            loc,
        }
    }
}
