//! The `Reader` that walks the YAML tree, and its primitives: mappings with their allowed
//! keys, required keys, text (never a YAML number, boolean or null: "Ids, names and rule numbers
//! are text" in `docs/situation-format.md`), booleans, whole numbers, fixed words, lists and
//! player names. Each reports its problem at the node and returns `None`.

use crate::diag::{did_you_mean, Problem};
use crate::situation::validate::{Ref, Registry};
use crate::situation::PlayerId;
use crate::yaml::{scalar_loc, span_loc, Loc, Text};
use marked_yaml::types::{MarkedMappingNode, MarkedScalarNode, MarkedSequenceNode};
use marked_yaml::Node;
use std::collections::HashMap;

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
    /// The controllers of units read so far (board units and unit items), for `move`.
    pub(super) unit_controllers: HashMap<String, PlayerId>,
    /// `move` and `assign` actions read so far, for their default ids.
    pub(super) moves: usize,
    pub(super) assigns: usize,
}

/// The largest whole number a situation file may write (either sign).
pub(super) const MAX_NUMBER: i64 = 1_000_000;

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
    pub(super) fn push(&mut self, p: Problem) {
        self.problems.push(p);
    }

    pub(super) fn loc(&self, node: &Node) -> Loc {
        match node {
            Node::Scalar(s) => scalar_loc(&self.text, s),
            _ => span_loc(&self.text, node.span()),
        }
    }

    pub(super) fn sloc(&self, s: &MarkedScalarNode) -> Loc {
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

    /// A mapping whose keys are all in `allowed`; unknown keys are reported with a suggestion.
    pub(super) fn mapping<'n>(
        &mut self,
        node: &'n Node,
        what: &str,
        allowed: &[&str],
        example: &str,
    ) -> Option<&'n MarkedMappingNode> {
        self.mapping_listing(node, what, allowed, allowed, example)
    }

    /// [`Self::mapping`], whose unknown-key help lists `listed` (the "did you mean" still
    /// looks among every allowed key): `expect` in a file that is not a board file lists only
    /// format 1's keys, as it always did.
    pub(super) fn mapping_listing<'n>(
        &mut self,
        node: &'n Node,
        what: &str,
        allowed: &[&str],
        listed: &[&str],
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
                    Some(s) => format!("did you mean `{s}`? allowed keys: {}", listed.join(", ")),
                    None => format!("allowed keys here: {}", listed.join(", ")),
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

    pub(super) fn require<'n>(
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
    pub(super) fn text(&mut self, node: &Node, what: &str) -> Option<String> {
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

    pub(super) fn boolean(&mut self, node: &Node, what: &str) -> Option<bool> {
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

    /// A whole number, at most [`MAX_NUMBER`] in size: no game value comes near it, and the
    /// bound keeps every sum the replay makes exact.
    pub(super) fn integer(&mut self, node: &Node, what: &str) -> Option<i64> {
        if let Node::Scalar(s) = node {
            if s.may_coerce() {
                let t = s.as_str().trim();
                let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                match t.parse::<i64>() {
                    Ok(v) if v.abs() <= MAX_NUMBER => return Some(v),
                    Ok(_) | Err(_) if whole => {
                        self.push(
                            Problem::new(
                                "number_too_large",
                                self.loc(node),
                                format!("{what} is too large"),
                            )
                            .label(format!("at most {MAX_NUMBER} either way"))
                            .help(format!(
                                "write a whole number between -{MAX_NUMBER} and {MAX_NUMBER}: no game value comes near it"
                            )),
                        );
                        return None;
                    }
                    _ => {}
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
    pub(super) fn word(
        &mut self,
        node: &Node,
        what: &str,
        allowed: &[&'static str],
    ) -> Option<&'static str> {
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

    pub(super) fn list<'n>(
        &mut self,
        node: &'n Node,
        what: &str,
    ) -> Option<&'n MarkedSequenceNode> {
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

    pub(super) fn text_list(&mut self, node: &Node, what: &str) -> Option<Vec<(String, Loc)>> {
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
    pub(super) fn player(&mut self, node: &Node, what: &str) -> Option<PlayerId> {
        let name = self.text(node, what)?;
        self.player_named(&name, self.loc(node), what)
    }

    pub(super) fn player_named(&mut self, name: &str, loc: Loc, what: &str) -> Option<PlayerId> {
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
