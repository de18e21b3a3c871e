//! The symbolic citations the engine emits: one [`Cite`] per rule (or source) it can cite, by
//! meaning, never by number. `rules-text/` maps each to its number in each edition (the `cite:`
//! field there); a test checks that every one exists in both editions.

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
    /// 425.3: a counter names a card or ability on the Chain.
    CounterWording = "counter_wording",
    /// 355.9.a.2: "spell" and "ability" mean objects on the Chain unless stated otherwise.
    ChainByDefault = "chain_by_default",
    /// 466.1: the Resolution Step begins with the Combat Cleanup.
    CombatCleanup = "combat_cleanup",
    /// 466.1.a: the Combat Cleanup is a special cleanup with its own inserts.
    CombatCleanupInserts = "combat_cleanup_inserts",
    /// 194.2.b: players level at or above the victory score: the game goes on.
    TieGoesOn = "tie_goes_on",
    /// 709: becoming Mighty.
    MightyKeyword = "mighty_keyword",
    /// 194.1.c: gaining a point.
    GainPoint = "gain_point",
    /// 185: a token is not a card.
    TokenNotCard = "token_not_card",
    /// 186.1: a token that leaves the board ceases to exist.
    TokenCeases = "token_ceases",
    /// 108.7: a player's hand, where a returned permanent goes.
    ReturnToHand = "return_to_hand",
    /// 124: a zone change makes a new object.
    ZoneChangeNewObject = "zone_change_new_object",
    /// 427.1: banishing moves a card into Banishment.
    BanishAction = "banish_action",
    /// The carrier's own card text (`extra_death_triggers`): a source, not a rule.
    CardText = "card_text",
    /// 319.1: a cleanup follows an Open/Closed change.
    CleanupOpenClosed = "cleanup_open_closed",
    /// 319.2: a cleanup follows a phase change.
    CleanupPhase = "cleanup_phase",
    /// 319.3: a cleanup follows a pending item being added.
    CleanupPendingAdded = "cleanup_pending_added",
    /// 319.4: a cleanup follows an item being finalized.
    CleanupFinalized = "cleanup_finalized",
    /// 319.5: a cleanup follows an item leaving the Chain.
    CleanupLeftChain = "cleanup_left_chain",
    /// 319.6: a cleanup follows objects entering or leaving the board.
    CleanupBoardChange = "cleanup_board_change",
    /// 319.7: a cleanup follows a status change.
    CleanupStatus = "cleanup_status",
    /// 319.8: a cleanup follows a completed move.
    CleanupMove = "cleanup_move",
    /// 453: a move is followed by a cleanup.
    MoveCleanup = "move_cleanup",
    /// 320: nothing is finalized or resolved during a cleanup.
    CleanupNothingResolves = "cleanup_nothing_resolves",
    /// 320.1: items a cleanup causes are added as pending.
    CleanupAddsPending = "cleanup_adds_pending",
    /// 321.1: a cleanup earned during a resolution waits.
    CleanupDeferred = "cleanup_deferred",
    /// 334.2.a: tasks earned mid-FEPR wait for the current step.
    TasksAfterStep = "tasks_after_step",
    /// 322: a cleanup that changed something is followed by another.
    CleanupCascade = "cleanup_cascade",
    /// 324.2: normal cleanups follow a special cleanup.
    SpecialCleanupCascade = "special_cleanup_cascade",
    /// 323.1: task 1: the win check.
    CleanupWin = "cleanup_win",
    /// 472: victory is checked in cleanups.
    WinCheck = "win_check",
    /// 323.2.a: task 2: a unit at the combat's battlefield gains its controller's designation.
    DesignationGained = "designation_gained",
    /// 323.2.c: task 2: a unit elsewhere loses its designation.
    DesignationLost = "designation_lost",
    /// 464.2.c.3.a: a unit arriving later gains its designation in the next cleanup.
    LateDesignation = "late_designation",
    /// 323.4: July task 3a: own-death triggers of lethal units.
    OwnDeathTriggers = "own_death_triggers",
    /// 808.1.d.3: a Deathknell notes the unit's state.
    DeathknellNotes = "deathknell_notes",
    /// 323.5: task 3b: units with lethal damage are killed.
    LethalKilled = "lethal_killed",
    /// 142.4.b: lethal damage.
    LethalDamage = "lethal_damage",
    /// 370.1.a.1: a replacement effect: the death does not happen.
    DeathReplaced = "death_replaced",
    /// 808.1.d.1: a replaced death removes its pending Deathknell.
    ReplacedTriggersRemoved = "replaced_triggers_removed",
    /// 372: several replacements: the affected player chooses.
    ReplacementOrder = "replacement_order",
    /// 373: one replacement for several events: its controller chooses.
    ReplacementChoice = "replacement_choice",
    /// 370.1.a.2: all the deaths of one action happen together.
    KillTogether = "kill_together",
    /// 466.1.a.1: Combat Cleanup 3c: heal all units.
    CombatHeal = "combat_heal",
    /// 466.1.a.2: Combat Cleanup 3d: recall the attackers if a defender remains.
    CombatRecall = "combat_recall",
    /// 317.2.a: the Expiration Step's special cleanup.
    EndingCleanup = "ending_cleanup",
    /// 317.2.b: Ending Cleanup 3c: heal all units.
    EndingHeal = "ending_heal",
    /// 317.2.c: Ending Cleanup 3d: 'this turn' effects expire.
    EndingExpire = "ending_expire",
    /// 423.1.a.2: a stun ends at the Expiration Step.
    StunExpires = "stun_expires",
    /// 323.6: task 4: a battlefield with none of its controller's units is lost.
    ControlLost = "control_lost",
    /// 190.4.c: control of an empty battlefield is lost only in an Open State with nothing under way there.
    ControlFrozen = "control_frozen",
    /// 329.1: a pending item is on the Chain.
    PendingOnChain = "pending_on_chain",
    /// 330: the Chain exists while it holds an item.
    OneChain = "one_chain",
    /// 323.7: task 5: facedown cards at battlefields their controller lost.
    FacedownRemoved = "facedown_removed",
    /// 107.3.d: such a facedown card goes to the trash.
    FacedownToTrash = "facedown_to_trash",
    /// 323.8: task 6: a showdown is staged.
    ShowdownStaged = "showdown_staged",
    /// 323.8.a: a staged showdown lapses.
    ShowdownStagedWhile = "showdown_staged_while",
    /// 323.9: task 7: a combat is staged.
    CombatStaged = "combat_staged",
    /// 323.10: a staged combat that lost a side is unstaged.
    CombatUnstaged = "combat_unstaged",
    /// 323.11: task 8: Contested is removed.
    ContestedRemoved = "contested_removed",
    /// 323.11.a: task 8: Contested is applied again.
    ContestedReapplied = "contested_reapplied",
    /// 190.3.a.1: Contested is applied by a unit arriving.
    ContestedApplied = "contested_applied",
    /// 450: a move to a battlefield applies Contested.
    MoveContests = "move_contests",
    /// 190.3.b: Contested ends when control is established.
    ContestedEnds = "contested_ends",
    /// 323.12: task 9: a staged showdown begins.
    ShowdownBegins = "showdown_begins",
    /// 344: a showdown begins in a cleanup.
    ShowdownOpens = "showdown_opens",
    /// 345: the contester gains Focus as the showdown begins.
    FirstFocus = "first_focus",
    /// 323.13: task 10: a staged combat begins.
    CombatBegins = "combat_begins",
    /// 323.14: task 10a: the showdown becomes a combat showdown.
    ShowdownBecomesCombat = "showdown_becomes_combat",
    /// 460: when a combat begins.
    CombatOccurs = "combat_occurs",
    /// 460.1: a combat begins in a showdown under way.
    CombatInShowdown = "combat_in_showdown",
    /// 461.1: the Turn Player chooses the first of several combats.
    CombatChoice = "combat_choice",
    /// 461.3: a staged combat begins.
    StagedCombatBegins = "staged_combat_begins",
    /// 464.2.b: Combat Showdown Step task b: start-of-combat effects.
    CombatStartTask = "combat_start_task",
    /// 464.2.c.1: the attacker is the contester.
    AttackerIsContester = "attacker_is_contester",
    /// 464.2.c.1.a: a showdown opening with the combat: the attacker gains Focus.
    AttackerFocusOpen = "attacker_focus_open",
    /// 464.2.c.1.b: a showdown already under way: the Focus holder keeps it.
    HolderKeepsFocus = "holder_keeps_focus",
    /// 464.2.c.2: the defender is the other player.
    DefenderIsOther = "defender_is_other",
    /// 464.2.c.3: players and their units gain designations.
    DesignationsGiven = "designations_given",
    /// 464.2.d: July task d: the attacker gains Focus.
    AttackerGainsFocus = "attacker_gains_focus",
    /// 464.2.e: designation triggers go on the Chain.
    DesignationTriggers = "designation_triggers",
    /// 464.2.e.1: the attacker's triggers first, the defender's last.
    DesignationTriggerOrder = "designation_trigger_order",
    /// 464.2.f: Closed if a Chain was made, else Open.
    CombatShowdownState = "combat_showdown_state",
    /// 383.4.e: attack triggers.
    AttackTrigger = "attack_trigger",
    /// 383.4.f: defend triggers.
    DefendTrigger = "defend_trigger",
    /// 465.1: the Combat Damage Step: skipped without both sides.
    DamageSkipped = "damage_skipped",
    /// 465.2.a: the attacker's total.
    AttackerTotal = "attacker_total",
    /// 465.2.b: the defender's total.
    DefenderTotal = "defender_total",
    /// 465.2.c: the attacker assigns first, then the defender.
    AssignDamage = "assign_damage",
    /// 465.2.c.3: lethal before the next unit.
    AssignLethalFirst = "assign_lethal_first",
    /// 465.2.c.4: extra damage only after every unit has lethal.
    AssignExtra = "assign_extra",
    /// 815: Tank.
    TankKeyword = "tank_keyword",
    /// 826: Backline.
    BacklineKeyword = "backline_keyword",
    /// 465.2.c.6: an assignment obeys the requirements on it, Tank first and Backline last.
    AssignRequirements = "assign_requirements",
    /// 815.1.b: a Tank unit gets lethal damage before its controller's units without Tank.
    TankFirst = "tank_first",
    /// 465.2.c.8: a unit under requirements that exclude each other (Tank and Backline): the
    /// assigner follows one of them.
    AssignConflicting = "assign_conflicting",
    /// 815.1.c.2: units without Tank get damage only once every Tank unit has lethal.
    TankSeveral = "tank_several",
    /// 826.3: a Backline unit gets lethal damage after its controller's units without Backline.
    BacklineLast = "backline_last",
    /// 826.4.b: Backline units get damage only once every unit without Backline has lethal.
    BacklineSeveral = "backline_several",
    /// 807.1.c: Assault: +X Might while an attacker.
    AssaultMight = "assault_might",
    /// 814.1.c: Shield: +X Might while a defender.
    ShieldMight = "shield_might",
    /// 423.1.b: a stunned unit's Might adds nothing to combat damage.
    StunnedNoMight = "stunned_no_might",
    /// 465.2.d: combat damage is dealt at once.
    DamageDealt = "damage_dealt",
    /// 465.3: after combat damage: straight to the Resolution Step.
    DamageSkipsFepr = "damage_skips_fepr",
    /// 466.2: the Resolution Step plays out the Chain.
    ResolutionFepr = "resolution_fepr",
    /// 466.3.a: the combat's winner.
    ResultWin = "result_win",
    /// 466.3.b: the combat's loser.
    ResultLose = "result_lose",
    /// 466.3.c: units share their controller's result.
    ResultShared = "result_shared",
    /// 466.3.d: No Result.
    NoResult = "no_result",
    /// 466.3.d.1: No Result with both present: stage again.
    NoResultRestage = "no_result_restage",
    /// 466.4: the result's triggers are played out.
    ResultFepr = "result_fepr",
    /// 466.5: establish control after combat.
    CombatControl = "combat_control",
    /// 466.5.a: Contested is cleared.
    CombatClearsContested = "combat_clears_contested",
    /// 466.5.b: no units: uncontrolled.
    CombatUncontrolled = "combat_uncontrolled",
    /// 466.5.d: a conquer after combat.
    CombatConquer = "combat_conquer",
    /// 466.5.c: a facedown card of a player without control goes to the trash.
    CombatFacedown = "combat_facedown",
    /// 466.5.e: control to a player who did not contest.
    CombatNonContester = "combat_non_contester",
    /// 466.6: control triggers are played out.
    ControlFepr = "control_fepr",
    /// 466.7: the combat ends.
    CombatEnds = "combat_ends",
    /// 466.7.a: designations are removed.
    DesignationsRemoved = "designations_removed",
    /// 466.7.c: 'this combat' effects expire.
    CombatExpiry = "combat_expiry",
    /// 348.2.a: a sole player establishes control as a showdown closes.
    ShowdownControl = "showdown_control",
    /// 348.2.a.1: that is a Conquer if not scored this turn.
    ShowdownConquer = "showdown_conquer",
    /// 469.1: a Conquer.
    ConquerScore = "conquer_score",
    /// 469.2: a Hold.
    HoldScore = "hold_score",
    /// 470: each battlefield scores once per turn.
    ScoreOnce = "score_once",
    /// 471.1: a Score gains a point.
    ScorePoint = "score_point",
    /// 471.1.b: the final point.
    FinalPoint = "final_point",
    /// 471.1.b.1: the final point needs every battlefield: otherwise draw.
    FinalPointDraw = "final_point_draw",
    /// 471.2.a: conquer triggers.
    ConquerTriggers = "conquer_triggers",
    /// 471.2.b: hold triggers.
    HoldTriggers = "hold_triggers",
    /// 383.4.c.2.c: conquer triggers fire also on a draw.
    ConquerTriggerDraw = "conquer_trigger_draw",
    /// 383.4.d.2.c: hold triggers fire also on a draw.
    HoldTriggerDraw = "hold_trigger_draw",
    /// 315.2.a.1: start-of-Beginning-Phase effects.
    BeginningPhaseStart = "beginning_phase_start",
    /// 315.2.b.2: the Scoring Step: Holds.
    ScoringStep = "scoring_step",
    /// 315.3: Channel.
    ChannelStep = "channel_step",
    /// 315.4: Draw.
    DrawStep = "draw_step",
    /// 316.3: the Main Phase's opening tasks.
    MainPhaseStart = "main_phase_start",
    /// 816.1.b: Temporary.
    TemporaryTrigger = "temporary_trigger",
    /// 316.9: the Turn Player ends the turn.
    EndTurn = "end_turn",
    /// 317.1.a: end-of-turn effects.
    EndingStep = "ending_step",
    /// 317.2.e: the Expiration Step checks whether to repeat.
    ExpirationRepeatCheck = "expiration_repeat_check",
    /// 317.2.f: the Expiration Step repeats.
    ExpirationRepeats = "expiration_repeats",
    /// 317.3: the turn ends.
    TurnEnds = "turn_ends",
    /// 420.3: a standard move.
    StandardMove = "standard_move",
    /// 144.2: the move's cost: exhaust.
    MoveCost = "move_cost",
    /// 144.3: moving the units.
    MoveUnits = "move_units",
    /// 144.3.c: the units are exhausted together.
    MoveExhausts = "move_exhausts",
    /// 144.3.a: every unit goes to one destination.
    MoveSameDestination = "move_same_destination",
    /// 355.4.a: a spell's or ability's move names, as it is played, a destination other than
    /// where the units are.
    MoveValidDestination = "move_valid_destination",
    /// 410.1.a: discretionary actions are the Turn Player's.
    MoveTurnPlayer = "move_turn_player",
    /// 144.1.a: moves only in the Main Phase.
    MoveMainPhase = "move_main_phase",
    /// 144.1.b: no move while a Chain exists.
    MoveNoChain = "move_no_chain",
    /// 144.1.c: no move during a showdown or combat.
    MoveNoShowdown = "move_no_showdown",
    /// 414.4: exhausted units cannot pay.
    MoveReady = "move_ready",
    /// 144.4.a: base to battlefield.
    MoveBaseToBattlefield = "move_base_to_battlefield",
    /// 144.4.b: battlefield to base.
    MoveBattlefieldToBase = "move_battlefield_to_base",
    /// 144.4.c.1: battlefield to battlefield with Ganking.
    GankingMove = "ganking_move",
    /// 144.4.a.1: not a battlefield with two other players' units.
    MoveThirdPlayer = "move_third_player",
    /// 447.2.a: no move into another pair's combat.
    MoveCombatRestriction = "move_combat_restriction",
    /// 447.2.c: an invalid destination recalls instead.
    MoveInvalidRecall = "move_invalid_recall",
    /// 417.1.b: deal damage.
    DealDamage = "deal_damage",
    /// 417.1.d: damage to several units at once.
    DealSeveral = "deal_several",
    /// 418.1: heal.
    HealAction = "heal_action",
    /// 420: move.
    MoveAction = "move_action",
    /// 455: recall.
    RecallAction = "recall_action",
    /// 458: a recall is not a move.
    RecallNotMove = "recall_not_move",
    /// 190.6.d: 'you' of an uncontrolled battlefield is no one.
    UncontrolledNoOne = "uncontrolled_no_one",
    /// 423.1: stun.
    StunAction = "stun_action",
    /// 808.2.a: the copies of a Deathknell.
    DeathknellCopyOrder = "deathknell_copy_order",
    /// 355.2.a: where a unit may be played.
    UnitLocation = "unit_location",
    /// 822.1.b: Ambush.
    AmbushKeyword = "ambush_keyword",
    /// 822.3: Ambush's permission lapses.
    AmbushLost = "ambush_lost",
    /// 811.1.d.1: a hidden card is played at its battlefield.
    FacedownPlay = "facedown_play",
    /// 811.1.b: a hidden card must still be there.
    FacedownGone = "facedown_gone",
    /// 805.6: enters ready.
    EntersReady = "enters_ready",
    /// 383.2.c: a trigger's condition is checked once its event has been processed.
    TriggerAfterEvent = "trigger_after_event",
    /// 383.2.c.2: an object leaving the zone its trigger works from, in the same event, does
    /// not trigger.
    TriggerLeftZone = "trigger_left_zone",
    /// 383.2.a.1: a conditional clause right after a trigger's condition belongs to it.
    ConditionAttached = "condition_attached",
    /// 383.1.b: "the Nth time", met by several instances at once, triggers once.
    NthTime = "nth_time",
    /// 423.1.a.1: a stunned unit is not stunned again ("when you stun" does not trigger).
    StunAlready = "stun_already",
    /// 415.1: ready.
    ReadyAction = "ready_action",
    /// 415.1.c: readying a ready object has no effect.
    ReadyAlready = "ready_already",
    /// 414.1: exhaust.
    ExhaustAction = "exhaust_action",
    /// 414.1.c: exhausting an exhausted object has no effect.
    ExhaustAlready = "exhaust_already",
    /// 383.3.a: a trigger's opening "you may" is decided while it is finalized.
    OptionalTrigger = "optional_trigger",
    /// 383.3.a.2: a declined trigger leaves the Chain as if it had never triggered.
    OptionalDeclined = "optional_declined",
    /// 383.3.b: a cost at the start of a trigger's effect is its base cost.
    TriggerBaseCost = "trigger_base_cost",
    /// 383.3.b.1: a trigger is finalized only if that cost is paid.
    TriggerCostUnpaid = "trigger_cost_unpaid",
    /// 204.2.a: a spell or ability is finalized only with its additional costs paid.
    AdditionalCostRequired = "additional_cost_required",
    /// 357.2: the non-standard costs are paid while playing.
    PayCosts = "pay_costs",
    /// 358.2: a play is legal only with every cost paid.
    CostsPaidCheck = "costs_paid_check",
    /// 357.2.a: a cost whose action a replacement changes still counts as paid.
    ReplacedCostPaid = "replaced_cost_paid",
    /// 811.1.d: a spell with no valid target at its hidden battlefield can't be played from
    /// Hidden.
    HiddenChoices = "hidden_choices",
    /// 811.1.d.2: targets chosen from facedown are at the hidden card's battlefield, unless the
    /// card's own restriction makes that impossible.
    HiddenTargets = "hidden_targets",
    /// 811.1.d.2.a: each target is judged separately.
    HiddenEachTarget = "hidden_each_target",
    /// 811.1.d.3: a unit a hidden card makes you play is played at its battlefield.
    HiddenUnitsPlayed = "hidden_units_played",
    /// 359.3.e.2: a target that no longer meets the targeting requirements is illegal.
    IllegalTarget = "illegal_target",
    /// 359.3.e.9.a: counting what an item targets: mistargeted choices count, ones gone to a
    /// non-board zone do not.
    CountingTargets = "counting_targets",
}
