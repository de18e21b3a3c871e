//! The board's state (board extension 4.1): every permanent with its zone, the unit values
//! (143.2 Might, 142 damage, exhaustion, stun, designations), the battlefields with their
//! controller, contester, staging and scores (190, 470), and the indexes that let a cleanup look
//! at what changed instead of at every unit (units with damage, units whose Might or damage
//! changed, units with "this turn" effects, the units at each battlefield).
//!
//! Board order (extension principle 6) is the order of `perms`: the file's `board` list, then
//! the units and gear that entered during the replay, in the order they entered.

use crate::situation::{BoardKind, BoardSpec, PermanentKeys, Place, PlayerId, Trigger, UnitKeys};
use crate::trace::Change;
use std::collections::BTreeSet;

/// Where a permanent is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Zone {
    /// On the board, at a base or a battlefield.
    Board(Place),
    /// A card killed: in its owner's trash.
    Trash,
    /// A token that left the board: it ceased to exist (186.1).
    Gone,
    /// A facedown card that was played (811.1.d.1).
    Played,
    /// Returned to its owner's hand (108.7).
    Hand,
    /// Banished (427.1).
    Banished,
}

impl Zone {
    /// The word `expect.locations` and the board changes use for a zone off the board
    /// (`trash`, `gone`, `played`, `hand`, `banished`); `None` on the board.
    pub(super) fn word(self) -> Option<&'static str> {
        match self {
            Zone::Board(_) => None,
            Zone::Trash => Some("trash"),
            Zone::Gone => Some("gone"),
            Zone::Played => Some("played"),
            Zone::Hand => Some("hand"),
            Zone::Banished => Some("banished"),
        }
    }
}

/// A combat designation (464.2.c.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// The Attacker designation.
    Attacker,
    /// The Defender designation.
    Defender,
}

/// A unit's values now.
#[derive(Debug, Clone, Default)]
pub(super) struct UnitState {
    pub(super) keys: UnitKeys,
    pub(super) role: Option<Role>,
    /// Had the Attacker designation in the current combat (383.4.e.2.a).
    pub(super) was_attacker: bool,
    /// Had the Defender designation in the current combat (383.4.f.2.a).
    pub(super) was_defender: bool,
}

impl UnitState {
    /// Current Might (extension 3.2): Might and its modifiers, Assault while an attacker, Shield
    /// while a defender. May be negative.
    pub(super) fn might(&self) -> i64 {
        let k = &self.keys;
        let mut m = k.might + k.might_this_turn + k.might_this_combat;
        match self.role {
            Some(Role::Attacker) => m += k.assault.unwrap_or(0),
            Some(Role::Defender) => m += k.shield.unwrap_or(0),
            None => {}
        }
        m
    }

    /// Lethal damage (142.4.b): marked damage above 0 and at least the current Might.
    pub(super) fn lethal(&self) -> bool {
        self.keys.damage > 0 && self.keys.damage >= self.might()
    }
}

/// A permanent: a unit, gear, legend, battlefield or facedown card, on the board or once was.
#[derive(Debug, Clone)]
pub(super) struct Perm<'s> {
    pub(super) id: String,
    pub(super) controller: Option<PlayerId>,
    pub(super) kind: BoardKind,
    pub(super) triggers: &'s [Trigger],
    pub(super) zone: Zone,
    pub(super) token: bool,
    pub(super) unit: Option<UnitState>,
    pub(super) extra_death_triggers: u32,
    /// An unused `replace_death` (370.1.a.1).
    pub(super) replace_death: bool,
    /// For a battlefield: its index in `Board::bfs`.
    pub(super) bf: Option<usize>,
}

impl Perm<'_> {
    /// Whether a `kill` can name it: a unit or gear (428).
    pub(super) fn killable(&self) -> bool {
        matches!(self.kind, BoardKind::Unit | BoardKind::Gear)
    }

    /// Where it is on the board, if it is.
    pub(super) fn place(&self) -> Option<Place> {
        match self.zone {
            Zone::Board(p) => Some(p),
            _ => None,
        }
    }
}

