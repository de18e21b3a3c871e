//! The edition data: it parses, every citation the engine can emit exists in each edition, and
//! the numbering is well formed.

use chainjudge::edition::{Cite, Cited, EditionId, Editions, OctoberRule};

#[test]
fn edition_data_is_present() {
    let eds = Editions::get();
    assert!(eds.july_rules.len() > 1000);
    assert_eq!(eds.july_rules.len(), eds.october_rules.len());
}

#[test]
fn every_citation_exists_in_both_editions() {
    let eds = Editions::get();
    for ed in [EditionId::July, EditionId::October] {
        for c in Cite::ALL {
            assert!(
                eds.edition(ed).has(*c),
                "{} has no entry for citation `{}`",
                ed.word(),
                c.key()
            );
        }
    }
    // Under July every citation is a real rule number or a source.
    for c in Cite::ALL {
        assert!(
            matches!(
                eds.edition(EditionId::July).resolve(*c),
                Cited::Rule { .. } | Cited::Source { .. }
            ),
            "July must give `{}` a number",
            c.key()
        );
    }
}

#[test]
fn october_numbers_are_only_the_established_or_inferred_ones() {
    let eds = Editions::get();
    let oct = eds.edition(EditionId::October);
    let rule = |n: &str| Cited::Rule { number: n.into() };
    let inferred = |n: &str| Cited::Inferred { number: n.into() };
    let unconfirmed = |n: &str| Cited::Unconfirmed { july: n.into() };
    // Rules 307-348 keep their numbers (october-changes.md row 1).
    assert_eq!(oct.resolve(Cite::FinalizeOldestFirst), rule("337.1.b"));
    assert_eq!(oct.resolve(Cite::FocusKeptTriggerChain), rule("346.1"));
    // 419.4.b became 420.4.b (row 4); the Vendetta FAQ is not cited under October.
    assert_eq!(oct.resolve(Cite::PlayedMeansFinalized), rule("420.4.b"));
    assert_eq!(oct.resolve(Cite::VendettaFaq), Cited::Omitted);
    // 808.1.d.2 is the same in both (row 7).
    assert_eq!(oct.resolve(Cite::DeathknellBeforeTrash), rule("808.1.d.2"));
    // Row 10 quotes 735, 737 and 738 unchanged.
    assert_eq!(oct.resolve(Cite::ExtraTurnInsert), rule("735"));
    assert_eq!(oct.resolve(Cite::ExtraTurnMultiple), rule("738"));
    // Row 10's shift: July 410-440 are one higher; implied, not quoted, so inferred.
    assert_eq!(oct.resolve(Cite::Counter), inferred("426.1.a"));
    assert_eq!(oct.resolve(Cite::InstructedPlay), inferred("420.3"));
    assert_eq!(oct.resolve(Cite::LimitedActions), inferred("411.2"));
    assert_eq!(
        oct.resolve(Cite::KillDeathTriggers),
        inferred("429.1.a.1.b")
    );
    assert_eq!(oct.resolve(Cite::Counter).label(), "426.1.a (inferred)");
    // Where the inserted rules are (July 349-409, 441-458) is unknown: unconfirmed.
    assert_eq!(oct.resolve(Cite::MidResolutionPlay), unconfirmed("354.3"));
    assert_eq!(oct.resolve(Cite::TargetLegality), unconfirmed("358.1"));
    assert_eq!(oct.resolve(Cite::DelayedLeaveChain), unconfirmed("390.3.a"));
    // Outside every known range: unconfirmed.
    assert_eq!(oct.resolve(Cite::MainPhaseEnds), unconfirmed("305"));
    assert_eq!(oct.resolve(Cite::LegionActive), unconfirmed("812.1.c"));
    assert_eq!(
        oct.resolve(Cite::MainPhaseEnds).label(),
        "October: unconfirmed (July 305)"
    );
}

/// The October entry of July rule `july`.
fn october(july: &str) -> &'static OctoberRule {
    Editions::get()
        .october_rules
        .iter()
        .find(|o| o.july == july)
        .unwrap_or_else(|| panic!("no October entry for {july}"))
}

