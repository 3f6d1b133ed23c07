/**
 * CLUB-2: giving a tournament a command, as `executeCommand` gives a game one (docs/design.md
 * §5): load (the log, the seed and this command's record), decide, append on top of the version
 * decided on with the command's record, or answer a retry from the log (REL-8). A command
 * without `expectedVersion` is decided again on a conflict, up to three times.
 */
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { decideTournament, TOURNAMENT_RULES_VERSION, type TournamentCommand } from '../../domain/tournament/decide.ts';
import { evolveTournament, foldTournament, type TournamentEvent, type TournamentState } from '../../domain/tournament/state.ts';
import type { Caller } from './commands.ts';
import type { Deps } from './deps.ts';
import { notFound, Problem, ruleViolation } from './problems.ts';

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

const RETRIES = 3;

export const foldStream = (events: readonly EventEnvelope[]): TournamentState =>
  foldTournament(events.map(({ type, data }) => ({ type, data }) as TournamentEvent));

export const executeTournamentCommand = async (deps: Deps, request: TournamentRequest): Promise<TournamentResult> => {
  const bodyHash = sha256Hex(
    canonicalJson({ caller: request.caller, command: request.command, expectedVersion: request.expectedVersion ?? null }),
  );
  for (let attempt = 0; ; attempt += 1) {
    const loaded = await deps.tournaments.load(request.tournamentId, request.commandId);
    const state = foldStream(loaded.events);
    if (loaded.command) {
      if (loaded.command.bodyHash !== bodyHash) throw commandIdReused(request.commandId);
      const events = loaded.events.filter((e) => e.seq >= (loaded.command?.firstSeq ?? 0) && e.seq <= (loaded.command?.lastSeq ?? 0));
      return { events, version: loaded.command.lastSeq, replayed: true, state };
    }
    const creating = request.command.type === 'CreateTournament';
    if (!creating && state.status === 'empty') throw notFound(`tournament ${request.tournamentId}`);
    if (request.expectedVersion !== undefined && request.expectedVersion !== state.version)
      throw versionConflict(request.expectedVersion, state.version);
    const seed = creating ? deps.randomHex(32) : loaded.seed;
    if (seed === null) throw new Error(`tournament ${request.tournamentId} has no seed`);
    const now = deps.clock().toISOString();
    const actor = request.caller.kind === 'system' ? request.caller : { kind: 'player' as const, playerId: request.caller.playerId };
    const decision = decideTournament(state, request.command, { now, actor, seed });
    if (!decision.ok) throw ruleViolation(decision.violation);
    const events = sealBatch(loaded.events.at(-1) ?? null, decision.events, {
      gameId: request.tournamentId,
      at: now,
      actor: actor.kind === 'system' ? 'system' : `player:${actor.playerId}`,
      commandId: request.commandId,
      rulesVersion: TOURNAMENT_RULES_VERSION,
      command: request.command,
    });
    const record = { bodyHash, firstSeq: events[0]?.seq ?? 0, lastSeq: events.at(-1)?.seq ?? 0 };
    const appended = await deps.tournaments.append({
      streamId: request.tournamentId,
      expectedVersion: state.version,
      events,
      command: { commandId: request.commandId, record },
      ...(creating ? { seed } : {}),
    });
    // The state after is the decided events on the state before, not a second fold of the whole log (CLUB-8: a 64-player round ends in 32 such commands).
    if (appended.ok) return { events, version: record.lastSeq, replayed: false, state: decision.events.reduce(evolveTournament, state) };
    if (request.expectedVersion !== undefined || attempt >= RETRIES) throw versionConflict(request.expectedVersion ?? state.version, null);
  }
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
