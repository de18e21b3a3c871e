//! What may happen next (`chainjudge next`, issue 21): the point of a replay where a player must
//! act, who that is, and each kind of action the rules allow them there, with its rules.
//!
//! The engine finds the point and the actions ([`crate::engine::next`]); this module holds what
//! it answers and puts the editions' answers together (one answer when they agree, one per
//! edition where they differ, as Focus can); `render::next` writes it as text or JSON.

use crate::edition::{Cite, EditionId};
use crate::situation::{Phase, PlayerId, Situation, TurnState};

/// What may happen next under one edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The editions this answer holds for (one, or both when they agree).
    pub editions: Vec<EditionId>,
    /// The step of the full trace this point follows (0: before the first step).
    pub after_step: usize,
    /// Why nothing may happen (the game is over, the replay stopped): `None` when a player acts.
    pub over: Option<String>,
    /// Whether the replay stopped on an error (the step limit) before reaching this point: the
    /// CLI then exits 2, as `replay` does.
    pub stopped_on_error: bool,
    /// Who must act: the holder of Priority, the player assigning combat damage, the player
    /// ordering triggers or choosing a combat.
    pub player: Option<PlayerId>,
    /// Who holds Priority.
    pub priority: Option<PlayerId>,
    /// Who holds Focus.
    pub focus: Option<PlayerId>,
    /// The turn state.
    pub state: TurnState,
    /// The phase.
    pub phase: Phase,
    /// The showdown or combat under way, in words ("a combat at battlefield-1: Ana attacks,
    /// Ben defends"), if any.
    pub showdown: Option<String>,
    /// What the player may do now, in the order the rules give them.
    pub may: Vec<May>,
    /// Kinds of action the player may not take now, with why.
    pub not_now: Vec<NotNow>,
}

/// The kind of an action a player may take: the `actions` key that writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionWord {
    /// Play a card or an item (`play`).
    Play,
    /// Activate an ability (a `play` of an ability item).
    Activate,
    /// A standard move (`move`).
    Move,
    /// Assign combat damage (`assign`).
    Assign,
    /// Pass Priority or Focus, or end the Main Phase (`pass`).
    Pass,
    /// End the turn (`end_turn`).
    EndTurn,
    /// Order simultaneous triggers (`order`).
    Order,
    /// Choose which staged combat or showdown begins (`begin`).
    Begin,
}

impl ActionWord {
    /// The word as the JSON and the text write it.
    pub fn word(self) -> &'static str {
        match self {
            Self::Play => "play",
            Self::Activate => "activate",
            Self::Move => "move",
            Self::Assign => "assign",
            Self::Pass => "pass",
            Self::EndTurn => "end_turn",
            Self::Order => "order",
            Self::Begin => "begin",
        }
    }
}

/// One legal kind of action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct May {
    /// Its kind.
    pub action: ActionWord,
    /// What it is and does, in words ("pass Priority: Ben receives it").
    pub what: String,
    /// Its details for the page's buttons (`timing`, `units`, `total`, `triggers`, ...): a JSON
    /// object, keys sorted.
    pub details: serde_json::Map<String, serde_json::Value>,
    /// The rules that allow it and say what it does.
    pub cites: Vec<Cite>,
    /// The `actions` line that takes it, as a file writes it (`- pass: Ben`; a play's card is
    /// a placeholder, `Card` or `Ability`, to rename and complete; a move takes its first unit
    /// to its first place; an assignment is the default one).
    pub write: String,
}

/// A kind of action not allowed now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotNow {
    /// Its kind.
    pub action: ActionWord,
    /// What it is ("a card with no timing keyword").
    pub what: String,
    /// For a play: the timing keyword refused (`none`, `action`).
    pub timing: Option<&'static str>,
    /// Why not, in words.
    pub why: String,
    /// The rule that forbids it.
    pub cites: Vec<Cite>,
}

