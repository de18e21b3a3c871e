//! Kill (428): one kill action on all the units and gear it names. Before any of them leaves the
//! board, the death triggers of all of them are added as pending, as one event (428.1.a.1.b,
//! 808.1.d.2): several controllers' in turn order from the Turn Player (383.3.d.1), one
//! controller's by `order` (383.3.d); then all go to the trash together (370.1.a.2), unless a
//! death is replaced (board files, 4.7.6). A target not on the board is a mistarget (359.3.e.5,
//! 359.3.e.7); the others are still killed.

use super::*;

impl<'s> Engine<'s> {
    /// A `kill` effect of item `by` on `targets`.
    pub(in crate::engine) fn kill(
        &mut self,
        by: usize,
        targets: &[String],
        effect: &Effect,
    ) -> Res {
        let controller = self.inst[by].controller;
        let dying = self.removable_targets(by, targets, effect, "kill");
        self.kill_action(Some(controller), dying)
    }

    /// The units and gear of `targets` that effect `effect` of item `by` may take off the board
    /// (`verb`: kill, return to hand, banish): each on the board and where its `target_at`
    /// allows; any other is skipped as a mistarget, the rest still happening (359.3.e.5), or,
    /// for an effect that does not choose, passed over.
    pub(in crate::engine) fn removable_targets(
        &mut self,
        by: usize,
        targets: &[String],
        effect: &Effect,
        verb: &str,
    ) -> Vec<usize> {
        let controller = self.inst[by].controller;
        let mut out = Vec::new();
        for target in targets {
            let target = &self.event_id(by, target).to_string();
            match self
                .on_board(target)
                .filter(|&b| self.board.perms[b].killable())
            {
                Some(b) if self.meets(b, self.choice_limit(self.inst[by].spec, effect).0) => {
                    out.push(b);
                }
                found if effect.untargeted => {
                    self.not_affected(controller, &format!("{verb} {target}"), target, found.is_some());
                }
                Some(_) => {
                    let (why, cites) = self.outside_hidden(by, effect, target).unwrap_or_else(|| {
                        (
                            format!("{target} is no longer where the effect may target it"),
                            vec![Cite::MistargetSkip, Cite::MistargetAll],
                        )
                    });
                    self.step(
                        Some(controller),
                        format!("{verb} {target}: skipped, {why} (a mistarget; the rest still happens)"),
                        &cites,
                        Vec::new(),
                    );
                }
                None => self.step(
                    Some(controller),
                    format!("{verb} {target}: skipped, {target} is not on the board (a mistarget; the rest still happens)"),
                    &[Cite::MistargetSkip, Cite::MistargetAll],
                    Vec::new(),
                ),
            }
        }
        out
    }

    /// One kill instruction (4.7.2) on permanents on the board: by a `kill` effect, a Temporary
    /// trigger or a gear's replacement.
    pub(in crate::engine) fn kill_action(
        &mut self,
        who: Option<PlayerId>,
        mut dying: Vec<usize>,
    ) -> Res {
        if dying.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = dying
            .iter()
            .map(|&b| self.board.perms[b].id.clone())
            .collect();
        let (fired, copies) = self.death_triggers(&dying);
        let any = !fired.is_empty();
        let names = if ids.len() == 1 {
            ids[0].clone()
        } else {
            format!("{} (one kill action)", join_and(&ids))
        };
        let verb = if ids.len() == 1 { "is" } else { "are" };
        let what = if !any {
            format!("{names} {verb} killed")
        } else if ids.len() == 1 {
            format!(
                "{names} {verb} killed: its death triggers are added before it leaves the board"
            )
        } else {
            format!("{names} {verb} killed: their death triggers are added before any of them leaves the board")
        };
        let mut cites = vec![Cite::KillDeathTriggers];
        if any {
            cites.push(Cite::DeathknellBeforeTrash);
        }
        if copies {
            cites.extend([Cite::CardText, Cite::DeathknellCopyOrder]);
        }
        self.step(who, what, &cites, Vec::new());
        let cause = self.died_cause(&dying);
        let added = self.put_triggers(
            fired,
            &cause,
            &[Cite::KillDeathTriggers, Cite::DeathknellBeforeTrash],
        )?;
        let mut report = self.replace_deaths(&mut dying, &added);
        self.report_replacements(who, &report);
        self.bury(&dying, &mut report);
        self.changes_to_last_step();
        self.report_tokens(who, &report);
        self.units_died(&dying)?;
        let gear = std::mem::take(&mut report.gear_instead);
        self.kill_action(who, gear)
    }

    /// Shows the replaced deaths of a death action (board files): they happen before the other
    /// deaths of the action (373.1.a).
    pub(in crate::engine) fn report_replacements(
        &mut self,
        who: Option<PlayerId>,
        report: &death::DeathReport,
    ) {
        for r in &report.replaced {
            self.step(who, r.clone(), &report.cites, Vec::new());
        }
        self.changes_to_last_step();
    }

    /// Shows the tokens of a death action that ceased to exist (186.1).
    pub(in crate::engine) fn report_tokens(
        &mut self,
        who: Option<PlayerId>,
        report: &death::DeathReport,
    ) {
        if !report.tokens.is_empty() {
            let verb = if report.tokens.len() == 1 {
                "is a token: it ceases"
            } else {
                "are tokens: they cease"
            };
            self.step(
                who,
                format!(
                    "{} {verb} to exist once put in the trash",
                    join_and(&report.tokens)
                ),
                &[Cite::TokenCeases],
                Vec::new(),
            );
        }
    }
}

/// "a, b and c".
pub(crate) fn join_and(ids: &[String]) -> String {
    join_with(ids, "and")
}

/// "a", "a or b", "a, b or c".
pub(crate) fn join_or(ids: &[String]) -> String {
    join_with(ids, "or")
}

fn join_with(ids: &[String], word: &str) -> String {
    match ids {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}
