/**
 * Nothing stalls (PBM-9, PBM-10, PBM-11): the local runtime over HTTP, nobody acting, and the
 * phase timer moving each game on by itself. Nobody has to act before a deadline here, so the
 * runtime's clock is skipped to each one instead of waiting for it. The webhook receiver
 * listens on 127.0.0.1 only.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, eventually, letTimePass, startServiceRuntime } from '../support/http.ts';
import { Receiver } from '../support/webhook-receiver.ts';

let runtime: MemoryRuntime;
let receiver: Receiver;
let ann: Client;
let bob: Client;

type Step = { key: string; phase: string; openedAt: string; deadline: string | null };
type View = {
  status: string;
  version: number;
  awaiting: string[];
  step: Step | null;
  firstSeat: string | null;
  rollOff: { winner: string } | null;
  result: { winner: string | null; reason: string } | null;
};

beforeAll(async () => {
  receiver = await Receiver.start();
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  const anon = new Client(runtime.url);
  ann = (await anon.register('Ann')).client;
  bob = (await anon.register('Bob')).client;
});
afterAll(async () => {
  await runtime.stop();
  await receiver.close();
});

const create = async (options: Record<string, unknown>, seat?: string) => {
  const created = await ann.post<{ gameId: string; version: number }>('/games', {
    ruleset: 'post-galactica',
    ...(seat ? { seat } : {}),
    options,
  });
  expect(created.status).toBe(201);
  return created.body;
};

/** `verify` re-decides the timer's commands like any other: every check of the exported log holds. */
const verified = async (gameId: string) => {
  const exported = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  return verifyLog(parseLog(await exported.text())).filter((r) => !r.ok);
};

const logOf = async (gameId: string) => (await ann.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;

describe('nothing stalls', () => {
  it('PBM-9 a roll-off winner who never chooses: the deadline chooses the winner to go first and play begins', async () => {
    const { gameId } = await create({ deadlines: { default: 'P1D', phases: { 'choose-first-player': 'PT1M' } } }, 'red');
    const joined = await bob.post<{ version: number }>(`/games/${gameId}/join`, {});
    expect(joined.status).toBe(200);
    const choosing = (await ann.get<{ state: View }>(`/games/${gameId}/state?at=${joined.body.version}`)).body.state;
    const winner = choosing.rollOff?.winner ?? '';
    expect(choosing).toMatchObject({ status: 'choosing', awaiting: [winner], step: { key: 'choose-first', phase: 'choose-first-player' } });
    const { openedAt = '', deadline = '' } = choosing.step ?? {};
    expect(Date.parse(deadline ?? '') - Date.parse(openedAt)).toBe(60_000);

    const view = () => ann.get<View>(`/games/${gameId}`);
    await letTimePass(runtime, async () => (await view()).body.status === 'playing');
    const playing = await view();
    expect(playing.body).toMatchObject({ firstSeat: winner, awaiting: [winner], step: { key: 't1-command' } });
    const log = await logOf(gameId);
    expect(log.filter((e) => e.actor === 'system').map((e) => e.type)).toEqual([
      'DeadlinePassed',
      'FirstPlayerChosen',
      'TurnStarted',
      'PhaseStarted',
    ]);
    expect(log.find((e) => e.type === 'FirstPlayerChosen')?.data).toEqual({ seat: winner, chosenBy: 'deadline', rule: 'PG-5' });
  });

  it('PBM-10 an open game nobody joins expires, and its creator is told, seated or not', async () => {
    const hook = await ann.post<{ secret: string }>('/me/webhooks', { url: receiver.url, kinds: ['game-ended'] });
    expect(hook.status).toBe(201);
    // Ann organises without a seat: only the creator can be told.
    const { gameId } = await create({ openFor: 'PT1M' });
    const lobby = (await ann.get<{ state: View }>(`/games/${gameId}/state?at=1`)).body.state;
    expect(lobby).toMatchObject({ status: 'lobby', step: { key: 'lobby', phase: 'lobby' } });
    expect(Date.parse(lobby.step?.deadline ?? '') - Date.parse(lobby.step?.openedAt ?? '')).toBe(60_000);

    const view = () => ann.get<View>(`/games/${gameId}`);
    await letTimePass(runtime, async () => (await view()).body.status === 'ended');
    const ended = await view();
    expect(ended.body.result).toEqual({ winner: null, reason: 'expired: the red and blue seats were not taken within PT1M (PBM-10)' });
    const published = await eventually(
      async () => runtime.bus.published.filter((e) => e.gameId === gameId && e.type === 'GameEnded'),
      (events) => events.length === 1,
    );
    expect(published[0]?.detail).toMatchObject({ winner: null, rule: 'PBM-10' });
    expect(await verified(gameId)).toEqual([]);
    const delivered = await eventually(
      async () => receiver.received.filter((r) => r.body.includes(gameId)),
      (requests) => requests.length === 1,
    );
    const request = delivered[0];
    if (!request) throw new Error('no delivery');
    const payload = new Webhook(hook.body.secret).verify(request.body, request.headers) as { type: string; data: { text: string } };
    expect(payload.type).toBe('game-ended');
    expect(payload.data.text).toContain('has ended: it was never played (expired: the red and blue seats were not taken within PT1M');
  });

  it('PBM-11 a seat that misses maxMissed + 1 deadlines in a row forfeits, and the game ends with that reason', async () => {
    const { gameId } = await create({ firstPlayer: 'red', deadlines: { default: 'PT1M' }, absence: { maxMissed: 1 } }, 'red');
    expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
    const view = () => bob.get<View>(`/games/${gameId}`);
    await letTimePass(runtime, async () => (await view()).body.status === 'ended');
    const ended = await view();
    expect(ended.body.result).toEqual({ winner: 'blue', reason: 'red missed 2 deadlines in a row (PBM-11)' });
    const log = await logOf(gameId);
    expect(log.filter((e) => e.type === 'DeadlinePassed').map((e) => (e.data as { awaiting: string[] }).awaiting)).toEqual([
      ['red'],
      ['red'],
    ]);
    expect(log.slice(-2).map((e) => e.type)).toEqual(['GameEnded', 'SeedRevealed']);
    expect(await verified(gameId)).toEqual([]);
  });

  it('PBM-9 PBM-10 PBM-11 the new options are strict: an unknown field is a 400 naming it', async () => {
    const refused = await ann.post<{ errors?: { pointer: string }[] }>('/games', {
      ruleset: 'post-galactica',
      options: { deadlines: { default: 'PT1H' }, absence: { maxMissed: 1, grace: 2 } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('grace');
    expect((await ann.post('/games', { ruleset: 'post-galactica', options: { openFor: 'a week' } })).status).toBe(400);
  });
});
