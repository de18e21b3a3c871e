//! "Played" (350, 419.4.b; October 420.4.b): the cards each player has played this turn, read
//! by Legion (812.1.c) and by `played_this_turn` conditions, with the citations and the July
//! reading note (the Vendetta Rules FAQ).

use super::*;

/// The four filters a "played" count uses, in a fixed order (an index into the counts).
const FILTERS: [CardKind; 4] = [
    CardKind::Card,
    CardKind::Spell,
    CardKind::Unit,
    CardKind::Gear,
];

fn filter_index(kind: CardKind) -> usize {
    FILTERS.iter().position(|k| *k == kind).unwrap_or(0)
}

/// The cards one player has played this turn, with running counts, so a count is the same
/// work on the first item of a turn as on its 100,000th.
#[derive(Debug, Clone, Default)]
pub(super) struct Played<'s> {
    cards: Vec<PlayedCard<'s>>,
    /// How many played cards each filter of [`FILTERS`] counts.
    counts: [usize; 4],
    /// The same counts for the cards with each id (for `other_than`).
    by_id: foldhash::HashMap<Cow<'s, str>, [usize; 4]>,
}

impl<'s> Played<'s> {
    /// Each player's list, with room in its id counts for the items on the Chain that player
    /// controls (each is played once, usually), so the counts are not rebuilt as they grow.
    pub(super) fn for_players(s: &Situation) -> Vec<Self> {
        let mut room = vec![0; s.players.len()];
        for it in &s.chain {
            if let Some(p) = it.controller.filter(|&p| p < room.len()) {
                room[p] += 1;
            }
        }
        room.into_iter()
            .map(|n| Self {
                by_id: foldhash::HashMap::with_capacity_and_hasher(n, Default::default()),
                ..Self::default()
            })
            .collect()
    }

    /// Records a played card.
    pub(super) fn push(&mut self, c: PlayedCard<'s>) {
        let mut add = [0; 4];
        for (k, f) in FILTERS.iter().enumerate() {
            add[k] = usize::from(f.matches(c.kind, c.token));
            self.counts[k] += add[k];
        }
        if let Some(id) = &c.id {
            // The id is copied only the first time it is played.
            match self.by_id.get_mut(id.as_ref()) {
                Some(e) => {
                    for k in 0..4 {
                        e[k] += add[k];
                    }
                }
                None => {
                    self.by_id.insert(id.clone(), add);
                }
            }
        }
        self.cards.push(c);
    }

    /// How many played cards of `kind` there are, leaving out those with id `other_than`.
    fn count(&self, kind: CardKind, other_than: Option<&str>) -> usize {
        let k = filter_index(kind);
        let left_out = other_than
            .and_then(|id| self.by_id.get(id))
            .map_or(0, |c| c[k]);
        self.counts[k] - left_out
    }

    /// Where the card with id `id` stands among the played cards of `kind` (1 for the first).
    fn position(&self, kind: CardKind, id: &str) -> Option<usize> {
        self.cards
            .iter()
            .filter(|c| kind.matches(c.kind, c.token))
            .position(|c| c.id.as_deref() == Some(id))
            .map(|k| k + 1)
    }

    /// The first `n` of them, as named in a step.
    fn first(&self, kind: CardKind, other_than: Option<&str>, n: usize) -> Vec<String> {
        self.cards
            .iter()
            .filter(|c| {
                kind.matches(c.kind, c.token) && (c.id.is_none() || c.id.as_deref() != other_than)
            })
            .take(n)
            .map(|c| {
                c.id.as_deref().map_or_else(
                    || format!("{} (before the file starts)", c.name.unwrap_or("a card")),
                    str::to_string,
                )
            })
            .collect()
    }
}

impl<'s> Engine<'s> {
    /// Whether Legion is active for item `idx`: its controller has played another card this turn.
    pub(super) fn legion_active(&self, idx: usize) -> bool {
        let it = &self.inst[idx];
        self.count_played(it.controller, CardKind::Card, Some(&it.iid)) >= 1
    }

    /// Where item `iid` stands among the cards of `kind` player `p` has played this turn (1
    /// for the first), for "your Nth card" triggers (`you_play` with `nth`).
    pub(super) fn played_position(&self, p: PlayerId, kind: CardKind, iid: &str) -> Option<usize> {
        self.played[p].position(kind, iid)
    }

    pub(super) fn legion_text(&self, idx: usize, active: bool, when: &str) -> String {
        let it = &self.inst[idx];
        if active {
            format!(
                "Legion of {} is active {when}, as {} has played another card this turn: {}",
                it.iid,
                self.name(it.controller),
                self.played_list(it.controller, CardKind::Card, Some(&it.iid))
            )
        } else {
            format!(
                "Legion of {} is not active {when}, as {} has played no other card this turn",
                it.iid,
                self.name(it.controller)
            )
        }
    }

    pub(super) fn count_played(
        &self,
        p: PlayerId,
        kind: CardKind,
        other_than: Option<&str>,
    ) -> usize {
        self.played[p].count(kind, other_than)
    }

    /// The cards counted, as a step names them: the first three, then how many more.
    fn played_list(&self, p: PlayerId, kind: CardKind, other_than: Option<&str>) -> String {
        let total = self.count_played(p, kind, other_than);
        first_of(&self.played[p].first(kind, other_than, 4), total, 3)
    }

    /// Reads a `played_this_turn` condition (419.4.b: "played" means finalized).
    pub(super) fn condition(&self, c: &Condition, controller: PlayerId) -> (bool, String) {
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
            let n = self.count_played(p, c.kind, c.other_than.as_deref());
            let listed = self.played_list(p, c.kind, c.other_than.as_deref());
            (
                n >= c.at_least as usize,
                format!(
                    "{} has played {n} {kinds}(s){other} this turn: {listed}; {} needed",
                    self.name(p),
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
    pub(super) fn condition_cites(&self) -> (Vec<Cite>, Vec<Note>) {
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
}

/// The first `shown` of `total` ids (`ids` holds at least `shown + 1` when there are that
/// many), then how many more ("s0, s2, s4 and 4,996 more"), so a step's text stays the same
/// size however long the turn; "none" for none.
fn first_of(ids: &[String], total: usize, shown: usize) -> String {
    match total {
        0 => "none".to_string(),
        n if n <= shown + 1 => ids.join(", "),
        n => format!(
            "{} and {} more",
            ids[..shown].join(", "),
            thousands(n - shown)
        ),
    }
}

/// A count with thousands separated by commas: 4996 is "4,996".
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_of_ids_are_cut_with_a_count() {
        let ids: Vec<String> = (0..4).map(|k| format!("s{k}")).collect();
        assert_eq!(first_of(&ids[..0], 0, 3), "none");
        assert_eq!(first_of(&ids, 4, 3), "s0, s1, s2, s3");
        assert_eq!(first_of(&ids, 5000, 3), "s0, s1, s2 and 4,997 more");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
