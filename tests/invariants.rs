//! Property tests of the engine's invariants on generated situations (proptest): whatever the
//! Chain, finalizing is oldest first (337.1.b) and resolving newest first (340.1); nobody receives
//! Priority while an item is pending (337.4); units, gear and Add abilities resolve as they are
//! finalized, with no window (337.2); every citation emitted exists in its edition; the same
//! input gives the same bytes; and a damaged file's diagnostics lie inside it, on character
//! boundaries.

use chainjudge::edition::{Cite, EditionId, Editions};
use chainjudge::render::{self, Style};
use chainjudge::trace::Trace;
use proptest::prelude::*;

/// What a generated Chain item is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Spell,
    Unit,
    Gear,
    Ability,
    Adds,
}

impl Kind {
    /// Resolves the moment it is finalized (337.2).
    fn immediate(self) -> bool {
        matches!(self, Kind::Unit | Kind::Gear | Kind::Adds)
    }
}

#[derive(Debug, Clone)]
struct Item {
    kind: Kind,
    controller: usize,
    pending: bool,
    /// Counters the item at this index (an older one), for spells and abilities.
    counter: Option<usize>,
}

#[derive(Debug, Clone)]
struct Gen {
    players: usize,
    items: Vec<Item>,
    /// Each action: a play of a reaction spell by the player, or a pass by the player.
    actions: Vec<(bool, usize)>,
}

const NAMES: [&str; 3] = ["Ana", "Ben", "Cid"];

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        3 => Just(Kind::Spell),
        1 => Just(Kind::Unit),
        1 => Just(Kind::Gear),
        1 => Just(Kind::Ability),
        1 => Just(Kind::Adds),
    ]
}

fn situation() -> impl Strategy<Value = Gen> {
    (2usize..=3, 1usize..=10, 0usize..=6).prop_flat_map(|(players, n, actions)| {
        (
            Just(players),
            proptest::collection::vec(
                (kind(), 0..players, any::<bool>(), any::<bool>(), 0usize..10),
                n,
            ),
            proptest::collection::vec((any::<bool>(), 0..players), actions),
        )
            .prop_map(|(players, raw, actions)| {
                // Finalized items are written before pending ones; units, gear and Add
                // abilities are always pending in a file.
                let mut items: Vec<Item> = raw
                    .into_iter()
                    .enumerate()
                    .map(|(i, (kind, controller, pending, counters, target))| Item {
                        kind,
                        controller,
                        pending: pending || kind.immediate(),
                        counter: (counters && i > 0 && !kind.immediate()).then(|| target % i),
                    })
                    .collect();
                items.sort_by_key(|i| i.pending);
                // A counter names an older item only.
                for (i, item) in items.iter_mut().enumerate() {
                    if item.counter.is_some_and(|t| t >= i) {
                        item.counter = None;
                    }
                }
                Gen {
                    players,
                    items,
                    actions,
                }
            })
    })
}

impl Gen {
    fn yaml(&self) -> String {
        let players = &NAMES[..self.players];
        let mut out = format!(
            "format: 1\ntitle: generated\nrules: both\nplayers: [{}]\nturn: Ana\nchain:\n",
            players.join(", ")
        );
        for (i, it) in self.items.iter().enumerate() {
            let (kind, adds) = match it.kind {
                Kind::Spell => ("spell", false),
                Kind::Unit => ("unit", false),
                Kind::Gear => ("gear", false),
                Kind::Ability => ("activated", false),
                Kind::Adds => ("activated", true),
            };
            out += &format!(
                "  - {{ id: i{i}, name: Item {i}, controller: {}, kind: {kind}",
                NAMES[it.controller]
            );
            if adds {
                out += ", adds: true";
            }
            if it.pending {
                out += ", status: pending";
            }
            if let Some(t) = it.counter {
                out += &format!(", effects: [ {{ counter: i{t} }} ]");
            }
            out += " }\n";
        }
        if !self.actions.is_empty() {
            out += "actions:\n";
            for (k, (play, p)) in self.actions.iter().enumerate() {
                if *play {
                    out += &format!(
                        "  - play: {{ id: p{k}, name: Quick {k}, controller: {}, kind: spell, keyword: reaction }}\n",
                        NAMES[*p]
                    );
                } else {
                    out += &format!("  - pass: {}\n", NAMES[*p]);
                }
            }
        }
        out
    }
}

/// The id a step names first ("i3 is finalized ...").
fn first_id(what: &str) -> &str {
    what.split([' ', ':']).next().unwrap_or("")
}

