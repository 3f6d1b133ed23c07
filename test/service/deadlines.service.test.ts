import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, letTimePass, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let red: Client;
let blue: Client;

type View = { version: number; step: { key: string; phase: string; deadline: string | null } | null; game: { phase: string } | null };

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

/** A game red plays first (a mission choice, no roll-off); its first step opens with blue's join, at `version`. */
const timedGame = async (deadlines: Record<string, unknown>) => {
  const created = await red.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines },
  });
  const joined = await blue.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, version: joined.body.version };
};

describe('phase deadlines in the local runtime', () => {
  it('PG-4 a match advances by itself when nobody acts before the deadline', async () => {
    // A minute a phase, but a day for the Movement Phase: the clock is skipped from deadline to
    // deadline, and the match stops there.
    const startedAt = runtime.clock.now();
    const { gameId, version } = await timedGame({ default: 'PT1M', phases: { movement: 'P1D' } });
    // The step as it opened, folded from the log (the read model may already be past it on a slow machine).
    const first = await red.get<{ state: View & { step: { openedAt: string } | null } }>(`/games/${gameId}/state?at=${version}`);
    expect(first.body.state.step).toMatchObject({ key: 't1-command', phase: 'command' });
    const { openedAt = '', deadline = '' } = first.body.state.step ?? {};
    expect(Date.parse(openedAt)).toBeGreaterThanOrEqual(startedAt);
    expect(Date.parse(deadline ?? '') - Date.parse(openedAt)).toBe(60_000);

    const view = () => red.get<View>(`/games/${gameId}`);
    await letTimePass(runtime, async () => (await view()).body.game?.phase === 'movement');
    const advanced = await view();
    expect(advanced.body.step?.key).toBe('t1-movement');
    const log = (await red.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    const passed = log.filter((e) => e.type === 'DeadlinePassed');
    expect(passed.map((e) => [e.actor, (e.data as { phaseKey: string }).phaseKey])).toEqual([
      ['system', 't1-command'],
      ['system', 't1-resource'],
    ]);
    // The publisher reads the stream after the projector: wait for it rather than race it.
    const awaited = await eventually(
      async () => runtime.bus.published.filter((e) => e.gameId === gameId && e.type === 'SeatAwaited').map((e) => e.detail.phase),
      (phases) => phases.includes('movement'),
    );
    expect(awaited).toEqual(expect.arrayContaining(['command', 'resource', 'movement']));
  });

  it('a phase ended by its player before the deadline has its schedule deleted and never fires', async () => {
    const { gameId } = await timedGame({ default: 'PT1H' });
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
    const view = await eventually(
      () => red.get<View>(`/games/${gameId}`),
      (r) => r.body.step?.key === 't1-resource',
    );
    expect(view.body.step?.deadline).toBe(runtime.scheduler.pending.get(scheduleName(gameId, 't1-resource'))?.at);
  });
});
