//! `verify`: every file replayed and checked against its `expect`, reported as a line per
//! file (text), as JSON, or as JUnit XML for CI systems.

use super::files::{verify_file, Verdict};
use super::*;

/// One file's result.
struct FileResult {
    file: String,
    verdict: Verdict,
}

/// Runs `verify`: 0 when every file passes (or is skipped), 1 on a mismatch, 2 on bad input.
pub(super) fn verify_cmd(
    out: &Out,
    paths: &[PathBuf],
    max_steps: Option<usize>,
    format: VerifyFormat,
) -> i32 {
    let files = files::expand(paths);
    if files.is_empty() {
        out.eprint("error: no .yaml files found in the paths given\n");
        return 2;
    }
    let results: Vec<FileResult> = files
        .iter()
        .map(|f| FileResult {
            file: f.display().to_string(),
            verdict: verify_file(f, max_steps),
        })
        .collect();
    let count = |pred: fn(&Verdict) -> bool| results.iter().filter(|r| pred(&r.verdict)).count();
    let passed = count(|v| matches!(v, Verdict::Pass(_)));
    let failed = count(|v| matches!(v, Verdict::Fail(_)));
    let skipped = count(|v| matches!(v, Verdict::Skip));
    let errors = count(|v| matches!(v, Verdict::Error(_)));
    match format {
        VerifyFormat::Text => {
            for r in &results {
                out.text(&text_line(r));
                if let Verdict::Error(p) = &r.verdict {
                    out.problems(p);
                }
            }
            // Bad input is counted apart from a mismatch, as in the JSON and JUnit reports.
            let errors = match errors {
                0 => String::new(),
                1 => ", 1 error (bad input)".to_string(),
                n => format!(", {n} errors (bad input)"),
            };
            out.text(&format!(
                "{passed} passed, {failed} failed{errors}, {skipped} skipped\n"
            ));
        }
        VerifyFormat::Json => out.print(&json_out(&serde_json::json!({
            "files": results.iter().map(file_json).collect::<Vec<_>>(),
            "passed": passed,
            "failed": failed,
            "errors": errors,
            "skipped": skipped,
        }))),
        VerifyFormat::Junit => {
            for r in &results {
                if let Verdict::Error(p) = &r.verdict {
                    out.problems(p);
                }
            }
            out.print(&junit(&results, failed, errors, skipped));
        }
    }
    if errors > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

fn text_line(r: &FileResult) -> String {
    let shown = &r.file;
    match &r.verdict {
        Verdict::Pass(eds) => {
            let eds: Vec<&str> = eds.iter().map(|e| e.word()).collect();
            format!("ok    {shown} ({})\n", eds.join(", "))
        }
        Verdict::Fail(fails) => {
            let mut text = format!("FAIL  {shown}\n");
            for (ed, lines) in fails {
                for l in lines {
                    text.push_str(&format!("      {}: {l}\n", ed.word()));
                }
            }
            text
        }
        Verdict::Skip => format!("skip  {shown} (a ruling with no situation)\n"),
        Verdict::Error(_) => format!("ERROR {shown}\n"),
    }
}

fn file_json(r: &FileResult) -> serde_json::Value {
    match &r.verdict {
        Verdict::Pass(eds) => {
            serde_json::json!({"file": r.file, "status": "pass", "editions": eds})
        }
        Verdict::Fail(fails) => serde_json::json!({
            "file": r.file,
            "status": "fail",
            "failures": fails.iter().flat_map(|(ed, lines)| lines.iter().map(move |l| {
                serde_json::json!({"edition": ed, "difference": l})
            })).collect::<Vec<_>>(),
        }),
        Verdict::Skip => serde_json::json!({"file": r.file, "status": "skip"}),
        Verdict::Error(p) => serde_json::json!({
            "file": r.file,
            "status": "error",
            "error": p.json()["error"],
        }),
    }
}

/// Text made safe inside XML attributes and elements.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The results as JUnit XML: one test case per file, a failure per mismatch, an error per
/// file with bad input, a skipped case per ruling without a situation.
fn junit(results: &[FileResult], failed: usize, errors: usize, skipped: usize) -> String {
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str(&format!(
        "<testsuites name=\"chainjudge verify\" tests=\"{n}\" failures=\"{failed}\" errors=\"{errors}\" skipped=\"{skipped}\">\n  <testsuite name=\"chainjudge verify\" tests=\"{n}\" failures=\"{failed}\" errors=\"{errors}\" skipped=\"{skipped}\">\n",
        n = results.len()
    ));
    for r in results {
        let name = xml(&r.file);
        match &r.verdict {
            Verdict::Pass(_) => {
                x.push_str(&format!("    <testcase classname=\"chainjudge.verify\" name=\"{name}\"/>\n"));
            }
            Verdict::Skip => x.push_str(&format!(
                "    <testcase classname=\"chainjudge.verify\" name=\"{name}\">\n      <skipped message=\"a ruling with no situation\"/>\n    </testcase>\n"
            )),
            Verdict::Fail(fails) => {
                let lines: Vec<String> = fails
                    .iter()
                    .flat_map(|(ed, ls)| ls.iter().map(move |l| format!("{}: {l}", ed.word())))
                    .collect();
                x.push_str(&format!(
                    "    <testcase classname=\"chainjudge.verify\" name=\"{name}\">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml(lines.first().map_or("", String::as_str)),
                    xml(&lines.join("\n"))
                ));
            }
            Verdict::Error(p) => {
                let lines: Vec<String> = p
                    .problems
                    .iter()
                    .map(|q| {
                        let (l, c) = p.line_col(q);
                        format!("{}:{l}:{c}: {} [{}]", r.file, q.message, q.code)
                    })
                    .collect();
                x.push_str(&format!(
                    "    <testcase classname=\"chainjudge.verify\" name=\"{name}\">\n      <error message=\"{}\">{}</error>\n    </testcase>\n",
                    xml(lines.first().map_or("", String::as_str)),
                    xml(&lines.join("\n"))
                ));
            }
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}
