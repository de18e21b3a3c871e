//! Printing rule lookups, search results, differences and citation checks as text, Markdown
//! or JSON.

use crate::diff::DiffRow;
use crate::edition::EditionId;
use crate::import::CiteCheck;
use crate::lookup::{Hit, OtherEdition, RuleRef, RuleView, Standing};
use crate::render::{fitted_table, Columns};
use std::fmt::Write as _;

/// A table of `rows` under `header` fitted to `width` ([`fitted_table`]): `wide` is the column
/// that takes the room left, `lead` the columns that head an entry when it is written as a list.
pub(crate) fn table(
    header: &[&str],
    rows: Vec<Vec<String>>,
    wide: usize,
    lead: &[usize],
    width: u16,
) -> String {
    fitted_table(
        &Columns {
            header,
            rows,
            wide,
            lead,
            lead_sep: " -> ",
        },
        usize::from(width),
    )
}

/// Wraps `text` at `width` columns, indenting continuation lines by `indent` spaces.
pub(crate) fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if line > 0 && line + 1 + w > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            line = indent;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += w;
    }
    out
}

/// The other edition's status in words.
pub fn other_line(v: &RuleView) -> String {
    let other = match v.edition {
        EditionId::July => "October",
        EditionId::October => "July",
    };
    if v.standing == Standing::Imported && v.july_number.is_empty() {
        return format!("{other}: none; the map of the imported October text pairs this rule with no July rule (new in October, or reworded beyond recognition)");
    }
    match &v.other {
        OtherEdition::Same { number } => format!("{other}: {number}, the same rule"),
        OtherEdition::Changed { number, summary } => match summary {
            Some(s) if v.edition == EditionId::July => format!("{other}: {number}, changed: {s}"),
            _ => format!("{other}: {number}, worded differently"),
        },
        OtherEdition::Renumbered { number, changed } => {
            let c = if *changed { ", and changed" } else { "" };
            match v.edition {
                EditionId::July => format!("{other}: renumbered to {number}{c}"),
                EditionId::October => format!("{other}: this rule was {number}{c}"),
            }
        }
        OtherEdition::Removed => format!("{other}: removed"),
        OtherEdition::Inferred { number, basis } if *number == v.july_number => format!(
            "{other}: {number} (inferred), the same number as far as the known October changes imply ({basis}); no source quotes it"
        ),
        OtherEdition::Inferred { number, basis } => format!(
            "{other}: renumbered to {number} (inferred): the known October changes imply it ({basis}); no source quotes it"
        ),
        OtherEdition::Imported { number } => format!(
            "{other}: {number} (imported text): the October text imported on this machine places this rule there"
        ),
        OtherEdition::ChangedUnconfirmed { summary } => match summary {
            Some(s) => format!("{other}: changed ({s}); its October number is not established"),
            None => format!("{other}: changed; its October number is not established"),
        },
        OtherEdition::Unconfirmed => {
            format!("{other}: number not established ({})", no_october_number_why())
        }
    }
}

/// Why an October number is not established, in a few words: no October text is available,
/// or the one imported on this machine could not place the rule.
pub fn no_october_number_why() -> &'static str {
    if crate::import::october_map::load_map().is_some() {
        "the imported October text could not place it"
    } else {
        "the October text is not available"
    }
}

/// The parents as "number title" entries, outermost first.
fn crumbs(v: &RuleView) -> Vec<String> {
    v.parents
        .iter()
        .map(|p| format!("{} {}", p.label(), p.title))
        .collect()
}

/// The rule's own number as printed: with the mark when it is inferred.
fn shown_number(v: &RuleView) -> String {
    match v.standing {
        Standing::Inferred => format!("{} (inferred)", v.number),
        Standing::Imported => format!("{} (imported text)", v.number),
        _ => v.number.clone(),
    }
}

