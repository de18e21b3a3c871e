//! The replay table of the text report, and fitting text to the width.
//!
//! The short columns (#, Who, State after, Priority/Focus, July vs Oct) are as wide as their
//! widest content; the Rules column gets what it needs up to a share of the rest; What happened
//! gets the remainder, never less than its longest word, so an id is never split. Each note
//! moves out of its cell into the numbered notes under the table, marked `[1]`.
//!
//! The table is laid out once for all its rows and written row by row ([`super::grid`]), so
//! its working memory stays the same however long the Chain.

use super::fit::{longest_word, widest_line};
use super::grid::{Cell, Grid};
use super::{editions, line_of};
use crate::compare::{Flag, Report};
use anstyle::AnsiColor;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;

/// The narrowest What happened column, when the width allows it.
const WHAT_MIN: usize = 24;

/// The column headers, their words on separate lines where that keeps a column narrow.
const HEADERS: [&str; 7] = [
    "#",
    "Who",
    "What happened",
    "State after",
    "Priority/ Focus",
    "Rules",
    "July vs Oct",
];

/// The comparison cell of a row and its colour. A renumbering is marked but not coloured: it
/// is no difference of the game.
fn flag_text(f: Flag) -> (&'static str, Option<AnsiColor>) {
    match f {
        Flag::Same => ("=", None),
        Flag::NumbersDiffer => ("≠ numbers", None),
        Flag::OutcomeDiffers => ("OUTCOME", Some(AnsiColor::Red)),
        Flag::StepsDiffer => ("≠ steps", Some(AnsiColor::Yellow)),
        Flag::RouteDiffers => ("≠ route", Some(AnsiColor::Yellow)),
    }
}

/// Column content widths (padding excluded), in header order.
struct Layout {
    widths: Vec<usize>,
    both: bool,
    /// The table cannot give What happened and Rules a readable width: steps are a list.
    list: bool,
}

/// The least widths of What happened and Rules for the table layout; below them, the steps are
/// written as a list.
const TABLE_MIN: (usize, usize) = (WHAT_MIN, 12);

impl Layout {
    /// Measures every row once. `width`: the whole table's width in columns.
    fn measure(r: &Report, width: usize) -> Self {
        let eds = editions(r);
        let mut both = false;
        // The header words set the least width of a short column.
        let mut w: Vec<usize> = HEADERS.iter().map(|h| longest_word(h)).collect();
        let (mut what_word, mut what_need, mut rules_need, mut rules_word) = (0, 0, 0, 0);
        for row in &r.rows {
            let Some(l) = line_of(r, &eds, row) else {
                continue;
            };
            both |= eds.len() == 2 && l.flag != Flag::Same;
            w[0] = w[0].max(l.n.width());
            w[1] = w[1].max(widest_line(&l.who));
            w[3] = w[3].max(widest_line(&l.state));
            w[4] = w[4].max(widest_line(&l.holders));
            w[6] = w[6].max(flag_text(l.flag).0.width());
            what_word = what_word.max(longest_word(&l.what));
            what_need = what_need.max(widest_line(&l.what));
            rules_word = rules_word.max(longest_word(&l.rules));
            rules_need = rules_need.max(widest_line(&l.rules));
        }
        let columns = if both { 7 } else { 6 };
        // Borders: one more than the columns; padding: one space each side of a cell.
        let fixed: usize = [0, 1, 3, 4, 6][..if both { 5 } else { 4 }]
            .iter()
            .map(|&i| w[i])
            .sum();
        let room = width.saturating_sub(columns + 1 + 2 * columns + fixed);
        // What happened comes first: at least three fifths of the room, when it needs them.
        let what_floor = what_word
            .max(WHAT_MIN.min(room / 2))
            .max(room * 3 / 5)
            .min(what_need.max(1));
        let rules = rules_need
            .min(room.saturating_sub(what_floor))
            .max(rules_word.min(room / 3))
            .max(w[5]);
        let what = room
            .saturating_sub(rules)
            .min(what_need.max(w[2]))
            .max(what_word)
            .max(w[2]);
        w[2] = what;
        w[5] = rules;
        w.truncate(columns);
        // A long id in What happened can make the table wider than the width: a list then.
        let total: usize = w.iter().sum::<usize>() + 3 * columns + 1;
        let list = room < TABLE_MIN.0 + TABLE_MIN.1 || total > width;
        Self {
            widths: w,
            both,
            list,
        }
    }

