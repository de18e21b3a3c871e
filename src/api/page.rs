//! What only the web page needs beyond the CLI's JSON: one call that loads a situation once and
//! gives both the report the CLI prints with `--format json` (byte for byte) and the view the
//! text report is made of ([`crate::render::view`]), or the file's problems with every place a
//! page needs to draw them under the source line.

use crate::diag::FileProblems;
use crate::render::json_document;

/// The largest situation the page replays, in bytes (32 MiB); also the CLI's default
/// `--max-size`.
pub const PAGE_MAX_BYTES: usize = 32 << 20;

/// A replay for the page: `{"report": REPORT, "view": VIEW}`, where REPORT is exactly the text
/// [`super::replay_json`] returns (the CLI's `--format json`), written first and unchanged, and
/// VIEW is [`crate::render::view::view`], plus, for a file with `expect`, `"expect": {EDITION:
/// [mismatch]}` as `chainjudge verify` finds them (an empty list: it holds). A file that does
/// not load gives `{"problems": ...}` ([`problems_json`]), as does a text over
/// [`PAGE_MAX_BYTES`] (`too_large`). `rules` as for [`super::replay_json`].
pub fn replay_page_json(path: &str, text: &str, rules: &str) -> String {
    if text.len() > PAGE_MAX_BYTES {
        let p = FileProblems {
            path: path.to_string(),
            text: String::new(),
            problems: vec![crate::diag::Problem::new(
                "too_large",
                crate::yaml::Loc::default(),
                format!(
                    "{path} is {} bytes, more than the {PAGE_MAX_BYTES} bytes chainjudge reads",
                    text.len()
                ),
            )
            .help("a situation is a short YAML file: keep the Chain and the board to what the question needs")],
            during_replay: false,
        };
        return problems_json(&p);
    }
    let s = match super::load_for_replay(path, text, rules) {
        Ok(s) => s,
        Err(p) => return problems_json(&p),
    };
    let report = crate::replay_all(&s, None);
    let mut out = b"{\"report\": ".to_vec();
    if crate::render::write_json(&report, &mut out).is_err() {
        return json_document(&serde_json::json!({
            "error": { "code": "write", "message": "the report could not be written" }
        }));
    }
    let mut view = crate::render::view::view(&report);
    // The file's `expect`, checked as `chainjudge verify` checks it: per edition replayed, what
    // does not hold (empty: all of it holds).
    if s.expect.is_some() {
        let checked: serde_json::Map<String, serde_json::Value> = report
            .traces
            .iter()
            .map(|t| {
                let key = serde_json::to_value(t.edition)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                (key, serde_json::json!(crate::verify::mismatches(&s, t)))
            })
            .collect();
        view["expect"] = serde_json::Value::Object(checked);
    }
    out.extend_from_slice(b", \"view\": ");
    out.extend_from_slice(view.to_string().as_bytes());
    out.extend_from_slice(b"}\n");
    String::from_utf8(out).unwrap_or_default()
}

/// The problems of a file for the page: `{"problems": {"message", "total", "places": [{code,
/// message, label, help, line, column, end_line, end_column, also: [{line, column, label}]}]},
/// "error": ERROR}`, the first [`crate::diag::SHOWN_PROBLEMS`] of `total` placed. Lines and
/// columns are 1-based and count characters; `end_column` is the column just past the marked
/// text (on `end_line`). ERROR is the CLI's JSON error object.
pub fn problems_json(p: &FileProblems) -> String {
    let starts = crate::diag::LineStarts::new(&p.text);
    let at = |offset: usize| starts.line_col(&p.text, offset);
    let places: Vec<serde_json::Value> = p
        .problems
        .iter()
        .take(crate::diag::SHOWN_PROBLEMS)
        .map(|x| {
            let (line, column) = at(x.loc.offset);
            let (end_line, end_column) = at(x.loc.offset + x.loc.len.max(1));
            serde_json::json!({
                "code": x.code,
                "message": x.message,
                "label": x.label,
                "help": x.help,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "also": x.also.iter().map(|(loc, label)| {
                    let (line, column) = at(loc.offset);
                    serde_json::json!({ "line": line, "column": column, "label": label })
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut v = p.json();
    v["problems"] = serde_json::json!({
        "message": v["error"]["message"].clone(),
        "total": p.problems.len(),
        "places": places,
    });
    json_document(&v)
}
