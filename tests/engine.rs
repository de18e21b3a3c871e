//! One test per engine branch (337-340, the timing filter, Focus, triggers, effects): each
//! replays a small situation and checks what must happen, so a wrong branch fails.

use chainjudge::edition::EditionId;
use chainjudge::engine;
use chainjudge::render::cited_numbers;
use chainjudge::situation::{self, Situation, TurnState};
use chainjudge::trace::Trace;

fn load(yaml: &str) -> Situation {
    match situation::load("test.yaml", yaml) {
        Ok(s) => s,
        Err(p) => panic!("{}", p.render(false, 100)),
    }
}

fn july(yaml: &str) -> Trace {
    let s = load(yaml);
    engine::replay(&s, EditionId::July, None)
}

fn names(s: &Situation, p: Option<usize>) -> Option<String> {
    p.map(|p| s.players[p].clone())
}

/// Index of the first step whose text contains `needle`.
fn step_of(t: &Trace, needle: &str) -> usize {
    t.steps
        .iter()
        .position(|s| s.what.contains(needle))
        .unwrap_or_else(|| {
            panic!(
                "no step contains {needle:?}: {:#?}",
                t.steps.iter().map(|s| &s.what).collect::<Vec<_>>()
            )
        })
}

const TWO_PENDING: &str = r"
players: [Ana, Ben]
chain:
  - { name: First, controller: Ana, kind: spell, status: pending }
  - { name: Second, controller: Ben, kind: spell, keyword: reaction, status: pending }
";

#[test]
fn finalize_oldest_first_then_priority_to_newest_controller() {
    let t = july(TWO_PENDING);
    let f1 = step_of(&t, "first is finalized");
    let f2 = step_of(&t, "second is finalized");
    assert!(f1 < f2, "337.1.b: oldest first");
    // Priority does not move while finalizing (337.1.a); then goes to Ben (337.4).
    assert_eq!(t.steps[f1].priority(), None);
    let p = step_of(&t, "All items are finalized");
    assert_eq!(t.steps[p].priority(), Some(1));
    assert!(cited_numbers(&t).contains(&"337.4".to_string()));
    // LIFO: Second (newest) resolves first (340.1).
    assert_eq!(t.outcome.resolved, vec!["second", "first"]);
}

#[test]
fn a_unit_resolves_as_it_is_finalized_with_no_window() {
    let t = july(
        r"
players: [Ana, Ben]
actions:
  - play: { name: Riptide Rex, controller: Ana, kind: unit }
  - play: { name: Defy, controller: Ben, kind: spell, keyword: reaction, targets: [riptide-rex] }
",
    );
    let fin = step_of(&t, "riptide-rex is finalized");
    // The very next step is its resolution: nobody passes or plays in between (337.2).
    assert!(t.steps[fin + 1]
        .what
        .contains("riptide-rex resolves as it is finalized"));
    assert_eq!(t.outcome.resolved, vec!["riptide-rex"]);
    // Defy comes too late: in Neutral Open only the Turn Player acts, so it is never reached.
    assert_eq!(t.outcome.unreached.len(), 1);
    assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
}

#[test]
fn everyone_must_pass_in_a_row_and_priority_goes_round_in_turn_order() {
    let s = load(
        r"
players: [Ana, Ben, Cy]
turn: Ben
chain:
  - { name: Bolt, controller: Ben, kind: spell }
actions:
  - pass: Ben
  - play: { name: Shield, controller: Cy, kind: spell, keyword: reaction }
  - pass: Cy
  - pass: Ana
  - pass: Ben
",
    );
    let t = engine::replay(&s, EditionId::July, None);
    // After Cy's Shield is finalized Cy holds Priority (337.4); Cy, Ana, Ben pass: Shield resolves.
    assert_eq!(t.outcome.resolved, vec!["shield", "bolt"]);
    let r = step_of(&t, "shield, the newest item, resolves");
    let passes: Vec<Option<usize>> = t.steps[..r]
        .iter()
        .filter(|s| s.what.contains("passes Priority"))
        .map(|s| s.who())
        .collect();
    assert_eq!(
        passes,
        vec![Some(1), Some(2), Some(0), Some(1)],
        "Ben, then Cy, Ana, Ben"
    );
    // After Shield resolves, Ben (controller of the newest item, Bolt) gets Priority (340.4).
    assert_eq!(names(&s, t.steps[r + 1].priority()).as_deref(), Some("Ben"));
}

