//! The command line: arguments (clap), the commands, output and exit codes.

use crate::diag::{FileProblems, Problem};
use crate::edition::EditionId;
use crate::render::{self, Style};
use crate::situation::{self, RulesChoice, Situation};
use crate::trace::Trace;
use crate::{editions_of, engine, replay_all, verify};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Replays Riftbound's Chain (HOT FEPR) from a situation file, with the rule behind every step,
/// under the July and October 2026 Core Rules.
#[derive(Debug, Parser)]
#[command(name = "chainjudge", version, about, long_about = None)]
pub struct Args {
    /// Colour: auto (only on a terminal, never with NO_COLOR), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Output width in columns (default: the terminal's, or 100 when not a terminal).
    #[arg(long, global = true)]
    pub width: Option<u16>,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// Colour choice.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ColorChoice {
    /// Only on a terminal, and never with NO_COLOR.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Output format.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Tables for a person at a terminal.
    Text,
    /// Stable, versioned JSON for programs.
    Json,
    /// Markdown for a ruling write-up.
    Markdown,
}

/// An edition choice on the command line.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum RulesArg {
    /// The July 2026 Core Rules.
    July,
    /// The October 2026 Core Rules.
    October,
    /// Both, compared.
    Both,
}

/// An edition, for lookups.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum EditionArg {
    /// The July 2026 Core Rules (2026-07-16).
    July,
    /// The October 2026 Core Rules (2026-10-09).
    October,
}

impl EditionArg {
    fn id(self) -> EditionId {
        match self {
            Self::July => EditionId::July,
            Self::October => EditionId::October,
        }
    }
}

/// Which differences `diff` lists.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum OnlyArg {
    /// Changes that alter outcomes.
    Outcome,
    /// Renumbered rules.
    Renumbered,
    /// Changed or removed rules.
    Changed,
}

/// `chainjudge rules ...`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Read the official Core Rules text (plain text or Markdown) and store it in the user's
    /// data directory, so `rule` shows the official wording next to our summary.
    Import {
        /// The text of the official document.
        file: PathBuf,
        /// Which edition it is.
        #[arg(long, value_enum)]
        edition: EditionArg,
        /// Replace an earlier import.
        #[arg(long)]
        force: bool,
    },
    /// Check every citation the engine can emit against the edition data and any imported text.
    Check {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show a rule by number (337.1.b, 337.1b, CR 337.1.b), or search the rules by words.
    Rule {
        /// A rule number, or words to search for.
        #[arg(required = true)]
        query: Vec<String>,
        /// The edition (default: the one in force today).
        #[arg(long, value_enum)]
        rules: Option<EditionArg>,
        /// Show every sub-rule, not only the direct ones.
        #[arg(long)]
        tree: bool,
        /// Search by words even if the query looks like a number.
        #[arg(long)]
        search: bool,
        /// How many search results to show.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The differences between the July and October 2026 Core Rules.
    Diff {
        /// From this edition.
        #[arg(long, value_enum, default_value_t = EditionArg::July)]
        from: EditionArg,
        /// To this edition.
        #[arg(long, value_enum, default_value_t = EditionArg::October)]
        to: EditionArg,
        /// Only these differences.
        #[arg(long, value_enum)]
        only: Option<OnlyArg>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Import the official rules text, or check citations against it.
    Rules {
        /// What to do.
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// Replay HOT FEPR from a situation file and print every step with its rules.
    Replay {
        /// The situation file (YAML, format 1).
        file: PathBuf,
        /// Replay under this edition instead of the file's `rules`.
        #[arg(long, value_enum)]
        rules: Option<RulesArg>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Stop after this many steps (default: 20 × (chain items + actions) + 1000).
        #[arg(long)]
        max_steps: Option<usize>,
    },
    /// Replay files and check their `expect` blocks (exit 1 on any mismatch).
    Verify {
        /// Files or folders (every .yaml file below a folder).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Stop after this many steps per replay.
        #[arg(long)]
        max_steps: Option<usize>,
    },
    /// Validate files, including a dry replay, without printing a trace.
    Check {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Stop after this many steps per replay.
        #[arg(long)]
        max_steps: Option<usize>,
    },
}

struct Out {
    color: bool,
    err_color: bool,
    width: u16,
}

fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

impl Out {
    fn new(args: &Args) -> Self {
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
                terminal_size::terminal_size()
                    .map(|(w, _)| w.0)
                    .or(columns)
                    .unwrap_or(100)
            } else {
                100
            }
        });
        Self {
            color: decide(tty),
            err_color: decide(std::io::stderr().is_terminal()),
            width: width.max(60),
        }
    }

    /// Writes to stdout; a closed pipe (`| head`) is not an error.
    fn print(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    fn eprint(&self, text: &str) {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
    }

    fn problems(&self, p: &FileProblems) {
        self.eprint(&p.render(self.err_color, usize::from(self.width)));
    }
}

/// Parses `args` and runs the command; returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args = match Args::try_parse_from(args) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let out = Out::new(&args);
    let steps = match &args.command {
        Command::Replay { max_steps, .. }
        | Command::Verify { max_steps, .. }
        | Command::Check { max_steps, .. } => *max_steps,
        _ => None,
    };
    if steps == Some(0) {
        out.eprint("error: --max-steps must be at least 1\n");
        return 2;
    }
    match &args.command {
        Command::Replay {
            file,
            rules,
            format,
            max_steps,
        } => replay_cmd(&out, file, *rules, *format, *max_steps),
        Command::Verify { paths, max_steps } => verify_cmd(&out, paths, *max_steps),
        Command::Check { paths, max_steps } => check_cmd(&out, paths, *max_steps),
        Command::Rule {
            query,
            rules,
            tree,
            search,
            limit,
            format,
        } => rule_cmd(
            &out,
            &query.join(" "),
            rules.map(EditionArg::id),
            *tree,
            *search,
            *limit,
            *format,
        ),
        Command::Diff {
            from,
            to,
            only,
            format,
        } => diff_cmd(&out, from.id(), to.id(), *only, *format),
        Command::Rules { command } => match command {
            RulesCommand::Import {
                file,
                edition,
                force,
            } => import_cmd(&out, file, edition.id(), *force),
            RulesCommand::Check { format } => rules_check_cmd(&out, *format),
        },
    }
}

