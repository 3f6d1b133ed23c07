/**
 * `npm run bench` (REL-23): what long polls cost everyone else. A plain GET /games/{id}'s p50 and
 * p99 over HTTP to the local runtime with no waits, then with 200 waits held open
 * (`?wait=20`: 20 players, each 5 on its game's events and 5 on its inbox), and the store's
 * reads per second meanwhile; then the same right after every waiting client hangs up, with
 * the reads and this process's CPU in the seconds after. Printed, never asserted. Traffic
 * goes only to 127.0.0.1; every wait ends within 20 s, and the bench stops by itself.
 */
import { type Runtime, startRuntime } from '../infra/local/runtime.ts';
import { ms, percentile } from './support/games.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PLAYERS = 20;
const WAITS_PER_PLAYER = 10;
const MEASURED = 200;

interface Player {
  readonly key: string;
  readonly playerId: string;
}

const call = async (runtime: Runtime, method: string, path: string, key?: string, body?: unknown) => {
  const response = await fetch(`${runtime.url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { body: JSON.parse(text) as Record<string, unknown>, etag: response.headers.get('etag') ?? '' };
};

const register = async (runtime: Runtime, name: string): Promise<Player> => {
  const { body } = await call(runtime, 'POST', '/players', undefined, { name });
  return { key: String(body.apiKey), playerId: String(body.playerId) };
};

/** MEASURED plain reads of one game, one after another: their latencies in ms. */
const plainGets = async (runtime: Runtime, player: Player, gameId: string): Promise<number[]> => {
  const latencies: number[] = [];
  for (let i = 0; i < MEASURED; i += 1) {
    const started = performance.now();
    await call(runtime, 'GET', `/games/${gameId}`, player.key);
    latencies.push(performance.now() - started);
  }
  return latencies;
};

/** Polls `done` every 20 ms for at most 10 s: the bench never hangs. */
const until = async (done: () => Promise<boolean>) => {
  const deadline = performance.now() + 10_000;
  while (!(await done()) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

const queries = (runtime: Runtime) => runtime.dynamo.requests.get('Query') ?? 0;

const report = (label: string, latencies: readonly number[]) =>
  console.log(`  ${label.padEnd(34)} p50 ${ms(percentile(latencies, 50)).padStart(9)}  p99 ${ms(percentile(latencies, 99)).padStart(9)}`);

const main = async () => {
  const runtime = await startRuntime({ port: 0, memory: true, dataDir: '', waits: { maxWaitsPerKey: WAITS_PER_PLAYER } });
  try {
    const players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => register(runtime, `Bench ${i}`)));
    // A game for each pair of players, both seated.
    const games: string[] = [];
    for (let i = 0; i < PLAYERS; i += 2) {
      const [red, blue] = [players[i] as Player, players[i + 1] as Player];
      const { body } = await call(runtime, 'POST', '/games', red.key, { ruleset: 'post-galactica', seat: 'red' });
      games.push(String(body.gameId));
      await call(runtime, 'POST', `/games/${body.gameId}/join`, blue.key, {});
    }
    // The inboxes settle first (the projector runs behind the commands), so each inbox wait holds.
    for (const [i, player] of players.entries()) {
      const game = games[Math.floor(i / 2)] as string;
      const version = Number((await call(runtime, 'GET', `/games/${game}`, player.key)).body.version);
      await until(async () => {
        const inbox = (await call(runtime, 'GET', '/me/games', player.key)).body as { games: { version: number }[] };
        return inbox.games[0]?.version === version;
      });
    }
    const reader = players[0] as Player;
    const gameId = games[0] as string;
    await plainGets(runtime, reader, gameId); // warm up
    console.log(`\nREL-23 a plain GET /games/{id} beside long polls (${MEASURED} GETs each, local runtime, DynamoDB Local)`);
    report('no waits', await plainGets(runtime, reader, gameId));

    const hangUps: AbortController[] = [];
    const pending: Promise<unknown>[] = [];
    const started = performance.now();
    for (const [i, player] of players.entries()) {
      const game = games[Math.floor(i / 2)] as string;
      const seq = Number(((await call(runtime, 'GET', `/games/${game}`, player.key)).body as { version: number }).version);
      const { etag } = await call(runtime, 'GET', '/me/games', player.key);
      for (let w = 0; w < WAITS_PER_PLAYER; w += 1) {
        const line = new AbortController();
        hangUps.push(line);
        const path = w % 2 === 0 ? `/games/${game}/events?after=${seq}&wait=20` : '/me/games?wait=20';
        const headers: Record<string, string> = {
          authorization: `Bearer ${player.key}`,
          ...(w % 2 === 0 ? {} : { 'if-none-match': etag }),
        };
        pending.push(
          fetch(`${runtime.url}${path}`, { headers, signal: line.signal }).then(
            (r) => r.text(),
            () => null,
          ),
        );
      }
    }
    await until(async () => runtime.deps.waits.stats().waiters === hangUps.length);
    console.log(`  (${hangUps.length} waits placed in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const during = runtime.deps.waits.stats();
    const before = { reads: queries(runtime), at: performance.now() };
    const loaded = await plainGets(runtime, reader, gameId);
    const readsPerSecond = ((queries(runtime) - before.reads) / (performance.now() - before.at)) * 1000;
    report(`${during.waiters} waits held (${during.watchers} watchers)`, loaded);
    console.log(
      `  ${''.padEnd(34)} the store was read ${readsPerSecond.toFixed(0)} times a second, the ${MEASURED} GETs included (${during.watchers} watchers, ≤ 4 reads a second each)`,
    );

    const hungUp = performance.now();
    for (const line of hangUps) line.abort();
    await Promise.all(pending);
    await until(async () => runtime.deps.waits.stats().held === 0);
    console.log(`  (every wait ended on the server ${ms(performance.now() - hungUp)} after its client hung up)`);
    const after = { reads: queries(runtime), cpu: process.cpuUsage(), at: performance.now() };
    const right = await plainGets(runtime, reader, gameId);
    report('right after all hung up', right);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const seconds = (performance.now() - after.at) / 1000;
    const cpu = process.cpuUsage(after.cpu);
    console.log(
      `  ${''.padEnd(34)} in the ${seconds.toFixed(1)} s after: ${queries(runtime) - after.reads} Queries (a plain GET sends none), node ${((cpu.user + cpu.system) / 1e6).toFixed(2)} CPU-s, ${runtime.deps.waits.stats().watchers} watchers left`,
    );
  } finally {
    await runtime.stop();
  }
};

await main();
