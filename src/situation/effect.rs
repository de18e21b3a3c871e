//! What an item does: its effects (damage, counter, kill, play, ...), the conditions they read,
//! and its triggers with what fires them.

use super::*;

/// One effect of an item.
#[derive(Debug, Clone)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// Display text written beside it.
    pub text: Option<String>,
    /// Condition read when the effect executes.
    pub condition: Option<Condition>,
    /// A targeting restriction checked when it executes (board files).
    pub target_at: Option<TargetAt>,
    /// Affects the ids it names without choosing them: written `chooses: false` ("deal 2 to
    /// all enemy units here"), and the implicit Temporary kill, which names its carrier without
    /// targeting it (355.10.d). Such ids fire no `chosen` trigger (383.4.b.2), are not checked
    /// when the play is made (358.1), and an id that is gone is passed over, not mistargeted.
    pub untargeted: bool,
    /// `hidden_limit: false` on an effect of a card played from facedown: its choices are not
    /// held to the battlefield where the card was hidden, because the effect's own targeting
    /// restriction can never be met there ("another unit at a different location", 811.1.d.2,
    /// 811.1.d.2.a), with where the key is written. `None` (unwritten): they are, unless its
    /// `target_at` rules that out.
    pub hidden_limit_off: Option<Loc>,
    /// `only_if_chooses` on a `counter`: it may only target a Chain item that chooses a unit
    /// (or gear) its controller controls (358.1; what an item chooses:
    /// [`ItemSpec::chosen_ids`], its `targets` and what its effects choose).
    pub only_if_chooses: Option<ChoosesFriendly>,
    /// The effect's mapping in the file.
    pub loc: Loc,
}

/// What a Chain item must choose to be a legal target of a limited counter (`only_if_chooses`;
/// Not So Fast, Repulse). "Friendly" is the counter's controller's; a chosen id counts while it is
/// on the board, wherever it stands, and not once it has left the board (359.3.e.9.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoosesFriendly {
    /// `friendly_unit`: at least one friendly unit.
    Unit,
    /// `friendly_unit_or_gear`: at least one friendly unit or gear.
    UnitOrGear,
    /// `one_friendly_unit`: exactly one friendly unit, and no other.
    OneUnit,
}

impl ChoosesFriendly {
    /// The key's value as written.
    pub fn word(self) -> &'static str {
        match self {
            Self::Unit => "friendly_unit",
            Self::UnitOrGear => "friendly_unit_or_gear",
            Self::OneUnit => "one_friendly_unit",
        }
    }
}

impl Effect {
    /// The ids this effect chooses as targets of its item (358.1, 383.4.b.2): the chain item a
    /// `counter` names and the units (and gear, for `kill`) a `kill`, `damage`, `heal`, `move`,
    /// `recall`, `might` or `stun` names; none when it does not choose (`untargeted`). A
    /// `move`'s `to`, a `target_at` battlefield and a condition's ids are restrictions or
    /// references, not targets (355.10.b).
    pub fn chosen_ids(&self) -> impl Iterator<Item = &str> {
        let ids: &[String] = if self.untargeted {
            &[]
        } else {
            self.kind.named_ids()
        };
        ids.iter().map(String::as_str)
    }
}

impl EffectKind {
    /// Whether the effect acts on units or gear on the board (and so may take `target_at` and
    /// `chooses`): damage, kill, heal, move, recall, might, stun, return to hand, banish.
    pub fn acts_on_board(&self) -> bool {
        matches!(
            self,
            EffectKind::Damage { .. }
                | EffectKind::Kill(_)
                | EffectKind::Heal(_)
                | EffectKind::Move { .. }
                | EffectKind::Recall(_)
                | EffectKind::Might { .. }
                | EffectKind::Stun(_)
                | EffectKind::Ready(_)
                | EffectKind::Exhaust(_)
                | EffectKind::ReturnToHand(_)
                | EffectKind::Banish(_)
        )
    }