/// Reads and loads a file; problems are returned as diagnostics.
pub fn load_file(path: &Path, rules: Option<RulesArg>) -> Result<Situation, FileProblems> {
    let shown = path.display().to_string();
    let text = std::fs::read(path).map_err(|e| FileProblems {
        path: shown.clone(),
        text: String::new(),
        problems: vec![Problem::new(
            "read",
            crate::yaml::Loc::default(),
            format!("cannot read {shown}: {e}"),
        )
        .help(
            "check the path; `chainjudge replay rulings/<name>.yaml` replays a bundled situation",
        )],
        during_replay: false,
    })?;
    let text = String::from_utf8(text).map_err(|e| FileProblems {
        path: shown.clone(),
        text: String::new(),
        problems: vec![Problem::new(
            "utf8",
            crate::yaml::Loc::default(),
            format!("{shown} is not UTF-8 text: {e}"),
        )
        .help("save the file as UTF-8")],
        during_replay: false,
    })?;
    let mut s = situation::load(&shown, &text)?;
    if let Some(r) = rules {
        s.rules = match r {
            RulesArg::July => RulesChoice::July,
            RulesArg::October => RulesChoice::October,
            RulesArg::Both => RulesChoice::Both,
        };
    }
    Ok(s)
}

fn no_situation(s: &Situation) -> FileProblems {
    FileProblems {
        path: s.path.clone(),
        text: s.source.clone(),
        problems: vec![Problem::new(
            "no_situation",
            crate::yaml::Loc::new(
                0,
                s.source
                    .find('\n')
                    .unwrap_or(s.source.len())
                    .max(1)
                    .min(s.source.len()),
            ),
            "this ruling has no situation to replay",
        )
        .label("only a `ruling`")
        .help(
            "add players, a chain and actions (situation format 1) to make the ruling replayable",
        )],
        during_replay: false,
    }
}

/// Turns a replay error into a diagnostic at the nodes involved.
pub fn replay_problems(s: &Situation, t: &Trace) -> Option<FileProblems> {
    let err = t.error.as_ref()?;
    let mut locs = err.locs.iter();
    let mut p = match locs.next() {
        Some((loc, label)) => {
            Problem::new(err.code, *loc, err.message.clone()).label(label.clone())
        }
        None => Problem::new(err.code, crate::yaml::Loc::default(), err.message.clone()),
    }
    .help(err.help.clone());
    p.also = locs.cloned().collect();
    let problems = vec![p];
    Some(FileProblems {
        path: s.path.clone(),
        text: s.source.clone(),
        problems,
        during_replay: true,
    })
}

fn replay_cmd(
    out: &Out,
    file: &Path,
    rules: Option<RulesArg>,
    format: Format,
    max_steps: Option<usize>,
) -> i32 {
    let s = match load_file(file, rules) {
        Ok(s) => s,
        Err(p) => {
            out.problems(&p);
            return 2;
        }
    };
    if !s.has_situation {
        out.problems(&no_situation(&s));
        return 2;
    }
    let report = replay_all(&s, max_steps);
    let style = Style {
        color: out.color,
        width: out.width,
    };
    let text = match format {
        Format::Text => render::text(&report, style),
        Format::Json => render::json(&report),
        Format::Markdown => render::markdown(&report),
    };
    out.print(&text);
    // An error that stops every edition the same way is reported once.
    let mut shown: Vec<String> = Vec::new();
    for t in &report.traces {
        if let Some(p) = replay_problems(&s, t) {
            let key = t
                .error
                .as_ref()
                .map(|e| e.message.clone())
                .unwrap_or_default();
            if !shown.contains(&key) {
                out.problems(&p);
                shown.push(key);
            }
        }
    }
    if shown.is_empty() {
        0
    } else {
        2
    }
}

