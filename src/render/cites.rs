//! Citations printed: a step's rules in one edition's numbers or both ("July a / Oct b",
//! "n (Oct: unconfirmed)"), notes with their rule numbers filled in, the footnotes that explain
//! the October marks, and the numbers a trace cites for `expect.cites`.

use super::*;

pub(super) const UNCONFIRMED_FOOTNOTE: &str =
    "Unconfirmed: the October number of that rule is not established by the known October changes; the July number is shown and the July behaviour is followed.";

pub(super) const INFERRED_FOOTNOTE: &str =
    "Inferred: the known October changes imply that October number (a block of rules renumbered by a known shift) but no source quotes it; the content is the July rule's.";

/// How the October label of `c` is qualified when printed next to the July one.
pub(super) fn oct_mark(c: Cite) -> Option<&'static str> {
    match Editions::get().edition(EditionId::October).cited(c) {
        Cited::Unconfirmed { .. } => Some("unconfirmed"),
        Cited::Inferred { .. } => Some("inferred"),
        _ => None,
    }
}

/// "July a / Oct b", or one number when they agree; an unconfirmed October number is a note on
/// the July one, and an inferred one equal to July's keeps its mark.
pub(super) fn july_oct(c: Cite, j: &str, o: &str) -> String {
    let oct = Editions::get().edition(EditionId::October).cited(c);
    match oct_mark(c) {
        Some("unconfirmed") => format!("{j} (Oct: unconfirmed)"),
        Some(m) if oct.number() == Some(j) => format!("{j} (Oct: {m})"),
        _ if j == o => j.to_string(),
        _ => format!("July {j} / Oct {o}"),
    }
}

pub(super) fn cite_text(ed: EditionId, c: Cite) -> Option<String> {
    let cited = Editions::get().edition(ed).cited(c);
    (*cited != Cited::Omitted).then(|| cited.label())
}

/// The rules cell of a step under one edition.
pub(super) fn rules_one(ed: EditionId, cites: &[Cite]) -> String {
    cites
        .iter()
        .filter_map(|c| cite_text(ed, *c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rules cell of an aligned July/October step: numbers printed once where they agree.
pub(super) fn rules_both(july: &Step, october: &Step) -> String {
    let mut parts = Vec::new();
    let mut all: Vec<Cite> = july.cites.to_vec();
    for c in &october.cites {
        if !all.contains(c) {
            all.push(*c);
        }
    }
    for c in all {
        let j = july
            .cites
            .contains(&c)
            .then(|| cite_text(EditionId::July, c))
            .flatten();
        let o = october
            .cites
            .contains(&c)
            .then(|| cite_text(EditionId::October, c))
            .flatten();
        parts.push(match (j, o) {
            (Some(j), Some(o)) => july_oct(c, &j, &o),
            (Some(j), None) => format!("{j} (July only)"),
            (None, Some(o)) => format!("{o} (Oct only)"),
            (None, None) => continue,
        });
    }
    parts.join(", ")
}

pub(super) fn note_text(ed: &[EditionId], n: &Note, only: Option<EditionId>) -> String {
    let text = filled_note(ed, n);
    match only {
        Some(e) => format!("Note ({} only): {text}", e.title()),
        None => format!("Note: {text}"),
    }
}

/// A note as [`note_text`] writes it, taken apart: the edition it is of ("July" from
/// "Note (July only): ..."), if one, and its text.
pub(super) fn split_note(note: &str) -> (Option<&str>, &str) {
    match note
        .strip_prefix("Note (")
        .and_then(|x| x.split_once(" only): "))
    {
        Some((e, text)) => (Some(e), text),
        None => (None, note.strip_prefix("Note: ").unwrap_or(note)),
    }
}

/// A note's text with its `{0}`, `{1}`... replaced by its citations in `ed`'s numbers (both
/// editions' where they differ).
pub(crate) fn filled_note(ed: &[EditionId], n: &Note) -> String {
    // A long replay gives the same note at thousands of steps (a reading noted at every
    // finalize): the last note filled is kept, and the same note again is a copy.
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Vec<EditionId>, Note, String)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| match last {
        Some((e, note, text)) if e.as_slice() == ed && note == n => text.clone(),
        _ => {
            let text = fill_note(ed, n);
            *last = Some((ed.to_vec(), n.clone(), text.clone()));
            text
        }
    })
}

/// [`filled_note`], worked out.
fn fill_note(ed: &[EditionId], n: &Note) -> String {
    let labels: Vec<String> = n
        .cites
        .iter()
        .map(|c| {
            let labels: Vec<String> = ed.iter().filter_map(|e| cite_text(*e, *c)).collect();
            match labels.as_slice() {
                [a, b] => july_oct(*c, a, b),
                [a, ..] => a.clone(),
                [] => String::new(),
            }
        })
        .collect();
    let mut text = n.text.clone();
    for (i, l) in labels.iter().enumerate() {
        text = text.replace(&format!("{{{i}}}"), l);
    }
    text
}

/// The footnotes for the October marks the report prints (unconfirmed, inferred).
pub(super) fn footnotes(r: &Report) -> Vec<&'static str> {
    let cited: Vec<Cited> = r
        .traces
        .iter()
        .filter(|t| t.edition == EditionId::October)
        .flat_map(|t| t.citations())
        .map(|c| Editions::get().edition(EditionId::October).resolve(c))
        .collect();
    let mut v = Vec::new();
    if cited.iter().any(|c| matches!(c, Cited::Inferred { .. })) {
        v.push(INFERRED_FOOTNOTE);
    }
    if cited.iter().any(|c| matches!(c, Cited::Unconfirmed { .. })) {
        v.push(UNCONFIRMED_FOOTNOTE);
    }
    v
}

/// The July numbers of the rules a trace cites whose number is unconfirmed in its edition
/// (printed "October: unconfirmed (July n)"), in order of first citation.
pub fn unconfirmed_cited(t: &Trace) -> Vec<String> {
    let book = Editions::get().edition(t.edition);
    t.citations()
        .into_iter()
        .filter_map(|c| match book.resolve(c) {
            crate::edition::Cited::Unconfirmed { july } => Some(july),
            _ => None,
        })
        .collect()
}

/// The numbers a trace cites, for `expect.cites`: established ones, and inferred ones written
/// without the mark; an unconfirmed rule gives no number.
pub fn cited_numbers(t: &Trace) -> Vec<String> {
    let book = Editions::get().edition(t.edition);
    t.citations()
        .into_iter()
        .filter_map(|c| book.resolve(c).number().map(str::to_string))
        .collect()
}
