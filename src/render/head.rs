//! The text report's header, kept short so that the answer comes first (issue 20): the title
//! with the editions replayed (they head the answer instead when the title leaves no room), the
//! starting moment with the Chain, the cards played before the file starts, and on the board
//! the points. The starting board, one line per battlefield with what stands there, then what
//! stands off them, follows the answer. The file's path, the editions' dates and the first
//! board key are in the Markdown and JSON reports.

use super::*;
use crate::situation::{BoardKind, BoardSpec, Place};

/// The editions replayed, in a few words.
fn editions_words(s: &Situation, eds: &[EditionId]) -> String {
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
    /// The starting board of a board file, after the answer: one line per battlefield, then
    /// what stands off the battlefields.
    pub board: Vec<String>,
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
            head.board.push(fit_line(&format!("  {b}"), width, 4));
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
            "  {}{}{}",
            standing(s, b),
            if here.is_empty() { "" } else { ": " },
            here.join(", ")
        );
        head.board.push(fit_line(&line, width, 4));
    }
    let mut rest: Vec<String> = at(Some(Place::Base));
    rest.extend(at(None));
    if !rest.is_empty() {
        let line = format!("  off the battlefields: {}", rest.join(", "));
        head.board.push(fit_line(&line, width, 4));
    }
    head.lines.push(fit_line(
        &format!("Board: Points {}", get("Points").unwrap_or_default()),
        width,
        7,
    ));
    head
}
