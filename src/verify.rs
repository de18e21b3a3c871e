//! Checking a replay's outcome against the file's `expect` block.

use crate::edition::EditionId;
use crate::render::cited_numbers;
use crate::situation::{ExpectBlock, Situation};
use crate::trace::Trace;
use std::collections::BTreeSet;

/// The expectations that apply under `ed`: top-level keys, replaced key by key by the edition's
/// own block.
pub fn block_for(s: &Situation, ed: EditionId) -> Option<ExpectBlock> {
    let e = s.expect.as_ref()?;
    let mut b = e.common.clone();
    let over = match ed {
        EditionId::July => e.july.as_ref(),
        EditionId::October => e.october.as_ref(),
    };
    if let Some(o) = over {
        macro_rules! take {
            ($($f:ident),*) => { $( if o.$f.is_some() { b.$f = o.$f.clone(); } )* };
        }
        take!(
            resolved,
            countered,
            refused,
            unreached,
            banished,
            priority,
            focus,
            state,
            showdown_ended,
            legion,
            next_turns,
            cites
        );
    }
    Some(b)
}

fn set(v: &[String]) -> BTreeSet<&str> {
    v.iter().map(String::as_str).collect()
}

fn show(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

fn show_set(v: &BTreeSet<&str>) -> String {
    format!("[{}]", v.iter().copied().collect::<Vec<_>>().join(", "))
}

/// A set-valued expectation: its key, the expected ids, the ids the replay produced.
type SetCheck<'a> = (&'static str, &'a Option<Vec<String>>, Vec<String>);

/// Every mismatch between the expectations and the trace, as `key: expected X, got Y` lines.
/// An empty result means the trace meets them.
pub fn mismatches(s: &Situation, t: &Trace) -> Vec<String> {
    let Some(b) = block_for(s, t.edition) else {
        return vec!["no `expect` block: a situation without expectations checks nothing".into()];
    };
    let o = &t.outcome;
    let mut out = Vec::new();
    if let Some(err) = &t.error {
        out.push(format!("the replay stopped: {}", err.message));
    }
    if let Some(exp) = &b.resolved {
        if *exp != o.resolved {
            out.push(format!(
                "resolved: expected {}, got {}",
                show(exp),
                show(&o.resolved)
            ));
        }
    }
    let sets: [SetCheck; 4] = [
        ("countered", &b.countered, o.countered.clone()),
        (
            "refused",
            &b.refused,
            o.refused.iter().map(|(i, _)| i.clone()).collect(),
        ),
        (
            "unreached",
            &b.unreached,
            o.unreached.iter().map(|(i, _)| i.clone()).collect(),
        ),
        ("banished", &b.banished, o.banished.clone()),
    ];
    for (key, exp, got) in sets {
        if let Some(exp) = exp {
            if set(exp) != set(&got) {
                out.push(format!(
                    "{key}: expected {}, got {}",
                    show_set(&set(exp)),
                    show_set(&set(&got))
                ));
            }
        }
    }
    for (key, exp, got) in [
        ("priority", &b.priority, o.priority),
        ("focus", &b.focus, o.focus),
    ] {
        if let Some(exp) = exp {
            let got = got.map(|p| s.name(p).to_string());
            if *exp != got {
                out.push(format!(
                    "{key}: expected {}, got {}",
                    exp.as_deref().unwrap_or("none"),
                    got.as_deref().unwrap_or("none")
                ));
            }
        }
    }
    if let Some(exp) = b.state {
        if Some(exp) != o.state {
            out.push(format!(
                "state: expected {}, got {}",
                exp.word(),
                o.state.map_or("none", |x| x.word())
            ));
        }
    }
    if let Some(exp) = b.showdown_ended {
        if exp != o.showdown_ended {
            out.push(format!(
                "showdown_ended: expected {exp}, got {}",
                o.showdown_ended
            ));
        }
    }
    if let Some(exp) = &b.legion {
        for (id, v) in exp {
            match o.legion.iter().find(|l| l.id == *id) {
                None => {
                    let why = o
                        .refused
                        .iter()
                        .find(|(r, _)| r == id)
                        .map(|(_, why)| format!(" (it was refused: {why})"))
                        .or_else(|| {
                            o.unreached
                                .iter()
                                .any(|(r, _)| r == id)
                                .then(|| " (it was never reached)".to_string())
                        })
                        .unwrap_or_default();
                    out.push(format!(
                        "legion: expected {id}: {v}, but {id} was never finalized{why}"
                    ));
                }
                Some(l) if l.finalized != *v => {
                    out.push(format!("legion: expected {id}: {v}, got {}", l.finalized))
                }
                Some(_) => {}
            }
        }
    }
    if let Some(exp) = &b.next_turns {
        let got: Vec<String> = o
            .next_turns
            .iter()
            .take(exp.len())
            .map(|p| s.name(*p).to_string())
            .collect();
        if *exp != got {
            out.push(format!(
                "next_turns: expected to start {}, got {}",
                show(exp),
                show(&got)
            ));
        }
    }
    if let Some(exp) = &b.cites {
        let got = cited_numbers(t);
        let missing: Vec<String> = exp.iter().filter(|c| !got.contains(c)).cloned().collect();
        if !missing.is_empty() {
            out.push(format!(
                "cites: {} not cited under {} (cited: {})",
                show(&missing),
                t.edition.title(),
                got.join(", ")
            ));
        }
    }
    out
}
