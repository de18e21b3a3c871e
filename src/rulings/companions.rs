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
pub(super) fn companions() -> &'static [Vec<usize>] {
    static C: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
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
        let mutual: Vec<Vec<usize>> = names
            .iter()
            .enumerate()
            .map(|(i, named)| {
                named
                    .iter()
                    .copied()
                    .filter(|&j| names[j].contains(&i))
                    .collect()
            })
            .collect();
        // Only pairs: three rulings naming one another are related questions, not halves.
        mutual
            .iter()
            .map(|m| match m.as_slice() {
                [j] if mutual[*j].len() == 1 => vec![*j],
                _ => Vec::new(),
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

/// `order` (indices into [`all`], best first) with each ruling's companion moved up to follow
/// it when `alike` says they matched the same way (a companion matching by words never passes
/// the rulings matching by the card's name); a companion already above stays where it is.
/// `alike` is asked only of rulings both in `order`.
pub(super) fn follow(order: &mut Vec<usize>, alike: impl Fn(usize, usize) -> bool) {
    let c = companions();
    let mut out: Vec<usize> = Vec::with_capacity(order.len());
    let mut placed = vec![false; all().len()];
    for k in 0..order.len() {
        let i = order[k];
        if placed[i] {
            continue;
        }
        placed[i] = true;
        out.push(i);
        for &j in &c[i] {
            if !placed[j] && order[k + 1..].contains(&j) && alike(i, j) {
                placed[j] = true;
                out.push(j);
            }
        }
    }
    *order = out;
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
        assert_eq!(companions()[a], vec![b]);
        assert_eq!(companions()[b], vec![a]);
        // Kha'Zix's ruling names the other Kha'Zix ruling, which does not name it back.
        let k = index("khazix-ambush-cannot-be-answered-before-he-enters");
        assert!(companions()[k].is_empty());
        // The three rulings on defend triggers all name one another: no pair.
        let d = index("attack-and-defend-triggers-once-per-combat");
        assert!(companions()[d].is_empty());
    }

    #[test]
    fn a_companion_moves_up_to_follow_its_ruling_and_never_down() {
        let a = index("unyielding-spirit-stops-damage-dealt-by-spells-and-abilities");
        let b = index("unyielding-spirit-which-damage-sources-it-stops");
        let x = index("tank-does-not-redirect-spell-damage");
        let mut order = vec![a, x, b];
        follow(&mut order, |_, _| true);
        assert_eq!(order, vec![a, b, x]);
        let mut order = vec![b, x, a];
        follow(&mut order, |_, _| true);
        assert_eq!(order, vec![b, a, x]);
        // Absent from the results, a companion is not added.
        let mut order = vec![a, x];
        follow(&mut order, |_, _| true);
        assert_eq!(order, vec![a, x]);
        // Matched another way (by words under a card match), it stays where it is.
        let mut order = vec![a, x, b];
        follow(&mut order, |i, j| (i == b) == (j == b));
        assert_eq!(order, vec![a, x, b]);
    }
}
