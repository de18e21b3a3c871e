//! Text in, JSON out: the entry points of the web page (`web/`), each the same library calls
//! the CLI makes for the matching command with `--format json`, so the page and the CLI answer
//! byte for byte alike.
//!
//! Every function returns one JSON document (pretty-printed, a newline at the end, with
//! `format_version`), as the CLI prints it; none panics on any input.

use crate::diag::{FileProblems, Problem};
use crate::edition::{EditionId, Editions};
use crate::render::json_document;
use crate::situation::{self, Situation};

mod page;
pub use page::{problems_json, replay_page_json, PAGE_MAX_BYTES};

/// The diagnostic for a file that is only a ruling, with nothing to replay.
pub fn no_situation(s: &Situation) -> FileProblems {
    FileProblems {
        path: s.path.clone(),
        text: s.source.clone(),
        problems: vec![Problem::new(
            "no_situation",
            crate::yaml::Loc::new(
                0,
                s.source
                    .find('\n')
                    .unwrap_or(s.source.len())
                    .max(1)
                    .min(s.source.len()),
            ),
            "this ruling has no situation to replay",
        )
        .label("only a `ruling`")
        .help(format!(
            "read it with `chainjudge ruling {}`; to make it replayable, add players, a chain and actions (situation format 1)",
            std::path::Path::new(&s.path)
                .file_stem()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ))],
        during_replay: false,
    }
}

/// `chainjudge replay PATH --format json` on `text`: the report, or the error object of a file
/// that does not load (`{"error": {code, message, path, problems: [{code, message, line,
/// column, help}]}}`). `path` is the name the report gives the file.
///
/// `rules`: `july`, `october` or `both` replays under those editions whatever the file's
/// `rules` key says (the CLI's `--rules`); anything else keeps the file's choice.
pub fn replay_json(path: &str, text: &str, rules: &str) -> String {
    let s = match load_for_replay(path, text, rules) {
        Ok(s) => s,
        Err(p) => return json_document(&p.json()),
    };
    let report = crate::replay_all(&s, None);
    let mut out = Vec::new();
    match crate::render::write_json(&report, &mut out) {
        Ok(()) => String::from_utf8(out).unwrap_or_default(),
        Err(e) => json_document(&serde_json::json!({
            "error": { "code": "write", "message": e.to_string() }
        })),
    }
}

/// `text` loaded as `path`, replayed under `rules` (as for [`replay_json`]); the problems of a
/// file that does not load or holds only a ruling.
fn load_for_replay(path: &str, text: &str, rules: &str) -> Result<Situation, FileProblems> {
    let mut s = situation::load(path, text)?;
    s.rules = match rules {
        "july" => situation::RulesChoice::July,
        "october" => situation::RulesChoice::October,
        "both" => situation::RulesChoice::Both,
        _ => s.rules,
    };
    if s.has_situation {
        Ok(s)
    } else {
        Err(no_situation(&s))
    }
}

/// `chainjudge next PATH --format json` on `text` (with `--at AT` when `at` is above 0): what
/// may happen next, or the error object of a file that does not load, or, for an `at` past the
/// full replay's last step, `{"error": {"code": "no_such_step", message, asked, steps}}`. `rules`
/// as for [`replay_json`].
pub fn next_json(path: &str, text: &str, rules: &str, at: usize) -> String {
    let s = match load_for_replay(path, text, rules) {
        Ok(s) => s,
        Err(p) => return json_document(&p.json()),
    };
    let stop = if at == 0 {
        crate::next::Stop::Unwritten
    } else {
        crate::next::Stop::After(at)
    };
    match crate::next::answers(&s, stop, None) {
        Ok(a) => crate::render::next_json(&s, &a),
        Err(e) => json_document(&serde_json::json!({
            "error": { "code": "no_such_step", "message": e.to_string(), "asked": e.asked, "steps": e.steps }
        })),
    }
}

/// The edition `word` names (`july`, `october`), else the one in force on `date` (YYYY-MM-DD).
fn edition_of(word: &str, date: &str) -> EditionId {
    match word {
        "july" => EditionId::July,
        "october" => EditionId::October,
        _ => Editions::get().in_force(date).unwrap_or(EditionId::July),
    }
}

/// `chainjudge rule QUERY --rules EDITION --format json`: a rule by number (`{"rule": ...}`,
/// with its sub-rules when `tree`), or a search by words (`{"query", "edition", "hits"}`, with
/// `suggestions` when nothing matched); an unknown number gives `{"error": {"code":
/// "not_found", ...}}`. `edition`: `july`, `october`, or empty for the one in force on `date`.
pub fn rule_json(query: &str, edition: &str, date: &str, tree: bool, limit: usize) -> String {
    rule_answer(query, edition_of(edition, date), tree, false, limit).0
}

