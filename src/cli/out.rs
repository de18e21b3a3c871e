//! Where output goes: stdout for results, stderr for messages, each fitted to the width and
//! painted when colour is on; a write error other than a closed pipe is kept for the exit code.

use super::{Args, ColorChoice};
use crate::diag::FileProblems;
use std::io::{IsTerminal, Write};

/// The output of one command: colour on stdout and stderr, the width, and the first write
/// error.
pub(super) struct Out {
    pub(super) color: bool,
    pub(super) err_color: bool,
    pub(super) width: u16,
    /// The first error writing to stdout (a full disk, a closed file), a closed pipe aside.
    write_error: std::cell::RefCell<Option<std::io::Error>>,
}

/// The terminal's width in columns, where there is a terminal to ask.
fn terminal_columns() -> Option<u16> {
    #[cfg(not(target_arch = "wasm32"))]
    return terminal_size::terminal_size().map(|(w, _)| w.0);
    #[cfg(target_arch = "wasm32")]
    None
}

pub(crate) fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

impl Out {
    pub(super) fn new(args: &Args) -> Self {
        let decide = |tty: bool| match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color(),
        };
        let tty = std::io::stdout().is_terminal();
        let columns = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse::<u16>().ok());
        let width = args.width.unwrap_or_else(|| {
            if tty {
                terminal_columns().or(columns).unwrap_or(100)
            } else {
                100
            }
        });
        Self {
            color: decide(tty),
            err_color: decide(std::io::stderr().is_terminal()),
            width: width.max(60),
            write_error: std::cell::RefCell::new(None),
        }
    }

    /// Writes to stdout; a closed pipe (`| head`) is not an error, any other failure is kept
    /// for [`Out::finish`].
    pub(super) fn print(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let result = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        self.keep(result);
    }

    /// Writes to stdout through a buffer, for output made piece by piece (a long report is never
    /// held whole); errors are kept as [`Out::print`] keeps them.
    pub(super) fn write_with(&self, f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let result = f(&mut w).and_then(|()| w.flush());
        self.keep(result);
    }

    fn keep(&self, result: std::io::Result<()>) {
        if let Err(e) = result {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                self.write_error.borrow_mut().get_or_insert(e);
            }
        }
    }

    /// The exit code: `code`, or 2 with a message when the output could not be written.
    pub(super) fn finish(&self, code: i32) -> i32 {
        match self.write_error.borrow_mut().take() {
            Some(e) => {
                self.eprint(&format!(
                    "error: cannot write the output: {e} (is the disk full, or the output file closed?)\n"
                ));
                2
            }
            None => code,
        }
    }

    /// Writes text for a person to stdout, every line fitted to the width (a word longer than
    /// the width, such as a long path, stays whole). With colour, a line's leading status word
    /// (`ok`, `FAIL`, `ERROR`, `skip`) is painted.
    pub(super) fn text(&self, text: &str) {
        let fitted = crate::render::fit(text, usize::from(self.width));
        if self.color {
            self.print(&paint_statuses(&fitted));
        } else {
            self.print(&fitted);
        }
    }

    /// [`Out::text`] whose first line is a heading (a rule's number and title, a ruling's
    /// title), bold with colour.
    pub(super) fn titled(&self, text: &str) {
        let fitted = crate::render::fit(text, usize::from(self.width));
        match (self.color, fitted.split_once('\n')) {
            (true, Some((first, rest))) => {
                self.print(&format!("{BOLD}{first}{BOLD:#}\n{rest}"));
            }
            _ => self.print(&fitted),
        }
    }

    /// [`Out::text`] for `format`: fitted as text, as is for JSON and Markdown.
    pub(super) fn print_as(&self, text_format: bool, text: &str) {
        if text_format {
            self.text(text);
        } else {
            self.print(text);
        }
    }

    /// Writes a message for a person to stderr, fitted to the width; with colour on stderr,
    /// a leading `error:` or `warning:` is painted.
    pub(super) fn eprint(&self, text: &str) {
        let mut text = crate::render::fit(text, usize::from(self.width));
        if self.err_color {
            for (word, style) in [("error:", ERROR), ("warning:", WARN)] {
                if let Some(rest) = text.strip_prefix(word) {
                    text = format!("{style}{word}{style:#}{rest}");
                }
            }
        }
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
    }

    pub(super) fn problems(&self, p: &FileProblems) {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(p.render(self.err_color, usize::from(self.width)).as_bytes());
    }
}

pub(super) const BOLD: anstyle::Style = anstyle::Style::new().bold();
pub(super) const ERROR: anstyle::Style = anstyle::AnsiColor::Red.on_default().bold();
pub(super) const WARN: anstyle::Style = anstyle::AnsiColor::Yellow.on_default().bold();

/// `text` with each line's leading status word painted: `ok` green, `FAIL` and `ERROR` red,
/// `skip` dimmed.
fn paint_statuses(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let word = line.split(' ').next().unwrap_or("");
        let style = match word {
            "ok" => Some(anstyle::AnsiColor::Green.on_default()),
            "FAIL" | "ERROR" => Some(ERROR),
            "skip" => Some(anstyle::Style::new().dimmed()),
            _ => None,
        };
        match style {
            Some(st) if !word.is_empty() => {
                out.push_str(&format!("{st}{word}{st:#}"));
                out.push_str(&line[word.len()..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}
