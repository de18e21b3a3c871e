//! The HOT FEPR state machine (rule 334): Handle Outstanding Tasks, then Finalize (337),
//! Execute (338), Pass (339), Resolve (340), with the turn states and the timing filter
//! (308-310), Focus in showdowns (313, 345-348), and the effects and triggers of format 1.
//!
//! The engine emits symbolic citations ([`Cite`]); the edition data turns them into numbers.
//! It never looks at a card's name except to match `forbid_name`.
//!
//! This module holds the engine's state and its loop; each step of the loop lives in the module
//! named after its rules:
//!
//! | module | rules |
//! |---|---|
//! | `start` | where the replay starts (335, 337.4, 340.4) |
//! | `finalize` | Finalize (337) |
//! | `costs` | what finalizing settles: "you may", costs (383.3.a, 383.3.b, 204.2.a, 357.2) |
//! | `execute` | Execute and the timing filter (338, 308-310, 358) |
//! | `pass` | Pass (339, 347.2, 305) |
//! | `resolve` | Resolve (340) |
//! | `effects` | the effects an item executes (counter 425, kill 428, instructed plays 419.3, ...) |
//! | `triggers` | triggered abilities going on the Chain (383) |
//! | `events` | triggers on another unit's death, a stun, readying; "the Nth time" (383.1.b, 383.2.c) |
//! | `played` | "played" and Legion (350, 419.4.b, 812.1.c) |
//! | `showdown` | showdowns and Focus (341-348) |
//! | `finish` | the end of the replay and the step limit |
//!
//! Outstanding tasks: in format 1 no board state changes, so every cleanup (319-323) changes
//! nothing and is not shown; the loop still runs in the rules' order (a cleanup never happens
//! during a resolution, 321, and nothing is finalized or resolved during one, 320), so the board
//! issue can make cleanups real at the marked points without reshaping the loop.

mod board;
mod cleanup;
mod combat;
mod costs;
mod death;
mod effects;
mod events;
mod execute;
mod finalize;
mod finish;
mod hidden;
mod moves;
mod next;
mod pass;
mod phases;
mod played;
pub(crate) use effects::{join_and, join_or};
pub use next::next;
pub(crate) use played::thousands;
mod resolve;
mod scoring;
mod showdown;
mod start;
mod triggers;

use crate::edition::{Cite, EditionId};
use crate::situation::*;
use crate::trace::{self, LegionVerdict, Note, Outcome, ReplayError, Step, Trace};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Replays `s` under `edition`.
///
/// `max_steps` overrides the default step limit of 20 × (chain items + actions) + 1,000.
/// The returned trace holds a [`ReplayError`] when the replay stopped early (a missing `order`,
/// the step limit); its steps are those made up to that point.
pub fn replay(s: &Situation, edition: EditionId, max_steps: Option<usize>) -> Trace {
    let mut e = Engine::new(s, edition, max_steps);
    let error = e.run().err();
    e.finish(error.is_some());
    Trace {
        edition,
        steps: e.steps,
        outcome: e.out,
        error,
    }
}

/// The default step limit for a situation.
pub fn default_step_limit(s: &Situation) -> usize {
    20 * (s.chain.len() + s.actions.len()) + 1000
}

/// The room the step list is given at the start: enough for the steps a Chain item or an
/// action usually takes (four to six), so a long replay never copies its steps into a list
/// twice the size as it grows (a copy that, at 100,000 items, held both lists at once). Room
/// never written to costs no memory the system counts.
fn expected_steps(s: &Situation) -> usize {
    (8 * (s.chain.len() + s.actions.len() + s.board.len()) + 64).min(default_step_limit(s))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    File,
    Played,
    Instructed,
    Trigger,
}

