/**
 * `npm run bench` (TRUST-2): what signing a command's receipt adds to the command's p50. The
 * service runs in this process on the in-memory adapters with real HTTP on 127.0.0.1, as
 * `npm start --memory` serves it; one Post Galactica game is played by EndPhase (the seat to act,
 * sent with its expectedVersion), and the commands alternate between the service's Ed25519 signer
 * and a signer that signs nothing, so both halves see the same game, the same machine and the same
 * moment. The storage is in memory, so the difference is the signing's alone, as a share of the
 * fastest command the service answers. Printed, never asserted.
 */
import { everyRuleset } from '../domain/rulesets.ts';
import { ephemeralSigner } from '../functions/adapters/key-signer.ts';
import { createMemoryDeps } from '../functions/adapters/memory/deps.ts';
import { loadGame } from '../functions/games/app/game-fold.ts';
import type { Signer } from '../functions/kernel/ports.ts';
import { startServices } from '../infra/local/runtime.ts';
import { ms, percentile } from './support/games.ts';
import { goal } from './support/goals.ts';

/** One-event commands timed with each signer, besides the warm-up. */
const MEASURED = 300;
const WARM_UP = 40;
/** TRUST-2's goal: signing adds at most this to a command's p50. */
const GOAL_MS = 2;

const real = ephemeralSigner();
const { kid } = (await real.keySet()).keys[0] ?? { kid: '' };

/** Signs nothing, but answers a signature of the real one's size, so both answers weigh the same. */
const noSigner: Signer = {
  sign: async () => ({ kid, alg: 'EdDSA', sig: 'A'.repeat(86) }),
  keySet: () => real.keySet(),
};

let signing = true;
const signer: Signer = {
  sign: (purpose, payload) => (signing ? real : noSigner).sign(purpose, payload),
  keySet: () => real.keySet(),
};

const deps = createMemoryDeps(everyRuleset(), { signer });
const runtime = await startServices(deps, { port: 0, host: '127.0.0.1' });

const call = async (path: string, key: string | null, body: unknown) => {
  const response = await fetch(`${runtime.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};

const keyOf = async (name: string) => String((await call('/players', null, { name })).apiKey);
const keys = new Map([
  ['red', await keyOf('Ann')],
  ['blue', await keyOf('Bob')],
]);

/** A Post Galactica game, red first; its id. */
const newGame = async (): Promise<string> => {
  const created = await call('/games', keys.get('red') ?? '', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  const gameId = String(created.gameId);
  await call(`/games/${gameId}/join`, keys.get('blue') ?? '', {});
  return gameId;
};

let gameId = await newGame();
let commands = 0;
const samples = { signed: [] as number[], unsigned: [] as number[], skipped: 0 };

/** One EndPhase by the seat to act (read in-process, untimed), timed from request to answer. */
const timedCommand = async (record: boolean): Promise<void> => {
  let { state } = await loadGame(deps, gameId);
  if (state.status === 'ended') {
    gameId = await newGame();
    state = (await loadGame(deps, gameId)).state;
  }
  const seat = (state as { rules?: { activeSeat?: string } }).rules?.activeSeat ?? 'red';
  commands += 1;
  const body = { commandId: `bench-sign-${commands}`, command: { type: 'EndPhase' }, expectedVersion: state.version };
  const started = performance.now();
  const answer = (await call(`/games/${gameId}/commands`, keys.get(seat) ?? '', body)) as { events: unknown[] };
  const took = performance.now() - started;
  if (!record) return;
  if (answer.events.length !== 1) samples.skipped += 1;
  else (signing ? samples.signed : samples.unsigned).push(took);
};

const line = (label: string, values: readonly number[]) =>
  `  ${label.padEnd(28)} p50 ${ms(percentile(values, 50)).padStart(8)}  p99 ${ms(percentile(values, 99)).padStart(8)}  (n=${values.length})`;

try {
  for (let i = 0; i < WARM_UP; i += 1) {
    signing = i % 2 === 0;
    await timedCommand(false);
  }
  while (samples.signed.length < MEASURED || samples.unsigned.length < MEASURED) {
    signing = samples.signed.length <= samples.unsigned.length;
    await timedCommand(true);
  }
  const started = performance.now();
  for (let i = 0; i < 1000; i += 1) await real.sign('arbiter-receipt/1', { gameId, from: i, to: i, chainHead: '0'.repeat(64), at: '' });
  const perSignature = (performance.now() - started) / 1000;
  const [signed, unsigned] = [percentile(samples.signed, 50), percentile(samples.unsigned, 50)];
  console.log(
    `\nTRUST-2 signing a command's receipt (in memory, HTTP on 127.0.0.1; Post Galactica EndPhase, ${MEASURED} commands with each signer, alternating)`,
  );
  console.log(line('signed with Ed25519', samples.signed));
  console.log(line('a signer that signs nothing', samples.unsigned));
  console.log(`  one Ed25519 signature of a receipt alone: ${(perSignature * 1000).toFixed(0)} µs`);
  if (samples.skipped > 0) console.log(`  (${samples.skipped} commands answered more than one event and are not counted)`);
  goal({
    id: 'TRUST-2',
    title: "signing adds to a one-event command's p50",
    value: signed - unsigned,
    unit: 'ms',
    atMost: GOAL_MS,
    detail: `${ms(signed)} signed - ${ms(unsigned)} unsigned`,
  });
} finally {
  await runtime.stop();
}
