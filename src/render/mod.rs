//! Rendering a [`Report`] as text (comfy-table), JSON (versioned) or Markdown.
//!
//! Citations become numbers here, through the edition data. Under October, an established number
//! prints as is; a number the known changes imply but no source quotes prints as "N (inferred)";
//! any other prints as "October: unconfirmed (July n)". A footnote explains each mark used.

mod answer;
mod board;
mod compact;
mod compact_list;
mod compact_rules;
mod fit;
mod head;
mod json;
mod markdown;
mod table;
pub mod view;

pub use fit::{fit, fit_line, fitted_table, Columns};
pub use markdown::markdown;

use crate::compare::{Flag, Report, Row};
use crate::edition::{Cite, Cited, EditionId, Editions};
use crate::situation::{Phase, PlayerId, Situation, Status};
use crate::trace::{BoardOutcome, CombatResult, Note, Outcome, Step, Trace};
pub use answer::{answer, Answer};
use board::{board_entry, board_key_line, board_summary, json_board, json_change};
pub use compact::{compact, Steps};
pub use json::{json, write_json};
use std::fmt::Write as _;

/// The version of the JSON output's shape.
pub const JSON_FORMAT_VERSION: u32 = 1;

/// `value` as a pretty-printed JSON document ending in a newline, with `format_version` added
/// at the top level when `value` is an object: what every `--format json` prints.
pub fn json_document<T: serde::Serialize>(value: &T) -> String {
    let mut v = serde_json::to_value(value).unwrap_or_default();
    if let serde_json::Value::Object(map) = &mut v {
        map.insert(
            "format_version".into(),
            serde_json::json!(JSON_FORMAT_VERSION),
        );
    }
    let mut text = serde_json::to_string_pretty(&v).unwrap_or_default();
    text.push('\n');
    text
}

/// How to print.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Colour (only on a terminal, never with `NO_COLOR`).
    pub color: bool,
    /// Width in columns.
    pub width: u16,
    /// Which steps the text report shows: compact (routine steps folded) or all.
    pub steps: Steps,
}

const UNCONFIRMED_FOOTNOTE: &str =
    "Unconfirmed: the October number of that rule is not established by the known October changes; the July number is shown and the July behaviour is followed.";

const INFERRED_FOOTNOTE: &str =
    "Inferred: the known October changes imply that October number (a block of rules renumbered by a known shift) but no source quotes it; the content is the July rule's.";

/// How the October label of `c` is qualified when printed next to the July one.
fn oct_mark(c: Cite) -> Option<&'static str> {
    match Editions::get().edition(EditionId::October).resolve(c) {
        Cited::Unconfirmed { .. } => Some("unconfirmed"),
        Cited::Inferred { .. } => Some("inferred"),
        _ => None,
    }
}

/// "July a / Oct b", or one number when they agree; an unconfirmed October number is a note on
/// the July one, and an inferred one equal to July's keeps its mark.
fn july_oct(c: Cite, j: &str, o: &str) -> String {
    let oct = Editions::get().edition(EditionId::October).resolve(c);
    match oct_mark(c) {
        Some("unconfirmed") => format!("{j} (Oct: unconfirmed)"),
        Some(m) if oct.number() == Some(j) => format!("{j} (Oct: {m})"),
        _ if j == o => j.to_string(),
        _ => format!("July {j} / Oct {o}"),
    }
}

fn cite_text(ed: EditionId, c: Cite) -> Option<String> {
    let cited = Editions::get().edition(ed).resolve(c);
    (cited != Cited::Omitted).then(|| cited.label())
}

