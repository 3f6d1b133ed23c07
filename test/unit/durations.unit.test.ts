/**
 * REL-18 through the real handler on the memory adapters (ARC-3): every duration a client
 * sends is bounded (P365D), and a longer one is a 400 naming its field that writes nothing.
 * That a game with the longest durations plays on and has each deadline scheduled needs the
 * local runtime's scheduler, so it stays in test/service/durations.service.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type Client, commandId } from '../support/client.ts';
import { postGalacticaGame } from '../support/games.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  const anon = api.anon;
  ann = (await anon.register('Ann')).client;
  bob = (await anon.register('Bob')).client;
});

type Problem = { status: number; detail: string; code?: string; rule?: string; errors?: { pointer: string; detail: string }[] };

const HUGE = ['P99999999D', 'P1000000000W', 'PT99999999999999999999S'];
const TOO_LONG = 'is not valid: a duration is at most P365D (365 days).';

const give = (client: Client, gameId: string, command: Record<string, unknown>) =>
  client.post<Problem & { version: number; events: EventEnvelope[] }>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const eventCount = async (gameId: string) =>
  (await ann.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events.length;

/** Ann (red, first) and Bob (blue) in a Post Galactica game with these options. */
const game = (options: Record<string, unknown>) => postGalacticaGame(ann, bob, options);

describe('REL-18 every duration has an upper bound', () => {
  it('REL-18 a deadline, default, openFor or reminder over P365D is a 400 naming its field, and no game is made', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deadlines: { phases: { movement: 'P99999999D' } } }, '/options/deadlines/phases/movement'],
      [{ deadlines: { default: 'P99999999D' } }, '/options/deadlines/default'],
      [{ deadlines: { default: 'P366D' } }, '/options/deadlines/default'],
      [{ openFor: 'P99999999D' }, '/options/openFor'],
      [{ deadlines: { default: 'PT1H' }, reminders: ['PT1H', 'P1000000000W'] }, '/options/reminders/1'],
    ];
    for (const [options, pointer] of cases) {
      const reply = await ann.post<Problem>('/games', { ruleset: 'post-galactica', seat: 'red', options, commandId: commandId() });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ pointer, detail: `The field ${pointer} ${TOO_LONG}` }]);
      // A refused creation made no game: the id its command id would have founded has none.
      expect(reply.headers.get('location')).toBeNull();
    }
    expect((await ann.get<{ games: unknown[] }>('/me/games')).body.games).toEqual([]);
  });

  it('REL-18 ExtendDeadline by more than P365D is a 400 naming /command/by, and writes nothing', async () => {
    const { gameId, version } = await game({ deadlines: { default: 'PT1H' } });
    for (const by of [...HUGE, 'P366D']) {
      const reply = await give(ann, gameId, { type: 'ExtendDeadline', by });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ pointer: '/command/by', detail: `The field /command/by ${TOO_LONG}` }]);
    }
    expect(await eventCount(gameId)).toBe(version);
  });

  it('REL-18 ExtendDeadline that would carry the deadline more than 365 days ahead is a 422 DEADLINE_TOO_LATE', async () => {
    const { gameId, version } = await game({ deadlines: { default: 'PT1H' } });
    const refused = await give(ann, gameId, { type: 'ExtendDeadline', by: 'P365D' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rule: 'PBM-12', code: 'DEADLINE_TOO_LATE' });
    expect(refused.body.detail).toMatch(/^Extended by P365D, the deadline would pass at .*; a deadline may lie at most that far ahead\.$/);
    const extended = await give(ann, gameId, { type: 'ExtendDeadline', by: 'P364D' });
    expect(extended.status).toBe(200);
    expect((await give(ann, gameId, { type: 'ExtendDeadline', by: 'P1D' })).body.code).toBe('DEADLINE_TOO_LATE');
    expect(await eventCount(gameId)).toBe(version + 1);
  });
});