fn top(n: &str) -> u32 {
    n[..3].parse().unwrap()
}

fn shifted(n: &str, by: u32) -> String {
    format!("{}{}", top(n) + by, &n[3..])
}

/// Row 10's quotes: July -> October, established.
const QUOTED: &[(&str, &str)] = &[
    ("410.1.b", "411.1.b"),
    ("418.3.a", "419.3.a"),
    ("429.3", "430.3"),
    ("431.2.b", "432.2.b"),
    ("431.2.c", "432.2.c"),
    ("431.3.a", "432.3.a"),
    ("440.4", "441.4"),
    ("466.1.a.1", "468.1.a.1"),
    ("469.2", "471.2"),
    ("485.7", "487.7"),
    ("486.7", "488.7"),
    ("487.7", "489.7"),
    ("488.7", "490.7"),
    ("489.7", "491.7"),
    ("143.3.b.1", "143.3.b.1"),
    ("143.3.b.2", "143.3.b.2"),
    ("164.2.a", "164.2.a"),
    ("167", "167"),
    ("167.1", "167.1"),
    ("315.2.a.1", "315.2.a.1"),
    ("316.9", "316.9"),
    ("317.2.f", "317.2.f"),
    ("735", "735"),
    ("737", "737"),
    ("738", "738"),
    ("816.1.b", "816.1.b"),
];

#[test]
fn october_standing_follows_the_known_changes() {
    let eds = Editions::get();
    let established = |j: &str, n: &str| {
        let o = october(j);
        assert!(
            o.number == Some(n) && !o.inferred && !o.unconfirmed && !o.removed,
            "July {j} must be established as October {n}: {o:?}"
        );
    };
    let inferred = |j: &str, n: &str| {
        let o = october(j);
        assert!(
            o.number == Some(n) && o.inferred && !o.unconfirmed && !o.removed,
            "July {j} must be inferred as October {n}: {o:?}"
        );
    };
    for (j, n) in QUOTED {
        established(j, n);
    }
    inferred("417.1.b", "418.1.b");
    inferred("410", "411");
    inferred("440.3.a", "441.3.a");
    // The parents of 420.4.b (row 4) are inferred, not established.
    inferred("419", "420");
    inferred("419.4", "420.4");
    established("419.4.b", "420.4.b");
    // No source says 464.2.c.1.b was removed: by row 5 it is 466.2.c.1.b, inferred (row 6).
    inferred("464.2.c.1.b", "466.2.c.1.b");
    let c = eds
        .changes
        .iter()
        .find(|c| c.july == "464.2.c.1.b")
        .unwrap();
    assert!(c.inferred && c.october == Some("466.2.c.1.b") && !c.kind.contains(&"removed"));
    // Row 5's combat block stays established; the removed task stays removed.
    established("464.2.c.1.a", "466.2.c.1.a");
    established("466.3.d.1", "468.3.d.1");
    assert!(october("464.2.d").removed);
    // From combat on, +2: beyond row 5's block, inferred.
    inferred("467", "469");
    inferred("469", "471");
    inferred("471.1.b", "473.1.b");
    // Parents of quoted numbers outside the shifts keep their number, inferred.
    inferred("143.3.b", "143.3.b");
    inferred("808.1.d", "808.1.d");
    for (j, o) in eds.july_rules.iter().zip(eds.october_rules) {
        let n = j.number;
        let t = top(n);
        if QUOTED.iter().any(|(q, _)| *q == n) {
            continue;
        }
        // July 349-409 and 441-458: where the inserted rules are is unknown.
        if (349..=409).contains(&t) || (441..=458).contains(&t) {
            assert!(
                o.unconfirmed && o.number.is_none(),
                "{n} must be unconfirmed: {o:?}"
            );
        }
        if (410..=440).contains(&t) && n != "419.4.b" {
            assert!(o.inferred, "{n} must be inferred: {o:?}");
            assert_eq!(o.number, Some(shifted(n, 1).as_str()), "{n} is one higher");
        }
        if (467..=489).contains(&t) {
            assert!(o.inferred, "{n} must be inferred: {o:?}");
            assert_eq!(o.number, Some(shifted(n, 2).as_str()), "{n} is two higher");
        }
        if o.inferred {
            assert!(
                o.number.is_some() && !o.unconfirmed && !o.removed,
                "{n}: {o:?}"
            );
        }
    }
    // No October number names two July rules.
    let mut seen = std::collections::HashMap::new();
    for o in eds.october_rules {
        if let Some(n) = o.number.filter(|_| !o.unconfirmed && !o.removed) {
            if let Some(other) = seen.insert(n, o.july) {
                panic!("October {n} would be both July {other} and July {}", o.july);
            }
        }
    }
}

