//! Reading a situation file: YAML tree first (syntax errors where the YAML is invalid), then a
//! walk of the tree against format 1 that collects every problem, then the cross-checks of
//! `validate`.
//!
//! This file holds `load` and the walk of the top-level keys ("Top-level keys" in
//! `docs/situation-format.md`): `format`, `title`, `rules`, `date`, `turn`, `phase`, `step`,
//! `priority` and `passed` are read here; every other section has its own file:
//!
//! - `reader`: the `Reader` and its primitives (mappings, required keys, text, booleans,
//!   whole numbers, words, lists, player names);
//! - `turn`: `players`, `showdown` and `played_this_turn`;
//! - `ids`: default ids ("Ids");
//! - `board`: `board` objects;
//! - `item`: chain items (`chain`, a `play` action, a `play` effect, a trigger's `item`);
//! - `effect`: effects and their `if` conditions ("Effects", "Conditions and "played"");
//! - `trigger`: triggers and their carriers ("Triggers");
//! - `action`: `actions`;
//! - `expect`: `expect`;
//! - `expect_board`: the board keys of `expect` (3.9 of the board extension);
//! - `ruling`: the `ruling` block of a rulings file ("Rulings files").

mod action;
mod board;
mod board_model;
mod effect;
mod expect;
mod expect_board;
mod ids;
mod item;
mod permanent;
mod reader;
mod ruling;
mod trigger;
mod turn;

use self::item::Place;
use self::reader::Reader;
use super::validate::{self, Registry};
use super::{Phase, PhaseStep, RulesChoice, Situation};
use crate::diag::{FileProblems, Problem};
use crate::yaml::{parse_tree, Text};
use marked_yaml::Node;
use std::collections::HashMap;

/// Loads and validates a situation (or rulings) file.
///
/// `path` is used for the default title and in diagnostics; `src` is the file's text.
///
/// # Errors
/// [`FileProblems`] listing every problem found, each at its node's line and column.
pub fn load(path: &str, src: &str) -> Result<Situation, FileProblems> {
    // A byte-order mark is allowed at the start of a YAML file; it is not part of the first key.
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let fail = |problems: Vec<Problem>| FileProblems {
        path: path.to_string(),
        text: src.to_string(),
        problems,
        during_replay: false,
    };
    let tree = match parse_tree(src) {
        Ok(t) => t,
        Err(ps) => {
            return Err(fail(
                ps.into_iter()
                    .map(|p| {
                        Problem::new("yaml", p.loc, p.message)
                            .label("here")
                            .help(p.help)
                    })
                    .collect(),
            ))
        }
    };
    let mut r = Reader {
        src,
        text: Text::new(src),
        problems: Vec::new(),
        reg: Registry::default(),
        refs: Vec::new(),
        keys: HashMap::new(),
        players: Vec::new(),
        board: false,
        battlefields: Vec::new(),
        unit_controllers: HashMap::new(),
        moves: 0,
        assigns: 0,
    };
    let situation = r.situation(path, &tree);
    if let Some(s) = &situation {
        validate::check(s, &r.reg, &r.refs, &r.keys, &mut r.problems);
    }
    let mut problems = r.problems;
    problems.sort_by_key(|p| p.loc.offset);
    problems.dedup_by(|a, b| a.loc == b.loc && a.message == b.message);
    match situation {
        Some(s) if problems.is_empty() => Ok(s),
        _ => Err(fail(problems)),
    }
}

const TOP_KEYS: &[&str] = &[
    "format",
    "title",
    "rules",
    "date",
    "players",
    "turn",
    "phase",
    "step",
    "showdown",
    "played_this_turn",
    "board",
    "chain",
    "priority",
    "passed",
    "actions",
    "expect",
    "ruling",
    "points",
    "victory_score",
];
/// Top-level keys that describe the file, not the situation: a rulings file may hold only these.
const META_KEYS: &[&str] = &["format", "title", "rules", "date", "ruling"];

