//! What a replay did and why: the steps with their citations and the state after each, and the
//! outcome that `expect` is checked against.

use crate::edition::{Cite, EditionId};
use crate::situation::{PlayerId, TurnState};
use crate::yaml::Loc;
use std::sync::Arc;

/// A remark on a step: an ambiguity, a reading followed, a caveat. Rule numbers come only from
/// `cites`, resolved through the edition, never from `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The remark, in words.
    pub text: String,
    /// The rules it names.
    pub cites: Vec<Cite>,
}

/// A step's citations: a list that holds up to eight in place, so a step needs no allocation
/// of its own for them (a 100,000-item Chain has 400,000 steps).
pub type StepCites = smallvec::SmallVec<[Cite; 8]>;

/// A player, or nobody, in one byte: a step names three (who acted, who holds Priority, who
/// holds Focus), and a long replay holds hundreds of thousands of steps. Holds player indices
/// up to [`Seat::MAX_PLAYERS`]` - 1`; the engine refuses a situation with more players before it
/// records a step (format 1 takes 2 to 4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seat(u8);

impl Seat {
    /// The most players a seat can name.
    pub const MAX_PLAYERS: usize = u8::MAX as usize;

    /// The seat of `p` (`None`: nobody). A player index of [`Seat::MAX_PLAYERS`] or more reads
    /// as nobody; the engine refuses such a situation first.
    pub fn of(p: Option<PlayerId>) -> Self {
        Self(p.and_then(|p| u8::try_from(p + 1).ok()).unwrap_or(0))
    }

    /// The player, or `None` for nobody.
    pub fn get(self) -> Option<PlayerId> {
        self.0.checked_sub(1).map(usize::from)
    }
}

/// What few steps carry: notes, board changes, a short telling. Held apart from the step so
/// a step without them (most of a long Chain's) stays small.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct StepMore {
    notes: Vec<Note>,
    changes: Vec<Change>,
    brief: Option<String>,
}

/// One step of the replay: 56 bytes, read through its methods (a 100,000-item Chain has
/// 400,000 steps).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What happened, in words (no rule numbers). Shared: a replay holds one copy of each
    /// distinct text (half of a long Chain's steps are passes told alike).
    pub what: Arc<str>,
    /// The rules behind it, held in the step itself up to eight (a step cites one to four).
    pub cites: StepCites,
    /// Notes, board changes and the short telling, for the few steps that have them.
    more: Option<Box<StepMore>>,
    /// How many items are on the Chain after the step.
    chain_len: u32,
    who: Seat,
    priority: Seat,
    focus: Seat,
    /// The turn state after the step.
    pub state: TurnState,
}

impl Step {
    /// A step by `who` (`None`: the game), with what holds after it: the turn state, the
    /// Priority and Focus holders, and the number of items on the Chain (saturating at
    /// `u32::MAX`). No notes, board changes or short telling yet.
    pub fn new(
        who: Option<PlayerId>,
        what: Arc<str>,
        cites: StepCites,
        state: TurnState,
        holders: (Option<PlayerId>, Option<PlayerId>),
        chain_len: usize,
    ) -> Self {
        Self {
            what,
            cites,
            more: None,
            chain_len: u32::try_from(chain_len).unwrap_or(u32::MAX),
            who: Seat::of(who),
            priority: Seat::of(holders.0),
            focus: Seat::of(holders.1),
            state,
        }
    }

    /// Who acted or is concerned (`None`: the game).
    pub fn who(&self) -> Option<PlayerId> {
        self.who.get()
    }

    /// Who holds Priority after the step.
    pub fn priority(&self) -> Option<PlayerId> {
        self.priority.get()
    }

    /// Who holds Focus after the step.
    pub fn focus(&self) -> Option<PlayerId> {
        self.focus.get()
    }

    /// How many items are on the Chain after the step.
    pub fn chain_len(&self) -> usize {
        self.chain_len as usize
    }

    /// Ambiguities and caveats at this step.
    pub fn notes(&self) -> &[Note] {
        self.more.as_deref().map_or(&[], |m| &m.notes)
    }

    /// What the step changed on the board (board files).
    pub fn changes(&self) -> &[Change] {
        self.more.as_deref().map_or(&[], |m| &m.changes)
    }