#[test]
fn the_rules_the_board_extension_cites_are_in_the_july_data_with_their_october_standing() {
    let eds = Editions::get();
    let july: Vec<&str> = eds.july_rules.iter().map(|r| r.number).collect();
    for n in [
        "174.3", "179", "185", "185.2.d", "186.1", "187", "194", "194.1.c", "194.2", "194.2.b",
        "194.3", "194.4", "196", "473", "480", "483.3.a", "485.3", "485.4", "487.3", "487.4",
        "488.3", "488.4", "708", "709", "740.2.c",
    ] {
        assert!(july.contains(&n), "July {n} is missing from the data");
    }
    let unconfirmed = |j: &str| {
        let o = october(j);
        assert!(
            o.unconfirmed && o.number.is_none(),
            "July {j} must be unconfirmed: {o:?}"
        );
    };
    let inferred = |j: &str, n: &str| {
        let o = october(j);
        assert!(
            o.inferred && o.number == Some(n),
            "July {j} must be inferred {n}: {o:?}"
        );
    };
    // Nothing is known of the 100s and 700s here beyond what row 10 quotes.
    for j in [
        "174.3", "179", "185.2.d", "186.1", "194.1.c", "194.2.b", "196", "709", "740.2.c",
    ] {
        unconfirmed(j);
    }
    // July 459-489 are two higher (row 10): layers and the modes of play, inferred.
    inferred("473", "475");
    inferred("480", "482");
    inferred("483.3.a", "485.3.a");
    inferred("485.3", "487.3");
    inferred("488.4", "490.4");
    inferred("489.8.i", "491.8.i");
    // The modes' First Turn Process is quoted: established.
    assert_eq!(october("485.7").number, Some("487.7"));
    assert!(!october("485.7").inferred && !october("489.7").inferred);
}

#[test]
fn expect_cites_match_an_inferred_number_without_its_mark_and_no_october_number_for_an_unconfirmed_one(
) {
    use chainjudge::situation;
    const BASE: &str = r#"
format: 1
title: counter
rules: both
players: [Ana, Ben]
chain:
  - { name: Bolt, controller: Ana, kind: spell }
actions:
  - play: { name: Stop, controller: Ben, kind: spell, keyword: reaction, effects: [{ counter: bolt }] }
expect:
  countered: [bolt]
"#;
    let load = |extra: &str| situation::load("t.yaml", &format!("{BASE}{extra}"));
    let check = |extra: &str| {
        let s = load(extra).unwrap_or_else(|p| panic!("{}", p.render(false, 100)));
        let r = chainjudge::replay_all(&s, None);
        r.traces
            .iter()
            .flat_map(|t| chainjudge::verify::mismatches(&s, t))
            .collect::<Vec<_>>()
    };
    // July 425.1.a is October 426.1.a (inferred): written without the mark, it matches.
    assert_eq!(
        check("  july: { cites: [\"425.1.a\"] }\n  october: { cites: [\"426.1.a\"] }\n"),
        Vec::<String>::new()
    );
    // With the mark it is not a number: an input error that says how to write it.
    let p = load("  october: { cites: [\"426.1.a (inferred)\"] }\n").unwrap_err();
    let text = p.render(false, 100);
    assert!(text.contains("without its mark"), "{text}");
    // The July number does not match under October.
    assert!(load("  october: { cites: [\"425.1.a\"] }\n").is_err());
    // An unconfirmed October citation has no October number: under `october:` its July number
    // is not one (a top-level entry is: see the next test).
    assert!(load("  october: { cites: [\"354.3\"] }\n").is_err());
    // A top-level number must be the same confirmed number in both editions, or unconfirmed in
    // October: July 425.1.a is 426.1.a (inferred) there, and the error says so.
    let p = load("  cites: [\"425.1.a\"]\n").unwrap_err();
    assert_eq!(p.problems[0].code, "cite_differs");
    assert!(
        p.problems[0].message.contains("426.1.a (inferred)"),
        "{}",
        p.problems[0].message
    );
}

