//! `chainjudge next` (issue 21): for each situation in `tests/next/`, the answer written from the
//! rules in `tests/next/expected.yaml` (who acts, the holders, the state, and the legal kinds of
//! action as tokens) is checked against `api::next_json`, the call the CLI and the page share.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// One expected answer (the file's, or one edition's).
#[derive(serde::Deserialize, Debug)]
struct Expected {
    #[serde(default)]
    editions: Option<Vec<String>>,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    priority: Option<String>,
    #[serde(default)]
    focus: Option<String>,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    may: Vec<String>,
    #[serde(default)]
    not_now: Vec<String>,
}

#[derive(serde::Deserialize, Debug)]
struct Case {
    file: String,
    #[serde(default)]
    at: usize,
    #[serde(flatten)]
    answer: Expected,
    #[serde(default)]
    answers: Vec<Expected>,
}

fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str().map(String::from))
            .collect(),
        Value::String(s) => vec![s.clone()],
        _ => Vec::new(),
    }
}

/// A `may` entry as the token `expected.yaml` writes.
fn token(m: &Value) -> String {
    let action = m["action"].as_str().unwrap_or_default();
    match action {
        "play" => format!("play/{}", m["timing"].as_str().unwrap_or_default()),
        "activate" => format!("activate/{}", strings(&m["timing"]).join("+")),
        "pass" => format!("pass/{}", m["does"].as_str().unwrap_or_default()),
        "move" => {
            let units: Vec<String> = m["units"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|u| {
                    format!(
                        "{}>{}",
                        u["unit"].as_str().unwrap_or_default(),
                        strings(&u["to"]).join("|")
                    )
                })
                .collect();
            format!("move/{}", units.join(";"))
        }
        "assign" => {
            let to: Vec<String> = m["to"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|u| u["unit"].as_str().unwrap_or_default().to_string())
                .collect();
            format!("assign/{}/{}", m["total"], to.join(","))
        }
        "order" => format!("order/{}", strings(&m["triggers"]).join(",")),
        "begin" => format!("begin/{}", strings(&m["battlefields"]).join(",")),
        other => other.to_string(),
    }
}

/// A `not_now` entry as a token: `play/<timing>` or the action.
fn refused(n: &Value) -> String {
    match n["timing"].as_str() {
        Some(t) => format!("{}/{t}", n["action"].as_str().unwrap_or_default()),
        None => n["action"].as_str().unwrap_or_default().to_string(),
    }
}

fn check(case: &str, want: &Expected, got: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let mut same = |what: &str, w: String, g: String| {
        if w != g {
            bad.push(format!("{case}: {what}: expected {w}, got {g}"));
        }
    };
    let text = |v: &Value| v.as_str().map_or("null".to_string(), String::from);
    let opt = |o: &Option<String>| o.clone().unwrap_or_else(|| "null".into());
    same("over", want.over.to_string(), got["over"].to_string());
    if want.over {
        same(
            "may when over",
            "0".into(),
            got["may"].as_array().map_or(0, Vec::len).to_string(),
        );
        return bad;
    }
    same("player", opt(&want.player), text(&got["player"]));
    same("priority", opt(&want.priority), text(&got["priority"]));
    same("focus", opt(&want.focus), text(&got["focus"]));
    same("state", opt(&want.state), text(&got["state"]));
    let may: BTreeSet<String> = got["may"]
        .as_array()
        .into_iter()
        .flatten()
        .map(token)
        .collect();
    let want_may: BTreeSet<String> = want.may.iter().cloned().collect();
    same("may", format!("{want_may:?}"), format!("{may:?}"));
    let not: BTreeSet<String> = got["not_now"]
        .as_array()
        .into_iter()
        .flatten()
        .map(refused)
        .collect();
    let want_not: BTreeSet<String> = want.not_now.iter().cloned().collect();
    same("not_now", format!("{want_not:?}"), format!("{not:?}"));
    for m in got["may"].as_array().into_iter().flatten() {
        if strings(&m["cites"]).is_empty() || m["what"].as_str().unwrap_or_default().is_empty() {
            bad.push(format!("{case}: {} has no rules or no words", token(m)));
        }
    }
    bad
}

