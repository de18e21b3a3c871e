//! The October map: an October text aligned with the July one recovers every renumbering,
//! insertion and removal; `rules import` reports and stores it.
//!
//! Both texts are made here from chainjudge's own July data (numbers, titles, summaries in the
//! project's words): a July document, and a synthetic October made from it with known changes.
//! No official text is used.

use chainjudge::edition::Editions;
use chainjudge::import::october_map::{align, anchors, Confidence, Conflict};
use chainjudge::import::ImportedRule;
use std::path::Path;
use std::process::{Command, Output};

/// The July rules the fixture holds: a few headings, the 300s from 320 (cleanup, the Chain,
/// showdowns) and 380-479 (game actions, combat), about 800 rules.
fn in_fixture(number: &str) -> bool {
    let top: u32 = number.split('.').next().unwrap().parse().unwrap();
    (100..=109).contains(&top) || (320..=349).contains(&top) || (380..=479).contains(&top)
}

fn july_fixture() -> Vec<ImportedRule> {
    Editions::get()
        .july_rules
        .iter()
        .filter(|r| in_fixture(r.number))
        .map(|r| ImportedRule {
            number: r.number.to_string(),
            title: Some(r.title.to_string()),
            text: r.summary.to_string(),
        })
        .collect()
}

/// Removed in the synthetic October, with their sub-rules: 323.4 (later 323 steps move down
/// one) and 464.2.d (later letters of 464.2 move down one).
fn removed(july: &str) -> bool {
    ["323.4", "464.2.d"]
        .iter()
        .any(|r| july == *r || july.starts_with(&format!("{r}.")))
}

/// Reworded beyond recognition: matched to nothing on either side.
const REPLACED: &str = "425.2";
/// Reworded lightly: still placed.
const REWORDED: [&str; 3] = ["106", "430.2", "466.1"];

/// The synthetic October number of a July rule (`None`: removed): a rule is inserted before
/// July 349 (349-441 move up one) and another before July 442 (442 on move up two); after the
/// removals, later parts move down one.
fn october_number(july: &str) -> Option<String> {
    if removed(july) {
        return None;
    }
    let mut parts: Vec<String> = july.split('.').map(str::to_string).collect();
    let top: u32 = parts[0].parse().unwrap();
    match top {
        349..=441 => parts[0] = (top + 1).to_string(),
        442.. => parts[0] = (top + 2).to_string(),
        _ => {}
    }
    if top == 323 && parts.len() > 1 {
        let step: u32 = parts[1].parse().unwrap();
        if step > 4 {
            parts[1] = (step - 1).to_string();
        }
    }
    if july.starts_with("464.2.") && parts[2].as_str() > "d" {
        parts[2] = char::from(parts[2].as_bytes()[0] - 1).to_string();
    }
    Some(parts.join("."))
}

fn new_rule(number: &str, title: Option<&str>, text: &str) -> ImportedRule {
    ImportedRule {
        number: number.into(),
        title: title.map(str::to_string),
        text: text.into(),
    }
}

/// The synthetic October text and the map it must give: the pairs, the October rules that
/// are new, the July rules that are gone.
struct Synthetic {
    october: Vec<ImportedRule>,
    pairs: Vec<(String, String)>,
    new: Vec<String>,
    gone: Vec<String>,
}

fn synthetic(july: &[ImportedRule]) -> Synthetic {
    let mut s = Synthetic {
        october: Vec::new(),
        pairs: Vec::new(),
        new: Vec::new(),
        gone: Vec::new(),
    };
    for r in july {
        let inserted: &[ImportedRule] = match r.number.as_str() {
            "349" => &[
                new_rule("349", Some("Lantern Tokens"), ""),
                new_rule(
                    "349.1",
                    None,
                    "Lantern tokens glow beside each ready quiver.",
                ),
                new_rule(
                    "349.1.a",
                    None,
                    "Unlit lanterns hum softly until dusk arrives.",
                ),
            ],
            "442" => &[
                new_rule("443", Some("Marmalade Rites"), ""),
                new_rule(
                    "443.1",
                    None,
                    "Zephyr scribes stir marmalade with quartz spoons.",
                ),
            ],
            _ => &[],
        };
        for n in inserted {
            s.new.push(n.number.clone());
            s.october.push(n.clone());
        }
        let Some(number) = october_number(&r.number) else {
            s.gone.push(r.number.clone());
            continue;
        };
        let mut o = ImportedRule {
            number: number.clone(),
            ..r.clone()
        };
        if r.number == REPLACED {
            o.title = None;
            o.text = "Velvet herons juggle copper acorns under violet moons.".into();
            s.gone.push(r.number.clone());
            s.new.push(number);
            s.october.push(o);
            continue;
        }
        if REWORDED.contains(&r.number.as_str()) {
            o.text = o.text.replacen("The ", "Each ", 1).replace('.', "") + ", as ever.";
            assert_ne!(o.text, r.text);
        }
        s.pairs.push((r.number.clone(), number));
        s.october.push(o);
    }
    s
}