/// A rule as text.
pub fn rule_text(v: &RuleView, width: usize) -> String {
    let mut out = String::new();
    let ed = match v.edition {
        EditionId::July => "July 2026 Core Rules",
        EditionId::October => "October 2026 Core Rules",
    };
    let number = shown_number(v);
    // A rule only an imported text has may have no title: its number stands alone.
    let titled = if v.title.is_empty() {
        number.clone()
    } else {
        format!("{number} {}", v.title)
    };
    let _ = writeln!(out, "{titled}  ({ed})");
    if !v.parents.is_empty() {
        let crumbs = crumbs(v);
        let line = format!("{} > {titled}", crumbs.join(" > "));
        let _ = writeln!(out, "{}", wrap(&line, width, 2));
    }
    for n in &v.notes {
        let _ = writeln!(out, "Note: {}", wrap(n, width - 6, 6));
    }
    out.push('\n');
    let _ = writeln!(out, "{}", wrap(&v.summary, width, 0));
    if let Some(o) = &v.official {
        let _ = writeln!(out, "\nOfficial text (imported):\n{}", wrap(o, width, 0));
    }
    out.push('\n');
    if !v.refs.is_empty() || !v.external_refs.is_empty() {
        let mut refs: Vec<String> = v.refs.iter().map(RuleRef::label).collect();
        refs.extend(
            v.external_refs
                .iter()
                .map(|r| format!("July {r} (not in the data)")),
        );
        let _ = writeln!(
            out,
            "{}",
            wrap(&format!("Refers to: {}", refs.join(", ")), width, 2)
        );
    }
    if !v.children.is_empty() {
        let _ = writeln!(out, "Sub-rules:");
        for c in &v.children {
            let below = c.depth.saturating_sub(depth_of(&v.july_number));
            let _ = writeln!(out, "{}{} {}", "  ".repeat(below), c.label(), c.title);
        }
    }
    let _ = writeln!(out, "{}", wrap(&other_line(v), width, 2));
    out
}

/// A rule number's depth in the rule tree (337 is 0, 337.1.b is 2).
fn depth_of(number: &str) -> usize {
    number.matches('.').count()
}

/// A rule as Markdown.
pub fn rule_markdown(v: &RuleView) -> String {
    let mut out = format!("## {} {}\n\n", shown_number(v), v.title);
    if !v.parents.is_empty() {
        let crumbs = crumbs(v);
        let _ = writeln!(out, "_{}_\n", crumbs.join(" › "));
    }
    for n in &v.notes {
        let _ = writeln!(out, "_{n}_\n");
    }
    let _ = writeln!(out, "{}\n", v.summary);
    if let Some(o) = &v.official {
        let _ = writeln!(out, "> {o}\n");
    }
    for c in &v.children {
        let _ = writeln!(
            out,
            "{}- {} {}",
            "  ".repeat(c.depth.saturating_sub(depth_of(&v.july_number) + 1)),
            c.label(),
            c.title
        );
    }
    let _ = writeln!(out, "\n{}", other_line(v));
    out
}

/// Search results as text.
pub fn hits_text(
    query: &str,
    edition: EditionId,
    hits: &[Hit],
    suggestions: &[RuleRef],
    width: u16,
) -> String {
    if hits.is_empty() {
        let common = query
            .split_whitespace()
            .all(|w| crate::lookup::search::STOP.contains(&w.to_lowercase().as_str()));
        if common {
            return format!(
                "\"{query}\" has only common words, which every rule uses; search for a game term instead, such as `chain`, `priority` or `showdown`.\n"
            );
        }
        return format!(
            "No rule matches \"{query}\" in the {} edition.\n{}",
            edition.title(),
            suggestion_lines(suggestions)
        );
    }
    let rows = hits
        .iter()
        .map(|h| vec![h.rule.label(), h.rule.title.clone(), h.summary.clone()])
        .collect();
    let t = table(&["Rule", "Title", "Summary"], rows, 2, &[0], width);
    format!(
        "Rules matching \"{query}\" ({} 2026 Core Rules), best first:\n{t}\n",
        edition.title()
    )
}

/// Search results as Markdown.
pub fn hits_markdown(query: &str, hits: &[Hit], suggestions: &[RuleRef]) -> String {
    if hits.is_empty() {
        return format!(
            "No rule matches \"{query}\".\n{}",
            suggestion_lines(suggestions)
        );
    }
    let mut out =
        format!("Rules matching \"{query}\":\n\n| Rule | Title | Summary |\n|---|---|---|\n");
    for h in hits {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            h.rule.label(),
            h.rule.title.replace('|', "\\|"),
            h.summary.replace('|', "\\|")
        );
    }
    out
}

