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

/// Words judges write for one of the format's words.
const SYNONYMS: &[(&str, &str)] = &[
    ("dies", "death"),
    ("die", "death"),
    ("dead", "death"),
    ("killed", "death"),
    ("graveyard", "trash"),
    ("discard", "trash"),
    ("me", "controller"),
    ("self", "controller"),
    ("you", "controller"),
    ("mine", "controller"),
];

/// The allowed word `word` most likely stands for: a close spelling (any letter case), or a
/// word judges use for it (`dies` for `death`).
pub(super) fn suggest<'k>(
    word: &str,
    allowed: impl IntoIterator<Item = &'k str> + Clone,
) -> Option<&'k str> {
    let lower = word.to_lowercase();
    if let Some(&(_, to)) = SYNONYMS.iter().find(|(from, _)| *from == lower) {
        if let Some(a) = allowed.clone().into_iter().find(|a| *a == to) {
            return Some(a);
        }
    }
    did_you_mean(word, allowed)
}

/// The name of a character that shows as nothing (or as a space) in an editor.
pub(super) fn invisible(c: char) -> Option<&'static str> {
    match c {
        '\u{feff}' => Some("U+FEFF (a byte-order mark)"),
        '\u{200b}' => Some("U+200B (a zero-width space)"),
        '\u{200c}' | '\u{200d}' | '\u{2060}' => {
            Some("a zero-width joiner (U+200C, U+200D or U+2060)")
        }
        '\u{a0}' => Some("U+00A0 (a non-breaking space)"),
        _ => None,
    }
}