/// A battlefield's state (190, 470).
#[derive(Debug, Clone)]
pub(super) struct Bf {
    pub(super) perm: usize,
    pub(super) controller: Option<PlayerId>,
    pub(super) contester: Option<PlayerId>,
    pub(super) showdown_staged: bool,
    pub(super) combat_staged: bool,
    /// Players who scored it this turn (470).
    pub(super) scored: Vec<PlayerId>,
    /// The facedown card there (107.3.b), by permanent index.
    pub(super) facedown: Option<usize>,
    /// The units there, in board order.
    pub(super) units: BTreeSet<usize>,
    /// How many units each player has there.
    pub(super) count: Vec<u32>,
    /// "Control kept" was shown since it last had the controller's units (4.2.6).
    pub(super) kept_shown: bool,
}

impl Bf {
    /// Whether `p` has units there.
    pub(super) fn has_units(&self, p: PlayerId) -> bool {
        self.count[p] > 0
    }

    /// What tasks 6 and 7 of a cleanup would stage here now (323.8, 323.9): a showdown when it
    /// is Contested and the contester has units here; a combat when it is Contested and two
    /// players have units here.
    pub(super) fn staging(&self) -> (bool, bool) {
        let c = self.contester;
        (
            c.is_some_and(|c| self.has_units(c)),
            c.is_some() && self.present().len() >= 2,
        )
    }

    /// The players with units there, in turn order from player 0.
    pub(super) fn present(&self) -> Vec<PlayerId> {
        (0..self.count.len())
            .filter(|&p| self.count[p] > 0)
            .collect()
    }
}

/// The board.
#[derive(Debug, Default)]
pub(super) struct Board<'s> {
    pub(super) perms: Vec<Perm<'s>>,
    index: foldhash::HashMap<String, usize>,
    pub(super) bfs: Vec<Bf>,
    /// Permanents that carry triggers (the only ones a trigger search looks at).
    pub(super) with_triggers: Vec<usize>,
    /// Units with damage marked (for the heals of the special cleanups).
    pub(super) damaged: BTreeSet<usize>,
    /// Units whose damage or Might changed since the last lethal check (323.4, 323.5).
    pub(super) watch: BTreeSet<usize>,
    /// Units with "this turn" effects: a Might modifier or a stun (317.2.c).
    pub(super) this_turn: BTreeSet<usize>,
    /// Units with "this combat" Might modifiers (466.7.c).
    pub(super) this_combat: BTreeSet<usize>,
    /// Units with a designation (323.2.c).
    pub(super) designated: BTreeSet<usize>,
    /// Changes since the last step (board files).
    pub(super) log: Vec<Change>,
    /// Whether changes are logged (board files).
    pub(super) logging: bool,
    /// Permanents with `extra_death_triggers`.
    doublers: Vec<usize>,
    /// Permanents with `replace_death`.
    replacer_list: Vec<usize>,
    players: usize,
}

impl<'s> Board<'s> {
    /// An empty board for `players` players.
    pub(super) fn new(players: usize) -> Self {
        Self {
            players,
            ..Self::default()
        }
    }

    /// Adds a permanent from the file.
    pub(super) fn add_spec(&mut self, b: &'s BoardSpec) -> usize {
        let place = b.keys.place.unwrap_or(Place::Base);
        let i = self.add(
            b.id.clone(),
            b.controller,
            b.kind,
            &b.triggers,
            b.token,
            &b.keys,
        );
        if b.kind == BoardKind::Battlefield {
            let bf = self.bfs.len();
            self.perms[i].bf = Some(bf);
            self.perms[i].zone = Zone::Board(Place::Base);
            self.bfs.push(Bf {
                perm: i,
                controller: b.controller,
                contester: b.battlefield.contested_by,
                showdown_staged: false,
                combat_staged: false,
                scored: b.battlefield.scored_this_turn.clone(),
                facedown: None,
                units: BTreeSet::new(),
                count: vec![0; self.players],
                kept_shown: false,
            });
        } else {
            self.enter(i, place);
        }
        i
    }

