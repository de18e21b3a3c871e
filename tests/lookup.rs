//! Rules lookup, search, diff, import and the citation check, as a judge runs them.

use chainjudge::diff::{self, Only};
use chainjudge::edition::EditionId;
use chainjudge::import::parse;
use chainjudge::lookup::{lookup, normalize_number, search, OtherEdition, Standing};
use chainjudge::show;
use std::process::{Command, Output};

fn run(args: &[&str], data_dir: Option<&std::path::Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_chainjudge"));
    c.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    // Never read or write the real user's imports.
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

#[test]
fn a_rule_by_number_with_breadcrumb_children_and_the_other_edition() {
    let out = run(&["rule", "337.1", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("337.1 "), "{text}");
    assert!(text.contains("337 Finalize >"), "breadcrumb: {text}");
    assert!(text.contains("337.1.b "), "children listed: {text}");
    assert!(text.contains("October: 337.1, the same rule"), "{text}");
    insta::assert_snapshot!("rule_337_1_july", text);
}

#[test]
fn judges_ways_of_typing_numbers_give_the_same_rule() {
    let a = stdout(&run(&["rule", "337.1.b", "--rules", "july"], None));
    for typed in ["337.1b", "CR 337.1.b", "337.1.b.", "cr337.1.B"] {
        assert_eq!(
            stdout(&run(&["rule", typed, "--rules", "july"], None)),
            a,
            "{typed}"
        );
    }
    assert_eq!(
        normalize_number("Rule 466.3.d.1").as_deref(),
        Some("466.3.d.1")
    );
}

#[test]
fn renumbered_rules_point_both_ways() {
    let v = lookup("419.4.b", EditionId::July, false).unwrap();
    assert_eq!(
        v.other,
        OtherEdition::Renumbered {
            number: "420.4.b".into(),
            changed: true
        }
    );
    let v = lookup("420.4.b", EditionId::October, false).unwrap();
    assert_eq!(v.july_number, "419.4.b");
    assert!(
        v.summary.contains("conditional"),
        "October's widened content: {}",
        v.summary
    );
    let v = lookup("466", EditionId::October, false).unwrap();
    assert_eq!(v.july_number, "464");
    let text = stdout(&run(&["rule", "466", "--rules", "october", "--tree"], None));
    assert!(
        text.contains("466.2.d "),
        "the trigger task is d in October: {text}"
    );
    insta::assert_snapshot!("rule_466_october_tree", text);
}

#[test]
fn unestablished_october_numbers_fall_back_to_july_and_say_so() {
    let v = lookup("355.2.a", EditionId::October, false).unwrap();
    assert_eq!(v.edition, EditionId::July, "shown as the July rule");
    assert!(v.notes[0].contains("not established"), "{:?}", v.notes);
    let v = lookup("355.2.a", EditionId::July, false).unwrap();
    assert_eq!(v.other, OtherEdition::Unconfirmed);
    let v = lookup("323.4", EditionId::July, false).unwrap();
    assert_eq!(v.other, OtherEdition::Removed);
    // Known changes are never denied: 323.8 changed, its number is not established.
    let v = lookup("323.8", EditionId::July, false).unwrap();
    assert!(
        matches!(v.other, OtherEdition::ChangedUnconfirmed { .. }),
        "{:?}",
        v.other
    );
    // A parent of an established number has the matching number, inferred (no source quotes it).
    let v = lookup("420.4", EditionId::October, false).unwrap();
    assert_eq!(v.july_number, "419.4");
    assert_eq!(v.standing, Standing::Inferred);
    let v = lookup("808.1.d", EditionId::October, false).unwrap();
    assert_eq!(v.standing, Standing::Inferred);
    // The same number naming another rule is pointed out.
    let v = lookup("466", EditionId::October, false).unwrap();
    assert!(
        v.notes
            .iter()
            .any(|n| n.contains("July 466 is a different rule")),
        "{:?}",
        v.notes
    );
    let out = run(&["rule", "355.2.a", "--rules", "october"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("not established"));
    let out = run(&["rule", "999.9", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(1), "nothing found is 1, as grep");
}

#[test]
fn inferred_october_numbers_print_with_their_mark() {
    // Row 10: July 410-440 are one higher in October; implied, not quoted.
    let v = lookup("417.1.b", EditionId::July, false).unwrap();
    assert_eq!(
        v.other,
        OtherEdition::Inferred {
            number: "418.1.b".into(),
            basis: "July 410-440 are one higher in October".into()
        }
    );
    assert!(
        show::other_line(&v).contains("418.1.b (inferred)")
            && show::other_line(&v).contains("(July 410-440 are one higher in October)"),
        "{}",
        show::other_line(&v)
    );
    let v = lookup("418.1.b", EditionId::October, false).unwrap();
    assert_eq!(
        (v.july_number.as_str(), v.standing),
        ("417.1.b", Standing::Inferred)
    );
    assert!(
        v.parents.iter().all(|p| p.label().ends_with("(inferred)")),
        "{:?}",
        v.parents
    );
    let text = stdout(&run(&["rule", "418.1.b", "--rules", "october"], None));
    assert!(text.starts_with("418.1.b (inferred) "), "{text}");
    // October 417.1.b is July 416.1.b (inferred); July 417.1.b is pointed to as 418.1.b.
    let text = stdout(&run(&["rule", "417.1.b", "--rules", "october"], None));
    assert!(text.starts_with("417.1.b (inferred) "), "{text}");
    assert!(text.contains("418.1.b (inferred) under October"), "{text}");
    // Quoted by row 10: established, no mark.
    let v = lookup("469.2", EditionId::July, false).unwrap();
    assert_eq!(
        v.other,
        OtherEdition::Renumbered {
            number: "471.2".into(),
            changed: false
        }
    );
    let v = lookup("471.2", EditionId::October, false).unwrap();
    assert_eq!(
        (v.july_number.as_str(), v.standing),
        ("469.2", Standing::Established)
    );
    // Not removed: inferred 466.2.c.1.b (rows 5 and 6).
    let v = lookup("464.2.c.1.b", EditionId::July, false).unwrap();
    assert!(
        matches!(&v.other, OtherEdition::Inferred { number, basis }
            if number == "466.2.c.1.b" && basis.contains("no source says it was removed")),
        "{:?}",
        v.other
    );
    // The gap before 410 is unknown: unconfirmed, not inferred.
    let v = lookup("355.2.a", EditionId::July, false).unwrap();
    assert_eq!(v.other, OtherEdition::Unconfirmed);
    assert!(lookup("356.2.a", EditionId::October, false)
        .unwrap()
        .notes
        .iter()
        .any(|n| n.contains("not established")));
}

#[test]
fn search_tolerates_typos_and_loose_terms() {
    let top = |q: &str| {
        search(q, EditionId::July, 5)
            .into_iter()
            .map(|h| h.rule.label())
            .collect::<Vec<_>>()
    };
    assert_eq!(top("deathnell")[0], "808", "a typo of Deathknell");
    assert!(
        top("focus pass")[..3]
            .iter()
            .any(|n| n.starts_with("340.2") || n.starts_with("347")),
        "{:?}",
        top("focus pass")
    );
    assert!(
        top("stack resolves newest")[..3].contains(&"340.1".to_string()),
        "{:?}",
        top("stack resolves newest")
    );
    assert!(
        top("legion")[..2].iter().any(|n| n.starts_with("812")),
        "{:?}",
        top("legion")
    );
    assert!(search("zzzz qqqq", EditionId::July, 5).is_empty());
    let text = show::hits_text(
        "deathnell",
        EditionId::July,
        &search("deathnell", EditionId::July, 5),
        &[],
        100,
    );
    insta::assert_snapshot!("search_deathnell", text);
}

#[test]
fn text_that_is_not_a_number_searches() {
    let out = run(&["rule", "focus", "pass", "--rules", "july"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("best first"));
}

#[test]
fn diff_lists_exactly_what_the_known_october_changes_establish() {
    let rows = diff::rows(EditionId::July, EditionId::October, None);
    let has = |j: &str, o: Option<&str>| {
        rows.iter()
            .any(|r| r.from.as_deref() == Some(j) && r.to.as_deref() == o)
    };
    // Every number october-changes.md gives.
    assert!(has("328", Some("328")));
    assert!(has("164.2", Some("164.2")));
    assert!(has("419.4.b", Some("420.4.b")));
    for (j, o) in [
        ("459", "461"),
        ("460", "462"),
        ("461", "463"),
        ("462", "464"),
        ("463", "465"),
        ("464", "466"),
        ("465", "467"),
        ("466", "468"),
        ("461.1", "463.1"),
        ("462.1", "464.1"),
        ("466.3.d.1", "468.3.d.1"),
    ] {
        assert!(has(j, Some(o)), "{j} -> {o}");
    }
    assert!(has("464.2.c.1.a", Some("466.2.c.1.a")));
    assert!(has("464.2.e", Some("466.2.d")));
    assert!(has("464.2.e.1", Some("466.2.d.1")));
    assert!(has("464.2.d", None) && has("323.4", None));
    // Row 10's quotes are established rows.
    for (j, o) in [
        ("410.1.b", "411.1.b"),
        ("440.4", "441.4"),
        ("469.2", "471.2"),
    ] {
        assert!(
            rows.iter()
                .any(|r| r.from.as_deref() == Some(j) && r.to.as_deref() == Some(o) && !r.inferred),
            "{j} -> {o}"
        );
    }
    // Inferred renumberings are marked; a sub-rule moving with its rule is folded into its row.
    let inferred = |j: &str, o: &str| {
        rows.iter()
            .any(|r| r.from.as_deref() == Some(j) && r.to.as_deref() == Some(o) && r.inferred)
    };
    assert!(inferred("464.2.c.1.b", "466.2.c.1.b"), "not removed");
    assert!(inferred("417", "418") && inferred("469", "471"));
    assert!(!rows.iter().any(|r| r.from.as_deref() == Some("417.1.b")));
    let md = show::diff_markdown(&rows, EditionId::July, EditionId::October);
    assert!(md.contains("| 417 | 418 (inferred) |"), "{md}");
    assert!(md.contains("| 469.2 | 471.2 |"), "{md}");
    assert!(
        !rows.iter().any(|r| r.from.as_deref() == Some("410.1.b.1")),
        "folded into 410"
    );
    // Nothing invented: every established renumbering is the combat block moving up by two,
    // 419.4.b, or a number row 10 quotes; every inferred one follows a known shift.
    for r in &rows {
        if let (Some(j), Some(o)) = (&r.from, &r.to) {
            if j == o || j == "419.4.b" {
                continue;
            }
            let (jm, om): (u32, u32) = (j[..3].parse().unwrap(), o[..3].parse().unwrap());
            if r.inferred {
                assert!(
                    ((410..=440).contains(&jm) && om == jm + 1)
                        || ((459..=489).contains(&jm) && om == jm + 2),
                    "{j} -> {o} follows no known shift"
                );
                assert_eq!(&j[3..], &o[3..], "{j} -> {o}: letters kept");
                continue;
            }
            if [
                "410.1.b", "418.3.a", "429.3", "431.2.b", "431.2.c", "431.3.a", "440.4", "469.2",
                "485.7", "486.7", "487.7", "488.7", "489.7",
            ]
            .contains(&j.as_str())
            {
                assert_eq!(&j[3..], &o[3..], "{j} -> {o}: letters kept");
                continue;
            }
            assert!(
                (459..=466).contains(&jm) && om == jm + 2,
                "{j} -> {o} is not established"
            );
            if !j.starts_with("464.2.e") {
                assert_eq!(
                    &j[3..],
                    &o[3..],
                    "{j} -> {o}: sub-rule letters stay the same"
                );
            }
        }
    }
    let outcome = diff::rows(EditionId::July, EditionId::October, Some(Only::Outcome));
    assert_eq!(outcome.len(), 4);
    assert!(outcome
        .iter()
        .all(|r| r.example.is_some() && r.situation.is_some()));
    insta::assert_snapshot!(
        "diff_outcome",
        show::diff_text(&outcome, EditionId::July, EditionId::October, 100)
    );
    insta::assert_snapshot!(
        "diff_all",
        show::diff_text(&rows, EditionId::July, EditionId::October, 100)
    );
}

#[test]
fn the_parser_reads_wrapped_lines_headings_and_skips_page_furniture() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/import/plain.txt"
    ))
    .unwrap();
    let rules = parse(&text);
    let numbers: Vec<&str> = rules.iter().map(|r| r.number.as_str()).collect();
    assert_eq!(
        numbers,
        vec!["300", "301", "301.1", "301.1.a", "301.1.b", "302", "302.1", "302.10", "303", "303.1"]
    );
    let get = |n: &str| rules.iter().find(|r| r.number == n).unwrap();
    assert_eq!(get("300").title.as_deref(), Some("Turn Structure"));
    assert_eq!(
        get("301").text,
        "Every turn has three phases. A phase ends when nothing is left to do in it."
    );
    assert_eq!(
        get("301.1.b").text,
        "Players who oversleep skip the phase.",
        "hyphenated line end joins the word"
    );
    assert_eq!(
        get("302.1").text,
        "The oldest order is carried out first.",
        "page number and blank line dropped"
    );
    assert!(
        get("302.10")
            .text
            .contains("stays text of 302.10. 300 cards"),
        "out-of-order number and quantities are text"
    );
    assert!(
        !rules.iter().any(|r| r.text.contains("Last Updated")),
        "running header dropped"
    );
    let md = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/import/markdown.md"
    ))
    .unwrap();
    let rules = parse(&md);
    let numbers: Vec<&str> = rules.iter().map(|r| r.number.as_str()).collect();
    assert_eq!(
        numbers,
        vec!["300", "301", "301.1", "301.1.a", "302", "302.1"]
    );
    assert_eq!(rules[3].text, "Players stretch and draw a card.");
    assert_eq!(rules[4].title.as_deref(), Some("Orders"));
    insta::assert_debug_snapshot!("import_markdown_fixture", rules);
}

