//! The `expect` block ("`expect`" in `docs/situation-format.md`): the top-level keys checked
//! against every edition replayed, and the `july` and `october` blocks that replace them. Also
//! `killed` (any file) and the board keys of 3.9 of the board extension, read in `expect_board`.

use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::{Ref, RefKind};
use crate::situation::{Expect, ExpectBlock, TurnState};
use crate::yaml::{Mapping, Node};

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

/// `killed`: a format-1 addition of the board extension, usable in any file (principle 1).
const KILLED: &str = "killed";

/// The keys of an `expect` block (top level or an edition's) in this file, and the keys its
/// unknown-key help lists: in a file that is not a board file, format 1's keys as before (the
/// board keys are errors there, and `killed` is still read).
fn block_keys(board: bool) -> (Vec<&'static str>, Vec<&'static str>) {
    let mut all: Vec<&str> = EXPECT_KEYS.to_vec();
    all.push(KILLED);
    all.extend(super::expect_board::BOARD_EXPECT_KEYS);
    let listed = if board {
        all.clone()
    } else {
        EXPECT_KEYS.to_vec()
    };
    (all, listed)
}

impl<'a> Reader<'a> {
    pub(super) fn expect(&mut self, node: &Node) -> Option<Expect> {
        let (block, block_listed) = block_keys(self.board);
        let mut keys = block.clone();
        keys.extend(["july", "october"]);
        let mut listed = block_listed.clone();
        listed.extend(["july", "october"]);
        let map =
            self.mapping_listing(node, "`expect`", &keys, &listed, "`{ resolved: [b, a] }`")?;
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
            let m = r.mapping_listing(
                n,
                &format!("`expect.{key}`"),
                &block,
                &block_listed,
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
            // Set once `rules` is known (`load`).
            cites_name_july_rules: false,
        })
    }

    fn expect_block(&mut self, map: &Mapping) -> ExpectBlock {
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
        b.banished = ids(self, "banished", RefKind::Target);
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
        b.killed = ids(self, KILLED, RefKind::ExpectKilled);
        b.board = self.board_expect(map);
        b
    }
}
