//! The conventions judges expect of a lookup: short numbers, grep's exit codes, suggestions
//! when nothing matches, real depths in JSON, and rules only an imported text has.

use std::process::{Command, Output};

fn run(args: &[&str], data_dir: Option<&std::path::Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_chainjudge"));
    c.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    let dir = data_dir.map_or_else(
        || std::env::temp_dir().join("chainjudge-no-imports"),
        std::path::Path::to_path_buf,
    );
    c.env("CHAINJUDGE_DATA_DIR", dir);
    c.output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn short_numbers_find_the_zero_padded_rule() {
    let want = stdout(&run(&["rule", "055", "--rules", "july"], None));
    assert!(want.starts_with("055 "), "{want}");
    for typed in ["55", "CR 55", "rule 55", "55."] {
        let out = run(&["rule", typed, "--rules", "july"], None);
        assert_eq!(out.status.code(), Some(0), "{typed}: {}", stderr(&out));
        assert_eq!(stdout(&out), want, "{typed}");
    }
    let sub = stdout(&run(&["rule", "55.1", "--rules", "july"], None));
    assert!(sub.starts_with("055.1 "), "{sub}");
}

#[test]
fn nothing_found_is_exit_1_with_the_nearest_rules() {
    // A number: the rules just before and after it are named.
    let out = run(&["rule", "337.9", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("no rule 337.9"), "{err}");
    assert!(
        err.contains("nearest: 337.4 ") && err.contains("338 "),
        "the neighbours of 337.9 are 337.4 (its last sibling) and 338: {err}"
    );
    let json = run(
        &["rule", "337.9", "--rules", "july", "--format", "json"],
        None,
    );
    assert_eq!(json.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["error"]["code"], "not_found");
    assert_eq!(v["error"]["nearest"][0]["number"], "337.4");
    // A number past the last rule of its part has no neighbour from another part: 999.9 is not
    // near 816.1.b, the book's last rule.
    let far = run(
        &["rule", "999.9", "--rules", "july", "--format", "json"],
        None,
    );
    assert_eq!(far.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&far.stdout).unwrap();
    assert_eq!(v["error"]["nearest"], serde_json::json!([]), "{v}");
    // Words: a search that finds nothing is 1 as well, with the nearest titles.
    let out = run(&["rule", "qqqq zzzz", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("No rule matches"));
    let out = run(&["rule", "Chian Itme", "--rules", "july"], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "two typos still find the Chain Item rules"
    );
    // A search that finds something is 0.
    assert_eq!(
        run(&["rule", "layers", "--rules", "july"], None)
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn a_word_too_far_for_search_gets_the_nearest_titles() {
    // "mightyness" is four letters longer than "mighty": no rule matches, but titles with
    // "Mighty" are near.
    let out = run(&["rule", "mightyness", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let near = text
        .lines()
        .find(|l| l.starts_with("Nearest titles:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(near.contains("Mighty"), "{near}");
}

#[test]
fn limit_zero_is_a_usage_error() {
    let out = run(&["rule", "focus", "--limit", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--limit"), "{}", stderr(&out));
    let out = run(&["rule", "focus", "--limit", "1", "--format", "json"], None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hits"].as_array().unwrap().len(), 1);
}

#[test]
fn json_depth_is_the_depth_in_the_rule_tree() {
    let out = run(
        &[
            "rule", "337.1", "--rules", "july", "--format", "json", "--tree",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rule = &v["rule"];
    assert_eq!(rule["parents"][0]["number"], "337");
    assert_eq!(rule["parents"][0]["depth"], 0);
    for c in rule["children"].as_array().unwrap() {
        let n = c["number"].as_str().unwrap();
        assert_eq!(
            c["depth"].as_u64().unwrap() as usize,
            n.matches('.').count(),
            "{n}"
        );
    }
    let hits = run(
        &["rule", "finalize", "--rules", "july", "--format", "json"],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&hits.stdout).unwrap();
    for h in v["hits"].as_array().unwrap() {
        let n = h["rule"]["number"].as_str().unwrap();
        assert_eq!(
            h["rule"]["depth"].as_u64().unwrap() as usize,
            n.matches('.').count()
        );
    }
}

#[test]
fn rules_only_the_imported_text_has_are_found_by_number_and_by_words() {
    let dir = std::env::temp_dir().join(format!("chainjudge-import-only-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("doc.txt");
    // Invented text: 337.1.b is in chainjudge's data, 990 and 990.1 are not.
    std::fs::write(
        &file,
        "337.1.b. Invented wording about marmalade.\n990. Zebra Crossings\n990.1. Striped quadrupeds may cross the board freely.\n",
    )
    .unwrap();
    let out = run(
        &[
            "rules",
            "import",
            file.to_str().unwrap(),
            "--edition",
            "july",
        ],
        Some(&dir),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["rule", "990.1", "--rules", "july"], Some(&dir));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Striped quadrupeds may cross the board freely."),
        "{text}"
    );
    assert!(
        text.contains("imported"),
        "says where it comes from: {text}"
    );
    assert!(text.contains("990 "), "its parent from the import: {text}");
    // Search covers the imported wording, of rules in the data and of the others.
    let out = run(&["rule", "quadrupeds", "--rules", "july"], Some(&dir));
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("990.1"), "{}", stdout(&out));
    let out = run(
        &["rule", "marmalade", "--rules", "july", "--format", "json"],
        Some(&dir),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hits"][0]["rule"]["number"], "337.1.b", "{v}");
    // Without the import, neither is found.
    assert_eq!(
        run(&["rule", "990.1", "--rules", "july"], None)
            .status
            .code(),
        Some(1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_title_written_as_one_word_a_number_typed_with_spaces_and_common_words() {
    // "burnout" finds the rules titled "Burn Out".
    let out = run(&["rule", "burnout", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.contains("│ 431 ") && text.contains("Burn Out"),
        "{text}"
    );
    // "337 1 b" is rule 337.1.b, not a search that puts 337 first.
    let out = run(&["rule", "337 1 b", "--rules", "july"], None);
    assert!(
        stdout(&out).starts_with("337.1.b Finalize in order"),
        "{}",
        stdout(&out)
    );
    // Words after a number keep it a search.
    let out = run(&["rule", "337 priority", "--rules", "july"], None);
    assert!(stdout(&out).starts_with("Rules matching \"337 priority\""));
    // Common words alone: no odd suggestions, a hint instead; still exit 1.
    let out = run(&["rule", "the", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("has only common words") && !text.contains("Nearest"),
        "{text}"
    );
}
