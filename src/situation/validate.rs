//! Cross-checks of a loaded situation: ids and references, the order of the Chain, and the rules
//! between keys (situation-format.md, "Bad input").

use super::*;
use crate::diag::{did_you_mean, Problem};
use crate::edition::{Cited, EditionId, Editions};
use std::collections::HashMap;

/// What an id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum IdWhat {
    Chain(Option<ItemKind>),
    Action(Option<ItemKind>),
    PlayEffect(Option<ItemKind>),
    TriggerItem,
    Board(Option<BoardKind>),
    /// A `kind: facedown` board entry.
    Facedown,
}

impl IdWhat {
    fn is_item(self) -> bool {
        !matches!(self, Self::Board(_) | Self::Facedown)
    }

    fn is_killable(self) -> bool {
        self.is_unit()
            || matches!(
                self,
                Self::Board(Some(BoardKind::Gear))
                    | Self::Chain(Some(ItemKind::Gear))
                    | Self::Action(Some(ItemKind::Gear))
                    | Self::PlayEffect(Some(ItemKind::Gear))
            )
    }

    fn is_template(self) -> bool {
        matches!(self, Self::PlayEffect(_) | Self::TriggerItem)
    }

    fn is_unit(self) -> bool {
        matches!(
            self,
            Self::Board(Some(BoardKind::Unit))
                | Self::Chain(Some(ItemKind::Unit))
                | Self::Action(Some(ItemKind::Unit))
                | Self::PlayEffect(Some(ItemKind::Unit))
        )
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Chain(_) => "a chain item",
            Self::Action(_) => "a played item",
            Self::PlayEffect(_) => "an instructed play",
            Self::TriggerItem => "a trigger item",
            Self::Board(Some(BoardKind::Unit)) => "a board unit",
            Self::Facedown => "a facedown card",
            Self::Board(_) => "a board object",
        }
    }
}

/// Every id in the file, with what it names and where it is written.
#[derive(Debug, Default)]
pub(super) struct Registry {
    ids: foldhash::HashMap<String, (IdWhat, Loc)>,
    order: Vec<String>,
    /// An entry's id could not be known (no readable `id` or `name`): a reference to an
    /// unknown id may name it, so unknown ids are not reported.
    pub(super) incomplete: bool,
}

impl Registry {
    /// Whether `id` is registered.
    pub(super) fn knows(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    pub(super) fn add(&mut self, id: &str, what: IdWhat, loc: Loc, problems: &mut Vec<Problem>) {
        if id.is_empty() {
            return;
        }
        if id == crate::situation::THAT_UNIT {
            problems.push(
                Problem::new(
                    "reserved_id",
                    loc,
                    "`that_unit` is a word of the format (the unit a trigger's event was about), not an id",
                )
                .label("reserved")
                .help("give this entry another `id:`"),
            );
            return;
        }
        if let Some(&(_, first)) = self.ids.get(id) {
            let mut p = Problem::new("duplicate_id", loc, format!("the id `{id}` is used twice"))
                .label("second use")
                .help("every id is unique: change one of the two (an entry without `id:` takes the slug of its name, so give it an `id:` of its own)");
            if first != loc {
                p.also.push((first, "first use".to_string()));
            }
            problems.push(p);
            return;
        }
        self.ids.insert(id.to_string(), (what, loc));
        self.order.push(id.to_string());
    }
}

/// What a reference must name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RefKind {
    /// A chain item to counter.
    Counter,
    /// A chosen chain item, board object or player.
    Target,
    /// A trigger item, for `order`.
    Trigger,
    /// Any item (expect lists, `other_than`).
    Item,
    /// A rule number in `expect.cites`.
    Cite,
    /// A `kind: facedown` board entry (`facedown` on a play).
    Facedown,
    /// A unit (board effects and actions).
    Unit,
    /// A unit or gear to kill (kill lists: units and gear, including their items).
    Killable,
    /// `expect.killed`: units and gear, including their items and later instances.
    ExpectKilled,
    /// `expect.might`, `expect.damage`: units, including unit items.
    ExpectUnit,
    /// `expect.locations`: units, gear (including their items) and facedown cards.
    ExpectLocated,
}

/// A reference to an id, with where it is written.
#[derive(Debug, Clone)]
pub(super) struct Ref {
    pub(super) id: String,
    pub(super) loc: Loc,
    pub(super) kind: RefKind,
}

