/**
 * `npm run bench` (COST-7, COST-5): a one-event command over real HTTP against the floor, an
 * authenticated `GET /players/me`, and how long after a command's answer its version shows in
 * the game's view and in the other player's inbox. The local runtime runs in this process as
 * `npm start` runs it, in memory (DynamoDB Local, its stream poller and the projector), on
 * 127.0.0.1 only; the client is Node's fetch, which keeps its connections alive.
 *
 * One realistic game (Post Galactica, the example scenario, both armies deployed) plays EndPhase
 * by the seat to act, each round interleaving: the floor; a command sent with `expectedVersion`
 * then one without; and for each command the lag to the view (`GET /games/{id}` has no wait, so
 * it is read back to back until it answers the new version) and to the inbox (the other player
 * holds `GET /me/games?wait=20` with the ETag it last saw, the wait a client uses, PBM-8).
 * Only commands whose answer holds one event are counted. Printed, never asserted.
 */
import { type Runtime, startRuntime } from '../infra/local/runtime.ts';
import { ms, percentile } from './support/games.ts';
import { goal } from './support/goals.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Samples of each measure, besides the warm-up. */
const MEASURED = 60;
const WARM_UP = 10;
/** COST-7's goals: a one-event command within this many floors, and the lag to the view under this. */
const RATIO_GOAL = 1.5;
const LAG_GOAL_MS = 50;

interface Player {
  readonly name: string;
  readonly key: string;
  readonly playerId: string;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly etag: string;
}

