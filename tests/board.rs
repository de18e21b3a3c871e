//! The board extension (shared/spec/board-format.md), one test per cleanup task, combat step and
//! scoring rule, plus the standard move, tokens and kill lists. Each replays a small situation
//! and checks values derived from the spec and the July rules (October: october-changes.md), so a
//! wrong behaviour fails.

use chainjudge::edition::{EditionId, Editions};
use chainjudge::engine;
use chainjudge::render::cited_numbers;
use chainjudge::situation::{self, Situation, TurnState};
use chainjudge::trace::{BoardOutcome, Change, CombatResult, Scored, Trace};

const ANA: usize = 0;
const BEN: usize = 1;

fn load(yaml: &str) -> Situation {
    match situation::load("t.yaml", yaml) {
        Ok(s) => s,
        Err(p) => panic!("{}", p.render(false, 100)),
    }
}

/// Replays under one edition; a replay-time error fails the test (with the trace).
fn run(yaml: &str, ed: EditionId) -> Trace {
    let t = engine::replay(&load(yaml), ed, None);
    assert!(
        t.error.is_none(),
        "{ed:?}: replay error {:?}\n{}",
        t.error,
        dump(&t)
    );
    t
}

fn july(yaml: &str) -> Trace {
    run(yaml, EditionId::July)
}

fn october(yaml: &str) -> Trace {
    run(yaml, EditionId::October)
}

/// July then October.
fn both(yaml: &str) -> [Trace; 2] {
    [july(yaml), october(yaml)]
}

/// The steps, for failure messages.
fn dump(t: &Trace) -> String {
    t.steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            format!(
                "{i:>3} [{}] {} {:?}\n",
                step_cites(t, i).join(" "),
                s.what,
                s.changes()
            )
        })
        .collect()
}

fn board(t: &Trace) -> &BoardOutcome {
    t.outcome
        .board
        .as_ref()
        .unwrap_or_else(|| panic!("not replayed as a board file\n{}", dump(t)))
}

fn lookup<T: Clone>(list: &[(String, T)], key: &str) -> T {
    list.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("{key} not in the outcome"))
}

fn control(t: &Trace, bf: &str) -> Option<usize> {
    lookup(&board(t).control, bf)
}

fn contested(t: &Trace, bf: &str) -> Option<usize> {
    lookup(&board(t).contested, bf)
}

fn location(t: &Trace, id: &str) -> String {
    lookup(&board(t).locations, id)
}

fn might(t: &Trace, id: &str) -> i64 {
    lookup(&board(t).might, id)
}

fn damage(t: &Trace, id: &str) -> i64 {
    lookup(&board(t).damage, id)
}

fn combats(t: &Trace) -> Vec<(String, CombatResult)> {
    board(t).combats.clone()
}

fn scored(bf: &str, player: usize, drew: bool) -> Scored {
    Scored {
        battlefield: bf.to_string(),
        player,
        drew,
    }
}

fn won(winner: usize, loser: usize) -> CombatResult {
    CombatResult::Won { winner, loser }
}

fn ids(list: &[(String, String)]) -> Vec<&str> {
    list.iter().map(|(i, _)| i.as_str()).collect()
}

fn sorted(v: &[String]) -> Vec<String> {
    let mut v = v.to_vec();
    v.sort();
    v
}

/// The rule numbers one step cites (its notes included).
fn step_cites(t: &Trace, i: usize) -> Vec<String> {
    let book = Editions::get().edition(t.edition);
    let s = &t.steps[i];
    s.cites
        .iter()
        .chain(s.notes().iter().flat_map(|n| n.cites.iter()))
        .filter_map(|c| book.resolve(*c).number().map(str::to_string))
        .collect()
}

fn assert_cites(t: &Trace, numbers: &[&str]) {
    let all = cited_numbers(t);
    for n in numbers {
        assert!(
            all.iter().any(|c| c == n),
            "{:?}: {n} not cited\n{}",
            t.edition,
            dump(t)
        );
    }
}

fn assert_not_cited(t: &Trace, n: &str) {
    assert!(
        !cited_numbers(t).iter().any(|c| c == n),
        "{:?}: {n} cited\n{}",
        t.edition,
        dump(t)
    );
}

/// Index of the first step with a change matching `f`.
fn change_step(t: &Trace, f: impl Fn(&Change) -> bool) -> Option<usize> {
    t.steps.iter().position(|s| s.changes().iter().any(&f))
}

fn moved_to(id: &'static str, to: &'static str) -> impl Fn(&Change) -> bool {
    move |c| matches!(c, Change::Location { id: i, to: w } if i == id && w == to)
}

fn damaged(id: &'static str, amount: i64) -> impl Fn(&Change) -> bool {
    move |c| matches!(c, Change::Damage { id: i, damage } if i == id && *damage == amount)
}

/// The damage changes of one step, sorted by unit.
fn damage_changes(t: &Trace, i: usize) -> Vec<(String, i64)> {
    let mut v: Vec<(String, i64)> = t.steps[i]
        .changes()
        .iter()
        .filter_map(|c| match c {
            Change::Damage { id, damage } => Some((id.clone(), *damage)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// Every control change of one battlefield, in order.
fn control_changes(t: &Trace, bf: &str) -> Vec<Option<usize>> {
    t.steps
        .iter()
        .flat_map(|s| s.changes().iter())
        .filter_map(|c| match c {
            Change::Control {
                battlefield,
                controller,
            } if battlefield == bf => Some(*controller),
            _ => None,
        })
        .collect()
}

/// Index of the first step citing `n`.
fn citing(t: &Trace, n: &str) -> usize {
    (0..t.steps.len())
        .find(|&i| step_cites(t, i).iter().any(|c| c == n))
        .unwrap_or_else(|| panic!("{:?}: no step cites {n}\n{}", t.edition, dump(t)))
}

fn dmg(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    let mut v: Vec<(String, i64)> = list.iter().map(|(i, d)| (i.to_string(), *d)).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 1: the win check (323.1, 194.2)

#[test]
fn task1_a_player_at_victory_score_with_more_points_wins() {
    let yaml = r"
players: [Ana, Ben]
points: { Ana: 7, Ben: 5 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
actions:
  - play: { name: Victory Shout, controller: Ana, kind: spell, effects: [ { gain_point: controller } ] }
  - pass: Ana
  - pass: Ben
  - play: { name: Too Late, controller: Ana, kind: spell }
";
    for t in both(yaml) {
        assert_eq!(board(&t).winner, Some(ANA), "{}", dump(&t));
        assert_eq!(board(&t).points, vec![8, 5]);
        assert_eq!(t.outcome.resolved, vec!["victory-shout"]);
        // The game is over: nothing after the win is replayed.
        assert_eq!(ids(&t.outcome.unreached), vec!["too-late"]);
        assert_cites(&t, &["323.1"]);
    }
    assert_cites(&july(yaml), &["472"]);
}

#[test]
fn task1_a_tie_at_or_above_victory_score_goes_on() {
    let yaml = r"
players: [Ana, Ben]
points: { Ana: 7, Ben: 7 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
actions:
  - play: { name: Shared Glory, controller: Ana, kind: spell, effects: [ { gain_point: Ana }, { gain_point: Ben } ] }
  - pass: Ana
  - pass: Ben
  - play: { name: Afterwards, controller: Ana, kind: spell }
";
    for t in both(yaml) {
        assert_eq!(board(&t).winner, None, "{}", dump(&t));
        assert_eq!(board(&t).points, vec![8, 8]);
        // 194.2.b: nobody has more points than every opponent, so the game goes on.
        assert_eq!(t.outcome.resolved, vec!["shared-glory", "afterwards"]);
        assert!(t.outcome.unreached.is_empty());
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_eq!(t.outcome.priority, Some(ANA));
    }
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 2: late designations (323.2, 464.2.c.3.a)

#[test]
fn task2_a_late_arrival_gains_its_designation_and_defends_only_once() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Striker, controller: Ana, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
  - name: Reinforcement
    controller: Ben
    kind: unit
    might: 2
    triggers:
      - on: defend
        item: { id: reinforcement-defends, name: Reinforcement defends }
actions:
  - pass: Ana
  - play: { name: Charge In, controller: Ben, kind: spell, keyword: action, effects: [ { move: { target: reinforcement, to: Battlefield 1 } } ] }
  - pass: Ben
  - pass: Ana
  - pass: Ben
  - pass: Ana
  - play: { name: Fall Back, controller: Ben, kind: spell, keyword: action, effects: [ { move: { target: reinforcement, to: base } } ] }
  - pass: Ben
  - pass: Ana
  - play: { name: Charge Again, controller: Ben, kind: spell, keyword: action, effects: [ { move: { target: reinforcement, to: Battlefield 1 } } ] }
  - pass: Ben
  - pass: Ana
";
    for t in both(yaml) {
        // The defend trigger fires after Charge In (in the cleanup after it resolves), and not
        // again when the unit comes back in the same combat (383.4.f.2.a).
        assert_eq!(
            t.outcome.resolved,
            vec![
                "charge-in",
                "reinforcement-defends",
                "fall-back",
                "charge-again"
            ],
            "{}",
            dump(&t)
        );
        assert!(t.outcome.refused.is_empty() && t.outcome.unreached.is_empty());
        assert!(t.outcome.unused.is_empty(), "{:?}", t.outcome.unused);
        assert_eq!(location(&t, "reinforcement"), "battlefield-1");
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::Unfinished)]
        );
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
        // Gained in a cleanup (323.2.a).
        assert_cites(&t, &["323.2.a"]);
        // The designation is gained in the cleanup after Charge In's resolution, not during it.
        let arrive = change_step(&t, moved_to("reinforcement", "battlefield-1")).unwrap();
        let gain = citing(&t, "323.2.a");
        assert!(gain > arrive, "{}", dump(&t));
    }
    assert_cites(&july(yaml), &["464.2.c.3.a"]);
    assert_cites(&october(yaml), &["466.2.c.3.a"]);
}

#[test]

fn task2_a_unit_that_leaves_the_combat_loses_its_designation_in_a_cleanup() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Striker, controller: Ana, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2, shield: 2 }
  - { name: Squire, controller: Ben, kind: unit, at: Battlefield 1, might: 1 }
actions:
  - pass: Ana
  - play: { name: Fall Back, controller: Ben, kind: spell, keyword: action, effects: [ { move: { target: guard, to: base } } ] }
  - pass: Ben
  - pass: Ana
";
    for t in both(yaml) {
        // At base the Guard is no defender: no Shield (814.2).
        assert_eq!(location(&t, "guard"), "base");
        assert_eq!(might(&t, "guard"), 2, "{}", dump(&t));
        // The loss is a change made by task 2 of the cleanup after Fall Back (323.2.c), shown
        // (4.2.6, 12.2) with that rule (4.11).
        let left = change_step(&t, moved_to("guard", "base")).unwrap();
        let lost = (left + 1..t.steps.len()).find(|&i| t.steps[i].what.contains("guard"));
        assert!(
            lost.is_some(),
            "no step says the Guard lost its designation\n{}",
            dump(&t)
        );
    }
    let j = july(yaml);
    let left = change_step(&j, moved_to("guard", "base")).unwrap();
    assert!(citing(&j, "323.2.c") > left, "{}", dump(&j));
    assert_cites(&october(yaml), &["323.2.c"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 3: lethal damage (323.4, 323.5; October: 808.1.d.2)

const LETHAL: &str = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - name: Rex
    controller: Ben
    kind: unit
    at: Battlefield 1
    might: 3
    triggers:
      - on: death
        item: { id: rex-deathknell, name: Rex Deathknell }
  - { name: Warden, controller: Ben, kind: unit, at: Battlefield 1, might: 5 }
  - { name: Ghost, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
actions:
  - play:
      name: Twin Bolt
      controller: Ana
      kind: spell
      effects:
        - damage: { target: [rex, warden, ghost], amount: 3 }
        - heal: ghost
";

#[test]
fn task3_lethal_damage_kills_in_the_next_cleanup_and_non_lethal_damage_stays() {
    for t in both(LETHAL) {
        // The Ghost had lethal damage during the resolution but was healed by the same spell:
        // nobody dies during a resolution (321, 321.1).
        assert_eq!(t.outcome.killed, vec!["rex"], "{}", dump(&t));
        assert_eq!(location(&t, "rex"), "trash");
        assert_eq!(location(&t, "ghost"), "battlefield-1");
        assert_eq!(damage(&t, "ghost"), 0);
        assert_eq!(location(&t, "warden"), "battlefield-1");
        assert_eq!(damage(&t, "warden"), 3);
        assert_eq!(t.outcome.resolved, vec!["twin-bolt", "rex-deathknell"]);
        let dealt = change_step(&t, damaged("rex", 3)).unwrap();
        let killed = change_step(&t, moved_to("rex", "trash")).unwrap();
        assert!(killed > dealt, "{}", dump(&t));
        assert!(
            !t.steps[dealt]
                .changes()
                .iter()
                .any(moved_to("rex", "trash")),
            "killed during the resolution"
        );
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_cites(&t, &["808.1.d.2"]);
    }
    let j = july(LETHAL);
    assert_cites(&j, &["323.4", "323.5", "142.4.b"]);
    let o = october(LETHAL);
    // Row 7: October has no trigger step 3a; its kill step's number is unconfirmed.
    assert_not_cited(&o, "323.4");
    assert_not_cited(&o, "323.5");
}

#[test]
fn task3_lowered_might_makes_marked_damage_lethal() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Frail, controller: Ben, kind: unit, might: 3, damage: 2 }
actions:
  - play: { name: Weaken, controller: Ana, kind: spell, effects: [ { might: { target: frail, amount: -1 } } ] }
";
    for t in both(yaml) {
        // 2 damage, Might 2: lethal (142.4.b), killed in the cleanup after the resolution.
        assert_eq!(t.outcome.killed, vec!["frail"], "{}", dump(&t));
        assert_eq!(location(&t, "frail"), "trash");
    }
}

// ---------------------------------------------------------------------------------------------
// The Combat Cleanup's inserts: 3c heal, 3d recall (466.1.a.1, 466.1.a.2), No Result (466.3.d)

#[test]
fn combat_cleanup_heals_and_recalls_attackers_when_a_defender_remains() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Brute, controller: Ana, kind: unit, at: Battlefield 1, might: 5, stunned: true }
  - { name: Wall, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
actions:
  - pass: Ana
  - pass: Ben
";
    for t in both(yaml) {
        // The stunned Brute deals nothing (423.1.b); the Wall deals 3 to it (not lethal).
        let dealt = change_step(&t, damaged("brute", 3)).expect("3 damage on the Brute");
        assert!(!t.steps[dealt]
            .changes()
            .iter()
            .any(|c| matches!(c, Change::Damage { id, .. } if id == "wall")));
        assert!(t.outcome.killed.is_empty());
        // 3c heals it, 3d recalls it: the Wall, a defender, is still there.
        assert_eq!(damage(&t, "brute"), 0, "{}", dump(&t));
        assert_eq!(location(&t, "brute"), "base");
        assert_eq!(location(&t, "wall"), "battlefield-1");
        // A recall at 3d: No Result (466.3.d), and nothing is staged again.
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::NoResult)]
        );
        assert_eq!(control(&t, "battlefield-1"), Some(BEN));
        assert_eq!(contested(&t, "battlefield-1"), None);
        assert!(board(&t).conquered.is_empty());
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_eq!(t.outcome.priority, Some(ANA));
    }
    assert_cites(&july(yaml), &["466.1.a.1", "466.1.a.2", "466.3.d"]);
    assert_cites(&october(yaml), &["468.1.a.1", "468.1.a.2", "468.3.d"]);
}