/// The rules cell of a step under one edition.
fn rules_one(ed: EditionId, cites: &[Cite]) -> String {
    cites
        .iter()
        .filter_map(|c| cite_text(ed, *c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rules cell of an aligned July/October step: numbers printed once where they agree.
fn rules_both(july: &Step, october: &Step) -> String {
    let mut parts = Vec::new();
    let mut all: Vec<Cite> = july.cites.clone();
    for c in &october.cites {
        if !all.contains(c) {
            all.push(*c);
        }
    }
    for c in all {
        let j = july
            .cites
            .contains(&c)
            .then(|| cite_text(EditionId::July, c))
            .flatten();
        let o = october
            .cites
            .contains(&c)
            .then(|| cite_text(EditionId::October, c))
            .flatten();
        parts.push(match (j, o) {
            (Some(j), Some(o)) => july_oct(c, &j, &o),
            (Some(j), None) => format!("{j} (July only)"),
            (None, Some(o)) => format!("{o} (Oct only)"),
            (None, None) => continue,
        });
    }
    parts.join(", ")
}

fn note_text(ed: &[EditionId], n: &Note, only: Option<EditionId>) -> String {
    let text = filled_note(ed, n);
    match only {
        Some(e) => format!("Note ({} only): {text}", e.title()),
        None => format!("Note: {text}"),
    }
}

/// A note's text with its `{0}`, `{1}`... replaced by its citations in `ed`'s numbers (both
/// editions' where they differ).
pub(crate) fn filled_note(ed: &[EditionId], n: &Note) -> String {
    let labels: Vec<String> = n
        .cites
        .iter()
        .map(|c| {
            let labels: Vec<String> = ed.iter().filter_map(|e| cite_text(*e, *c)).collect();
            match labels.as_slice() {
                [a, b] => july_oct(*c, a, b),
                [a, ..] => a.clone(),
                [] => String::new(),
            }
        })
        .collect();
    let mut text = n.text.clone();
    for (i, l) in labels.iter().enumerate() {
        text = text.replace(&format!("{{{i}}}"), l);
    }
    text
}

fn who(s: &Situation, p: Option<PlayerId>) -> String {
    p.map_or_else(|| "-".to_string(), |p| s.name(p).to_string())
}

fn holders(s: &Situation, st: &Step) -> String {
    let f = st
        .focus
        .map_or_else(String::new, |f| format!(" / {}", s.name(f)));
    format!("{}{f}", who(s, st.priority))
}

fn editions(r: &Report) -> Vec<EditionId> {
    r.traces.iter().map(|t| t.edition).collect()
}

/// One printable row: number, who, what, its notes, state, holders, rules, flag.
struct Line {
    n: String,
    who: String,
    what: String,
    /// The step's notes, each a sentence or more ("Note (July only): ...").
    notes: Vec<String>,
    state: String,
    holders: String,
    rules: String,
    flag: Flag,
    /// The one edition the step is taken under, when two are compared and only one has it.
    only: Option<EditionId>,
}

/// The printable row of `r` (numbered `row.n`), or `None` for a row no edition has.
fn line_of(r: &Report, eds: &[EditionId], row: &Row) -> Option<Line> {
    let s = r.situation;
    let Row { n, steps, flag } = row;
    let present: Vec<(usize, &Step)> = steps
        .iter()
        .enumerate()
        .filter_map(|(k, i)| i.map(|i| (k, &r.traces[k].steps[i])))
        .collect();
    let &(k0, first) = present.first()?;
    let mut what = first.what.clone();
    let only = (present.len() == 1 && eds.len() == 2).then(|| eds[k0]);
    if let Some(e) = only {
        what = format!("[{} only] {what}", e.title());
    }
    let mut notes: Vec<String> = Vec::new();
    for (k, st) in &present {
        for note in &st.notes {
            let eds_here: Vec<EditionId> =
                if present.len() == 2 && present.iter().all(|(_, x)| x.notes.contains(note)) {
                    eds.to_vec()
                } else {
                    vec![eds[*k]]
                };
            let only = (eds_here.len() == 1 && eds.len() == 2).then_some(eds[*k]);
            let t = note_text(&eds_here, note, only);
            if !notes.contains(&t) {
                notes.push(t);
            }
        }
    }
    let rules = match present.as_slice() {
        [(_, a), (_, b)] => rules_both(a, b),
        [(k, a)] => rules_one(eds[*k], &a.cites),
        _ => String::new(),
    };
    // Where the editions' states or holders differ on a shared row, both are shown.
    let (state, holder) = match present.as_slice() {
        [(_, a), (_, b)] if a.state != b.state || holders(s, a) != holders(s, b) => (
            if a.state == b.state {
                a.state.title().to_string()
            } else {
                format!("July: {}; Oct: {}", a.state.title(), b.state.title())
            },
            if holders(s, a) == holders(s, b) {
                holders(s, a)
            } else {
                format!("July: {}; Oct: {}", holders(s, a), holders(s, b))
            },
        ),
        _ => (first.state.title().to_string(), holders(s, first)),
    };
    Some(Line {
        n: n.to_string(),
        who: who(s, first.who),
        what,
        notes,
        state,
        holders: holder,
        rules,
        flag: *flag,
        only,
    })
}

/// Every printable row of `r`, made one at a time.
fn lines_of<'r>(r: &'r Report<'_>) -> impl Iterator<Item = Line> + 'r {
    let eds = editions(r);
    r.rows.iter().filter_map(move |row| line_of(r, &eds, row))
}

fn edition_line(s: &Situation, eds: &[EditionId]) -> String {
    let book = Editions::get();
    let names: Vec<String> = eds
        .iter()
        .map(|e| {
            format!(
                "{} 2026 Core Rules (last updated {})",
                e.title(),
                book.edition(*e).last_updated
            )
        })
        .collect();
    let mut line = names.join(" and ");
    if eds.len() == 2 {
        line.push_str(", compared");
    }
    if let Some(d) = &s.date {
        if let Some(f) = book.in_force(d) {
            let _ = write!(line, "; in force on {d}: {}", f.title());
        }
    }
    line
}

fn start_line(s: &Situation) -> String {
    let phase = match s.phase {
        Phase::Beginning => match s.step {
            Some(crate::situation::PhaseStep::Start) => "Beginning Phase (about to begin)",
            Some(_) => "Beginning Phase (Beginning step)",
            None => "Beginning Phase",
        },
        Phase::Main => "Main Phase",
        Phase::Ending => match s.step {
            Some(crate::situation::PhaseStep::Expiration) => "Ending Phase (Expiration step)",
            _ => "Ending Phase (Ending step)",
        },
    };
    let state = crate::situation::TurnState::of(s.showdown.is_some(), !s.chain.is_empty());
    let mut line = format!("{phase}, {}", state.title());
    if let Some(sd) = &s.showdown {
        let kind = if sd.combat {
            "combat showdown"
        } else {
            "showdown"
        };
        let _ = write!(
            line,
            " ({kind} at {}; Focus: {})",
            sd.battlefield,
            s.name(sd.focus)
        );
        if let (Some(a), Some(d)) = (sd.attacker, sd.defender) {
            let _ = write!(line, "; attacker {}, defender {}", s.name(a), s.name(d));
        }
    }
    line
}

fn chain_line(s: &Situation) -> String {
    if s.chain.is_empty() {
        return "empty".into();
    }
    // A long Chain shows its oldest items and its newest, with how many are between.
    const SHOWN: usize = 10;
    let n = s.chain.len();
    let item = |i: &crate::situation::ItemSpec| {
        let status = if i.status == Status::Pending {
            ", pending"
        } else {
            ""
        };
        format!(
            "{} ({}, {}{status})",
            i.id,
            s.name(i.controller.unwrap_or(0)),
            i.kind.word()
        )
    };
    if n > SHOWN + 2 {
        let first: Vec<String> = s.chain[..SHOWN].iter().map(item).collect();
        return format!(
            "{} < ({} more) < {} (oldest first; {} items)",
            first.join(" < "),
            crate::engine::thousands(n - SHOWN - 1),
            item(&s.chain[n - 1]),
            crate::engine::thousands(n)
        );
    }
    s.chain.iter().map(item).collect::<Vec<_>>().join(" < ") + " (oldest first)"
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// The summary lines of one outcome.
fn summary_lines(s: &Situation, o: &Outcome) -> Vec<(String, String)> {
    let mut v = vec![
        ("Resolved, in order".to_string(), list_or_none(&o.resolved)),
        ("Countered".to_string(), list_or_none(&o.countered)),
    ];
    if !o.banished.is_empty() {
        v.push(("Banished".into(), o.banished.join(", ")));
    }
    let refused: Vec<String> = o
        .refused
        .iter()
        .map(|(id, why)| format!("{id} ({why})"))
        .collect();
    v.push(("Refused".into(), list_or_none(&refused)));
    if !o.unreached.is_empty() {
        let ids: Vec<&str> = o.unreached.iter().map(|(id, _)| id.as_str()).collect();
        v.push((
            "Unreached".into(),
            format!(
                "{} (the replay ended: {})",
                ids.join(", "),
                o.unreached[0].1
            ),
        ));
    }
    if !o.unused.is_empty() {
        v.push(("Unused actions".into(), o.unused.join("; ")));
    }
    if o.board.is_some() {
        v.push(("Killed".into(), list_or_none(&o.killed)));
    }
    let state = o.state.map_or("unknown", |st| st.title());
    v.push((
        "Final state".into(),
        format!(
            "{state}; Priority: {}; Focus: {}{}",
            o.priority.map_or("nobody", |p| s.name(p)),
            o.focus.map_or("nobody", |p| s.name(p)),
            if o.showdown_ended {
                "; a showdown ended"
            } else {
                ""
            }
        ),
    ));
    if let Some(b) = &o.board {
        v.extend(board_summary(s, b));
    }
    if let Some(l) = legion_line(o) {
        v.push(("Legion".into(), l));
    }
    if let Some(t) = next_turns_line(s, o) {
        v.push(("Next turns".into(), t));
    }
    v.push(("Replay ended".into(), o.ended.clone()));
    v
}

/// The Legion verdicts of an outcome ("a: active when finalized, not active when it resolved"),
/// if any (812.1.c, 419.4.b).
fn legion_line(o: &Outcome) -> Option<String> {
    if o.legion.is_empty() {
        return None;
    }
    let l: Vec<String> = o
        .legion
        .iter()
        .map(|v| {
            let f = if v.finalized { "active" } else { "not active" };
            match v.resolved {
                Some(r) if r != v.finalized => {
                    format!(
                        "{}: {f} when finalized, {} when it resolved",
                        v.id,
                        if r { "active" } else { "not active" }
                    )
                }
                _ => format!("{}: {f}", v.id),
            }
        })
        .collect();
    Some(l.join("; "))
}

/// The next turns, when they are not the plain order after the Turn Player (an extra turn);
/// none after a win, the game being over.
fn next_turns_line(s: &Situation, o: &Outcome) -> Option<String> {
    let plain = (1..=s.players.len()).map(|k| (s.turn + k) % s.players.len());
    if o.next_turns.is_empty() || o.next_turns.iter().copied().take(s.players.len()).eq(plain) {
        return None;
    }
    let turns: Vec<&str> = o
        .next_turns
        .iter()
        .take(s.players.len() + 2)
        .map(|p| s.name(*p))
        .collect();
    Some(turns.join(", "))
}

/// The summary blocks: one when the editions' outcomes agree, else one per edition.
fn summaries(r: &Report) -> Vec<(String, Vec<(String, String)>)> {
    let same = r.traces.len() == 2 && r.traces[0].outcome == r.traces[1].outcome;
    r.traces
        .iter()
        .take(if same { 1 } else { r.traces.len() })
        .map(|t| {
            let heading = if same || r.traces.len() == 1 {
                "Summary".to_string()
            } else {
                format!("Summary under {}", t.edition.title())
            };
            (heading, summary_lines(r.situation, &t.outcome))
        })
        .collect()
}

/// The header lines: label and value.
fn header(r: &Report) -> Vec<(&'static str, String)> {
    let s = r.situation;
    let mut v = vec![
        ("File", s.path.clone()),
        ("Rules", edition_line(s, &editions(r))),
        (
            "Players",
            format!(
                "{} (turn order); Turn Player: {}",
                s.players.join(", "),
                s.name(s.turn)
            ),
        ),
        ("Start", start_line(s)),
        ("Chain", chain_line(s)),
    ];
    if let Some(m) = &s.board_model {
        v.insert(
            2,
            (
                "Board model",
                format!(
                    "yes (first board key `{}` at line {})",
                    m.key,
                    board_key_line(s)
                ),
            ),
        );
    }
    if !s.board.is_empty() {
        let b: Vec<String> = s
            .board
            .iter()
            .map(|b| {
                let kind = match b.kind {
                    crate::situation::BoardKind::Unit => "unit",
                    crate::situation::BoardKind::Gear => "gear",
                    crate::situation::BoardKind::Legend => "legend",
                    crate::situation::BoardKind::Battlefield => "battlefield",
                    crate::situation::BoardKind::Facedown => "facedown card",
                };
                let controller = b.controller.map_or("nobody", |p| s.name(p));
                if s.board_model.is_none() {
                    return format!("{} ({controller}, {kind}, at {})", b.id, b.at);
                }
                board_entry(s, b, controller, kind)
            })
            .collect();
        v.push(("Board", b.join("; ")));
    }
    if s.board_model.is_some() {
        let pts: Vec<String> = s
            .players
            .iter()
            .zip(&s.points)
            .map(|(p, n)| format!("{p} {n}"))
            .collect();
        v.push((
            "Points",
            format!("{} (victory score {})", pts.join(", "), s.victory_score),
        ));
    }
    let played: Vec<String> = s
        .played_this_turn
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.is_empty())
        .map(|(p, e)| {
            let cards: Vec<String> = e
                .iter()
                .map(|c| match c.kind {
                    Some(k) => format!("{} ({})", c.name, k.word()),
                    None => c.name.clone(),
                })
                .collect();
            format!("{}: {}", s.name(p), cards.join(", "))
        })
        .collect();
    if !played.is_empty() {
        v.push((
            "Played",
            format!("{} (this turn, before the file starts)", played.join("; ")),
        ));
    }
    v
}

fn differences(r: &Report) -> Vec<String> {
    if r.traces.len() < 2 {
        return Vec::new();
    }
    let numbers = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::NumbersDiffer)
        .count();
    let outcome = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::OutcomeDiffers)
        .count();
    let steps = r
        .rows
        .iter()
        .filter(|x| x.flag == Flag::StepsDiffer)
        .count();
    let finals = r.final_differences();
    let mut v = Vec::new();
    let stopped = r.traces.iter().any(|t| t.error.is_some());
    let identical = outcome == 0 && finals.is_empty() && r.traces[0].outcome == r.traces[1].outcome;
    if let (Some(w), false, false) = (r.same_game_end(), r.outcomes_differ(), identical) {
        let name = r.situation.name(w);
        v.push(format!("Outcomes: the same under July and October: {name} wins the game under both, with the same points, kills, control and resolutions (after the game's end, its state is no outcome)."));
        let route = r
            .rows
            .iter()
            .filter(|x| x.flag == Flag::RouteDiffers)
            .count();
        if route > 0 {
            v.push(format!(
                "Route: {} differently on the way (marked ≠ route).",
                counted(route, "happens", "happen")
            ));
        }
    } else if identical {
        // A replay stopped by an error compares only the steps taken before it.
        v.push(if stopped {
            "Outcomes: the same under July and October up to where the replay stopped (see the error).".to_string()
        } else {
            "Outcomes: the same under July and October.".to_string()
        });
    } else if finals.is_empty() {
        v.push(format!(
            "OUTCOMES DIFFER along the way: {} differently (marked OUTCOME); the final values are the same.",
            counted(outcome, "happens", "happen")
        ));
    } else {
        v.push(format!(
            "OUTCOMES DIFFER: {} differently (marked OUTCOME).",
            counted(outcome, "happens", "happen")
        ));
        for (name, july, october) in &finals {
            v.push(format!(
                "  {name} at the end: July {july}; October {october}"
            ));
        }
    }
    if steps > 0 {
        v.push(format!(
            "Steps: {} under one edition only and {} nothing shown (marked ≠ steps).",
            counted(steps, "is taken", "are taken"),
            if steps == 1 { "changes" } else { "change" }
        ));
    }
    if numbers > 0 {
        v.push(format!(
            "Rule numbers: {} different numbers (marked ≠).",
            counted(numbers, "cites", "cite")
        ));
    } else {
        v.push("Rule numbers: no step cites a different established number.".to_string());
    }
    v
}

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
    // Plays that waited for a pass not written before them (issue 21).
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
            format!(
                "{}'s play of {} waited for {}: write {} before it{under}",
                s.name(w.controller),
                w.id,
                crate::engine::join_and(&names),
                crate::engine::join_and(&write)
            ),
        ));
    }
    out.sort_by_key(|(line, col, _)| (*line, *col));
    out
}

