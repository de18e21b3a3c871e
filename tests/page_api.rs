//! The web page's API (`chainjudge::api`, `web/`): one load gives the CLI's JSON report byte for
//! byte and a view made of the text report's own lines; a broken file gives its problems with
//! the places the page draws them at.

use chainjudge::api;
use chainjudge::render::{text, Style};

fn rulings() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir("rulings")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let rel = format!("rulings/{}", p.file_name().unwrap().to_string_lossy());
            let text = std::fs::read_to_string(&p).unwrap();
            (rel, text)
        })
        .collect();
    v.sort();
    v
}

/// Every ruling with a situation: the page's report is `replay_json`'s text, unchanged, and
/// each line of its view (summary, comparison, step) is a line the text report prints.
#[test]
fn the_pages_report_is_the_clis_and_its_view_is_the_texts() {
    let mut replayed = 0;
    for (rel, src) in rulings() {
        let page = api::replay_page_json(&rel, &src, "");
        let json = api::replay_json(&rel, &src, "");
        if json.contains("\"no_situation\"") {
            assert!(page.contains("\"no_situation\""), "{rel}");
            continue;
        }
        replayed += 1;
        let prefix = format!("{{\"report\": {json}");
        assert!(
            page.starts_with(&prefix),
            "{rel}: the report is not the CLI's"
        );
        let v: serde_json::Value = serde_json::from_str(&page).unwrap();
        let s = chainjudge::situation::load(&rel, &src).unwrap();
        let report = chainjudge::replay_all(&s, None);
        let wide = text(
            &report,
            Style {
                color: false,
                width: 4000,
                steps: chainjudge::render::Steps::All,
            },
        );
        let view = &v["view"];
        for block in view["summaries"].as_array().unwrap() {
            assert!(wide.contains(block["heading"].as_str().unwrap()), "{rel}");
            for line in block["lines"].as_array().unwrap() {
                let l = format!(
                    "  {}: {}\n",
                    line[0].as_str().unwrap(),
                    line[1].as_str().unwrap()
                );
                assert!(wide.contains(&l), "{rel}: {l:?} is not in\n{wide}");
            }
        }
        for d in view["differences"].as_array().unwrap() {
            assert!(
                wide.contains(&format!("  {}\n", d.as_str().unwrap())),
                "{rel}: {d}"
            );
        }
        let steps = view["steps"].as_array().unwrap();
        assert_eq!(
            steps.len(),
            v["report"]["steps"].as_array().unwrap().len(),
            "{rel}"
        );
        for st in steps {
            let what = st["what"].as_str().unwrap();
            assert!(wide.contains(what), "{rel}: step {} {what:?}", st["n"]);
            let only = st["only"].as_str();
            let row = &v["report"]["steps"][st["n"].as_u64().unwrap() as usize - 1];
            // A step labelled with one edition is the one only that edition's trace has.
            match only {
                Some(e) => {
                    let other = if e == "july" { "october" } else { "july" };
                    assert!(row[e].is_object() && row[other].is_null(), "{rel}: {st}");
                    assert!(
                        what.starts_with(&format!(
                            "[{} only] ",
                            if e == "july" { "July" } else { "October" }
                        )),
                        "{rel}"
                    );
                }
                None => assert!(!what.starts_with('['), "{rel}: {what}"),
            }
        }
    }
    assert!(replayed >= 100, "{replayed} rulings replayed");
}

/// A misspelt key on line 4: the places are 1-based lines and character columns, the marked
/// text ends where `controler` does, and the fix comes with it.
#[test]
fn a_broken_files_problems_carry_their_places_for_the_page() {
    let src = "format: 1\nplayers: [Ana, Ben]\nchain:\n  - { name: Spéll, controler: Ana, kind: spell }\n";
    let v: serde_json::Value =
        serde_json::from_str(&api::replay_page_json("s.yaml", src, "")).unwrap();
    let p = &v["problems"]["places"][0];
    assert_eq!(p["code"], "unknown_key");
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(4), Some(20))
    );
    assert_eq!(
        (p["end_line"].as_u64(), p["end_column"].as_u64()),
        (Some(4), Some(29))
    );
    assert!(p["help"].as_str().unwrap().contains("controller"), "{p}");
    assert_eq!(v["problems"]["total"], 1);
    assert_eq!(v["error"]["problems"][0]["line"], 4);
}

/// A ruling-only file is not replayed: its problem is `no_situation`, as the CLI says.
#[test]
fn a_ruling_only_file_gives_no_situation() {
    let src = std::fs::read_to_string(
        "rulings/2v2-teammates-need-different-legends-and-battlefields.yaml",
    )
    .unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&api::replay_page_json("r.yaml", &src, "")).unwrap();
    assert_eq!(v["problems"]["places"][0]["code"], "no_situation");
    assert!(v.get("report").is_none());
}

/// A text over the CLI's default `--max-size` (32 MiB) is not read: `too_large`, at line 1.
#[test]
fn a_text_over_32_mib_is_refused_as_the_cli_refuses_a_file() {
    let src = format!("format: 1\n{}", "#".repeat(api::PAGE_MAX_BYTES));
    let v: serde_json::Value =
        serde_json::from_str(&api::replay_page_json("big.yaml", &src, "")).unwrap();
    assert_eq!(v["problems"]["places"][0]["code"], "too_large");
    assert_eq!(v["problems"]["places"][0]["line"], 1);
    let just = format!(
        "format: 1\nplayers: [Ana, Ben]\nchain: []\n{}",
        "#".repeat(1000)
    );
    assert!(api::replay_page_json("ok.yaml", &just, "").starts_with("{\"report\": "));
}

/// The file's `expect` is checked as `verify` checks it: Crumbling Sands counters Spell A
/// (the Vendetta Rules FAQ), so its bundled `expect` holds under both editions; a copy that
/// expects nothing countered fails under both, naming `countered`.
#[test]
fn the_pages_view_checks_the_files_expect_as_verify_does() {
    let rel = "rulings/crumbling-sands-counters-first-of-two.yaml";
    let src = std::fs::read_to_string(rel).unwrap();
    let view = |text: &str| -> serde_json::Value {
        let v: serde_json::Value =
            serde_json::from_str(&api::replay_page_json(rel, text, "")).unwrap();
        v["view"]["expect"].clone()
    };
    assert_eq!(view(&src), serde_json::json!({ "july": [], "october": [] }));
    let wrong = src.replace("  countered: [a]\n", "  countered: []\n");
    assert_ne!(wrong, src);
    let v = view(&wrong);
    for ed in ["july", "october"] {
        let m = v[ed].as_array().unwrap();
        assert!(
            m.iter().any(|x| x.as_str().unwrap().contains("countered")),
            "{v}"
        );
    }
    let plain = "format: 1\nplayers: [Ana, Ben]\nchain: []\n";
    assert!(view(plain).is_null());
}
