//! A rule by number: its parents (a breadcrumb), its sub-rules, its references and where it
//! stands in the other edition.

use super::{LookupError, OtherEdition, RuleRef, RuleView, Standing};
use crate::edition::{EditionId, Editions, JulyRule, OctoberRule};

pub(super) fn july_rule(number: &str) -> Option<(usize, &'static JulyRule)> {
    Editions::get()
        .july_rules
        .iter()
        .enumerate()
        .find(|(_, r)| r.number == number)
}

pub(super) fn october_of(i: usize) -> &'static OctoberRule {
    &Editions::get().october_rules[i]
}

/// July rule `i`'s October number and its standing: a number the data establishes; else the
/// number the October text imported on this machine gives it (its map, never over a
/// conflict with an established number); else an inferred number; else unconfirmed (or
/// removed).
pub fn october_number(i: usize) -> (Option<&'static str>, Standing) {
    let o = october_of(i);
    if o.removed {
        return (None, Standing::Removed);
    }
    match o.number.filter(|_| !o.unconfirmed) {
        Some(n) if !o.inferred => return (Some(n), Standing::Established),
        _ => {}
    }
    if let Some(e) =
        crate::import::october_map::october_for(o.july).filter(|e| e.conflict.is_none())
    {
        return (Some(e.october.as_str()), Standing::Imported);
    }
    match o.number.filter(|_| !o.unconfirmed) {
        Some(n) => (Some(n), Standing::Inferred),
        None => (None, Standing::Unconfirmed),
    }
}

/// Rule `i` (an index into the July rules) as named in `edition`.
pub(super) fn rule_ref(i: usize, edition: EditionId) -> RuleRef {
    let j = &Editions::get().july_rules[i];
    let (number, standing) = match edition {
        EditionId::July => (Some(j.number.to_string()), Standing::Established),
        EditionId::October => {
            let (n, st) = october_number(i);
            (n.map(str::to_string), st)
        }
    };
    RuleRef {
        number,
        july_number: j.number.to_string(),
        standing,
        title: j.title.to_string(),
        depth: depth(j.number),
    }
}

fn october_status(o: &OctoberRule) -> OtherEdition {
    if o.removed {
        return OtherEdition::Removed;
    }
    if o.unconfirmed || o.inferred {
        if let Some(e) =
            crate::import::october_map::october_for(o.july).filter(|e| e.conflict.is_none())
        {
            return OtherEdition::Imported {
                number: e.october.clone(),
            };
        }
    }
    match o.number {
        Some(n) if o.inferred && !o.unconfirmed => OtherEdition::Inferred {
            number: n.into(),
            basis: crate::diff::plain_basis(o.basis.unwrap_or("")),
        },
        Some(n) if !o.unconfirmed && n == o.july && !o.changed => {
            OtherEdition::Same { number: n.into() }
        }
        Some(n) if !o.unconfirmed && n == o.july => OtherEdition::Changed {
            number: n.into(),
            summary: o.summary.map(str::to_string),
        },
        Some(n) if !o.unconfirmed => OtherEdition::Renumbered {
            number: n.into(),
            changed: o.changed,
        },
        _ if o.changed => OtherEdition::ChangedUnconfirmed {
            summary: o.summary.map(str::to_string),
        },
        _ => OtherEdition::Unconfirmed,
    }
}

fn is_below(number: &str, parent: &str) -> bool {
    number.len() > parent.len()
        && number.starts_with(parent)
        && number.as_bytes()[parent.len()] == b'.'
}

pub(super) fn depth(number: &str) -> usize {
    number.matches('.').count()
}

/// Looks a rule up by (normalised) number in `edition`, with all sub-rules when `tree`.
///
/// Under October, an established number is found first, then an inferred one (shown with its
/// mark); a July number with no October rule of that number (not established, or moved) shows
/// the July rule, with a note saying so.
///
/// # Errors
/// [`LookupError::NotFound`] with what is known of the number.
pub fn lookup(number: &str, edition: EditionId, tree: bool) -> Result<RuleView, LookupError> {
    let eds = Editions::get();
    let index = match edition {
        EditionId::July => july_rule(number).map(|(i, _)| i),
        EditionId::October => {
            let numbered = |wanted: Standing| {
                (0..eds.october_rules.len()).find(|&i| october_number(i) == (Some(number), wanted))
            };
            numbered(Standing::Established)
                .or_else(|| numbered(Standing::Imported))
                .or_else(|| numbered(Standing::Inferred))
        }
    };
    let Some(i) = index else {
        // A rule the imported October text has and the map places nowhere: new in October.
        if edition == EditionId::October {
            if let Some(v) = imported_view(number, edition) {
                return Ok(v);
            }
        }
        if edition == EditionId::October {
            if let Some((ji, _)) = july_rule(number) {
                let mut v = view(ji, EditionId::July, tree);
                let moved = match october_status(october_of(ji)) {
                    OtherEdition::Renumbered { number: n, .. } => format!("; under October this rule is {n}"),
                    OtherEdition::Inferred { number: n, .. } => format!("; under October this rule is {n} (inferred: implied by the known October changes, quoted by no source)"),
                    OtherEdition::Imported { number: n } => format!("; under October this rule is {n} (by the October text imported on this machine)"),
                    OtherEdition::Removed => "; October removed this rule".into(),
                    _ => format!("; its October number is not established ({})", crate::show::no_october_number_why()),
                };
                v.notes.insert(0, format!("No established or inferred October rule is numbered {number}. This is July {number}{moved}."));
                return Ok(v);
            }
        }
        return imported_view(number, edition).ok_or_else(|| not_found(number, edition));
    };
    Ok(view(i, edition, tree))
}

