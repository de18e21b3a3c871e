//! `chainjudge next` written out: the text a judge reads (who acts, then each legal kind of
//! action with its rules, then what is not allowed now and why) and the JSON the page turns
//! into buttons (`{"file", "answers": [{"editions", "after_step", "over", "player", "priority",
//! "focus", "state", "phase", "showdown", "may": [{"action", "what", "cites", ...details}],
//! "not_now": [{"action", "what", "why", "cites"}]}]}`).

use super::*;
use crate::next::Answer;
use serde_json::{json, Value};

/// The rules of `cites` under the answer's editions, in the compact view's marks: the number
/// where both editions agree ("347.2"), `°` where October's is unconfirmed and July's rule is
/// followed ("806°"), October's in brackets where it differs ("420.3 (Oct 421.3*)", `*`:
/// inferred from a known shift). Under October alone, an unconfirmed number is July's with `°`.
fn rules(a: &Answer, cites: &[Cite]) -> Vec<String> {
    let eds = Editions::get();
    cites
        .iter()
        .map(|&c| {
            let first = match eds.edition(a.editions[0]).resolve(c) {
                // October alone, its number unconfirmed: July's, marked as the table marks it.
                Cited::Unconfirmed { july } => format!("{july}°"),
                cited => cited.label(),
            };
            match a.editions.get(1) {
                Some(&other) => match eds.edition(other).resolve(c) {
                    Cited::Unconfirmed { .. } => format!("{first}°"),
                    Cited::Inferred { number } => format!("{first} (Oct {number}*)"),
                    second if second.label() == first => first,
                    second => format!("{first} (Oct {})", second.label()),
                },
                None => first,
            }
        })
        .filter(|l| !l.is_empty())
        .collect()
}

/// The marks `answers` use, explained in a line ("" when none is used).
fn legend(answers: &[Answer]) -> String {
    let all: Vec<String> = answers
        .iter()
        .flat_map(|a| {
            let may = a.may.iter().flat_map(|m| rules(a, &m.cites));
            let not = a.not_now.iter().flat_map(|n| rules(a, &n.cites));
            may.chain(not).collect::<Vec<_>>()
        })
        .collect();
    let mut parts = Vec::new();
    if all.iter().any(|r| r.ends_with('°')) {
        parts.push("°: October number unconfirmed, July rule followed");
    }
    if all.iter().any(|r| r.ends_with("*)")) {
        parts.push("*: October number inferred from a known shift");
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{}.", parts.join("; "))
    }
}

/// Who holds Priority and Focus, in words: "Ben holds Focus and Priority", "Ana holds
/// Priority; nobody holds Focus".
fn holders(s: &Situation, a: &Answer) -> String {
    match (a.priority, a.focus) {
        (Some(p), Some(f)) if p == f => format!("{} holds Focus and Priority", s.name(p)),
        (Some(p), Some(f)) => format!("{} holds Priority, {} holds Focus", s.name(p), s.name(f)),
        (Some(p), None) => format!("{} holds Priority", s.name(p)),
        (None, Some(f)) => format!("Nobody holds Priority; {} holds Focus", s.name(f)),
        (None, None) => "Nobody holds Priority".to_string(),
    }
}

