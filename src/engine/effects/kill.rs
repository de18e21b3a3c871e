//! Kill (428): the unit's death triggers are added before it leaves the board (428.1.a.1.b,
//! 808.1.d.2); a unit not on the board is a mistarget.

use super::*;

impl<'s> Engine<'s> {
    /// Kill (428): the unit's death triggers are added before it leaves the board.
    pub(in crate::engine) fn kill(&mut self, by: usize, target: &str) -> Res {
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
}
