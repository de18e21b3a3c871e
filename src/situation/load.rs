//! Reading a situation file: YAML tree first (syntax errors where the YAML is invalid), then a
//! walk of the tree against format 1 that collects every problem, then the cross-checks of
//! `validate`.

use super::validate::{self, IdWhat, Ref, RefKind, Registry};
use super::*;
use crate::diag::{did_you_mean, FileProblems, Problem};
use crate::yaml::{parse_tree, scalar_loc, span_loc, Loc, Text};
use marked_yaml::types::{MarkedMappingNode, MarkedScalarNode, MarkedSequenceNode};
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
];
/// Top-level keys that describe the file, not the situation: a rulings file may hold only these.
const META_KEYS: &[&str] = &["format", "title", "rules", "date", "ruling"];
const ITEM_KEYS: &[&str] = &[
    "id",
    "name",
    "controller",
    "kind",
    "adds",
    "keyword",
    "status",
    "targets",
    "effects",
    "triggers",
    "flow",
    "uncounterable",
    "legion",
    "from",
];
const EFFECT_KEYS: &[&str] = &[
    "counter",
    "play",
    "kill",
    "extra_turn",
    "forbid_name",
    "text",
    "if",
];
const EXPECT_KEYS: &[&str] = &[
    "resolved",
    "countered",
    "refused",
    "unreached",
    "banished",
    "priority",
    "focus",
    "state",
    "showdown_ended",
    "legion",
    "next_turns",
    "cites",
];
const RESERVED: &[&str] = &["none", "controller", "opponent"];

/// Where an item map stands; the format's rules differ by place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Chain,
    Action,
    PlayEffect,
    TriggerItem,
}

pub(super) struct Reader<'a> {
    src: &'a str,
    text: Text<'a>,
    problems: Vec<Problem>,
    reg: Registry,
    refs: Vec<Ref>,
    keys: HashMap<&'static str, Loc>,
    players: Vec<String>,
}

/// Whether a plain scalar would be read by YAML 1.2 as something other than text.
fn plain_non_text(s: &str) -> Option<&'static str> {
    let t = s.trim();
    if matches!(t, "" | "~" | "null" | "Null" | "NULL") {
        return Some("null");
    }
    if matches!(t, "true" | "True" | "TRUE" | "false" | "False" | "FALSE") {
        return Some("a boolean");
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let is_int = !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit());
    let is_hex_oct =
        (t.starts_with("0x") && t.len() > 2 && t[2..].bytes().all(|b| b.is_ascii_hexdigit()))
            || (t.starts_with("0o")
                && t.len() > 2
                && t[2..].bytes().all(|b| (b'0'..=b'7').contains(&b)));
    if is_int || is_hex_oct {
        return Some("a number");
    }
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), ".inf" | ".nan") {
        return Some("a number");
    }
    let (mant, exp) = match lower.split_once('e') {
        Some((m, e)) => (m, Some(e)),
        None => (lower.as_str(), None),
    };
    let mant_ok = {
        let (a, b) = mant.split_once('.').unwrap_or((mant, ""));
        mant.contains('.')
            && (!a.is_empty() || !b.is_empty())
            && a.bytes().all(|c| c.is_ascii_digit())
            && b.bytes().all(|c| c.is_ascii_digit())
            || (!mant.is_empty() && mant.bytes().all(|c| c.is_ascii_digit()) && exp.is_some())
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    if mant_ok && exp_ok {
        return Some("a number");
    }
    None
}

impl<'a> Reader<'a> {
    fn push(&mut self, p: Problem) {
        self.problems.push(p);
    }

    fn loc(&self, node: &Node) -> Loc {
        match node {
            Node::Scalar(s) => scalar_loc(&self.text, s),
            _ => span_loc(&self.text, node.span()),
        }
    }

    fn sloc(&self, s: &MarkedScalarNode) -> Loc {
        scalar_loc(&self.text, s)
    }

    /// The first line of a mapping, for "missing key" labels.
    fn map_first_line(&self, node: &Node) -> Loc {
        // A block mapping's span starts at its first key's colon; use the first key instead.
        let start = match node.as_mapping().and_then(|m| m.keys().next()) {
            Some(k) => self.sloc(k).offset,
            None => span_loc(&self.text, node.span()).offset,
        };
        let rest = &self.src[start..];
        let len = rest.find('\n').unwrap_or(rest.len()).max(1);
        Loc::new(start, len.min(self.src.len().saturating_sub(start)).max(1))
    }

