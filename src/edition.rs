//! The Core Rules editions as data (`rules-text/`), and the symbolic citations the engine emits.
//!
//! The engine never writes a rule number: it cites a [`Cite`], and each edition's data maps that
//! citation to the rule number it has in that edition (established, or inferred from the known
//! changes), or says the number is unconfirmed there.
//! The build script compiles the data into static tables; nothing is parsed at run time.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A Core Rules edition known to the tool.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum EditionId {
    /// The Core Rules dated 2026-07-16, in force 2026-07-24 to 2026-10-15.
    July,
    /// The Core Rules dated 2026-10-09, in force from 2026-10-16.
    October,
}

impl EditionId {
    /// The short name used by `rules:` and `--rules`.
    pub fn word(self) -> &'static str {
        match self {
            Self::July => "july",
            Self::October => "october",
        }
    }

    /// The name shown in reports.
    pub fn title(self) -> &'static str {
        match self {
            Self::July => "July",
            Self::October => "October",
        }
    }
}

macro_rules! cites {
    ($($(#[$doc:meta])* $variant:ident = $key:literal,)*) => {
        /// A symbolic citation: a rule (or source) the engine can cite, by meaning, not number.
        /// `rules-text/` maps each to its number in each edition (the `cite:` field there).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Cite {
            $($(#[$doc])* $variant,)*
        }

        impl Cite {
            /// Every citation the engine can emit.
            pub const ALL: &'static [Cite] = &[$(Cite::$variant,)*];

            /// The key used in `rules-text/` (`cite: finalize_oldest_first`).
            pub fn key(self) -> &'static str {
                match self {
                    $(Cite::$variant => $key,)*
                }
            }
        }
    };
}

cites! {
    /// 305: with an empty Chain, the Turn Player passing ends the phase.
    MainPhaseEnds = "main_phase_ends",
    /// 308.1.a: Showdown States allow only Action and Reaction items.
    ShowdownTiming = "showdown_timing",
    /// 309.1.a: Closed States allow only Reaction items.
    ClosedTiming = "closed_timing",
    /// 310.1.a: default timing: own turn, Neutral Open, with Priority.
    DefaultTiming = "default_timing",
    /// 312.2.c: Priority to the controller of the next item once all are finalized.
    PriorityClosedNextItem = "priority_closed_next_item",
    /// 335: idle in a Neutral Main Phase: the Turn Player gets Priority.
    IdleNeutral = "idle_neutral",
    /// 335.1: idle in a showdown: the Focus holder gets Priority.
    IdleShowdown = "idle_showdown",
    /// 337.1: Finalize.
    FinalizeStep = "finalize_step",
    /// 337.1.b: oldest pending item first.
    FinalizeOldestFirst = "finalize_oldest_first",
    /// 337.2: units, gear and Add abilities resolve as they are finalized.
    ResolveImmediately = "resolve_immediately",
    /// 337.4: after finalizing, Priority to the controller of the newest item.
    PriorityAfterFinalize = "priority_after_finalize",
    /// 338.1.b: passing Priority.
    PassPriority = "pass_priority",
    /// 339.1: everyone passed in a row: resolve.
    AllPassed = "all_passed",
    /// 339.2: otherwise the next player gets Priority.
    PassToNext = "pass_to_next",
    /// 340.1: the newest finalized item resolves.
    ResolveNewest = "resolve_newest",
    /// 340.2: the Chain is empty: Open State.
    ChainEmpty = "chain_empty",
    /// 340.2.a: in a showdown, Focus passes on.
    FocusPassesOnEmpty = "focus_passes_on_empty",
    /// 340.3: pending items remain: Finalize again.
    PendingAfterResolve = "pending_after_resolve",
    /// 340.4: Priority to the controller of the newest item.
    PriorityAfterResolve = "priority_after_resolve",
    /// 346.1: Focus stays after a Chain started by a triggered or Add ability.
    FocusKeptTriggerChain = "focus_kept_trigger_chain",
    /// 347.1.b: Focus passes when the Focus holder's Chain closes.
    FocusPassesAfterChain = "focus_passes_after_chain",
    /// 347.2: passing Focus.
    PassFocus = "pass_focus",
    /// 347.2.a: everyone passed Focus in a row: the showdown ends.
    ShowdownCloses = "showdown_closes",
    /// 348.1: a combat showdown goes on to the rest of combat.
    CombatShowdownCloses = "combat_showdown_closes",
    /// 348.2: a non-combat showdown settles control.
    NoncombatShowdownCloses = "noncombat_showdown_closes",
    /// 350.1: "played" once the whole process is complete.
    PlayedWhenComplete = "played_when_complete",
    /// 354.3: a play begun during a resolution waits for it to finish.
    MidResolutionPlay = "mid_resolution_play",
    /// 358.1: targets must be legal.
    TargetLegality = "target_legality",
    /// 358.3.a: an impossible instruction is skipped.
    ImpossibleInstruction = "impossible_instruction",
    /// 358.4: timing permission is checked.
    TimingCheck = "timing_check",
    /// 358.5: an illegal play is undone.
    UndoIllegal = "undo_illegal",
    /// 359.3.e.5: illegal targets are not affected.
    MistargetSkip = "mistarget_skip",
    /// 359.3.e.7: an instruction with every target gone does not execute.
    MistargetAll = "mistarget_all",
    /// 381: activated abilities' default timing.
    ActivatedDefaultTiming = "activated_default_timing",
    /// 383.3.d: a controller orders their simultaneous triggers.
    TriggerOrderController = "trigger_order_controller",
    /// 383.3.d.1: several controllers: turn order from the Turn Player.
    TriggerOrderTurn = "trigger_order_turn",
    /// 383.4.a.2: play triggers go on after the item enters or resolves.
    PlayTriggers = "play_triggers",
    /// 383.4.b.2: "chosen" triggers go on after the choosing item is finalized.
    ChosenTriggers = "chosen_triggers",
    /// 390.3.a: "then banish it" as a delayed replacement on leaving the Chain.
    DelayedLeaveChain = "delayed_leave_chain",
    /// 410.2: limited actions.
    LimitedActions = "limited_actions",
    /// 419.3: playing when instructed.
    InstructedPlay = "instructed_play",
    /// 419.4.a: "when you play" triggers need the play to complete.
    WhenYouPlay = "when_you_play",
    /// 419.4.a.1: a countered card never fires them.
    CounteredNoPlayTriggers = "countered_no_play_triggers",
    /// 419.4.b: non-triggered "played" checks look at finalization.
    PlayedMeansFinalized = "played_means_finalized",
    /// The Vendetta Rules FAQ (2026-08-14).
    VendettaFaq = "vendetta_faq",
    /// 425.1.a: counter.
    Counter = "counter",
    /// 425.1.b: a countered card is not played for play triggers.
    CounteredNotPlayed = "countered_not_played",
    /// 428.1.a.1.b: a killed unit's own death triggers are added before it leaves.
    KillDeathTriggers = "kill_death_triggers",
    /// 429.2: Add abilities resolve as they are finalized.
    AddResolvesImmediately = "add_resolves_immediately",
    /// 429.2.a: Add abilities never move Priority or Focus.
    AddKeepsPriority = "add_keeps_priority",
    /// 735: an extra turn comes after the current one.
    ExtraTurnInsert = "extra_turn_insert",
    /// 737: extra turns and turn order.
    ExtraTurnOrder = "extra_turn_order",
    /// 738: several extra turns.
    ExtraTurnMultiple = "extra_turn_multiple",
    /// 806: Action.
    ActionKeyword = "action_keyword",
    /// 808.1.d.2: Deathknell goes on the Chain before the card reaches the trash.
    DeathknellBeforeTrash = "deathknell_before_trash",
    /// 811: Hidden.
    HiddenKeyword = "hidden_keyword",
    /// 812.1.c: Legion is active after another card was played this turn.
    LegionActive = "legion_active",
    /// 813: Reaction.
    ReactionKeyword = "reaction_keyword",
    /// 829: Flow.
    FlowKeyword = "flow_keyword",
}

/// What a citation becomes in one edition.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Cited {
    /// A rule with an established number.
    Rule {
        /// The rule number, e.g. `337.1.b`.
        number: String,
    },
    /// A rule whose number in this edition follows from the known changes (a renumbered block)
    /// but is quoted by no source; printed as "N (inferred)".
    Inferred {
        /// The inferred rule number, e.g. `418.1.b`.
        number: String,
    },
    /// A rule whose number in this edition is not established; the July number is given.
    Unconfirmed {
        /// The July number.
        july: String,
    },
    /// A source document (e.g. the Vendetta Rules FAQ).
    Source {
        /// Its short title.
        title: String,
    },
    /// Not cited in this edition (a source whose point the edition's own rules now make).
    Omitted,
}

impl Cited {
    /// The text shown in a rules column.
    pub fn label(&self) -> String {
        match self {
            Self::Rule { number } => number.clone(),
            Self::Inferred { number } => format!("{number} (inferred)"),
            Self::Unconfirmed { july } => format!("October: unconfirmed (July {july})"),
            Self::Source { title } => title.clone(),
            Self::Omitted => String::new(),
        }
    }

    /// The rule number, established or inferred, as `expect.cites` writes it (without the
    /// inferred mark); `None` for an unconfirmed rule, a source or nothing.
    pub fn number(&self) -> Option<&str> {
        match self {
            Self::Rule { number } | Self::Inferred { number } => Some(number),
            _ => None,
        }
    }
}

/// A document's publisher, title and address.
#[derive(Debug)]
pub struct DocSource {
    /// Who published it.
    pub publisher: Option<&'static str>,
    /// Its title.
    pub title: Option<&'static str>,
    /// Where it is.
    pub url: Option<&'static str>,
}

/// A source other than the Core Rules that the engine can cite (e.g. an FAQ).
#[derive(Debug)]
pub struct SourceRow {
    /// The citation key.
    pub cite: &'static str,
    /// Its title.
    pub title: Option<&'static str>,
    /// A short title for tables.
    pub short: Option<&'static str>,
    /// Not cited in this edition: the edition's own rules now make its point.
    pub superseded: bool,
}

/// An edition's facts.
#[derive(Debug)]
pub struct EditionData {
    /// Document title.
    pub title: &'static str,
    /// "Last updated" date.
    pub last_updated: &'static str,
    /// First day in force (YYYY-MM-DD).
    pub in_force_from: &'static str,
    /// Last day in force, if replaced.
    pub in_force_until: Option<&'static str>,
    /// The document.
    pub source: DocSource,
    /// What the project knows of it.
    pub note: Option<&'static str>,
    /// Other citable sources.
    pub sources: &'static [SourceRow],
}

/// One rule of the July edition: number, title and summary in the project's words.
#[derive(Debug)]
pub struct JulyRule {
    /// The rule number, e.g. `337.1.b`.
    pub number: &'static str,
    /// A short title.
    pub title: &'static str,
    /// What it says, in the project's words.
    pub summary: &'static str,
    /// The engine's citation key, on rules the engine cites.
    pub cite: Option<&'static str>,
    /// Rules it refers to, all inside the data.
    pub refs: &'static [&'static str],
    /// Rules it refers to that the data does not hold.
    pub external_refs: &'static [&'static str],
}

