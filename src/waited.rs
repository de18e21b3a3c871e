//! Where a written play or standard move did not fit (issue 21): a `play` the replay refused or
//! never reached, or a `move` refused (during a Closed State, say), which `pass` actions written
//! just before it, for the players who then held Priority or Focus, would have let through. Found by replaying the file with those passes added (never changing
//! the replay itself), and told as a hint: "Ana's play of bolt, refused as written, goes through
//! after Ben's pass: write `pass: Ben` before it if that was meant".
//!
//! Written passes are used at the first Priority or Focus they fit, so a file that needs a pass
//! before a play often reads well and replays otherwise; this says where.

use crate::edition::EditionId;
use crate::situation::{Action, ActionKind, PlayerId, Situation};
use crate::trace::Trace;
use crate::yaml::Loc;

/// A play that waited: the action, whose play it is, and the passes that let it through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waited {
    /// The play action's node in the file.
    pub loc: Loc,
    /// The item's id, or the move's.
    pub id: String,
    /// A standard move (`move`), not a play.
    pub is_move: bool,
    /// Refused as written (else never reached).
    pub refused: bool,
    /// Its controller.
    pub controller: PlayerId,
    /// The passes to write before it, in order.
    pub passes: Vec<PlayerId>,
    /// The editions under which it waited.
    pub editions: Vec<EditionId>,
}

/// The plays of `s` that waited under the editions of `traces`, in file order. Each refused or
/// never reached play is tried with passes before it by the other players, in turn order from
/// the Turn Player, one more at a time (at most one each), then with sets that include its own
/// player's pass ([`passes_that_fit`]); the first set that lets it through
/// (neither refused nor never reached) is the hint. A play the file's `expect` says is refused
/// (under that edition) was meant to be refused: it gets no hint; nor does a play never reached
/// because the replay stopped on an error.
pub fn waited(s: &Situation, traces: &[Trace]) -> Vec<Waited> {
    let mut out: Vec<Waited> = Vec::new();
    for t in traces {
        // A play the replay never reached because it stopped on an error (the step limit, say)
        // waited for nothing a pass would give: no hint for it.
        let unreached = t.outcome.unreached.iter().filter(|_| t.error.is_none());
        let stuck = t.outcome.refused.iter().chain(unreached).map(|(id, _)| id);
        for id in stuck {
            if expected_refused(s, t.edition, id) {
                continue;
            }
            let Some((i, controller, is_move)) = play_at(s, id) else {
                continue;
            };
            let Some(passes) = passes_that_fit(s, t.edition, i, id, controller) else {
                continue;
            };
            match out.iter_mut().find(|w| w.id == *id && w.passes == passes) {
                Some(w) => w.editions.push(t.edition),
                None => out.push(Waited {
                    loc: s.actions[i].loc,
                    id: id.clone(),
                    is_move,
                    refused: t.outcome.refused.iter().any(|(x, _)| x == id),
                    controller,
                    passes,
                    editions: vec![t.edition],
                }),
            }
        }
    }
    out.sort_by_key(|w| w.loc.offset);
    out
}

/// Whether the file's `expect` lists `id` as refused under `edition` (its edition's block, where
/// that gives `refused`, else the top level).
fn expected_refused(s: &Situation, edition: EditionId, id: &str) -> bool {
    let Some(e) = &s.expect else {
        return false;
    };
    let own = match edition {
        EditionId::July => e.july.as_ref(),
        EditionId::October => e.october.as_ref(),
    };
    own.and_then(|b| b.refused.as_ref())
        .or(e.common.refused.as_ref())
        .is_some_and(|r| r.iter().any(|x| x == id))
}

/// The index in `actions` of the play or move of `id`, its player, and whether it is a move.
fn play_at(s: &Situation, id: &str) -> Option<(usize, PlayerId, bool)> {
    s.actions
        .iter()
        .enumerate()
        .find_map(|(i, a)| match &a.kind {
            ActionKind::Play(item) if item.id == id => Some((i, item.controller?, false)),
            ActionKind::Move { id: m, by, .. } if m == id => Some((i, *by, true)),
            _ => None,
        })
}

/// The fewest passes by the other players (turn order from the Turn Player, a prefix of it)
/// that, written before action `i`, let the play of `id` through under `edition`; failing
/// those, the fewest that include its own player's pass.
fn passes_that_fit(
    s: &Situation,
    edition: EditionId,
    i: usize,
    id: &str,
    controller: PlayerId,
) -> Option<Vec<PlayerId>> {
    let n = s.players.len();
    let others: Vec<PlayerId> = (0..n)
        .map(|k| (s.turn + k) % n)
        .filter(|&p| p != controller)
        .collect();
    // Each other player first, then the turn-order prefixes that start with them.
    for start in 0..others.len() {
        for len in 1..=others.len() {
            let passes: Vec<PlayerId> = (0..len)
                .map(|k| others[(start + k) % others.len()])
                .collect();
            if fits(s, edition, i, id, &passes) {
                return Some(passes);
            }
        }
    }
    // Else the play may wait for its own player's pass as well: Ana passes, the Chain above her
    // resolves, and her unit is played on the empty Chain. Fewest passes first, each a run of
    // the turn order from some player.
    let all: Vec<PlayerId> = (0..n).map(|k| (s.turn + k) % n).collect();
    for len in 1..=n {
        for start in 0..n {
            let passes: Vec<PlayerId> = (0..len).map(|k| all[(start + k) % n]).collect();
            if passes.contains(&controller) && fits(s, edition, i, id, &passes) {
                return Some(passes);
            }
        }
    }
    None
}

/// Whether the play of `id` goes through (not refused, not never reached, no replay error)
/// when `passes` are written before action `i`.
fn fits(s: &Situation, edition: EditionId, i: usize, id: &str, passes: &[PlayerId]) -> bool {
    let mut tried = s.clone();
    let loc = tried.actions[i].loc;
    let added = passes.iter().map(|&p| Action {
        kind: ActionKind::Pass(p),
        loc,
    });
    tried.actions.splice(i..i, added);
    let t = crate::engine::replay(&tried, edition, None);
    t.error.is_none()
        && !t.outcome.refused.iter().any(|(x, _)| x == id)
        && !t.outcome.unreached.iter().any(|(x, _)| x == id)
}
