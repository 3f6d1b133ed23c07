/**
 * The rate limits of creation and invite codes (REL-26), over HTTP against the local runtime:
 * each holds however many requests one key sends at once. On DynamoDB the counter is one
 * conditional update, whose semantics the ports' contract suite and
 * test/int/rate-limits.int.test.ts prove there; the webhook limit, whose count races in
 * transactions, stays on DynamoDB Local (test/e2e/limits.e2e.test.ts). No webhook here is ever
 * sent: creating one resolves nothing, and every URL names a host under example.org.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_WINDOW_SECONDS } from '../../functions/kernel/rate-limits.ts';
import { registerPlayer } from '../../functions/players/app/players.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, startServiceRuntime } from '../support/http.ts';
import { fakeResolver } from '../support/resolver.ts';

/** A runtime of its own with small rate limits (REL-26). */
let limited: MemoryRuntime;

const SMALL = { games: 3, players: 4, webhooks: 2, invites: 3 };

beforeAll(async () => {
  // Subscriptions resolve their host (REL-28): this one answers a public address, never
  // delivered to, since no player here is in a game and nothing pings.
  const { resolve } = fakeResolver({ 'hooks.example.org': ['93.184.216.34'] });
  limited = await startServiceRuntime({ rateLimits: SMALL, resolve });
});
afterAll(() => limited.stop());

const statuses = (replies: readonly { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

type Problem = { type: string; title: string; status: number; detail: string; retryAfter: number };

/** A player of the limited runtime, registered without HTTP so that only the test's own registrations count. */
const playerOf = async (name: string) => new Client(limited.url, (await registerPlayer(limited.deps, name)).apiKey);

/** The 429 of a rate limit: problem+json with a sentence, and Retry-After within the hour's window. */
const expectTooMany = (reply: { status: number; headers: Headers; body: unknown }, sentence: RegExp) => {
  expect(reply.status).toBe(429);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  const problem = reply.body as Problem;
  expect(problem.type).toBe('https://arbiter.dev/problems/too-many-requests');
  expect(problem.detail).toMatch(sentence);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBe(problem.retryAfter);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(RATE_WINDOW_SECONDS);
  expect(problem.detail).toContain(`try again in ${retryAfter} seconds`);
};

const game = { ruleset: 'post-galactica', seat: 'red' };

describe('REL-26 rate limits', () => {
  it('REL-26 one key creates at most its games an hour, however many it sends at once; another key is not held back', async () => {
    const ann = await playerOf('Ann');
    const replies = await Promise.all(Array.from({ length: 10 }, () => ann.post('/games', game)));
    expect(statuses(replies)).toEqual({ 201: SMALL.games, 429: 10 - SMALL.games });
    expectTooMany(
      replies.find((r) => r.status === 429) ?? replies[0]!,
      /^At most 3 games created with one key an hour; try again in \d+ seconds\.$/,
    );
    expect((await (await playerOf('Bob')).post('/games', game)).status).toBe(201);
  });

  it('REL-26 one client address registers at most its players an hour', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => new Client(limited.url).post('/players', { name: `Newcomer ${i}` })),
    );
    expect(statuses(replies)).toEqual({ 201: SMALL.players, 429: 8 - SMALL.players });
    expectTooMany(replies.find((r) => r.status === 429) ?? replies[0]!, /^At most 4 players registered from one address an hour; /);
  });

  it('REL-26 one key creates at most its webhooks an hour, even when it deletes them', async () => {
    const cat = await playerOf('Cat');
    for (let i = 0; i < SMALL.webhooks; i += 1) {
      const created = await cat.post<{ id: string }>('/me/webhooks', { url: `https://hooks.example.org/cat/${i}` });
      expect(created.status).toBe(201);
      expect((await cat.call('DELETE', `/me/webhooks/${created.body.id}`)).status).toBe(204);
    }
    expectTooMany(
      await cat.post('/me/webhooks', { url: 'https://hooks.example.org/cat/more' }),
      /^At most 2 webhooks created with one key an hour; /,
    );
  });

  it('REL-26 invite codes are counted per key whatever the game: the 429 says nothing of whether a private game exists', async () => {
    const host = await playerOf('Host');
    const created = await host.post<{ gameId: string; inviteCode: string }>('/games', { ...game, options: { visibility: 'private' } });
    const { gameId, inviteCode } = created.body;
    const eve = await playerOf('Eve');
    // Guesses spread over a private game and ids of no game count alike.
    expect((await eve.post(`/games/${gameId}/join`, { inviteCode: 'guess-1' })).status).toBe(404);
    expect((await eve.post('/games/g_00000000000000000000/join', { inviteCode: 'guess-2' })).status).toBe(404);
    expect((await eve.post(`/games/${gameId}/join`, { inviteCode: 'guess-3' })).status).toBe(404);
    const onPrivate = await eve.post<Problem>(`/games/${gameId}/join`, { inviteCode: 'guess-4' });
    const onNothing = await eve.post<Problem>('/games/g_00000000000000000001/join', { inviteCode: 'guess-5' });
    const rightCode = await eve.post<Problem>(`/games/${gameId}/join`, { inviteCode });
    for (const reply of [onPrivate, onNothing, rightCode])
      expectTooMany(reply, /^At most 3 joins with an invite code from one key an hour; /);
    const shape = ({ body: { detail: _, retryAfter: __, ...rest } }: { body: Problem }) => rest;
    expect(shape(onPrivate)).toEqual(shape(onNothing));
    expect(shape(rightCode)).toEqual(shape(onNothing));
    // Joining a public game takes no code and is not held back.
    const open = await host.post<{ gameId: string }>('/games', game);
    expect((await eve.post(`/games/${open.body.gameId}/join`, {})).status).toBe(200);
  });
});
