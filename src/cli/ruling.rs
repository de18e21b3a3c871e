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
    /// At most this many matches.
    pub limit: usize,
    /// Output format.
    pub format: Format,
}

/// Runs `ruling`: 0 when something matched, 1 when nothing did (grep's convention).
pub(super) fn ruling_cmd(out: &Out, a: &RulingArgs) -> i32 {
    let edition = a
        .edition
        .unwrap_or_else(|| Editions::get().in_force(&a.date).unwrap_or(EditionId::July));
    if a.list || a.query.trim().is_empty() {
        let found = rulings::list(&a.filter);
        out.print(&match a.format {
            Format::Json => json_out(&serde_json::json!({
                "date": a.date,
                "edition": edition,
                "rulings": found.iter().map(|r| show::ruling_json(r, &a.date, edition)).collect::<Vec<_>>(),
            })),
            Format::Markdown => found
                .iter()
                .map(|r| show::ruling_markdown(r, &a.date, edition))
                .collect::<Vec<_>>()
                .join("\n"),
            Format::Text => show::list_text(&found, out.width),
        });
        return i32::from(found.is_empty());
    }
    let allowed = rulings::list(&a.filter);
    let hits: Vec<_> = rulings::search(&a.query, usize::MAX)
        .into_iter()
        .filter(|h| allowed.iter().any(|r| r.id == h.ruling.id))
        .take(a.limit)
        .collect();
    out.print(&match a.format {
        Format::Json => json_out(&serde_json::json!({
            "query": a.query,
            "date": a.date,
            "edition": edition,
            "hits": hits.iter().map(|h| serde_json::json!({
                "score": h.score,
                "matched": h.matched,
                "ruling": show::ruling_json(h.ruling, &a.date, edition),
            })).collect::<Vec<_>>(),
        })),
        Format::Markdown if hits.is_empty() => format!("No ruling matches \"{}\".\n", a.query),
        Format::Markdown => show::ruling_markdown(hits[0].ruling, &a.date, edition),
        Format::Text => show::hits_text(&a.query, &hits, &a.date, edition, out.width),
    });
    i32::from(hits.is_empty())
}