#[test]
fn a_resolution_with_pending_items_goes_back_to_finalize() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - name: Summoner
    controller: Ana
    kind: spell
    effects:
      - play: { name: Token Spell, kind: spell }
",
    );
    let back = step_of(&t, "Pending items remain");
    assert!(t.steps[back + 1].what.contains("token-spell is finalized"));
    assert!(cited_numbers(&t).contains(&"340.3".to_string()));
    assert_eq!(t.outcome.resolved, vec!["summoner", "token-spell"]);
}

fn timing(state: &str, item: &str) -> (Vec<String>, Vec<String>) {
    let yaml = format!("players: [Ana, Ben]\n{state}\nactions:\n  - play: {item}\n");
    let t = july(&yaml);
    let refused: Vec<String> = t.outcome.refused.iter().map(|(id, _)| id.clone()).collect();
    (refused, cited_numbers(&t))
}

const CLOSED: &str = "chain: [{ name: Bolt, controller: Ana, kind: spell }]";
const SHOWDOWN: &str = "showdown: { focus: Ana }";

#[test]
fn timing_filter_in_a_closed_state() {
    for item in [
        "{ name: X, controller: Ana, kind: spell }",
        "{ name: X, controller: Ana, kind: spell, keyword: action }",
        "{ name: X, controller: Ana, kind: activated }",
    ] {
        let (refused, cites) = timing(CLOSED, item);
        assert_eq!(refused, vec!["x"], "{item} is refused when Closed");
        assert!(cites.contains(&"309.1.a".to_string()) && cites.contains(&"358.5".to_string()));
    }
    for item in [
        "{ name: X, controller: Ana, kind: spell, keyword: reaction }",
        "{ name: X, controller: Ana, kind: spell, from: hidden }",
    ] {
        assert!(
            timing(CLOSED, item).0.is_empty(),
            "{item} is allowed when Closed"
        );
    }
}

#[test]
fn timing_filter_in_a_showdown_open_state() {
    for item in [
        "{ name: X, controller: Ana, kind: spell }",
        "{ name: X, controller: Ana, kind: activated }",
    ] {
        let (refused, cites) = timing(SHOWDOWN, item);
        assert_eq!(refused, vec!["x"]);
        assert!(cites.contains(&"308.1.a".to_string()));
    }
    assert!(timing(
        SHOWDOWN,
        "{ name: X, controller: Ana, kind: spell, keyword: action }"
    )
    .0
    .is_empty());
    assert!(timing(
        SHOWDOWN,
        "{ name: X, controller: Ana, kind: spell, keyword: reaction }"
    )
    .0
    .is_empty());
}

#[test]
fn default_timing_in_own_neutral_open_main_phase() {
    assert!(timing("", "{ name: X, controller: Ana, kind: spell }")
        .0
        .is_empty());
    assert!(timing("", "{ name: X, controller: Ana, kind: activated }")
        .0
        .is_empty());
}

#[test]
fn a_refused_play_keeps_priority_and_does_not_break_passes() {
    let t = july(
        r"
players: [Ana, Ben]
chain: [{ name: Bolt, controller: Ana, kind: spell }]
priority: Ben
actions:
  - play: { name: Slow, controller: Ben, kind: spell }
  - pass: Ben
",
    );
    // Ana passed before (derived `passed`), Ben's play is refused, Ben passes: Bolt resolves.
    assert_eq!(t.outcome.refused.len(), 1);
    assert_eq!(t.outcome.resolved, vec!["bolt"]);
    let r = step_of(&t, "refused");
    assert_eq!(t.steps[r].priority(), Some(1));
}

#[test]
fn focus_passes_when_a_showdown_chain_empties() {
    let t = july(
        r"
players: [Ana, Ben]
showdown: { focus: Ana }
actions:
  - play: { name: Strike, controller: Ana, kind: spell, keyword: action }
",
    );
    let e = step_of(&t, "The Chain is empty");
    assert_eq!(t.steps[e].focus(), Some(1), "340.2.a: Focus passes to Ben");
    assert!(cited_numbers(&t).contains(&"340.2.a".to_string()));
    assert_eq!(t.outcome.focus, Some(1));
}

