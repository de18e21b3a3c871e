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
//! - `ruling`: the `ruling` block of a rulings file ("Rulings files");
//! - `follow_on`: after the walk, what each unknown key stands for, and the missing-key
//!   problems that only restate it (dropped). Sections in which a value could not be read are
//!   marked unreadable, and `validate` skips the cross-checks that depend on them.

mod action;
mod board;
mod board_model;
mod cost;
mod effect;
mod effect_limits;
mod expect;
mod expect_board;
mod follow_on;
mod ids;
mod item;
mod keys;
mod permanent;
mod players;
mod reader;
mod ruling;
mod trigger;
mod turn;
mod values;

use self::item::Place;
use self::reader::Reader;
use super::validate::{self, Registry};
use super::{Expect, Phase, PhaseStep, RulesChoice, Situation};
use crate::diag::{FileProblems, Problem};
use crate::yaml::{parse_tree, Node, Text};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// `src` without the byte-order marks that start a line (U+FEFF is invisible; before the
/// first key it would become part of it). Borrowed when there is none: a file is not copied.
fn strip_line_boms(src: &str) -> Cow<'_, str> {
    if !src.contains('\u{feff}') {
        return Cow::Borrowed(src);
    }
    src.split_inclusive('\n')
        .map(|line| line.trim_start_matches('\u{feff}'))
        .collect()
}

/// Loads and validates a situation (or rulings) file.
///
/// `path` is used for the default title and in diagnostics; `src` is the file's text, which
/// the situation keeps a copy of as its `source` ([`load_owned`] keeps the text itself).
///
/// # Errors
/// [`FileProblems`] listing every problem found, each at its node's line and column.
pub fn load(path: &str, src: &str) -> Result<Situation, FileProblems> {
    let mut s = load_text(path, src)?;
    s.source = strip_line_boms(src).into_owned();
    Ok(s)
}

/// [`load`] of a text handed over: the situation keeps it as its `source` instead of a copy
/// (a 100,000-item file is 14 MB; issue 23).
///
/// # Errors
/// As [`load`].
pub fn load_owned(path: &str, src: String) -> Result<Situation, FileProblems> {
    let mut s = load_text(path, &src)?;
    s.source = match strip_line_boms(&src) {
        Cow::Borrowed(_) => src,
        Cow::Owned(stripped) => stripped,
    };
    Ok(s)
}