// ---------------------------------------------------------------------------------------------
// The Ending Cleanup's inserts: 3c heal, 3d "this turn" and stun end (317.2.b, 317.2.c)

#[test]
fn ending_cleanup_heals_and_ends_this_turn_effects_and_stun() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Feline, controller: Ana, kind: unit, might: 3, might_this_turn: 2, damage: 4, stunned: true }
  - { name: Brawler, controller: Ben, kind: unit, might: 4, damage: 2 }
actions:
  - end_turn: Ana
";
    for t in both(yaml) {
        // 4 damage on a Might 5 (3 + 2 this turn): not lethal at 3b; 3c heals it before 3d
        // ends the +2, so it survives with Might 3.
        assert!(t.outcome.killed.is_empty(), "{}", dump(&t));
        assert_eq!(location(&t, "feline"), "base");
        assert_eq!(might(&t, "feline"), 3, "{}", dump(&t));
        assert_eq!(damage(&t, "feline"), 0);
        assert_eq!(damage(&t, "brawler"), 0);
        assert_eq!(board(&t).phase, "ended");
        assert_eq!(t.outcome.priority, None);
        assert!(t.outcome.killed.is_empty());
        assert_cites(
            &t,
            &["316.9", "317.1.a", "317.2.a", "317.2.b", "317.2.c", "317.3"],
        );
    }
    // Stun ends with the other "this turn" effects.
    assert_cites(&july(yaml), &["423.1.a.2"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 4: control (323.6, 190.4.c)

#[test]
fn task4_control_of_an_empty_battlefield_is_lost_in_an_open_state() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Recruit, controller: Ana, kind: unit, at: Battlefield 1, might: 1 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Sacrifice, controller: Ana, kind: spell, effects: [ { kill: recruit } ] }
";
    for t in both(yaml) {
        assert_eq!(t.outcome.killed, vec!["recruit"]);
        assert_eq!(control(&t, "battlefield-1"), None, "{}", dump(&t));
        assert_eq!(control(&t, "battlefield-2"), Some(BEN));
        assert_eq!(control_changes(&t, "battlefield-1"), vec![None]);
    }
    assert_cites(&july(yaml), &["323.6", "190.4.c"]);
}

#[test]
fn task4_control_is_kept_while_a_chain_exists() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Recruit, controller: Ana, kind: unit, at: Battlefield 1, might: 1 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
chain:
  - { id: rally, name: Rally, controller: Ana, kind: spell }
priority: Ben
actions:
  - play: { name: Ambush Strike, controller: Ben, kind: spell, keyword: reaction, effects: [ { kill: recruit } ] }
";
    for t in both(yaml) {
        assert_eq!(t.outcome.resolved, vec!["ambush-strike", "rally"]);
        let killed = change_step(&t, moved_to("recruit", "trash")).unwrap();
        let lost = change_step(&t, |c| {
            matches!(c, Change::Control { battlefield, controller: None } if battlefield == "battlefield-1")
        })
        .expect("control is lost once the Chain is gone");
        // In between, a cleanup with Rally still on the Chain keeps control (shown, 4.2.6).
        let kept = (killed + 1..lost)
            .find(|&i| t.steps[i].chain_len() >= 1 && t.steps[i].what.contains("control kept"));
        let kept = kept.unwrap_or_else(|| panic!("no 'control kept' step\n{}", dump(&t)));
        if t.edition == EditionId::July {
            assert!(step_cites(&t, kept).iter().any(|c| c == "323.6"));
        }
        assert_eq!(t.steps[lost].chain_len(), 0);
        assert_eq!(control(&t, "battlefield-1"), None);
        assert_eq!(control_changes(&t, "battlefield-1"), vec![None]);
    }
}

#[test]
fn task4_control_is_kept_while_a_showdown_is_under_way_there() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben, contested_by: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Battle Cry, controller: Ana, kind: spell, keyword: action, effects: [ { text: a cry } ] }
  - pass: Ana
  - pass: Ben
  - pass: Ben
  - pass: Ana
";
    for t in both(yaml) {
        // Ben keeps Battlefield 1 through the showdown, then Ana establishes control: a
        // Conquer (348.2.a, 348.2.a.1). Ben never loses it to nobody first.
        assert_eq!(
            control_changes(&t, "battlefield-1"),
            vec![Some(ANA)],
            "{}",
            dump(&t)
        );
        let kept = (0..t.steps.len()).find(|&i| {
            matches!(
                t.steps[i].state,
                TurnState::ShowdownOpen | TurnState::ShowdownClosed
            ) && t.steps[i].what.contains("control kept")
        });
        let kept = kept.unwrap_or_else(|| panic!("no 'control kept' step\n{}", dump(&t)));
        if t.edition == EditionId::July {
            assert!(step_cites(&t, kept).iter().any(|c| c == "323.6"));
        }
        assert_eq!(
            board(&t).conquered,
            vec![scored("battlefield-1", ANA, false)]
        );
        assert_eq!(board(&t).points, vec![1, 0]);
        assert_eq!(contested(&t, "battlefield-1"), None);
        assert!(t.outcome.unused.is_empty(), "{:?}", t.outcome.unused);
    }
    assert_cites(&july(yaml), &["190.4.c", "348.2.a.1"]);
}

