//! The compact view's step list (issue 20): one block per step shown, its number, what happened
//! and its rules side by side, without borders, so a replay reads in one screen.
//!
//! - What happened gets at least half the width; the rules column the rest, up to what it
//!   needs, wrapped between numbers: the split that prints the fewest lines.
//! - The state, Priority and Focus are written after the step's text only where they change
//!   ("→ Showdown Open, Priority Ben"), compared with the step shown before.
//! - The rules are written short ([`super::compact_rules`]): with two editions, July's numbers
//!   marked where October's differ.
//! - A step taken under one edition only reads "[July]" or "[October]"; one whose outcome
//!   differs "[outcome differs]", one on another route "[route differs]".
//! - Every note is numbered, as in the full table, and printed after the list.

use super::compact_rules::{legend, rules};
use super::table::Notes;
use super::{editions, fit_line, line_of, Line};
use crate::compare::{Flag, Report};
use crate::trace::Step;
use anstyle::AnsiColor;
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;

/// The gap between columns.
const GAP: &str = "  ";

/// "Ana / Ben" (Priority / Focus) as its two parts; `None` when the editions differ there.
fn holders_of(l: &Line) -> Option<(String, String)> {
    if l.holders.contains("July:") {
        return None;
    }
    let (p, f) = l.holders.split_once(" / ").unwrap_or((&l.holders, "-"));
    let name = |x: &str| if x == "-" { "nobody" } else { x }.to_string();
    Some((name(p), name(f)))
}

/// Holders the editions differ on ("July: - / Ana; Oct: - / Ben") as "Priority nobody, Focus
/// July Ana, October Ben".
fn split_holders(holders: &str) -> String {
    let parse = |h: &str| -> (String, String) {
        let (p, f) = h.split_once(" / ").unwrap_or((h, "-"));
        let name = |x: &str| if x == "-" { "nobody" } else { x }.to_string();
        (name(p.trim()), name(f.trim()))
    };
    let Some((j, o)) = holders
        .strip_prefix("July: ")
        .and_then(|x| x.split_once("; Oct: "))
    else {
        return format!("Priority/Focus {holders}");
    };
    let ((jp, jf), (op, of)) = (parse(j), parse(o));
    let one = |what: &str, a: String, b: String| {
        if a == b {
            format!("{what} {a}")
        } else {
            format!("{what} July {a}, October {b}")
        }
    };
    format!("{}, {}", one("Priority", jp, op), one("Focus", jf, of))
}

/// What changed in state, Priority and Focus since `prev` (the step shown before), as
/// "→ Showdown Open, Priority Ben", or nothing.
fn now_text(prev: Option<&Line>, l: &Line) -> String {
    let mut parts = Vec::new();
    if prev.is_none_or(|p| p.state != l.state) {
        parts.push(l.state.clone());
    }
    match (prev.map(holders_of), holders_of(l)) {
        (Some(Some((p0, f0))), Some((p, f))) => {
            if p0 != p {
                parts.push(format!("Priority {p}"));
            }
            if f0 != f {
                parts.push(format!("Focus {f}"));
            }
        }
        (None, Some((p, f))) => {
            parts.push(format!("Priority {p}"));
            if f != "nobody" {
                parts.push(format!("Focus {f}"));
            }
        }
        (_, None) => parts.push(split_holders(&l.holders)),
        (Some(None), Some((p, f))) => parts.push(format!("Priority {p}, Focus {f}")),
    }
    // What the step's own words already say is not said again.
    parts.retain(|x| !says(&l.what, x));
    if parts.is_empty() {
        String::new()
    } else {
        format!(" → {}", parts.join(", "))
    }
}

/// Whether a step's text already says `part` ("Focus Ana", "Priority Ben", "Showdown Open"):
/// "Ana gains Focus", "Focus passes from Ben to Ana", "Ben receives Priority", or "Open State"
/// for an Open state.
fn says(what: &str, part: &str) -> bool {
    if let Some(p) = part.strip_prefix("Focus ") {
        // A showdown that ends leaves Focus with nobody (348).
        if p == "nobody" {
            return what.contains("showdown") && what.contains(" ends");
        }
        let passes = what.contains("Focus passes from");
        return if passes {
            what.contains(&format!("to {p}"))
        } else {
            ["gains", "keeps", "holds"]
                .iter()
                .any(|v| what.contains(&format!("{p} {v} Focus")))
        };
    }
    // "The Chain is empty: Open State" says the state is Open now.
    if let Some(kind) = part
        .strip_suffix(" Open")
        .or_else(|| part.strip_suffix(" Closed"))
    {
        let state = if part.ends_with("Open") {
            "Open State"
        } else {
            "Closed State"
        };
        return ["Neutral", "Showdown"].contains(&kind) && what.contains(state);
    }
    if let Some(p) = part.strip_prefix("Priority ") {
        return [
            format!("{p} receives Priority"),
            format!("{p} gains Focus and Priority"),
        ]
        .iter()
        .any(|x| what.contains(x.as_str()));
    }
    false
}

