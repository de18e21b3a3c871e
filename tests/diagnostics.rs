//! Bad input: every file in tests/bad/ is rejected, with exactly the problems it declares in
//! its `# error: LINE CODE` header lines, in that order (the first is the root cause; no
//! follow-on that only restates it), each at its line, exit code 2 and nothing replayed. The
//! rendered diagnostics are snapshotted, one per file.

use chainjudge::situation;
use std::path::Path;
use std::process::Command;

fn expected(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .filter_map(|l| {
            let rest = l.strip_prefix("# error:")?.trim();
            let (line, code) = rest.split_once(' ')?;
            Some((line.parse().ok()?, code.trim().to_string()))
        })
        .collect()
}

/// Whether `text` holds a Core Rules number such as `323.5` or `142.4.b` (three digits, a dot,
/// a digit) of its own: not one the file wrote (`file`), nor an example of how to write one
/// (`such as `419.4.b``).
fn has_rule_number(text: &str, file: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(4)).any(|i| {
        if !text.is_char_boundary(i) {
            return false;
        }
        let number: String = text[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
            .collect();
        (i == 0 || !b[i - 1].is_ascii_digit())
            && b[i..i + 3].iter().all(u8::is_ascii_digit)
            && b[i + 3] == b'.'
            && b[i + 4].is_ascii_digit()
            && !text[..i].ends_with("such as `")
            && !file.contains(number.trim_end_matches('.'))
    })
}

#[test]
fn bad_files_report_every_problem_at_its_line() {
    insta::glob!("bad", "*.yaml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("tests/bad/{}", path.file_name().unwrap().to_string_lossy());
        let want = expected(&text);
        assert!(
            !want.is_empty(),
            "{name}: declare the expected problems as `# error: LINE CODE`"
        );
        let err = match situation::load(&name, &text) {
            Ok(_) => panic!("{name} loaded, but it is bad input"),
            Err(e) => e,
        };
        let got: Vec<(usize, String)> = err
            .problems
            .iter()
            .map(|p| (err.line_col(p).0, p.code.to_string()))
            .collect();
        for w in &want {
            assert!(
                got.contains(w),
                "{name}: expected a `{}` problem at line {}, got {got:?}",
                w.1,
                w.0
            );
        }
        assert_eq!(
            got.first(),
            want.first(),
            "{name}: the first problem reported is the root cause, the first declared one; got {got:?}"
        );
        assert_eq!(
            got, want,
            "{name}: exactly the declared problems are reported, in the declared order (a follow-on that only restates another is not reported)"
        );
        for p in &err.problems {
            assert!(
                p.help.is_some(),
                "{name}: every problem says how to fix it ({})",
                p.message
            );
            // A help text says what to write; it cites no rule number of one edition (the
            // nearest rules to a rule the file cites wrongly come from the edition data).
            let help = p.help.as_deref().unwrap_or("");
            let from_data = matches!(p.code, "unknown_rule" | "unknown_cite");
            assert!(
                from_data || !has_rule_number(help, &text),
                "{name}: a rule number in the help of `{}`: {help}",
                p.code
            );
        }
        insta::assert_snapshot!(err.render(false, 100));
    });
}

#[test]
fn bad_files_exit_with_code_2_and_replay_nothing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut n = 0;
    for f in std::fs::read_dir(&dir).unwrap().flatten() {
        let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
            .args(["replay", "--color", "never"])
            .arg(f.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", f.path().display());
        assert!(
            out.stdout.is_empty(),
            "{}: nothing replayed",
            f.path().display()
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("chainjudge::"),
            "{}: a diagnostic is printed",
            f.path().display()
        );
        n += 1;
    }
    assert!(n >= 30, "at least 30 bad files");
}

#[test]
fn a_missing_trigger_order_is_a_replay_error_with_the_fix() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replay-errors/missing-order.yaml");
    let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args(["replay", "--color", "never", "--steps", "all"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("bolt is finalized"),
        "the trace up to the error is printed"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("order: [one-fires, two-fires]"), "{stderr}");
    // Compared, the editions agree only as far as the replay went, and the summary says so.
    let both = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args(["replay", "--color", "never", "--rules", "both"])
        .arg(&dir)
        .output()
        .unwrap();
    let both = String::from_utf8_lossy(&both.stdout);
    assert!(
        both.contains("The replay stopped at an error (see it)")
            && both.contains("July and October: the same outcome up to where the replay stopped."),
        "{both}"
    );
    let all = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args([
            "replay", "--color", "never", "--rules", "both", "--steps", "all",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let all = String::from_utf8_lossy(&all.stdout);
    assert!(
        all.contains("Outcomes: the same under July and October up to where the replay stopped"),
        "{all}"
    );
    let check = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args(["check", "--color", "never"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(2));
    // check prints no trace: only the file's line.
    let lines = String::from_utf8_lossy(&check.stdout);
    assert!(
        lines.starts_with("ERROR ") && lines.lines().count() == 1,
        "{lines}"
    );
}

#[test]
fn a_self_feeding_loop_stops_at_the_step_limit() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replay-errors/self-feeding.yaml");
    let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args(["check", "--color", "never", "--max-steps", "200"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--max-steps") && stderr.contains("echo-copy"),
        "{stderr}"
    );
}

#[test]
fn the_rendered_place_of_a_problem_is_its_json_line_and_column() {
    // Editors count columns in characters: the header `[file:LINE:COLUMN]` of each rendered
    // problem says what the JSON says, lines with accents or cut to the width included.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut checked = 0;
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Err(p) = situation::load("f.yaml", &text) else {
            continue;
        };
        let rendered = p.render(false, 100);
        let places: Vec<String> = rendered
            .lines()
            .filter_map(|l| {
                Some(
                    l.split_once("─[f.yaml:")?
                        .1
                        .trim_end_matches(']')
                        .to_string(),
                )
            })
            .collect();
        let json = p.json();
        let problems = json["error"]["problems"].as_array().unwrap();
        // Problems at the file's start (no source shown) have no header; the rest, in order.
        // A problem with one label is headed by its own place (with more, by the first shown).
        for (q, problem) in problems.iter().zip(&p.problems).take(100) {
            if !problem.also.is_empty() {
                continue;
            }
            let place = format!("{}:{}", q["line"], q["column"]);
            assert!(
                places.contains(&place),
                "{}: JSON {place}, rendered {places:?}",
                f.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked}");
}
