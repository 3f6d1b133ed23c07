/**
 * Giving a command: load (one Query), decide, append (one conditional write for a command sent
 * with its expected version, else one transaction with its idempotency record; COST-1, COST-2).
 * A retried command (same id, same body) returns the first result and writes nothing.
 */
import type { Actor } from '../../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../../domain/kernel/hash.ts';
import type { Signature } from '../../../domain/kernel/signature.ts';
import { type GameCommand, lifecycleCommand, undoneVersion } from '../../../domain/match/command-table.ts';
import { actingSeat, type ForkOrigin } from '../../../domain/match/fork.ts';
import type { MatchCtx } from '../../../domain/match/match-ctx.ts';
import { recordCommand } from '../../../domain/match/record.ts';
import type { GameState } from '../../../domain/match/state.ts';
import { isVoided } from '../../../domain/match/undo.ts';
import type { Deps } from '../../kernel/deps.ts';
import { refusalRule } from '../../kernel/metrics.ts';
import type { CommandRecord } from '../../kernel/ports.ts';
import { notFound, Problem, ruleViolation } from '../../kernel/problems.ts';
import { refuseUnknownCommandFields } from '../../kernel/strict.ts';
import { refuseBadSignature } from '../../players/app/command-signatures.ts';
import { isPrivate, mayRead } from './access.ts';
import { refuseOverBudget, refuseTooManyEvents } from './budget.ts';
import { foldOnto, gameSnapshot, loadGame } from './game-fold.ts';
import { ADOPT_RULES, adoptionRefused, rulesToAdopt } from './rules-migration.ts';

export type Caller = { readonly kind: 'player'; readonly playerId: string } | { readonly kind: 'system' };

export interface CommandRequest {
  readonly gameId: string;
  readonly commandId: string;
  readonly expectedVersion?: number | undefined;
  readonly command: GameCommand;
  readonly caller: Caller;
  /** TB-6: a `ForkGame`'s origin, loaded by the fork route (forks.ts). */
  readonly origin?: ForkOrigin;
  /**
   * TRUST-6: the player's signature of a command they sent to the command route (null: sent
   * unsigned, refused when they require signatures); absent for a command the server gives in
   * a player's name (a tournament's joins), which no player signs.
   */
  readonly signature?: Signature | null;
}

export interface CommandResult {
  readonly events: readonly EventEnvelope[];
  /** The game's version after the command. */
  readonly version: number;
  /** True when this was a retry of a command already accepted. */
  readonly replayed: boolean;
  /** TB-1: a retry of a command a takeback has since voided; its events stay in the log, void. */
  readonly voided?: true;
  readonly state: GameState | null;
}

/**
 * The id of a command the server gives on its own (a deadline, a default join). It starts
 * with `@`, which a client's command id may not contain, so no player can take it first
 * and turn the server's command into a `command-id-reused` refusal (REL-1).
 */
export const systemCommandId = (kind: string, key: string): string => `@${kind}.${key}`;

/**
 * INV-9: command ids are the sender's own. A player's id that another player's command in the
 * same game took first is kept as `<id>~<playerId>` (`~` is no character of a client's id, so
 * no client can take it first), for the command, its record and its events; the first sender
 * keeps the plain id, and a record from before senders were kept (no `by`) is nobody else's.
 * Null when the id is the sender's own to reuse, or scoped already.
 */
const scopedTo = (request: CommandRequest, record: CommandRecord): CommandRequest | null => {
  if (request.caller.kind !== 'player' || record.by === undefined || record.by === request.caller.playerId) return null;
  if (request.commandId.includes('~')) return null;
  return { ...request, commandId: `${request.commandId}~${request.caller.playerId}` };
};

/** A game as one read of the store gives it: the state, the seed and the command's record (`loadGame`). */
type LoadedGame = Awaited<ReturnType<typeof loadGame>>;

/** A command's load read ahead by its request (`readCommandAhead`), until its first pass takes it. */
interface ReadAhead {
  readonly load: Promise<LoadedGame>;
  /** Two requests of one command id at once: neither takes a load the other read. */
  shared: boolean;
}