#[test]
fn task4_control_is_kept_when_the_cleanup_itself_adds_a_pending_item() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - name: Recruit
    controller: Ana
    kind: unit
    at: Battlefield 1
    might: 1
    triggers:
      - on: death
        item:
          id: recruit-deathknell
          name: Recruit Deathknell
          effects: [ { move: { target: reserve, to: Battlefield 1 } } ]
  - { name: Reserve, controller: Ana, kind: unit, might: 2 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Misfire, controller: Ana, kind: spell, effects: [ { damage: { target: recruit, amount: 1 } } ] }
";
    for t in both(yaml) {
        // The Deathknell added by the same cleanup makes a Chain, so task 4 keeps Ana's
        // control (4.2.3); the Reserve then arrives at her own battlefield: no Contested, no
        // showdown, no Conquer.
        assert_eq!(t.outcome.killed, vec!["recruit"], "{}", dump(&t));
        assert_eq!(t.outcome.resolved, vec!["misfire", "recruit-deathknell"]);
        assert_eq!(location(&t, "reserve"), "battlefield-1");
        assert_eq!(
            control_changes(&t, "battlefield-1"),
            Vec::<Option<usize>>::new()
        );
        assert_eq!(control(&t, "battlefield-1"), Some(ANA));
        assert_eq!(contested(&t, "battlefield-1"), None);
        assert_eq!(t.outcome.showdowns_begun, 0);
        assert!(board(&t).conquered.is_empty());
        assert_eq!(board(&t).points, vec![0, 0]);
        assert_cites(&t, &["329.1", "330"]);
    }
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 5: facedown cards (323.7, 107.3.d)

#[test]
fn task5_a_facedown_card_where_its_controller_lost_control_goes_to_the_trash() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Recruit, controller: Ana, kind: unit, at: Battlefield 1, might: 1 }
  - { name: Hidden Trick, controller: Ana, kind: facedown, at: Battlefield 1 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
  - { name: Ben Secret, controller: Ben, kind: facedown, at: Battlefield 2 }
actions:
  - play: { name: Sacrifice, controller: Ana, kind: spell, effects: [ { kill: recruit } ] }
";
    for t in both(yaml) {
        assert_eq!(control(&t, "battlefield-1"), None);
        assert_eq!(location(&t, "hidden-trick"), "trash", "{}", dump(&t));
        assert_eq!(location(&t, "ben-secret"), "battlefield-2");
        // Task 5 comes after task 4 in the same cleanup.
        let lost = change_step(&t, |c| {
            matches!(c, Change::Control { battlefield, controller: None } if battlefield == "battlefield-1")
        })
        .unwrap();
        let trashed = change_step(&t, moved_to("hidden-trick", "trash")).unwrap();
        assert!(trashed >= lost);
    }
    assert_cites(&july(yaml), &["323.7", "107.3.d"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup tasks 6 and 7: staging (323.8-323.10)

#[test]
fn tasks6_7_a_combat_staged_under_a_chain_is_unstaged_when_one_side_is_gone() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, might: 2 }
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 1 }
chain:
  - { name: Snare, controller: Ana, kind: spell, effects: [ { kill: poro } ] }
actions:
  - play: { name: Slip In, controller: Ana, kind: spell, keyword: reaction, effects: [ { move: { target: scout, to: Battlefield 1 } } ] }
";
    for t in both(yaml) {
        // Slip In resolves: Ana contests Battlefield 1 (450); a showdown and a combat are staged
        // there, but the Chain (Snare) keeps them from beginning. Snare kills the Poro: the
        // combat is unstaged and the showdown begins (no combat: 323.12).
        assert_eq!(t.outcome.resolved, vec!["slip-in", "snare"], "{}", dump(&t));
        assert_eq!(t.outcome.killed, vec!["poro"]);
        assert!(combats(&t).is_empty(), "{}", dump(&t));
        assert_eq!(t.outcome.showdowns_begun, 1);
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_eq!(contested(&t, "battlefield-1"), Some(ANA));
        // Task 4 (an Open State, a staged showdown is not under way) took it from Ben.
        assert_eq!(control(&t, "battlefield-1"), None);
        // Nothing began while Snare was on the Chain.
        let snare_gone = change_step(&t, moved_to("poro", "trash")).unwrap();
        let begun = t
            .steps
            .iter()
            .position(|s| s.what.contains("gains Focus as the showdown begins"))
            .unwrap();
        assert!(begun > snare_gone, "{}", dump(&t));
    }
    assert_cites(&july(yaml), &["323.8", "323.9", "323.10", "323.12", "345"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 8: Contested removed and re-applied (323.11, 323.11.a); task 9: Focus (345)

const REAPPLY: &str = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none, contested_by: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
chain:
  - { name: Cleanse, controller: Ana, kind: spell, effects: [ { kill: scout } ] }
";

#[test]
fn task8_contested_is_removed_and_reapplied_by_another_player_with_units_there() {
    for t in both(REAPPLY) {
        assert_eq!(t.outcome.killed, vec!["scout"]);
        assert_eq!(contested(&t, "battlefield-1"), Some(BEN), "{}", dump(&t));
        let changes: Vec<Option<usize>> = t
            .steps
            .iter()
            .flat_map(|s| s.changes().iter())
            .filter_map(|c| match c {
                Change::Contested { battlefield, by } if battlefield == "battlefield-1" => {
                    Some(*by)
                }
                _ => None,
            })
            .collect();
        // Removed from Ana, applied by Ben (or directly handed over); never left with Ana.
        assert_eq!(changes.last(), Some(&Some(BEN)));
        assert!(!changes.contains(&Some(ANA)));
        assert!(combats(&t).is_empty());
    }
    assert_cites(&july(REAPPLY), &["323.11", "323.11.a"]);

    let alone = REAPPLY.replace(
        "  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }\n",
        "",
    );
    for t in both(&alone) {
        assert_eq!(contested(&t, "battlefield-1"), None, "{}", dump(&t));
        assert_eq!(t.outcome.showdowns_begun, 0);
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_eq!(t.outcome.priority, Some(ANA));
    }
}

#[test]
fn task9_a_showdown_begins_with_focus_to_the_contester() {
    // Ben re-applied Contested (task 8), so the showdown that begins is his: Focus to Ben,
    // although Ana is the Turn Player (345).
    for t in both(REAPPLY) {
        assert_eq!(t.outcome.showdowns_begun, 1, "{}", dump(&t));
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(BEN));
        assert_eq!(t.outcome.priority, Some(BEN));
        assert_cites(&t, &["344", "345"]);
    }
    assert_cites(&july(REAPPLY), &["323.12"]);
}

const TWO_SHOWDOWNS: &str = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout A, controller: Ana, kind: unit, might: 2 }
  - { name: Scout B, controller: Ana, kind: unit, might: 2 }
actions:
  - play:
      name: Double Advance
      controller: Ana
      kind: spell
      effects:
        - move: { target: scout-a, to: Battlefield 1 }
        - move: { target: scout-b, to: Battlefield 2 }
  - pass: Ana
  - pass: Ben
  - pass: Ana
  - pass: Ben
  - pass: Ana
  - pass: Ben
";

#[test]
fn task9_begin_picks_among_two_staged_showdowns_default_board_order() {
    for t in both(TWO_SHOWDOWNS) {
        assert_eq!(
            board(&t).conquered,
            vec![
                scored("battlefield-1", ANA, false),
                scored("battlefield-2", ANA, false)
            ],
            "{}",
            dump(&t)
        );
        assert_eq!(t.outcome.showdowns_begun, 2);
        assert_eq!(board(&t).points, vec![2, 0]);
        assert!(t.outcome.unused.is_empty(), "{:?}", t.outcome.unused);
    }
    let chosen = format!("{TWO_SHOWDOWNS}  - begin: Battlefield 2\n");
    for t in both(&chosen) {
        assert_eq!(
            board(&t).conquered,
            vec![
                scored("battlefield-2", ANA, false),
                scored("battlefield-1", ANA, false)
            ],
            "{}",
            dump(&t)
        );
        assert!(t.outcome.unused.is_empty(), "{:?}", t.outcome.unused);
    }
    assert_cites(&july(&chosen), &["323.12"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 10: combat begins (323.13, 460, 464.2)

#[test]
fn task10_combat_begins_the_attacker_has_focus_and_the_defender_triggers_resolve_first() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - name: Vanguard
    controller: Ana
    kind: unit
    might: 4
    triggers: [ { on: attack, item: { id: vanguard-attacks, name: Vanguard attacks } } ]
  - name: Poro
    controller: Ben
    kind: unit
    at: Battlefield 1
    might: 3
    triggers: [ { on: defend, item: { id: poro-defends, name: Poro defends } } ]
actions:
  - move: { units: vanguard, to: Battlefield 1 }
";
    for t in both(yaml) {
        assert_eq!(t.outcome.moved, vec!["move-1"]);
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::Unfinished)],
            "{}",
            dump(&t)
        );
        // Attacker's triggers go on first, the defender's last: the defender's resolve first.
        assert_eq!(t.outcome.resolved, vec!["poro-defends", "vanguard-attacks"]);
        // A Chain opened by triggers keeps Focus with the attacker (346.1).
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_eq!(contested(&t, "battlefield-1"), Some(ANA));
        assert_eq!(t.outcome.showdowns_begun, 0, "a combat, not a showdown");
        assert_cites(&t, &["346.1"]);
    }
    assert_cites(
        &july(yaml),
        &[
            "323.9",
            "323.13",
            "460",
            "464.2.c.1.a",
            "464.2.d",
            "464.2.e.1",
        ],
    );
    assert_cites(&october(yaml), &["466.2.c.1.a", "466.2.d.1"]);
}

#[test]
fn task10_an_attacker_who_is_not_the_turn_player_has_its_triggers_put_on_first() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - name: Guard
    controller: Ana
    kind: unit
    at: Battlefield 1
    might: 3
    triggers: [ { on: defend, item: { id: guard-defends, name: Guard defends } } ]
  - name: Raider
    controller: Ben
    kind: unit
    might: 2
    triggers: [ { on: attack, item: { id: raider-attacks, name: Raider attacks } } ]
chain:
  - { name: Study, controller: Ana, kind: spell }
priority: Ben
actions:
  - play: { name: Ambush Raid, controller: Ben, kind: spell, keyword: reaction, effects: [ { move: { target: raider, to: Battlefield 1 } } ] }