#[test]
fn the_alignment_recovers_a_known_october_exactly() {
    let july = july_fixture();
    assert!(july.len() > 700, "{}", july.len());
    let s = synthetic(&july);
    let map = align(&july, &s.october, &anchors());
    let pairs: Vec<(String, String)> = map
        .entries
        .iter()
        .map(|e| (e.july.clone(), e.october.clone()))
        .collect();
    // Compared pair by pair first, so a failure names the first wrong one.
    for (k, (got, want)) in pairs.iter().zip(&s.pairs).enumerate() {
        assert_eq!(got, want, "pair {k}");
    }
    assert_eq!(pairs, s.pairs);
    assert_eq!(map.unplaced_october, s.new);
    assert_eq!(map.unplaced_july, s.gone);
    assert_eq!(
        s.gone,
        vec!["323.4", "425.2", "464.2.d"],
        "the generator removed what it says"
    );
    assert!(map.conflicts.is_empty(), "{:?}", map.conflicts);
    for e in &map.entries {
        let reworded = REWORDED.contains(&e.july.as_str());
        if reworded {
            assert_ne!(e.confidence, Confidence::Low, "{e:?}");
            assert!(e.similarity < 100, "{e:?}");
        } else {
            assert_eq!(e.confidence, Confidence::High, "{e:?}");
            assert_eq!(e.similarity, 100, "{e:?}");
        }
    }
    // The renumbered runs, in July order, with their shifts.
    let runs: Vec<(String, String, String, usize)> = map
        .shift_runs()
        .iter()
        .map(|r| {
            (
                r.entries[0].july.clone(),
                r.entries[r.entries.len() - 1].july.clone(),
                r.label(),
                r.entries.len(),
            )
        })
        .collect();
    let want = [
        ("323.5", "323.14", "2nd part -1", 13),
        ("349", "441.3.a", "+1", 518),
        ("442", "464.2.c.3.a", "+2", 84),
        ("464.2.e", "464.2.g", "+2, 3rd part -1", 5),
        ("465", "479.2", "+2", 106),
    ];
    let want: Vec<(String, String, String, usize)> = want
        .iter()
        .map(|(a, b, l, n)| (a.to_string(), b.to_string(), l.to_string(), *n))
        .collect();
    assert_eq!(runs, want);
}

#[test]
fn established_numbers_the_text_contradicts_are_conflicts_not_overrides() {
    let july = july_fixture();
    let s = synthetic(&july);
    let mut anchors = anchors();
    // A wrong "established" number: the text puts July 419.1's content at 420.1.
    anchors.push(("420.1".into(), "420.1".into()));
    let map = align(&july, &s.october, &anchors);
    assert_eq!(
        map.october_for("420.1").map(|e| e.october.as_str()),
        Some("421.1"),
        "the content decides"
    );
    assert_eq!(
        map.october_for("420.1").and_then(|e| e.conflict.as_deref()),
        Some("420.1")
    );
    assert_eq!(
        map.conflicts,
        vec![Conflict {
            july: "420.1".into(),
            established: Some("420.1".into()),
            placed_at: Some("421.1".into()),
            holds: Some("419.1".into()),
            in_text: true,
        }]
    );
}

fn run(args: &[&str], data_dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .env("CHAINJUDGE_DATA_DIR", data_dir)
        .output()
        .unwrap()
}

/// A document of `rules`, one line each: `NUMBER. Title: text` (a title alone ends the line).
fn document(rules: &[ImportedRule]) -> String {
    let mut out = String::new();
    for r in rules {
        let line = match (&r.title, r.text.is_empty()) {
            (Some(t), true) => t.clone(),
            (Some(t), false) => format!("{t}: {}", r.text),
            (None, _) => r.text.clone(),
        };
        out.push_str(&format!("{}. {line}\n", r.number));
    }
    out
}