/// The file's hints, one line each: "line L: text".
pub(crate) fn hint_lines(r: &Report) -> Vec<String> {
    hints_at(r)
        .into_iter()
        .map(|(line, _, text)| format!("line {line}: {text}"))
        .collect()
}

/// "1 step happens" or "3 steps happen": `n` steps with the verb agreeing.
fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 step {one}")
    } else {
        format!("{} steps {many}", crate::engine::thousands(n))
    }
}

/// The footnotes for the October marks the report prints (unconfirmed, inferred).
fn footnotes(r: &Report) -> Vec<&'static str> {
    let cited: Vec<Cited> = r
        .traces
        .iter()
        .filter(|t| t.edition == EditionId::October)
        .flat_map(|t| t.citations())
        .map(|c| Editions::get().edition(EditionId::October).resolve(c))
        .collect();
    let mut v = Vec::new();
    if cited.iter().any(|c| matches!(c, Cited::Inferred { .. })) {
        v.push(INFERRED_FOOTNOTE);
    }
    if cited.iter().any(|c| matches!(c, Cited::Unconfirmed { .. })) {
        v.push(UNCONFIRMED_FOOTNOTE);
    }
    v
}

/// The report as text, in a string; see [`write_text`].
pub fn text(r: &Report, style: Style) -> String {
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail, and every piece is UTF-8.
    let _ = write_text(r, style, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the report as text to `w`: header, table of steps, notes, summary. Every line fits
/// `style.width` columns, except a word longer than the width (an id is never split).
///
/// # Errors
/// The first error `w` returns.
pub fn write_text(r: &Report, style: Style, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let width = usize::from(style.width);
    let head = head::text_header(r, width);
    for line in &head.lines {
        writeln!(w, "{line}")?;
    }
    writeln!(w)?;
    match &head.editions {
        Some(e) => writeln!(w, "{}", fit_line(&format!("Answer ({e})"), width, 2))?,
        None => writeln!(w, "Answer")?,
    }
    for l in answer(r).lines {
        writeln!(w, "{}", fit_line(&format!("  {l}"), width, 4))?;
    }
    writeln!(w)?;
    if !head.board.is_empty() {
        // A small board reads as one paragraph; a larger one a line per battlefield.
        let flat: Vec<String> = head
            .board
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        let one = fit_line(
            &format!("Board at the start: {}", flat.join("; ")),
            width,
            2,
        );
        if one.lines().count() <= 2 {
            writeln!(w, "{one}")?;
        } else {
            writeln!(w, "Board at the start:")?;
            for line in &head.board {
                writeln!(w, "{line}")?;
            }
        }
        writeln!(w)?;
    }
    match style.steps {
        Steps::All => {
            table::write_table(r, style, w)?;
            writeln!(w)?;
            for (heading, lines) in summaries(r) {
                writeln!(w, "{heading}")?;
                for (k, v) in lines {
                    writeln!(w, "{}", fit_line(&format!("  {k}: {v}"), width, 4))?;
                }
            }
            for d in differences(r) {
                let indent = 2 + d.len() - d.trim_start().len();
                writeln!(w, "{}", fit_line(&format!("  {d}"), width, indent + 2))?;
            }
        }
        // The answer block stands for the summary here.
        Steps::Compact => compact_list::write_compact(&compact(r), r, style, w)?,
    }
    let hints = hint_lines(r);
    if !hints.is_empty() {
        writeln!(
            w,
            "\nHints (the file may say something other than was meant):"
        )?;
        for h in hints {
            writeln!(w, "{}", fit_line(&format!("  {h}"), width, 4))?;
        }
    }
    // The compact list writes its own legend, under its notes.
    if style.steps == Steps::All {
        for f in footnotes(r) {
            writeln!(w, "\n{}", fit_line(f, width, 2))?;
        }
    }
    Ok(())
}

/// The July numbers of the rules a trace cites whose number is unconfirmed in its edition
/// (printed "October: unconfirmed (July n)"), in order of first citation.
pub fn unconfirmed_cited(t: &Trace) -> Vec<String> {
    let book = Editions::get().edition(t.edition);
    t.citations()
        .into_iter()
        .filter_map(|c| match book.resolve(c) {
            crate::edition::Cited::Unconfirmed { july } => Some(july),
            _ => None,
        })
        .collect()
}

/// The numbers a trace cites, for `expect.cites`: established ones, and inferred ones written
/// without the mark; an unconfirmed rule gives no number.
pub fn cited_numbers(t: &Trace) -> Vec<String> {
    let book = Editions::get().edition(t.edition);
    t.citations()
        .into_iter()
        .filter_map(|c| book.resolve(c).number().map(str::to_string))
        .collect()
}
