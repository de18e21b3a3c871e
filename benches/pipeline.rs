//! Criterion benchmarks of the pipeline's stages: parse (the YAML alone), load (parse and
//! validate), replay (the engine under both editions), and render (text and JSON), on a bundled
//! ruling and on generated Chains of 1,000 and 10,000 items (the mix of `bench/board-scale.py`),
//! and of 100,000 with `CHAINJUDGE_BENCH_LARGE=1` (issue 23's size; slow). Run with `cargo
//! bench`; a regression shows in the stage that slowed. The whole-process timings, beside the
//! Python-libyaml baseline, are `bench/scale.sh`.

use chainjudge::render::{self, Style};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// A board situation of `items` Chain items over 10 units, as `bench/board-scale.py` writes it:
/// damage spells, kills of units with Deathknells, Might effects and conditional counters.
fn chain(items: usize) -> String {
    let units = 10;
    let mut out = String::from(
        "format: 1\ntitle: scale test\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\nboard:\n  - { name: Battlefield 1, kind: battlefield, controller: Ana }\n  - { name: Battlefield 2, kind: battlefield, controller: Ben }\n  - { name: Battlefield 3, kind: battlefield, controller: none }\n",
    );
    for u in 0..units {
        let owner = if u % 2 == 0 { "Ana" } else { "Ben" };
        let at = match (owner, u % 4) {
            ("Ana", 0) => "Battlefield 1",
            ("Ben", 1) => "Battlefield 2",
            _ => "base",
        };
        out += &format!(
            "  - {{ id: u{u}, name: Unit {u}, controller: {owner}, kind: unit, might: {}, at: {at}",
            2 + u % 5
        );
        if u % 10 == 0 {
            out += &format!(", triggers: [ {{ on: death, item: {{ id: dk{u}, name: Deathknell {u}, effects: [ {{ damage: {{ target: u{}, amount: 1 }} }} ] }} }} ]", (u + 2) % units);
        }
        out += " }\n";
    }
    out += "chain:\n";
    for i in 0..items {
        let who = if i % 2 == 0 { "Ana" } else { "Ben" };
        let kw = if i == 0 { "" } else { ", keyword: reaction" };
        let target = format!("u{}", (i * 7) % units);
        let eff = match i % 4 {
            0 => format!("{{ damage: {{ target: {target}, amount: {} }} }}", 1 + i % 3),
            1 => format!("{{ kill: u{} }}", (i * 10) % units),
            2 => format!("{{ might: {{ target: {target}, amount: 1 }} }}"),
            _ => format!("{{ counter: s{}, if: {{ played_this_turn: {{ by: opponent, kind: spell, at_least: 3 }} }} }}", i - 2),
        };
        out += &format!("  - {{ id: s{i}, name: Spell {i}, controller: {who}, kind: spell{kw}, effects: [ {eff} ] }}\n");
    }
    out
}

fn inputs() -> Vec<(String, String)> {
    let ruling = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulings/crumbling-sands-counters-first-of-two.yaml"
    ))
    .unwrap();
    let mut out = vec![
        ("ruling".to_string(), ruling),
        ("chain-1000".to_string(), chain(1_000)),
        ("chain-10000".to_string(), chain(10_000)),
    ];
    if std::env::var_os("CHAINJUDGE_BENCH_LARGE").is_some() {
        out.push(("chain-100000".to_string(), chain(100_000)));
    }
    out
}

fn pipeline(c: &mut Criterion) {
    // The full trace: the text writer's cost grows with every step it prints.
    let style = Style {
        color: false,
        width: 100,
        steps: chainjudge::render::Steps::All,
    };
    let mut g = c.benchmark_group("pipeline");
    g.sample_size(10);
    for (name, text) in inputs() {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("parse", &name), &text, |b, t| {
            b.iter(|| chainjudge::yaml::parse_tree(black_box(t)).is_ok());
        });
        g.bench_with_input(BenchmarkId::new("load", &name), &text, |b, t| {
            b.iter(|| chainjudge::situation::load("bench.yaml", black_box(t)).is_ok());
        });
        let s = chainjudge::situation::load("bench.yaml", &text).expect("the input loads");
        g.bench_with_input(BenchmarkId::new("replay", &name), &s, |b, s| {
            b.iter(|| chainjudge::replay_all(black_box(s), None).rows.len());
        });
        let report = chainjudge::replay_all(&s, None);
        g.bench_with_input(BenchmarkId::new("render-text", &name), &report, |b, r| {
            b.iter(|| render::write_text(black_box(r), style, &mut std::io::sink()));
        });
        // The default: the compact view (folding, short tellings, the layout's search).
        let compact = Style {
            steps: chainjudge::render::Steps::Compact,
            ..style
        };
        g.bench_with_input(
            BenchmarkId::new("render-compact", &name),
            &report,
            |b, r| {
                b.iter(|| render::write_text(black_box(r), compact, &mut std::io::sink()));
            },
        );
        g.bench_with_input(BenchmarkId::new("render-json", &name), &report, |b, r| {
            b.iter(|| render::write_json(black_box(r), &mut std::io::sink()));
        });
        // `next`: the full replay (for the step numbers) and one replay cut short per edition.
        g.bench_with_input(BenchmarkId::new("next", &name), &s, |b, s| {
            b.iter(|| {
                chainjudge::next::answers(black_box(s), chainjudge::next::Stop::Unwritten, None)
                    .map_or(0, |a| a.len())
            });
        });
    }
    g.finish();
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