/// One rule of the October edition: the July rule it corresponds to and what is known of it.
#[derive(Debug)]
pub struct OctoberRule {
    /// The July number.
    pub july: &'static str,
    /// The October number, when established or inferred.
    pub number: Option<&'static str>,
    /// The October number follows from the known changes but no source quotes it.
    pub inferred: bool,
    /// The October number is not established.
    pub unconfirmed: bool,
    /// The content changed.
    pub changed: bool,
    /// The rule is gone in October.
    pub removed: bool,
    /// The October content, where it differs, in the project's words.
    pub summary: Option<&'static str>,
    /// Where the October facts come from.
    pub basis: Option<&'static str>,
}

/// An established difference between July and October (`rules-text/changes.yaml`).
#[derive(Debug)]
pub struct Change {
    /// The July number.
    pub july: &'static str,
    /// The October number, if established or inferred.
    pub october: Option<&'static str>,
    /// The October number is inferred (no source quotes it).
    pub inferred: bool,
    /// Any of renumbered, changed, removed.
    pub kind: &'static [&'static str],
    /// Whether it changes outcomes: yes, no, unconfirmed.
    pub outcome: &'static str,
    /// What changed, in the project's words.
    pub summary: &'static str,
    /// Where the fact comes from.
    pub basis: &'static str,
    /// For an outcome change: a worked example.
    pub example: Option<&'static str>,
    /// For an outcome change: the bundled situation that shows it, or why there is none.
    pub situation: Option<&'static str>,
}