/// [`load`] with the situation's `source` left empty, for the caller to fill.
fn load_text(path: &str, src: &str) -> Result<Situation, FileProblems> {
    // A byte-order mark is allowed at the start of a YAML file, and editors leave one where
    // files were joined: at the start of a line it is no part of the key that follows.
    let stripped = strip_line_boms(src);
    let src: &str = &stripped;
    let fail = |mut problems: Vec<Problem>| {
        // Every span lies inside the text, on character boundaries (an empty file's too).
        for p in &mut problems {
            p.loc = inside(src, p.loc);
            for (loc, _) in &mut p.also {
                *loc = inside(src, *loc);
            }
        }
        FileProblems {
            path: path.to_string(),
            text: src.to_string(),
            problems,
            during_replay: false,
        }
    };
    let tree = match parse_tree(src) {
        Ok(t) => t,
        Err(ps) => {
            return Err(fail(
                ps.into_iter()
                    .map(|p| {
                        Problem::new("yaml", p.loc, p.message)
                            .label(p.label)
                            .help(p.help)
                    })
                    .collect(),
            ))
        }
    };
    let reader = |record_maps: bool| Reader {
        src,
        text: Text::new(src),
        problems: Vec::new(),
        event_unit: false,
        reg: Registry::default(),
        refs: Vec::new(),
        keys: HashMap::new(),
        players: Vec::new(),
        board: false,
        battlefields: Vec::new(),
        unknown_kind_entries: Vec::new(),
        unit_controllers: HashMap::new(),
        moves: 0,
        assigns: 0,
        unknown: Vec::new(),
        missing: Vec::new(),
        maps: HashMap::new(),
        unreadable: HashSet::new(),
        unreadable_ids: HashSet::new(),
        move_units: Vec::new(),
        controller_ctx: Vec::new(),
        record_maps,
    };
    let mut r = reader(false);
    let mut situation = r.situation(path, &tree);
    if !r.unknown.is_empty() {
        // An unknown key: read again, noting every mapping, to tell what the key stands for.
        r = reader(true);
        situation = r.situation(path, &tree);
    }
    let restated = r.follow_ons(&tree);
    // After a problem, an id written in an entry that could not be read (a trigger with a
    // misspelt `on`, a `paly:` action) is not unknown: a reference to it restates that problem.
    let unread = if r.problems.is_empty() {
        HashSet::new()
    } else {
        let mut written = HashSet::new();
        written_ids(&tree, &mut written);
        written.retain(|id| !r.reg.knows(id));
        written
    };
    // The tree borrows its text and holds one allocation a mapping or list: freeing it is quick.
    drop(tree);
    if let Some(s) = &situation {
        validate::check(
            s,
            &r.reg,
            &r.refs,
            &r.keys,
            &r.unreadable,
            &unread,
            &mut r.problems,
        );
    }
    let mut problems: Vec<Problem> = r
        .problems
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !restated.contains(i))
        .map(|(_, p)| p)
        .collect();
    problems.sort_by_key(|p| p.loc.offset);
    problems.dedup_by(|a, b| a.loc == b.loc && a.message == b.message);
    match situation {
        Some(s) if problems.is_empty() => Ok(s),
        _ => Err(fail(problems)),
    }
}

/// What `read` makes of each entry of `seq`, the entries it could not read left out, in a list
/// sized for the whole list at once: a Chain of 100,000 items is not copied as it grows.
pub(super) fn read_each<'n, T>(
    seq: &'n crate::yaml::Sequence<'n>,
    read: impl FnMut(&'n crate::yaml::Node<'n>) -> Option<T>,
) -> Vec<T> {
    let mut out = Vec::with_capacity(seq.len());
    out.extend(seq.iter().filter_map(read));
    out
}

