//! A ruling as a judge reads it: question, answer, what happens, nuances, the rules cited in
//! the edition asked for, the source with its date and where in it to look, official or
//! community, and a warning when a newer edition is in force than the one it was checked
//! against. Text, Markdown and JSON.

use super::{RulingEntry, RulingHit, SourceKind};
use crate::edition::EditionId;
use crate::lookup::Standing;
use crate::show::{table, wrap};
use std::fmt::Write as _;

/// A cited July rule as named in `edition`: `420.4.b`, `418.1.b (inferred)` or
/// `unconfirmed (July 803)`; a number the data does not hold is printed as given.
pub fn rule_in(number: &str, edition: EditionId) -> String {
    match crate::lookup::lookup(number, EditionId::July, false) {
        Ok(_) if edition == EditionId::July => number.to_string(),
        Ok(v) => match crate::lookup::view::october_ref(&v.july_number) {
            Some(r) if r.standing == Standing::Established || r.standing == Standing::Inferred => {
                r.label()
            }
            Some(r) if r.standing == Standing::Removed => format!("removed (July {number})"),
            _ => format!("unconfirmed (July {number})"),
        },
        Err(_) => number.to_string(),
    }
}

/// The warnings of a ruling read on `date` in `edition`: checked against an edition older than
/// the one in force, superseded.
pub fn warnings(r: &RulingEntry, date: &str, edition: EditionId) -> Vec<String> {
    let mut out = Vec::new();
    let eds = crate::edition::Editions::get();
    if eds.in_force(date).is_none() {
        out.push(format!(
            "On {date} neither edition chainjudge holds was in force yet (the July 2026 Core Rules apply from {}); the answer and any note below are given as of the July rules.",
            eds.edition(EditionId::July).in_force_from
        ));
    }
    if super::search::newer_edition_in_force(r, date).is_some() {
        // A cited rule October removed or changed is the one thing known that may touch it.
        let touched: Vec<&str> = r
            .rules_july
            .iter()
            .copied()
            .filter(|n| {
                crate::edition::Editions::get()
                    .october_rules
                    .iter()
                    .any(|o| o.july == *n && (o.removed || o.changed))
            })
            .collect();
        let known = if touched.is_empty() {
            "Nothing known about October changes this answer".to_string()
        } else {
            format!(
                "October removed or changed {} of the rules it cites ({}): read the answer against the October rules",
                if touched.len() == 1 { "one" } else { "some" },
                touched.join(", ")
            )
        };
        out.push(format!(
            "Checked against the July 2026 Core Rules; on {date} the October 2026 Core Rules are in force. {known}{}.",
            if edition == EditionId::October { "; Rules line in October's numbers, numbers in the text July's" } else { "; `--rules october` gives its Rules line in October's numbers" }
        ));
    }
    if r.checked_against == "october"
        && crate::edition::Editions::get().in_force(date) == Some(EditionId::July)
    {
        out.push(format!(
            "Checked against the October 2026 Core Rules, which were not yet in force on {date}."
        ));
    }
    if let Some(n) = r.superseded_note {
        // A community ruling's answer is ours, checked against the rules; the note says where
        // its source went wrong. An official answer (or one from the rules) with a note is
        // itself overtaken.
        if r.kind() != SourceKind::Community {
            out.push(format!("Superseded: {n}"));
        } else {
            out.push(format!(
                "Correction of the source: the community source ruled otherwise, and the answer here follows the rules. {n}"
            ));
        }
    }
    if let Some(id) = r.superseded_by {
        out.push(format!(
            "A newer ruling overturns this one: `chainjudge ruling {id}`."
        ));
    }
    out
}

/// `s` with its first letter upper case.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// What the ruling is, as the header says it: "official ruling", "ruling from the Core Rules",
/// "community ruling".
fn kind(r: &RulingEntry) -> &'static str {
    match r.kind() {
        SourceKind::Official => "official ruling",
        SourceKind::Rules => "ruling from the Core Rules",
        SourceKind::Community => "community ruling",
    }
}

