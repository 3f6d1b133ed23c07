/**
 * Many clients at once over HTTP: the log takes each version once, whoever loses a race
 * is told so with a 409 and writes nothing, and the log stays gap-free and chained.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventEnvelope, findChainBreak } from '../../domain/kernel/envelope.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, startTestRuntime } from '../support/http.ts';

const RACERS = 50;

type CommandReply = { version: number; events: EventEnvelope[] } & { type?: string; code?: string; detail?: string };

let runtime: Runtime;
let anon: Client;

beforeAll(async () => {
  // 50 racers register from one address, over the default rate limit (REL-26).
  runtime = await startTestRuntime({ rateLimits: { players: 1000 } });
  anon = new Client(runtime.url);
});
afterAll(() => runtime.stop());

/** The whole log as `client` pages through it, checked against the store. */
const pagedLog = async (client: Client, gameId: string): Promise<EventEnvelope[]> => {
  const events: EventEnvelope[] = [];
  for (let after = 0; ; ) {
    const page = await client.get<{ events: EventEnvelope[]; next: number | null }>(`/games/${gameId}/events?after=${after}&limit=3`);
    expect(page.status).toBe(200);
    events.push(...page.body.events);
    if (page.body.next === null) break;
    after = page.body.next;
  }
  expect(events.map((e) => e.hash)).toEqual((await runtime.deps.store.readAfter(gameId, 0)).map((e) => e.hash));
  return events;
};

/** Seq 1..n with no gap and no repeat, each event chained onto the one before. */
const expectGapFree = (log: readonly EventEnvelope[]) => {
  expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
  expect(findChainBreak(log)).toBeNull();
};

const problemsOf = (replies: readonly { status: number; body: CommandReply }[]) =>
  replies.filter((r) => r.status !== 200).map((r) => ({ status: r.status, type: r.body.type, code: r.body.code }));

describe('REL-13 concurrent clients over HTTP', () => {
  it('REL-13 50 concurrent commands at one expected version: exactly one accepted, the log gap-free', async () => {
    const red = (await anon.register('Ann')).client;
    const blue = (await anon.register('Bob')).client;
    const created = await red.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red' },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const joined = await blue.post<CommandReply>(`/games/${gameId}/join`, {});
    expect(joined.status).toBe(200);
    const version = joined.body.version;

    const ids = Array.from({ length: RACERS }, () => commandId());
    const replies = await Promise.all(
      ids.map((id) =>
        red.post<CommandReply>(`/games/${gameId}/commands`, { commandId: id, expectedVersion: version, command: { type: 'EndPhase' } }),
      ),
    );

    const accepted = replies.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    // Every other one is refused as a version conflict: it either loaded the new version or lost the write.
    expect(problemsOf(replies)).toEqual(
      Array(RACERS - 1).fill({ status: 409, type: 'https://arbiter.dev/problems/version-conflict', code: undefined }),
    );

    const log = await pagedLog(red, gameId);
    expectGapFree(log);
    const won = accepted[0]?.body as CommandReply;
    expect(won.events.length).toBeGreaterThan(0);
    expect(log).toHaveLength(version + won.events.length);
    expect(won.version).toBe(log.length);
    // Only the winner's command wrote, once; nothing of the 49 others is in the log.
    expect(log.slice(version).map((e) => e.hash)).toEqual(won.events.map((e) => e.hash));
    const winner = log[version]?.commandId;
    expect(log.filter((e) => ids.includes(e.commandId)).every((e) => e.commandId === winner)).toBe(true);
  });

  it('REL-13 50 concurrent joins of a two-seat game: exactly two seats taken, the log gap-free', async () => {
    const host = (await anon.register('Host')).client;
    const players = await Promise.all(Array.from({ length: RACERS }, (_, i) => anon.register(`Racer ${i + 1}`)));
    // Created without a seat, so all 50 race for both.
    const created = await host.post<{ gameId: string }>('/games', { ruleset: 'post-galactica' });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;

    const replies = await Promise.all(players.map((p) => p.client.post<CommandReply>(`/games/${gameId}/join`, {})));

    const seated = players.filter((_, i) => replies[i]?.status === 200).map((p) => p.playerId);
    expect(seated).toHaveLength(2);
    // A join that loses the write is re-decided on the new game (no expectedVersion): the second
    // seat, or once both are taken, GAME_STARTED. It loses at most twice, within the three retries,
    // so no loser is told to retry: each is told the game has started.
    expect(problemsOf(replies)).toEqual(
      Array(RACERS - 2).fill({ status: 409, type: 'https://arbiter.dev/problems/conflict', code: 'GAME_STARTED' }),
    );

    const winner = players.find((p) => p.playerId === seated[0])?.client as Client;
    const log = await pagedLog(winner, gameId);
    expectGapFree(log);
    expect(log.map((e) => e.type)).toEqual(['GameCreated', 'SeatJoined', 'SeatJoined', 'RolledOff']);
    const joins = log.filter((e) => e.type === 'SeatJoined').map((e) => e.data as { seat: string; playerId: string });
    expect(joins.map((j) => j.seat)).toEqual(['red', 'blue']);
    expect(joins.map((j) => j.playerId).sort()).toEqual([...seated].sort());
    // The two answers are the two batches of the log: each winner got its own seat's events.
    const batches = replies.filter((r) => r.status === 200).map((r) => r.body.events.map((e) => e.seq));
    expect(batches.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([[2], [3, 4]]);
  });
});