";
    for t in both(yaml) {
        // Ben contested, so Ben attacks on Ana's turn. Task e puts the attacker's triggers on
        // first and the defender's last (464.2.e.1), not the Turn Player's first (383.3.d.1):
        // Ana's defend trigger resolves first.
        assert_eq!(
            t.outcome.resolved,
            vec!["ambush-raid", "study", "guard-defends", "raider-attacks"],
            "{}",
            dump(&t)
        );
        assert_eq!(contested(&t, "battlefield-1"), Some(BEN));
        assert_eq!(t.outcome.focus, Some(BEN));
        assert_eq!(t.outcome.priority, Some(BEN));
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::Unfinished)]
        );
    }
    assert_cites(&july(yaml), &["464.2.e.1"]);
    assert_cites(&october(yaml), &["466.2.d.1"]);
}

// ---------------------------------------------------------------------------------------------
// Cleanup task 10a: escalation (323.14); row 6

#[test]
fn task10a_escalation_focus_july_attacker_october_holder() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none, contested_by: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Guard, controller: Ben, kind: unit, might: 3 }
actions:
  - play: { name: Signal, controller: Ana, kind: spell, keyword: action, effects: [ { text: a signal } ] }
  - pass: Ana
  - play:
      name: Rush Over
      controller: Ben
      kind: spell
      keyword: reaction
      effects:
        - move: { target: guard, to: Battlefield 1 }
";
    let [j, o] = both(yaml);
    for t in [&j, &o] {
        assert_eq!(
            t.outcome.resolved,
            vec!["rush-over", "signal"],
            "{}",
            dump(t)
        );
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(
            combats(t),
            vec![("battlefield-1".to_string(), CombatResult::Unfinished)]
        );
        assert_eq!(contested(t, "battlefield-1"), Some(ANA));
        assert_eq!(control(t, "battlefield-1"), None);
    }
    // July: task d gives Focus to the attacker (reading R1).
    assert_eq!(
        (j.outcome.focus, j.outcome.priority),
        (Some(ANA), Some(ANA))
    );
    assert_cites(&j, &["323.14", "464.2.c.1.b", "464.2.d"]);
    // October: no task d; Ben, who held Focus after Signal's Chain emptied, keeps it.
    assert_eq!(
        (o.outcome.focus, o.outcome.priority),
        (Some(BEN), Some(BEN))
    );
    assert_cites(&o, &["466.2.c.1.b"]);
    assert_not_cited(&o, "466.2.c.1.a");
}

// ---------------------------------------------------------------------------------------------
// Combat Damage Step (465; October 467)

#[test]
fn damage_is_skipped_when_one_side_has_no_designated_unit() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
actions:
  - play: { name: Snipe, controller: Ana, kind: spell, keyword: action, effects: [ { kill: poro } ] }
  - pass: Ana
  - pass: Ben
  - pass: Ben
  - pass: Ana
";
    let [j, o] = both(yaml);
    for t in [&j, &o] {
        assert_eq!(t.outcome.killed, vec!["poro"], "{}", dump(t));
        assert!(
            change_step(t, |c| matches!(c, Change::Damage { .. })).is_none(),
            "no damage is dealt\n{}",
            dump(t)
        );
        assert_eq!(damage(t, "scout"), 0);
        assert_eq!(combats(t)[0], ("battlefield-1".to_string(), won(ANA, BEN)));
    }
    assert_cites(&j, &["465.1"]);
    assert_not_cited(&j, "465.2.a");
    assert_cites(&o, &["467.1"]);
    assert_not_cited(&o, "467.2.a");
}

#[test]
fn damage_totals_count_assault_and_shield_and_a_stunned_unit_adds_nothing() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Raider, controller: Ana, kind: unit, at: Battlefield 1, might: 2, assault: 2 }
  - { name: Dazed Brute, controller: Ana, kind: unit, at: Battlefield 1, might: 5, stunned: true }
  - { name: Bulwark, controller: Ben, kind: unit, at: Battlefield 1, might: 3, shield: 2 }
actions:
  - pass: Ana
  - pass: Ben
";
    for t in both(yaml) {
        // Ana: 2 + 2 (Assault) + 0 (stunned) = 4 on the Bulwark (Might 3 + 2 Shield: survives).
        // Ben: 5: lethal 4 to the Raider (Might 4 as an attacker), the last 1 to the Brute.
        let step = change_step(&t, damaged("bulwark", 4)).expect("4 on the Bulwark");
        assert_eq!(
            damage_changes(&t, step),
            dmg(&[("bulwark", 4), ("raider", 4), ("dazed-brute", 1)]),
            "{}",
            dump(&t)
        );
        assert_eq!(t.outcome.killed, vec!["raider"]);
        // The Brute survives, is healed and recalled (a defender remains): No Result.
        assert_eq!(location(&t, "dazed-brute"), "base");
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::NoResult)]
        );
    }
    assert_cites(&july(yaml), &["465.2.a", "465.2.b", "465.2.c.3"]);
    assert_cites(&october(yaml), &["467.2.a", "467.2.b", "467.2.c.3"]);
}

const ASSIGN_BOARD: &str = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Titan, controller: Ana, kind: unit, at: Battlefield 1, might: 10 }
  - { name: Archer, controller: Ben, kind: unit, at: Battlefield 1, might: 2, backline: true }
  - { name: Grunt, controller: Ben, kind: unit, at: Battlefield 1, might: 3, damage: 1 }
  - { name: Guardian, controller: Ben, kind: unit, at: Battlefield 1, might: 4, tank: true }
actions:
  - pass: Ana
  - pass: Ben
";

#[test]
fn default_assignment_tank_first_backline_last_extra_to_the_first() {
    for t in both(ASSIGN_BOARD) {
        // Ana's 10: Guardian (Tank) 4, Grunt 2 (Might 3, 1 marked), Archer (Backline) 2, and
        // the 2 left to the first in that order, the Guardian. Ben's 9 on the Titan (10).
        let step = change_step(&t, damaged("titan", 9)).expect("9 on the Titan");
        assert_eq!(
            damage_changes(&t, step),
            dmg(&[("guardian", 6), ("grunt", 3), ("archer", 2), ("titan", 9)]),
            "{}",
            dump(&t)
        );
        assert_eq!(
            sorted(&t.outcome.killed),
            vec!["archer", "grunt", "guardian"]
        );
        assert!(t.outcome.refused.is_empty());
        assert_eq!(combats(&t)[0], ("battlefield-1".to_string(), won(ANA, BEN)));
        // The attacker was not recalled: no defender remained.
        assert_eq!(location(&t, "titan"), "battlefield-1");
        assert_eq!(damage(&t, "titan"), 0);
    }
    assert_cites(&july(ASSIGN_BOARD), &["465.2.c.4", "815", "826"]);
    assert_cites(&october(ASSIGN_BOARD), &["467.2.c.4"]);
}

#[test]
fn a_legal_written_assignment_is_used() {
    let yaml = format!(
        "{ASSIGN_BOARD}  - assign: {{ by: Ana, to: {{ guardian: 4, grunt: 2, archer: 4 }} }}\n"
    );
    for t in both(&yaml) {
        let step = change_step(&t, damaged("titan", 9)).expect("9 on the Titan");
        assert_eq!(
            damage_changes(&t, step),
            dmg(&[("guardian", 4), ("grunt", 3), ("archer", 4), ("titan", 9)]),
            "{}",
            dump(&t)
        );
        assert!(t.outcome.refused.is_empty(), "{:?}", t.outcome.refused);
        assert!(t.outcome.unreached.is_empty());
    }
    assert_cites(&july(&yaml), &["465.2.c"]);
}

#[test]
fn an_illegal_assignment_is_refused_and_the_default_used() {
    // Tank: the Grunt gets damage while the Tank is short of lethal (815.1.c.2).
    let tank = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Titan, controller: Ana, kind: unit, at: Battlefield 1, might: 4 }
  - { name: Guardian, controller: Ben, kind: unit, at: Battlefield 1, might: 4, tank: true }
  - { name: Grunt, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
actions:
  - pass: Ana
  - pass: Ben
  - assign: { by: Ana, to: { grunt: 3, guardian: 1 } }
";
    for t in both(tank) {
        assert_eq!(ids(&t.outcome.refused), vec!["assign-1"], "{}", dump(&t));
        // Default: all 4 to the Guardian. Ben's 7: 4 lethal to the Titan, 3 extra.
        let step = change_step(&t, damaged("titan", 7)).expect("7 on the Titan");
        assert_eq!(
            damage_changes(&t, step),
            dmg(&[("guardian", 4), ("titan", 7)]),
            "{}",
            dump(&t)
        );
        assert_eq!(sorted(&t.outcome.killed), vec!["guardian", "titan"]);
        assert_eq!(combats(&t)[0], ("battlefield-1".to_string(), won(BEN, ANA)));
    }
    let j = july(tank);
    let refusal = (0..j.steps.len())
        .find(|&i| j.steps[i].what.contains("assign-1"))
        .expect("a step names the refused assignment");
    let c = step_cites(&j, refusal);
    assert!(c.iter().any(|n| n == "815"), "{c:?}\n{}", dump(&j));

    // 465.2.c.4: more than lethal to the Archer while others got nothing. Totals are exact
    // here (7 = 3 + 2 + 2 and 7 = the Titan's Might), so only the refusal cites 465.2.c.4.
    let extra = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Titan, controller: Ana, kind: unit, at: Battlefield 1, might: 7 }
  - { name: Archer, controller: Ben, kind: unit, at: Battlefield 1, might: 2, backline: true }
  - { name: Grunt, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Guardian, controller: Ben, kind: unit, at: Battlefield 1, might: 3, tank: true }
actions:
  - pass: Ana
  - pass: Ben
  - assign: { by: Ana, to: { archer: 7 } }
";
    for t in both(extra) {
        assert_eq!(ids(&t.outcome.refused), vec!["assign-1"], "{}", dump(&t));
        let step = change_step(&t, damaged("titan", 7)).expect("7 on the Titan");
        assert_eq!(
            damage_changes(&t, step),
            dmg(&[("guardian", 3), ("grunt", 2), ("archer", 2), ("titan", 7)]),
            "{}",
            dump(&t)
        );
        assert_eq!(
            sorted(&t.outcome.killed),
            vec!["archer", "grunt", "guardian", "titan"]
        );
    }
    assert_cites(&july(extra), &["465.2.c.4"]);
    assert_cites(&october(extra), &["467.2.c.4"]);
}

// ---------------------------------------------------------------------------------------------
// Resolution Step (466; October 468)

