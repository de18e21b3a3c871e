//! Whether a file is a board file (board extension, principle 1): it is if and only if it uses
//! one of the board keys. Found by a walk of the tree before the sections are read, so every
//! section knows which rules apply; the first board key in the file is kept for the report
//! header. Also the battlefields' ids and names, which `at`, `to`, `target_at`, `begin` and
//! `showdown.battlefield` name, collected before the board is read.

use super::permanent::{PERMANENT_KEYS, UNIT_KEYS};
use super::trigger::BOARD_ON;
use super::Reader;
use crate::diag::{did_you_mean, Problem};
use crate::situation::{slug, BoardModel, Place};
use crate::yaml::{Loc, Mapping, Node};

/// Keys that make a file a board file wherever they stand (outside `expect` and `ruling`),
/// besides the unit keys and the permanent keys other than `token`.
const OTHER_BOARD_KEYS: &[&str] = &[
    "points",
    "victory_score",
    "contested_by",
    "scored_this_turn",
    "facedown",
    "heal",
    "move",
    "recall",
    "return_to_hand",
    "banish",
    "gain_point",
    "stun",
    "assign",
    "end_turn",
    "begin",
    "of",
    "deathknell",
    "in_combat",
    "alone",
    "ready",
    "exhaust",
];

/// Whether `key` is a board key (principle 1); `turn` only inside a trigger (a mapping with
/// `on`): elsewhere below the top level it is a misplaced key, reported as such (a top-level
/// `turn` indented into `showdown` does not make a board file).
fn is_board_key(key: &str, in_trigger: bool) -> bool {
    (key == "turn" && in_trigger)
        || OTHER_BOARD_KEYS.contains(&key)
        || UNIT_KEYS.contains(&key)
        || (PERMANENT_KEYS.contains(&key) && key != "token")
}

impl<'a> Reader<'a> {
    /// The first board key of the file, in document order (`expect` and `ruling` are not
    /// looked at: their board keys are errors in a file that is not a board file).
    pub(super) fn find_board_model(&self, tree: &Node) -> Option<BoardModel> {
        self.walk_map(tree.as_mapping()?, true)
    }

    fn walk(&self, node: &Node) -> Option<BoardModel> {
        match node {
            Node::Mapping(m) => self.walk_map(m, false),
            Node::Sequence(s) => s
                .iter()
                .fold(None, |found, v| earliest(found, self.walk(v))),
            Node::Scalar(_) => None,
        }
    }

    /// The first board key in a mapping and below it; `top`: the file's own keys, where only
    /// `points`, `victory_score` and `step: start|beginning` are board keys (`turn` there is
    /// format 1's).
    fn walk_map(&self, m: &Mapping, top: bool) -> Option<BoardModel> {
        let mut found = None;
        // Once per mapping, not once per key.
        let has_on = !top && m.get_node("on").is_some();
        for (k, v) in m.iter() {
            let key = k.as_str();
            if top && matches!(key, "expect" | "ruling") {
                continue;
            }
            let value = v.as_scalar().map(|s| s.as_str());
            let hit = match (key, value) {
                ("points" | "victory_score", _) if top => Some(key.to_string()),
                ("step", Some(s @ ("start" | "beginning"))) if top => Some(format!("step: {s}")),
                _ if top => None,
                _ if is_board_key(key, has_on) => Some(key.to_string()),
                ("controller", Some("none")) => Some("controller: none".into()),
                ("kind", Some("facedown")) => Some("kind: facedown".into()),
                ("on", Some(v)) if BOARD_ON.contains(&v) => Some(format!("on: {v}")),
                _ => None,
            };
            let candidate = match hit {
                Some(key) => Some(BoardModel {
                    key,
                    loc: self.sloc(k),
                }),
                None => self.walk(v),
            };
            found = earliest(found, candidate);
        }
        found
    }

    /// The ids and names of the battlefields in `board`, in board order, read before the board.
    pub(super) fn battlefield_names(&self, board: Option<&Node>) -> Vec<(String, String)> {
        let Some(seq) = board.and_then(Node::as_sequence) else {
            return Vec::new();
        };
        seq.iter()
            .filter_map(Node::as_mapping)
            .filter(|m| {
                m.get_node("kind")
                    .and_then(Node::as_scalar)
                    .is_some_and(|s| s.as_str() == "battlefield")
            })
            .map(|m| {
                let name = m
                    .get_node("name")
                    .and_then(Node::as_scalar)
                    .map(|s| s.as_str().to_string())
                    .unwrap_or_default();
                let id = m
                    .get_node("id")
                    .and_then(Node::as_scalar)
                    .map_or_else(|| slug(&name), |s| s.as_str().to_string());
                (id, name)
            })
            .collect()
    }

    /// The ids and names of the `board` entries whose `kind` is missing or not a kind.
    pub(super) fn unknown_kind_entries(&self, board: Option<&Node>) -> Vec<String> {
        const KINDS: &[&str] = &["unit", "gear", "legend", "battlefield", "facedown"];
        let Some(seq) = board.and_then(Node::as_sequence) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for m in seq.iter().filter_map(Node::as_mapping) {
            let kind = m.get_node("kind").and_then(Node::as_scalar);
            if kind.is_some_and(|k| KINDS.contains(&k.as_str())) {
                continue;
            }
            for key in ["id", "name"] {
                if let Some(s) = m.get_node(key).and_then(Node::as_scalar) {
                    out.push(s.as_str().to_string());
                    if key == "name" {
                        out.push(slug(s.as_str()));
                    }
                }
            }
        }
        out
    }

    /// A declared battlefield named by id or name, by index; an error with "did you mean".
    pub(super) fn battlefield(&mut self, text: &str, loc: Loc, what: &str) -> Option<usize> {
        if let Some(k) = self
            .battlefields
            .iter()
            .position(|(id, name)| id == text || name == text)
        {
            return Some(k);
        }
        if self.unknown_kind_entries.iter().any(|e| e == text) {
            return None; // perhaps a battlefield whose kind could not be read: reported there
        }
        let names: Vec<&str> = self.battlefields.iter().map(|(_, n)| n.as_str()).collect();
        let help = match did_you_mean(text, names.iter().copied()) {
            Some(m) => format!("did you mean `{m}`? battlefields: {}", names.join(", ")),
            None if names.is_empty() => {
                "declare it in `board` with `kind: battlefield`".to_string()
            }
            None => format!("the battlefields are: {}", names.join(", ")),
        };
        self.push(
            Problem::new(
                "unknown_battlefield",
                loc,
                format!("{what}: `{text}` is not a declared battlefield"),
            )
            .label("not a battlefield")
            .help(help),
        );
        None
    }

    /// A place: `base` or a declared battlefield.
    pub(super) fn place(&mut self, node: &Node, what: &str) -> Option<Place> {
        let t = self.text(node, what)?;
        if t == "base" {
            return Some(Place::Base);
        }
        let loc = self.loc(node);
        self.battlefield(&t, loc, what).map(Place::Battlefield)
    }
}

fn earliest(a: Option<BoardModel>, b: Option<BoardModel>) -> Option<BoardModel> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.loc.offset < a.loc.offset { b } else { a }),
        (a, b) => a.or(b),
    }
}
