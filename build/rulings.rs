//! Build step for `rulings/`: every rulings file's `ruling` block compiled into a static table
//! (`rulings.rs` in OUT_DIR), so `chainjudge ruling` searches without parsing YAML.
//!
//! A file that does not parse is left out here and reported by the loader (`chainjudge check`),
//! whose diagnostics are the real validation; a test compares the table with the folder.

use serde::Deserialize;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

#[derive(Deserialize)]
#[serde(untagged)]
enum Rules {
    List(Vec<String>),
    ByEdition {
        #[serde(default)]
        july: Vec<String>,
        #[serde(default)]
        october: Vec<String>,
    },
}

#[derive(Deserialize)]
struct Source {
    publisher: String,
    title: String,
    date: Option<String>,
    undated: Option<String>,
    url: Option<String>,
    kind: Option<String>,
    heading: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Sources {
    One(Source),
    Many(Vec<Source>),
}

#[derive(Deserialize)]
struct Block {
    question: String,
    answer: String,
    #[serde(default)]
    sequence: Vec<String>,
    #[serde(default)]
    nuances: Vec<String>,
    #[serde(default)]
    cards: Vec<String>,
    #[serde(default)]
    keywords: Vec<String>,
    rules: Option<Rules>,
    source: Option<Sources>,
    checked_against: Option<String>,
    superseded_by: Option<String>,
    superseded_note: Option<String>,
    set: Option<String>,
    no_situation: Option<String>,
}

#[derive(Deserialize)]
struct File {
    title: Option<String>,
    ruling: Option<Block>,
    players: Option<serde_yaml::Value>,
    chain: Option<serde_yaml::Value>,
    actions: Option<serde_yaml::Value>,
}

fn opt(s: &Option<String>) -> String {
    match s {
        Some(v) => format!("Some({v:?})"),
        None => "None".into(),
    }
}

/// The `SourceKind` variant a `kind:` word names; a file without one (or with a wrong one) is
/// refused by the loader, and compiled here as community, the weakest claim.
fn kind_variant(word: Option<&str>) -> &'static str {
    match word {
        Some("official") => "Official",
        Some("rules") => "Rules",
        _ => "Community",
    }
}

/// A card's name as one shell word: lower case, apostrophes dropped, other punctuation and
/// spaces a dash (`Kai'Sa, Survivor` is `kaisa-survivor`), which the `--card` filter reads as
/// the name.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c == '\'' || c == '\u{2019}' {
            continue;
        }
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn list(v: &[String]) -> String {
    let items: Vec<String> = v.iter().map(|s| format!("{s:?}")).collect();
    format!("&[{}]", items.join(", "))
}

/// Writes `rulings.rs` into `out_dir`: `pub static RULINGS: &[RulingEntry]`, in file-name order.
pub fn compile(root: &Path, out_dir: &str) {
    println!("cargo:rerun-if-changed=rulings");
    let mut names: Vec<String> = fs::read_dir(root.join("rulings"))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".yaml") || n.ends_with(".yml"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut s = String::from("/// Every ruling of `rulings/`, in file-name order.\npub static RULINGS: &[RulingEntry] = &[\n");
    // Every card a ruling names, with the rulings naming it (in file-name order).
    let mut cards: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for name in names {
        let rel = format!("rulings/{name}");
        println!("cargo:rerun-if-changed={rel}");
        let Ok(text) = fs::read_to_string(root.join(&rel)) else {
            continue;
        };
        let Ok(file) = serde_yaml::from_str::<File>(&text) else {
            println!("cargo:warning={rel} does not parse; `chainjudge check {rel}` says why");
            continue;
        };
        let Some(r) = file.ruling else {
            continue;
        };
        let id = name.trim_end_matches(".yaml").trim_end_matches(".yml");
        for c in &r.cards {
            cards.entry(c.clone()).or_default().push(id.to_string());
        }
        let (july, october) = match r.rules {
            Some(Rules::List(l)) => (l, Vec::new()),
            Some(Rules::ByEdition { july, october }) => (july, october),
            None => (Vec::new(), Vec::new()),
        };
        let sources = match r.source {
            Some(Sources::One(x)) => vec![x],
            Some(Sources::Many(v)) => v,
            None => Vec::new(),
        };
        let mut src = String::from("&[");
        for x in &sources {
            let _ = write!(
                src,
                "RulingSourceEntry {{ publisher: {:?}, title: {:?}, date: {}, undated: {}, url: {}, kind: SourceKind::{}, heading: {} }}, ",
                x.publisher, x.title, opt(&x.date), opt(&x.undated), opt(&x.url), kind_variant(x.kind.as_deref()), opt(&x.heading)
            );
        }
        src.push(']');
        let situation = file.players.is_some() || file.chain.is_some() || file.actions.is_some();
        let _ = writeln!(
            s,
            "    RulingEntry {{ id: {id:?}, title: {}, question: {:?}, answer: {:?}, sequence: {}, nuances: {}, cards: {}, keywords: {}, rules_july: {}, rules_october: {}, sources: {src}, checked_against: {:?}, superseded_by: {}, superseded_note: {}, set: {}, no_situation: {}, situation: {situation}, text: {:?} }},",
            opt(&file.title),
            r.question.trim(),
            r.answer.trim(),
            list(&r.sequence),
            list(&r.nuances),
            list(&r.cards),
            list(&r.keywords),
            list(&july),
            list(&october),
            r.checked_against.as_deref().unwrap_or("july"),
            opt(&r.superseded_by),
            opt(&r.superseded_note),
            opt(&r.set),
            opt(&r.no_situation),
            if situation { text.as_str() } else { "" },
        );
    }
    s.push_str("];\n");
    s.push_str("/// Every card the rulings name, sorted: its name, the name as completion writes it, and\n/// the ids of the rulings naming it.\npub static CARDS: &[CardEntry] = &[\n");
    for (card, ids) in &cards {
        let _ = writeln!(
            s,
            "    CardEntry {{ name: {card:?}, slug: {:?}, rulings: {} }},",
            slug(card),
            list(ids)
        );
    }
    s.push_str("];\n");
    fs::write(Path::new(out_dir).join("rulings.rs"), s).unwrap();
}
