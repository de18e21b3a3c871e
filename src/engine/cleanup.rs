//! Cleanups (318-324; board extension 4.2, 4.3): called by the events of 319, never during a
//! resolution (321.1), repeated until one changes nothing (322, 324.2), each running the tasks
//! of 323 in order: the win (323.1), designations (323.2), lethal damage (July 323.4 and 323.5;
//! October's single kill step, 808.1.d.2), the special cleanups' inserts (466.1.a, 317.2), control
//! (323.6), facedown cards (323.7), staging (323.8-323.10), Contested (323.11), and beginning a
//! showdown or combat (323.12-323.14).
//!
//! This module runs cleanups and shows them; the tasks live in `units` (323.1-323.5 and the
//! special cleanups' inserts) and `battlefields` (323.6-323.14).
//!
//! Each task looks only at what changed (the board's indexes) or at the battlefields, never at
//! every unit on the board.

mod battlefields;
mod units;

use super::*;

/// A special cleanup's inserts (324).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Special {
    /// The Combat Cleanup (466.1.a).
    Combat,
    /// The Ending Cleanup of the Expiration Step (317.2.a).
    Ending,
}

/// One cleanup being run: how its first shown task is introduced, and what it did.
struct Run {
    intro: String,
    cites: Vec<Cite>,
    /// Notes for the first step shown (a reading about the cleanup as a whole).
    notes: Vec<Note>,
    shown: bool,
    changed: bool,
    /// Battlefields where this cleanup staged a showdown (R14).
    staged_now: Vec<usize>,
    /// How the last task shown opens when told short ([`crate::trace::Step::brief`]): "Cleanup", or a special
    /// cleanup's own intro ("Resolution Step, task 1: the Combat Cleanup").
    brief_prefix: String,
}

impl<'s> Engine<'s> {
    /// Runs the outstanding cleanup and those that follow it until one changes nothing (322).
    pub(super) fn cleanups(&mut self) -> Res {
        let Some(cause) = self.cleanup_due.take() else {
            return Ok(());
        };
        let mut cites = vec![cause];
        let mut intro = format!("Cleanup (called: {})", cause_words(cause));
        if self.cleanup_deferred {
            cites.extend([Cite::CleanupDeferred, Cite::TasksAfterStep]);
            intro = format!(
                "Cleanup (called: {}, during the resolution; it waited until the Resolve step was complete)",
                cause_words(cause)
            );
        }
        let notes = if self.cleanup_deferred
            && self.showdown.is_some()
            && self.focus.is_some()
            && self.chain.is_empty()
        {
            self.reading_once("R3", Note {
                text: "the cleanup waits for the whole Resolve step ({0}), so when the Chain emptied, {1} had already passed Focus; the other reading runs it between the resolution and {1}, the Chain going on (reading R3)".into(),
                cites: vec![Cite::TasksAfterStep, Cite::FocusPassesOnEmpty],
            })
        } else {
            Vec::new()
        };
        self.cleanup_deferred = false;
        let changed = self.cleanup(None, intro, cites, notes)?;
        self.cascade(
            changed,
            "Cleanup (the last one changed something, so another follows)",
            Cite::CleanupCascade,
        )?;
        self.after_cleanups();
        Ok(())
    }

    /// After a cleanup that changed something, normal cleanups until one changes nothing (322,
    /// or 324.2 after a special cleanup).
    fn cascade(&mut self, mut changed: bool, intro: &str, cite: Cite) -> Res {
        while changed && self.next != Next::End {
            self.cleanup_due = None;
            changed = self.cleanup(None, intro.to_string(), vec![cite], Vec::new())?;
        }
        self.cleanup_due = None;
        Ok(())
    }

    /// Gives the task just shown its short telling, opened as the step is ("Cleanup: ...").
    fn brief_task(&mut self, run: &Run, short: &str) {
        self.brief(format!("{}: {short}", run.brief_prefix));
    }

    /// A special cleanup (always shown), then normal cleanups as needed (324.2).
    pub(super) fn special_cleanup(&mut self, special: Special, intro: &str, cites: &[Cite]) -> Res {
        self.cleanup_due = None;
        let changed = self.cleanup(Some(special), intro.to_string(), cites.to_vec(), Vec::new())?;
        self.cascade(
            changed,
            "Cleanup (a normal cleanup follows the special one)",
            Cite::SpecialCleanupCascade,
        )
    }

    /// After cleanups: pending items they added are finalized before anyone acts (334.2,
    /// 337.1), so 337.4 may take Priority from the player 340.4 gave it to (312.3).
    fn after_cleanups(&mut self) {
        if self.next == Next::End {
            return;
        }
        if self.has_pending() && matches!(self.next, Next::Execute(_) | Next::Idle) {
            self.priority = None;
            self.next = Next::Finalize;
        }
    }

