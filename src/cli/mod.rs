//! The command line: arguments (clap), the commands, output and exit codes.
//!
//! - [`files`]: `replay` and `check` of situation files, and checking one file for `verify`;
//! - [`verify_out`]: `verify` and its reports (text, JSON, JUnit XML);
//! - [`rules`]: `rule`, `diff`, `rules import`, `rules check`;
//! - [`ruling`]: `ruling`, the rulings library.

mod files;
mod man;
mod new;
mod out;
mod rules;
mod ruling;
mod verify_out;

use files::{check_cmd, next_cmd, replay_cmd};
pub use files::{load_file, replay_problems, verify_file, Verdict};
use out::Out;
use rules::{diff_cmd, import_cmd, rule_cmd, rules_check_cmd};
use verify_out::verify_cmd;

use crate::diag::{FileProblems, Problem};
use crate::edition::EditionId;
use crate::render::{self, Style};
use crate::situation::{self, RulesChoice, Situation};
use crate::trace::Trace;
use crate::{editions_of, engine, replay_all, verify};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

/// Replays Riftbound's Chain (HOT FEPR) from a situation file, with the rule behind every step,
/// under the July and October 2026 Core Rules.
#[derive(Debug, Parser)]
#[command(name = "chainjudge", version, about, long_about = None)]
pub struct Args {
    /// Colour: auto (only on a terminal, never with NO_COLOR), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Output width in columns, 60 or more (default: the terminal's, or 100 when not a
    /// terminal).
    #[arg(long, global = true, value_parser = parse_width)]
    pub width: Option<u16>,
    /// The largest situation file `replay`, `verify` and `check` read, in bytes (K, M, G or KiB,
    /// MiB, GiB allowed); the other commands read no situation file.
    #[arg(long, global = true, default_value = "32MiB", value_parser = parse_size)]
    pub max_size: u64,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// A size in bytes: `1000`, `64K`, `32M`, `1G` (also `KiB`, `MiB`, `GiB`; binary units).
fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    const MOST: u64 = 4 << 30;
    let too_large = || {
        format!("{s:?} is too large: give at most 4G (a situation file is read whole, and the largest read is just under 4 GiB)")
    };
    let n: u64 = match digits.parse() {
        Ok(n) => n,
        Err(_) if !digits.is_empty() => return Err(too_large()),
        Err(_) => return Err(format!("{s:?} is not a size (e.g. 32MiB, 500K, 1000000)")),
    };
    let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" | "kb" => 1 << 10,
        "m" | "mib" | "mb" => 1 << 20,
        "g" | "gib" | "gb" => 1 << 30,
        _ => return Err(format!("{s:?}: the unit must be K, M or G (KiB, MiB, GiB)")),
    };
    match n.checked_mul(factor) {
        Some(0) => Err(format!("{s:?}: give a size of at least 1 byte")),
        Some(b) if b <= MOST => Ok(b),
        _ => Err(too_large()),
    }
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

/// Which steps a text replay shows.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum StepsArg {
    /// The steps that change something, each told short beside its rules; routine ones (passes,
    /// Priority received, finalizing, combat tasks with nothing to do) folded into the next step
    /// shown, which keeps their rules.
    Compact,
    /// Every step of the trace, in full, as a table, then the summary.
    All,
}

/// `check`'s output format.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum CheckFormat {
    /// A line per file and a count on stdout, the diagnostics on stderr.
    Text,
    /// Stable, versioned JSON on stdout: every file with its problems, and the counts.
    Json,
}

/// `next`'s output format.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum NextFormat {
    /// Who acts and what they may do, for a person.
    Text,
    /// Stable, versioned JSON for programs and the page.
    Json,
}

/// `verify`'s output format.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum VerifyFormat {
    /// A line per file and a count, for a person.
    Text,
    /// Stable, versioned JSON: every file with its status, failures and problems.
    Json,
    /// JUnit XML, which CI systems show as test results.
    Junit,
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

/// What stands behind a ruling, for `ruling --source`.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum SourceArg {
    /// Riot answered the question (an FAQ, an article, a patch note stating the case).
    Official,
    /// From the Core Rules: we applied the rules text to a question Riot did not answer.
    Rules,
    /// Rulings by others (rulings sites, judges, forums), checked against the rules.
    Community,
}

