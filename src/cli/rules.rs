//! `rule`, `diff`, `rules import` and `rules check`: the Core Rules as data.

use super::*;

pub(super) fn rule_cmd(
    out: &Out,
    query: &str,
    edition: Option<EditionId>,
    tree: bool,
    force_search: bool,
    limit: usize,
    format: Format,
) -> i32 {
    let edition = edition.unwrap_or_else(|| {
        crate::edition::Editions::get()
            .in_force(&today())
            .unwrap_or(EditionId::July)
    });
    if query.trim().is_empty() {
        out.eprint("error: give a rule number (337.1.b) or words to search for (focus pass)\n");
        return 2;
    }
    if format == Format::Json {
        let (json, found) = crate::api::rule_answer(query, edition, tree, force_search, limit);
        out.print(&json);
        // grep's convention: nothing found is 1, a usage error 2.
        return i32::from(!found);
    }
    use crate::lookup::{Answer, LookupError};
    let (hits, suggestions) = match crate::lookup::answer(query, edition, tree, force_search, limit)
    {
        Answer::Rule(v) => {
            match format {
                Format::Text => out.titled(&crate::show::rule_text(&v, usize::from(out.width))),
                Format::Markdown | Format::Json => out.print(&crate::show::rule_markdown(&v)),
            }
            return 0;
        }
        Answer::NotFound(LookupError::NotFound {
            number,
            hint,
            nearest,
        }) => {
            let near: Vec<String> = nearest
                .iter()
                .map(|r| format!("{} {}", r.label(), r.title))
                .collect();
            let near = if near.is_empty() {
                String::new()
            } else {
                format!("\n  nearest: {}", near.join("; "))
            };
            out.eprint(&format!(
                "error: no rule {number} in the {} 2026 Core Rules\n  help: {hint}{near}\n",
                edition.title()
            ));
            // grep's convention: nothing found is 1, a usage error 2.
            return 1;
        }
        Answer::Hits(hits, suggestions) => (hits, suggestions),
    };
    let text = match format {
        Format::Text => crate::show::hits_text(query, edition, &hits, &suggestions, out.width),
        Format::Markdown | Format::Json => crate::show::hits_markdown(query, &hits, &suggestions),
    };
    if format == Format::Text {
        out.titled(&text);
    } else {
        out.print(&text);
    }
    // grep's convention: nothing found is exit 1.
    i32::from(hits.is_empty())
}

pub(super) fn diff_cmd(
    out: &Out,
    from: EditionId,
    to: EditionId,
    only: Option<OnlyArg>,
    format: Format,
) -> i32 {
    if from == to {
        out.eprint("error: --from and --to name the same edition\n");
        return 2;
    }
    let only = only.map(|o| match o {
        OnlyArg::Outcome => crate::diff::Only::Outcome,
        OnlyArg::Renumbered => crate::diff::Only::Renumbered,
        OnlyArg::Changed => crate::diff::Only::Changed,
        OnlyArg::Inferred => crate::diff::Only::Inferred,
        OnlyArg::Established => crate::diff::Only::Established,
    });
    let rows = crate::diff::rows(from, to, only);
    match format {
        Format::Text => out.titled(&crate::show::diff_text(&rows, from, to, out.width)),
        Format::Markdown => out.print(&crate::show::diff_markdown(&rows, from, to)),
        Format::Json => out.print(&json_out(
            &serde_json::json!({ "from": from, "to": to, "differences": rows, "standings": crate::diff::standings() }),
        )),
    }
    0
}

pub(super) fn import_cmd(out: &Out, file: &Path, edition: EditionId, force: bool) -> i32 {
    match crate::import::import(file, edition, force) {
        Ok(r) => {
            let mut text = format!(
                "Imported {} rule{} of the {} edition from {} into {}\n",
                r.rules,
                if r.rules == 1 { "" } else { "s" },
                edition.title(),
                file.display(),
                r.path.display()
            );
            if let Some(n) = r.replaced {
                text.push_str(&format!("It replaced an earlier import of {n} rules.\n"));
            }
            let expected = crate::edition::Editions::get()
                .edition(edition)
                .last_updated;
            match &r.stated_date {
                Some(d) if d != expected => text.push_str(&format!(
                    "Note: the document says it was last updated {d}; chainjudge's {} edition is the one of {expected}. Check it is the document you meant.\n",
                    edition.title()
                )),
                None => text.push_str(&format!(
                    "Note: the document gives no \"Last Updated\" date near its top; chainjudge could not check it is the {} edition ({expected}).\n",
                    edition.title()
                )),
                _ => {}
            }
            if !r.left_out.is_empty() {
                let shown: Vec<&str> = r.left_out.iter().take(8).map(String::as_str).collect();
                text.push_str(&format!(
                    "{} numbered line{} out of rule order {} read as the text of the rule before (a table of contents, a number quoted at a line start, or a sub-rule before its parent): {}{}. If a rule is missing, check the document's order there.\n",
                    r.left_out.len(),
                    if r.left_out.len() == 1 { "" } else { "s" },
                    if r.left_out.len() == 1 { "was" } else { "were" },
                    shown.join(", "),
                    if r.left_out.len() > shown.len() { ", ..." } else { "" }
                ));
            }
            if r.latin1 {
                text.push_str("The file was not UTF-8 text; it was read as Latin-1: check accented letters.\n");
            }
            if !r.not_in_data.is_empty() {
                let shown: Vec<&str> = r.not_in_data.iter().take(8).map(String::as_str).collect();
                text.push_str(&format!(
                    "{} of its rule numbers are not yet in chainjudge's own July data (e.g. {}): chainjudge's summaries do not cover them yet, which says nothing against the document.\n",
                    r.not_in_data.len(),
                    shown.join(", ")
                ));
            }
            text.push_str(&format!(
                "`chainjudge rule NUMBER --rules {}` now shows the official wording; `chainjudge rules check` checks the citations against it.\n",
                edition.word()
            ));
            if let Some((path, map)) = &r.october_map {
                if edition == EditionId::July {
                    text.push_str("The October map was recomputed against this July text.\n");
                }
                text.push_str(&crate::import::october_map::report::summary_text(map, path));
            }
            out.text(&text);
            0
        }
        Err(e) => {
            out.eprint(&format!("error: {e}\n"));
            2
        }
    }
}

pub(super) fn rules_check_cmd(out: &Out, min: usize, format: Format) -> i32 {
    let checks = crate::import::check_citations();
    let copies: Vec<crate::import::copycheck::CopyCheck> = [EditionId::July, EditionId::October]
        .into_iter()
        .filter_map(crate::import::copycheck::copy_check)
        .collect();
    out.print_as(
        format == Format::Text,
        &match format {
            Format::Json => json_out(&serde_json::json!({ "checks": checks, "copy": copies })),
            _ => format!(
                "{}\n{}",
                crate::show::checks_text(&checks, out.width),
                crate::show::copy_text(&copies, min, out.width)
            ),
        },
    );
    // Like a `verify` mismatch: the data and the official text disagree, or a summary copies.
    i32::from(checks.iter().any(|c| c.status == "missing") || copies.iter().any(|c| c.fails()))
}