/// Every `.yaml`/`.yml` file named or below a named folder, sorted within each folder.
fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The result of verifying one file.
pub enum Verdict {
    /// Every edition met the expectations.
    Pass(Vec<EditionId>),
    /// Mismatch lines per edition.
    Fail(Vec<(EditionId, Vec<String>)>),
    /// A ruling without a situation: nothing to replay.
    Skip,
    /// Bad input or a replay error.
    Error(Box<FileProblems>),
}

/// Loads, replays and checks one file.
pub fn verify_file(path: &Path, max_steps: Option<usize>) -> Verdict {
    let s = match load_file(path, None) {
        Ok(s) => s,
        Err(p) => return Verdict::Error(Box::new(p)),
    };
    if !s.has_situation {
        return Verdict::Skip;
    }
    let eds = editions_of(&s);
    if s.expect.as_ref().is_none_or(situation::Expect::is_empty) {
        return Verdict::Fail(eds.into_iter().map(|e| (e, vec!["no `expect` block (or an empty one): a situation that checks nothing fails".to_string()])).collect());
    }
    let mut fails = Vec::new();
    for ed in &eds {
        let t = engine::replay(&s, *ed, max_steps);
        if let Some(p) = replay_problems(&s, &t) {
            return Verdict::Error(Box::new(p));
        }
        let m = verify::mismatches(&s, &t);
        if !m.is_empty() {
            fails.push((*ed, m));
        }
    }
    if fails.is_empty() {
        Verdict::Pass(eds)
    } else {
        Verdict::Fail(fails)
    }
}

fn verify_cmd(out: &Out, paths: &[PathBuf], max_steps: Option<usize>) -> i32 {
    let files = expand(paths);
    if files.is_empty() {
        out.eprint("error: no .yaml files found in the paths given\n");
        return 2;
    }
    let (mut passed, mut failed, mut skipped, mut errors) = (0, 0, 0, 0);
    for f in &files {
        let shown = f.display();
        match verify_file(f, max_steps) {
            Verdict::Pass(eds) => {
                passed += 1;
                let eds: Vec<&str> = eds.iter().map(|e| e.word()).collect();
                out.print(&format!("ok    {shown} ({})\n", eds.join(", ")));
            }
            Verdict::Fail(fails) => {
                failed += 1;
                let mut text = format!("FAIL  {shown}\n");
                for (ed, lines) in fails {
                    for l in lines {
                        text.push_str(&format!("      {}: {l}\n", ed.word()));
                    }
                }
                out.print(&text);
            }
            Verdict::Skip => {
                skipped += 1;
                out.print(&format!("skip  {shown} (a ruling with no situation)\n"));
            }
            Verdict::Error(p) => {
                errors += 1;
                out.print(&format!("ERROR {shown}\n"));
                out.problems(&p);
            }
        }
    }
    out.print(&format!(
        "{passed} passed, {} failed, {skipped} skipped\n",
        failed + errors
    ));
    if errors > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

fn check_cmd(out: &Out, paths: &[PathBuf], max_steps: Option<usize>) -> i32 {
    let mut code = 0;
    let files = expand(paths);
    if files.is_empty() {
        out.eprint("error: no .yaml files found in the paths given\n");
        return 2;
    }
    for f in files {
        let s = match load_file(&f, None) {
            Ok(s) => s,
            Err(p) => {
                out.problems(&p);
                code = 2;
                continue;
            }
        };
        if s.has_situation {
            let mut bad = false;
            for ed in editions_of(&s) {
                let t = engine::replay(&s, ed, max_steps);
                if let Some(p) = replay_problems(&s, &t) {
                    out.problems(&p);
                    bad = true;
                    break;
                }
            }
            if bad {
                code = 2;
                continue;
            }
        }
        out.print(&format!("ok    {}\n", f.display()));
    }
    code
}

/// Today's date (UTC) as YYYY-MM-DD, from the system clock.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn json_out<T: serde::Serialize>(value: &T) -> String {
    let mut v = serde_json::to_value(value).unwrap_or_default();
    if let serde_json::Value::Object(map) = &mut v {
        map.insert(
            "format_version".into(),
            serde_json::json!(crate::render::JSON_FORMAT_VERSION),
        );
    }
    let mut text = serde_json::to_string_pretty(&v).unwrap_or_default();
    text.push('\n');
    text
}