#[test]
fn focus_stays_after_a_chain_started_by_a_trigger() {
    let t = july(
        r"
players: [Ana, Ben]
showdown: { focus: Ana, combat: true, attacker: Ana, defender: Ben }
chain:
  - { name: Attack Trigger, controller: Ana, kind: triggered, status: pending }
  - { name: Defend Trigger, controller: Ben, kind: triggered, status: pending }
",
    );
    // Ben controls the newest item: Ben gets Priority first (337.4).
    let p = step_of(&t, "All items are finalized");
    assert_eq!(t.steps[p].priority(), Some(1));
    assert_eq!(t.outcome.resolved, vec!["defend-trigger", "attack-trigger"]);
    let e = step_of(&t, "The Chain is empty");
    assert_eq!(t.steps[e].focus(), Some(0), "346.1: Focus stays with Ana");
    assert!(cited_numbers(&t).contains(&"346.1".to_string()));
}

#[test]
fn an_add_ability_gives_no_window_and_keeps_focus() {
    let t = july(
        r"
players: [Ana, Ben]
showdown: { focus: Ana }
actions:
  - play: { name: Rune, controller: Ana, kind: activated, adds: true, keyword: reaction }
  - play: { name: Strike, controller: Ana, kind: spell, keyword: action }
",
    );
    assert_eq!(t.outcome.resolved, vec!["rune", "strike"]);
    let e = step_of(&t, "The Chain is empty");
    assert_eq!(
        t.steps[e].focus(),
        Some(0),
        "the Add-started Chain keeps Focus (346.1)"
    );
    assert!(cited_numbers(&t).contains(&"429.2".to_string()));
    // Strike's Chain then passes Focus to Ben.
    assert_eq!(t.outcome.focus, Some(1));
}

#[test]
fn an_add_ability_in_a_closed_state_keeps_priority() {
    let t = july(
        r"
players: [Ana, Ben]
chain: [{ name: Bolt, controller: Ana, kind: spell }]
priority: Ben
actions:
  - play: { name: Rune, controller: Ben, kind: activated, adds: true, keyword: reaction }
  - play: { name: Shield, controller: Ben, kind: spell, keyword: reaction }
",
    );
    let k = step_of(&t, "does not move Priority");
    assert_eq!(t.steps[k].priority(), Some(1));
    assert!(cited_numbers(&t).contains(&"429.2.a".to_string()));
    assert_eq!(t.outcome.resolved, vec!["rune", "shield", "bolt"]);
}

#[test]
fn a_showdown_closes_when_everyone_passes_focus() {
    let t = july(
        r"
players: [Ana, Ben]
showdown: { focus: Ana }
actions:
  - pass: Ana
  - pass: Ben
  - play: { name: Later, controller: Ana, kind: spell }
",
    );
    assert!(t.outcome.showdown_ended);
    // Non-combat: Neutral Open, the Turn Player receives Priority and the replay goes on.
    assert_eq!(t.outcome.resolved, vec!["later"]);
    assert!(cited_numbers(&t).contains(&"348.2".to_string()));
}

#[test]
fn a_combat_showdown_closing_ends_the_replay() {
    let t = july(
        r"
players: [Ana, Ben]
showdown: { focus: Ana, combat: true, attacker: Ana, defender: Ben }
actions:
  - pass: Ana
  - pass: Ben
  - play: { name: Later, controller: Ana, kind: spell, keyword: action }
",
    );
    assert!(t.outcome.showdown_ended);
    assert_eq!(
        t.outcome
            .unreached
            .iter()
            .map(|(i, _)| i.as_str())
            .collect::<Vec<_>>(),
        vec!["later"]
    );
    assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
    assert_eq!((t.outcome.priority, t.outcome.focus), (None, None));
    assert!(cited_numbers(&t).contains(&"348.1".to_string()));
}

#[test]
fn the_turn_players_pass_in_neutral_open_ends_the_main_phase() {
    let t = july(
        r"
players: [Ana, Ben]
actions:
  - pass: Ana
  - play: { name: Later, controller: Ana, kind: spell }
",
    );
    assert_eq!(t.outcome.unreached.len(), 1);
    assert_eq!(t.outcome.priority, None);
    assert!(cited_numbers(&t).contains(&"305".to_string()));
}

const TWO_WATCHERS: &str = r"
players: [Ana, Ben]
board:
  - name: Watcher One
    controller: Ana
    kind: unit
    triggers: [{ on: you_play, kind: spell, item: { name: One Fires } }]
  - name: Watcher Two
    controller: Ana
    kind: unit
    triggers: [{ on: you_play, kind: spell, item: { name: Two Fires } }]
chain: [{ name: Bolt, controller: Ana, kind: spell }]
";

