//! The Core Rules editions as data (`rules-text/`), and the symbolic citations the engine emits.
//!
//! The engine never writes a rule number: it cites a [`Cite`], and each edition's data maps that
//! citation to the rule number it has in that edition (established, or inferred from the known
//! changes), or says the number is unconfirmed there.
//! The build script compiles the data into static tables; nothing is parsed at run time.

mod cites;

pub use cites::Cite;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A Core Rules edition known to the tool.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum EditionId {
    /// The Core Rules dated 2026-07-16, in force 2026-07-24 to 2026-10-15.
    July,
    /// The Core Rules dated 2026-10-09, in force from 2026-10-16.
    October,
}

impl EditionId {
    /// The short name used by `rules:` and `--rules`.
    pub fn word(self) -> &'static str {
        match self {
            Self::July => "july",
            Self::October => "october",
        }
    }

    /// The name shown in reports.
    pub fn title(self) -> &'static str {
        match self {
            Self::July => "July",
            Self::October => "October",
        }
    }
}

/// What a citation becomes in one edition.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Cited {
    /// A rule with an established number.
    Rule {
        /// The rule number, e.g. `337.1.b`.
        number: String,
    },
    /// A rule whose number in this edition follows from the known changes (a renumbered block)
    /// but is quoted by no source; printed as "N (inferred)".
    Inferred {
        /// The inferred rule number, e.g. `418.1.b`.
        number: String,
    },
    /// A rule whose number in this edition is not established; the July number is given.
    Unconfirmed {
        /// The July number.
        july: String,
    },
    /// A source document (e.g. the Vendetta Rules FAQ).
    Source {
        /// Its short title.
        title: String,
    },
    /// Not cited in this edition (a source whose point the edition's own rules now make).
    Omitted,
}

impl Cited {
    /// The text shown in a rules column.
    pub fn label(&self) -> String {
        match self {
            Self::Rule { number } => number.clone(),
            Self::Inferred { number } => format!("{number} (inferred)"),
            Self::Unconfirmed { july } => format!("October: unconfirmed (July {july})"),
            Self::Source { title } => title.clone(),
            Self::Omitted => String::new(),
        }
    }

    /// The rule number, established or inferred, as `expect.cites` writes it (without the
    /// inferred mark); `None` for an unconfirmed rule, a source or nothing.
    pub fn number(&self) -> Option<&str> {
        match self {
            Self::Rule { number } | Self::Inferred { number } => Some(number),
            _ => None,
        }
    }
}

/// A document's publisher, title and address.
#[derive(Debug)]
pub struct DocSource {
    /// Who published it.
    pub publisher: Option<&'static str>,
    /// Its title.
    pub title: Option<&'static str>,
    /// Where it is.
    pub url: Option<&'static str>,
}

/// A source other than the Core Rules that the engine can cite (e.g. an FAQ).
#[derive(Debug)]
pub struct SourceRow {
    /// The citation key.
    pub cite: &'static str,
    /// Its title.
    pub title: Option<&'static str>,
    /// A short title for tables.
    pub short: Option<&'static str>,
    /// Not cited in this edition: the edition's own rules now make its point.
    pub superseded: bool,
}

/// An edition's facts.
#[derive(Debug)]
pub struct EditionData {
    /// Document title.
    pub title: &'static str,
    /// "Last updated" date.
    pub last_updated: &'static str,
    /// First day in force (YYYY-MM-DD).
    pub in_force_from: &'static str,
    /// Last day in force, if replaced.
    pub in_force_until: Option<&'static str>,
    /// The document.
    pub source: DocSource,
    /// What the project knows of it.
    pub note: Option<&'static str>,
    /// Other citable sources.
    pub sources: &'static [SourceRow],
}

/// One rule of the July edition: number, title and summary in the project's words.
#[derive(Debug)]
pub struct JulyRule {
    /// The rule number, e.g. `337.1.b`.
    pub number: &'static str,
    /// A short title.
    pub title: &'static str,
    /// What it says, in the project's words.
    pub summary: &'static str,
    /// The engine's citation key, on rules the engine cites.
    pub cite: Option<&'static str>,
    /// Rules it refers to, all inside the data.
    pub refs: &'static [&'static str],
    /// Rules it refers to that the data does not hold.
    pub external_refs: &'static [&'static str],
}

/// One rule of the October edition: the July rule it corresponds to and what is known of it.
#[derive(Debug)]
pub struct OctoberRule {
    /// The July number.
    pub july: &'static str,
    /// The October number, when established or inferred.
    pub number: Option<&'static str>,
    /// The October number follows from the known changes but no source quotes it.
    pub inferred: bool,
    /// The October number is not established.
    pub unconfirmed: bool,
    /// The content changed.
    pub changed: bool,
    /// The rule is gone in October.
    pub removed: bool,
    /// The October content, where it differs, in the project's words.
    pub summary: Option<&'static str>,
    /// Where the October facts come from.
    pub basis: Option<&'static str>,
}