/// Parses a `--date`: YYYY-MM-DD, a real day.
/// An output width: 60 columns or more.
fn parse_width(s: &str) -> Result<u16, String> {
    match s.parse::<u16>() {
        Ok(n) if n >= 60 => Ok(n),
        Ok(_) => Err("must be 60 or more (narrower tables cannot show the rules columns)".into()),
        // A whole number too large for a width is out of range, not misspelt.
        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "{s} columns is more than the widest width, {}",
            u16::MAX
        )),
        Err(_) => Err(format!(
            "{s:?} is not a whole number of columns (60 or more)"
        )),
    }
}

/// `ruling --card`: any text (a card's name, its start, a letter wrong), offering the card index's
/// names for shell completion, written with dashes (`crumbling-sands`) so every shell keeps
/// each name one word.
#[derive(Clone)]
struct CardName;

impl clap::builder::TypedValueParser for CardName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            crate::rulings::cards()
                .iter()
                .map(|c| clap::builder::PossibleValue::new(c.slug)),
        ))
    }
}

/// A count of 1 or more, for `--limit` and `--min`.
fn parse_positive(s: &str) -> Result<u64, String> {
    match whole_number(s)? {
        0 => Err("must be 1 or more".into()),
        n => Ok(n),
    }
}

/// A step limit for `--max-steps` (0 is let through, to be refused with its own message).
fn parse_steps(s: &str) -> Result<usize, String> {
    whole_number(s)
}

/// A whole number of type `T`: digits past what `T` holds are "too large", anything else "not a
/// whole number".
fn whole_number<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|_| {
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            format!("{s} is too large")
        } else {
            format!("{s:?} is not a whole number (1 or more)")
        }
    })
}