#[test]
fn one_controllers_different_triggers_need_an_order() {
    let s = load(TWO_WATCHERS);
    let t = engine::replay(&s, EditionId::July, None);
    let err = t.error.expect("a missing order stops the replay");
    assert_eq!(err.code, "missing_order");
    assert!(err.help.contains("order: [one-fires, two-fires]"));
    let ordered = format!("{TWO_WATCHERS}actions:\n  - order: [two-fires, one-fires]\n");
    let t = july(&ordered);
    assert!(t.error.is_none());
    // First listed goes on first and resolves last.
    assert_eq!(t.outcome.resolved, vec!["bolt", "one-fires", "two-fires"]);
}

#[test]
fn several_controllers_triggers_go_on_in_turn_order_from_the_turn_player() {
    let t = july(
        r"
players: [Ana, Ben]
turn: Ben
board:
  - name: Ana Unit
    controller: Ana
    kind: unit
    triggers: [{ on: chosen, item: { name: Ana Reacts } }]
  - name: Ben Unit
    controller: Ben
    kind: unit
    triggers: [{ on: chosen, item: { name: Ben Reacts } }]
chain:
  - { name: Sweep, controller: Ben, kind: spell, targets: [ana-unit, ben-unit], status: pending }
",
    );
    // Ben (Turn Player) first, so Ben's resolves last (383.3.d.1).
    assert_eq!(
        t.outcome.resolved,
        vec!["ana-reacts", "ben-reacts", "sweep"]
    );
    assert!(cited_numbers(&t).contains(&"383.3.d.1".to_string()));
}

#[test]
fn counter_respects_uncounterable_flow_and_self() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Mel Spell, controller: Ana, kind: spell, uncounterable: true }
  - { name: Flow Spell, controller: Ana, kind: spell, flow: true }
  - { name: Abandon, controller: Ben, kind: spell, keyword: reaction, effects: [{ counter: flow-spell }, { counter: mel-spell }] }
",
    );
    assert_eq!(t.outcome.countered, vec!["flow-spell"]);
    assert_eq!(t.outcome.banished, vec!["flow-spell"]);
    assert_eq!(t.outcome.resolved, vec!["abandon", "mel-spell"]);
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Fizzle, controller: Ana, kind: spell, flow: true, effects: [{ counter: fizzle }, { text: never happens }] }
",
    );
    assert_eq!(t.outcome.countered, vec!["fizzle"]);
    assert!(
        t.outcome.banished.is_empty(),
        "its own counter sends it to the trash"
    );
    assert!(t.outcome.resolved.is_empty());
    assert!(!t.steps.iter().any(|s| s.what.contains("never happens")));
}

#[test]
fn kill_adds_death_triggers_before_the_unit_leaves_and_mistargets_when_gone() {
    let t = july(
        r"
players: [Ana, Ben]
board:
  - name: Herald
    controller: Ana
    kind: unit
    triggers: [{ on: death, item: { name: Herald Deathknell } }]
chain:
  - { name: Sacrifice, controller: Ana, kind: spell, effects: [{ kill: herald }, { kill: herald }] }
",
    );
    assert_eq!(t.outcome.resolved, vec!["sacrifice", "herald-deathknell"]);
    let k = step_of(&t, "herald is killed");
    assert!(t.steps[k + 1].what.contains("herald-deathknell"));
    assert!(t
        .steps
        .iter()
        .any(|s| s.what.contains("kill herald: skipped")));
}

#[test]
fn play_watchers_fire_on_resolution_and_never_for_a_countered_card() {
    let base = r"
players: [Ana, Ben]
board:
  - name: Student
    controller: Ana
    kind: unit
    triggers: [{ on: you_play, kind: spell, item: { name: Student Buff } }]
chain:
  - { name: Seeker, controller: Ana, kind: spell }
";
    let t = july(base);
    assert_eq!(t.outcome.resolved, vec!["seeker", "student-buff"]);
    let countered = format!("{base}  - {{ name: Defy, controller: Ben, kind: spell, keyword: reaction, effects: [{{ counter: seeker }}] }}\n");
    let t = july(&countered);
    assert_eq!(t.outcome.resolved, vec!["defy"]);
    assert_eq!(t.outcome.countered, vec!["seeker"]);
}

#[test]
fn a_forbidden_name_refuses_later_plays_but_not_items_on_the_chain() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Stupefy, controller: Ben, kind: spell, keyword: reaction, id: early }
  - { name: Feline Naming, controller: Ana, kind: triggered, effects: [{ forbid_name: Stupefy }] }
