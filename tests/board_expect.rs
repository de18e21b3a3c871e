//! `expect.killed` and the board keys of `expect` (board extension 3.9 and 12.9): how the loader
//! reads them (every bad node an input error at its line), how `verify` compares them, and how
//! the report shows a board file's outcome. The outcomes are built by hand, so these tests check
//! the comparisons themselves, whatever the engine does.

use chainjudge::compare::Report;
use chainjudge::edition::EditionId;
use chainjudge::render::{self, Style};
use chainjudge::situation::{self, CombatResultSpec, ScoredSpec, Situation};
use chainjudge::trace::{BoardOutcome, CombatResult, Outcome, Scored, Trace};
use chainjudge::verify;

/// A board file (its first board key, `points`, is on line 3) with `expect` made of `lines`,
/// each written as under `expect:` without its indentation.
fn board_file(lines: &[&str]) -> String {
    let mut s = String::from(
        "format: 1
players: [Ana, Ben]
points: { Ana: 5, Ben: 4 }
board:
  - { name: Battlefield 1, kind: battlefield, controller: Ben }
  - { name: Battlefield 2, id: bf2, kind: battlefield, controller: none }
  - { name: Vanguard, controller: Ana, kind: unit, might: 4 }
  - { name: Loyal Poro, controller: Ben, kind: unit, at: Battlefield 1, might: 3 }
  - { name: Sword, controller: Ana, kind: gear }
  - { name: Hero, controller: Ana, kind: legend }
  - { name: Secret, controller: Ben, kind: facedown, at: Battlefield 1 }
actions:
  - play:
      name: Recruit
      controller: Ana
      kind: spell
      effects:
        - play: { name: Sprout, kind: unit, might: 1, token: true }
expect:
",
    );
    for l in lines {
        s.push_str("  ");
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// The line of `expect`'s first key in [`board_file`].
const FIRST: usize = 20;

/// The same without a board key: a format-1 file.
fn plain_file(lines: &[&str]) -> String {
    let mut s = String::from(
        "format: 1
players: [Ana, Ben]
board:
  - { name: Poro, controller: Ben, kind: unit }
  - { name: Sword, controller: Ben, kind: gear }
chain:
  - name: Bolt
    controller: Ana
    kind: spell
    effects:
      - kill: [poro]
expect:
",
    );
    for l in lines {
        s.push_str("  ");
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// The line of `expect`'s first key in [`plain_file`].
const PLAIN_FIRST: usize = 13;

fn load(yaml: &str) -> Situation {
    match situation::load("test.yaml", yaml) {
        Ok(s) => s,
        Err(p) => panic!("{}\n{yaml}", p.render(false, 100)),
    }
}

/// The problems of a bad file: (line, code, help).
fn problems(yaml: &str) -> Vec<(usize, String, String)> {
    match situation::load("test.yaml", yaml) {
        Ok(_) => panic!("loaded, but it is bad input:\n{yaml}"),
        Err(e) => e
            .problems
            .iter()
            .map(|p| {
                (
                    e.line_col(p).0,
                    p.code.to_string(),
                    p.help.clone().unwrap_or_default(),
                )
            })
            .collect(),
    }
}

/// Asserts that the file is rejected with exactly these (line, code) problems, each with a fix.
fn rejects(yaml: &str, want: &[(usize, &str)]) {
    let got = problems(yaml);
    let pairs: Vec<(usize, &str)> = got.iter().map(|(l, c, _)| (*l, c.as_str())).collect();
    assert_eq!(pairs, want, "{yaml}");
    for (_, _, help) in &got {
        assert!(!help.is_empty(), "every problem says how to fix it");
    }
}

// ---------------------------------------------------------------------------------------------
// Loading

#[test]
fn every_board_key_loads_with_battlefields_kept_as_ids() {
    let s = load(&board_file(&[
        "killed: [loyal-poro, sword, sprout, sprout#2]",
        "points: { Ana: 6, Ben: 4 }",
        "draws: { Ana: 1 }",
        "winner: none",
        "control: { Battlefield 1: Ana, bf2: none }",
        "contested: { Battlefield 2: Ben }",
        "conquered: Ana",
        "held: { Battlefield 2: [Ben, Ana], battlefield-1: none }",
        "combat: { Battlefield 1: { winner: Ana, loser: Ben }, Battlefield 2: [no_result, unfinished] }",
        "locations: { loyal-poro: trash, vanguard: Battlefield 1, secret: played, sprout#2: gone, sword: base }",
        "might: { vanguard: 5, sprout: -1 }",
        "damage: { vanguard: 2 }",
        "phase: ended",
    ]));
    let b = &s.expect.as_ref().unwrap().common;
    assert_eq!(
        b.killed.as_deref().unwrap(),
        ["loyal-poro", "sword", "sprout", "sprout#2"]
    );
    let e = &b.board;
    assert_eq!(e.points, Some(vec![("Ana".into(), 6), ("Ben".into(), 4)]));
    assert_eq!(e.draws, Some(vec![("Ana".into(), 1)]));
    assert_eq!(e.winner, Some(None));
    assert_eq!(
        e.control,
        Some(vec![
            ("battlefield-1".into(), Some("Ana".into())),
            ("bf2".into(), None)
        ])
    );
    assert_eq!(e.contested, Some(vec![("bf2".into(), Some("Ben".into()))]));
    assert_eq!(e.conquered, Some(ScoredSpec::Players(vec!["Ana".into()])));
    assert_eq!(
        e.held,
        Some(ScoredSpec::PerBattlefield(vec![
            ("bf2".into(), vec!["Ben".into(), "Ana".into()]),
            ("battlefield-1".into(), vec![]),
        ]))
    );
    assert_eq!(
        e.combat,
        Some(vec![
            (
                "battlefield-1".into(),
                vec![CombatResultSpec::Won {
                    winner: "Ana".into(),
                    loser: "Ben".into()
                }]
            ),
            (
                "bf2".into(),
                vec![CombatResultSpec::NoResult, CombatResultSpec::Unfinished]
            ),
        ])
    );
    assert_eq!(
        e.locations.as_deref().unwrap(),
        [
            ("loyal-poro".to_string(), "trash".to_string()),
            ("vanguard".into(), "battlefield-1".into()),
            ("secret".into(), "played".into()),
            ("sprout#2".into(), "gone".into()),
            ("sword".into(), "base".into()),
        ]
    );
    assert_eq!(
        e.might,
        Some(vec![("vanguard".into(), 5), ("sprout".into(), -1)])
    );
    assert_eq!(e.damage, Some(vec![("vanguard".into(), 2)]));
    assert_eq!(e.phase.as_deref(), Some("ended"));
}

#[test]
fn conquered_and_held_take_none_a_name_or_a_list() {
    let s = load(&board_file(&["conquered: none", "held: [Ana, Ben]"]));
    let e = &s.expect.as_ref().unwrap().common.board;
    assert_eq!(e.conquered, Some(ScoredSpec::Nobody));
    assert_eq!(
        e.held,
        Some(ScoredSpec::Players(vec!["Ana".into(), "Ben".into()]))
    );
}

#[test]
fn edition_blocks_take_the_board_keys_too() {
    let s = load(&board_file(&[
        "points: { Ana: 6 }",
        "killed: []",
        "july:",
        "  points: { Ana: 7 }",
        "  phase: main",
        "october:",
        "  killed: [loyal-poro]",
    ]));
    let e = s.expect.as_ref().unwrap();
    assert_eq!(
        e.july.as_ref().unwrap().board.points,
        Some(vec![("Ana".into(), 7)])
    );
    assert_eq!(
        e.october.as_ref().unwrap().killed.as_deref(),
        Some(&["loyal-poro".to_string()][..])
    );
}

#[test]
fn unknown_battlefields_ids_and_players_are_errors_at_their_node() {
    let l = FIRST;
    rejects(
        &board_file(&[
            "control: { Battlefield 3: Ana }",
            "contested: { Battlefield 1: Cy }",
            "points: { Anna: 3 }",
            "draws: { Ben: 1, Cy: 0 }",
            "winner: nobody",
            "might: { vanguardd: 4 }",
            "damage: { poro: 1 }",
            "locations: { vanguard: Battlefield 9 }",
            "killed: [loyal-porro]",
        ]),
        &[
            (l, "unknown_battlefield"),
            (l + 1, "unknown_player"),
            (l + 2, "unknown_player"),
            (l + 3, "unknown_player"),
            (l + 4, "unknown_player"),
            (l + 5, "unknown_id"),
            (l + 6, "unknown_id"),
            (l + 7, "unknown_battlefield"),
            (l + 8, "unknown_id"),
        ],
    );
}

#[test]
fn conquered_and_held_name_known_players_and_battlefields() {
    let l = FIRST;
    rejects(
        &board_file(&[
            "conquered: Anna",
            "held: [Ana, Bob]",
            "july:",
            "  conquered: { Battlefield 3: Ana }",
            "  held: { Battlefield 1: [Ana, Cy] }",
            "october:",
            "  held: { Battlefield 1: { Ana: 1 } }",
        ]),
        &[
            (l, "unknown_player"),
            (l + 1, "unknown_player"),
            (l + 3, "unknown_battlefield"),
            (l + 4, "unknown_player"),
            (l + 6, "wrong_type"),
        ],
    );
}

#[test]
fn a_malformed_combat_entry_is_an_error_at_the_entry() {
    let l = FIRST;
    rejects(
        &board_file(&[
            "combat:",
            "  Battlefield 1: no_reslt",
            "  Battlefield 2: [{ winner: Ana }]",
            "july:",
            "  combat: { Battlefield 1: { winner: Ana, loser: Ana } }",
            "october:",
            "  combat: { Battlefield 1: [[no_result]], bf2: { winner: Ana, loser: Ben, at: x } }",
        ]),
        &[
            (l + 1, "bad_combat"),
            (l + 2, "missing_key"),
            (l + 4, "bad_combat"),
            (l + 6, "bad_combat"),
            (l + 6, "unknown_key"),
        ],
    );
    rejects(
        &board_file(&["combat: [no_result]"]),
        &[(FIRST, "wrong_type")],
    );
    rejects(
        &board_file(&["combat: { Battlefield 1: { winner: Cy, loser: Ben } }"]),
        &[(FIRST, "unknown_player")],
    );
}

#[test]
fn negative_draws_points_and_damage_and_bad_words_are_errors() {
    let l = FIRST;
    rejects(
        &board_file(&[
            "draws: { Ana: -1 }",
            "points: { Ben: -2 }",
            "damage: { vanguard: -1 }",
            "might: { vanguard: four }",
            "phase: over",
            "locations: { vanguard: traash }",
            "winner: [Ana]",
        ]),
        &[
            (l, "bad_value"),
            (l + 1, "bad_value"),
            (l + 2, "bad_value"),
            (l + 3, "wrong_type"),
            (l + 4, "unknown_value"),
            (l + 5, "unknown_battlefield"),
            (l + 6, "wrong_type"),
        ],
    );
}

#[test]
fn a_battlefield_named_twice_is_an_error() {
    rejects(
        &board_file(&["control: { Battlefield 1: Ana, battlefield-1: Ben }"]),
        &[(FIRST, "duplicate_battlefield")],
    );
}

#[test]
fn ids_of_the_wrong_kind_are_errors() {
    let l = FIRST;
    rejects(
        &board_file(&[
            "killed: [hero, battlefield-1, secret, recruit]",
            "might: { sword: 1 }",
            "damage: { hero: 0 }",
            "locations: { hero: base, bf2: base, recruit: trash }",
        ]),
        &[
            (l, "wrong_kind_id"),
            (l, "wrong_kind_id"),
            (l, "wrong_kind_id"),
            (l, "wrong_kind_id"),
            (l + 1, "wrong_kind_id"),
            (l + 2, "wrong_kind_id"),
            (l + 3, "wrong_kind_id"),
            (l + 3, "wrong_kind_id"),
            (l + 3, "wrong_kind_id"),
        ],
    );
}

#[test]
fn a_written_unit_has_no_later_instances() {
    rejects(
        &board_file(&["killed: [vanguard#2]"]),
        &[(FIRST, "bad_instance")],
    );
}

#[test]
fn board_keys_in_a_file_that_is_not_a_board_file_are_errors_naming_a_board_key() {
    let l = PLAIN_FIRST;
    let yaml = plain_file(&[
        "killed: [poro]",
        "points: { Ana: 1 }",
        "might: { poro: 1 }",
        "july:",
        "  phase: main",
        "  combat: { Battlefield 1: no_result }",
    ]);
    let got = problems(&yaml);
    let pairs: Vec<(usize, &str)> = got.iter().map(|(l, c, _)| (*l, c.as_str())).collect();
    assert_eq!(
        pairs,
        [
            (l + 1, "board_only"),
            (l + 2, "board_only"),
            (l + 4, "board_only"),
            (l + 5, "board_only"),
        ]
    );
    for (_, _, help) in &got {
        assert!(help.contains("`might` on the units"), "{help}");
    }
}

#[test]
fn killed_works_in_any_file_and_checks_its_ids() {
    let s = load(&plain_file(&["killed: [poro, sword]"]));
    assert!(s.board_model.is_none());
    assert_eq!(
        s.expect.unwrap().common.killed.unwrap(),
        ["poro".to_string(), "sword".to_string()]
    );
    rejects(
        &plain_file(&["killed: [porro, bolt]"]),
        &[(PLAIN_FIRST, "unknown_id"), (PLAIN_FIRST, "wrong_kind_id")],
    );
}

#[test]
fn unknown_keys_of_a_format_1_expect_list_format_1_keys_as_before() {
    let got = problems(&plain_file(&["kiled: [poro]"]));
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, "unknown_key");
    assert!(
        got[0].2.starts_with("did you mean `killed`?"),
        "{}",
        got[0].2
    );
    assert!(
        got[0].2.ends_with("next_turns, cites, july, october"),
        "{}",
        got[0].2
    );
    let got = problems(&board_file(&["phaze: main"]));
    assert!(got[0].2.contains("killed, points, winner"), "{}", got[0].2);
}

// ---------------------------------------------------------------------------------------------
// verify

/// The board of [`board_file`] as the replay might end it: nothing changed.
fn quiet_board() -> BoardOutcome {
    BoardOutcome {
        points: vec![5, 4],
        draws: vec![0, 0],
        winner: None,
        control: vec![("battlefield-1".into(), Some(1)), ("bf2".into(), None)],
        contested: vec![("battlefield-1".into(), None), ("bf2".into(), None)],
        conquered: vec![],
        held: vec![],
        combats: vec![],
        locations: vec![
            ("vanguard".into(), "base".into()),
            ("loyal-poro".into(), "battlefield-1".into()),
            ("sword".into(), "base".into()),
            ("hero".into(), "base".into()),
            ("secret".into(), "battlefield-1".into()),
        ],
        might: vec![("vanguard".into(), 4), ("loyal-poro".into(), 3)],
        damage: vec![("vanguard".into(), 0), ("loyal-poro".into(), 0)],
        phase: "main".into(),
    }
}

fn trace(ed: EditionId, killed: &[&str], board: BoardOutcome) -> Trace {
    Trace {
        edition: ed,
        steps: Vec::new(),
        outcome: Outcome {
            killed: killed.iter().map(|s| s.to_string()).collect(),
            board: Some(board),
            ..Outcome::default()
        },
        error: None,
    }
}

/// The mismatches of `expect` (lines of [`board_file`]) against a July replay ending with
/// `killed` and the quiet board changed by `change`.
fn check(lines: &[&str], killed: &[&str], change: impl Fn(&mut BoardOutcome)) -> Vec<String> {
    let s = load(&board_file(lines));
    let mut b = quiet_board();
    change(&mut b);
    verify::mismatches(&s, &trace(EditionId::July, killed, b))
}

/// Asserts that `expect` passes against `right` and fails, naming the key, against `wrong`.
fn passes_and_fails(
    lines: &[&str],
    right: impl Fn(&mut BoardOutcome),
    wrong: impl Fn(&mut BoardOutcome),
    message: &str,
) {
    let ok = check(lines, &[], right);
    assert!(ok.is_empty(), "{lines:?} should pass: {ok:?}");
    let bad = check(lines, &[], wrong);
    assert_eq!(bad, [message.to_string()], "{lines:?}");
}

#[test]
fn killed_is_a_set() {
    let lines = ["killed: [sword, loyal-poro]"];
    assert!(check(&lines, &["loyal-poro", "sword"], |_| {}).is_empty());
    assert_eq!(
        check(&lines, &["loyal-poro"], |_| {}),
        ["killed: expected [loyal-poro, sword], got [loyal-poro]"]
    );
    assert_eq!(
        check(&["killed: []"], &["vanguard"], |_| {}),
        ["killed: expected [], got [vanguard]"]
    );
}

#[test]
fn points_and_draws_compare_the_listed_players_only() {
    passes_and_fails(
        &["points: { Ana: 6 }"],
        |b| b.points = vec![6, 7],
        |b| b.points = vec![5, 6],
        "points: expected Ana: 6, got 5",
    );
    passes_and_fails(
        &["draws: { Ben: 1 }"],
        |b| b.draws = vec![3, 1],
        |_| {},
        "draws: expected Ben: 1, got 0",
    );
}

#[test]
fn winner_is_exact() {
    passes_and_fails(
        &["winner: Ana"],
        |b| b.winner = Some(0),
        |b| b.winner = Some(1),
        "winner: expected Ana, got Ben",
    );
    passes_and_fails(
        &["winner: none"],
        |_| {},
        |b| b.winner = Some(0),
        "winner: expected none, got Ana",
    );
}

#[test]
fn control_and_contested_compare_the_listed_battlefields_only() {
    passes_and_fails(
        &["control: { Battlefield 1: none }"],
        |b| {
            b.control[0].1 = None;
            b.control[1].1 = Some(0);
        },
        |_| {},
        "control: expected battlefield-1: none, got Ben",
    );
    passes_and_fails(
        &["contested: { Battlefield 2: Ana }"],
        |b| b.contested[1].1 = Some(0),
        |b| b.contested[0].1 = Some(0),
        "contested: expected bf2: Ana, got none",
    );
}

fn scored(battlefield: &str, player: usize, drew: bool) -> Scored {
    Scored {
        battlefield: battlefield.into(),
        player,
        drew,
    }
}

#[test]
fn conquered_a_name_means_that_player_at_least_once_and_nobody_else() {
    passes_and_fails(
        &["conquered: Ana"],
        |b| b.conquered = vec![scored("battlefield-1", 0, false), scored("bf2", 0, false)],
        |b| b.conquered = vec![scored("battlefield-1", 0, false), scored("bf2", 1, false)],
        "conquered: expected [Ana], got [Ana, Ben]",
    );
    passes_and_fails(
        &["conquered: Ana"],
        |b| b.conquered = vec![scored("bf2", 0, false)],
        |b| b.held = vec![scored("bf2", 0, false)],
        "conquered: expected [Ana], got none",
    );
}

#[test]
fn a_conquer_whose_point_became_a_draw_still_counts() {
    passes_and_fails(
        &["conquered: Ana", "draws: { Ana: 1 }"],
        |b| {
            b.conquered = vec![scored("battlefield-1", 0, true)];
            b.draws = vec![1, 0];
        },
        |b| b.draws = vec![1, 0],
        "conquered: expected [Ana], got none",
    );
}

#[test]
fn conquered_none_and_lists() {
    passes_and_fails(
        &["conquered: none"],
        |b| b.held = vec![scored("bf2", 0, false)],
        |b| b.conquered = vec![scored("bf2", 1, true)],
        "conquered: expected none, got [Ben]",
    );
    passes_and_fails(
        &["held: [Ben, Ana]"],
        |b| b.held = vec![scored("bf2", 0, false), scored("battlefield-1", 1, false)],
        |b| b.held = vec![scored("bf2", 0, false)],
        "held: expected [Ana, Ben], got [Ana]",
    );
}

#[test]
fn conquered_and_held_per_battlefield_are_in_order_at_the_listed_ones() {
    passes_and_fails(
        &["held: { Battlefield 2: [Ben, Ana], Battlefield 1: none }"],
        |b| b.held = vec![scored("bf2", 1, false), scored("bf2", 0, false)],
        |b| b.held = vec![scored("bf2", 0, false), scored("bf2", 1, false)],
        "held: expected bf2: [Ben, Ana], got [Ana, Ben]",
    );
    passes_and_fails(
        &["conquered: { battlefield-1: Ana }"],
        |b| b.conquered = vec![scored("battlefield-1", 0, false), scored("bf2", 1, false)],
        |b| b.conquered = vec![scored("bf2", 0, false)],
        "conquered: expected battlefield-1: [Ana], got none",
    );
}

fn won(winner: usize, loser: usize) -> CombatResult {
    CombatResult::Won { winner, loser }
}

#[test]
fn a_single_combat_result_means_exactly_one_combat_there() {
    let lines = ["combat: { Battlefield 1: { winner: Ana, loser: Ben } }"];
    passes_and_fails(
        &lines,
        |b| {
            b.combats = vec![
                ("battlefield-1".into(), won(0, 1)),
                ("bf2".into(), CombatResult::NoResult),
            ]
        },
        |b| b.combats = vec![("battlefield-1".into(), won(1, 0))],
        "combat: expected battlefield-1: [{ winner: Ana, loser: Ben }], got [{ winner: Ben, loser: Ana }]",
    );
    passes_and_fails(
        &lines,
        |b| b.combats = vec![("battlefield-1".into(), won(0, 1))],
        |b| {
            b.combats = vec![
                ("battlefield-1".into(), won(0, 1)),
                ("battlefield-1".into(), CombatResult::NoResult),
            ]
        },
        "combat: expected battlefield-1: [{ winner: Ana, loser: Ben }], got [{ winner: Ana, loser: Ben }, no_result]",
    );
    passes_and_fails(
        &["combat: { Battlefield 2: unfinished }"],
        |b| b.combats = vec![("bf2".into(), CombatResult::Unfinished)],
        |_| {},
        "combat: expected bf2: [unfinished], got no combat",
    );
}

#[test]
fn a_list_of_combat_results_is_every_combat_there_in_order() {
    passes_and_fails(
        &["combat: { Battlefield 1: [no_result, { winner: Ben, loser: Ana }] }"],
        |b| {
            b.combats = vec![
                ("battlefield-1".into(), CombatResult::NoResult),
                ("bf2".into(), CombatResult::Unfinished),
                ("battlefield-1".into(), won(1, 0)),
            ]
        },
        |b| {
            b.combats = vec![
                ("battlefield-1".into(), won(1, 0)),
                ("battlefield-1".into(), CombatResult::NoResult),
            ]
        },
        "combat: expected battlefield-1: [no_result, { winner: Ben, loser: Ana }], got [{ winner: Ben, loser: Ana }, no_result]",
    );
    passes_and_fails(
        &["combat: { Battlefield 1: [] }"],
        |_| {},
        |b| b.combats = vec![("battlefield-1".into(), CombatResult::NoResult)],
        "combat: expected battlefield-1: no combat, got [no_result]",
    );
}

#[test]
fn locations_might_and_damage_compare_the_listed_ids_only() {
    passes_and_fails(
        &["locations: { loyal-poro: trash, vanguard: Battlefield 1 }"],
        |b| {
            b.locations[0].1 = "battlefield-1".into();
            b.locations[1].1 = "trash".into();
            b.locations[2].1 = "trash".into();
        },
        |b| b.locations[0].1 = "battlefield-1".into(),
        "locations: expected loyal-poro: trash, got battlefield-1",
    );
    passes_and_fails(
        &["locations: { sprout: gone }"],
        |b| b.locations.push(("sprout".into(), "gone".into())),
        |_| {},
        "locations: expected sprout: gone, but it never was on the board",
    );
    passes_and_fails(
        &["might: { vanguard: 6 }"],
        |b| b.might[0].1 = 6,
        |_| {},
        "might: expected vanguard: 6, got 4",
    );
    passes_and_fails(
        &["damage: { loyal-poro: 2 }"],
        |b| {
            b.damage[1].1 = 2;
            b.damage[0].1 = 1;
        },
        |b| b.damage[1].1 = 1,
        "damage: expected loyal-poro: 2, got 1",
    );
}

#[test]
fn phase_is_exact() {
    passes_and_fails(
        &["phase: ended"],
        |b| b.phase = "ended".into(),
        |b| b.phase = "ending".into(),
        "phase: expected ended, got ending",
    );
}

#[test]
fn edition_blocks_replace_top_level_keys_key_by_key() {
    let s = load(&board_file(&[
        "points: { Ana: 6 }",
        "phase: main",
        "killed: []",
        "october:",
        "  points: { Ana: 7 }",
        "  killed: [loyal-poro]",
    ]));
    let mut b = quiet_board();
    b.points = vec![6, 4];
    // July: the top-level keys.
    assert!(verify::mismatches(&s, &trace(EditionId::July, &[], b.clone())).is_empty());
    // October: its own points and killed, the top-level phase.
    let m = verify::mismatches(&s, &trace(EditionId::October, &[], b.clone()));
    assert_eq!(
        m,
        [
            "killed: expected [loyal-poro], got []",
            "points: expected Ana: 7, got 6"
        ]
    );
    b.points = vec![7, 4];
    b.phase = "ending".into();
    let m = verify::mismatches(&s, &trace(EditionId::October, &["loyal-poro"], b));
    assert_eq!(m, ["phase: expected main, got ending"]);
}

#[test]
fn killed_is_checked_in_a_file_that_is_not_a_board_file() {
    let s = load(&plain_file(&["killed: [poro]"]));
    let t = |killed: &[&str]| Trace {
        edition: EditionId::July,
        steps: Vec::new(),
        outcome: Outcome {
            killed: killed.iter().map(|s| s.to_string()).collect(),
            ..Outcome::default()
        },
        error: None,
    };
    assert!(verify::mismatches(&s, &t(&["poro"])).is_empty());
    assert_eq!(
        verify::mismatches(&s, &t(&[])),
        ["killed: expected [poro], got []"]
    );
}

// ---------------------------------------------------------------------------------------------
// The report

fn busy_board() -> BoardOutcome {
    let mut b = quiet_board();
    b.points = vec![8, 4];
    b.draws = vec![1, 0];
    b.winner = Some(0);
    b.control = vec![("battlefield-1".into(), Some(0)), ("bf2".into(), None)];
    b.contested = vec![("battlefield-1".into(), None), ("bf2".into(), Some(1))];
    b.conquered = vec![scored("battlefield-1", 0, true)];
    b.combats = vec![
        ("battlefield-1".into(), CombatResult::NoResult),
        ("battlefield-1".into(), won(0, 1)),
    ];
    b.phase = "ended".into();
    b
}

const PLAIN: Style = Style {
    color: false,
    width: 100,
    steps: render::Steps::Compact,
};

#[test]
fn the_report_of_a_board_file_names_its_first_board_key_and_sums_up_the_board() {
    let s = load(&board_file(&["killed: [loyal-poro]"]));
    let r = Report::new(
        &s,
        vec![trace(EditionId::July, &["loyal-poro"], busy_board())],
    );
    let text = render::text(&r, PLAIN);
    // The short header: the start, then the points (the first board key is in the Markdown and
    // JSON reports); after the answer, the board at the start, a line per battlefield with what
    // stands there, then what stands off them.
    for want in [
        "\nStart: Ana's turn (Ana, Ben); Main Phase, Neutral Open\nBoard: Points Ana 5, Ben 4 (victory score 8)\n\nAnswer",
        // A board this small is one paragraph (two lines at most).
        "\nBoard at the start: battlefield-1 (Ben): loyal-poro (Ben, Might 3), secret (Ben, facedown card); bf2\n  (nobody); off the battlefields: vanguard (Ana, Might 4), sword (Ana, gear), hero (Ana, legend)\n",
        "  Killed: loyal-poro.\n",
    ] {
        assert!(text.contains(want), "{want:?} not in:\n{text}");
    }
    // The answer's lines wrap at the width: compared with the wrapping undone.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let want = "Points: Ana 8, Ben 4; cards drawn instead of the final point: Ana 1; Ana wins and the game is over.";
    assert!(flat.contains(want), "{want:?} not in:\n{text}");
    // The full view's summary says the rest.
    let text = render::text(
        &r,
        Style {
            steps: render::Steps::All,
            ..PLAIN
        },
    );
    for want in [
        "  Killed: loyal-poro\n",
        "  Points: Ana 8, Ben 4; cards drawn instead of the final point: Ana 1\n",
        "  Winner: Ana\n",
        "  Battlefields: battlefield-1: controlled by Ana; bf2: uncontrolled, contested by Ben\n",
        "  Conquered: Ana at battlefield-1 (a card drawn instead of the point)\n",
        "  Held: none\n",
        "  Combats: battlefield-1: No Result; battlefield-1: Ana won, Ben lost\n",
        "  Phase: the turn ended\n",
    ] {
        assert!(text.contains(want), "{want:?} not in:\n{text}");
    }
    assert!(!text.contains("Board model"), "{text}");
    let md = render::markdown(&r);
    for want in [
        "- **Board model:** yes (first board key `points` at line 3)\n",
        "- **Killed:** loyal-poro\n",
        "- **Winner:** Ana\n",
        "- **Phase:** the turn ended\n",
    ] {
        assert!(md.contains(want), "{want:?} not in:\n{md}");
    }
    let v: serde_json::Value = serde_json::from_str(&render::json(&r)).unwrap();
    assert_eq!(v["format_version"], 1);
    assert_eq!(v["board_model"]["key"], "points");
    assert_eq!(v["board_model"]["line"], 3);
    let o = &v["outcome"]["july"];
    assert_eq!(o["killed"][0], "loyal-poro");
    let b = &o["board"];
    assert_eq!(b["points"]["Ana"], 8);
    assert_eq!(b["draws"]["Ana"], 1);
    assert_eq!(b["winner"], "Ana");
    assert_eq!(b["control"][0]["battlefield"], "battlefield-1");
    assert_eq!(b["control"][0]["player"], "Ana");
    assert_eq!(b["contested"][1]["player"], "Ben");
    assert_eq!(b["conquered"][0]["drew"], true);
    assert_eq!(b["combat"][0]["result"], "no_result");
    assert_eq!(b["combat"][1]["winner"], "Ana");
    assert_eq!(b["locations"]["loyal-poro"], "battlefield-1");
    assert_eq!(b["might"]["vanguard"], 4);
    assert_eq!(b["damage"]["vanguard"], 0);
    assert_eq!(b["phase"], "ended");
}

#[test]
fn the_report_of_a_format_1_file_has_no_board_lines_but_names_its_kills() {
    // `kill` and `expect.killed` work in any file: a kill is part of the answer there too, and
    // the board's lines (model, points, the board's values) stay out.
    let s = load(&plain_file(&["killed: [poro]"]));
    let trace = |killed: Vec<String>| Trace {
        edition: EditionId::July,
        steps: Vec::new(),
        outcome: Outcome {
            killed,
            ..Outcome::default()
        },
        error: None,
    };
    let r = Report::new(&s, vec![trace(vec!["poro".into()])]);
    let text = render::text(&r, PLAIN);
    assert!(!text.contains("Board model"), "{text}");
    assert!(text.contains("Killed: poro."), "{text}");
    assert!(!text.contains("Points"), "{text}");
    assert!(render::markdown(&r).contains("Killed"));
    let v: serde_json::Value = serde_json::from_str(&render::json(&r)).unwrap();
    assert!(v.get("board_model").is_none());
    assert_eq!(v["outcome"]["july"]["killed"], serde_json::json!(["poro"]));
    assert!(v["outcome"]["july"].get("board").is_none());
    // Nothing killed: no Killed line ("Killed: none" is a board file's answer).
    let r = Report::new(&s, vec![trace(Vec::new())]);
    assert!(!render::text(&r, PLAIN).contains("Killed"));
    let v: serde_json::Value = serde_json::from_str(&render::json(&r)).unwrap();
    assert!(v["outcome"]["july"].get("killed").is_none());
}
