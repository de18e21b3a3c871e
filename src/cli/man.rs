//! `chainjudge man`: one man page for the whole tool, from the clap definition (clap_mangen for
//! the title, synopsis, description and global options), with every command and its options
//! on the same page and the exit codes.

use super::Args;
use clap::CommandFactory;
use std::io::{self, Write};

/// The exit codes, as the README's table gives them: (code, meaning).
pub const EXIT_CODES: &[(i32, &str)] = &[
    (0, "success (a replay that ran is a success, whatever it refused)"),
    (
        1,
        "verify found a file whose outcome differs from its expect; rule or ruling found nothing; rules check found a citation missing from the imported text or a summary that copies it",
    ),
    (
        2,
        "bad input (every problem is reported with its line and column), bad usage, a write error, or an error found during a replay (a missing trigger order, the step limit)",
    ),
];

/// `text` escaped for roff: backslashes, hyphens, and a leading `.` or `'`.
fn roff(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

/// An argument as the page shows it: `\-\-rules <RULES>`, `\-w, \-\-width <N>` or `<FILE>`.
fn arg_head(a: &clap::Arg) -> String {
    let value = a
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(|n| format!("<{n}>"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| format!("<{}>", a.get_id().as_str().to_uppercase()));
    let takes = a.get_num_args().is_some_and(|n| n.takes_values());
    if a.is_positional() {
        return value;
    }
    let mut names = Vec::new();
    if let Some(s) = a.get_short() {
        names.push(format!("-{s}"));
    }
    if let Some(l) = a.get_long() {
        names.push(format!("--{l}"));
    }
    let names = names.join(", ");
    if takes {
        format!("{names} {value}")
    } else {
        names
    }
}

/// The COMMANDS section: each command's usage, what it does, and its own options; a command
/// with commands of its own (`rules`) lists them the same way.
fn commands(cmd: &mut clap::Command, w: &mut dyn Write) -> io::Result<()> {
    for sub in cmd.get_subcommands_mut() {
        if sub.get_name() == "help" {
            continue;
        }
        let usage = sub.render_usage().to_string();
        let usage = usage.trim_start_matches("Usage: ");
        writeln!(w, ".SS \"{}\"", roff(usage))?;
        let about = sub
            .get_long_about()
            .or_else(|| sub.get_about())
            .map(ToString::to_string)
            .unwrap_or_default();
        for para in about.split("\n\n") {
            writeln!(w, ".PP\n{}", roff(para.trim()))?;
        }
        for a in sub.get_arguments() {
            // The global options are on the page once, under OPTIONS.
            if a.is_hide_set()
                || a.is_global_set()
                || matches!(a.get_id().as_str(), "help" | "version")
            {
                continue;
            }
            let mut help = a
                .get_help()
                .or_else(|| a.get_long_help())
                .map(ToString::to_string)
                .unwrap_or_default();
            let values: Vec<String> = a
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            if !values.is_empty() {
                help.push_str(&format!(" (one of: {})", values.join(", ")));
            }
            let flag = !a.get_num_args().is_some_and(|n| n.takes_values());
            if let Some(d) = a.get_default_values().first().filter(|_| !flag) {
                help.push_str(&format!(" [default: {}]", d.to_string_lossy()));
            }
            writeln!(w, ".TP\n{}\n{}", roff(&arg_head(a)), roff(&help))?;
        }
        if sub.has_subcommands() {
            commands(sub, w)?;
        }
    }
    Ok(())
}

/// Writes the man page (roff) to `w`.
///
/// # Errors
/// The first error `w` returns.
pub fn write_page(w: &mut dyn Write) -> io::Result<()> {
    let mut cmd = Args::command();
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    writeln!(w, ".SH COMMANDS")?;
    commands(&mut cmd, w)?;
    writeln!(w, ".SH \"EXIT STATUS\"")?;
    for (code, meaning) in EXIT_CODES {
        writeln!(w, ".TP\n{code}\n{}", roff(meaning))?;
    }
    man.render_version_section(w)
}