/// The mark before a step's text for how the editions compare there (a step of one edition
/// already reads "[July]").
fn flag_mark(l: &Line) -> &'static str {
    match (l.flag, l.only) {
        (Flag::OutcomeDiffers, None) => "[outcome differs] ",
        (Flag::RouteDiffers, None) => "[route differs] ",
        _ => "",
    }
}

/// The colour of a row: red where the outcome differs, yellow where the route does or one
/// edition alone takes the step, else as the full table colours a step's text.
fn row_color(l: &Line) -> Option<AnsiColor> {
    match l.flag {
        Flag::OutcomeDiffers => Some(AnsiColor::Red),
        Flag::RouteDiffers | Flag::StepsDiffer => Some(AnsiColor::Yellow),
        _ => super::table::what_color(&l.what),
    }
}

/// Lines of `text` wrapped to `width` columns, words never split: textwrap's first fit (with
/// words separated by ASCII spaces, no hyphenation), done here directly for a text of printable
/// ASCII, which nearly every cell is (a 100,000-item Chain wraps some 400,000 of them).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    if !super::fit::printable_ascii(text) {
        return textwrap_lines(text, width);
    }
    if text.len() < width {
        return vec![text.trim_end_matches(' ').to_string()];
    }
    // Words as textwrap finds them: a run of letters with the spaces after it (a leading run of
    // spaces is a word of its own, with no letters). A word that does not fit where the line
    // is opens the next one; a line ends at its last word's letters.
    let mut lines = Vec::new();
    let (mut start, mut used) = (0, 0);
    let mut at = 0;
    while at < text.len() {
        let rest = &text.as_bytes()[at..];
        let letters = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
        let spaces = rest[letters..].iter().take_while(|&&b| b == b' ').count();
        if used + letters > width && at > start {
            lines.push(line_at(text, start, at));
            (start, used) = (at, 0);
        }
        used += letters + spaces;
        at += letters + spaces;
    }
    lines.push(line_at(text, start, text.len()));
    lines
}

/// `text` wrapped by textwrap with the options `wrap` follows (any text; the layout `wrap`'s
/// own path for printable ASCII keeps).
fn textwrap_lines(text: &str, width: usize) -> Vec<String> {
    let opts = textwrap::Options::new(width.max(1))
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, opts)
        .into_iter()
        .map(|c| c.into_owned())
        .collect()
}

/// `text[start..end]` without the spaces that end it.
fn line_at(text: &str, start: usize, end: usize) -> String {
    text[start..end].trim_end_matches(' ').to_string()
}

/// How many rows the search for the widths looks at: enough for any replay a judge reads, few
/// enough that a replay of thousands of steps is laid out at once.
const LAYOUT_SAMPLE: usize = 400;

/// The widths of What happened and Rules: What happened at least half the width and its longest
/// word, Rules at least their longest number; between those, the split that prints the fewest
/// lines (ties: the wider What happened). `None` when the width allows no such split.
fn columns(
    room: usize,
    width: usize,
    (what_word, rules_word): (usize, usize),
    rules_need: usize,
    texts: &[String],
    shown: &[(Line, String)],
) -> Option<(usize, usize)> {
    let what_min = what_word.max(12).max(width / 2);
    let rules_min = rules_word.max("Rules".len());
    if room < what_min + rules_min {
        // Too narrow for both at their least: What happened keeps its longest word if it can.
        let rules = rules_min;
        let what = room.checked_sub(rules)?;
        return (what >= what_word.max(12)).then_some((what, rules));
    }
    let rules_max = rules_need.max(rules_min).min(room - what_min);
    let lines = |rules_w: usize| -> usize {
        texts
            .iter()
            .zip(shown)
            .take(LAYOUT_SAMPLE)
            .map(|(t, (_, x))| wrap(t, room - rules_w).len().max(wrap(x, rules_w).len()))
            .sum()
    };
    let best = (rules_min..=rules_max).min_by_key(|&r| (lines(r), r))?;
    Some((room - best, best))
}

