//! Hints: places where a valid file probably says something other than its writer meant, found
//! from the file alone and shown beside the report (never an error, never a change of meaning).
//!
//! - A unit or gear whose name says "token" but that is not written `token: true`: as written it
//!   is a card, so it counts as played and can turn Legion on (185).
//! - Two or more `kill` effects in a row in one item: each is its own kill action and event,
//!   where a "kill all" is one action whose own-death triggers go on together (383.3.d.1).

use super::{ActionKind, BoardKind, EffectKind, ItemKind, ItemSpec, Situation};
use crate::edition::Cite;
use crate::yaml::Loc;

/// One hint: where it points, what it says (with `{0}`, `{1}`... standing for `cites`, filled
/// in each edition's numbers when shown), and the rules it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The node it points at.
    pub loc: Loc,
    /// The hint, in words; rule numbers only through `{N}` placeholders.
    pub text: String,
    /// The rules it names.
    pub cites: Vec<Cite>,
}

/// Every hint for `s`, in file order.
pub fn hints(s: &Situation) -> Vec<Hint> {
    let mut out = Vec::new();
    for b in &s.board {
        if matches!(b.kind, BoardKind::Unit | BoardKind::Gear) && !b.token && says_token(&b.name) {
            out.push(Hint {
                loc: b.loc,
                text: format!("`{}` is named as a token but is not written `token: true`, so the replay takes it for a card: if it leaves the board it goes to the trash, where a token would cease to exist ({{1}}); write `token: true` if it is a token ({{0}})", b.id),
                cites: vec![Cite::TokenNotCard, Cite::TokenCeases],
            });
        }
        for t in &b.triggers {
            item_hints(&t.item, &mut out);
        }
    }
    for item in &s.chain {
        item_hints(item, &mut out);
    }
    for a in &s.actions {
        if let ActionKind::Play(item) = &a.kind {
            item_hints(item, &mut out);
        }
    }
    out.sort_by_key(|h| h.loc.offset);
    out.dedup();
    out
}

/// Whether a name holds the word "token" (any case), as in "Recruit Token".
fn says_token(name: &str) -> bool {
    name.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("token") || w.eq_ignore_ascii_case("tokens"))
}

fn token_hint(loc: Loc, id: &str) -> Hint {
    Hint {
        loc,
        text: format!("`{id}` is named as a token but is not written `token: true`, so the replay takes it for a card: its play counts as a card played this turn and can turn Legion on; write `token: true` if it is a token; see {{0}}"),
        cites: vec![Cite::TokenNotCard],
    }
}

/// The hints of one item, its effects' instructed plays and its triggers' items.
fn item_hints(item: &ItemSpec, out: &mut Vec<Hint>) {
    if matches!(item.kind, ItemKind::Unit | ItemKind::Gear) && !item.token && says_token(&item.name)
    {
        out.push(token_hint(item.loc, &item.id));
    }
    // Runs of unconditional `kill` effects side by side (an item with one effect has none).
    if item.effects.len() > 1 {
        kill_runs(item, out);
    }
    for e in &item.effects {
        if let EffectKind::Play(inner) = &e.kind {
            item_hints(inner, out);
        }
    }
    for t in &item.triggers {
        item_hints(&t.item, out);
    }
}

/// The hint for each run of unconditional `kill` effects side by side in `item`.
fn kill_runs(item: &ItemSpec, out: &mut Vec<Hint>) {
    let kills: Vec<Option<&[String]>> = item
        .effects
        .iter()
        .map(|e| match (&e.kind, &e.condition) {
            (EffectKind::Kill(ids), None) => Some(ids.as_slice()),
            _ => None,
        })
        .collect();
    let mut i = 0;
    while i < kills.len() {
        let len = kills[i..].iter().take_while(|k| k.is_some()).count();
        if len > 1 {
            let all: Vec<&str> = kills[i..i + len]
                .iter()
                .flatten()
                .flat_map(|l| l.iter().map(String::as_str))
                .collect();
            out.push(Hint {
                loc: item.effects[i].loc,
                text: format!(
                    "{} writes {len} `kill` effects in a row: each is its own kill action and event, so their death triggers go on separately; if the card kills them together (\"kill all ...\"), write one `kill: [{}]`, one action whose triggers go on as one event; see {{0}}",
                    item.id,
                    all.join(", ")
                ),
                cites: vec![Cite::TriggerOrderTurn],
            });
        }
        i += len.max(1);
    }
}

#[cfg(test)]
mod tests {
    use super::says_token;

    #[test]
    fn a_name_says_token_only_as_a_word() {
        assert!(says_token("Recruit Token"));
        assert!(says_token("sand-soldier token"));
        assert!(!says_token("Tokenmaster"));
        assert!(!says_token("Recruit"));
    }
}