#[test]
fn resolution_win_and_lose_fire_combat_win_and_combat_lose_triggers() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - name: Champion
    controller: Ana
    kind: unit
    at: Battlefield 1
    might: 5
    triggers: [ { on: combat_win, item: { id: champion-wins, name: Champion wins } } ]
  - name: Bystander
    controller: Ana
    kind: unit
    might: 1
    triggers: [ { on: combat_win, item: { id: bystander-wins, name: Bystander wins } } ]
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
  - name: Banner
    controller: Ben
    kind: gear
    triggers: [ { on: combat_lose, item: { id: banner-mourns, name: Banner mourns } } ]
actions:
  - pass: Ana
  - pass: Ben
";
    for t in both(yaml) {
        assert_eq!(combats(&t)[0], ("battlefield-1".to_string(), won(ANA, BEN)));
        // One event: the Turn Player's trigger goes on first and resolves last; the unit at
        // base shares no result.
        assert_eq!(
            t.outcome.resolved,
            vec!["banner-mourns", "champion-wins"],
            "{}",
            dump(&t)
        );
        assert_eq!(t.outcome.killed, vec!["poro"]);
    }
    assert_cites(&july(yaml), &["466.3.a", "466.3.b", "466.4"]);
    assert_cites(&october(yaml), &["468.3.a", "468.3.b", "468.4"]);
}

#[test]
fn resolution_no_result_when_both_sides_remain_and_a_new_combat_follows() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Brawler, controller: Ana, kind: unit, at: Battlefield 1, might: 4 }
  - name: Mixologist
    controller: Ben
    kind: unit
    at: Battlefield 1
    might: 2
    triggers:
      - on: death
        item:
          id: mixologist-deathknell
          name: Mixologist Deathknell
          effects: [ { move: { target: reserve, to: Battlefield 1 } } ]
  - { name: Reserve, controller: Ben, kind: unit, might: 3 }
actions:
  - pass: Ana
  - pass: Ben
";
    for t in both(yaml) {
        assert_eq!(t.outcome.killed, vec!["mixologist"], "{}", dump(&t));
        assert_eq!(t.outcome.resolved, vec!["mixologist-deathknell"]);
        assert_eq!(location(&t, "reserve"), "battlefield-1");
        assert_eq!(location(&t, "brawler"), "battlefield-1");
        assert_eq!(
            combats(&t),
            vec![
                ("battlefield-1".to_string(), CombatResult::NoResult),
                ("battlefield-1".to_string(), CombatResult::Unfinished)
            ]
        );
        assert_eq!(control(&t, "battlefield-1"), Some(BEN));
        assert!(board(&t).conquered.is_empty());
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
        assert_eq!(t.outcome.priority, Some(ANA));
    }
    assert_cites(
        &july(yaml),
        &["466.3.d", "466.3.d.1", "323.13", "464.2.c.1.a"],
    );
    assert_cites(&october(yaml), &["468.3.d", "468.3.d.1", "466.2.c.1.a"]);
}

#[test]
fn resolution_conquer_october_at_task_5_july_after_an_extra_showdown() {
    let yaml = r"
players: [Ana, Ben]
points: { Ana: 3, Ben: 2 }
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Vanguard, controller: Ana, kind: unit, at: Battlefield 1, might: 4 }
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
actions:
  - pass: Ana   # Focus: the combat showdown
  - pass: Ben
  - pass: Ana   # July: Focus in the extra showdown; October: ends the Main Phase
  - pass: Ben   # July: closes it; October: unused
";
    let [j, o] = both(yaml);
    for t in [&j, &o] {
        assert_eq!(
            combats(t),
            vec![("battlefield-1".to_string(), won(ANA, BEN))]
        );
        assert_eq!(t.outcome.killed, vec!["poro"]);
        // No defender left at 3d: the attacker is not recalled.
        assert_eq!(location(t, "vanguard"), "battlefield-1");
        assert_eq!(control(t, "battlefield-1"), Some(ANA), "{}", dump(t));
        assert_eq!(
            board(t).conquered,
            vec![scored("battlefield-1", ANA, false)]
        );
        assert_eq!(board(t).points, vec![4, 2]);
        assert_eq!(contested(t, "battlefield-1"), None);
    }
    let points_at = |t: &Trace| {
        change_step(t, |c| {
            matches!(
                c,
                Change::Points {
                    player: ANA,
                    points: 4
                }
            )
        })
        .unwrap()
    };
    // July (row 8, reading R2): a showdown is staged during the combat; the cleanup after the
    // combat takes the battlefield from Ben (323.6), begins it (323.12), and Ana conquers
    // when it closes (348.2.a), after the combat has ended.
    assert_eq!(j.outcome.showdowns_begun, 1, "{}", dump(&j));
    assert_eq!(control_changes(&j, "battlefield-1"), vec![None, Some(ANA)]);
    assert!(points_at(&j) > citing(&j, "466.7"));
    assert!(j.outcome.unused.is_empty(), "{:?}", j.outcome.unused);
    assert_cites(
        &j,
        // The file starts in the combat, so under July its battlefield is staged from the start
        // (4.1: tasks 6 and 7 stage during a combat, R2); task 5 then finds it staged (466.5).
        &["466.5", "323.6", "323.12", "345", "348.2.a", "348.2.a.1"],
    );
    // October: nothing staged; Ana establishes control and conquers at 468.5, before 468.7.
    assert_eq!(o.outcome.showdowns_begun, 0, "{}", dump(&o));
    assert_eq!(control_changes(&o, "battlefield-1"), vec![Some(ANA)]);
    assert!(points_at(&o) < citing(&o, "468.7"));
    assert_eq!(o.outcome.unused, vec!["pass: Ben"]);
    assert_cites(&o, &["468.5", "468.5.a", "468.5.d"]);
}

#[test]
fn resolution_might_this_combat_counts_in_damage_and_ends_at_466_7() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2, might_this_combat: 3 }
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
actions:
  - pass: Ana
  - pass: Ben
