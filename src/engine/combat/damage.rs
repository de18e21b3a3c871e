//! The Combat Damage Step (465; October 467): each side's total Might (465.2.a, 465.2.b), with
//! Assault and Shield (807.1.c, 814.1.c) and nothing from a stunned unit (423.1.b), the
//! attacker's then the defender's assignment (465.2.c) with lethal first (465.2.c.3, 465.2.c.4),
//! Tank (815.1.b, 815.1.c.2) and Backline (826.3, 826.4.b) followed by 465.2.c.6, a written
//! `assign` or the default, all dealt at once (465.2.d), then straight to the Resolution Step
//! (465.3). Each step cites the keyword rules it applies.

use super::*;

/// A unit the damage can be assigned to, with what it needs to be lethal.
#[derive(Debug, Clone)]
struct Target {
    perm: usize,
    id: String,
    need: i64,
    tank: bool,
    backline: bool,
    /// Assault (an attacker) or Shield (a defender) adding to the Might its need counts.
    bonus: Option<Cite>,
}

/// The rules of Tank on assigning combat damage (815, 815.1.b, 815.1.c.2); 465.2.c.6, which
/// makes an assignment follow them, is cited with them.
const TANK_CITES: [Cite; 3] = [Cite::TankKeyword, Cite::TankFirst, Cite::TankSeveral];

/// The rules of Backline on assigning combat damage (826, 826.3, 826.4.b); 465.2.c.6 is cited
/// with them.
const BACKLINE_CITES: [Cite; 3] = [
    Cite::BacklineKeyword,
    Cite::BacklineLast,
    Cite::BacklineSeveral,
];

/// The rules behind a refusal: the failed check's rule, and for Tank or Backline the keyword's
/// rules on assignment and 465.2.c.6.
fn refusal_cites(cite: Cite) -> Vec<Cite> {
    let keyword: &[Cite] = match cite {
        Cite::TankKeyword => &TANK_CITES,
        Cite::BacklineKeyword => &BACKLINE_CITES,
        c => return vec![c],
    };
    let mut cites = keyword.to_vec();
    cites.push(Cite::AssignRequirements);
    cites
}

/// Why an assignment is illegal, with the rule of the first check that fails (4.5).
fn check(
    targets: &[Target],
    amounts: &[i64],
    total: i64,
    tank_as: &[bool],
) -> Option<(String, Cite)> {
    let sum: i64 = amounts.iter().sum();
    if sum != total {
        return Some((
            format!("it assigns {sum}, not the total of {total}"),
            Cite::AssignDamage,
        ));
    }
    let got = |k: usize| amounts[k] >= targets[k].need;
    let short: Vec<usize> = (0..targets.len())
        .filter(|&k| amounts[k] > 0 && amounts[k] < targets[k].need)
        .collect();
    if short.len() > 1 {
        return Some((
            "more than one unit gets less than lethal damage".into(),
            Cite::AssignLethalFirst,
        ));
    }
    if let Some(&k) = short.first() {
        if (0..targets.len()).any(|o| o != k && amounts[o] > 0 && !got(o)) {
            return Some((
                format!(
                    "{} gets less than lethal while another unit with damage also does",
                    targets[k].id
                ),
                Cite::AssignLethalFirst,
            ));
        }
    }
    if (0..targets.len()).any(|k| amounts[k] > targets[k].need) && !(0..targets.len()).all(got) {
        return Some((
            "a unit gets more than lethal before every unit has lethal".into(),
            Cite::AssignExtra,
        ));
    }
    let tanks_full = (0..targets.len()).filter(|&k| tank_as[k]).all(got);
    if !tanks_full && (0..targets.len()).any(|k| !tank_as[k] && amounts[k] > 0) {
        return Some((
            "a unit without Tank gets damage before every Tank unit has lethal".into(),
            Cite::TankKeyword,
        ));
    }
    let front_full = (0..targets.len())
        .filter(|&k| !backline_as(targets, tank_as, k))
        .all(got);
    if !front_full && (0..targets.len()).any(|k| backline_as(targets, tank_as, k) && amounts[k] > 0)
    {
        return Some((
            "a Backline unit gets damage before every unit without Backline has lethal".into(),
            Cite::BacklineKeyword,
        ));
    }
    None
}

