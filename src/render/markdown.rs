//! The replay report as Markdown, for pasting into a ruling write-up: the header, the steps as
//! a table, the summary and the notes.

use super::*;

/// `s` for a Markdown table cell, escaped only where Markdown would read it otherwise, so the
/// text pasted where Markdown is not rendered (a chat, say) still reads as written (`->`, `a <
/// b`): `|` always; `<` starting what could be an HTML tag and `&` starting what could be an
/// entity (before a letter, `/`, `!`, `?` or `#`), and `\` before punctuation, with a
/// backslash; line breaks as `<br>`.
fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let escape = match c {
            '|' => true,
            '<' => next.is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(n)),
            '&' => next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '#'),
            '\\' => next.is_some_and(|n| n.is_ascii_punctuation()),
            _ => false,
        };
        match c {
            '\n' => out.push_str("<br>"),
            _ if escape => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
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
