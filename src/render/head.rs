//! The text report's header, kept short so that the answer comes first (issue 20): the title
//! with the editions replayed (they head the answer instead when the title leaves no room), the
//! starting moment with the Chain, the cards played before the file starts, and on the board
//! the points. The starting board, one line per battlefield with what stands there, then what
//! stands off them, follows the answer. The file's path, the editions' dates and the first
//! board key are in the long header ([`header`]), which the Markdown and JSON reports and the
//! page print, with the lines it is made of (editions, start, Chain).

use super::*;
use crate::situation::{BoardKind, BoardSpec, Place};

/// The editions replayed, in a few words.
pub(super) fn editions_words(s: &Situation, eds: &[EditionId]) -> String {
    let mut words = match eds {
        [one] => format!("{} 2026 Core Rules", one.title()),
        _ => "July and October 2026 Core Rules, compared".to_string(),
    };
    if let Some(d) = &s.date {
        if let Some(f) = Editions::get().in_force(d) {
            let _ = write!(words, "; in force on {d}: {}", f.title());
        }
    }
    words
}

/// A permanent as the header shows it where it stands: its controller and values, without its
/// place (the line says it).
fn standing(s: &Situation, b: &BoardSpec) -> String {
    let controller = b.controller.map_or("nobody", |p| s.name(p));
    let kind = match b.kind {
        BoardKind::Unit => "",
        BoardKind::Gear => "gear",
        BoardKind::Legend => "legend",
        BoardKind::Battlefield => "",
        BoardKind::Facedown => "facedown card",
    };
    board::board_entry_here(s, b, controller, kind)
}

/// The text report's opening parts, each line fitted to the width.
pub(super) struct Head {
    /// The header: title, start, cards played, points (at most 6 lines at 80 columns).
    pub lines: Vec<String>,
    /// The editions, when the title leaves them no room on its line: the answer's heading
    /// names them.
    pub editions: Option<String>,
    /// The starting board, after the answer, unfitted: one entry per battlefield, then what
    /// stands off the battlefields (a format-1 file: its permanents); see [`Head::board_lines`].
    pub board: Vec<String>,
}

impl Head {
    /// The starting board as printed after the answer, fitted to `width`: one paragraph when it
    /// fits in two lines, else a heading and a line per entry; nothing without a board.
    pub fn board_lines(&self, width: usize) -> Vec<String> {
        if self.board.is_empty() {
            return Vec::new();
        }
        let one = fit_line(
            &format!("Board at the start: {}", self.board.join("; ")),
            width,
            2,
        );
        if one.lines().count() <= 2 {
            return vec![one];
        }
        let mut v = vec!["Board at the start:".to_string()];
        v.extend(
            self.board
                .iter()
                .map(|b| fit_line(&format!("  {b}"), width, 4)),
        );
        v
    }
}

/// The header, the editions when they are not on the title line, and the starting board.
pub(super) fn text_header(r: &Report, width: usize) -> Head {
    let s = r.situation;
    let mut out = Vec::new();
    let mut own_line = None;
    let eds = editions_words(s, &editions(r));
    let title_w = textwrap::core::display_width(&s.title);
    let eds_w = textwrap::core::display_width(&eds);
    if title_w + 3 + eds_w <= width {
        out.push(format!(
            "{}{}{eds}",
            s.title,
            " ".repeat(width - title_w - eds_w)
        ));
    } else {
        out.push(fit_line(&s.title, width, 2));
        own_line = Some(eds);
    }
    // An Open State has no Chain: the Chain is named only when there is one.
    let chain = if s.chain.is_empty() {
        String::new()
    } else {
        format!("; Chain: {}", chain_line(s))
    };
    let start = format!(
        "Start: {}'s turn ({}); {}{chain}",
        s.name(s.turn),
        s.players.join(", "),
        start_line(s),
    );
    out.push(fit_line(&start, width, 7));
    // The long header's values, where the short one shows them as they are.
    let long = header(r);
    let get = |k: &str| long.iter().find(|(l, _)| *l == k).map(|(_, v)| v.clone());
    if let Some(played) = get("Played") {
        out.push(fit_line(&format!("Played: {played}"), width, 8));
    }
    let mut head = Head {
        lines: out,
        editions: own_line,
        board: Vec::new(),
    };
    if s.board_model.is_none() {
        // The permanents the file names, after the answer.
        if let Some(b) = get("Board") {
            head.board.push(b);
        }
        return head;
    }
    let at = |place: Option<Place>| -> Vec<String> {
        s.board
            .iter()
            .filter(|b| b.kind != BoardKind::Battlefield && b.keys.place == place)
            .map(|b| standing(s, b))
            .collect()
    };
    for (k, &bf) in s.battlefields.iter().enumerate() {
        let b = &s.board[bf];
        let here = at(Some(Place::Battlefield(k)));
        let line = format!(
            "{}{}{}",
            standing(s, b),
            if here.is_empty() { "" } else { ": " },
            here.join(", ")
        );
        head.board.push(line);
    }
    let mut rest: Vec<String> = at(Some(Place::Base));
    rest.extend(at(None));
    if !rest.is_empty() {
        head.board
            .push(format!("off the battlefields: {}", rest.join(", ")));
    }
    head.lines.push(fit_line(
        &format!("Board: Points {}", get("Points").unwrap_or_default()),
        width,
        7,
    ));
    head
}

pub(super) fn edition_line(s: &Situation, eds: &[EditionId]) -> String {
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

pub(super) fn start_line(s: &Situation) -> String {
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

pub(super) fn chain_line(s: &Situation) -> String {
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

/// The header lines: label and value.
pub(super) fn header(r: &Report) -> Vec<(&'static str, String)> {
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