#[test]
fn next_answers_what_the_rules_allow_in_every_test_situation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/next");
    let cases: Vec<Case> =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join("expected.yaml")).unwrap()).unwrap();
    let mut files: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "expected.yaml" && n.ends_with(".yaml"))
        .collect();
    let mut bad = Vec::new();
    for case in &cases {
        assert!(
            files.remove(&case.file),
            "{} is listed twice or missing",
            case.file
        );
        let text = std::fs::read_to_string(dir.join(&case.file)).unwrap();
        let out: Value =
            serde_json::from_str(&chainjudge::api::next_json(&case.file, &text, "", case.at))
                .unwrap();
        assert!(
            out.get("error").is_none(),
            "{}: {}",
            case.file,
            out["error"]
        );
        let got = out["answers"].as_array().cloned().unwrap_or_default();
        let wants: Vec<&Expected> = if case.answers.is_empty() {
            vec![&case.answer]
        } else {
            case.answers.iter().collect()
        };
        if got.len() != wants.len() {
            bad.push(format!(
                "{}: expected {} answer(s), got {}: {}",
                case.file,
                wants.len(),
                got.len(),
                serde_json::to_string(&got).unwrap()
            ));
            continue;
        }
        for (w, g) in wants.iter().zip(&got) {
            if let Some(eds) = &w.editions {
                if strings(&g["editions"]) != *eds {
                    bad.push(format!(
                        "{}: editions {:?}, got {}",
                        case.file, eds, g["editions"]
                    ));
                }
            }
            bad.extend(check(&case.file, w, g));
        }
    }
    assert!(
        files.is_empty(),
        "files without an expected answer: {files:?}"
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The timing `next` writes for a play of `item` (`play/<timing>`), or the timings list of an
/// ability (`activate`).
fn timing_of(item: &chainjudge::situation::ItemSpec) -> (&'static str, Vec<&'static str>) {
    use chainjudge::situation::{FromZone, ItemKind, Keyword};
    let t = match (item.from, item.keyword) {
        (FromZone::Hidden, _) => "hidden",
        (_, Some(Keyword::Reaction)) => "reaction",
        (_, Some(Keyword::Action)) => "action",
        (_, None) => "none",
    };
    let ambush = item.keys.unit.as_ref().is_some_and(|u| u.ambush);
    let mut ok = vec![t];
    if ambush {
        ok.push("ambush");
    }
    if item.kind == ItemKind::Activated {
        ("activate", ok)
    } else {
        ("play", ok)
    }
}

/// Whether `ans` offers a play or activation of `item`'s timing class.
/// An Ambush play is offered only where it enters: the battlefield must be among the entry's `to`.
fn offers(ans: &chainjudge::next::Answer, item: &chainjudge::situation::ItemSpec) -> bool {
    let (word, timings) = timing_of(item);
    let at = item.at.as_deref().map(chainjudge::situation::slug);
    ans.may.iter().any(|m| {
        m.action.word() == word
            && m.details.get("timing").is_some_and(|t| match t {
                Value::String(x) if x == "ambush" => {
                    timings.contains(&"ambush")
                        && at.as_ref().is_some_and(|at| {
                            m.details["to"]
                                .as_array()
                                .is_some_and(|to| to.iter().any(|b| b.as_str() == Some(at)))
                        })
                }
                Value::String(x) => timings.contains(&x.as_str()),
                Value::Array(xs) => xs
                    .iter()
                    .any(|x| timings.contains(&x.as_str().unwrap_or(""))),
                _ => false,
            })
    })
}

/// `next` under `ed` on `s` cut just before action `i` (the choices written later, `order`,
/// `assign` and `begin`, are kept: the replay finds them wherever they are written), with
/// passes appended for whoever must act first until `player` must act: the answer there, or
/// why it was not reached.
fn answer_for(
    s: &chainjudge::situation::Situation,
    ed: chainjudge::edition::EditionId,
    i: usize,
    player: chainjudge::situation::PlayerId,
) -> Result<chainjudge::next::Answer, String> {
    use chainjudge::next::{ActionWord, Stop};
    use chainjudge::situation::{Action, ActionKind};
    let mut cut = s.clone();
    cut.actions = s.actions[..i].to_vec();
    cut.actions.extend(
        s.actions[i..]
            .iter()
            .filter(|a| {
                matches!(
                    a.kind,
                    ActionKind::Order(_) | ActionKind::Assign { .. } | ActionKind::Begin(_)
                )
            })
            .cloned(),
    );
    let mut passes = Vec::new();
    for _ in 0..4 * s.players.len() + 4 {
        let ans = chainjudge::engine::next(&cut, ed, Stop::Unwritten, None);
        if let Some(why) = &ans.over {
            return Err(format!("over after passes by {passes:?}: {why}"));
        }
        let q = ans.player.ok_or("nobody acts")?;
        let may_pass = ans.may.iter().any(|m| m.action == ActionWord::Pass);
        if q == player && may_pass {
            return Ok(ans);
        }
        if let Some(assign) = ans.may.iter().find(|m| m.action == ActionWord::Assign) {
            // The assignment the full replay made: the default, which `next` gives per unit.
            let to: Vec<(String, i64)> = assign.details["to"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| {
                    let unit = t["unit"].as_str().unwrap_or_default().to_string();
                    (unit, t["default"].as_i64().unwrap_or(0))
                })
                .collect();
            cut.actions.push(Action {
                kind: ActionKind::Assign {
                    id: format!("assign-by-test-{}", passes.len()),
                    by: q,
                    to,
                },
                loc: Default::default(),
            });
            continue;
        }
        if !may_pass {
            return Err(format!("{} must act and may not pass", cut.name(q)));
        }
        passes.push(cut.name(q).to_string());
        cut.actions.insert(
            i + passes.len() - 1,
            Action {
                kind: ActionKind::Pass(q),
                loc: Default::default(),
            },
        );
    }
    Err(format!(
        "{} never acts (passes by {passes:?})",
        s.name(player)
    ))
}

/// For every ruling with a situation and each written play in it (issue 21, Done when): cut the
/// actions just before the play and ask `next`, appending a pass for whoever must act first
/// until the play's player must act. A play the full replay takes must then be offered to them
/// (its timing class among the `play` or `activate` entries); a play the replay refuses for
/// timing must not be. The engine's timing filter and `next` must never disagree.
#[test]
fn next_allows_every_play_the_rulings_make_at_the_point_they_make_it() {
    use chainjudge::situation::ActionKind;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let (mut taken, mut refused) = (0, 0);
    let mut bad = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(s) = chainjudge::situation::load(&name, &text) else {
            continue;
        };
        if !s.has_situation {
            continue;
        }
        for ed in chainjudge::editions_of(&s) {
            let full = chainjudge::engine::replay(&s, ed, None);
            if full.error.is_some() {
                continue;
            }
            for (i, a) in s.actions.iter().enumerate() {
                let ActionKind::Play(item) = &a.kind else {
                    continue;
                };
                let Some(p) = item.controller else {
                    continue;
                };
                let why = full
                    .outcome
                    .refused
                    .iter()
                    .find(|(id, _)| *id == item.id)
                    .map(|(_, w)| w);
                let for_timing = why.is_some_and(|w| {
                    w.contains("may be played in a") || w.contains("may only be played on")
                });
                let unreached = full.outcome.unreached.iter().any(|(id, _)| *id == item.id);
                if unreached || (why.is_some() && !for_timing) {
                    continue;
                }
                let ans = match answer_for(&s, ed, i, p) {
                    Ok(ans) => ans,
                    Err(e) => {
                        bad.push(format!("{name} ({}): before {}: {e}", ed.word(), item.id));
                        continue;
                    }
                };
                let listed = offers(&ans, item);
                if for_timing {
                    refused += 1;
                } else {
                    taken += 1;
                }
                if listed == for_timing {
                    bad.push(format!(
                        "{name} ({}): before {} ({:?}, refused for timing: {for_timing}): {} may {:?}",
                        ed.word(),
                        item.id,
                        timing_of(item),
                        s.name(p),
                        ans.may.iter().map(|m| &m.what).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    assert!(
        taken > 100 && refused > 5,
        "only {taken} taken and {refused} refused plays checked"
    );
    assert!(bad.is_empty(), "{} wrong:\n{}", bad.len(), bad.join("\n"));
}

/// `text` with `line` added at the end of its `actions` list.
fn with_action(text: &str, line: &str) -> String {
    if text.contains("\nactions: []") {
        return text.replacen("\nactions: []", &format!("\nactions:\n  {line}"), 1);
    }
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines.iter().position(|l| l.starts_with("actions:")) else {
        return format!("{}\nactions:\n  {line}\n", text.trim_end());
    };
    let mut end = start + 1;
    while end < lines.len() && (lines[end].starts_with(' ') || lines[end].trim().is_empty()) {
        end += 1;
    }
    let mut out: Vec<String> = lines[..end].iter().map(|l| l.to_string()).collect();
    out.push(format!("  {line}"));
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    out.join("\n") + "\n"
}

/// Each line `next` says to write (`write`), added at the end of the file's actions, loads and
/// is taken by the replay: not refused, not left unused, not never reached (the flow the Guide
/// gives: ask `next`, add the action it offers, ask again).
#[test]
fn every_line_next_says_to_write_is_taken_by_the_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/next");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "expected.yaml" && n.ends_with(".yaml"))
        .collect();
    names.sort();
    let (mut tried, mut bad) = (0, Vec::new());
    for name in names {
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let out: Value =
            serde_json::from_str(&chainjudge::api::next_json(&name, &text, "", 0)).unwrap();
        for a in out["answers"].as_array().into_iter().flatten() {
            for m in a["may"].as_array().into_iter().flatten() {
                let line = m["write"].as_str().unwrap_or_default();
                let eds = strings(&a["editions"]);
                let s = match chainjudge::situation::load(&name, &with_action(&text, line)) {
                    Ok(s) => s,
                    Err(e) => {
                        bad.push(format!(
                            "{name}: `{line}` does not load: {:?}",
                            e.problems[0].message
                        ));
                        continue;
                    }
                };
                tried += 1;
                for ed in chainjudge::editions_of(&s)
                    .into_iter()
                    .filter(|e| eds.contains(&e.word().to_string()))
                {
                    let t = chainjudge::engine::replay(&s, ed, None);
                    let id = s.actions.last().map(|a| match &a.kind {
                        chainjudge::situation::ActionKind::Play(item) => item.id.clone(),
                        chainjudge::situation::ActionKind::Move { id, .. } => id.clone(),
                        _ => String::new(),
                    });
                    let id = id.unwrap_or_default();
                    let stuck = t
                        .outcome
                        .refused
                        .iter()
                        .chain(&t.outcome.unreached)
                        .any(|(x, _)| *x == id && !id.is_empty());
                    if stuck || !t.outcome.unused.is_empty() || t.error.is_some() {
                        bad.push(format!(
                            "{name} ({}): `{line}`: refused or unreached {stuck}, unused {:?}, error {:?}",
                            ed.word(),
                            t.outcome.unused,
                            t.error.as_ref().map(|e| &e.message)
                        ));
                    }
                }
            }
        }
    }
    assert!(tried > 150, "only {tried} lines tried");
    assert!(
        bad.is_empty(),
        "{} of {tried}:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The assignment `next` offers, in detail, as the rules make it: Tank first with its lethal
/// damage, the rest to the next unit (465.2.c.3, 815.1.b), written as the default; a stunned
/// unit adds nothing and is named with 423.1.b; a unit with Tank and Backline is the assigner's
/// choice (465.2.c.8); the step is named.
#[test]
fn the_assignment_next_offers_follows_the_damage_rules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/next");
    let assign = |name: &str| -> (Value, Value) {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let out: Value =
            serde_json::from_str(&chainjudge::api::next_json(name, &text, "", 0)).unwrap();
        let a = out["answers"][0].clone();
        (a["may"][0].clone(), a)
    };
    // Ana's 5 Might: guard (Tank, Might 2) gets its lethal 2 first, the poro (Might 4) the 3 left.
    let (m, a) = assign("board-assign-tank.yaml");
    assert_eq!(
        m["write"], "- assign: { by: Ana, to: { guard: 2, loyal-poro: 3 } }",
        "{m}"
    );
    assert!(
        a["showdown"]
            .as_str()
            .unwrap()
            .ends_with("the Combat Damage Step"),
        "{a}"
    );
    let has = |m: &Value, n: &str| strings(&m["cites"]).iter().any(|c| c.starts_with(n));
    assert!(has(&m, "815.1.b"), "{m}");
    let (m, _) = assign("stunned-attacker-total.yaml");
    assert!(
        has(&m, "423.1.b") && m["what"].as_str().unwrap().contains("brute stunned"),
        "{m}"
    );
    let (m, _) = assign("tank-backline-one-unit.yaml");
    assert!(
        has(&m, "465.2.c.8") && m["what"].as_str().unwrap().contains("Ana chooses"),
        "{m}"
    );
}
