//! Follow-on problems: after the walk, each unknown key is matched with what it most likely
//! stands for, and the problems that only restate it are dropped.
//!
//! An unknown key stands for, in this order: the key before its colon when no space follows the
//! colon (`name:Spell A`); a close spelling of a key its mapping lacks (`contoller`); a key of the
//! mapping just above it in the file, when it is indented too little to be part of it (an
//! `effects:` beside `play:` instead of under it); a key of the mapping it is indented into by
//! mistake (`turn:` under `showdown:`); a close spelling of any allowed key; or, with no close
//! spelling, a required key its mapping lacks (`when:` for `on:`). A missing key that one of these
//! stands for is not reported: the unknown key's problem is the fix.

use super::reader::{map_id, Reader};
use crate::diag::Problem;
use crate::yaml::{Loc, Mapping, Node, Scalar};
use std::collections::{HashMap, HashSet};

/// A mapping of the tree, and the mapping and key it stands under (through lists).
struct Placed<'n> {
    map: &'n Mapping<'n>,
    parent: Option<(usize, &'n Scalar<'n>)>,
}

fn index<'n>(
    node: &'n Node<'n>,
    parent: Option<(usize, &'n Scalar<'n>)>,
    out: &mut HashMap<usize, Placed<'n>>,
) {
    match node {
        Node::Mapping(m) => {
            let id = map_id(m);
            out.insert(id, Placed { map: m, parent });
            for (k, v) in m.iter() {
                index(v, Some((id, k)), out);
            }
        }
        Node::Sequence(s) => {
            for v in s.iter() {
                index(v, parent, out);
            }
        }
        Node::Scalar(_) => {}
    }
}

/// How many unknown keys are matched to what they stand for.
const FOLLOW_ON_LIMIT: usize = 200;

impl<'a> Reader<'a> {
    /// Whether the text before `loc` on its line is only indentation (and `- ` list dashes):
    /// the key starts a line of a block mapping.
    fn starts_line(&self, loc: Loc) -> bool {
        let start = self.src[..loc.offset].rfind('\n').map_or(0, |n| n + 1);
        self.src[start..loc.offset]
            .chars()
            .all(|c| c == ' ' || c == '-')
    }

    fn column(&self, loc: Loc) -> usize {
        // From the start of its line only: the whole text before it may be long.
        let start = self.src[..loc.offset].rfind('\n').map_or(0, |n| n + 1);
        self.src[start..loc.offset].chars().count() + 1
    }

