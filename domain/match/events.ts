/** The events of the match lifecycle every ruleset shares. */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';

export interface DeadlineOptions {
  /** ISO 8601 duration for any phase without its own, e.g. `PT48H`. */
  readonly default?: string;
  /** ISO 8601 duration per phase name of the ruleset, e.g. `{ "movement": "PT24H" }`. */
  readonly phases?: Readonly<Record<string, string>>;
}

export interface MatchOptions {
  /** PG-5: `roll-off` (default), or a seat a mission names as first player. */
  readonly firstPlayer: string;
  /** Phase deadlines; none by default (a phase waits for its players). */
  readonly deadlines: DeadlineOptions;
  /** The ruleset's own options, validated by its schema. */
  readonly rules: unknown;
  /**
   * PBM-10: how long the game waits for its seats (ISO 8601), recorded only when the
   * creator set it; without it the game waits `DEFAULT_OPEN_FOR`.
   */
  readonly openFor?: string;
  /** PBM-11: how many consecutive deadlines one seat may miss; recorded only when set. */
  readonly absence?: AbsenceOptions;
  /** PBM-7: ISO 8601 durations before each deadline when the seats still to act are reminded; recorded only when set. */
  readonly reminders?: readonly string[];
  /** API-8: who may read the game; recorded only when set, and a game without it is public. */
  readonly visibility?: 'public' | 'private';
  /**
   * RUL-10: `latest` (a game without it too) moves to newer rules as PBM-14 says; `pinned`
   * keeps the version the game was created under until its organiser adopts another.
   * Recorded only when set.
   */
  readonly rulesVersion?: 'latest' | 'pinned';
  /**
   * TB-4: what takebacks the game allows: `agreed` (a game without it too) lets a seat take
   * back its own latest commands while nothing of them is known to anyone else (TB-1) and
   * propose taking the game back further, which every other seat must accept (TB-2); `own`
   * allows only the first; `none` allows no takeback by the seats (a tournament). The
   * organiser's correction (TB-3) is a ruling, allowed under every policy. Recorded only when set.
   */
  readonly takebacks?: Takebacks;
  /**
   * CLUB-1: the club the game was created in (only by a member), and CLUB-6 whether the
   * club's ladder rates it: said here at creation and never afterwards. Recorded only when set.
   */
  readonly club?: ClubOption;
}

export interface ClubOption {
  readonly clubId: string;
  readonly rated: boolean;
}

/** TB-4: the takeback policies, fewest first. */
export const TAKEBACK_POLICIES = ['none', 'own', 'agreed'] as const;
export type Takebacks = (typeof TAKEBACK_POLICIES)[number];

export interface AbsenceOptions {
  /** One more missed deadline in a row and the seat forfeits. */
  readonly maxMissed: number;
}

export type GameCreated = DomainEvent<
  'GameCreated',
  {
    readonly ruleset: string;
    readonly rulesVersion: string;
    readonly seats: readonly string[];
    readonly options: MatchOptions;
    readonly seedCommitment: string;
    readonly createdBy: string;
  }
>;
export type SeatJoined = DomainEvent<
  'SeatJoined',
  { readonly seat: string; readonly playerId: string; readonly seedContribution: string | null }
>;
export interface RollOffRound {
  readonly rolls: readonly { readonly seat: string; readonly roll: DieRoll }[];
}
export type RolledOff = DomainEvent<'RolledOff', { readonly rounds: readonly RollOffRound[]; readonly winner: string }>;
export type FirstPlayerChosen = DomainEvent<
  'FirstPlayerChosen',
  { readonly seat: string; readonly chosenBy: string; readonly rule: string }
>;
export type PlayerConceded = DomainEvent<'PlayerConceded', { readonly seat: string }>;
export type GameEnded = DomainEvent<'GameEnded', { readonly winner: string | null; readonly reason: string; readonly rule?: string }>;
export type DeadlinePassed = DomainEvent<
  'DeadlinePassed',
  { readonly phaseKey: string; readonly phase: string; readonly deadline: string; readonly awaiting: readonly string[] }
>;
export type SeedRevealed = DomainEvent<'SeedRevealed', { readonly seed: string; readonly contributions: readonly string[] }>;
/**
 * PBM-14: the game moves from the rules version `from` to `to`: `replayed` when the server
 * re-adjudicated its log under `to` and every command decided the same, `organiser` when
 * the organiser chose to go on under `to` from the current position.
 */