/// `s` with each invisible character written as `<U+XXXX>`.
pub(super) fn show_invisible(s: &str) -> String {
    s.chars()
        .map(|c| {
            if invisible(c).is_some() {
                format!("<U+{:04X}>", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The address of a mapping node, its identity during the walk.
pub(super) fn map_id(map: &MarkedMappingNode) -> usize {
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

/// How a YAML number other than a decimal whole number is written, and its decimal form
/// when it is a whole number within bounds (`0x10` is 16).
fn number_form(t: &str) -> Option<(&'static str, Option<String>)> {
    if plain_non_text(t) != Some("a number") {
        return None;
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let sign = if t.starts_with('-') { "-" } else { "" };
    let radix = |digits: &str, r: u32| {
        i64::from_str_radix(digits, r)
            .ok()
            .filter(|v| *v <= MAX_NUMBER)
            .map(|v| format!("{sign}{v}"))
    };
    let lower = body.to_ascii_lowercase();
    if let Some(h) = t.strip_prefix("0x") {
        return Some(("a hexadecimal number", radix(h, 16)));
    }
    if let Some(o) = t.strip_prefix("0o") {
        return Some(("an octal number", radix(o, 8)));
    }
    if lower == ".inf" {
        return Some(("infinity", None));
    }
    if lower == ".nan" {
        return Some(("NaN (YAML's \"not a number\")", None));
    }
    if lower.contains('e') {
        let whole = t
            .parse::<f64>()
            .ok()
            .filter(|v| v.fract() == 0.0 && v.abs() <= MAX_NUMBER as f64)
            .map(|v| format!("{v}"));
        return Some(("a number with an exponent", whole));
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return None; // a whole number: too large, reported as such
    }
    let whole = t
        .parse::<f64>()
        .ok()
        .filter(|v| v.fract() == 0.0 && v.abs() <= MAX_NUMBER as f64)
        .map(|v| format!("{v}"));
    Some(("a number with a decimal point", whole))
}

impl<'a> Reader<'a> {
    pub(super) fn push(&mut self, p: Problem) {
        self.problems.push(p);
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
        let id = map_id(map);
        if self.record_maps {
            self.maps.insert(
                id,
                MapInfo {
                    what: what.to_string(),
                    allowed: allowed.iter().map(|k| (*k).to_string()).collect(),
                },
            );
        }
        for (k, _) in map.iter() {
            let key = k.as_str();
            if allowed.contains(&key) {
                continue;
            }
            let loc = self.sloc(k);
            // `name:Spell A`: with no space after the colon, YAML reads the pair as one key.
            let glued = key
                .split_once(':')
                .filter(|(before, after)| {
                    allowed.contains(before) && !after.is_empty() && !after.starts_with(' ')
                })
                .map(|(before, after)| (before.to_string(), after.to_string()));
            let problem = self.problems.len();
            if let Some((before, after)) = &glued {
                self.push(
                    Problem::new(
                        "unknown_key",
                        loc,
                        format!("`{key}` has no space after its `:`, so YAML reads it as one key"),
                    )
                    .label("no space after `:`")
                    .help(format!(
                        "write `{before}: {after}`: a colon separates a key from its value only when a space follows it"
                    )),
                );
                self.unknown.push(UnknownKey {
                    problem,
                    map: id,
                    key: key.to_string(),
                    loc,
                    meant: Some(before.clone()),
                    no_space: true,
                });
                continue;
            }
            let bare: String = key.chars().filter(|c| invisible(*c).is_none()).collect();
            let meant = if bare != key && allowed.contains(&bare.as_str()) {
                allowed.iter().copied().find(|a| *a == bare)
            } else {
                did_you_mean(key, allowed.iter().copied())
            };
            let mut help = match meant {
                Some(s) => format!("did you mean `{s}`? allowed keys: {}", listed.join(", ")),
                None => format!("allowed keys here: {}", listed.join(", ")),
            };
            if matches!(
                key.to_lowercase().as_str(),
                "note" | "notes" | "comment" | "comments" | "remark" | "remarks" | "description"
            ) {
                help = format!(
                    "a remark for the reader goes in a comment: start the line with `#`; {help}"
                );
            }
            if let Some(name) = key.chars().find_map(invisible) {
                help = format!("the key holds an invisible character, {name}: delete it; {help}");
            }
            self.push(
                Problem::new(
                    "unknown_key",
                    loc,
                    format!("unknown key `{}` in {what}", show_invisible(key)),
                )
                .label("unknown key")
                .help(help),
            );
            self.unknown.push(UnknownKey {
                problem,
                map: id,
                key: key.to_string(),
                loc,
                meant: meant.map(str::to_string),
                no_space: false,
            });
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
            let mut help = format!("add `{key}:` to {what}");
            // `controller: Ana # kind: spell`: the key was written, but in a comment.
            let pattern = format!("{key}:");
            for k in map.keys() {
                let at = self.sloc(k).offset;
                let start = self.src[..at].rfind('\n').map_or(0, |i| i + 1);
                let end = self.src[at..].find('\n').map_or(self.src.len(), |i| at + i);
                let line = &self.src[start..end];
                if let Some(h) = line.find(" #").filter(|&h| line[h..].contains(&pattern)) {
                    let (l, _) = crate::diag::line_col(self.src, start + h);
                    help = format!(
                        "`{}` on line {l} follows a `#`, so it is a comment: put it on a line of its own",
                        line[h + 2..].trim()
                    );
                    break;
                }
            }
            self.missing(
                map,
                key,
                Problem::new(
                    "missing_key",
                    self.map_first_line(node),
                    format!("{what} has no `{key}`"),
                )
                .label(format!("`{key}` is missing here"))
                .help(help),
            );
        }
        n
    }

    /// Reports that `map` lacks `key`: dropped at the walk's end when an unknown key of the
    /// mapping (or one beside or above it) stands for it.
    pub(super) fn missing(&mut self, map: &MarkedMappingNode, key: &str, problem: Problem) {
        self.missing.push(MissingKey {
            problem: self.problems.len(),
            map: map_id(map),
            key: key.to_string(),
        });
        self.push(problem);
    }

    /// Whether `map` holds a key it does not allow (reported by [`Self::mapping`]): its shape
    /// checks (one effect key, one action) would only restate that.
    pub(super) fn has_unknown(&self, map: &MarkedMappingNode) -> bool {
        let id = map_id(map);
        self.unknown.iter().any(|u| u.map == id)
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
                                format!("quote it: \"{}\" (YAML reads it as {kind}, and a number loses the zeros at its end)", s.as_str())
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
        if let Some(s) = node.as_scalar() {
            let t = s.as_str().trim();
            let lead: String = t
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-' || *c == '+')
                .collect();
            let whole = lead.parse::<i64>().is_ok_and(|v| v.abs() <= MAX_NUMBER);
            let help = if !s.may_coerce() && whole && lead == t {
                Some(format!("remove the quotes: `{t}` (quoted, it is text)"))
            } else if s.may_coerce() && whole && t[lead.len()..].starts_with([' ', '(']) {
                Some(format!(
                    "write the number alone: `{lead}`; a note can follow it as a comment, after a space and a `#`: `{lead}  # {}`",
                    t[lead.len()..].trim()
                ))
            } else {
                None
            };
            if let Some(help) = help {
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(node),
                        format!("{what} must be a whole number"),
                    )
                    .label("expected a whole number, found text")
                    .help(help),
                );
                return None;
            }
        }
        if let Some((form, decimal)) = node
            .as_scalar()
            .filter(|s| s.may_coerce())
            .and_then(|s| number_form(s.as_str().trim()))
        {
            let help = match decimal {
                Some(d) => format!("write it with the digits 0-9 only: `{d}`"),
                None => format!(
                    "write a whole number with the digits 0-9 only (a `-` before it if negative), such as 3, at most {MAX_NUMBER} either way"
                ),
            };
            // A hexadecimal or octal number is a whole number written in a notation the format
            // does not read; the other forms are not whole numbers at all.
            let code = if form.starts_with("a hex") || form.starts_with("an octal") {
                "number_notation"
            } else {
                "wrong_type"
            };
            self.push(
                Problem::new(
                    code,
                    self.loc(node),
                    format!("{what} must be a whole number in decimal digits, not {form}"),
                )
                .label(form)
                .help(help),
            );
            return None;
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
        let mut help = match suggest(&s, allowed.iter().copied()) {
            Some(m) => format!("did you mean `{m}`? one of: {}", allowed.join(", ")),
            None => format!("use one of: {}", allowed.join(", ")),
        };
        // `reaction#note`: a `#` right after a word does not start a comment.
        if let Some((before, after)) = s.split_once('#') {
            let before = before.trim_end();
            if allowed.contains(&before) && !s[..s.find('#').unwrap_or(0)].ends_with(' ') {
                help = format!(
                    "a `#` starts a comment only after a space: write `{before}  # {}`",
                    after.trim()
                );
            }
        }
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
        let help = if found == "null" {
            format!("write `[]` after the colon for an empty list (or leave {what} out), or one `- item` per line below it")
        } else {
            format!("write {what} as a list: [a, b] or one `- item` per line")
        };
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be a list, found {found}"),
            )
            .label(format!("expected a list, found {found}"))
            .help(help),
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
        // A value YAML reads as null, a boolean or a number names nobody, unless a player of
        // that name (quoted in `players`) was meant.
        if let Some(s) = node.as_scalar().filter(|s| s.may_coerce()) {
            if let Some(kind) = plain_non_text(s.as_str()) {
                let raw = s.as_str().trim();
                let named = self.players.iter().any(|p| p == raw);
                if !named && !self.players.is_empty() {
                    let help = if kind == "null" {
                        format!(
                            "write a player's name after the colon: {}",
                            self.players.join(", ")
                        )
                    } else {
                        format!("name a player: {}", self.players.join(", "))
                    };
                    self.push(
                        Problem::new(
                            "not_text",
                            self.sloc(s),
                            format!("{what} must name a player, found {kind}"),
                        )
                        .label(format!("YAML reads this as {kind}"))
                        .help(help),
                    );
                    return None;
                }
            }
        }
        let name = self.text(node, what)?;
        self.player_named(&name, self.loc(node), what)
    }

    pub(super) fn player_named(&mut self, name: &str, loc: Loc, what: &str) -> Option<PlayerId> {
        self.player_or_word(name, loc, what, &[])
    }

    /// A player's name where `words` (each with what it means) may stand instead: the
    /// "did you mean" looks among both, and the help lists the words too.
    pub(super) fn player_or_word(
        &mut self,
        name: &str,
        loc: Loc,
        what: &str,
        words: &[(&str, &str)],
    ) -> Option<PlayerId> {
        if let Some(i) = self.players.iter().position(|p| p == name) {
            return Some(i);
        }
        if self.players.is_empty() {
            return None; // `players` itself is broken; reported there
        }
        let known = self.players.join(", ");
        let candidates = words
            .iter()
            .map(|(w, _)| *w)
            .chain(self.players.iter().map(String::as_str));
        let listed = if words.is_empty() {
            format!("known players: {known}")
        } else {
            let ws: Vec<String> = words
                .iter()
                .map(|(w, meaning)| format!("`{w}` ({meaning})"))
                .collect();
            format!("write {} or a player's name: {known}", ws.join(", "))
        };
        let help = match suggest(name, candidates) {
            Some(m) => format!("did you mean `{m}`? {listed}"),
            None => listed,
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
