//! The edition data: it parses, every citation the engine can emit exists in each edition, and
//! the numbering is well formed.

use chainjudge::edition::{Cite, Cited, EditionId, Editions};

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
fn october_numbers_are_only_the_established_ones() {
    let eds = Editions::get();
    let oct = eds.edition(EditionId::October);
    // Rules 307-348 keep their numbers (october-changes.md row 1).
    assert_eq!(
        oct.resolve(Cite::FinalizeOldestFirst),
        Cited::Rule {
            number: "337.1.b".into()
        }
    );
    assert_eq!(
        oct.resolve(Cite::FocusKeptTriggerChain),
        Cited::Rule {
            number: "346.1".into()
        }
    );
    // 419.4.b became 420.4.b (row 4); the Vendetta FAQ is not cited under October.
    assert_eq!(
        oct.resolve(Cite::PlayedMeansFinalized),
        Cited::Rule {
            number: "420.4.b".into()
        }
    );
    assert_eq!(oct.resolve(Cite::VendettaFaq), Cited::Omitted);
    // 808.1.d.2 is the same in both (row 7).
    assert_eq!(
        oct.resolve(Cite::DeathknellBeforeTrash),
        Cited::Rule {
            number: "808.1.d.2".into()
        }
    );
    // Nothing else outside 307-348 is established: e.g. Counter stays unconfirmed.
    assert_eq!(
        oct.resolve(Cite::Counter),
        Cited::Unconfirmed {
            july: "425.1.a".into()
        }
    );
    assert_eq!(
        oct.resolve(Cite::MainPhaseEnds),
        Cited::Unconfirmed { july: "305".into() }
    );
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
