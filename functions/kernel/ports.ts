/**
 * The ports: what the application needs of the outside world, declared here and implemented
 * by adapters (docs/design.md §2). DynamoDB, EventBridge, Scheduler and HTTP adapters live in
 * `functions/adapters/`, in-memory ones in `functions/adapters/memory/`; one contract suite
 * holds both to the same semantics (test/support/contract-ports.ts). Nothing here names a
 * table, a key or an SDK type: an adapter turns these values into its own items.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { KeySet, PublishedKey, Signature, SignaturePurpose } from '../../domain/kernel/signature.ts';
import type { Voided } from '../../domain/match/state.ts';

export type { WaitLeases } from '../games/app/waiting.ts';
export type { RateCounter } from './rate-limits.ts';

/** The clock every use case reads; tests give a fixed one. */
export type Clock = () => Date;

// ---- the game store (docs/design.md §5) ----

/** What an accepted command wrote, so that its retry answers the same (REL-8). */
export interface CommandRecord {
  readonly bodyHash: string;
  readonly firstSeq: number;
  readonly lastSeq: number;
  /** INV-9: the player who gave the command (none: the system's, or a record from before players were kept). */
  readonly by?: string;
}

/**
 * How a stream's events fold into its state: handed to the store by whoever loads, so the store
 * reads, snapshots and caches without knowing the domain (emmett's `aggregateStream(id, {
 * evolve, initialState })`). A game's is `gameFold` (functions/games/app/game-fold.ts), a
 * tournament's `tournamentFold` (functions/tournaments/app/tournament-fold.ts).
 */
export interface StreamFold<S> {
  /** The state of a stream with no events. */
  readonly initial: S;
  /**
   * `events` folded onto `from`. `stateAt` gives the state after an earlier event of the same
   * stream, folded by this same fold (a far takeback goes back to one, TB-2, TB-3).
   */
  fold(events: readonly EventEnvelope[], from: S, stateAt: (version: number) => Promise<S>): Promise<S>;
  /** What a snapshot of `state` is tagged with; a stored snapshot whose tag differs from its state's tag now is not trusted. */
  tag(state: S): Promise<string> | string;
  /**
   * False for streams that are never snapshotted (their appends pass no `snapshot`; a
   * tournament's, CLUB-2, is short): the store reads such a stream whole from its first event,
   * in the same round trip as its records, without looking for a snapshot or a state it
   * remembered. Absent: true.
   */
  readonly snapshotted?: boolean;
}

/** A state with its fold's tag, as a snapshot is stored. */
export interface TaggedState {
  readonly state: unknown;
  readonly tag: string;
}

export interface LoadedState<S> {
  readonly state: S;
  /** The seq of the snapshot the state was folded on, null when folded from the stream's start; for benchmarks and tests. */
  readonly fromSnapshot: number | null;
  /** The stream's dice seed, read only when `load` was given a command id. */
  readonly seed: string | null;
  /** That command's idempotency record, when it was accepted before. */
  readonly command: CommandRecord | null;
}

export interface AppendRequest {
  readonly gameId: string;
  /** The version the batch was decided on: the batch lands exactly after it, or not at all. */
  readonly expectedVersion: number;
  readonly events: readonly EventEnvelope[];
  /**
   * The command's idempotency record, kept on the batch's first event. Unless `positioned`, it is
   * also kept apart under its command id, written only if that id has none yet. A positioned
   * command was sent for exactly `expectedVersion`, so the event after it is its record: a retry
   * finds it there (`recordAt`) and the batch is one conditional write (COST-2).
   */
  readonly command?: { readonly commandId: string; readonly record: CommandRecord; readonly positioned?: boolean } | undefined;
  /** The game's seed, written apart with the events when the game is created, only if it has none yet. */
  readonly seed?: string | undefined;
  /**
   * The stream's secret (a game's seed), kept beside each checkpoint so that a load reads it in
   * the same request (COST-1); never part of an event.
   */
  readonly secret?: string | undefined;
  /**
   * The state after the batch with its tag, snapshotted when the batch crosses a snapshot
   * boundary; absent for a stream that is never snapshotted (a tournament's, CLUB-2, is short).
   */
  readonly snapshot?: TaggedState | undefined;
}

/** `version`: another batch took the place; `item`: the command id or the seed was there already. */
export type AppendResult = { readonly ok: true } | { readonly ok: false; readonly conflict: 'version' | 'item' };