export type RulesVersionAdopted = DomainEvent<
  'RulesVersionAdopted',
  { readonly from: string; readonly to: string; readonly how: 'replayed' | 'organiser' }
>;

/** PBM-12: the organiser moved the current step's deadline `by` (ISO 8601) later, to `deadline`. */
export type DeadlineExtended = DomainEvent<
  'DeadlineExtended',
  { readonly phaseKey: string; readonly by: string; readonly deadline: string }
>;
/**
 * PBM-12, PBM-13: play stops, by the organiser or by every seat's agreement. The step's
 * deadline is closed; `remainingMs` is the time that was left of it (null without one).
 */
export type GamePaused = DomainEvent<
  'GamePaused',
  { readonly phaseKey: string; readonly remainingMs: number | null; readonly by: 'organiser' | 'seats' }
>;
/** PBM-12: play goes on; the step's deadline is the resume time plus what was left at the pause. */
export type GameResumed = DomainEvent<'GameResumed', { readonly phaseKey: string; readonly deadline: string | null }>;
/** PBM-13: a seat proposes a draw, or a pause, for the rest of the current phase. */
export type DrawOffered = DomainEvent<'DrawOffered', { readonly seat: string; readonly phaseKey: string }>;
export type DrawAccepted = DomainEvent<'DrawAccepted', { readonly seat: string }>;
export type DrawDeclined = DomainEvent<'DrawDeclined', { readonly seat: string }>;
export type PauseRequested = DomainEvent<'PauseRequested', { readonly seat: string; readonly phaseKey: string }>;
export type PauseAgreed = DomainEvent<'PauseAgreed', { readonly seat: string }>;
export type PauseDeclined = DomainEvent<'PauseDeclined', { readonly seat: string }>;

/** A run of voided events, `from` to `to` inclusive (TB-1). */
export interface VoidedRange {
  readonly from: number;
  readonly to: number;
}

/** TB-2, TB-3: one command a far takeback undoes: where its events begin, who gave it, and what it was. */
export interface UndoneCommand {
  readonly seq: number;
  readonly actor: string;
  readonly type: string;
}

/**
 * TB-2, TB-3: one roll a far takeback discards; it stays spent (docs/design.md §6, §8). Its
 * face is `face`, not a DieRoll's `value`, so no reader of the log takes the listing for a roll.
 */
export interface DiscardedRoll {
  readonly purpose: string;
  readonly sides: number;
  readonly face: number;
  readonly draw: { readonly seq: number; readonly index: number };
}

/**
 * TB-2, TB-3: exactly what taking the game back to a version undoes, listed before anyone
 * accepts: the events voided (those no earlier takeback voided), the commands among them,
 * every roll they discard, and the same in a sentence.
 */
export interface Undoing {
  readonly voids: readonly VoidedRange[];
  readonly commands: readonly UndoneCommand[];
  readonly rolls: readonly DiscardedRoll[];
  readonly summary: string;
}

/**
 * TB-1, TB-2, TB-3: the game goes back to its state after event `toVersion`; the events
 * `voids` names stay in the log, void. `how` says on whose authority: `own` is a seat taking
 * back its own latest commands, which only that seat acted in and nothing of which is known
 * to anyone else; `agreed` a seat's proposal (`seat`) every other seat accepted; `organiser`
 * the organiser's correction (`seat` null), with its `reason`. A far takeback (`agreed`,
 * `organiser`) names the chain hash at `toVersion` (`toHash`), which the state it folds onto
 * must end with, and says what it undid (`summary`). `reason` only when given.
 */
export type TakenBack = DomainEvent<
  'TakenBack',
  {
    readonly seat: string | null;
    readonly toVersion: number;
    readonly voids: readonly VoidedRange[];
    readonly how: 'own' | 'agreed' | 'organiser';
    readonly toHash?: string;
    readonly summary?: string;
    readonly reason?: string;
  }
>;

/** TB-2: a seat proposes taking the game back to `toVersion` (chain hash `toHash`); `undoes` lists exactly what that undoes. */
export type TakebackProposed = DomainEvent<
  'TakebackProposed',
  {
    readonly seat: string;
    readonly phaseKey: string;
    readonly toVersion: number;
    readonly toHash: string;
    readonly undoes: Undoing;
    readonly reason?: string;
  }
