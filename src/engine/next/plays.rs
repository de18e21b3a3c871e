//! What a player holding Priority may play or activate (308-310, 381, 806, 813), a card hidden
//! facedown (811) and a unit with Ambush (822.1.b), and what is refused now; then moves, the
//! pass and ending the turn, in that order.

use super::*;

impl<'s> Engine<'s> {
    /// What `p`, holding Priority, may do and may not.
    pub(super) fn with_priority(&self, p: PlayerId) -> (Vec<May>, Vec<NotNow>) {
        let mut may = Vec::new();
        let mut not_now = Vec::new();
        // Each timing class: keyword, its name in the JSON, what it plays, what an ability of
        // that timing is called, the keys a play of it writes.
        let kinds: [(Option<Keyword>, &str, &str, &str, &str); 3] = [
            (
                None,
                "none",
                "a card with no timing keyword (a unit, gear or spell)",
                "no timing keyword",
                "",
            ),
            (
                Some(Keyword::Action),
                "action",
                "an Action item",
                "Action timing",
                ", keyword: action",
            ),
            (
                Some(Keyword::Reaction),
                "reaction",
                "a Reaction item",
                "Reaction timing",
                ", keyword: reaction",
            ),
        ];
        for (keyword, timing, what, _, keys) in kinds {
            match self.timing_of(p, keyword, false) {
                Ok(cite) => may.push(
                    May::new(
                        ActionWord::Play,
                        format!("play {what}"),
                        self.play_line(p, &format!("kind: spell{keys}")),
                        &[cite],
                    )
                    .with("timing", timing),
                ),
                Err(cite) => not_now.push(NotNow {
                    action: ActionWord::Play,
                    what: what.to_string(),
                    timing: Some(timing),
                    why: self.timing_words(p),
                    cites: vec![cite],
                }),
            }
        }
        self.hidden_and_ambush(p, &mut may);
        let allowed: Vec<_> = kinds
            .iter()
            .filter_map(|k| self.timing_of(p, k.0, true).ok().map(|c| (k, c)))
            .collect();
        if let Some(((_, _, _, _, keys), _)) = allowed.first() {
            let names: Vec<String> = allowed.iter().map(|(k, _)| k.3.to_string()).collect();
            let cites: Vec<Cite> = allowed.iter().map(|(_, c)| *c).collect();
            let write = format!(
                "- play: {{ name: Ability, controller: {}, kind: activated{keys} }}",
                self.name(p)
            );
            may.push(
                May::new(
                    ActionWord::Activate,
                    format!("activate an ability with {}", join_or(&names)),
                    write,
                    &cites,
                )
                .with(
                    "timing",
                    allowed.iter().map(|(k, _)| k.1).collect::<Vec<_>>(),
                ),
            );
        }
        self.moves(p, &mut may, &mut not_now);
        may.push(self.pass_choice(p));
        // `end_turn` is a board file's action (board extension 2): in format 1 the pass ends
        // the Main Phase.
        if self.board_on
            && self.state() == TurnState::NeutralOpen
            && self.phase == Phase::Main
            && p == self.s.turn
        {
            may.push(May::new(
                ActionWord::EndTurn,
                "end the turn: the Ending Phase begins",
                format!("- end_turn: {}", self.name(p)),
                &[Cite::EndTurn],
            ));
        }
        (may, not_now)
    }

    /// A `play` line for `p` of a placeholder card with `keys` (`kind: spell, keyword: action`).
    fn play_line(&self, p: PlayerId, keys: &str) -> String {
        format!(
            "- play: {{ name: Card, controller: {}, {keys} }}",
            self.name(p)
        )
    }

    /// Why a card with no timing keyword may not be played now, in words.
    pub(super) fn timing_words(&self, p: PlayerId) -> String {
        if !self.chain.is_empty() {
            "a Chain exists (the turn is Closed): only Reaction items".into()
        } else if self.showdown.is_some() {
            "a showdown is under way: only Action and Reaction items".into()
        } else if p != self.s.turn {
            format!("it is {}'s turn", self.name(self.s.turn))
        } else {
            String::new()
        }
    }

    /// Plays a board allows beyond the timing keywords: `p`'s facedown cards (Hidden, 811) and
    /// units with Ambush where `p` has units (822.1.b), when a plain card could not be played.
    pub(super) fn hidden_and_ambush(&self, p: PlayerId, may: &mut Vec<May>) {
        if !self.board_on {
            may.push(self.hidden_unlisted(p));
            return;
        }
        let hidden: Vec<String> = self
            .board
            .perms
            .iter()
            .filter(|x| {
                x.kind == BoardKind::Facedown
                    && x.controller == Some(p)
                    && matches!(x.zone, board::Zone::Board(_))
                    // Hidden this turn: playable from the next turn only (811.1.b).
                    && !self.s.board.iter().any(|b| b.id == x.id && b.hidden_this_turn)
            })
            .map(|x| x.id.clone())
            .collect();
        if let Some(first) = hidden.first() {
            let write = self.play_line(p, &format!("kind: spell, from: hidden, facedown: {first}"));
            may.push(
                May::new(
                    ActionWord::Play,
                    format!("play a facedown card (Hidden): {}", join_or(&hidden)),
                    write,
                    &[Cite::HiddenKeyword],
                )
                .with("timing", "hidden")
                .with("cards", hidden),
            );
        } else if self.may_hide_unlisted(p) {
            may.push(self.hidden_unlisted(p));
        }
        let plain = self.timing_of(p, None, false).is_ok();
        let places: Vec<String> = (0..self.board.bfs.len())
            .filter(|&bf| self.board.bfs[bf].has_units(p))
            .map(|bf| self.board.bf_id(bf).to_string())
            .collect();
        if let (false, Some(first)) = (plain, places.first()) {
            // A board file's unit needs its Might: a placeholder to change.
            let write = self.play_line(
                p,
                &format!("kind: unit, might: 2, ambush: true, at: {first}"),
            );
            may.push(
                May::new(
                    ActionWord::Play,
                    format!(
                        "play a unit with Ambush to {}, where they have units",
                        join_or(&places)
                    ),
                    write,
                    &[Cite::AmbushKeyword],
                )
                .with("timing", "ambush")
                .with("to", places),
            );
        }
    }

    /// Whether `p` may hold a facedown card the board file does not list: only at a
    /// battlefield they control (811.1.b; a cleanup trashes it when they lose control, 323.7),
    /// and only when the file lists no facedown card at all (one that lists some lists all).
    pub(super) fn may_hide_unlisted(&self, p: PlayerId) -> bool {
        let listed = self.s.board.iter().any(|b| b.kind == BoardKind::Facedown);
        !listed && self.board.bfs.iter().any(|b| b.controller == Some(p))
    }

    /// A play from facedown when the file lists no facedown card of the player's: one they hid
    /// may still be played, with Reaction timing (811).
    pub(super) fn hidden_unlisted(&self, p: PlayerId) -> May {
        May::new(
            ActionWord::Play,
            "play a card they hid facedown, if they have one (Hidden: any time they hold Priority)",
            self.play_line(p, "kind: spell, from: hidden"),
            &[Cite::HiddenKeyword],
        )
        .with("timing", "hidden")
    }
}