fn parse_date(s: &str) -> Result<String, String> {
    let parts: Vec<&str> = s.split('-').collect();
    let ok = parts.len() == 3
        && parts[0].len() == 4
        && parts[1].len() == 2
        && parts[2].len() == 2
        && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()));
    let (m, d) = if ok {
        (
            parts[1].parse::<u32>().unwrap_or(0),
            parts[2].parse::<u32>().unwrap_or(0),
        )
    } else {
        (0, 0)
    };
    if ok && crate::situation::is_date(s) {
        Ok(s.to_string())
    } else if ok && (1..=12).contains(&m) && (1..=31).contains(&d) {
        // Written right, but the month is shorter (as a situation file's `date` is checked).
        Err(format!(
            "`{s}` is not a day of the calendar: that month has fewer than {d} days"
        ))
    } else if ok {
        // Written right, but no such day.
        Err(format!(
            "`{s}` is not a day of the calendar: the month is 01 to 12 and the day 01 to 31"
        ))
    } else {
        Err(format!(
            "`{s}` is not a date written YYYY-MM-DD, e.g. 2026-12-01"
        ))
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
    /// Differences whose October number is inferred, not quoted by any source.
    Inferred,
    /// Differences whose October number a source establishes.
    Established,
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
    /// Check every citation the engine can emit against the edition data and any imported
    /// text, and (the copy check) that no summary shares a run of 10 or more words with the
    /// imported official wording, or repeats one of its sentences (exit 1 on either failure).
    Check {
        /// List the summaries sharing a run of at least this many words (the check itself
        /// always fails at 10).
        #[arg(long, default_value_t = 8, value_parser = parse_positive)]
        min: u64,
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
        /// How many search results to show (1 or more).
        #[arg(long, default_value_t = 10, value_parser = parse_positive)]
        limit: u64,
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
    /// Search the rulings library by card name, keyword, rule number or words (typos
    /// tolerated), or list it with filters.
    Ruling {
        /// A card name, keyword, rule number (either edition), ruling id, or words.
        #[arg(required_unless_present = "list")]
        query: Vec<String>,
        /// List rulings (with --card, --rule, --source, --set) instead of searching.
        #[arg(long)]
        list: bool,
        /// Only rulings about this card (its name, a letter wrong, the start of it or of a word in
        /// it, three letters or more: `crumbl`, `sands`, or the name as completion writes it:
        /// `crumbling-sands`).
        #[arg(long, value_parser = CardName, hide_possible_values = true)]
        card: Option<String>,
        /// Only rulings citing this rule or one of its sub-rules (either edition's number).
        #[arg(long)]
        rule: Option<String>,
        /// Only official rulings (Riot answered), rulings from the Core Rules, or community
        /// rulings.
        #[arg(long, value_enum)]
        source: Option<SourceArg>,
        /// Only rulings from this set's FAQ or patch notes.
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(crate::situation::SETS))]
        set: Option<String>,
        /// The edition to show cited rules in (default: the one in force on --date).
        #[arg(long, value_enum)]
        rules: Option<EditionArg>,
        /// The day the ruling is read (YYYY-MM-DD; default: today): a ruling checked against
        /// an older edition than the one in force then is flagged.
        #[arg(long, value_parser = parse_date)]
        date: Option<String>,
        /// How many matches to show (1 or more; default: 10 for a search, all with --list).
        #[arg(long, value_parser = parse_positive)]
        limit: Option<u64>,
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
        #[arg(long, value_parser = parse_steps)]
        max_steps: Option<usize>,
        /// Which steps the text report shows: compact (routine steps folded) or all.
        #[arg(long, value_enum, default_value_t = StepsArg::Compact)]
        steps: StepsArg,
    },
    /// What may happen next: replays the file until its written actions are used up, stops
    /// where a player must act (before any pass the file does not write), and lists what they
    /// may do there by the rules.
    Next {
        /// The situation file (YAML, format 1).
        file: PathBuf,
        /// Stop at the first point where a player must act after this step of the full replay
        /// (`chainjudge replay --steps all` numbers them) instead.
        #[arg(long, value_parser = parse_positive)]
        at: Option<u64>,
        /// Answer under this edition instead of the file's `rules`.
        #[arg(long, value_enum)]
        rules: Option<RulesArg>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = NextFormat::Text)]
        format: NextFormat,
        /// Stop after this many steps (default: 20 × (chain items + actions) + 1000).
        #[arg(long, value_parser = parse_steps)]
        max_steps: Option<usize>,
    },
    /// Replay files and check their `expect` blocks (exit 1 on any mismatch).
    Verify {
        /// Files or folders (every .yaml file below a folder).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Stop after this many steps per replay.
        #[arg(long, value_parser = parse_steps)]
        max_steps: Option<usize>,
        /// Output format: text, json, or junit (XML for CI).
        #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
        format: VerifyFormat,
    },
    /// Validate files, including a dry replay, without printing a trace.
    Check {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Stop after this many steps per replay.
        #[arg(long, value_parser = parse_steps)]
        max_steps: Option<usize>,
        /// Output format: text (a line per file, diagnostics on stderr) or json (every file
        /// with its problems, on stdout).
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout: `chainjudge man > chainjudge.1`.
    Man,
    /// Print a commented starting situation to stdout, which `check` accepts:
    /// `chainjudge new --board > mine.yaml`.
    New {
        /// A board: battlefields (two for two players, three for three or four) and a unit each.
        #[arg(long)]
        board: bool,
        /// A combat under way at the first battlefield (a board file).
        #[arg(long)]
        combat: bool,
        /// The players, in turn order, 2 to 4 names: `--players Ana,Ben,Cho`.
        #[arg(long, value_delimiter = ',', default_value = "Ana,Ben")]
        players: Vec<String>,
    },
    /// Print the JSON Schema of the situation file (format 1, board and rulings included) to
    /// stdout, for editors: `chainjudge schema > situation.schema.json`.
    Schema,
}

/// The JSON Schema of the situation file (draft 2020-12), as `chainjudge schema` prints it.
pub const SCHEMA: &str = include_str!("../../schema/situation.schema.json");