impl<'a> Reader<'a> {
    fn situation(&mut self, path: &str, tree: &Node) -> Option<Situation> {
        let map = self.mapping(tree, "the file", TOP_KEYS, "`format: 1`")?;
        for (k, v) in map.iter() {
            if let Some(key) = TOP_KEYS.iter().find(|t| **t == k.as_str()) {
                self.keys.insert(key, self.loc(v));
            }
        }
        if let Some(n) = map.get_node("format") {
            if let Some(v) = self.integer(n, "`format`") {
                if v != 1 {
                    self.push(
                        Problem::new(
                            "format",
                            self.loc(n),
                            format!("format {v} is not supported"),
                        )
                        .label("unsupported format")
                        .help("this version of chainjudge reads format 1: write `format: 1`"),
                    );
                }
            }
        }
        let title = match map.get_node("title") {
            Some(n) => self.text(n, "`title`").unwrap_or_default(),
            None => std::path::Path::new(path)
                .file_stem()
                .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned()),
        };
        let rules_explicit = map
            .get_node("rules")
            .and_then(|n| self.word(n, "`rules`", &["july", "october", "both"]));
        let date = map.get_node("date").and_then(|n| {
            let t = self.text(n, "`date`")?;
            if validate::is_date(&t) {
                Some(t)
            } else {
                self.push(
                    Problem::new("date", self.loc(n), format!("`{t}` is not a date"))
                        .label("expected YYYY-MM-DD")
                        .help("write the day of the game as YYYY-MM-DD, e.g. 2026-08-20"),
                );
                None
            }
        });
        let rules = match rules_explicit {
            Some("july") => RulesChoice::July,
            Some("october") => RulesChoice::October,
            Some(_) => RulesChoice::Both,
            None => match &date {
                Some(d) if map.get_node("rules").is_none() => {
                    validate::edition_in_force(d).unwrap_or(RulesChoice::Both)
                }
                _ => RulesChoice::Both,
            },
        };
        let ruling = map.get_node("ruling").and_then(|n| self.ruling(n));
        let has_situation = TOP_KEYS
            .iter()
            .filter(|k| !META_KEYS.contains(k))
            .any(|k| map.get_node(k).is_some());
        if !has_situation {
            if ruling.is_none() && map.get_node("ruling").is_none() {
                self.push(
                    Problem::new(
                        "missing_key",
                        self.map_first_line(tree),
                        "the file has no `players`",
                    )
                    .label("`players` is missing")
                    .help("add `players: [Ana, Ben]` (turn order), a `chain` and `actions`"),
                );
                return None;
            }
            return Some(Situation {
                path: path.to_string(),
                source: self.src.to_string(),
                title,
                rules,
                date,
                players: Vec::new(),
                turn: 0,
                phase: Phase::Main,
                step: None,
                showdown: None,
                played_this_turn: Vec::new(),
                board: Vec::new(),
                board_model: None,
                battlefields: Vec::new(),
                points: Vec::new(),
                victory_score: 8,
                chain: Vec::new(),
                priority: None,
                passed: None,
                actions: Vec::new(),
                expect: None,
                expect_loc: None,
                ruling,
                has_situation: false,
            });
        }
        // Players first: every other key refers to them.
        let players_node = self.require(map, tree, "players", "the file");
        if let Some(n) = players_node {
            self.players_list(n);
        }
        // A board file? (board extension, principle 1) Its battlefields are named everywhere.
        let board_model = self.find_board_model(tree);
        self.board = board_model.is_some();
        if self.board {
            self.battlefields = self.battlefield_names(map.get_node("board"));
        }
        let turn = map
            .get_node("turn")
            .and_then(|n| self.player(n, "`turn`"))
            .unwrap_or(0);
        let phase = match map
            .get_node("phase")
            .and_then(|n| self.word(n, "`phase`", &["beginning", "main", "ending"]))
        {
            Some("beginning") => Phase::Beginning,
            Some("ending") => Phase::Ending,
            _ => Phase::Main,
        };
        let step = map.get_node("step").and_then(|n| {
            let words: &[&'static str] = if self.board {
                &["start", "beginning", "ending", "expiration"]
            } else {
                &["ending", "expiration"]
            };
            match self.word(n, "`step`", words)? {
                "start" => Some(PhaseStep::Start),
                "beginning" => Some(PhaseStep::Beginning),
                "ending" => Some(PhaseStep::Ending),
                _ => Some(PhaseStep::Expiration),
            }
        });
        let points = self.points(map.get_node("points"));
        let victory_score = map
            .get_node("victory_score")
            .and_then(|n| {
                let v = self.integer(n, "`victory_score`")?;
                if v < 1 {
                    self.push(
                        Problem::new(
                            "bad_value",
                            self.loc(n),
                            "`victory_score` must be at least 1 (483.3.a)",
                        )
                        .label("out of range")
                        .help("write 1 or more (8 in a 2-4 player game)"),
                    );
                }
                Some(v)
            })
            .unwrap_or(8);
        let showdown = map.get_node("showdown").and_then(|n| self.showdown(n));
        let played_this_turn = map
            .get_node("played_this_turn")
            .map(|n| self.played(n))
            .unwrap_or_else(|| vec![Vec::new(); self.players.len()]);
        let board: Vec<super::BoardSpec> = map
            .get_node("board")
            .and_then(|n| self.list(n, "`board`"))
            .map(|seq| seq.iter().filter_map(|n| self.board_object(n)).collect())
            .unwrap_or_default();
        let chain = map
            .get_node("chain")
            .and_then(|n| self.list(n, "`chain`"))
            .map(|seq| {
                seq.iter()
                    .filter_map(|n| self.item(n, Place::Chain))
                    .collect()
            })
            .unwrap_or_default();
        let priority = map
            .get_node("priority")
            .and_then(|n| self.player(n, "`priority`"));
        let passed = map.get_node("passed").and_then(|n| {
            let seq = self.list(n, "`passed`")?;
            Some(
                seq.iter()
                    .filter_map(|p| self.player(p, "`passed`"))
                    .collect(),
            )
        });
        let actions = map
            .get_node("actions")
            .and_then(|n| self.list(n, "`actions`"))
            .map(|seq| seq.iter().filter_map(|n| self.action(n)).collect())
            .unwrap_or_default();
        let mut board = board;
        if let Some(sd) = &showdown {
            self.default_contester(sd, &mut board);
        }
        let expect_loc = map.get_node("expect").map(|n| self.map_first_line(n));
        let expect = map.get_node("expect").and_then(|n| self.expect(n));
        if self.players.is_empty() {
            return None;
        }
        Some(Situation {
            path: path.to_string(),
            source: self.src.to_string(),
            title,
            rules,
            date,
            players: self.players.clone(),
            turn,
            phase,
            step,
            showdown,
            played_this_turn,
            battlefields: board
                .iter()
                .enumerate()
                .filter(|(_, b)| b.kind == super::BoardKind::Battlefield)
                .map(|(i, _)| i)
                .collect(),
            board_model,
            points,
            victory_score,
            board,
            chain,
            priority,
            passed,
            actions,
            expect,
            expect_loc,
            ruling,
            has_situation: true,
        })
    }

    /// `points` (194): name -> whole number ≥ 0 (194.4); 0 for a player not listed.
    fn points(&mut self, node: Option<&Node>) -> Vec<i64> {
        let mut out = vec![0; self.players.len()];
        let Some(node) = node else { return out };
        let Some(m) = node.as_mapping() else {
            self.push(
                Problem::new(
                    "wrong_type",
                    self.loc(node),
                    "`points` maps players to points",
                )
                .label(format!("found {}", Self::type_name(node)))
                .help("write `points: { Ana: 3, Ben: 2 }`"),
            );
            return out;
        };
        for (k, v) in m.iter() {
            let Some(p) = self.player_named(k.as_str(), self.sloc(k), "`points`") else {
                continue;
            };
            if let Some(n) = self.integer(v, "points") {
                if n < 0 {
                    self.push(
                        Problem::new(
                            "bad_value",
                            self.loc(v),
                            "points cannot be negative (194.4)",
                        )
                        .label("out of range")
                        .help("write 0 or more"),
                    );
                }
                out[p] = n;
            }
        }
        out
    }

    /// The showdown's battlefield is Contested (190.3.b): by the attacker in a combat (464.2.c.1),
    /// otherwise by the one player other than its controller with units there, unless the file
    /// writes `contested_by` (board extension 3.1).
    fn default_contester(&mut self, sd: &super::ShowdownSpec, board: &mut [super::BoardSpec]) {
        let Some(k) = sd.place else { return };
        let Some(bf) = board
            .iter()
            .filter(|b| b.kind == super::BoardKind::Battlefield)
            .nth(k)
            .map(|b| b.id.clone())
        else {
            return;
        };
        let controller = board.iter().find(|b| b.id == bf).and_then(|b| b.controller);
        let mut present: Vec<super::PlayerId> = board
            .iter()
            .filter(|b| {
                b.kind == super::BoardKind::Unit
                    && b.keys.place == Some(super::Place::Battlefield(k))
            })
            .filter_map(|b| b.controller)
            .filter(|&p| Some(p) != controller)
            .collect();
        present.sort_unstable();
        present.dedup();
        let Some(entry) = board.iter_mut().find(|b| b.id == bf) else {
            return;
        };
        if entry.battlefield.contested_by.is_some() {
            return;
        }
        entry.battlefield.contested_by = if sd.combat {
            sd.attacker
        } else if present.len() == 1 {
            Some(present[0])
        } else {
            None
        };
    }
}
