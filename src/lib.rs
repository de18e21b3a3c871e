//! chainjudge: replays Riftbound's Chain loop, HOT FEPR (Core Rules 334), from a situation file,
//! under the July and October 2026 Core Rules, with the rule behind every step.
//!
//! The pipeline: [`situation::load`] reads and validates a file; [`engine::replay`] runs it
//! under one [`edition::EditionId`]; [`compare::Report`] aligns the traces of several editions;
//! [`render`] prints them; [`verify`] checks a file's `expect` block.

#![warn(missing_docs)]

pub mod api;
pub mod cli;
pub mod compare;
pub mod diag;
pub mod diff;
pub mod edition;
pub mod engine;
pub mod import;
pub mod lookup;
pub mod next;
pub mod render;
pub mod rulings;
pub mod show;
pub mod situation;
pub mod trace;
pub mod verify;
pub mod waited;
pub mod yaml;

use edition::EditionId;
use situation::{RulesChoice, Situation};

/// The editions a situation is replayed under, July first.
pub fn editions_of(s: &Situation) -> Vec<EditionId> {
    match s.rules {
        RulesChoice::July => vec![EditionId::July],
        RulesChoice::October => vec![EditionId::October],
        RulesChoice::Both => vec![EditionId::July, EditionId::October],
    }
}

/// Replays `s` under every edition it names and aligns the traces.
pub fn replay_all(s: &Situation, max_steps: Option<usize>) -> compare::Report<'_> {
    let traces = editions_of(s)
        .into_iter()
        .map(|ed| engine::replay(s, ed, max_steps))
        .collect();
    compare::Report::new(s, traces)
}

/// Runs the command line `args` (program name first) and returns the exit code:
/// 0 success, 1 a `verify` mismatch, 2 bad input, usage, or an error found during a replay.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    cli::run(args)
}
