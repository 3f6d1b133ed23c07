/**
 * Helpers the benchmarks share: DynamoDB Local, games of a given length (small ones through
 * the command path, long ones decided in memory and appended in large batches), and
 * percentiles. Traffic goes only to 127.0.0.1.
 */

import type { GameCommand } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { recordCommand } from '../../domain/match/record.ts';
import type { GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type CountingClient, createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { type TableNames, tableNames } from '../../functions/adapters/tables.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { gameSnapshot } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { ensureTables, type LocalDynamo, startDynamoLocal } from '../../infra/local/dynamodb-local.ts';

const RULESETS = everyRuleset();

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface BenchDb {
  readonly dynamo: LocalDynamo;
  readonly counting: CountingClient;
  readonly tables: TableNames;
  readonly deps: Deps;
}

/** DynamoDB Local in memory with Arbiter's tables (`bench-` prefix), as the local runtime without a data folder. */
export const startBenchDb = async (): Promise<BenchDb> => {
  const dynamo = await startDynamoLocal({ dataDir: null });
  const counting = createDynamoClient({ endpoint: dynamo.endpoint });
  const tables = tableNames('bench-');
  await ensureTables(counting.client, tables);
  return { dynamo, counting, tables, deps: createDeps(counting.client, tables, RULESETS) };
};

export const stopBenchDb = async (db: BenchDb) => {
  db.counting.client.destroy();
  await db.dynamo.stop();
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const totalRequests = (c: CountingClient) => [...c.requests.values()].reduce((a, b) => a + b, 0);

let sequence = 0;
/** A command as a client sends it; with `expectedVersion`, as a careful one does (one conditional write, COST-2). */
export const command = (
  deps: Deps,
  gameId: string,
  playerId: string,
  body: { type: string } & Record<string, unknown>,
  expectedVersion?: number,
) => {
  sequence += 1;
  return executeCommand(deps, {
    gameId,
    commandId: `bench-s-${sequence}`,
    command: body,
    caller: { kind: 'player', playerId },
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  });
};

/** The player whose turn it is in a bench game (red is p_red, blue is p_blue). */
export const playerToAct = (state: GameState | null): string =>
  (state as { rules?: { activeSeat?: string } } | null)?.rules?.activeSeat === 'blue' ? 'p_blue' : 'p_red';

/** A Post Galactica game, created and joined (red first, so no choice after the roll-off). */
export const newGame = async (deps: Deps, gameId: string) => {
  await command(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  return command(deps, gameId, 'p_blue', { type: 'JoinGame' });
};

/** A game advanced through the command path by EndPhase until it has `size` events. */
export const gameOf = async (deps: Deps, gameId: string, size: number): Promise<void> => {
  let result = await newGame(deps, gameId);
  while (result.version < size) result = await command(deps, gameId, playerToAct(result.state), { type: 'EndPhase' });
};

/**
 * A long game quickly: created and joined through the command path, then EndPhase decided
 * in memory by the same domain code and appended through the real store one command's batch at
 * a time, with its checkpoint where a command would write one (PERF-2 measures a game as
 * played: a bulk batch of 60 put its checkpoint at its end, out of reach of a version inside it).
 */
export const longGameOf = async (deps: Deps, gameId: string, size: number): Promise<void> => {
  const joined = await newGame(deps, gameId);
  const { seed } = await deps.games.secretAndCommand(gameId, 'none');
  if (!seed || !joined.state) throw new Error('no game');
  let state = joined.state;
  let n = 0;
  while (state.version < size) {
    const base = state;
    n += 1;
    const player = playerToAct(state);
    const seat = player === 'p_red' ? 'red' : 'blue';
    const ctx = { rulesets: RULESETS, now: new Date().toISOString(), actor: { kind: 'player' as const, playerId: player, seat }, seed };
    const decision = recordCommand(state, { type: 'EndPhase' } as GameCommand, ctx, gameId, `bulk-${n}`);
    if (!decision.ok) throw new Error(decision.violation.message);
    const events = decision.events;
    state = foldGame(RULESETS, events, state);
    const appended = await deps.store.append({
      gameId,
      expectedVersion: base.version,
      events,
      snapshot: await gameSnapshot(deps, state),
      secret: seed,
    });
    if (!appended.ok) throw new Error('bulk append failed');
  }
};