fn view(i: usize, edition: EditionId, tree: bool) -> RuleView {
    let eds = Editions::get();
    let j = &eds.july_rules[i];
    let o = october_of(i);
    let parts: Vec<&str> = j.number.split('.').collect();
    let parents = (1..parts.len())
        .filter_map(|k| july_rule(&parts[..k].join(".")).map(|(pi, _)| rule_ref(pi, edition)))
        .collect();
    let d0 = depth(j.number);
    let children = eds
        .july_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| is_below(r.number, j.number) && (tree || depth(r.number) == d0 + 1))
        .map(|(k, _)| rule_ref(k, edition))
        .collect();
    let refs = j
        .refs
        .iter()
        .filter_map(|r| july_rule(r).map(|(k, _)| rule_ref(k, edition)))
        .collect();
    let mut notes = Vec::new();
    let mut standing = Standing::Established;
    let (number, summary, other) = match edition {
        EditionId::July => (
            j.number.to_string(),
            j.summary.to_string(),
            october_status(o),
        ),
        EditionId::October => {
            let (shown, st) = october_number(i);
            let number = shown.unwrap_or(j.number).to_string();
            if st == Standing::Imported {
                standing = Standing::Imported;
                notes.push(format!(
                    "The October number {number} comes from the October text imported on this machine (its map to the July rules), not from chainjudge's data."
                ));
            } else if o.inferred {
                standing = Standing::Inferred;
                notes.push(format!(
                    "The October number {number} is inferred: the known October changes imply it ({}), but no source quotes it.",
                    crate::diff::plain_basis(o.basis.unwrap_or(""))
                ));
            }
            let summary = match o.summary {
                Some(s) => s.to_string(),
                None => {
                    notes.push(if o.changed {
                        "October changed this rule and its new wording is not known: the summary is the July rule's.".to_string()
                    } else if o.inferred || standing == Standing::Imported {
                        "chainjudge has no October summary: the summary is the July rule's.".to_string()
                    } else if crate::import::october_map::load_map().is_some() {
                        "chainjudge has no October summary: the summary is the July rule's; the number is established (a source states it).".to_string()
                    } else {
                        "The October text is not available: the summary is the July rule's; the number is established (a source states it).".to_string()
                    });
                    j.summary.to_string()
                }
            };
            let back = if shown == Some(j.number) {
                if o.changed {
                    OtherEdition::Changed {
                        number: j.number.into(),
                        summary: Some(j.summary.into()),
                    }
                } else {
                    OtherEdition::Same {
                        number: j.number.into(),
                    }
                }
            } else {
                OtherEdition::Renumbered {
                    number: j.number.into(),
                    changed: o.changed,
                }
            };
            (number, summary, back)
        }
    };
    // The same number may name a different rule in the other edition.
    match edition {
        EditionId::October if number != j.number => {
            if let Some((ji, jr)) = july_rule(&number) {
                let now = match october_status(october_of(ji)) {
                    OtherEdition::Renumbered { number: n, .. } => {
                        format!(", which is {n} under October")
                    }
                    OtherEdition::Inferred { number: n, .. } => {
                        format!(", which is {n} (inferred) under October")
                    }
                    _ => String::new(),
                };
                notes.push(format!(
                    "July {number} is a different rule ({}){now}.",
                    jr.title
                ));
            }
        }
        EditionId::July => {
            if let Some(oo) = eds
                .october_rules
                .iter()
                .find(|x| x.number == Some(j.number) && !x.unconfirmed && x.july != j.number)
            {
                let title = july_rule(oo.july).map_or("", |(_, r)| r.title);
                let mark = if oo.inferred { " (inferred)" } else { "" };
                notes.push(format!(
                    "October {}{mark} is a different rule: July {} ({title}).",
                    j.number, oo.july
                ));
            }
        }
        EditionId::October => {}
    }
    let official = crate::import::official_text(edition, &number);
    RuleView {
        edition,
        number,
        standing,
        july_number: j.number.to_string(),
        title: j.title.to_string(),
        summary,
        notes,
        parents,
        children,
        refs,
        external_refs: j.external_refs.iter().map(|s| (*s).to_string()).collect(),
        other,
        official,
    }
}

