//! Actions ("Actions" in `docs/situation-format.md`): each entry of `actions` is exactly one of
//! `play`, `pass` or `order`.

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::{IdWhat, Ref, RefKind};
use crate::situation::{Action, ActionKind};
use crate::yaml::Node;

/// The action keys: one per entry of `actions`.
const ACTIONS: &[&str] = &[
    "play", "pass", "order", "move", "assign", "end_turn", "begin",
];

impl<'a> Reader<'a> {
    pub(super) fn action(&mut self, node: &Node) -> Option<Action> {
        let map = self.mapping(node, "an action", ACTIONS, "`- pass: Ben`")?;
        let known = map
            .iter()
            .filter(|(k, _)| ACTIONS.contains(&k.as_str()))
            .count();
        // An unknown key beside one action is reported as such; counting it here would only
        // restate it.
        if known > 1 || known == 0 && !self.has_unknown(map) {
            self.push(
                Problem::new(
                    "action_shape",
                    self.map_first_line(node),
                    "an action is exactly one of play, pass, order, move, assign, end_turn or begin",
                )
                .label("action")
                .help("write one action per list entry: `- pass: Ben`"),
            );
            if known == 0 {
                return None;
            }
        }
        let (k, v) = map.iter().find(|(k, _)| ACTIONS.contains(&k.as_str()))?;
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
            "move" => self.move_action(v)?,
            "assign" => self.assign_action(v)?,
            "end_turn" => ActionKind::EndTurn(self.player(v, "`end_turn`")?),
            "begin" => {
                let t = self.text(v, "`begin`")?;
                let l = self.loc(v);
                ActionKind::Begin(self.battlefield(&t, l, "`begin`")?)
            }
            _ => return None,
        };
        Some(Action { kind, loc })
    }

    /// `move: { units, to, id }` (144): a standard move by the units' controller.
    fn move_action(&mut self, v: &Node) -> Option<ActionKind> {
        let m = self.mapping(
            v,
            "a `move` action",
            &["units", "to", "id"],
            "`{ units: vanguard, to: Battlefield 1 }`",
        )?;
        self.moves += 1;
        let id = self.action_id(m, v, "move", self.moves)?;
        let units_node = self.require(m, v, "units", "a `move` action")?;
        let list: Vec<(String, crate::yaml::Loc)> = if units_node.as_sequence().is_some() {
            self.text_list(units_node, "`units`")?
        } else {
            vec![(self.text(units_node, "`units`")?, self.loc(units_node))]
        };
        if list.is_empty() {
            self.push(
                Problem::new("empty_list", self.loc(units_node), "`units` names no unit")
                    .label("empty list")
                    .help("name at least one unit to move"),
            );
        }
        // Each unit once, as for a damage target: moving a unit twice in one move means nothing.
        let mut list = list;
        let mut seen: Vec<String> = Vec::new();
        list.retain(|(u, loc)| {
            if seen.contains(u) {
                self.problems.push(
                    Problem::new(
                        "repeated_id",
                        *loc,
                        format!("`{u}` is named twice in `units`"),
                    )
                    .label("second time")
                    .help("name each unit once"),
                );
                return false;
            }
            seen.push(u.clone());
            true
        });
        let to = self
            .require(m, v, "to", "a `move` action")
            .and_then(|n| self.place(n, "`to`"));
        let mut by = None;
        for (u, loc) in &list {
            self.refs.push(Ref {
                id: u.clone(),
                loc: *loc,
                kind: RefKind::Unit,
            });
            match (self.unit_controllers.get(u).copied(), by) {
                (Some(c), None) => by = Some(c),
                (Some(c), Some(b)) if c != b => {
                    self.push(
                        Problem::new(
                            "move_controllers",
                            *loc,
                            "one standard move moves one player's units",
                        )
                        .label("another player's unit")
                        .help("write one `move` per player"),
                    );
                }
                _ => {}
            }
        }
        let Some(by) = by else {
            // Reported after the walk, once every id is known: an unknown id is reported as
            // such, and a unit whose controller could not be read is reported there.
            if let Some((u, loc)) = list.first() {
                self.move_units.push((u.clone(), *loc));
            }
            return None;
        };
        Some(ActionKind::Move {
            id,
            by,
            units: list.into_iter().map(|(u, _)| u).collect(),
            to: to?,
        })
    }

    /// `assign: { by, to: { unit: N }, id }` (465.2.c).
    fn assign_action(&mut self, v: &Node) -> Option<ActionKind> {
        let m = self.mapping(
            v,
            "an `assign` action",
            &["by", "to", "id"],
            "`{ by: Ana, to: { poro: 3 } }`",
        )?;
        self.assigns += 1;
        let id = self.action_id(m, v, "assign", self.assigns)?;
        let by = self
            .require(m, v, "by", "an `assign` action")
            .and_then(|n| self.player(n, "`by`"));
        let to_node = self.require(m, v, "to", "an `assign` action")?;
        let Some(tm) = to_node.as_mapping() else {
            self.push(
                Problem::new("wrong_type", self.loc(to_node), "`to` maps units to damage")
                    .label(format!("found {}", Self::type_name(to_node)))
                    .help("write `to: { poro: 3, guard: 1 }`"),
            );
            return None;
        };
        let mut to = Vec::new();
        for (k, n) in tm.iter() {
            self.refs.push(Ref {
                id: k.as_str().to_string(),
                loc: self.sloc(k),
                kind: RefKind::Unit,
            });
            if let Some(a) = self.integer(n, "an amount of damage") {
                if a < 0 {
                    self.push(
                        Problem::new("bad_value", self.loc(n), "an amount of damage is 0 or more")
                            .label("negative")
                            .help("write 0 or more"),
                    );
                }
                to.push((k.as_str().to_string(), a));
            }
        }
        Some(ActionKind::Assign { id, by: by?, to })
    }

    /// A `move` or `assign` action's id: as written, or `<kind>-N` in file order; registered
    /// so that `expect` can name it.
    fn action_id(
        &mut self,
        m: &crate::yaml::Mapping,
        v: &Node,
        kind: &str,
        n: usize,
    ) -> Option<String> {
        let id = match m.get_node("id") {
            Some(node) => self.text(node, "`id`")?,
            None => format!("{kind}-{n}"),
        };
        let id_loc = m
            .get_node("id")
            .map_or_else(|| self.map_first_line(v), |node| self.loc(node));
        self.reg
            .add(&id, IdWhat::Action(None), id_loc, &mut self.problems);
        Some(id)
    }
}