/// Whether `s` is written YYYY-MM-DD (digits and dashes in those places).
pub(super) fn is_date_shape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// The number of days in a month of the Gregorian calendar (`None` for a month not 1-12).
pub(super) fn days_in_month(year: u32, month: u32) -> Option<u32> {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        4 | 6 | 9 | 11 => Some(30),
        2 if leap => Some(29),
        2 => Some(28),
        _ => None,
    }
}

/// Whether `s` is a day of the calendar written YYYY-MM-DD.
pub(crate) fn is_date(s: &str) -> bool {
    if !is_date_shape(s) {
        return false;
    }
    let (y, m, d) = (
        s[0..4].parse::<u32>().unwrap_or(0),
        s[5..7].parse::<u32>().unwrap_or(0),
        s[8..10].parse::<u32>().unwrap_or(0),
    );
    days_in_month(y, m).is_some_and(|n| (1..=n).contains(&d))
}

/// The edition in force on `date`, or `None` before the first supported day.
pub(super) fn edition_in_force(date: &str) -> Option<RulesChoice> {
    match Editions::get().in_force(date)? {
        EditionId::July => Some(RulesChoice::July),
        EditionId::October => Some(RulesChoice::October),
    }
}

/// Whether an id names something whose kind could not be read: whether it is of the right
/// kind is then unknown.
fn kind_unknown(what: IdWhat) -> bool {
    matches!(
        what,
        IdWhat::Chain(None) | IdWhat::Action(None) | IdWhat::PlayEffect(None) | IdWhat::Board(None)
    )
}

