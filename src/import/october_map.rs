//! The October map: which October rule each July rule became, read from an imported October
//! text aligned with the July one.
//!
//! The edition data establishes only a few October numbers; a judge who imports the October
//! text gets the rest on their own machine: `rules import FILE --edition october` aligns every
//! October rule with its July rule ([`align`]) and stores the map beside the import
//! (`editions/october-map.tsv` in the [data directory](super::data_dir)). Nothing of it is
//! part of the repository. A later July import recomputes it (the July side changed).
//!
//! - [`align`](mod@align): the alignment;
//! - `score`: what it scores with (word similarity, number shifts);
//! - [`report`]: the summary `rules import` prints.

mod align;
pub mod report;
mod score;

pub use align::align;

use super::{data_dir, load, ImportError, ImportedRule};
use crate::edition::{EditionId, Editions};
use std::path::PathBuf;
use std::sync::OnceLock;

/// How sure the map is of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// The same or near-identical wording.
    High,
    /// Similar wording, or the same title with a number shift its aligned neighbours share.
    Medium,
    /// Placed by its position (its number, an established number, its parent) more than by
    /// its wording.
    Low,
}

impl Confidence {
    /// `high`, `medium` or `low`.
    pub fn word(self) -> &'static str {
        match self {
            Self::High => "high",
            Self::Medium => "medium",
            Self::Low => "low",
        }
    }

    fn from_word(w: &str) -> Option<Self> {
        Some(match w {
            "high" => Self::High,
            "medium" => Self::Medium,
            "low" => Self::Low,
            _ => return None,
        })
    }
}

/// What the October text was aligned against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JulySide {
    /// The judge's imported July text: like is compared with like.
    Imported,
    /// chainjudge's own July data (numbers, titles, summaries in the project's words): the
    /// wording differs from the official text, so similarities are lower and more pairs are
    /// placed by position.
    Data,
}

impl JulySide {
    /// `imported` or `data`.
    pub fn word(self) -> &'static str {
        match self {
            Self::Imported => "imported",
            Self::Data => "data",
        }
    }
}

/// One July rule and the October rule the imported text makes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MapEntry {
    /// The July number.
    pub july: String,
    /// The October number, as the imported text has it.
    pub october: String,
    /// How sure the map is.
    pub confidence: Confidence,
    /// The similarity of the two wordings, 0 to 100.
    pub similarity: u8,
    /// The October number the edition data establishes for this July rule, when the imported
    /// text places it elsewhere (`removed` when the data says it is gone).
    pub conflict: Option<String>,
}

/// An established October number (or removal) the imported text does not bear out.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Conflict {
    /// The July number.
    pub july: String,
    /// The October number the edition data establishes; `None`: the data says it is removed.
    pub established: Option<String>,
    /// Where the alignment places the July rule, if anywhere.
    pub placed_at: Option<String>,
    /// The July rule the alignment places at the established number, if any.
    pub holds: Option<String>,
    /// Whether the imported text has a rule with the established number.
    pub in_text: bool,
}

/// The map from an imported October text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OctoberMap {
    /// What the October text was aligned against.
    pub july_side: JulySide,
    /// The placed pairs, in July (and October) order.
    pub entries: Vec<MapEntry>,
    /// October rules matched to no July rule (new in October), in document order.
    pub unplaced_october: Vec<String>,
    /// July rules matched to no October rule (removed, or reworded beyond recognition).
    pub unplaced_july: Vec<String>,
    /// Established numbers the alignment contradicts.
    pub conflicts: Vec<Conflict>,
}

impl OctoberMap {
    /// The entry of July rule `july`, when placed.
    pub fn october_for(&self, july: &str) -> Option<&MapEntry> {
        self.entries.iter().find(|e| e.july == july)
    }

    /// The entry whose October number is `october`, when placed.
    pub fn july_for(&self, october: &str) -> Option<&MapEntry> {
        self.entries.iter().find(|e| e.october == october)
    }
}

/// The July -> October pairs the edition data establishes: every October rule with a number
/// that is neither unconfirmed, inferred nor removed.
pub fn anchors() -> Vec<(String, String)> {
    let eds = Editions::get();
    eds.july_rules
        .iter()
        .zip(eds.october_rules)
        .filter(|(_, o)| !o.unconfirmed && !o.inferred && !o.removed)
        .filter_map(|(j, o)| o.number.map(|n| (j.number.to_string(), n.to_string())))
        .collect()
}

/// chainjudge's own July rules as a document (number, title, summary), the July side when no
/// July text is imported.
pub fn data_july_rules() -> Vec<ImportedRule> {
    Editions::get()
        .july_rules
        .iter()
        .map(|r| ImportedRule {
            number: r.number.to_string(),
            title: Some(r.title.to_string()),
            text: r.summary.to_string(),
        })
        .collect()
}

/// Aligns the imported October text with the imported July text, or with chainjudge's July
/// data when none is imported, and adds the conflicts with removals the data establishes.
/// `None` when no October text is imported.
pub fn compute() -> Option<OctoberMap> {
    let october = load(EditionId::October)?;
    let (july, side) = match load(EditionId::July) {
        Some(d) => (d.rules, JulySide::Imported),
        None => (data_july_rules(), JulySide::Data),
    };
    let mut map = align(&july, &october.rules, &anchors());
    map.july_side = side;
    let eds = Editions::get();
    for (j, o) in eds.july_rules.iter().zip(eds.october_rules) {
        if !o.removed {
            continue;
        }
        let Some(e) = map.entries.iter_mut().find(|e| e.july == j.number) else {
            continue;
        };
        e.conflict = Some("removed".into());
        let placed_at = Some(e.october.clone());
        map.conflicts.push(Conflict {
            july: j.number.to_string(),
            established: None,
            placed_at,
            holds: None,
            in_text: false,
        });
    }
    Some(map)
}