>;
export type TakebackAccepted = DomainEvent<'TakebackAccepted', { readonly seat: string }>;
export type TakebackDeclined = DomainEvent<'TakebackDeclined', { readonly seat: string }>;

/**
 * TB-6: a continuation of the game from the state after event `version`, in a new game (a
 * fork). A seat proposes it while the game is played, or the organiser as a ruling (an ended
 * game only so: its seed is revealed, so it is never rewound, TB-3); `by` is the proposing
 * seat, null for the organiser. Like a draw (PBM-13) it lapses when the phase ends.
 */
export type ForkProposed = DomainEvent<'ForkProposed', { readonly by: string | null; readonly version: number; readonly phaseKey: string }>;
export type ForkAccepted = DomainEvent<'ForkAccepted', { readonly seat: string }>;
export type ForkDeclined = DomainEvent<'ForkDeclined', { readonly seat: string | null }>;
/** TB-6: every seat accepted; the service starts the fork `forkId` (a server-side id, docs/design.md §8). */
export type ForkAgreed = DomainEvent<'ForkAgreed', { readonly version: number; readonly forkId: string }>;

/** TB-6: where a fork came from: the origin game, the version it was taken at, and the chain hash there. */
export interface ForkSource {
  readonly gameId: string;
  readonly version: number;
  readonly hash: string;
}

/** TB-6: a sandbox (private, its requester moves every seat) or a continuation (the same seats, new deadlines). */
export const FORK_KINDS = ['sandbox', 'continuation'] as const;
export type ForkKind = (typeof FORK_KINDS)[number];

/**
 * TB-6: the first event of a fork's log. It carries the origin's state at `from.version`
 * (the ruleset's state and the match fields a fold needs), so the fork folds without its
 * origin; verify with the origin's log re-decides it and so proves the carried state is the
 * origin's fold at that version, whose chain hash is `from.hash` (docs/design.md §8). `seats`
 * lists the seat names as `GameCreated` does; `players` who holds each.
 */
export type GameForked = DomainEvent<
  'GameForked',
  {
    readonly from: ForkSource;
    readonly kind: ForkKind;
    readonly ruleset: string;
    readonly rulesVersion: string;
    readonly seats: readonly string[];
    readonly players: Readonly<Record<string, string>>;
    readonly options: MatchOptions;
    readonly seedCommitment: string;
    readonly createdBy: string;
    readonly firstSeat: string;
    readonly rules: unknown;
  }
>;

/** The organiser's controls and the seats' agreements (PBM-12, PBM-13). */
export type ControlEvent =
  | DeadlineExtended
  | GamePaused
  | GameResumed
  | DrawOffered
  | DrawAccepted
  | DrawDeclined
  | PauseRequested
  | PauseAgreed
  | PauseDeclined;

export type MatchEvent =
  | ControlEvent
  | GameCreated
  | SeatJoined
  | RolledOff
  | FirstPlayerChosen
  | PlayerConceded
  | GameEnded
  | DeadlinePassed
  | SeedRevealed
  | RulesVersionAdopted
  | TakenBack
  | TakebackProposed
  | TakebackAccepted
  | TakebackDeclined
  | ForkProposed
  | ForkAccepted
  | ForkDeclined
  | ForkAgreed
  | GameForked;

export const MATCH_EVENT_TYPES: ReadonlySet<string> = new Set<MatchEvent['type']>([
  'GameCreated',
  'SeatJoined',
  'RolledOff',
  'FirstPlayerChosen',
  'PlayerConceded',
  'GameEnded',
  'DeadlinePassed',
  'SeedRevealed',
  'RulesVersionAdopted',
  'DeadlineExtended',
  'GamePaused',
  'GameResumed',
  'DrawOffered',
  'DrawAccepted',
  'DrawDeclined',
  'PauseRequested',
  'PauseAgreed',
  'PauseDeclined',
  'TakenBack',
  'TakebackProposed',
  'TakebackAccepted',
  'TakebackDeclined',
  'ForkProposed',
  'ForkAccepted',
  'ForkDeclined',
  'ForkAgreed',
  'GameForked',
]);

export const isMatchEvent = (event: DomainEvent): event is MatchEvent => MATCH_EVENT_TYPES.has(event.type);
