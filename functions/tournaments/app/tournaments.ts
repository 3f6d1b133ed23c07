/**
 * CLUB-2: giving a tournament a command, as `executeCommand` gives a game one (docs/design.md
 * §5): load (the log, the seed and this command's record), decide, append on top of the version
 * decided on with the command's record, or answer a retry from the log (REL-8). A command
 * without `expectedVersion` is decided again on a conflict (INV-9: TOURNAMENT_RETRIES), and a
 * command id is scoped to its sender (commandRecordKey).
 */
import { type EventEnvelope, sealBatch } from '../../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../../domain/kernel/hash.ts';
import { decideTournament, TOURNAMENT_RULES_VERSION, type TournamentCommand } from '../../../domain/tournament/decide.ts';
import { evolveTournament, type TournamentState } from '../../../domain/tournament/state.ts';
import type { Caller } from '../../games/app/commands.ts';
import type { Deps } from '../../kernel/deps.ts';
import { refusalRule } from '../../kernel/metrics.ts';
import type { CommandRecord } from '../../kernel/ports.ts';
import { notFound, Problem, ruleViolation } from '../../kernel/problems.ts';
import { refuseUnplayableGames } from './tournament-creation.ts';
import { extendStream, type TournamentStream, tournamentFold } from './tournament-fold.ts';

export interface TournamentRequest {
  readonly tournamentId: string;
  readonly commandId: string;
  readonly expectedVersion?: number | undefined;
  readonly command: TournamentCommand;
  readonly caller: Caller;
}

export interface TournamentResult {
  readonly events: readonly EventEnvelope[];
  readonly version: number;
  readonly replayed: boolean;
  readonly state: TournamentState;
}

/**
 * INV-9: a command without `expectedVersion` is decided again on a conflict, up to this many
 * times. Each conflict means another command landed first, so a field of joins that all
 * arrive at once makes progress on every round of retries; with the pause below, 200
 * concurrent joins all land well within it (test/service/inv-9-tournament-races.service.test.ts).
 */
export const TOURNAMENT_RETRIES = 40;

/** The longest pause between two tries, in milliseconds: the pause doubles from 2 ms up to it. */
const MAX_PAUSE_MS = 250;

/**
 * INV-9: a command id is its sender's. The command record is kept under the id scoped to the
 * player who sent it (`@by.<playerId>.<commandId>`: a client's id may not contain `@`, REL-1),
 * so every player may send the docs' `join-0001`; the server's own ids are kept as they are.
 * The log's envelopes carry the id as it was sent.
 */
export const commandRecordKey = (caller: Caller, commandId: string): string =>
  caller.kind === 'player' ? `@by.${caller.playerId}.${commandId}` : commandId;

/** A pause of up to 2^attempt · 2 ms (at most MAX_PAUSE_MS), drawn at random so that racing commands spread out. */
const pause = (deps: Deps, attempt: number): Promise<void> => {
  const most = Math.min(MAX_PAUSE_MS, 2 ** (attempt + 1));
  const ms = (Number.parseInt(deps.randomHex(2), 16) / 0x10000) * most;
  return new Promise((resolve) => setTimeout(resolve, ms));
};

const replayOf = ({ events, state }: TournamentStream, record: CommandRecord): TournamentResult => ({
  events: events.filter((e) => e.seq >= record.firstSeq && e.seq <= record.lastSeq),
  version: record.lastSeq,
  replayed: true,
  state,
});

/**
 * A tournament command, counted as a game's is (OPS-3): accepted by command type, refused by
 * the rule or problem that refused it, under the ruleset `tournament` (a tournament's stream is
 * no game's; the games it opens are counted under their own rulesets).
 */
export const executeTournamentCommand = async (deps: Deps, request: TournamentRequest): Promise<TournamentResult> => {
  try {
    const result = await decideTournamentCommand(deps, request);
    if (!result.replayed) deps.metrics.count('CommandAccepted', { ruleset: 'tournament', command: request.command.type });
    return result;
  } catch (error) {
    if (error instanceof Problem) deps.metrics.count('CommandRefused', { ruleset: 'tournament', rule: refusalRule(error) });
    throw error;
  }
};