/// Parses `args` and runs the command; returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args_os: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // A usage error is coloured as `--color` asks, read from the raw arguments since they did
    // not parse.
    let parsed = {
        use clap::{CommandFactory, FromArgMatches};
        Args::command()
            .color(raw_color(&args_os))
            .try_get_matches_from(&args_os)
            .and_then(|m| Args::from_arg_matches(&m))
    };
    let args = match parsed {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            // A program that asked for JSON gets a JSON error object on stdout as well.
            if code == 2 && wants_json(&args_os) {
                // The error's own lines, up to the usage hint, as one sentence.
                let text = e.to_string();
                let message: Vec<&str> = text
                    .lines()
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                let message = message.join(" ");
                let message = message.trim_start_matches("error: ");
                print!(
                    "{}",
                    json_out(
                        &serde_json::json!({ "error": { "code": "usage", "message": message } })
                    )
                );
            }
            let _ = e.print();
            return code;
        }
    };
    files::MAX_SIZE.store(args.max_size, std::sync::atomic::Ordering::Relaxed);
    let out = Out::new(&args);
    files::WIDTH.store(out.width, std::sync::atomic::Ordering::Relaxed);
    let steps = match &args.command {
        Command::Replay { max_steps, .. }
        | Command::Next { max_steps, .. }
        | Command::Verify { max_steps, .. }
        | Command::Check { max_steps, .. } => *max_steps,
        _ => None,
    };
    if steps == Some(0) {
        if wants_json(&args_os) {
            out.print(&json_out(&serde_json::json!({
                "error": { "code": "usage", "message": "--max-steps must be at least 1" }
            })));
        }
        out.eprint("error: --max-steps must be at least 1\n");
        return out.finish(2);
    }
    let code = match &args.command {
        Command::Replay {
            file,
            rules,
            format,
            max_steps,
            steps,
        } => replay_cmd(&out, file, *rules, *format, *max_steps, *steps),
        Command::Next {
            file,
            at,
            rules,
            format,
            max_steps,
        } => next_cmd(&out, file, *at, *rules, *format, *max_steps),
        Command::Verify {
            paths,
            max_steps,
            format,
        } => verify_cmd(&out, paths, *max_steps, *format),
        Command::Check {
            paths,
            max_steps,
            format,
        } => check_cmd(&out, paths, *max_steps, *format),
        Command::New {
            board,
            combat,
            players,
        } => new::run(&out, *board, *combat, players),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut Args::command(), "chainjudge", &mut script);
            out.print(&String::from_utf8_lossy(&script));
            0
        }
        Command::Schema => {
            out.print(SCHEMA);
            0
        }
        Command::Man => {
            let mut page = Vec::new();
            match man::write_page(&mut page) {
                Ok(()) => {
                    out.print(&String::from_utf8_lossy(&page));
                    0
                }
                Err(e) => {
                    out.eprint(&format!("error: cannot render the man page: {e}\n"));
                    2
                }
            }
        }
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
            usize::try_from(*limit).unwrap_or(usize::MAX),
            *format,
        ),
        Command::Diff {
            from,
            to,
            only,
            format,
        } => diff_cmd(&out, from.id(), to.id(), *only, *format),
        Command::Ruling {
            query,
            list,
            card,
            rule,
            source,
            set,
            rules,
            date,
            limit,
            format,
        } => ruling::ruling_cmd(
            &out,
            &ruling::RulingArgs {
                query: query.join(" "),
                list: *list,
                filter: crate::rulings::Filter {
                    card: card.clone(),
                    rule: rule.clone(),
                    source: source.map(|s| match s {
                        SourceArg::Official => crate::rulings::SourceKind::Official,
                        SourceArg::Rules => crate::rulings::SourceKind::Rules,
                        SourceArg::Community => crate::rulings::SourceKind::Community,
                    }),
                    set: set.clone(),
                    rule_edition: rules.map(EditionArg::id),
                },
                edition: rules.map(EditionArg::id),
                date: date.clone().unwrap_or_else(today),
                limit: limit.map(|l| usize::try_from(l).unwrap_or(usize::MAX)),
                format: *format,
            },
        ),
        Command::Rules { command } => match command {
            RulesCommand::Import {
                file,
                edition,
                force,
            } => import_cmd(&out, file, edition.id(), *force),
            RulesCommand::Check { min, format } => {
                rules_check_cmd(&out, usize::try_from(*min).unwrap_or(usize::MAX), *format)
            }
        },
    };
    out.finish(code)
}

/// The colour `--color` asks for in the raw arguments (`--color always` or `--color=always`),
/// for clap's own messages; without it, clap decides (a terminal, NO_COLOR).
fn raw_color(args: &[std::ffi::OsString]) -> clap::ColorChoice {
    let value = args
        .windows(2)
        .find(|w| w[0] == "--color")
        .map(|w| w[1].clone())
        .or_else(|| {
            args.iter()
                .find_map(|a| a.to_str()?.strip_prefix("--color=").map(Into::into))
        });
    match value.as_ref().and_then(|v| v.to_str()) {
        Some("always") => clap::ColorChoice::Always,
        Some("never") => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    }
}

/// Whether the command line asks for JSON (`--format json` or `--format=json`), read from the
/// raw arguments so that a usage error can be answered in JSON too.
fn wants_json(args: &[std::ffi::OsString]) -> bool {
    args.windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json")
}

/// Today's date (UTC) as YYYY-MM-DD, from the system clock.
pub(super) fn today() -> String {
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

/// `value` as a JSON document with `format_version` ([`crate::render::json_document`]).
pub(super) fn json_out<T: serde::Serialize>(value: &T) -> String {
    crate::render::json_document(value)
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
