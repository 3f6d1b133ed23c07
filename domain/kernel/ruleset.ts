/**
 * A rule system is a decider (docs/design.md §3), plugged into the match
 * lifecycle that every ruleset shares (domain/match).
 */
import type * as z from 'zod/mini';
import type { Ctx } from './context.ts';
import type { Dice } from './dice.ts';
import type { DomainEvent } from './envelope.ts';
import type { Decision } from './violation.ts';

/** What a ruleset's decisions receive besides its own state. */
export interface RulesContext {
  readonly ctx: Ctx;
  readonly dice: Dice;
  /** The seat giving the command, or null for the system. */
  readonly seat: string | null;
  /**
   * A secret salt derived from the game's seed (unknown to players until the seed is
   * revealed): mix it into the hash of sealed orders so nobody can guess them from it.
   */
  readonly salt: (label: string) => string;
  /**
   * The rules version the game plays under: a rule change switches on it (`rulesSince` in
   * rules-version.ts), so a game, and its log, keep the rules they were decided under (RUL-10).
   */
  readonly rulesVersion: string;
}

export interface RulesSetup<O> {
  readonly seats: readonly string[];
  readonly firstSeat: string;
  readonly options: O;
  /** The rules version the game starts under, where the starting state changed by version (RUL-10); absent: the newest. */
  readonly rulesVersion?: string;
}

/** The command schema as published by `GET /rulesets/{id}`. */
export interface CommandDoc {
  readonly type: string;
  readonly summary: string;
  readonly rule: string;
  /**
   * VIEW-16: the phases (a game's `step.phase`, among the ruleset's `phaseNames`) in which a
   * seat may send it; absent: any phase of play. Published so a client offers only what may
   * be sent now; the referee still decides each command.
   */
  readonly phases?: readonly string[];
  /** VIEW-16: a seat the game is not waiting for may send it too, in those phases (GSC-5's tractor beams); absent: only an awaited seat. */
  readonly anySeat?: true;
}

/**
 * What replaying a ruleset's log needs: who it is, its state, how each event changes the
 * state, and what the state shows (the seats awaited, the step, each seat's view). The
 * functions that only read games (the projector, the publisher, the timer reactor, the
 * webhook sender) load only this half, from domain/folds.ts, and none of the referee's
 * code (PERF-1).
 */
export interface RulesetFold<S, E extends DomainEvent, O = unknown> {
  readonly id: string;
  readonly title: string;
  /** The newest rules version: what a new game plays. Bumped whenever a rule change could alter an existing game's outcome. */
  readonly rulesVersion: string;
  /**
   * Every rules version this build decides, oldest first; the last is `rulesVersion`. A game
   * and its log keep the version they were decided under, and rule code that changed switches
   * on it (`rulesSince`), so every log ever exported stays re-adjudicable (RUL-10).
   */
  readonly rulesVersions: readonly string[];
  /**
   * The first rules version whose dice and sealed-order salts are keyed by the seed under their
   * own labels (docs/design.md §6); the versions before it keyed both by the seed's bare hash.
   * Absent for a ruleset first released after that change.
   */
  readonly labelledKeysSince?: string;
  /**
   * The first rules version whose match lifecycle is fair and bounded (INV-1, INV-7): a seated
   * organiser's correction across a roll or a reveal needs the other seats' agreement, a
   * correction's reason is required and every reason bounded, and a game keeps at most
   * `MAX_TAKEBACKS` takebacks and `MAX_FORKS` continuations (domain/match/takeback-fairness.ts).
   * Absent for a ruleset first released after that change.
   */
  readonly matchBoundsSince?: string;
  /**
   * RUL-10, INV-10: the first rules version of this ruleset that knew each group of commands
   * the match lifecycle added later (domain/match/decide.ts `ADDITIVE`): `agreements` the
   * organiser's and the seats' deadlines, pauses and draws (PBM-12, PBM-13), `takebacks` the
   * takebacks, corrections and forks (TB-1 to TB-6). A game under an older version refuses them
   * until it adopts newer rules (`AdoptRules`). Absent for a ruleset first released after them.
   */
  readonly commandsSince?: { readonly [group in 'agreements' | 'takebacks']?: string };
  readonly summary: string;
  /** Seat names, in the order used for roll-offs and turn order. */
  readonly seatNames: readonly string[];
  /** The phase names deadline durations may be set for (`options.deadlines.phases`). */
  readonly phaseNames: readonly string[];
  /** The rule point that decides the first player (PG-5 for Post Galactica). */
  readonly firstPlayerRule: string;
  readonly initialState: (setup: RulesSetup<O>) => S;
  /** Fold one event into the state. It reads the event's type and data only, never the envelope (RUL-1). */
  readonly evolve: (state: S, event: E) => S;
  /** The state as one seat may see it (null: a spectator). */
  readonly view: (state: S, seat: string | null) => unknown;
  /** The seats whose action the game waits for. */
  readonly awaiting: (state: S) => readonly string[];
  /**
   * The step the game now waits in: a `key` unique within the game (it names the
   * deadline's schedule and must change whenever a new step opens) and the `phase` name
   * that per-phase deadline durations are keyed by. Null when nothing waits on players.
   */
  readonly step: (state: S) => { readonly key: string; readonly phase: string } | null;
  /** Event types this ruleset emits (for the log format and upcasting). */
  readonly eventTypes: readonly E['type'][];
  /**
   * The event types that reveal what seats had sealed (docs/design.md §7): a seat may not
   * take back across one (TB-1). Absent: the ruleset seals nothing.
   */
  readonly revealTypes?: readonly E['type'][];
  /**
   * TB-6: the seats whose sealed orders are pending in `state` (sealed, not yet revealed):
   * hidden from every other seat, so a fork is not taken there by anyone they are hidden from.
   * Absent: the ruleset seals nothing.
   */
  readonly sealedBy?: (state: S) => readonly string[];
}

/** A whole ruleset: its fold, and the referee that decides commands and missed deadlines. */
export interface Ruleset<S, C extends { type: string }, E extends DomainEvent, O = unknown> extends RulesetFold<S, E, O> {
  readonly optionsSchema: z.core.$ZodType<O>;
  /**
   * The parsed options as a game created under an older `rulesVersion` recorded them (`given`:
   * the options as the command gave them): what a later version added or filled in is left
   * out, so a log's creation re-decides as it was decided (RUL-10). Absent: every version
   * records them alike.
   */
  readonly optionsAsOf?: (options: O, rulesVersion: string, given: unknown) => O;
  readonly commandSchema: z.core.$ZodType<C>;
  readonly commands: readonly CommandDoc[];
  /** The events that open play once the first player is known (first turn, first phase). */
  readonly begin: (state: S, rc: RulesContext) => readonly E[];
  readonly decide: (state: S, command: C, rc: RulesContext) => Decision<E>;
  /** The ruleset's missed-deadline policy: what happens when the current step's deadline passes. */
  readonly onDeadline: (state: S, rc: RulesContext) => Decision<E>;
}

// biome-ignore lint/suspicious/noExplicitAny: a lookup (domain/catalogue.ts) holds rulesets of every state type
export type AnyRuleset = Ruleset<any, any, any, any>;

// biome-ignore lint/suspicious/noExplicitAny: a lookup (domain/catalogue.ts) holds folds of every state type
export type AnyRulesetFold = RulesetFold<any, any, any>;