fn rule_cmd(
    out: &Out,
    query: &str,
    edition: Option<EditionId>,
    tree: bool,
    force_search: bool,
    limit: usize,
    format: Format,
) -> i32 {
    let edition = edition.unwrap_or_else(|| {
        crate::edition::Editions::get()
            .in_force(&today())
            .unwrap_or(EditionId::July)
    });
    if query.trim().is_empty() {
        out.eprint("error: give a rule number (337.1.b) or words to search for (focus pass)\n");
        return 2;
    }
    let number = if force_search {
        None
    } else {
        crate::lookup::normalize_number(query)
    };
    if let Some(n) = number {
        return match crate::lookup::lookup(&n, edition, tree) {
            Ok(v) => {
                out.print(&match format {
                    Format::Text => crate::show::rule_text(&v, usize::from(out.width)),
                    Format::Markdown => crate::show::rule_markdown(&v),
                    Format::Json => json_out(&serde_json::json!({ "rule": v })),
                });
                0
            }
            Err(crate::lookup::LookupError::NotFound { number, hint }) => {
                if format == Format::Json {
                    out.print(&json_out(&serde_json::json!({
                        "error": { "code": "not_found", "number": number, "edition": edition, "help": hint }
                    })));
                } else {
                    out.eprint(&format!(
                        "error: no rule {number} in the {} 2026 Core Rules data\n  help: {hint}\n",
                        edition.title()
                    ));
                }
                2
            }
        };
    }
    let hits = crate::lookup::search(query, edition, limit);
    out.print(&match format {
        Format::Text => crate::show::hits_text(query, edition, &hits, out.width),
        Format::Markdown => crate::show::hits_markdown(query, &hits),
        Format::Json => {
            json_out(&serde_json::json!({ "query": query, "edition": edition, "hits": hits }))
        }
    });
    0
}

fn diff_cmd(
    out: &Out,
    from: EditionId,
    to: EditionId,
    only: Option<OnlyArg>,
    format: Format,
) -> i32 {
    if from == to {
        out.eprint("error: --from and --to name the same edition\n");
        return 2;
    }
    let only = only.map(|o| match o {
        OnlyArg::Outcome => crate::diff::Only::Outcome,
        OnlyArg::Renumbered => crate::diff::Only::Renumbered,
        OnlyArg::Changed => crate::diff::Only::Changed,
    });
    let rows = crate::diff::rows(from, to, only);
    out.print(&match format {
        Format::Text => crate::show::diff_text(&rows, from, to, out.width),
        Format::Markdown => crate::show::diff_markdown(&rows, from, to),
        Format::Json => {
            json_out(&serde_json::json!({ "from": from, "to": to, "differences": rows }))
        }
    });
    0
}

fn import_cmd(out: &Out, file: &Path, edition: EditionId, force: bool) -> i32 {
    match crate::import::import(file, edition, force) {
        Ok(r) => {
            let mut text = format!(
                "Imported {} rules of the {} edition from {} into {}\n",
                r.rules,
                edition.title(),
                file.display(),
                r.path.display()
            );
            if let Some(n) = r.replaced {
                text.push_str(&format!("It replaced an earlier import of {n} rules.\n"));
            }
            if r.latin1 {
                text.push_str("The file was not UTF-8 text; it was read as Latin-1: check accented letters.\n");
            }
            if !r.not_in_data.is_empty() {
                let shown: Vec<&str> = r.not_in_data.iter().take(8).map(String::as_str).collect();
                text.push_str(&format!(
                    "{} of its rule numbers are not yet in chainjudge's own July data (e.g. {}): chainjudge's summaries do not cover them yet, which says nothing against the document.\n",
                    r.not_in_data.len(),
                    shown.join(", ")
                ));
            }
            text.push_str(&format!(
                "`chainjudge rule NUMBER --rules {}` now shows the official wording; `chainjudge rules check` checks the citations against it.\n",
                edition.word()
            ));
            if let Some((path, map)) = &r.october_map {
                if edition == EditionId::July {
                    text.push_str("The October map was recomputed against this July text.\n");
                }
                text.push_str(&crate::import::october_map::report::summary_text(map, path));
            }
            out.print(&text);
            0
        }
        Err(e) => {
            out.eprint(&format!("error: {e}\n"));
            2
        }
    }
}

fn rules_check_cmd(out: &Out, format: Format) -> i32 {
    let checks = crate::import::check_citations();
    out.print(&match format {
        Format::Json => json_out(&serde_json::json!({ "checks": checks })),
        _ => crate::show::checks_text(&checks, out.width),
    });
    // Like a `verify` mismatch: the data and the official text disagree.
    i32::from(checks.iter().any(|c| c.status == "missing"))
}

#[cfg(test)]
mod tests {
    use super::Args;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Args::command().debug_assert();
    }
}
