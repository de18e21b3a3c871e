//! Rendering a [`Report`] as text (comfy-table), JSON (versioned) or Markdown.
//!
//! Citations become numbers here, through the edition data. Under October, an established number
//! prints as is; a number the known changes imply but no source quotes prints as "N (inferred)";
//! any other prints as "October: unconfirmed (July n)". A footnote explains each mark used.

use crate::compare::{Flag, Report, Row};
use crate::edition::{Cite, Cited, EditionId, Editions};
use crate::situation::{Phase, PlayerId, Situation, Status};
use crate::trace::{BoardOutcome, CombatResult, Note, Outcome, Step, Trace};
use comfy_table::{presets, Cell, Color, ContentArrangement, Table};
use std::fmt::Write as _;

/// The version of the JSON output's shape.
pub const JSON_FORMAT_VERSION: u32 = 1;

/// How to print.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Colour (only on a terminal, never with `NO_COLOR`).
    pub color: bool,
    /// Width in columns.
    pub width: u16,
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
    match only {
        Some(e) => format!("Note ({} only): {text}", e.title()),
        None => format!("Note: {text}"),
    }
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

/// One printable row: number, who, what (with notes), state, holders, rules, flag.
struct Line {
    n: String,
    who: String,
    what: String,
    state: String,
    holders: String,
    rules: String,
    flag: Flag,
}