#[derive(Debug, Clone)]
struct Inst<'s> {
    /// Its id: the item's own, borrowed from the situation, for its first instance; `id#2`,
    /// `id#3`, ... for later ones.
    iid: Cow<'s, str>,
    spec: &'s ItemSpec,
    controller: PlayerId,
    status: Status,
    origin: Origin,
    legion_at_finalize: Option<bool>,
    fate: Option<&'static str>,
    /// The permanent whose trigger made it, if any.
    source: Option<usize>,
    /// Its source is an uncontrolled battlefield: "you" is no one (190.6.d).
    no_controller: bool,
    /// The unit its trigger's event was about (`that_unit` in its effects).
    about: Option<usize>,
    /// A unit a card played from facedown made its controller play: the battlefield where
    /// that card was hidden, where it is played (811.1.d.3).
    hidden_at: Option<usize>,
}

/// The instances that share an id, oldest first: nearly always one, held without a list.
#[derive(Debug, Clone)]
enum InstIds {
    One(usize),
    Many(Vec<usize>),
}

impl InstIds {
    fn push(&mut self, idx: usize) {
        match self {
            Self::One(first) => *self = Self::Many(vec![*first, idx]),
            Self::Many(v) => v.push(idx),
        }
    }

    fn as_slice(&self) -> &[usize] {
        match self {
            Self::One(idx) => std::slice::from_ref(idx),
            Self::Many(v) => v,
        }
    }
}

/// The Chain: instance indexes, oldest first, and which instances are on it (so "is it on
/// the Chain" is one lookup however long the Chain). Read it as a slice; change it only through
/// these methods, which keep both in step.
#[derive(Debug, Default)]
struct ChainItems {
    items: Vec<usize>,
    on: Vec<bool>,
}

impl ChainItems {
    fn mark(&mut self, i: usize, on: bool) {
        if self.on.len() <= i {
            self.on.resize(i + 1, false);
        }
        self.on[i] = on;
    }

    /// Whether instance `i` is on the Chain.
    fn holds(&self, i: usize) -> bool {
        self.on.get(i).copied().unwrap_or(false)
    }

    fn push(&mut self, i: usize) {
        self.mark(i, true);
        self.items.push(i);
    }

    fn extend(&mut self, items: &[usize]) {
        for &i in items {
            self.push(i);
        }
    }

    /// Removes the item at chain position `pos`.
    fn remove(&mut self, pos: usize) -> usize {
        let i = self.items.remove(pos);
        self.mark(i, false);
        i
    }

    fn retain(&mut self, keep: impl Fn(&usize) -> bool) {
        let mut gone = Vec::new();
        self.items.retain(|i| {
            let k = keep(i);
            if !k {
                gone.push(*i);
            }
            k
        });
        for i in gone {
            self.mark(i, false);
        }
    }
}

impl std::ops::Deref for ChainItems {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.items
    }
}

#[derive(Debug, Clone)]
struct PlayedCard<'s> {
    /// Its id: borrowed from the situation for an item's first instance.
    id: Option<Cow<'s, str>>,
    name: Option<&'s str>,
    kind: Option<ItemKind>,
    /// A token: played, but not a card (185, 350.2).
    token: bool,
}

#[derive(Debug, Clone, Copy)]
struct ShowdownRt {
    combat: bool,
    /// Where (board files).
    bf: Option<usize>,
}

/// What the loop does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Finalize (337).
    Finalize,
    /// Execute (338) by this player.
    Execute(PlayerId),
    /// Resolve (340) this item; `true`: as it is finalized (337.2).
    Resolve(usize, bool),
    /// Nothing on the Chain, nothing pending (335): who acts, or what task comes next.
    Idle,
    /// The Combat Showdown Step's tasks b-g, after the cleanup that began the combat (464.2.a).
    CombatTasks,
    /// The Combat Damage Step (465).
    CombatDamage,
    /// The next task of the Resolution Step (466).
    Resolution(u8),
    /// The next step of the Beginning or Ending Phase (315, 317).
    Phase(phases::PhaseStep),
    /// The replay is over.
    End,
}

/// A trigger waiting to go on the Chain: its template and controller.
struct Fired<'s> {
    trigger: &'s Trigger,
    controller: PlayerId,
    /// The permanent that carries it (board triggers).
    source: Option<usize>,
    /// Its carrier is an uncontrolled battlefield (190.6.b, 190.6.d).
    no_controller: bool,
    /// The unit its event was about, which its item's effects name as `that_unit`.
    about: Option<usize>,
}

