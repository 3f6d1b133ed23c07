/**
 * The pure parts of webhook delivery: what a notice says in each format (PBM-4), which
 * subscription hears which event (PBM-1), and how a delivery's log entry decides its next
 * step, its backoff and the log's bound (PBM-3); and that the signature is the one the
 * Standard Webhooks reference library makes and verifies (PBM-2).
 */
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { DeliveryLogEntry, HookRecord, IntegrationEvent } from '../../functions/kernel/ports.ts';
import { fanOut, kindFor } from '../../functions/notifications/app/webhook-fanout.ts';
import { type Notice, noticeText, webhookBody } from '../../functions/notifications/app/webhook-messages.ts';
import { backoffMs, defaultWebhookPolicy, plan, signedHeaders, withEntry } from '../../functions/notifications/app/webhooks.ts';
import { memoryApi } from '../support/memory-api.ts';

const notice = (over: Partial<Notice> = {}): Notice => ({
  kind: 'seat-awaited',
  subscriptionId: 'wh_1',
  eventId: 'g_1:12:SeatAwaited:red',
  event: 'SeatAwaited',
  gameId: 'g_1',
  seq: 12,
  at: '2025-03-01T10:00:00.000Z',
  ruleset: 'post-galactica',
  rulesetTitle: 'Post Galactica',
  seat: { seat: 'red', playerId: 'p_1', playerName: 'Ann' },
  turn: 2,
  round: 1,
  phase: 'movement',
  deadline: '2025-03-03T10:00:00.000Z',
  result: null,
  ...over,
});

describe('PBM-4 what a notification says', () => {
  it('PBM-4 who must act, in which game, which turn and phase, and the deadline in UTC', () => {
    expect(noticeText(notice())).toBe(
      'Ann (red) must act in Post Galactica game g_1.\nTurn 2, round 1, movement phase.\nDeadline: 2025-03-03 10:00 UTC.',
    );
    expect(noticeText(notice({ kind: 'your-turn' }))).toMatch(/^Your turn: Ann \(red\) must act/);
  });

  it("PBM-4 Sol'una's numbered phases, a step without deadline, a seat without a name", () => {
    const text = noticeText(
      notice({
        rulesetTitle: "Sol'una",
        phase: 'p7',
        round: null,
        deadline: null,
        seat: { seat: 'moon', playerId: null, playerName: null },
      }),
    );
    expect(text).toBe("moon must act in Sol'una game g_1.\nTurn 2, phase 7.\nNo deadline.");
  });

  it('PBM-4 the first-player choice, turns, phases and results read as sentences', () => {
    expect(noticeText(notice({ phase: 'choosing', turn: null, round: null, deadline: null }))).toContain('Choosing who plays first.');
    expect(noticeText(notice({ kind: 'turn-started', phase: null }))).toBe(
      'Turn 2 has begun in Post Galactica game g_1: Ann (red) plays.\nTurn 2, round 1.',
    );
    expect(noticeText(notice({ kind: 'phase-started' }))).toBe(
      'The movement phase has begun in Post Galactica game g_1: Ann (red) plays.\nTurn 2, round 1, movement phase.',
    );
    const winner = { seat: 'blue', playerId: 'p_2', playerName: 'Bob' };
    expect(noticeText(notice({ kind: 'game-ended', result: { winner, reason: 'conceded' } }))).toBe(
      'Post Galactica game g_1 has ended: Bob (blue) won (conceded).',
    );
    expect(noticeText(notice({ kind: 'game-ended', result: { winner: null, reason: 'agreed' } }))).toBe(
      'Post Galactica game g_1 has ended: it is a draw (agreed).',
    );
  });

  it('PBM-4 a Discord body is {"content"} and pings nobody, whatever a player calls themselves', () => {
    const body = JSON.parse(webhookBody('discord', notice({ seat: { seat: 'red', playerId: 'p_1', playerName: '@everyone' } })));
    expect(body).toEqual({ content: expect.stringContaining('\\@everyone (red) must act'), allowed_mentions: { parse: [] } });
  });

  it('PBM-4 a Slack body is {"text"} with &, < and > escaped, so a name cannot become <!channel>', () => {
    const body = JSON.parse(webhookBody('slack', notice({ seat: { seat: 'red', playerId: 'p_1', playerName: '<!channel> & co' } })));
    expect(body).toEqual({
      text: expect.stringMatching(/^&lt;!channel&gt; &amp; co \(red\) must act in Post Galactica game g_1\./),
      mrkdwn: false,
    });
  });

  it('PBM-4 the JSON body is a Standard Webhooks payload: type, timestamp, data (with the sentence)', () => {
    const body = JSON.parse(webhookBody('json', notice()));
    expect(body).toEqual({
      type: 'seat-awaited',
      timestamp: '2025-03-01T10:00:00.000Z',
      data: { ...notice(), text: noticeText(notice()) },
    });
  });
});