    /// The header cells, each wrapped between its words when wider than its column.
    fn headers(&self) -> Vec<String> {
        HEADERS
            .iter()
            .zip(&self.widths)
            .map(|(h, &w)| {
                // A header wider than its column breaks between its words.
                let one = h.replace("/ ", "/");
                if one.width() <= w {
                    one
                } else {
                    textwrap::fill(
                        h,
                        textwrap::Options::new(w)
                            .break_words(false)
                            .word_splitter(textwrap::WordSplitter::NoHyphenation),
                    )
                }
            })
            .collect()
    }
}

/// The numbered notes moved out of the table, in order of first use, each with its steps.
#[derive(Default)]
pub(super) struct Notes {
    index: HashMap<String, usize>,
    list: Vec<(String, Vec<String>, usize)>,
}

/// How many step numbers a note lists before "and N more".
const NOTE_STEPS: usize = 8;

impl Notes {
    /// The note's number, recording the step it is used at.
    pub(super) fn number(&mut self, text: &str, step: &str) -> usize {
        // A note already numbered is looked up, not copied.
        let k = match self.index.get(text) {
            Some(&k) => k,
            None => {
                self.list.push((text.to_string(), Vec::new(), 0));
                self.index.insert(text.to_string(), self.list.len() - 1);
                self.list.len() - 1
            }
        };
        let (_, steps, count) = &mut self.list[k];
        *count += 1;
        if steps.len() < NOTE_STEPS {
            steps.push(step.to_string());
        }
        k + 1
    }

    /// Writes the notes after a blank line, under a "Notes:" heading when `heading`.
    pub(super) fn write(&self, width: usize, heading: bool, w: &mut dyn Write) -> io::Result<()> {
        if self.list.is_empty() {
            return Ok(());
        }
        writeln!(w)?;
        if heading {
            writeln!(w, "Notes:")?;
        }
        for (k, (text, steps, count)) in self.list.iter().enumerate() {
            let more = count - steps.len();
            let at = match (steps.len(), more) {
                (1, 0) => format!("step {}", steps[0]),
                (_, 0) => format!("steps {}", steps.join(", ")),
                _ => format!(
                    "steps {} and {} more",
                    steps.join(", "),
                    crate::engine::thousands(more)
                ),
            };
            // "Note (July only): text" reads "(step 5, July only) text" here.
            let (only, text) = super::split_note(text);
            let only = only.map_or(String::new(), |e| format!(", {e} only"));
            let first = format!("  [{}] ", k + 1);
            let line = format!("{first}({at}{only}) {text}");
            writeln!(w, "{}", super::fit_line(&line, width, first.len()))?;
        }
        Ok(())
    }
}