fn source_lines(r: &RulingEntry) -> Vec<String> {
    r.sources
        .iter()
        .map(|s| {
            let mut line = format!("({}): {}, \"{}\"", s.kind.source(), s.publisher, s.title);
            if let Some(d) = s.date {
                let _ = write!(line, ", {d}");
            }
            if let Some(why) = s.undated {
                let _ = write!(line, ", undated ({why})");
            }
            if let Some(h) = s.heading {
                let _ = write!(line, ", under the heading \"{h}\"");
            }
            if let Some(u) = s.url {
                let _ = write!(line, ": {u}");
            }
            line
        })
        .collect()
}

/// Under October, for a ruling with its own October list: what its July rules are under
/// October where that list does not stand for them (most often: unconfirmed there), as
/// [`rule_in`] names them. Empty otherwise.
fn other_july_rules(r: &RulingEntry, edition: EditionId) -> Vec<String> {
    if edition != EditionId::October || r.rules_october.is_empty() {
        return Vec::new();
    }
    r.rules_july
        .iter()
        .map(|n| rule_in(n, edition))
        .filter(|m| {
            let bare = m.trim_end_matches(" (inferred)");
            !r.rules_october.contains(&bare)
        })
        .collect()
}

fn rules_line(r: &RulingEntry, edition: EditionId) -> Option<String> {
    if r.rules_july.is_empty() && r.rules_october.is_empty() {
        return None;
    }
    Some(match edition {
        EditionId::July => format!("Rules (July): {}", r.rules_july.join(", ")),
        EditionId::October if !r.rules_october.is_empty() => {
            let rest = other_july_rules(r, edition);
            if rest.is_empty() {
                format!("Rules (October): {}", r.rules_october.join(", "))
            } else {
                format!(
                    "Rules (October): {}; its other July rules under October: {}",
                    r.rules_october.join(", "),
                    rest.join(", ")
                )
            }
        }
        EditionId::October => {
            let shown: Vec<String> = r.rules_july.iter().map(|n| rule_in(n, edition)).collect();
            format!("Rules (October): {}", shown.join(", "))
        }
    })
}

/// One ruling in full, as text wrapped at `width`.
pub fn ruling_text(r: &RulingEntry, date: &str, edition: EditionId, width: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}  ({}, {})", r.heading(), r.id, kind(r));
    let _ = writeln!(
        out,
        "\n{}",
        wrap(&format!("Question: {}", r.question), width, 2)
    );
    let _ = writeln!(out, "{}", wrap(&format!("Answer: {}", r.answer), width, 2));
    // Right under the answer they qualify, as in Markdown.
    for w in warnings(r, date, edition) {
        let _ = writeln!(out, "{}", wrap(&format!("Warning: {w}"), width, 9));
    }
    if !r.sequence.is_empty() {
        let _ = writeln!(out, "What happens:");
        for (k, s) in r.sequence.iter().enumerate() {
            let _ = writeln!(out, "  {}. {}", k + 1, wrap(s, width.saturating_sub(5), 5));
        }
    }
    if !r.nuances.is_empty() {
        let _ = writeln!(out, "Nuances:");
        for s in r.nuances {
            let _ = writeln!(out, "  - {}", wrap(s, width.saturating_sub(4), 4));
        }
    }
    out.push('\n');
    if !r.cards.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            wrap(&format!("Cards: {}", r.cards.join(", ")), width, 2)
        );
    }
    if !r.keywords.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            wrap(&format!("Keywords: {}", r.keywords.join(", ")), width, 2)
        );
    }
    if let Some(l) = rules_line(r, edition) {
        let _ = writeln!(out, "{}", wrap(&l, width, 2));
    }
    for s in source_lines(r) {
        let _ = writeln!(out, "{}", wrap(&format!("Source {s}"), width, 2));
    }
    let _ = writeln!(
        out,
        "Checked against: the {} 2026 Core Rules{}",
        if r.checked_against == "october" {
            "October"
        } else {
            "July"
        },
        r.set.map(|s| format!("; set: {s}")).unwrap_or_default()
    );
    if r.situation {
        let _ = writeln!(out, "Replay it: chainjudge replay rulings/{}.yaml", r.id);
    }
    out
}

