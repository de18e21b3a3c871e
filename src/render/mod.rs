//! Rendering a [`Report`] as text (the step table drawn by `grid`, the small tables by
//! comfy-table), JSON (versioned) or Markdown.
//!
//! Citations become numbers here, through the edition data. Under October, an established number
//! prints as is; a number the known changes imply but no source quotes prints as "N (inferred)";
//! any other prints as "October: unconfirmed (July n)". A footnote explains each mark used.

mod answer;
mod board;
mod cites;
mod compact;
mod compact_list;
mod compact_rules;
mod fit;
mod grid;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod grid_tests;
mod head;
mod hints;
mod json;
mod json_indent;
mod line;
mod markdown;
mod next;
mod summary;
mod table;
pub mod view;

pub use fit::{fit, fit_line, fitted_table, Columns};
pub use markdown::markdown;
pub use next::{next_json, next_text};

use crate::compare::{Flag, Report, Row};
use crate::edition::{Cite, Cited, EditionId, Editions};
use crate::situation::{Phase, PlayerId, Situation, Status};
use crate::trace::{BoardOutcome, CombatResult, Note, Outcome, Step, Trace};
pub use answer::{answer, Answer};
use board::{board_entry, board_key_line, board_summary, combat_result, json_board, json_change};
pub use compact::{compact, Steps};
pub use json::{json, write_json};
use std::fmt::Write as _;

use cites::*;
pub use cites::{cited_numbers, unconfirmed_cited};
use head::{editions_words, header, start_line};
use hints::*;
use line::*;
use summary::*;

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
    let a = answer(r);
    for l in &a.lines {
        writeln!(w, "{}", fit_line(&format!("  {l}"), width, 4))?;
    }
    writeln!(w)?;
    let board = head.board_lines(width);
    if !board.is_empty() {
        for line in board {
            writeln!(w, "{line}")?;
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
        Steps::Compact => compact_list::write_compact(&compact(r), r, &a.renumbered, style, w)?,
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