/// The static tables compiled from `rules-text/` by the build script.
pub mod data {
    use super::{Change, DocSource, EditionData, JulyRule, OctoberRule, SourceRow};
    include!(concat!(env!("OUT_DIR"), "/rules_text.rs"));
}

/// One edition, ready for lookups.
#[derive(Debug)]
pub struct Edition {
    /// Which one.
    pub id: EditionId,
    /// Document title.
    pub title: &'static str,
    /// "Last updated" date of the document.
    pub last_updated: &'static str,
    /// First day in force.
    pub in_force_from: &'static str,
    /// Last day in force, if replaced.
    pub in_force_until: Option<&'static str>,
    cites: HashMap<&'static str, Cited>,
}

impl Edition {
    /// What `cite` becomes in this edition.
    ///
    /// # Panics
    /// Never for a [`Cite`]: a test checks every one exists in every edition's data; a missing
    /// one reads as unconfirmed.
    pub fn resolve(&self, cite: Cite) -> Cited {
        self.cites
            .get(cite.key())
            .cloned()
            .unwrap_or(Cited::Unconfirmed {
                july: format!("?{}", cite.key()),
            })
    }

    /// Whether the data maps `cite` (used by the data test).
    pub fn has(&self, cite: Cite) -> bool {
        self.cites.contains_key(cite.key())
    }