    /// The ids of units, gear or chain items this effect acts on, as written (empty for the
    /// effects that name none: `text`, `play`, `extra_turn`, `forbid_name`, `gain_point`).
    pub fn named_ids(&self) -> &[String] {
        match self {
            EffectKind::Counter(id) => std::slice::from_ref(id),
            EffectKind::Kill(ids)
            | EffectKind::Heal(ids)
            | EffectKind::Recall(ids)
            | EffectKind::ReturnToHand(ids)
            | EffectKind::Banish(ids)
            | EffectKind::Stun(ids)
            | EffectKind::Ready(ids)
            | EffectKind::Exhaust(ids)
            | EffectKind::Damage { targets: ids, .. }
            | EffectKind::Move { targets: ids, .. }
            | EffectKind::Might { targets: ids, .. } => ids,
            EffectKind::Text
            | EffectKind::Play(_)
            | EffectKind::ExtraTurn(_)
            | EffectKind::ForbidName(_)
            | EffectKind::GainPoint(_) => &[],
        }
    }
}

/// What an effect does.
#[derive(Debug, Clone)]
pub enum EffectKind {
    /// Not modelled: shown, changes nothing.
    Text,
    /// Counter a Chain Item (425).
    Counter(String),
    /// An instructed play (419.3).
    Play(Box<ItemSpec>),
    /// One kill action on units and gear on the board (428): one event for their death
    /// triggers (383.3.d.1).
    Kill(Vec<String>),
    /// An extra turn for a player (735-738).
    ExtraTurn(PlayerId),
    /// Opponents may not start playing spells of this name.
    ForbidName(String),
    /// One Deal action: `amount` damage on each target unit (417.1.b, 417.1.d).
    Damage {
        /// The units.
        targets: Vec<String>,
        /// Damage each (at least 1).
        amount: i64,
    },
    /// Clear all damage from each unit (418.1).
    Heal(Vec<String>),
    /// Move one player's units (420, 446).
    Move {
        /// The units.
        targets: Vec<String>,
        /// Where to (not a target, 355.10.b).
        to: Place,
    },
    /// Recall units to their controllers' bases (455).
    Recall(Vec<String>),
    /// Return units or gear to their owners' hands (108.7): they leave the board without dying
    /// (no Deathknell), as new objects (124); a token ceases to exist (186.1).
    ReturnToHand(Vec<String>),
    /// Banish units or gear (427.1): straight from the board to Banishment, without dying.
    Banish(Vec<String>),
    /// A Might modifier (317.2.c, 466.7.c).
    Might {
        /// The units.
        targets: Vec<String>,
        /// Non-zero amount.
        amount: i64,
        /// How long it lasts.
        duration: MightDuration,
    },
    /// A player gains 1 point: not a Score (194.1.c).
    GainPoint(PointTo),
    /// The units become stunned (423.1); one already stunned is not stunned again (423.1.a.1).
    Stun(Vec<String>),
    /// Ready units (415.1): an exhausted one becomes ready; a ready one is unchanged (415.1.c).
    Ready(Vec<String>),
    /// Exhaust units (414.1): a ready one becomes exhausted; an exhausted one is unchanged
    /// (414.1.c).
    Exhaust(Vec<String>),
}

/// Whom a `played_this_turn` condition asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayedBy {
    /// The controller of the item carrying the effect.
    Controller,
    /// Any one opponent, on their own.
    Opponent,
    /// A named player.
    Player(PlayerId),
}

/// A condition on an effect.
#[derive(Debug, Clone)]
pub struct Condition {
    /// Whose plays count.
    pub by: PlayedBy,
    /// Which cards count.
    pub kind: CardKind,
    /// An item not to count.
    pub other_than: Option<String>,
    /// How many are needed (at least 1).
    pub at_least: u32,
}