/// Goes through the shown rows of `r` in order, giving `each` the row's line, its rules and its
/// text (mark, note numbers from `notes`, and what changed since the step shown before). The
/// first row is compared with the step before it in `full`, if any. Nothing is kept from one
/// row to the next but the previous line, so a long report is told in constant memory.
fn each_told(
    r: &Report,
    full: &Report,
    eds: &[crate::edition::EditionId],
    notes: &mut Notes,
    mut each: impl FnMut(&Line, &str, &str) -> io::Result<()>,
) -> io::Result<()> {
    // The first step shown is compared with the step before it in the full trace, if any.
    let mut prev: Option<Line> = r
        .rows
        .first()
        .and_then(|first| full.rows.iter().position(|x| x.n == first.n))
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| line_of(full, eds, &full.rows[i]));
    for row in &r.rows {
        let Some(l) = line_of(r, eds, row) else {
            continue;
        };
        let steps: Vec<Option<&Step>> = (0..row.steps.len()).map(|k| r.step_at(row, k)).collect();
        let rules = rules(eds, &steps);
        // A step of one edition: "[July]" here, the full view's "[July only]" shortened.
        let told = l.what.replace('\n', " ");
        let told = match l.only {
            Some(e) => told.replacen(
                &format!("[{} only]", e.title()),
                &format!("[{}]", e.title()),
                1,
            ),
            None => told,
        };
        let mut what = format!("{}{told}", flag_mark(&l));
        for note in &l.notes {
            let k = notes.number(note, &l.n);
            what.push_str(&format!(" [{k}]"));
        }
        what.push_str(&now_text(prev.as_ref(), &l));
        each(&l, &rules, &what)?;
        prev = Some(l);
    }
    Ok(())
}

/// The widest word of `text` (split at spaces), in columns.
fn longest_word(text: &str) -> usize {
    text.split(' ')
        .map(UnicodeWidthStr::width)
        .max()
        .unwrap_or(0)
}

/// What the layout needs of all the rows shown, measured in one pass without keeping them.
#[derive(Default)]
struct Measure {
    shown: usize,
    n_w: usize,
    what_word: usize,
    rules_word: usize,
    rules_need: usize,
    /// The first [`LAYOUT_SAMPLE`] rows' texts and (line, rules), for the search of widths.
    texts: Vec<String>,
    sample: Vec<(Line, String)>,
    /// For the legend: a printed rules cell of each kind of mark it explains, if any.
    marked: Vec<String>,
}

impl Measure {
    fn add(&mut self, l: &Line, rules: &str, what: &str) {
        self.shown += 1;
        self.n_w = self.n_w.max(l.n.width());
        self.what_word = self.what_word.max(longest_word(what));
        self.rules_word = self.rules_word.max(longest_word(rules));
        self.rules_need = self.rules_need.max(rules.width());
        if self.texts.len() < LAYOUT_SAMPLE {
            self.texts.push(what.to_string());
            self.sample.push((l.clone(), rules.to_string()));
        }
        // The legend asks only whether any printed cell holds each mark.
        let kinds: [fn(&str) -> bool; 4] = [
            |x| x.contains('≠'),
            |x| x.starts_with("Oct ") && x.contains('*'),
            |x| x.contains('°'),
            |x| x.contains("inferred"),
        ];
        for kind in kinds {
            if kind(rules) && !self.marked.iter().any(|m| kind(m)) {
                self.marked.push(rules.to_string());
            }
        }
    }
}

