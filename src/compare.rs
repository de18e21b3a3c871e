//! Aligns the traces of one situation under several editions and marks where rule numbers or
//! outcomes differ.

use crate::edition::{Cite, Cited, EditionId, Editions};
use crate::situation::Situation;
use crate::trace::{Step, Trace};

/// How an aligned row compares across editions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    /// One edition replayed, or the same step and the same numbers.
    Same,
    /// The same step, but at least one rule number differs.
    NumbersDiffer,
    /// The step happens under one edition only, or its outcome differs.
    OutcomeDiffers,
}

/// One row of the aligned report: the step's index in each trace (`None`: absent there).
#[derive(Debug, Clone)]
pub struct Row {
    /// Index into each trace's steps, in the order of [`Report::traces`].
    pub steps: Vec<Option<usize>>,
    /// How the editions compare at this row.
    pub flag: Flag,
}

/// A situation replayed under one or more editions, aligned step by step.
#[derive(Debug)]
pub struct Report<'a> {
    /// The situation.
    pub situation: &'a Situation,
    /// One trace per edition, July first.
    pub traces: Vec<Trace>,
    /// The aligned rows.
    pub rows: Vec<Row>,
}

fn same_step(a: &Step, b: &Step) -> bool {
    a.who == b.who
        && a.what == b.what
        && a.state == b.state
        && a.priority == b.priority
        && a.focus == b.focus
}

/// Whether a citation's rule number differs between two editions. An inferred number is a
/// number: one that differs from the other edition's is a difference (shown with its mark). An
/// unconfirmed number is a note, not a difference.
pub fn cite_differs(cite: Cite, a: EditionId, b: EditionId) -> bool {
    let eds = Editions::get();
    let (x, y) = (eds.edition(a).resolve(cite), eds.edition(b).resolve(cite));
    match (&x, &y) {
        (Cited::Unconfirmed { .. }, _) | (_, Cited::Unconfirmed { .. }) => false,
        _ => match (x.number(), y.number()) {
            (Some(m), Some(n)) => m != n,
            _ => x != y,
        },
    }
}

impl<'a> Report<'a> {
    /// Aligns `traces` (one per edition replayed).
    pub fn new(situation: &'a Situation, traces: Vec<Trace>) -> Self {
        let rows = match traces.as_slice() {
            [a, b] => align(a, b),
            [a] => (0..a.steps.len())
                .map(|i| Row {
                    steps: vec![Some(i)],
                    flag: Flag::Same,
                })
                .collect(),
            _ => Vec::new(),
        };
        Self {
            situation,
            traces,
            rows,
        }
    }

    /// Whether the editions' outcomes differ (always false with one edition).
    pub fn outcomes_differ(&self) -> bool {
        match self.traces.as_slice() {
            [a, b] => {
                a.outcome != b.outcome || self.rows.iter().any(|r| r.flag == Flag::OutcomeDiffers)
            }
            _ => false,
        }
    }
}

fn align(a: &Trace, b: &Trace) -> Vec<Row> {
    let mut rows = Vec::new();
    let keys_a: Vec<String> = a
        .steps
        .iter()
        .map(|s| format!("{:?}|{}", s.who, s.what))
        .collect();
    let keys_b: Vec<String> = b
        .steps
        .iter()
        .map(|s| format!("{:?}|{}", s.who, s.what))
        .collect();
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &keys_a, &keys_b);
    for op in ops {
        match op {
            similar::DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                for k in 0..len {
                    let (i, j) = (old_index + k, new_index + k);
                    let sa = &a.steps[i];
                    let sb = &b.steps[j];
                    let flag = if !same_step(sa, sb) {
                        Flag::OutcomeDiffers
                    } else if sa.cites != sb.cites
                        || sa
                            .cites
                            .iter()
                            .any(|c| cite_differs(*c, a.edition, b.edition))
                    {
                        Flag::NumbersDiffer
                    } else {
                        Flag::Same
                    };
                    rows.push(Row {
                        steps: vec![Some(i), Some(j)],
                        flag,
                    });
                }
            }
            similar::DiffOp::Delete {
                old_index, old_len, ..
            } => {
                rows.extend((old_index..old_index + old_len).map(|i| Row {
                    steps: vec![Some(i), None],
                    flag: Flag::OutcomeDiffers,
                }));
            }
            similar::DiffOp::Insert {
                new_index, new_len, ..
            } => {
                rows.extend((new_index..new_index + new_len).map(|j| Row {
                    steps: vec![None, Some(j)],
                    flag: Flag::OutcomeDiffers,
                }));
            }
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                rows.extend((old_index..old_index + old_len).map(|i| Row {
                    steps: vec![Some(i), None],
                    flag: Flag::OutcomeDiffers,
                }));
                rows.extend((new_index..new_index + new_len).map(|j| Row {
                    steps: vec![None, Some(j)],
                    flag: Flag::OutcomeDiffers,
                }));
            }
        }
    }
    rows
}
