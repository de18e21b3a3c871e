//! The report as the web page lays it out: the same lines the text report prints (header,
//! steps, summary, the comparison of editions, footnotes), made by the same functions, as JSON
//! for a page to arrange at a phone's width. The citations stay in the JSON report
//! ([`super::write_json`]), which the page reads beside this view to link each rule number.

use super::*;
use serde_json::{json, Value};

/// The view of `r`: `{"title", "header": [[label, value]], "steps": [{n, who, what, notes,
/// state, holders, flag, only, folded, short}], "summaries": [{heading, lines: [[label, value]]}],
/// "answer": [line], "answer_differing": [index into answer], "differences": [line], "hints": [line], "footnotes": [line]}`. `only` names the one edition a step is taken
/// under (`july`, `october`), or is null; `what` then starts with "[July only]" as in the text.
/// `folded`: the compact view folds the step into the next one shown; `short`: a shown step as
/// the compact view tells it (short, with "(after Ana and Ben pass)"), null for a folded one.
pub fn view(r: &Report) -> Value {
    let eds = editions(r);
    // The compact view's steps, by number, told as it tells them.
    let c = compact(r);
    let short: std::collections::HashMap<usize, String> = c
        .rows
        .iter()
        .filter_map(|row| Some((row.n, line_of(&c, &eds, row)?.what)))
        .collect();
    let steps: Vec<Value> = r
        .rows
        .iter()
        .filter_map(|row| {
            let l = line_of(r, &eds, row)?;
            Some(json!({
                "folded": !short.contains_key(&row.n),
                "short": short.get(&row.n),
                "n": row.n,
                "who": l.who,
                "what": l.what,
                "notes": l.notes,
                "state": l.state,
                "holders": l.holders,
                "flag": l.flag,
                "only": l.only,
            }))
        })
        .collect();
    let summaries: Vec<Value> = summaries(r)
        .into_iter()
        .map(|(heading, lines)| json!({ "heading": heading, "lines": lines }))
        .collect();
    let a = answer(r);
    json!({
        "title": r.situation.title,
        "header": header(r),
        "steps": steps,
        "summaries": summaries,
        "answer": a.lines,
        "answer_differing": a.differing,
        "differences": differences(r),
        "hints": hint_lines(r),
        "footnotes": footnotes(r),
    })
}
