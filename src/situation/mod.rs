//! The situation file, format 1 (`docs/situation-format.md`): its types, loading and validation.
//!
//! A [`Situation`] is what a judge wrote: players, the turn state, the Chain (oldest first), the
//! board, and what each player does next. [`load`] reads one from YAML text, reporting every
//! problem at once with its line and column.

mod board;
mod effect;
mod expect;
mod hidden_check;
mod hints;
mod load;
mod ruling;
mod settled;
mod validate;
pub(crate) use validate::is_date;

pub use board::*;
pub use effect::*;
pub use expect::*;
pub use hints::{hints, Hint};
pub use load::{load, load_owned};
pub use ruling::*;

use crate::yaml::Loc;

/// An index into [`Situation::players`] (turn order).
pub type PlayerId = usize;

/// Which Core Rules edition(s) a file is replayed under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesChoice {
    /// The July 2026 edition only.
    July,
    /// The October 2026 edition only.
    October,
    /// Both, compared step by step.
    Both,
}

/// The phase of the turn (rule 314 ff.).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Beginning Phase.
    Beginning,
    /// Main Phase: the only one in which a player receives Priority with no Chain (335).
    Main,
    /// Ending Phase.
    Ending,
}

impl Phase {
    /// The name used in files and JSON (`main`).
    pub fn word(self) -> &'static str {
        match self {
            Self::Beginning => "beginning",
            Self::Main => "main",
            Self::Ending => "ending",
        }
    }

    /// The name used in reports ("Main Phase").
    pub fn title(self) -> &'static str {
        match self {
            Self::Beginning => "Beginning Phase",
            Self::Main => "Main Phase",
            Self::Ending => "Ending Phase",
        }
    }
}

/// The step of the phase the file starts in (`step`). In a file that is not a board file only
/// the Ending Phase's steps exist, and they are shown only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseStep {
    /// Board files, `phase: beginning`: the Beginning Phase is about to begin (315.2.a.1).
    Start,
    /// Board files, `phase: beginning`: the Beginning Step is under way.
    Beginning,
    /// `phase: ending`: the Ending Step (317.1).
    Ending,
    /// `phase: ending`: the Expiration Step (317.2).
    Expiration,
}

/// A showdown under way when the file starts (rules 341-348).
#[derive(Debug, Clone)]
pub struct ShowdownSpec {
    /// Where it is happening.
    pub battlefield: String,
    /// Board files: the battlefield, by index in `Situation::battlefields`.
    pub place: Option<usize>,
    /// A combat showdown (459 ff.).
    pub combat: bool,
    /// Who holds Focus now.
    pub focus: PlayerId,
    /// The attacker, in a combat showdown.
    pub attacker: Option<PlayerId>,
    /// The defender, in a combat showdown.
    pub defender: Option<PlayerId>,
    /// Whether the current Chain was started by a triggered or Add ability (340.2.a, 346.1).
    pub opened_by_trigger: Option<bool>,
}

/// The kind of a Chain Item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    /// A spell card.
    Spell,
    /// A unit card.
    Unit,
    /// A gear card.
    Gear,
    /// An activated ability.
    Activated,
    /// A triggered ability.
    Triggered,
}

impl ItemKind {
    /// Whether this kind is a card (spell, unit, gear) rather than an ability.
    pub fn is_card(self) -> bool {
        matches!(self, Self::Spell | Self::Unit | Self::Gear)
    }

    /// Whether this kind is a permanent that resolves as it is finalized (337.2).
    pub fn is_permanent(self) -> bool {
        matches!(self, Self::Unit | Self::Gear)
    }

    /// The word used in the format.
    pub fn word(self) -> &'static str {
        match self {
            Self::Spell => "spell",
            Self::Unit => "unit",
            Self::Gear => "gear",
            Self::Activated => "activated ability",
            Self::Triggered => "triggered ability",
        }
    }
}

/// A card kind as conditions and `you_play` triggers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    /// A spell.
    Spell,
    /// A unit.
    Unit,
    /// A gear.
    Gear,
    /// Any card.
    Card,
}

impl CardKind {
    /// Whether a played object of `kind` (None: unknown kind) is counted by this filter. A
    /// token is not a card (185): `Card` never counts it, while `Unit` and `Gear` count token
    /// units and gear, which are played like cards (350.2, 185.2.d).
    pub fn matches(self, kind: Option<ItemKind>, token: bool) -> bool {
        match self {
            Self::Card => !token,
            Self::Spell => kind == Some(ItemKind::Spell),
            Self::Unit => kind == Some(ItemKind::Unit),
            Self::Gear => kind == Some(ItemKind::Gear),
        }
    }