    /// The step told short, for the compact view (issue 20): `what` without the reasons the
    /// cited rules and the full view give ("Cleanup: a combat is staged at battlefield-1").
    /// `None`: `what` is short already.
    pub fn brief(&self) -> Option<&str> {
        self.more.as_deref().and_then(|m| m.brief.as_deref())
    }

    fn more(&mut self) -> &mut StepMore {
        self.more.get_or_insert_with(Box::default)
    }

    /// The step's notes, to add to or replace.
    pub fn notes_mut(&mut self) -> &mut Vec<Note> {
        &mut self.more().notes
    }

    /// Adds board changes to the step's (`changes` is left empty).
    pub fn add_changes(&mut self, changes: &mut Vec<Change>) {
        if !changes.is_empty() {
            self.more().changes.append(changes);
        }
    }

    /// Sets the step's short telling ([`Step::brief`]).
    pub fn set_brief(&mut self, mut text: String) {
        text.shrink_to_fit();
        self.more().brief = Some(text);
    }

    /// Takes the step's short telling away, leaving `None`.
    pub fn take_brief(&mut self) -> Option<String> {
        self.more.as_deref_mut().and_then(|m| m.brief.take())
    }
}

/// A Legion verdict (812.1.c, 419.4.b).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LegionVerdict {
    /// The item.
    pub id: String,
    /// Active when it was finalized.
    pub finalized: bool,
    /// Active when it resolved (spells that resolved only).
    pub resolved: Option<bool>,
}

/// What the replay ended with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Ids in the order they resolved.
    pub resolved: Vec<String>,
    /// Ids countered.
    pub countered: Vec<String>,
    /// Ids refused, with the reason.
    pub refused: Vec<(String, String)>,
    /// Ids of plays never reached, with the reason.
    pub unreached: Vec<(String, String)>,
    /// Passes and orders never used (as written: `pass: Ben`, `order: [a, b]`).
    pub unused: Vec<String>,
    /// Ids that ended banished: chain items, and units and gear a `banish` effect took.
    pub banished: Vec<String>,
    /// Units and gear a `return_to_hand` effect returned to their owners' hands.
    pub returned: Vec<String>,
    /// Units and gear killed, in the order they died.
    pub killed: Vec<String>,
    /// The board's final values (board files only).
    pub board: Option<BoardOutcome>,
    /// Priority holder at the end.
    pub priority: Option<PlayerId>,
    /// Focus holder at the end.
    pub focus: Option<PlayerId>,
    /// The final turn state.
    pub state: Option<TurnState>,
    /// Whether a showdown ended.
    pub showdown_ended: bool,
    /// How many showdowns began during the replay (board files).
    pub showdowns_begun: usize,
    /// Ids of the standard moves made (board files).
    pub moved: Vec<String>,
    /// Legion verdicts, in the order items were finalized.
    pub legion: Vec<LegionVerdict>,
    /// The upcoming turns, starting with the next.
    pub next_turns: Vec<PlayerId>,
    /// Why the replay ended.
    pub ended: String,
}

impl Outcome {
    /// Whether reports list what was killed: always in a board file ("Killed: none" is an
    /// answer there), and in any other file that killed something (`kill` works in every file).
    pub fn shows_killed(&self) -> bool {
        self.board.is_some() || !self.killed.is_empty()
    }
}

/// A change a step made to the board (board files): steps carry their changes, not the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A unit's marked damage is now `damage`.
    Damage {
        /// The unit.
        id: String,
        /// Its marked damage now.
        damage: i64,
    },
    /// A unit's current Might is now `might`.
    Might {
        /// The unit.
        id: String,
        /// Its current Might now.
        might: i64,
    },
    /// A permanent is now at `to`: `base`, a battlefield id, `trash` or `gone`.
    Location {
        /// The permanent.
        id: String,
        /// Where it is now.
        to: String,
    },
    /// A battlefield's controller is now `controller`.
    Control {
        /// The battlefield.
        battlefield: String,
        /// Its controller now (`None`: nobody).
        controller: Option<PlayerId>,
    },
    /// A battlefield's contester is now `by`.
    Contested {
        /// The battlefield.
        battlefield: String,
        /// Who contests it now (`None`: nobody).
        by: Option<PlayerId>,
    },
    /// A player's points are now `points`.
    Points {
        /// The player.
        player: PlayerId,
        /// Their points now.
        points: i64,
    },
}

/// A combat's result (466.3), or why it has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatResult {
    /// No Result (466.3.d).
    NoResult,
    /// The replay ended before 466.3.
    Unfinished,
    /// A winner and a loser.
    Won {
        /// The winner.
        winner: PlayerId,
        /// The loser.
        loser: PlayerId,
    },
}

