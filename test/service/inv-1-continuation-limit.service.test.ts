/**
 * INV-1, REL-26: a continuation (TB-6) is a new game, so the request that proposes it counts
 * against its proposer's creations, as POST /games and a sandbox do: one key cannot start
 * games without end by proposing continuations the seats accept. Over HTTP against the local
 * runtime, with a limit small enough to reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { registerPlayer } from '../../functions/players/app/players.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, startServiceRuntime } from '../support/http.ts';

let limited: MemoryRuntime;

/** Three games an hour per key. */
const GAMES = 3;

beforeAll(async () => {
  limited = await startServiceRuntime({ rateLimits: { games: GAMES, players: 60, webhooks: 60, invites: 30 } });
});
afterAll(() => limited.stop());

type Reply = { gameId: string; version: number; events: EventEnvelope[]; forks?: string[]; detail?: string; type?: string };

const playerOf = async (name: string) => new Client(limited.url, (await registerPlayer(limited.deps, name)).apiKey);
const propose = (client: Client, gameId: string, version: number) =>
  client.post<Reply>(`/games/${gameId}/forks`, { version, kind: 'continuation', commandId: commandId() });
const accept = (client: Client, gameId: string) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'AcceptFork' } });
const logOf = async (gameId: string) => (await limited.deps.store.readAfter(gameId, 0)).map((e) => e.type);

describe('INV-1 REL-26 continuations count as creations', () => {
  it('INV-1 REL-26 the proposer of continuations is held to its creations an hour: the next proposal is a 429 that writes nothing', async () => {
    const [ann, bob] = [await playerOf('Ann'), await playerOf('Bob')];
    // Ann's first creation of the hour.
    const created = await ann.post<Reply>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const joined = await bob.post<Reply>(`/games/${gameId}/join`, {});
    expect(joined.status).toBe(200);
    const open = joined.body.version;

    // Her second and third: two continuations, each accepted by Bob, each a game started.
    const started: string[] = [];
    for (let i = 1; i < GAMES; i += 1) {
      const proposed = await propose(ann, gameId, open);
      expect(proposed.status).toBe(202);
      const accepted = await accept(bob, gameId);
      expect(accepted.status).toBe(200);
      const agreed = accepted.body.events.find((e) => e.type === 'ForkAgreed');
      if (!agreed) throw new Error('the continuation was not agreed');
      started.push((agreed.data as { forkId: string }).forkId);
    }
    expect(new Set(started).size).toBe(GAMES - 1);
    for (const forkId of started) expect(await logOf(forkId)).toEqual(['GameForked']);

    // A fourth game from her key, as a continuation: refused before anything is read or written.
    const before = await logOf(gameId);
    const refused = await propose(ann, gameId, open);
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('https://arbiter.dev/problems/too-many-requests');
    expect(refused.body.detail).toMatch(new RegExp(`^At most ${GAMES} games created with one key an hour; try again in \\d+ seconds\\.$`));
    expect(await logOf(gameId)).toEqual(before);
    expect(before.filter((type) => type === 'ForkProposed')).toHaveLength(GAMES - 1);
    // A sandbox is as much a game, and so is a creation.
    expect((await ann.post<Reply>(`/games/${gameId}/forks`, { version: open, kind: 'sandbox' })).status).toBe(429);
    expect((await ann.post<Reply>('/games', { ruleset: 'post-galactica' })).status).toBe(429);

    // Bob's key is not held back by Ann's: he proposes, Ann accepts, a game starts.
    expect((await propose(bob, gameId, open)).status).toBe(202);
    const hers = await accept(ann, gameId);
    expect(hers.status).toBe(200);
    expect(hers.body.events.map((e) => e.type)).toEqual(['ForkAccepted', 'ForkAgreed']);
  });
});
