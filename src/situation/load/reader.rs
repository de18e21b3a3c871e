//! The `Reader` that walks the YAML tree: its state, and where a node is. Its primitives, each
//! reporting its problem at the node and returning `None`, are in `keys` (mappings with their
//! allowed and required keys), `values` (text, booleans, whole numbers, fixed words, lists) and
//! `players` (player names).

use super::values::plain_non_text;
use crate::diag::Problem;
use crate::situation::validate::{Ref, Registry};
use crate::situation::PlayerId;
use crate::yaml::{scalar_loc, span_loc, Loc, Mapping, Node, Scalar, Text};
use std::collections::{HashMap, HashSet};

/// An unknown key, kept so that the walk's end can say what it stands for (a misspelling, a
/// key without a space after its colon, a key of the mapping above or beside) and drop the
/// missing-key problems it explains.
#[derive(Debug, Clone)]
pub(super) struct UnknownKey {
    /// Its problem in `Reader::problems`.
    pub(super) problem: usize,
    /// The mapping it stands in (the address of its node: the tree outlives the walk).
    pub(super) map: usize,
    /// The key as written.
    pub(super) key: String,
    /// Where the key is.
    pub(super) loc: Loc,
    /// The allowed key it is read as: a close spelling, or the word before a colon.
    pub(super) meant: Option<String>,
    /// Written `key:value`, without a space after the colon.
    pub(super) no_space: bool,
}

/// A required key that is missing, with its problem.
#[derive(Debug, Clone)]
pub(super) struct MissingKey {
    pub(super) problem: usize,
    pub(super) map: usize,
    pub(super) key: String,
}

/// A mapping the walk read, with what it is and the keys it allows.
#[derive(Debug, Clone)]
pub(super) struct MapInfo {
    pub(super) what: String,
    pub(super) allowed: Vec<String>,
}

/// The address of a mapping node, its identity during the walk.
pub(super) fn map_id(map: &Mapping) -> usize {
    std::ptr::from_ref(map) as usize
}

/// Walks one file's YAML tree, collecting its problems, ids and references for `validate`.
pub(super) struct Reader<'a> {
    pub(super) src: &'a str,
    pub(super) text: Text<'a>,
    pub(super) problems: Vec<Problem>,
    pub(super) reg: Registry,
    pub(super) refs: Vec<Ref>,
    pub(super) keys: HashMap<&'static str, Loc>,
    pub(super) players: Vec<String>,
    /// A board file (board extension, principle 1).
    pub(super) board: bool,
    /// The battlefields' ids and names, in board order (board files).
    pub(super) battlefields: Vec<(String, String)>,
    /// The ids and names of `board` entries whose kind could not be read: one may be a
    /// battlefield, so a place naming it is not reported (its kind is).
    pub(super) unknown_kind_entries: Vec<String>,
    /// The controllers of units read so far (board units and unit items), for `move`.
    pub(super) unit_controllers: HashMap<String, PlayerId>,
    /// `move` and `assign` actions read so far, for their default ids.
    pub(super) moves: usize,
    pub(super) assigns: usize,
    /// The unknown keys found, in walk order.
    pub(super) unknown: Vec<UnknownKey>,
    /// The required keys found missing, in walk order.
    pub(super) missing: Vec<MissingKey>,
    /// Every mapping read, by its address.
    pub(super) maps: HashMap<usize, MapInfo>,
    /// Whether `maps` is filled: only on a second reading of a file with an unknown key, so
    /// that a good file (however long) pays nothing for it.
    pub(super) record_maps: bool,
    /// Sections of the file (`board`, `chain`, `showdown`, ...) in which a value could not be
    /// read: the cross-checks that depend on them are skipped, as they would only restate it.
    pub(super) unreadable: HashSet<&'static str>,
    /// Ids of entries (board objects, items) in which a value could not be read.
    pub(super) unreadable_ids: HashSet<String>,
    /// Units of standard moves with no known controller: reported after the walk unless the
    /// id is unknown (which `validate` reports) or its entry could not be read.
    pub(super) move_units: Vec<(String, Loc)>,
    /// The controllers of the items and board objects being read, innermost last: an item
    /// that inherits its controller (a `play` effect, a trigger item) has the innermost one, so
    /// a unit an instruction plays is known to a later `move` (`None`: not known).
    pub(super) controller_ctx: Vec<Option<PlayerId>>,
    /// Reading the item of a trigger whose event is about a unit: its effects may name
    /// `that_unit`.
    pub(super) event_unit: bool,
}

impl<'a> Reader<'a> {
    pub(super) fn push(&mut self, p: Problem) {
        self.problems.push(p);
    }

    /// Where each key of `map` that `allowed` holds writes its value, the key as the allowed
    /// word it is (no copy of it per entry), in a list sized once (`ItemSpec::key_locs`).
    pub(super) fn key_locs(
        &self,
        map: &Mapping,
        allowed: &[&'static str],
    ) -> Vec<(&'static str, Loc)> {
        let mut out = Vec::with_capacity(map.len());
        out.extend(map.iter().filter_map(|(k, v)| {
            let key = allowed.iter().find(|a| **a == k.as_str())?;
            Some((*key, self.loc(v)))
        }));
        out
    }

    pub(super) fn loc(&self, node: &Node) -> Loc {
        match node {
            Node::Scalar(s) => scalar_loc(&self.text, s),
            // A block mapping's span starts at its first key's colon: label from the key.
            Node::Mapping(m)
                if m.keys().next().is_some_and(|k| {
                    self.sloc(k).offset < span_loc(&self.text, node.span()).offset
                }) =>
            {
                self.map_first_line(node)
            }
            _ => span_loc(&self.text, node.span()),
        }
    }

    pub(super) fn sloc(&self, s: &Scalar) -> Loc {
        scalar_loc(&self.text, s)
    }

    /// The first line of a mapping, for "missing key" labels.
    pub(super) fn map_first_line(&self, node: &Node) -> Loc {
        // A block mapping's span starts at its first key's colon; use the first key instead.
        let start = match node.as_mapping().and_then(|m| m.keys().next()) {
            Some(k) => self.sloc(k).offset,
            None => span_loc(&self.text, node.span()).offset,
        };
        let rest = &self.src[start..];
        let len = rest.find('\n').unwrap_or(rest.len()).max(1);
        Loc::new(start, len.min(self.src.len().saturating_sub(start)).max(1))
    }

    pub(super) fn type_name(node: &Node) -> &'static str {
        match node {
            Node::Scalar(s) if s.may_coerce() => plain_non_text(s.as_str()).unwrap_or("text"),
            Node::Scalar(_) => "text",
            Node::Mapping(_) => "a mapping",
            Node::Sequence(_) => "a list",
        }
    }
}