/// July rule `july` as named under October (its number and standing there), when the data
/// holds it.
pub fn october_ref(july: &str) -> Option<RuleRef> {
    july_rule(july).map(|(i, _)| rule_ref(i, EditionId::October))
}

/// A rule only the judge's imported text of `edition` has: its official wording, its parents
/// and sub-rules as far as the data or the import name them.
fn imported_view(number: &str, edition: EditionId) -> Option<RuleView> {
    let doc = crate::import::load(edition)?;
    let r = doc.rules.iter().find(|r| r.number == number)?;
    let official = match (&r.title, r.text.is_empty()) {
        (Some(t), true) => t.clone(),
        (Some(t), false) => format!("{t}. {}", r.text),
        (None, _) => r.text.clone(),
    };
    let named = |n: &str| -> RuleRef {
        let data = match edition {
            EditionId::July => july_rule(n).map(|(i, _)| i),
            EditionId::October => {
                (0..Editions::get().october_rules.len()).find(|&i| october_number(i).0 == Some(n))
            }
        };
        match data {
            Some(i) => rule_ref(i, edition),
            None => super::search::imported_ref(n, edition),
        }
    };
    let parts: Vec<&str> = number.split('.').collect();
    let parents = (1..parts.len())
        .map(|k| parts[..k].join("."))
        .filter(|p| doc.rules.iter().any(|r| &r.number == p))
        .map(|p| named(&p))
        .collect();
    let children = doc
        .rules
        .iter()
        .filter(|c| is_below(&c.number, number) && depth(&c.number) == depth(number) + 1)
        .map(|c| named(&c.number))
        .collect();
    let base = super::search::imported_ref(number, edition);
    Some(RuleView {
        edition,
        number: number.to_string(),
        standing: Standing::Imported,
        july_number: base.july_number,
        title: base.title,
        summary: "chainjudge's data has no summary of this rule; the official wording you imported is below.".to_string(),
        notes: vec![format!(
            "{number} comes from the {} text imported on this machine, not from chainjudge's data.",
            edition.title()
        )],
        parents,
        children,
        refs: Vec::new(),
        external_refs: Vec::new(),
        other: OtherEdition::Unconfirmed,
        official: Some(official),
    })
}

fn not_found(number: &str, edition: EditionId) -> LookupError {
    let eds = Editions::get();
    let hint = match edition {
        EditionId::October => {
            "no October rule has this number (the known October changes establish none, and no imported October text holds one), and no July rule has it either".to_string()
        }
        EditionId::July => {
            let renumbered_to = eds
                .october_rules
                .iter()
                .find(|o| o.number == Some(number) && !o.unconfirmed);
            match renumbered_to {
                Some(o) => format!(
                    "{number} is an October number{}: it is July {} (try `--rules october`)",
                    if o.inferred { " (inferred)" } else { "" },
                    o.july
                ),
                None => "the July document has no rule with this number".to_string(),
            }
        }
    };
    LookupError::NotFound {
        number: number.to_string(),
        hint,
        nearest: nearest(number, edition),
    }
}

/// The rules just before and just after `number` in `edition`'s numbering (established and
/// inferred numbers), for a lookup that found nothing; only those in the same part of the
/// Core Rules (the same hundred: 300 to 399 for 337.9), so 999.9 has none rather than the last
/// rule of the book.
fn nearest(number: &str, edition: EditionId) -> Vec<RuleRef> {
    use std::cmp::Ordering;
    let eds = Editions::get();
    let mut before: Option<(usize, &str)> = None;
    let mut after: Option<(usize, &str)> = None;
    for i in 0..eds.july_rules.len() {
        let n: &str = match edition {
            EditionId::July => eds.july_rules[i].number,
            EditionId::October => match october_number(i).0 {
                Some(n) => n,
                None => continue,
            },
        };
        match crate::import::number_order(n, number) {
            Ordering::Less
                if before.is_none_or(|(_, b)| {
                    crate::import::number_order(n, b) == Ordering::Greater
                }) =>
            {
                before = Some((i, n))
            }
            Ordering::Greater
                if after
                    .is_none_or(|(_, a)| crate::import::number_order(n, a) == Ordering::Less) =>
            {
                after = Some((i, n))
            }
            _ => {}
        }
    }
    let part = |n: &str| n.as_bytes().first().copied();
    [before, after]
        .into_iter()
        .flatten()
        .filter(|(_, n)| part(n) == part(number))
        .map(|(i, _)| rule_ref(i, edition))
        .collect()
}
