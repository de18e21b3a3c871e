//! One printable row of a report: a row of the aligned editions made into number, who, what,
//! notes, state, holders, rules and flag, as the table, the compact list and the page print it.

use super::*;

pub(super) fn who(s: &Situation, p: Option<PlayerId>) -> String {
    p.map_or_else(|| "-".to_string(), |p| s.name(p).to_string())
}

pub(super) fn holders(s: &Situation, st: &Step) -> String {
    let f = st
        .focus()
        .map_or_else(String::new, |f| format!(" / {}", s.name(f)));
    format!("{}{f}", who(s, st.priority()))
}

pub(super) fn editions(r: &Report) -> Vec<EditionId> {
    r.traces.iter().map(|t| t.edition).collect()
}

/// One printable row: number, who, what, its notes, state, holders, rules, flag.
#[derive(Clone)]
pub(super) struct Line {
    pub(super) n: String,
    pub(super) who: String,
    pub(super) what: String,
    /// The step's notes, each a sentence or more ("Note (July only): ...").
    pub(super) notes: Vec<String>,
    pub(super) state: String,
    pub(super) holders: String,
    pub(super) rules: String,
    pub(super) flag: Flag,
    /// The one edition the step is taken under, when two are compared and only one has it.
    pub(super) only: Option<EditionId>,
}

/// The printable row of `r` (numbered `row.n`), or `None` for a row no edition has.
pub(super) fn line_of(r: &Report, eds: &[EditionId], row: &Row) -> Option<Line> {
    let s = r.situation;
    let Row { n, flag, .. } = row;
    let present: Vec<(usize, &Step)> = r.steps_of(row).collect();
    let &(k0, first) = present.first()?;
    let mut what = first.what.to_string();
    let only = (present.len() == 1 && eds.len() == 2).then(|| eds[k0]);
    if let Some(e) = only {
        what = format!("[{} only] {what}", e.title());
    }
    let mut notes: Vec<String> = Vec::new();
    for (k, st) in &present {
        for note in st.notes() {
            let eds_here: Vec<EditionId> =
                if present.len() == 2 && present.iter().all(|(_, x)| x.notes().contains(note)) {
                    eds.to_vec()
                } else {
                    vec![eds[*k]]
                };
            let only = (eds_here.len() == 1 && eds.len() == 2).then_some(eds[*k]);
            let t = note_text(&eds_here, note, only);
            if !notes.contains(&t) {
                notes.push(t);
            }
        }
    }
    let rules = match present.as_slice() {
        [(_, a), (_, b)] => rules_both(a, b),
        [(k, a)] => rules_one(eds[*k], &a.cites),
        _ => String::new(),
    };
    // Where the editions' states or holders differ on a shared row, both are shown.
    let (state, holder) = match present.as_slice() {
        [(_, a), (_, b)] if a.state != b.state || holders(s, a) != holders(s, b) => (
            if a.state == b.state {
                a.state.title().to_string()
            } else {
                format!("July: {}; Oct: {}", a.state.title(), b.state.title())
            },
            if holders(s, a) == holders(s, b) {
                holders(s, a)
            } else {
                format!("July: {}; Oct: {}", holders(s, a), holders(s, b))
            },
        ),
        _ => (first.state.title().to_string(), holders(s, first)),
    };
    Some(Line {
        n: n.to_string(),
        who: who(s, first.who()),
        what,
        notes,
        state,
        holders: holder,
        rules,
        flag: *flag,
        only,
    })
}

/// Every printable row of `r`, made one at a time.
pub(super) fn lines_of<'r>(r: &'r Report<'_>) -> impl Iterator<Item = Line> + 'r {
    let eds = editions(r);
    r.rows.iter().filter_map(move |row| line_of(r, &eds, row))
}
