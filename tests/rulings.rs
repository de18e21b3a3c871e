//! The rulings library as tests: a snapshot of the text replay of every rulings file, `verify`
//! over every file, and a replay of every file with all card names and ids renamed.

use chainjudge::cli::{verify_file, Verdict};
use chainjudge::edition::EditionId;
use chainjudge::render::{self, Style};
use chainjudge::situation::{self, ActionKind, EffectKind, ItemSpec, Situation, Trigger};
use chainjudge::{editions_of, engine, replay_all};
use std::collections::BTreeMap;
use std::path::Path;

fn load(path: &Path) -> Situation {
    let shown = format!("rulings/{}", path.file_name().unwrap().to_string_lossy());
    let text = std::fs::read_to_string(path).unwrap();
    situation::load(&shown, &text).unwrap_or_else(|p| panic!("{}", p.render(false, 100)))
}

/// Every file of `rulings/`, in name order.
fn ruling_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

/// Every rulings file that holds a situation, loaded.
fn situations() -> Vec<Situation> {
    ruling_files()
        .iter()
        .map(|f| load(f))
        .filter(|s| s.has_situation)
        .collect()
}

/// The text replay of a rulings file at 100 columns with `steps`, or `None` for a ruling
/// without a situation.
fn ruling_text(path: &Path, steps: render::Steps) -> Option<String> {
    let s = load(path);
    if !s.has_situation {
        return None;
    }
    let report = replay_all(&s, None);
    let style = Style {
        color: false,
        width: 100,
        steps,
    };
    Some(render::text(&report, style))
}

#[test]
fn replay_snapshots() {
    insta::glob!("../rulings", "*.yaml", |path| {
        if let Some(text) = ruling_text(path, render::Steps::Compact) {
            insta::assert_snapshot!(text);
        }
    });
}

/// The answer first (issue 20): every ruling replayed under both editions, compact, at 100 and
/// at 80 columns, starts its answer block within the first 8 lines, and no line is wider than
/// the width.
#[test]
fn every_ruling_answers_within_eight_lines_and_fits_the_width() {
    use unicode_width::UnicodeWidthStr;
    for s in situations() {
        let traces = [EditionId::July, EditionId::October]
            .into_iter()
            .map(|ed| engine::replay(&s, ed, None))
            .collect();
        let report = chainjudge::compare::Report::new(&s, traces);
        for width in [100u16, 80] {
            let text = render::text(
                &report,
                Style {
                    color: false,
                    width,
                    steps: render::Steps::Compact,
                },
            );
            let at = text.lines().position(|l| l.starts_with("Answer"));
            assert!(
                at.is_some_and(|i| i < 8),
                "{} at {width}: the answer starts at line {at:?}\n{text}",
                s.path
            );
            for line in text.lines() {
                assert!(
                    line.width() <= usize::from(width),
                    "{} at {width}: a line of {} columns:\n{line}",
                    s.path,
                    line.width()
                );
            }
        }
    }
}

/// The full trace of every ruling (`--steps all`), under test beside the compact default.
#[test]
fn replay_snapshots_all_steps() {
    insta::glob!("../rulings", "*.yaml", |path| {
        if let Some(text) = ruling_text(path, render::Steps::All) {
            insta::assert_snapshot!(text);
        }
    });
}

