//! The HOT FEPR state machine (rule 334): Handle Outstanding Tasks, then Finalize (337),
//! Execute (338), Pass (339), Resolve (340), with the turn states and the timing filter
//! (308-310), Focus in showdowns (313, 345-348), and the effects and triggers of format 1.
//!
//! The engine emits symbolic citations ([`Cite`]); the edition data turns them into numbers.
//! It never looks at a card's name except to match `forbid_name`.
//!
//! Outstanding tasks: in format 1 no board state changes, so every cleanup (319-323) changes
//! nothing and is not shown; the loop still runs in the rules' order (a cleanup never happens
//! during a resolution, 321, and nothing is finalized or resolved during one, 320), so the board
//! issue can make cleanups real at the marked points without reshaping the loop.

use crate::edition::{Cite, EditionId};
use crate::situation::*;
use crate::trace::{LegionVerdict, Note, Outcome, ReplayError, Step, Trace};
use std::collections::{BTreeMap, BTreeSet};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    File,
    Played,
    Instructed,
    Trigger,
}

#[derive(Debug, Clone)]
struct Inst<'s> {
    iid: String,
    spec: &'s ItemSpec,
    controller: PlayerId,
    status: Status,
    origin: Origin,
    legion_at_finalize: Option<bool>,
    fate: Option<&'static str>,
}

#[derive(Debug, Clone)]
struct BoardObj<'s> {
    id: String,
    controller: PlayerId,
    unit: bool,
    triggers: &'s [Trigger],
}

#[derive(Debug, Clone)]
struct PlayedCard {
    id: Option<String>,
    name: Option<String>,
    kind: Option<ItemKind>,
}

#[derive(Debug, Clone, Copy)]
struct ShowdownRt {
    combat: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    Finalize,
    Execute(PlayerId),
    Resolve(usize, bool),
    Idle,
    End,
}

/// A trigger waiting to go on the Chain: its template and controller.
struct Fired<'s> {
    trigger: &'s Trigger,
    controller: PlayerId,
}

struct Engine<'s> {
    s: &'s Situation,
    edition: EditionId,
    inst: Vec<Inst<'s>>,
    chain: Vec<usize>,
    chain_exists: bool,
    opened_by_trigger: bool,
    opened_by_add: bool,
    board: Vec<BoardObj<'s>>,
    played: Vec<Vec<PlayedCard>>,
    forbidden: Vec<(PlayerId, String, String)>,
    instances: BTreeMap<String, u32>,
    used: Vec<bool>,
    priority: Option<PlayerId>,
    focus: Option<PlayerId>,
    showdown: Option<ShowdownRt>,
    passed: BTreeSet<PlayerId>,
    focus_passed: BTreeSet<PlayerId>,
    add_holder: Option<(usize, PlayerId)>,
    extra_turns: Vec<PlayerId>,
    steps: Vec<Step>,
    out: Outcome,
    max_steps: usize,
    pending_note: bool,
    next: Next,
    action_cursor: std::cell::Cell<usize>,
}

type Res<T = ()> = Result<T, ReplayError>;