const event = (type: IntegrationEvent['type'], detail: Record<string, unknown> = {}): IntegrationEvent => ({
  id: `g_1:3:${type}`,
  type,
  gameId: 'g_1',
  seq: 3,
  at: '2025-03-01T10:00:00.000Z',
  detail,
});

describe('PBM-1 which subscription hears which event', () => {
  it('PBM-1 your-turn is for the player whose seat must act; seat-awaited for any seat', () => {
    const awaited = event('SeatAwaited', { seat: 'red', playerId: 'p_ann' });
    expect(kindFor(awaited, ['your-turn'], 'p_ann')).toBe('your-turn');
    expect(kindFor(awaited, ['your-turn'], 'p_bob')).toBeNull();
    expect(kindFor(awaited, ['your-turn', 'seat-awaited'], 'p_bob')).toBe('seat-awaited');
    expect(kindFor(awaited, ['your-turn', 'seat-awaited'], 'p_ann')).toBe('your-turn');
  });

  it('PBM-1 turn, phase and end-of-game kinds match their events only when asked for', () => {
    expect(kindFor(event('TurnStarted'), ['turn-started'], 'p')).toBe('turn-started');
    expect(kindFor(event('PhaseStarted'), ['turn-started'], 'p')).toBeNull();
    expect(kindFor(event('PhaseStarted'), ['phase-started'], 'p')).toBe('phase-started');
    expect(kindFor(event('GameEnded'), ['game-ended'], 'p')).toBe('game-ended');
    expect(kindFor(event('GameEnded'), ['your-turn'], 'p')).toBeNull();
  });

  it('PBM-1 a subscription hears what is recorded from its making on: an earlier event the stream hands over late is not fanned out to it', async () => {
    let now = new Date('2026-03-01T10:00:00.000Z');
    // Nothing is sent: fanOut only says who is to be told (a loopback URL, allowed as npm start allows it).
    const api = memoryApi({ clock: () => now }, { webhooks: { allowLoopback: true } });
    const ann = await api.anon.register('Ann');
    const bob = await api.anon.register('Bob');
    const { gameId } = (await ann.client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body;
    const { version } = (await bob.client.post<{ version: number }>(`/games/${gameId}/join`, {})).body;
    const joined = (await ann.client.get<{ events: { seq: number; at: string }[] }>(`/games/${gameId}/events?after=0`)).body.events;
    expect(joined.at(-1)).toMatchObject({ seq: version, at: '2026-03-01T10:00:00.000Z' });
    // The seat that chooses who goes first is awaited from the join on: this is what the stream hands the fan-out.
    const awaited = (at: string): IntegrationEvent => ({
      id: `${gameId}:${version}:SeatAwaited:red`,
      type: 'SeatAwaited',
      gameId,
      seq: version,
      at,
      detail: { seat: 'red', playerId: ann.playerId, phase: 'choose-first-player', deadline: null },
    });
    now = new Date('2026-03-01T10:00:00.001Z');
    const subscribed = await ann.client.post<{ id: string; createdAt: string }>('/me/webhooks', {
      url: 'http://127.0.0.1:9/x',
      kinds: ['seat-awaited'],
    });
    expect(subscribed).toMatchObject({ status: 201, body: { createdAt: '2026-03-01T10:00:00.001Z' } });
    const hook = subscribed.body;
    expect(await fanOut(api.deps, awaited('2026-03-01T10:00:00.000Z'))).toEqual([]);
    // Recorded in the same millisecond as the subscription, or after it: heard.
    for (const at of ['2026-03-01T10:00:00.001Z', '2026-03-01T10:05:00.000Z'])
      expect((await fanOut(api.deps, awaited(at))).map((d) => [d.subscriptionId, d.notice.kind])).toEqual([[hook.id, 'seat-awaited']]);
  });
});

const policy = { ...defaultWebhookPolicy, timeoutMs: 1_000, retryBaseMs: 1_000, retryMaxMs: 10_000, logSize: 3 };
const at = (s: number) => new Date(Date.UTC(2025, 2, 1, 10, 0, s));
const entry = (over: Partial<DeliveryLogEntry> = {}): DeliveryLogEntry => ({
  id: 'msg_a',
  kind: 'your-turn',
  eventId: 'g_1:3:SeatAwaited:red',
  gameId: 'g_1',
  createdAt: at(0).toISOString(),
  status: 'sending',
  attempts: 1,
  lastAttemptAt: at(0).toISOString(),
  nextAttemptAt: null,
  responseStatus: null,
  lastError: null,
  ...over,
});
const record = (log: DeliveryLogEntry[], enabled = true): HookRecord => ({
  subscription: {
    id: 'wh_1',
    playerId: 'p_1',
    url: 'https://hooks.example.invalid/x',
    gameId: null,
    kinds: ['your-turn'],
    format: 'json',
    description: null,
    createdAt: at(0).toISOString(),
    enabled,
    disabledAt: null,
    disabledReason: null,
  },
  secret: 'whsec_x',
  log,
  rev: 1,
});

describe('PBM-3 the next step of a delivery, from its log entry', () => {
  it('PBM-3 a new delivery makes attempt 1; a finished one is never sent again', () => {
    expect(plan(record([]), 'msg_a', at(0), policy)).toEqual({ action: 'attempt', attempt: 1 });
    for (const status of ['delivered', 'failed', 'cancelled'] as const)
      expect(plan(record([entry({ status })]), 'msg_a', at(30), policy)).toEqual({ action: 'done' });
  });

  it('PBM-3 an attempt in flight is left alone, unless its claim is stale (the process died): then it is made again', () => {
    expect(plan(record([entry()]), 'msg_a', at(2), policy)).toEqual({ action: 'done' });
    expect(plan(record([entry({ attempts: 2 })]), 'msg_a', at(8), policy)).toEqual({ action: 'attempt', attempt: 2 });
  });

  it('PBM-3 a retry waits until its time, then makes the next attempt', () => {
    const retrying = entry({ status: 'retrying', attempts: 2, nextAttemptAt: at(4).toISOString() });
    expect(plan(record([retrying]), 'msg_a', at(1), policy)).toEqual({ action: 'wait', ms: 3_000 });
    expect(plan(record([retrying]), 'msg_a', at(4), policy)).toEqual({ action: 'attempt', attempt: 3 });
  });

  it('PBM-3 a disabled subscription cancels what is pending', () => {
    expect(plan(record([entry({ status: 'retrying' })], false), 'msg_a', at(9), policy)).toEqual({ action: 'cancel' });
  });

  it('PBM-3 backoff doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(policy, n))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect([1, 2, 7, 8].map((n) => backoffMs(defaultWebhookPolicy, n) / 60_000)).toEqual([1, 2, 60, 60]);
  });

  it('PBM-3 the log keeps its bound by dropping the oldest finished entries, never one in flight', () => {
    const log = [
      entry({ id: 'msg_1', status: 'retrying' }),
      entry({ id: 'msg_2', status: 'delivered' }),
      entry({ id: 'msg_3', status: 'failed' }),
    ];
    expect(withEntry(log, entry({ id: 'msg_4' }), 3).map((e) => e.id)).toEqual(['msg_1', 'msg_3', 'msg_4']);
    expect(withEntry(log, entry({ id: 'msg_2', status: 'failed' }), 3).map((e) => [e.id, e.status])).toEqual([
      ['msg_1', 'retrying'],
      ['msg_2', 'failed'],
      ['msg_3', 'failed'],
    ]);
    const busy = [entry({ id: 'msg_1' }), entry({ id: 'msg_2' }), entry({ id: 'msg_3' })];
    expect(withEntry(busy, entry({ id: 'msg_4' }), 3)).toHaveLength(4);
  });
});

