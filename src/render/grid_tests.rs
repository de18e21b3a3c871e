//! The grid against comfy-table: the same rows, the same widths, the same bytes.

use super::grid::{Cell, Grid};
use anstyle::AnsiColor;
use comfy_table::{presets, Color, ColumnConstraint, ContentArrangement, Table, Width};

/// The table as comfy-table draws it with the step table's settings.
fn comfy(widths: &[usize], rows: &[Vec<Cell<'_>>], color: bool) -> String {
    let mut t = Table::new();
    let total = widths.iter().sum::<usize>() + 3 * widths.len() + 1;
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(total).unwrap());
    super::fit::styling(&mut t, color);
    let cell = |(text, c): &Cell<'_>| {
        let cell = comfy_table::Cell::new(text);
        match c {
            Some(AnsiColor::Red) => cell.fg(Color::Red),
            Some(AnsiColor::Green) => cell.fg(Color::Green),
            Some(AnsiColor::Yellow) => cell.fg(Color::Yellow),
            Some(_) => cell.fg(Color::Reset),
            None => cell,
        }
    };
    t.set_header(rows[0].iter().map(cell));
    for row in &rows[1..] {
        t.add_row(row.iter().map(cell));
    }
    for (i, w) in widths.iter().enumerate() {
        let w = u16::try_from(w + 2).unwrap();
        let col = t.column_mut(i).unwrap();
        col.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
    }
    format!("{t}\n")
}

/// The same table written by [`Grid`].
fn grid(widths: &[usize], rows: &[Vec<Cell<'_>>], color: bool) -> String {
    let mut out = Vec::new();
    let mut g = Grid::new(widths, color);
    g.top(&mut out).unwrap();
    g.row(&rows[0], &mut out).unwrap();
    g.header_rule(&mut out).unwrap();
    for row in &rows[1..] {
        g.row(row, &mut out).unwrap();
    }
    g.bottom(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn same(widths: &[usize], rows: &[Vec<Cell<'_>>]) {
    for color in [false, true] {
        let (a, b) = (comfy(widths, rows, color), grid(widths, rows, color));
        assert_eq!(b, a, "widths {widths:?}, colour {color}:\n{a}\n{b}");
    }
}

#[test]
fn tricky_rows_come_out_as_comfy_table_draws_them() {
    let long = "abandoned-hall-trigger-controlled-by-the-player-who-chooses";
    let rows: Vec<Vec<Cell<'_>>> = vec![
        vec![("#", None), ("What\nhappened", None), ("Rules", None)],
        vec![
            ("12", None),
            (
                "Ana plays Riptide Rex → Ben's unit; refused",
                Some(AnsiColor::Red),
            ),
            ("346.1.b.2, 346.1.c", None),
        ],
        vec![("1", None), (long, Some(AnsiColor::Green)), (long, None)],
        vec![
            ("7", None),
            ("a line\n\nafter an empty one,  two  spaces ", None),
            (
                "≠ numbers ≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠≠ → →→→",
                Some(AnsiColor::Yellow),
            ),
        ],
        vec![
            ("", None),
            ("", Some(AnsiColor::Red)),
            ("x", Some(AnsiColor::White)),
        ],
        vec![("3", None), ("short row", None)],
    ];
    for w in [(1, 12, 8), (2, 20, 12), (3, 31, 5), (2, 9, 3), (1, 60, 60)] {
        same(&[w.0, w.1, w.2], &rows);
    }
}

#[test]
fn random_text_comes_out_as_comfy_table_draws_it() {
    const WORDS: [&str; 12] = [
        "a",
        "to",
        "the",
        "≠",
        "→",
        "resolves",
        "",
        "346.1.b.2",
        "Ana's",
        "x\ny",
        "countered-by-the-long-id-of-a-ruling",
        "≠≠≠≠≠≠≠≠≠≠≠",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % n as u64).unwrap()
    };
    for _ in 0..300 {
        let texts: Vec<String> = (0..8)
            .map(|_| {
                let n = next(14);
                (0..n)
                    .map(|_| WORDS[next(WORDS.len())])
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let widths = [1 + next(6), 1 + next(30), 1 + next(14)];
        let rows: Vec<Vec<Cell<'_>>> = texts
            .chunks(2)
            .map(|p| {
                vec![
                    ("9", None),
                    (p[0].as_str(), Some(AnsiColor::Red)),
                    (&p[1], None),
                ]
            })
            .collect();
        same(&widths, &rows);
    }
}
