//! `ruling`: search the rulings library, or list it with filters.

use super::{json_out, Format, Out};
use crate::edition::{EditionId, Editions};
use crate::rulings::{self, show, Filter};

/// What `ruling` was asked.
pub(super) struct RulingArgs {
    /// The words of the query (empty with `--list`).
    pub query: String,
    /// List with filters instead of searching.
    pub list: bool,
    /// The filters.
    pub filter: Filter,
    /// The edition to show cited rules in; default: the one in force on `date`.
    pub edition: Option<EditionId>,
    /// The day the ruling is read, YYYY-MM-DD.
    pub date: String,
    /// At most this many matches (default: 10 for a search, all for a list).
    pub limit: Option<usize>,
    /// Output format.
    pub format: Format,
}

/// A note when `--rule N` is read in both editions and N names a different rule in each.
fn two_meanings(a: &RulingArgs) -> Option<String> {
    let n = crate::lookup::normalize_number(a.filter.rule.as_deref()?)?;
    if a.filter.rule_edition.is_some() {
        return None;
    }
    let july = crate::lookup::lookup(&n, EditionId::July, false).ok()?;
    let october = crate::lookup::lookup(&n, EditionId::October, false).ok()?;
    (october.july_number != july.july_number).then(|| {
        format!(
            "Note: {n} names two rules, July {n} ({}) and October {n} (July {}, {}); both are listed. `--rules july` or `--rules october` picks one.\n",
            july.title, october.july_number, october.title
        )
    })
}

/// What a usage error says, and its exit code (2): in words on stderr, and with `--format json`
/// also as a JSON error object on stdout.
fn usage(out: &Out, format: Format, message: &str) -> i32 {
    if format == Format::Json {
        out.print(&json_out(&serde_json::json!({
            "error": { "code": "usage", "message": message }
        })));
    }
    out.eprint(&format!("error: {message}\n"));
    2
}

/// Runs `ruling`: 0 when something matched, 1 when nothing did (grep's convention), 2 on bad
/// usage (a query with `--list`, an empty query, a `--rule` that is no rule number).
pub(super) fn ruling_cmd(out: &Out, a: &RulingArgs) -> i32 {
    let edition = a
        .edition
        .unwrap_or_else(|| Editions::get().in_force(&a.date).unwrap_or(EditionId::July));
    if let Some(rule) = &a.filter.rule {
        let n = crate::lookup::normalize_number(rule);
        if !n.as_deref().is_some_and(rulings::search::is_rule_number) {
            return usage(
                out,
                a.format,
                &format!("--rule {rule}: not a rule number of the July or October 2026 Core Rules (`chainjudge rule {rule}` shows the nearest)"),
            );
        }
    }
    let query = a.query.trim();
    if a.list && !query.is_empty() {
        return usage(
            out,
            a.format,
            &format!("--list takes filters (--card, --rule, --source, --set), not a query; to search, drop --list: `chainjudge ruling {query}`"),
        );
    }
    if !a.list && query.is_empty() {
        return usage(
            out,
            a.format,
            "give a card name, keyword, rule number or words to search for, or --list to list the rulings",
        );
    }
    if a.list {
        let all = rulings::list(&a.filter);
        let found: Vec<_> = all
            .iter()
            .copied()
            .take(a.limit.unwrap_or(usize::MAX))
            .collect();
        out.print_as(a.format == Format::Text, &match a.format {
            Format::Json => json_out(&serde_json::json!({
                "date": a.date,
                "edition": edition,
                "total": all.len(),
                "rulings": found.iter().map(|r| show::ruling_json(r, &a.date, edition)).collect::<Vec<_>>(),
            })),
            Format::Markdown => found
                .iter()
                .map(|r| show::ruling_markdown(r, &a.date, edition))
                .collect::<Vec<_>>()
                .join("\n"),
            Format::Text => format!(
                "{}{}",
                show::list_text(&found, all.len(), out.width),
                two_meanings(a).unwrap_or_default()
            ),
        });
        return i32::from(found.is_empty());
    }
    let filtered = a.filter.card.is_some()
        || a.filter.rule.is_some()
        || a.filter.source.is_some()
        || a.filter.set.is_some();
    let (hits, total) = rulings::search::answer(query, &a.filter, a.edition, a.limit.unwrap_or(10));
    let missing = if !hits.is_empty() {
        String::new()
    } else if crate::lookup::normalize_number(query)
        .is_some_and(|n| !rulings::search::is_rule_number(&n))
    {
        format!("No ruling matches \"{query}\": it is not a rule number of the July or October 2026 Core Rules (`chainjudge rule {query}` shows the nearest rules).\n")
    } else if filtered {
        format!("No ruling matches \"{query}\" among the rulings passing the filters given.\n")
    } else {
        format!("No ruling matches \"{query}\".\n")
    };
    let titled = a.format == Format::Text && !hits.is_empty();
    let text = match a.format {
        Format::Json => crate::api::ruling_hits_json(&a.query, &a.date, edition, &hits, total),
        _ if hits.is_empty() => missing,
        Format::Markdown => show::ruling_markdown(hits[0].ruling, &a.date, edition),
        Format::Text => show::hits_text(query, &hits, total, &a.date, edition, out.width),
    };
    if titled {
        out.titled(&text);
    } else {
        out.print_as(a.format == Format::Text, &text);
    }
    i32::from(hits.is_empty())
}