/// The default assignment of `total` to `targets` (in the order of [`Engine::targets`]):
/// lethal to each in turn while the damage lasts, the rest to the first (465.2.c.3, 465.2.c.4).
fn default_amounts(targets: &[Target], total: i64) -> Vec<i64> {
    let mut left = total;
    let mut amounts: Vec<i64> = targets
        .iter()
        .map(|t| {
            let a = t.need.min(left);
            left -= a;
            a
        })
        .collect();
    if let Some(first) = amounts.first_mut() {
        *first += left;
    }
    amounts
}

/// Whether unit `k` counts as Backline under a choice for the units with both keywords
/// (465.2.c.8, 465.2.c.9): a unit with both counts as Tank or as Backline, not both.
fn backline_as(targets: &[Target], tank_as: &[bool], k: usize) -> bool {
    targets[k].backline && !(targets[k].tank && tank_as[k])
}

impl<'s> Engine<'s> {
    /// The Combat Damage Step (465).
    pub(in crate::engine) fn combat_damage(&mut self) -> Res {
        let c = self.combat.clone().expect("a combat is under way");
        let bf = c.bf;
        let units: Vec<usize> = self.board.bfs[bf].units.iter().copied().collect();
        let side = |role: Role| -> Vec<usize> {
            units
                .iter()
                .copied()
                .filter(|&u| self.board.unit(u).role == Some(role))
                .collect()
        };
        let (attackers, defenders) = (side(Role::Attacker), side(Role::Defender));
        self.cleanup_due = None;
        if let Some(k) = self.combat.as_mut() {
            k.stage = Stage::Resolution(0);
        }
        self.next = Next::Resolution(1);
        if attackers.is_empty() || defenders.is_empty() {
            self.step(
                None,
                "Combat Damage Step: skipped, one side has no designated units at the battlefield; on to the Resolution Step",
                &[Cite::DamageSkipped],
                Vec::new(),
            );
            return Ok(());
        }
        let total = |us: &[usize]| -> i64 {
            us.iter()
                .map(|&u| {
                    let s = self.board.unit(u);
                    if s.keys.stunned {
                        0
                    } else {
                        s.might().max(0)
                    }
                })
                .sum()
        };
        let (ta, td) = (total(&attackers), total(&defenders));
        let stunned: Vec<String> = attackers
            .iter()
            .chain(&defenders)
            .filter(|&&u| self.board.unit(u).keys.stunned)
            .map(|&u| self.board.perms[u].id.clone())
            .collect();
        // Each unit's part of its side's total, with Assault or Shield where they count.
        let parts = |us: &[usize]| -> String {
            us.iter()
                .map(|&u| {
                    let st = self.board.unit(u);
                    let id = &self.board.perms[u].id;
                    let m = if st.keys.stunned {
                        0
                    } else {
                        st.might().max(0)
                    };
                    let bonus = match st.role {
                        Some(Role::Attacker) => {
                            st.keys.assault.map(|n| format!(" with Assault +{n}"))
                        }
                        Some(Role::Defender) => {
                            st.keys.shield.map(|n| format!(" with Shield +{n}"))
                        }
                        None => None,
                    };
                    match bonus {
                        Some(b) if !st.keys.stunned => format!("{id} {m}{b}"),
                        _ => format!("{id} {m}"),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (pa, pd) = (parts(&attackers), parts(&defenders));
        let mut cites = vec![
            Cite::DamageSkipped,
            Cite::AttackerTotal,
            Cite::DefenderTotal,
            Cite::AssignDamage,
        ];
        // Assault and Shield where they add to a total (807.1.c, 814.1.c); a stunned unit adds
        // no Might at all (423.1.b).
        let counts = |us: &[usize], role: Role| {
            us.iter().any(|&u| {
                let st = self.board.unit(u);
                let n = match role {
                    Role::Attacker => st.keys.assault,
                    Role::Defender => st.keys.shield,
                };
                !st.keys.stunned && st.role == Some(role) && n.is_some()
            })
        };
        if counts(&attackers, Role::Attacker) {
            cites.push(Cite::AssaultMight);
        }
        if counts(&defenders, Role::Defender) {
            cites.push(Cite::ShieldMight);
        }
        if !stunned.is_empty() {
            cites.push(Cite::StunnedNoMight);
        }
        self.step(
            None,
            format!(
                "Combat Damage Step: {} (attacker) has {ta} Might to assign ({pa}), {} (defender) {td} ({pd}){}",
                self.name(c.attacker),
                self.name(c.defender),
                if stunned.is_empty() {
                    String::new()
                } else {
                    format!(" ({} stunned: adds no Might)", effects::join_and(&stunned))
                }
            ),
            &cites,
            Vec::new(),
        );
        if let Some(d) =
            self.assign_decision((c.attacker, c.defender), (&attackers, &defenders), (ta, td))
        {
            self.decision = Some(d);
            self.next = Next::End;
            return Ok(());
        }
        let to_defenders = self.assign(c.attacker, &defenders, ta);
        let to_attackers = self.assign(c.defender, &attackers, td);
        let mut dealt = Vec::new();
        for (u, n) in to_defenders.into_iter().chain(to_attackers) {
            if n > 0 {
                self.board.deal(u, n);
                dealt.push(u);
            }
        }
        self.outstanding(Cite::CleanupStatus);
        self.cleanup_due = None;
        self.step(
            None,
            "All combat damage is dealt at once; the FEPR process is skipped and the cleanup is cancelled: on to the Resolution Step",
            &[Cite::DamageDealt, Cite::DamageSkipsFepr],
            Vec::new(),
        );
        self.brief("All combat damage is dealt at once; on to the Resolution Step");
        // Triggers on the damage go on the Chain as pending; the cleanup their adding calls
        // for is cancelled with the rest (465.3): the Resolution Step's Combat Cleanup comes
        // first.
        self.units_damaged(&dealt)?;
        self.cleanup_due = None;
        Ok(())
    }

    /// One player's assignment of `total` among `units` (465.2.c): their first unused `assign`
    /// if it is legal, else the default (Tank first, then neither, then Backline; board order
    /// within each; lethal to each in turn; the rest to the first). Returns unit -> damage.
    /// The units `units` as damage goes to them (465.2.c): Tank first, then neither, then
    /// Backline, board order within each, each with the damage that is lethal to it.
    fn targets(&self, units: &[usize]) -> Vec<Target> {
        let mut targets: Vec<Target> = units
            .iter()
            .map(|&u| {
                let s = self.board.unit(u);
                let bonus = match s.role {
                    Some(Role::Attacker) => s.keys.assault.map(|_| Cite::AssaultMight),
                    Some(Role::Defender) => s.keys.shield.map(|_| Cite::ShieldMight),
                    None => None,
                };
                Target {
                    perm: u,
                    id: self.board.perms[u].id.clone(),
                    need: (s.might() - s.keys.damage).max(1),
                    tank: s.keys.tank,
                    backline: s.keys.backline,
                    bonus,
                }
            })
            .collect();
        let group = |t: &Target| {
            if t.tank {
                0
            } else if t.backline {
                2
            } else {
                1
            }
        };
        targets.sort_by_key(|t| (group(t), t.perm));
        targets
    }

    /// Whether the file writes an unused `assign` for `by`.
    fn assign_written(&self, by: PlayerId) -> bool {
        self.s.actions.iter().enumerate().any(|(j, a)| {
            !self.used[j] && matches!(&a.kind, ActionKind::Assign { by: b, .. } if *b == by)
        })
    }

    /// The assignment `next` stops at, if it stops at one: the attacker's, then the
    /// defender's (465.2.c).
    fn assign_decision(
        &self,
        (attacker, defender): (PlayerId, PlayerId),
        (attackers, defenders): (&[usize], &[usize]),
        (ta, td): (i64, i64),
    ) -> Option<next::Decision> {
        let stunned_of = |own: &[usize]| -> Vec<String> {
            own.iter()
                .filter(|&&u| self.board.unit(u).keys.stunned)
                .map(|&u| self.board.perms[u].id.clone())
                .collect()
        };
        let as_choice = |by, units: &[usize], total, then, stunned| {
            let targets = self.targets(units);
            let amounts = default_amounts(&targets, total);
            next::Decision::Assign {
                by,
                total,
                stunned,
                targets: targets
                    .into_iter()
                    .zip(amounts)
                    .map(|(t, default)| next::AssignTarget {
                        id: t.id,
                        lethal: t.need,
                        tank: t.tank,
                        backline: t.backline,
                        default,
                    })
                    .collect(),
                then,
            }
        };
        if self.halts_at_choice(self.assign_written(attacker)) {
            Some(as_choice(
                attacker,
                defenders,
                ta,
                Some((defender, td)),
                stunned_of(attackers),
            ))
        } else if self.halts_at_choice(self.assign_written(defender)) {
            Some(as_choice(
                defender,
                attackers,
                td,
                None,
                stunned_of(defenders),
            ))
        } else {
            None
        }
    }

    fn assign(&mut self, by: PlayerId, units: &[usize], total: i64) -> Vec<(usize, i64)> {
        let targets = self.targets(units);
        let written = self
            .s
            .actions
            .iter()
            .enumerate()
            .find_map(|(j, a)| match &a.kind {
                ActionKind::Assign { id, by: b, to } if *b == by && !self.used[j] => {
                    Some((j, id, to))
                }
                _ => None,
            });
        if let Some((j, id, to)) = written {
            self.used[j] = true;
            let amounts: Vec<i64> = targets
                .iter()
                .map(|t| to.iter().filter(|(u, _)| *u == t.id).map(|(_, n)| *n).sum())
                .collect();
            let foreign: Vec<&str> = to
                .iter()
                .filter(|(u, _)| !targets.iter().any(|t| &t.id == u))
                .map(|(u, _)| u.as_str())
                .collect();
            let failure = if let Some(u) = foreign.first() {
                Some((
                    format!("{u} is not a designated unit of the other side at the battlefield"),
                    Cite::AssignDamage,
                ))
            } else {
                let both: Vec<usize> = (0..targets.len())
                    .filter(|&k| targets[k].tank && targets[k].backline)
                    .collect();
                let choices = 1usize << both.len().min(12);
                let mut first_failure = None;
                let mut legal = false;
                for mask in 0..choices {
                    let tank_as: Vec<bool> = (0..targets.len())
                        .map(|k| match both.iter().position(|&b| b == k) {
                            Some(bit) => mask >> bit & 1 == 1,
                            None => targets[k].tank,
                        })
                        .collect();
                    match check(&targets, &amounts, total, &tank_as) {
                        None => {
                            legal = true;
                            break;
                        }
                        Some(f) if mask == 0 => first_failure = Some(f),
                        Some(_) => {}
                    }
                }
                if legal {
                    None
                } else {
                    first_failure
                }
            };
            match failure {
                None => {
                    let list: Vec<String> = targets
                        .iter()
                        .zip(&amounts)
                        .map(|(t, n)| format!("{n} to {}", t.id))
                        .collect();
                    self.step(
                        Some(by),
                        format!(
                            "{} assigns {total} as written ({id}): {}",
                            self.name(by),
                            list.join(", ")
                        ),
                        &[Cite::AssignDamage],
                        Vec::new(),
                    );
                    return targets.iter().map(|t| t.perm).zip(amounts).collect();
                }
                Some((why, cite)) => {
                    self.out.refused.push((id.clone(), why.clone()));
                    self.step(
                        Some(by),
                        format!(
                            "{}'s written assignment {id} is refused: {why}; the default is used",
                            self.name(by)
                        ),
                        &refusal_cites(cite),
                        Vec::new(),
                    );
                }
            }
        }
        let amounts = default_amounts(&targets, total);
        let extra = total > targets.iter().map(|t| t.need).sum::<i64>();
        // The assignment itself (465.2.c), then what shaped it: a unit left short (465.2.c.3),
        // extra damage (465.2.c.4), Tank and Backline ordering the units (465.2.c.6 with the
        // keywords' rules) whenever such a unit is among them and there is damage to assign,
        // and Assault or Shield in a lethal amount (807.1.c, 814.1.c).
        let mut cites = vec![Cite::AssignDamage];
        if targets.iter().zip(&amounts).any(|(t, &n)| n < t.need) {
            cites.push(Cite::AssignLethalFirst);
        }
        if extra {
            cites.push(Cite::AssignExtra);
        }
        let tank = total > 0 && targets.iter().any(|t| t.tank);
        let backline = total > 0 && targets.iter().any(|t| t.backline);
        if tank {
            cites.extend(TANK_CITES);
        }
        if backline {
            cites.extend(BACKLINE_CITES);
        }
        if tank || backline {
            cites.push(Cite::AssignRequirements);
        }
        for c in [Cite::AssaultMight, Cite::ShieldMight] {
            if targets.iter().any(|t| t.bonus == Some(c)) {
                cites.push(c);
            }
        }
        let list: Vec<String> = targets
            .iter()
            .zip(&amounts)
            .map(|(t, n)| format!("{n} to {} (needs {} for lethal)", t.id, t.need))
            .collect();
        self.step(
            Some(by),
            format!(
                "{} assigns {total} by default (Tank first, Backline last, board order; lethal to each in turn{}; write `assign` to choose): {}",
                self.name(by),
                if extra { ", the rest to the first" } else { "" },
                list.join(", ")
            ),
            &cites,
            Vec::new(),
        );
        self.brief(format!(
            "{} assigns {total} by default: {}",
            self.name(by),
            list.join(", ")
        ));
        targets.iter().map(|t| t.perm).zip(amounts).collect()
    }
}
