//! The board keys of an `expect` block (3.9 of the board extension, with 12.9): `points`,
//! `winner`, `control`, `contested`, `conquered`, `held`, `draws`, `combat`, `locations`,
//! `might`, `damage` and `phase`. Battlefields are named by id or name and kept as their id, so
//! that `verify` compares them with the replay's outcome; units, gear and facedown cards are
//! named by id (instances such as `x#2` included), players by name.
//!
//! In a file that is not a board file each of these keys is an input error at the key
//! (principle 1): `killed`, the one `expect` key of 3.9 usable in any file, is read in `expect`.

use super::Reader;
use crate::diag::{did_you_mean, Problem};
use crate::situation::validate::{Ref, RefKind};
use crate::situation::{BoardExpect, CombatResultSpec, ScoredSpec};
use crate::yaml::{Mapping, Node};

/// The board-only keys of `expect` (3.9), in the order of its table.
pub(super) const BOARD_EXPECT_KEYS: &[&str] = &[
    "points",
    "winner",
    "control",
    "contested",
    "conquered",
    "held",
    "draws",
    "combat",
    "locations",
    "might",
    "damage",
    "phase",
];

/// The words of `expect.locations` other than a battlefield.
const PLACE_WORDS: &[&str] = &["base", "trash", "gone", "played", "hand", "banished"];

/// The words of `expect.phase`.
const PHASES: &[&str] = &["beginning", "main", "ending", "ended"];

/// The words of a combat result other than a win.
const RESULT_WORDS: &[&str] = &["no_result", "unfinished"];

/// An example of each key, for the help of a wrong shape.
fn example(key: &str) -> &'static str {
    match key {
        "points" => "`points: { Ana: 6, Ben: 4 }`",
        "draws" => "`draws: { Ana: 1 }`",
        "control" => "`control: { Battlefield 1: Ana, Battlefield 2: none }`",
        "contested" => "`contested: { Battlefield 1: none }`",
        "conquered" => {
            "`conquered: Ana`, `conquered: [Ana, Ben]` or `conquered: { Battlefield 1: Ana }`"
        }
        "held" => "`held: none`, `held: [Ana]` or `held: { Battlefield 2: Ben }`",
        "combat" => "`combat: { Battlefield 1: { winner: Ana, loser: Ben } }`",
        "locations" => "`locations: { loyal-poro: trash, vanguard: Battlefield 1 }`",
        "might" => "`might: { vanguard: 4 }`",
        _ => "`damage: { vanguard: 2 }`",
    }
}

impl<'a> Reader<'a> {
    /// The board keys of one `expect` block (top level, `july` or `october`).
    pub(super) fn board_expect(&mut self, map: &Mapping) -> BoardExpect {
        let mut b = BoardExpect::default();
        if !self.board {
            for (k, _) in map.iter() {
                let key = k.as_str();
                if BOARD_EXPECT_KEYS.contains(&key) {
                    self.push(
                        Problem::new(
                            "board_only",
                            self.sloc(k),
                            format!("`{key}` in `expect` checks the board, and this is not a board file"),
                        )
                        .label("board only")
                        .help("make it a board file by giving it a board key (see \"Board files\" in docs/situation-format.md), for example `might` on the units; or remove it (`killed` works in any file)"),
                    );
                }
            }
            return b;
        }
        b.points = map
            .get_node("points")
            .and_then(|n| self.player_counts(n, "points"));
        b.draws = map
            .get_node("draws")
            .and_then(|n| self.player_counts(n, "draws"));
        b.winner = map
            .get_node("winner")
            .and_then(|n| self.player_or_none(n, "`expect.winner` (a player or none)"));
        for key in ["control", "contested"] {
            let v = map.get_node(key).and_then(|n| {
                let m = self.expect_map(n, key)?;
                let what = format!("`expect.{key}` (a player or none)");
                Some(self.per_battlefield(m, key, |r, v| r.player_or_none(v, &what)))
            });
            if key == "control" {
                b.control = v;
            } else {
                b.contested = v;
            }
        }
        b.conquered = map
            .get_node("conquered")
            .and_then(|n| self.scored(n, "conquered"));
        b.held = map.get_node("held").and_then(|n| self.scored(n, "held"));
        b.combat = map.get_node("combat").and_then(|n| {
            let m = self.expect_map(n, "combat")?;
            Some(self.per_battlefield(m, "combat", |r, v| match v {
                Node::Sequence(seq) => {
                    let all: Vec<Option<CombatResultSpec>> =
                        seq.iter().map(|x| r.combat_result(x)).collect();
                    all.into_iter().collect()
                }
                _ => r.combat_result(v).map(|c| vec![c]),
            }))
        });
        b.locations = map.get_node("locations").and_then(|n| {
            let m = self.expect_map(n, "locations")?;
            let mut out = Vec::new();
            for (k, v) in m.iter() {
                self.refs.push(Ref {
                    id: k.as_str().to_string(),
                    loc: self.sloc(k),
                    kind: RefKind::ExpectLocated,
                });
                if let Some(place) = self.location(v) {
                    out.push((k.as_str().to_string(), place));
                }
            }
            Some(out)
        });
        b.might = map
            .get_node("might")
            .and_then(|n| self.unit_values(n, "might"));
        b.damage = map
            .get_node("damage")
            .and_then(|n| self.unit_values(n, "damage"));
        b.phase = map
            .get_node("phase")
            .and_then(|n| self.word(n, "`expect.phase`", PHASES))
            .map(str::to_string);
        b
    }