impl<'s> Fired<'s> {
    /// A trigger of a Chain Item or of an object without a board permanent.
    fn new(trigger: &'s Trigger, controller: PlayerId) -> Self {
        Self {
            trigger,
            controller,
            source: None,
            no_controller: false,
            about: None,
        }
    }
}

struct Engine<'s> {
    s: &'s Situation,
    edition: EditionId,
    inst: Vec<Inst<'s>>,
    /// The instances with each id, oldest first (ids are looked up on every effect).
    inst_by_id: foldhash::HashMap<Cow<'s, str>, InstIds>,
    chain: ChainItems,
    chain_exists: bool,
    opened_by_trigger: bool,
    opened_by_add: bool,
    board: board::Board<'s>,
    played: Vec<played::Played<'s>>,
    forbidden: Vec<(PlayerId, String, String)>,
    instances: BTreeMap<&'s str, u32>,
    used: Vec<bool>,
    priority: Option<PlayerId>,
    focus: Option<PlayerId>,
    showdown: Option<ShowdownRt>,
    passed: BTreeSet<PlayerId>,
    focus_passed: BTreeSet<PlayerId>,
    add_holder: Option<(usize, PlayerId)>,
    extra_turns: Vec<PlayerId>,
    steps: Vec<Step>,
    /// Every distinct step text so far, each held once ([`Step::what`]).
    texts: hashbrown::HashSet<Arc<str>, foldhash::fast::RandomState>,
    /// The texts of passes made so far, by what was passed, passer, receiver and reason
    /// ([`Engine::pass_text`]).
    pass_texts: Vec<(pass::PassKey, Arc<str>)>,
    out: Outcome,
    max_steps: usize,
    pending_note: bool,
    next: Next,
    action_cursor: std::cell::Cell<usize>,
    /// A board file: cleanups, the board and the phases are replayed.
    board_on: bool,
    /// An outstanding cleanup, with the event that called it (319).
    cleanup_due: Option<Cite>,
    /// It was called during a resolution and waited (321.1).
    cleanup_deferred: bool,
    /// An item is resolving (no cleanup may run, 321).
    resolving: bool,
    /// The combat under way.
    combat: Option<combat::CombatRt>,
    /// Points, by player (194).
    points: Vec<i64>,
    /// Cards drawn instead of the final point, by player (471.1.b.1).
    draws: Vec<i64>,
    /// The phase now.
    phase: Phase,
    /// The game was won (323.1).
    winner: Option<PlayerId>,
    /// Something was finalized or resolved since this Expiration Step pass began (317.2.f).
    fepr_since_expiration: bool,
    /// The turn ended (317.3).
    turn_ended: bool,
    /// The score at which a tie at or above the victory score was last shown (194.2.b).
    tie_shown: Option<i64>,
    /// Readings already named once in this replay (a reading is noted at its first step only).
    readings_noted: Vec<&'static str>,
    /// The step of the Beginning or Ending Phase under way (board files).
    phase_at: phases::PhaseStep,
    /// The combats that began (or were under way at the start), with their results.
    combats: Vec<(usize, trace::CombatResult)>,
    /// The Conquers and Holds, in order.
    scores: Vec<(scoring::ScoreKind, trace::Scored)>,
    /// Where `next` stops the replay (`None`: a whole replay).
    halt: Option<crate::next::Stop>,
    /// The point where a player must act that the replay stopped at (`next`).
    decision: Option<next::Decision>,
    /// How often each `nth` trigger's condition has been met this turn (383.1.b).
    nth_seen: events::NthSeen,
}

type Res<T = ()> = Result<T, ReplayError>;