impl May {
    /// An action with no details: what it is and does, the line that writes it, its rules.
    pub fn new(
        action: ActionWord,
        what: impl Into<String>,
        write: impl Into<String>,
        cites: &[Cite],
    ) -> Self {
        Self {
            action,
            what: what.into(),
            details: serde_json::Map::new(),
            cites: cites.to_vec(),
            write: write.into(),
        }
    }

    /// Adds a detail.
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        self.details.insert(key.to_string(), value.into());
        self
    }
}

/// Where `next` stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// At the first point where a player must act once the file's written actions are used up,
    /// before any pass the file does not write is made for them.
    Unwritten,
    /// At the first point where a player must act after this step of the full trace.
    After(usize),
}

/// A [`Stop::After`] past the full report's last step: there is no such step to stop after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchStep {
    /// The step asked for (1-based).
    pub asked: usize,
    /// How many steps the full report has (its last step's number; 0 when it has none).
    pub steps: usize,
    /// Whether the replay stopped on an error (the step limit) after those steps.
    pub stopped: bool,
}

impl std::fmt::Display for NoSuchStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = crate::engine::thousands(self.steps);
        let whole = if self.stopped {
            "the replay, stopped on an error,"
        } else {
            "the full replay"
        };
        write!(
            f,
            "there is no step {}: {whole} has {n} step",
            crate::engine::thousands(self.asked)
        )?;
        if self.steps != 1 {
            f.write_str("s")?;
        }
        if self.steps == 0 {
            f.write_str("; leave `--at` out")
        } else {
            write!(f, " (`chainjudge replay --steps all` numbers them); give `--at` 1 to {n}, or leave it out")
        }
    }
}

/// What may happen next in `s` under each edition it names: one answer when the editions agree
/// (their rule numbers may differ), else one per edition, July first.
///
/// Step numbers ([`Stop::After`], [`Answer::after_step`]) are those of the full report, where
/// the editions' steps are aligned ([`crate::compare::Row::n`]): under both editions a step
/// taken under one only still has its number.
///
/// # Errors
///
/// [`NoSuchStep`] when `stop` asks for a step past the full report's last.
pub fn answers(
    s: &Situation,
    stop: Stop,
    max_steps: Option<usize>,
) -> Result<Vec<Answer>, NoSuchStep> {
    let report = crate::replay_all(s, max_steps);
    if let Stop::After(asked) = stop {
        let steps = report.rows.last().map_or(0, |r| r.n);
        if asked > steps {
            let stopped = report.traces.iter().any(|t| t.error.is_some());
            return Err(NoSuchStep {
                asked,
                steps,
                stopped,
            });
        }
    }
    let mut out: Vec<Answer> = Vec::new();
    for (k, ed) in crate::editions_of(s).into_iter().enumerate() {
        // The asked row, as a count of this edition's own steps.
        let own = match stop {
            Stop::After(n) => Stop::After(
                report
                    .rows
                    .iter()
                    .take_while(|r| r.n <= n)
                    .filter(|r| r.steps.get(k).is_some())
                    .count(),
            ),
            Stop::Unwritten => Stop::Unwritten,
        };
        let mut a = crate::engine::next(s, ed, own, max_steps);
        // The halted replay is the full one cut short: its last step is a row of the report.
        if a.after_step > 0 {
            a.after_step = report
                .rows
                .iter()
                .find(|r| r.steps.get(k) == Some(a.after_step - 1))
                .map_or(a.after_step, |r| r.n);
        }
        match out.iter_mut().find(|o| same_but_editions(o, &a)) {
            Some(o) => o.editions.push(ed),
            None => out.push(a),
        }
    }
    Ok(out)
}

fn same_but_editions(a: &Answer, b: &Answer) -> bool {
    let strip = |x: &Answer| Answer {
        editions: Vec::new(),
        ..x.clone()
    };
    strip(a) == strip(b)
}
