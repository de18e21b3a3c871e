//! The rulings library as a judge searches it: every file compiled in, found by each of its
//! card names (exactly and with a letter wrong) above rulings that do not name the card, by rule
//! number in either edition, filtered by source and set, and dated against the edition in force.

use chainjudge::edition::EditionId;
use chainjudge::rulings::{self, search::normalise, Filter, SourceKind};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .env(
            "CHAINJUDGE_DATA_DIR",
            std::env::temp_dir().join("chainjudge-no-imports"),
        )
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn every_rulings_file_is_compiled_in() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yaml"))
        .map(|n| n.trim_end_matches(".yaml").to_string())
        .collect();
    files.sort();
    let compiled: Vec<&str> = rulings::all().iter().map(|r| r.id).collect();
    assert_eq!(
        compiled, files,
        "a rulings file failed to compile or has no `ruling` block"
    );
}

/// `name` with one letter replaced (the middle one, by a letter it does not have there).
fn one_letter_wrong(name: &str) -> String {
    let mut chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i].is_alphabetic())
        .collect();
    let i = letters[letters.len() / 2];
    chars[i] = if chars[i].eq_ignore_ascii_case(&'x') {
        'q'
    } else {
        'x'
    };
    chars.into_iter().collect()
}

#[test]
fn every_card_finds_its_rulings_first_exactly_and_with_a_letter_wrong() {
    let mut checked = 0;
    for r in rulings::all() {
        for card in r.cards {
            let holding: Vec<&str> = rulings::all()
                .iter()
                .filter(|x| x.cards.iter().any(|c| normalise(c) == normalise(card)))
                .map(|x| x.id)
                .collect();
            for query in [card.to_string(), one_letter_wrong(card)] {
                if normalise(&query).len() < 4 {
                    continue; // too short to tell a typo from another word
                }
                let hits = rulings::search(&query, usize::MAX);
                let top: Vec<&str> = hits
                    .iter()
                    .take(holding.len())
                    .map(|h| h.ruling.id)
                    .collect();
                assert!(
                    holding.iter().all(|id| top.contains(id)),
                    "searching {query:?}: the {} rulings naming {card:?} must come first, got {top:?}",
                    holding.len()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} searches checked");
}

#[test]
fn a_rule_number_finds_the_rulings_citing_it_in_either_edition() {
    let july = rulings::search("419.4.b", 50);
    assert!(july
        .iter()
        .any(|h| h.ruling.id == "crumbling-sands-counters-first-of-two"));
    // October's number for the same rule (420.4.b) finds the same rulings.
    let october = rulings::search("CR 420.4.b", 50);
    let ids = |h: &[rulings::RulingHit]| h.iter().map(|x| x.ruling.id).collect::<Vec<_>>();
    for id in ids(&july) {
        assert!(ids(&october).contains(&id), "{id}");
    }
    // Read in July's numbers, 420.4.b is no longer the Legion rule: July 420.4.b is a
    // different rule (Move), which the finalize rulings do not cite.
    let read_july = rulings::search::search_in("420.4.b", 50, Some(EditionId::July));
    assert!(
        !ids(&read_july).contains(&"crumbling-sands-counters-first-of-two"),
        "{:?}",
        ids(&read_july)
    );
}

#[test]
fn list_filters_by_card_rule_source_and_set() {
    let all = rulings::list(&Filter::default());
    assert_eq!(all.len(), rulings::all().len());
    // Each ruling is one kind: official where a source is Riot's answer, community where
    // (no Riot answer and) a source is someone else's, rules where only the rules text is.
    let of = |k: SourceKind| {
        rulings::list(&Filter {
            source: Some(k),
            ..Filter::default()
        })
    };
    let (official, rules, community) = (
        of(SourceKind::Official),
        of(SourceKind::Rules),
        of(SourceKind::Community),
    );
    assert_eq!(official.len() + rules.len() + community.len(), all.len());
    assert!(!rules.is_empty() && !community.is_empty());
    let has = |r: &rulings::RulingEntry, k: SourceKind| r.sources.iter().any(|s| s.kind == k);
    assert!(official.iter().all(|r| has(r, SourceKind::Official)));
    assert!(community
        .iter()
        .all(|r| has(r, SourceKind::Community) && !has(r, SourceKind::Official)));
    assert!(rules
        .iter()
        .all(|r| r.sources.iter().all(|s| s.kind == SourceKind::Rules)));
    // A card's first part finds it ("Ezreal" for "Ezreal, Prodigy").
    let ezreal = rulings::list(&Filter {
        card: Some("Ezreal".into()),
        ..Filter::default()
    });
    assert!(ezreal
        .iter()
        .any(|r| r.id == "ezreal-prodigy-reduces-optional-additional-costs"));
    // A first part with a letter wrong still finds the card.
    let typo = rulings::list(&Filter {
        card: Some("crumblng".into()),
        ..Filter::default()
    });
    assert!(
        !typo.is_empty() && typo.iter().all(|r| r.cards.contains(&"Crumbling Sands")),
        "{:?}",
        typo.iter().map(|r| r.id).collect::<Vec<_>>()
    );
    // A possessive name's first part finds it ("Zhonya" for "Zhonya's Hourglass").
    let zhonya = rulings::list(&Filter {
        card: Some("zhonya".into()),
        ..Filter::default()
    });
    assert!(zhonya
        .iter()
        .any(|r| r.id == "zhonya-saves-one-of-two-units-dying-together"));
    assert!(zhonya
        .iter()
        .all(|r| r.cards.iter().any(|c| c.starts_with("Zhonya"))));
    // 466 is the Resolution Step in July and the Combat Showdown Step (July 464) in October:
    // read in one edition, the number means one rule.
    let by = |e: Option<EditionId>| {
        rulings::list(&Filter {
            rule: Some("466".into()),
            rule_edition: e,
            ..Filter::default()
        })
        .len()
    };
    let (either, july, october) = (
        by(None),
        by(Some(EditionId::July)),
        by(Some(EditionId::October)),
    );
    assert!(
        july > 0 && october > 0 && july < either && october < either,
        "{either} {july} {october}"
    );
    let sands = rulings::list(&Filter {
        card: Some("crumbling sands".into()),
        ..Filter::default()
    });
    assert!(sands.len() >= 4, "{}", sands.len());
    assert!(sands.iter().all(|r| r.cards.contains(&"Crumbling Sands")));
    // The name's start finds the same rulings, cut inside a word or after one; two letters are
    // too few to name a card.
    for start in ["crumbl", "Crumbling S", "CRUMBLING SAN"] {
        let ids = |f: Vec<&rulings::RulingEntry>| f.iter().map(|r| r.id).collect::<Vec<_>>();
        let found = rulings::list(&Filter {
            card: Some(start.into()),
            ..Filter::default()
        });
        assert_eq!(ids(found), ids(sands.clone()), "{start}");
    }
    assert!(rulings::list(&Filter {
        card: Some("cr".into()),
        ..Filter::default()
    })
    .is_empty());
    // A later word's start finds the card too ("sands" for Crumbling Sands), with any other
    // card that has such a word.
    let by_word = rulings::list(&Filter {
        card: Some("sands".into()),
        ..Filter::default()
    });
    assert!(sands.iter().all(|r| by_word.iter().any(|w| w.id == r.id)));
    let cited = rulings::list(&Filter {
        rule: Some("419.4".into()),
        ..Filter::default()
    });
    assert!(cited
        .iter()
        .all(|r| r.rules_july.iter().any(|n| n.starts_with("419.4"))
            || r.rules_october.iter().any(|n| n.starts_with("420.4"))));
    for set in chainjudge::situation::SETS {
        let in_set = rulings::list(&Filter {
            set: Some((*set).into()),
            ..Filter::default()
        });
        assert!(in_set.iter().all(|r| r.set == Some(*set)));
    }
}

#[test]
fn a_ruling_checked_against_july_is_flagged_once_october_is_in_force() {
    let id = "crumbling-sands-counters-first-of-two";
    let before = run(&["ruling", id, "--date", "2026-09-01"]);
    assert_eq!(before.status.code(), Some(0));
    let text = stdout(&before);
    assert!(!text.contains("Warning: Checked against"), "{text}");
    assert!(!text.contains("neither edition"), "{text}");
    assert!(
        text.contains("Rules (July): "),
        "July in force on 2026-09-01: {text}"
    );
    // Before the July edition was in force, the tool says it holds no edition for that day.
    let early = stdout(&run(&["ruling", id, "--date", "2026-03-01"]));
    assert!(
        early.contains("neither edition chainjudge holds was in force yet"),
        "{early}"
    );
    let after = run(&["ruling", id, "--date", "2026-12-01"]);
    let text = stdout(&after);
    assert!(
        text.contains("Warning: Checked against the July 2026 Core Rules"),
        "{text}"
    );
    assert!(
        text.contains("420.4.b"),
        "its rules in October's numbers: {text}"
    );
    // The answer's prose keeps the July numbers it was written with, and the warning says so.
    assert!(
        text.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains("Rules line in October's numbers, numbers in the text July's"),
        "{text}"
    );
    let json = run(&[
        "ruling",
        id,
        "--date",
        "2026-12-01",
        "--rules",
        "july",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let hit = &v["hits"][0]["ruling"];
    assert_eq!(hit["ruling"]["id"], id);
    assert!(hit["rules_in_edition"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "419.4.b"));
    assert_eq!(hit["warnings"].as_array().unwrap().len(), 1);
    assert_eq!(
        hit["replay"],
        format!("chainjudge replay rulings/{id}.yaml")
    );
}

/// The JSON carries the text's "its other July rules under October": Crumbling Sands cites
/// July 425.1.a, which its own October list does not stand for; under October it is 426.1.a,
/// marked inferred, and July output lists none.
#[test]
fn a_rulings_other_july_rules_under_october_are_in_the_json_as_in_the_text() {
    let id = "crumbling-sands-counters-first-of-two";
    let json = |ed: &str| {
        let o = run(&[
            "ruling",
            id,
            "--date",
            "2026-12-01",
            "--rules",
            ed,
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["hits"][0]["ruling"]["rules_in_edition"]["other_july_rules"].clone()
    };
    assert_eq!(json("october"), serde_json::json!(["426.1.a (inferred)"]));
    assert_eq!(json("july"), serde_json::json!([]));
    let text = stdout(&run(&[
        "ruling",
        id,
        "--date",
        "2026-12-01",
        "--width",
        "200",
    ]));
    assert!(
        text.contains("its other July rules under October: 426.1.a (inferred)"),
        "{text}"
    );
}

/// `replay` takes a bundled ruling's bare id; one whose answer is in words only (no situation)
/// says so, with the command that shows it, instead of "No such file".
#[test]
fn replay_of_a_ruling_without_a_situation_by_its_id_says_so() {
    let id = "2v2-teammates-need-different-legends-and-battlefields";
    let r = rulings::all().iter().find(|r| r.id == id).unwrap();
    assert!(
        r.text.is_empty(),
        "the test needs a ruling without a situation"
    );
    let out = run(&["replay", id]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        err.contains(&format!("the ruling {id} has no situation to replay"))
            && err.contains(&format!("`chainjudge ruling {id}` shows it"))
            && !err.contains("No such file"),
        "{err}"
    );
    // A name that is no ruling is still a missing file.
    let out = run(&["replay", "no-such-ruling-anywhere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn the_ruling_command_follows_greps_exit_codes_and_checks_its_arguments() {
    assert_eq!(run(&["ruling", "qqqqzzzz"]).status.code(), Some(1));
    assert_eq!(run(&["ruling", "crumbling sands"]).status.code(), Some(0));
    assert_eq!(
        run(&["ruling", "x", "--date", "2026-13-01"]).status.code(),
        Some(2)
    );
    // Days the month does not have are refused, as in a situation file's `date`; a leap day is
    // a day.
    for day in ["2026-02-30", "2026-11-31", "2027-02-29"] {
        let out = run(&["ruling", "crumbling sands", "--date", day]);
        assert_eq!(out.status.code(), Some(2), "{day}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("is not a day of the calendar"));
    }
    assert_eq!(
        run(&["ruling", "crumbling sands", "--date", "2028-02-29"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(run(&["ruling", "x", "--limit", "0"]).status.code(), Some(2));
    assert_eq!(
        run(&["ruling", "--list", "--set", "nowhere"]).status.code(),
        Some(2)
    );
    let list = run(&[
        "ruling",
        "--list",
        "--card",
        "Crumbling Sands",
        "--format",
        "json",
    ]);
    assert_eq!(list.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert!(v["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["ruling"]["id"] == "crumbling-sands-counters-first-of-two"));
    // Bad usage is 2: a query with --list, an empty query, a --rule that is no rule.
    assert_eq!(run(&["ruling", "--list", "legion"]).status.code(), Some(2));
    assert_eq!(run(&["ruling", ""]).status.code(), Some(2));
    assert_eq!(
        run(&["ruling", "--list", "--rule", "abc"]).status.code(),
        Some(2)
    );
    // A rule number neither edition has finds nothing (not words that look alike), and says so.
    let none = run(&["ruling", "735.1.c"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        stdout(&none).contains("not a rule number of the July or October 2026 Core Rules"),
        "{}",
        stdout(&none)
    );
    // A number naming a different rule in each edition says so when both are listed.
    let both = stdout(&run(&["ruling", "--list", "--rule", "466"]));
    assert!(both.contains("Note: 466 names two rules"), "{both}");
    let one = stdout(&run(&[
        "ruling", "--list", "--rule", "466", "--rules", "july",
    ]));
    assert!(!one.contains("names two rules"), "{one}");
    // --limit applies to --list, which says how many it left out.
    let two = run(&["ruling", "--list", "--limit", "2", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&two.stdout).unwrap();
    assert_eq!(v["rulings"].as_array().unwrap().len(), 2);
    assert_eq!(v["total"].as_u64(), Some(rulings::all().len() as u64));
}

#[test]
fn within_a_kind_of_match_the_ruling_about_the_query_and_the_current_one_come_first() {
    let top = |q: &str| rulings::search(q, 1)[0].ruling.id;
    // A ruling about Sun Disc (its id says so) before a ruling that only names the card.
    assert!(
        top("sun disc").starts_with("sun-disc-"),
        "{}",
        top("sun disc")
    );
    // The answer that stands today before the one it overturned (same card, same kind).
    assert_eq!(
        top("falling star"),
        "falling-star-icathian-rain-deflect-paid-per-choice"
    );
    // An exact keyword before a card whose name merely starts with it (Ambush Strike).
    assert!(top("ambush").starts_with("ambush-"), "{}", top("ambush"));
    // A two-letter card name is still a card.
    assert_eq!(top("vi"), "vi-ability-without-action-not-in-showdowns");
    // A stop word alone finds nothing.
    assert!(rulings::search("the", 5).is_empty());
}

#[test]
fn a_keyword_tagged_on_few_rulings_is_followed_by_the_rulings_whose_text_holds_it() {
    // "Spell" is tagged on few rulings; the Crumbling Sands and Legion rulings are about spells
    // without the tag. Tagged first, then the text matches; a card match keeps its rule.
    let (hits, total) = rulings::search::answer("spell", &Filter::default(), None, usize::MAX);
    assert_eq!(hits[0].matched, "keyword");
    assert!(
        hits[0].ruling.keywords.contains(&"Spell"),
        "{}",
        hits[0].ruling.id
    );
    let ids: Vec<&str> = hits.iter().map(|h| h.ruling.id).collect();
    for about_spells in [
        "crumbling-sands-spell-earlier-this-turn",
        "countered-spell-still-counts-for-legion",
    ] {
        assert!(ids.contains(&about_spells), "{about_spells} in {ids:?}");
    }
    assert!(total > 10, "{total}");
    let first_words = hits.iter().position(|h| h.matched == "words").unwrap();
    assert!(
        hits[first_words..].iter().all(|h| h.matched == "words"),
        "every tagged ruling before the text matches"
    );
    let (cards, _) = rulings::search::answer("crumbling sands", &Filter::default(), None, 100);
    assert!(
        cards.iter().all(|h| h.matched != "words"),
        "no loose words under a card"
    );
}

#[test]
fn a_ruling_replayed_as_markdown_starts_with_its_question_and_answer() {
    let out = run(&[
        "replay",
        "rulings/crumbling-sands-counters-first-of-two.yaml",
        "--format",
        "markdown",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    assert!(lines[0].starts_with("# "), "{text}");
    assert!(
        lines[1].starts_with("**Question.** Ana casts a spell"),
        "{text}"
    );
    assert!(lines[2].starts_with("**Answer.** Yes."), "{text}");
    let steps = text.find("| # | Who |").unwrap();
    assert!(text.find("**Answer.**").unwrap() < steps);
}

#[test]
fn a_ruling_citing_a_rule_the_july_document_lacks_is_reported_at_its_place() {
    let dir = std::env::temp_dir().join(format!("chainjudge-ruling-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("r.yaml");
    std::fs::write(
        &file,
        "format: 1\nruling:\n  question: Q?\n  answer: A.\n  rules: [\"359.1\", \"999.9\"]\n  source: { publisher: Riot Games, title: T, official: true }\n",
    )
    .unwrap();
    let out = run(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`999.9` is not a rule of the July 2026 Core Rules"),
        "{err}"
    );
    assert!(
        err.contains(":5:20"),
        "line and column of the number: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The official documents a ruling may cite: (title, date). Riot's rules FAQs and patch notes
/// of each set, and the Core Rules editions; a patch note whose publication date is not known
/// carries none.
const OFFICIAL_DOCUMENTS: &[(&str, Option<&str>)] = &[
    ("Riftbound Origins FAQ", Some("2025-10-16")),
    ("Riftbound Spiritforged FAQ", Some("2026-01-14")),
    ("Unleashed Rules FAQ and Clarifications", Some("2026-04-29")),
    ("Vendetta Rules FAQ and Clarifications", Some("2026-08-14")),
    (
        "Riftbound Core Rules (last updated 2026-07-16)",
        Some("2026-07-16"),
    ),
    (
        "Riftbound Core Rules (last updated 2026-10-09)",
        Some("2026-10-09"),
    ),
    ("Riftbound Core Rules: Patch Notes", None),
    ("Riftbound Core Rules: Spiritforged Patch Notes", None),
    ("Riftbound Core Rules: Unleashed Patch Notes", None),
    ("Core Rules: Vendetta Patch Notes", None),
    ("Unleashed Errata Updates", None),
];

#[test]
fn every_riot_source_is_a_known_riot_document_and_every_source_is_dated_or_says_why_not() {
    let mut riot = 0;
    for r in rulings::all() {
        for s in r.sources {
            assert!(
                s.date.is_some() != s.undated.is_some(),
                "{}: {:?} needs a date or the reason it has none, not both",
                r.id,
                s.title
            );
            if s.kind == SourceKind::Community {
                assert_ne!(
                    s.publisher, "Riot Games",
                    "{}: Riot's source is not community",
                    r.id
                );
                continue;
            }
            riot += 1;
            assert_eq!(
                s.publisher, "Riot Games",
                "{}: a Riot source is Riot's",
                r.id
            );
            let known = OFFICIAL_DOCUMENTS
                .iter()
                .find(|(title, _)| *title == s.title)
                .unwrap_or_else(|| panic!("{}: unknown Riot document {:?}", r.id, s.title));
            assert_eq!(s.date, known.1, "{}: the date of {:?}", r.id, s.title);
            if s.title.starts_with("Riftbound Core Rules (last updated") {
                assert_eq!(
                    s.kind,
                    SourceKind::Rules,
                    "{}: the Core Rules answer no one's question: `kind: rules`",
                    r.id
                );
            }
        }
        if r.kind() == SourceKind::Official {
            assert!(
                r.sources.iter().any(|s| s.url.is_some()),
                "{}: an address",
                r.id
            );
        }
    }
    assert!(riot > 0);
}

#[test]
fn the_replay_command_a_ruling_prints_works_outside_the_repository() {
    // `chainjudge ruling` prints `chainjudge replay rulings/ID.yaml`; with no such file where
    // the judge stands, the bundled copy replays, byte for byte as the file does.
    let elsewhere = std::env::temp_dir();
    let path = "rulings/crumbling-sands-counters-first-of-two.yaml";
    let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(&elsewhere)
        .args(["replay", path])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("bundled"));
    assert_eq!(stdout(&out), stdout(&run(&["replay", path])));
    // The note keeps to --width, as every message does.
    let narrow = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(&elsewhere)
        .args(["--width", "60", "replay", path])
        .output()
        .unwrap();
    let note = String::from_utf8_lossy(&narrow.stderr);
    assert!(note.contains("bundled"), "{note}");
    assert!(note.lines().all(|l| l.chars().count() <= 60), "{note}");
    // The bare id, as `ruling` shows it, replays the same (the fresh user's trial).
    let by_id = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(&elsewhere)
        .args(["replay", "crumbling-sands-counters-first-of-two"])
        .output()
        .unwrap();
    assert_eq!(stdout(&by_id), stdout(&run(&["replay", path])));
    // A ruling that does not exist is still a read error.
    let out = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .current_dir(&elsewhere)
        .args(["replay", "rulings/no-such-ruling.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_card_index_names_every_card_with_its_rulings_and_completion_finds_each() {
    let index = rulings::cards();
    let named: std::collections::BTreeSet<&str> = rulings::all()
        .iter()
        .flat_map(|r| r.cards.iter().copied())
        .collect();
    assert_eq!(
        index.iter().map(|c| c.name).collect::<Vec<_>>(),
        named.into_iter().collect::<Vec<_>>(),
        "the index is every card a ruling names, sorted, once"
    );
    let script = stdout(&run(&["completions", "bash"]));
    for c in index {
        let naming: Vec<&str> = rulings::all()
            .iter()
            .filter(|r| r.cards.contains(&c.name))
            .map(|r| r.id)
            .collect();
        assert_eq!(c.rulings, naming.as_slice(), "{}", c.name);
        // The completed word filters to the card's rulings.
        let listed: Vec<&str> = rulings::list(&Filter {
            card: Some(c.slug.to_string()),
            ..Filter::default()
        })
        .iter()
        .map(|r| r.id)
        .collect();
        assert!(
            naming.iter().all(|id| listed.contains(id)),
            "--card {} lists {listed:?}, not all of {naming:?}",
            c.slug
        );
        assert!(script.contains(c.slug), "bash completes {}", c.slug);
    }
}

#[test]
fn every_ruling_has_a_situation_or_says_which_gap_of_the_format_stops_it() {
    let gaps: Vec<&str> = chainjudge::situation::GAPS
        .iter()
        .map(|(g, _)| *g)
        .collect();
    let mut by_gap: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in rulings::all() {
        match (r.situation, r.no_situation) {
            (true, None) => {}
            (false, Some(why)) => {
                let gap = why.split(':').next().unwrap_or("");
                assert!(gaps.contains(&gap), "{}: unknown gap {gap:?}", r.id);
                *by_gap.entry(gap).or_default() += 1;
            }
            (true, Some(_)) => panic!("{}: a situation and a no_situation", r.id),
            (false, None) => panic!(
                "{}: no situation and no `no_situation` saying why the format cannot replay it",
                r.id
            ),
        }
    }
    assert!(!by_gap.is_empty());
}

#[test]
fn other_games_words_and_spaced_names_find_the_games_rulings() {
    let first = |q: &str| {
        rulings::search(q, 1)
            .first()
            .map(|h| h.ruling.id)
            .unwrap_or("")
    };
    // "exile" is Riftbound's banish; "summoning sickness" a unit entering exhausted.
    assert!(first("exile").contains("banish"), "{}", first("exile"));
    assert!(
        first("summoning sickness").contains("enters-exhausted"),
        "{}",
        first("summoning sickness")
    );
    // A name typed with a space where the card has an apostrophe: Kog'Maw.
    assert!(
        first("kog maw").starts_with("kogmaw"),
        "{}",
        first("kog maw")
    );
    // The exact name still beats a name that only matches spaces aside.
    assert_eq!(
        rulings::search("counter strike", 1)[0].matched,
        "card",
        "Counter Strike is a card"
    );
    // From the fresh user's trial: "sac" is killing your own unit (here, as a cost), "when it
    // dies" a Deathknell, "etb" a play effect.
    let keywords = |q: &str| rulings::search(q, 1)[0].ruling.keywords.join(", ");
    assert!(
        first("sac a unit").contains("killed"),
        "{}",
        first("sac a unit")
    );
    assert!(
        keywords("when it dies").contains("Deathknell"),
        "{}",
        keywords("when it dies")
    );
    assert!(
        keywords("etb").contains("Play effect"),
        "{}",
        keywords("etb")
    );
}

/// The id is a second title: "counter war" is in three-player-counter-war's id, not its title
/// ("Priority goes around all three players ..."); before the id counted, a ruling holding
/// only "war" (Trifarian War Camp) came first and this one sixth (the fresh user's trial).
#[test]
fn words_of_a_rulings_id_find_it() {
    assert_eq!(
        rulings::search("counter war", 1)[0].ruling.id,
        "three-player-counter-war"
    );
}

/// Two rulings naming only each other are two halves of one answer: when both match, the
/// second follows the first. Unyielding Spirit's two FAQ rulings: without this, the second came
/// seventh, under heal rulings that only say "spell damage".
#[test]
fn a_rulings_companion_follows_it() {
    let ids: Vec<&str> = rulings::search(
        "if a spell makes my unit deal the damage, does that count as spell damage?",
        2,
    )
    .iter()
    .map(|h| h.ruling.id)
    .collect();
    assert_eq!(
        ids,
        [
            "unyielding-spirit-stops-damage-dealt-by-spells-and-abilities",
            "unyielding-spirit-which-damage-sources-it-stops"
        ]
    );
}

#[test]
fn under_october_a_ruling_citing_a_rule_october_removed_says_so() {
    let by_id = |id: &str| rulings::all().iter().find(|r| r.id == id).unwrap();
    let read =
        |id: &str| rulings::show::warnings(by_id(id), "2026-12-04", EditionId::October).join(" ");
    let touched = read("board-deathknell-after-combat-heal");
    assert!(
        touched.contains("October removed or changed one of the rules it cites (323.4)"),
        "{touched}"
    );
    let untouched = read("action-spell-in-showdown-open");
    assert!(
        untouched.contains("Nothing known about October changes this answer")
            && !untouched.contains("removed or changed"),
        "{untouched}"
    );
    // Before October was in force, neither is said.
    let july = rulings::show::warnings(
        by_id("board-deathknell-after-combat-heal"),
        "2026-08-01",
        EditionId::July,
    );
    assert!(july.is_empty(), "{july:?}");
}

#[test]
fn a_number_the_editions_give_to_two_rules_says_so_and_which_each_ruling_cites() {
    // July 466.2 is in the Resolution Step; October 466.2 is July 464.2 (the combat opening).
    let text = stdout(&run(&[
        "ruling", "466.2", "--limit", "40", "--width", "100",
    ]));
    assert!(
        text.contains("Note: 466.2 names two rules: July 466.2"),
        "{text}"
    );
    assert!(text.contains("464.2 (Opening combat)"), "{text}");
    assert!(text.contains("The best match cites"), "{text}");
    assert!(text.contains("October 466.2 (July 464.2)"), "{text}");
    // Each ruling's reading is the one it cites.
    for r in rulings::all() {
        if rulings::search::reading_cited(r, "466.2") == EditionId::July {
            assert!(
                r.rules_july
                    .iter()
                    .any(|n| *n == "466.2" || n.starts_with("466.2.")),
                "{}",
                r.id
            );
        }
    }
    // A number with one meaning says nothing of the kind.
    let one = stdout(&run(&["ruling", "355.14"]));
    assert!(!one.contains("names two rules"), "{one}");
}

/// From the judge's trial of search: a best match that holds only some of the judge's words
/// says which it lacks, on its first line (the fresh user's trial: read after the ruling, it came
/// too late), so a weak match reads as one; a match holding them all says nothing.
#[test]
fn a_best_match_missing_some_of_the_words_says_which() {
    let text = stdout(&run(&[
        "ruling",
        "stun zorblat during combat",
        "--width",
        "100",
    ]));
    assert!(
        text.starts_with(
            "Weak match: the ruling below lacks 1 of your words (zorblat); it holds stun, combat.\n\n"
        ),
        "{text}"
    );
    let whole = stdout(&run(&["ruling", "stun during combat", "--width", "100"]));
    assert!(!whole.contains("Weak match"), "{whole}");
    // A card or rule match is not a word match: nothing to say.
    let card = stdout(&run(&["ruling", "crumbling sands", "--width", "100"]));
    assert!(!card.contains("Weak match"), "{card}");
}
