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
    /// The step happens under one edition only but changes nothing the report shows: the turn
    /// state, Priority, Focus and the board stay as they were (for example July's Combat
    /// Showdown Step task d when the attacker already has Focus).
    StepsDiffer,
    /// Both editions end the game with the same winner and the same final values
    /// ([`Report::same_game_end`]), and this step happens differently on the way: the route
    /// differs, not the outcome.
    RouteDiffers,
}

/// The flag of a step taken under one edition only: `StepsDiffer` when it changes nothing
/// shown (state, Priority, Focus, board changes) against the step before it in its own trace.
fn one_sided(t: &Trace, i: usize) -> Flag {
    let st = &t.steps[i];
    let unchanged = i > 0 && {
        let prev = &t.steps[i - 1];
        prev.state == st.state
            && prev.priority() == st.priority()
            && prev.focus() == st.focus()
            && prev.chain_len() == st.chain_len()
    };
    if unchanged && st.changes().is_empty() {
        Flag::StepsDiffer
    } else {
        Flag::OutcomeDiffers
    }
}

/// One row of the aligned report: the step's index in each trace (`None`: absent there).
#[derive(Debug, Clone)]
pub struct Row {
    /// The row's number in the full report, from 1: what the judge reads as the step's number,
    /// kept when routine rows are folded away ([`crate::render::compact`]).
    pub n: usize,
    /// Index into each trace's steps, in the order of [`Report::traces`].
    pub steps: RowSteps,
    /// How the editions compare at this row.
    pub flag: Flag,
}

/// A row's step in each trace (one or two editions), held in the row itself in 12 bytes: a
/// large replay has hundreds of thousands of rows, and a list for each was an allocation for
/// each. Read with [`RowSteps::get`] and [`RowSteps::iter`], one entry per trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowSteps {
    /// Step indices; [`RowSteps::ABSENT`] where the trace has no step at this row.
    steps: [u32; 2],
    len: u8,
}

impl RowSteps {
    const ABSENT: u32 = u32::MAX;

    fn index(step: Option<usize>) -> u32 {
        // A replay stops at its step limit, and memory ends long before four billion steps.
        step.map_or(Self::ABSENT, |s| {
            u32::try_from(s)
                .ok()
                .filter(|&s| s != Self::ABSENT)
                .expect("a replay holds fewer than u32::MAX steps")
        })
    }

    /// The row of a replay under one edition.
    pub fn one(step: Option<usize>) -> Self {
        Self {
            steps: [Self::index(step), Self::ABSENT],
            len: 1,
        }
    }

    /// The row of a replay under two editions (July's step first).
    pub fn two(july: Option<usize>, october: Option<usize>) -> Self {
        Self {
            steps: [Self::index(july), Self::index(october)],
            len: 2,
        }
    }

    /// How many traces the row spans (one or two).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the row spans no trace (never, for a row of a report).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Trace `k`'s step at this row: `None` where it has none, or past the last trace.
    pub fn get(&self, k: usize) -> Option<usize> {
        self.steps[..self.len()]
            .get(k)
            .filter(|&&s| s != Self::ABSENT)
            .map(|&s| s as usize)
    }

    /// Each trace's step at this row, in the order of [`Report::traces`].
    pub fn iter(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }

    /// The same row with each present step `s` of trace `k` replaced by `f(k, s)`.
    pub fn map(self, mut f: impl FnMut(usize, usize) -> usize) -> Self {
        let mut out = self;
        for k in 0..self.len() {
            out.steps[k] = Self::index(self.get(k).map(|s| f(k, s)));
        }
        out
    }
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
    a.who() == b.who()
        && a.what == b.what
        && a.state == b.state
        && a.priority() == b.priority()
        && a.focus() == b.focus()
}

/// Whether a citation's rule number differs between two editions. An inferred number is a
/// number: one that differs from the other edition's is a difference (shown with its mark). An
/// unconfirmed number is a note, not a difference.
pub fn cite_differs(cite: Cite, a: EditionId, b: EditionId) -> bool {
    let eds = Editions::get();
    let (x, y) = (eds.edition(a).cited(cite), eds.edition(b).cited(cite));
    match (x, y) {
        (Cited::Unconfirmed { .. }, _) | (_, Cited::Unconfirmed { .. }) => false,
        _ => match (x.number(), y.number()) {
            (Some(m), Some(n)) => m != n,
            _ => x != y,
        },
    }
}

