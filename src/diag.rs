//! Diagnostics: every problem in a file, each labelled at its line and column with a fix.
//!
//! This is the one place that renders errors (miette's graphical handler with a fixed theme and
//! width, so that output is the same on every machine).

use crate::yaml::Loc;
use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
use std::collections::HashMap;
use std::fmt::Write as _;

/// One problem in a file.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub loc: Loc,
    /// The label shown at `loc`.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
    /// A stable code, e.g. `unknown_key`.
    pub code: &'static str,
    /// Further places involved, with their labels.
    pub also: Vec<(Loc, String)>,
}

impl Problem {
    /// A problem with a label and an optional fix.
    pub fn new(code: &'static str, loc: Loc, message: impl Into<String>) -> Self {
        let message = message.into();
        Self {
            label: "here".into(),
            message,
            loc,
            help: None,
            code,
            also: Vec::new(),
        }
    }

    /// Adds the fix.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the label text.
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }
}

/// The diagnostic form of one [`Problem`] (a `related` entry of [`FileProblems`]).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
struct ProblemDiag {
    message: String,
    code: String,
    help: Option<String>,
    labels: Vec<(String, SourceSpan)>,
    src: Shown,
}

/// The text shown for one problem: the parts of the file around its labels, each a run of whole
/// lines (a [`Window`]), with each line near a label that is wider than the report cut to the
/// part around its label (`…` marks what is left out). The line and column in each header stay
/// those of the file.
///
/// The part holding the problem's own place comes first, then the others in file order, so
/// that the first header names the place the problem is reported at (a duplicate's second use,
/// with its first use below), as its line and column in JSON do.
#[derive(Debug)]
struct Shown {
    name: String,
    text: String,
    windows: Vec<Window>,
    /// Each label's offset in `text`, with the index of its window (a label at the very end
    /// of one window is at the start of the next).
    anchors: Vec<(usize, usize)>,
}

/// One part of the file shown for a problem: whole lines around a group of labels close enough
/// to be drawn in one snippet.
#[derive(Debug)]
struct Window {
    /// Its bytes in the shown text.
    range: std::ops::Range<usize>,
    /// The file's line (0-based) that its first line is: a problem is shown from windows of
    /// the file around its labels, so that rendering it costs the same wherever it is.
    first_line: usize,
    /// Characters cut from the start of a line (0-based line of the window), less the `…`
    /// shown.
    shifts: HashMap<usize, isize>,
}

impl Shown {
    /// The window a span lies in: the one its start was placed in, or else the first that
    /// holds all of it.
    fn window_of(&self, span: &SourceSpan) -> Option<&Window> {
        let (start, end) = (span.offset(), span.offset() + span.len());
        let placed = self
            .anchors
            .iter()
            .find(|(o, _)| *o == start)
            .map(|(_, w)| &self.windows[*w]);
        placed
            .or_else(|| {
                self.windows
                    .iter()
                    .find(|w| w.range.start <= start && end < w.range.end)
            })
            .or_else(|| {
                self.windows
                    .iter()
                    .find(|w| w.range.start <= start && end <= w.range.end)
            })
            .filter(|w| w.range.start <= start && end <= w.range.end)
    }
}

impl SourceCode for Shown {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // A span across two windows (miette joining two labels' snippets) is refused, so
        // that each window is drawn on its own, with its own header.
        let w = self.window_of(span).ok_or(MietteError::OutOfBounds)?;
        let text = &self.text[w.range.clone()];
        let local = SourceSpan::from((span.offset() - w.range.start, span.len()));
        let inner = text.read_span(&local, context_lines_before, context_lines_after)?;
        let mut column = inner.column();
        if context_lines_before == 0 && context_lines_after == 0 {
            // The header's place: the column in the file, in characters as editors count
            // (miette counts bytes), plus what a cut line left out.
            let start = local.offset().saturating_sub(column);
            if let Some(before) = text.get(start..local.offset()) {
                column = before.chars().count();
            }
            let shift = w.shifts.get(&inner.line()).copied().unwrap_or(0);
            column = column.saturating_add_signed(shift);
        }
        Ok(Box::new(
            MietteSpanContents::new_named(
                self.name.clone(),
                inner.data(),
                SourceSpan::from((inner.span().offset() + w.range.start, inner.span().len())),
                inner.line() + w.first_line,
                column,
                inner.line_count(),
            )
            .with_language("yaml"),
        ))
    }
}

/// One cut line: its byte range in the file, the byte range kept, and where the line starts
/// in the shown text.
struct Cut {
    line: std::ops::Range<usize>,
    kept: std::ops::Range<usize>,
    prefix: usize,
    shown_start: usize,
}