    /// Adds a permanent (not yet placed: call [`Board::enter`]).
    pub(super) fn add(
        &mut self,
        id: String,
        controller: Option<PlayerId>,
        kind: BoardKind,
        triggers: &'s [Trigger],
        token: bool,
        keys: &PermanentKeys,
    ) -> usize {
        let i = self.perms.len();
        self.index.insert(id.clone(), i);
        if !triggers.is_empty() {
            self.with_triggers.push(i);
        }
        if keys.extra_death_triggers > 0 {
            self.doublers.push(i);
        }
        if keys.replace_death {
            self.replacer_list.push(i);
        }
        self.perms.push(Perm {
            id,
            controller,
            kind,
            triggers,
            zone: Zone::Gone,
            token,
            unit: keys.unit.clone().map(|keys| UnitState {
                keys,
                ..UnitState::default()
            }),
            extra_death_triggers: keys.extra_death_triggers,
            replace_death: keys.replace_death,
            bf: None,
        });
        i
    }

    /// Puts permanent `i` on the board at `place` (its entering, or a move or recall).
    pub(super) fn enter(&mut self, i: usize, place: Place) {
        self.detach(i);
        self.perms[i].zone = Zone::Board(place);
        self.log_location(i);
        if let (Place::Battlefield(bf), Some(c), true) = (
            place,
            self.perms[i].controller,
            self.perms[i].kind == BoardKind::Unit,
        ) {
            self.bfs[bf].units.insert(i);
            self.bfs[bf].count[c] += 1;
        }
        if self.perms[i].kind == BoardKind::Facedown {
            if let Place::Battlefield(bf) = place {
                self.bfs[bf].facedown = Some(i);
            }
        }
        if let Some(u) = &self.perms[i].unit {
            if u.keys.damage > 0 {
                self.damaged.insert(i);
            }
            if u.keys.might_this_turn != 0 || u.keys.stunned {
                self.this_turn.insert(i);
            }
            if u.keys.might_this_combat != 0 {
                self.this_combat.insert(i);
            }
            self.watch.insert(i);
        }
    }

    /// Takes permanent `i` out of its battlefield's lists (before it moves or leaves).
    fn detach(&mut self, i: usize) {
        if let Zone::Board(Place::Battlefield(bf)) = self.perms[i].zone {
            if self.bfs[bf].units.remove(&i) {
                if let Some(c) = self.perms[i].controller {
                    self.bfs[bf].count[c] -= 1;
                }
            }
            if self.bfs[bf].facedown == Some(i) {
                self.bfs[bf].facedown = None;
            }
        }
    }

    /// Takes permanent `i` off the board (if it is on it) to `zone`.
    pub(super) fn leave(&mut self, i: usize, zone: Zone) {
        self.detach(i);
        let moved = self.perms[i].zone != zone;
        self.perms[i].zone = zone;
        if moved {
            self.log_location(i);
        }
        if !matches!(zone, Zone::Board(_)) {
            self.damaged.remove(&i);
            self.watch.remove(&i);
            self.this_turn.remove(&i);
            self.this_combat.remove(&i);
            self.designated.remove(&i);
            if let Some(u) = &mut self.perms[i].unit {
                u.role = None;
            }
        }
    }

    /// How many more times `p`'s Deathknells are added: the sum of `extra_death_triggers` of
    /// the permanents `p` controls on the board.
    pub(super) fn extra_death_triggers(&self, p: PlayerId) -> usize {
        self.doublers
            .iter()
            .map(|&i| &self.perms[i])
            .filter(|o| o.controller == Some(p) && o.place().is_some())
            .map(|o| o.extra_death_triggers as usize)
            .sum()
    }

