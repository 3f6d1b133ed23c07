/**
 * REL-18 over HTTP on the local runtime: every duration a client sends is bounded (P365D),
 * a longer one is a 400 naming its field that writes nothing, and a game made with the
 * longest durations accepted plays on through every step and has each deadline scheduled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';

let runtime: Runtime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  runtime = await startTestRuntime();
  const anon = new Client(runtime.url);
  ann = (await anon.register('Ann')).client;
  bob = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

type Problem = { status: number; detail: string; code?: string; rule?: string; errors?: { pointer: string; detail: string }[] };
type Step = { key: string; phase: string; openedAt: string; deadline: string | null };
type View = { status: string; version: number; step: Step | null; awaiting: string[] };

const DAY = 86_400_000;
const HUGE = ['P99999999D', 'P1000000000W', 'PT99999999999999999999S'];
const TOO_LONG = 'is not valid: a duration is at most P365D (365 days).';

const give = (client: Client, gameId: string, command: Record<string, unknown>) =>
  client.post<Problem & { version: number; events: EventEnvelope[] }>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const eventCount = async (gameId: string) =>
  (await ann.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events.length;
const view = async (gameId: string, minVersion = 0) => (await ann.get<View>(`/games/${gameId}?minVersion=${minVersion}`)).body;
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Ann (red, first) and Bob (blue) in a Post Galactica game with these options. */
const game = async (options: Record<string, unknown>) => {
  const created = await ann.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', ...options },
  });
  expect(created.status).toBe(201);
  const joined = await bob.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, version: joined.body.version };
};

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

describe('REL-18 a game with the longest durations accepted plays on', () => {
  it('REL-18 P365D everywhere: the game fills, EndPhase opens a phase of P365D, and its deadline and reminder are scheduled', async () => {
    const { gameId, version } = await game({
      deadlines: { default: 'P365D', phases: { movement: 'P365D', 'choose-first-player': 'P365D' } },
      openFor: 'P365D',
      reminders: ['P365D', 'P364D'],
      absence: { maxMissed: 100 },
    });
    let current = await view(gameId, version);
    expect(current.step).toMatchObject({ key: 't1-command', deadline: later(current.step?.openedAt ?? '', 365 * DAY) });
    // Red ends each phase until the Movement Phase opens (EndPhase into it used to answer 500).
    while (current.step?.phase !== 'movement') {
      const seat = current.awaiting[0];
      const ended = await give(seat === 'blue' ? bob : ann, gameId, { type: 'EndPhase' });
      expect(ended.status).toBe(200);
      current = await view(gameId, ended.body.version);
    }
    const step = current.step;
    expect(step.deadline).toBe(later(step.openedAt, 365 * DAY));
    await eventually(
      async () => runtime.scheduler.pending.get(scheduleName(gameId, step.key))?.at ?? null,
      (at) => at === step.deadline,
    );
    // The P364D reminder is due a day after the step opened; the P365D one is due at once, so it is skipped.
    expect(runtime.scheduler.pending.get(scheduleName(gameId, step.key, 'P364D'))?.at).toBe(later(step.openedAt, DAY));
    expect(runtime.scheduler.pending.has(scheduleName(gameId, step.key, 'P365D'))).toBe(false);
    // And play goes on past it.
    expect((await give(current.awaiting[0] === 'blue' ? bob : ann, gameId, { type: 'EndPhase' })).status).toBe(200);
  });
});