/// An established difference between July and October (`rules-text/changes.yaml`).
#[derive(Debug)]
pub struct Change {
    /// The July number.
    pub july: &'static str,
    /// The October number, if established or inferred.
    pub october: Option<&'static str>,
    /// The October number is inferred (no source quotes it).
    pub inferred: bool,
    /// Any of renumbered, changed, removed.
    pub kind: &'static [&'static str],
    /// Whether it changes outcomes: yes, no, unconfirmed.
    pub outcome: &'static str,
    /// What changed, in the project's words.
    pub summary: &'static str,
    /// Where the fact comes from.
    pub basis: &'static str,
    /// For an outcome change: a worked example.
    pub example: Option<&'static str>,
    /// For an outcome change: the bundled situation that shows it, or why there is none.
    pub situation: Option<&'static str>,
}

/// The static tables compiled from `rules-text/` by the build script.
pub mod data {
    use super::{Change, DocSource, EditionData, JulyRule, OctoberRule, SourceRow};
    include!(concat!(env!("OUT_DIR"), "/rules_text.rs"));
}

/// One edition, ready for lookups.
#[derive(Debug)]
pub struct Edition {
    /// Which one.
    pub id: EditionId,
    /// Document title.
    pub title: &'static str,
    /// "Last updated" date of the document.
    pub last_updated: &'static str,
    /// First day in force.
    pub in_force_from: &'static str,
    /// Last day in force, if replaced.
    pub in_force_until: Option<&'static str>,
    cites: HashMap<&'static str, Cited>,
    /// What each [`Cite`] becomes, in [`Cite::ALL`]'s order (its discriminant): a lookup
    /// without hashing or copying, made once per process.
    resolved: Vec<Cited>,
}

impl Edition {
    /// What `cite` becomes in this edition.
    ///
    /// # Panics
    /// Never for a [`Cite`]: a test checks every one exists in every edition's data; a missing
    /// one reads as unconfirmed ("?key").
    pub fn resolve(&self, cite: Cite) -> Cited {
        self.cited(cite).clone()
    }

    /// [`Self::resolve`], borrowed: what the writers use for each step's citations.
    pub fn cited(&self, cite: Cite) -> &Cited {
        &self.resolved[cite as usize]
    }

    /// Whether the data maps `cite` (used by the data test).
    pub fn has(&self, cite: Cite) -> bool {
        self.cites.contains_key(cite.key())
    }

    /// Whether `number` is a rule number of this edition that the engine can cite (an
    /// inferred number counts, written without its mark).
    pub fn knows_citation(&self, number: &str) -> bool {
        self.cites.values().any(|c| c.number() == Some(number))
    }

    /// The citable rule numbers of this edition, established or inferred.
    pub fn citable_numbers(&self) -> impl Iterator<Item = &str> {
        self.cites.values().filter_map(Cited::number)
    }
}

/// Both editions, the July rules, and the October map.
#[derive(Debug)]
pub struct Editions {
    july: Edition,
    october: Edition,
    /// The July rules, in order.
    pub july_rules: &'static [JulyRule],
    /// The October entries, one per July rule, in the same order.
    pub october_rules: &'static [OctoberRule],
    /// The established differences.
    pub changes: &'static [Change],
}

fn edition(id: EditionId, d: &'static EditionData, cites: HashMap<&'static str, Cited>) -> Edition {
    let resolved = Cite::ALL
        .iter()
        .map(|c| {
            cites.get(c.key()).cloned().unwrap_or(Cited::Unconfirmed {
                july: format!("?{}", c.key()),
            })
        })
        .collect();
    Edition {
        id,
        title: d.title,
        last_updated: d.last_updated,
        in_force_from: d.in_force_from,
        in_force_until: d.in_force_until,
        cites,
        resolved,
    }
}