/// [`rule_json`] in `edition`, searching by words even for a number when `force_search`; and
/// whether anything was found.
pub fn rule_answer(
    query: &str,
    edition: EditionId,
    tree: bool,
    force_search: bool,
    limit: usize,
) -> (String, bool) {
    use crate::lookup::{Answer, LookupError};
    match crate::lookup::answer(query, edition, tree, force_search, limit) {
        Answer::Rule(v) => {
            let other = crate::show::other_line(&v);
            let v = serde_json::json!({ "rule": v, "other_edition": other });
            (json_document(&v), true)
        }
        Answer::NotFound(LookupError::NotFound {
            number,
            hint,
            nearest,
        }) => (
            json_document(&serde_json::json!({
                "error": { "code": "not_found", "number": number, "edition": edition, "help": hint, "nearest": nearest }
            })),
            false,
        ),
        Answer::Hits(hits, suggestions) if hits.is_empty() => {
            let v = serde_json::json!({ "query": query, "edition": edition, "hits": hits, "suggestions": suggestions });
            (json_document(&v), false)
        }
        Answer::Hits(hits, _) => {
            let v = serde_json::json!({ "query": query, "edition": edition, "hits": hits });
            (json_document(&v), true)
        }
    }
}

/// `chainjudge ruling QUERY --format json` read on `date`: the matching rulings, best first
/// (`{"query", "date", "edition", "total", "hits": [{score, matched, ruling}]}`), at most
/// `limit`. `edition` as for [`rule_json`].
pub fn ruling_json(query: &str, edition: &str, date: &str, limit: usize) -> String {
    let shown = edition_of(edition, date);
    let asked = match edition {
        "july" => Some(EditionId::July),
        "october" => Some(EditionId::October),
        _ => None,
    };
    let (hits, total) = crate::rulings::search::answer(
        query.trim(),
        &crate::rulings::Filter::default(),
        asked,
        limit,
    );
    ruling_hits_json(query, date, shown, &hits, total)
}

/// The JSON of `ruling QUERY`: `hits` (of `total` before the limit), each ruling shown in
/// `edition` as read on `date`.
pub fn ruling_hits_json(
    query: &str,
    date: &str,
    edition: EditionId,
    hits: &[crate::rulings::search::RulingHit],
    total: usize,
) -> String {
    json_document(&serde_json::json!({
        "query": query,
        "date": date,
        "edition": edition,
        "total": total,
        "hits": hits.iter().map(|h| serde_json::json!({
            "score": h.score,
            "matched": h.matched,
            "ruling": crate::rulings::show::ruling_json(h.ruling, date, edition),
        })).collect::<Vec<_>>(),
    }))
}

/// The situation file of ruling `id`, as bundled (empty when the ruling has none).
pub fn ruling_situation(id: &str) -> String {
    crate::rulings::all()
        .iter()
        .find(|r| r.id == id)
        .map_or_else(String::new, |r| r.text.to_string())
}

/// The rulings that have a situation to replay, in file-name order: `{"rulings": [{"id",
/// "title"}]}`.
pub fn replayable_json() -> String {
    let list: Vec<serde_json::Value> = crate::rulings::all()
        .iter()
        .filter(|r| !r.text.is_empty())
        .map(|r| serde_json::json!({ "id": r.id, "title": r.heading() }))
        .collect();
    json_document(&serde_json::json!({ "rulings": list }))
}

/// The card names the bundled rulings' `cards:` lists give, sorted and each once: `{"cards":
/// [...]}` (the page suggests them when a judge writes a play).
pub fn card_names_json() -> String {
    let names: Vec<&str> = crate::rulings::cards().iter().map(|c| c.name).collect();
    json_document(&serde_json::json!({ "cards": names }))
}

/// What the build carries: its version, the editions with their dates and rule counts, and the
/// number of rulings (`{"version", "editions": [...], "rulings", "replayable"}`).
pub fn about_json() -> String {
    let e = Editions::get();
    let all = crate::rulings::all();
    let editions: Vec<serde_json::Value> = [EditionId::July, EditionId::October]
        .iter()
        .map(|&ed| {
            let book = e.edition(ed);
            serde_json::json!({
                "edition": ed,
                "title": format!("{} 2026 Core Rules", ed.title()),
                "last_updated": book.last_updated,
                "in_force_from": book.in_force_from,
            })
        })
        .collect();
    json_document(&serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "editions": editions,
        "rulings": all.len(),
        "replayable": all.iter().filter(|r| !r.text.is_empty()).count(),
    }))
}

#[cfg(test)]
mod tests {
    /// The card names are the rulings' own, each once and sorted: Crumbling Sands is among
    /// them, and every name is in some ruling's `cards:`.
    #[test]
    fn card_names_are_the_rulings_cards_sorted_once() {
        let v: serde_json::Value = serde_json::from_str(&super::card_names_json()).unwrap();
        let names: Vec<&str> = v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert!(names.contains(&"Crumbling Sands"), "{names:?}");
        assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
        for n in &names {
            assert!(
                crate::rulings::all().iter().any(|r| r.cards.contains(n)),
                "{n}"
            );
        }
    }
}
