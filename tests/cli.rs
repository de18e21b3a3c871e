//! The whole program as a user runs it: exit codes, formats, determinism, colour.

use std::process::{Command, Output};

fn run(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_chainjudge"));
    c.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// A fresh folder for one test's files, named for it and this process.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chainjudge-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Printed text with its wrapping undone: every run of white space one space.
fn flat(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

const EXAMPLE: &str = "rulings/crumbling-sands-counters-first-of-two.yaml";

#[test]
fn replay_succeeds_and_is_deterministic() {
    let a = run(&["replay", EXAMPLE], &[]);
    let b = run(&["replay", EXAMPLE], &[]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout, "same input, same bytes");
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(
        text.contains("Resolved: sands, then b. Countered: a."),
        "{text}"
    );
    assert!(
        !text.contains('\u{1b}'),
        "no colour when stdout is not a terminal"
    );
}

#[test]
fn json_output_is_versioned() {
    let out = run(&["replay", EXAMPLE, "--format", "json"], &[]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format_version"], 1);
    assert_eq!(v["outcome"]["july"]["countered"][0], "a");
    assert_eq!(v["outcome"]["october"]["resolved"][0], "sands");
    assert_eq!(v["outcomes_differ"], false);
}

#[test]
fn markdown_output_is_a_table() {
    let out = run(&["replay", EXAMPLE, "--format", "markdown"], &[]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# Crumbling Sands"));
    assert!(text.contains("| # | Who | What happened |"));
}

#[test]
fn colour_only_when_asked_and_never_with_no_color() {
    // Every command that prints for a person: colour with --color always (over NO_COLOR),
    // none with --color never, none by default when NO_COLOR is set or stdout is no terminal.
    for args in [
        &["replay", EXAMPLE][..],
        &["rule", "337.1.b"],
        &["rule", "finalize"],
        &["diff"],
        &["ruling", "crumbling sands"],
        &["verify", EXAMPLE],
        &["check", EXAMPLE],
    ] {
        let with = |extra: &[&str], env: &[(&str, &str)]| {
            let mut a: Vec<&str> = extra.to_vec();
            a.extend_from_slice(args);
            String::from_utf8_lossy(&run(&a, env).stdout).into_owned()
        };
        assert!(
            with(&["--color", "always"], &[("NO_COLOR", "1")]).contains('\u{1b}'),
            "{args:?}: no colour with --color always"
        );
        assert!(
            !with(&["--color", "never"], &[]).contains('\u{1b}'),
            "{args:?}"
        );
        assert!(
            !with(&[], &[("NO_COLOR", "1")]).contains('\u{1b}'),
            "{args:?}"
        );
        assert!(
            !with(&[], &[]).contains('\u{1b}'),
            "{args:?}: colour into a pipe"
        );
    }
    // Errors on stderr follow --color too.
    let err = run(
        &["--color", "always", "check", "tests/fixtures/import"],
        &[],
    );
    assert!(String::from_utf8_lossy(&err.stderr).starts_with("\u{1b}"));
    // The steps written as a list, at a width too narrow for the table, are coloured as the
    // table's cells are.
    let list = run(
        &[
            "--color", "always", "--width", "60", "replay", EXAMPLE, "--steps", "all",
        ],
        &[],
    );
    let list = String::from_utf8_lossy(&list.stdout);
    assert!(list.contains("Steps (the width is too narrow"), "{list}");
    assert!(
        list.contains("\u{1b}[31m") && list.contains("\u{1b}[32m"),
        "{list}"
    );
    // And so do clap's usage errors, before the arguments have parsed.
    for args in [
        &["--color", "always", "rule"][..],
        &["rule", "--color=always"],
    ] {
        let usage = run(args, &[("NO_COLOR", "1")]);
        assert_eq!(usage.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&usage.stderr).contains('\u{1b}'),
            "{args:?}"
        );
    }
    let usage = run(&["--color", "never", "rule"], &[("CLICOLOR_FORCE", "1")]);
    assert!(!String::from_utf8_lossy(&usage.stderr).contains('\u{1b}'));
}

#[test]
fn verify_exits_1_on_a_mismatch_and_shows_the_difference() {
    let out = run(&["verify", "tests/verify-fail/wrong-order.yaml"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("FAIL"));
    assert!(
        text.contains("resolved: expected [a, b], got [b, a]"),
        "{text}"
    );
}

#[test]
fn verify_and_check_pass_on_the_rulings() {
    let out = run(&["verify", "rulings"], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = run(&["check", "rulings"], &[]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn board_cases_written_by_a_new_user_verify() {
    let out = run(&["verify", "tests/fixtures/board-cases"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("46 passed, 0 failed"), "{text}");
}

/// Issue 19 item 6: a default assignment says what each unit needs for lethal damage (not
/// "(lethal: N)", which reads as if it was lethal), and the exactly-lethal one, which cited
/// nothing, cites the assignment rule (465.2.c; October 467.2.c) and the Shield in its amount.
#[test]
fn a_default_assignment_says_what_each_unit_needs_for_lethal_and_cites_the_assignment_rule() {
    let out = run(
        &[
            "replay",
            "tests/fixtures/board-accuracy/19-3-combat-under-way-counts-assault-and-shield.yaml",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let step = |ed: &str, start: &str| -> &serde_json::Value {
        steps
            .iter()
            .map(|s| &s[ed])
            .find(|s| s["what"].as_str().is_some_and(|w| w.starts_with(start)))
            .unwrap_or_else(|| panic!("{ed}: no step starting {start:?}"))
    };
    let numbers = |s: &serde_json::Value| -> Vec<String> {
        s["cites"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                c["number"]
                    .as_str()
                    .or(c["july"].as_str())
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    // Guard: Might 2 + Shield 3 with 2 damage needs 3; Ana's 3 is exactly that.
    let ana = step("july", "Ana assigns 3 by default");
    let what = ana["what"].as_str().unwrap();
    assert!(
        what.ends_with(": 3 to guard (needs 3 for lethal)"),
        "{what}"
    );
    assert_eq!(numbers(ana), vec!["465.2.c", "814.1.c"]);
    let ana_oct = step("october", "Ana assigns 3 by default");
    assert_eq!(ana_oct["cites"][0]["number"], "467.2.c");
    assert_eq!(ana_oct["cites"][1]["status"], "unconfirmed");
    assert_eq!(ana_oct["cites"][1]["july"], "814.1.c");
    // Raider: Might 1 + Assault 2 with 1 damage needs 2; Ben's 5 gives 3 more.
    let ben = step("july", "Ben assigns 5 by default");
    let what = ben["what"].as_str().unwrap();
    assert!(
        what.ends_with(": 5 to raider (needs 2 for lethal)"),
        "{what}"
    );
    assert_eq!(numbers(ben), vec!["465.2.c", "465.2.c.4", "807.1.c"]);
    // The text report says the same, nowhere "(lethal: N)".
    let text = run(
        &[
            "replay",
            "tests/fixtures/board-accuracy/19-3-combat-under-way-counts-assault-and-shield.yaml",
        ],
        &[],
    );
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(!text.contains("(lethal:"), "{text}");
}

#[test]
fn board_accuracy_cases_verify() {
    // Issue 19's regression cases: every file holds a situation, so every file must pass.
    let files = std::fs::read_dir("tests/fixtures/board-accuracy")
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "yaml"))
        .count();
    assert!(files >= 5, "{files} files");
    let out = run(&["verify", "tests/fixtures/board-accuracy"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(&format!("{files} passed, 0 failed, 0 skipped")),
        "{text}"
    );
}

#[test]
fn the_same_win_by_another_route_is_no_outcome_difference() {
    // Both editions end the game with Ana winning (row 8: October conquers at task 5, July after
    // a further showdown); the state after the game's end differs, and is no outcome.
    let file = "tests/fixtures/board-accuracy/19-5-same-winner-by-another-route.yaml";
    let out = run(&["replay", file, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcomes_differ"], false, "{v}");
    assert_eq!(v["route_differs"], true, "{v}");
    assert!(v.get("final_differences").is_none(), "{v}");
    // The steps that part are marked as the route, none as an outcome.
    let flags: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["flag"].as_str())
        .collect();
    assert!(flags.contains(&"route_differs"), "{flags:?}");
    assert!(!flags.contains(&"outcome_differs"), "{flags:?}");
    let out = run(&["replay", file, "--width", "120", "--steps", "all"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("OUTCOMES DIFFER"), "{text}");
    assert!(text.contains("Ana wins the game under both"), "{text}");
    assert!(text.contains("Route: "), "{text}");
    assert!(
        text.contains("≠ route") && !text.contains("OUTCOME"),
        "{text}"
    );
    // A game that did not end the same way still differs (the row-8 example of the format).
    let out = run(
        &[
            "replay",
            "rulings/board-attack-kills-every-defender-july-vs-october.yaml",
            "--format",
            "json",
        ],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcomes_differ"], true, "{v}");
    assert!(v.get("route_differs").is_none(), "{v}");
}

#[test]
fn hints_name_a_token_named_card_and_kills_in_a_row() {
    let file = "tests/fixtures/board-accuracy/19-9-hints-token-name-and-kills-in-a-row.yaml";
    let out = run(&["replay", file, "--width", "100"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("Hints (the file may say something other than was meant):"),
        "{text}"
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "line 22: `recruit-token` is named as a token but is not written `token: true`"
        ),
        "{flat}"
    );
    assert!(
        flat.contains("line 29: purge writes 2 `kill` effects in a row"),
        "{flat}"
    );
    assert!(flat.contains("write one `kill: [grunt, brute]`"), "{flat}");
    let out = run(&["replay", file, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hints = v["hints"].as_array().expect("hints");
    assert_eq!(hints.len(), 2, "{v}");
    assert_eq!(
        (hints[0]["line"].as_u64(), hints[0]["column"].as_u64()),
        (Some(22), Some(13))
    );
    assert!(
        hints[0]["text"].as_str().unwrap().contains("see 185"),
        "{v}"
    );
    assert_eq!(
        (hints[1]["line"].as_u64(), hints[1]["column"].as_u64()),
        (Some(29), Some(11))
    );
    assert!(
        hints[1]["text"].as_str().unwrap().contains("see 383.3.d.1"),
        "{v}"
    );
    // A file without such writing has no hints at all, in text or JSON.
    let plain = "tests/fixtures/board-accuracy/19-1-every-choosing-effect-fires-chosen.yaml";
    let out = run(&["replay", plain], &[]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Hints"));
    let out = run(&["replay", plain, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("hints").is_none(), "{v}");
}

#[test]
fn the_answer_comes_before_the_steps() {
    // Crumbling Sands: the answer a judge asks for (what resolved, what was countered, who holds
    // Priority) right under the header, before the table of steps.
    let file = "rulings/crumbling-sands-counters-first-of-two.yaml";
    let out = run(&["replay", file, "--width", "100"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Answer"))
        .expect("an Answer block");
    let table = lines
        .iter()
        .position(|l| l.starts_with("Steps: "))
        .expect("the steps");
    assert!(at < 8 && at < table, "{text}");
    let block = lines[at + 1..table].join("\n");
    assert!(
        block.contains("Resolved: sands, then b. Countered: a. Refused: none."),
        "{block}"
    );
    assert!(
        block.contains("End: Neutral Open; Priority: Ana; Focus: nobody."),
        "{block}"
    );
    assert!(
        block.contains("July and October: the same outcome, by the same steps."),
        "{block}"
    );
    assert!(
        block.contains("2 steps cite rules renumbered in October: 419 -> 420"),
        "{block}"
    );
    // JSON: the same lines, and what they come from.
    let out = run(&["replay", file, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["answer"]["lines"][0],
        "Resolved: sands, then b. Countered: a. Refused: none."
    );
    assert_eq!(v["answer"]["editions_part_at"], serde_json::Value::Null);
    assert_eq!(v["answer"]["renumbered_steps"], 2);
    // Where the editions differ, each differing value is a line per edition, and the block
    // names the step where they part.
    let board = "rulings/board-attack-kills-every-defender-july-vs-october.yaml";
    let out = run(&["replay", board, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines: Vec<&str> = v["answer"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l.as_str())
        .collect();
    // One line per differing value, naming both editions and the step where they part for it:
    // October's Conquer scores at step 31, July's snap-trap kills vanguard at step 45.
    assert!(
        lines.contains(&"Points: July Ana 3, Ben 2; October Ana 4, Ben 2 (from step 31)."),
        "{lines:?}"
    );
    assert!(
        lines.contains(
            &"Conquered: July none; October Ana at battlefield-1 (from step 31). Combats: battlefield-1: Ana won."
        ),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Killed: July loyal-poro, vanguard; October loyal-poro (from step 45)."),
        "{lines:?}"
    );
    let differing: Vec<u64> = v["answer"]["differing"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    let points = lines.iter().position(|l| l.starts_with("Points:")).unwrap();
    let end = lines.iter().position(|l| l.starts_with("End:")).unwrap();
    assert!(differing.contains(&(points as u64)), "{differing:?}");
    assert!(!differing.contains(&(end as u64)), "{differing:?}");
    let part = v["answer"]["editions_part_at"].as_u64().expect("a step");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("the editions part at step {part}"))),
        "{lines:?}"
    );
    let md = run(&["replay", file, "--format", "markdown"], &[]);
    let md = String::from_utf8_lossy(&md.stdout);
    assert!(
        md.contains("## Answer\n\n- Resolved: sands, then b."),
        "{md}"
    );
}

#[test]
fn the_compact_view_folds_routine_steps_and_steps_all_shows_them() {
    let file = "rulings/crumbling-sands-counters-first-of-two.yaml";
    let out = run(&["replay", file, "--width", "100"], &[]);
    let compact = String::from_utf8_lossy(&out.stdout);
    let all = run(&["replay", file, "--width", "100", "--steps", "all"], &[]);
    let all = String::from_utf8_lossy(&all.stdout);
    // A step's number opens its row: "│ 4 ┆ ..." in the full table, "   4  ..." in the compact
    // list (after the line that heads the steps).
    let numbers = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("Steps") && !l.starts_with('┌'))
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.strip_prefix("│ ").or_else(|| l.strip_prefix("  ")))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|n| n.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_string)
            .collect()
    };
    // Twelve steps in all; the passes, Priority received, finalizing and the Chain emptying
    // (step 11) fold away, and the steps shown keep their numbers from the full trace.
    assert_eq!(
        numbers(&all),
        (1..=12).map(|n| n.to_string()).collect::<Vec<_>>(),
        "{all}"
    );
    assert_eq!(numbers(&compact), ["4", "5", "6", "10", "12"], "{compact}");
    assert!(compact.contains("Steps: 5 of 12 ("), "{compact}");
    // Step 12 gains the emptied Chain's rule (340.2) and says the state it left.
    let row12 = compact
        .lines()
        .skip_while(|l| !l.starts_with("  12 "))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let row12 = row12.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        row12.contains("340.2") && row12.contains("→ Neutral Open, Priority"),
        "{row12}"
    );
    // Step 4 says who passed, and the folded passes' rules move to it.
    let row4: String = compact
        .lines()
        .skip_while(|l| !l.starts_with("   4 "))
        .take_while(|l| !l.starts_with("   5 "))
        .collect();
    // Told short: the item resolves, after the passes folded into it.
    assert!(
        row4.contains("sands, the newest item, resolves (after")
            && row4.contains("Ben and Ana pass)"),
        "{row4}"
    );
    assert!(row4.contains("338.1.b") && row4.contains("339.2"), "{row4}");
    assert!(!all.contains("Steps: "), "{all}");
    // A renumbering is a mark on the number (419 is 420 in October), never a difference; the
    // answer names the note and the step it is at.
    assert!(
        compact.contains("419.4.b≠") && !compact.contains("≠ numbers"),
        "{compact}"
    );
    assert!(all.contains("≠ numbers"), "{all}");
    assert!(
        compact.contains("Notes after the steps: [1] step 5, July.")
            && compact.contains("\n  [1] (step 5, July only) ambiguous under July"),
        "{compact}"
    );
}

#[test]
fn usage_errors_and_missing_files_exit_2() {
    assert_eq!(run(&["replay"], &[]).status.code(), Some(2));
    let missing = run(&["replay", "no/such/file.yaml"], &[]);
    assert_eq!(missing.status.code(), Some(2));
    // A file that could not be read is told in words, with no empty source frame.
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(err.contains("cannot read no/such/file.yaml"), "{err}");
    assert!(!err.contains('╭') && !err.contains("╰────"), "{err}");
    assert_eq!(run(&["frobnicate"], &[]).status.code(), Some(2));
}

#[test]
fn the_rules_flag_replays_one_edition() {
    let out = run(
        &["replay", EXAMPLE, "--rules", "october", "--format", "json"],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["editions"], serde_json::json!(["october"]));
    assert!(v["outcome"]["october"]["cites"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c == "420.4.b"));
}

#[test]
fn an_empty_folder_or_a_zero_step_limit_is_bad_usage() {
    let dir = std::env::temp_dir().join("chainjudge-empty-dir-test");
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(
        run(&["verify", dir.to_str().unwrap()], &[]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["check", dir.to_str().unwrap()], &[]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["replay", EXAMPLE, "--max-steps", "0"], &[])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_write_error_exits_2_with_a_message_and_a_closed_pipe_exits_0() {
    use std::process::Stdio;
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return; // not every system has a device that is always full
    }
    let cases: [&[&str]; 3] = [
        &["rule", "337.1.b"],
        &[
            "replay",
            "rulings/crumbling-sands-counters-first-of-two.yaml",
            "--format",
            "json",
        ],
        &["verify", "rulings"],
    ];
    for args in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .stdout(std::fs::File::create(full).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("cannot write the output"),
            "{args:?}"
        );
    }
    // A reader that stops early (`| head -1`) is no error.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["verify", "rulings"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_prints_a_line_per_file_and_a_count_and_width_below_60_is_a_usage_error() {
    let out = run(
        &[
            "check",
            "tests/bad/43-two-yaml-documents.yaml",
            "rulings/crumbling-sands-counters-first-of-two.yaml",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("ERROR tests/bad/43-two-yaml-documents.yaml (1 problem)\n"),
        "{text}"
    );
    assert!(
        text.contains("ok    rulings/crumbling-sands-counters-first-of-two.yaml\n"),
        "{text}"
    );
    assert!(
        text.ends_with("2 checked: 1 ok, 1 with problems\n"),
        "{text}"
    );
    // The diagnostics themselves stay on stderr.
    assert!(String::from_utf8_lossy(&out.stderr).contains("a second YAML document"));
    let narrow = run(&["--width", "59", "rule", "337"], &[]);
    assert_eq!(narrow.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&narrow.stderr).contains("must be 60 or more"));
    assert_eq!(
        run(&["--width", "60", "rule", "337"], &[]).status.code(),
        Some(0)
    );
}

#[test]
fn a_pdf_a_binary_file_utf16_text_and_a_folder_are_named_for_what_they_are() {
    let dir = scratch("kinds");
    let pdf = dir.join("rules.pdf");
    std::fs::write(&pdf, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n").unwrap();
    let bin = dir.join("data.yaml");
    std::fs::write(&bin, b"format: 1\n\x00\x01\x02").unwrap();
    // The same text saved as UTF-16, little-endian with a byte-order mark and big-endian
    // without one.
    let text = "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain: []\n";
    let le = dir.join("le.yaml");
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(&le, bytes).unwrap();
    let be = dir.join("be.yaml");
    std::fs::write(
        &be,
        text.encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let cases = [
        (
            le.to_str().unwrap().to_string(),
            "is UTF-16 text; a situation file is UTF-8",
        ),
        (
            be.to_str().unwrap().to_string(),
            "is UTF-16 text; a situation file is UTF-8",
        ),
        (
            pdf.to_str().unwrap().to_string(),
            "is a PDF document, not a situation file",
        ),
        (
            bin.to_str().unwrap().to_string(),
            "is a binary file, not a situation file",
        ),
        (
            dir.to_str().unwrap().to_string(),
            "is a folder, not a situation file",
        ),
    ];
    for (path, says) in &cases {
        let out = run(&["replay", path], &[]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{path}: {err}");
        assert_eq!(
            err.contains("save the file as UTF-8"),
            says.contains("UTF-16"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_json_on_bad_input_and_on_a_stopped_replay_carries_the_error() {
    // Bad input: a JSON error object on stdout, with each problem's place; exit 2.
    let out = run(
        &[
            "replay",
            "tests/bad/43-two-yaml-documents.yaml",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["error"]["code"], "yaml");
    assert_eq!(v["error"]["problems"][0]["line"], 6);
    assert_eq!(v["error"]["problems"][0]["column"], 1);
    // A replay stopped by an error: the report, and the error with its code in each outcome.
    let out = run(
        &[
            "replay",
            "tests/replay-errors/missing-order.yaml",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let text = v.to_string();
    assert!(text.contains("\"code\":\"missing_order\""), "{text}");
    // ... and at the top, as every failure: a step limit too.
    assert_eq!(v["error"]["code"], "missing_order");
    let limit = run(
        &["replay", EXAMPLE, "--format", "json", "--max-steps", "1"],
        &[],
    );
    assert_eq!(limit.status.code(), Some(2));
    assert_eq!(stdout_json(&limit)["error"]["code"], "step_limit");
    // The message says how many steps were taken, as many as the report shows: the task that
    // passed the limit is told to its end, so the report may hold more steps than the limit.
    let july = run(
        &[
            "replay",
            EXAMPLE,
            "--format",
            "json",
            "--max-steps",
            "1",
            "--rules",
            "july",
        ],
        &[],
    );
    let v = stdout_json(&july);
    let shown = v["steps"].as_array().map_or(0, Vec::len);
    let message = v["error"]["message"].as_str().unwrap_or_default();
    assert!(shown > 1, "{v}");
    assert!(
        message.starts_with(&format!(
            "the replay passed its limit of 1 step (it took {shown}:"
        )),
        "{message}"
    );
    // No item was created again and again: the message does not list "none" of them.
    assert!(!message.contains("created most often"), "{message}");
}

#[test]
fn completions_and_the_man_page_come_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell], &[]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        for sub in ["replay", "verify", "check", "rule", "ruling", "diff"] {
            assert!(script.contains(sub), "{shell} completes {sub}");
        }
    }
    // The bash script is valid bash.
    let bash = run(&["completions", "bash"], &[]);
    let file =
        std::env::temp_dir().join(format!("chainjudge-complete-{}.bash", std::process::id()));
    std::fs::write(&file, &bash.stdout).unwrap();
    if let Ok(check) = Command::new("bash").arg("-n").arg(&file).output() {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    let _ = std::fs::remove_file(&file);
    let man = run(&["man"], &[]);
    assert_eq!(man.status.code(), Some(0));
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(
        page.contains(".TH chainjudge 1") && page.contains("ruling"),
        "{page}"
    );
    // One page: every command is on it, none points to a page of its own that does not exist.
    for cmd in [
        "rule",
        "diff",
        "ruling",
        "rules import",
        "rules check",
        "replay",
        "verify",
        "check",
        "completions",
        "man",
        "schema",
    ] {
        assert!(
            page.contains(&format!(".SS \"chainjudge {cmd} ")),
            "{cmd} has no section:\n{page}"
        );
    }
    assert!(
        !page.contains("(1)\n") && !page.contains("\\-rule(1)"),
        "{page}"
    );
    // The exit codes, each under EXIT STATUS.
    let status = page
        .split(".SH \"EXIT STATUS\"")
        .nth(1)
        .expect("an EXIT STATUS section");
    for code in ["0", "1", "2"] {
        assert!(status.contains(&format!(".TP\n{code}\n")), "{status}");
    }
    // The global options once, under OPTIONS, not again under every command.
    assert_eq!(
        page.matches("\\-\\-max\\-size").count(),
        2,
        "synopsis and OPTIONS: {page}"
    );
    assert_eq!(run(&["completions", "tcsh"], &[]).status.code(), Some(2));
}

#[test]
fn verify_reports_as_json_and_as_junit_xml_for_ci() {
    let paths = [
        "tests/verify-fail",
        "tests/bad/43-two-yaml-documents.yaml",
        "rulings/crumbling-sands-counters-first-of-two.yaml",
        "rulings/ezreal-prodigy-reduces-optional-additional-costs.yaml",
    ];
    let with = |format: &str| {
        let mut args = vec!["verify", "--format", format];
        args.extend(paths);
        run(&args, &[])
    };
    let json = with("json");
    assert_eq!(json.status.code(), Some(2), "bad input outranks a mismatch");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let status = |file: &str| {
        v["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["file"].as_str().is_some_and(|x| x.ends_with(file)))
            .map(|f| f["status"].as_str().unwrap().to_string())
    };
    assert_eq!(
        status("crumbling-sands-counters-first-of-two.yaml").as_deref(),
        Some("pass")
    );
    assert_eq!(
        status("43-two-yaml-documents.yaml").as_deref(),
        Some("error")
    );
    assert_eq!(
        status("ezreal-prodigy-reduces-optional-additional-costs.yaml").as_deref(),
        Some("skip")
    );
    assert!(v["failed"].as_u64().unwrap() >= 1, "{v}");
    // The text closing count keeps bad input apart from mismatches, as the JSON does.
    let text = String::from_utf8_lossy(&with("text").stdout).into_owned();
    let last = text.lines().last().unwrap_or("");
    assert_eq!(
        last,
        format!(
            "{} passed, {} failed, 1 error (bad input), {} skipped",
            v["passed"], v["failed"], v["skipped"]
        ),
        "{text}"
    );
    let junit = with("junit");
    let x = String::from_utf8_lossy(&junit.stdout);
    assert!(
        x.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"),
        "{x}"
    );
    assert!(
        x.contains("<failure message=") && x.contains("<error message=") && x.contains("<skipped"),
        "{x}"
    );
    assert!(
        x.contains("43-two-yaml-documents.yaml:6:1: a second YAML document"),
        "{x}"
    );
    assert_eq!(
        x.matches("<testcase ").count(),
        v["files"].as_array().unwrap().len()
    );
}

#[test]
fn a_file_over_the_size_limit_is_refused_with_the_limit_named() {
    let file = "rulings/crumbling-sands-counters-first-of-two.yaml";
    let small = run(&["check", file, "--max-size", "100"], &[]);
    assert_eq!(small.status.code(), Some(2));
    let err = String::from_utf8_lossy(&small.stderr);
    assert!(
        err.contains("more than the 100 bytes") && err.contains("(--max-size)"),
        "{err}"
    );
    assert_eq!(
        run(&["check", file, "--max-size", "1K"], &[]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["check", file], &[]).status.code(),
        Some(0),
        "32 MiB by default"
    );
    assert_eq!(
        run(&["check", file, "--max-size", "2M"], &[]).status.code(),
        Some(0)
    );
    assert_eq!(
        run(&["check", file, "--max-size", "lots"], &[])
            .status
            .code(),
        Some(2)
    );
    // A size past what is ever read says it is too large, not that it is too small.
    assert_eq!(
        run(&["check", file, "--max-size", "4G"], &[]).status.code(),
        Some(0)
    );
    for huge in ["5G", "99999999999G", "99999999999999999999999"] {
        let out = run(&["check", file, "--max-size", huge], &[]);
        assert_eq!(out.status.code(), Some(2), "{huge}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("is too large: give at most 4G"),
            "{huge}: {err}"
        );
    }
    for flag in ["--at", "--max-steps"] {
        let out = run(&["next", file, flag, "99999999999999999999"], &[]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("99999999999999999999 is too large"),
            "{flag}"
        );
    }
}

/// Parses stdout as JSON, failing with what was printed.
fn stdout_json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn every_command_answers_a_failure_with_a_json_error_object_when_asked_for_json() {
    // Usage errors (clap's own), in both spellings of the option.
    for args in [
        &["rule", "--format", "json"][..],
        &["replay", "--format=json"],
        &["ruling", "--format", "json", "--list", "extra words"],
        &["verify", "--format", "json", "--bogus", "rulings"],
        &["check", "--format", "json", "--max-steps", "0", EXAMPLE],
        &["diff", "--format", "json", "--from", "august"],
    ] {
        let out = run(args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let v = stdout_json(&out);
        assert_eq!(v["error"]["code"], "usage", "{args:?}: {v}");
        assert!(
            v["error"]["message"].as_str().is_some_and(|m| m.len() > 10),
            "{args:?}: {v}"
        );
        assert_eq!(v["format_version"], 1);
        // The person at the terminal still gets the error in words.
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    // `check --format json`: every file with its problems, and the counts.
    let out = run(
        &[
            "check",
            "--format",
            "json",
            EXAMPLE,
            "tests/bad/43-two-yaml-documents.yaml",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let v = stdout_json(&out);
    assert_eq!(
        (
            v["checked"].as_u64(),
            v["ok"].as_u64(),
            v["failed"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(v["files"][0]["ok"], true);
    assert_eq!(v["files"][1]["ok"], false);
    assert_eq!(v["files"][1]["error"]["problems"][0]["line"], 6);
    let none = run(&["check", "--format", "json", "tests/fixtures/import"], &[]);
    assert_eq!(none.status.code(), Some(2));
    assert_eq!(stdout_json(&none)["error"]["code"], "no_files");
}

/// Every line of `text` is at most `width` columns (characters; the output has no wide ones).
fn assert_fits(text: &str, width: usize, what: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= width,
            "{what}: a line of {} columns at --width {width}:\n{line}",
            line.chars().count()
        );
    }
}

#[test]
fn every_line_of_a_replay_fits_the_width_and_ids_are_never_split() {
    let files = [
        EXAMPLE,
        "rulings/zhonya-saves-one-of-two-units-dying-together.yaml",
        "rulings/ambush-unit-on-empty-chain-passes-focus.yaml",
    ];
    for file in files {
        for width in ["60", "72", "80", "100", "140"] {
            let out = run(&["--width", width, "replay", file], &[]);
            assert_eq!(out.status.code(), Some(0), "{file} at {width}");
            let text = String::from_utf8_lossy(&out.stdout);
            assert_fits(&text, width.parse().unwrap(), file);
            // An id is never cut across lines: no cell line ends with a piece of one.
            for line in text.lines() {
                for cell in line.split(['│', '┆']) {
                    let last = cell.split_whitespace().last().unwrap_or("");
                    for id in ["falling-star", "stalwart-poro", "ruined-rex", "ambusher"] {
                        assert!(
                            !(last.len() >= 3 && last.len() < id.len() && id.starts_with(last)),
                            "{file} at {width}: `{id}` split at:\n{line}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_replay_table_gives_the_description_its_width_and_moves_long_notes_under_it() {
    let out = run(
        &["--width", "100", "replay", EXAMPLE, "--steps", "all"],
        &[],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let header = text
        .lines()
        .find(|l| l.contains("What happened"))
        .expect("a table header");
    let cells: Vec<&str> = header.split(['│', '┆']).collect();
    // The description column is the widest; the short ones are as wide as their words.
    let widths: Vec<usize> = cells.iter().map(|c| c.chars().count()).collect();
    let what = widths[3];
    assert!(
        widths.iter().all(|&w| w <= what),
        "What happened is not the widest column: {widths:?}\n{header}"
    );
    assert_eq!(cells[2].trim(), "Who");
    assert_eq!(widths[2], " Who ".len(), "{header}");
    // The long ambiguity note of step 5 is a numbered note under the table.
    assert!(text.contains("[1]"), "{text}");
    let notes = text.split("\nNotes:\n").nth(1).expect("a Notes section");
    assert!(
        notes.starts_with("  [1] (step 5, July only) ambiguous under July"),
        "{notes}"
    );
    // A 12-step replay fits a screen and a half: well under its old 70 lines.
    let table_lines = text.lines().filter(|l| l.starts_with('│')).count();
    assert!(table_lines <= 50, "{table_lines} table lines");
    // Below the table's width, the steps are a list that still fits.
    let narrow = run(&["--width", "60", "replay", EXAMPLE, "--steps", "all"], &[]);
    let narrow = String::from_utf8_lossy(&narrow.stdout);
    assert!(narrow.contains("Steps (the width is too narrow for the table):"));
    assert!(
        narrow.contains("\n5   Ben: Condition of counter a is true"),
        "{narrow}"
    );
    assert_fits(&narrow, 60, "the list");
}

#[test]
fn every_command_fits_its_text_to_the_width() {
    // A line may pass the width only when it holds a word longer than the width allows after
    // its indentation (a long path or address): a word is never split.
    for args in [
        &["rule", "337.1.b"][..],
        &["rule", "337", "--tree"],
        &["rule", "finalize oldest"],
        &["diff"],
        &["ruling", "crumbling sands"],
        &["ruling", "--list", "--card", "Ezreal"],
        &["verify", "rulings"],
        &["check", "rulings"],
        &["rules", "check"],
    ] {
        for width in [60usize, 80] {
            let w = width.to_string();
            let mut a = vec!["--width", w.as_str()];
            a.extend_from_slice(args);
            let out = run(&a, &[]);
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(!text.is_empty(), "{args:?}");
            for line in text.lines() {
                let n = line.chars().count();
                if n <= width {
                    continue;
                }
                let indent = n - line.trim_start().chars().count();
                let longest = line
                    .split_whitespace()
                    .map(|x| x.chars().count())
                    .max()
                    .unwrap_or(0);
                assert!(
                    longest + indent > width || line.split_whitespace().count() == 1,
                    "{args:?} at --width {width}: a line of {n} columns:\n{line}"
                );
            }
        }
    }
}

/// Every line of `text` is at most `width` columns, but a word longer than that, which stands
/// alone on its line.
fn assert_fits_but_long_words(text: &str, width: usize, what: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= width || line.split_whitespace().count() == 1,
            "{what} at --width {width}: {line}"
        );
    }
}

#[test]
fn the_ruling_list_and_the_diff_never_split_an_id_or_a_rule_number() {
    // Every ruling id, as `ruling --list --format json` gives them, stands whole on some line.
    let json = run(
        &["ruling", "--list", "--limit", "1000", "--format", "json"],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let ids: Vec<String> = v["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ruling"]["id"].as_str().unwrap().to_string())
        .collect();
    assert!(ids.len() > 20, "{ids:?}");
    for width in ["60", "100", "140", "200"] {
        let out = run(
            &["--width", width, "ruling", "--list", "--limit", "1000"],
            &[],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let words: std::collections::HashSet<&str> = text
            .split(|c: char| c.is_whitespace() || c == '│' || c == '┆')
            .collect();
        for id in &ids {
            assert!(
                words.contains(id.as_str()),
                "`{id}` split at --width {width}:\n{text}"
            );
        }
        assert_fits_but_long_words(&text, width.parse().unwrap(), "ruling --list");
    }
    // In the diff, the short columns keep each number whole and What changed keeps its room.
    for width in [60usize, 100, 120] {
        let out = run(&["--width", &width.to_string(), "diff"], &[]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_fits_but_long_words(&text, width, "diff");
        for line in text.lines().filter(|l| l.starts_with('│')) {
            for cell in line.split(['│', '┆']).map(str::trim).take(4) {
                assert!(
                    !cell.starts_with('.') && !cell.ends_with('.'),
                    "a number split at --width {width}: {line}"
                );
            }
        }
    }
}

#[test]
fn a_long_id_never_pushes_the_table_past_the_width_and_many_problems_are_cut() {
    let dir = scratch("longid");
    let file = dir.join("long.yaml");
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nchain:\n  - { id: an-extraordinarily-long-identifier-for-a-spell, name: Long, controller: Ana, kind: spell }\n",
    )
    .unwrap();
    for width in ["100", "110", "140"] {
        let out = run(&["--width", width, "replay", file.to_str().unwrap()], &[]);
        assert_fits(
            &String::from_utf8_lossy(&out.stdout),
            width.parse().unwrap(),
            width,
        );
    }
    // Thousands of problems: the first hundred are shown, with how many more and where.
    let many = dir.join("many.yaml");
    let mut text = String::from("format: 1\nplayers: [Ana, Ben]\n");
    for i in 0..5_000 {
        text += &format!("k{i}: 1\n");
    }
    std::fs::write(&many, text).unwrap();
    let out = run(&["check", many.to_str().unwrap()], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("chainjudge::unknown_key").count(), 100);
    assert!(
        err.contains("… and 4,900 more problems, not shown"),
        "{err}"
    );
    let json = run(&["check", "--format", "json", many.to_str().unwrap()], &[]);
    assert_eq!(
        stdout_json(&json)["files"][0]["error"]["problems"]
            .as_array()
            .map(Vec::len),
        Some(5_000)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_link_back_up_is_not_followed() {
    let dir = std::env::temp_dir().join(format!("chainjudge-loop-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy(EXAMPLE, dir.join("one.yaml")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
    let out = run(&["verify", dir.to_str().unwrap()], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.ends_with("1 passed, 0 failed, 0 skipped\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_line_break_or_html_in_a_text_effect_keeps_the_list_and_the_markdown_whole() {
    let dir = scratch("text");
    let file = dir.join("text.yaml");
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nchain:\n  - id: s\n    name: S\n    controller: Ana\n    kind: spell\n    effects:\n      - text: \"deal 2 <b>then</b>\\nsecond line\"\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let list =
        String::from_utf8(run(&["--width", "60", "replay", f, "--steps", "all"], &[]).stdout)
            .unwrap();
    let steps = list
        .split("Steps (the width is too narrow")
        .nth(1)
        .expect("the list layout");
    // Every line of the steps starts with a step number or the step's indentation.
    for line in steps.lines().skip(1).take_while(|l| !l.is_empty()) {
        assert!(
            line.starts_with(' ') || line.starts_with(char::is_numeric),
            "{line}\n{list}"
        );
        assert!(!line.ends_with(' '), "a trailing space: {line:?}");
    }
    assert!(steps.contains("second line"), "{list}");
    let md = String::from_utf8(run(&["replay", f, "--format", "markdown"], &[]).stdout).unwrap();
    assert!(md.contains(r"\<b>then\</b><br>second line"), "{md}");
    assert!(!md.replace(r"\<", "").contains("<b>"), "{md}");
    // What Markdown reads as written is left as written, so a paste into a chat reads the same
    // (the fresh user's trial: "->" came out as "-&gt;").
    let md = String::from_utf8(
        run(
            &[
                "replay",
                "rulings/crumbling-sands-counters-first-of-two.yaml",
                "--format",
                "markdown",
            ],
            &[],
        )
        .stdout,
    )
    .unwrap();
    assert!(md.contains("419 -> 420"), "{md}");
    assert!(!md.contains("&gt;") && !md.contains("\\>"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_duplicate_id_is_reported_at_its_second_use_in_text_and_json_with_the_first_as_a_secondary_label(
) {
    // (file, second use, first use) as line and column: the two uses close together (one
    // snippet) and far apart (two snippets).
    let cases = [
        (
            "tests/bad/121-same-card-on-board-and-chain.yaml",
            (10, 11),
            (8, 13),
        ),
        (
            "tests/bad/19-duplicate-id-and-id-is-player.yaml",
            (11, 11),
            (6, 11),
        ),
    ];
    for (path, (line, col), (first_line, first_col)) in cases {
        let out = run(&["check", "--color", "never", path], &[]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        let report = &err[err.find("chainjudge::duplicate_id").expect("the duplicate")..];
        // The first header names the second use, as rustc's does; the first use is drawn too,
        // with its label, under a header of its own when it is far off.
        let header = report.lines().find(|l| l.contains("╭─[")).unwrap();
        assert!(
            header.ends_with(&format!("{path}:{line}:{col}]")),
            "{path}: {header}\n{report}"
        );
        let second = report.find("── second use").unwrap();
        let first = report.find("── first use").unwrap();
        let problem_end = report[1..]
            .find("chainjudge::")
            .map_or(report.len(), |i| i + 1);
        assert!(first < problem_end && second < problem_end, "{report}");
        if first_line + 4 < line {
            assert!(
                report.contains(&format!("{path}:{first_line}:{first_col}]")),
                "{report}"
            );
            assert!(
                second < first,
                "the second use's snippet comes first: {report}"
            );
        }
        // JSON: the same place, and the first use in `also`.
        let v = stdout_json(&run(&["check", "--format", "json", path], &[]));
        let p = &v["files"][0]["error"]["problems"][0];
        assert_eq!(p["code"], "duplicate_id");
        assert_eq!(
            (p["line"].as_u64(), p["column"].as_u64()),
            (Some(line), Some(col))
        );
        assert_eq!(
            p["also"],
            serde_json::json!([{ "line": first_line, "column": first_col, "label": "first use" }]),
            "{path}"
        );
    }
}

#[test]
fn at_on_a_legend_or_battlefield_is_shown_outside_board_files_and_refused_in_one() {
    // The `board` table: outside board files `at` is any string on any kind, shown and not
    // checked; in a board file a battlefield or legend has none.
    let dir = scratch("legend-at");
    let plain = dir.join("plain.yaml");
    std::fs::write(
        &plain,
        "format: 1\nplayers: [Ana, Ben]\nboard:\n  - { name: Jinx, controller: Ana, kind: legend, at: base }\n  - { name: The Grove, controller: Ben, kind: battlefield, at: north }\nchain:\n  - { name: Spell A, controller: Ana, kind: spell }\nexpect:\n  resolved: [spell-a]\n",
    )
    .unwrap();
    let plain = plain.to_str().unwrap();
    let out = run(&["verify", plain], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8(run(&["replay", "--width", "200", plain], &[]).stdout).unwrap();
    assert!(
        shown.contains("jinx (Ana, legend, at base); the-grove (Ben, battlefield, at north)"),
        "{shown}"
    );
    // The same legend in a board file (`might` on a unit makes it one).
    let board = dir.join("board.yaml");
    std::fs::write(
        &board,
        "format: 1\nplayers: [Ana, Ben]\nboard:\n  - { name: Battlefield 1, kind: battlefield, controller: none }\n  - { name: Battlefield 2, kind: battlefield, controller: none }\n  - { name: Jinx, controller: Ana, kind: legend, at: base }\n  - { name: Scout, controller: Ana, kind: unit, might: 1 }\nchain:\n  - { name: Spell A, controller: Ana, kind: spell }\nexpect:\n  resolved: [spell-a]\n",
    )
    .unwrap();
    let board = board.to_str().unwrap();
    let out = run(&["check", "--format", "json", board], &[]);
    assert_eq!(out.status.code(), Some(2));
    let p = &stdout_json(&out)["files"][0]["error"]["problems"][0];
    assert_eq!(p["code"], "misplaced_key");
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(6), Some(50))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `chainjudge new` (issue 21): each starting file passes `check`, replays, and explains every
/// key it writes in a comment; a combat file's combat reaches its Resolution Step; bad player
/// lists exit 2.
#[test]
fn new_writes_starting_files_that_check_accepts() {
    let dir = scratch("new");
    let cases: [&[&str]; 8] = [
        &[],
        &["--board"],
        &["--combat"],
        &["--board", "--players", "Ana,Ben,Cho"],
        &["--combat", "--players", "Ana,Ben,Cho,Dee"],
        &["--players", "Kim,Lee"],
        &["--players", "Ana,Ben,Cho"],
        &["--players", "Ana,Ben,Cho,Dee"],
    ];
    for (k, extra) in cases.iter().enumerate() {
        let mut args = vec!["new"];
        args.extend_from_slice(extra);
        let out = run(&args, &[]);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        // Every line that writes a key or a list entry has its comment.
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            assert!(line.contains(" # "), "{args:?}: no comment on {line:?}");
        }
        let file = dir.join(format!("new-{k}.yaml"));
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap();
        let check = run(&["check", f], &[]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{args:?}\n{text}\n{}",
            String::from_utf8_lossy(&check.stderr)
        );
        let replay = run(&["replay", f, "--format", "json"], &[]);
        assert_eq!(replay.status.code(), Some(0), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
        // Every written action is taken where it is written: the replay makes no pass for a
        // player before a written action (it makes them only once the actions run out).
        let all = run(
            &["replay", f, "--steps", "all", "--format", "markdown"],
            &[],
        );
        let all = String::from_utf8_lossy(&all.stdout);
        assert!(!all.contains("the next action is"), "{args:?}: {all}");
        let board = extra.contains(&"--board") || extra.contains(&"--combat");
        assert_eq!(v["board_model"].is_object(), board, "{args:?}: {v}");
        let players = extra
            .iter()
            .position(|a| *a == "--players")
            .map_or(2, |i| extra[i + 1].split(',').count());
        if board {
            // 485.4: two battlefields for two players, three for three or four.
            let fields = text.matches("kind: battlefield").count();
            assert_eq!(fields, if players == 2 { 2 } else { 3 }, "{args:?}");
        }
        if extra.contains(&"--combat") {
            // The combat reaches its Resolution Step under each edition: Ana's Vanguard (Might 3)
            // deals 3 to the Poro, which needs 4; the Poro (4) kills the Vanguard: the defender
            // Ben wins (466.3.a).
            for o in v["outcome"].as_object().unwrap().values() {
                let c = &o["board"]["combat"][0];
                assert_eq!(
                    (&c["winner"], &c["loser"]),
                    (&serde_json::json!("Ben"), &serde_json::json!("Ana")),
                    "{args:?}: {o}"
                );
                assert_eq!(o["killed"], serde_json::json!(["vanguard"]), "{args:?}");
            }
        } else if !board {
            // The Chain file: the answer resolves first, the spell after it.
            let json = serde_json::to_string(&v["outcome"]).unwrap();
            assert!(json.contains("[\"shield\",\"bolt\"]"), "{args:?}: {json}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    for bad in ["Ana", "Ana,Ana", "Ana,Ben,Cho,Dee,Eve", "Ana,B:n"] {
        let out = run(&["new", "--players", bad], &[]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--players takes 2 to 4"),
            "{bad}"
        );
    }
    // Names the format reserves or reads as another type: refused with the loader's reason,
    // nothing printed.
    for (bad, says) in [
        ("Ana,none", "`none` is reserved"),
        ("Ana,opponent", "`opponent` is reserved"),
        ("Ana,true", "would write a file that does not load"),
        ("Ana,12", "would write a file that does not load"),
    ] {
        let out = run(&["new", "--players", bad], &[]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty(), "{bad}");
        let err = flat(&out.stderr);
        assert!(err.contains(says), "{bad}: {err}");
    }
}

/// A written play that did not fit (issue 21): Ana's unit, written while her spell is still on
/// the Chain, is refused (a card with no timing keyword is played only in a Neutral Open State,
/// 310.1.a); had Ben's pass been written before it, the spell would have resolved (Ana's own
/// pass is made for her) and the unit gone through, so the hint says to write it. A refusal no
/// pass can mend (Stacked Deck, an Action spell answering a spell) gets no such hint.
#[test]
fn a_play_that_waited_for_a_pass_says_which_to_write() {
    let dir = scratch("waited");
    let file = dir.join("waited.yaml");
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n  - { id: bolt, name: Void Bolt, controller: Ana, kind: spell }\nactions:\n  - play: { id: recruit, name: Recruit, controller: Ana, kind: unit }\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let text = flat(&run(&["replay", f], &[]).stdout);
    assert!(
        text.contains("line 7: Ana's play of recruit, refused as written, goes through after Ben's pass: write `pass: Ben` before it if that was meant"),
        "{text}"
    );
    let json = run(&["replay", f, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let hint = &v["hints"][0];
    assert_eq!(
        (&hint["line"], &hint["column"]),
        (&serde_json::json!(7), &serde_json::json!(5))
    );
    // With the pass written, the unit resolves and the hint is gone.
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n  - { id: bolt, name: Void Bolt, controller: Ana, kind: spell }\nactions:\n  - pass: Ben\n  - play: { id: recruit, name: Recruit, controller: Ana, kind: unit }\n",
    )
    .unwrap();
    let fixed = run(&["replay", f, "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&fixed.stdout).unwrap();
    assert_eq!(
        v["outcome"]["july"]["resolved"],
        serde_json::json!(["bolt", "recruit"]),
        "{v}"
    );
    assert!(v.get("hints").is_none(), "{v}");
    // A play never reached because the step limit stopped the replay gets no hint: no pass
    // would have let it through.
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n  - { id: bolt, name: Void Bolt, controller: Ana, kind: spell }\nactions:\n  - play: { id: shield, name: Mystic Shield, controller: Ben, kind: spell, keyword: reaction }\n  - pass: Ana\n",
    )
    .unwrap();
    let limited = run(&["replay", f, "--max-steps", "1", "--format", "json"], &[]);
    assert_eq!(limited.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&limited.stdout).unwrap();
    assert_eq!(v["error"]["code"], "step_limit", "{v}");
    assert_eq!(v["outcome"]["july"]["unreached"][0]["id"], "shield", "{v}");
    assert!(v.get("hints").is_none(), "{v}");
    // A play that waits for its own player's pass: Ben's Reaction is on the Chain and Ben holds
    // Priority; Ana's unit goes through only once Ana has passed too and the Chain is empty.
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n  - { id: zap, name: Zap, controller: Ben, kind: spell, keyword: reaction }\nactions:\n  - play: { id: recruit, name: Recruit, controller: Ana, kind: unit }\n",
    )
    .unwrap();
    let text = flat(&run(&["replay", f], &[]).stdout);
    assert!(
        text.contains("line 7: Ana's play of recruit, refused as written, goes through after Ana's pass: write `pass: Ana` before it if that was meant"),
        "{text}"
    );
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n  - { id: zap, name: Zap, controller: Ben, kind: spell, keyword: reaction }\nactions:\n  - pass: Ana\n  - play: { id: recruit, name: Recruit, controller: Ana, kind: unit }\n",
    )
    .unwrap();
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["replay", f, "--format", "json"], &[]).stdout).unwrap();
    assert_eq!(
        v["outcome"]["july"]["resolved"],
        serde_json::json!(["zap", "recruit"]),
        "{v}"
    );
    assert!(v.get("hints").is_none(), "{v}");
    let _ = std::fs::remove_dir_all(&dir);
    let refused = run(
        &[
            "replay",
            "rulings/action-spell-refused-in-closed-state.yaml",
        ],
        &[],
    );
    let refused = String::from_utf8_lossy(&refused.stdout);
    assert!(refused.contains("Refused: stacked-deck"), "{refused}");
    assert!(!refused.contains("goes through after"), "{refused}");
}

#[test]
fn a_move_written_during_a_closed_state_says_which_pass_to_write() {
    // Ana's spell is on the Chain when her move comes: a standard move needs no Chain (4.8), so
    // it is refused; with Ben's pass written first, the spell resolves and the move is made.
    let dir = scratch("waited-move");
    let file = dir.join("move.yaml");
    let board = "format: 1\nplayers: [Ana, Ben]\nturn: Ana\npoints: { Ana: 0, Ben: 0 }\nboard:\n  - { name: Battlefield 1, kind: battlefield, controller: none }\n  - { name: Battlefield 2, kind: battlefield, controller: none }\n  - { name: Vanguard, kind: unit, controller: Ana, might: 3 }\n  - { name: Poro, kind: unit, controller: Ben, might: 3 }\nchain: []\nactions:\n  - play: { id: bolt, name: Bolt, controller: Ana, kind: spell }\n";
    let mv = "  - move: { units: vanguard, to: Battlefield 1 }\n";
    std::fs::write(&file, format!("{board}{mv}")).unwrap();
    let f = file.to_str().unwrap();
    let text = String::from_utf8(run(&["replay", f], &[]).stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "line 13: Ana's standard move move-1, refused as written, goes through after Ben's pass: write `pass: Ben` before it if that was meant"
        ),
        "{text}"
    );
    // A file whose `expect` says the move is refused meant it: no hint.
    std::fs::write(&file, format!("{board}{mv}expect:\n  refused: [move-1]\n")).unwrap();
    let text = String::from_utf8(run(&["replay", f], &[]).stdout).unwrap();
    assert!(!text.contains("goes through after"), "{text}");
    std::fs::write(&file, format!("{board}  - pass: Ben\n{mv}")).unwrap();
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["replay", f, "--format", "json"], &[]).stdout).unwrap();
    assert!(v.get("hints").is_none(), "{v}");
    assert_eq!(
        v["outcome"]["july"]["board"]["locations"]["vanguard"], "battlefield-1",
        "{v}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn next_says_who_acts_and_refuses_bad_input_with_exit_2() {
    let out = run(
        &[
            "next",
            "tests/next/showdown-focus-holder.yaml",
            "--width",
            "100",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Ben holds Focus and Priority. Ben acts now and may:"),
        "{text}"
    );
    assert!(
        text.contains("  pass Focus: Ana gains Focus and Priority  [347.2]"),
        "{text}"
    );
    assert!(
        text.contains("Not now: a card with no timing keyword"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    // Under one edition only, the answer says so; a bad file is exit 2 with JSON on stdout.
    let oct = run(
        &[
            "next",
            "tests/next/closed-own-item.yaml",
            "--rules",
            "october",
            "--format",
            "json",
        ],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&oct.stdout).unwrap();
    assert_eq!(
        v["answers"][0]["editions"],
        serde_json::json!(["october"]),
        "{v}"
    );
    assert_eq!(v["format_version"], 1);
    let bad = run(
        &[
            "next",
            "tests/bad/01-bad-indentation.yaml",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(bad.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert!(v["error"]["problems"][0]["line"].as_u64().is_some(), "{v}");
    let at = run(
        &[
            "next",
            "tests/next/closed-last-to-pass.yaml",
            "--at",
            "1",
            "--format",
            "json",
        ],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&at.stdout).unwrap();
    assert_eq!(
        v["answers"][0]["player"], "Ana",
        "after step 1 Ana still holds Priority: {v}"
    );
}

#[test]
fn a_long_chain_counts_its_steps_and_items_with_thousands_separators() {
    // 1,200 spells on the Chain, alternating controllers: each resolves after passes, so the
    // replay takes thousands of steps. The default view's counts group digits as the Start
    // line's count of items does.
    let dir = scratch("long-chain");
    let file = dir.join("long.yaml");
    let mut yaml = String::from("format: 1\nplayers: [Ana, Ben]\nturn: Ana\nchain:\n");
    for i in 0..1200 {
        let who = if i % 2 == 0 { "Ana" } else { "Ben" };
        yaml.push_str(&format!(
            "  - {{ id: s{i}, name: Spell {i}, controller: {who}, kind: spell }}\n"
        ));
    }
    std::fs::write(&file, yaml).unwrap();
    let path = file.to_str().unwrap();
    let all: serde_json::Value = serde_json::from_slice(
        &run(
            &[
                "replay", path, "--rules", "july", "--steps", "all", "--format", "json",
            ],
            &[],
        )
        .stdout,
    )
    .unwrap();
    let total = all["steps"].as_array().unwrap().len();
    assert!(total >= 1000, "{total}");
    let out = run(&["replay", path, "--rules", "july"], &[]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("Steps: "))
        .expect("a Steps line");
    // Digits in groups of three from the right, the first group 1 to 3 long.
    let grouped = |g: &str| {
        let parts: Vec<&str> = g.split(',').collect();
        parts.len() > 1
            && (1..=3).contains(&parts[0].len())
            && parts[1..].iter().all(|p| p.len() == 3)
            && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    };
    let counts = line["Steps: ".len()..]
        .split(" (")
        .next()
        .unwrap()
        .split(" of ")
        .collect::<Vec<_>>();
    assert_eq!(counts.len(), 2, "{line}");
    assert!(counts.iter().all(|c| grouped(c)), "{line}");
    assert_eq!(counts[1].replace(',', ""), total.to_string(), "{line}");
    let shown: usize = counts[0].replace(',', "").parse().unwrap();
    assert!(shown >= 1000 && shown < total, "{line}");
    assert!(
        text.contains("(1,189 more)") && text.contains("1,200 items)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn next_stopped_by_the_step_limit_exits_2_as_replay_does() {
    let dir = scratch("next-limit");
    let file = dir.join("new.yaml");
    std::fs::write(&file, run(&["new"], &[]).stdout).unwrap();
    let f = file.to_str().unwrap();
    // The limit passed before any player must act: "Nobody acts", exit 2 (replay's code).
    let out = run(&["next", f, "--max-steps", "1"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(flat(&out.stdout).contains("Nobody acts: the replay stopped early"));
    assert_eq!(
        run(&["replay", f, "--max-steps", "1"], &[]).status.code(),
        Some(2)
    );
    // Without the limit, the same file's next is a success.
    assert_eq!(run(&["next", f], &[]).status.code(), Some(0));
    // A step past a replay the limit cut short: the count is of that replay, and says so.
    let out = run(&["next", EXAMPLE, "--at", "5", "--max-steps", "2"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        flat(&out.stderr)
            .contains("there is no step 5: the replay, stopped on an error, has 3 steps"),
        "{}",
        flat(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn next_at_a_step_the_replay_does_not_have_is_bad_usage() {
    // The full replay of this file has as many steps as its JSON lists; `--at` that many is the
    // last point, one more names no step and must not be answered as if it were the last.
    let file = "tests/next/closed-last-to-pass.yaml";
    let v: serde_json::Value = serde_json::from_slice(
        &run(&["replay", file, "--steps", "all", "--format", "json"], &[]).stdout,
    )
    .unwrap();
    let last = v["steps"].as_array().unwrap().len();
    assert!(last > 1, "{v}");
    let at = |n: usize| run(&["next", file, "--at", &n.to_string()], &[]);
    let ok = at(last);
    assert_eq!(ok.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&ok.stdout).contains(&format!("After step {last}")));
    for format in ["text", "json"] {
        let past = run(
            &[
                "next",
                file,
                "--at",
                &(last + 1).to_string(),
                "--format",
                format,
            ],
            &[],
        );
        assert_eq!(past.status.code(), Some(2), "{format}");
        assert!(past.stdout.is_empty(), "{format}");
        let err = flat(&past.stderr);
        assert!(
            err.contains(&format!(
                "there is no step {}: the full replay has {last} steps",
                last + 1
            )) && err.contains(&format!("give `--at` 1 to {last}")),
            "{format}: {err}"
        );
    }
    // The page's entry answers with an error object instead.
    let text = std::fs::read_to_string(file).unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&chainjudge::api::next_json(file, &text, "both", last + 1)).unwrap();
    assert_eq!(v["error"]["code"], "no_such_step", "{v}");
    assert_eq!(v["error"]["steps"], last, "{v}");
}

#[test]
fn the_answer_names_damage_still_marked_and_each_combats_result() {
    // Ana's spell deals 2 to Ben's Might 3 poro outside combat: it survives with 2 marked,
    // which stays until the turn's end (417, 317). No combat: no Combats line.
    let dir = scratch("damage-marked");
    let file = dir.join("jab.yaml");
    std::fs::write(
        &file,
        "format: 1\nplayers: [Ana, Ben]\nturn: Ana\npoints: { Ana: 0, Ben: 0 }\nboard:\n  - { name: Battlefield 1, kind: battlefield, controller: Ben }\n  - { name: Battlefield 2, kind: battlefield, controller: none }\n  - { name: Poro, kind: unit, controller: Ben, at: Battlefield 1, might: 3 }\nchain: []\nactions:\n  - play: { name: Jab, controller: Ana, kind: spell, effects: [ { damage: { target: poro, amount: 2 } } ] }\n",
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_slice(
        &run(&["replay", file.to_str().unwrap(), "--format", "json"], &[]).stdout,
    )
    .unwrap();
    let lines: Vec<&str> = v["answer"]["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l.as_str())
        .collect();
    assert!(lines.contains(&"Damage marked: poro 2."), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("Combats")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