";
    let [j, o] = both(yaml);
    for (t, end) in [(&j, "466.7.c"), (&o, "468.7.c")] {
        // Ana's total is 5: lethal 2 and 3 extra on the Poro. Ben's 2 do not kill a Might 5.
        let step = change_step(t, damaged("poro", 5)).expect("5 on the Poro");
        assert_eq!(
            damage_changes(t, step),
            dmg(&[("poro", 5), ("scout", 2)]),
            "{}",
            dump(t)
        );
        assert_eq!(t.outcome.killed, vec!["poro"]);
        assert_eq!(might(t, "scout"), 2);
        let expired = change_step(
            t,
            |c| matches!(c, Change::Might { id, might: 2 } if id == "scout"),
        )
        .expect("the Scout back to 2");
        assert!(
            step_cites(t, expired).iter().any(|c| c == end),
            "{:?}\n{}",
            step_cites(t, expired),
            dump(t)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Scoring (469-472; 348.2.a.1)

const CONQUER: &str = r"
players: [Ana, Ben]
points: { Ana: 2, Ben: 1 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Scout, controller: Ana, kind: unit, might: 2 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - move: { units: scout, to: Battlefield 1 }
  - pass: Ana
  - pass: Ben
";

#[test]
fn scoring_a_conquer_gains_a_point() {
    for t in both(CONQUER) {
        assert_eq!(board(&t).points, vec![3, 1], "{}", dump(&t));
        assert_eq!(
            board(&t).conquered,
            vec![scored("battlefield-1", ANA, false)]
        );
        assert_eq!(board(&t).draws, vec![0, 0]);
        assert!(board(&t).held.is_empty());
        assert_eq!(control(&t, "battlefield-1"), Some(ANA));
        assert_eq!(contested(&t, "battlefield-1"), None);
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_cites(&t, &["348.2.a.1"]);
    }
    assert_cites(&july(CONQUER), &["469.1", "470", "471.1", "190.3.b"]);
}

#[test]
fn scoring_the_final_point_is_drawn_when_not_every_battlefield_was_scored() {
    let yaml = CONQUER.replace("Ana: 2, Ben: 1", "Ana: 7, Ben: 1");
    for t in both(&yaml) {
        assert_eq!(board(&t).points, vec![7, 1], "{}", dump(&t));
        assert_eq!(board(&t).draws, vec![1, 0]);
        // Still a Conquer (471.1.b.1 changes only the point).
        assert_eq!(
            board(&t).conquered,
            vec![scored("battlefield-1", ANA, true)]
        );
        assert_eq!(board(&t).winner, None);
        assert_eq!(control(&t, "battlefield-1"), Some(ANA));
    }
    assert_cites(&july(&yaml), &["471.1.b", "471.1.b.1"]);
}

#[test]
fn scoring_the_final_point_is_gained_when_every_battlefield_was_scored() {
    let yaml = r"
players: [Ana, Ben]
points: { Ana: 7, Ben: 1 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: Ana, scored_this_turn: Ana }
  - name: Scout
    controller: Ana
    kind: unit
    might: 2
    triggers: [ { on: conquer, item: { id: scout-conquers, name: Scout conquers } } ]
  - { name: Keeper, controller: Ana, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - move: { units: scout, to: Battlefield 1 }
  - pass: Ana
  - pass: Ben
";
    for t in both(yaml) {
        assert_eq!(board(&t).points, vec![8, 1], "{}", dump(&t));
        assert_eq!(board(&t).draws, vec![0, 0]);
        assert_eq!(
            board(&t).conquered,
            vec![scored("battlefield-1", ANA, false)]
        );
        assert_eq!(board(&t).winner, Some(ANA));
        // The cleanup after the Conquer ends the game before its trigger is finalized (4.6.5).
        assert!(t.outcome.resolved.is_empty(), "{:?}", t.outcome.resolved);
        assert_cites(&t, &["323.1"]);
    }
}

const HOLD: &str = r"
players: [Ana, Ben]
phase: beginning
step: start
points: { Ana: 3, Ben: 3 }
board:
  - name: Battlefield 1
    kind: battlefield
    controller: Ana
    triggers: [ { on: hold, item: { id: bf1-hold, name: Battlefield 1 hold } } ]
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Battlefield 3, kind: battlefield, controller: Ana }
  - { name: Guard, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
  - { name: Keeper, controller: Ana, kind: unit, at: Battlefield 3, might: 2 }
";

#[test]
fn scoring_a_hold_in_the_scoring_step() {
    for t in both(HOLD) {
        // The Turn Player holds Battlefields 1 and 3 (469.2); Ben's battlefield is not held on
        // Ana's turn. (Nothing can be scored this turn before the Scoring Step, so a file
        // cannot start with `scored_this_turn` here.)
        assert_eq!(
            board(&t).held,
            vec![
                scored("battlefield-1", ANA, false),
                scored("battlefield-3", ANA, false)
            ],
            "{}",
            dump(&t)
        );
        assert_eq!(board(&t).points, vec![5, 3]);
        assert_eq!(t.outcome.resolved, vec!["bf1-hold"]);
        assert!(board(&t).conquered.is_empty());
        assert_eq!(board(&t).phase, "main");
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_cites(&t, &["315.2.b.2"]);
    }
    assert_cites(&july(HOLD), &["469.2"]);
    assert_cites(&october(HOLD), &["471.2"]);
}

#[test]
fn scoring_a_hold_gains_the_final_point_without_every_battlefield_scored() {
    let yaml = HOLD
        .replace("Ana: 3, Ben: 3", "Ana: 7, Ben: 3")
        .replace(", scored_this_turn: Ana", "");
    // Ana holds Battlefields 1 and 3; the final-point rule restricts Conquers only.
    for t in both(&yaml) {
        assert_eq!(board(&t).winner, Some(ANA), "{}", dump(&t));
        assert!(board(&t).points[ANA] >= 8);
        assert_eq!(board(&t).draws, vec![0, 0]);
    }
}

#[test]
fn scoring_a_legends_hold_trigger_fires_once_per_battlefield_held() {
    let yaml = HOLD.replace(", scored_this_turn: Ana", "").replace(
        "    triggers: [ { on: hold, item: { id: bf1-hold, name: Battlefield 1 hold } } ]\n",
        "",
    ) + "  - name: Commander
    controller: Ana
    kind: legend
    triggers: [ { on: hold, item: { id: commander-holds, name: Commander holds } } ]
";
    for t in both(&yaml) {
        // All Holds are one event; the legend's trigger fires per battlefield held, as
        // identical copies (no `order` needed), created in order (12.10).
        assert_eq!(
            board(&t).held,
            vec![
                scored("battlefield-1", ANA, false),
                scored("battlefield-3", ANA, false)
            ],
            "{}",
            dump(&t)
        );
        assert_eq!(board(&t).points, vec![5, 3]);
        assert_eq!(
            t.outcome.resolved,
            vec!["commander-holds#2", "commander-holds"]
        );
    }
}

#[test]
fn scoring_gain_point_is_not_a_score() {
    let yaml = r"
players: [Ana, Ben]
points: { Ana: 2, Ben: 0 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - name: Commander
    controller: Ana
    kind: legend
    triggers: [ { on: conquer, item: { id: commander-conquers, name: Commander conquers } } ]
actions:
  - play: { name: Boon, controller: Ana, kind: spell, effects: [ { gain_point: controller } ] }
";
    for t in both(yaml) {
        assert_eq!(board(&t).points, vec![3, 0], "{}", dump(&t));
        assert_eq!(t.outcome.resolved, vec!["boon"]);
        assert!(board(&t).conquered.is_empty() && board(&t).held.is_empty());
        assert_eq!(board(&t).draws, vec![0, 0]);
    }
    // No final-point rule either: from 7 it wins although no battlefield was scored.
    let last = yaml.replace("Ana: 2, Ben: 0", "Ana: 7, Ben: 0");
    for t in both(&last) {
        assert_eq!(board(&t).points, vec![8, 0], "{}", dump(&t));
        assert_eq!(board(&t).draws, vec![0, 0]);
        assert_eq!(board(&t).winner, Some(ANA));
    }
}

#[test]
fn scoring_conquer_triggers_fire_also_when_the_point_became_a_draw() {
    let yaml = CONQUER.replace("Ana: 2, Ben: 1", "Ana: 7, Ben: 1").replace(
        "  - { name: Scout, controller: Ana, kind: unit, might: 2 }\n",
        "  - name: Scout
    controller: Ana
    kind: unit
    might: 2
    triggers: [ { on: conquer, item: { id: scout-conquers, name: Scout conquers } } ]
",
    );
    for t in both(&yaml) {
        assert_eq!(board(&t).draws, vec![1, 0], "{}", dump(&t));
        assert_eq!(board(&t).points, vec![7, 1]);
        assert_eq!(t.outcome.resolved, vec!["scout-conquers"]);
    }
    assert_cites(&july(&yaml), &["471.2.a", "383.4.c.2.c"]);
}

// ---------------------------------------------------------------------------------------------
// The standard move (144, 4.8)

const MOVE: &str = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, might: 2 }
actions:
  - move: { units: scout, to: Battlefield 1 }
";

#[test]
fn move_refused_when_the_unit_is_exhausted() {
    let yaml = MOVE.replace("might: 2 }", "might: 2, exhausted: true }");
    for t in both(&yaml) {
        assert_eq!(ids(&t.outcome.refused), vec!["move-1"], "{}", dump(&t));
        assert!(t.outcome.moved.is_empty());
        assert_eq!(location(&t, "scout"), "base");
        assert_eq!(contested(&t, "battlefield-1"), None);
        assert_eq!(t.outcome.showdowns_begun, 0);
        assert_eq!(t.outcome.state, Some(TurnState::NeutralOpen));
        assert_eq!(t.outcome.priority, Some(ANA));
    }
    assert_cites(&july(&yaml), &["144.2"]);
}

#[test]
fn move_refused_while_a_chain_exists() {
    let yaml = MOVE.replace(
        "actions:",
        "chain:\n  - { name: Rally, controller: Ana, kind: spell }\nactions:",
    );
    for t in both(&yaml) {
        assert_eq!(ids(&t.outcome.refused), vec!["move-1"], "{}", dump(&t));
        assert_eq!(t.outcome.resolved, vec!["rally"]);
        assert_eq!(location(&t, "scout"), "base");
        assert_eq!(contested(&t, "battlefield-1"), None);
    }
    assert_cites(&july(&yaml), &["144.1.b"]);
}

#[test]
fn move_refused_during_a_showdown() {
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: none, contested_by: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Runner, controller: Ana, kind: unit, might: 2 }
actions:
  - move: { units: runner, to: Battlefield 2 }
";
    for t in both(yaml) {
        assert_eq!(ids(&t.outcome.refused), vec!["move-1"], "{}", dump(&t));
        assert_eq!(location(&t, "runner"), "base");
        assert_eq!(contested(&t, "battlefield-2"), None);
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
    }
    assert_cites(&july(yaml), &["144.1.c"]);
}

#[test]
fn move_from_battlefield_to_battlefield_needs_ganking() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: Ana }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - move: { units: scout, to: Battlefield 1 }
";
    for t in both(yaml) {
        assert_eq!(ids(&t.outcome.refused), vec!["move-1"], "{}", dump(&t));
        assert_eq!(location(&t, "scout"), "battlefield-2");
        assert_eq!(control(&t, "battlefield-2"), Some(ANA));
        assert_eq!(contested(&t, "battlefield-1"), None);
    }
    let j = july(yaml);
    assert!(
        cited_numbers(&j).iter().any(|c| c.starts_with("144.4")),
        "{}",
        dump(&j)
    );
    let ganking = yaml.replace("might: 2 }", "might: 2, ganking: true }");
    for t in both(&ganking) {
        assert!(t.outcome.refused.is_empty(), "{}", dump(&t));
        assert_eq!(t.outcome.moved, vec!["move-1"]);
        assert_eq!(location(&t, "scout"), "battlefield-1");
        assert_eq!(contested(&t, "battlefield-1"), Some(ANA));
        // Left empty in an Open State: Ana loses Battlefield 2 (323.6).
        assert_eq!(control(&t, "battlefield-2"), None);
        assert_eq!(t.outcome.focus, Some(ANA));
    }
}

#[test]
fn move_contests_and_the_next_cleanup_begins_a_showdown() {
    for t in both(MOVE) {
        assert_eq!(t.outcome.moved, vec!["move-1"], "{}", dump(&t));
        assert_eq!(location(&t, "scout"), "battlefield-1");
        // The move applies Contested (450) before the cleanup begins the showdown.
        let moved = change_step(&t, moved_to("scout", "battlefield-1")).unwrap();
        let applied = change_step(&t, |c| {
            matches!(c, Change::Contested { battlefield, by: Some(ANA) } if battlefield == "battlefield-1")
        })
        .expect("Contested applied");
        assert!(
            moved <= applied && applied < citing(&t, "345"),
            "{}",
            dump(&t)
        );
        assert_eq!(contested(&t, "battlefield-1"), Some(ANA));
        assert_eq!(t.outcome.showdowns_begun, 1);
        assert!(combats(&t).is_empty());
        assert_eq!(t.outcome.state, Some(TurnState::ShowdownOpen));
        assert_eq!(t.outcome.focus, Some(ANA));
        assert_eq!(t.outcome.priority, Some(ANA));
        assert_eq!(control(&t, "battlefield-1"), None);
        assert_cites(&t, &["344", "345"]);
    }
    assert_cites(
        &july(MOVE),
        &["420.3", "144.3.c", "450", "453", "323.8", "323.12"],
    );
}

// ---------------------------------------------------------------------------------------------
// Tokens (185, 186.1; reading R15)

#[test]
fn token_unit_does_not_count_as_a_card_but_counts_as_a_unit() {
    let template = r"
players: [Ana, Ben]
actions:
  - play: { name: Recruit, controller: Ana, kind: unit, TOKEN }
  - play:
      name: Rally Call
      controller: Ana
      kind: spell
      legion: true
      effects:
        - play: { name: Card Proof, kind: spell }
          if: { played_this_turn: { by: controller, kind: card, other_than: rally-call } }
        - play: { name: Unit Proof, kind: spell }
          if: { played_this_turn: { by: controller, kind: unit } }
";
    let token = template.replace("TOKEN", "token: true");
    for t in both(&token) {
        assert_eq!(
            t.outcome.resolved,
            vec!["recruit", "rally-call", "unit-proof"],
            "{}",
            dump(&t)
        );
        let legion = t
            .outcome
            .legion
            .iter()
            .find(|v| v.id == "rally-call")
            .expect("a Legion verdict");
        assert!(!legion.finalized, "a token is not a card (812.1.c)");
    }
    // The same with a card: both conditions hold, and Legion is active.
    let card = template.replace("TOKEN", "token: false");
    for t in both(&card) {
        assert_eq!(
            t.outcome.resolved,
            vec!["recruit", "rally-call", "unit-proof", "card-proof"],
            "{}",
            dump(&t)
        );
        let legion = t
            .outcome
            .legion
            .iter()
            .find(|v| v.id == "rally-call")
            .unwrap();
        assert!(legion.finalized);
    }
}

#[test]
fn token_unit_fires_you_play_for_units_not_for_cards() {
    let yaml = r"
players: [Ana, Ben]
board:
  - name: Herald
    controller: Ana
    kind: unit
    triggers: [ { on: you_play, kind: card, item: { id: herald-sees-a-card, name: Herald sees a card } } ]
  - name: Drillmaster
    controller: Ana
    kind: unit
    triggers: [ { on: you_play, kind: unit, item: { id: drill-sees-a-unit, name: Drillmaster sees a unit } } ]
actions:
  - play: { name: Recruit, controller: Ana, kind: unit, token: true }
";
    for t in both(yaml) {
        assert_eq!(
            t.outcome.resolved,
            vec!["recruit", "drill-sees-a-unit"],
            "{}",
            dump(&t)
        );
    }
}

#[test]
fn a_killed_token_is_gone() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Recruit, controller: Ana, kind: unit, at: Battlefield 1, might: 1, token: true }
  - { name: Veteran, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
actions:
  - play: { name: Purge, controller: Ana, kind: spell, effects: [ { kill: [recruit, veteran] } ] }
";
    for t in both(yaml) {
        assert_eq!(
            sorted(&t.outcome.killed),
            vec!["recruit", "veteran"],
            "{}",
            dump(&t)
        );
        assert_eq!(location(&t, "recruit"), "gone");
        assert_eq!(location(&t, "veteran"), "trash");
        assert_eq!(control(&t, "battlefield-1"), None);
    }
    assert_cites(&july(yaml), &["186.1"]);
}