/** The loads read ahead and not yet taken, by store, then by game and command id. */
const readsAhead = new WeakMap<object, Map<string, ReadAhead>>();

const aheadKey = (gameId: string, commandId: string): string => `${gameId}\n${commandId}`;

/**
 * COST-7: a command's one read, started while the router still authenticates its caller (one
 * read of the key's player), then `next` (the authentication and the command) with it at hand.
 * Neither read needs the other, and one after the other they made a command wait three round
 * trips where a plain authenticated GET waits two. The command's first pass takes the load
 * (`takeReadAhead`); a request refused before it (a bad key, a body that does not parse) leaves
 * it unread, and its answer does not wait for it. The load was read after the request came, as
 * one read a moment later would be, and the append is conditional on the version it holds.
 */
export const readCommandAhead = async <T>(deps: Deps, gameId: string, commandId: string, next: () => Promise<T>): Promise<T> => {
  const byKey = readsAhead.get(deps.store) ?? new Map<string, ReadAhead>();
  readsAhead.set(deps.store, byKey);
  const key = aheadKey(gameId, commandId);
  const other = byKey.get(key);
  if (other) {
    other.shared = true;
    return next();
  }
  const own: ReadAhead = { load: loadGame(deps, gameId, commandId), shared: false };
  // Read by the command's first pass, or by nobody: a failed read is that pass's to throw, or nobody's.
  own.load.catch(() => undefined);
  byKey.set(key, own);
  try {
    return await next();
  } finally {
    if (byKey.get(key) === own) byKey.delete(key);
  }
};

/** The load read ahead for `request`, once, by its first pass; null when there is none. */
const takeReadAhead = (deps: Deps, request: CommandRequest): Promise<LoadedGame> | null => {
  const byKey = readsAhead.get(deps.store);
  const key = aheadKey(request.gameId, request.commandId);
  const ahead = byKey?.get(key);
  if (!ahead || ahead.shared) return null;
  byKey?.delete(key);
  return ahead.load;
};

/** Commands without `expectedVersion` are re-decided on the new state this many times. */
const RETRIES = 3;

/** What identifies a command's body for its retries (REL-8): who sent what, on which version. */
const bodyHashOf = (request: CommandRequest): string =>
  sha256Hex(canonicalJson({ caller: request.caller, command: request.command, expectedVersion: request.expectedVersion ?? null }));

/**
 * HALL-5: one pass per command: load (the state, the seed and the command's record in one
 * round trip), decide, append, answer. The pass repeats only when the store says another
 * command got in first, and then decides again on the game as it now is. A player's id that
 * another player took first (INV-9) and the rules a game adopts first (PBM-14) are steps of
 * this pass, not commands run again from the top.
 */
export const executeCommand = async (deps: Deps, given: CommandRequest): Promise<CommandResult> => {
  const game: GameSeen = { ruleset: null };
  try {
    const result = await decideCommand(deps, given, game);
    if (!result.replayed) {
      deps.metrics.count('CommandAccepted', {
        ruleset: (result.state && 'ruleset' in result.state ? result.state.ruleset : game.ruleset) ?? 'none',
        command: given.command.type,
      });
    }
    return result;
  } catch (error) {
    // OPS-3: by the rule that refused it, else the problem's type; both are the service's own words, never the client's.
    if (error instanceof Problem) deps.metrics.count('CommandRefused', { ruleset: game.ruleset ?? 'none', rule: refusalRule(error) });
    throw error;
  }
};

/**
 * OPS-3: the ruleset of the game a command was given to, once a load found the game; a
 * refusal's metric names it. None for a game that does not exist yet: a CreateGame's own
 * ruleset is the client's word, and an unknown one would be a new metric series each time.
 */
interface GameSeen {
  ruleset: string | null;
}