/** The log of every game: appended to, never changed, folded by the fold its reader hands it (docs/design.md §5). */
export interface GameStore {
  /**
   * The stream folded by `fold`, from the newest snapshot `fold` still trusts. With `commandId`,
   * in the same round trip, the stream's seed and that command's idempotency record (the command path, PERF-5).
   */
  load<S>(gameId: string, fold: StreamFold<S>, commandId?: string): Promise<LoadedState<S>>;
  /** The state after event `version` (not the latest), folded by `fold`. */
  loadAt<S>(gameId: string, version: number, fold: StreamFold<S>): Promise<S>;
  /** Events with seq > after (and <= upTo, at most `limit`), in order. */
  readAfter(gameId: string, after: number, upTo?: number, limit?: number): Promise<EventEnvelope[]>;
  /** The seq of the game's last event, 0 when it has none (REL-23). */
  lastSeq(gameId: string): Promise<number>;
  /** The idempotency record kept on event `seq` (the first of its command's batch), with that command's id; null if none. */
  recordAt(gameId: string, seq: number): Promise<{ readonly commandId: string; readonly record: CommandRecord } | null>;
  /** All of the batch, its record, seed and snapshot, or nothing. */
  append(request: AppendRequest): Promise<AppendResult>;
  /** The id of every game that has an event (a rebuild walks them); a tournament's stream is not a game. */
  gameIds(): AsyncIterable<string>;
}

// ---- tournaments' streams (CLUB-2, docs/tournaments.md) ----

/**
 * A tournament's stream id: `t_` and hex, so nothing that reads games mistakes it for one. Its
 * stream is kept by the game store with a game's guarantees, loaded with `tournamentFold`
 * (functions/tournaments/app/tournament-fold.ts).
 */
export const isTournamentId = (id: string): boolean => id.startsWith('t_');

// ---- read models, inboxes and the lobby (docs/design.md §10.1) ----

export interface ReadModel {
  readonly version: number;
  /** The folded GameState as JSON text. */
  readonly state: string;
  /** INV-4: set when a projection of this game failed; the view is behind the log while `upTo` is past `version`. */
  readonly stale?: StaleMark;
}

/** INV-4: what a failed projection leaves on the view it could not move: how far it meant to go, why it failed, when. */
export interface StaleMark {
  readonly upTo: number;
  readonly reason: string;
  readonly at: string;
}

/** INV-4: whether a read model is behind the log because a projection of it failed (a later one that succeeded rewrote the view). */
export const isStale = (model: ReadModel): model is ReadModel & { readonly stale: StaleMark } =>
  model.stale !== undefined && model.stale.upTo > model.version;

/** A read model as the projector writes it: with its game's lobby entry while the game is open to join (none: not in the lobby). */
export interface ProjectedView extends ReadModel {
  readonly lobby?: LobbyEntry | null;
}

export interface InboxEntry {
  readonly gameId: string;
  readonly ruleset: string;
  readonly status: string;
  readonly seat: string;
  readonly awaiting: boolean;
  readonly deadline: string | null;
  readonly version: number;
  readonly updatedAt: string;
  /** INV-5: the runs the game's latest takeback voided, with its seq; only once a takeback happened. */
  readonly latestTakeback?: readonly Voided[];
  /** INV-4: set while a failed projection left this row behind its game's log (the next row written clears it). */
  readonly stale?: StaleMark;
}

/** API-9: a public game open to join, as the lobby lists it. */
export interface LobbyEntry {
  readonly gameId: string;
  readonly ruleset: string;
  readonly seatsFree: number;
  readonly createdAt: string;
}

/** The lobby's order, and its cursor: oldest game first, the game id breaking ties. */
export const lobbyOrder = (entry: Pick<LobbyEntry, 'createdAt' | 'gameId'>) => `${entry.createdAt}#${entry.gameId}`;

