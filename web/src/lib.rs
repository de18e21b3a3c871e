//! The web page's bindings: each function is one of [`chainjudge::api`]'s, so the page answers
//! exactly as the CLI's `--format json` does. Strings in, one JSON document out.

use wasm_bindgen::prelude::wasm_bindgen;

/// `chainjudge replay PATH --format json` on `text` ([`chainjudge::api::replay_json`]).
#[wasm_bindgen]
pub fn replay_json(path: &str, text: &str, rules: &str) -> String {
    chainjudge::api::replay_json(path, text, rules)
}

/// The rulings with a situation to replay ([`chainjudge::api::replayable_json`]).
#[wasm_bindgen]
pub fn replayable_json() -> String {
    chainjudge::api::replayable_json()
}

/// A rule by number or a search by words ([`chainjudge::api::rule_json`]).
#[wasm_bindgen]
pub fn rule_json(query: &str, edition: &str, date: &str, tree: bool, limit: usize) -> String {
    chainjudge::api::rule_json(query, edition, date, tree, limit)
}

/// A search of the rulings library ([`chainjudge::api::ruling_json`]).
#[wasm_bindgen]
pub fn ruling_json(query: &str, edition: &str, date: &str, limit: usize) -> String {
    chainjudge::api::ruling_json(query, edition, date, limit)
}

/// The bundled situation of ruling `id`, or "" ([`chainjudge::api::ruling_situation`]).
#[wasm_bindgen]
pub fn ruling_situation(id: &str) -> String {
    chainjudge::api::ruling_situation(id)
}

/// The card names of the bundled rulings, sorted ([`chainjudge::api::card_names_json`]).
#[wasm_bindgen]
pub fn card_names_json() -> String {
    chainjudge::api::card_names_json()
}

/// The editions and rulings this build carries ([`chainjudge::api::about_json`]).
#[wasm_bindgen]
pub fn about_json() -> String {
    chainjudge::api::about_json()
}

/// A replay for the page: the CLI's JSON report and the text report's lines, from one load, or
/// the file's problems with their places ([`chainjudge::api::replay_page_json`]).
#[wasm_bindgen]
pub fn replay_page_json(path: &str, text: &str, rules: &str) -> String {
    chainjudge::api::replay_page_json(path, text, rules)
}

/// What may happen next in a situation ([`chainjudge::api::next_json`]); `at` 0: where the
/// written actions run out.
#[wasm_bindgen]
pub fn next_json(path: &str, text: &str, rules: &str, at: usize) -> String {
    chainjudge::api::next_json(path, text, rules, at)
}
