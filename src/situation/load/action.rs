//! Actions ("Actions" in `docs/situation-format.md`): each entry of `actions` is exactly one of
//! `play`, `pass` or `order`.

use super::item::Place;
use super::Reader;
use crate::diag::Problem;
use crate::situation::validate::{Ref, RefKind};
use crate::situation::{Action, ActionKind};
use marked_yaml::Node;

impl<'a> Reader<'a> {
    pub(super) fn action(&mut self, node: &Node) -> Option<Action> {
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
}