/// `text` with the lines near `labels` (byte offsets) cut to `max` characters around the
/// first label on them, and the characters cut from the start of each cut line (0-based), less
/// the `…` shown; the labels' spans moved to match.
fn crop(
    text: &str,
    labels: &mut [(String, SourceSpan)],
    max: usize,
) -> (String, HashMap<usize, isize>) {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |off: usize| starts.partition_point(|&s| s <= off).saturating_sub(1);
    let mut near: Vec<usize> = labels
        .iter()
        .flat_map(|(_, sp)| {
            let l = line_of(sp.offset());
            [l.saturating_sub(1), l, l + 1]
        })
        .filter(|&l| l < starts.len())
        .collect();
    near.sort_unstable();
    near.dedup();
    if labels
        .iter()
        .any(|(_, sp)| !text.is_char_boundary(sp.offset()))
    {
        near.clear();
    }
    let mut cuts: Vec<Cut> = Vec::new();
    let mut shifts = HashMap::new();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for l in near {
        let start = starts[l];
        let end = starts.get(l + 1).map_or(text.len(), |&n| n);
        let body_end = start + text[start..end].trim_end_matches(['\n', '\r']).len();
        let body = &text[start..body_end];
        let width = body.chars().count();
        if width <= max {
            continue;
        }
        // The window: from a little before the first label on the line.
        let first = labels
            .iter()
            .map(|(_, sp)| sp.offset())
            .filter(|&o| (start..=body_end).contains(&o))
            .min();
        let room = max.saturating_sub(2).max(1);
        let from_char = first.map_or(0, |o| {
            let c = text[start..o].chars().count();
            c.saturating_sub(room / 3).min(width - room)
        });
        let to_char = (from_char + room).min(width);
        let byte = |c: usize| body.char_indices().nth(c).map_or(body.len(), |(b, _)| b);
        let (kb, ke) = (start + byte(from_char), start + byte(to_char));
        out.push_str(&text[copied..start]);
        let shown_start = out.len();
        let mut prefix = 0;
        if from_char > 0 {
            out.push('…');
            prefix = '…'.len_utf8();
        }
        out.push_str(&text[kb..ke]);
        if to_char < width {
            out.push('…');
        }
        copied = body_end;
        // The characters cut from the line, less the `…` that stands for them.
        shifts.insert(l, from_char as isize - isize::from(prefix > 0));
        cuts.push(Cut {
            line: start..body_end,
            kept: kb..ke,
            prefix,
            shown_start,
        });
    }
    out.push_str(&text[copied..]);
    // A byte offset of the file in the shown text.
    let moved = |off: usize| -> usize {
        let mut delta: isize = 0;
        for c in &cuts {
            if off < c.line.start {
                break;
            }
            if off <= c.line.end {
                let kept = off.clamp(c.kept.start, c.kept.end);
                return c.shown_start + c.prefix + (kept - c.kept.start);
            }
            let shown_len = c.prefix
                + (c.kept.end - c.kept.start)
                + if c.kept.end < c.line.end {
                    '…'.len_utf8()
                } else {
                    0
                };
            delta = c.shown_start as isize + shown_len as isize - c.line.end as isize;
        }
        (off as isize + delta).max(0) as usize
    };
    if !cuts.is_empty() {
        for (_, sp) in labels.iter_mut() {
            let a = moved(sp.offset());
            let b = moved(sp.offset() + sp.len()).max(a);
            *sp = SourceSpan::from((a, b - a));
        }
    }
    (out, shifts)
}

/// How many problems a text report shows; JSON lists every one.
pub const SHOWN_PROBLEMS: usize = 100;

/// The byte offset of the start of each line of a text, for finding a line in O(log n).
pub(crate) struct LineStarts(Vec<usize>);