impl Editions {
    /// The editions, built on first use from the static tables (no parsing).
    pub fn get() -> &'static Editions {
        static EDITIONS: OnceLock<Editions> = OnceLock::new();
        EDITIONS.get_or_init(Self::build)
    }

    fn build() -> Editions {
        let mut july_cites = HashMap::new();
        let mut cite_of_number = HashMap::new();
        for r in data::JULY_RULES {
            if let Some(c) = r.cite {
                july_cites.insert(
                    c,
                    Cited::Rule {
                        number: r.number.to_string(),
                    },
                );
                cite_of_number.insert(r.number, c);
            }
        }
        for s in data::JULY.sources {
            let title = s.short.or(s.title).unwrap_or(s.cite);
            july_cites.insert(
                s.cite,
                Cited::Source {
                    title: title.to_string(),
                },
            );
        }
        let mut oct_cites = HashMap::new();
        for r in data::OCTOBER_RULES {
            let Some(c) = cite_of_number.get(r.july) else {
                continue;
            };
            let cited = match (r.number, r.unconfirmed || r.removed) {
                (Some(n), false) if r.inferred => Cited::Inferred {
                    number: n.to_string(),
                },
                (Some(n), false) => Cited::Rule {
                    number: n.to_string(),
                },
                _ => Cited::Unconfirmed {
                    july: r.july.to_string(),
                },
            };
            oct_cites.insert(*c, cited);
        }
        for s in data::OCTOBER.sources {
            let cited = if s.superseded {
                Cited::Omitted
            } else {
                july_cites.get(s.cite).cloned().unwrap_or(Cited::Omitted)
            };
            oct_cites.insert(s.cite, cited);
        }
        Editions {
            july: edition(EditionId::July, &data::JULY, july_cites),
            october: edition(EditionId::October, &data::OCTOBER, oct_cites),
            july_rules: data::JULY_RULES,
            october_rules: data::OCTOBER_RULES,
            changes: data::CHANGES,
        }
    }

    /// One edition.
    pub fn edition(&self, id: EditionId) -> &Edition {
        match id {
            EditionId::July => &self.july,
            EditionId::October => &self.october,
        }
    }

    /// The edition in force on `date` (YYYY-MM-DD), or `None` before the first supported day.
    pub fn in_force(&self, date: &str) -> Option<EditionId> {
        if date >= self.october.in_force_from {
            Some(EditionId::October)
        } else if date >= self.july.in_force_from {
            Some(EditionId::July)
        } else {
            None
        }
    }

    /// The first day any supported edition was in force.
    pub fn first_day(&self) -> &str {
        self.july.in_force_from
    }

    /// Whether July rule number `n` is citable and its October number is unconfirmed (a step
    /// cites it under October as "October: unconfirmed (July n)").
    pub fn unconfirmed_in_october(&self, n: &str) -> bool {
        self.july.cites.iter().any(|(k, c)| {
            matches!(c, Cited::Rule { number } if number == n)
                && matches!(self.october.cites.get(k), Some(Cited::Unconfirmed { july }) if july == n)
        })
    }

    /// What a step citing July rule `n` cites under October, when the engine cites `n`.
    pub fn october_citation_of(&self, n: &str) -> Option<&Cited> {
        self.july.cites.iter().find_map(|(k, c)| {
            matches!(c, Cited::Rule { number } if number == n)
                .then(|| self.october.cites.get(k))
                .flatten()
        })
    }

    /// The July number of the rule a step cites as `n` under October (established or
    /// inferred), when the engine cites one.
    pub fn july_citation_of(&self, n: &str) -> Option<&str> {
        self.october.cites.iter().find_map(|(k, c)| {
            (c.number() == Some(n))
                .then(|| self.july.cites.get(k).and_then(Cited::number))
                .flatten()
        })
    }

    /// The index (into [`Editions::july_rules`]) of the rule numbered `number` in `ed`'s data,
    /// cited or not: under October, a rule whose number is established or inferred.
    pub fn rule_index(&self, ed: EditionId, number: &str) -> Option<usize> {
        match ed {
            EditionId::July => self.july_rules.iter().position(|r| r.number == number),
            EditionId::October => self
                .october_rules
                .iter()
                .position(|o| !o.unconfirmed && !o.removed && o.number == Some(number)),
        }
    }

    /// The title of rule `number` of `ed`, after the title of the top-level rule it belongs to
    /// (`Tank: Meaning` for July 815.1.b); the title alone for a top-level rule.
    pub fn rule_name(&self, ed: EditionId, number: &str) -> Option<String> {
        let title = self.july_rules[self.rule_index(ed, number)?].title;
        let top = number.split('.').next().unwrap_or(number);
        match self.rule_index(ed, top) {
            Some(i) if top != number => Some(format!("{}: {title}", self.july_rules[i].title)),
            _ => Some(title.to_string()),
        }
    }

    /// The numbers the engine can cite under `ed` that are nearest to `number`: of the same
    /// top-level rule (`815` for `815.1.b`), those sharing the most leading parts with it, in
    /// rule order. Empty when no step cites a rule of that top-level rule.
    pub fn cited_near(&self, ed: EditionId, number: &str) -> Vec<&str> {
        let parts: Vec<&str> = number.split('.').collect();
        let shared = |n: &str| {
            n.split('.')
                .zip(&parts)
                .take_while(|(a, b)| a == *b)
                .count()
        };
        let mut near: Vec<&str> = self
            .edition(ed)
            .citable_numbers()
            .filter(|n| shared(n) > 0 && *n != number)
            .collect();
        let best = near.iter().map(|n| shared(n)).max().unwrap_or(0);
        near.retain(|n| shared(n) == best);
        near.sort_unstable_by_key(|n| (self.rule_index(ed, n), *n));
        near.dedup();
        near
    }

    /// Whether July rule number `n` is citable and keeps the same, established number in October
    /// (an inferred number is not confirmed).
    pub fn same_in_both(&self, n: &str) -> bool {
        self.july.cites.iter().any(|(k, c)| {
            matches!(c, Cited::Rule { number } if number == n)
                && matches!(self.october.cites.get(k), Some(Cited::Rule { number }) if number == n)
        })
    }
}
