import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';

let runtime: Runtime;
let red: Client;
let blue: Client;

type View = { version: number; step: { key: string; phase: string; deadline: string | null } | null; game: { phase: string } | null };

beforeAll(async () => {
  runtime = await startTestRuntime();
  const anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

const timedGame = async (deadlines: Record<string, unknown>) => {
  const created = await red.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines },
  });
  await blue.post(`/games/${created.body.gameId}/join`, {});
  return created.body.gameId;
};

describe('phase deadlines in the local runtime', () => {
  it('PG-4 a match advances by itself when nobody acts before the deadline', async () => {
    const gameId = await timedGame({ default: 'PT2S' });
    const first = await eventually(
      () => red.get<View>(`/games/${gameId}`),
      (r) => r.body.step !== null,
    );
    expect(first.body.step).toMatchObject({ key: 't1-command', phase: 'command' });
    expect(Date.parse(first.body.step?.deadline ?? '')).toBeGreaterThan(Date.now() - 2500);

    const advanced = await eventually(
      () => red.get<View>(`/games/${gameId}`),
      (r) => r.body.game?.phase === 'movement',
      12_000,
    );
    expect(advanced.body.step?.key).toBe('t1-movement');
    const log = (await red.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    const passed = log.filter((e) => e.type === 'DeadlinePassed');
    expect(passed.slice(0, 2).map((e) => [e.actor, (e.data as { phaseKey: string }).phaseKey])).toEqual([
      ['system', 't1-command'],
      ['system', 't1-resource'],
    ]);
    const awaited = runtime.bus.published.filter((e) => e.gameId === gameId && e.type === 'SeatAwaited');
    expect(awaited.map((e) => e.detail.phase)).toEqual(expect.arrayContaining(['command', 'resource', 'movement']));
  }, 30_000);

  it('a phase ended by its player before the deadline has its schedule deleted and never fires', async () => {
    const gameId = await timedGame({ default: 'PT1H' });
    await eventually(
      async () => runtime.scheduler.pending.has(scheduleName(gameId, 't1-command')),
      (pending) => pending,
    );
    const ended = await red.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
    expect(ended.status).toBe(200);
    await eventually(
      async () => [...runtime.scheduler.pending.values()].filter((d) => d.gameId === gameId).map((d) => d.phaseKey),
      (keys) => keys.length === 1 && keys[0] === 't1-resource',
    );
    const view = await red.get<View>(`/games/${gameId}`);
    expect(view.body.step?.deadline).toBe(runtime.scheduler.pending.get(scheduleName(gameId, 't1-resource'))?.at);
  });
});
