//! A boxed table of fixed column widths written row by row, for the step table of a long
//! Chain: no row is kept once written, and every line is built in one reused buffer.
//!
//! It draws what comfy-table's `UTF8_FULL_CONDENSED` preset draws for the same widths (solid
//! outer borders, dotted lines between the cells of a row, a double line under the header, no
//! line between rows), and wraps a cell's text as comfy-table does, so the two are
//! interchangeable byte for byte: a line that fits stays as it is; a longer one is cut at
//! spaces, a line closing as soon as two columns or fewer are left free, and a word wider than
//! the column is split at the column's edge.

use super::fit::columns;
use anstyle::AnsiColor;
use std::io::{self, Write};
use std::ops::Range;
use unicode_width::UnicodeWidthStr;

/// A line of text wrapped in a column closes once this many columns or fewer are left free.
const FREE: usize = 2;

/// One cell of a row: its text (lines separated by `\n`) and its colour, if any.
pub(super) type Cell<'a> = (&'a str, Option<AnsiColor>);

/// Writes a table whose columns have the given content widths (one space of padding each side).
pub(super) struct Grid {
    widths: Vec<usize>,
    color: bool,
    /// The line being written.
    line: String,
    /// Each cell's wrapped lines, as byte ranges of its text.
    lines: Vec<Vec<Range<usize>>>,
}

impl Grid {
    /// A grid of columns `widths` wide (padding excluded); colour codes only when `color`.
    pub(super) fn new(widths: &[usize], color: bool) -> Self {
        Self {
            widths: widths.to_vec(),
            color,
            line: String::new(),
            lines: vec![Vec::new(); widths.len()],
        }
    }

    /// The line above the header.
    pub(super) fn top(&mut self, w: &mut dyn Write) -> io::Result<()> {
        self.rule(['┌', '─', '┬', '┐'], w)
    }

    /// The line under the header.
    pub(super) fn header_rule(&mut self, w: &mut dyn Write) -> io::Result<()> {
        self.rule(['╞', '═', '╪', '╡'], w)
    }

    /// The line under the last row.
    pub(super) fn bottom(&mut self, w: &mut dyn Write) -> io::Result<()> {
        self.rule(['└', '─', '┴', '┘'], w)
    }

    fn rule(&mut self, [left, fill, cross, right]: [char; 4], w: &mut dyn Write) -> io::Result<()> {
        self.line.clear();
        self.line.push(left);
        for (i, &width) in self.widths.iter().enumerate() {
            if i > 0 {
                self.line.push(cross);
            }
            self.line.extend(std::iter::repeat_n(fill, width + 2));
        }
        self.line.push(right);
        self.line.push('\n');
        w.write_all(self.line.as_bytes())
    }

    /// Writes one row, its cells in column order; a row with fewer cells than columns leaves
    /// the last columns blank.
    pub(super) fn row(&mut self, cells: &[Cell<'_>], w: &mut dyn Write) -> io::Result<()> {
        for (k, out) in self.lines.iter_mut().enumerate() {
            out.clear();
            match cells.get(k) {
                Some((text, _)) => wrap_cell(text, self.widths[k], out),
                None => out.push(0..0),
            }
        }
        let height = self.lines.iter().map(Vec::len).max().unwrap_or(0);
        for n in 0..height {
            self.line.clear();
            self.line.push('│');
            for (k, &width) in self.widths.iter().enumerate() {
                if k > 0 {
                    self.line.push('┆');
                }
                let (text, color) = cells.get(k).copied().unwrap_or(("", None));
                let Some(range) = self.lines[k].get(n) else {
                    // A cell with fewer lines than the row is blank below them, uncoloured.
                    push_spaces(&mut self.line, width + 2);
                    continue;
                };
                let part = &text[range.clone()];
                let code = color.filter(|_| self.color).map(sgr);
                if let Some(code) = code {
                    self.line.push_str("\x1b[");
                    self.line.push_str(code);
                    self.line.push('m');
                }
                self.line.push(' ');
                self.line.push_str(part);
                let fill = width.saturating_sub(columns(part)) + 1;
                push_spaces(&mut self.line, fill);
                if code.is_some() {
                    self.line.push_str("\x1b[39m");
                }
            }
            self.line.push_str("│\n");
            w.write_all(self.line.as_bytes())?;
        }
        Ok(())
    }
}

/// The colour code of `c` as a cell's text is painted (the 256-colour palette's bright
/// colours).
fn sgr(c: AnsiColor) -> &'static str {
    match c {
        AnsiColor::Red => "38;5;9",
        AnsiColor::Green => "38;5;10",
        AnsiColor::Yellow => "38;5;11",
        // Only red, green and yellow are painted; another colour leaves the text as it is.
        _ => "39",
    }
}

/// Pushes onto `out` the lines of `text` wrapped to `width` columns, as byte ranges of `text`.
fn wrap_cell(text: &str, width: usize, out: &mut Vec<Range<usize>>) {
    let mut at = 0;
    for line in text.split('\n') {
        if columns(line) <= width {
            out.push(at..at + line.len());
        } else {
            wrap_line(line, at, width, out);
        }
        at += line.len() + 1;
    }
}

/// Wraps one line too wide for `width` columns; `base` is its byte offset in the cell's text.
///
/// Words are the pieces between single spaces (two spaces make an empty word). A word joins
/// the line when it fits after a space; otherwise the line closes if two columns or fewer are
/// left, or the word is cut at the columns left when it is wider than the whole column, or
/// else it opens the next line. A line also closes once it leaves two columns or fewer free.
fn wrap_line(line: &str, base: usize, width: usize, out: &mut Vec<Range<usize>>) {
    // The line being filled, `start..end` of `line` (empty: none yet), and its width.
    let (mut start, mut end, mut used) = (0, 0, 0);
    let mut word = 0..line.find(' ').unwrap_or(line.len());
    loop {
        let open = start < end;
        if !open {
            (start, end) = (word.start, word.start);
        }
        let wide = columns(&line[word.clone()]);
        let gap = usize::from(open);
        let free = width.saturating_sub(used + gap);
        if used + gap + wide <= width {
            end = word.end;
            used += gap + wide;
        } else if open && free <= FREE {
            out.push(base + start..base + end);
            (start, end, used) = (0, 0, 0);
            continue;
        } else if wide > width {
            let mut cut = word.start + fit_prefix(&line[word.clone()], free);
            // A line takes at least one character, however wide.
            if !open && cut == word.start {
                cut += line[cut..].chars().next().map_or(0, char::len_utf8);
            }
            out.push(base + start..base + cut);
            (start, end, used) = (0, 0, 0);
            word = cut..word.end;
            continue;
        } else {
            out.push(base + start..base + end);
            (start, end, used) = (word.start, word.end, wide);
        }
        if used > width.saturating_sub(FREE) {
            out.push(base + start..base + end);
            (start, end, used) = (0, 0, 0);
        }
        if word.end == line.len() {
            break;
        }
        let from = word.end + 1;
        word = from..line[from..].find(' ').map_or(line.len(), |i| from + i);
    }
    if start < end {
        out.push(base + start..base + end);
    }
}

/// Pushes `n` spaces onto `line`.
fn push_spaces(line: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        line.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// The byte length of the longest prefix of `word` at most `room` columns wide.
fn fit_prefix(word: &str, room: usize) -> usize {
    let mut used = 0;
    let mut buf = [0; 4];
    for (i, c) in word.char_indices() {
        // Measured as a string, as the whole line is: a control character is one column.
        used += (*c.encode_utf8(&mut buf)).width();
        if used > room {
            return i;
        }
    }
    word.len()
}