impl LineStarts {
    /// Indexes `text`.
    pub(crate) fn new(text: &str) -> Self {
        Self(
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 0-based line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The 1-based line and column (in characters) of byte `offset` of `text`.
    pub(crate) fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.0[line];
        let col = text.get(start..offset).map_or(0, |t| t.chars().count()) + 1;
        (line + 1, col)
    }

    /// The byte range of lines `from..=to` (0-based, clamped), line ends included.
    fn range(&self, text: &str, from: usize, to: usize) -> std::ops::Range<usize> {
        let last = self.0.len() - 1;
        let start = self.0[from.min(last)];
        let end = self.0.get(to.min(last) + 1).copied().unwrap_or(text.len());
        start..end
    }
}

/// Labels whose lines are at most this many lines apart share a window: miette draws them in
/// one snippet (each with a line of context, the snippets touching).
const SAME_SNIPPET: usize = 4;

/// [`crop`] on windows of `text`: the lines around each group of nearby `labels` (offsets into
/// `text`), the group of the first label (the problem's own place) first, with the labels
/// moved into the shown text and each window's first line recorded.
fn crop_window(
    name: &str,
    text: &str,
    starts: &LineStarts,
    labels: &mut [(String, SourceSpan)],
    max: usize,
) -> Shown {
    let lines: Vec<(usize, usize)> = labels
        .iter()
        .map(|(_, sp)| {
            (
                starts.line_of(sp.offset()),
                starts.line_of(sp.offset() + sp.len()),
            )
        })
        .collect();
    // Groups of labels, each with its first and last line, in file order.
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by_key(|&i| lines[i]);
    let mut groups: Vec<(Vec<usize>, usize, usize)> = Vec::new();
    for i in order {
        match groups.last_mut() {
            Some((members, _, hi)) if lines[i].0 <= *hi + SAME_SNIPPET => {
                members.push(i);
                *hi = (*hi).max(lines[i].1);
            }
            _ => groups.push((vec![i], lines[i].0, lines[i].1)),
        }
    }
    if let Some(p) = groups.iter().position(|(m, _, _)| m.contains(&0)) {
        let first = groups.remove(p);
        groups.insert(0, first);
    }
    let mut shown = Shown {
        name: name.to_string(),
        text: String::with_capacity(text.len().min(4096)),
        windows: Vec::new(),
        anchors: Vec::new(),
    };
    for (members, lo, hi) in groups {
        // Two lines of context each side, as many as miette shows and one more.
        let from = lo.saturating_sub(2);
        let window = starts.range(text, from, hi + 2);
        let mut local: Vec<(String, SourceSpan)> = members
            .iter()
            .map(|&i| {
                let sp = labels[i].1;
                let a = sp.offset().clamp(window.start, window.end) - window.start;
                let len = sp.len().min(window.end - window.start - a);
                (String::new(), SourceSpan::from((a, len)))
            })
            .collect();
        let (part, shifts) = crop(&text[window], &mut local, max);
        let base = shown.text.len();
        for (&i, (_, sp)) in members.iter().zip(&local) {
            labels[i].1 = SourceSpan::from((base + sp.offset(), sp.len()));
            shown
                .anchors
                .push((base + sp.offset(), shown.windows.len()));
        }
        shown.text.push_str(&part);
        shown.windows.push(Window {
            range: base..shown.text.len(),
            first_line: from,
            shifts,
        });
    }
    if shown.windows.is_empty() {
        // No label: the whole file, as it is.
        let (part, shifts) = crop(text, labels, max);
        shown.windows.push(Window {
            range: 0..part.len(),
            first_line: 0,
            shifts,
        });
        shown.text = part;
    }
    shown
}

impl Diagnostic for ProblemDiag {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        // The first label is the problem's own place: miette's header names the primary one.
        Some(Box::new(self.labels.iter().enumerate().map(
            |(i, (label, span))| {
                if i == 0 {
                    miette::LabeledSpan::new_primary_with_span(Some(label.clone()), *span)
                } else {
                    miette::LabeledSpan::new_with_span(Some(label.clone()), *span)
                }
            },
        )))
    }
}

/// Every problem found in one file; shown as one report (exit code 2).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", self.headline())]
pub struct FileProblems {
    /// The file's path as given.
    pub path: String,
    /// The file's text.
    pub text: String,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
    /// What kind of failure: loading (nothing replayed) or replay-time.
    pub during_replay: bool,
}

impl FileProblems {
    fn headline(&self) -> String {
        let n = self.problems.len();
        if self.during_replay {
            format!("the replay of {} stopped", self.path)
        } else if n == 1 {
            format!("{} has a problem; nothing was replayed", self.path)
        } else {
            format!("{} has {n} problems; nothing was replayed", self.path)
        }
    }

    /// Renders the report with miette's graphical handler (the first [`SHOWN_PROBLEMS`]): unicode, no colour unless asked,
    /// `width` columns. Deterministic for the same input.
    pub fn render(&self, color: bool, width: usize) -> String {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(width)
            .with_links(false);
        let mut out = format!("error: {}\n", self.headline());
        let shown = self.problems.len().min(SHOWN_PROBLEMS);
        // The room for a source line: the width less the gutter (` 14 │ `).
        let digits = (self.text.matches('\n').count() + 1).to_string().len();
        let max = width.saturating_sub(digits + 4).max(20);
        let starts = LineStarts::new(&self.text);
        for p in &self.problems[..shown] {
            let span = |loc: Loc| {
                let offset = loc.offset.min(self.text.len());
                SourceSpan::from((offset, loc.len.min(self.text.len() - offset)))
            };
            let mut labels = vec![(p.label.clone(), span(p.loc))];
            labels.extend(p.also.iter().map(|(loc, l)| (l.clone(), span(*loc))));
            let src = crop_window(&self.path, &self.text, &starts, &mut labels, max);
            let d = ProblemDiag {
                message: p.message.clone(),
                code: format!("chainjudge::{}", p.code),
                help: p.help.clone(),
                // A file that could not be read has no text to show: no empty frame.
                labels: if self.text.is_empty() {
                    Vec::new()
                } else {
                    labels
                },
                src,
            };
            let mut s = String::new();
            if handler.render_report(&mut s, &d).is_err() {
                s = format!("{}: {}\n", d.code, d.message);
            }
            out.push_str(&s);
        }
        if shown < self.problems.len() {
            let _ = writeln!(
                out,
                "… and {} more problems, not shown: fix these first, or see them all with `--format json`",
                crate::engine::thousands(self.problems.len() - shown)
            );
        }
        out
    }

