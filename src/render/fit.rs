//! Fitting text and tables to the width: lines wrapped at spaces, never inside a word, and
//! tables whose short columns are as narrow as their content, written as a list when even
//! their longest words do not fit.

use comfy_table::{presets, ColumnConstraint, ContentArrangement, Table, Width};
use unicode_width::UnicodeWidthStr;

/// `line` wrapped at spaces to `width` columns, the lines after the first indented by `indent`
/// spaces. A word longer than the width stays whole on a line of its own.
pub fn fit_line(line: &str, width: usize, indent: usize) -> String {
    // Widths are measured without colour codes.
    if textwrap::core::display_width(line) <= width {
        return line.to_string();
    }
    let pad = " ".repeat(indent.min(width / 2));
    let opts = textwrap::Options::new(width.max(1))
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .subsequent_indent(&pad);
    let wrapped = textwrap::fill(line, opts);
    // A word that fits the width but not after the indent (a long path) starts at column 0.
    // An indented word longer than the width can leave an empty line before it: dropped.
    let lines: Vec<&str> = wrapped
        .split('\n')
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            if textwrap::core::display_width(l) > width {
                l.trim_start()
            } else {
                l
            }
        })
        .collect();
    lines.join("\n")
}

/// Every line of `text` fitted to `width` ([`fit_line`]); a continued line keeps its
/// indentation and, after a `Label:` followed by two or more spaces, lines up with the value.
pub fn fit(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let lead = body.len() - body.trim_start().len();
        let indent = body
            .find(":  ")
            .filter(|&c| !body[lead..c].contains(' ') || body[lead..c].len() < 20)
            .map(|c| c + 1 + body[c + 1..].len() - body[c + 1..].trim_start().len())
            .unwrap_or(lead + 2);
        out.push_str(&fit_line(body, width, indent));
        out.push_str(nl);
    }
    out
}

/// Colour in `t`'s cells on (`color`) or off, whatever the terminal. Without a terminal
/// (wasm32), a table has no colours anyway.
pub(crate) fn styling(t: &mut Table, color: bool) {
    #[cfg(not(target_arch = "wasm32"))]
    if color {
        t.enforce_styling();
    } else {
        t.force_no_tty();
    }
    #[cfg(target_arch = "wasm32")]
    let _ = (t, color);
}

/// The widest word of `s` (display columns).
pub(crate) fn longest_word(s: &str) -> usize {
    s.split_whitespace().map(columns).max().unwrap_or(0)
}

/// The widest line of `s` (display columns).
pub(crate) fn widest_line(s: &str) -> usize {
    s.lines().map(columns).max().unwrap_or(0)
}

/// Whether `text` is printable ASCII only: one column a byte, and no line breaks.
pub(crate) fn printable_ascii(text: &str) -> bool {
    text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// The columns `text` takes, as `unicode-width` measures a string. Printable ASCII, which
/// nearly every cell of a step table is, is one column a byte, counted without the Unicode
/// tables (a large replay measures millions of cells).
pub(crate) fn columns(text: &str) -> usize {
    if printable_ascii(text) {
        text.len()
    } else {
        text.width()
    }
}

/// A table to fit: its headers, its rows (one string per column), the column that takes the
/// room left (the longest text), and the columns that lead a row's entry in the list layout.
pub struct Columns<'a> {
    /// The column headers.
    pub header: &'a [&'a str],
    /// The rows, each with one cell per header.
    pub rows: Vec<Vec<String>>,
    /// The column that gets the room the others leave (its text wraps).
    pub wide: usize,
    /// The columns written on an entry's first line in the list layout, joined by `lead_sep`.
    pub lead: &'a [usize],
    /// What joins the lead columns (for example `" -> "`).
    pub lead_sep: &'a str,
}

/// The least width of the wide column for the table layout; below it, the rows are a list.
const WIDE_MIN: usize = 24;