/// Where the map is stored: `editions/october-map.tsv` in the data directory.
pub fn map_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("editions").join("october-map.tsv"))
}

const HEADER: &str = "chainjudge-october-map 1";

/// The stored form: a header line (`chainjudge-october-map 1`, the July side), then one line
/// per fact, tab-separated: `pair JULY OCTOBER CONFIDENCE SIMILARITY CONFLICT`,
/// `new OCTOBER`, `gone JULY`, `conflict JULY ESTABLISHED PLACED_AT HOLDS IN_TEXT` (empty
/// fields for none; `removed` for a removal).
fn to_tsv(map: &OctoberMap) -> String {
    let mut out = format!("{HEADER}\t{}\n", map.july_side.word());
    for e in &map.entries {
        out.push_str(&format!(
            "pair\t{}\t{}\t{}\t{}\t{}\n",
            e.july,
            e.october,
            e.confidence.word(),
            e.similarity,
            e.conflict.as_deref().unwrap_or("")
        ));
    }
    for n in &map.unplaced_october {
        out.push_str(&format!("new\t{n}\n"));
    }
    for n in &map.unplaced_july {
        out.push_str(&format!("gone\t{n}\n"));
    }
    for c in &map.conflicts {
        out.push_str(&format!(
            "conflict\t{}\t{}\t{}\t{}\t{}\n",
            c.july,
            c.established.as_deref().unwrap_or("removed"),
            c.placed_at.as_deref().unwrap_or(""),
            c.holds.as_deref().unwrap_or(""),
            if c.in_text { "yes" } else { "no" }
        ));
    }
    out
}

fn from_tsv(text: &str) -> Option<OctoberMap> {
    let mut lines = text.lines();
    let mut head = lines.next()?.split('\t');
    if head.next() != Some(HEADER) {
        return None;
    }
    let july_side = match head.next()? {
        "data" => JulySide::Data,
        _ => JulySide::Imported,
    };
    let mut map = OctoberMap {
        july_side,
        entries: Vec::new(),
        unplaced_october: Vec::new(),
        unplaced_july: Vec::new(),
        conflicts: Vec::new(),
    };
    let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        match f.as_slice() {
            ["pair", j, o, c, s, conflict] => map.entries.push(MapEntry {
                july: (*j).to_string(),
                october: (*o).to_string(),
                confidence: Confidence::from_word(c)?,
                similarity: s.parse().ok()?,
                conflict: some(conflict),
            }),
            ["new", n] => map.unplaced_october.push((*n).to_string()),
            ["gone", n] => map.unplaced_july.push((*n).to_string()),
            ["conflict", j, e, p, h, t] => map.conflicts.push(Conflict {
                july: (*j).to_string(),
                established: some(e).filter(|e| e != "removed"),
                placed_at: some(p),
                holds: some(h),
                in_text: *t == "yes",
            }),
            _ => return None,
        }
    }
    Some(map)
}

/// Computes the map from the stored imports and stores it; `Ok(None)` when no October text is
/// imported (nothing to map).
///
/// # Errors
/// [`ImportError::Store`] when the map cannot be written.
pub fn refresh() -> Result<Option<(PathBuf, OctoberMap)>, ImportError> {
    let Some(map) = compute() else {
        return Ok(None);
    };
    let path =
        map_path().ok_or_else(|| ImportError::Store("no home or data directory is set".into()))?;
    std::fs::write(&path, to_tsv(&map))
        .map_err(|e| ImportError::Store(format!("{}: {e}", path.display())))?;
    Ok(Some((path, map)))
}

/// The stored map, read afresh; `None` when there is none (no October import) or it cannot be
/// read.
pub fn read_map() -> Option<OctoberMap> {
    from_tsv(&std::fs::read_to_string(map_path()?).ok()?)
}

/// The stored map, read once per process (see [`read_map`]).
pub fn load_map() -> Option<&'static OctoberMap> {
    static MAP: OnceLock<Option<OctoberMap>> = OnceLock::new();
    MAP.get_or_init(read_map).as_ref()
}

/// The stored map's entry for July rule `july`: its October number as the imported text
/// establishes it on this machine.
pub fn october_for(july: &str) -> Option<&'static MapEntry> {
    load_map()?.october_for(july)
}

/// The stored map's entry whose October number is `october`: the July rule it was.
pub fn july_for(october: &str) -> Option<&'static MapEntry> {
    load_map()?.july_for(october)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_form_reads_back() {
        let map = OctoberMap {
            july_side: JulySide::Data,
            entries: vec![MapEntry {
                july: "464.2.e".into(),
                october: "466.2.d".into(),
                confidence: Confidence::Medium,
                similarity: 71,
                conflict: None,
            }],
            unplaced_october: vec!["349".into()],
            unplaced_july: vec!["464.2.d".into()],
            conflicts: vec![Conflict {
                july: "323.4".into(),
                established: None,
                placed_at: Some("323.4".into()),
                holds: None,
                in_text: false,
            }],
        };
        assert_eq!(from_tsv(&to_tsv(&map)), Some(map));
    }
}
