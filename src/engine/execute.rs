//! Execute (338): the Priority holder takes their next action or passes; a `play` is checked
//! when it is made (358): timing (308.1.a, 309.1.a, 310.1.a, 381, 806, 811, 813), a forbidden
//! name, then missing targets (358.1); a refused play is undone (358.5).

use super::*;
use crate::situation::TargetAt;

/// Why a chosen target is not a legal target (358.1): the id, the reason in words, the rules.
pub(super) struct Missing {
    pub(super) id: String,
    pub(super) why: String,
    pub(super) cites: Vec<Cite>,
}

impl Missing {
    /// A target that is not there at all.
    fn gone(id: &str) -> Self {
        Self {
            id: id.to_string(),
            why: format!("its target {id} is not there"),
            cites: vec![Cite::TargetLegality, Cite::UndoIllegal],
        }
    }
}

impl<'s> Engine<'s> {
    /// Execute (338): the Priority holder takes their next action or passes.
    pub(super) fn execute(&mut self, p: PlayerId) -> Res {
        let next = self.next_action();
        if self.halts_at_priority(p, next) {
            self.decision = Some(next::Decision::Priority(p));
            self.next = Next::End;
            return Ok(());
        }
        if let Some(i) = next {
            let end_turn_elsewhere = matches!(self.s.actions[i].kind, ActionKind::EndTurn(_))
                && (self.state() != TurnState::NeutralOpen || self.phase != Phase::Main);
            if self.s.actions[i].actor() == Some(p) && !end_turn_elsewhere {
                self.used[i] = true;
                match &self.s.actions[i].kind {
                    ActionKind::Play(spec) => self.play(p, spec),
                    ActionKind::Pass(_) => self.pass(p, None)?,
                    ActionKind::Move { id, units, to, .. } => self.standard_move(p, id, units, *to),
                    ActionKind::EndTurn(_) => self.end_turn(p),
                    ActionKind::Order(_) | ActionKind::Assign { .. } | ActionKind::Begin(_) => {}
                }
                return Ok(());
            }
            if end_turn_elsewhere && self.s.actions[i].actor() == Some(p) {
                let why = "the next action is their `end_turn`, which is taken only in a Neutral Open Main Phase".to_string();
                return self.pass(p, Some(why));
            }
        }
        let why = match next.and_then(|i| self.s.actions[i].actor()) {
            Some(q) => format!("the next action is {}'s", self.name(q)),
            None => "no actions are left".to_string(),
        };
        if !self.chain.is_empty() {
            self.pass(p, Some(why))?;
        } else if self.showdown.is_some() {
            if next.is_some() {
                self.pass(p, Some(why))?;
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
        Ok(())
    }

    /// Whether `spec` may be played by `p` now (the timing filter, 308-310, 806, 811, 813):
    /// `Ok(permission)` or `Err(refusing rule)`.
    pub(super) fn timing(&self, p: PlayerId, spec: &ItemSpec) -> Result<Cite, Cite> {
        if spec.from == FromZone::Hidden {
            return Ok(Cite::HiddenKeyword);
        }
        if self.ambush_here(p, spec) && spec.keyword != Some(Keyword::Reaction) {
            return Ok(Cite::AmbushKeyword);
        }
        self.timing_of(p, spec.keyword, spec.kind == ItemKind::Activated)
    }

    /// The timing filter for an item with timing keyword `keyword` (`None`: none), an activated
    /// ability when `activated` (308.1.a, 309.1.a, 310.1.a, 381, 806, 813): `Ok(permission)` or
    /// `Err(refusing rule)`.
    pub(super) fn timing_of(
        &self,
        p: PlayerId,
        keyword: Option<Keyword>,
        activated: bool,
    ) -> Result<Cite, Cite> {
        let closed = !self.chain.is_empty();
        let showdown = self.showdown.is_some();
        match keyword {
            Some(Keyword::Reaction) => Ok(Cite::ReactionKeyword),
            Some(Keyword::Action) if closed => Err(Cite::ClosedTiming),
            Some(Keyword::Action) => Ok(Cite::ActionKeyword),
            None if closed => Err(Cite::ClosedTiming),
            None if showdown => Err(Cite::ShowdownTiming),
            None => {
                let rule = if activated {
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

    /// The first chosen id that is not a legal target now (358.1), in the order of
    /// [`ItemSpec::chosen_ids`]: an id of `targets` that is neither on the Chain, on the board nor
    /// a player; a `counter` target not on the Chain (a unit or gear that has resolved is on the
    /// board, and a counter chooses only what is on the Chain: 425.3, 355.9.a.2); a `kill`
    /// target neither on the board nor a unit or gear item on the Chain; a unit that another
    /// choosing effect names and that is not on the board; or a board target outside its
    /// effect's `target_at` (355.10.b); or a unit a `move` effect chooses that already stands
    /// at its destination (355.4.a: the destination must be somewhere else). Effects that do
    /// not choose are not checked.
    pub(super) fn missing_target(&self, spec: &ItemSpec, me: Option<usize>) -> Option<Missing> {
        let own = me.map_or(spec.id.as_str(), |i| self.inst[i].iid.as_ref());
        let on_chain = |id: &str| id == own || self.on_chain(id).is_some_and(|i| Some(i) != me);
        let written = spec.targets.iter().find_map(|id| {
            let present = on_chain(id)
                || self.s.players.iter().any(|p| p == id)
                || self.on_board(id).is_some();
            (!present).then(|| Missing::gone(id))
        });
        written
            .or_else(|| {
                spec.effect_choices().find_map(|(e, id)| {
                    let id = me.map_or(id, |i| self.event_id(i, id));
                    self.choice_missing(spec, e, id, &on_chain)
                })
            })
            .or_else(|| {
                spec.effect_choices()
                    .find_map(|(e, id)| self.already_there(e, id))
            })
    }

    /// A unit a `move` effect chooses that already stands at the effect's destination: no
    /// valid destination can be chosen for it (355.4.a), so the play is illegal. (A unit that
    /// gets there after the play is skipped when the move resolves.)
    fn already_there(&self, e: &Effect, id: &str) -> Option<Missing> {
        let EffectKind::Move { to, .. } = e.kind else {
            return None;
        };
        let b = self.on_board(id)?;
        (self.board.perms[b].place() == Some(to)).then(|| Missing {
            id: id.to_string(),
            why: format!(
                "{id} is already at {}: a move's destination must be somewhere other than where the unit is",
                self.board.place_word(to)
            ),
            cites: vec![Cite::MoveValidDestination, Cite::UndoIllegal],
        })
    }

    /// Whether `id`, chosen by effect `e`, is not a legal target now (see
    /// [`Engine::missing_target`]); `on_chain` says whether an id is a chain item other than the
    /// item checked.
    fn choice_missing(
        &self,
        spec: &ItemSpec,
        e: &Effect,
        id: &str,
        on_chain: &dyn Fn(&str) -> bool,
    ) -> Option<Missing> {
        if let EffectKind::Counter(_) = e.kind {
            if let Some(m) = on_chain(id)
                .then(|| self.counter_limit_missing(spec, e, id))
                .flatten()
            {
                return Some(m);
            }
            return (!on_chain(id)).then(|| match self.on_board(id) {
                Some(_) => Missing {
                    id: id.to_string(),
                    why: format!("{id} has resolved and is on the board, not on the Chain: a counter can only choose a card or ability on the Chain"),
                    cites: vec![Cite::TargetLegality, Cite::UndoIllegal, Cite::CounterWording, Cite::ChainByDefault],
                },
                None => Missing::gone(id),
            });
        }
        let kill = matches!(e.kind, EffectKind::Kill(_));
        // A kill, a return to hand or a banish may name gear too.
        let gear_too =
            kill || matches!(e.kind, EffectKind::ReturnToHand(_) | EffectKind::Banish(_));
        let found = self.on_board(id).filter(|&b| {
            let kind = self.board.perms[b].kind;
            kind == BoardKind::Unit || (gear_too && self.board.perms[b].killable())
        });
        let (limit, hidden) = self.choice_limit(spec, e);
        match found {
            Some(b) if self.meets(b, limit) => None,
            Some(_) if hidden => self.hidden_refusal(spec, id).map(|(why, cites)| Missing {
                id: id.to_string(),
                why,
                cites,
            }),
            Some(_) => Some(Missing {
                id: id.to_string(),
                why: format!(
                    "its target {id} is not where its effect may choose: {}",
                    self.target_at_words(e.target_at)
                ),
                cites: vec![Cite::TargetLegality, Cite::UndoIllegal],
            }),
            // A kill may name a unit or gear item still on the Chain: it mistargets later.
            None if kill && on_chain(id) => None,
            None if on_chain(id) => Some(Missing {
                id: id.to_string(),
                why: format!("its target {id} is on the Chain, not on the board"),
                cites: vec![Cite::TargetLegality, Cite::UndoIllegal],
            }),
            None => Some(Missing::gone(id)),
        }
    }

    /// A `target_at` restriction in words: "only at battlefield-1", "only in a base", ...
    fn target_at_words(&self, at: Option<TargetAt>) -> String {
        match at {
            None => "anywhere".into(),
            Some(TargetAt::Base) => "only in a base".into(),
            Some(TargetAt::AnyBattlefield) => "only at a battlefield".into(),
            Some(TargetAt::Battlefield(bf)) => format!("only at {}", self.board.bf_id(bf)),
        }
    }

    pub(super) fn forbidder(&self, p: PlayerId, spec: &ItemSpec) -> Option<String> {
        if spec.kind != ItemKind::Spell {
            return None;
        }
        let name = spec.name.trim();
        self.forbidden
            .iter()
            .find(|(by, n, _)| *by != p && n == name)
            .map(|(_, _, source)| source.clone())
    }

    pub(super) fn refuse(&mut self, p: PlayerId, spec: &ItemSpec, reason: String, cites: &[Cite]) {
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

    /// A `play` action (338.1.a), checked when it is made (358): timing, forbidden name, targets,
    /// costs (358.2).
    pub(super) fn play(&mut self, p: PlayerId, spec: &'s ItemSpec) {
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
                } else if let Some(m) = self.missing_target(spec, None) {
                    self.refuse(p, spec, m.why, &m.cites);
                } else if let Some(why) = spec.cost.iter().find_map(|e| self.unpayable(None, e)) {
                    let why = format!("its cost cannot be paid: {why}");
                    self.refuse(p, spec, why, &[Cite::CostsPaidCheck, Cite::UndoIllegal]);
                } else if let Some((why, cites)) = self.entry_refusal(p, spec) {
                    self.refuse(p, spec, why, &cites);
                } else {
                    self.leave_facedown(spec);
                    let idx = self.new_inst(
                        spec,
                        Cow::Borrowed(&spec.id),
                        p,
                        Status::Pending,
                        Origin::Played,
                    );
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
                        &if spec.facedown.is_some() && self.board_on {
                            vec![permission, Cite::FacedownPlay]
                        } else {
                            vec![permission]
                        },
                        Vec::new(),
                    );
                    let verb = if spec.kind == ItemKind::Activated {
                        "activates"
                    } else {
                        "plays"
                    };
                    self.brief(format!("{} {verb} {}{how}", self.name(p), spec.id));
                    self.next = Next::Finalize;
                }
            }
        }
    }

    /// Where a unit item enters (board files): its `at`, or its facedown card's battlefield.
    pub(super) fn entry_place(&self, spec: &ItemSpec) -> Place {
        if let Some(Place::Battlefield(bf)) = spec
            .facedown
            .as_deref()
            .and_then(|f| self.board.find(f))
            .and_then(|f| self.s.board[f].keys.place)
        {
            return Place::Battlefield(bf);
        }
        spec.keys.place.unwrap_or(Place::Base)
    }

    /// Whether `spec` is an Ambush unit played to a battlefield where `p` has units (822.1.b).
    fn ambush_here(&self, p: PlayerId, spec: &ItemSpec) -> bool {
        self.board_on
            && spec.keys.unit.as_ref().is_some_and(|u| u.ambush)
            && matches!(self.entry_place(spec), Place::Battlefield(bf) if self.board.bfs[bf].has_units(p))
    }

    /// Why a unit item may not enter where it is played (Check Legality, 358; board extension
    /// 4.8): base, a battlefield its controller controls (355.2.a), with Ambush a battlefield
    /// where they have units (822.1.b, 822.3), a facedown card's own battlefield (811.1.d.1)
    /// while the card is still there (811.1.b).
    pub(super) fn entry_refusal(
        &self,
        p: PlayerId,
        spec: &ItemSpec,
    ) -> Option<(String, Vec<Cite>)> {
        if !self.board_on {
            return None;
        }
        if let Some(f) = &spec.facedown {
            let there = self
                .board
                .on_board(f)
                .is_some_and(|i| self.board.perms[i].kind == BoardKind::Facedown);
            if !there {
                return Some((
                    format!("its facedown card {f} is no longer at its battlefield"),
                    vec![Cite::FacedownGone, Cite::UndoIllegal],
                ));
            }
            if self
                .s
                .board
                .iter()
                .any(|b| b.id == *f && b.hidden_this_turn)
            {
                return Some((
                    format!("{f} was hidden this turn: a hidden card may be played from facedown only from the next turn on"),
                    vec![Cite::FacedownGone, Cite::UndoIllegal],
                ));
            }
            return None;
        }
        if spec.kind != ItemKind::Unit {
            return None;
        }
        let Place::Battlefield(bf) = self.entry_place(spec) else {
            return None;
        };
        let b = &self.board.bfs[bf];
        if b.controller == Some(p) {
            return None;
        }
        let id = self.board.bf_id(bf);
        if spec.keys.unit.as_ref().is_some_and(|u| u.ambush) {
            if b.has_units(p) {
                return None;
            }
            return Some((
                format!("with Ambush it may enter only a battlefield where {} has units, and {} has none at {id}", self.name(p), self.name(p)),
                vec![Cite::AmbushLost, Cite::UnitLocation, Cite::UndoIllegal],
            ));
        }
        Some((
            format!("a unit enters its controller's base or a battlefield they control, and {} does not control {id}", self.name(p)),
            vec![Cite::UnitLocation, Cite::UndoIllegal],
        ))
    }

    /// A card played from facedown leaves its battlefield's Facedown Zone (811.1.d.1).
    pub(super) fn leave_facedown(&mut self, spec: &ItemSpec) {
        if let Some(i) = spec
            .facedown
            .as_deref()
            .and_then(|f| self.board.on_board(f))
        {
            self.board.leave(i, board::Zone::Played);
        }
    }
}