/// A file replaying both editions, whose Closed State refuses Spell B (July 358.4 and 358.5,
/// both unconfirmed in October, and 309.1.a, the same in both) and whose Spell A has Legion
/// (July 812.1.c, unconfirmed in October).
const REFUSED: &str = r#"
format: 1
title: refused
players: [Ana, Ben]
chain:
  - { name: Spell A, controller: Ana, kind: spell, legion: true }
actions:
  - play: { name: Spell B, controller: Ana, kind: spell }
expect:
  refused: [spell-b]
"#;

fn mismatches_of(s: &chainjudge::situation::Situation) -> Vec<String> {
    let r = chainjudge::replay_all(s, None);
    r.traces
        .iter()
        .flat_map(|t| {
            chainjudge::verify::mismatches(s, t)
                .into_iter()
                .map(|m| format!("{}: {m}", t.edition.word()))
        })
        .collect()
}

#[test]
fn a_top_level_cite_unconfirmed_in_october_matches_the_steps_unconfirmed_citation() {
    use chainjudge::situation::{self, RulesChoice};
    let load = |extra: &str| situation::load("t.yaml", &format!("{REFUSED}{extra}"));
    let ok = |extra: &str| load(extra).unwrap_or_else(|p| panic!("{}", p.render(false, 100)));
    // Both editions' steps cite the refusal: July as 358.5, October as "October: unconfirmed
    // (July 358.5)". The top-level entry is accepted and matches both.
    let s = ok("  cites: [\"358.5\", \"309.1.a\", \"812.1.c\"]\n");
    assert_eq!(mismatches_of(&s), Vec::<String>::new());
    // The file's `rules: both` decides, not `--rules october`.
    let mut only_october = s.clone();
    only_october.rules = RulesChoice::October;
    assert_eq!(mismatches_of(&only_october), Vec::<String>::new());
}

#[test]
fn a_top_level_cite_unconfirmed_in_october_fails_verify_when_no_step_cites_it() {
    use chainjudge::situation;
    // Nothing is refused here: no step cites 358.5 in July, nor "unconfirmed (July 358.5)" in
    // October, though October cites another unconfirmed rule (Legion, July 812.1.c).
    let text = REFUSED
        .replace(
            "  - play: { name: Spell B, controller: Ana, kind: spell }\n",
            "  - pass: Ana\n",
        )
        .replace("  refused: [spell-b]\n", "  cites: [\"358.5\"]\n");
    let s = situation::load("t.yaml", &text).unwrap_or_else(|p| panic!("{}", p.render(false, 100)));
    let m = mismatches_of(&s);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(
        m[0].starts_with("july: cites: [358.5] not cited under July"),
        "{m:?}"
    );
    assert!(
        m[1].starts_with("october: cites: [358.5] not cited under October"),
        "{m:?}"
    );
    assert!(m[1].contains("unconfirmed: July 812.1.c"), "{m:?}");
    assert!(!m[1].contains("July 358.5"), "{m:?}");
}

