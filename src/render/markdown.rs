//! The replay report as Markdown, for pasting into a ruling write-up: the header, the steps as
//! a table, the summary and the notes.

use super::*;

/// `s` for a Markdown table cell: `|` escaped, HTML written as text, line breaks as `<br>`.
fn md_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('|', "\\|")
        .replace('\n', "<br>")
}

/// The report as Markdown, for pasting into a ruling write-up.
pub fn markdown(r: &Report) -> String {
    let s = r.situation;
    let eds = editions(r);
    let both = eds.len() == 2;
    let mut out = format!("# {}\n\n", md_escape(&s.title));
    // A ruling's write-up starts with what a judge pastes: the question and the answer.
    if let Some(ruling) = &s.ruling {
        let _ = writeln!(out, "**Question.** {}\n", ruling.question.trim());
        let _ = writeln!(out, "**Answer.** {}\n", ruling.answer.trim());
        for src in &ruling.sources {
            let date = src
                .date
                .as_deref()
                .map(|d| format!(", {d}"))
                .unwrap_or_default();
            let kind = src.kind.source();
            let heading = src
                .heading
                .as_deref()
                .map(|h| format!(", under the heading \"{h}\""))
                .unwrap_or_default();
            let url = src
                .url
                .as_deref()
                .map(|u| format!(": <{u}>"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "_Source ({kind}): {}, \"{}\"{date}{heading}_{url}\n",
                src.publisher, src.title
            );
        }
        if let Some(n) = &ruling.superseded_note {
            let _ = writeln!(out, "**Note.** {}\n", n.trim());
        }
        if let Some(id) = &ruling.superseded_by {
            let _ = writeln!(
                out,
                "**Overturned by** `{id}` (`chainjudge ruling {id}`).\n"
            );
        }
    }
    for (k, v) in header(r) {
        let _ = writeln!(out, "- **{k}:** {}", md_escape(&v));
    }
    let _ = writeln!(out, "\n## Answer\n");
    for l in answer(r).lines {
        let _ = writeln!(out, "- {}", md_escape(&l));
    }
    out.push('\n');
    out.push_str("| # | Who | What happened | State after | Priority/Focus | Rules |");
    out.push_str(if both {
        " July vs Oct |\n|---|---|---|---|---|---|---|\n"
    } else {
        "\n|---|---|---|---|---|---|\n"
    });
    for l in lines_of(r) {
        let _ = write!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            l.n,
            md_escape(&l.who),
            md_escape(
                &std::iter::once(l.what.as_str())
                    .chain(l.notes.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
            l.state,
            md_escape(&l.holders),
            md_escape(&l.rules)
        );
        if both {
            let f = match l.flag {
                Flag::Same => "=",
                Flag::NumbersDiffer => "≠ numbers",
                Flag::OutcomeDiffers => "**OUTCOME**",
                Flag::StepsDiffer => "≠ steps",
                Flag::RouteDiffers => "≠ route",
            };
            let _ = write!(out, " {f} |");
        }
        out.push('\n');
    }
    for (heading, lines) in summaries(r) {
        let _ = writeln!(out, "\n## {heading}\n");
        for (k, v) in lines {
            let _ = writeln!(out, "- **{k}:** {}", md_escape(&v));
        }
    }
    for d in differences(r) {
        let _ = writeln!(out, "- {d}");
    }
    let hints = hint_lines(r);
    if !hints.is_empty() {
        let _ = writeln!(out, "\n## Hints\n");
        for h in hints {
            let _ = writeln!(out, "- {}", md_escape(&h));
        }
    }
    for f in footnotes(r) {
        let _ = writeln!(out, "\n_{f}_");
    }
    out
}