    /// Rewrites the problem of each unknown key to say what it stands for, reports the units
    /// of standard moves with no known controller, and returns the problems (by index) that
    /// only restate another: missing keys an unknown key stands for.
    pub(super) fn follow_ons(&mut self, tree: &Node) -> HashSet<usize> {
        let mut placed = HashMap::new();
        // Only an unknown key needs to know where each mapping sits.
        if !self.unknown.is_empty() {
            index(tree, None, &mut placed);
        }
        // (mapping, key): an unknown key stands for this key of this mapping.
        let mut explained: HashSet<(usize, String)> = HashSet::new();
        let unknown = self.unknown.clone();
        let mut unmatched = Vec::new();
        // Past the first unknown keys, a file is not a misspelt situation: the rest keep their
        // plain reports (this also keeps a file of thousands of them from taking minutes).
        for u in unknown.iter().take(FOLLOW_ON_LIMIT) {
            let Some(here) = placed.get(&u.map) else {
                continue;
            };
            let lacks_here = |k: &str| here.map.get_node(k).is_none();
            if u.no_space {
                if let Some(m) = &u.meant {
                    explained.insert((u.map, m.clone()));
                }
                continue;
            }
            if let Some(m) = u.meant.as_deref().filter(|m| lacks_here(m)) {
                explained.insert((u.map, m.to_string()));
                continue;
            }
            let what = self
                .maps
                .get(&u.map)
                .map_or("", |i| i.what.as_str())
                .to_string();
            // Indented too little: the key before it holds a mapping that takes this key.
            let before = here
                .map
                .iter()
                .take_while(|(k, _)| k.as_str() != u.key)
                .last();
            if let Some((prev, Node::Mapping(inner))) = before {
                let id = map_id(inner);
                let takes = self
                    .maps
                    .get(&id)
                    .is_some_and(|i| i.allowed.contains(&u.key));
                if takes && inner.get_node(&u.key).is_none() {
                    let first = inner.keys().next().map(|k| self.sloc(k));
                    let help = match first {
                        Some(f) if self.starts_line(u.loc) && self.starts_line(f) => {
                            let n = self.column(f).saturating_sub(self.column(u.loc));
                            format!(
                                "indent `{}:` {n} more space{}, in line with `{}:`, so that it is part of `{}:`",
                                u.key,
                                if n == 1 { "" } else { "s" },
                                inner.keys().next().map_or("", |k| k.as_str()),
                                prev.as_str()
                            )
                        }
                        _ => format!("move `{}` into the mapping of `{}`", u.key, prev.as_str()),
                    };
                    self.rewrite(
                        u.problem,
                        format!(
                            "`{}` is not a key of {what}: it belongs to the `{}:` above it",
                            u.key,
                            prev.as_str()
                        ),
                        "indented too little",
                        help,
                    );
                    explained.insert((id, u.key.clone()));
                    continue;
                }
            }
            // Indented too far: the mapping it stands under takes this key.
            if let Some((pid, pkey)) = here.parent {
                let takes = self
                    .maps
                    .get(&pid)
                    .is_some_and(|i| i.allowed.contains(&u.key));
                let lacks = placed
                    .get(&pid)
                    .is_some_and(|p| p.map.get_node(&u.key).is_none());
                if takes && lacks {
                    let parent_what = self
                        .maps
                        .get(&pid)
                        .map_or("the mapping above", |i| i.what.as_str())
                        .to_string();
                    let pk = self.sloc(pkey);
                    let block = self.starts_line(u.loc) && self.starts_line(pk);
                    let help = if block {
                        let n = self.column(u.loc).saturating_sub(self.column(pk));
                        format!(
                            "move `{}:` {n} space{} to the left, in line with `{}:`",
                            u.key,
                            if n == 1 { "" } else { "s" },
                            pkey.as_str()
                        )
                    } else {
                        format!(
                            "move `{}` out of `{}`, to stand beside it in {parent_what}",
                            u.key,
                            pkey.as_str()
                        )
                    };
                    // A one-line `{ ... }` mapping is not indented: say where the key is.
                    let label = if block {
                        "indented too far".to_string()
                    } else {
                        format!("inside `{}`", pkey.as_str())
                    };
                    self.rewrite(
                        u.problem,
                        format!(
                            "`{}` is not a key of {what}: it is a key of {parent_what}, written inside `{}`",
                            u.key,
                            pkey.as_str()
                        ),
                        &label,
                        help,
                    );
                    explained.insert((pid, u.key.clone()));
                    continue;
                }
            }
            if let Some(m) = &u.meant {
                explained.insert((u.map, m.clone()));
                continue;
            }
            let value = here
                .map
                .get_node(&u.key)
                .and_then(Node::as_scalar)
                .map(|v| v.as_str().to_string())
                .filter(|v| !v.is_empty() && !v.contains('\n'));
            unmatched.push((u.clone(), what, value));
        }
        // No close spelling: the unknown key most likely stands for a required key its mapping
        // lacks.
        for (u, what, value) in unmatched {
            let Some(m) = self
                .missing
                .iter()
                .find(|m| m.map == u.map && !explained.contains(&(m.map, m.key.clone())))
                .cloned()
            else {
                continue;
            };
            let old = self.problems[u.problem].help.clone().unwrap_or_default();
            let write = match value {
                Some(v) => format!("`{}: {v}`", m.key),
                None => format!("`{}:`", m.key),
            };
            self.problems[u.problem].help = Some(format!(
                "{what} needs `{key}` and has none: if `{}` stands for it, write {write}; {old}",
                u.key,
                key = m.key
            ));
            explained.insert((m.map, m.key));
        }
        let drop: HashSet<usize> = self
            .missing
            .iter()
            .filter(|m| explained.contains(&(m.map, m.key.clone())))
            .map(|m| m.problem)
            .collect();
        // Standard moves whose unit has no known controller: an unknown id is reported by
        // `validate`, and a unit whose entry could not be read is reported there.
        for (u, loc) in std::mem::take(&mut self.move_units) {
            if self.reg.knows(&u) && !self.unreadable_ids.contains(&u) {
                self.push(
                    Problem::new("move_units", loc, "a standard move names units on the board or units played earlier in the file")
                        .label("not a unit with a known controller")
                        .help("name a unit from `board`, or a unit item played before this move"),
                );
            }
        }
        drop
    }

    fn rewrite(&mut self, problem: usize, message: String, label: &str, help: String) {
        let p = &mut self.problems[problem];
        p.message = message;
        p.label = label.to_string();
        p.help = Some(help);
    }
}