const decideTournamentCommand = async (deps: Deps, request: TournamentRequest): Promise<TournamentResult> => {
  const bodyHash = sha256Hex(
    canonicalJson({ caller: request.caller, command: request.command, expectedVersion: request.expectedVersion ?? null }),
  );
  const key = commandRecordKey(request.caller, request.commandId);
  // The log and its state, the seed and this command's record, in one round trip.
  const loaded = await deps.store.load(request.tournamentId, tournamentFold, key);
  let stream = loaded.state;
  let record = loaded.command;
  for (let attempt = 0; ; attempt += 1) {
    if (record) {
      if (record.bodyHash !== bodyHash) throw commandIdReused(request.commandId);
      return replayOf(stream, record);
    }
    const outcome = await attemptOnce(deps, request, { ...stream, seed: loaded.seed, key, bodyHash });
    if (outcome !== 'conflict') return outcome;
    if (request.expectedVersion !== undefined || attempt >= TOURNAMENT_RETRIES)
      throw versionConflict(request.expectedVersion ?? stream.state.version, null);
    await pause(deps, attempt);
    // The log after the version decided on, folded onto the state: a retry reads only what landed since.
    const [after, again] = await Promise.all([
      deps.store.readAfter(request.tournamentId, stream.state.version),
      deps.games.command(request.tournamentId, key),
    ]);
    stream = extendStream(stream, after);
    record = again;
  }
};

interface Loaded extends TournamentStream {
  readonly seed: string | null;
  /** The command record's key (commandRecordKey). */
  readonly key: string;
  readonly bodyHash: string;
}

const attemptOnce = async (deps: Deps, request: TournamentRequest, loaded: Loaded): Promise<TournamentResult | 'conflict'> => {
  const { state } = loaded;
  const creating = request.command.type === 'CreateTournament';
  if (!creating && state.status === 'empty') throw notFound(`tournament ${request.tournamentId}`);
  if (request.expectedVersion !== undefined && request.expectedVersion !== state.version)
    throw versionConflict(request.expectedVersion, state.version);
  const seed = creating ? deps.randomHex(32) : loaded.seed;
  if (seed === null) throw new Error(`tournament ${request.tournamentId} has no seed`);
  const now = deps.clock().toISOString();
  const actor = request.caller.kind === 'system' ? request.caller : { kind: 'player' as const, playerId: request.caller.playerId };
  const decision = decideTournament(state, request.command, { now, actor, seed });
  if (!decision.ok) {
    const earlier = await sentBeforeScoping(deps, request, loaded);
    if (earlier) return earlier;
    throw ruleViolation(decision.violation, 'tournament');
  }
  // INV-8: what could never run is refused before anything is appended.
  if (request.command.type === 'CreateTournament' && actor.kind === 'player')
    await refuseUnplayableGames(deps, request.command, actor.playerId, now);
  const events = sealBatch(loaded.events.at(-1) ?? null, decision.events, {
    gameId: request.tournamentId,
    at: now,
    actor: actor.kind === 'system' ? 'system' : `player:${actor.playerId}`,
    commandId: request.commandId,
    rulesVersion: TOURNAMENT_RULES_VERSION,
    command: request.command,
  });
  const record = { bodyHash: loaded.bodyHash, firstSeq: events[0]?.seq ?? 0, lastSeq: events.at(-1)?.seq ?? 0 };
  // No snapshot: a tournament's stream is never snapshotted (tournamentFold).
  const appended = await deps.store.append({
    gameId: request.tournamentId,
    expectedVersion: state.version,
    events,
    command: { commandId: loaded.key, record },
    ...(creating ? { seed } : {}),
  });
  if (!appended.ok) return 'conflict';
  // The state after is the decided events on the state before, not a second fold of the whole log (CLUB-8: a 64-player round ends in 32 such commands).
  return { events, version: record.lastSeq, replayed: false, state: decision.events.reduce(evolveTournament, state) };
};

/**
 * A player's retry of a command sent before ids were scoped (INV-9): its record is kept under
 * the id alone. Looked up only when the command is refused (as a retry of an accepted one is),
 * and answered only when that record's body is this one's and its events are this player's.
 */
const sentBeforeScoping = async (deps: Deps, request: TournamentRequest, loaded: Loaded): Promise<TournamentResult | null> => {
  if (request.caller.kind !== 'player' || loaded.key === request.commandId) return null;
  const record = await deps.games.command(request.tournamentId, request.commandId);
  const first = loaded.events.find((e) => e.seq === record?.firstSeq);
  if (!record || record.bodyHash !== loaded.bodyHash || first?.actor !== `player:${request.caller.playerId}`) return null;
  return replayOf(loaded, record);
};

const commandIdReused = (commandId: string) =>
  new Problem(
    409,
    'command-id-reused',
    'Command id already used',
    `The command id ${commandId} was already used for a different command; use a new id for a new command.`,
  );

const versionConflict = (expectedVersion: number, version: number | null) =>
  new Problem(
    409,
    'version-conflict',
    'The tournament moved on',
    'Another command was accepted first; read the tournament again and retry.',
    {
      expectedVersion,
      ...(version === null ? {} : { version }),
    },
  );
