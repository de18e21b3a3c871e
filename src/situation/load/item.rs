//! Chain items ("Chain items" in `docs/situation-format.md`): the one map that describes an item in
//! `chain`, a `play` action, a `play` effect and a trigger's `item`, with the checks that depend on
//! where it stands and on its kind: `status` only in `chain`; no `keyword` on a trigger item
//! (383.3.c); `adds`, `flow`, `legion` and `from` by kind; a finalized unit, gear or Add ability
//! in `chain` is an error (337.2, 429.2).

use super::permanent::{Carrier, PERMANENT_KEYS, UNIT_KEYS};
use super::trigger::TriggerCarrier;
use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::{IdWhat, Ref, RefKind};
use crate::situation::{FromZone, ItemKind, ItemSpec, Keyword, Status};
use crate::yaml::Node;

const ITEM_KEYS: &[&str] = &[
    "id",
    "name",
    "controller",
    "kind",
    "adds",
    "keyword",
    "status",
    "targets",
    "effects",
    "triggers",
    "flow",
    "uncounterable",
    "legion",
    "from",
    "at",
    "facedown",
    "may",
    "cost",
];

/// Where an item map stands; the format's rules differ by place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Chain,
    Action,
    PlayEffect,
    TriggerItem,
}

impl<'a> Reader<'a> {
    #[allow(clippy::too_many_lines)]
    pub(super) fn item(&mut self, node: &Node, place: Place) -> Option<ItemSpec> {
        let what = match place {
            Place::Chain => "a chain item",
            Place::Action => "a play",
            Place::PlayEffect => "a `play` effect",
            Place::TriggerItem => "a trigger item",
        };
        let before = self.problems.len();
        let allowed: Vec<&'static str> = ITEM_KEYS
            .iter()
            .chain(UNIT_KEYS)
            .chain(PERMANENT_KEYS)
            .copied()
            .collect();
        // The example of the mapping's shape: for `play: Quick Step`, that name in a mapping.
        let name_written = node
            .as_scalar()
            .map(|s| s.as_str().trim())
            .filter(|s| !s.is_empty() && !s.contains(['{', '}', ':', '\n']));
        let example = match (place, name_written) {
            (Place::TriggerItem, Some(n)) => format!("`{{ name: {n} }}`"),
            (Place::TriggerItem, None) => "`{ name: Watcher Trigger }`".to_string(),
            (_, Some(n)) => format!("`{{ name: {n}, controller: Ben, kind: spell }}`"),
            (_, None) => "`{ name: Defy, controller: Ben, kind: spell }`".to_string(),
        };
        let map = self.mapping(node, what, &allowed, &example)?;
        let name = self
            .require(map, node, "name", what)
            .and_then(|n| self.text(n, "`name`"));
        let id = self.id_for(map, name.as_deref(), node);
        let controller = match map.get_node("controller") {
            Some(n) => self.player(n, "`controller`"),
            None => {
                if matches!(place, Place::Chain | Place::Action) {
                    self.require(map, node, "controller", what);
                }
                None
            }
        };
        let kind = match (map.get_node("kind"), place) {
            (None, Place::TriggerItem) => Some(ItemKind::Triggered),
            (None, _) => {
                self.require(map, node, "kind", what);
                None
            }
            (Some(n), _) => self
                .word(
                    n,
                    "`kind`",
                    &["spell", "unit", "gear", "activated", "triggered"],
                )
                .map(|w| match w {
                    "spell" => ItemKind::Spell,
                    "unit" => ItemKind::Unit,
                    "gear" => ItemKind::Gear,
                    "activated" => ItemKind::Activated,
                    _ => ItemKind::Triggered,
                }),
        };
        if let (Some(k), Some(n)) = (kind, map.get_node("kind")) {
            if place == Place::TriggerItem && k != ItemKind::Triggered {
                self.push(
                    Problem::new(
                        "wrong_kind",
                        self.loc(n),
                        "a trigger's item is a triggered ability",
                    )
                    .label(format!("`{}` here", k.word()))
                    .help("remove `kind` (it defaults to `triggered`) or write `kind: triggered`"),
                );
            }
            if place == Place::Action && k == ItemKind::Triggered {
                self.push(
                    Problem::new("wrong_kind", self.loc(n), "a player cannot play a triggered ability")
                        .label("triggered")
                        .help("triggered abilities go on the Chain by themselves: write them as `triggers` of their source"),
                );
            }
        }
        let flag = |r: &mut Self, key: &str| {
            map.get_node(key)
                .and_then(|n| r.boolean(n, &format!("`{key}`")))
                .unwrap_or(false)
        };
        let adds = flag(self, "adds");
        let flow = flag(self, "flow");
        let uncounterable = flag(self, "uncounterable");
        let legion = flag(self, "legion");
        let keyword = map.get_node("keyword").and_then(|n| {
            if place == Place::TriggerItem {
                self.push(
                    Problem::new("misplaced_key", self.loc(n), "a trigger item has no timing keyword")
                        .label("not allowed on a trigger item")
                        .help("remove `keyword`: triggered abilities go on the Chain in any state, without a timing keyword"),
                );
                return None;
            }
            match self.word(n, "`keyword`", &["action", "reaction"])? {
                "action" => Some(Keyword::Action),
                _ => Some(Keyword::Reaction),
            }
        });
        // `None` when `status` could not be read: whether it is finalized is then unknown.
        let status_read = match map.get_node("status") {
            Some(n) if place != Place::Chain => {
                self.push(
                    Problem::new("misplaced_key", self.loc(n), "`status` is only for items in `chain`")
                        .label("not allowed here")
                        .help("remove `status`: played items start pending and are finalized by the replay"),
                );
                Some(Status::Finalized)
            }
            Some(n) => match self.word(n, "`status`", &["pending", "finalized"]) {
                Some("pending") => Some(Status::Pending),
                Some(_) => Some(Status::Finalized),
                None => None,
            },
            None => Some(Status::Finalized),
        };
        let status = status_read.unwrap_or(Status::Finalized);
        // `None` when `from` could not be read.
        let from_read = match map
            .get_node("from")
            .map(|n| self.word(n, "`from`", &["hand", "hidden", "trash"]))
        {
            Some(Some("hidden")) => Some(FromZone::Hidden),
            Some(Some("trash")) => Some(FromZone::Trash),
            Some(None) => None,
            _ => Some(FromZone::Hand),
        };
        let from = from_read.unwrap_or(FromZone::Hand);
        if let Some(k) = kind {
            let checks: [(&str, bool, &str); 4] = [
                (
                    "adds",
                    adds && k.is_card(),
                    "`adds` is only for abilities (activated or triggered)",
                ),
                (
                    "flow",
                    flow && k != ItemKind::Spell,
                    "`flow` is only for spells",
                ),
                (
                    "legion",
                    legion && !k.is_card(),
                    "`legion` is only for spells, units and gear",
                ),
                (
                    "from",
                    map.get_node("from").is_some() && !k.is_card(),
                    "`from` is only for cards (spells, units, gear)",
                ),
            ];
            for (key, bad, msg) in checks {
                if bad {
                    let loc = map
                        .get_node(key)
                        .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
                    self.push(
                        Problem::new("misplaced_key", loc, msg)
                            .label("not allowed here")
                            .help(format!("remove `{key}`")),
                    );
                }
            }
            if place == Place::Chain
                && status_read == Some(Status::Finalized)
                && (k.is_permanent() || adds)
            {
                let loc = map
                    .get_node("status")
                    .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
                let what = if adds {
                    "an Add ability"
                } else if k == ItemKind::Unit {
                    "a unit"
                } else {
                    "a gear item"
                };
                let label = if map.get_node("status").is_some() {
                    "finalized here"
                } else {
                    "finalized (the default)"
                };
                self.push(
                    Problem::new("finalized_immediate", loc, format!("{what} cannot be finalized on the Chain"))
                        .label(label)
                        .help("it resolves the moment it is finalized, so on the Chain it is still pending: write `status: pending`"),
                );
            }
        }
        let targets = match map.get_node("targets") {
            Some(n) => {
                let list = self.text_list(n, "`targets`").unwrap_or_default();
                for (t, loc) in &list {
                    self.refs.push(Ref {
                        id: t.clone(),
                        loc: *loc,
                        kind: RefKind::Target,
                    });
                }
                list.into_iter().map(|(t, _)| t).collect()
            }
            None => Vec::new(),
        };
        let id_loc = map
            .get_node("id")
            .or(map.get_node("name"))
            .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
        let what_id = match place {
            Place::Chain => IdWhat::Chain(kind),
            Place::Action => IdWhat::Action(kind),
            Place::PlayEffect => IdWhat::PlayEffect(kind),
            Place::TriggerItem => IdWhat::TriggerItem,
        };
        self.reg.add(&id, what_id, id_loc, &mut self.problems);
        // An inherited controller is the instructing item's or the carrier's.
        let effective = controller.or_else(|| self.controller_ctx.last().copied().flatten());
        self.controller_ctx.push(effective);
        let (may, cost) = self.finalize_keys(map, place, status);
        let effects = match map.get_node("effects") {
            Some(n) => self
                .list(n, "`effects`")
                .map(|seq| super::read_each(seq, |e| self.effect(e)))
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let mut triggers = self.triggers(map, TriggerCarrier::Item(kind));
        for t in &mut triggers {
            t.item.source_id = Some(id.clone());
        }
        self.controller_ctx.pop();
        let kind_word = kind.map_or("", |k| match k {
            ItemKind::Unit => "unit",
            ItemKind::Gear => "gear",
            _ => "other",
        });
        let (mut keys, token) = self.permanent_keys(map, node, Carrier::Item(kind_word));
        let at = match map.get_node("at") {
            Some(n) if kind == Some(ItemKind::Unit) => {
                let t = self.text(n, "`at`");
                if self.board {
                    keys.place = self.place(n, "`at`");
                }
                t
            }
            Some(n) if kind.is_some() => {
                let loc = self.key_loc(map, "at").unwrap_or_else(|| self.loc(n));
                self.push(
                    Problem::new(
                        "misplaced_key",
                        loc,
                        "`at` is only for unit items: where the unit enters",
                    )
                    .label("not allowed here")
                    .help("remove `at`"),
                );
                None
            }
            _ => None,
        };
        let facedown = map.get_node("facedown").and_then(|n| {
            let f = self.text(n, "`facedown`")?;
            let ok = place == Place::Action
                && from == FromZone::Hidden
                && matches!(kind, Some(ItemKind::Unit | ItemKind::Spell));
            // An unreadable `from` or `kind` is reported there: whether `facedown` belongs is
            // then unknown.
            if !ok && from_read.is_some() && kind.is_some() {
                self.push(
                    Problem::new("misplaced_key", self.loc(n), "`facedown` is only for a `play` action with `from: hidden` and `kind: unit` or `spell`")
                        .label("not allowed here")
                        .help("remove `facedown`, or write `from: hidden` with `kind: unit` or `spell` (a hidden card is played at its battlefield; hidden gear is not modelled)"),
                );
            }
            self.refs.push(Ref {
                id: f.clone(),
                loc: self.loc(n),
                kind: RefKind::Facedown,
            });
            Some(f)
        });
        // An unreadable `facedown` is reported there: whether the effects' keys belong is
        // then unknown.
        let hidden = facedown.is_some() || map.get_node("facedown").is_some();
        self.hidden_effects(&effects, hidden);
        if let (Some(ItemKind::Unit), Some(c)) = (kind, effective) {
            self.unit_controllers.insert(id.clone(), c);
        }
        if keys.temporary {
            if let Some(n) = &name {
                let loc = self.map_first_line(node);
                triggers.push(self.temporary_trigger(&id, n, loc));
            }
        }
        if self.problems.len() > before {
            self.unreadable_ids.insert(id.clone());
        }
        Some(ItemSpec {
            id,
            name: name?,
            controller,
            kind: kind?,
            adds,
            keyword,
            status,
            targets,
            effects,
            triggers,
            flow,
            uncounterable,
            legion,
            from,
            token,
            source_id: None,
            at,
            keys,
            facedown,
            may,
            cost,
            loc: self.map_first_line(node),
            key_locs: self.key_locs(map, &allowed),
        })
    }
}
