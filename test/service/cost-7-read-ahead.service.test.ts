/**
 * COST-7: a command's game is read while its caller is authenticated (commands.ts,
 * `readCommandAhead`), so a command waits two round trips, not three. Over HTTP against the
 * local runtime on the memory adapters: the order of the reads, a refused request that leaves
 * nothing a later one could take, and two requests of one command id at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

type Answer = { version: number; replayed: boolean; events: EventEnvelope[] };

/** Post Galactica with the example armies, both seats taken (version 4): who won the roll-off chooses who goes first. */
const rolledOff = async () => {
  const created = await ann.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { rules: { scenario: 'example' } },
  });
  const gameId = created.body.gameId;
  const joined = await bob.post<Answer>(`/games/${gameId}/join`, {});
  expect(joined.body.version).toBe(4);
  const winner = joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: string };
  return { gameId, chooser: winner.winner === 'red' ? ann : bob };
};

const chooseRed = (chooser: Client, gameId: string) =>
  chooser.post<Answer>(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'ChooseFirstPlayer', seat: 'red' } });

describe('COST-7 a command reads its game while its caller is authenticated', () => {
  it('COST-7 the game is read before the key is checked, once', async () => {
    const { gameId, chooser } = await rolledOff();
    const reads: string[] = [];
    const { store, games } = runtime.deps;
    const [load, player] = [store.load.bind(store), games.player.bind(games)];
    store.load = (id, fold, command) => {
      if (id === gameId) reads.push('game');
      return load(id, fold, command);
    };
    games.player = (id) => {
      reads.push('player');
      return player(id);
    };
    try {
      const chosen = await chooseRed(chooser, gameId);
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    } finally {
      store.load = load;
      games.player = player;
    }
    expect(reads).toEqual(['game', 'player']);
  });

  it('COST-7 a request refused before its command leaves no read behind for a later request of the same id', async () => {
    const { gameId, chooser } = await rolledOff();
    const id = commandId();
    const deploy = { commandId: id, command: { type: 'Deploy', units: [], auto: true }, expectedVersion: 6 };
    // A key of the right shape whose secret is wrong: the game is read ahead at version 4, and the request refused.
    const forged = ann.as(`${ann.apiKey?.slice(0, -4)}0000`);
    expect((await forged.post(`/games/${gameId}/commands`, deploy)).status).toBe(401);
    expect((await chooseRed(chooser, gameId)).body.version).toBe(6);
    // Decided on the game at version 6, not on what the refused request read.
    const deployed = await ann.post<Answer>(`/games/${gameId}/commands`, deploy);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    expect(deployed.body).toMatchObject({ version: 8, replayed: false });
  });

  it('COST-7 two requests of one command at once: one decides, the other answers its result', async () => {
    const { gameId, chooser } = await rolledOff();
    const body = { commandId: commandId(), command: { type: 'ChooseFirstPlayer', seat: 'red' } };
    const answers = await Promise.all([
      chooser.post<Answer>(`/games/${gameId}/commands`, body),
      chooser.post<Answer>(`/games/${gameId}/commands`, body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.version)).toEqual([6, 6]);
    expect(answers.map((a) => a.body.replayed).sort()).toEqual([false, true]);
  });
});
