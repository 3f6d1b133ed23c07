/**
 * Reminders before each deadline (PBM-7), end to end over HTTP: the local runtime with
 * minute-long deadlines and a reminder 2 seconds before each, and a Standard Webhooks receiver
 * per player. Nobody acts on a reminder, so the runtime's clock is skipped to it rather than
 * waited for; the skips add up to minutes, within the 5 minutes a receiver allows a webhook's
 * timestamp to be ahead of its own clock. Every receiver listens on 127.0.0.1 and every URL
 * points there.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, letTimePass, startServiceRuntime } from '../support/http.ts';
import { type Received, Receiver } from '../support/webhook-receiver.ts';

interface Payload {
  type: string;
  data: {
    eventId: string;
    gameId: string;
    seat: { seat: string; playerName: string } | null;
    phase: string | null;
    deadline: string | null;
    reminder?: { before: string; secondsLeft: number };
    text: string;
  };
}

/** A player with a webhook of their own, signed with its own secret. */
interface Player {
  client: Client;
  receiver: Receiver;
  secret: string;
}

let runtime: MemoryRuntime;
let ann: Player;
let bob: Player;

const player = async (name: string): Promise<Player> => {
  const { client } = await new Client(runtime.url).register(name);
  const receiver = await Receiver.start();
  const hook = await client.post<{ secret: string }>('/me/webhooks', {
    url: receiver.url,
    kinds: ['your-turn', 'deadline-approaching', 'game-ended'],
  });
  expect(hook.status).toBe(201);
  return { client, receiver, secret: hook.body.secret };
};

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  ann = await player('Ann');
  bob = await player('Bob');
});
afterAll(async () => {
  await runtime.stop();
  await Promise.all([ann, bob].map((p) => p?.receiver.close()));
});

/** Every delivery this player received about the game, each verified with the subscription's secret. */
const deliveries = (p: Player, gameId: string): Payload[] =>
  p.receiver.received
    .map((r: Received) => new Webhook(p.secret).verify(r.body, r.headers) as Payload)
    .filter((payload) => payload.data.gameId === gameId);
const reminders = (p: Player, gameId: string) => deliveries(p, gameId).filter((d) => d.type === 'deadline-approaching');

/** Red (Ann) goes first by the mission's choice; every step has a minute and a reminder 2 seconds before its end. */
const start = async () => {
  const created = await ann.client.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines: { default: 'PT1M' }, reminders: ['PT2S'] },
  });
  expect(created.status).toBe(201);
  const { gameId } = created.body;
  expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
  return gameId;
};

describe('PBM-7 reminders over HTTP', () => {
  it('PBM-7 a reminder reaches the awaited seat player webhook only, signed, saying how long is left', async () => {
    const gameId = await start();
    await letTimePass(runtime, () => reminders(ann, gameId).length > 0);
    const [reminder] = reminders(ann, gameId);
    expect(reminder?.data).toMatchObject({
      eventId: `${gameId}:t1-command:remind:PT2S:red`,
      seat: { seat: 'red', playerName: 'Ann' },
      phase: 'command',
      reminder: { before: 'PT2S' },
    });
    expect(reminder?.data.text).toMatch(
      /^Reminder: Ann \(red\) must act in Post Galactica game \S+ before \d{4}-\d\d-\d\d \d\d:\d\d UTC \(\d seconds? left\)\./,
    );
    // Blue was not awaited, so Bob heard no reminder of red's step (his your-turn deliveries still arrive as usual).
    expect(reminders(bob, gameId).filter((d) => d.data.seat?.seat === 'red')).toEqual([]);
    // One event per seat still awaited, all published before the first delivery: red's only.
    const published = runtime.bus.published.filter((e) => e.gameId === gameId && e.id.startsWith(`${gameId}:t1-command:remind:`));
    expect(published.map((e) => [e.type, e.detail.seat, e.detail.playerId])).toEqual([['DeadlineApproaching', 'red', expect.any(String)]]);
    expect((await ann.client.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } })).status).toBe(200);
  });

  it('PBM-7 no reminder is sent for a step the seat already finished; the next step still gets its own', async () => {
    const gameId = await start();
    const ended = await ann.client.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
    expect(ended.status).toBe(200);
    // The next step's reminder arriving shows the machinery ran for this game meanwhile.
    await letTimePass(runtime, () => reminders(ann, gameId).some((d) => d.data.eventId === `${gameId}:t1-resource:remind:PT2S:red`));
    const commandStep = (id: string) => id.startsWith(`${gameId}:t1-command:`);
    expect(reminders(ann, gameId).filter((d) => commandStep(d.data.eventId))).toEqual([]);
    expect(runtime.bus.published.filter((e) => e.gameId === gameId && commandStep(e.id))).toEqual([]);
    // The finished step's reminder schedule was deleted with it.
    expect(runtime.scheduler.pending.has(scheduleName(gameId, 't1-command', 'PT2S'))).toBe(false);
    expect((await ann.client.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } })).status).toBe(200);
  });
});
