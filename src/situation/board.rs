//! The board extension of format 1 (`docs/situation-format.md`, "The board"): the keys a board
//! file adds to units, gear, battlefields, chain items, effects, triggers, actions and `expect`.
//!
//! A file is a *board file* when it uses one of the board keys (principle 1 of the extension);
//! [`BoardModel`] records the first one. Rule numbers are July's.

use super::PlayerId;
use crate::yaml::Loc;

/// Why a file is replayed with the board model: the first board key, and where it is.
#[derive(Debug, Clone)]
pub struct BoardModel {
    /// The key (or `key: value`) that made it a board file, as written.
    pub key: String,
    /// Where it is.
    pub loc: Loc,
}

/// The unit keys (143.2, 142, 146, ...) of a board unit or a unit item.
///
/// Might values are integers and may be negative (143.2.b reads a negative as 0 when Might is
/// used); `damage` is the damage marked now (142), never negative.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitKeys {
    /// Might without "this turn" and "this combat" modifiers, Assault or Shield (143.2).
    pub might: i64,
    /// Sum of the "this turn" Might modifiers (expire at the Expiration Step, 317.2.c).
    pub might_this_turn: i64,
    /// Sum of the "this combat" Might modifiers (expire when the combat ends, 466.7.c).
    pub might_this_combat: i64,
    /// Damage marked on it (142); below lethal in a file.
    pub damage: i64,
    /// Exhausted: cannot pay the standard move's cost (144.2).
    pub exhausted: bool,
    /// Stunned: adds no Might to combat damage (423.1.b).
    pub stunned: bool,
    /// Tank (815).
    pub tank: bool,
    /// Backline (826).
    pub backline: bool,
    /// Shield N (814): +N Might while a defender.
    pub shield: Option<i64>,
    /// Assault N (807): +N Might while an attacker.
    pub assault: Option<i64>,
    /// Ganking (810): may move battlefield to battlefield.
    pub ganking: bool,
    /// Items only: Ambush (822): may be played to a battlefield where its controller has units.
    pub ambush: bool,
    /// Items only: enters ready (143.4.a, 805.6).
    pub enters_ready: bool,
}

/// Where a unit is, or where a unit item enters: a base or a battlefield.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Its controller's base.
    Base,
    /// A battlefield, by its index in [`Situation::battlefields`](super::Situation::battlefields).
    Battlefield(usize),
}

/// The board keys shared by permanents (units, gear, legends): 3.2 and 3.4 of the extension.
#[derive(Debug, Clone, Default)]
pub struct PermanentKeys {
    /// The unit keys, for units (required `might` in a board file).
    pub unit: Option<UnitKeys>,
    /// Where it is, checked (`None` outside board files: `at` is shown, not checked).
    pub place: Option<Place>,
    /// Temporary (816): killed at the start of its controller's Beginning Phase.
    pub temporary: bool,
    /// While on the board, its controller's Deathknells are added this many more times.
    pub extra_death_triggers: u32,
    /// A one-use death replacement (370.1.a.1): a unit's own, or a gear's for a friendly unit.
    pub replace_death: bool,
}

/// A battlefield's board keys (190, 470).
#[derive(Debug, Clone, Default)]
pub struct BattlefieldKeys {
    /// The player who applied Contested (190.3.a), if any.
    pub contested_by: Option<PlayerId>,
    /// Players who have scored it this turn (470).
    pub scored_this_turn: Vec<PlayerId>,
}

/// The duration of a `might` effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MightDuration {
    /// "This turn" (317.2.c).
    Turn,
    /// "This combat" (466.7.c).
    Combat,
}

/// A targeting restriction of an effect (`target_at`), checked when it executes (355.10.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetAt {
    /// Any battlefield.
    AnyBattlefield,
    /// A base.
    Base,
    /// That battlefield.
    Battlefield(usize),
}

/// Who gains a point from `gain_point`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointTo {
    /// The controller of the item (skipped when it is no one, 190.6.d).
    Controller,
    /// The one opponent (2-player files).
    Opponent,
    /// A named player.
    Player(PlayerId),
}

/// A combat result as `expect.combat` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatResultSpec {
    /// No Result (466.3.d).
    NoResult,
    /// The replay ended before 466.3.
    Unfinished,
    /// A winner and a loser (466.3.a-c).
    Won {
        /// The winner.
        winner: String,
        /// The loser.
        loser: String,
    },
}

/// Who scored in a way (`expect.conquered`, `expect.held`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoredSpec {
    /// `none`: nobody did.
    Nobody,
    /// One name, or a list: exactly those players did, at least once (a set).
    Players(Vec<String>),
    /// Battlefield -> the players, in order, who did it there (`none` is an empty list).
    PerBattlefield(Vec<(String, Vec<String>)>),
}

/// The board keys of an `expect` block (3.9). Omitted keys are not checked.
#[derive(Debug, Clone, Default)]
pub struct BoardExpect {
    /// Points at the end, for the listed players.
    pub points: Option<Vec<(String, i64)>>,
    /// The winner (`None` inside: nobody won).
    pub winner: Option<Option<String>>,
    /// Controller at the end, for the listed battlefields (`None`: nobody).
    pub control: Option<Vec<(String, Option<String>)>>,
    /// Contester at the end, for the listed battlefields (`None`: nobody).
    pub contested: Option<Vec<(String, Option<String>)>>,
    /// Conquers during the replay.
    pub conquered: Option<ScoredSpec>,
    /// Holds during the replay.
    pub held: Option<ScoredSpec>,
    /// Cards drawn instead of the final point (471.1.b.1), for the listed players.
    pub draws: Option<Vec<(String, i64)>>,
    /// The combats that began at the listed battlefields, in order.
    pub combat: Option<Vec<(String, Vec<CombatResultSpec>)>>,
    /// Where the listed ids are at the end: `base`, a battlefield, `trash`, `gone`, `played`.
    pub locations: Option<Vec<(String, String)>>,
    /// Current Might at the end, for the listed units.
    pub might: Option<Vec<(String, i64)>>,
    /// Marked damage at the end, for the listed units.
    pub damage: Option<Vec<(String, i64)>>,
    /// `beginning`, `main`, `ending` or `ended`.
    pub phase: Option<String>,
}

impl BoardExpect {
    /// Whether the block checks nothing.
    pub fn is_empty(&self) -> bool {
        self.points.is_none()
            && self.winner.is_none()
            && self.control.is_none()
            && self.contested.is_none()
            && self.conquered.is_none()
            && self.held.is_none()
            && self.draws.is_none()
            && self.combat.is_none()
            && self.locations.is_none()
            && self.might.is_none()
            && self.damage.is_none()
            && self.phase.is_none()
    }
}
