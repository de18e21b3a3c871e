//! Triggers ("Triggers" in `docs/situation-format.md`): `on` (with `kind` for `you_play`) and the
//! trigger's `item`, and which carriers may hold which triggers (383.4.a.2, 383.4.b.2, 419.4.a,
//! 428.1.a.1.b).

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::{BoardKind, CardKind, ItemKind, Side, Trigger, TriggerOn};
use crate::yaml::{Mapping, Node};

/// The `on` values: format 1's four, then the board extension's (3.7).
pub(super) const ON_WORDS: &[&str] = &[
    "play",
    "death",
    "you_play",
    "chosen",
    "attack",
    "defend",
    "showdown_start",
    "combat_start",
    "combat_win",
    "combat_lose",
    "conquer",
    "hold",
    "beginning_phase",
    "end_of_turn",
    "mighty",
    "unit_dies",
    "you_stun",
    "ready",
    "opponent_play",
    "damaged",
];

/// The `on` values that take `nth` (an "Nth time" or "your Nth card" trigger, 383.1.b).
const NTH_ON: &[&str] = &[
    "you_play",
    "opponent_play",
    "unit_dies",
    "you_stun",
    "ready",
    "damaged",
];

/// The `on` values that only a board file uses.
pub(super) const BOARD_ON: &[&str] = ON_WORDS.split_at(4).1;