export interface ReadModels {
  readModel(gameId: string): Promise<ReadModel | null>;
  /**
   * Write the view (with its lobby entry, one write) only over version `previous` (0: only
   * where there is none), or over anything with 'any'; false when the gate failed.
   */
  putReadModel(gameId: string, model: ProjectedView, previous: number | 'any'): Promise<boolean>;
  /** An inbox entry never goes back in time: an older version than the stored one is dropped. */
  putInbox(playerId: string, entry: InboxEntry): Promise<void>;
  /** INV-4: mark a player's row of a game as behind its log, as `markStale` marks the view; no row, nothing to mark. */
  markInboxStale(playerId: string, gameId: string, mark: StaleMark): Promise<void>;
  /**
   * INV-4: mark the view as behind the log after a projection of it failed, without touching
   * its state; a view not written yet is left alone (the reads fold from the log without one).
   * The next view written replaces the mark.
   */
  markStale(gameId: string, mark: StaleMark): Promise<void>;
  /** Remove a read model that cannot be folded onto, only while it is at `version` (a redrive, AWS-3). */
  dropReadModel(gameId: string, version: number): Promise<void>;
  inbox(playerId: string): Promise<InboxEntry[]>;
  /** The first `count` lobby entries of these rulesets after cursor `after` (a `lobbyOrder`), in lobby order, and whether more follow. */
  lobby(rulesets: readonly string[], after: string | null, count: number): Promise<{ entries: LobbyEntry[]; more: boolean }>;
}

// ---- players ----

export interface Player {
  readonly playerId: string;
  readonly name: string;
  readonly apiKeyHash: string;
  readonly createdAt?: string;
  /** TRUST-6: the keys the player signs commands with; absent until they first register one. */
  readonly signing?: PlayerSigning;
}

/** TRUST-6: a player's public keys (current and retired: old signatures still verify) and whether their seats take only signed commands. */
export interface PlayerSigning {
  readonly keys: readonly PublishedKey[];
  readonly requireSignatures: boolean;
  /** How many times it was written (0: never); a write names the revision it read. */
  readonly revision: number;
}

export interface Players {
  /** Refuses (throws) a player id that exists. */
  createPlayer(player: Player, createdAt: string): Promise<void>;
  player(playerId: string): Promise<Player | null>;
  /** False when there is no such player. */
  renamePlayer(playerId: string, name: string): Promise<boolean>;
  /** Replace the key hash only while it is still `oldHash`: of two concurrent rotations one fails. */
  rotateKey(playerId: string, oldHash: string, newHash: string): Promise<boolean>;
  /** The display names of these players (at most 100), by id; unknown ids are left out. */
  playerNames(playerIds: readonly string[]): Promise<Map<string, string>>;
  /** TRUST-6: write the player's signing keys and setting only while they are at `revision`; false when another write got there first, or there is no such player. */
  setSigning(playerId: string, signing: Omit<PlayerSigning, 'revision'>, revision: number): Promise<boolean>;
  /** TRUST-6: the signing keys of these players (at most 100), by id; players without any are left out. */
  playerKeys(playerIds: readonly string[]): Promise<Map<string, readonly PublishedKey[]>>;
}

/** A game's seed and command records, read outside the command path. */
export interface GameRecords {
  secretAndCommand(gameId: string, commandId: string): Promise<{ seed: string | null; command: CommandRecord | null }>;
  command(gameId: string, commandId: string): Promise<CommandRecord | null>;
}

/** What `deps.games` holds: read models, players and a game's records (one table on DynamoDB, docs/design.md §9). */
export type GamesPort = ReadModels & Players & GameRecords;

// ---- webhooks (docs/design.md §12) ----

export interface Subscription {
  readonly id: string;
  readonly playerId: string;
  readonly url: string;
  /** One game, or null for every game the player is seated in. */
  readonly gameId: string | null;
  readonly kinds: readonly string[];
  readonly format: 'json' | 'discord' | 'slack';
  readonly description: string | null;
  readonly createdAt: string;
  readonly enabled: boolean;
  readonly disabledAt: string | null;
  readonly disabledReason: string | null;
}

export type DeliveryStatus = 'sending' | 'retrying' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryLogEntry {
  /** The Standard Webhooks `webhook-id`: the same for every attempt. */
  readonly id: string;
  readonly kind: string;
  readonly eventId: string | null;
  readonly gameId: string | null;
  readonly createdAt: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
  readonly responseStatus: number | null;
  readonly lastError: string | null;
}

export interface HookRecord {
  readonly subscription: Subscription;
  readonly secret: string;
  /** Oldest first. */
  readonly log: readonly DeliveryLogEntry[];
  readonly rev: number;
}

/** What creating a subscription did: made it, found one with its id already, or found the owner at the limit. */
export type CreateOutcome = 'created' | 'exists' | 'full';