#[test]
fn import_keeps_every_word_and_character() {
    // One-word wrapped lines (some repeated more than twice, like a running header would be),
    // `*` markers, brackets and a footnote mark: each rule keeps its source text exactly.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/import/wrapped.txt"
    ))
    .unwrap();
    let rules = parse(&text);
    let text_of = |n: &str| {
        rules
            .iter()
            .find(|r| r.number == n)
            .map(|r| r.text.clone())
            .unwrap_or_default()
    };
    assert_eq!(
        text_of("401"),
        "When that Chain closes, Focus passes to the next player."
    );
    assert_eq!(
        text_of("402"),
        "A player who passes gives Priority to the next player in turn order."
    );
    assert_eq!(
        text_of("403"),
        "An effect may name a card [Example Card] and a cost [2] to pay, as marked in footnote 1."
    );
    assert_eq!(
        text_of("404"),
        "The turn queue is shown with markers: *Ana, then *Ben."
    );
    assert_eq!(
        text_of("405"),
        "A rule whose wrapped line is a single word stays whole."
    );
    // A number alone on its line: a word the next line continues is text, not a title.
    assert_eq!(text_of("406"), "When that Chain closes, Focus passes on.");
    let title_of = |n: &str| {
        rules
            .iter()
            .find(|r| r.number == n)
            .and_then(|r| r.title.clone())
    };
    assert_eq!(title_of("406"), None);
    assert_eq!(title_of("407").as_deref(), Some("Endings"));
}