    /// The 1-based line and column of a problem (for JSON output and tests).
    pub fn line_col(&self, p: &Problem) -> (usize, usize) {
        line_col(&self.text, p.loc.offset)
    }

    /// The problems as the JSON error object `--format json` prints on stdout:
    /// `{"error": {"code", "message", "path", "problems": [{"code", "message", "line",
    /// "column", "help", "also"}]}}`; `code` is the first problem's. `line` and `column` are
    /// the problem's own place (for a duplicate, its second use), the one the text report's
    /// first header names; `also` lists the other places labelled (`{"line", "column",
    /// "label"}`, such as the first use), empty when there are none.
    pub fn json(&self) -> serde_json::Value {
        let n = self.problems.len();
        let starts = LineStarts::new(&self.text);
        serde_json::json!({
            "error": {
                "code": self.problems.first().map_or("error", |p| p.code),
                "message": format!(
                    "{} has {n} problem{}; {}",
                    self.path,
                    if n == 1 { "" } else { "s" },
                    if self.during_replay { "the replay stopped there" } else { "nothing was replayed" }
                ),
                "path": self.path,
                "problems": self.problems.iter().map(|p| {
                    let (line, column) = starts.line_col(&self.text, p.loc.offset);
                    serde_json::json!({
                        "code": p.code,
                        "message": p.message,
                        "line": line,
                        "column": column,
                        "help": p.help,
                        "also": p.also.iter().map(|(loc, label)| {
                            let (line, column) = starts.line_col(&self.text, loc.offset);
                            serde_json::json!({ "line": line, "column": column, "label": label })
                        }).collect::<Vec<_>>(),
                    })
                }).collect::<Vec<_>>(),
            }
        })
    }
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The closest of `known` to `word`, for "did you mean" help (Jaro-Winkler ≥ 0.8); `None`
/// when two are equally close (`Battlefield One` is as close to `Battlefield 1` as to
/// `Battlefield 2`), since either guess could mislead. A match in another letter case wins.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(f64, &'a str)> = None;
    let mut tied = false;
    for k in known {
        if k.eq_ignore_ascii_case(word) {
            return Some(k);
        }
        let s = strsim::jaro_winkler(word, k);
        if s < 0.8 {
            continue;
        }
        match best {
            Some((b, bk)) if s == b && bk != k => tied = true,
            Some((b, _)) if s <= b => {}
            _ => {
                best = Some((s, k));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncé d", 7), (2, 4));
        assert_eq!(line_col("", 0), (1, 1));
    }

    #[test]
    fn did_you_mean_finds_close_words() {
        assert_eq!(
            did_you_mean("controler", ["controller", "kind"]),
            Some("controller")
        );
        assert_eq!(did_you_mean("xyz", ["controller"]), None);
        assert_eq!(did_you_mean("ana", ["Ana", "Ben"]), Some("Ana"));
        // Equally close to two: no guess.
        assert_eq!(
            did_you_mean("Battlefield One", ["Battlefield 1", "Battlefield 2"]),
            None
        );
    }

    #[test]
    fn a_long_line_is_cut_around_its_label_and_keeps_its_column() {
        let line = format!("k: {{ text: \"{}\", countr: a }}", "word ".repeat(400));
        let text = format!("a: 1\n{line}\nb: 2\n");
        let at = text.find("countr").unwrap();
        let fp = FileProblems {
            path: "f.yaml".into(),
            text: text.clone(),
            problems: vec![Problem::new("unknown_key", Loc::new(at, 6), "unknown key")],
            during_replay: false,
        };
        let out = fp.render(false, 80);
        let col = line.find("countr").unwrap() + 1;
        assert!(out.contains(&format!("f.yaml:2:{col}]")), "{out}");
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        assert!(out.contains("countr: a }"), "{out}");
    }
}
