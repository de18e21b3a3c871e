//! `chainjudge schema`: the JSON Schema of the situation file validates every file the loader
//! accepts (all of `rulings/` and the fixtures), and rejects every file of the bad-input corpus
//! whose problem is one of shape (a key, a type, a word, a range), which a schema can see.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The problems a schema can catch: shapes, types, closed word sets, ranges, and rules between
/// the keys of one mapping. The rest (ids and players that exist, the board as a whole, edition
/// dates) need the whole file, and only `chainjudge check` sees them.
const SCHEMA_CODES: &[&str] = &[
    "unknown_key",
    "wrong_type",
    "unknown_value",
    "missing_key",
    "not_text",
    "format",
    "number_too_large",
    "player_count",
    "reserved_name",
    "duplicate_player",
    "misplaced_key",
    "wrong_kind",
    "trigger_carrier",
    "finalized_immediate",
    "two_effects",
    "empty_effect",
    "action_shape",
    "step_phase",
    "showdown_phase",
    "opened_by_trigger",
    "bad_value",
    "bad_id",
    "empty_list",
    "repeated_id",
    "controller_none",
    "facedown_at",
    "at_least",
    "expect_edition",
    "not_a_rule_number",
];

/// Bad files whose shape error depends on the whole file, which a schema cannot see, with why.
const BEYOND_A_SCHEMA: &[(&str, &str)] = &[(
    "152-board-unit-without-might.yaml",
    "`might` is required on a unit only in a board file, and any board key anywhere makes one",
)];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema() -> jsonschema::Validator {
    let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .arg("schema")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let schema: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the schema is JSON");
    jsonschema::draft202012::new(&schema).expect("a valid draft 2020-12 schema")
}

/// A YAML file as JSON, read as the loader reads it (YAML 1.2: `yes` and dates stay text).
fn as_json(path: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_yaml::from_str(&text).ok()
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(yaml_files(&p));
        } else if p.extension().is_some_and(|x| x == "yaml") {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn the_schema_validates_every_ruling_and_fixture() {
    let v = schema();
    let mut files = yaml_files(&root().join("rulings"));
    files.extend(yaml_files(&root().join("tests/fixtures")));
    assert!(files.len() > 300);
    let mut failures = Vec::new();
    for f in &files {
        // A fixture may be bad input on purpose: only the files the loader accepts count.
        let text = std::fs::read_to_string(f).unwrap();
        if chainjudge::situation::load(&f.display().to_string(), &text).is_err() {
            continue;
        }
        let json = as_json(f).unwrap_or_else(|| panic!("{} is not YAML", f.display()));
        for e in v.iter_errors(&json) {
            failures.push(format!("{}: {} at {}", f.display(), e, e.instance_path));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_schema_rejects_the_bad_corpus_shape_errors() {
    let v = schema();
    let mut checked = 0;
    let mut accepted = Vec::new();
    for f in yaml_files(&root().join("tests/bad")) {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let codes: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .filter_map(|l| l.strip_prefix("# error:")?.split_whitespace().nth(1))
            .collect();
        if !codes.iter().any(|c| SCHEMA_CODES.contains(c)) {
            continue;
        }
        let name = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if BEYOND_A_SCHEMA.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let Some(json) = as_json(&f) else { continue };
        checked += 1;
        if v.is_valid(&json) {
            accepted.push(format!("{} ({})", f.display(), codes.join(", ")));
        }
    }
    assert!(checked >= 80, "only {checked} bad files have shape errors");
    assert!(
        accepted.is_empty(),
        "the schema accepts:\n{}",
        accepted.join("\n")
    );
}