impl<'s> Engine<'s> {
    fn new(s: &'s Situation, edition: EditionId, max_steps: Option<usize>) -> Self {
        Self {
            s,
            edition,
            // Room for an instance of every item in the file from the start: the list is not
            // copied as it grows (at 100,000 items, 15 MB copied and held twice).
            inst: Vec::with_capacity(s.chain.len() + s.actions.len()),
            inst_by_id: foldhash::HashMap::with_capacity_and_hasher(
                s.chain.len() + s.actions.len(),
                Default::default(),
            ),
            chain: ChainItems::default(),
            chain_exists: false,
            opened_by_trigger: false,
            opened_by_add: false,
            board: board::Board::new(s.players.len()),
            played: played::Played::for_players(s),
            forbidden: Vec::new(),
            instances: BTreeMap::new(),
            used: vec![false; s.actions.len()],
            priority: None,
            focus: None,
            showdown: None,
            passed: BTreeSet::new(),
            focus_passed: BTreeSet::new(),
            add_holder: None,
            extra_turns: Vec::new(),
            steps: Vec::with_capacity(expected_steps(s)),
            // A step text or two for each item and action is usual: room for them from the
            // start, so the set is not rebuilt as it grows.
            texts: hashbrown::HashSet::with_capacity_and_hasher(
                expected_steps(s) / 4,
                Default::default(),
            ),
            pass_texts: Vec::new(),
            out: Outcome::default(),
            max_steps: max_steps.unwrap_or_else(|| default_step_limit(s)),
            pending_note: false,
            next: Next::End,
            action_cursor: std::cell::Cell::new(0),
            board_on: s.board_model.is_some(),
            cleanup_due: None,
            cleanup_deferred: false,
            resolving: false,
            combat: None,
            points: s.points.clone(),
            draws: vec![0; s.players.len()],
            phase: s.phase,
            winner: None,
            fepr_since_expiration: false,
            turn_ended: false,
            readings_noted: Vec::new(),
            tie_shown: None,
            phase_at: phases::PhaseStep::BeginningStart,
            combats: Vec::new(),
            scores: Vec::new(),
            halt: None,
            decision: None,
            nth_seen: events::NthSeen::default(),
        }
    }