describe('PBM-2 the signature', () => {
  const secretBytes = fc.uint8Array({ minLength: 24, maxLength: 64 });
  const message = fc.record({
    id: fc.string({ minLength: 1, maxLength: 40 }).map((s) => `msg_${s}`),
    at: fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms)),
    body: fc.string({ unit: 'grapheme', maxLength: 400 }),
  });

  it('PBM-2 is what the standardwebhooks reference signs, and it verifies, for any secret, id, time and body', () => {
    fc.assert(
      fc.property(secretBytes, message, (bytes, { id, at, body }) => {
        const secret = `whsec_${Buffer.from(bytes).toString('base64')}`;
        const headers = signedHeaders(secret, id, at, body);
        const reference = new Webhook(secret);
        expect(headers['webhook-signature']).toBe(reference.sign(id, at, body));
        expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
        expect(headers['webhook-id']).toBe(id);
        // verify() also checks the timestamp against the clock: sign "now" for it.
        const now = new Date();
        expect(() => reference.verify(body, signedHeaders(secret, id, now, body), { jsonParse: false })).not.toThrow();
      }),
      { seed: 2026, numRuns: 200 },
    );
  });

  it('PBM-2 a signature from another secret, or over another body, does not verify', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const other = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    const now = new Date();
    const body = '{"type":"ping"}';
    expect(() => new Webhook(secret).verify(body, signedHeaders(other, 'msg_1', now, body))).toThrow('No matching signature found');
    expect(() => new Webhook(secret).verify('{"type":"pong"}', signedHeaders(secret, 'msg_1', now, body))).toThrow(
      'No matching signature found',
    );
  });
});