#[test]
fn every_ruling_verifies() {
    let files = ruling_files();
    assert!(
        files.len() >= 24,
        "the rulings library holds at least 24 files"
    );
    let mut failures = Vec::new();
    for f in &files {
        match verify_file(f, None) {
            Verdict::Pass(_) | Verdict::Skip => {}
            Verdict::Fail(lines) => failures.push(format!("{}: {lines:?}", f.display())),
            Verdict::Error(p) => failures.push(p.render(false, 100)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_ruling_has_its_ruling_block_and_expectations() {
    for f in ruling_files() {
        let s = load(&f);
        let r = s
            .ruling
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no `ruling`", f.display()));
        assert!(
            !r.sources.is_empty(),
            "{}: a ruling names its source",
            f.display()
        );
        if s.has_situation {
            assert!(
                s.expect.as_ref().is_some_and(|e| !e.is_empty()),
                "{}: no expect",
                f.display()
            );
        }
    }
}

/// Renames every card name and id in a situation (keeping `forbid_name` consistent with the
/// renamed names) and returns the map from new ids back to the old.
struct Renamer {
    ids: BTreeMap<String, String>,
    names: BTreeMap<String, String>,
    players: Vec<String>,
}

impl Renamer {
    fn id(&mut self, old: &str) -> String {
        // `that_unit` is a word of the format, not an id.
        if old == chainjudge::situation::THAT_UNIT {
            return old.to_string();
        }
        let (base, suffix) = match old.split_once('#') {
            Some((b, n)) => (b, Some(n)),
            None => (old, None),
        };
        let n = self.ids.len();
        let new = self
            .ids
            .entry(base.to_string())
            .or_insert_with(|| format!("q{n}z"))
            .clone();
        match suffix {
            Some(s) => format!("{new}#{s}"),
            None => new,
        }
    }

    fn name(&mut self, old: &str) -> String {
        let n = self.names.len();
        self.names
            .entry(old.trim().to_string())
            .or_insert_with(|| format!("Card Number {n}"))
            .clone()
    }

    fn item(&mut self, it: &mut ItemSpec) {
        it.id = self.id(&it.id.clone());
        it.name = self.name(&it.name.clone());
        // A trigger's item names its source (an item never chooses its own source).
        if let Some(src) = &mut it.source_id {
            *src = self.id(&src.clone());
        }
        for t in &mut it.targets {
            if !self.players.contains(t) {
                *t = self.id(&t.clone());
            }
        }
        for e in it.effects.iter_mut().chain(it.cost.iter_mut()) {
            if let Some(c) = &mut e.condition {
                if let Some(o) = &mut c.other_than {
                    *o = self.id(&o.clone());
                }
            }
            match &mut e.kind {
                EffectKind::Counter(x) => *x = self.id(&x.clone()),
                EffectKind::Kill(list) => {
                    for x in list {
                        *x = self.id(&x.clone());
                    }
                }
                EffectKind::Play(p) => self.item(p),
                EffectKind::ForbidName(n) => *n = self.name(&n.clone()),
                EffectKind::Damage { targets, .. }
                | EffectKind::Heal(targets)
                | EffectKind::Move { targets, .. }
                | EffectKind::Recall(targets)
                | EffectKind::ReturnToHand(targets)
                | EffectKind::Banish(targets)
                | EffectKind::Might { targets, .. }
                | EffectKind::Stun(targets)
                | EffectKind::Ready(targets)
                | EffectKind::Exhaust(targets) => {
                    for x in targets {
                        *x = self.id(&x.clone());
                    }
                }
                EffectKind::Text | EffectKind::ExtraTurn(_) | EffectKind::GainPoint(_) => {}
            }
        }
        if let Some(f) = &mut it.facedown {
            *f = self.id(&f.clone());
        }
        self.triggers(&mut it.triggers);
    }

    fn triggers(&mut self, ts: &mut [Trigger]) {
        for t in ts {
            self.item(&mut t.item);
        }
    }

    fn back(&self, new: &str) -> String {
        let (base, suffix) = match new.split_once('#') {
            Some((b, n)) => (b, Some(n)),
            None => (new, None),
        };
        let old = self
            .ids
            .iter()
            .find(|(_, v)| *v == base)
            .map_or(base, |(k, _)| k.as_str());
        match suffix {
            Some(s) => format!("{old}#{s}"),
            None => old.to_string(),
        }
    }
}

#[test]
fn renaming_cards_and_ids_changes_no_outcome() {
    let mut checked = 0;
    for s in situations() {
        let mut r = s.clone();
        let mut ren = Renamer {
            ids: BTreeMap::new(),
            names: BTreeMap::new(),
            players: s.players.clone(),
        };
        for b in &mut r.board {
            b.id = ren.id(&b.id.clone());
            b.name = ren.name(&b.name.clone());
            ren.triggers(&mut b.triggers);
        }
        for it in &mut r.chain {
            ren.item(it);
        }
        for a in &mut r.actions {
            match &mut a.kind {
                ActionKind::Play(it) => ren.item(it),
                ActionKind::Order(ids) => {
                    for id in ids.iter_mut() {
                        *id = ren.id(&id.clone());
                    }
                }
                ActionKind::Move { id, units, .. } => {
                    *id = ren.id(&id.clone());
                    for u in units.iter_mut() {
                        *u = ren.id(&u.clone());
                    }
                }
                ActionKind::Assign { id, to, .. } => {
                    *id = ren.id(&id.clone());
                    for (u, _) in to.iter_mut() {
                        *u = ren.id(&u.clone());
                    }
                }
                ActionKind::Pass(_) | ActionKind::EndTurn(_) | ActionKind::Begin(_) => {}
            }
        }
        for entries in &mut r.played_this_turn {
            for e in entries {
                e.name = ren.name(&e.name.clone());
            }
        }
        for ed in editions_of(&s) {
            let a = engine::replay(&s, ed, None);
            let b = engine::replay(&r, ed, None);
            let back = |v: &[String]| v.iter().map(|x| ren.back(x)).collect::<Vec<_>>();
            let name = s.path.clone();
            assert_eq!(
                a.outcome.resolved,
                back(&b.outcome.resolved),
                "{name} {ed:?}: resolved"
            );
            assert_eq!(
                a.outcome.countered,
                back(&b.outcome.countered),
                "{name}: countered"
            );
            assert_eq!(
                a.outcome.banished,
                back(&b.outcome.banished),
                "{name}: banished"
            );
            let refused =
                |o: &[(String, String)]| o.iter().map(|(i, _)| i.clone()).collect::<Vec<_>>();
            assert_eq!(
                refused(&a.outcome.refused),
                back(&refused(&b.outcome.refused)),
                "{name}: refused"
            );
            assert_eq!(
                refused(&a.outcome.unreached),
                back(&refused(&b.outcome.unreached)),
                "{name}: unreached"
            );
            assert_eq!(
                (a.outcome.priority, a.outcome.focus, a.outcome.state),
                (b.outcome.priority, b.outcome.focus, b.outcome.state),
                "{name}"
            );
            assert_eq!(a.outcome.next_turns, b.outcome.next_turns, "{name}");
            assert_eq!(a.outcome.killed, back(&b.outcome.killed), "{name}: killed");
            match (&a.outcome.board, &b.outcome.board) {
                (Some(x), Some(y)) => {
                    assert_eq!(x.points, y.points, "{name}: points");
                    assert_eq!(x.winner, y.winner, "{name}: winner");
                    let ctl = |v: &[(String, Option<usize>)]| {
                        v.iter().map(|(_, p)| *p).collect::<Vec<_>>()
                    };
                    assert_eq!(ctl(&x.control), ctl(&y.control), "{name}: control");
                    assert_eq!(ctl(&x.contested), ctl(&y.contested), "{name}: contested");
                    let loc = |v: &[(String, String)]| {
                        v.iter().map(|(i, _)| ren.back(i)).collect::<Vec<_>>()
                    };
                    assert_eq!(
                        x.locations
                            .iter()
                            .map(|(i, _)| i.clone())
                            .collect::<Vec<_>>(),
                        loc(&y.locations),
                        "{name}: the same objects"
                    );
                    assert_eq!(
                        x.damage.iter().map(|(_, d)| *d).collect::<Vec<_>>(),
                        y.damage.iter().map(|(_, d)| *d).collect::<Vec<_>>(),
                        "{name}: damage"
                    );
                    assert_eq!(x.combats.len(), y.combats.len(), "{name}: combats");
                }
                (None, None) => {}
                _ => panic!("{name}: board model differs"),
            }
            assert_eq!(a.steps.len(), b.steps.len(), "{name}: same number of steps");
            let cites = |t: &chainjudge::trace::Trace| {
                t.steps.iter().map(|s| s.cites.clone()).collect::<Vec<_>>()
            };
            assert_eq!(cites(&a), cites(&b), "{name}: same citations");
            assert!(ed == EditionId::July || ed == EditionId::October);
        }
        checked += 1;
    }
    assert!(checked >= 24);
}

#[test]
fn no_output_format_leaves_a_citation_placeholder_unfilled() {
    // Notes carry `{0}`, `{1}` for their citations; every format fills them with the
    // edition's numbers (JSON once printed the raw `{0}`).
    let mut checked = 0;
    for s in situations() {
        let report = replay_all(&s, None);
        let style = Style {
            color: false,
            width: 100,
            steps: render::Steps::Compact,
        };
        for out in [
            render::text(&report, style),
            render::markdown(&report),
            render::json(&report),
        ] {
            for k in 0..4 {
                assert!(
                    !out.contains(&format!("{{{k}}}")),
                    "{}: an unfilled {{{k}}}",
                    s.path
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}