/// The citations that hand Priority to a player.
const GIVES_PRIORITY: &[Cite] = &[
    Cite::PriorityAfterFinalize,
    Cite::PriorityAfterResolve,
    Cite::PriorityClosedNextItem,
    Cite::PassToNext,
    Cite::IdleNeutral,
    Cite::IdleShowdown,
];

fn gives_priority(cites: &[Cite]) -> bool {
    cites.iter().any(|c| GIVES_PRIORITY.contains(c))
}

fn check_trace(g: &Gen, t: &Trace) -> Result<(), TestCaseError> {
    let pos = |id: &str| -> Option<usize> { id.strip_prefix('i')?.parse().ok() };
    // Finalizing: the file's pending items in Chain order, oldest first.
    let finalized: Vec<usize> = t
        .steps
        .iter()
        .filter(|s| s.cites.contains(&Cite::FinalizeOldestFirst))
        .filter_map(|s| pos(first_id(&s.what)))
        .collect();
    let mut sorted = finalized.clone();
    sorted.sort_unstable();
    prop_assert_eq!(&finalized, &sorted, "finalized out of Chain order");
    // Resolving: the file's items that wait for the Resolve step, newest first (a unit, gear
    // or Add ability resolves when it is finalized instead).
    let resolved: Vec<usize> = t
        .outcome
        .resolved
        .iter()
        .filter_map(|id| pos(id))
        .filter(|&p| !g.items[p].kind.immediate())
        .collect();
    prop_assert!(
        resolved.windows(2).all(|w| w[0] > w[1]),
        "resolved out of order: {:?}",
        t.outcome.resolved
    );
    // Nobody receives Priority while an item is pending; an immediate item gives no window.
    let mut pending: usize = g.items.iter().filter(|i| i.pending).count();
    let mut open_immediate: Option<String> = None;
    for s in &t.steps {
        if s.what.contains("goes on the Chain as pending") {
            pending += 1;
        }
        if s.cites.contains(&Cite::FinalizeOldestFirst) {
            pending = pending.saturating_sub(1);
            let id = first_id(&s.what);
            if pos(id).is_some_and(|p| g.items[p].kind.immediate()) {
                open_immediate = Some(id.to_string());
            }
        }
        if s.cites.contains(&Cite::ResolveImmediately) {
            open_immediate = None;
        }
        if gives_priority(&s.cites) {
            prop_assert_eq!(pending, 0, "Priority given with items pending: {}", s.what);
            prop_assert!(
                open_immediate.is_none(),
                "a window before {:?} resolved: {}",
                open_immediate,
                s.what
            );
        }
        // Every citation exists in the edition it is printed under.
        for c in &s.cites {
            prop_assert!(
                Editions::get().edition(t.edition).has(*c),
                "{} is not in {}",
                c.key(),
                t.edition.word()
            );
        }
    }
    prop_assert!(
        open_immediate.is_none(),
        "{:?} was finalized but never resolved",
        open_immediate
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_chain_loop_keeps_its_invariants(g in situation()) {
        let text = g.yaml();
        let s = match chainjudge::situation::load("gen.yaml", &text) {
            Ok(s) => s,
            Err(p) => return Err(TestCaseError::fail(format!(
                "the generator wrote a file the loader refuses:\n{text}\n{}",
                p.render(false, 100)
            ))),
        };
        let report = chainjudge::replay_all(&s, Some(5_000));
        prop_assert_eq!(report.traces.len(), 2);
        prop_assert_eq!(report.traces[0].edition, EditionId::July);
        for t in &report.traces {
            check_trace(&g, t)?;
        }
        // The same input gives the same bytes.
        let style = Style {
            color: false,
            width: 100,
            steps: render::Steps::Compact,
        };
        let again = chainjudge::replay_all(&s, Some(5_000));
        prop_assert_eq!(render::text(&report, style), render::text(&again, style));
        prop_assert_eq!(render::json(&report), render::json(&again));
    }

    #[test]
    fn diagnostics_lie_inside_the_file(g in situation(), cut in 0usize..2_000, insert in "[ -~\u{e9}\u{1F600}\t\n:{}\\[\\]#&*!-]{0,6}") {
        // Damage a good file: splice a few characters in at a point.
        let mut text = g.yaml();
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text.insert_str(at, &insert);
        if let Err(p) = chainjudge::situation::load("gen.yaml", &text) {
            prop_assert!(!p.problems.is_empty());
            for problem in &p.problems {
                let (start, end) = (problem.loc.offset, problem.loc.offset + problem.loc.len);
                prop_assert!(end <= p.text.len(), "span {start}..{end} past the end");
                prop_assert!(p.text.is_char_boundary(start) && p.text.is_char_boundary(end));
                prop_assert!(problem.help.is_some(), "no help for {}", problem.message);
            }
            let _ = p.render(false, 100);
        }
    }
}