/// `loc` moved inside `src`: its start at most the end of the text and on a character
/// boundary, its end too.
fn inside(src: &str, loc: crate::yaml::Loc) -> crate::yaml::Loc {
    let mut start = loc.offset.min(src.len());
    while !src.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = loc.offset.saturating_add(loc.len).clamp(start, src.len());
    while !src.is_char_boundary(end) {
        end += 1;
    }
    crate::yaml::Loc::new(start, end - start)
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

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

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
        let mut mark = self.problems.len();
        let rules_explicit = map
            .get_node("rules")
            .and_then(|n| self.word(n, "`rules`", &["july", "october", "both"]));
        self.section("rules", &mut mark);
        let date = map
            .get_node("date")
            .and_then(|n| self.day(n, "`date`", "the day of the game"));
        self.section("date", &mut mark);
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
        self.section("ruling", &mut mark);
        let has_situation = TOP_KEYS
            .iter()
            .filter(|k| !META_KEYS.contains(k))
            .any(|k| map.get_node(k).is_some());
        if has_situation {
            let said = map
                .get_node("ruling")
                .and_then(|r| r.as_mapping())
                .and_then(|r| r.iter().find(|(k, _)| k.as_str() == "no_situation"));
            if let Some((k, _)) = said {
                self.push(
                    Problem::new(
                        "no_situation_gap",
                        self.sloc(k),
                        "`no_situation` in a file that holds a situation",
                    )
                    .label("the file has a situation")
                    .help("delete `no_situation`: it says why a ruling cannot be replayed, and this one can"),
                );
            }
        }
        if !has_situation {
            if ruling.is_none() && map.get_node("ruling").is_none() {
                // A file of comments only has no first key: its first line is labelled.
                let loc = if map.is_empty() {
                    let first = self.src.find('\n').unwrap_or(self.src.len());
                    crate::yaml::Loc::new(0, first.max(1).min(self.src.len().max(1)))
                } else {
                    self.map_first_line(tree)
                };
                let problem = if map.is_empty() {
                    Problem::new(
                        "missing_key",
                        loc,
                        "the file holds no situation: it has no keys, only comments or nothing",
                    )
                    .label("no `players`")
                    .help("write the situation: `format: 1`, `players: [Ana, Ben]` (turn order), then `chain` and `actions`")
                } else {
                    Problem::new("missing_key", loc, "the file has no `players`")
                        .label("`players` is missing")
                        .help("add `players: [Ana, Ben]` (turn order), a `chain` and `actions`")
                };
                self.missing(map, "players", problem);
                return None;
            }
            return Some(Situation {
                path: path.to_string(),
                source: String::new(),
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
        self.section("players", &mut mark);
        // A board file? (board extension, principle 1) Its battlefields are named everywhere.
        let board_model = self.find_board_model(tree);
        self.board = board_model.is_some();
        if self.board {
            self.battlefields = self.battlefield_names(map.get_node("board"));
            self.unknown_kind_entries = self.unknown_kind_entries(map.get_node("board"));
        }
        let turn = map
            .get_node("turn")
            .and_then(|n| self.player(n, "`turn`"))
            .unwrap_or(0);
        self.section("turn", &mut mark);
        let phase_word = map.get_node("phase").and_then(|n| {
            let before = self.problems.len();
            let w = self.word(n, "`phase`", &["beginning", "main", "ending"]);
            // `phase: combat`: combat and showdowns happen in the Main Phase.
            let said = n.as_scalar().map(|s| s.as_str().trim().to_lowercase());
            if w.is_none() && self.problems.len() > before {
                if let Some(said @ ("combat" | "showdown")) = said.as_deref() {
                    self.problems[before].help = Some(format!(
                        "a {said} happens in the Main Phase: write `phase: main` (or leave `phase` out) and describe the {said} in `showdown`"
                    ));
                }
            }
            w
        });
        let phase = match phase_word {
            Some("beginning") => Phase::Beginning,
            Some("ending") => Phase::Ending,
            _ => Phase::Main,
        };
        self.section("phase", &mut mark);
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
        self.section("step", &mut mark);
        let points = self.points(map.get_node("points"));
        self.section("points", &mut mark);
        let victory_score = map
            .get_node("victory_score")
            .and_then(|n| {
                let v = self.integer(n, "`victory_score`")?;
                if v < 1 {
                    self.push(
                        Problem::new(
                            "bad_value",
                            self.loc(n),
                            "`victory_score` must be at least 1",
                        )
                        .label("out of range")
                        .help("write 1 or more (8 in a 2-4 player game)"),
                    );
                }
                Some(v)
            })
            .unwrap_or(8);
        self.section("victory_score", &mut mark);
        let showdown = map.get_node("showdown").and_then(|n| self.showdown(n));
        self.section("showdown", &mut mark);
        let played_this_turn = map
            .get_node("played_this_turn")
            .map(|n| self.played(n))
            .unwrap_or_else(|| vec![Vec::new(); self.players.len()]);
        self.section("played_this_turn", &mut mark);
        let board: Vec<super::BoardSpec> = map
            .get_node("board")
            .and_then(|n| self.list(n, "`board`"))
            .map(|seq| read_each(seq, |n| self.board_object(n)))
            .unwrap_or_default();
        self.section("board", &mut mark);
        let chain = map
            .get_node("chain")
            .and_then(|n| self.list(n, "`chain`"))
            .map(|seq| read_each(seq, |n| self.item(n, Place::Chain)))
            .unwrap_or_default();
        self.section("chain", &mut mark);
        let priority = map
            .get_node("priority")
            .and_then(|n| self.player(n, "`priority`"));
        self.section("priority", &mut mark);
        let passed = map.get_node("passed").and_then(|n| {
            let seq = self.list(n, "`passed`")?;
            Some(
                seq.iter()
                    .filter_map(|p| self.player(p, "`passed`"))
                    .collect(),
            )
        });
        self.section("passed", &mut mark);
        let actions = map
            .get_node("actions")
            .and_then(|n| self.list(n, "`actions`"))
            .map(|seq| read_each(seq, |n| self.action(n)))
            .unwrap_or_default();
        self.section("actions", &mut mark);
        let mut board = board;
        if let Some(sd) = &showdown {
            self.default_contester(sd, &mut board);
        }
        let expect_loc = map.get_node("expect").map(|n| self.map_first_line(n));
        let expect = map
            .get_node("expect")
            .and_then(|n| self.expect(n))
            .map(|e| Expect {
                cites_name_july_rules: rules == RulesChoice::Both,
                ..e
            });
        if self.players.is_empty() {
            return None;
        }
        Some(Situation {
            path: path.to_string(),
            source: String::new(),
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

    /// Marks `name` unreadable when a problem was reported since `mark`; moves `mark` on.
    fn section(&mut self, name: &'static str, mark: &mut usize) {
        if self.problems.len() > *mark {
            self.unreadable.insert(name);
        }
        *mark = self.problems.len();
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
                        Problem::new("bad_value", self.loc(v), "points cannot be negative")
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

/// Every id the file writes, read or not: each mapping's `id`, and the slug of its `name`.
fn written_ids(node: &Node, out: &mut HashSet<String>) {
    match node {
        Node::Mapping(m) => {
            for (k, v) in m.iter() {
                match (k.as_str(), v.as_scalar()) {
                    ("id", Some(s)) => {
                        out.insert(s.as_str().trim().to_string());
                    }
                    ("name", Some(s)) => {
                        out.insert(crate::situation::slug(s.as_str()));
                    }
                    _ => {}
                }
                written_ids(v, out);
            }
        }
        Node::Sequence(seq) => seq.iter().for_each(|v| written_ids(v, out)),
        Node::Scalar(_) => {}
    }
}

impl Reader<'_> {
    /// A day of the calendar written YYYY-MM-DD (the file's `date`, a ruling source's `date`);
    /// anything else is reported at its place, with the month's last day where that is the
    /// slip; `of` names the day in the help ("the day of the game").
    pub(super) fn day(&mut self, n: &Node, what: &str, of: &str) -> Option<String> {
        let t = self.text(n, what)?;
        if validate::is_date(&t) {
            return Some(t);
        }
        let month = t.get(5..7).and_then(|m| m.parse::<u32>().ok());
        let year = t.get(0..4).and_then(|y| y.parse::<u32>().ok());
        let days = match (year, month) {
            (Some(y), Some(m)) if validate::is_date_shape(&t) => {
                validate::days_in_month(y, m).map(|d| (m, d))
            }
            _ => None,
        };
        let problem = match days {
            Some((m, d)) => Problem::new(
                "date",
                self.loc(n),
                format!(
                    "`{t}` is not a day of the calendar: {} {} has {d} days",
                    MONTHS[m as usize - 1],
                    &t[0..4]
                ),
            )
            .label("no such day")
            .help(format!("write a day from 01 to {d}")),
            None if validate::is_date_shape(&t) => Problem::new(
                "date",
                self.loc(n),
                format!("`{t}` is not a day of the calendar: the month is 01 to 12"),
            )
            .label("no such month")
            .help(format!("write {of} as YYYY-MM-DD, e.g. 2026-08-20")),
            None => Problem::new("date", self.loc(n), format!("`{t}` is not a date"))
                .label("expected YYYY-MM-DD")
                .help(format!("write {of} as YYYY-MM-DD, e.g. 2026-08-20")),
        };
        self.push(problem);
        None
    }
}