actions:
  - pass: Ana
  - pass: Ben
  - play: { name: Stupefy, controller: Ben, kind: spell, keyword: reaction, id: late }
",
    );
    assert_eq!(
        t.outcome
            .refused
            .iter()
            .map(|(i, _)| i.as_str())
            .collect::<Vec<_>>(),
        vec!["late"]
    );
    assert_eq!(t.outcome.resolved, vec!["feline-naming", "early"]);
}

#[test]
fn the_last_extra_turn_created_comes_first() {
    let s = load(
        r"
players: [Ana, Ben, Cy]
chain:
  - { name: Warp, controller: Ana, kind: spell, effects: [{ extra_turn: Cy }, { extra_turn: Ben }] }
",
    );
    let t = engine::replay(&s, EditionId::July, None);
    let next: Vec<String> = t
        .outcome
        .next_turns
        .iter()
        .take(4)
        .map(|p| s.players[*p].clone())
        .collect();
    assert_eq!(next, vec!["Ben", "Cy", "Ben", "Cy"]);
}

#[test]
fn legion_counts_finalized_cards_even_when_countered() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Spell S, controller: Ana, kind: spell }
  - { name: Defy, controller: Ben, kind: spell, keyword: reaction, effects: [{ counter: spell-s }] }
actions:
  - pass: Ben
  - pass: Ana
  - play: { name: Hopeful, controller: Ana, kind: unit, legion: true }
",
    );
    assert_eq!(t.outcome.countered, vec!["spell-s"]);
    assert_eq!(t.outcome.legion.len(), 1);
    assert!(
        t.outcome.legion[0].finalized,
        "the countered spell was finalized: Legion active"
    );
    let t = july(
        r"
players: [Ana, Ben]
actions:
  - play: { name: Hopeful, controller: Ana, kind: unit, legion: true }
",
    );
    assert!(
        !t.outcome.legion[0].finalized,
        "no other card played: Legion not active"
    );
}

#[test]
fn a_false_condition_skips_the_effect() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { id: a, name: Spell A, controller: Ana, kind: spell }
  - name: Crumbling Sands
    controller: Ben
    kind: spell
    keyword: reaction
    effects:
      - counter: a
        if: { played_this_turn: { by: opponent, kind: spell, other_than: a } }
",
    );
    assert!(t.outcome.countered.is_empty());
    assert_eq!(t.outcome.resolved, vec!["crumbling-sands", "a"]);
    assert!(t
        .steps
        .iter()
        .any(|s| s.what.contains("skipped, its condition is false")));
}

#[test]
fn a_self_feeding_trigger_hits_the_step_limit() {
    let s = load(
        r"
players: [Ana, Ben]
board:
  - name: Echo
    controller: Ana
    kind: unit
    triggers:
      - on: you_play
        kind: spell
        item: { name: Echo Copy, effects: [{ play: { name: Echo Spell, kind: spell } }] }
chain: [{ name: Seed, controller: Ana, kind: spell }]
",
    );
    let t = engine::replay(&s, EditionId::July, Some(300));
    let err = t.error.expect("the loop is stopped");
    assert_eq!(err.code, "step_limit");
    assert!(err.message.contains("echo"), "{}", err.message);
}

#[test]
fn an_instructed_play_whose_target_is_gone_is_refused_at_finalization() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Target Spell, controller: Ben, kind: spell }
  - name: Redirect
    controller: Ana
    kind: spell
    effects:
      - counter: target-spell
      - play: { name: Echo, kind: spell, effects: [{ counter: target-spell }] }
",
    );
    assert_eq!(
        t.outcome
            .refused
            .iter()
            .map(|(i, _)| i.as_str())
            .collect::<Vec<_>>(),
        vec!["echo"]
    );
}