    /// The permanents on the board with an unused `replace_death`, in board order.
    pub(super) fn replacers(&self) -> impl Iterator<Item = usize> + '_ {
        self.replacer_list
            .iter()
            .copied()
            .filter(|&i| self.perms[i].replace_death && self.perms[i].place().is_some())
    }

    /// Sets a battlefield's controller (190.2).
    pub(super) fn set_controller(&mut self, bf: usize, p: Option<PlayerId>) {
        if self.bfs[bf].controller != p && self.logging {
            self.log.push(Change::Control {
                battlefield: self.bf_id(bf).to_string(),
                controller: p,
            });
        }
        self.bfs[bf].controller = p;
    }

    /// Sets who contests a battlefield (190.3).
    pub(super) fn set_contester(&mut self, bf: usize, p: Option<PlayerId>) {
        if self.bfs[bf].contester != p && self.logging {
            self.log.push(Change::Contested {
                battlefield: self.bf_id(bf).to_string(),
                by: p,
            });
        }
        self.bfs[bf].contester = p;
    }

    /// Logs unit `i`'s current Might (after a Might change).
    pub(super) fn log_might(&mut self, i: usize) {
        if self.logging {
            let might = self.unit(i).might();
            self.log.push(Change::Might {
                id: self.perms[i].id.clone(),
                might,
            });
        }
    }

    fn log_damage(&mut self, i: usize) {
        if self.logging {
            let damage = self.unit(i).keys.damage;
            self.log.push(Change::Damage {
                id: self.perms[i].id.clone(),
                damage,
            });
        }
    }

    fn log_location(&mut self, i: usize) {
        if self.logging {
            let to = match self.perms[i].zone {
                Zone::Board(p) => self.place_word(p),
                z => z.word().unwrap_or_default().into(),
            };
            self.log.push(Change::Location {
                id: self.perms[i].id.clone(),
                to,
            });
        }
    }

    /// Who controls permanent `i` now: a battlefield's controller changes during the replay
    /// (190.2); other permanents keep theirs (control changes are not modelled).
    pub(super) fn controller(&self, i: usize) -> Option<PlayerId> {
        match self.perms[i].bf {
            Some(bf) => self.bfs[bf].controller,
            None => self.perms[i].controller,
        }
    }

    /// The permanent with this id, if it is on the board.
    pub(super) fn on_board(&self, id: &str) -> Option<usize> {
        self.index
            .get(id)
            .copied()
            .filter(|&i| matches!(self.perms[i].zone, Zone::Board(_)))
    }

    /// The permanent with this id, wherever it is.
    pub(super) fn find(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// The unit `i` (a unit on the board or once on it).
    pub(super) fn unit(&self, i: usize) -> &UnitState {
        self.perms[i]
            .unit
            .as_ref()
            .expect("only units have unit state")
    }

    /// The unit `i`, to change it; it is watched by the next lethal check.
    pub(super) fn unit_mut(&mut self, i: usize) -> &mut UnitState {
        self.watch.insert(i);
        self.perms[i]
            .unit
            .as_mut()
            .expect("only units have unit state")
    }

    /// Marks `amount` damage on unit `i` (417.1.b).
    pub(super) fn deal(&mut self, i: usize, amount: i64) {
        self.unit_mut(i).keys.damage += amount;
        self.damaged.insert(i);
        self.log_damage(i);
    }

    /// Clears the damage of unit `i` (418.1); whether it had any.
    pub(super) fn heal(&mut self, i: usize) -> bool {
        let had = self.unit(i).keys.damage > 0;
        self.unit_mut(i).keys.damage = 0;
        self.damaged.remove(&i);
        if had {
            self.log_damage(i);
        }
        had
    }

    /// The id of battlefield `bf`.
    pub(super) fn bf_id(&self, bf: usize) -> &str {
        &self.perms[self.bfs[bf].perm].id
    }

    /// A place in words: "base" or the battlefield's id.
    pub(super) fn place_word(&self, p: Place) -> String {
        match p {
            Place::Base => "base".to_string(),
            Place::Battlefield(bf) => self.bf_id(bf).to_string(),
        }
    }
}
