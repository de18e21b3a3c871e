//! The `expect` block's types: the keys checked against every edition replayed, and the
//! `july` and `october` blocks that replace them key by key.

use super::*;

/// One block of expectations: an omitted key is not checked.
#[derive(Debug, Clone, Default)]
pub struct ExpectBlock {
    /// Ids in the order they resolved.
    pub resolved: Option<Vec<String>>,
    /// Ids countered (a set).
    pub countered: Option<Vec<String>>,
    /// Ids refused (a set).
    pub refused: Option<Vec<String>>,
    /// Ids never reached (a set).
    pub unreached: Option<Vec<String>>,
    /// Ids that ended banished (a set).
    pub banished: Option<Vec<String>>,
    /// Who holds Priority at the end (`None` inside: nobody).
    pub priority: Option<Option<String>>,
    /// Who holds Focus at the end.
    pub focus: Option<Option<String>>,
    /// The final turn state.
    pub state: Option<TurnState>,
    /// Whether a showdown ended during the replay.
    pub showdown_ended: Option<bool>,
    /// Id -> whether Legion was active when it was finalized.
    pub legion: Option<Vec<(String, bool)>>,
    /// The upcoming turns (a prefix).
    pub next_turns: Option<Vec<String>>,
    /// Rule numbers that must be cited (a subset).
    pub cites: Option<Vec<String>>,
    /// Units and gear killed (a set; any file).
    pub killed: Option<Vec<String>>,
    /// The board keys (board files only).
    pub board: BoardExpect,
}

/// The `expect` block: top-level keys, and per-edition blocks that replace them key by key.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// Checked against every edition replayed.
    pub common: ExpectBlock,
    /// Replaces top-level keys under July.
    pub july: Option<ExpectBlock>,
    /// Replaces top-level keys under October.
    pub october: Option<ExpectBlock>,
    /// The file replays both editions (`rules: both`), so top-level `cites` name July rules:
    /// under October, one whose October number is unconfirmed matches the step's
    /// "October: unconfirmed (July n)" citation. Set from the file, not from `--rules`.
    pub cites_name_july_rules: bool,
}

impl ExpectBlock {
    /// Whether the block checks nothing.
    pub fn is_empty(&self) -> bool {
        self.resolved.is_none()
            && self.countered.is_none()
            && self.refused.is_none()
            && self.unreached.is_none()
            && self.banished.is_none()
            && self.priority.is_none()
            && self.focus.is_none()
            && self.state.is_none()
            && self.showdown_ended.is_none()
            && self.legion.is_none()
            && self.next_turns.is_none()
            && self.cites.is_none()
            && self.killed.is_none()
            && self.board.is_empty()
    }
}

impl Expect {
    /// Whether nothing at all is checked (`expect: {}` counts as missing).
    pub fn is_empty(&self) -> bool {
        self.common.is_empty()
            && self.july.as_ref().is_none_or(ExpectBlock::is_empty)
            && self.october.as_ref().is_none_or(ExpectBlock::is_empty)
    }
}