/// The text of `answers` for `s`, fitted to `width` columns.
pub fn next_text(s: &Situation, answers: &[Answer], width: usize) -> String {
    let mut out = String::new();
    let eds: Vec<EditionId> = answers.iter().flat_map(|a| a.editions.clone()).collect();
    let _ = writeln!(
        out,
        "{}",
        fit_line(
            &format!(
                "What may happen next: {} ({})",
                s.path,
                editions_words(s, &eds)
            ),
            width,
            2
        )
    );
    for a in answers {
        out.push('\n');
        let who = if answers.len() > 1 {
            format!("{}: ", a.editions[0].title())
        } else {
            String::new()
        };
        let at = if a.after_step == 0 {
            "At the start".to_string()
        } else {
            format!("After step {}", a.after_step)
        };
        let showdown = a
            .showdown
            .as_ref()
            .map_or_else(String::new, |sd| format!("; {sd}"));
        let _ = writeln!(
            out,
            "{}",
            fit_line(
                &format!(
                    "{who}{at} ({}, {}{showdown}):",
                    a.state.title(),
                    a.phase.title()
                ),
                width,
                2
            )
        );
        if let Some(why) = &a.over {
            let _ = writeln!(
                out,
                "{}",
                fit_line(&format!("Nobody acts: {why}."), width, 2)
            );
            continue;
        }
        let player = a.player.map_or("nobody", |p| s.name(p));
        let _ = writeln!(
            out,
            "{}",
            fit_line(
                &format!("{}. {player} acts now and may:", holders(s, a)),
                width,
                2
            )
        );
        for m in &a.may {
            let r = rules(a, &m.cites).join(", ");
            let line = format!("  {}  [{r}]", m.what);
            let _ = writeln!(out, "{}", fit_line(&line, width, 4));
            let _ = writeln!(
                out,
                "{}",
                fit_line(&format!("    write `{}`", m.write), width, 6)
            );
        }
        if !a.not_now.is_empty() {
            // Kinds refused for the same reason share it.
            let mut groups: Vec<(Vec<String>, &str, Vec<String>)> = Vec::new();
            for n in &a.not_now {
                let r = rules(a, &n.cites);
                match groups.iter_mut().find(|g| g.1 == n.why && g.2 == r) {
                    Some(g) => g.0.push(n.what.clone()),
                    None => groups.push((vec![n.what.clone()], &n.why, r)),
                }
            }
            let parts: Vec<String> = groups
                .iter()
                .map(|(what, why, r)| {
                    let why = if why.is_empty() {
                        String::new()
                    } else {
                        format!("{why}; ")
                    };
                    format!("{} ({why}{})", crate::engine::join_or(what), r.join(", "))
                })
                .collect();
            let _ = writeln!(
                out,
                "{}",
                fit_line(&format!("Not now: {}.", parts.join("; ")), width, 2)
            );
        }
    }
    let marks = legend(answers);
    if !marks.is_empty() {
        let _ = writeln!(out, "\n{}", fit_line(&marks, width, 2));
    }
    out
}

/// One answer as JSON.
fn answer_json(s: &Situation, a: &Answer) -> Value {
    let may: Vec<Value> = a
        .may
        .iter()
        .map(|m| {
            let mut o = m.details.clone();
            o.insert("action".into(), json!(m.action.word()));
            o.insert("what".into(), json!(m.what));
            o.insert("cites".into(), json!(rules(a, &m.cites)));
            o.insert("write".into(), json!(m.write));
            Value::Object(o)
        })
        .collect();
    let not_now: Vec<Value> = a
        .not_now
        .iter()
        .map(|n| {
            let mut o = json!({
                "action": n.action.word(),
                "what": n.what,
                "why": n.why,
                "cites": rules(a, &n.cites),
            });
            if let Some(t) = n.timing {
                o["timing"] = json!(t);
            }
            o
        })
        .collect();
    json!({
        "editions": a.editions.iter().map(|e| e.word()).collect::<Vec<_>>(),
        "after_step": a.after_step,
        "over": a.over.is_some(),
        "why": a.over,
        "player": a.player.map(|p| s.name(p)),
        "priority": a.priority.map(|p| s.name(p)),
        "focus": a.focus.map(|p| s.name(p)),
        "state": a.state.word(),
        "phase": a.phase.word(),
        "showdown": a.showdown,
        "may": may,
        "not_now": not_now,
    })
}

/// The JSON document of `answers` for `s` (with `format_version`).
pub fn next_json(s: &Situation, answers: &[Answer]) -> String {
    json_document(&json!({
        "file": s.path,
        "answers": answers.iter().map(|a| answer_json(s, a)).collect::<Vec<_>>(),
        "legend": legend(answers),
    }))
}