/// Writes the compact list of `r` (already folded by [`super::compact`]), then its numbered
/// notes and the legend of its marks. `full`: the report before folding; `renumbered`: the
/// answer block's renumbered rules. Falls back to the full table's narrow list when the width
/// leaves What happened less than its longest word.
///
/// The rows are told twice, once to measure the columns and once to write them, so no list of
/// all the lines is held (a 100,000-item Chain shows about 200,000 rows).
///
/// # Errors
/// The first error `w` returns.
pub(super) fn write_compact(
    r: &Report,
    full: &Report,
    renumbered: &[String],
    style: super::Style,
    w: &mut dyn Write,
) -> io::Result<()> {
    let total = full.rows.len();
    let width = usize::from(style.width);
    let eds = editions(r);
    let mut m = Measure::default();
    each_told(r, full, &eds, &mut Notes::default(), |l, rules, what| {
        m.add(l, rules, what);
        Ok(())
    })?;
    let n_w = m.n_w.max(1);
    let room = width.saturating_sub(2 + n_w + 2 * GAP.len());
    let Some((what_w, rules_w)) = columns(
        room,
        width,
        (m.what_word, m.rules_word),
        m.rules_need,
        &m.texts,
        &m.sample,
    ) else {
        super::table::write_table(r, style, w)?;
        for f in super::footnotes(full) {
            writeln!(w, "\n{}", fit_line(f, width, 2))?;
        }
        return Ok(());
    };
    if m.shown == 0 {
        return writeln!(w, "Steps: none");
    }
    // One line heads both columns: how many steps are shown, and whose numbers the rules are.
    let steps = if m.shown < total {
        format!(
            "Steps: {} of {} (routine ones folded; --steps all shows all)",
            crate::engine::thousands(m.shown),
            crate::engine::thousands(total)
        )
    } else {
        format!("Steps: {}", crate::engine::thousands(total))
    };
    let rules_head = if eds.len() == 2 && rules_w >= "Rules (July's)".len() {
        "Rules (July's)"
    } else {
        "Rules"
    };
    let lead = n_w + GAP.len() + what_w;
    if steps.width() + 2 <= lead {
        writeln!(w, "{:<lead$}{GAP}{rules_head}", steps)?;
    } else {
        writeln!(w, "{}", fit_line(&steps, width, 2))?;
        writeln!(
            w,
            "  {:>n_w$}{GAP}{:<what_w$}{GAP}{rules_head}",
            "#", "What happened"
        )?;
    }
    let mut notes = Notes::default();
    each_told(r, full, &eds, &mut notes, |l, rules, what| {
        let left = wrap(what, what_w);
        let right = wrap(rules, rules_w);
        let paint = row_color(l).filter(|_| style.color);
        for i in 0..left.len().max(right.len()) {
            let n = if i == 0 { l.n.as_str() } else { "" };
            let a = left.get(i).map_or("", String::as_str);
            let b = right.get(i).map_or("", String::as_str);
            let pad = what_w.saturating_sub(a.width());
            let a = match paint {
                Some(c) => {
                    let st = anstyle::Style::new().fg_color(Some(c.into()));
                    format!("{st}{a}{st:#}")
                }
                None => a.to_string(),
            };
            let line = if b.is_empty() {
                format!("  {n:>n_w$}{GAP}{a}")
            } else {
                format!("  {n:>n_w$}{GAP}{a}{}{GAP}{b}", " ".repeat(pad))
            };
            writeln!(w, "{}", line.trim_end())?;
        }
        Ok(())
    })?;
    // The answer block names the notes ("Notes after the steps: [1] at step 5").
    notes.write(width, false, w)?;
    let printed: Vec<&str> = m.marked.iter().map(String::as_str).collect();
    for l in legend(full, &printed, renumbered) {
        writeln!(w, "\n{}", fit_line(&l, width, 2))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{textwrap_lines, wrap};

    #[test]
    fn cells_are_wrapped_as_textwrap_wraps_them() {
        let texts = [
            "",
            "x",
            "Ana passes Priority to Ben",
            "s12, the newest item, resolves",
            "two  spaces inside",
            " leading space",
            "trailing space ",
            "a very-long-word-that-fills-the-column",
            "Oct 337.1*, 338.2",
            "Ana's Défi resolves",
            "tab\there",
            "Everyone passed in a row: s99999, the newest item, resolves",
            "   spaces   everywhere   ",
            "                ",
        ];
        for text in texts {
            for width in 0..70 {
                assert_eq!(
                    wrap(text, width),
                    textwrap_lines(text, width),
                    "{text:?} at {width}"
                );
            }
        }
        // Texts of words and spaces of every length, drawn from a fixed seed.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = (next() % 60) as usize;
            let text: String = (0..len)
                .map(|_| match next() % 5 {
                    0 | 1 => ' ',
                    2 => '.',
                    _ => char::from(b'a' + (next() % 26) as u8),
                })
                .collect();
            let width = (next() % 30) as usize;
            assert_eq!(
                wrap(&text, width),
                textwrap_lines(&text, width),
                "{text:?} at {width}"
            );
        }
    }
}