    fn type_name(node: &Node) -> &'static str {
        match node {
            Node::Scalar(s) if s.may_coerce() => plain_non_text(s.as_str()).unwrap_or("text"),
            Node::Scalar(_) => "text",
            Node::Mapping(_) => "a mapping",
            Node::Sequence(_) => "a list",
        }
    }

    /// A mapping whose keys are all in `allowed`; unknown keys are reported with a suggestion.
    fn mapping<'n>(
        &mut self,
        node: &'n Node,
        what: &str,
        allowed: &[&str],
        example: &str,
    ) -> Option<&'n MarkedMappingNode> {
        let Some(map) = node.as_mapping() else {
            let found = Self::type_name(node);
            self.push(
                Problem::new(
                    "wrong_type",
                    self.loc(node),
                    format!("{what} must be a mapping, found {found}"),
                )
                .label(format!("expected a mapping, found {found}"))
                .help(format!("write it as a mapping, e.g. {example}")),
            );
            return None;
        };
        for (k, _) in map.iter() {
            if !allowed.contains(&k.as_str()) {
                let help = match did_you_mean(k.as_str(), allowed.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`? allowed keys: {}", allowed.join(", ")),
                    None => format!("allowed keys here: {}", allowed.join(", ")),
                };
                self.push(
                    Problem::new(
                        "unknown_key",
                        self.sloc(k),
                        format!("unknown key `{}` in {what}", k.as_str()),
                    )
                    .label("unknown key")
                    .help(help),
                );
            }
        }
        Some(map)
    }

    fn require<'n>(
        &mut self,
        map: &'n MarkedMappingNode,
        node: &Node,
        key: &str,
        what: &str,
    ) -> Option<&'n Node> {
        let n = map.get_node(key);
        if n.is_none() {
            self.push(
                Problem::new(
                    "missing_key",
                    self.map_first_line(node),
                    format!("{what} has no `{key}`"),
                )
                .label(format!("`{key}` is missing here"))
                .help(format!("add `{key}:` to {what}")),
            );
        }
        n
    }

    /// Text (a string, never a YAML number, boolean or null).
    fn text(&mut self, node: &Node, what: &str) -> Option<String> {
        match node {
            Node::Scalar(s) => {
                if s.may_coerce() {
                    if let Some(kind) = plain_non_text(s.as_str()) {
                        let help = if kind == "null" {
                            format!("write a value for {what}")
                        } else {
                            if s.as_str().contains('.') {
                                format!("quote it: \"{}\" (YAML reads it as {kind}, so 355.10 would become 355.1)", s.as_str())
                            } else {
                                format!("quote it: \"{}\" (YAML reads it as {kind})", s.as_str())
                            }
                        };
                        self.push(
                            Problem::new(
                                "not_text",
                                self.sloc(s),
                                format!("{what} must be text, found {kind}"),
                            )
                            .label(format!("YAML reads this as {kind}"))
                            .help(help),
                        );
                        return None;
                    }
                }
                Some(s.as_str().to_string())
            }
            other => {
                let found = Self::type_name(other);
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(other),
                        format!("{what} must be text, found {found}"),
                    )
                    .label(format!("expected text, found {found}"))
                    .help(format!("write {what} as a single value")),
                );
                None
            }
        }
    }

    fn boolean(&mut self, node: &Node, what: &str) -> Option<bool> {
        if let Node::Scalar(s) = node {
            if s.may_coerce() {
                match s.as_str() {
                    "true" | "True" | "TRUE" => return Some(true),
                    "false" | "False" | "FALSE" => return Some(false),
                    _ => {}
                }
            }
        }
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be true or false"),
            )
            .label(format!(
                "expected true or false, found {}",
                Self::type_name(node)
            ))
            .help("write true or false, unquoted (YAML 1.2: yes/no/on/off are text)"),
        );
        None
    }

    fn integer(&mut self, node: &Node, what: &str) -> Option<i64> {
        if let Node::Scalar(s) = node {
            if s.may_coerce() {
                if let Ok(v) = s.as_str().trim().parse::<i64>() {
                    return Some(v);
                }
            }
        }
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be a whole number"),
            )
            .label(format!(
                "expected a whole number, found {}",
                Self::type_name(node)
            ))
            .help("write an unquoted whole number such as 1"),
        );
        None
    }

    /// One of a fixed set of words.
    fn word(&mut self, node: &Node, what: &str, allowed: &[&'static str]) -> Option<&'static str> {
        let s = self.text(node, what)?;
        if let Some(w) = allowed.iter().find(|w| **w == s.as_str()) {
            return Some(w);
        }
        let help = match did_you_mean(&s, allowed.iter().copied()) {
            Some(m) => format!("did you mean `{m}`? one of: {}", allowed.join(", ")),
            None => format!("use one of: {}", allowed.join(", ")),
        };
        self.push(
            Problem::new(
                "unknown_value",
                self.loc(node),
                format!("`{s}` is not a value of {what}"),
            )
            .label("unknown value")
            .help(help),
        );
        None
    }

    fn list<'n>(&mut self, node: &'n Node, what: &str) -> Option<&'n MarkedSequenceNode> {
        if let Some(seq) = node.as_sequence() {
            return Some(seq);
        }
        let found = Self::type_name(node);
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be a list, found {found}"),
            )
            .label(format!("expected a list, found {found}"))
            .help(format!(
                "write {what} as a list: [a, b] or one `- item` per line"
            )),
        );
        None
    }

    fn text_list(&mut self, node: &Node, what: &str) -> Option<Vec<(String, Loc)>> {
        let seq = self.list(node, what)?;
        let mut out = Vec::new();
        for n in seq.iter() {
            if let Some(t) = self.text(n, &format!("an entry of {what}")) {
                out.push((t, self.loc(n)));
            }
        }
        Some(out)
    }

    /// A player name; unknown names are reported with the known players.
    fn player(&mut self, node: &Node, what: &str) -> Option<PlayerId> {
        let name = self.text(node, what)?;
        self.player_named(&name, self.loc(node), what)
    }

    fn player_named(&mut self, name: &str, loc: Loc, what: &str) -> Option<PlayerId> {
        if let Some(i) = self.players.iter().position(|p| p == name) {
            return Some(i);
        }
        if self.players.is_empty() {
            return None; // `players` itself is broken; reported there
        }
        let known = self.players.join(", ");
        let help = match did_you_mean(name, self.players.iter().map(String::as_str)) {
            Some(m) => format!("did you mean `{m}`? known players: {known}"),
            None => format!("known players: {known}"),
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
            match self.word(n, "`step`", &["ending", "expiration"]) {
                Some("ending") => Some(EndingStep::Ending),
                Some(_) => Some(EndingStep::Expiration),
                None => None,
            }
        });
        let showdown = map.get_node("showdown").and_then(|n| self.showdown(n));
        let played_this_turn = map
            .get_node("played_this_turn")
            .map(|n| self.played(n))
            .unwrap_or_else(|| vec![Vec::new(); self.players.len()]);
        let board = map
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

    fn players_list(&mut self, node: &Node) {
        let Some(seq) = self.list(node, "`players`") else {
            return;
        };
        let mut names: Vec<String> = Vec::new();
        for n in seq.iter() {
            let Some(name) = self.text(n, "a player name") else {
                continue;
            };
            let loc = self.loc(n);
            if RESERVED.contains(&name.as_str()) {
                self.push(
                    Problem::new("reserved_name", loc, format!("`{name}` is reserved and cannot be a player name"))
                        .label("reserved word")
                        .help("none, controller and opponent have meanings in the format: choose another name"),
                );
            } else if names.contains(&name) {
                self.push(
                    Problem::new(
                        "duplicate_player",
                        loc,
                        format!("the player `{name}` is listed twice"),
                    )
                    .label("second listing")
                    .help("player names are unique: remove or rename one"),
                );
            }
            names.push(name);
        }
        if !(2..=4).contains(&seq.len()) {
            self.push(
                Problem::new(
                    "player_count",
                    self.loc(node),
                    format!("format 1 takes 2 to 4 players, found {}", seq.len()),
                )
                .label("player list")
                .help("list 2 to 4 players in turn order, e.g. players: [Ana, Ben]"),
            );
        }
        if names.is_empty() {
            return;
        }
        self.players = names;
    }

    fn showdown(&mut self, node: &Node) -> Option<ShowdownSpec> {
        let map = self.mapping(
            node,
            "`showdown`",
            &[
                "battlefield",
                "combat",
                "focus",
                "attacker",
                "defender",
                "opened_by_trigger",
            ],
            "`showdown: { focus: Ana }`",
        )?;
        let battlefield = map
            .get_node("battlefield")
            .and_then(|n| self.text(n, "`battlefield`"))
            .unwrap_or_else(|| "the battlefield".to_string());
        let combat = map
            .get_node("combat")
            .and_then(|n| self.boolean(n, "`combat`"))
            .unwrap_or(false);
        let focus = self
            .require(map, node, "focus", "`showdown`")
            .and_then(|n| self.player(n, "`focus`"));
        let attacker = map
            .get_node("attacker")
            .and_then(|n| self.player(n, "`attacker`"));
        let defender = map
            .get_node("defender")
            .and_then(|n| self.player(n, "`defender`"));
        if let Some((k, _)) = map.iter().find(|(k, _)| k.as_str() == "opened_by_trigger") {
            self.keys.insert("showdown.opened_by_trigger", self.sloc(k));
        }
        let opened_by_trigger = map
            .get_node("opened_by_trigger")
            .and_then(|n| self.boolean(n, "`opened_by_trigger`"));
        if combat {
            for (key, v) in [("attacker", attacker), ("defender", defender)] {
                if map.get_node(key).is_none() {
                    self.push(
                        Problem::new(
                            "designations",
                            self.map_first_line(node),
                            format!("a combat showdown needs `{key}`"),
                        )
                        .label(format!("`{key}` is missing"))
                        .help("write `attacker:` and `defender:`, two different players"),
                    );
                }
                let _ = v;
            }
            if let (Some(a), Some(d)) = (attacker, defender) {
                if a == d {
                    let loc = map
                        .get_node("defender")
                        .map(|n| self.loc(n))
                        .unwrap_or_default();
                    self.push(
                        Problem::new(
                            "designations",
                            loc,
                            "the attacker and the defender are the same player",
                        )
                        .label("same as the attacker")
                        .help("a combat is between two different players: name the other one"),
                    );
                }
            }
        } else {
            for key in ["attacker", "defender"] {
                if let Some(n) = map.get_node(key) {
                    self.push(
                        Problem::new(
                            "designations",
                            self.loc(n),
                            format!("`{key}` is only for a combat showdown"),
                        )
                        .label("not a combat")
                        .help("add `combat: true`, or remove the designation"),
                    );
                }
            }
        }
        Some(ShowdownSpec {
            battlefield,
            combat,
            focus: focus?,
            attacker,
            defender,
            opened_by_trigger,
        })
    }

    fn played(&mut self, node: &Node) -> Vec<Vec<PlayedEntry>> {
        let mut out = vec![Vec::new(); self.players.len().max(1)];
        let Some(map) = node.as_mapping() else {
            self.push(
                Problem::new(
                    "wrong_type",
                    self.loc(node),
                    "`played_this_turn` must map player names to lists",
                )
                .label("expected a mapping")
                .help("e.g. played_this_turn: { Ana: [{ name: Spell A, kind: spell }] }"),
            );
            return out;
        };
        for (k, v) in map.iter() {
            let p = self.player_named(k.as_str(), self.sloc(k), "`played_this_turn`");
            let Some(seq) = self.list(v, "a player's played cards") else {
                continue;
            };
            for e in seq.iter() {
                let entry = if e.as_mapping().is_some() {
                    let Some(m) = self.mapping(
                        e,
                        "a played card",
                        &["name", "kind"],
                        "`{ name: Defy, kind: spell }`",
                    ) else {
                        continue;
                    };
                    let name = self
                        .require(m, e, "name", "a played card")
                        .and_then(|n| self.text(n, "`name`"));
                    let kind = m
                        .get_node("kind")
                        .and_then(|n| self.word(n, "`kind`", &["spell", "unit", "gear"]))
                        .map(|w| match w {
                            "spell" => ItemKind::Spell,
                            "unit" => ItemKind::Unit,
                            _ => ItemKind::Gear,
                        });
                    name.map(|name| PlayedEntry { name, kind })
                } else {
                    self.text(e, "a played card")
                        .map(|name| PlayedEntry { name, kind: None })
                };
                if let (Some(p), Some(entry)) = (p, entry) {
                    out[p].push(entry);
                }
            }
        }
        out
    }

    fn id_for(&mut self, map: &MarkedMappingNode, name: Option<&str>, node: &Node) -> String {
        if let Some(n) = map.get_node("id") {
            if let Some(id) = self.text(n, "`id`") {
                if id.contains('#') || id.trim().is_empty() {
                    self.push(
                        Problem::new("bad_id", self.loc(n), format!("`{id}` is not a valid id"))
                            .label("invalid id")
                            .help("ids may not be empty or contain `#` (it marks later instances: x#2)"),
                    );
                }
                return id;
            }
        }
        let id = name.map(slug).unwrap_or_default();
        if id.is_empty() && name.is_some() {
            self.push(
                Problem::new(
                    "bad_id",
                    self.map_first_line(node),
                    "this name gives an empty id",
                )
                .label("no letters or digits in the name")
                .help("add an `id:` made of letters, digits and dashes"),
            );
        }
        id
    }

    fn board_object(&mut self, node: &Node) -> Option<BoardSpec> {
        let map = self.mapping(
            node,
            "a board object",
            &["id", "name", "controller", "kind", "at", "triggers"],
            "`{ name: Ravenbloom Student, controller: Ana, kind: unit }`",
        )?;
        let name = self
            .require(map, node, "name", "a board object")
            .and_then(|n| self.text(n, "`name`"));
        let id = self.id_for(map, name.as_deref(), node);
        let controller = self
            .require(map, node, "controller", "a board object")
            .and_then(|n| self.player(n, "`controller`"));
        let kind = self
            .require(map, node, "kind", "a board object")
            .and_then(|n| self.word(n, "`kind`", &["unit", "gear", "legend", "battlefield"]))
            .map(|w| match w {
                "unit" => BoardKind::Unit,
                "gear" => BoardKind::Gear,
                "legend" => BoardKind::Legend,
                _ => BoardKind::Battlefield,
            });
        let at = map
            .get_node("at")
            .and_then(|n| self.text(n, "`at`"))
            .unwrap_or_else(|| "base".into());
        let loc = self.map_first_line(node);
        let id_loc = map
            .get_node("id")
            .or(map.get_node("name"))
            .map_or(loc, |n| self.loc(n));
        self.reg
            .add(&id, IdWhat::Board(kind), id_loc, &mut self.problems);
        let triggers = self.triggers(map, TriggerCarrier::Board(kind));
        Some(BoardSpec {
            id,
            name: name?,
            controller: controller?,
            kind: kind?,
            at,
            triggers,
            loc,
        })
    }

    fn triggers(&mut self, map: &MarkedMappingNode, carrier: TriggerCarrier) -> Vec<Trigger> {
        let Some(n) = map.get_node("triggers") else {
            return Vec::new();
        };
        let Some(seq) = self.list(n, "`triggers`") else {
            return Vec::new();
        };
        seq.iter()
            .filter_map(|t| self.trigger(t, carrier))
            .collect()
    }

    fn trigger(&mut self, node: &Node, carrier: TriggerCarrier) -> Option<Trigger> {
        let map = self.mapping(
            node,
            "a trigger",
            &["on", "kind", "item"],
            "`{ on: play, item: { name: ... } }`",
        )?;
        let on_node = self.require(map, node, "on", "a trigger");
        let on =
            on_node.and_then(|n| self.word(n, "`on`", &["play", "death", "you_play", "chosen"]));
        let kind = match map.get_node("kind") {
            Some(k) if on == Some("you_play") => self
                .word(k, "`kind`", &["spell", "unit", "gear", "card"])
                .map(|w| match w {
                    "spell" => CardKind::Spell,
                    "unit" => CardKind::Unit,
                    "gear" => CardKind::Gear,
                    _ => CardKind::Card,
                }),
            Some(k) => {
                if on.is_some() {
                    self.push(
                        Problem::new(
                            "misplaced_key",
                            self.loc(k),
                            "`kind` on a trigger is only for `on: you_play`",
                        )
                        .label("not allowed here")
                        .help("remove `kind`, or use `on: you_play`"),
                    );
                }
                None
            }
            None => Some(CardKind::Card),
        };
        let on = match on? {
            "play" => TriggerOn::Play,
            "death" => TriggerOn::Death,
            "you_play" => TriggerOn::YouPlay(kind.unwrap_or(CardKind::Card)),
            _ => TriggerOn::Chosen,
        };
        if let Some(why) = carrier.refuses(on) {
            self.push(
                Problem::new("trigger_carrier", self.loc(on_node?), format!("this trigger cannot be carried here: {why}"))
                    .label("wrong carrier")
                    .help(
                        "play: on units, gear and spells; death: on units; you_play: on board objects, units and gear; \
                         chosen: on anything that can be chosen",
                    ),
            );
        }
        let item = self
            .require(map, node, "item", "a trigger")
            .and_then(|n| self.item(n, Place::TriggerItem))?;
        Some(Trigger {
            on,
            item,
            loc: self.map_first_line(node),
        })
    }

    #[allow(clippy::too_many_lines)]
    fn item(&mut self, node: &Node, place: Place) -> Option<ItemSpec> {
        let what = match place {
            Place::Chain => "a chain item",
            Place::Action => "a play",
            Place::PlayEffect => "a `play` effect",
            Place::TriggerItem => "a trigger item",
        };
        let map = self.mapping(
            node,
            what,
            ITEM_KEYS,
            "`{ name: Defy, controller: Ben, kind: spell }`",
        )?;
        let name = self
            .require(map, node, "name", what)
            .and_then(|n| self.text(n, "`name`"));
        let id = self.id_for(map, name.as_deref(), node);
        let controller = match map.get_node("controller") {
            Some(n) => self.player(n, "`controller`"),
            None => {
                if matches!(place, Place::Chain | Place::Action) {
                    self.require(map, node, "controller", what);
                }
                None
            }
        };
        let kind = match (map.get_node("kind"), place) {
            (None, Place::TriggerItem) => Some(ItemKind::Triggered),
            (None, _) => {
                self.require(map, node, "kind", what);
                None
            }
            (Some(n), _) => self
                .word(
                    n,
                    "`kind`",
                    &["spell", "unit", "gear", "activated", "triggered"],
                )
                .map(|w| match w {
                    "spell" => ItemKind::Spell,
                    "unit" => ItemKind::Unit,
                    "gear" => ItemKind::Gear,
                    "activated" => ItemKind::Activated,
                    _ => ItemKind::Triggered,
                }),
        };
        if let (Some(k), Some(n)) = (kind, map.get_node("kind")) {
            if place == Place::TriggerItem && k != ItemKind::Triggered {
                self.push(
                    Problem::new(
                        "wrong_kind",
                        self.loc(n),
                        "a trigger's item is a triggered ability",
                    )
                    .label(format!("`{}` here", k.word()))
                    .help("remove `kind` (it defaults to `triggered`) or write `kind: triggered`"),
                );
            }
            if place == Place::Action && k == ItemKind::Triggered {
                self.push(
                    Problem::new("wrong_kind", self.loc(n), "a player cannot play a triggered ability")
                        .label("triggered")
                        .help("triggered abilities go on the Chain by themselves: write them as `triggers` of their source"),
                );
            }
        }
        let flag = |r: &mut Self, key: &str| {
            map.get_node(key)
                .and_then(|n| r.boolean(n, &format!("`{key}`")))
                .unwrap_or(false)
        };
        let adds = flag(self, "adds");
        let flow = flag(self, "flow");
        let uncounterable = flag(self, "uncounterable");
        let legion = flag(self, "legion");
        let keyword = map.get_node("keyword").and_then(|n| {
            if place == Place::TriggerItem {
                self.push(
                    Problem::new("misplaced_key", self.loc(n), "a trigger item has no timing keyword")
                        .label("not allowed on a trigger item")
                        .help("remove `keyword`: triggered abilities go on the Chain in any state (383.3.c)"),
                );
                return None;
            }
            match self.word(n, "`keyword`", &["action", "reaction"])? {
                "action" => Some(Keyword::Action),
                _ => Some(Keyword::Reaction),
            }
        });
        let status = match map.get_node("status") {
            Some(n) if place != Place::Chain => {
                self.push(
                    Problem::new("misplaced_key", self.loc(n), "`status` is only for items in `chain`")
                        .label("not allowed here")
                        .help("remove `status`: played items start pending and are finalized by the replay"),
                );
                Status::Finalized
            }
            Some(n) => match self.word(n, "`status`", &["pending", "finalized"]) {
                Some("pending") => Status::Pending,
                _ => Status::Finalized,
            },
            None => Status::Finalized,
        };
        let from = match map
            .get_node("from")
            .and_then(|n| self.word(n, "`from`", &["hand", "hidden", "trash"]))
        {
            Some("hidden") => FromZone::Hidden,
            Some("trash") => FromZone::Trash,
            _ => FromZone::Hand,
        };
        if let Some(k) = kind {
            let checks: [(&str, bool, &str); 4] = [
                (
                    "adds",
                    adds && k.is_card(),
                    "`adds` is only for abilities (activated or triggered)",
                ),
                (
                    "flow",
                    flow && k != ItemKind::Spell,
                    "`flow` is only for spells",
                ),
                (
                    "legion",
                    legion && !k.is_card(),
                    "`legion` is only for spells, units and gear",
                ),
                (
                    "from",
                    map.get_node("from").is_some() && !k.is_card(),
                    "`from` is only for cards (spells, units, gear)",
                ),
            ];
            for (key, bad, msg) in checks {
                if bad {
                    let loc = map
                        .get_node(key)
                        .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
                    self.push(
                        Problem::new("misplaced_key", loc, msg)
                            .label("not allowed here")
                            .help(format!("remove `{key}`")),
                    );
                }
            }
            if place == Place::Chain && status == Status::Finalized && (k.is_permanent() || adds) {
                let loc = map
                    .get_node("status")
                    .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
                let what = if adds { "an Add ability" } else { k.word() };
                self.push(
                    Problem::new("finalized_immediate", loc, format!("{what} cannot be finalized on the Chain"))
                        .label("finalized (the default) here")
                        .help("it resolves the moment it is finalized (337.2, 429.2): write `status: pending`"),
                );
            }
        }
        let targets = match map.get_node("targets") {
            Some(n) => {
                let list = self.text_list(n, "`targets`").unwrap_or_default();
                for (t, loc) in &list {
                    self.refs.push(Ref {
                        id: t.clone(),
                        loc: *loc,
                        kind: RefKind::Target,
                    });
                }
                list.into_iter().map(|(t, _)| t).collect()
            }
            None => Vec::new(),
        };
        let id_loc = map
            .get_node("id")
            .or(map.get_node("name"))
            .map_or_else(|| self.map_first_line(node), |n| self.loc(n));
        let what_id = match place {
            Place::Chain => IdWhat::Chain(kind),
            Place::Action => IdWhat::Action(kind),
            Place::PlayEffect => IdWhat::PlayEffect(kind),
            Place::TriggerItem => IdWhat::TriggerItem,
        };
        self.reg.add(&id, what_id, id_loc, &mut self.problems);
        let effects = match map.get_node("effects") {
            Some(n) => self
                .list(n, "`effects`")
                .map(|seq| seq.iter().filter_map(|e| self.effect(e)).collect())
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let triggers = self.triggers(map, TriggerCarrier::Item(kind));
        Some(ItemSpec {
            id,
            name: name?,
            controller,
            kind: kind?,
            adds,
            keyword,
            status,
            targets,
            effects,
            triggers,
            flow,
            uncounterable,
            legion,
            from,
            token: false,
            loc: self.map_first_line(node),
        })
    }

    fn effect(&mut self, node: &Node) -> Option<Effect> {
        let map = self.mapping(node, "an effect", EFFECT_KEYS, "`{ counter: a }`")?;
        let mains: Vec<&MarkedScalarNode> = map
            .iter()
            .map(|(k, _)| k)
            .filter(|k| {
                ["counter", "play", "kill", "extra_turn", "forbid_name"].contains(&k.as_str())
            })
            .collect();
        if mains.len() > 1 {
            self.push(
                Problem::new(
                    "two_effects",
                    self.sloc(mains[1]),
                    "one effect map holds two effects",
                )
                .label("second effect")
                .help("write each effect as its own list entry, one `- key: value` per effect"),
            );
        }
        let text = map.get_node("text").and_then(|n| self.text(n, "`text`"));
        if mains.is_empty() && text.is_none() && map.get_node("text").is_none() {
            self.push(
                Problem::new(
                    "empty_effect",
                    self.map_first_line(node),
                    "this effect does nothing",
                )
                .label("no effect key")
                .help("use one of counter, play, kill, extra_turn, forbid_name, or text"),
            );
            return None;
        }
        let condition = map.get_node("if").and_then(|n| self.condition(n));
        let kind = match mains.first().map(|k| k.as_str()) {
            None => EffectKind::Text,
            Some(key) => {
                let v = map.get_node(key)?;
                match key {
                    "counter" | "kill" => {
                        let id = self.text(v, &format!("`{key}`"))?;
                        let kind = if key == "counter" {
                            RefKind::Counter
                        } else {
                            RefKind::Kill
                        };
                        self.refs.push(Ref {
                            id: id.clone(),
                            loc: self.loc(v),
                            kind,
                        });
                        if key == "counter" {
                            EffectKind::Counter(id)
                        } else {
                            EffectKind::Kill(vec![id])
                        }
                    }
                    "play" => EffectKind::Play(Box::new(self.item(v, Place::PlayEffect)?)),
                    "extra_turn" => EffectKind::ExtraTurn(self.player(v, "`extra_turn`")?),
                    _ => EffectKind::ForbidName(self.text(v, "`forbid_name`")?.trim().to_string()),
                }
            }
        };
        Some(Effect {
            kind,
            text,
            condition,
            loc: self.map_first_line(node),
        })
    }

    fn condition(&mut self, node: &Node) -> Option<Condition> {
        let map = self.mapping(
            node,
            "a condition",
            &["played_this_turn"],
            "`{ played_this_turn: { by: opponent, kind: spell } }`",
        )?;
        let inner = self.require(map, node, "played_this_turn", "a condition")?;
        let m = self.mapping(
            inner,
            "`played_this_turn`",
            &["by", "kind", "other_than", "at_least"],
            "`{ by: opponent, kind: spell }`",
        )?;
        let by = match m.get_node("by") {
            None => PlayedBy::Controller,
            Some(n) => {
                let t = self.text(n, "`by`")?;
                match t.as_str() {
                    "controller" => PlayedBy::Controller,
                    "opponent" => PlayedBy::Opponent,
                    other => PlayedBy::Player(self.player_named(
                        other,
                        self.loc(n),
                        "`by` (controller, opponent or a player)",
                    )?),
                }
            }
        };
        let kind = match m
            .get_node("kind")
            .and_then(|n| self.word(n, "`kind`", &["spell", "unit", "gear", "card"]))
        {
            Some("spell") => CardKind::Spell,
            Some("unit") => CardKind::Unit,
            Some("gear") => CardKind::Gear,
            _ => CardKind::Card,
        };
        let other_than = m.get_node("other_than").and_then(|n| {
            let id = self.text(n, "`other_than`")?;
            self.refs.push(Ref {
                id: id.clone(),
                loc: self.loc(n),
                kind: RefKind::Item,
            });
            Some(id)
        });
        let at_least = match m.get_node("at_least") {
            Some(n) => {
                let v = self.integer(n, "`at_least`")?;
                if v < 1 {
                    self.push(
                        Problem::new("at_least", self.loc(n), "`at_least` must be 1 or more")
                            .label("too small")
                            .help("write a whole number of at least 1"),
                    );
                    return None;
                }
                u32::try_from(v).unwrap_or(u32::MAX)
            }
            None => 1,
        };
        Some(Condition {
            by,
            kind,
            other_than,
            at_least,
        })
    }

    fn action(&mut self, node: &Node) -> Option<Action> {
        let map = self.mapping(
            node,
            "an action",
            &["play", "pass", "order"],
            "`- pass: Ben`",
        )?;
        if map.len() != 1 {
            self.push(
                Problem::new(
                    "action_shape",
                    self.map_first_line(node),
                    "an action is exactly one of play, pass or order",
                )
                .label("action")
                .help("write one action per list entry: `- pass: Ben`"),
            );
            if map.is_empty() {
                return None;
            }
        }
        let (k, v) = map.iter().next()?;
        let loc = self.map_first_line(node);
        let kind = match k.as_str() {
            "play" => ActionKind::Play(Box::new(self.item(v, Place::Action)?)),
            "pass" => ActionKind::Pass(self.player(v, "`pass`")?),
            "order" => {
                let list = self.text_list(v, "`order`")?;
                for (id, l) in &list {
                    self.refs.push(Ref {
                        id: id.clone(),
                        loc: *l,
                        kind: RefKind::Trigger,
                    });
                }
                ActionKind::Order(list.into_iter().map(|(t, _)| t).collect())
            }
            _ => return None,
        };
        Some(Action { kind, loc })
    }

    fn expect(&mut self, node: &Node) -> Option<Expect> {
        let mut keys: Vec<&str> = EXPECT_KEYS.to_vec();
        keys.extend(["july", "october"]);
        let map = self.mapping(node, "`expect`", &keys, "`{ resolved: [b, a] }`")?;
        for (k, _) in map.iter() {
            match k.as_str() {
                "july" => self.keys.insert("expect.july", self.sloc(k)),
                "october" => self.keys.insert("expect.october", self.sloc(k)),
                _ => None,
            };
        }
        let common = self.expect_block(map);
        let edition = |r: &mut Self, key: &str| {
            let n = map.get_node(key)?;
            let m = r.mapping(
                n,
                &format!("`expect.{key}`"),
                EXPECT_KEYS,
                "`{ cites: [\"340.1\"] }`",
            )?;
            Some(r.expect_block(m))
        };
        let july = edition(self, "july");
        let october = edition(self, "october");
        Some(Expect {
            common,
            july,
            october,
        })
    }

    fn expect_block(&mut self, map: &MarkedMappingNode) -> ExpectBlock {
        let mut b = ExpectBlock::default();
        let ids = |r: &mut Self, key: &str, kind: RefKind| -> Option<Vec<String>> {
            let n = map.get_node(key)?;
            let list = r.text_list(n, &format!("`expect.{key}`"))?;
            for (id, loc) in &list {
                r.refs.push(Ref {
                    id: id.clone(),
                    loc: *loc,
                    kind,
                });
            }
            Some(list.into_iter().map(|(t, _)| t).collect())
        };
        b.resolved = ids(self, "resolved", RefKind::Item);
        b.countered = ids(self, "countered", RefKind::Item);
        b.refused = ids(self, "refused", RefKind::Item);
        b.unreached = ids(self, "unreached", RefKind::Item);
        b.banished = ids(self, "banished", RefKind::Item);
        for key in ["priority", "focus"] {
            let v = map.get_node(key).and_then(|n| {
                let t = self.text(n, &format!("`expect.{key}`"))?;
                if t == "none" {
                    return Some(None);
                }
                self.player_named(
                    &t,
                    self.loc(n),
                    &format!("`expect.{key}` (a player or none)"),
                )?;
                Some(Some(t))
            });
            if key == "priority" {
                b.priority = v;
            } else {
                b.focus = v;
            }
        }
        b.state = map.get_node("state").and_then(|n| {
            let w = self.word(
                n,
                "`expect.state`",
                &[
                    "neutral-open",
                    "neutral-closed",
                    "showdown-open",
                    "showdown-closed",
                ],
            )?;
            TurnState::parse(w)
        });
        b.showdown_ended = map
            .get_node("showdown_ended")
            .and_then(|n| self.boolean(n, "`expect.showdown_ended`"));
        b.legion = map.get_node("legion").and_then(|n| {
            let Some(m) = n.as_mapping() else {
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(n),
                        "`expect.legion` must map item ids to true or false",
                    )
                    .label(format!("expected a mapping, found {}", Self::type_name(n)))
                    .help("e.g. legion: { noxus-hopeful: true }"),
                );
                return None;
            };
            let mut out = Vec::new();
            for (k, v) in m.iter() {
                self.refs.push(Ref {
                    id: k.as_str().to_string(),
                    loc: self.sloc(k),
                    kind: RefKind::Item,
                });
                if let Some(val) = self.boolean(v, "a Legion verdict") {
                    out.push((k.as_str().to_string(), val));
                }
            }
            Some(out)
        });
        b.next_turns = map.get_node("next_turns").and_then(|n| {
            let list = self.text_list(n, "`expect.next_turns`")?;
            Some(
                list.into_iter()
                    .filter_map(|(t, loc)| {
                        self.player_named(&t, loc, "`expect.next_turns`").map(|_| t)
                    })
                    .collect(),
            )
        });
        b.cites = map.get_node("cites").and_then(|n| {
            let list = self.text_list(n, "`expect.cites`")?;
            for (c, loc) in &list {
                self.refs.push(Ref {
                    id: c.clone(),
                    loc: *loc,
                    kind: RefKind::Cite,
                });
            }
            Some(list.into_iter().map(|(t, _)| t).collect())
        });
        b
    }

    fn ruling(&mut self, node: &Node) -> Option<Ruling> {
        let map = self.mapping(
            node,
            "`ruling`",
            &[
                "question",
                "answer",
                "sequence",
                "nuances",
                "cards",
                "keywords",
                "rules",
                "source",
                "checked_against",
                "superseded_by",
            ],
            "`{ question: ..., answer: ... }`",
        )?;
        let question = self
            .require(map, node, "question", "`ruling`")
            .and_then(|n| self.text(n, "`question`"));
        let answer = self
            .require(map, node, "answer", "`ruling`")
            .and_then(|n| self.text(n, "`answer`"));
        let texts = |r: &mut Self, key: &str| -> Vec<String> {
            map.get_node(key)
                .and_then(|n| r.text_list(n, &format!("`ruling.{key}`")))
                .map(|l| l.into_iter().map(|(t, _)| t).collect())
                .unwrap_or_default()
        };
        let sequence = texts(self, "sequence");
        let nuances = texts(self, "nuances");
        let cards = texts(self, "cards");
        let keywords = texts(self, "keywords");
        let (rules_july, rules_october) = match map.get_node("rules") {
            Some(n) if n.as_mapping().is_some() => {
                let m = self.mapping(
                    n,
                    "`ruling.rules`",
                    &["july", "october"],
                    "`{ july: [\"419.4.b\"], october: [\"420.4.b\"] }`",
                )?;
                let get = |r: &mut Self, k: &str| {
                    m.get_node(k)
                        .and_then(|x| r.text_list(x, &format!("`ruling.rules.{k}`")))
                        .map(|l| l.into_iter().map(|(t, _)| t).collect::<Vec<_>>())
                        .unwrap_or_default()
                };
                (get(self, "july"), get(self, "october"))
            }
            Some(n) => (
                self.text_list(n, "`ruling.rules`")
                    .map(|l| l.into_iter().map(|(t, _)| t).collect())
                    .unwrap_or_default(),
                Vec::new(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        let sources = match map.get_node("source") {
            Some(n) if n.as_sequence().is_some() => n
                .as_sequence()
                .map(|s| s.iter().filter_map(|x| self.ruling_source(x)).collect())
                .unwrap_or_default(),
            Some(n) => self.ruling_source(n).into_iter().collect(),
            None => {
                self.require(map, node, "source", "`ruling`");
                Vec::new()
            }
        };
        let checked_against = map
            .get_node("checked_against")
            .and_then(|n| self.word(n, "`checked_against`", &["july", "october"]))
            .unwrap_or("july")
            .to_string();
        let superseded_by = map
            .get_node("superseded_by")
            .and_then(|n| self.text(n, "`superseded_by`"));
        Some(Ruling {
            question: question?,
            answer: answer?,
            sequence,
            nuances,
            cards,
            keywords,
            rules_july,
            rules_october,
            sources,
            checked_against,
            superseded_by,
        })
    }

    fn ruling_source(&mut self, node: &Node) -> Option<RulingSource> {
        let map = self.mapping(
            node,
            "a ruling source",
            &["publisher", "title", "date", "url", "official"],
            "`{ publisher: Riot Games, title: ..., date: 2026-08-14, url: ..., official: true }`",
        )?;
        let publisher = self
            .require(map, node, "publisher", "a ruling source")
            .and_then(|n| self.text(n, "`publisher`"));
        let title = self
            .require(map, node, "title", "a ruling source")
            .and_then(|n| self.text(n, "`title`"));
        let date = map.get_node("date").and_then(|n| self.text(n, "`date`"));
        let url = map.get_node("url").and_then(|n| self.text(n, "`url`"));
        let official = map
            .get_node("official")
            .and_then(|n| self.boolean(n, "`official`"))
            .unwrap_or(false);
        Some(RulingSource {
            publisher: publisher?,
            title: title?,
            date,
            url,
            official,
        })
    }
}

/// What carries a trigger, for the carrier rules of the Triggers table.
#[derive(Debug, Clone, Copy)]
enum TriggerCarrier {
    Board(Option<BoardKind>),
    Item(Option<ItemKind>),
}

impl TriggerCarrier {
    /// Why this carrier cannot carry a trigger of `on`, or `None` when it can.
    fn refuses(self, on: TriggerOn) -> Option<&'static str> {
        match (self, on) {
            (_, TriggerOn::Chosen) => None,
            (Self::Board(_), TriggerOn::Play) => Some("a board object is already on the board; `play` triggers belong to the unit, gear or spell being played"),
            (Self::Board(Some(BoardKind::Unit) | None), TriggerOn::Death) => None,
            (Self::Board(_), TriggerOn::Death) => Some("only units die"),
            (Self::Board(_), TriggerOn::YouPlay(_)) => None,
            (Self::Item(Some(ItemKind::Spell)), TriggerOn::Play) => None,
            (Self::Item(Some(ItemKind::Unit | ItemKind::Gear) | None), TriggerOn::Play | TriggerOn::YouPlay(_)) => None,
            (Self::Item(Some(ItemKind::Unit) | None), TriggerOn::Death) => None,
            (Self::Item(Some(ItemKind::Spell)), _) => Some("a spell carries only `play` and `chosen` triggers"),
            (Self::Item(Some(ItemKind::Gear)), TriggerOn::Death) => Some("only units die"),
            (Self::Item(_), _) => Some("an ability carries only `chosen` triggers"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::plain_non_text;

    #[test]
    fn yaml_core_scalars_are_not_text() {
        for s in [
            "355.10", "1", "-2", "1e3", ".5", "true", "null", "~", "0x1F", ".inf",
        ] {
            assert!(plain_non_text(s).is_some(), "{s}");
        }
        for s in ["Ana", "on", "yes", "337.1.b", "1a", "a.b", "e3"] {
            assert!(plain_non_text(s).is_none(), "{s}");
        }
    }
}