/// The cross-checks. `unreadable` names the sections of the file (`board`, `chain`,
/// `showdown`, `phase`, ...) in which a value could not be read: a check that depends on one
/// of them is skipped, since its problem would only restate the one already reported.
/// `unread_ids`: ids written in entries that could not be read; a reference to one is not
/// reported unknown.
#[allow(clippy::too_many_lines)]
pub(super) fn check(
    s: &Situation,
    reg: &Registry,
    refs: &[Ref],
    keys: &HashMap<&'static str, Loc>,
    unreadable: &std::collections::HashSet<&'static str>,
    unread_ids: &std::collections::HashSet<String>,
    problems: &mut Vec<Problem>,
) {
    let read = |sections: &[&str]| sections.iter().all(|k| !unreadable.contains(k));
    let key = |k: &str| keys.get(k).copied().unwrap_or_default();
    // Dates and editions.
    let editions = Editions::get();
    if let Some(date) = &s.date {
        match editions.in_force(date) {
            None => problems.push(
                Problem::new(
                    "date",
                    key("date"),
                    format!("no supported edition was in force on {date}"),
                )
                .label("too early")
                .help(format!(
                    "the first supported day is {} (the July 2026 Core Rules)",
                    editions.first_day()
                )),
            ),
            Some(in_force) => {
                let named = match s.rules {
                    RulesChoice::July => Some(EditionId::July),
                    RulesChoice::October => Some(EditionId::October),
                    RulesChoice::Both => None,
                };
                if let Some(named) = named {
                    if named != in_force && keys.contains_key("rules") {
                        problems.push(
                            Problem::new(
                                "rules_date",
                                key("rules"),
                                format!("the {} edition was not in force on {date}", named.word()),
                            )
                            .label("contradicts `date`")
                            .help(format!(
                                "on {date} the {} edition was in force: write `rules: {}` or `rules: both`, or fix the date",
                                in_force.word(),
                                in_force.word()
                            )),
                        );
                    }
                }
            }
        }
    }
    if !s.has_situation {
        return;
    }
    // Ids never equal player names.
    for id in &reg.order {
        if s.players.iter().any(|p| p == id) {
            let (_, loc) = reg.ids[id];
            problems.push(
                Problem::new(
                    "id_is_player",
                    loc,
                    format!("the id `{id}` is also a player's name"),
                )
                .label("same as a player")
                .help("add `id:` with a different value: ids and player names share one namespace"),
            );
        }
    }
    // References.
    for r in refs {
        if r.kind == RefKind::Cite {
            continue;
        }
        if r.kind == RefKind::Target && s.players.contains(&r.id) {
            continue;
        }
        let (base, instance) = match r.id.split_once('#') {
            Some((b, n)) => (b, Some(n)),
            None => (r.id.as_str(), None),
        };
        let Some(&(what, _)) = reg.ids.get(base) else {
            // Written in an entry that could not be read: that entry's problem is the cause.
            if reg.incomplete || unread_ids.contains(base) {
                continue;
            }
            let known = reg.order.iter().map(String::as_str);
            // `poro` for `loyal-poro`: a whole part of exactly one id.
            let part: Vec<&str> = reg
                .order
                .iter()
                .map(String::as_str)
                .filter(|k| k.split('-').any(|w| w == base) || k.ends_with(&format!("-{base}")))
                .collect();
            let mut help = match did_you_mean(base, known) {
                Some(m) => format!("did you mean `{m}`?"),
                None if part.len() == 1 => format!("did you mean `{}`?", part[0]),
                None if reg.order.is_empty() => "the file defines no ids yet".to_string(),
                None => format!("known ids: {}", reg.order.join(", ")),
            };
            if base.contains(['“', '”', '‘', '’']) {
                help = format!(
                    "“ ” and ‘ ’ are curly quotes, which YAML keeps as part of the text: remove them (or use straight quotes); {help}"
                );
            }
            problems.push(
                Problem::new(
                    "unknown_id",
                    r.loc,
                    format!("no item or object has the id `{}`", r.id),
                )
                .label("unknown id")
                .help(help),
            );
            continue;
        };
        if let Some(n) = instance {
            let valid = n.parse::<u32>().is_ok_and(|n| n >= 2);
            if !valid || !what.is_template() {
                problems.push(
                    Problem::new("bad_instance", r.loc, format!("`{}` is not an instance id", r.id))
                        .label("bad instance")
                        .help("only trigger items and `play` effects have later instances, named id#2, id#3, ..."),
                );
                continue;
            }
        }
        if kind_unknown(what)
            && matches!(
                r.kind,
                RefKind::Killable
                    | RefKind::Unit
                    | RefKind::Facedown
                    | RefKind::ExpectKilled
                    | RefKind::ExpectUnit
                    | RefKind::ExpectLocated
            )
        {
            continue;
        }
        let wrong = match r.kind {
            RefKind::Counter if !what.is_item() => {
                Some("`counter` names a Chain Item, not a board object")
            }
            RefKind::Killable if !what.is_killable() => {
                Some("`kill` names units and gear (including unit and gear items)")
            }
            RefKind::Unit if !what.is_unit() => Some(
                "damage, healing, Might, stun, ready, exhaust, recall and moves apply to units here (readying or exhausting gear and legends is not modelled): name a unit",
            ),
            RefKind::Facedown if what != IdWhat::Facedown => {
                Some("`facedown` names a `kind: facedown` board entry")
            }
            RefKind::Trigger if what != IdWhat::TriggerItem => {
                Some("`order` names the ids of trigger items")
            }
            RefKind::Item if !what.is_item() => Some("this names a Chain Item, not a board object"),
            RefKind::ExpectKilled if !what.is_killable() => Some(
                "`expect.killed` lists units and gear (including unit and gear items): only they are killed",
            ),
            RefKind::ExpectUnit if !what.is_unit() => {
                Some("`expect.might` and `expect.damage` name units (including unit items)")
            }
            RefKind::ExpectLocated if !what.is_killable() && what != IdWhat::Facedown => Some(
                "`expect.locations` names units, gear (including their items) and facedown cards",
            ),
            _ => None,
        };
        if let Some(msg) = wrong {
            problems.push(
                Problem::new(
                    "wrong_kind_id",
                    r.loc,
                    format!("`{}` is {}: {msg}", r.id, what.describe()),
                )
                .label("wrong kind of id")
                .help("name an id of the right kind"),
            );
        }
    }
    // The order of the Chain: no finalized item newer than a pending one (337.1.b).
    let mut seen_pending = false;
    for item in s.chain.iter().filter(|_| read(&["chain"])) {
        match item.status {
            Status::Pending => seen_pending = true,
            Status::Finalized if seen_pending => problems.push(
                Problem::new("chain_order", item.loc, format!("`{}` is finalized but newer than a pending item", item.id))
                    .label("finalized after a pending item")
                    .help("items are finalized oldest first: make it pending, or move it above the pending items"),
            ),
            Status::Finalized => {}
        }
    }
    // Keys that depend on other keys.
    let step_ok = match s.step {
        None => true,
        Some(PhaseStep::Start | PhaseStep::Beginning) => s.phase == Phase::Beginning,
        Some(PhaseStep::Ending | PhaseStep::Expiration) => s.phase == Phase::Ending,
    };
    // With `phase` or `step` unreadable (reported there), how they fit is unknown.
    let phase_read = read(&["phase", "step"]);
    if phase_read && !step_ok {
        let (msg, label, help) = match s.step {
            Some(PhaseStep::Start | PhaseStep::Beginning) => (
                "`step: start` and `step: beginning` are steps of the Beginning Phase",
                "needs `phase: beginning`",
                "add `phase: beginning`; to replay an Ending Phase from its start, start in the Main Phase and write `end_turn`",
            ),
            _ => (
                "`step` is only for the Ending Phase",
                "needs `phase: ending`",
                "add `phase: ending`, or remove `step`",
            ),
        };
        problems.push(
            Problem::new("step_phase", key("step"), msg)
                .label(label)
                .help(help),
        );
    } else if phase_read
        && s.step == Some(PhaseStep::Start)
        && !s.chain.is_empty()
        && read(&["chain"])
    {
        problems.push(
            Problem::new(
                "step_phase",
                key("step"),
                "`step: start` means the Beginning Phase has not begun, so nothing can be on the Chain",
            )
            .label("with a `chain`")
            .help("write `step: beginning` for triggers of the Beginning Step already on the Chain"),
        );
    }
    // The board checks look at the whole board, the showdown and the Chain at once.
    let settled_inputs = [
        "players",
        "turn",
        "phase",
        "step",
        "board",
        "chain",
        "showdown",
        "points",
        "victory_score",
    ];
    if s.board_model.is_some() && read(&settled_inputs) {
        super::settled::check(s, keys, problems);
    }
    if let Some(sd) = &s.showdown {
        if s.phase != Phase::Main && read(&["phase"]) {
            problems.push(
                Problem::new(
                    "showdown_phase",
                    key("showdown"),
                    "a showdown only happens in the Main Phase",
                )
                .label("not in the Main Phase")
                .help("remove `phase`, write `phase: main`, or remove `showdown`"),
            );
        }
        if sd.opened_by_trigger.is_some() && s.chain.is_empty() && read(&["chain"]) {
            problems.push(
                Problem::new(
                    "opened_by_trigger",
                    keys.get("showdown.opened_by_trigger")
                        .copied()
                        .unwrap_or_else(|| key("showdown")),
                    "`opened_by_trigger` describes the current Chain, and there is none",
                )
                .label("no Chain")
                .help("remove `opened_by_trigger`, or write the Chain"),
            );
        }
    }
    if let Some(p) = s
        .priority
        .filter(|_| read(&["chain", "showdown", "turn", "phase"]))
    {
        let pending = s.chain.iter().any(|i| i.status == Status::Pending);
        let name = s.name(p);
        let problem = if pending {
            Some((
                "items are pending, so nobody holds Priority until they are finalized".to_string(),
                "remove `priority`: it goes to the controller of the newest item once all are finalized".to_string(),
            ))
        } else if s.chain.is_empty() {
            match &s.showdown {
                Some(sd) if sd.focus != p => Some((
                    format!("with no Chain in a showdown, the Focus holder ({}) holds Priority, not {name}", s.name(sd.focus)),
                    format!("write `priority: {}` or remove it", s.name(sd.focus)),
                )),
                Some(_) => None,
                None if s.phase != Phase::Main => Some((
                    "outside the Main Phase nobody holds Priority when there is no Chain".to_string(),
                    "remove `priority`".to_string(),
                )),
                None if p != s.turn => Some((
                    format!("with no Chain in a Neutral Open Main Phase, the Turn Player ({}) holds Priority", s.name(s.turn)),
                    format!("write `priority: {}` or remove it", s.name(s.turn)),
                )),
                None => None,
            }
        } else {
            None
        };
        if let Some((msg, help)) = problem {
            problems.push(
                Problem::new("priority", key("priority"), msg)
                    .label("contradiction")
                    .help(help),
            );
        }
    }
    // Expect blocks.
    let replayed: Vec<EditionId> = match s.rules {
        RulesChoice::July => vec![EditionId::July],
        RulesChoice::October => vec![EditionId::October],
        RulesChoice::Both => vec![EditionId::July, EditionId::October],
    };
    if let Some(e) = &s.expect {
        for (ed, block) in [(EditionId::July, &e.july), (EditionId::October, &e.october)] {
            if block.is_some() && !replayed.contains(&ed) && read(&["rules", "date"]) {
                problems.push(
                    Problem::new(
                        "expect_edition",
                        keys.get(if ed == EditionId::July {
                            "expect.july"
                        } else {
                            "expect.october"
                        })
                        .copied()
                        .or(s.expect_loc)
                        .unwrap_or_default(),
                        format!(
                            "`expect.{}` is for an edition this file does not replay",
                            ed.word()
                        ),
                    )
                    .label("edition block")
                    .help(format!(
                        "remove `{}:` from `expect`, or write `rules: both`",
                        ed.word()
                    )),
                );
            }
        }
    }
    if read(&["rules", "date"]) {
        check_cites(s, refs, &replayed, problems);
    }
    if read(&["board", "actions"]) {
        super::hidden_check::check(s, problems);
    }
}