// ---------------------------------------------------------------------------------------------
// Kill lists (one event, 383.3.d.1, 383.3.d)

const TWO_CONTROLLERS: &str = r"
players: [Ana, Ben]
turn: Ana
board:
  - name: Herald
    controller: Ana
    kind: unit
    triggers: [ { on: death, item: { id: herald-deathknell, name: Herald Deathknell } } ]
  - name: Knight
    controller: Ben
    kind: unit
    triggers: [ { on: death, item: { id: knight-deathknell, name: Knight Deathknell } } ]
chain:
  - { name: Cataclysm, controller: Ana, kind: spell, effects: [ { kill: [herald, knight] } ] }
";

#[test]
fn kill_list_of_two_controllers_is_one_event_in_turn_order() {
    let t = july(TWO_CONTROLLERS);
    assert!(t.outcome.board.is_none(), "not a board file");
    assert_eq!(sorted(&t.outcome.killed), vec!["herald", "knight"]);
    // Ana (Turn Player) first: hers resolves last.
    assert_eq!(
        t.outcome.resolved,
        vec!["cataclysm", "knight-deathknell", "herald-deathknell"],
        "{}",
        dump(&t)
    );
    assert_cites(&t, &["383.3.d.1", "808.1.d.2"]);
    let bens = TWO_CONTROLLERS.replace("turn: Ana", "turn: Ben");
    for t in both(&bens) {
        assert_eq!(
            t.outcome.resolved,
            vec!["cataclysm", "herald-deathknell", "knight-deathknell"],
            "{}",
            dump(&t)
        );
    }
}

#[test]
fn kill_list_of_one_controllers_two_deathknells_needs_an_order() {
    let yaml = TWO_CONTROLLERS.replace(
        "controller: Ben\n    kind: unit",
        "controller: Ana\n    kind: unit",
    );
    for ed in [EditionId::July, EditionId::October] {
        let t = engine::replay(&load(&yaml), ed, None);
        let err = t.error.as_ref().expect("a missing order stops the replay");
        assert_eq!(err.code, "missing_order", "{}", dump(&t));
    }
    let ordered = format!("{yaml}actions:\n  - order: [knight-deathknell, herald-deathknell]\n");
    for t in both(&ordered) {
        // The first listed goes on first and resolves last.
        assert_eq!(
            t.outcome.resolved,
            vec!["cataclysm", "herald-deathknell", "knight-deathknell"],
            "{}",
            dump(&t)
        );
        assert!(t.outcome.unused.is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Death: extra_death_triggers, replace_death (4.7)

#[test]
fn extra_death_triggers_doubles_its_controllers_deathknell() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: none }
  - { name: Battlefield 2, kind: battlefield, controller: Ana }
  - { name: Eternal Lich, controller: Ben, kind: unit, might: 6, extra_death_triggers: 1 }
  - name: Rex
    controller: Ben
    kind: unit
    might: 4
    triggers:
      - on: death
        item:
          id: rex-deathknell
          name: Rex Deathknell
          effects: [ { damage: { target: stonewall, amount: 1 } } ]
  - name: Herald
    controller: Ana
    kind: unit
    might: 1
    triggers: [ { on: death, item: { id: herald-deathknell, name: Herald Deathknell } } ]
  - { name: Stonewall, controller: Ana, kind: unit, at: Battlefield 2, might: 5 }
actions:
  - play: { name: Execute, controller: Ana, kind: spell, effects: [ { kill: [rex, herald] } ] }
";
    for t in both(yaml) {
        // Ana's (Turn Player) goes on first; Ben's two identical copies in creation order:
        // the copy resolves first. The Lich doubles Ben's Deathknells only.
        assert_eq!(
            t.outcome.resolved,
            vec![
                "execute",
                "rex-deathknell#2",
                "rex-deathknell",
                "herald-deathknell"
            ],
            "{}",
            dump(&t)
        );
        assert_eq!(damage(&t, "stonewall"), 2);
        assert_eq!(sorted(&t.outcome.killed), vec!["herald", "rex"]);
    }
    assert_cites(&july(yaml), &["808.2.a"]);
}

#[test]
fn replace_death_gear_saves_a_unit_once_and_is_killed_instead() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Hourglass, controller: Ana, kind: gear, replace_death: true }
  - name: Duelist
    controller: Ana
    kind: unit
    at: Battlefield 1
    might: 3
    triggers: [ { on: death, item: { id: duelist-deathknell, name: Duelist Deathknell } } ]
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Execute, controller: Ana, kind: spell, effects: [ { kill: duelist } ] }
  - pass: Ana
  - pass: Ben
  - play: { name: Execute Again, controller: Ana, kind: spell, effects: [ { kill: duelist } ] }
";
    for t in both(yaml) {
        // First kill: replaced (healed, exhausted, recalled), its Deathknell removed
        // (808.1.d.1), the Hourglass killed instead. Second kill: the replacement is used up.
        assert_eq!(
            t.outcome.killed,
            vec!["hourglass", "duelist"],
            "{}",
            dump(&t)
        );
        // The first Deathknell was added, then removed (its instance number is used up).
        assert_eq!(
            t.outcome.resolved,
            vec!["execute", "execute-again", "duelist-deathknell#2"]
        );
        let recalled = change_step(&t, moved_to("duelist", "base")).expect("recalled");
        let died = change_step(&t, moved_to("duelist", "trash")).unwrap();
        assert!(recalled < died);
        assert_eq!(location(&t, "hourglass"), "trash");
        assert_eq!(location(&t, "duelist"), "trash");
        assert_eq!(control(&t, "battlefield-1"), None);
    }
    assert_cites(&july(yaml), &["370.1.a.1", "808.1.d.1"]);
}

#[test]
fn replace_death_on_a_unit_saves_it_from_lethal_damage() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Angel Ward, controller: Ana, kind: unit, at: Battlefield 1, might: 3, replace_death: true }
  - { name: Escort, controller: Ana, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Blast, controller: Ana, kind: spell, effects: [ { damage: { target: angel-ward, amount: 3 } } ] }
";
    for t in both(yaml) {
        assert!(t.outcome.killed.is_empty(), "{}", dump(&t));
        assert_eq!(location(&t, "angel-ward"), "base");
        assert_eq!(damage(&t, "angel-ward"), 0);
        assert_eq!(control(&t, "battlefield-1"), Some(ANA));
    }
    assert_cites(&july(yaml), &["370.1.a.1"]);
}

// ---------------------------------------------------------------------------------------------
// The trace: steps carry the changes they made; the starting state is settled (4.1)

#[test]

fn steps_carry_the_board_changes_they_made() {
    let yaml = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ana }
  - { name: Battlefield 2, kind: battlefield, controller: Ben }
  - { name: Recruit, controller: Ana, kind: unit, at: Battlefield 1, might: 1 }
  - { name: Sentinel, controller: Ben, kind: unit, at: Battlefield 2, might: 2 }
actions:
  - play: { name: Sacrifice, controller: Ana, kind: spell, effects: [ { kill: recruit } ] }
";
    for t in both(yaml) {
        // The Recruit goes to the trash during the kill instruction (428.1.a.1.b), not at a
        // later Chain step (340.2 or 340.3).
        let trashed = change_step(&t, moved_to("recruit", "trash")).unwrap();
        assert!(
            t.steps[trashed].what.contains("killed"),
            "the move to the trash is carried by {:?}\n{}",
            t.steps[trashed].what,
            dump(&t)
        );
    }
    // Task 8 (REAPPLY): the removal step leaves nobody contesting; Ben's application comes
    // with the next task (323.11.a).
    let j = july(REAPPLY);
    let removed = citing(&j, "323.11");
    let applied = citing(&j, "323.11.a");
    assert!(
        j.steps[removed].changes().iter().any(|c| matches!(
            c,
            Change::Contested { battlefield, by: None } if battlefield == "battlefield-1"
        )),
        "{}",
        dump(&j)
    );
    assert!(j.steps[applied].changes().iter().any(|c| matches!(
        c,
        Change::Contested { battlefield, by: Some(BEN) } if battlefield == "battlefield-1"
    )));
}

#[test]

fn a_july_combat_file_starts_with_its_battlefield_staged() {
    // Under July tasks 6 and 7 stage at the combat's battlefield during the combat (4.3), and
    // a file's staging is where they would put it (4.1): the first cleanup (the Chain opening)
    // changes nothing, so it is not shown (4.2.6) and cites no staging.
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Striker, controller: Ana, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 5 }
actions:
  - play: { name: Signal, controller: Ana, kind: spell, keyword: action, effects: [ { text: a signal } ] }
