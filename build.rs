//! Build script: compiles `rules-text/` (the Core Rules editions
//! as data) and `rulings/` (build/rulings.rs) into static Rust tables, so a lookup or a replay parses no YAML at run time.
//! Bad data fails the build with the file, line and column.

#[path = "build/rulings.rs"]
mod rulings;

use serde::Deserialize;
use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

#[derive(Deserialize)]
struct JulyRule {
    number: String,
    title: String,
    summary: String,
    cite: Option<String>,
    #[serde(default)]
    refs: Vec<String>,
    #[serde(default)]
    external_refs: Vec<String>,
}

#[derive(Deserialize)]
struct Source {
    cite: String,
    title: Option<String>,
    short: Option<String>,
    #[serde(default)]
    superseded: bool,
}

#[derive(Deserialize)]
struct Meta {
    publisher: Option<String>,
    title: Option<String>,
    url: Option<String>,
}

#[derive(Deserialize)]
struct JulyFile {
    edition: String,
    title: String,
    last_updated: String,
    in_force_from: String,
    in_force_until: Option<String>,
    source: Meta,
    rules: Vec<JulyRule>,
    #[serde(default)]
    sources: Vec<Source>,
}

#[derive(Deserialize)]
struct OctoberRule {
    july: String,
    number: Option<String>,
    #[serde(default)]
    inferred: bool,
    #[serde(default)]
    unconfirmed: bool,
    #[serde(default)]
    changed: bool,
    #[serde(default)]
    removed: bool,
    summary: Option<String>,
    basis: Option<String>,
}

#[derive(Deserialize)]
struct OctoberFile {
    edition: String,
    title: String,
    last_updated: String,
    in_force_from: String,
    source: Meta,
    note: Option<String>,
    rules: Vec<OctoberRule>,
    #[serde(default)]
    sources: Vec<Source>,
}

#[derive(Deserialize)]
struct Change {
    july: String,
    october: Option<String>,
    #[serde(default)]
    inferred: bool,
    kind: Vec<String>,
    outcome: String,
    summary: String,
    basis: String,
    example: Option<String>,
    situation: Option<String>,
}

#[derive(Deserialize)]
struct ChangesFile {
    from: String,
    to: String,
    changes: Vec<Change>,
}

fn read<T: serde::de::DeserializeOwned>(root: &Path, rel: &str) -> T {
    println!("cargo:rerun-if-changed={rel}");
    let text = fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn opt(s: &Option<String>) -> String {
    match s {
        Some(v) => format!("Some({v:?})"),
        None => "None".into(),
    }
}

fn list(v: &[String]) -> String {
    format!(
        "&[{}]",
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn meta(m: &Meta) -> String {
    format!(
        "DocSource {{ publisher: {}, title: {}, url: {} }}",
        opt(&m.publisher),
        opt(&m.title),
        opt(&m.url)
    )
}

fn sources(v: &[Source]) -> String {
    let mut s = String::from("&[");
    for x in v {
        let _ = write!(
            s,
            "SourceRow {{ cite: {:?}, title: {}, short: {}, superseded: {} }}, ",
            x.cite,
            opt(&x.title),
            opt(&x.short),
            x.superseded
        );
    }
    s.push(']');
    s
}

fn main() {
    let root_s = env::var("CARGO_MANIFEST_DIR").unwrap();
    let root = Path::new(&root_s);
    let out_dir = env::var("OUT_DIR").unwrap();

    // rules-text/: static tables.
    println!("cargo:rerun-if-changed=rules-text");
    let j: JulyFile = read(root, "rules-text/2026-07-16.yaml");
    let o: OctoberFile = read(root, "rules-text/2026-10-09.yaml");
    let c: ChangesFile = read(root, "rules-text/changes.yaml");
    assert!(
        j.edition == "july" && o.edition == "october",
        "rules-text: editions must be july and october"
    );
    assert!(
        c.from == "july" && c.to == "october",
        "rules-text/changes.yaml: from july to october"
    );
    let mut s = String::new();
    let _ = writeln!(
        s,
        "/// The July 2026 edition.\npub static JULY: EditionData = EditionData {{ title: {:?}, last_updated: {:?}, in_force_from: {:?}, in_force_until: {}, source: {}, note: None, sources: {} }};",
        j.title, j.last_updated, j.in_force_from, opt(&j.in_force_until), meta(&j.source), sources(&j.sources)
    );
    let _ = writeln!(
        s,
        "/// The October 2026 edition.\npub static OCTOBER: EditionData = EditionData {{ title: {:?}, last_updated: {:?}, in_force_from: {:?}, in_force_until: None, source: {}, note: {}, sources: {} }};",
        o.title, o.last_updated, o.in_force_from, meta(&o.source), opt(&o.note), sources(&o.sources)
    );
    s.push_str("/// The July rules, in order.\npub static JULY_RULES: &[JulyRule] = &[\n");
    for r in &j.rules {
        let _ = writeln!(
            s,
            "    JulyRule {{ number: {:?}, title: {:?}, summary: {:?}, cite: {}, refs: {}, external_refs: {} }},",
            r.number, r.title, r.summary, opt(&r.cite), list(&r.refs), list(&r.external_refs)
        );
    }
    s.push_str("];\n/// One October entry per July rule, same order.\npub static OCTOBER_RULES: &[OctoberRule] = &[\n");
    for r in &o.rules {
        assert!(
            !r.inferred || (r.number.is_some() && !r.unconfirmed && !r.removed),
            "rules-text/2026-10-09.yaml: {}: an inferred standing needs a number and is neither unconfirmed nor removed",
            r.july
        );
        let _ = writeln!(
            s,
            "    OctoberRule {{ july: {:?}, number: {}, inferred: {}, unconfirmed: {}, changed: {}, removed: {}, summary: {}, basis: {} }},",
            r.july, opt(&r.number), r.inferred, r.unconfirmed, r.changed, r.removed, opt(&r.summary), opt(&r.basis)
        );
    }
    s.push_str("];\n/// The established July-to-October differences.\npub static CHANGES: &[Change] = &[\n");
    for x in &c.changes {
        assert!(
            !x.inferred || x.october.is_some(),
            "rules-text/changes.yaml: {}: an inferred change needs its October number",
            x.july
        );
        let _ = writeln!(
            s,
            "    Change {{ july: {:?}, october: {}, inferred: {}, kind: {}, outcome: {:?}, summary: {:?}, basis: {:?}, example: {}, situation: {} }},",
            x.july, opt(&x.october), x.inferred, list(&x.kind), x.outcome, x.summary, x.basis, opt(&x.example), opt(&x.situation)
        );
    }
    s.push_str("];\n");
    fs::write(Path::new(&out_dir).join("rules_text.rs"), s).unwrap();

    // rulings/: the library `chainjudge ruling` searches.
    rulings::compile(root, &out_dir);
}