export interface WebhookStore {
  /** The subscription, only while its owner has fewer than `max`, however many creations race (REL-25). */
  create(subscription: Subscription, secret: string, max: number): Promise<CreateOutcome>;
  /** The subscriptions alone (no secret, no log): what fan-out reads for every event. */
  subscriptions(playerId: string): Promise<Subscription[]>;
  get(playerId: string, subscriptionId: string): Promise<HookRecord | null>;
  /** Whether there was one to delete; its owner's count goes down with it. */
  delete(playerId: string, subscriptionId: string): Promise<boolean>;
  /**
   * Apply `change` to the current record and write it over the revision it was read at, again
   * on a conflict; null from `change` writes nothing. The record as written (or as read), null when gone.
   */
  update(
    playerId: string,
    subscriptionId: string,
    change: (record: HookRecord) => Omit<HookRecord, 'rev'> | null,
  ): Promise<HookRecord | null>;
}

export interface OutgoingWebhook {
  readonly url: string;
  /** The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type SendOutcome =
  | { readonly ok: true; readonly status: number }
  | {
      readonly ok: false;
      /** The receiver's HTTP status, when it answered. */
      readonly status: number | null;
      readonly error: string;
      /** A timeout, a refused connection, 408, 429 or 5xx may pass later; a refused address or a 4xx will not. */
      readonly retryable: boolean;
    };

export interface WebhookSender {
  send(webhook: OutgoingWebhook): Promise<SendOutcome>;
}

/** The name resolver: every address a host name resolves to. Tests give their own, so that no test sends a DNS query off the machine (REL-28). */
export type Resolve = (hostname: string) => Promise<readonly string[]>;

// ---- signing (TRUST-1, docs/design.md §22) ----

/** The service's signing key: locally a key file in the data folder, on AWS a key its KMS key certifies. */
export interface Signer {
  /** Sign `payload` for `purpose` (its canonical JSON) with the current key. */
  sign(purpose: SignaturePurpose, payload: unknown): Promise<Signature>;
  /** Every key a verifier needs: the current one, and those retired or revoked (JWKS). */
  keySet(): Promise<KeySet>;
}

// ---- the bus and the scheduler (docs/design.md §11, §12) ----

export interface IntegrationEvent {
  /** Stable per game, event and kind: subscribers de-duplicate on it. */
  readonly id: string;
  readonly type:
    | 'TurnStarted'
    | 'PhaseStarted'
    | 'SeatAwaited'
    | 'GameEnded'
    | 'DeadlineApproaching'
    | 'TakenBack'
    | 'TakebackProposed'
    | 'TakebackAccepted'
    | 'TakebackDeclined'
    | 'ForkProposed'
    | 'ContinuationStarted'
    | 'TournamentPaired'
    | 'TournamentRoundStarted'
    | 'TournamentEnded';
  /** The game's id; for a tournament's round start and end (no game), the tournament's. */
  readonly gameId: string;
  readonly seq: number;
  readonly at: string;
  readonly detail: Readonly<Record<string, unknown>>;
}

export interface EventBus {
  /** Put up to 10 events; returns those the bus did not accept. */
  put(events: readonly IntegrationEvent[]): Promise<readonly IntegrationEvent[]>;
}

export interface PhaseDeadline {
  readonly gameId: string;
  readonly phaseKey: string;
  /** ISO 8601 UTC. */
  readonly at: string;
  /** PBM-7: a reminder this long before the step's deadline (ISO 8601 duration), not the deadline itself. */
  readonly reminder?: string;
}

export interface TimerInput {
  readonly gameId: string;
  readonly phaseKey: string;
  /** PBM-7: present when the schedule is a reminder; nothing is written to the log for it. */
  readonly reminder?: string;
}

export interface PhaseScheduler {
  /**
   * Create the schedule unless it exists at that time (idempotent). A step whose deadline
   * moved (PBM-12) is deleted by the timer reactor first, then created at its new time.
   */
  schedule(deadline: PhaseDeadline): Promise<void>;
  /** Delete the schedule (the deadline's, or with `reminder` that reminder's) if it exists (idempotent). */
  cancel(gameId: string, phaseKey: string, reminder?: string): Promise<void>;
}

// ---- clubs and ladders (docs/design.md §21, CLUB-1, CLUB-6) ----

export type ClubRole = 'organiser' | 'member';

