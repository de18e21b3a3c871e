//! Kill (428): one kill action on all the units and gear it names. Before any of them leaves the
//! board, the death triggers of all of them are added as pending, as one event (428.1.a.1.b,
//! 808.1.d.2): several controllers' in turn order from the Turn Player (383.3.d.1), one
//! controller's by `order` (383.3.d); then all go to the trash together (370.1.a.2). A target
//! not on the board is a mistarget (359.3.e.5, 359.3.e.7); the others are still killed.

use super::*;

impl<'s> Engine<'s> {
    /// Kill (428): `targets` die together, their death triggers added before they leave.
    pub(in crate::engine) fn kill(&mut self, by: usize, targets: &[String]) -> Res {
        let controller = self.inst[by].controller;
        let mut dying = Vec::new();
        for target in targets {
            match self.on_board(target).filter(|&b| self.board[b].killable) {
                Some(b) => dying.push(b),
                None => self.step(
                    Some(controller),
                    format!("kill {target}: skipped, {target} is not on the board (a mistarget; the rest still happens)"),
                    &[Cite::MistargetSkip, Cite::MistargetAll],
                    Vec::new(),
                ),
            }
        }
        if dying.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = dying.iter().map(|&b| self.board[b].id.clone()).collect();
        let mut fired = Vec::new();
        for &b in &dying {
            let obj = &self.board[b];
            for t in obj.triggers.iter().filter(|t| t.on == TriggerOn::Death) {
                fired.push(Fired {
                    trigger: t,
                    controller: obj.controller,
                });
            }
        }
        let any = !fired.is_empty();
        let (names, verb, their) = if ids.len() == 1 {
            (ids[0].clone(), "is", "its")
        } else {
            (
                format!("{} (one kill action)", join_and(&ids)),
                "are",
                "their",
            )
        };
        self.step(
            Some(controller),
            if any {
                format!(
                    "{names} {verb} killed: {their} death triggers are added before {} the board",
                    if ids.len() == 1 {
                        "it leaves"
                    } else {
                        "any of them leaves"
                    }
                )
            } else {
                format!("{names} {verb} killed")
            },
            if any {
                &[Cite::KillDeathTriggers, Cite::DeathknellBeforeTrash]
            } else {
                &[Cite::KillDeathTriggers]
            },
            Vec::new(),
        );
        let cause = if ids.len() == 1 {
            format!("{} died", ids[0])
        } else {
            format!("{} died together", join_and(&ids))
        };
        self.put_triggers(
            fired,
            &cause,
            &[Cite::KillDeathTriggers, Cite::DeathknellBeforeTrash],
        )?;
        for id in &ids {
            if let Some(b) = self.on_board(id) {
                self.board.remove(b);
            }
        }
        self.out.killed.extend(ids);
        Ok(())
    }
}

/// "a, b and c".
pub(in crate::engine) fn join_and(ids: &[String]) -> String {
    match ids {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