    /// The word used in the format.
    pub fn word(self) -> &'static str {
        match self {
            Self::Spell => "spell",
            Self::Unit => "unit",
            Self::Gear => "gear",
            Self::Card => "card",
        }
    }
}

/// A timing keyword (806 Action, 813 Reaction).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    /// [Action]: also in a Showdown Open State, on any turn.
    Action,
    /// [Reaction]: also in a Closed State, on any turn.
    Reaction,
}

/// Pending or Finalized (329).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Still being played.
    Pending,
    /// Finished playing, waiting to resolve.
    Finalized,
}

/// Where a card is played from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FromZone {
    /// From the hand.
    Hand,
    /// From facedown at a battlefield: Reaction timing (811).
    Hidden,
    /// From the trash.
    Trash,
}

/// A Chain Item as written: in `chain`, a `play` action, a `play` effect or a trigger's `item`.
#[derive(Debug, Clone)]
pub struct ItemSpec {
    /// Unique id (the slug of `name` unless written).
    pub id: String,
    /// The card or ability name.
    pub name: String,
    /// The controller; `None` where it is inherited (a `play` effect, a trigger item).
    pub controller: Option<PlayerId>,
    /// What it is.
    pub kind: ItemKind,
    /// An ability that Adds resources (337.2, 429.2).
    pub adds: bool,
    /// Timing keyword.
    pub keyword: Option<Keyword>,
    /// Status in `chain` (Finalized elsewhere, where it has no meaning).
    pub status: Status,
    /// Ids it chose (chain items, board objects or players).
    pub targets: Vec<String>,
    /// What it does when it resolves, in order.
    pub effects: Vec<Effect>,
    /// Its triggered abilities.
    pub triggers: Vec<Trigger>,
    /// Played for its Flow cost (829).
    pub flow: bool,
    /// "Can't be countered".
    pub uncounterable: bool,
    /// Has a Legion ability (812).
    pub legion: bool,
    /// Where it is played from.
    pub from: FromZone,
    /// Unit items: where it enters, as written (`None`: base). Checked in board files only.
    pub at: Option<String>,
    /// Unit and gear items: the board keys they enter with (board files; `unit` keys on units).
    pub keys: PermanentKeys,
    /// A `play` action from hidden: the id of the `kind: facedown` card it plays (811.1.b).
    pub facedown: Option<String>,
    /// A token unit or gear (185): played, but not a card.
    pub token: bool,
    /// A trigger's item: the id of the board object or item that carries the trigger, its
    /// "me". An effect naming it names it without choosing it (355.10.d, 355.10.d.1).
    pub source_id: Option<String>,
    /// A trigger's item: its opening "you may", decided while it is finalized (383.3.a).
    pub may: Option<May>,
    /// Costs paid while it is finalized, after any "you may" (a trigger's base cost, 383.3.b;
    /// a card's additional costs, 204.2.a): `kill`, `return_to_hand`, `banish`, `exhaust` or
    /// `text` effects, which choose nothing. One that cannot be paid removes the item.
    pub cost: Vec<Effect>,
    /// The item's mapping in the file.
    pub loc: Loc,
    /// Where each key's value is written, for diagnostics.
    pub key_locs: Vec<(&'static str, Loc)>,
}

/// The decision on a trigger's opening "you may" (383.3.a), written as `may: accept|decline`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum May {
    /// Its controller performs it.
    Accept,
    /// Its controller declines it: it leaves the Chain, never having triggered (383.3.a.2).
    Decline,
}

impl ItemSpec {
    /// Where `key`'s value is written (the item's first line if it is not).
    pub fn loc_of(&self, key: &str) -> Loc {
        self.key_locs
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(self.loc, |(_, l)| *l)
    }