/// Rule numbers in `expect.cites` must be numbers a step can cite in the edition they are
/// checked against (an inferred October number written without its mark). Under `rules: both`
/// a top-level number names a July rule that keeps its number in October, or whose October
/// number is unconfirmed: under October it then matches the step's "October: unconfirmed (July
/// n)" citation.
fn check_cites(s: &Situation, refs: &[Ref], replayed: &[EditionId], problems: &mut Vec<Problem>) {
    let Some(e) = &s.expect else { return };
    let editions = Editions::get();
    let both = replayed.len() == 2;
    // The loader records each cite's place in file order: top-level, then July, then October,
    // the order of the blocks below.
    let mut locs = refs
        .iter()
        .filter(|r| r.kind == RefKind::Cite)
        .map(|r| r.loc);
    let blocks: [(Option<&Vec<String>>, Option<EditionId>); 3] = [
        // Top level: July's numbers under both editions (whether October has the same one is
        // checked below), else the one edition's.
        (e.common.cites.as_ref(), replayed.first().copied()),
        (
            e.july.as_ref().and_then(|b| b.cites.as_ref()),
            Some(EditionId::July),
        ),
        (
            e.october.as_ref().and_then(|b| b.cites.as_ref()),
            Some(EditionId::October),
        ),
    ];
    for (top, (cites, ed)) in blocks.into_iter().enumerate().map(|(i, b)| (i == 0, b)) {
        let (Some(cites), Some(ed)) = (cites, ed) else {
            continue;
        };
        for n in cites {
            let loc = locs.next().unwrap_or_default();
            if !editions.edition(ed).knows_citation(n) {
                problems.push(uncitable(n, ed, loc, both));
            } else if top
                && both
                && !editions.same_in_both(n)
                && !editions.unconfirmed_in_october(n)
            {
                let october = editions
                    .october_citation_of(n)
                    .map(|c| format!(": under October a step cites {}", c.label()))
                    .unwrap_or_default();
                problems.push(
                    Problem::new(
                        "cite_differs",
                        loc,
                        format!("`{n}` is not the same confirmed number under July and October{october}"),
                    )
                    .label("edition-specific number")
                    .help("put it under `expect.july: { cites: [...] }` or `expect.october: { cites: [...] }`"),
                );
            }
        }
    }
}