/// Writes the table of `r`'s steps, then the notes moved out of it.
///
/// # Errors
/// The first error `w` returns.
pub(super) fn write_table(r: &Report, style: super::Style, w: &mut dyn Write) -> io::Result<()> {
    let width = usize::from(style.width);
    let layout = Layout::measure(r, width);
    let eds = editions(r);
    if layout.list {
        return write_list(r, style, layout.both, w);
    }
    let mut notes = Notes::default();
    // Colours are for a terminal; the web page (wasm32) colours its list of steps itself.
    let color = style.color && cfg!(not(target_arch = "wasm32"));
    let mut grid = Grid::new(&layout.widths, color);
    grid.top(w)?;
    let headers = layout.headers();
    let header: Vec<Cell<'_>> = headers.iter().map(|h| (h.as_str(), None)).collect();
    grid.row(&header, w)?;
    grid.header_rule(w)?;
    let mut what = String::new();
    for row in &r.rows {
        let Some(l) = line_of(r, &eds, row) else {
            continue;
        };
        // Each note becomes a numbered note after the table, numbered as the answer block and
        // the compact list number it.
        what.clear();
        what.push_str(&l.what);
        for note in &l.notes {
            let k = notes.number(note, &l.n);
            write!(what, " [{k}]").expect("writing to a String");
        }
        let cells: [Cell<'_>; 7] = [
            (&l.n, None),
            (&l.who, None),
            (&what, what_color(&l.what)),
            (&l.state, None),
            (&l.holders, None),
            (&l.rules, None),
            flag_text(l.flag),
        ];
        let columns = if layout.both { 7 } else { 6 };
        grid.row(&cells[..columns], w)?;
    }
    grid.bottom(w)?;
    notes.write(width, true, w)
}

/// The colour of a step's description: red when something was refused or countered, green
/// when an item resolves.
pub(super) fn what_color(what: &str) -> Option<AnsiColor> {
    if what.contains("refused") || what.contains("countered") {
        Some(AnsiColor::Red)
    } else if what.contains("resolves") {
        Some(AnsiColor::Green)
    } else {
        None
    }
}

/// The steps as a list, for a width too narrow for the table: each step's number, who and what
/// on its first lines, then its notes, state and holders, rules and comparison, indented.
fn write_list(r: &Report, style: super::Style, both: bool, w: &mut dyn Write) -> io::Result<()> {
    let width = usize::from(style.width);
    let eds = editions(r);
    let digits = r.rows.last().map_or(1, |x| x.n).to_string().len();
    let pad = digits + 2;
    writeln!(w, "Steps (the width is too narrow for the table):")?;
    for row in &r.rows {
        let Some(l) = line_of(r, &eds, row) else {
            continue;
        };
        // A line break written in the file (a `text` effect) would leave the step's indentation.
        let first = format!("{:<pad$}{}: {}", l.n, l.who, l.what.replace('\n', " "));
        let first = super::fit_line(&first, width, pad);
        // The colours of the table's cells: what was refused or countered red, a resolution
        // green, a difference between the editions yellow or red.
        let paint = what_color(&l.what).filter(|_| style.color);
        match paint {
            Some(c) => {
                let st = anstyle::Style::new().fg_color(Some(c.into()));
                writeln!(w, "{st}{first}{st:#}")?;
            }
            None => writeln!(w, "{first}")?,
        }
        let indent = " ".repeat(pad);
        for note in &l.notes {
            writeln!(
                w,
                "{}",
                super::fit_line(
                    &format!("{indent}{}", note.replace('\n', " ")),
                    width,
                    pad + 2
                )
            )?;
        }
        let mut rest = vec![
            format!("After: {}; Priority/Focus: {}", l.state, l.holders),
            format!(
                "Rules: {}",
                if l.rules.is_empty() { "none" } else { &l.rules }
            ),
        ];
        // Only a difference is marked; the summary says when the editions agree.
        if both && l.flag != Flag::Same {
            let flag = flag_text(l.flag).0;
            rest.push(if style.color && l.flag != Flag::NumbersDiffer {
                let c = if l.flag == Flag::OutcomeDiffers {
                    AnsiColor::Red
                } else {
                    AnsiColor::Yellow
                };
                let st = anstyle::Style::new().fg_color(Some(c.into()));
                format!("July vs Oct: {st}{flag}{st:#}")
            } else {
                format!("July vs Oct: {flag}")
            });
        }
        for line in rest {
            writeln!(
                w,
                "{}",
                super::fit_line(&format!("{indent}{line}"), width, pad + 2)
            )?;
        }
    }
    Ok(())
}