impl<'a> Report<'a> {
    /// The steps `row` holds, each with the index of its trace in [`Report::traces`], in that
    /// order (the editions without a step at this row left out).
    pub fn steps_of(&self, row: &Row) -> impl Iterator<Item = (usize, &Step)> + '_ {
        let steps = row.steps;
        (0..steps.len()).filter_map(move |k| self.step_in(steps, k).map(|st| (k, st)))
    }

    /// Trace `k`'s step at `row` (`None` where that edition has none, or past the last trace).
    pub fn step_at(&self, row: &Row, k: usize) -> Option<&Step> {
        self.step_in(row.steps, k)
    }

    fn step_in(&self, steps: RowSteps, k: usize) -> Option<&Step> {
        steps.get(k).map(|i| &self.traces[k].steps[i])
    }

    /// Aligns `traces` (one per edition replayed).
    pub fn new(situation: &'a Situation, traces: Vec<Trace>) -> Self {
        let rows = match traces.as_slice() {
            [a, b] => align(a, b),
            [a] => (0..a.steps.len())
                .map(|i| Row {
                    n: 0,
                    steps: RowSteps::one(Some(i)),
                    flag: Flag::Same,
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut rows = rows;
        for (i, r) in rows.iter_mut().enumerate() {
            r.n = i + 1;
        }
        let mut report = Self {
            situation,
            traces,
            rows,
        };
        // A game that ends the same way under both editions: what happens differently on the
        // way is the route.
        if report.same_game_end().is_some() && report.final_differences().is_empty() {
            for r in &mut report.rows {
                if r.flag == Flag::OutcomeDiffers {
                    r.flag = Flag::RouteDiffers;
                }
            }
        }
        report
    }

    /// The winner when both editions' replays end with the same player winning the game (196,
    /// 472): after that the state, Priority and Focus are no outcome, only the route to it.
    pub fn same_game_end(&self) -> Option<usize> {
        let [a, b] = self.traces.as_slice() else {
            return None;
        };
        let w = a.outcome.board.as_ref()?.winner?;
        (b.outcome.board.as_ref()?.winner == Some(w)).then_some(w)
    }

    /// The final values that differ between the two editions' replays, each as
    /// `(name, July's value, October's value)` in words: the `expect` keys (Priority, Focus,
    /// state, resolved, countered, refused, unreached, killed, and for board files points,
    /// draws, winner, control, Contested, Conquers, Holds, combats, locations, Might, damage,
    /// phase). When both games ended with the same winner ([`Report::same_game_end`]), only
    /// what the game's end leaves standing: resolved, countered, killed, points, winner and
    /// control. Empty with one edition, or when every compared value is the same.
    pub fn final_differences(&self) -> Vec<(String, String, String)> {
        let [a, b] = self.traces.as_slice() else {
            return Vec::new();
        };
        let ended = self.same_game_end().is_some();
        let s = self.situation;
        let who = |p: Option<usize>| p.map_or("nobody".to_string(), |p| s.name(p).to_string());
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        let ids = |v: &[(String, String)]| v.iter().map(|(i, _)| i.clone()).collect::<Vec<_>>();
        let (x, y) = (&a.outcome, &b.outcome);
        let mut out = Vec::new();
        // After the game's end only these are outcomes.
        const AT_GAME_END: &[&str] = &[
            "resolved",
            "countered",
            "killed",
            "points",
            "winner",
            "control",
        ];
        let mut add = |name: &str, p: String, q: String| {
            if p != q && (!ended || AT_GAME_END.contains(&name)) {
                out.push((name.to_string(), p, q));
            }
        };
        add("Priority", who(x.priority), who(y.priority));
        add("Focus", who(x.focus), who(y.focus));
        add(
            "state",
            x.state.map_or(String::new(), |t| t.title().to_string()),
            y.state.map_or(String::new(), |t| t.title().to_string()),
        );
        add("resolved", list(&x.resolved), list(&y.resolved));
        add("countered", list(&x.countered), list(&y.countered));
        add("refused", list(&ids(&x.refused)), list(&ids(&y.refused)));
        add(
            "unreached",
            list(&ids(&x.unreached)),
            list(&ids(&y.unreached)),
        );
        add("killed", list(&x.killed), list(&y.killed));
        if let (Some(p), Some(q)) = (&x.board, &y.board) {
            let per_player = |v: &[i64]| {
                v.iter()
                    .enumerate()
                    .map(|(i, n)| format!("{} {n}", s.name(i)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            add("points", per_player(&p.points), per_player(&q.points));
            add("draws", per_player(&p.draws), per_player(&q.draws));
            add("winner", who(p.winner), who(q.winner));
            let per_bf = |v: &[(String, Option<usize>)]| {
                v.iter()
                    .map(|(b, c)| format!("{b}: {}", who(*c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            add("control", per_bf(&p.control), per_bf(&q.control));
            add("Contested", per_bf(&p.contested), per_bf(&q.contested));
            let scored = |v: &[crate::trace::Scored]| {
                list(
                    &v.iter()
                        .map(|c| format!("{} at {}", s.name(c.player), c.battlefield))
                        .collect::<Vec<_>>(),
                )
            };
            add("conquers", scored(&p.conquered), scored(&q.conquered));
            add("holds", scored(&p.held), scored(&q.held));
            let combats = |v: &[(String, crate::trace::CombatResult)]| {
                list(
                    &v.iter()
                        .map(|(b, r)| match r {
                            crate::trace::CombatResult::NoResult => format!("{b}: No Result"),
                            crate::trace::CombatResult::Unfinished => format!("{b}: unfinished"),
                            crate::trace::CombatResult::Won { winner, .. } => {
                                format!("{b}: won by {}", s.name(*winner))
                            }
                        })
                        .collect::<Vec<_>>(),
                )
            };
            add("combats", combats(&p.combats), combats(&q.combats));
            let pairs = |v: &[(String, String)]| {
                v.iter()
                    .map(|(i, l)| format!("{i}: {l}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            add("locations", pairs(&p.locations), pairs(&q.locations));
            let nums = |v: &[(String, i64)]| {
                v.iter()
                    .map(|(i, n)| format!("{i}: {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            add("Might", nums(&p.might), nums(&q.might));
            add("damage", nums(&p.damage), nums(&q.damage));
            add("phase", p.phase.clone(), q.phase.clone());
        }
        out
    }

    /// Whether the editions' outcomes differ (always false with one edition). When both games
    /// ended with the same winner, only the values of [`Report::final_differences`] count: steps
    /// that happen differently on the way are a different route ([`Report::route_differs`]).
    pub fn outcomes_differ(&self) -> bool {
        match self.traces.as_slice() {
            [_, _] if self.same_game_end().is_some() => !self.final_differences().is_empty(),
            [a, b] => {
                a.outcome != b.outcome || self.rows.iter().any(|r| r.flag == Flag::OutcomeDiffers)
            }
            _ => false,
        }
    }

    /// Whether both games ended the same way ([`Report::same_game_end`]) by a different route:
    /// some step happens differently ([`Flag::RouteDiffers`]).
    pub fn route_differs(&self) -> bool {
        self.rows.iter().any(|r| r.flag == Flag::RouteDiffers)
    }
}

fn align(a: &Trace, b: &Trace) -> Vec<Row> {
    let mut rows = Vec::new();
    let keys_a: Vec<String> = a
        .steps
        .iter()
        .map(|s| format!("{:?}|{}", s.who(), s.what))
        .collect();
    let keys_b: Vec<String> = b
        .steps
        .iter()
        .map(|s| format!("{:?}|{}", s.who(), s.what))
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
                        n: 0,
                        steps: RowSteps::two(Some(i), Some(j)),
                        flag,
                    });
                }
            }
            similar::DiffOp::Delete {
                old_index, old_len, ..
            } => {
                rows.extend((old_index..old_index + old_len).map(|i| Row {
                    n: 0,
                    steps: RowSteps::two(Some(i), None),
                    flag: one_sided(a, i),
                }));
            }
            similar::DiffOp::Insert {
                new_index, new_len, ..
            } => {
                rows.extend((new_index..new_index + new_len).map(|j| Row {
                    n: 0,
                    steps: RowSteps::two(None, Some(j)),
                    flag: one_sided(b, j),
                }));
            }
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                rows.extend((old_index..old_index + old_len).map(|i| Row {
                    n: 0,
                    steps: RowSteps::two(Some(i), None),
                    flag: one_sided(a, i),
                }));
                rows.extend((new_index..new_index + new_len).map(|j| Row {
                    n: 0,
                    steps: RowSteps::two(None, Some(j)),
                    flag: one_sided(b, j),
                }));
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_steps_read_back_what_they_hold() {
        let one = RowSteps::one(Some(7));
        assert_eq!((one.len(), one.get(0), one.get(1)), (1, Some(7), None));
        let two = RowSteps::two(None, Some(3));
        assert_eq!(two.iter().collect::<Vec<_>>(), vec![None, Some(3)]);
        let moved = two.map(|k, s| 10 * k + s);
        assert_eq!(moved.iter().collect::<Vec<_>>(), vec![None, Some(13)]);
        assert_eq!(std::mem::size_of::<Row>(), 24);
    }
}