#[test]
fn import_stores_the_text_and_rule_shows_it() {
    let dir = std::env::temp_dir().join(format!("chainjudge-import-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // A made-up document with the numbers of the real one, generated here.
    let mut doc = String::new();
    for r in chainjudge::edition::Editions::get().july_rules {
        doc.push_str(&format!(
            "{}. Invented wording for rule {} used only by tests.\n",
            r.number, r.number
        ));
    }
    let file = dir.join("official.txt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&file, &doc).unwrap();
    let f = file.to_str().unwrap();
    let out = run(&["rules", "import", f, "--edition", "july"], Some(&dir));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = run(&["rules", "import", f, "--edition", "july"], Some(&dir));
    assert_eq!(
        again.status.code(),
        Some(2),
        "never overwritten without --force"
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(
        run(
            &["rules", "import", f, "--edition", "july", "--force"],
            Some(&dir)
        )
        .status
        .code(),
        Some(0)
    );
    let shown = stdout(&run(&["rule", "337.1.b", "--rules", "july"], Some(&dir)));
    assert!(
        shown.contains("Official text (imported):")
            && shown.contains("Invented wording for rule 337.1.b"),
        "{shown}"
    );
    let check = run(&["rules", "check"], Some(&dir));
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // An import missing cited rules fails the check.
    let partial = dir.join("partial.txt");
    std::fs::write(&partial, "337.1. Invented.\n337.1.b. Invented.\n").unwrap();
    run(
        &[
            "rules",
            "import",
            partial.to_str().unwrap(),
            "--edition",
            "july",
            "--force",
        ],
        Some(&dir),
    );
    let check = run(&["rules", "check"], Some(&dir));
    assert_eq!(
        check.status.code(),
        Some(1),
        "a mismatch between the data and the official text"
    );
    assert!(stdout(&check).contains("missing"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_with_no_rules_is_not_imported() {
    let dir = std::env::temp_dir().join(format!("chainjudge-import-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("notes.txt");
    std::fs::write(&file, "just some notes\nnothing numbered\n").unwrap();
    let out = run(
        &[
            "rules",
            "import",
            file.to_str().unwrap(),
            "--edition",
            "october",
        ],
        Some(&dir),
    );
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