const decideCommand = async (deps: Deps, given: CommandRequest, game: GameSeen): Promise<CommandResult> => {
  // TRUST-6: checked before a new command is decided, not before a retry is answered: a retry of an
  // accepted command gets its first answer even if its key was retired since (REL-8).
  let signed: Promise<void> | null = null;
  const refuseUnsigned = () => {
    if (given.signature === undefined || given.caller.kind !== 'player') return Promise.resolve();
    const { gameId, commandId, command, signature } = given;
    signed ??= refuseBadSignature(deps, { gameId, commandId, command, playerId: given.caller.playerId, signature });
    return signed;
  };
  const bodyHash = bodyHashOf(given);
  let request = given;
  for (let attempt = 0; ; attempt += 1) {
    // One read (COST-1): the newest checkpoint, the events after it, the seed and the newest commands' records.
    const loaded = await ((attempt === 0 ? takeReadAhead(deps, request) : null) ?? loadGame(deps, request.gameId, request.commandId));
    if (loaded.state.status !== 'empty') game.ruleset = loaded.state.ruleset;
    const found = loaded.command ? await onRecord(deps, request, loaded.command, bodyHash, loaded.state) : null;
    let outcome =
      found ??
      (await refuseUnsigned()
        .then(() => attemptOnce(deps, request, loaded.state, loaded.seed, bodyHash))
        .then(
          (result): Recorded | 'conflict' => (result === 'conflict' ? result : { result }),
          async (error: unknown) => {
            // A command whose record the load did not see (one accepted long ago, or one racing this retry:
            // INV-9, REL-8) is refused on the game as it now is (409 version-conflict, GAME_EXISTS, a rule
            // of the new state). Its answer is the record's.
            const record = error instanceof Problem ? await recordOf(deps, request) : null;
            if (!record) throw error;
            return onRecord(deps, request, record, bodyHash, (await loadGame(deps, request.gameId)).state);
          },
        ));
    if (outcome === 'conflict') {
      // The append found another batch at the version, or this command's record kept apart: the record tells which.
      const record = await recordOf(deps, request);
      if (record) outcome = await onRecord(deps, request, record, bodyHash, loaded.state);
      else if (request.expectedVersion !== undefined || attempt >= RETRIES) {
        throw new Problem(
          409,
          'version-conflict',
          'The game moved on',
          'Another command was accepted first; read the game again and retry.',
          {
            expectedVersion: request.expectedVersion ?? loaded.state.version,
          },
        );
      } else continue;
    }
    if ('result' in outcome) return outcome.result;
    // INV-9: another player's command took this id first; this player's is kept under the id scoped to them.
    request = outcome.scoped;
    attempt = -1;
  }
};

/** What a command whose id has a record comes to: the first answer again, or (INV-9) the request under the id scoped to its sender. */
type Recorded = { readonly result: CommandResult } | { readonly scoped: CommandRequest };

const onRecord = async (
  deps: Deps,
  request: CommandRequest,
  record: CommandRecord,
  bodyHash: string,
  state: GameState,
): Promise<Recorded> => {
  if (record.bodyHash !== bodyHash) {
    // A stranger's own retry (a player who has since left) is answered; anyone else's reuse of an id is a missing game's 404.
    refuseStranger(request, state);
    const scoped = scopedTo(request, record);
    if (scoped) return { scoped };
  }
  return { result: await replay(deps, request, record, bodyHash, state) };
};

/**
 * The record of `request`'s command id: on the event after its expected version when it was sent
 * positioned (COST-2), else kept apart under its id.
 */
const recordOf = async (deps: Deps, request: CommandRequest): Promise<CommandRecord | null> => {
  if (request.expectedVersion !== undefined) {
    const on = await deps.store.recordAt(request.gameId, request.expectedVersion + 1);
    if (on?.commandId === request.commandId) return on.record;
  }
  return deps.games.command(request.gameId, request.commandId);
};