impl<'s> Engine<'s> {
    fn new(s: &'s Situation, edition: EditionId, max_steps: Option<usize>) -> Self {
        Self {
            s,
            edition,
            inst: Vec::new(),
            chain: Vec::new(),
            chain_exists: false,
            opened_by_trigger: false,
            opened_by_add: false,
            board: Vec::new(),
            played: vec![Vec::new(); s.players.len()],
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
            steps: Vec::new(),
            out: Outcome::default(),
            max_steps: max_steps.unwrap_or_else(|| default_step_limit(s)),
            pending_note: false,
            next: Next::End,
            action_cursor: std::cell::Cell::new(0),
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
        let chain_len = self.chain.len();
        self.steps.push(Step {
            who,
            what: what.into(),
            cites: cites.to_vec(),
            notes,
            state: self.state(),
            priority: self.priority,
            focus: self.focus,
            chain_len,
        });
    }

    // ---- start -------------------------------------------------------------------------

    fn start(&mut self) {
        let s = self.s;
        for (p, entries) in s.played_this_turn.iter().enumerate() {
            for e in entries {
                self.played[p].push(PlayedCard {
                    id: None,
                    name: Some(e.name.clone()),
                    kind: e.kind,
                });
            }
        }
        for b in &s.board {
            self.board.push(BoardObj {
                id: b.id.clone(),
                controller: b.controller,
                unit: b.kind == BoardKind::Unit,
                triggers: &b.triggers,
            });
        }
        for spec in &s.chain {
            let controller = spec.controller.unwrap_or(s.turn);
            let idx = self.new_inst(spec, spec.id.clone(), controller, spec.status, Origin::File);
            self.chain.push(idx);
            if spec.status == Status::Finalized {
                // Items finalized before the file starts: Legion judged from older items and
                // played_this_turn; spells count as played from here on (419.4.b).
                if spec.legion {
                    let active = self.legion_active(idx);
                    self.inst[idx].legion_at_finalize = Some(active);
                    self.out.legion.push(LegionVerdict {
                        id: spec.id.clone(),
                        finalized: active,
                        resolved: None,
                    });
                }
                if spec.kind.is_card() {
                    self.played[controller].push(PlayedCard {
                        id: Some(spec.id.clone()),
                        name: None,
                        kind: Some(spec.kind),
                    });
                }
            }
        }
        self.chain_exists = !self.chain.is_empty();
        self.opened_by_add = s.chain.first().is_some_and(|i| i.adds);
        if let Some(sd) = &s.showdown {
            self.showdown = Some(ShowdownRt { combat: sd.combat });
            self.focus = Some(sd.focus);
            self.opened_by_trigger = sd.opened_by_trigger.unwrap_or_else(|| {
                s.chain
                    .first()
                    .is_some_and(|i| i.kind == ItemKind::Triggered || i.adds)
            });
        } else {
            self.opened_by_trigger = s
                .chain
                .first()
                .is_some_and(|i| i.kind == ItemKind::Triggered || i.adds);
        }
        if self.has_pending() {
            self.pending_note = true;
            self.next = Next::Finalize;
        } else if let Some(&newest) = self.chain.last() {
            let newest_controller = self.inst[newest].controller;
            let p = s.priority.unwrap_or(newest_controller);
            self.priority = Some(p);
            self.passed = match &s.passed {
                Some(list) => list.iter().copied().collect(),
                None => {
                    let mut set = BTreeSet::new();
                    let mut q = newest_controller;
                    while q != p {
                        set.insert(q);
                        q = s.next_player(q);
                    }
                    set
                }
            };
            let passed: Vec<&str> = self.passed.iter().map(|&q| self.name(q)).collect();
            let passed = if passed.is_empty() {
                String::new()
            } else {
                let how = if s.passed.is_some() {
                    "as the file says"
                } else {
                    "derived"
                };
                format!("; already passed in a row: {} ({how})", passed.join(", "))
            };
            let (what, cites): (String, &[Cite]) = if s.priority.is_some() {
                (
                    format!("{} holds Priority, as the file says{passed}", self.name(p)),
                    &[],
                )
            } else {
                (
                    format!(
                        "{} holds Priority: controller of the newest item, {}{passed}",
                        self.name(p),
                        self.inst[newest].iid
                    ),
                    &[Cite::PriorityAfterFinalize, Cite::PriorityAfterResolve],
                )
            };
            self.step(Some(p), what, cites, Vec::new());
            self.next = Next::Execute(p);
        } else {
            if self.showdown.is_some() {
                if let Some(list) = &s.passed {
                    self.focus_passed = list.iter().copied().collect();
                }
            }
            self.next = Next::Idle;
        }
    }

    fn new_inst(
        &mut self,
        spec: &'s ItemSpec,
        iid: String,
        controller: PlayerId,
        status: Status,
        origin: Origin,
    ) -> usize {
        self.inst.push(Inst {
            iid,
            spec,
            controller,
            status,
            origin,
            legion_at_finalize: None,
            fate: None,
        });
        self.inst.len() - 1
    }

    /// The id of the next instance of a template: its id the first time, then id#2, id#3, ...
    fn instance_id(&mut self, template: &str) -> String {
        let n = self.instances.entry(template.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 {
            template.to_string()
        } else {
            format!("{template}#{n}")
        }
    }

    // ---- the loop ----------------------------------------------------------------------

    fn run(&mut self) -> Res {
        self.start();
        loop {
            if self.steps.len() > self.max_steps {
                return Err(self.step_limit_error());
            }
            // Handle Outstanding Tasks (334): in format 1 every cleanup changes nothing, so there
            // is nothing to do or show here; the board issue adds cleanups at this point.
            match self.next {
                Next::Finalize => self.finalize()?,
                Next::Execute(p) => self.execute(p),
                Next::Resolve(i, immediate) => self.resolve(i, immediate)?,
                Next::Idle => self.idle(),
                Next::End => return Ok(()),
            }
        }
    }

    fn end(&mut self, reason: impl Into<String>) {
        self.out.ended = reason.into();
        self.next = Next::End;
    }

    /// No Chain and nothing pending (335, 335.1).
    fn idle(&mut self) {
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
        } else if self.s.phase == Phase::Main {
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
    }

    /// The first unused action that is not an `order`. Actions are used in order (only `order`
    /// actions are used out of turn), so the search starts where the last one ended.
    fn next_action(&self) -> Option<usize> {
        let actions = &self.s.actions;
        let mut k = self.action_cursor.get();
        while k < actions.len() && (self.used[k] || matches!(actions[k].kind, ActionKind::Order(_)))
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

    /// Execute (338): the Priority holder takes their next action or passes.
    fn execute(&mut self, p: PlayerId) {
        let next = self.next_action();
        if let Some(i) = next {
            if self.s.actions[i].actor() == Some(p) {
                self.used[i] = true;
                match &self.s.actions[i].kind {
                    ActionKind::Play(spec) => self.play(p, spec),
                    ActionKind::Pass(_) => self.pass(p, None),
                    ActionKind::Order(_) => {}
                }
                return;
            }
        }
        let why = match next.and_then(|i| self.s.actions[i].actor()) {
            Some(q) => format!("the next action is {}'s", self.name(q)),
            None => "no actions are left".to_string(),
        };
        if !self.chain.is_empty() {
            self.pass(p, Some(why));
        } else if self.showdown.is_some() {
            if next.is_some() {
                self.pass(p, Some(why));
            } else {
                self.end(format!(
                    "{} holds Focus and no actions are left",
                    self.name(p)
                ));
            }
        } else if next.is_some() {
            self.end(format!(
                "{why}, and in a Neutral Open State only the Turn Player ({}) acts",
                self.name(self.s.turn)
            ));
        } else {
            self.end(format!(
                "{} holds Priority and no actions are left",
                self.name(p)
            ));
        }
    }

    /// Whether `spec` may be played by `p` now (the timing filter, 308-310, 806, 811, 813):
    /// `Ok(permission)` or `Err(refusing rule)`.
    fn timing(&self, p: PlayerId, spec: &ItemSpec) -> Result<Cite, Cite> {
        let closed = !self.chain.is_empty();
        let showdown = self.showdown.is_some();
        if spec.from == FromZone::Hidden {
            return Ok(Cite::HiddenKeyword);
        }
        match spec.keyword {
            Some(Keyword::Reaction) => Ok(Cite::ReactionKeyword),
            Some(Keyword::Action) if closed => Err(Cite::ClosedTiming),
            Some(Keyword::Action) => Ok(Cite::ActionKeyword),
            None if closed => Err(Cite::ClosedTiming),
            None if showdown => Err(Cite::ShowdownTiming),
            None => {
                let rule = if spec.kind == ItemKind::Activated {
                    Cite::ActivatedDefaultTiming
                } else {
                    Cite::DefaultTiming
                };
                if p == self.s.turn {
                    Ok(rule)
                } else {
                    Err(rule)
                }
            }
        }
    }

    fn on_chain(&self, iid: &str) -> Option<usize> {
        self.chain
            .iter()
            .copied()
            .find(|&i| self.inst[i].iid == iid)
    }

    fn on_board(&self, id: &str) -> Option<usize> {
        self.board.iter().position(|b| b.id == id)
    }

    /// The first chosen id that is not there (a chain item not on the Chain, a board object not
    /// on the board), for 358.1.
    fn missing_target(&self, spec: &ItemSpec, me: Option<usize>) -> Option<String> {
        let own = me.map_or(spec.id.as_str(), |i| self.inst[i].iid.as_str());
        spec.chosen_ids().into_iter().find_map(|id| {
            let present = id == own
                || self.s.players.iter().any(|p| p == id)
                || self.on_chain(id).is_some_and(|i| Some(i) != me)
                || self.on_board(id).is_some();
            (!present).then(|| id.to_string())
        })
    }

    fn forbidder(&self, p: PlayerId, spec: &ItemSpec) -> Option<String> {
        if spec.kind != ItemKind::Spell {
            return None;
        }
        let name = spec.name.trim();
        self.forbidden
            .iter()
            .find(|(by, n, _)| *by != p && n == name)
            .map(|(_, _, source)| source.clone())
    }

    fn refuse(&mut self, p: PlayerId, spec: &ItemSpec, reason: String, cites: &[Cite]) {
        self.out.refused.push((spec.id.clone(), reason.clone()));
        self.step(
            Some(p),
            format!(
                "{} tries to play {}: refused, {reason}; the play is undone and {} keeps Priority",
                self.name(p),
                spec.id,
                self.name(p)
            ),
            cites,
            Vec::new(),
        );
        self.next = Next::Execute(p);
    }

    /// A `play` action (338.1.a), checked when it is made (358): timing, forbidden name, targets.
    fn play(&mut self, p: PlayerId, spec: &'s ItemSpec) {
        let state = self.state();
        match self.timing(p, spec) {
            Err(rule) => {
                let why = match rule {
                    Cite::ClosedTiming => format!("only Reaction items may be played in a {} State", state.title()),
                    Cite::ShowdownTiming => "only Action or Reaction items may be played in a Showdown Open State".to_string(),
                    _ => "without a timing keyword it may only be played on its controller's own turn".to_string(),
                };
                self.refuse(p, spec, why, &[Cite::TimingCheck, Cite::UndoIllegal, rule]);
            }
            Ok(permission) => {
                if let Some(source) = self.forbidder(p, spec) {
                    let why = format!("its name was forbidden by {source}");
                    self.refuse(p, spec, why, &[Cite::UndoIllegal]);
                } else if let Some(t) = self.missing_target(spec, None) {
                    let why = format!("its target {t} is not there");
                    self.refuse(p, spec, why, &[Cite::TargetLegality, Cite::UndoIllegal]);
                } else {
                    let idx =
                        self.new_inst(spec, spec.id.clone(), p, Status::Pending, Origin::Played);
                    self.add_to_chain(&[idx], spec.adds);
                    self.add_holder = spec.adds.then_some((idx, p));
                    let how = match permission {
                        Cite::ReactionKeyword => " (Reaction timing)",
                        Cite::ActionKeyword => " (Action timing)",
                        Cite::HiddenKeyword => " (from hidden: Reaction timing)",
                        _ => "",
                    };
                    self.step(
                        Some(p),
                        format!(
                            "{} {} {}{how}: it goes on the Chain as pending",
                            self.name(p),
                            if spec.kind == ItemKind::Activated {
                                "activates"
                            } else {
                                "plays"
                            },
                            spec.id
                        ),
                        &[permission],
                        Vec::new(),
                    );
                    self.next = Next::Finalize;
                }
            }
        }
    }

    /// Puts new items on the Chain; anything added breaks a run of passes (339.1).
    fn add_to_chain(&mut self, items: &[usize], by_trigger_or_add: bool) {
        if !self.chain_exists {
            self.chain_exists = true;
            self.opened_by_trigger = by_trigger_or_add;
            self.opened_by_add = items.first().is_some_and(|&i| self.inst[i].spec.adds);
        }
        self.chain.extend_from_slice(items);
        self.passed.clear();
        self.focus_passed.clear();
    }

    /// Pass (339, 347.2): `unwritten` holds why a pass not written in the file was made.
    fn pass(&mut self, p: PlayerId, unwritten: Option<String>) {
        let n = self.s.players.len();
        let tail = unwritten.map_or_else(String::new, |why| {
            format!(" (not written in the file: {why})")
        });
        if !self.chain.is_empty() {
            self.passed.insert(p);
            if self.passed.len() == n {
                self.priority = None;
                self.step(
                    Some(p),
                    format!("{} passes Priority{tail}", self.name(p)),
                    &[Cite::PassPriority],
                    Vec::new(),
                );
                let newest = *self.chain.last().unwrap_or(&0);
                self.next = Next::Resolve(newest, false);
            } else {
                let q = self.s.next_player(p);
                self.priority = Some(q);
                self.step(
                    Some(p),
                    format!(
                        "{} passes Priority{tail}; {} receives it",
                        self.name(p),
                        self.name(q)
                    ),
                    &[Cite::PassPriority, Cite::PassToNext],
                    Vec::new(),
                );
                self.next = Next::Execute(q);
            }
        } else if self.showdown.is_some() {
            self.focus_passed.insert(p);
            if self.focus_passed.len() == n {
                self.step(
                    Some(p),
                    format!("{} passes Focus{tail}", self.name(p)),
                    &[Cite::PassFocus],
                    Vec::new(),
                );
                self.close_showdown();
            } else {
                let q = self.s.next_player(p);
                self.focus = Some(q);
                self.priority = Some(q);
                self.step(
                    Some(p),
                    format!(
                        "{} passes Focus{tail}; {} gains Focus and Priority",
                        self.name(p),
                        self.name(q)
                    ),
                    &[Cite::PassFocus],
                    Vec::new(),
                );
                self.next = Next::Execute(q);
            }
        } else {
            self.priority = None;
            self.step(
                Some(p),
                format!("{} passes with no Chain: the Main Phase ends", self.name(p)),
                &[Cite::MainPhaseEnds],
                Vec::new(),
            );
            self.end("the Turn Player passed in a Neutral Open State, ending the Main Phase");
        }
    }

    /// Everyone passed Focus in a row on an empty Chain (347.2.a, 348).
    fn close_showdown(&mut self) {
        let combat = self.showdown.is_some_and(|sd| sd.combat);
        self.out.showdown_ended = true;
        self.priority = None;
        self.focus = None;
        if combat {
            self.step(
                None,
                "Everyone passed Focus in a row: the combat showdown ends; the Combat Damage Step follows (not replayed by format 1), so the combat, and the Showdown State, go on",
                &[Cite::ShowdownCloses, Cite::CombatShowdownCloses],
                Vec::new(),
            );
            self.end("the combat showdown ended and combat moved on to the Combat Damage Step, which format 1 does not replay");
        } else {
            self.showdown = None;
            self.step(
                None,
                "Everyone passed Focus in a row: the showdown ends; control of the battlefield is settled (not modelled in format 1)",
                &[Cite::ShowdownCloses, Cite::NoncombatShowdownCloses],
                Vec::new(),
            );
            self.next = Next::Idle;
        }
    }

    // ---- Finalize ----------------------------------------------------------------------

    /// Finalize (337): the oldest pending item; Priority does not move (337.1.a).
    fn finalize(&mut self) -> Res {
        let Some(pos) = self.oldest_pending() else {
            self.after_chain_change(None);
            return Ok(());
        };
        let idx = self.chain[pos];
        let spec = self.inst[idx].spec;
        let controller = self.inst[idx].controller;
        if self.inst[idx].origin == Origin::Instructed {
            if let Some(t) = self.missing_target(spec, Some(idx)) {
                let iid = self.inst[idx].iid.clone();
                self.chain.remove(pos);
                self.inst[idx].fate = Some("was refused");
                self.out.refused.push((
                    iid.clone(),
                    format!("its target {t} was gone when it was finalized"),
                ));
                self.step(
                    Some(controller),
                    format!("{iid} cannot be finalized: its target {t} is gone; the instructed play is undone"),
                    &[Cite::TargetLegality, Cite::UndoIllegal],
                    Vec::new(),
                );
                self.after_chain_change(None);
                return Ok(());
            }
        }
        self.inst[idx].status = Status::Finalized;
        if self.add_holder.is_some_and(|(i, _)| i != idx) {
            self.add_holder = None;
        }
        let mut notes = Vec::new();
        if self.pending_note && self.inst[idx].origin == Origin::File {
            self.pending_note = false;
            notes.push(Note {
                text: "pending items written in the file are finalized without a timing or target check: the file asserts they were legally begun".into(),
                cites: Vec::new(),
            });
        }
        let iid = self.inst[idx].iid.clone();
        self.step(
            Some(controller),
            format!("{iid} is finalized (oldest pending item; Priority does not move)"),
            &[Cite::FinalizeStep, Cite::FinalizeOldestFirst],
            notes,
        );
        if spec.kind.is_card() {
            if spec.legion {
                let active = self.legion_active(idx);
                self.inst[idx].legion_at_finalize = Some(active);
                self.out.legion.push(LegionVerdict {
                    id: iid.clone(),
                    finalized: active,
                    resolved: None,
                });
                let what = self.legion_text(idx, active, "when finalized");
                self.step(
                    Some(controller),
                    what,
                    &[Cite::LegionActive, Cite::PlayedMeansFinalized],
                    Vec::new(),
                );
            }
            self.played[controller].push(PlayedCard {
                id: Some(iid.clone()),
                name: None,
                kind: Some(spec.kind),
            });
        }
        // Triggers caused by this item choosing things go on before it resolves (383.4.b.2).
        let mut fired = Vec::new();
        for id in spec.chosen_ids() {
            if let Some(t) = self.on_chain(id).filter(|&t| t != idx) {
                let c = self.inst[t].controller;
                for tr in &self.inst[t].spec.triggers {
                    if tr.on == TriggerOn::Chosen {
                        fired.push(Fired {
                            trigger: tr,
                            controller: c,
                        });
                    }
                }
            } else if let Some(b) = self.on_board(id) {
                let obj = &self.board[b];
                for tr in obj.triggers {
                    if tr.on == TriggerOn::Chosen {
                        fired.push(Fired {
                            trigger: tr,
                            controller: obj.controller,
                        });
                    }
                }
            }
        }
        self.put_triggers(fired, &format!("{iid} chose them"), &[Cite::ChosenTriggers])?;
        if spec.resolves_when_finalized() {
            self.next = Next::Resolve(idx, true);
        } else if self.has_pending() {
            self.next = Next::Finalize;
        } else {
            let newest = *self.chain.last().unwrap_or(&idx);
            let q = self.inst[newest].controller;
            self.priority = Some(q);
            self.passed.clear();
            self.step(
                Some(q),
                format!("All items are finalized: {} receives Priority (controller of the newest item, {})", self.name(q), self.inst[newest].iid),
                &[Cite::PriorityAfterFinalize, Cite::PriorityClosedNextItem],
                Vec::new(),
            );
            self.next = Next::Execute(q);
        }
        Ok(())
    }

    /// Whether Legion is active for item `idx`: its controller has played another card this turn.
    fn legion_active(&self, idx: usize) -> bool {
        let it = &self.inst[idx];
        self.count_played(it.controller, CardKind::Card, Some(&it.iid)) >= 1
    }

    fn legion_text(&self, idx: usize, active: bool, when: &str) -> String {
        let it = &self.inst[idx];
        let others = self.played_ids(it.controller, CardKind::Card, Some(&it.iid));
        if active {
            format!(
                "Legion of {} is active {when}: {} has played another card this turn ({})",
                it.iid,
                self.name(it.controller),
                others.join(", ")
            )
        } else {
            format!(
                "Legion of {} is not active {when}: {} has played no other card this turn",
                it.iid,
                self.name(it.controller)
            )
        }
    }

    fn count_played(&self, p: PlayerId, kind: CardKind, other_than: Option<&str>) -> usize {
        self.played[p]
            .iter()
            .filter(|c| kind.matches(c.kind) && (c.id.is_none() || c.id.as_deref() != other_than))
            .count()
    }

    fn played_ids(&self, p: PlayerId, kind: CardKind, other_than: Option<&str>) -> Vec<String> {
        self.played[p]
            .iter()
            .filter(|c| kind.matches(c.kind) && (c.id.is_none() || c.id.as_deref() != other_than))
            .map(|c| {
                c.id.clone().unwrap_or_else(|| {
                    format!(
                        "{} (before the file starts)",
                        c.name.as_deref().unwrap_or("a card")
                    )
                })
            })
            .collect()
    }

    // ---- triggers ----------------------------------------------------------------------

    /// Puts simultaneous triggers on the Chain as pending: several controllers in turn order
    /// from the Turn Player (383.3.d.1), one controller's in the order of an `order` action
    /// (383.3.d), identical copies in creation order when no `order` names them.
    fn put_triggers(&mut self, fired: Vec<Fired<'s>>, cause: &str, cites: &[Cite]) -> Res {
        if fired.is_empty() {
            return Ok(());
        }
        let created: Vec<(usize, &'s Trigger)> = fired
            .into_iter()
            .map(|f| {
                let iid = self.instance_id(&f.trigger.item.id);
                let idx = self.new_inst(
                    &f.trigger.item,
                    iid,
                    f.trigger.item.controller.unwrap_or(f.controller),
                    Status::Pending,
                    Origin::Trigger,
                );
                (idx, f.trigger)
            })
            .collect();
        let mut ordered = Vec::new();
        let mut all_cites = cites.to_vec();
        let controllers: BTreeSet<PlayerId> = created
            .iter()
            .map(|(i, _)| self.inst[*i].controller)
            .collect();
        if controllers.len() > 1 {
            all_cites.push(Cite::TriggerOrderTurn);
        }
        let n = self.s.players.len();
        for k in 0..n {
            let c = (self.s.turn + k) % n;
            let mine: Vec<(usize, &'s Trigger)> = created
                .iter()
                .copied()
                .filter(|(i, _)| self.inst[*i].controller == c)
                .collect();
            if mine.len() < 2 {
                ordered.extend(mine.iter().map(|(i, _)| *i));
                continue;
            }
            all_cites.push(Cite::TriggerOrderController);
            let ids: BTreeSet<&str> = mine
                .iter()
                .map(|(i, _)| self.inst[*i].iid.as_str())
                .collect();
            let order = self.s.actions.iter().enumerate().find(|(j, a)| {
                !self.used[*j] && matches!(&a.kind, ActionKind::Order(list) if list.iter().map(String::as_str).collect::<BTreeSet<_>>() == ids && list.len() == ids.len())
            });
            if let Some((j, a)) = order {
                self.used[j] = true;
                if let ActionKind::Order(list) = &a.kind {
                    for id in list {
                        if let Some((i, _)) = mine.iter().find(|(i, _)| self.inst[*i].iid == *id) {
                            ordered.push(*i);
                        }
                    }
                }
            } else if mine.iter().all(|(_, t)| std::ptr::eq(*t, mine[0].1)) {
                ordered.extend(mine.iter().map(|(i, _)| *i));
            } else {
                let names: Vec<String> = mine
                    .iter()
                    .map(|(i, _)| self.inst[*i].iid.clone())
                    .collect();
                return Err(ReplayError {
                    code: "missing_order",
                    message: format!(
                        "{} controls simultaneous triggers ({}); a controller puts their own simultaneous triggers on the Chain in the order they choose, and the file does not say it",
                        self.name(c),
                        names.join(", ")
                    ),
                    help: format!(
                        "add `- order: [{}]` to `actions` (the first listed goes on the Chain first and resolves last)",
                        names.join(", ")
                    ),
                    locs: mine.iter().map(|(i, t)| (t.loc, format!("trigger {}", self.inst[*i].iid))).collect(),
                });
            }
        }
        self.add_to_chain(&ordered, true);
        let list: Vec<String> = ordered
            .iter()
            .map(|&i| {
                format!(
                    "{} ({})",
                    self.inst[i].iid,
                    self.name(self.inst[i].controller)
                )
            })
            .collect();
        let what = if ordered.len() == 1 {
            format!(
                "Triggered ({cause}): {} goes on the Chain as pending",
                list[0]
            )
        } else {
            format!(
                "Triggered together ({cause}): {} go on the Chain as pending, in that order",
                list.join(", ")
            )
        };
        self.step(None, what, &all_cites, Vec::new());
        Ok(())
    }

    // ---- Resolve -----------------------------------------------------------------------

    /// Resolve (340.1), or an immediate resolution as the item is finalized (337.2, 429.2).
    #[allow(clippy::too_many_lines)]
    fn resolve(&mut self, idx: usize, immediate: bool) -> Res {
        let spec = self.inst[idx].spec;
        let iid = self.inst[idx].iid.clone();
        let controller = self.inst[idx].controller;
        let (what, cites): (String, Vec<Cite>) = if immediate {
            let mut c = vec![Cite::ResolveImmediately];
            if spec.adds {
                c.push(Cite::AddResolvesImmediately);
            }
            let how = if spec.kind.is_permanent() {
                format!("{iid} resolves as it is finalized, with no window to respond: it enters the board")
            } else {
                format!("{iid} resolves as it is finalized, with no window to respond")
            };
            (how, c)
        } else {
            (
                format!("Everyone passed in a row: {iid}, the newest item, resolves"),
                vec![Cite::AllPassed, Cite::ResolveNewest],
            )
        };
        self.step(Some(controller), what, &cites, Vec::new());
        if spec.kind == ItemKind::Spell && spec.legion {
            let active = self.legion_active(idx);
            let at_finalize = self.inst[idx].legion_at_finalize;
            if let Some(v) = self.out.legion.iter_mut().find(|v| v.id == iid) {
                v.resolved = Some(active);
            }
            let mut what = self.legion_text(idx, active, "as it resolves");
            if at_finalize.is_some_and(|f| f != active) {
                what.push_str(" (this differs from the verdict when it was finalized)");
            }
            self.step(
                Some(controller),
                what,
                &[Cite::LegionActive, Cite::PlayedMeansFinalized],
                Vec::new(),
            );
        }
        let mut countered_self = false;
        for effect in &spec.effects {
            if let Some(cond) = &effect.condition {
                let (met, detail) = self.condition(cond, controller);
                let (ccites, notes) = self.condition_cites();
                if !met {
                    self.step(
                        Some(controller),
                        format!(
                            "{}: skipped, its condition is false ({detail})",
                            self.effect_name(effect)
                        ),
                        &ccites,
                        notes,
                    );
                    continue;
                }
                self.step(
                    Some(controller),
                    format!(
                        "Condition of {} is true ({detail})",
                        self.effect_name(effect)
                    ),
                    &ccites,
                    notes,
                );
            }
            let before = self.steps.len();
            match &effect.kind {
                EffectKind::Text => {
                    self.step(
                        Some(controller),
                        format!("{iid}: {}", effect.text.as_deref().unwrap_or("(no text)")),
                        &[],
                        Vec::new(),
                    );
                }
                EffectKind::Counter(target) => {
                    if self.counter(idx, target) {
                        countered_self = true;
                        break;
                    }
                }
                EffectKind::Kill(target) => self.kill(idx, target)?,
                EffectKind::Play(item) => self.instructed_play(idx, item),
                EffectKind::ExtraTurn(p) => {
                    self.extra_turns.insert(0, *p);
                    self.step(
                        Some(controller),
                        format!("{} takes an extra turn, inserted directly after the current turn", self.name(*p)),
                        &[Cite::ExtraTurnInsert, Cite::ExtraTurnOrder, Cite::ExtraTurnMultiple],
                        vec![Note {
                            text: "with several extra turns, {0} read literally takes them in the order they were created; its second example puts each new one straight after the current turn, so the last created comes first. Followed: the example".into(),
                            cites: vec![Cite::ExtraTurnMultiple],
                        }],
                    );
                }
                EffectKind::ForbidName(name) => {
                    self.forbidden.push((controller, name.clone(), iid.clone()));
                    self.step(
                        Some(controller),
                        format!(
                            "{iid}: from now on opponents of {} cannot start playing spells named \"{name}\" (items already on the Chain are unaffected)",
                            self.name(controller)
                        ),
                        &[],
                        Vec::new(),
                    );
                }
            }
            if let (Some(text), false) = (&effect.text, matches!(effect.kind, EffectKind::Text)) {
                if let Some(step) = self.steps.get_mut(before) {
                    step.what.push_str(&format!(" (card text: {text})"));
                }
            }
        }
        if countered_self {
            self.after_chain_change(None);
            return Ok(());
        }
        // The item leaves the Chain having resolved.
        if let Some(pos) = self.chain.iter().rposition(|&i| i == idx) {
            self.chain.remove(pos);
        }
        self.inst[idx].fate = Some("has already resolved");
        self.out.resolved.push(iid.clone());
        if spec.kind == ItemKind::Spell && spec.flow {
            self.out.banished.push(iid.clone());
            self.step(
                Some(controller),
                format!("{iid} was played for its Flow cost: it leaves the Chain and is banished instead of going to the trash"),
                &[Cite::FlowKeyword, Cite::DelayedLeaveChain],
                Vec::new(),
            );
        }
        let mut fired = Vec::new();
        if spec.kind.is_card() {
            for tr in &spec.triggers {
                if tr.on == TriggerOn::Play {
                    fired.push(Fired {
                        trigger: tr,
                        controller,
                    });
                }
            }
            for obj in &self.board {
                if obj.controller != controller {
                    continue;
                }
                for tr in obj.triggers {
                    if let TriggerOn::YouPlay(kind) = tr.on {
                        if kind.matches(Some(spec.kind)) {
                            fired.push(Fired {
                                trigger: tr,
                                controller,
                            });
                        }
                    }
                }
            }
        }
        if spec.kind.is_permanent() {
            self.board.push(BoardObj {
                id: iid.clone(),
                controller,
                unit: spec.kind == ItemKind::Unit,
                triggers: &spec.triggers,
            });
        }
        let mut cites = Vec::new();
        if fired.iter().any(|f| f.trigger.on == TriggerOn::Play) {
            cites.push(Cite::PlayTriggers);
        }
        if fired
            .iter()
            .any(|f| matches!(f.trigger.on, TriggerOn::YouPlay(_)))
        {
            cites.push(Cite::WhenYouPlay);
        }
        let cause = if spec.kind.is_permanent() {
            format!("{iid} entered the board")
        } else {
            format!("{iid} was played and resolved")
        };
        self.put_triggers(fired, &cause, &cites)?;
        let add_holder = self.add_holder.filter(|(i, _)| *i == idx).map(|(_, p)| p);
        self.add_holder = None;
        self.after_chain_change(add_holder);
        Ok(())
    }

    fn effect_name(&self, e: &Effect) -> String {
        match &e.kind {
            EffectKind::Text => "the effect".into(),
            EffectKind::Counter(t) => format!("counter {t}"),
            EffectKind::Kill(t) => format!("kill {t}"),
            EffectKind::Play(i) => format!("play {}", i.id),
            EffectKind::ExtraTurn(p) => format!("extra turn for {}", self.name(*p)),
            EffectKind::ForbidName(n) => format!("forbid the name \"{n}\""),
        }
    }

    /// Reads a `played_this_turn` condition (419.4.b: "played" means finalized).
    fn condition(&self, c: &Condition, controller: PlayerId) -> (bool, String) {
        let kinds = if c.kind == CardKind::Card {
            "card".to_string()
        } else {
            c.kind.word().to_string()
        };
        let other = c
            .other_than
            .as_ref()
            .map_or_else(String::new, |o| format!(" other than {o}"));
        let check = |p: PlayerId| {
            let ids = self.played_ids(p, c.kind, c.other_than.as_deref());
            let met = ids.len() >= c.at_least as usize;
            let listed = if ids.is_empty() {
                "none".to_string()
            } else {
                ids.join(", ")
            };
            (
                met,
                format!(
                    "{} has played {} {kinds}(s){other} this turn: {listed}; {} needed",
                    self.name(p),
                    ids.len(),
                    c.at_least
                ),
            )
        };
        match c.by {
            PlayedBy::Controller => check(controller),
            PlayedBy::Player(p) => check(p),
            PlayedBy::Opponent => {
                let mut details = Vec::new();
                for p in (0..self.s.players.len()).filter(|&p| p != controller) {
                    let (met, d) = check(p);
                    if met {
                        return (true, d);
                    }
                    details.push(d);
                }
                (false, details.join("; "))
            }
        }
    }

    /// The citations of a "played" condition, per edition.
    fn condition_cites(&self) -> (Vec<Cite>, Vec<Note>) {
        match self.edition {
            // October widened the rule itself to conditional clauses (october-changes.md row 4).
            EditionId::October => (vec![Cite::PlayedMeansFinalized], Vec::new()),
            EditionId::July => {
                let mut text = "ambiguous under July: the finalize meaning of \"played\" is written for non-triggered abilities, not conditional clauses, and {0} says a card counts as played only once its play is complete. Followed: the Vendetta Rules FAQ, which gives such clauses the finalize meaning (its Crumbling Sands ruling)".to_string();
                if self.s.date.as_deref().is_some_and(|d| d < "2026-08-14") {
                    text.push_str(
                        "; note that the FAQ was published on 2026-08-14, after this game's date",
                    );
                }
                (
                    vec![Cite::PlayedMeansFinalized, Cite::VendettaFaq],
                    vec![Note {
                        text,
                        cites: vec![Cite::PlayedWhenComplete],
                    }],
                )
            }
        }
    }

    /// Counter (425). Returns true when the resolving item countered itself.
    fn counter(&mut self, by: usize, target: &str) -> bool {
        let controller = self.inst[by].controller;
        let by_id = self.inst[by].iid.clone();
        let Some(t) = self.on_chain(target) else {
            let why = self
                .inst
                .iter()
                .rev()
                .find(|i| i.iid == target)
                .and_then(|i| i.fate)
                .unwrap_or("was never played");
            let why = if self.out.refused.iter().any(|(id, _)| id == target) {
                "was refused"
            } else {
                why
            };
            self.step(
                Some(controller),
                format!(
                    "counter {target}: does nothing, {target} is not on the Chain ({target} {why})"
                ),
                &[Cite::MistargetSkip, Cite::MistargetAll],
                Vec::new(),
            );
            return false;
        };
        let tspec = self.inst[t].spec;
        if tspec.uncounterable {
            self.step(
                Some(controller),
                format!("counter {target}: {target} can't be countered, so nothing happens"),
                &[Cite::Counter],
                Vec::new(),
            );
            return false;
        }
        let pos = self.chain.iter().position(|&i| i == t).unwrap_or(0);
        self.chain.remove(pos);
        self.inst[t].fate = Some("was already countered");
        self.out.countered.push(target.to_string());
        // A countered card is not played for play triggers (425.1.b, 419.4.a.1); an ability
        // simply leaves.
        let cites: &[Cite] = if tspec.kind.is_card() {
            &[
                Cite::Counter,
                Cite::CounteredNotPlayed,
                Cite::CounteredNoPlayTriggers,
            ]
        } else {
            &[Cite::Counter]
        };
        if t == by {
            self.step(
                Some(controller),
                format!(
                    "{by_id} counters itself: it is countered, not resolved; its remaining effects stop and it triggers nothing{}",
                    if tspec.kind.is_card() { "; it goes to the trash, not banished" } else { "" }
                ),
                cites,
                Vec::new(),
            );
            return true;
        }
        let dest = if !tspec.kind.is_card() {
            String::new()
        } else if tspec.flow
            && tspec.kind == ItemKind::Spell
            && self.inst[t].status == Status::Finalized
        {
            "; it would go to the trash, but it was played for its Flow cost: it is banished"
                .to_string()
        } else {
            "; it goes to the trash, unless another effect of the countering item sends it elsewhere".to_string()
        };
        self.step(
            Some(controller),
            if tspec.kind.is_card() {
                format!("{target} is countered: it leaves the Chain without effect and does not count as played for play triggers{dest}")
            } else {
                format!("{target} is countered: it leaves the Chain without effect")
            },
            cites,
            Vec::new(),
        );
        if tspec.flow && tspec.kind == ItemKind::Spell && self.inst[t].status == Status::Finalized {
            self.out.banished.push(target.to_string());
            self.step(
                Some(self.inst[t].controller),
                format!("{target} is banished (Flow: it left the Chain after being finalized, not by its own instructions)"),
                &[Cite::FlowKeyword, Cite::DelayedLeaveChain],
                Vec::new(),
            );
        }
        false
    }

    /// Kill (428): the unit's death triggers are added before it leaves the board.
    fn kill(&mut self, by: usize, target: &str) -> Res {
        let controller = self.inst[by].controller;
        let Some(b) = self.on_board(target).filter(|&b| self.board[b].unit) else {
            self.step(
                Some(controller),
                format!("kill {target}: skipped, {target} is not on the board (a mistarget; the rest still happens)"),
                &[Cite::MistargetSkip, Cite::MistargetAll],
                Vec::new(),
            );
            return Ok(());
        };
        let obj = self.board[b].clone();
        let fired: Vec<Fired> = obj
            .triggers
            .iter()
            .filter(|t| t.on == TriggerOn::Death)
            .map(|t| Fired {
                trigger: t,
                controller: obj.controller,
            })
            .collect();
        let any = !fired.is_empty();
        self.step(
            Some(controller),
            if any {
                format!(
                    "{target} is killed: its death triggers are added before it leaves the board"
                )
            } else {
                format!("{target} is killed")
            },
            if any {
                &[Cite::KillDeathTriggers, Cite::DeathknellBeforeTrash]
            } else {
                &[Cite::KillDeathTriggers]
            },
            Vec::new(),
        );
        self.put_triggers(
            fired,
            &format!("{target} died"),
            &[Cite::KillDeathTriggers, Cite::DeathknellBeforeTrash],
        )?;
        if let Some(b) = self.on_board(target) {
            self.board.remove(b);
        }
        Ok(())
    }

    /// An instructed play (419.3): added as pending during this resolution, finalized after it.
    fn instructed_play(&mut self, by: usize, item: &'s ItemSpec) {
        let controller = item.controller.unwrap_or(self.inst[by].controller);
        let iid = self.instance_id(&item.id);
        if let Some(source) = self.forbidder(controller, item) {
            self.out
                .refused
                .push((iid.clone(), format!("its name was forbidden by {source}")));
            self.step(
                Some(controller),
                format!("play {iid}: impossible, its name was forbidden by {source}; skipped, nothing is added"),
                &[Cite::ImpossibleInstruction],
                Vec::new(),
            );
            return;
        }
        let idx = self.new_inst(
            item,
            iid.clone(),
            controller,
            Status::Pending,
            Origin::Instructed,
        );
        self.add_to_chain(&[idx], false);
        self.step(
            Some(controller),
            format!("{} plays {iid} as instructed: it goes on the Chain as pending and is finalized after this resolution", self.name(controller)),
            &[Cite::InstructedPlay, Cite::MidResolutionPlay],
            vec![Note {
                text: "no timing check: an instructed play is a limited action ({0}); this follows how judges apply {1}".into(),
                cites: vec![Cite::LimitedActions, Cite::InstructedPlay],
            }],
        );
    }

    /// The three branches after a resolution (340.2-340.4), also used when an item leaves the
    /// Chain without resolving. `add_holder`: the player who activated an Add ability that just
    /// resolved while holding Priority (429.2.a).
    fn after_chain_change(&mut self, add_holder: Option<PlayerId>) {
        if self.chain.is_empty() {
            self.chain_exists = false;
            self.focus_passed.clear();
            self.passed.clear();
            let mut cites = vec![Cite::ChainEmpty];
            let what = match self.focus.filter(|_| self.showdown.is_some()) {
                Some(f) if self.opened_by_trigger => {
                    cites.push(Cite::FocusKeptTriggerChain);
                    let by = if self.opened_by_add {
                        "an Add ability"
                    } else {
                        "a triggered ability"
                    };
                    format!("The Chain is empty: Open State; Focus stays with {}, since this Chain was started by {by}", self.name(f))
                }
                Some(f) => {
                    let q = self.s.next_player(f);
                    self.focus = Some(q);
                    cites.extend([Cite::FocusPassesOnEmpty, Cite::FocusPassesAfterChain]);
                    format!(
                        "The Chain is empty: Open State; Focus passes from {} to {}",
                        self.name(f),
                        self.name(q)
                    )
                }
                None => "The Chain is empty: Open State".to_string(),
            };
            self.priority = None;
            self.step(None, what, &cites, Vec::new());
            self.next = Next::Idle;
        } else if self.has_pending() {
            self.step(
                None,
                "Pending items remain: back to Finalize",
                &[Cite::PendingAfterResolve],
                Vec::new(),
            );
            self.next = Next::Finalize;
        } else if let Some(p) = add_holder {
            self.priority = Some(p);
            self.passed.clear();
            self.step(
                Some(p),
                format!(
                    "The Add ability does not move Priority: {} keeps it",
                    self.name(p)
                ),
                &[Cite::AddKeepsPriority],
                Vec::new(),
            );
            self.next = Next::Execute(p);
        } else {
            let newest = *self.chain.last().unwrap_or(&0);
            let q = self.inst[newest].controller;
            self.priority = Some(q);
            self.passed.clear();
            self.step(
                Some(q),
                format!("{} receives Priority (controller of the newest item, {}); everyone must pass again before it resolves", self.name(q), self.inst[newest].iid),
                &[Cite::PriorityAfterResolve],
                Vec::new(),
            );
            self.next = Next::Execute(q);
        }
    }

    // ---- the end -----------------------------------------------------------------------

    fn step_limit_error(&self) -> ReplayError {
        let mut counts: Vec<(&String, &u32)> = self.instances.iter().collect();
        counts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let top: Vec<String> = counts
            .iter()
            .take(3)
            .map(|(id, n)| format!("{id} ({n} times)"))
            .collect();
        let locs = counts
            .iter()
            .take(3)
            .filter_map(|(id, _)| {
                self.inst
                    .iter()
                    .find(|i| &i.iid == *id)
                    .map(|i| (i.spec.loc, format!("{id} is created again and again")))
            })
            .collect();
        ReplayError {
            code: "step_limit",
            message: format!(
                "the replay passed its limit of {} steps; items created most often: {}",
                self.max_steps,
                if top.is_empty() {
                    "none".to_string()
                } else {
                    top.join(", ")
                }
            ),
            help: if top.is_empty() {
                "the limit is lower than this replay needs: raise it with --max-steps".into()
            } else {
                "a trigger probably feeds itself; fix the situation, or raise the limit with --max-steps".into()
            },
            locs,
        }
    }

    fn finish(&mut self, errored: bool) {
        if errored && self.out.ended.is_empty() {
            self.out.ended = "the replay stopped on an error".into();
        }
        let reason = self.out.ended.clone();
        for (i, a) in self.s.actions.iter().enumerate() {
            if self.used[i] {
                continue;
            }
            match &a.kind {
                ActionKind::Play(item) => {
                    self.out.unreached.push((item.id.clone(), reason.clone()))
                }
                ActionKind::Pass(p) => self.out.unused.push(format!("pass: {}", self.name(*p))),
                ActionKind::Order(ids) => {
                    self.out.unused.push(format!("order: [{}]", ids.join(", ")))
                }
            }
        }
        self.out.priority = self.priority;
        self.out.focus = self.focus;
        self.out.state = Some(self.state());
        let n = self.s.players.len();
        let mut turns = self.extra_turns.clone();
        let mut p = self.s.turn;
        for _ in 0..2 * n {
            p = (p + 1) % n;
            turns.push(p);
        }
        self.out.next_turns = turns;
    }
}
