//! The compact step view (issue 20, the default of `replay`): only the steps that change
//! something a judge asks about. A routine step (a pass of Priority or Focus, Priority received,
//! an item finalized without moving Priority, a combat task that found nothing to do) folds into
//! the next step shown, which keeps its own number and gains the folded steps' citations, and
//! says "after Ana and Ben pass" when passes were folded. A step where the editions part, one
//! with a note, or one that changed the board is never folded, and the last step is always
//! shown; a step taken under one edition only folds only inside a run of such steps, into one
//! of the same edition. `--steps all` prints every step.

use super::*;
use crate::edition::Cite;
use std::sync::Arc;

/// Which steps a text report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Steps {
    /// Routine steps folded into the next step shown (the default).
    #[default]
    Compact,
    /// Every step of the trace.
    All,
}

/// The citations of routine steps: passing Priority (338.1.b, 339.2) or Focus (347.2), Priority
/// received with nothing to do but act (335, 335.1, 337.4, 312.2.c, 340.4), finalizing (337.1,
/// 337.1.b), and the combat tasks that only mark their place when nothing happens at them
/// (start-of-combat effects 464.2.b, the showdown going on 464.2.f, the Resolution Step's
/// Chain, result and control tasks 466.2, 466.4, 466.6, a recall of nobody 466.1.a.2), and a
/// cleanup that found control kept (323.6, 190.4.c; one that changes control changes the board),
/// and the Chain emptying into an Open State (340.2; the next step shown says the new state).
const ROUTINE: &[Cite] = &[
    Cite::PassPriority,
    Cite::PassFocus,
    Cite::CombatStartTask,
    Cite::CombatShowdownState,
    Cite::ResolutionFepr,
    Cite::ResultFepr,
    Cite::ControlFepr,
    Cite::CombatRecall,
    Cite::ControlLost,
    Cite::ControlFrozen,
    Cite::ChainEmpty,
    Cite::PassToNext,
    Cite::IdleNeutral,
    Cite::IdleShowdown,
    Cite::PriorityAfterFinalize,
    Cite::PriorityClosedNextItem,
    Cite::PriorityAfterResolve,
    Cite::FinalizeStep,
    Cite::FinalizeOldestFirst,
];

/// Whether a step is routine: it cites only routine rules, has no note and changed nothing on
/// the board.
fn routine(st: &Step) -> bool {
    !st.cites.is_empty()
        && st.cites.iter().all(|c| ROUTINE.contains(c))
        && st.notes().is_empty()
        && st.changes().is_empty()
}

/// Whether a step is a pass of Priority or Focus.
fn pass(st: &Step) -> bool {
    st.cites.contains(&Cite::PassPriority) || st.cites.contains(&Cite::PassFocus)
}

/// Which editions a row has a step under.
fn presence(row: &Row) -> Vec<bool> {
    row.steps.iter().map(|s| s.is_some()).collect()
}

/// Whether row `i` may fold for its flag and neighbours: the editions agree on it (at most in
/// numbers) and its rules reach, in each edition, a step taken under both or under that edition
/// alone; or it is taken under one edition only between rows taken under that same edition
/// alone. So the step where the editions part is shown, and no step taken under both gains
/// rules from one edition only.
fn foldable_flag(rows: &[Row], i: usize) -> bool {
    let row = &rows[i];
    let one_sided = |r: &Row| r.steps.iter().filter(|s| s.is_some()).count() == 1;
    if matches!(row.flag, Flag::Same | Flag::NumbersDiffer) {
        // Its rules go to a step both editions take, or to steps of each edition alone before
        // the next both take: never to a step of both that only one edition's rules reach.
        let here = presence(row);
        if rows.get(i + 1).is_some_and(|x| presence(x) == here) {
            return true;
        }
        let mut reached = vec![false; here.len()];
        for x in rows[i + 1..].iter().take_while(|x| one_sided(x)) {
            for (k, p) in presence(x).into_iter().enumerate() {
                reached[k] |= p;
            }
        }
        return i + 1 < rows.len() && here.iter().zip(&reached).all(|(h, r)| !h || *r);
    }
    let here = presence(row);
    one_sided(row)
        && i > 0
        && i + 1 < rows.len()
        && [&rows[i - 1], &rows[i + 1]]
            .iter()
            .all(|x| one_sided(x) && presence(x) == here)
}

/// The compact view of `r`: the rows a judge reads, with the folded rows' citations carried
/// into the next row shown. The report keeps its situation, and each shown row its number; its
/// traces hold only the shown steps (a folded step is not copied), which its rows index.
pub fn compact<'a>(r: &Report<'a>) -> Report<'a> {
    let mut traces: Vec<Trace> = r
        .traces
        .iter()
        .map(|t| Trace {
            edition: t.edition,
            steps: Vec::new(),
            outcome: t.outcome.clone(),
            error: t.error.clone(),
        })
        .collect();
    let mut rows = Vec::new();
    // Per trace: the citations and passers folded since the last row shown.
    let mut folded: Vec<(Vec<Cite>, Vec<String>)> = vec![(Vec::new(), Vec::new()); traces.len()];
    let last = r.rows.len().saturating_sub(1);
    for (i, row) in r.rows.iter().enumerate() {
        let steps: Vec<(usize, &Step)> = r.steps_of(row).collect();
        let fold = i < last
            && foldable_flag(&r.rows, i)
            && !steps.is_empty()
            && steps.iter().all(|(_, st)| routine(st));
        if fold {
            for (k, st) in steps {
                let (cites, who) = &mut folded[k];
                for c in &st.cites {
                    if !cites.contains(c) {
                        cites.push(*c);
                    }
                }
                if pass(st) {
                    let name = st.who().map_or("-", |p| r.situation.name(p)).to_string();
                    if !who.contains(&name) {
                        who.push(name);
                    }
                }
            }
            continue;
        }
        let shown = row.steps.map(|k, s| {
            let (cites, who) = std::mem::take(&mut folded[k]);
            let mut st = r.traces[k].steps[s].clone();
            // The step told short: its reasons are in its rules and in the full view.
            if let Some(b) = st.take_brief() {
                st.what = b.into();
            }
            if !who.is_empty() {
                let verb = if who.len() == 1 { "passes" } else { "pass" };
                st.what = Arc::from(format!(
                    "{} (after {} {verb})",
                    st.what,
                    crate::engine::join_and(&who)
                ));
            }
            for c in cites {
                if !st.cites.contains(&c) {
                    st.cites.push(c);
                }
            }
            traces[k].steps.push(st);
            traces[k].steps.len() - 1
        });
        rows.push(Row {
            n: row.n,
            steps: shown,
            flag: row.flag,
        });
    }
    Report {
        situation: r.situation,
        traces,
        rows,
    }
}