const attemptOnce = async (
  deps: Deps,
  request: CommandRequest,
  state: GameState,
  storedSeed: string | null,
  bodyHash: string,
): Promise<CommandResult | 'conflict'> => {
  const creating = lifecycleCommand(request.command.type)?.founds === true;
  if (!creating && state.status === 'empty') throw notFound(`game ${request.gameId}`);
  refuseStranger(request, state);
  // The store loaded an existing game's ruleset when it read the game; CreateGame names its own (PERF-1).
  if (creating && 'ruleset' in request.command && typeof request.command.ruleset === 'string') {
    await deps.rulesets.load(request.command.ruleset);
  }
  refuseUnknownCommandFields(deps.rulesets, state, request.command);
  refuseStaleVersion(request.expectedVersion, state);
  const seed = creating ? deps.randomHex(32) : storedSeed;
  if (seed === null) throw new Error(`game ${request.gameId} has no seed`);
  // PBM-14: a game under older rules first moves to the served version, when its log decides the same under them.
  const adoption = await adoptRules(deps, request.gameId, state, seed, request.command.type);
  if (adoption === 'conflict') return 'conflict';
  const base = adoption?.stateAfter ?? state;
  const adopted = adoption?.events ?? [];
  const step = await decideAndAppend(deps, request, base, seed, bodyHash, {
    firstSeq: adopted[0]?.seq,
    ...(creating ? { seed } : {}),
  });
  if (step === 'conflict') return 'conflict';
  const { events, stateAfter } = step;
  return { events: [...adopted, ...events], version: stateAfter.version, replayed: false, state: stateAfter };
};

/** A command sent for a version the game has left is refused before it is decided (409). */
export const refuseStaleVersion = (expectedVersion: number | undefined, state: GameState): void => {
  if (expectedVersion === undefined || expectedVersion === state.version) return;
  throw new Problem(
    409,
    'version-conflict',
    'The game moved on',
    `You expected version ${expectedVersion} but the game is at version ${state.version}.`,
    { expectedVersion, version: state.version },
  );
};

/** What one decided batch did: its events and the state after them (the state it was decided on when it has none). */
interface Step {
  readonly events: readonly EventEnvelope[];
  readonly stateAfter: GameState;
}

/**
 * Decide `request` on `base` and append its events with its idempotency record, exactly after
 * `base.version`: 'conflict' when another batch or the same command id got there first.
 * `firstSeq` is where the command's answer starts when an adoption went before it (REL-8: a
 * retry answers the adoption too); `seed` is written with a game's first batch.
 */
const decideAndAppend = async (
  deps: Deps,
  request: CommandRequest,
  base: GameState,
  seed: string,
  bodyHash: string,
  written: { readonly firstSeq?: number | undefined; readonly seed?: string },
): Promise<Step | 'conflict'> => {
  const ctx: MatchCtx = {
    rulesets: deps.rulesets,
    now: deps.clock().toISOString(),
    actor: actorFor(deps, request.caller, base),
    seed,
    ...(await undoneFor(deps, request, base)),
    ...(request.origin ? { origin: request.origin } : {}),
  };
  const signature = request.signature ?? undefined;
  const decision = recordCommand(base, request.command, ctx, request.gameId, request.commandId, signature);
  if (!decision.ok) throw ruleViolation(decision.violation);
  const events = decision.events;
  refuseTooManyEvents(events);
  if (events.length === 0) return { events, stateAfter: base };
  const stateAfter = await foldOnto(deps, events, base);
  refuseOverBudget(base, stateAfter);
  const by = request.caller.kind === 'player' ? { by: request.caller.playerId } : {};
  const record: CommandRecord = { bodyHash, firstSeq: written.firstSeq ?? events[0]?.seq ?? 0, lastSeq: events.at(-1)?.seq ?? 0, ...by };
  // COST-2: a command sent for this very version, with nothing appended before it in this pass, is
  // found by its retries on the event after that version: its append is one conditional write.
  const positioned = request.expectedVersion === base.version && written.firstSeq === undefined && written.seed === undefined;
  const appended = await deps.store.append({
    gameId: request.gameId,
    expectedVersion: base.version,
    events,
    command: { commandId: request.commandId, record, ...(positioned ? { positioned } : {}) },
    ...(written.seed === undefined ? {} : { seed: written.seed }),
    secret: seed,
    snapshot: await gameSnapshot(deps, stateAfter),
  });
  return appended.ok ? { events, stateAfter } : 'conflict';
};