    /// Shows a task of the cleanup (introduced the first time) and marks the cleanup changed.
    fn task(&mut self, run: &mut Run, who: Option<PlayerId>, what: String, cites: &[Cite]) {
        run.changed = true;
        self.show(run, who, what, cites);
    }

    fn show(&mut self, run: &mut Run, who: Option<PlayerId>, what: String, cites: &[Cite]) {
        self.show_noted(run, who, what, cites, Vec::new());
    }

    /// Shows a task with notes (a reading followed at this task).
    fn show_noted(
        &mut self,
        run: &mut Run,
        who: Option<PlayerId>,
        what: String,
        cites: &[Cite],
        mut notes: Vec<Note>,
    ) {
        // The compact view leaves out why the cleanup was called (its rule is cited).
        let verbose = !run.shown && run.intro.starts_with("Cleanup (");
        run.brief_prefix = if run.shown || verbose {
            "Cleanup".to_string()
        } else {
            run.intro.clone()
        };
        let brief = verbose.then(|| format!("Cleanup: {what}"));
        let (what, cites) = if run.shown {
            (format!("Cleanup: {what}"), cites.to_vec())
        } else {
            run.shown = true;
            let mut all = run.cites.clone();
            all.extend_from_slice(cites);
            notes.splice(0..0, std::mem::take(&mut run.notes));
            (format!("{}: {what}", run.intro), all)
        };
        self.step(who, what, &cites, notes);
        if let Some(b) = brief {
            self.brief(b);
        }
    }

    /// One cleanup, task by task (323). Returns whether it changed anything.
    fn cleanup(
        &mut self,
        special: Option<Special>,
        intro: String,
        cites: Vec<Cite>,
        notes: Vec<Note>,
    ) -> Res<bool> {
        let mut run = Run {
            intro,
            cites,
            notes,
            shown: false,
            changed: false,
            staged_now: Vec::new(),
            brief_prefix: String::new(),
        };
        let chain_before = self.chain.len();
        // 1. The win (323.1, 472).
        if self.win_task(&mut run) {
            return Ok(false);
        }
        // 2. Designations (323.2), while a combat is under way.
        self.designation_task(&mut run)?;
        // 3. Lethal damage: July 3a and 3b; October one kill step (row 7).
        self.lethal_task(&mut run)?;
        // The special cleanups' inserts.
        match special {
            Some(Special::Combat) => self.combat_inserts(&mut run),
            Some(Special::Ending) => self.ending_inserts(&mut run)?,
            None => {}
        }
        // 4. Control lost (323.6, 190.4.c).
        self.control_task(&mut run, self.chain.len() > chain_before);
        // 5. Facedown cards (323.7).
        self.facedown_task(&mut run);
        // 6, 7. Staging (323.8-323.10).
        self.staging_task(&mut run);
        // 8. Contested (323.11).
        self.contested_task(&mut run);
        // 9, 10, 10a. A showdown or combat begins (323.12-323.14).
        self.begin_task(&mut run)?;
        if run.changed && self.chain.len() > chain_before {
            self.step(
                None,
                "Cleanup: the items it added wait as pending; nothing is finalized or resolved, and no Priority is given, during a cleanup",
                &[Cite::CleanupNothingResolves, Cite::CleanupAddsPending],
                Vec::new(),
            );
        }
        Ok(run.changed)
    }
}

/// The event of 319 that called a cleanup, in words.
fn cause_words(c: Cite) -> &'static str {
    match c {
        Cite::CleanupOpenClosed => "the Chain opened or closed",
        Cite::CleanupPhase => "a phase or step changed",
        Cite::CleanupPendingAdded => "an item was added to the Chain",
        Cite::CleanupFinalized => "an item was finalized",
        Cite::CleanupLeftChain => "an item left the Chain",
        Cite::CleanupBoardChange => "something entered or left the board",
        Cite::CleanupMove | Cite::MoveCleanup => "a move was completed",
        _ => "a status changed",
    }
}

/// Reading R2: July's staging tasks read literally stage at the battlefield of a combat under
/// way.
pub(super) fn r2_note() -> Note {
    Note {
        text: "{0} and {1} stage at every contested battlefield, read literally also where a combat is under way, so the attacker who clears the battlefield settles control only after a further showdown (followed under July); the other reading stages nothing during a combat, which is October's text and tournament practice".into(),
        cites: vec![Cite::ShowdownStaged, Cite::CombatStaged],
    }
}