impl<'a> Reader<'a> {
    pub(super) fn triggers(&mut self, map: &Mapping, carrier: TriggerCarrier) -> Vec<Trigger> {
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
            &[
                "on",
                "kind",
                "item",
                "turn",
                "of",
                "deathknell",
                "in_combat",
                "nth",
                "met_before",
                "alone",
            ],
            "`{ on: play, item: { name: ... } }`",
        )?;
        let on_node = self.require(map, node, "on", "a trigger");
        let on = on_node.and_then(|n| self.word(n, "`on`", ON_WORDS));
        let kind = match map.get_node("kind") {
            Some(k) if matches!(on, Some("you_play" | "opponent_play")) => self
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
                            "`kind` on a trigger is only for `on: you_play` or `on: opponent_play`",
                        )
                        .label("not allowed here")
                        .help("remove `kind`, or use `on: you_play`"),
                    );
                }
                None
            }
            None => Some(CardKind::Card),
        };
        // Keys that belong to one `on` only.
        let only: [(&str, &[&str]); 7] = [
            ("turn", &["beginning_phase", "end_of_turn"]),
            (
                "of",
                &["mighty", "ready", "unit_dies", "you_stun", "damaged"],
            ),
            ("deathknell", &["death"]),
            ("in_combat", &["death"]),
            ("nth", NTH_ON),
            ("met_before", &["unit_dies", "you_stun", "ready", "damaged"]),
            ("alone", &["death", "attack", "defend"]),
        ];
        for (key, ons) in only {
            if let (Some(n), Some(o)) = (map.get_node(key), on) {
                if !ons.contains(&o) {
                    let loc = self.key_loc(map, key).unwrap_or_else(|| self.loc(n));
                    self.push(
                        Problem::new(
                            "misplaced_key",
                            loc,
                            format!("`{key}` is only for `on: {}`", ons.join("` or `on: ")),
                        )
                        .label("not allowed here")
                        .help(format!("remove `{key}`")),
                    );
                }
            }
        }
        let any_turn = map
            .get_node("turn")
            .and_then(|n| self.word(n, "`turn`", &["own", "any"]))
            == Some("any");
        let of_words: &[&str] = match on {
            Some("unit_dies" | "you_stun") => &["friendly", "enemy", "any"],
            Some("damaged") => &["self", "friendly", "enemy", "any"],
            _ => &["self", "friendly"],
        };
        let of = map
            .get_node("of")
            .and_then(|n| self.word(n, "`of`", of_words));
        let friendly = of == Some("friendly");
        let side = match of {
            Some("friendly") => Side::Friendly,
            Some("enemy") => Side::Enemy,
            _ => Side::Any,
        };
        let nth = map.get_node("nth").and_then(|n| self.count(n, "`nth`", 1));
        let met_before = map
            .get_node("met_before")
            .and_then(|n| self.count(n, "`met_before`", 0))
            .unwrap_or(0);
        if let (Some(n), None) = (map.get_node("met_before"), map.get_node("nth")) {
            let loc = self
                .key_loc(map, "met_before")
                .unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    loc,
                    "`met_before` counts toward `nth`, and this trigger has no `nth`",
                )
                .label("no `nth` here")
                .help("add `nth: N` (\"the Nth time ... each turn\"), or remove `met_before`"),
            );
        }
        let deathknell = map
            .get_node("deathknell")
            .and_then(|n| self.boolean(n, "`deathknell`"))
            .unwrap_or(true);
        let in_combat = map
            .get_node("in_combat")
            .and_then(|n| self.boolean(n, "`in_combat`"))
            .unwrap_or(false);
        let alone = map
            .get_node("alone")
            .and_then(|n| self.boolean(n, "`alone`"))
            .unwrap_or(false);
        if let (Some(n), false) = (map.get_node("alone"), carrier.is_unit()) {
            let loc = self.key_loc(map, "alone").unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    loc,
                    "`alone` is for a unit's own death, attack or defend: only a unit is alone at its location",
                )
                .label("not on a unit")
                .help("remove `alone`"),
            );
        }
        if let (Some(n), true) = (map.get_node("in_combat"), carrier.is_gear()) {
            let loc = self
                .key_loc(map, "in_combat")
                .unwrap_or_else(|| self.loc(n));
            self.push(
                Problem::new(
                    "misplaced_key",
                    loc,
                    "`in_combat` is for a unit's own death: gear has no combat designation",
                )
                .label("not allowed here")
                .help("remove `in_combat`"),
            );
        }
        let on = match on? {
            "play" => TriggerOn::Play,
            "death" => TriggerOn::Death,
            "you_play" => TriggerOn::YouPlay(kind.unwrap_or(CardKind::Card)),
            "chosen" => TriggerOn::Chosen,
            "attack" => TriggerOn::Attack,
            "defend" => TriggerOn::Defend,
            "showdown_start" => TriggerOn::ShowdownStart,
            "combat_start" => TriggerOn::CombatStart,
            "combat_win" => TriggerOn::CombatWin,
            "combat_lose" => TriggerOn::CombatLose,
            "conquer" => TriggerOn::Conquer,
            "hold" => TriggerOn::Hold,
            "beginning_phase" => TriggerOn::BeginningPhase { any: any_turn },
            "end_of_turn" => TriggerOn::EndOfTurn { any: any_turn },
            "unit_dies" => TriggerOn::UnitDies { of: side },
            "you_stun" => TriggerOn::YouStun { of: side },
            "ready" => TriggerOn::Ready { friendly },
            "opponent_play" => TriggerOn::OpponentPlay(kind.unwrap_or(CardKind::Card)),
            "damaged" => TriggerOn::Damaged {
                of: (of.is_some() && of != Some("self")).then_some(side),
            },
            _ => TriggerOn::Mighty { friendly },
        };
        if let Some(why) = carrier.refuses(on) {
            self.push(
                Problem::new("trigger_carrier", self.loc(on_node?), format!("this trigger cannot be carried here: {why}"))
                    .label("wrong carrier")
                    .help(
                        "play: on units, gear and spells; death: on units and gear; you_play, opponent_play, unit_dies, you_stun: on board objects, units and gear; \
                         chosen: on anything that can be chosen; attack: on units, legends and gear; mighty and ready (of: self): on units",
                    ),
            );
        }
        // Its item may name `that_unit` when its event is about a unit.
        let outer = self.event_unit;
        self.event_unit = matches!(
            on,
            TriggerOn::UnitDies { .. }
                | TriggerOn::YouStun { .. }
                | TriggerOn::Ready { .. }
                | TriggerOn::Mighty { .. }
                | TriggerOn::Damaged { .. }
        );
        let item = self
            .require(map, node, "item", "a trigger")
            .and_then(|n| self.item(n, Place::TriggerItem));
        self.event_unit = outer;
        let item = item?;
        Some(Trigger {
            on,
            item,
            deathknell,
            in_combat,
            alone,
            nth,
            met_before,
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
    fn is_unit(self) -> bool {
        matches!(
            self,
            Self::Board(Some(BoardKind::Unit)) | Self::Item(Some(ItemKind::Unit))
        )
    }

    fn is_gear(self) -> bool {
        matches!(
            self,
            Self::Board(Some(BoardKind::Gear)) | Self::Item(Some(ItemKind::Gear))
        )
    }

    /// Why this carrier cannot carry a trigger of `on`, or `None` when it can.
    fn refuses(self, on: TriggerOn) -> Option<&'static str> {
        use BoardKind as B;
        use ItemKind as I;
        use TriggerOn as O;
        match (self, on) {
            (_, O::Chosen) => None,
            (Self::Board(_), O::Play) => Some("a board object is already on the board; `play` triggers belong to the unit, gear or spell being played"),
            (Self::Board(Some(B::Unit | B::Gear) | None), O::Death) => None,
            (Self::Board(_), O::Death) => Some("legends and battlefields cannot be killed"),
            (Self::Board(Some(B::Facedown)), _) => Some("a facedown card carries no triggers here"),
            (Self::Board(_), O::YouPlay(_) | O::OpponentPlay(_)) => None,
            (Self::Board(Some(B::Battlefield | B::Gear | B::Legend)), O::Ready { friendly: false }) => Some("only units are readied here: use `of: friendly` for a unit its controller controls"),
            (Self::Board(Some(B::Battlefield | B::Gear | B::Legend)) | Self::Item(Some(I::Gear)), O::Damaged { of: None }) => Some("only units are dealt damage: use `of: friendly`, `enemy` or `any`"),
            (Self::Item(Some(I::Unit | I::Gear) | None), O::Damaged { .. }) => None,
            (Self::Item(Some(I::Unit | I::Gear) | None), O::UnitDies { .. } | O::YouStun { .. } | O::Ready { .. } | O::OpponentPlay(_)) => None,
            (Self::Board(_) | Self::Item(Some(I::Unit | I::Gear) | None), O::BeginningPhase { .. } | O::EndOfTurn { .. }) => None,
            (Self::Board(Some(B::Battlefield)), O::Attack) => Some("a battlefield's controller never attacks at it"),
            (Self::Board(Some(B::Battlefield)), O::Mighty { .. }) | (Self::Board(Some(B::Gear | B::Legend)), O::Mighty { .. }) | (Self::Item(Some(I::Gear)), O::Mighty { .. }) => Some("only units become Mighty"),
            (Self::Board(_), _) => None,
            (Self::Item(Some(I::Spell)), O::Play) => None,
            (Self::Item(Some(I::Unit | I::Gear) | None), O::Play | O::YouPlay(_) | O::Death) => None,
            (Self::Item(Some(I::Unit) | None), _) => None,
            (Self::Item(Some(I::Gear)), O::ShowdownStart | O::CombatStart | O::CombatWin | O::CombatLose | O::Conquer | O::Hold | O::Attack | O::Defend) => None,
            (Self::Item(Some(I::Spell)), _) => Some("a spell carries only `play` and `chosen` triggers"),
            (Self::Item(_), _) => Some("an ability carries only `chosen` triggers"),
        }
    }
}
