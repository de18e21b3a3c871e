//! The compact view's rules (issue 20): with two editions compared, a step's rules are July's
//! numbers, `≠` marking one October renumbers (the answer block lists the renumbering once) and
//! `°` one whose October number is unconfirmed; a rule July lacks is October's number marked
//! "(Oct)". A step of October only gives October's numbers, "Oct 471.1*", `*` marking an
//! inferred one. One legend line after the notes says what the marks printed mean.

use crate::compare::Report;
use crate::edition::{Cite, Cited, EditionId, Editions};
use crate::trace::Step;

/// The label of `c` under both editions, short: July's number, marked `≠` where October's
/// differs and `°` where October's is unconfirmed; a rule July lacks, October's number marked
/// "(Oct)". `in_july`/`in_october`: whether each edition's step cites it (a step of one edition
/// only is not marked as such).
fn both_label(c: Cite, in_july: bool, in_october: bool, one_sided: bool) -> Option<String> {
    let book = Editions::get();
    let j = book.edition(EditionId::July).cited(c);
    let o = book.edition(EditionId::October).cited(c);
    let label = |x: &Cited| (*x != Cited::Omitted).then(|| x.label());
    if !in_july && !in_october {
        return None;
    }
    let Some(jl) = label(j) else {
        return Some(format!("{} (Oct)", label(o)?));
    };
    let mark = match (&o, j.number(), o.number()) {
        (Cited::Unconfirmed { .. }, _, _) => "°",
        (_, Some(a), Some(b)) if a != b => "≠",
        _ => "",
    };
    let only = match (in_july, in_october, one_sided) {
        (_, _, true) | (true, true, _) => "",
        (true, false, _) => " (July only)",
        (false, _, _) => " (Oct only)",
    };
    Some(format!("{jl}{mark}{only}"))
}

/// The rules of a row's steps (`steps`: each edition's step, if any), short when two editions
/// are compared; under one edition, as the full table prints them.
pub(super) fn rules(eds: &[EditionId], steps: &[Option<&Step>]) -> String {
    if let [Some(a)] = steps {
        return super::rules_one(eds[0], &a.cites);
    }
    let (july, october) = match steps {
        [a, b] => (*a, *b),
        _ => return String::new(),
    };
    let only = july.is_none() || october.is_none();
    let mut all: Vec<Cite> = Vec::new();
    for st in [july, october].into_iter().flatten() {
        for c in &st.cites {
            if !all.contains(c) {
                all.push(*c);
            }
        }
    }
    let has = |st: Option<&Step>, c: &Cite| st.is_some_and(|s| s.cites.contains(c));
    if let (Some(j), None) = (july, october) {
        // A step of July only: July's numbers, with no mark for October.
        return super::rules_one(EditionId::July, &j.cites);
    }
    if july.is_none() {
        // A step of October only cites October's numbers, said once before the first of them:
        // "Oct 471.1*, 472*". One whose October number is unconfirmed is July's, marked `°`.
        let o = Editions::get().edition(EditionId::October);
        let mut said = false;
        let labels: Vec<String> = all
            .iter()
            .filter_map(|c| {
                let (label, october) = match o.resolve(*c) {
                    Cited::Rule { number } => (number, true),
                    Cited::Inferred { number } => (format!("{number}*"), true),
                    Cited::Unconfirmed { july } => (format!("{july}°"), false),
                    Cited::Source { title } => (title, false),
                    Cited::Omitted => return None,
                };
                let first = october && !said;
                said |= october;
                Some(if first { format!("Oct {label}") } else { label })
            })
            .collect();
        return labels.join(", ");
    }
    all.iter()
        .filter_map(|c| both_label(*c, has(july, c), has(october, c), only))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The legend of the marks printed when two editions are compared (`printed`: the rules
/// printed in the list; `answer_renumbered`: the answer block's renumbered rules, which may say
/// "inferred"), as one paragraph,
/// or nothing when none is printed. Under one edition, the full report's footnotes.
pub(super) fn legend(r: &Report, printed: &[&str], answer_renumbered: &[String]) -> Vec<String> {
    if r.traces.len() != 2 {
        return super::footnotes(r)
            .into_iter()
            .map(str::to_string)
            .collect();
    }
    let renumbered = printed.iter().any(|x| x.contains('≠'));
    let starred = printed
        .iter()
        .any(|x| x.starts_with("Oct ") && x.contains('*'));
    let unconfirmed = printed.iter().any(|x| x.contains('°'));
    let inferred = printed.iter().any(|x| x.contains("inferred"))
        || answer_renumbered.iter().any(|x| x.contains("inferred"));
    let mut parts = Vec::new();
    if renumbered {
        parts.push("≠: renumbered in October (see the Answer)");
    }
    if unconfirmed {
        parts.push("°: October number unconfirmed, July rule followed");
    }
    if inferred || starred {
        parts.push(if starred {
            "inferred (*): implied by a known shift, quoted by no source"
        } else {
            "inferred: implied by a known shift, quoted by no source"
        });
    }
    if parts.is_empty() {
        return Vec::new();
    }
    vec![format!("{}.", parts.join("; "))]
}