/// A scoring during the replay: a Conquer or a Hold (469).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// The battlefield's id.
    pub battlefield: String,
    /// The player who scored.
    pub player: PlayerId,
    /// Whether the point became a card drawn (471.1.b.1).
    pub drew: bool,
}

/// The board at the end of a board file's replay.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardOutcome {
    /// Points, by player.
    pub points: Vec<i64>,
    /// Cards drawn instead of the final point, by player.
    pub draws: Vec<i64>,
    /// The winner, if the game ended (323.1).
    pub winner: Option<PlayerId>,
    /// Battlefield id -> controller, in board order.
    pub control: Vec<(String, Option<PlayerId>)>,
    /// Battlefield id -> contester, in board order.
    pub contested: Vec<(String, Option<PlayerId>)>,
    /// Conquers, in order.
    pub conquered: Vec<Scored>,
    /// Holds, in order.
    pub held: Vec<Scored>,
    /// Combats that began (or were under way at the start), in order: battlefield id, result.
    pub combats: Vec<(String, CombatResult)>,
    /// Id -> where it is: `base`, a battlefield id, `trash`, `gone`, `played`.
    pub locations: Vec<(String, String)>,
    /// Unit id -> current Might.
    pub might: Vec<(String, i64)>,
    /// Unit id -> marked damage.
    pub damage: Vec<(String, i64)>,
    /// `beginning`, `main`, `ending` or `ended`.
    pub phase: String,
}

/// An error found during a replay (exit code 2): what, the fix, and the nodes involved.
#[derive(Debug, Clone)]
pub struct ReplayError {
    /// Stable code.
    pub code: &'static str,
    /// What went wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
    /// The nodes involved, with labels.
    pub locs: Vec<(Loc, String)>,
}

/// One replay under one edition.
#[derive(Debug, Clone)]
pub struct Trace {
    /// The edition.
    pub edition: EditionId,
    /// The steps.
    pub steps: Vec<Step>,
    /// The outcome (partial when `error` is set).
    pub outcome: Outcome,
    /// A replay-time error that stopped the replay.
    pub error: Option<ReplayError>,
}

impl Trace {
    /// Every citation made by a step or a note, without repeats, in first-use order.
    pub fn citations(&self) -> Vec<Cite> {
        let mut out: Vec<Cite> = Vec::new();
        // Seen, by the citation's place in `Cite::ALL`: a long replay makes millions of
        // citations of a few hundred rules.
        let mut seen = vec![false; Cite::ALL.len()];
        for s in &self.steps {
            for c in s
                .cites
                .iter()
                .chain(s.notes().iter().flat_map(|n| n.cites.iter()))
            {
                if !std::mem::replace(&mut seen[*c as usize], true) {
                    out.push(*c);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_holds_every_player_it_can_name_and_nobody() {
        assert_eq!(Seat::of(None).get(), None);
        for p in 0..Seat::MAX_PLAYERS {
            assert_eq!(Seat::of(Some(p)).get(), Some(p));
        }
        // One past the last it can name reads as nobody; the engine refuses such a file first.
        assert_eq!(Seat::of(Some(Seat::MAX_PLAYERS)).get(), None);
    }

    #[test]
    fn a_step_without_notes_changes_or_brief_is_small_and_keeps_its_values() {
        assert!(
            std::mem::size_of::<Step>() <= 64,
            "{}",
            std::mem::size_of::<Step>()
        );
        let mut st = Step::new(
            Some(1),
            Arc::from("Ben passes"),
            StepCites::new(),
            TurnState::NeutralClosed,
            (Some(0), None),
            7,
        );
        assert_eq!(
            (st.who(), st.priority(), st.focus(), st.chain_len()),
            (Some(1), Some(0), None, 7)
        );
        assert!(st.notes().is_empty() && st.changes().is_empty() && st.brief().is_none());
        st.set_brief("short".to_string());
        let mut log = vec![Change::Points {
            player: 1,
            points: 3,
        }];
        st.add_changes(&mut log);
        assert!(log.is_empty());
        assert_eq!(st.brief(), Some("short"));
        assert_eq!(st.changes().len(), 1);
        assert_eq!(st.take_brief().as_deref(), Some("short"));
        assert_eq!(st.brief(), None);
    }
}
