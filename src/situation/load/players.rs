//! Player names: a name from `players`, or one of the words a key allows instead.

use super::keys::suggest;
use super::reader::Reader;
use super::values::plain_non_text;
use crate::diag::Problem;
use crate::situation::PlayerId;
use crate::yaml::{Loc, Node};

impl Reader<'_> {
    /// A player name; unknown names are reported with the known players.
    pub(super) fn player(&mut self, node: &Node, what: &str) -> Option<PlayerId> {
        // A value YAML reads as null, a boolean or a number names nobody, unless a player of
        // that name (quoted in `players`) was meant.
        if let Some(s) = node.as_scalar().filter(|s| s.may_coerce()) {
            if let Some(kind) = plain_non_text(s.as_str()) {
                let raw = s.as_str().trim();
                let named = self.players.iter().any(|p| p == raw);
                if !named && !self.players.is_empty() {
                    let help = if kind == "null" {
                        format!(
                            "write a player's name after the colon: {}",
                            self.players.join(", ")
                        )
                    } else {
                        format!("name a player: {}", self.players.join(", "))
                    };
                    self.push(
                        Problem::new(
                            "not_text",
                            self.sloc(s),
                            format!("{what} must name a player, found {kind}"),
                        )
                        .label(format!("YAML reads this as {kind}"))
                        .help(help),
                    );
                    return None;
                }
            }
        }
        let name = self.text(node, what)?;
        self.player_named(&name, self.loc(node), what)
    }

    pub(super) fn player_named(&mut self, name: &str, loc: Loc, what: &str) -> Option<PlayerId> {
        self.player_or_word(name, loc, what, &[])
    }

    /// A player's name where `words` (each with what it means) may stand instead: the
    /// "did you mean" looks among both, and the help lists the words too.
    pub(super) fn player_or_word(
        &mut self,
        name: &str,
        loc: Loc,
        what: &str,
        words: &[(&str, &str)],
    ) -> Option<PlayerId> {
        if let Some(i) = self.players.iter().position(|p| p == name) {
            return Some(i);
        }
        if self.players.is_empty() {
            return None; // `players` itself is broken; reported there
        }
        let known = self.players.join(", ");
        let candidates = words
            .iter()
            .map(|(w, _)| *w)
            .chain(self.players.iter().map(String::as_str));
        let listed = if words.is_empty() {
            format!("known players: {known}")
        } else {
            let ws: Vec<String> = words
                .iter()
                .map(|(w, meaning)| format!("`{w}` ({meaning})"))
                .collect();
            format!("write {} or a player's name: {known}", ws.join(", "))
        };
        let help = match suggest(name, candidates) {
            Some(m) => format!("did you mean `{m}`? {listed}"),
            None => listed,
        };
        self.push(
            Problem::new(
                "unknown_player",
                loc,
                format!("{what} names `{name}`, who is not in `players`"),
            )
            .label("unknown player")
            .help(help),
        );
        None
    }
}