    fn name(&self, p: PlayerId) -> &'s str {
        &self.s.players[p]
    }

    fn state(&self) -> TurnState {
        TurnState::of(self.showdown.is_some(), !self.chain.is_empty())
    }

    /// Records a step with the state as it is now.
    fn step(
        &mut self,
        who: Option<PlayerId>,
        what: impl Into<String>,
        cites: &[Cite],
        notes: Vec<Note>,
    ) {
        let what = self.text(what.into());
        self.shared_step(who, what, cites, notes);
    }

    /// [`Engine::step`] for a text that names an item instance ("s12, the newest item,
    /// resolves"): such a text is seldom said twice, so it is kept as it is rather than looked
    /// up among the shared texts (a long Chain has hundreds of thousands of them).
    fn instance_step(
        &mut self,
        who: Option<PlayerId>,
        what: String,
        cites: &[Cite],
        notes: Vec<Note>,
    ) {
        self.shared_step(who, Arc::from(what), cites, notes);
    }

    /// [`Engine::step`] with a text shared already.
    fn shared_step(
        &mut self,
        who: Option<PlayerId>,
        what: Arc<str>,
        cites: &[Cite],
        notes: Vec<Note>,
    ) {
        let mut st = Step::new(
            who,
            what,
            trace::StepCites::from_slice(cites),
            self.state(),
            (self.priority, self.focus),
            self.chain.len(),
        );
        if !notes.is_empty() {
            *st.notes_mut() = notes;
        }
        st.add_changes(&mut self.board.log);
        self.steps.push(st);
    }

    /// `text` as a shared step text: the copy held already when another step says the same.
    fn text(&mut self, text: String) -> Arc<str> {
        // One hash and one probe, whether the text is new or held already.
        Arc::clone(
            self.texts
                .get_or_insert_with(text.as_str(), |t: &str| Arc::from(t)),
        )
    }

    /// Gives the last step its short telling for the compact view ([`Step::brief`]).
    fn brief(&mut self, text: impl Into<String>) {
        if let Some(st) = self.steps.last_mut() {
            st.set_brief(text.into());
        }
    }

    fn new_inst(
        &mut self,
        spec: &'s ItemSpec,
        iid: Cow<'s, str>,
        controller: PlayerId,
        status: Status,
        origin: Origin,
    ) -> usize {
        let idx = self.inst.len();
        match self.inst_by_id.get_mut(iid.as_ref()) {
            Some(ids) => ids.push(idx),
            None => {
                self.inst_by_id.insert(iid.clone(), InstIds::One(idx));
            }
        }
        self.inst.push(Inst {
            iid,
            spec,
            controller,
            status,
            origin,
            legion_at_finalize: None,
            fate: None,
            source: None,
            no_controller: false,
            about: None,
            hidden_at: None,
        });
        self.inst.len() - 1
    }

    /// The id of the next instance of a template: its id the first time, then id#2, id#3, ...
    fn instance_id(&mut self, template: &'s str) -> Cow<'s, str> {
        let n = self.instances.entry(template).or_insert(0);
        *n += 1;
        if *n == 1 {
            Cow::Borrowed(template)
        } else {
            Cow::Owned(format!("{template}#{n}"))
        }
    }

    fn run(&mut self) -> Res {
        // A step names players in a byte ([`trace::Seat`]); format 1 takes 2 to 4, and the
        // loader refuses more, so only a situation built by hand can reach this.
        if self.s.players.len() > trace::Seat::MAX_PLAYERS {
            return Err(ReplayError {
                code: "too_many_players",
                message: format!(
                    "the situation has {} players; a replay names at most {}",
                    self.s.players.len(),
                    trace::Seat::MAX_PLAYERS
                ),
                help: "format 1 takes 2 to 4 players: list at most 4 under `players`".to_string(),
                locs: Vec::new(),
            });
        }
        self.start();
        loop {
            if self.steps.len() > self.max_steps {
                return Err(self.step_limit_error());
            }
            // Handle Outstanding Tasks (334): a cleanup called since the last step runs first
            // (board files only: in format 1 a cleanup changes nothing and is not shown).
            if self.cleanup_due.is_some() && self.next != Next::End {
                self.cleanups()?;
                continue;
            }
            match self.next {
                Next::Finalize => self.finalize()?,
                Next::Execute(p) => self.execute(p)?,
                Next::Resolve(i, immediate) => self.resolve(i, immediate)?,
                Next::Idle => self.idle()?,
                Next::CombatTasks => self.combat_tasks()?,
                Next::CombatDamage => self.combat_damage()?,
                Next::Resolution(task) => self.resolution(task)?,
                Next::Phase(step) => self.phase_step(step)?,
                Next::End => return Ok(()),
            }
        }
    }

    fn end(&mut self, reason: impl Into<String>) {
        self.out.ended = reason.into();
        self.next = Next::End;
    }

    /// Board changes made after the last step was shown belong to it (a death action shows its
    /// step before the cards move).
    fn changes_to_last_step(&mut self) {
        if let Some(last) = self.steps.last_mut() {
            last.add_changes(&mut self.board.log);
        }
    }

    /// `note` the first time reading `id` applies in this replay, nothing after that.
    fn reading_once(&mut self, id: &'static str, note: Note) -> Vec<Note> {
        if self.readings_noted.contains(&id) {
            return Vec::new();
        }
        self.readings_noted.push(id);
        vec![note]
    }

    /// `p` gains a point (194.1.c, 471.1).
    fn add_point(&mut self, p: PlayerId) {
        self.points[p] += 1;
        self.board.log.push(trace::Change::Points {
            player: p,
            points: self.points[p],
        });
    }

    /// Calls a cleanup for an event of 319 (board files only); during a resolution it waits
    /// until the Resolve step is complete (321.1).
    fn outstanding(&mut self, cause: Cite) {
        if !self.board_on {
            return;
        }
        if self.cleanup_due.is_none() {
            self.cleanup_due = Some(cause);
            self.cleanup_deferred = self.resolving;
        }
    }

    /// No Chain and nothing pending (335, 335.1): in a combat's Damage or Resolution Step the
    /// next combat task; in a showdown the Focus holder receives Priority; in the Main Phase the
    /// Turn Player; in a board file's Beginning or Ending Phase the next step of the phase.
    fn idle(&mut self) -> Res {
        if let Some(task) = self.combat.as_ref().and_then(combat::CombatRt::resumes) {
            self.next = task;
            return Ok(());
        }
        if self.board_on && self.phase != Phase::Main {
            self.next = Next::Phase(self.phase_after_chain());
            return Ok(());
        }
        if self.showdown.is_some() {
            let p = self.focus.unwrap_or(self.s.turn);
            self.focus = Some(p);
            self.priority = Some(p);
            self.step(
                Some(p),
                format!(
                    "No Chain: {} holds Focus and receives Priority",
                    self.name(p)
                ),
                &[Cite::IdleShowdown],
                Vec::new(),
            );
            self.next = Next::Execute(p);
        } else if self.phase == Phase::Main {
            let p = self.s.turn;
            self.priority = Some(p);
            self.step(
                Some(p),
                format!("No Chain: {} (Turn Player) receives Priority", self.name(p)),
                &[Cite::IdleNeutral],
                Vec::new(),
            );
            self.next = Next::Execute(p);
        } else {
            self.priority = None;
            self.step(
                None,
                "No Chain outside the Main Phase: nobody receives Priority; the game moves on",
                &[Cite::IdleNeutral],
                Vec::new(),
            );
            self.end("outside the Main Phase nobody receives Priority once the Chain is empty");
        }
        Ok(())
    }

    /// The first unused action that is not an `order`. Actions are used in order (only `order`
    /// actions are used out of turn), so the search starts where the last one ended.
    fn next_action(&self) -> Option<usize> {
        let actions = &self.s.actions;
        let mut k = self.action_cursor.get();
        while k < actions.len()
            && (self.used[k]
                || matches!(
                    actions[k].kind,
                    ActionKind::Order(_) | ActionKind::Assign { .. } | ActionKind::Begin(_)
                ))
        {
            k += 1;
        }
        self.action_cursor.set(k);
        (k < actions.len()).then_some(k)
    }

    /// Whether any item on the Chain is pending. Pending items always form the newest end of
    /// the Chain (finalizing goes oldest first, and everything added is pending).
    fn has_pending(&self) -> bool {
        self.chain
            .last()
            .is_some_and(|&i| self.inst[i].status == Status::Pending)
    }

    /// The position of the oldest pending item on the Chain.
    fn oldest_pending(&self) -> Option<usize> {
        let p = self
            .chain
            .partition_point(|&i| self.inst[i].status == Status::Finalized);
        (p < self.chain.len()).then_some(p)
    }

    /// The instance with id `iid` on the Chain (the oldest on it when several share the id).
    fn on_chain(&self, iid: &str) -> Option<usize> {
        let candidates = self.inst_by_id.get(iid)?.as_slice();
        match candidates {
            [only] => self.chain.holds(*only).then_some(*only),
            _ => {
                // Several instances share the id (a card played again): the one on the Chain,
                // or the oldest of them there when more than one is.
                let mut held = candidates.iter().copied().filter(|&c| self.chain.holds(c));
                let first = held.next()?;
                if held.next().is_none() {
                    return Some(first);
                }
                self.chain.iter().copied().find(|i| candidates.contains(i))
            }
        }
    }

    fn on_board(&self, id: &str) -> Option<usize> {
        self.board.on_board(id)
    }

    /// Puts new items on the Chain; anything added breaks a run of passes (339.1).
    fn add_to_chain(&mut self, items: &[usize], by_trigger_or_add: bool) {
        self.outstanding(if self.chain.is_empty() {
            Cite::CleanupOpenClosed
        } else {
            Cite::CleanupPendingAdded
        });
        if !self.chain_exists {
            self.chain_exists = true;
            self.opened_by_trigger = by_trigger_or_add;
            self.opened_by_add = items.first().is_some_and(|&i| self.inst[i].spec.adds);
        }
        self.chain.extend(items);
        self.passed.clear();
        self.focus_passed.clear();
    }
}