#[test]
fn an_unconfirmed_october_citation_has_no_october_number_to_write() {
    use chainjudge::situation;
    // Under `october:`, and with `rules: october` at the top level, a number is October's:
    // July 358.5 has none, and the error says where it can be written.
    let p = situation::load(
        "t.yaml",
        &format!("{REFUSED}  october: {{ cites: [\"358.5\"] }}\n"),
    )
    .unwrap_err();
    let (msg, help) = (
        &p.problems[0].message,
        p.problems[0].help.as_deref().unwrap(),
    );
    assert!(msg.contains("no confirmed October number"), "{msg}");
    assert!(msg.contains("October: unconfirmed (July 358.5)"), "{msg}");
    assert!(help.contains("top-level `cites`"), "{help}");
    let only = REFUSED.replace("players:", "rules: october\nplayers:");
    let p = situation::load("t.yaml", &format!("{only}  cites: [\"358.5\"]\n")).unwrap_err();
    let help = p.problems[0].help.as_deref().unwrap();
    assert!(help.contains("`rules: both`"), "{help}");
}

#[test]
fn a_cited_number_no_step_cites_is_named_and_never_taken_for_another_rule() {
    use chainjudge::situation;
    let eds = Editions::get();
    let july = eds.edition(EditionId::July);
    // Every July rule no step cites, in one file: each is refused, named by its title, and
    // any "did you mean" stays inside its own top-level rule.
    let never: Vec<&str> = eds
        .july_rules
        .iter()
        .map(|r| r.number)
        .filter(|n| !july.knows_citation(n))
        .collect();
    assert!(never.len() > 1000);
    let list: Vec<String> = never.iter().map(|n| format!("\"{n}\"")).collect();
    let text = format!(
        "format: 1\nrules: july\nplayers: [Ana, Ben]\nchain: [{{ name: A, controller: Ana, kind: spell }}]\nexpect:\n  cites: [{}]\n",
        list.join(", ")
    );
    let p = situation::load("t.yaml", &text).unwrap_err();
    assert_eq!(p.problems.len(), never.len());
    for (n, pr) in never.iter().zip(&p.problems) {
        let title = eds
            .july_rules
            .iter()
            .find(|r| r.number == *n)
            .unwrap()
            .title;
        assert!(
            pr.message.starts_with(&format!("`{n}` (")) && pr.message.contains(title),
            "{n}: {}",
            pr.message
        );
        assert!(
            pr.message.ends_with("is a July rule, but no step cites it"),
            "{}",
            pr.message
        );
        let help = pr.help.as_deref().unwrap();
        assert!(!help.contains("did you mean"), "{n}: {help}");
    }
    // The reported cases: Tank's and Assault's rules were taken for Temporary's and Legion's.
    // (Vision's 817.1.b and Deflect's 809.1.c went the same way.)
    let one = |n: &str| {
        let text = text.replace(
            &format!("cites: [{}]", list.join(", ")),
            &format!("cites: [\"{n}\"]"),
        );
        match situation::load("t.yaml", &text) {
            Ok(_) => None,
            Err(p) => Some(format!(
                "{} | {}",
                p.problems[0].message,
                p.problems[0].help.clone().unwrap()
            )),
        }
    };
    for (n, other) in [
        ("815.1.b", "816.1.b"),
        ("807.1.c", "812.1.c"),
        ("815.1.c.1", "812.1.c"),
        ("817.1.b", "816.1.b"),
        ("809.1.c", "812.1.c"),
    ] {
        // Once a step cites it (Tank and Assault in combat), it is accepted.
        if let Some(text) = one(n) {
            assert!(!text.contains(other), "{n}: {text}");
        }
    }
    let text817 = one("817.1.b").unwrap();
    assert!(
        text817.contains("Vision") && text817.contains("no step cites a rule of 817"),
        "{text817}"
    );
    // A number that is no rule: the same number written otherwise, or a one-character slip
    // inside the same top-level rule, gets a "did you mean"; nothing across rules.
    assert!(one("337.1b").unwrap().contains("did you mean `337.1.b`?"));
    assert!(one("816.1.e").unwrap().contains("did you mean `816.1.b`?"));
    // (815.9.b would be a one-character slip of 815.1.b, which the Tank step cites.)
    let far = one("815.7.d").unwrap();
    assert!(
        !far.contains("did you mean") && !far.contains("816"),
        "{far}"
    );
    assert!(far.contains("815 (Tank)"), "{far}");
}

