//! The report's hints, with their lines: the file's own (`situation::hints`) and the plays that
//! waited for a pass not written before them ([`crate::waited`]).

use super::*;

/// The file's hints ([`crate::situation::hints`]) as `(line, column, text)`, rule numbers
/// filled in the replayed editions' numbers.
pub(crate) fn hints_at(r: &Report) -> Vec<(usize, usize, String)> {
    let s = r.situation;
    let eds = editions(r);
    let mut out: Vec<(usize, usize, String)> = crate::situation::hints(s)
        .into_iter()
        .map(|h| {
            let (line, col) = crate::diag::line_col(&s.source, h.loc.offset);
            let note = Note {
                text: h.text,
                cites: h.cites,
            };
            (line, col, filled_note(&eds, &note))
        })
        .collect();
    // Plays and moves that waited for a pass not written before them (issue 21).
    for w in crate::waited::waited(s, &r.traces) {
        let (line, col) = crate::diag::line_col(&s.source, w.loc.offset);
        let names: Vec<String> = w.passes.iter().map(|p| s.name(*p).to_string()).collect();
        let write: Vec<String> = names.iter().map(|n| format!("`pass: {n}`")).collect();
        let under = if w.editions.len() < eds.len() {
            let e: Vec<&str> = w.editions.iter().map(|e| e.title()).collect();
            format!(" (under {})", e.join(" and "))
        } else {
            String::new()
        };
        out.push((
            line,
            col,
            // The play as written stays what the replay says (refused, say, in a showdown);
            // the hint only offers the reading where it came after the passes.
            format!(
                "{}'s {} {}, {} as written, goes through after {}: write {} before it if that was meant{under}",
                s.name(w.controller),
                if w.is_move {
                    "standard move"
                } else {
                    "play of"
                },
                w.id,
                if w.refused { "refused" } else { "never reached" },
                passes_of(&names),
                crate::engine::join_and(&write)
            ),
        ));
    }
    out.sort_by_key(|(line, col, _)| (*line, *col));
    out
}

/// "Ben's pass", "Ben's and Cleo's passes".
fn passes_of(names: &[String]) -> String {
    let owners: Vec<String> = names.iter().map(|n| format!("{n}'s")).collect();
    let noun = if names.len() == 1 { "pass" } else { "passes" };
    format!("{} {noun}", crate::engine::join_and(&owners))
}

/// The file's hints, one line each: "line L: text".
pub(crate) fn hint_lines(r: &Report) -> Vec<String> {
    hints_at(r)
        .into_iter()
        .map(|(line, _, text)| format!("line {line}: {text}"))
        .collect()
}
