/**
 * TB-6: `POST /games/{id}/forks`. A sandbox is started at once, for a reader of the origin; a
 * continuation is proposed on the origin (`ProposeFork`), and once every seat has accepted it
 * (`ForkAgreed`) the service starts the fork under a server-side id and command id derived from
 * the agreement, so a retry finds the same game and writes nothing (docs/design.md §8).
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { ForkAgreed, ForkKind } from '../../../domain/match/events.ts';
import { continuationRefused, type ForkOrigin, sandboxId } from '../../../domain/match/fork.ts';
import type { Deps } from '../../kernel/deps.ts';
import { notFound, ruleViolation } from '../../kernel/problems.ts';
import { mayRead } from './access.ts';
import { type CommandResult, executeCommand, systemCommandId } from './commands.ts';
import { gameAt, loadGame } from './game-fold.ts';

export interface ForkRequest {
  readonly originId: string;
  readonly version: number;
  readonly kind: ForkKind;
  readonly commandId?: string | undefined;
  readonly playerId: string;
}

export interface ForkAnswer {
  /** The game the answer's events belong to: the sandbox, or the origin a continuation was proposed on. */
  readonly gameId: string;
  readonly result: CommandResult;
  /** The continuations this answer started (their ids), when it was the last acceptance. */
  readonly started: readonly string[];
}

/** The origin as its event store has it (never the read model: the fork is decided on the log), at `version` and now. */
const originOf = async (deps: Deps, gameId: string, version: number): Promise<ForkOrigin> => {
  const head = (await loadGame(deps, gameId)).state;
  const at = version <= head.version ? await gameAt(deps, gameId, version) : head;
  return { gameId, at, head };
};

export const requestFork = async (deps: Deps, request: ForkRequest): Promise<ForkAnswer> => {
  const { originId, version, kind, playerId } = request;
  const head = (await loadGame(deps, originId)).state;
  // API-8: who may fork a private game is who may read it; to anyone else it does not exist.
  if (!mayRead(head, playerId)) throw notFound(`game ${originId}`);
  const caller = { kind: 'player' as const, playerId };
  if (kind === 'sandbox') {
    const id = sandboxId(playerId, request.commandId ?? deps.randomHex(10));
    const result = await executeCommand(deps, {
      gameId: id,
      commandId: request.commandId ?? systemCommandId('fork', id),
      command: { type: 'ForkGame', from: { gameId: originId, version }, kind },
      caller,
      origin: await originOf(deps, originId, version),
    });
    return { gameId: id, result, started: [id] };
  }
  // The position must be forkable before the seats are asked; the fork's own decision checks it again.
  if (version <= head.version) {
    const refused = continuationRefused(deps.rulesets, await gameAt(deps, originId, version), version);
    if (refused && !refused.ok) throw ruleViolation(refused.violation);
  }
  const result = await executeCommand(deps, {
    gameId: originId,
    commandId: request.commandId ?? systemCommandId('propose-fork', `${playerId}-${version}-${deps.randomHex(6)}`),
    command: { type: 'ProposeFork', version },
    caller,
  });
  return { gameId: originId, result, started: await startAgreed(deps, originId, result.events) };
};

/**
 * The continuations `events` (a command's answer on `originId`) agreed, started: each under its
 * derived id and the command id `@fork.<origin>.<seq>`, so a retry of the accepting command
 * starts one that a failure left unstarted, and one already started is answered from its record.
 */
export const startAgreed = async (deps: Deps, originId: string, events: readonly EventEnvelope[]): Promise<string[]> => {
  const started: string[] = [];
  for (const event of events) {
    if (event.type !== 'ForkAgreed') continue;
    const { version, forkId } = event.data as ForkAgreed['data'];
    await executeCommand(deps, {
      gameId: forkId,
      commandId: systemCommandId('fork', `${originId}.${event.seq}`),
      command: { type: 'ForkGame', from: { gameId: originId, version }, kind: 'continuation' },
      caller: { kind: 'system' },
      origin: await originOf(deps, originId, version),
    });
    started.push(forkId);
  }
  return started;
};
