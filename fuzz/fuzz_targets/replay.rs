//! Load, then replay under both editions and render every format (and the page's view): no input that loads may panic
//! or hang the engine, and the same input gives the same bytes.
#![no_main]

use chainjudge::situation::RulesChoice;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut s) = chainjudge::situation::load("fuzz.yaml", src) else {
        return;
    };
    // As the CLI does: a rulings file with no situation is not replayed.
    if !s.has_situation {
        return;
    }
    s.rules = RulesChoice::Both;
    // A bounded replay: the step limit stops a file that would loop.
    let report = chainjudge::replay_all(&s, Some(2_000));
    let style = chainjudge::render::Style {
        color: false,
        width: 80,
        steps: chainjudge::render::Steps::Compact,
    };
    let text = chainjudge::render::text(&report, style);
    let json = chainjudge::render::json(&report);
    let _ = chainjudge::render::markdown(&report);
    // The page's view: the text report's lines as JSON.
    let _ = chainjudge::render::view::view(&report);
    let again = chainjudge::replay_all(&s, Some(2_000));
    assert_eq!(text, chainjudge::render::text(&again, style), "text differs between runs");
    assert_eq!(json, chainjudge::render::json(&again), "JSON differs between runs");
    if s.expect.is_some() {
        for t in &report.traces {
            let _ = chainjudge::verify::mismatches(&s, t);
        }
    }
});
