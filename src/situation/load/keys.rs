//! Mappings and their keys: the allowed keys of each mapping, with a suggestion for an unknown
//! one (a misspelling, a judge's word, an invisible character), and the required keys.

use super::reader::{map_id, MapInfo, MissingKey, Reader, UnknownKey};
use crate::diag::{did_you_mean, Problem};
use crate::yaml::{Mapping, Node};

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

impl Reader<'_> {
    /// A mapping whose keys are all in `allowed`; unknown keys are reported with a suggestion.
    pub(super) fn mapping<'n>(
        &mut self,
        node: &'n Node<'n>,
        what: &str,
        allowed: &[&str],
        example: &str,
    ) -> Option<&'n Mapping<'n>> {
        self.mapping_listing(node, what, allowed, allowed, example)
    }

    /// [`Self::mapping`], whose unknown-key help lists `listed` (the "did you mean" still
    /// looks among every allowed key): `expect` in a file that is not a board file lists only
    /// format 1's keys, as it always did.
    pub(super) fn mapping_listing<'n>(
        &mut self,
        node: &'n Node<'n>,
        what: &str,
        allowed: &[&str],
        listed: &[&str],
        example: &str,
    ) -> Option<&'n Mapping<'n>> {
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
            // Words for "does not choose" that are not keys: `chooses: false` is.
            let untargeted = matches!(
                key.to_lowercase().as_str(),
                "untargeted" | "targeted" | "no_target" | "not_targeted"
            ) && allowed.contains(&"chooses");
            let meant = if untargeted {
                Some("chooses")
            } else if bare != key && allowed.contains(&bare.as_str()) {
                allowed.iter().copied().find(|a| *a == bare)
            } else {
                did_you_mean(key, allowed.iter().copied())
            };
            let mut help = match meant {
                Some(_) if untargeted => format!(
                    "for an effect that affects the units it names without choosing them, write `chooses: false` beside the effect; allowed keys: {}",
                    listed.join(", ")
                ),
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
        map: &'n Mapping<'n>,
        node: &Node,
        key: &str,
        what: &str,
    ) -> Option<&'n Node<'n>> {
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
    pub(super) fn missing(&mut self, map: &Mapping, key: &str, problem: Problem) {
        self.missing.push(MissingKey {
            problem: self.problems.len(),
            map: map_id(map),
            key: key.to_string(),
        });
        self.push(problem);
    }

    /// Whether `map` holds a key it does not allow (reported by [`Self::mapping`]): its shape
    /// checks (one effect key, one action) would only restate that.
    pub(super) fn has_unknown(&self, map: &Mapping) -> bool {
        let id = map_id(map);
        self.unknown.iter().any(|u| u.map == id)
    }
}