    /// Every id this item chooses (358.1, 383.4.b.2), each once, in file order: `targets`, then
    /// the ids its own effects choose ([`ItemSpec::effect_choices`]).
    pub fn chosen_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        let written = self.targets.iter().map(String::as_str);
        for id in written.chain(self.effect_choices().map(|(_, id)| id)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// Each id this item's own effects choose, with the effect choosing it, in file order
    /// ([`Effect::chosen_ids`]; an id two effects name comes twice). A condition's ids, a
    /// `move`'s `to` and a `target_at` battlefield are not among them, and neither is what an
    /// effect names as "me": the item itself, or the carrier of the trigger it is
    /// (`source_id`), which is picked, never chosen (355.10.d, 355.10.d.1).
    pub fn effect_choices(&self) -> impl Iterator<Item = (&Effect, &str)> {
        let me = |id: &str| id == self.id || self.source_id.as_deref() == Some(id);
        self.effects
            .iter()
            .flat_map(|e| e.chosen_ids().map(move |id| (e, id)))
            .filter(move |(_, id)| !me(id))
    }

    /// Whether its effects or costs name [`THAT_UNIT`]: two firings of its trigger about
    /// different units then differ, and their order matters (383.3.d).
    pub fn names_that_unit(&self) -> bool {
        self.effects
            .iter()
            .chain(&self.cost)
            .any(|e| e.kind.named_ids().iter().any(|i| i == THAT_UNIT))
    }

    /// Whether this item resolves as soon as it is finalized (337.2, 429.2).
    pub fn resolves_when_finalized(&self) -> bool {
        self.kind.is_permanent() || self.adds
    }
}

/// The kind of a board object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardKind {
    /// A unit.
    Unit,
    /// A gear.
    Gear,
    /// A legend.
    Legend,
    /// A battlefield.
    Battlefield,
    /// A card facedown at a battlefield (107.3): not a unit.
    Facedown,
}

/// A permanent on the board when the file starts.
#[derive(Debug, Clone)]
pub struct BoardSpec {
    /// Unique id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its controller; `None` only for an uncontrolled battlefield (`controller: none`).
    pub controller: Option<PlayerId>,
    /// What it is.
    pub kind: BoardKind,
    /// Where it is, as written (checked in board files: see `keys.place`).
    pub at: String,
    /// A token unit or gear (185).
    pub token: bool,
    /// The board keys of units, gear and legends.
    pub keys: PermanentKeys,
    /// The board keys of battlefields.
    pub battlefield: BattlefieldKeys,
    /// Where each key's value is written, for diagnostics.
    pub key_locs: Vec<(&'static str, Loc)>,
    /// Its triggered abilities.
    pub triggers: Vec<Trigger>,
    /// A facedown card hidden this turn: it may be played from facedown only from the next
    /// turn (811.1.b).
    pub hidden_this_turn: bool,
    /// The object's mapping in the file.
    pub loc: Loc,
}

impl BoardSpec {
    /// Where `key`'s value is written (the object's first line if it is not).
    pub fn loc_of(&self, key: &str) -> Loc {
        self.key_locs
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(self.loc, |(_, l)| *l)
    }
}

/// A card played this turn before the file starts.
#[derive(Debug, Clone)]
pub struct PlayedEntry {
    /// Its name.
    pub name: String,
    /// Its kind; `None` for a bare name (counted only by `kind: card`).
    pub kind: Option<ItemKind>,
}

/// What a player does next.
#[derive(Debug, Clone)]
pub enum ActionKind {
    /// The item's controller plays it.
    Play(Box<ItemSpec>),
    /// That player passes Priority (or Focus in a Showdown Open State).
    Pass(PlayerId),
    /// The order of one controller's simultaneous triggers, first listed oldest.
    Order(Vec<String>),
    /// A standard move of the units to a place (144).
    Move {
        /// The action's id (`move-N` by default).
        id: String,
        /// The units' controller, who makes the move.
        by: PlayerId,
        /// The units.
        units: Vec<String>,
        /// Where to.
        to: Place,
    },
    /// A player's combat damage assignment (465.2.c); like `order`, not a turn.
    Assign {
        /// The action's id (`assign-N` by default).
        id: String,
        /// The assigning player.
        by: PlayerId,
        /// Unit id -> damage; units not listed get 0.
        to: Vec<(String, i64)>,
    },
    /// The Turn Player ends the turn (316.9, 317).
    EndTurn(PlayerId),
    /// The Turn Player's choice of staged showdown or combat; like `order`, not a turn.
    Begin(usize),
}

/// One entry of `actions`.
#[derive(Debug, Clone)]
pub struct Action {
    /// What it is.
    pub kind: ActionKind,
    /// The action's node in the file.
    pub loc: Loc,
}

impl Action {
    /// The player who takes this action (`None` for `order`, which is not a turn).
    pub fn actor(&self) -> Option<PlayerId> {
        match &self.kind {
            ActionKind::Play(item) => item.controller,
            ActionKind::Pass(p) | ActionKind::EndTurn(p) => Some(*p),
            ActionKind::Move { by, .. } => Some(*by),
            ActionKind::Order(_) | ActionKind::Assign { .. } | ActionKind::Begin(_) => None,
        }
    }
}

/// The final turn state names used by `expect.state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum TurnState {
    /// No showdown, no Chain.
    #[serde(rename = "neutral-open")]
    NeutralOpen,
    /// No showdown, a Chain exists.
    #[serde(rename = "neutral-closed")]
    NeutralClosed,
    /// A showdown, no Chain.
    #[serde(rename = "showdown-open")]
    ShowdownOpen,
    /// A showdown and a Chain.
    #[serde(rename = "showdown-closed")]
    ShowdownClosed,
}