/// "Nearest titles: ..." for a search that found nothing (empty when there is nothing near).
fn suggestion_lines(suggestions: &[RuleRef]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let near: Vec<String> = suggestions
        .iter()
        .map(|r| format!("{} {}", r.label(), r.title))
        .collect();
    format!("Nearest titles: {}\n", near.join("; "))
}

/// The two numbers of a difference as printed, `from` first; an inferred October number
/// carries its mark.
fn arrow(r: &DiffRow, from: EditionId) -> (String, String) {
    let missing = |r: &DiffRow| {
        if r.kind.iter().any(|k| k == "removed" || k == "only in July") {
            "none (removed)".to_string()
        } else {
            "unconfirmed".to_string()
        }
    };
    let mark = |n: String, october: bool| {
        if october && r.imported {
            format!("{n} (imported text)")
        } else if october && r.inferred {
            format!("{n} (inferred)")
        } else {
            n
        }
    };
    (
        r.from
            .clone()
            .map_or_else(|| missing(r), |n| mark(n, from == EditionId::October)),
        r.to.clone()
            .map_or_else(|| missing(r), |n| mark(n, from == EditionId::July)),
    )
}

/// The differences as text: a table, then the worked examples of outcome changes.
pub fn diff_text(rows: &[DiffRow], from: EditionId, to: EditionId, width: u16) -> String {
    let cells = rows
        .iter()
        .map(|r| {
            let (a, b) = arrow(r, from);
            vec![
                a,
                b,
                r.kind.join(", "),
                r.outcome.clone(),
                r.summary.clone(),
            ]
        })
        .collect();
    let t = table(
        &[
            from.title(),
            to.title(),
            "Change",
            "Outcome",
            "What changed",
        ],
        cells,
        4,
        &[0, 1],
        width,
    );
    let mut out = format!(
        "Differences from the {} to the {} 2026 Core Rules ({} listed; only what the known October changes establish, and the numbers they imply, marked inferred{}{}):\n{t}\n",
        from.title(),
        to.title(),
        rows.len(),
        if rows.iter().any(|r| r.imported) { "; numbers the October text imported on this machine gives, marked imported text" } else { "" },
        if from == EditionId::October { "; each change is described from July to October" } else { "" }
    );
    let c = crate::diff::standings();
    let _ = writeln!(
        out,
        "{}",
        wrap(
            &format!(
                "October numbers of the {} July rules: {} established ({} of them unchanged), {}{} inferred, {} unconfirmed, {} removed. Established: a source states the October number. Inferred (marked): the known changes imply it but no source quotes it; the sub-rules moving with an inferred rule are counted on its row. Unconfirmed: not listed here; `chainjudge rule` shows them as unconfirmed and the replay follows July for them.{}",
                c.july_rules, c.established, c.same_number,
                if c.imported > 0 { format!("{} from the October text imported on this machine, ", c.imported) } else { String::new() },
                c.inferred, c.unconfirmed, c.removed,
                if c.imported > 0 { " Imported text: `chainjudge rule` prints those numbers as \"N (imported text)\"; they stay on this machine." } else { "" }
            ),
            usize::from(width),
            0
        )
    );
    let examples: Vec<&DiffRow> = rows.iter().filter(|r| r.example.is_some()).collect();
    if !examples.is_empty() {
        out.push_str("\nOutcome changes, worked:\n");
        for r in examples {
            let (a, b) = arrow(r, from);
            let _ = writeln!(out, "\n{a} -> {b}:");
            let _ = writeln!(
                out,
                "  {}",
                wrap(
                    r.example.as_deref().unwrap_or(""),
                    usize::from(width) - 2,
                    2
                )
            );
            if let Some(s) = &r.situation {
                let _ = writeln!(out, "  Situation: {}", wrap(s, usize::from(width) - 13, 13));
            }
        }
    }
    out
}

