//! A differential of invariants that need no second engine (issue 19): board situations are
//! generated from four seeds, each replayed under both editions, and checked for what the
//! format promises whatever the situation:
//!
//! 1. every unit an accepted play chooses (an effect naming it, not written `chooses: false`)
//!    fires its `chosen` trigger once for that play (383.4.b.2), and no other unit's fires;
//! 2. no play is accepted naming a target that is not there, or outside its effect's
//!    `target_at` (358.1), or moving a unit to where it stands (355.4.a); every play naming
//!    only legal targets is accepted;
//! 3. the replay is the same, step for step, after the keys inside each map entry are
//!    permuted;
//! 4. every citation resolves to a rule of its edition (an unconfirmed October one to a July
//!    rule).
//!
//! Each situation: Ana's spell X and then Ben's Reaction spell Y, each with one to three board
//! effects naming board units (some with a `chosen` trigger) or `late`, a unit item Ana plays
//! only at the end; then Ana plays `late`. Both spells are checked against the starting board:
//! nothing resolves before Y is played.

use chainjudge::edition::{Cited, EditionId, Editions};
use chainjudge::engine;
use chainjudge::situation::{self, Situation};
use chainjudge::trace::Trace;

/// A small deterministic generator (SplitMix64): the same seed, the same situations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A YAML value written in flow style, with its map keys in a chosen order.
enum V {
    S(String),
    L(Vec<V>),
    M(Vec<(&'static str, V)>),
}

fn s(x: impl ToString) -> V {
    V::S(x.to_string())
}

impl V {
    /// Flow YAML; with `shuffle`, each map's keys in a random order.
    fn flow(&self, shuffle: &mut Option<Rng>) -> String {
        match self {
            V::S(x) => x.clone(),
            V::L(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(|v| v.flow(shuffle))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            V::M(pairs) => {
                let mut order: Vec<usize> = (0..pairs.len()).collect();
                if let Some(r) = shuffle {
                    for i in (1..order.len()).rev() {
                        order.swap(i, r.below(i + 1));
                    }
                }
                let parts: Vec<String> = order
                    .iter()
                    .map(|&i| format!("{}: {}", pairs[i].0, pairs[i].1.flow(shuffle)))
                    .collect();
                format!("{{ {} }}", parts.join(", "))
            }
        }
    }
}

/// Where a unit is at the start.
#[derive(Clone, Copy, PartialEq)]
enum At {
    Base,
    Bf1,
    Bf2,
}

struct Unit {
    id: String,
    ana: bool,
    at: At,
    might: i64,
    watch: bool,
}

/// One generated effect: the ids it names, whether it chooses them, its `target_at`.
struct Eff {
    v: V,
    ids: Vec<String>,
    chooses: bool,
    target_at: Option<&'static str>,
    /// A move's destination.
    to: Option<At>,
}

struct Spell {
    id: &'static str,
    effects: Vec<Eff>,
}

impl Spell {
    /// The ids it chooses, each once.
    fn chosen(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for e in self.effects.iter().filter(|e| e.chooses) {
            for id in &e.ids {
                if !out.contains(id) {
                    out.push(id.clone());
                }
            }
        }
        out
    }

    /// Whether every chosen id is a unit on the starting board that meets its effect's
    /// `target_at` there (358.1) and, for a move, is not already at its destination (355.4.a).
    fn legal(&self, units: &[Unit]) -> bool {
        self.effects.iter().filter(|e| e.chooses).all(|e| {
            e.ids.iter().all(|id| {
                units
                    .iter()
                    .find(|u| &u.id == id)
                    .is_some_and(|u| meets(u.at, e.target_at) && e.to != Some(u.at))
            })
        })
    }
}

fn meets(at: At, target_at: Option<&str>) -> bool {
    match target_at {
        None => true,
        Some("base") => at == At::Base,
        Some("battlefield") => at != At::Base,
        Some("Battlefield 1") => at == At::Bf1,
        Some(_) => at == At::Bf2,
    }
}

struct Case {
    units: Vec<Unit>,
    x: Spell,
    y: Spell,
    /// The situation, as a tree: top-level keys in order, with block lists of flow entries.
    board: Vec<V>,
    actions: Vec<V>,
}

fn effect(r: &mut Rng, units: &[Unit]) -> Eff {
    let kinds = ["damage", "might", "heal", "stun", "recall", "move", "kill"];
    let kind = kinds[r.below(kinds.len())];
    // One or two ids; a move names one controller's units.
    let mut pool: Vec<&Unit> = units.iter().collect();
    if kind == "move" {
        let ana = r.chance(50);
        pool.retain(|u| u.ana == ana);
    }
    let mut ids: Vec<String> = Vec::new();
    for _ in 0..1 + r.below(2) {
        if let Some(u) = pool.get(r.below(pool.len().max(1))) {
            if !ids.contains(&u.id) {
                ids.push(u.id.clone());
            }
        }
    }
    // `late` is Ana's unit item, played only at the end: not on the board before.
    if r.chance(12) && (kind != "move" || pool.first().is_some_and(|u| u.ana)) {
        ids.push("late".into());
    }
    if ids.is_empty() {
        ids.push(units[0].id.clone());
    }
    let target = if ids.len() == 1 {
        s(&ids[0])
    } else {
        V::L(ids.iter().map(s).collect())
    };
    let mut dest = None;
    let mut pairs: Vec<(&'static str, V)> = match kind {
        "damage" => vec![(
            "damage",
            V::M(vec![("target", target), ("amount", s(1 + r.below(4)))]),
        )],
        "might" => vec![(
            "might",
            V::M(vec![
                ("target", target),
                ("amount", s([-2, -1, 1, 2][r.below(4)])),
            ]),
        )],
        "move" => {
            let ana = units.iter().find(|u| u.id == ids[0]).is_none_or(|u| u.ana);
            let (to, at) = match (ana, r.chance(50)) {
                (_, true) => ("base", At::Base),
                (true, false) => ("Battlefield 1", At::Bf1),
                (false, false) => ("Battlefield 2", At::Bf2),
            };
            dest = Some(at);
            vec![("move", V::M(vec![("target", target), ("to", s(to))]))]
        }
        k => vec![(k, target)],
    };
    let chooses = !r.chance(20);
    if !chooses {
        pairs.push(("chooses", s("false")));
    }
    let target_at = if r.chance(25) {
        Some(["base", "battlefield", "Battlefield 1", "Battlefield 2"][r.below(4)])
    } else {
        None
    };
    if let Some(t) = target_at {
        pairs.push(("target_at", s(t)));
    }
    Eff {
        v: V::M(pairs),
        ids,
        chooses,
        target_at,
        to: dest,
    }
}

fn spell(r: &mut Rng, id: &'static str, units: &[Unit]) -> Spell {
    let n = 1 + r.below(3);
    Spell {
        id,
        effects: (0..n).map(|_| effect(r, units)).collect(),
    }
}

/// The `order` action for the chosen triggers `spell` adds, per controller with two or more
/// (383.3.d); `fired` counts each trigger's instances so far, for their ids (`u1-watch#2`).
fn order_for(spell: &Spell, units: &[Unit], fired: &mut Vec<(String, usize)>) -> Vec<V> {
    let mut per: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for id in spell.chosen() {
        let Some(u) = units.iter().find(|u| u.id == id && u.watch) else {
            continue;
        };
        let tid = format!("{}-watch", u.id);
        let n = match fired.iter_mut().find(|(t, _)| *t == tid) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                fired.push((tid.clone(), 1));
                1
            }
        };
        let iid = if n == 1 { tid } else { format!("{tid}#{n}") };
        per[usize::from(!u.ana)].push(iid);
    }
    per.into_iter()
        .filter(|ids| ids.len() > 1)
        .map(|ids| V::M(vec![("order", V::L(ids.into_iter().map(s).collect()))]))
        .collect()
}

fn generate(r: &mut Rng) -> Case {
    let mut units = vec![
        Unit {
            id: "warden".into(),
            ana: true,
            at: At::Bf1,
            might: 3,
            watch: false,
        },
        Unit {
            id: "guard".into(),
            ana: false,
            at: At::Bf2,
            might: 3,
            watch: false,
        },
    ];
    for i in 1..=2 + r.below(4) {
        let ana = r.chance(50);
        let at = match (r.below(2), ana) {
            (0, _) => At::Base,
            (_, true) => At::Bf1,
            (_, false) => At::Bf2,
        };
        units.push(Unit {
            id: format!("u{i}"),
            ana,
            at,
            might: 2 + r.below(4) as i64,
            watch: r.chance(60),
        });
    }
    let mut board = vec![
        V::M(vec![
            ("name", s("Battlefield 1")),
            ("kind", s("battlefield")),
            ("controller", s("Ana")),
        ]),
        V::M(vec![
            ("name", s("Battlefield 2")),
            ("kind", s("battlefield")),
            ("controller", s("Ben")),
        ]),
    ];
    for u in &units {
        let mut pairs = vec![
            ("id", s(&u.id)),
            ("name", s(format!("Unit {}", u.id))),
            ("controller", s(if u.ana { "Ana" } else { "Ben" })),
            ("kind", s("unit")),
            ("might", s(u.might)),
        ];
        match u.at {
            At::Base => {}
            At::Bf1 => pairs.push(("at", s("Battlefield 1"))),
            At::Bf2 => pairs.push(("at", s("Battlefield 2"))),
        }
        if u.watch {
            let item = V::M(vec![
                ("id", s(format!("{}-watch", u.id))),
                ("name", s(format!("{} Watch", u.id))),
                (
                    "effects",
                    V::L(vec![V::M(vec![("text", s("it was chosen"))])]),
                ),
            ]);
            pairs.push((
                "triggers",
                V::L(vec![V::M(vec![("on", s("chosen")), ("item", item)])]),
            ));
        }
        board.push(V::M(pairs));
    }
    let x = spell(r, "x", &units);
    let y = spell(r, "y", &units);
    let play = |sp: &Spell, who: &str, reaction: bool| {
        let mut pairs = vec![
            ("id", s(sp.id)),
            ("name", s(format!("Spell {}", sp.id))),
            ("controller", s(who)),
            ("kind", s("spell")),
        ];
        if reaction {
            pairs.push(("keyword", s("reaction")));
        }
        pairs.push((
            "effects",
            V::L(
                sp.effects
                    .iter()
                    .map(|e| match &e.v {
                        V::M(p) => V::M(
                            p.iter()
                                .map(|(k, v)| (*k, v.flow(&mut None)))
                                .map(|(k, v)| (k, V::S(v)))
                                .collect(),
                        ),
                        _ => unreachable!(),
                    })
                    .collect(),
            ),
        ));
        V::M(vec![("play", V::M(pairs))])
    };
    let mut fired = Vec::new();
    let mut actions = vec![play(&x, "Ana", false)];
    if x.legal(&units) {
        actions.extend(order_for(&x, &units, &mut fired));
    }
    actions.push(play(&y, "Ben", true));
    if x.legal(&units) && y.legal(&units) {
        actions.extend(order_for(&y, &units, &mut fired));
    }
    actions.push(V::M(vec![(
        "play",
        V::M(vec![
            ("id", s("late")),
            ("name", s("Late Arrival")),
            ("controller", s("Ana")),
            ("kind", s("unit")),
            ("might", s(1)),
        ]),
    )]));
    Case {
        units,
        x,
        y,
        board,
        actions,
    }
}

/// The situation file; with `shuffle`, every map entry's keys permuted.
fn yaml(c: &Case, shuffle: Option<Rng>) -> String {
    let mut shuffle = shuffle;
    let mut out =
        String::from("format: 1\ntitle: generated\nplayers: [Ana, Ben]\nturn: Ana\nboard:\n");
    for b in &c.board {
        out.push_str(&format!("  - {}\n", b.flow(&mut shuffle)));
    }
    out.push_str("actions:\n");
    for a in &c.actions {
        out.push_str(&format!("  - {}\n", a.flow(&mut shuffle)));
    }
    out
}

fn load(text: &str) -> Situation {
    situation::load("generated.yaml", text)
        .unwrap_or_else(|p| panic!("{}\n{text}", p.render(false, 100)))
}

/// How many instances of `tid` (`tid`, `tid#2`, ...) resolved.
fn resolved_instances(t: &Trace, tid: &str) -> usize {
    t.outcome
        .resolved
        .iter()
        .filter(|id| *id == tid || id.strip_prefix(tid).is_some_and(|r| r.starts_with('#')))
        .count()
}

fn ids(list: &[(String, String)]) -> Vec<&str> {
    list.iter().map(|(i, _)| i.as_str()).collect()
}

/// Checks the invariants on one case; returns the problems found.
fn check(c: &Case, text: &str, seed: u64) -> Vec<String> {
    let s = load(text);
    let mut problems = Vec::new();
    let x_ok = c.x.legal(&c.units);
    let y_ok = x_ok && c.y.legal(&c.units);
    let books = Editions::get();
    for ed in [EditionId::July, EditionId::October] {
        let t = engine::replay(&s, ed, None);
        let mut bad = |what: String| problems.push(format!("{ed:?}: {what}"));
        if let Some(e) = &t.error {
            bad(format!("replay error: {}", e.message));
            continue;
        }
        let refused = ids(&t.outcome.refused);
        let unreached = ids(&t.outcome.unreached);
        // 2: a play is accepted exactly when all it chooses is there and where it may be.
        if refused.contains(&"x") == x_ok {
            bad(format!("x legal: {x_ok}, refused: {refused:?}"));
        }
        if x_ok && refused.contains(&"y") == y_ok {
            bad(format!("y legal: {y_ok}, refused: {refused:?}"));
        }
        if !x_ok && !unreached.contains(&"y") {
            bad(format!("x refused, y not unreached: {unreached:?}"));
        }
        // 1: each chosen unit's trigger, once per accepted play choosing it.
        for u in c.units.iter().filter(|u| u.watch) {
            let want = usize::from(x_ok && c.x.chosen().contains(&u.id))
                + usize::from(y_ok && c.y.chosen().contains(&u.id));
            let got = resolved_instances(&t, &format!("{}-watch", u.id));
            if got != want {
                bad(format!("{}-watch resolved {got} times, want {want}", u.id));
            }
        }
        // 4: every citation is a rule of its edition.
        for cite in t.citations() {
            let ok = match books.edition(ed).resolve(cite) {
                Cited::Rule { number } | Cited::Inferred { number } => match ed {
                    EditionId::July => books.july_rules.iter().any(|r| r.number == number),
                    EditionId::October => books
                        .october_rules
                        .iter()
                        .any(|r| r.number == Some(number.as_str())),
                },
                Cited::Unconfirmed { july } => books.july_rules.iter().any(|r| r.number == july),
                Cited::Source { .. } | Cited::Omitted => true,
            };
            if !ok {
                bad(format!("{cite:?} is no rule of this edition"));
            }
        }
        // 3: the same replay with every map entry's keys permuted.
        let permuted = yaml(c, Some(Rng(seed ^ 0x5EED)));
        let u = engine::replay(&load(&permuted), ed, None);
        if u.steps != t.steps || u.outcome != t.outcome {
            bad(format!("a key permutation changes the replay:\n{permuted}"));
        }
    }
    problems
}

#[test]
fn generated_board_situations_keep_the_invariants() {
    let mut failures = Vec::new();
    let (mut accepted, mut refused, mut fired) = (0, 0, 0);
    for seed in [19, 1919, 20261203, 0xC4A1] {
        let mut r = Rng(seed);
        for n in 0..150 {
            let c = generate(&mut r);
            let text = yaml(&c, None);
            let x_ok = c.x.legal(&c.units);
            if x_ok {
                accepted += 1;
            } else {
                refused += 1;
            }
            fired += usize::from(
                x_ok && c
                    .units
                    .iter()
                    .any(|u| u.watch && c.x.chosen().contains(&u.id)),
            );
            let p = check(&c, &text, seed.wrapping_add(n));
            if !p.is_empty() {
                failures.push(format!("seed {seed}, case {n}:\n{}\n{text}", p.join("\n")));
            }
        }
    }
    // The generator reaches both sides of each invariant.
    assert!(
        accepted > 100 && refused > 50 && fired > 50,
        "{accepted} {refused} {fired}"
    );
    assert!(
        failures.is_empty(),
        "{} of 600 cases break an invariant; the first:\n{}",
        failures.len(),
        failures[0]
    );
}