/// Search results as text: the best ruling in full, then the other matches in a table.
pub fn hits_text(
    query: &str,
    hits: &[RulingHit],
    total: usize,
    date: &str,
    edition: EditionId,
    width: u16,
) -> String {
    let Some(first) = hits.first() else {
        return format!("No ruling matches \"{query}\".\n");
    };
    // A number the editions give to two different rules: say so, and which each ruling cites.
    let number = crate::lookup::normalize_number(query).filter(|_| first.matched == "rule");
    let readings = number
        .as_deref()
        .map(super::search::two_readings)
        .unwrap_or_default();
    let cites = |r: &RulingEntry| -> String {
        let n = number.as_deref().unwrap_or("");
        match super::search::reading_cited(r, n) {
            EditionId::July => format!("July {n}"),
            EditionId::October => format!("October {n} (July {})", readings[1].0),
        }
    };
    let mut out = String::new();
    if let (Some(n), [july, october]) = (number.as_deref(), readings.as_slice()) {
        let _ = writeln!(
            out,
            "{}\n",
            wrap(
                &format!(
                    "Note: {n} names two rules: July {n} ({}) and October {n}, which is July {} ({}). Rulings citing either are shown, each saying which; `--rules july` or `--rules october` keeps one.",
                    july.1, october.0, october.1
                ),
                usize::from(width),
                6
            )
        );
        let _ = writeln!(out, "The best match cites {}.\n", cites(first.ruling));
    }
    // A word match that leaves some of the judge's words out says which, first, so a weak
    // match reads as one before the ruling is read (and the words to try again without).
    if first.matched == "words" {
        if let Some(at) = super::all().iter().position(|r| r.id == first.ruling.id) {
            let held = super::words::held(&super::search::normalise(query), at);
            let (yes, no): (Vec<_>, Vec<_>) = held.into_iter().partition(|(_, h)| *h);
            if !no.is_empty() {
                let words = |v: Vec<(String, bool)>| {
                    v.into_iter().map(|(w, _)| w).collect::<Vec<_>>().join(", ")
                };
                let _ = writeln!(
                    out,
                    "{}\n",
                    wrap(
                        &format!(
                            "Weak match: the ruling below lacks {} of your words ({}); it holds {}.",
                            no.len(),
                            words(no),
                            words(yes)
                        ),
                        usize::from(width),
                        2
                    )
                );
            }
        }
    }
    out.push_str(&ruling_text(
        first.ruling,
        date,
        edition,
        usize::from(width),
    ));
    if hits.len() > 1 {
        let more = if total > hits.len() {
            format!(
                "{} of {} more; `--limit {total}` shows all",
                hits.len() - 1,
                total - 1
            )
        } else {
            format!("{} more", hits.len() - 1)
        };
        let _ = writeln!(out, "\nAlso matching \"{query}\" ({more}):");
        let two = readings.len() == 2;
        let rows = hits[1..]
            .iter()
            .map(|h| {
                let mut row = vec![
                    h.ruling.id.to_string(),
                    h.ruling.heading().to_string(),
                    kind(h.ruling).to_string(),
                ];
                if two {
                    row.push(cites(h.ruling));
                }
                row
            })
            .collect();
        let heads: &[&str] = if two {
            &["Ruling", "Title", "Source", "Cites"]
        } else {
            &["Ruling", "Title", "Source"]
        };
        let t = table(heads, rows, 1, &[0], width);
        let _ = writeln!(out, "{t}");
    }
    out
}

