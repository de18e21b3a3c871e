//! The effects of format 1, run in order as an item resolves: conditions first, then counter,
//! kill, instructed plays, extra turns (735-738) and forbidden names.

mod board;
mod counter;
mod counter_limit;
mod kill;
mod leave;
mod play;
mod status;

pub(crate) use kill::{join_and, join_or};

use super::*;

impl<'s> Engine<'s> {
    /// Runs the effects of item `idx` in order as it resolves: a condition is read where its
    /// effect executes, and a false one skips that effect. Returns true when the item countered
    /// itself, which stops its remaining effects (425).
    pub(super) fn run_effects(&mut self, idx: usize) -> Res<bool> {
        let spec = self.inst[idx].spec;
        self.run_list(idx, &spec.effects)
    }

    /// Runs `effects` of item `idx` in order (its effects as it resolves, or its costs as it
    /// is finalized); see [`Engine::run_effects`].
    pub(super) fn run_list(&mut self, idx: usize, effects: &'s [Effect]) -> Res<bool> {
        let iid = self.inst[idx].iid.clone();
        let controller = self.inst[idx].controller;
        let mut countered_self = false;
        for effect in effects {
            if self.inst[idx].no_controller && names_controller(effect) {
                self.step(
                    Some(controller),
                    format!(
                        "{}: skipped, it names its controller and {iid} comes from a battlefield nobody controls, so \"you\" is no one",
                        self.effect_name(effect)
                    ),
                    &[Cite::UncontrolledNoOne],
                    Vec::new(),
                );
                continue;
            }
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
                    if self.counter(idx, target, effect) {
                        countered_self = true;
                        break;
                    }
                }
                EffectKind::Kill(targets) => self.kill(idx, targets, effect)?,
                EffectKind::Damage { targets, amount } => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.damage_effect(idx, &units, *amount)?;
                }
                EffectKind::Heal(targets) => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.heal_effect(idx, &units);
                }
                EffectKind::Move { targets, to } => {
                    let units = self.unit_targets(idx, effect, targets);
                    if !units.is_empty() {
                        self.move_effect(idx, &units, *to);
                    }
                }
                EffectKind::ReturnToHand(targets) => {
                    self.leave_effect(idx, targets, effect, leave::Leaving::Hand);
                }
                EffectKind::Banish(targets) => {
                    self.leave_effect(idx, targets, effect, leave::Leaving::Banishment);
                }
                EffectKind::Recall(targets) => {
                    let units = self.unit_targets(idx, effect, targets);
                    if !units.is_empty() {
                        self.recall_effect(idx, &units);
                    }
                }
                EffectKind::Might {
                    targets,
                    amount,
                    duration,
                } => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.might_effect(idx, &units, *amount, *duration)?;
                }
                EffectKind::Stun(targets) => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.status_effect(idx, &units, status::UnitStatus::Stunned)?;
                }
                EffectKind::Ready(targets) => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.status_effect(idx, &units, status::UnitStatus::Ready)?;
                }
                EffectKind::Exhaust(targets) => {
                    let units = self.unit_targets(idx, effect, targets);
                    self.status_effect(idx, &units, status::UnitStatus::Exhausted)?;
                }
                EffectKind::GainPoint(to) => {
                    let p = match to {
                        PointTo::Controller => controller,
                        PointTo::Player(p) => *p,
                        PointTo::Opponent => self.s.next_player(controller),
                    };
                    self.gain_point(idx, p);
                }
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
                    self.forbidden
                        .push((controller, name.clone(), iid.to_string()));
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
                    step.what = Arc::from(format!("{} (card text: {text})", step.what));
                }
            }
        }
        Ok(countered_self)
    }

    pub(super) fn effect_name(&self, e: &Effect) -> String {
        match &e.kind {
            EffectKind::Text => "the effect".into(),
            EffectKind::Counter(t) => format!("counter {t}"),
            EffectKind::Kill(t) => format!("kill {}", t.join(", ")),
            EffectKind::Play(i) => format!("play {}", i.id),
            EffectKind::ExtraTurn(p) => format!("extra turn for {}", self.name(*p)),
            EffectKind::ForbidName(n) => format!("forbid the name \"{n}\""),
            EffectKind::Damage { targets, amount } => {
                format!("{amount} damage to {}", targets.join(", "))
            }
            EffectKind::Heal(t) => format!("heal {}", t.join(", ")),
            EffectKind::Move { targets, .. } => format!("move {}", targets.join(", ")),
            EffectKind::Recall(t) => format!("recall {}", t.join(", ")),
            EffectKind::ReturnToHand(t) => format!("return {} to hand", t.join(", ")),
            EffectKind::Banish(t) => format!("banish {}", t.join(", ")),
            EffectKind::Might {
                targets, amount, ..
            } => format!("{amount:+} Might to {}", targets.join(", ")),
            EffectKind::Stun(t) => format!("stun {}", t.join(", ")),
            EffectKind::Ready(t) => format!("ready {}", t.join(", ")),
            EffectKind::Exhaust(t) => format!("exhaust {}", t.join(", ")),
            EffectKind::GainPoint(_) => "gain a point".into(),
        }
    }
}

/// Whether an effect writes `controller` (its value or its condition's `by`), which is no one
/// in an item of an uncontrolled battlefield (190.6.d; board extension 12.5).
fn names_controller(e: &Effect) -> bool {
    matches!(e.kind, EffectKind::GainPoint(PointTo::Controller))
        || e.condition
            .as_ref()
            .is_some_and(|c| c.by == PlayedBy::Controller)
}