const call = async (runtime: Runtime, method: string, path: string, key?: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${runtime.url}${path}`, {
    method,
    headers: {
      ...headers,
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return {
    status: response.status,
    body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>,
    etag: response.headers.get('etag') ?? '',
  } satisfies Answer;
};

const register = async (runtime: Runtime, name: string): Promise<Player> => {
  const { body } = await call(runtime, 'POST', '/players', undefined, { name });
  return { name, key: String(body.apiKey), playerId: String(body.playerId) };
};

/** The game as it is now, folded from the log when the read model is behind `minVersion`. */
const view = async (runtime: Runtime, player: Player, gameId: string, minVersion: number) =>
  (await call(runtime, 'GET', `/games/${gameId}?minVersion=${minVersion}`, player.key)).body as {
    version: number;
    status: string;
    awaiting: string[];
    seats: { seat: string; playerId: string | null }[];
  };

let commands = 0;
const command = async (runtime: Runtime, player: Player, gameId: string, body: Record<string, unknown>, expectedVersion?: number) => {
  commands += 1;
  const { body: answer } = await call(runtime, 'POST', `/games/${gameId}/commands`, player.key, {
    commandId: `bench-http-${commands}`,
    command: body,
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  });
  return answer as { version: number; events: { type: string }[] };
};

interface Game {
  readonly gameId: string;
  readonly bySeat: ReadonlyMap<string, Player>;
  version: number;
}

/** Whose turn it is: the player of the seat the game awaits; null once the game has ended (its last turn played). */
const toAct = async (runtime: Runtime, game: Game): Promise<Player | null> => {
  const seen = await view(runtime, game.bySeat.values().next().value as Player, game.gameId, game.version);
  if (seen.status === 'ended') return null;
  const player = game.bySeat.get(seen.awaiting[0] ?? '');
  if (!player) throw new Error(`game ${game.gameId} awaits no seat: ${JSON.stringify(seen).slice(0, 800)}`);
  return player;
};

/** Post Galactica with the example scenario's armies, the roll-off decided and both seats deployed. */
const deployedGame = async (runtime: Runtime, ann: Player, bob: Player): Promise<Game> => {
  const created = await call(runtime, 'POST', '/games', ann.key, {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { rules: { scenario: 'example' } },
  });
  const gameId = String(created.body.gameId);
  const joined = (await call(runtime, 'POST', `/games/${gameId}/join`, bob.key, {})).body as {
    version: number;
    events: { type: string; data: { winner?: string } }[];
  };
  const bySeat = new Map([
    ['red', ann],
    ['blue', bob],
  ]);
  const winner = joined.events.find((e) => e.type === 'RolledOff')?.data.winner ?? 'red';
  const game: Game = { gameId, bySeat, version: joined.version };
  game.version = (await command(runtime, bySeat.get(winner) as Player, gameId, { type: 'ChooseFirstPlayer', seat: 'red' })).version;
  for (let deployed = 0; deployed < 2; deployed += 1) {
    const seat = await toAct(runtime, game);
    if (!seat) throw new Error(`game ${gameId} ended while deploying`);
    game.version = (await command(runtime, seat, gameId, { type: 'Deploy', units: [], auto: true })).version;
  }
  return game;
};

/** How long after `answeredAt` the game's view (not folded for the caller: no minVersion) reads `version`, read back to back. */
const viewLag = async (runtime: Runtime, reader: Player, gameId: string, version: number, answeredAt: number): Promise<number> => {
  const deadline = answeredAt + 10_000;
  for (;;) {
    const { body } = await call(runtime, 'GET', `/games/${gameId}`, reader.key);
    const now = performance.now();
    if (Number(body.version) >= version) return now - answeredAt;
    if (now > deadline) throw new Error(`the view of ${gameId} stayed at ${body.version}, short of ${version}`);
  }
};

/** The inbox as `player` last saw it: its ETag, for the next wait. */
const inboxTags = new Map<string, string>();

/**
 * A wait on `player`'s inbox, placed before the command as a waiting client holds it; it
 * settles when the inbox shows `gameId` at `version` or later (waiting again if it changed short of it).
 */
const inboxWait = (runtime: Runtime, player: Player, gameId: string) => {
  let version = Number.POSITIVE_INFINITY;
  let answeredAt: Promise<number> | null = null;
  const settled = (async () => {
    for (;;) {
      const tag = inboxTags.get(player.playerId) ?? '';
      const answer = await call(runtime, 'GET', '/me/games?wait=20', player.key, undefined, { 'if-none-match': tag });
      const at = performance.now();
      if (answer.status === 304) continue;
      inboxTags.set(player.playerId, answer.etag);
      const games = (answer.body as { games: { gameId: string; version: number }[] }).games;
      if ((games.find((g) => g.gameId === gameId)?.version ?? 0) >= version) return at;
    }
  })();
  return {
    /** The command answered `newVersion` at `at`: the lag from then (0 when the inbox showed it first). */
    lagAfter: (newVersion: number, at: number) => {
      version = newVersion;
      answeredAt ??= settled.then((shown) => Math.max(0, shown - at));
      return answeredAt;
    },
  };
};

/** The inbox's current ETag for `player`, so the next wait is for what follows. */
const settleInbox = async (runtime: Runtime, player: Player) =>
  inboxTags.set(player.playerId, (await call(runtime, 'GET', '/me/games', player.key)).etag);

/** Until the runtime holds a waiting read; at most 5 s, so the bench never hangs. */
const held = async (runtime: Runtime) => {
  const deadline = performance.now() + 5_000;
  while (runtime.deps.waits.stats().waiters === 0 && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
};

interface Samples {
  readonly floor: number[];
  readonly positioned: number[];
  readonly unpositioned: number[];
  readonly view: number[];
  readonly inbox: number[];
  skipped: number;
}

/**
 * One EndPhase by the seat to act, timed; with its lags when its answer holds one event. The
 * other player's inbox wait is placed first, as the client waiting for this move holds it.
 */
const timedCommand = async (runtime: Runtime, table: Table, positioned: boolean, samples: Samples | null) => {
  let actor = await toAct(runtime, table.game);
  if (!actor) {
    // The game played its last turn: the next one starts as this one did.
    table.game = await deployedGame(runtime, table.ann, table.bob);
    table.games += 1;
    actor = (await toAct(runtime, table.game)) as Player;
  }
  const game = table.game;
  const other = [...game.bySeat.values()].find((p) => p !== actor) as Player;
  await settleInbox(runtime, other);
  const wait = inboxWait(runtime, other, game.gameId);
  // The wait is held by the server (its watcher registered) before the command is sent.
  await held(runtime);
  await quiet(runtime);
  const started = performance.now();
  const answer = await command(runtime, actor, game.gameId, { type: 'EndPhase' }, positioned ? game.version : undefined);
  const answeredAt = performance.now();
  game.version = answer.version;
  const [toView, toInbox] = await Promise.all([
    viewLag(runtime, other, game.gameId, answer.version, answeredAt),
    wait.lagAfter(answer.version, answeredAt),
  ]);
  if (!samples) return;
  if (answer.events.length !== 1) {
    samples.skipped += 1;
    return;
  }
  (positioned ? samples.positioned : samples.unpositioned).push(answeredAt - started);
  samples.view.push(toView);
  samples.inbox.push(toInbox);
};

/** How long the runtime has been idle when a floor or a command is sent, as between a player's clicks. */
const PAUSE_MS = 25;

/**
 * Until every stream consumer has been handed what the projector has (the timer reactor, the
 * publisher and the tournaments follow it), then `PAUSE_MS` more: the floor and each command
 * are timed alike, with nothing else running (on a busy machine a process idle for a while is
 * scheduled sooner, so a request sent after a pause is faster). At most 5 s: it never hangs.
 */
const quiet = async (runtime: Runtime) => {
  const deadline = performance.now() + 5_000;
  const behind = () => {
    const counts = [...runtime.poller.delivered.values()];
    return counts.some((n) => n !== counts[0]);
  };
  while (behind() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
};

const floor = async (runtime: Runtime, player: Player, samples: Samples | null) => {
  await quiet(runtime);
  const started = performance.now();
  await call(runtime, 'GET', '/players/me', player.key);
  samples?.floor.push(performance.now() - started);
};

/** The two players and the game they play now; `games`: how many they have started. */
interface Table {
  readonly ann: Player;
  readonly bob: Player;
  game: Game;
  games: number;
}

/** Rounds until each command class has `MEASURED` one-event samples (the floor is read once a command). */
const play = async (runtime: Runtime, table: Table, samples: Samples | null, rounds: number) => {
  const enough = () => samples !== null && samples.positioned.length >= MEASURED && samples.unpositioned.length >= MEASURED;
  for (let round = 0; samples ? !enough() : round < rounds; round += 1) {
    for (const positioned of [true, false]) {
      await floor(runtime, table.ann, samples);
      await timedCommand(runtime, table, positioned, samples);
    }
  }
};

const line = (label: string, values: readonly number[]) =>
  `  ${label.padEnd(44)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(percentile(values, 99)).padStart(9)}  (n=${values.length})`;

const report = (samples: Samples) => {
  const floorP50 = percentile(samples.floor, 50);
  console.log(line('floor: authenticated GET /players/me', samples.floor));
  console.log(line('EndPhase with expectedVersion (one event)', samples.positioned));
  console.log(line('EndPhase without expectedVersion (one event)', samples.unpositioned));
  console.log(line('lag to the view (GET /games/{id} polled*)', samples.view));
  console.log(line('lag to the inbox (GET /me/games?wait=20, ETag)', samples.inbox));
  console.log("  * the view has no wait of its own: it is read again as soon as each read answers, so the lag is the poll's");
  if (samples.skipped > 0) console.log(`  (${samples.skipped} commands answered more than one event and are not counted)`);
  for (const [label, values] of [
    ['with expectedVersion', samples.positioned],
    ['without expectedVersion', samples.unpositioned],
  ] as const) {
    const p50 = percentile(values, 50);
    goal({
      id: 'COST-7',
      title: `one-event command ${label} / the floor, p50`,
      value: p50 / floorP50,
      unit: 'x',
      atMost: RATIO_GOAL,
      detail: `${ms(p50)} / ${ms(floorP50)}`,
    });
  }
  goal({ id: 'COST-7', title: 'lag to the view, p50', value: percentile(samples.view, 50), unit: 'ms', atMost: LAG_GOAL_MS });
  goal({
    id: 'COST-7',
    title: "lag to the inbox, p50 (the view's goal)",
    value: percentile(samples.inbox, 50),
    unit: 'ms',
    atMost: LAG_GOAL_MS,
  });
};

const main = async () => {
  const runtime = await startRuntime({ port: 0, host: '127.0.0.1', memory: true, dataDir: '' });
  try {
    const ann = await register(runtime, 'Ann');
    const bob = await register(runtime, 'Bob');
    const table: Table = { ann, bob, game: await deployedGame(runtime, ann, bob), games: 1 };
    await play(runtime, table, null, WARM_UP);
    const samples: Samples = { floor: [], positioned: [], unpositioned: [], view: [], inbox: [], skipped: 0 };
    await play(runtime, table, samples, 0);
    console.log(
      `\nCOST-7 HTTP against the floor (local runtime in this process, DynamoDB Local in memory; Post Galactica, example armies deployed; ${table.games} games played to version ${table.game.version})`,
    );
    report(samples);
  } finally {
    await runtime.stop();
  }
};

await main();