/** TB-2, TB-3: a far takeback's decider is given the log after its version, read from the store (docs/design.md §8). */
export const undoneFor = async (deps: Deps, request: CommandRequest, state: GameState): Promise<Pick<MatchCtx, 'undone'>> => {
  const after = undoneVersion(request.command);
  if (after === null || after < 0 || after >= state.version) return {};
  return { undone: { after, events: await deps.store.readAfter(request.gameId, after, state.version) } };
};

/**
 * PBM-14: the system's `AdoptRules`, a step of the command's pass with its own command id and
 * idempotency record, appended on its own just before the command, when the game's log decides
 * the same under the served rules. 'conflict' when another command (this adoption's own retry
 * included) got in first: the pass then decides again on the game as it now is.
 */
const adoptRules = async (
  deps: Deps,
  gameId: string,
  state: GameState,
  seed: string,
  commandType: string,
): Promise<Step | 'conflict' | null> => {
  const to = await rulesToAdopt(deps, gameId, state, seed, commandType);
  if (to === null || state.status === 'empty') return null;
  const adoption: CommandRequest = { gameId, commandId: systemCommandId('rules', to), command: ADOPT_RULES, caller: { kind: 'system' } };
  const step = await decideAndAppend(deps, adoption, state, seed, bodyHashOf(adoption), {}).catch((error: unknown) => {
    throw error instanceof Problem && 'rule' in error.extra ? adoptionRefused(deps.rulesets, state) : error;
  });
  return step !== 'conflict' && step.events.length === 0 ? null : step;
};

/**
 * REL-22 (API-8): to a stranger a private game answers every command as a game that does not
 * exist. Decided on the loaded game before anything else reads it (the command's schema, the
 * expected version, the rules), so no answer tells its ruleset, its state or that it exists.
 * JoinGame is not a stranger's command to refuse here: its route checked the invite code first.
 */
export const refuseStranger = (request: CommandRequest, state: GameState): void => {
  const { caller, command } = request;
  // Who may send a command is its declaration's (command-table.ts): any player may create a game or join one.
  if (caller.kind !== 'player' || lifecycleCommand(command.type)?.sentBy === 'any player') return;
  if (isPrivate(state) && !mayRead(state, caller.playerId)) throw notFound(`game ${request.gameId}`);
};

/** TB-6: in a sandbox its player acts as the seat the game awaits (`actingSeat`). */
export const actorFor = (deps: Deps, caller: Caller, state: GameState): Actor =>
  caller.kind === 'system'
    ? caller
    : { kind: 'player', playerId: caller.playerId, seat: actingSeat(deps.rulesets, state, caller.playerId) };

/**
 * A retry answers what the first answer did (REL-8): the same events, seen from the same
 * seat. `state` is the game as loaded for this attempt, which knows the caller's seat.
 */
const replay = async (
  deps: Deps,
  request: CommandRequest,
  record: CommandRecord,
  bodyHash: string,
  state: GameState,
): Promise<CommandResult> => {
  if (record.bodyHash !== bodyHash) {
    // 409, not 422: 422 is kept for rule violations, each with its rule ID (API-4).
    throw new Problem(
      409,
      'command-id-reused',
      'Command id already used',
      `The command id ${request.commandId} was already used for a different command; use a new id for a new command.`,
    );
  }
  const events = await deps.store.readAfter(request.gameId, record.firstSeq - 1, record.lastSeq);
  const voided = state.status !== 'empty' && isVoided(state.voided, record.lastSeq);
  return { events, version: record.lastSeq, replayed: true, ...(voided ? { voided } : {}), state: state.status === 'empty' ? null : state };
};