/// One ruling as Markdown, for a write-up: question and answer first.
pub fn ruling_markdown(r: &RulingEntry, date: &str, edition: EditionId) -> String {
    let mut out = format!("## {}\n\n_{}_\n\n", r.heading(), capitalised(kind(r)));
    let _ = writeln!(out, "**Question.** {}\n", r.question);
    let _ = writeln!(out, "**Answer.** {}\n", r.answer);
    for w in warnings(r, date, edition) {
        let _ = writeln!(out, "> **Warning.** {w}\n");
    }
    if !r.sequence.is_empty() {
        out.push_str("**What happens.**\n\n");
        for (k, s) in r.sequence.iter().enumerate() {
            let _ = writeln!(out, "{}. {s}", k + 1);
        }
        out.push('\n');
    }
    if !r.nuances.is_empty() {
        out.push_str("**Nuances.**\n\n");
        for s in r.nuances {
            let _ = writeln!(out, "- {s}");
        }
        out.push('\n');
    }
    if let Some(l) = rules_line(r, edition) {
        let _ = writeln!(out, "{l}\n");
    }
    for s in source_lines(r) {
        let _ = writeln!(out, "Source {s}\n");
    }
    if r.situation {
        let _ = writeln!(out, "Replay: `chainjudge replay rulings/{}.yaml`\n", r.id);
    }
    out
}

/// The `ruling --list` table.
pub fn list_text(rulings: &[&RulingEntry], total: usize, width: u16) -> String {
    if rulings.is_empty() {
        return "No ruling passes these filters.\n".to_string();
    }
    let rows = rulings
        .iter()
        .map(|r| {
            vec![
                r.id.to_string(),
                r.heading().to_string(),
                r.set.unwrap_or("").to_string(),
                // A community answer the rules overturned: the ruling says the rules' answer.
                match (r.kind(), r.superseded_note) {
                    (SourceKind::Community, Some(_)) => "community, corrected".to_string(),
                    (k, _) => k.word().to_string(),
                },
                if r.situation { "yes" } else { "" }.to_string(),
            ]
        })
        .collect();
    let t = table(
        &["Ruling", "Title", "Set", "Source", "Replay"],
        rows,
        1,
        &[0],
        width,
    );
    let count = |k: SourceKind| rulings.iter().filter(|r| r.kind() == k).count();
    let shown = if total > rulings.len() {
        format!(
            "{} of {total} rulings shown (`--limit {total}` shows all)",
            rulings.len()
        )
    } else if rulings.len() == 1 {
        "1 ruling".to_string()
    } else {
        format!("{} rulings", rulings.len())
    };
    format!(
        "{t}\n{shown}: {} official, {} from the Core Rules, {} community.\n",
        count(SourceKind::Official),
        count(SourceKind::Rules),
        count(SourceKind::Community)
    )
}

/// A ruling as JSON: the entry plus its warnings and rules in the edition asked for
/// (`rules_in_edition`: `edition`, `rules`, and `other_july_rules` as the text's "its other July
/// rules under October").
pub fn ruling_json(r: &RulingEntry, date: &str, edition: EditionId) -> serde_json::Value {
    let rules: Vec<String> = match edition {
        EditionId::July => r.rules_july.iter().map(|s| (*s).to_string()).collect(),
        EditionId::October if !r.rules_october.is_empty() => {
            r.rules_october.iter().map(|s| (*s).to_string()).collect()
        }
        EditionId::October => r.rules_july.iter().map(|n| rule_in(n, edition)).collect(),
    };
    serde_json::json!({
        "ruling": r,
        "kind": r.kind(),
        "warnings": warnings(r, date, edition),
        "rules_in_edition": {
            "edition": edition,
            "rules": rules,
            "other_july_rules": other_july_rules(r, edition),
        },
        "replay": r.situation.then(|| format!("chainjudge replay rulings/{}.yaml", r.id)),
    })
}
