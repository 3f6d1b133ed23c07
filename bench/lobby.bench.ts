/**
 * REL-31: what a lobby page (GET /games, 50 games) costs at 100, 1,000 and 10,000 open games:
 * its time (p50 and p95 over the first page and pages from a cursor) and the read units and
 * items it reads, beside what reading the whole lobby would read. DynamoDB Local in memory,
 * 127.0.0.1 only. Printed, never asserted.
 */

import type { GameState } from '../domain/match/state.ts';
import { rulesetIds } from '../domain/ruleset-list.ts';
import { UNIT_FORMULAS } from '../functions/adapters/dynamo-client.ts';
import { LOBBY_SHARDS } from '../functions/adapters/dynamo-games.ts';
import { lobbyEntryOf } from '../functions/games/app/projection.ts';
import { type LobbyPage, lobbyPage } from '../functions/games/app/queries.ts';
import { type BenchDb, command, ms, percentile, startBenchDb, stopBenchDb } from './support/games.ts';
import { goal } from './support/goals.ts';

const SIZES = [100, 1_000, 10_000];
const LIMIT = 50;
const PAGES = 40;

type Waiting = Exclude<GameState, { status: 'empty' }>;

/** Open games copied from one waiting game of each ruleset, a second apart. */
const fill = async (db: BenchDb, templates: readonly Waiting[], from: number, to: number): Promise<void> => {
  for (let n = from; n < to; n += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, to - n) }, (_, i) => {
        const template = templates[(n + i) % templates.length]!;
        const createdAt = new Date(Date.UTC(2026, 0, 1) + (n + i) * 1000).toISOString();
        const state: Waiting = { ...template, gameId: `g_lobby${String(n + i).padStart(6, '0')}`, createdAt };
        return db.deps.games.putReadModel(
          state.gameId,
          { version: state.version, state: JSON.stringify(state), lobby: lobbyEntryOf(state) },
          'any',
        );
      }),
    );
  }
};

const measure = async (db: BenchDb, page: () => Promise<LobbyPage>) => {
  const units = db.counting.units.read;
  const items = db.counting.itemsRead.get('Query') ?? 0;
  const started = performance.now();
  const result = await page();
  return {
    ms: performance.now() - started,
    units: db.counting.units.read - units,
    items: (db.counting.itemsRead.get('Query') ?? 0) - items,
    result,
  };
};

const db = await startBenchDb();
try {
  const templates: Waiting[] = [];
  for (const ruleset of rulesetIds) {
    const created = await command(db.deps, `g_template_${ruleset}`, 'p_ann', { type: 'CreateGame', ruleset });
    if (created.state && created.state.status !== 'empty') templates.push(created.state);
  }
  console.log(`REL-31 the lobby: a page of ${LIMIT} games, ${rulesetIds.length} rulesets x ${LOBBY_SHARDS} index partitions`);
  console.log(`  ${UNIT_FORMULAS}; index queries are eventually consistent\n`);
  let filled = 0;
  for (const size of SIZES) {
    await fill(db, templates, filled, size);
    filled = size;
    // Warm up, then the first page and pages walked from a cursor, round and round.
    await lobbyPage(db.deps, { after: 0, limit: LIMIT });
    const runs: Awaited<ReturnType<typeof measure>>[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < PAGES; i += 1) {
      const run = await measure(db, () => lobbyPage(db.deps, { after: 0, limit: LIMIT, ...(cursor ? { cursor } : {}) }));
      runs.push(run);
      cursor = run.result.cursor ?? undefined;
    }
    // What every page read before REL-31: every entry of the lobby.
    const whole = await measure(db, async () => {
      const { entries } = await db.deps.games.lobby(rulesetIds, null, size);
      return { games: entries, next: null, cursor: null };
    });
    const times = runs.map((r) => r.ms);
    console.log(`${size.toLocaleString('en-US')} open games`);
    console.log(`  a page:  p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
    console.log(`           at most ${Math.max(...runs.map((r) => r.units))} RCU`);
    // Each index partition of each ruleset is asked for one page plus the item that says there is more.
    const bound = (LIMIT + 1) * rulesetIds.length * LOBBY_SHARDS;
    const title = `items a page reads, at most, ${size.toLocaleString('en-US')} open games`;
    goal({ id: 'REL-31', title, value: Math.max(...runs.map((r) => r.items)), unit: 'items', atMost: bound });
    console.log(`  reading the whole lobby instead: ${whole.items} items, ${whole.units} RCU, ${ms(whole.ms)}\n`);
  }
} finally {
  await stopBenchDb(db);
}