fn lines(r: &Report) -> Vec<Line> {
    let s = r.situation;
    let eds = editions(r);
    let mut out = Vec::new();
    let mut n = 0;
    for Row { steps, flag } in &r.rows {
        n += 1;
        let present: Vec<(usize, &Step)> = steps
            .iter()
            .enumerate()
            .filter_map(|(k, i)| i.map(|i| (k, &r.traces[k].steps[i])))
            .collect();
        let Some(&(k0, first)) = present.first() else {
            continue;
        };
        let mut what = first.what.clone();
        if present.len() == 1 && eds.len() == 2 {
            what = format!("[{} only] {what}", eds[k0].title());
        }
        let mut notes: Vec<String> = Vec::new();
        for (k, st) in &present {
            for note in &st.notes {
                let eds_here: Vec<EditionId> =
                    if present.len() == 2 && present.iter().all(|(_, x)| x.notes.contains(note)) {
                        eds.clone()
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
        for t in notes {
            what.push('\n');
            what.push_str(&t);
        }
        let rules = match present.as_slice() {
            [(_, a), (_, b)] => rules_both(a, b),
            [(k, a)] => rules_one(eds[*k], &a.cites),
            _ => String::new(),
        };
        out.push(Line {
            n: n.to_string(),
            who: who(s, first.who),
            what,
            state: first.state.title().to_string(),
            holders: holders(s, first),
            rules,
            flag: *flag,
        });
    }
    out
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

/// A board entry in a board file's header: its controller and kind, where it is, and the values
/// a judge checks (Might, damage, statuses, keywords; a battlefield's contester and scores).
fn board_entry(
    s: &Situation,
    b: &crate::situation::BoardSpec,
    controller: &str,
    kind: &str,
) -> String {
    use crate::situation::{BoardKind, Place};
    let mut parts = vec![controller.to_string(), kind.to_string()];
    if b.kind == BoardKind::Battlefield {
        if let Some(c) = b.battlefield.contested_by {
            parts.push(format!("contested by {}", s.name(c)));
        }
        if !b.battlefield.scored_this_turn.is_empty() {
            let who: Vec<&str> = b
                .battlefield
                .scored_this_turn
                .iter()
                .map(|&p| s.name(p))
                .collect();
            parts.push(format!("scored this turn by {}", who.join(", ")));
        }
    } else if b.kind != BoardKind::Legend {
        let at = match b.keys.place {
            Some(Place::Battlefield(k)) => s.board[s.battlefields[k]].id.clone(),
            _ => "base".to_string(),
        };
        parts.push(format!("at {at}"));
    }
    if let Some(u) = &b.keys.unit {
        let mut might = format!("Might {}", u.might);
        if u.might_this_turn != 0 {
            might.push_str(&format!(" {:+} this turn", u.might_this_turn));
        }
        if u.might_this_combat != 0 {
            might.push_str(&format!(" {:+} this combat", u.might_this_combat));
        }
        parts.push(might);
        if u.damage > 0 {
            parts.push(format!("{} damage", u.damage));
        }
        for (on, word) in [
            (u.exhausted, "exhausted"),
            (u.stunned, "stunned"),
            (u.tank, "Tank"),
            (u.backline, "Backline"),
            (u.ganking, "Ganking"),
        ] {
            if on {
                parts.push(word.to_string());
            }
        }
        if let Some(n) = u.shield {
            parts.push(format!("Shield {n}"));
        }
        if let Some(n) = u.assault {
            parts.push(format!("Assault {n}"));
        }
    }
    for (on, word) in [
        (b.token, "token"),
        (b.keys.temporary, "Temporary"),
        (b.keys.replace_death, "replaces a death"),
    ] {
        if on {
            parts.push(word.to_string());
        }
    }
    if b.keys.extra_death_triggers > 0 {
        parts.push(format!("Deathknells +{}", b.keys.extra_death_triggers));
    }
    format!("{} ({})", b.id, parts.join(", "))
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
    s.chain
        .iter()
        .map(|i| {
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
        })
        .collect::<Vec<_>>()
        .join(" < ")
        + " (oldest first)"
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
    if !o.legion.is_empty() {
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
        v.push(("Legion".into(), l.join("; ")));
    }
    let plain = (1..=s.players.len()).map(|k| (s.turn + k) % s.players.len());
    if !o.next_turns.iter().copied().take(s.players.len()).eq(plain) {
        let turns: Vec<&str> = o
            .next_turns
            .iter()
            .take(s.players.len() + 2)
            .map(|p| s.name(*p))
            .collect();
        v.push(("Next turns".into(), turns.join(", ")));
    }
    v.push(("Replay ended".into(), o.ended.clone()));
    v
}

/// The summary lines of a board file's final board: points (and cards drawn instead of the
/// final point, if any), the winner, control and Contested per battlefield, conquers and holds,
/// combats and the phase.
fn board_summary(s: &Situation, b: &BoardOutcome) -> Vec<(String, String)> {
    let mut v = Vec::new();
    let per_player = |values: &[i64]| -> Vec<String> {
        values
            .iter()
            .enumerate()
            .map(|(p, n)| format!("{} {n}", s.name(p)))
            .collect()
    };
    let mut points = per_player(&b.points).join(", ");
    if b.draws.iter().any(|d| *d > 0) {
        let drew: Vec<String> = b
            .draws
            .iter()
            .enumerate()
            .filter(|(_, d)| **d > 0)
            .map(|(p, d)| format!("{} {d}", s.name(p)))
            .collect();
        let _ = write!(
            points,
            "; cards drawn instead of the final point: {}",
            drew.join(", ")
        );
    }
    v.push(("Points".to_string(), points));
    if let Some(w) = b.winner {
        v.push(("Winner".to_string(), s.name(w).to_string()));
    }
    let bfs: Vec<String> = b
        .control
        .iter()
        .map(|(id, c)| {
            let mut t = format!(
                "{id}: {}",
                c.map_or("uncontrolled".to_string(), |p| format!(
                    "controlled by {}",
                    s.name(p)
                ))
            );
            if let Some(p) = b
                .contested
                .iter()
                .find(|(x, _)| x == id)
                .and_then(|(_, p)| *p)
            {
                let _ = write!(t, ", contested by {}", s.name(p));
            }
            t
        })
        .collect();
    let bfs = if bfs.is_empty() {
        "none".to_string()
    } else {
        bfs.join("; ")
    };
    v.push(("Battlefields".to_string(), bfs));
    let scored = |list: &[crate::trace::Scored]| -> String {
        let items: Vec<String> = list
            .iter()
            .map(|x| {
                let drew = if x.drew {
                    " (a card drawn instead of the point)"
                } else {
                    ""
                };
                format!("{} at {}{drew}", s.name(x.player), x.battlefield)
            })
            .collect();
        list_or_none(&items)
    };
    v.push(("Conquered".to_string(), scored(&b.conquered)));
    v.push(("Held".to_string(), scored(&b.held)));
    if !b.combats.is_empty() {
        let c: Vec<String> = b
            .combats
            .iter()
            .map(|(id, r)| match r {
                CombatResult::NoResult => format!("{id}: No Result"),
                CombatResult::Unfinished => {
                    format!("{id}: unfinished (the replay ended before its result)")
                }
                CombatResult::Won { winner, loser } => {
                    format!("{id}: {} won, {} lost", s.name(*winner), s.name(*loser))
                }
            })
            .collect();
        v.push(("Combats".to_string(), c.join("; ")));
    }
    let phase = match b.phase.as_str() {
        "beginning" => "Beginning Phase",
        "main" => "Main Phase",
        "ending" => "Ending Phase",
        "ended" => "the turn ended",
        other => other,
    };
    v.push(("Phase".to_string(), phase.to_string()));
    v
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

/// The line of a board file's first board key.
fn board_key_line(s: &Situation) -> usize {
    s.board_model
        .as_ref()
        .map_or(0, |m| crate::diag::line_col(&s.source, m.loc.offset).0)
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
    if outcome == 0 && finals.is_empty() && r.traces[0].outcome == r.traces[1].outcome {
        v.push("Outcomes: the same under July and October.".to_string());
    } else if finals.is_empty() {
        v.push(format!(
            "OUTCOMES DIFFER along the way: {outcome} step(s) happen differently (marked OUTCOME); the final values are the same."
        ));
    } else {
        v.push(format!(
            "OUTCOMES DIFFER: {outcome} step(s) happen differently (marked OUTCOME)."
        ));
        for (name, july, october) in &finals {
            v.push(format!(
                "  {name} at the end: July {july}; October {october}"
            ));
        }
    }
    if steps > 0 {
        v.push(format!(
            "Steps: {steps} step(s) are taken under one edition only and change nothing shown (marked ≠ steps)."
        ));
    }
    if numbers > 0 {
        v.push(format!(
            "Rule numbers: {numbers} step(s) cite different numbers (marked ≠)."
        ));
    } else {
        v.push("Rule numbers: no step cites a different established number.".to_string());
    }
    v
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

/// The report as text: header, table of steps, summary.
pub fn text(r: &Report, style: Style) -> String {
    let s = r.situation;
    let eds = editions(r);
    let mut out = String::new();
    let _ = writeln!(out, "{}", s.title);
    for (k, v) in header(r) {
        let _ = writeln!(out, "{:<9}{v}", format!("{k}: "));
    }
    out.push('\n');
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(style.width);
    if style.color {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    let lines = lines(r);
    // The comparison column appears only when some step differs; the summary always says.
    let both = eds.len() == 2 && lines.iter().any(|l| l.flag != Flag::Same);
    let mut header = vec![
        "#",
        "Who",
        "What happened",
        "State after",
        "Priority/Focus",
        "Rules",
    ];
    if both {
        header.push("July vs Oct");
    }
    table.set_header(header);
    for (i, max) in [(1, 8), (3, 16), (4, 16), (5, 26)] {
        if let Some(col) = table.column_mut(i) {
            col.set_constraint(comfy_table::ColumnConstraint::UpperBoundary(
                comfy_table::Width::Fixed(max),
            ));
        }
    }
    for l in lines {
        let mut row = vec![
            Cell::new(&l.n),
            Cell::new(&l.who),
            {
                let cell = Cell::new(&l.what);
                if !style.color {
                    cell
                } else if l.what.contains("refused") || l.what.contains("countered") {
                    cell.fg(Color::Red)
                } else if l.what.contains("resolves") {
                    cell.fg(Color::Green)
                } else {
                    cell
                }
            },
            Cell::new(&l.state),
            Cell::new(&l.holders),
            Cell::new(&l.rules),
        ];
        if both {
            let (t, c) = match l.flag {
                Flag::Same => ("=", Color::Reset),
                Flag::NumbersDiffer => ("≠ numbers", Color::Yellow),
                Flag::OutcomeDiffers => ("OUTCOME", Color::Red),
                Flag::StepsDiffer => ("≠ steps", Color::Yellow),
            };
            let mut cell = Cell::new(t);
            if style.color && l.flag != Flag::Same {
                cell = cell.fg(c);
            }
            row.push(cell);
        }
        table.add_row(row);
    }
    let _ = writeln!(out, "{table}");
    out.push('\n');
    for (heading, lines) in summaries(r) {
        let _ = writeln!(out, "{heading}");
        for (k, v) in lines {
            let _ = writeln!(out, "  {k}: {v}");
        }
    }
    for d in differences(r) {
        let _ = writeln!(out, "  {d}");
    }
    for f in footnotes(r) {
        let _ = writeln!(out, "\n{f}");
    }
    out
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', "<br>")
}

/// The report as Markdown, for pasting into a ruling write-up.
pub fn markdown(r: &Report) -> String {
    let s = r.situation;
    let eds = editions(r);
    let both = eds.len() == 2;
    let mut out = format!("# {}\n\n", md_escape(&s.title));
    for (k, v) in header(r) {
        let _ = writeln!(out, "- **{k}:** {}", md_escape(&v));
    }
    out.push('\n');
    out.push_str("| # | Who | What happened | State after | Priority/Focus | Rules |");
    out.push_str(if both {
        " July vs Oct |\n|---|---|---|---|---|---|---|\n"
    } else {
        "\n|---|---|---|---|---|---|\n"
    });
    for l in lines(r) {
        let _ = write!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            l.n,
            md_escape(&l.who),
            md_escape(&l.what),
            l.state,
            md_escape(&l.holders),
            md_escape(&l.rules)
        );
        if both {
            let f = match l.flag {
                Flag::Same => "=",
                Flag::NumbersDiffer => "≠ numbers",
                Flag::OutcomeDiffers => "**OUTCOME**",
                Flag::StepsDiffer => "≠ steps",
            };
            let _ = write!(out, " {f} |");
        }
        out.push('\n');
    }
    for (heading, lines) in summaries(r) {
        let _ = writeln!(out, "\n## {heading}\n");
        for (k, v) in lines {
            let _ = writeln!(out, "- **{k}:** {}", md_escape(&v));
        }
    }
    for d in differences(r) {
        let _ = writeln!(out, "- {d}");
    }
    for f in footnotes(r) {
        let _ = writeln!(out, "\n_{f}_");
    }
    out
}

#[derive(serde::Serialize)]
struct JsonCite {
    key: &'static str,
    #[serde(flatten)]
    cited: Cited,
}

#[derive(serde::Serialize)]
struct JsonStep<'a> {
    who: Option<&'a str>,
    what: &'a str,
    state: &'static str,
    priority: Option<&'a str>,
    focus: Option<&'a str>,
    chain_items: usize,
    cites: Vec<JsonCite>,
    notes: Vec<JsonNote<'a>>,
    /// What the step changed on the board (board files; omitted when empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    changes: Vec<serde_json::Value>,
}

#[derive(serde::Serialize)]
struct JsonNote<'a> {
    text: &'a str,
    cites: Vec<JsonCite>,
}

#[derive(serde::Serialize)]
struct JsonRow<'a> {
    n: usize,
    flag: Flag,
    july: Option<JsonStep<'a>>,
    october: Option<JsonStep<'a>>,
}

#[derive(serde::Serialize)]
struct JsonOutcome<'a> {
    resolved: &'a [String],
    countered: &'a [String],
    refused: Vec<serde_json::Value>,
    unreached: Vec<serde_json::Value>,
    unused: &'a [String],
    banished: &'a [String],
    priority: Option<&'a str>,
    focus: Option<&'a str>,
    state: Option<&'static str>,
    showdown_ended: bool,
    legion: &'a [crate::trace::LegionVerdict],
    next_turns: Vec<&'a str>,
    ended: &'a str,
    cites: Vec<String>,
    /// Board files only: the units and gear killed, in the order they died.
    #[serde(skip_serializing_if = "Option::is_none")]
    killed: Option<&'a [String]>,
    /// Board files only: the final board, keyed as `expect` names it (3.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<serde_json::Value>,
}

/// A board file's final board as JSON, with the names of the keys of `expect` (3.9).
fn json_board(s: &Situation, b: &BoardOutcome) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let per_player = |values: &[i64]| -> Map<String, Value> {
        values
            .iter()
            .enumerate()
            .map(|(p, n)| (s.name(p).to_string(), json!(n)))
            .collect()
    };
    let per_bf = |list: &[(String, Option<PlayerId>)]| -> Vec<Value> {
        list.iter()
            .map(|(id, p)| json!({"battlefield": id, "player": p.map(|p| s.name(p))}))
            .collect()
    };
    let scored = |list: &[crate::trace::Scored]| -> Vec<Value> {
        list.iter()
            .map(|x| {
                json!({"battlefield": x.battlefield, "player": s.name(x.player), "drew": x.drew})
            })
            .collect()
    };
    let by_id = |list: &[(String, i64)]| -> Map<String, Value> {
        list.iter().map(|(id, n)| (id.clone(), json!(n))).collect()
    };
    json!({
        "points": per_player(&b.points),
        "draws": per_player(&b.draws),
        "winner": b.winner.map(|p| s.name(p)),
        "control": per_bf(&b.control),
        "contested": per_bf(&b.contested),
        "conquered": scored(&b.conquered),
        "held": scored(&b.held),
        "combat": b.combats.iter().map(|(id, r)| match r {
            CombatResult::NoResult => json!({"battlefield": id, "result": "no_result"}),
            CombatResult::Unfinished => json!({"battlefield": id, "result": "unfinished"}),
            CombatResult::Won { winner, loser } => json!({
                "battlefield": id,
                "result": "won",
                "winner": s.name(*winner),
                "loser": s.name(*loser),
            }),
        }).collect::<Vec<Value>>(),
        "locations": b.locations.iter().map(|(id, at)| (id.clone(), json!(at))).collect::<Map<String, Value>>(),
        "might": by_id(&b.might),
        "damage": by_id(&b.damage),
        "phase": b.phase,
    })
}

fn json_cites(ed: EditionId, cites: &[Cite]) -> Vec<JsonCite> {
    cites
        .iter()
        .map(|c| JsonCite {
            key: c.key(),
            cited: Editions::get().edition(ed).resolve(*c),
        })
        .collect()
}

fn json_step<'a>(s: &'a Situation, ed: EditionId, st: &'a Step) -> JsonStep<'a> {
    JsonStep {
        who: st.who.map(|p| s.name(p)),
        what: &st.what,
        state: st.state.word(),
        priority: st.priority.map(|p| s.name(p)),
        focus: st.focus.map(|p| s.name(p)),
        chain_items: st.chain_len,
        cites: json_cites(ed, &st.cites),
        notes: st
            .notes
            .iter()
            .map(|n| JsonNote {
                text: &n.text,
                cites: json_cites(ed, &n.cites),
            })
            .collect(),
        changes: st.changes.iter().map(|c| json_change(s, c)).collect(),
    }
}

/// A board change as JSON: `{ "damage": { "id": .., "damage": .. } }` and so on.
fn json_change(s: &Situation, c: &crate::trace::Change) -> serde_json::Value {
    use crate::trace::Change;
    let who = |p: &Option<usize>| p.map(|p| s.name(p).to_string());
    match c {
        Change::Damage { id, damage } => {
            serde_json::json!({"damage": {"id": id, "damage": damage}})
        }
        Change::Might { id, might } => serde_json::json!({"might": {"id": id, "might": might}}),
        Change::Location { id, to } => serde_json::json!({"location": {"id": id, "to": to}}),
        Change::Control {
            battlefield,
            controller,
        } => {
            serde_json::json!({"control": {"battlefield": battlefield, "controller": who(controller)}})
        }
        Change::Contested { battlefield, by } => {
            serde_json::json!({"contested": {"battlefield": battlefield, "by": who(by)}})
        }
        Change::Points { player, points } => {
            serde_json::json!({"points": {"player": s.name(*player), "points": points}})
        }
    }
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

fn json_outcome<'a>(s: &'a Situation, t: &'a Trace) -> JsonOutcome<'a> {
    let o = &t.outcome;
    JsonOutcome {
        resolved: &o.resolved,
        countered: &o.countered,
        refused: o
            .refused
            .iter()
            .map(|(id, why)| serde_json::json!({"id": id, "reason": why}))
            .collect(),
        unreached: o
            .unreached
            .iter()
            .map(|(id, why)| serde_json::json!({"id": id, "reason": why}))
            .collect(),
        unused: &o.unused,
        banished: &o.banished,
        priority: o.priority.map(|p| s.name(p)),
        focus: o.focus.map(|p| s.name(p)),
        state: o.state.map(|st| st.word()),
        showdown_ended: o.showdown_ended,
        legion: &o.legion,
        next_turns: o.next_turns.iter().map(|p| s.name(*p)).collect(),
        ended: &o.ended,
        cites: cited_numbers(t),
        killed: o.board.is_some().then_some(o.killed.as_slice()),
        board: o.board.as_ref().map(|b| json_board(s, b)),
    }
}

/// The report as JSON (stable, versioned by `format_version`).
pub fn json(r: &Report) -> String {
    let s = r.situation;
    let eds = editions(r);
    let rows: Vec<JsonRow> = r
        .rows
        .iter()
        .enumerate()
        .map(|(n, row)| {
            let mut jr = JsonRow {
                n: n + 1,
                flag: row.flag,
                july: None,
                october: None,
            };
            for (k, i) in row.steps.iter().enumerate() {
                if let Some(i) = i {
                    let st = json_step(s, eds[k], &r.traces[k].steps[*i]);
                    match eds[k] {
                        EditionId::July => jr.july = Some(st),
                        EditionId::October => jr.october = Some(st),
                    }
                }
            }
            jr
        })
        .collect();
    let mut outcomes = serde_json::Map::new();
    for t in &r.traces {
        outcomes.insert(
            t.edition.word().to_string(),
            serde_json::to_value(json_outcome(s, t)).unwrap_or_default(),
        );
    }
    let mut v = serde_json::json!({
        "format_version": JSON_FORMAT_VERSION,
        "title": s.title,
        "file": s.path,
        "editions": eds,
        "in_force": s.date.as_deref().and_then(|d| Editions::get().in_force(d)),
        "players": s.players,
        "turn_player": s.name(s.turn),
        "start": start_line(s),
        "steps": rows,
        "outcome": outcomes,
        "outcomes_differ": r.outcomes_differ(),
    });
    let finals = r.final_differences();
    if let (false, Some(obj)) = (finals.is_empty(), v.as_object_mut()) {
        obj.insert(
            "final_differences".to_string(),
            finals
                .iter()
                .map(|(name, july, october)| serde_json::json!({"value": name, "july": july, "october": october}))
                .collect(),
        );
    }
    if let (Some(m), Some(obj)) = (&s.board_model, v.as_object_mut()) {
        obj.insert(
            "board_model".to_string(),
            serde_json::json!({"key": m.key, "line": board_key_line(s)}),
        );
    }
    let mut text = serde_json::to_string_pretty(&v).unwrap_or_default();
    text.push('\n');
    text
}