";
    let t = july(yaml);
    assert_eq!(t.outcome.resolved, vec!["signal"]);
    let resolves = citing(&t, "340.1");
    for i in 0..resolves {
        let c = step_cites(&t, i);
        assert!(
            !c.iter().any(|n| n == "323.8" || n == "323.9"),
            "step {i} stages again\n{}",
            dump(&t)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 19: a file that starts in a combat (its Combat Showdown Step, "`showdown` in a board
// file"): the attacker's units at its battlefield are attackers and the defender's are defenders
// from the start, so Assault (807.1.c) and Shield (814.1.c) are part of their Might (143.2) when
// lethal damage (142.4.b) is judged.

/// The codes and messages of a file that must be rejected.
fn rejected(yaml: &str) -> Vec<(String, String)> {
    match situation::load("t.yaml", yaml) {
        Ok(_) => panic!("loaded, but it is bad input:\n{yaml}"),
        Err(e) => e
            .problems
            .iter()
            .map(|p| (p.code.to_string(), p.message.clone()))
            .collect(),
    }
}

const UNDER_WAY: &str = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
";

#[test]
fn a_combat_under_way_at_the_start_counts_assault_and_shield_for_lethal_damage() {
    // Raider: Might 1 + Assault 2 = 3 with 1 damage; Guard: Might 2 + Shield 3 = 5 with 2.
    // Neither is lethal. Ana passes Focus, so the replay stops in the combat showdown with Ben
    // holding Focus: nothing has changed their Might or damage.
    let yaml = format!(
        "{UNDER_WAY}  - {{ name: Raider, controller: Ana, kind: unit, at: Battlefield 1, might: 1, assault: 2, damage: 1 }}
  - {{ name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2, shield: 3, damage: 2 }}
actions:
  - pass: Ana
"
    );
    for t in both(&yaml) {
        assert!(t.outcome.killed.is_empty(), "{}", dump(&t));
        assert_eq!(might(&t, "raider"), 3, "{}", dump(&t));
        assert_eq!(might(&t, "guard"), 5, "{}", dump(&t));
        assert_eq!(damage(&t, "raider"), 1);
        assert_eq!(damage(&t, "guard"), 2);
        assert_eq!(
            combats(&t),
            vec![("battlefield-1".to_string(), CombatResult::Unfinished)]
        );
        assert_eq!(t.outcome.focus, Some(BEN));
    }
}

#[test]
fn a_keyword_that_does_not_apply_at_the_start_leaves_the_damage_lethal() {
    // Damage at least the Might with the keyword: still lethal.
    let with = format!(
        "{UNDER_WAY}  - {{ name: Raider, controller: Ana, kind: unit, at: Battlefield 1, might: 1, assault: 2, damage: 3 }}
  - {{ name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }}
"
    );
    let p = rejected(&with);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, "lethal_at_start");
    assert!(p[0].1.contains("Might 3 with Assault 2"), "{p:?}");
    // Assault on a defender and Shield on an attacker add nothing (807.1.c, 814.1.c).
    let wrong_side = format!(
        "{UNDER_WAY}  - {{ name: Raider, controller: Ana, kind: unit, at: Battlefield 1, might: 2, shield: 2, damage: 2 }}
  - {{ name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2, assault: 2, damage: 2 }}
"
    );
    let p = rejected(&wrong_side);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p
        .iter()
        .all(|(code, m)| code == "lethal_at_start" && m.contains("Might 2)")));
    // A unit of the attacker at another battlefield is not an attacker.
    let elsewhere = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: Ana }
  - { name: Striker, controller: Ana, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }
  - { name: Raider, controller: Ana, kind: unit, at: Battlefield 2, might: 1, assault: 2, damage: 1 }
";
    let p = rejected(elsewhere);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].1
            .contains("`raider` starts with lethal damage (1 damage, Might 1)"),
        "{p:?}"
    );
    // Without a combat, Assault and Shield never count at the start.
    let no_combat = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2, shield: 3, damage: 2 }
";
    let p = rejected(no_combat);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, "lethal_at_start");
}

// ---------------------------------------------------------------------------------------------
// Issue 19 item 6: every combat step that applies a keyword cites the keyword's rule (807.1.c
// Assault, 814.1.c Shield, 815.1.b and 815.1.c.2 Tank, 826.3 and 826.4.b Backline, with
// 465.2.c.6; 423.1.b a stunned unit), beside the 465.x it cited before.

const KEYWORDS: &str = r"
players: [Ana, Ben]
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Lancer, controller: Ana, kind: unit, might: 2, assault: 2 }
  - { name: Wall, controller: Ben, kind: unit, at: Battlefield 1, might: 2, tank: true }
  - { name: Archer, controller: Ben, kind: unit, at: Battlefield 1, might: 1, backline: true, shield: 1 }
  - { name: Ogre, controller: Ben, kind: unit, at: Battlefield 1, might: 4, stunned: true }
actions:
  - move: { units: lancer, to: Battlefield 1 }
  - pass: Ana
  - play: { id: sentry, name: Sentry, controller: Ben, kind: unit, ambush: true, at: Battlefield 1, might: 1, shield: 1 }
  - pass: Ana
  - pass: Ben
  - assign: { by: Ana, to: { sentry: 2, ogre: 2 } }
";

/// The first step whose text starts with `start`.
fn step_starting(t: &Trace, start: &str) -> usize {
    t.steps
        .iter()
        .position(|s| s.what.starts_with(start))
        .unwrap_or_else(|| panic!("{:?}: no step starting {start:?}\n{}", t.edition, dump(t)))
}

fn assert_step_cites(t: &Trace, i: usize, numbers: &[&str]) {
    let c = step_cites(t, i);
    for n in numbers {
        assert!(
            c.iter().any(|x| x == n),
            "{:?}: step {i} ({}) does not cite {n}: {c:?}\n{}",
            t.edition,
            t.steps[i].what,
            dump(t)
        );
    }
}

#[test]
fn combat_steps_that_apply_a_keyword_cite_its_rule() {
    let j = july(KEYWORDS);
    // Task 2 (464.2.c): the Lancer attacks with Assault (Might 2 + 2), the Archer defends with Shield.
    let c = step_starting(&j, "Task 2:");
    assert!(
        j.steps[c].what.contains("lancer has Might 4 (Assault +2)")
            && j.steps[c].what.contains("archer has Might 2 (Shield +1)"),
        "{}",
        j.steps[c].what
    );
    assert_step_cites(&j, c, &["464.2.c.3", "807.1.c", "814.1.c"]);
    // The Sentry gains its designation in a cleanup (323.2.a) with its Shield.
    let late = citing(&j, "323.2.a");
    assert!(
        j.steps[late]
            .what
            .contains("sentry has Might 2 (Shield +1)"),
        "{}",
        j.steps[late].what
    );
    assert_step_cites(&j, late, &["814.1.c"]);
    // The totals: Assault, Shield, and the stunned Ogre adding nothing.
    let totals = citing(&j, "465.2.a");
    assert_step_cites(
        &j,
        totals,
        &["465.2.b", "465.2.c", "807.1.c", "814.1.c", "423.1.b"],
    );
    // Ana's written split skips the Tank Wall: refused with Tank's rules.
    let refused = step_starting(&j, "Ana's written assignment assign-1 is refused");
    assert_step_cites(&j, refused, &["815", "815.1.b", "815.1.c.2", "465.2.c.6"]);
    // Ana's default: the Tank Wall first, the Backline Archer last (it gets nothing).
    let ana = step_starting(&j, "Ana assigns 4 by default");
    assert!(
        j.steps[ana]
            .what
            .ends_with("2 to wall (needs 2 for lethal), 2 to ogre (needs 4 for lethal), 0 to sentry (needs 2 for lethal), 0 to archer (needs 2 for lethal)"),
        "{}",
        j.steps[ana].what
    );
    assert_step_cites(
        &j,
        ana,
        &[
            "465.2.c",
            "465.2.c.3",
            "465.2.c.6",
            "815",
            "815.1.b",
            "815.1.c.2",
            "826",
            "826.3",
            "826.4.b",
            "814.1.c",
        ],
    );
    // Ben's default: the Lancer needs 4 with its Assault.
    let ben = step_starting(&j, "Ben assigns 6 by default");
    assert_step_cites(&j, ben, &["465.2.c", "465.2.c.4", "807.1.c"]);
    let c = step_cites(&j, ben);
    assert!(
        !c.iter()
            .any(|n| n.starts_with("815") || n.starts_with("826")),
        "no Tank or Backline among Ana's units: {c:?}"
    );

    // October: the combat numbers move up by two, 423.1.b is 424.1.b (inferred), and the
    // keyword rules are unconfirmed (their July number printed as such).
    let o = october(KEYWORDS);
    let totals = citing(&o, "467.2.a");
    assert_step_cites(&o, totals, &["424.1.b"]);
    let book = Editions::get().edition(EditionId::October);
    let labels: Vec<String> = o.steps[totals]
        .cites
        .iter()
        .map(|c| book.resolve(*c).label())
        .collect();
    assert!(
        labels
            .iter()
            .any(|l| l == "October: unconfirmed (July 807.1.c)")
            && labels
                .iter()
                .any(|l| l == "October: unconfirmed (July 814.1.c)")
            && labels.iter().any(|l| l == "424.1.b (inferred)"),
        "{labels:?}"
    );
    let ana = step_starting(&o, "Ana assigns 4 by default");
    assert_step_cites(&o, ana, &["467.2.c", "467.2.c.3", "467.2.c.6"]);
}

#[test]
fn combat_steps_without_keywords_cite_none() {
    // No keyword and no stun anywhere: no keyword rule is cited. Ana's 3 is exactly lethal for
    // the Poro (Might 3): the default step cites the assignment rule itself (465.2.c).
    let yaml = r"
players: [Ana, Ben]
showdown: { battlefield: Battlefield 1, combat: true, attacker: Ana, defender: Ben, focus: Ana }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, kind: battlefield, controller: none }
  - { name: Scout, controller: Ana, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
actions:
  - pass: Ana
  - pass: Ben
";
    let [j, o] = both(yaml);
    for n in [
        "807.1.c",
        "814.1.c",
        "423.1.b",
        "815",
        "815.1.b",
        "826",
        "826.3",
        "465.2.c.6",
    ] {
        assert_not_cited(&j, n);
    }
    assert_not_cited(&o, "424.1.b");
    assert_not_cited(&o, "467.2.c.6");
    let ana = step_starting(&j, "Ana assigns 3 by default");
    assert!(
        j.steps[ana]
            .what
            .ends_with(": 3 to poro (needs 3 for lethal)"),
        "{}",
        j.steps[ana].what
    );
    assert_eq!(step_cites(&j, ana), vec!["465.2.c"]);
    let ana = step_starting(&o, "Ana assigns 3 by default");
    assert_eq!(step_cites(&o, ana), vec!["467.2.c"]);
}
