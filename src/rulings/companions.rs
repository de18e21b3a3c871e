//! Companion rulings: two rulings that name each other only ("see also ..."), the two halves of one
//! answer (Riot's FAQ answers Unyielding Spirit in two questions: what "spell and ability
//! damage" means, and which cards' damage it stops). A search shows a ruling's companion right
//! after it when both match, so a judge never reads one half without the other.

use super::all;
use std::collections::HashMap;

/// For each ruling (indices into [`all`]), its companion if it has one: the one ruling it
/// names that names it back and names no other that does (three rulings naming one another,
/// as the three on defend triggers do, are related questions, not one answer's halves); built
/// once from the rulings' texts (question, answer, steps, nuances).
pub(super) fn companions() -> &'static [Option<usize>] {
    static C: std::sync::OnceLock<Vec<Option<usize>>> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let index: HashMap<&str, usize> =
            all().iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        let names: Vec<Vec<usize>> = all()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let texts = [r.question, r.answer]
                    .into_iter()
                    .chain(r.sequence.iter().copied())
                    .chain(r.nuances.iter().copied());
                let mut named: Vec<usize> = texts
                    .flat_map(ids_in)
                    .filter_map(|id| index.get(id).copied())
                    .filter(|&j| j != i)
                    .collect();
                named.sort_unstable();
                named.dedup();
                named
            })
            .collect();
        let names = &names;
        let mutual = |i: usize| -> Vec<usize> {
            names[i]
                .iter()
                .copied()
                .filter(|&j| names[j].contains(&i))
                .collect()
        };
        // Only pairs: three rulings naming one another are related questions, not halves.
        (0..names.len())
            .map(|i| match mutual(i).as_slice() {
                [j] if mutual(*j).len() == 1 => Some(*j),
                _ => None,
            })
            .collect()
    })
}

/// The words of `text` shaped like a ruling id: lower-case letters and digits joined by
/// hyphens, three parts at least.
fn ids_in(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| w.split('-').filter(|p| !p.is_empty()).count() >= 3)
}

/// `items` (best first; `index` gives each one's ruling, an index into [`all`]) with each
/// ruling's companion moved up to follow it when `alike` says they matched the same way (a
/// companion matching by words never passes the rulings matching by the card's name); a
/// companion already above stays where it is, and one absent is not added.
pub(super) fn follow<T>(
    items: Vec<T>,
    index: impl Fn(&T) -> usize,
    alike: impl Fn(&T, &T) -> bool,
) -> Vec<T> {
    let c = companions();
    let mut rest: Vec<Option<T>> = items.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(rest.len());
    for k in 0..rest.len() {
        let Some(item) = rest[k].take() else {
            continue;
        };
        let partner = c[index(&item)].and_then(|j| {
            rest[k + 1..]
                .iter()
                .position(|x| x.as_ref().is_some_and(|x| index(x) == j && alike(&item, x)))
                .map(|p| k + 1 + p)
        });
        out.push(item);
        if let Some(x) = partner.and_then(|p| rest[p].take()) {
            out.push(x);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(id: &str) -> usize {
        all().iter().position(|r| r.id == id).unwrap()
    }

    #[test]
    fn two_rulings_naming_each_other_are_companions_and_one_naming_alone_is_not() {
        let a = index("unyielding-spirit-stops-damage-dealt-by-spells-and-abilities");
        let b = index("unyielding-spirit-which-damage-sources-it-stops");
        assert_eq!(companions()[a], Some(b));
        assert_eq!(companions()[b], Some(a));
        // Kha'Zix's ruling names the other Kha'Zix ruling, which does not name it back.
        let k = index("khazix-ambush-cannot-be-answered-before-he-enters");
        assert_eq!(companions()[k], None);
        // The three rulings on defend triggers all name one another: no pair.
        let d = index("attack-and-defend-triggers-once-per-combat");
        assert_eq!(companions()[d], None);
    }

    #[test]
    fn a_companion_moves_up_to_follow_its_ruling_and_never_down() {
        let a = index("unyielding-spirit-stops-damage-dealt-by-spells-and-abilities");
        let b = index("unyielding-spirit-which-damage-sources-it-stops");
        let x = index("tank-does-not-redirect-spell-damage");
        let same = |_: &usize, _: &usize| true;
        assert_eq!(follow(vec![a, x, b], |&i| i, same), vec![a, b, x]);
        assert_eq!(follow(vec![b, x, a], |&i| i, same), vec![b, a, x]);
        // Absent from the results, a companion is not added.
        assert_eq!(follow(vec![a, x], |&i| i, same), vec![a, x]);
        // Matched another way (by words under a card match), it stays where it is.
        let by_kind = |i: &usize, j: &usize| (*i == b) == (*j == b);
        assert_eq!(follow(vec![a, x, b], |&i| i, by_kind), vec![a, x, b]);
    }
}