#[test]
fn an_inferred_number_that_differs_is_a_number_difference_and_an_unconfirmed_one_is_a_note() {
    use chainjudge::compare::cite_differs;
    let (j, o) = (EditionId::July, EditionId::October);
    assert!(
        cite_differs(Cite::Counter, j, o),
        "425.1.a / 426.1.a (inferred)"
    );
    assert!(
        cite_differs(Cite::PlayedMeansFinalized, j, o),
        "419.4.b / 420.4.b"
    );
    assert!(
        !cite_differs(Cite::MidResolutionPlay, j, o),
        "354.3 unconfirmed"
    );
    assert!(
        !cite_differs(Cite::FinalizeOldestFirst, j, o),
        "337.1.b both"
    );
    assert!(!cite_differs(Cite::ExtraTurnInsert, j, o), "735 both");
}

fn parts(n: &str) -> Vec<String> {
    n.split('.').map(str::to_string).collect()
}

#[test]
fn numbering_is_well_formed_and_parents_exist() {
    let eds = Editions::get();
    let numbers: Vec<&str> = eds.july_rules.iter().map(|r| r.number).collect();
    for n in &numbers {
        let p = parts(n);
        assert!(
            p[0].len() == 3 && p[0].bytes().all(|b| b.is_ascii_digit()),
            "{n}: first part is three digits"
        );
        for part in &p[1..] {
            assert!(
                part.bytes().all(|b| b.is_ascii_digit())
                    || (part.len() == 1 && part.bytes().all(|b| b.is_ascii_lowercase())),
                "{n}: each sub-part is a number or one letter"
            );
        }
        if p.len() > 1 {
            let parent = p[..p.len() - 1].join(".");
            assert!(
                numbers.contains(&parent.as_str()),
                "{n}: parent {parent} is missing"
            );
        }
    }
    // The October file has one entry per July rule, in the same order.
    let oct: Vec<&str> = eds.october_rules.iter().map(|r| r.july).collect();
    assert_eq!(oct, numbers);
    for r in eds.october_rules {
        assert!(
            r.number.is_some() != (r.unconfirmed || r.removed),
            "October entry for {} must have a number or be unconfirmed/removed",
            r.july
        );
        assert!(
            !r.inferred || r.number.is_some(),
            "October entry for {} is inferred without a number",
            r.july
        );
    }
}

#[test]
fn cross_references_resolve() {
    let eds = Editions::get();
    let numbers: Vec<&str> = eds.july_rules.iter().map(|r| r.number).collect();
    for r in eds.july_rules {
        for x in r.refs {
            assert!(
                numbers.contains(x),
                "{} refers to {x}, which is not in the data",
                r.number
            );
        }
        for x in r.external_refs {
            assert!(
                !numbers.contains(x),
                "{} marks {x} external, but the data holds it",
                r.number
            );
        }
    }
}

/// Every numbered rule of the July document (2,381) is in the data: the count, and within every
/// rule its sub-rules run 1, 2, 3... or a, b, c... with none missing.
#[test]
fn the_july_data_holds_every_rule_of_the_document() {
    let eds = Editions::get();
    assert_eq!(
        eds.july_rules.len(),
        2381,
        "the July document numbers 2,381 rules"
    );
    let mut children: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for r in eds.july_rules {
        if let Some((parent, last)) = r.number.rsplit_once('.') {
            children
                .entry(parent.to_string())
                .or_default()
                .push(last.to_string());
        }
    }
    for (parent, kids) in children {
        let expected: Vec<String> = if kids[0].bytes().all(|b| b.is_ascii_digit()) {
            (1..=kids.len()).map(|k| k.to_string()).collect()
        } else {
            (b'a'..)
                .take(kids.len())
                .map(|b| char::from(b).to_string())
                .collect()
        };
        assert_eq!(kids, expected, "the sub-rules of {parent} have a gap");
    }
    for n in [
        "000", "001", "002", "055", "055.1", "185", "473", "651", "767",
    ] {
        assert!(eds.july_rules.iter().any(|r| r.number == n), "{n}");
    }
}
