//! The Beginning and Ending Phases in board files (315, 317; board extension 4.9): when the Chain
//! is empty outside the Main Phase, the turn goes on to the next step (335). The Beginning Phase:
//! start-of-phase triggers and Temporary (315.2.a.1, 816.1.b), the Scoring Step's Holds
//! (315.2.b.2), Channel and Draw (not modelled), then the Main Phase. The Ending Phase: the
//! Ending Step (317.1.a), the Expiration Step's special cleanup (317.2.a) repeated while anything
//! went through FEPR (317.2.e, 317.2.f), and the end of the turn (317.3).

use super::*;

/// A step of the Beginning or Ending Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PhaseStep {
    /// The Beginning Phase starts (its Beginning Step).
    BeginningStart,
    /// The Scoring Step.
    Scoring,
    /// Channel, Draw and the Main Phase's start, then the Main Phase.
    ChannelDraw,
    /// The Ending Step.
    EndingStep,
    /// A pass of the Expiration Step.
    Expiration,
    /// The Expiration Step's repeat check, then the end of the turn.
    ExpirationCheck,
}

impl<'s> Engine<'s> {
    /// The step that follows the one under way once its Chain is empty (335).
    pub(super) fn phase_after_chain(&self) -> PhaseStep {
        match self.phase_at {
            PhaseStep::BeginningStart => PhaseStep::Scoring,
            PhaseStep::Scoring | PhaseStep::ChannelDraw => PhaseStep::ChannelDraw,
            PhaseStep::EndingStep => PhaseStep::Expiration,
            PhaseStep::Expiration | PhaseStep::ExpirationCheck => PhaseStep::ExpirationCheck,
        }
    }

    /// Runs a step of the Beginning or Ending Phase.
    pub(super) fn phase_step(&mut self, step: PhaseStep) -> Res {
        self.phase_at = step;
        self.priority = None;
        match step {
            PhaseStep::BeginningStart => {
                self.step(
                    Some(self.s.turn),
                    format!(
                        "{}'s Beginning Phase begins: start-of-phase effects",
                        self.name(self.s.turn)
                    ),
                    &[Cite::BeginningPhaseStart],
                    Vec::new(),
                );
                let fired = self.fire_turn_event(|on| match on {
                    TriggerOn::BeginningPhase { any } => Some(!any),
                    _ => None,
                });
                let cites = if fired.iter().any(|f| f.trigger.implicit) {
                    vec![Cite::BeginningPhaseStart, Cite::TemporaryTrigger]
                } else {
                    vec![Cite::BeginningPhaseStart]
                };
                self.put_triggers(fired, "the Beginning Phase began", &cites)?;
                self.outstanding(Cite::CleanupPhase);
            }
            PhaseStep::Scoring => {
                self.holds()?;
                self.outstanding(Cite::CleanupPhase);
            }
            PhaseStep::ChannelDraw => {
                for (what, cite) in [
                    ("Channel Step: runes are channelled (not modelled)", Cite::ChannelStep),
                    ("Draw Step: a card is drawn (not modelled)", Cite::DrawStep),
                    ("The Main Phase begins: rune pools empty and start-of-Main-Phase effects happen (not modelled)", Cite::MainPhaseStart),
                ] {
                    self.step(Some(self.s.turn), what, &[cite], Vec::new());
                }
                self.phase = Phase::Main;
                self.outstanding(Cite::CleanupPhase);
                self.next = Next::Idle;
                return Ok(());
            }
            PhaseStep::EndingStep => {
                self.step(
                    Some(self.s.turn),
                    "The Ending Step begins: end-of-turn effects",
                    &[Cite::EndingStep],
                    Vec::new(),
                );
                let fired = self.fire_turn_event(|on| match on {
                    TriggerOn::EndOfTurn { any } => Some(!any),
                    _ => None,
                });
                self.put_triggers(fired, "the Ending Step began", &[Cite::EndingStep])?;
                self.outstanding(Cite::CleanupPhase);
            }
            PhaseStep::Expiration => {
                self.fepr_since_expiration = false;
                self.special_cleanup(
                    cleanup::Special::Ending,
                    "Expiration Step: the Ending Cleanup",
                    &[Cite::EndingCleanup],
                )?;
                if self.next == Next::End {
                    return Ok(());
                }
            }
            PhaseStep::ExpirationCheck => {
                if self.fepr_since_expiration {
                    self.step(
                        None,
                        "Something went through FEPR during this Expiration Step: it starts again",
                        &[Cite::ExpirationRepeatCheck, Cite::ExpirationRepeats],
                        vec![Note {
                            text: "{0} makes the check outstanding at once, before FEPR; it is read as made after the FEPR that follows the cleanup (the Unleashed patch notes' intent), otherwise the step could never repeat".into(),
                            cites: vec![Cite::ExpirationRepeatCheck],
                        }],
                    );
                    self.next = Next::Phase(PhaseStep::Expiration);
                } else {
                    self.step(
                        None,
                        "Nothing went through FEPR during this Expiration Step: the turn ends",
                        &[Cite::ExpirationRepeats, Cite::TurnEnds],
                        Vec::new(),
                    );
                    self.turn_ended = true;
                    self.end("the turn ended");
                }
                return Ok(());
            }
        }
        self.next = if self.has_pending() {
            Next::Finalize
        } else {
            Next::Idle
        };
        Ok(())
    }

    /// `end_turn` (316.9): the Turn Player ends the turn from a Neutral Open Main Phase; the
    /// Ending Phase begins.
    pub(super) fn end_turn(&mut self, p: PlayerId) {
        self.priority = None;
        self.step(
            Some(p),
            format!("{} ends the turn: the Ending Phase begins", self.name(p)),
            &[Cite::EndTurn],
            Vec::new(),
        );
        self.phase = Phase::Ending;
        self.outstanding(Cite::CleanupPhase);
        self.next = Next::Phase(PhaseStep::EndingStep);
    }
}
