//! Diagnostics: every problem in a file, each labelled at its line and column with a fix.
//!
//! This is the one place that renders errors (miette's graphical handler with a fixed theme and
//! width, so that output is the same on every machine).

use crate::yaml::Loc;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceSpan};

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
    src: NamedSource<String>,
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
        Some(Box::new(self.labels.iter().map(|(label, span)| {
            miette::LabeledSpan::new_with_span(Some(label.clone()), *span)
        })))
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

    /// Renders the report with miette's graphical handler: unicode, no colour unless asked,
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
        let src = NamedSource::new(&self.path, self.text.clone()).with_language("yaml");
        for p in &self.problems {
            let span = |loc: Loc| {
                let offset = loc.offset.min(self.text.len());
                SourceSpan::from((offset, loc.len.min(self.text.len() - offset)))
            };
            let mut labels = vec![(p.label.clone(), span(p.loc))];
            labels.extend(p.also.iter().map(|(loc, l)| (l.clone(), span(*loc))));
            let d = ProblemDiag {
                message: p.message.clone(),
                code: format!("chainjudge::{}", p.code),
                help: p.help.clone(),
                labels,
                src: src.clone(),
            };
            let mut s = String::new();
            if handler.render_report(&mut s, &d).is_err() {
                s = format!("{}: {}\n", d.code, d.message);
            }
            out.push_str(&s);
        }
        out
    }

    /// The 1-based line and column of a problem (for JSON output and tests).
    pub fn line_col(&self, p: &Problem) -> (usize, usize) {
        line_col(&self.text, p.loc.offset)
    }

    /// The problems as the JSON error object `--format json` prints on stdout:
    /// `{"error": {"code", "message", "path", "problems": [{"code", "message", "line",
    /// "column", "help"}]}}`; `code` is the first problem's.
    pub fn json(&self) -> serde_json::Value {
        let n = self.problems.len();
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
                    let (line, column) = self.line_col(p);
                    serde_json::json!({
                        "code": p.code,
                        "message": p.message,
                        "line": line,
                        "column": column,
                        "help": p.help,
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

/// The closest of `known` to `word`, for "did you mean" help (Jaro-Winkler ≥ 0.8).
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(word, k), k))
        .filter(|(s, _)| *s >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
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
    }
}