fn import(file: &Path, edition: &str, dir: &Path) -> String {
    let out = run(
        &[
            "rules",
            "import",
            file.to_str().unwrap(),
            "--edition",
            edition,
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
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The stored map's pairs, `JULY\tOCTOBER` each.
fn stored_pairs(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("editions/october-map.tsv")).unwrap();
    assert!(text.starts_with("chainjudge-october-map 1\t"), "{text}");
    text.lines()
        .filter_map(|l| l.strip_prefix("pair\t"))
        .map(|l| l.split('\t').take(2).collect::<Vec<_>>().join("\t"))
        .collect()
}

#[test]
fn an_october_import_reports_and_stores_its_map() {
    let dir = std::env::temp_dir().join(format!("chainjudge-omap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let july = july_fixture();
    let s = synthetic(&july);
    let (july_file, october_file) = (dir.join("july.txt"), dir.join("october.txt"));
    std::fs::write(&july_file, document(&july)).unwrap();
    std::fs::write(&october_file, document(&s.october)).unwrap();

    // With the July text imported: the whole map, as the alignment test has it.
    let with_july = dir.join("with-july");
    import(&july_file, "july", &with_july);
    let report = import(&october_file, "october", &with_july);
    for line in [
        "Aligned against the imported July text.",
        "    July 323.5-323.14 -> 323.4-323.13 (2nd part -1, 13 rules, high)\n",
        "    July 349-441.3.a -> 350-442.3.a (+1, 518 rules, high)\n",
        "    July 442-464.2.c.3.a -> 444-466.2.c.3.a (+2, ",
        "    July 464.2.e-464.2.g -> 466.2.d-466.2.f (+2, 3rd part -1, 5 rules, high)\n",
        "  Not placed, October (6 rules, new in October or reworded beyond recognition):\n    349-349.1.a (3 rules), 426.2, 443-443.1 (2 rules)\n",
        "  Not placed, July (3 rules, removed or reworded beyond recognition):\n    323.4, 425.2, 464.2.d\n",
        "it stays on this machine",
    ] {
        // Long lines are wrapped to the width: compare the words.
        let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat(&report).contains(&flat(line)), "{line:?} in:\n{report}");
    }
    let want: Vec<String> = s.pairs.iter().map(|(j, o)| format!("{j}\t{o}")).collect();
    assert_eq!(stored_pairs(&with_july), want);
    // A July re-import recomputes it.
    let again = import(&july_file, "july", &with_july);
    assert!(again.contains("The October map was recomputed"), "{again}");

    // Without a July import, the July side is chainjudge's data: the unchanged rules, and here
    // every pair (the fixture is the data's words), are still placed.
    let data_only = dir.join("data-only");
    let report = import(&october_file, "october", &data_only);
    assert!(
        report.contains("chainjudge's own July summaries"),
        "{report}"
    );
    // Established numbers the text does not reach (it holds only part of the rules) are not
    // disagreements.
    assert!(!report.contains("conflict"), "{report}");
    assert!(
        report.contains("    July 464.2.e-464.2.g -> 466.2.d-466.2.f (+2, 3rd part -1"),
        "{report}"
    );
    let stored = stored_pairs(&data_only);
    for p in &want {
        assert!(stored.contains(p), "{p} placed: {report}");
    }

    // From then on `rule` and `diff` print the imported numbers as a fourth standing.
    let shown = |args: &[&str]| String::from_utf8_lossy(&run(args, &with_july).stdout).into_owned();
    // July 430.2 (inferred 431.2 by the known shifts) is 431.2 in this text too.
    let v = shown(&["rule", "430.2", "--rules", "july"]);
    assert!(v.contains("October: 431.2 (imported text)"), "{v}");
    let v = shown(&["rule", "431.2", "--rules", "october"]);
    assert!(v.starts_with("431.2 (imported text) "), "{v}");
    // An established number is never overridden: July 466.1.a.1 is 468.1.a.1 in both.
    let v = shown(&["rule", "468.1.a.1", "--rules", "october"]);
    assert!(v.starts_with("468.1.a.1 "), "{v}");
    assert!(!v.starts_with("468.1.a.1 (imported text)"), "{v}");
    // A July rule outside the imported text (803 is not in the fixture) is still unconfirmed,
    // and says why in terms of the import, not "the October text is not available".
    let v = shown(&["rule", "803", "--rules", "july"]);
    assert!(
        v.contains("number not established (the imported October text could not place it)"),
        "{v}"
    );
    // A rule only the October text has is found, with its wording and no July rule.
    let v = shown(&["rule", "349.1", "--rules", "october"]);
    assert!(
        v.contains("Lantern tokens glow beside each ready quiver."),
        "{v}"
    );
    assert!(v.contains("pairs this rule with no July rule"), "{v}");
    let json = run(&["diff", "--format", "json"], &with_july);
    let d: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        d["standings"]["imported"].as_u64().unwrap() > 500,
        "{}",
        d["standings"]
    );
    let text = shown(&["diff"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        text.contains("from the October text imported on this machine"),
        "{text}"
    );
    // The rows carry the imported numbers too: July 430 (inferred 431 by the known shifts) is
    // listed at the imported text's number, marked as such, and not as inferred.
    let rows = d["differences"].as_array().expect("diff rows");
    let row = rows
        .iter()
        .find(|r| r["from"] == "430")
        .unwrap_or_else(|| panic!("a row for 430: {rows:?}"));
    assert_eq!(
        (&row["to"], &row["imported"], &row["inferred"]),
        (
            &serde_json::json!("431"),
            &serde_json::json!(true),
            &serde_json::json!(false)
        ),
        "{row}"
    );
    assert!(
        text.contains(
            "numbers the October text imported on this machine gives, marked imported text"
        ),
        "the diff heading names the imported standing"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