/// The differences as Markdown.
pub fn diff_markdown(rows: &[DiffRow], from: EditionId, to: EditionId) -> String {
    let mut out = format!(
        "| {} | {} | Change | Outcome | What changed |\n|---|---|---|---|---|\n",
        from.title(),
        to.title()
    );
    for r in rows {
        let (a, b) = arrow(r, from);
        let mut what = r.summary.replace('|', "\\|");
        if let Some(e) = &r.example {
            let _ = write!(what, "<br>Example: {}", e.replace('|', "\\|"));
        }
        if let Some(s) = &r.situation {
            let _ = write!(what, "<br>Situation: {}", s.replace('|', "\\|"));
        }
        let _ = writeln!(
            out,
            "| {a} | {b} | {} | {} | {what} |",
            r.kind.join(", "),
            r.outcome
        );
    }
    out
}

/// `rules check` as text, with a closing count.
pub fn checks_text(checks: &[CiteCheck], width: u16) -> String {
    let rows = checks
        .iter()
        .map(|c| {
            let word = c.status.replace('_', " ");
            let status = match &c.detail {
                Some(d) => format!("{word} ({d})"),
                None => word,
            };
            vec![
                c.cite.to_string(),
                c.edition.word().to_string(),
                c.number.clone(),
                status,
            ]
        })
        .collect();
    let t = table(
        &["Citation", "Edition", "Number", "Status"],
        rows,
        3,
        &[0],
        width,
    );
    let count = |s: &str| checks.iter().filter(|c| c.status == s).count();
    format!(
        "{t}\n{} citations checked: {} ok, {} missing from the imported text, {} inferred for October, {} unconfirmed for October, {} sources, {} not cited in an edition.\n",
        checks.len(),
        count("ok"),
        count("missing"),
        count("inferred"),
        count("unconfirmed"),
        count("source"),
        count("not_cited"),
    )
}

/// The copy check as text: per edition imported, the worst runs (at least `min` words) and the
/// counts; without an import, how to run it.
pub fn copy_text(copies: &[crate::import::copycheck::CopyCheck], min: usize, width: u16) -> String {
    use crate::import::copycheck::{COPY_LIMIT, COPY_WARN};
    if copies.is_empty() {
        return "Copy check: not run, no official text is imported. Run `chainjudge rules import FILE --edition july` with the official Core Rules text, then `chainjudge rules check`: it fails on any summary sharing a run of 10 or more words with the official wording.\n".to_string();
    }
    let mut out = String::new();
    for c in copies {
        use crate::import::copycheck::SENTENCE_MIN;
        let worst = c.runs.iter().map(|r| r.longest).max().unwrap_or(0);
        let long = c
            .at_least(COPY_LIMIT)
            .filter(|r| r.longest >= COPY_LIMIT)
            .count();
        let sentences = c
            .runs
            .iter()
            .filter(|r| r.copied_sentence.is_some())
            .count();
        let warn = c
            .runs
            .iter()
            .filter(|r| (COPY_WARN..COPY_LIMIT).contains(&r.longest))
            .count();
        let _ = writeln!(
            out,
            "Copy check, {} edition: {} summaries compared with the whole imported wording; longest shared run {worst} words; {long} at {COPY_LIMIT} or more (fail), {sentences} whole sentences of {SENTENCE_MIN} or more words copied (fail), {warn} at {COPY_WARN}-{} (allowed only for names and fixed game terms): {}.",
            c.edition.title(),
            c.compared,
            COPY_LIMIT - 1,
            if c.fails() { "FAILED" } else { "passed" }
        );
        let listed: Vec<_> = c.at_least(min).collect();
        if !listed.is_empty() {
            let rows = listed
                .iter()
                .map(|r| {
                    let run = match &r.copied_sentence {
                        Some(s) => format!("copied sentence: {s}"),
                        None => r.run.clone(),
                    };
                    vec![r.number.clone(), r.longest.to_string(), r.from.clone(), run]
                })
                .collect();
            let t = table(
                &["Rule", "Words", "Found in", "Shared run"],
                rows,
                3,
                &[0],
                width,
            );
            let _ = writeln!(out, "{t}");
        }
    }
    out
}