/// `c` laid out in `width` columns: a table when every column's longest word fits and the wide
/// column keeps at least [`WIDE_MIN`] columns; otherwise a list, one entry per row (its lead
/// columns, then the wide column indented, then the other non-empty cells as `Header: value`).
/// Either way no word is split, and every line is at most `width` columns unless one word is
/// longer.
pub fn fitted_table(c: &Columns<'_>, width: usize) -> String {
    let n = c.header.len();
    // Content widths without padding: the widest line, and the longest word.
    let mut need: Vec<usize> = c.header.iter().map(|h| h.width()).collect();
    let mut word: Vec<usize> = c.header.iter().map(|h| longest_word(h)).collect();
    for row in &c.rows {
        for (i, cell) in row.iter().enumerate().take(n) {
            need[i] = need[i].max(widest_line(cell));
            word[i] = word[i].max(longest_word(cell));
        }
    }
    // Borders (n + 1) and one space of padding each side of a cell.
    let frame = n + 1 + 2 * n;
    let total = |w: &[usize]| w.iter().sum::<usize>() + frame;
    let room = width.saturating_sub(frame);
    // The wide column comes first: half the room, when it needs it; the short
    // columns shrink toward their longest word, the widest first, to leave it that much.
    let mut widths = need.clone();
    widths[c.wide] = word[c.wide].max((room / 2).min(need[c.wide]));
    while total(&widths) > width {
        let Some(i) = (0..n)
            .filter(|&i| i != c.wide && widths[i] > word[i])
            .max_by_key(|&i| widths[i] - word[i])
        else {
            break;
        };
        widths[i] -= 1;
    }
    // Still too wide: the wide column gives up room down to its longest word or WIDE_MIN.
    let least = word[c.wide].max(WIDE_MIN.min(need[c.wide]));
    let over = total(&widths).saturating_sub(width);
    widths[c.wide] = widths[c.wide].saturating_sub(over).max(least);
    if total(&widths) > width {
        return list(c, width);
    }
    // The room left goes to the wide column, up to what it needs.
    let spare = width - total(&widths);
    widths[c.wide] = (widths[c.wide] + spare).min(need[c.wide].max(widths[c.wide]));
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .set_header(c.header.iter().copied());
    styling(&mut t, false);
    for row in &c.rows {
        t.add_row(row.iter().map(String::as_str));
    }
    for (i, w) in widths.iter().enumerate() {
        if let Some(col) = t.column_mut(i) {
            let w = u16::try_from(w + 2).unwrap_or(u16::MAX);
            col.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
        }
    }
    t.to_string()
}

/// The list layout of [`fitted_table`].
fn list(c: &Columns<'_>, width: usize) -> String {
    let mut out = String::new();
    for row in &c.rows {
        let lead: Vec<&str> = c.lead.iter().map(|&i| row[i].as_str()).collect();
        out.push_str(&fit_line(&lead.join(c.lead_sep), width, 4));
        out.push('\n');
        if !c.lead.contains(&c.wide) && !row[c.wide].is_empty() {
            let text = row[c.wide].replace('\n', " ");
            out.push_str(&fit_line(&format!("    {text}"), width, 4));
            out.push('\n');
        }
        let rest: Vec<String> = (0..c.header.len())
            .filter(|i| *i != c.wide && !c.lead.contains(i) && !row[*i].is_empty())
            .map(|i| format!("{}: {}", c.header[i], row[i].replace('\n', " ")))
            .collect();
        if !rest.is_empty() {
            out.push_str(&fit_line(&format!("    {}", rest.join("; ")), width, 6));
            out.push('\n');
        }
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(rows: Vec<Vec<String>>) -> Columns<'static> {
        Columns {
            header: &["Id", "Title", "Set"],
            rows,
            wide: 1,
            lead: &[0],
            lead_sep: " ",
        }
    }

    /// The ASCII shortcut measures as `unicode-width` does, including the strings it must
    /// leave to the tables (control characters, tabs, wide and combining characters).
    #[test]
    fn columns_measure_as_unicode_width_does() {
        for text in [
            "",
            "Ana passes Priority; Ben receives it",
            "~ and DEL\x7f and tab\t",
            "a\r\nb",
            "\x1b[31m",
            "Kha'Zix — 汉字 and e\u{301}",
            "≠ numbers",
        ] {
            assert_eq!(super::columns(text), text.width(), "{text:?}");
        }
    }

    fn row(a: &str, b: &str, c: &str) -> Vec<String> {
        vec![a.to_string(), b.to_string(), c.to_string()]
    }

    #[test]
    fn a_word_longer_than_the_width_stands_on_its_own_line_with_no_blank_line_before() {
        let url = format!("https://example.org/{}", "x".repeat(80));
        assert_eq!(fit_line(&format!("  {url}"), 60, 4), url);
        let line = format!("Source: a report, 2025-10-16, under a heading: {url}");
        let out = fit_line(&line, 60, 2);
        assert_eq!(
            out,
            format!("Source: a report, 2025-10-16, under a heading:\n{url}")
        );
    }

    #[test]
    fn short_columns_keep_their_words_and_the_wide_one_takes_the_room() {
        let c = columns(vec![
            row("draven-axes", &"word ".repeat(40), "origins"),
            row("a-b", "short", ""),
        ]);
        let out = fitted_table(&c, 60);
        for line in out.lines() {
            assert!(line.width() <= 60, "{line}");
        }
        assert!(out.contains("draven-axes"), "{out}");
        assert!(out.contains("origins"), "{out}");
        // The wide column takes what the others leave: 60 - 3 * 3 - 1 - 11 - 7.
        let first = out.lines().nth(3).unwrap();
        assert!(first.contains(&"word ".repeat(6)), "{out}");
    }

    #[test]
    fn an_id_too_long_for_a_table_gives_a_list_without_splitting_it() {
        let id = "2v2-teammates-need-different-legends-and-battlefields";
        let c = columns(vec![row(
            id,
            "In 2v2 teammates may not share a legend",
            "origins",
        )]);
        let out = fitted_table(&c, 60);
        assert_eq!(
            out,
            format!("{id}\n    In 2v2 teammates may not share a legend\n    Set: origins")
        );
    }
}
