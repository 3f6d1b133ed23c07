/**
 * INV-9 (tournaments) over HTTP on the memory runtime: a command id is its sender's, so every
 * player sends the docs' `join-0001`; the same player's retry gets the first answer; and joins
 * sent all at once without an expected version are all decided, none refused for a race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, startServiceRuntime } from '../support/http.ts';

const FIELD = 200;

let runtime: MemoryRuntime;
let organiser: Client;
const players: { client: Client; playerId: string }[] = [];

interface Answer {
  tournamentId: string;
  version: number;
  replayed: boolean;
  events: { type: string; commandId: string; actor: string; data: { playerId?: string } }[];
}

/**
 * The memory store answering each read and append after `ms`, as DynamoDB's round trips do:
 * without it the in-process store answers at once and concurrent requests hardly overlap.
 * Returns the undoing.
 */
const withLatency = (ms: number): (() => void) => {
  const store = runtime.deps.store as unknown as Record<'readAfter' | 'append', (...args: unknown[]) => Promise<unknown>>;
  const own = { readAfter: store.readAfter, append: store.append };
  for (const name of ['readAfter', 'append'] as const) {
    const original = own[name].bind(store);
    store[name] = async (...args: unknown[]) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return original(...args);
    };
  }
  return () => {
    delete (store as Partial<typeof store>).readAfter;
    delete (store as Partial<typeof store>).append;
  };
};

const create = async (commandId: string, rounds = 3) => {
  const created = await organiser.post<Answer>('/tournaments', {
    commandId,
    name: `Race ${commandId}`,
    format: 'swiss',
    rounds,
    ruleset: 'post-galactica',
  });
  expect(created.status).toBe(201);
  return created.body.tournamentId;
};

const join = (client: Client, tournamentId: string, commandId = 'join-0001') =>
  client.post<Answer & { type?: string; title?: string }>(`/tournaments/${tournamentId}/commands`, {
    commandId,
    command: { type: 'JoinTournament' },
  });

beforeAll(async () => {
  // 201 players register from one loopback address: REL-26's limit is raised for this test, not disabled.
  runtime = await startServiceRuntime({ rateLimits: { players: FIELD + 10 } });
  const registering = new Client(runtime.url);
  organiser = (await registering.register('Organiser')).client;
  for (let i = 1; i <= FIELD; i++) players.push(await registering.register(`Racer ${String(i).padStart(3, '0')}`));
}, 60_000);
afterAll(async () => {
  await runtime.stop();
});

describe('INV-9 command ids are scoped to their sender', () => {
  it('INV-9 two players both send join-0001: each is joined under it, and each envelope carries the id as sent', async () => {
    const tournamentId = await create('scoped-1');
    const [ann, bob] = players;
    const first = await join(ann!.client, tournamentId);
    const second = await join(bob!.client, tournamentId);
    expect([first.status, first.body.replayed, first.body.version]).toEqual([200, false, 2]);
    expect([second.status, second.body.replayed, second.body.version]).toEqual([200, false, 3]);
    expect(second.body.events.map((e) => [e.type, e.commandId, e.actor, e.data.playerId])).toEqual([
      ['PlayerJoined', 'join-0001', `player:${bob!.playerId}`, bob!.playerId],
    ]);
    const view = await organiser.get<{ players: string[] }>(`/tournaments/${tournamentId}`);
    expect(view.body.players).toEqual([ann!.playerId, bob!.playerId]);
  });

  it('INV-9 the same player resending the same id and body gets the first answer, replayed, and joins once', async () => {
    const tournamentId = await create('scoped-2');
    const [ann, bob] = players;
    const first = await join(ann!.client, tournamentId);
    await join(bob!.client, tournamentId);
    const again = await join(ann!.client, tournamentId);
    expect([again.status, again.body.replayed, again.body.version]).toEqual([200, true, first.body.version]);
    expect(again.body.events).toEqual(first.body.events);
    const view = await organiser.get<{ version: number; players: string[] }>(`/tournaments/${tournamentId}`);
    expect([view.body.version, view.body.players.length]).toEqual([3, 2]);
  });

  it('INV-9 the same player sending another command under the same id is refused as a reused id, not decided', async () => {
    const tournamentId = await create('scoped-3');
    const [ann] = players;
    await join(ann!.client, tournamentId);
    const reused = await ann!.client.post<{ type: string; status: number }>(`/tournaments/${tournamentId}/commands`, {
      commandId: 'join-0001',
      command: { type: 'WithdrawFromTournament' },
    });
    expect([reused.status, reused.body.type]).toEqual([409, 'https://arbiter.dev/problems/command-id-reused']);
  });
});

describe(`INV-9 ${FIELD} joins at once, none with an expected version`, () => {
  it(`INV-9 ${FIELD} concurrent joins give ${FIELD} players and no 409: each race is decided again by the service`, async () => {
    const tournamentId = await create('race-200', 7);
    const undo = withLatency(5);
    const answers = await Promise.all(players.map(({ client }) => join(client, tournamentId))).finally(undo);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.type])).toEqual([]);
    expect(answers.every((a) => a.body.replayed === false)).toBe(true);
    // Every join landed at its own version, 2 to 201, each once.
    expect(answers.map((a) => a.body.version).sort((x, y) => x - y)).toEqual(Array.from({ length: FIELD }, (_, i) => i + 2));
    const view = await organiser.get<{ version: number; players: string[] }>(`/tournaments/${tournamentId}`);
    expect(view.body.version).toBe(FIELD + 1);
    expect(new Set(view.body.players)).toEqual(new Set(players.map((p) => p.playerId)));
  }, 60_000);

  it('INV-9 the same join sent 50 times at once by one player joins once, and every answer is that first one', async () => {
    const tournamentId = await create('race-retry');
    const [ann] = players;
    const undo = withLatency(5);
    const answers = await Promise.all(Array.from({ length: 50 }, () => join(ann!.client, tournamentId, 'join-again'))).finally(undo);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.version))).toEqual(new Set([2]));
    expect(answers.filter((a) => !a.body.replayed)).toHaveLength(1);
    const view = await organiser.get<{ version: number; players: string[] }>(`/tournaments/${tournamentId}`);
    expect([view.body.version, view.body.players]).toEqual([2, [ann!.playerId]]);
  });
});