    /// The value of `expect.<key>` as a mapping, or a wrong-type problem.
    fn expect_map<'n>(&mut self, node: &'n Node<'n>, key: &str) -> Option<&'n Mapping<'n>> {
        if let Some(m) = node.as_mapping() {
            return Some(m);
        }
        let found = Self::type_name(node);
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("`expect.{key}` must be a mapping, found {found}"),
            )
            .label(format!("expected a mapping, found {found}"))
            .help(format!("write it as a mapping, e.g. {}", example(key))),
        );
        None
    }

    /// A map battlefield -> value, each battlefield named once (by id or name), kept as its id.
    fn per_battlefield<T>(
        &mut self,
        m: &Mapping,
        key: &str,
        mut value: impl FnMut(&mut Self, &Node) -> Option<T>,
    ) -> Vec<(String, T)> {
        let what = format!("`expect.{key}`");
        let mut seen: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for (k, v) in m.iter() {
            let loc = self.sloc(k);
            let Some(i) = self.battlefield(k.as_str(), loc, &what) else {
                continue;
            };
            if seen.contains(&i) {
                let (id, name) = self.battlefields[i].clone();
                self.push(
                    Problem::new(
                        "duplicate_battlefield",
                        loc,
                        format!("{what} names the battlefield {name} twice"),
                    )
                    .label("second time")
                    .help(format!(
                        "name each battlefield once, by its id (`{id}`) or its name"
                    )),
                );
                continue;
            }
            seen.push(i);
            if let Some(t) = value(self, v) {
                out.push((self.battlefields[i].0.clone(), t));
            }
        }
        out
    }

    /// A player name or `none`.
    fn player_or_none(&mut self, node: &Node, what: &str) -> Option<Option<String>> {
        let t = self.text(node, what)?;
        if t == "none" {
            return Some(None);
        }
        self.player_named(&t, self.loc(node), what)?;
        Some(Some(t))
    }

    /// `none`, a name or a list of names: the players (none: an empty list).
    fn players_or_none(&mut self, node: &Node, what: &str) -> Option<Vec<String>> {
        match node {
            Node::Sequence(seq) => {
                let all: Vec<Option<String>> = seq
                    .iter()
                    .map(|n| {
                        let t = self.text(n, what)?;
                        self.player_named(&t, self.loc(n), what).map(|_| t)
                    })
                    .collect();
                all.into_iter().collect()
            }
            Node::Scalar(_) => Some(self.player_or_none(node, what)?.into_iter().collect()),
            Node::Mapping(_) => {
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(node),
                        format!("{what} must be a player, `none` or a list of players"),
                    )
                    .label("expected a name, none or a list, found a mapping")
                    .help("write `Ana`, `none` or `[Ana, Ben]`"),
                );
                None
            }
        }
    }

    /// `conquered` / `held`: a name, `none`, a list of names, or a map battlefield -> name,
    /// `none` or list of names in order.
    fn scored(&mut self, node: &Node, key: &str) -> Option<ScoredSpec> {
        let what = format!("`expect.{key}`");
        match node {
            Node::Mapping(m) => {
                let what = format!("a battlefield's entry of {what} (a player, none or a list of players in order)");
                Some(ScoredSpec::PerBattlefield(self.per_battlefield(
                    m,
                    key,
                    |r, v| r.players_or_none(v, &what),
                )))
            }
            Node::Scalar(s) if s.as_str() == "none" => Some(ScoredSpec::Nobody),
            _ => {
                let what =
                    format!("{what} (a player, none, a list of players or a map of battlefields)");
                self.players_or_none(node, &what).map(ScoredSpec::Players)
            }
        }
    }

    /// One combat result: `no_result`, `unfinished` or `{ winner: <name>, loser: <name> }`.
    fn combat_result(&mut self, node: &Node) -> Option<CombatResultSpec> {
        const HELP: &str = "write `no_result`, `unfinished` (the replay ended before the combat was resolved) or `{ winner: Ana, loser: Ben }`; a list of those for several combats, in order";
        match node {
            Node::Scalar(_) => {
                let t = self.text(node, "a combat result")?;
                match t.as_str() {
                    "no_result" => Some(CombatResultSpec::NoResult),
                    "unfinished" => Some(CombatResultSpec::Unfinished),
                    _ => {
                        let help = match did_you_mean(&t, RESULT_WORDS.iter().copied()) {
                            Some(m) => format!("did you mean `{m}`? {HELP}"),
                            None => HELP.to_string(),
                        };
                        self.push(
                            Problem::new(
                                "bad_combat",
                                self.loc(node),
                                format!("`{t}` is not a combat result"),
                            )
                            .label("not a combat result")
                            .help(help),
                        );
                        None
                    }
                }
            }
            Node::Mapping(_) => {
                let m = self.mapping(
                    node,
                    "a combat result",
                    &["winner", "loser"],
                    "`{ winner: Ana, loser: Ben }`",
                )?;
                let winner = self
                    .require(m, node, "winner", "a combat result")
                    .and_then(|n| self.player(n, "the winner of a combat"));
                let loser = self
                    .require(m, node, "loser", "a combat result")
                    .and_then(|n| self.player(n, "the loser of a combat"));
                let (w, l) = (winner?, loser?);
                if w == l {
                    let n = m.get_node("loser")?;
                    self.push(
                        Problem::new(
                            "bad_combat",
                            self.loc(n),
                            "a combat's winner and loser are two different players",
                        )
                        .label("same as the winner")
                        .help("name the other participant as the loser, or write `no_result`"),
                    );
                    return None;
                }
                Some(CombatResultSpec::Won {
                    winner: self.players[w].clone(),
                    loser: self.players[l].clone(),
                })
            }
            Node::Sequence(_) => {
                self.push(
                    Problem::new(
                        "bad_combat",
                        self.loc(node),
                        "a list inside a list is not a combat result",
                    )
                    .label("expected one result")
                    .help(HELP),
                );
                None
            }
        }
    }

    /// `points` / `draws`: a map player -> whole number ≥ 0.
    fn player_counts(&mut self, node: &Node, key: &str) -> Option<Vec<(String, i64)>> {
        let m = self.expect_map(node, key)?;
        let what = format!("`expect.{key}`");
        let mut out = Vec::new();
        for (k, v) in m.iter() {
            let name = k.as_str();
            if self.player_named(name, self.sloc(k), &what).is_none() {
                continue;
            }
            let Some(n) = self.integer(v, &format!("{what} of {name}")) else {
                continue;
            };
            if n < 0 {
                let (msg, help) = if key == "draws" {
                    ("cards drawn cannot be fewer than 0", "write 0 or more")
                } else {
                    ("points cannot be negative", "write 0 or more")
                };
                self.push(
                    Problem::new("bad_value", self.loc(v), msg)
                        .label("out of range")
                        .help(help),
                );
                continue;
            }
            out.push((name.to_string(), n));
        }
        Some(out)
    }

    /// `might` / `damage`: a map unit id -> whole number (damage ≥ 0).
    fn unit_values(&mut self, node: &Node, key: &str) -> Option<Vec<(String, i64)>> {
        let m = self.expect_map(node, key)?;
        let mut out = Vec::new();
        for (k, v) in m.iter() {
            let id = k.as_str();
            self.refs.push(Ref {
                id: id.to_string(),
                loc: self.sloc(k),
                kind: RefKind::ExpectUnit,
            });
            let Some(n) = self.integer(v, &format!("`expect.{key}` of {id}")) else {
                continue;
            };
            if key == "damage" && n < 0 {
                self.push(
                    Problem::new("bad_value", self.loc(v), "damage cannot be negative")
                        .label("out of range")
                        .help("write 0 or more"),
                );
                continue;
            }
            out.push((id.to_string(), n));
        }
        Some(out)
    }

    /// A value of `expect.locations`: `base`, `trash`, `gone`, `played`, or a declared
    /// battlefield (kept as its id).
    fn location(&mut self, node: &Node) -> Option<String> {
        let t = self.text(node, "a place in `expect.locations`")?;
        if PLACE_WORDS.contains(&t.as_str()) {
            return Some(t);
        }
        if let Some((id, _)) = self
            .battlefields
            .iter()
            .find(|(id, name)| *id == t || *name == t)
        {
            return Some(id.clone());
        }
        let names: Vec<&str> = self.battlefields.iter().map(|(_, n)| n.as_str()).collect();
        let all = PLACE_WORDS.iter().copied().chain(names.iter().copied());
        let list = format!(
            "base, trash, gone, played, or a battlefield: {}",
            names.join(", ")
        );
        let help = match did_you_mean(&t, all) {
            Some(m) => format!("did you mean `{m}`? write {list}"),
            None => format!("write {list}"),
        };
        self.push(
            Problem::new(
                "unknown_battlefield",
                self.loc(node),
                format!("`expect.locations`: `{t}` is neither base, trash, gone, played nor a declared battlefield"),
            )
            .label("unknown place")
            .help(help),
        );
        None
    }
}
