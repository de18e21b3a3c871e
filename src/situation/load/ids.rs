//! Ids ("Ids" in `docs/situation-format.md`): an `id` as written (not empty, no `#`), or the
//! slug of `name`. Shared by chain items and board objects; registering the id is theirs.

use super::Reader;
use crate::diag::Problem;
use crate::situation::slug;
use crate::yaml::{Mapping, Node};

impl<'a> Reader<'a> {
    pub(super) fn id_for(&mut self, map: &Mapping, name: Option<&str>, node: &Node) -> String {
        if let Some(n) = map.get_node("id") {
            if let Some(id) = self.text(n, "`id`") {
                if id.trim().is_empty() {
                    self.push(
                        Problem::new("bad_id", self.loc(n), "an id cannot be empty")
                            .label("empty id")
                            .help("remove `id:` (the id is then the slug of the name), or write letters, digits and dashes"),
                    );
                } else if id.contains('#') {
                    self.push(
                        Problem::new("bad_id", self.loc(n), format!("`{id}` is not a valid id"))
                            .label("`#` in an id")
                            .help("ids may not contain `#` (it marks later instances: x#2)"),
                    );
                }
                return id;
            }
        }
        // A name that could not be read (reported there) still gives the id it was meant to
        // give, so that references to it are not reported too.
        let raw = map
            .get_node("name")
            .and_then(Node::as_scalar)
            .map(|s| s.as_str().to_string());
        let id = name.or(raw.as_deref()).map(slug).unwrap_or_default();
        if id.is_empty() {
            self.reg.incomplete = true;
        }
        if id.is_empty() && name.is_some() {
            self.push(
                Problem::new(
                    "bad_id",
                    self.map_first_line(node),
                    "this name gives an empty id",
                )
                .label("no letter a-z or digit 0-9 in the name")
                .help("an id is made of the name's letters a-z and digits 0-9 (accented and non-Latin letters are dropped): add an `id:` such as `counter-1`"),
            );
        }
        id
    }
}
