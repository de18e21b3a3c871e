//! `rules check`'s copy check and `diff`'s standings, as a contributor and a judge run them.

use std::process::{Command, Output};

fn run(args: &[&str], data_dir: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .env("CHAINJUDGE_DATA_DIR", data_dir)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn import(dir: &std::path::Path, text: &str) {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("doc.txt");
    std::fs::write(&file, text).unwrap();
    let out = run(
        &[
            "rules",
            "import",
            file.to_str().unwrap(),
            "--edition",
            "july",
            "--force",
        ],
        dir,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An imported "official" text holding every rule the engine cites (so the citation check
/// passes), in invented words, plus `extra`.
fn invented_document(extra: &str) -> String {
    let mut doc = String::new();
    for r in chainjudge::edition::Editions::get().july_rules {
        doc.push_str(&format!(
            "{}. Invented wording {} zz.\n",
            r.number, r.number
        ));
    }
    doc.push_str(extra);
    doc
}

#[test]
fn the_copy_check_fails_on_a_summary_that_repeats_ten_words_of_the_official_text() {
    let dir = std::env::temp_dir().join(format!("chainjudge-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let eds = chainjudge::edition::Editions::get();
    let r = eds
        .july_rules
        .iter()
        .find(|r| r.number == "337.1.b")
        .unwrap();
    // Original wording: passes, and says what it compared.
    import(&dir, &invented_document(""));
    let ok = run(&["rules", "check"], &dir);
    let text = stdout(&ok);
    assert_eq!(ok.status.code(), Some(0), "{text}");
    assert!(
        text.contains("Copy check, July edition: 2381 summaries compared"),
        "{text}"
    );
    assert!(text.contains("passed"), "{text}");
    // The official text of 337.1.b made to repeat our summary's first ten words: fails, and
    // names the rule and the run.
    let ten: Vec<&str> = r.summary.split_whitespace().take(10).collect();
    assert_eq!(ten.len(), 10, "337.1.b's summary has ten words to copy");
    let doc = invented_document("").replace(
        "337.1.b. Invented wording 337.1.b zz.",
        &format!("337.1.b. Before {} after.", ten.join(" ")),
    );
    import(&dir, &doc);
    let bad = run(&["rules", "check"], &dir);
    let text = stdout(&bad);
    assert_eq!(bad.status.code(), Some(1), "{text}");
    assert!(text.contains("FAILED"), "{text}");
    let row = text
        .lines()
        .skip_while(|l| !l.starts_with("Copy check"))
        .find(|l| l.contains("337.1.b"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.contains(" 10 "), "{row}");
    // Nine words are reported (at the default --min 8) but pass.
    let nine = &ten[..9];
    let doc = invented_document("").replace(
        "337.1.b. Invented wording 337.1.b zz.",
        &format!("337.1.b. Before {} after.", nine.join(" ")),
    );
    import(&dir, &doc);
    let warn = run(&["rules", "check", "--format", "json"], &dir);
    assert_eq!(warn.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&warn.stdout).unwrap();
    let runs = v["copy"][0]["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2381, "every rule compared, JSON lists each");
    assert_eq!(runs[0]["number"], "337.1.b");
    assert_eq!(runs[0]["longest"], 9);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_an_import_the_copy_check_says_how_to_run_it() {
    let dir = std::env::temp_dir().join(format!("chainjudge-copy-none-{}", std::process::id()));
    let out = run(&["rules", "check"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("Copy check: not run"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn diff_keeps_the_standings_apart_and_counts_each() {
    let dir = std::env::temp_dir().join("chainjudge-no-imports");
    let all = run(&["diff", "--format", "json"], &dir);
    let v: serde_json::Value = serde_json::from_slice(&all.stdout).unwrap();
    let s = &v["standings"];
    let total: u64 = ["established", "inferred", "unconfirmed", "removed"]
        .iter()
        .map(|k| s[k].as_u64().unwrap())
        .sum();
    assert_eq!(s["july_rules"], 2381);
    assert_eq!(total, 2381, "each rule has exactly one standing: {s}");
    assert_eq!(s["removed"], 2, "323.4 and 464.2.d");
    let rows = v["differences"].as_array().unwrap();
    let inferred = run(&["diff", "--only", "inferred", "--format", "json"], &dir);
    let i: serde_json::Value = serde_json::from_slice(&inferred.stdout).unwrap();
    let i = i["differences"].as_array().unwrap();
    assert!(!i.is_empty());
    assert!(i.iter().all(|r| r["inferred"] == true));
    assert_eq!(
        i.len(),
        rows.iter().filter(|r| r["inferred"] == true).count(),
        "--only inferred lists every inferred row"
    );
    // 466.2.c.1.b is inferred (october-changes.md row 6), never established.
    let text = stdout(&run(&["diff", "--only", "established"], &dir));
    assert!(!text.contains("466.2.c.1.b"), "{text}");
    let text = stdout(&run(&["diff"], &dir));
    let footer = text
        .lines()
        .skip_while(|l| !l.starts_with("October numbers of the 2381 July rules:"))
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    for word in ["established", "inferred", "unconfirmed", "removed"] {
        assert!(footer.contains(word), "{footer}");
    }
}

#[test]
fn the_copy_check_compares_with_the_whole_document_and_fails_on_a_copied_sentence() {
    let dir = std::env::temp_dir().join(format!("chainjudge-copy-doc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let eds = chainjudge::edition::Editions::get();
    let summary = |n: &str| {
        eds.july_rules
            .iter()
            .find(|r| r.number == n)
            .unwrap()
            .summary
    };
    // Ten words of 337.1.b's summary written into the official text of another rule (101):
    // still a copy, and the report says where the words stand.
    let ten: Vec<&str> = summary("337.1.b").split_whitespace().take(10).collect();
    let doc = invented_document("").replace(
        "101. Invented wording 101 zz.",
        &format!("101. Before {} after.", ten.join(" ")),
    );
    import(&dir, &doc);
    let out = run(&["rules", "check", "--format", "json"], &dir);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let worst = &v["copy"][0]["runs"][0];
    assert_eq!(
        (&worst["number"], &worst["longest"], &worst["from"]),
        (
            &serde_json::json!("337.1.b"),
            &serde_json::json!(10),
            &serde_json::json!("101")
        )
    );
    // A whole sentence copied fails however short: the first sentence of 107.3.e's summary
    // (nine words or fewer) made an official sentence.
    let first = summary("107.3.e")
        .split(". ")
        .next()
        .unwrap()
        .trim_end_matches('.');
    let words = first.split_whitespace().count();
    assert!((5..10).contains(&words), "{first}");
    let doc = invented_document("").replace(
        "107.3.e. Invented wording 107.3.e zz.",
        &format!("107.3.e. Note. {first}. More."),
    );
    import(&dir, &doc);
    let out = run(&["rules", "check"], &dir);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("1 whole sentences of 5 or more words copied (fail)"),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.contains("copied sentence:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.contains("107.3.e"), "{row}");
    // The sentence with one word changed in the official text is a run of under ten, and no
    // copied sentence.
    let mut changed: Vec<&str> = first.split_whitespace().collect();
    changed[2] = "zq";
    let doc = invented_document("").replace(
        "107.3.e. Invented wording 107.3.e zz.",
        &format!("107.3.e. Note. {}. More.", changed.join(" ")),
    );
    import(&dir, &doc);
    assert_eq!(run(&["rules", "check"], &dir).status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_import_whose_last_updated_date_is_the_other_editions_is_refused() {
    let dir = std::env::temp_dir().join(format!("chainjudge-wrong-ed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("doc.txt");
    let doc = format!(
        "Riftbound Core Rules\nLast Updated: 2026-07-16\n{}",
        invented_document("")
    );
    std::fs::write(&file, doc).unwrap();
    let f = file.to_str().unwrap();
    // The July document offered as October: refused, with the fix, nothing stored.
    let out = run(&["rules", "import", f, "--edition", "october"], &dir);
    assert_eq!(out.status.code(), Some(2));
    // Long lines are wrapped to the width: compare the words.
    let err = String::from_utf8_lossy(&out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        err.contains("last updated 2026-07-16, the date of the July edition")
            && err.contains("--edition july"),
        "{err}"
    );
    assert!(!dir.join("editions/october.tsv").exists());
    // As July it is taken, without a note about its date.
    let out = run(&["rules", "import", f, "--edition", "july"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        !stdout(&out).contains("Note: the document"),
        "{}",
        stdout(&out)
    );
    // A document without a date is taken, with a note saying it could not be checked.
    std::fs::write(&file, invented_document("")).unwrap();
    let out = run(
        &["rules", "import", f, "--edition", "july", "--force"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("gives no \"Last Updated\" date"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