/// The problem with `n` in `expect.cites`, a number no step cites under `ed`: why (a July rule
/// unconfirmed in October, a rule no step cites, or no rule at all) and what the steps cite
/// instead. A "did you mean" is offered only for the same rule written otherwise (`337.1b`) or
/// a one-character slip inside the same top-level rule, never a number of another rule.
fn uncitable(n: &str, ed: EditionId, loc: crate::yaml::Loc, both: bool) -> Problem {
    const TABLES: &str = "the format's Citations tables say what each step cites";
    let eds = Editions::get();
    let book = eds.edition(ed);
    let title = ed.title();
    let problem = |message: String, label: &str, help: String| {
        Problem::new("unknown_cite", loc, message)
            .label(label)
            .help(help)
    };
    // What the steps cite near a number, under `ed`.
    let near = |ed: EditionId, num: &str| -> String {
        let near = eds.cited_near(ed, num);
        let top = num.split('.').next().unwrap_or(num);
        if near.is_empty() {
            let name = eds
                .rule_name(ed, top)
                .map(|t| format!(" ({t})"))
                .unwrap_or_default();
            return format!("no step cites a rule of {top}{name}; {TABLES}");
        }
        let named: Vec<String> = near
            .iter()
            .take(6)
            .map(|c| match eds.rule_name(ed, c) {
                Some(t) => format!("{c} ({t})"),
                None => (*c).to_string(),
            })
            .collect();
        let more = match near.len().saturating_sub(6) {
            0 => String::new(),
            k => format!(" and {k} more"),
        };
        format!(
            "the nearest rules a step cites: {}{more}; {TABLES}",
            named.join(", ")
        )
    };
    // The same number read in the other edition: a cited rule with another number here.
    let other = match ed {
        EditionId::October => eds
            .october_citation_of(n)
            .and_then(|c| Some((c.number()?, c.label())))
            .filter(|(m, _)| *m != n)
            .map(|(m, label)| {
                format!("July {n} is {label} under October: write `{m}` for that rule; ")
            }),
        EditionId::July => eds
            .july_citation_of(n)
            .filter(|j| *j != n)
            .map(|j| format!("October {n} is July {j}: write `{j}` for that rule; ")),
    }
    .unwrap_or_default();
    if let Some(bare) = n.strip_suffix("(inferred)").map(str::trim) {
        if book.knows_citation(bare) {
            return problem(
                format!("`{n}` is not a rule number the engine cites under {title}"),
                "not citable",
                format!("write an inferred number without its mark: `{bare}`"),
            );
        }
    }
    if ed == EditionId::October {
        if let Some(Cited::Unconfirmed { .. }) = eds.october_citation_of(n) {
            let help = if both {
                "write it in the top-level `cites`, where it names the July rule and, under \
                 October, matches that citation"
            } else {
                "an unconfirmed rule has no October number to check: replay `rules: both` and \
                 write it in the top-level `cites`"
            };
            return problem(
                format!(
                    "`{n}` has no confirmed October number: under October a step cites it as \
                     \"October: unconfirmed (July {n})\""
                ),
                "unconfirmed under October",
                help.to_string(),
            );
        }
    }
    if let Some(name) = eds.rule_name(ed, n) {
        return problem(
            format!(
                "`{n}` ({name}) is {} {title} rule, but no step cites it",
                article(title)
            ),
            "never cited",
            format!("{other}{}", near(ed, n)),
        );
    }
    if ed == EditionId::October {
        if let Some(name) = eds.rule_name(EditionId::July, n) {
            return problem(
                format!(
                    "`{n}` has no confirmed October number, and no step cites July {n} ({name})"
                ),
                "no October number",
                near(EditionId::July, n),
            );
        }
    }
    // Not a rule of the edition: the same number written otherwise, or a slip of one
    // character inside the same top-level rule.
    let written = crate::lookup::normalize_number(n).filter(|m| m != n);
    let top = n.split('.').next().unwrap_or(n);
    let guess = match written {
        Some(m) if book.knows_citation(&m) => Some(m),
        _ => {
            let mut close = book
                .citable_numbers()
                .filter(|c| c.split('.').next() == Some(top))
                .filter(|c| strsim::damerau_levenshtein(n, c) == 1)
                .collect::<Vec<_>>();
            close.sort_unstable();
            close.dedup();
            (close.len() == 1).then(|| close[0].to_string())
        }
    };
    let help = match guess {
        Some(m) => format!("did you mean `{m}`? (numbers are the {title} edition's)"),
        None if eds.rule_index(ed, top).is_some() => format!("{other}{}", near(ed, n)),
        None => format!("{other}use {title} rule numbers: {TABLES}"),
    };
    problem(
        format!("`{n}` is not a rule number of the {title} edition"),
        "no such rule",
        help,
    )
}

/// "a" or "an" before an edition's name.
fn article(title: &str) -> &'static str {
    if title.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::is_date;

    #[test]
    fn dates_are_days_of_the_calendar() {
        for d in ["2026-09-30", "2028-02-29", "2000-02-29", "2026-12-31"] {
            assert!(is_date(d), "{d}");
        }
        for d in [
            "2026-09-31",
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-9-30",
        ] {
            assert!(!is_date(d), "{d}");
        }
    }
}
