//! `chainjudge new` (issue 21): a commented starting situation on stdout, which `check`
//! accepts as written, each key explained in a one-line comment. Three shapes: a Chain (the
//! default), a board (`--board`: two battlefields with two players, three with three or four,
//! 485.4, and a unit each), and a combat under way (`--combat`, a board with a combat showdown
//! at the first battlefield).

use std::fmt::Write as _;

/// Which starting file to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A spell on the Chain and the opponent's answer to it.
    Chain,
    /// A board: battlefields, a unit each, points.
    Board,
    /// A board with a combat under way at the first battlefield.
    Combat,
}

/// The column the comments start at, so they line up.
const COMMENT_AT: usize = 44;

/// `line`, padded to [`COMMENT_AT`], then `# comment`.
fn commented(out: &mut String, line: &str, comment: &str) {
    let pad = COMMENT_AT.saturating_sub(line.chars().count()).max(1);
    let _ = writeln!(out, "{line}{}# {comment}", " ".repeat(pad));
}

/// The YAML list `[a, b]` of `names`.
fn list(names: &[String]) -> String {
    format!("[{}]", names.join(", "))
}

/// The starting file for `players` (2 to 4 names, checked by the caller) in `shape`.
///
/// The file replays as written: a Chain file resolves its two spells; a board file moves the
/// Turn Player's unit to the first battlefield; a combat file has every player pass Focus
/// (347.2.a), so the combat reaches its Damage and Resolution Steps.
pub fn starting_file(players: &[String], shape: Shape) -> String {
    let first = &players[0];
    let mut out = String::new();
    out.push_str(
        "# A chainjudge situation, written by `chainjudge new`. Edit it, then run\n\
         # `chainjudge check FILE` and `chainjudge replay FILE`. Every key is in\n\
         # docs/situation-format.md (the Guide on the page).\n",
    );
    commented(&mut out, "format: 1", "the situation format's version");
    let title = match shape {
        Shape::Chain => "A spell and its answer on the Chain",
        Shape::Board => "A board to start from",
        Shape::Combat => "A combat under way",
    };
    commented(
        &mut out,
        &format!("title: {title}"),
        "the question, shown at the top of the replay",
    );
    commented(&mut out, "rules: both", "july, october, or both compared");
    commented(
        &mut out,
        &format!("players: {}", list(players)),
        "the players, in turn order",
    );
    commented(&mut out, &format!("turn: {first}"), "the Turn Player");
    if shape == Shape::Chain {
        chain_part(&mut out, players);
    } else {
        board_part(&mut out, players, shape);
    }
    out
}

/// The Chain file's body: a spell of the Turn Player, finalized; in `actions`, every action in
/// the order it is taken: the Turn Player passes, the next player answers with a Reaction, and
/// everyone passes in turn order from them, so the Reaction resolves (the rest is left to the
/// replay's own passes).
fn chain_part(out: &mut String, players: &[String]) {
    let (first, second) = (&players[0], &players[1]);
    let mut lines: Vec<(String, &str)> = vec![
        ("chain:".into(), "the Chain, oldest item first"),
        (
            "  - id: bolt".into(),
            "the name actions and expect use for it",
        ),
        ("    name: Void Bolt".into(), "the card's name"),
        (format!("    controller: {first}"), "who played it"),
        (
            "    kind: spell".into(),
            "spell, unit, gear, activated or triggered",
        ),
        (
            "    effects:".into(),
            "what it does as it resolves, in order",
        ),
        (
            "      - text: deal 3 to a unit".into(),
            "an effect told in words (see the format for modelled ones)",
        ),
        (
            "actions:".into(),
            "what the players do from now on, in order",
        ),
        (
            format!("  - pass: {first}"),
            "a pass of Priority (Focus in a showdown): the next player receives it",
        ),
        ("  - play:".into(), "a card played now"),
        ("      id: shield".into(), "its name for expect"),
        ("      name: Mystic Shield".into(), "the card's name"),
        (format!("      controller: {second}"), "who plays it"),
        ("      kind: spell".into(), "a spell"),
        (
            "      keyword: reaction".into(),
            "its timing: action or reaction (none: only on an empty Chain)",
        ),
        (
            format!("  - pass: {second}"),
            "its controller, given Priority back, passes it",
        ),
    ];
    for other in &players[2..] {
        lines.push((
            format!("  - pass: {other}"),
            "the next in turn order passes",
        ));
    }
    lines.push((
        format!("  - pass: {first}"),
        "everyone passed in a row: shield resolves (later passes may be left out)",
    ));
    for (line, comment) in &lines {
        commented(out, line, comment);
    }
}