    /// Whether `number` is a rule number of this edition that the engine can cite (an
    /// inferred number counts, written without its mark).
    pub fn knows_citation(&self, number: &str) -> bool {
        self.cites.values().any(|c| c.number() == Some(number))
    }

    /// The citable rule numbers of this edition, established or inferred.
    pub fn citable_numbers(&self) -> impl Iterator<Item = &str> {
        self.cites.values().filter_map(Cited::number)
    }
}

/// Both editions, the July rules, and the October map.
#[derive(Debug)]
pub struct Editions {
    july: Edition,
    october: Edition,
    /// The July rules, in order.
    pub july_rules: &'static [JulyRule],
    /// The October entries, one per July rule, in the same order.
    pub october_rules: &'static [OctoberRule],
    /// The established differences.
    pub changes: &'static [Change],
}

fn edition(id: EditionId, d: &'static EditionData, cites: HashMap<&'static str, Cited>) -> Edition {
    Edition {
        id,
        title: d.title,
        last_updated: d.last_updated,
        in_force_from: d.in_force_from,
        in_force_until: d.in_force_until,
        cites,
    }
}

impl Editions {
    /// The editions, built on first use from the static tables (no parsing).
    pub fn get() -> &'static Editions {
        static EDITIONS: OnceLock<Editions> = OnceLock::new();
        EDITIONS.get_or_init(Self::build)
    }

    fn build() -> Editions {
        let mut july_cites = HashMap::new();
        let mut cite_of_number = HashMap::new();
        for r in data::JULY_RULES {
            if let Some(c) = r.cite {
                july_cites.insert(
                    c,
                    Cited::Rule {
                        number: r.number.to_string(),
                    },
                );
                cite_of_number.insert(r.number, c);
            }
        }
        for s in data::JULY.sources {
            let title = s.short.or(s.title).unwrap_or(s.cite);
            july_cites.insert(
                s.cite,
                Cited::Source {
                    title: title.to_string(),
                },
            );
        }
        let mut oct_cites = HashMap::new();
        for r in data::OCTOBER_RULES {
            let Some(c) = cite_of_number.get(r.july) else {
                continue;
            };
            let cited = match (r.number, r.unconfirmed || r.removed) {
                (Some(n), false) if r.inferred => Cited::Inferred {
                    number: n.to_string(),
                },
                (Some(n), false) => Cited::Rule {
                    number: n.to_string(),
                },
                _ => Cited::Unconfirmed {
                    july: r.july.to_string(),
                },
            };
            oct_cites.insert(*c, cited);
        }
        for s in data::OCTOBER.sources {
            let cited = if s.superseded {
                Cited::Omitted
            } else {
                july_cites.get(s.cite).cloned().unwrap_or(Cited::Omitted)
            };
            oct_cites.insert(s.cite, cited);
        }
        Editions {
            july: edition(EditionId::July, &data::JULY, july_cites),
            october: edition(EditionId::October, &data::OCTOBER, oct_cites),
            july_rules: data::JULY_RULES,
            october_rules: data::OCTOBER_RULES,
            changes: data::CHANGES,
        }
    }

    /// One edition.
    pub fn edition(&self, id: EditionId) -> &Edition {
        match id {
            EditionId::July => &self.july,
            EditionId::October => &self.october,
        }
    }

    /// The edition in force on `date` (YYYY-MM-DD), or `None` before the first supported day.
    pub fn in_force(&self, date: &str) -> Option<EditionId> {
        if date >= self.october.in_force_from {
            Some(EditionId::October)
        } else if date >= self.july.in_force_from {
            Some(EditionId::July)
        } else {
            None
        }
    }

    /// The first day any supported edition was in force.
    pub fn first_day(&self) -> &str {
        self.july.in_force_from
    }

    /// Whether July rule number `n` is citable and keeps the same, established number in October
    /// (an inferred number is not confirmed).
    pub fn same_in_both(&self, n: &str) -> bool {
        self.july.cites.iter().any(|(k, c)| {
            matches!(c, Cited::Rule { number } if number == n)
                && matches!(self.october.cites.get(k), Some(Cited::Rule { number }) if number == n)
        })
    }
}