impl TurnState {
    /// The state for a showdown flag and a Chain flag (310).
    pub fn of(showdown: bool, chain: bool) -> Self {
        match (showdown, chain) {
            (false, false) => Self::NeutralOpen,
            (false, true) => Self::NeutralClosed,
            (true, false) => Self::ShowdownOpen,
            (true, true) => Self::ShowdownClosed,
        }
    }

    /// The name used in files.
    pub fn word(self) -> &'static str {
        match self {
            Self::NeutralOpen => "neutral-open",
            Self::NeutralClosed => "neutral-closed",
            Self::ShowdownOpen => "showdown-open",
            Self::ShowdownClosed => "showdown-closed",
        }
    }

    /// The name used in reports ("Neutral Open").
    pub fn title(self) -> &'static str {
        match self {
            Self::NeutralOpen => "Neutral Open",
            Self::NeutralClosed => "Neutral Closed",
            Self::ShowdownOpen => "Showdown Open",
            Self::ShowdownClosed => "Showdown Closed",
        }
    }

    /// Parses a file name of a state.
    pub fn parse(s: &str) -> Option<Self> {
        [
            Self::NeutralOpen,
            Self::NeutralClosed,
            Self::ShowdownOpen,
            Self::ShowdownClosed,
        ]
        .into_iter()
        .find(|t| t.word() == s)
    }
}

/// A whole situation file, loaded and validated.
#[derive(Debug, Clone)]
pub struct Situation {
    /// The file's path as given.
    pub path: String,
    /// The file's text, without the byte-order marks that start a line (for diagnostics during
    /// a replay; their positions are in this text).
    pub source: String,
    /// Shown in the report header.
    pub title: String,
    /// Which edition(s) to replay under.
    pub rules: RulesChoice,
    /// The day of the game (YYYY-MM-DD).
    pub date: Option<String>,
    /// Player names in turn order.
    pub players: Vec<String>,
    /// The Turn Player.
    pub turn: PlayerId,
    /// The phase.
    pub phase: Phase,
    /// The step of the phase (`None`: not written).
    pub step: Option<PhaseStep>,
    /// The showdown under way, if any.
    pub showdown: Option<ShowdownSpec>,
    /// Cards each player played this turn before the file starts.
    pub played_this_turn: Vec<Vec<PlayedEntry>>,
    /// Permanents that matter.
    pub board: Vec<BoardSpec>,
    /// Board files: why the board model is used (`None`: format 1 without the board).
    pub board_model: Option<BoardModel>,
    /// The indices in `board` of the battlefields, in board order.
    pub battlefields: Vec<usize>,
    /// Each player's points now (194), by player.
    pub points: Vec<i64>,
    /// Points needed to win (194.3; default 8).
    pub victory_score: i64,
    /// The Chain, oldest first.
    pub chain: Vec<ItemSpec>,
    /// Who holds Priority now (derived when `None`).
    pub priority: Option<PlayerId>,
    /// Players who have passed in a row (derived when `None`).
    pub passed: Option<Vec<PlayerId>>,
    /// What players do from now on.
    pub actions: Vec<Action>,
    /// What `verify` checks.
    pub expect: Option<Expect>,
    /// Where `expect` is in the file.
    pub expect_loc: Option<Loc>,
    /// The ruling, for rulings files.
    pub ruling: Option<Ruling>,
    /// Whether the file holds situation keys (a rulings file may hold only `ruling`).
    pub has_situation: bool,
}

impl Situation {
    /// The name of a player.
    pub fn name(&self, p: PlayerId) -> &str {
        &self.players[p]
    }

    /// The player after `p` in turn order, wrapping around.
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        (p + 1) % self.players.len()
    }
}

/// The slug of a name: lower case, runs of other characters become one `-`, trimmed.
///
/// ```
/// assert_eq!(chainjudge::situation::slug("Crumbling Sands"), "crumbling-sands");
/// ```
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c);
        } else {
            dash = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_follow_the_format() {
        assert_eq!(slug("Crumbling Sands"), "crumbling-sands");
        assert_eq!(slug("  Kai'Sa -- Survivor! "), "kai-sa-survivor");
        assert_eq!(slug("Ébène 2"), "b-ne-2");
    }
}