export interface Club {
  readonly clubId: string;
  readonly name: string;
  readonly description: string | null;
  /** CLUB-1: a public club is joined freely; a private one by its invite code, and to strangers it does not exist. */
  readonly visibility: 'public' | 'private';
  /** A private club's code; organisers rotate it. Null for a public club. */
  readonly inviteCode: string | null;
  readonly createdBy: string;
  readonly createdAt: string;
}

export interface ClubMember {
  readonly playerId: string;
  readonly role: ClubRole;
  readonly joinedAt: string;
}

/** A game created in a club (its GameCreated carries `options.club`). */
export interface ClubGame {
  readonly gameId: string;
  readonly ruleset: string;
  readonly rated: boolean;
  readonly createdBy: string;
  readonly createdAt: string;
}

/** CLUB-1: a tournament created in a club (CLUB-2), as the club lists it. */
export interface ClubTournament {
  readonly tournamentId: string;
  readonly name: string;
  readonly format: string;
  readonly ruleset: string;
  readonly createdBy: string;
  readonly createdAt: string;
}

/** CLUB-6: one player's OpenSkill rating on one ladder (a club and a ruleset). */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface Ladder {
  readonly ratings: Readonly<Record<string, Rating>>;
  /** How many games the ladder has rated; the next change is number `rated + 1`. */
  readonly rated: number;
  /** The revision this ladder was read at; a write lands only over it (0: no ladder yet). */
  readonly rev: number;
}

export interface RatingChangeLine {
  readonly playerId: string;
  readonly seat: string;
  readonly opponents: readonly string[];
  readonly result: 'win' | 'loss' | 'draw';
  readonly before: { readonly mu: number; readonly sigma: number };
  readonly after: { readonly mu: number; readonly sigma: number };
}

/** CLUB-6: what one rated game did to a ladder, in the order the ladder rated it. */
export interface RatingChange {
  readonly n: number;
  readonly gameId: string;
  readonly endedAt: string;
  /** The rating library and version that computed it (`openskill@5.0.1`): stored, never recomputed. */
  readonly library: string;
  readonly players: readonly RatingChangeLine[];
}

/** `rated`: written; `already`: that game has its change (a redelivered end); `conflict`: the ladder moved since it was read. */
export type RateOutcome = 'rated' | 'already' | 'conflict';

export interface ClubStore {
  /** The club and its first organiser, both or neither; false when the club id exists. */
  createClub(club: Club, organiser: ClubMember): Promise<boolean>;
  club(clubId: string): Promise<Club | null>;
  /** Replace a private club's invite code; false when there is no such club. */
  setInviteCode(clubId: string, inviteCode: string): Promise<boolean>;
  /** Add the member unless the player is one already (then nothing changes): concurrent joins lose nothing and duplicate nothing. */
  addMember(clubId: string, member: ClubMember): Promise<'added' | 'exists'>;
  member(clubId: string, playerId: string): Promise<ClubMember | null>;
  /** Change a member's role; false when the player is not a member. */
  setRole(clubId: string, playerId: string, role: ClubRole): Promise<boolean>;
  /** Whether there was such a member to remove. */
  removeMember(clubId: string, playerId: string): Promise<boolean>;
  /** Every member, in player id order. */
  members(clubId: string): Promise<ClubMember[]>;
  /** Idempotent: a game recorded twice is one game. */
  addGame(clubId: string, game: ClubGame): Promise<void>;
  /** Every game created in the club, in game id order. */
  games(clubId: string): Promise<ClubGame[]>;
  /** Idempotent: a tournament recorded twice is one tournament (the first record stays). */
  addTournament(clubId: string, tournament: ClubTournament): Promise<void>;
  /** Every tournament created in the club, in tournament id order. */
  tournaments(clubId: string): Promise<ClubTournament[]>;
  /** The ladder of a club for one ruleset, null before its first rated game. */
  ladder(clubId: string, ruleset: string): Promise<Ladder | null>;
  /**
   * Write the ladder (at `rev + 1`) over revision `rev` (0: where there is none) together with
   * the game's change, only while that game has no change on this ladder: all or nothing.
   */
  rate(clubId: string, ruleset: string, rev: number, ladder: Omit<Ladder, 'rev'>, change: RatingChange): Promise<RateOutcome>;
  /** Every change of the ladder, in the order it rated them. */
  ratingChanges(clubId: string, ruleset: string): Promise<RatingChange[]>;
}