/// When a trigger fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TriggerOn {
    /// Its carrier's own play (383.4.a.2, 419.4.a).
    Play,
    /// Its carrier unit is killed (428.1.a.1.b, 808.1.d.2).
    Death,
    /// Its controller plays another card of this kind (419.4.a).
    YouPlay(CardKind),
    /// Its carrier is chosen by a finalized item (383.4.b.2).
    Chosen,
    /// A unit, or its controller, gains the Attacker designation for the first time in this
    /// combat (383.4.e).
    Attack,
    /// The same for Defender; a battlefield: its controller defends at it (383.4.f).
    Defend,
    /// A showdown begins (344, 464.2.b).
    ShowdownStart,
    /// A combat begins (464.2.b).
    CombatStart,
    /// The combat result is a win for its controller (466.3).
    CombatWin,
    /// The combat result is a loss for its controller (466.3).
    CombatLose,
    /// Its controller conquers (383.4.c.2, 471.2.a).
    Conquer,
    /// Its controller holds (383.4.d.2, 471.2.b).
    Hold,
    /// A Beginning Phase starts: its controller's (`any: false`) or any player's (315.2.a.1).
    BeginningPhase {
        /// `turn: any`.
        any: bool,
    },
    /// An Ending Step starts: of its controller's turn or of any turn (317.1.a).
    EndOfTurn {
        /// `turn: any`.
        any: bool,
    },
    /// It (`friendly: false`) or a unit its controller controls becomes Mighty (709).
    Mighty {
        /// `of: friendly`.
        friendly: bool,
    },
    /// Another unit, on `of`'s side, dies (checked after the deaths, 383.2.c; a carrier dying
    /// with it does not see it, 383.2.c.2).
    UnitDies {
        /// `of`: whose unit (default any).
        of: Side,
    },
    /// Its controller stuns a unit on `of`'s side (423.1; not one already stunned, 423.1.a.1).
    YouStun {
        /// `of`: whose unit (default any).
        of: Side,
    },
    /// It (`friendly: false`) or a unit its controller controls is readied: goes from
    /// exhausted to ready (415.1; not by entering ready, 805.6).
    Ready {
        /// `of: friendly`.
        friendly: bool,
    },
    /// An opponent of its controller plays a card of this kind (checked as `you_play` is).
    OpponentPlay(CardKind),
    /// A unit is dealt damage (more than 0): it (`of: self`, `None`) or one on a side (417,
    /// 383.2.c); by a `damage` effect or by combat damage, one event per Deal.
    Damaged {
        /// `of`: `None` for itself, else whose unit.
        of: Option<Side>,
    },
}

/// The id an effect of a trigger's item writes for the unit its event was about: the unit that
/// died, was stunned, was readied, became Mighty or was dealt damage ("kill that unit").
pub const THAT_UNIT: &str = "that_unit";

/// Whose unit an event trigger watches, from its controller's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The trigger's controller's.
    Friendly,
    /// An opponent's.
    Enemy,
    /// Anyone's.
    Any,
}

/// A triggered ability on a carrier.
#[derive(Debug, Clone)]
pub struct Trigger {
    /// When it fires.
    pub on: TriggerOn,
    /// The triggered ability that goes on the Chain.
    pub item: ItemSpec,
    /// `death` only: a Deathknell (doubled by `extra_death_triggers`); default true.
    pub deathknell: bool,
    /// `death` on a unit only: fires only if the unit had a designation in the combat (740.2.c).
    pub in_combat: bool,
    /// `alone: true` on a unit's `death`, `attack` or `defend`: fires only if, at the event, no
    /// other unit its controller controls is at its location ("when I attack alone", "if I
    /// died alone": a clause attached to the condition, 383.2.a.1).
    pub alone: bool,
    /// `nth: N`: an "the Nth time" (or "your Nth card") trigger: it fires once, when its
    /// condition is met for the Nth time this turn, however many instances meet it at once
    /// (383.1.b). `None`: each time.
    pub nth: Option<u32>,
    /// `met_before`: times its condition was met this turn before the file starts (with `nth`).
    pub met_before: u32,
    /// Created by the loader, not written (the Temporary trigger, 816.2.a).
    pub implicit: bool,
    /// The trigger's mapping in the file.
    pub loc: Loc,
}