/// The board file's body: points, the battlefields (485.4: two for two players, three for
/// three or four), a unit each, and for a combat the showdown and the two passes of Focus.
fn board_part(out: &mut String, players: &[String], shape: Shape) {
    let (first, second) = (&players[0], &players[1]);
    let points: Vec<String> = players.iter().map(|p| format!("{p}: 0")).collect();
    commented(
        out,
        &format!("points: {{ {} }}", points.join(", ")),
        "each player's points now (8 wins)",
    );
    let fields = if players.len() == 2 { 2 } else { 3 };
    if shape == Shape::Combat {
        commented(
            out,
            &format!(
                "showdown: {{ battlefield: Battlefield 1, combat: true, attacker: {first}, defender: {second}, focus: {first} }}"
            ),
            "the combat under way",
        );
    }
    commented(
        out,
        "board:",
        "what is in play: battlefields, units, gear, legends",
    );
    for k in 1..=fields {
        let (controller, why) = match (shape, k) {
            (Shape::Combat, 1) => (second.as_str(), "its controller (the attacker contests it)"),
            (_, 1) => (second.as_str(), "a battlefield and who controls it"),
            _ => ("none", "controller none: uncontrolled"),
        };
        commented(
            out,
            &format!(
                "  - {{ name: Battlefield {k}, kind: battlefield, controller: {controller} }}"
            ),
            why,
        );
    }
    for (k, p) in players.iter().enumerate() {
        // In a combat the attacker's and the defender's units stand at the battlefield; in a
        // board file the Turn Player's unit waits at base, the others' at the first battlefield.
        let at = match (shape, k) {
            (Shape::Combat, 0 | 1) | (Shape::Board, 1) => ", at: Battlefield 1",
            _ => "",
        };
        let name = ["Vanguard", "Loyal Poro", "Scout", "Runner"][k.min(3)];
        let why = if at.is_empty() {
            "a unit at its controller's base (no `at`)"
        } else {
            "a unit at a battlefield, with its Might"
        };
        commented(
            out,
            &format!(
                "  - {{ name: {name}, kind: unit, controller: {p}{at}, might: {} }}",
                3 + k % 2
            ),
            why,
        );
    }
    commented(out, "actions:", "what the players do from now on, in order");
    if shape == Shape::Combat {
        // Everyone passes Focus in a row (347.2.a), from the attacker who holds it.
        for (k, p) in players.iter().enumerate() {
            let why = match k {
                0 => "a pass of Focus (the attacker holds it)",
                _ if k + 1 == players.len() => {
                    "everyone passed: combat damage, then the Resolution Step"
                }
                _ => "a pass of Focus",
            };
            commented(out, &format!("  - pass: {p}"), why);
        }
    } else {
        commented(
            out,
            "  - move: { units: vanguard, to: Battlefield 1 }",
            "a standard move: the Turn Player's unit goes to a battlefield",
        );
    }
}

/// `chainjudge new`: the starting file on stdout (exit 0); exit 2 when `players` are not 2 to
/// 4 different plain names, or are names the file cannot hold (a reserved word, a number).
pub(super) fn run(out: &super::Out, board: bool, combat: bool, players: &[String]) -> i32 {
    let names: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    let mut seen = std::collections::HashSet::new();
    let plain = |p: &String| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
    };
    if !(2..=4).contains(&names.len()) || !names.iter().all(|p| plain(p) && seen.insert(p.clone()))
    {
        out.eprint(
            "error: --players takes 2 to 4 different names of letters and digits, e.g. --players Ana,Ben,Cho\n",
        );
        return 2;
    }
    let shape = match (board, combat) {
        (_, true) => Shape::Combat,
        (true, false) => Shape::Board,
        (false, false) => Shape::Chain,
    };
    // The file must load as printed: a name the format reserves (`none`) or reads as another
    // type (`true`, `12`) is refused here, with the loader's reason, not by `check` later.
    let text = starting_file(&names, shape);
    if let Err(p) = crate::situation::load("new", &text) {
        let why = p
            .problems
            .first()
            .map_or_else(String::new, |p| format!(" ({})", p.message));
        out.eprint(&format!(
            "error: --players {} would write a file that does not load{why}: choose other names\n",
            names.join(",")
        ));
        return 2;
    }
    out.print(&text);
    0
}
