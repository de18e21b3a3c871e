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

/// Rule `i` (an index into the July rules) as named in `edition`.
pub(super) fn rule_ref(i: usize, edition: EditionId, depth: usize) -> RuleRef {
    let j = &Editions::get().july_rules[i];
    let o = october_of(i);
    let (number, standing) = match edition {
        EditionId::July => (Some(j.number.to_string()), Standing::Established),
        EditionId::October if o.removed => (None, Standing::Removed),
        EditionId::October => match o.number.filter(|_| !o.unconfirmed) {
            Some(n) if o.inferred => (Some(n.to_string()), Standing::Inferred),
            Some(n) => (Some(n.to_string()), Standing::Established),
            None => (None, Standing::Unconfirmed),
        },
    };
    RuleRef {
        number,
        july_number: j.number.to_string(),
        standing,
        title: j.title.to_string(),
        depth,
    }
}

fn october_status(o: &OctoberRule) -> OtherEdition {
    if o.removed {
        return OtherEdition::Removed;
    }
    match o.number {
        Some(n) if o.inferred && !o.unconfirmed => OtherEdition::Inferred { number: n.into() },
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
            let numbered = |inferred: bool| {
                eds.october_rules.iter().position(|o| {
                    o.number == Some(number)
                        && !o.unconfirmed
                        && !o.removed
                        && o.inferred == inferred
                })
            };
            numbered(false).or_else(|| numbered(true))
        }
    };
    let Some(i) = index else {
        if edition == EditionId::October {
            if let Some((ji, _)) = july_rule(number) {
                let mut v = view(ji, EditionId::July, tree);
                let moved = match october_status(october_of(ji)) {
                    OtherEdition::Renumbered { number: n, .. } => format!("; under October this rule is {n}"),
                    OtherEdition::Inferred { number: n } => format!("; under October this rule is {n} (inferred: implied by the known October changes, quoted by no source)"),
                    OtherEdition::Removed => "; October removed this rule".into(),
                    _ => "; its October number is not established (the October text is not available)".into(),
                };
                v.notes.insert(0, format!("No established or inferred October rule is numbered {number}. This is July {number}{moved}."));
                return Ok(v);
            }
        }
        return Err(not_found(number, edition));
    };
    Ok(view(i, edition, tree))
}

fn view(i: usize, edition: EditionId, tree: bool) -> RuleView {
    let eds = Editions::get();
    let j = &eds.july_rules[i];
    let o = october_of(i);
    let parts: Vec<&str> = j.number.split('.').collect();
    let parents = (1..parts.len())
        .filter_map(|k| july_rule(&parts[..k].join(".")).map(|(pi, _)| rule_ref(pi, edition, 0)))
        .collect();
    let d0 = depth(j.number);
    let children = eds
        .july_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| is_below(r.number, j.number) && (tree || depth(r.number) == d0 + 1))
        .map(|(k, r)| rule_ref(k, edition, depth(r.number) - d0))
        .collect();
    let refs = j
        .refs
        .iter()
        .filter_map(|r| july_rule(r).map(|(k, _)| rule_ref(k, edition, 0)))
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
            let number = o.number.unwrap_or(j.number).to_string();
            if o.inferred {
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
                    } else if o.inferred {
                        "The October text is not available: the summary is the July rule's.".to_string()
                    } else {
                        "The October text is not available: the summary is the July rule's; the number is established by the known October changes.".to_string()
                    });
                    j.summary.to_string()
                }
            };
            let back = if o.number == Some(j.number) {
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
                    OtherEdition::Inferred { number: n } => {
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

fn not_found(number: &str, edition: EditionId) -> LookupError {
    let eds = Editions::get();
    let hint = match edition {
        EditionId::October => {
            let imported = crate::import::official_text(EditionId::October, number)
                .map(|t| format!("; your imported October text has it: \"{t}\""))
                .unwrap_or_default();
            format!("no rule of the data has this number under October, and none is established by the known October changes{imported}")
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
                None => {
                    let parent = number.rsplit_once('.').map(|(p, _)| p.to_string());
                    match parent.filter(|p| july_rule(p).is_some()) {
                        Some(p) => format!("the data holds {p} but not this sub-rule: try `chainjudge rule {p} --tree`"),
                        None => "no rule has this number in the July data (it covers 100-199 where they matter to play, 300-489, 700-711, 734-740 and 800-829)".to_string(),
                    }
                }
            }
        }
    };
    LookupError::NotFound {
        number: number.to_string(),
        hint,
    }
}