#[test]
fn a_played_spell_that_counters_itself_is_not_refused_for_its_own_target() {
    let t = july(
        r"
players: [Ana, Ben]
actions:
  - play: { id: f2, name: Odd Spell, controller: Ana, kind: spell, flow: true, effects: [{ counter: f2 }] }
",
    );
    assert!(t.outcome.refused.is_empty());
    assert_eq!(t.outcome.countered, vec!["f2"]);
    assert!(
        t.outcome.banished.is_empty(),
        "its own counter sends it to the trash"
    );
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_key() {
    let s = load("\u{feff}players: [Ana, Ben]\n");
    assert_eq!(s.players, vec!["Ana", "Ben"]);
}

#[test]
fn a_text_handed_over_is_loaded_as_a_copied_one_and_kept_as_its_source() {
    // Line-start byte-order marks go from the kept text too, so that labels stay in place.
    let text = "\u{feff}players: [Ana, Ben]\n\u{feff}chain:\n  - { name: Defy, controller: Ben, kind: spell }\n";
    let copied = chainjudge::situation::load("f.yaml", text).unwrap();
    let owned = chainjudge::situation::load_owned("f.yaml", text.to_string()).unwrap();
    let stripped = text.replace('\u{feff}', "");
    assert_eq!(copied.source, stripped);
    assert_eq!(owned.source, stripped);
    assert_eq!(format!("{owned:?}"), format!("{copied:?}"));
    let plain = "players: [Ana, Ben]\n";
    let owned = chainjudge::situation::load_owned("f.yaml", plain.to_string()).unwrap();
    assert_eq!(owned.source, plain);
    // A file that does not load reports the same problems either way.
    let bad = "players: [Ana, Ana]\n";
    let a = chainjudge::situation::load("f.yaml", bad).unwrap_err();
    let b = chainjudge::situation::load_owned("f.yaml", bad.to_string()).unwrap_err();
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    assert!(!a.problems.is_empty());
}

#[test]
fn an_instructed_play_of_a_forbidden_name_is_impossible_and_skipped() {
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Naming, controller: Ana, kind: triggered, effects: [{ forbid_name: Stupefy }] }
  - { name: Echo Play, controller: Ben, kind: triggered, effects: [{ play: { name: Stupefy, kind: spell } }] }
",
    );
    // Echo Play resolves first (newest); Stupefy is not yet forbidden, so it is played.
    assert_eq!(t.outcome.resolved, vec!["echo-play", "stupefy", "naming"]);
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { name: Echo Play, controller: Ben, kind: triggered, effects: [{ play: { name: Stupefy, kind: spell } }] }
  - { name: Naming, controller: Ana, kind: triggered, effects: [{ forbid_name: Stupefy }] }
",
    );
    // Naming resolves first; Ben's instructed Stupefy is then impossible (358.3.a).
    assert_eq!(
        t.outcome
            .refused
            .iter()
            .map(|(i, _)| i.as_str())
            .collect::<Vec<_>>(),
        vec!["stupefy"]
    );
    assert_eq!(t.outcome.resolved, vec!["naming", "echo-play"]);
    assert!(cited_numbers(&t).contains(&"358.3.a".to_string()));
}

#[test]
fn an_item_countering_itself_leaves_the_chain_as_a_resolving_item_does() {
    // The last item counters itself: the Chain empties on the next step (340.2), not on the
    // counter's own, so the counter's step is still Closed, as a resolution's is.
    let t = july(
        r"
players: [Ana, Ben]
chain:
  - { id: s, name: Self Eater, controller: Ana, kind: spell, status: finalized, effects: [ { counter: s } ] }
",
    );
    let c = step_of(&t, "s counters itself");
    assert_eq!(t.steps[c].state, TurnState::NeutralClosed);
    assert!(t.steps[c + 1].what.starts_with("The Chain is empty"));
    assert_eq!(t.steps[c + 1].state, TurnState::NeutralOpen);
    assert_eq!(t.outcome.countered, vec!["s"]);
    assert!(t.outcome.resolved.is_empty());
}

/// A step names players in a byte: a situation built by hand with more players than that is
/// refused before any step, not replayed with players read as nobody.
#[test]
fn a_situation_with_more_players_than_a_step_can_name_is_refused() {
    let mut s = load(TWO_PENDING);
    s.players = (0..=chainjudge::trace::Seat::MAX_PLAYERS)
        .map(|i| format!("P{i}"))
        .collect();
    let t = engine::replay(&s, EditionId::July, None);
    assert_eq!(t.error.map(|e| e.code), Some("too_many_players"));
    assert!(t.steps.is_empty());
    // As many as a seat names still replay.
    let mut s = load(TWO_PENDING);
    s.players
        .extend((2..chainjudge::trace::Seat::MAX_PLAYERS).map(|i| format!("P{i}")));
    let t = engine::replay(&s, EditionId::July, None);
    assert!(t.error.is_none(), "{:?}", t.error);
    assert!(!t.steps.is_empty());
}
