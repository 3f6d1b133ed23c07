/**
 * Issue 11's "Done when": a play-by-mail match that runs itself. Over HTTP against the
 * local runtime, with deadlines of a minute, reminders and one absent player: Ann acts on
 * every your-turn webhook she receives (never polling the game), Bob never acts, and the
 * game ends by Bob's forfeit. Every receiver listens on 127.0.0.1 only, and every delivery
 * is verified with the standardwebhooks package.
 *
 * Time is skipped, not waited for, and only when nothing is left to happen before it: the
 * stream's consumers have caught up, every webhook delivery is done, and every command Ann
 * sent on one has been answered (`letTimePass`). Her turn therefore never meets a deadline
 * however slow the machine, and Bob's two missed deadlines and their reminders take
 * milliseconds. The skips add up to about two minutes, within the 5 minutes a receiver allows
 * a webhook's timestamp to be ahead of its own clock.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, letTimePass, startServiceRuntime } from '../support/http.ts';
import { type Received, Receiver, type Responder } from '../support/webhook-receiver.ts';

interface JsonPayload {
  type: string;
  data: {
    eventId: string;
    gameId: string;
    seq: number;
    seat: { seat: string; playerName: string | null } | null;
    phase: string | null;
    result: { winner: { seat: string } | null; reason: string } | null;
    text: string;
  };
}

/** One subscription: its receiver and the secret that signs what it receives. */
interface Hook {
  receiver: Receiver;
  secret: string;
}

let runtime: MemoryRuntime;
const receivers: Receiver[] = [];

/** A receiver on 127.0.0.1, subscribed by `client`; `react` sees every delivery as it arrives. */
const subscribe = async (client: Client, body: Record<string, unknown>, react: (request: Received) => void = () => {}): Promise<Hook> => {
  const respond: Responder = (_attempt, request) => {
    react(request);
    return 204;
  };
  const receiver = await Receiver.start(respond);
  receivers.push(receiver);
  const hook = await client.post<{ secret: string }>('/me/webhooks', { url: receiver.url, ...body });
  expect(hook.status).toBe(201);
  return { receiver, secret: hook.body.secret };
};

/** Every request the hook received, each verified (a bad signature throws) and parsed. */
const verifiedBodies = <T>(hook: Hook): T[] => hook.receiver.received.map((r) => new Webhook(hook.secret).verify(r.body, r.headers) as T);

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
});
afterAll(async () => {
  await runtime.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

it('PBM-7 PBM-11 a match with short deadlines, reminders and one absent player runs to its result over HTTP with nobody polling, each delivery verified by a Standard Webhooks receiver', async () => {
  const anon = new Client(runtime.url);
  const ann = (await anon.register('Ann')).client;
  const bob = (await anon.register('Bob')).client;
  const kinds = ['your-turn', 'deadline-approaching', 'game-ended'];

  // Ann acts on each your-turn delivery of this game: she ends the phase the notice is about
  // (EndPhase's phase guard refuses a stale one, and the command id is the delivery's, so a
  // retried delivery is a retried command). Deliveries drive her; she never reads the game.
  let gameId = '';
  let annSecret = '';
  // By delivery id: a delivery retried (its answer was slow on a busy machine) is one act.
  const annActs = new Map<string, Promise<number>>();
  const annCommands: Promise<unknown>[] = [];
  const annHook = await subscribe(ann, { kinds }, (request) => {
    const payload = new Webhook(annSecret).verify(request.body, request.headers) as JsonPayload;
    if (payload.type !== 'your-turn' || payload.data.gameId !== gameId) return;
    const delivery = String(request.headers['webhook-id']);
    const act = ann.post(`/games/${gameId}/commands`, {
      commandId: `ann.${delivery}`,
      command: { type: 'EndPhase', phase: payload.data.phase },
    });
    annCommands.push(act);
    if (!annActs.has(delivery))
      annActs.set(
        delivery,
        act.then((reply) => reply.status),
      );
  });
  annSecret = annHook.secret;
  const bobHook = await subscribe(bob, { kinds });
  // The group channel: a Discord-format webhook telling whoever must act.
  const channel = await subscribe(ann, { format: 'discord', kinds: ['seat-awaited'], description: '#league-night' });

  const created = await ann.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines: { default: 'PT1M' }, reminders: ['PT2S'], absence: { maxMissed: 1 } },
  });
  expect(created.status).toBe(201);
  gameId = created.body.gameId;
  expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);

  // Wait on the deliveries, not the game: both players hear it end.
  const endedFor = (hook: Hook) => verifiedBodies<JsonPayload>(hook).filter((p) => p.type === 'game-ended' && p.data.gameId === gameId);
  await letTimePass(
    runtime,
    () => [endedFor(annHook), endedFor(bobHook)].every((d) => d.length === 1),
    () => annCommands,
  );
  const [ended] = endedFor(bobHook);
  expect(ended?.data.result).toMatchObject({ winner: { seat: 'red' }, reason: 'blue missed 2 deadlines in a row (PBM-11)' });
  expect(ended?.data.text).toContain('Ann (red) won (blue missed 2 deadlines in a row (PBM-11))');
  const view = await ann.get<{ status: string; result: { winner: string; reason: string } }>(`/games/${gameId}`);
  expect(view.body).toMatchObject({ status: 'ended', result: { winner: 'red', reason: 'blue missed 2 deadlines in a row (PBM-11)' } });

  // Ann ended all eight phases of her turn, each on its your-turn delivery, and each command held.
  expect(await Promise.all(annActs.values())).toEqual(Array(8).fill(200));

  // Reminders went only to the seat that had not acted: Bob, once before each deadline he missed.
  const reminders = (hook: Hook) =>
    verifiedBodies<JsonPayload>(hook).filter((p) => p.type === 'deadline-approaching' && p.data.gameId === gameId);
  expect(reminders(annHook)).toEqual([]);
  expect(reminders(bobHook).map((p) => [p.data.seat?.seat, p.data.phase])).toEqual([
    ['blue', 'command'],
    ['blue', 'resource'],
  ]);
  for (const reminder of reminders(bobHook))
    expect(reminder.data.text).toMatch(/^Reminder: Bob \(blue\) must act in Post Galactica game .+ \(\d seconds? left\)\./);
  const published = runtime.bus.published.filter((e) => e.gameId === gameId && e.type === 'DeadlineApproaching');
  expect(published.map((e) => e.detail.seat)).toEqual(['blue', 'blue']);

  // The group channel read who must act, in Discord's format, verified like every other delivery.
  const lines = verifiedBodies<{ content: string }>(channel)
    .map((b) => b.content)
    .filter((content) => content.includes(gameId));
  expect(lines).toContainEqual(
    expect.stringMatching(/^Ann \(red\) must act in Post Galactica game \S+\.\nTurn 1, round 1, command phase\.\nDeadline: .+ UTC\.$/),
  );
  expect(lines.filter((l) => l.startsWith('Bob (blue) must act'))).toHaveLength(2);

  // Every delivery every receiver got verifies (verifiedBodies throws on any that does not).
  const all = [annHook, bobHook, channel].flatMap((hook) => verifiedBodies<unknown>(hook));
  expect(all.length).toBe(receivers.reduce((n, r) => n + r.received.length, 0));

  // The exported log passes verify: hash chain, seed, dice, rules (the deadlines and the forfeit re-decided), state.
  const exported = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  expect(exported.status).toBe(200);
  const verdicts = verifyLog(parseLog(await exported.text()));
  expect(verdicts.length).toBeGreaterThan(0);
  expect(verdicts.filter((v) => !v.ok)).toEqual([]);
});
