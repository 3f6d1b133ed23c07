/**
 * TRUST-2: every accepted command's answer carries a receipt (domain/kernel/receipt.ts), signed by
 * the service's key, whose sequence numbers and chain head are the log's; a retry gets the same
 * one; a receipt changed in any field fails its check; and a webhook carries the receipt of the
 * event it announces, in each format. Through HTTP on the in-memory runtime, webhooks to
 * receivers on 127.0.0.1 only.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { checkReceipt, type Receipt } from '../../domain/kernel/receipt.ts';
import type { KeySet } from '../../domain/kernel/signature.ts';
import { ephemeralSigner } from '../../functions/adapters/key-signer.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { Receiver } from '../support/webhook-receiver.ts';

interface CommandAnswer {
  gameId: string;
  version: number;
  replayed: boolean;
  events: EventEnvelope[];
  receipt?: Receipt;
}

let runtime: MemoryRuntime;
let anon: Client;
let keys: KeySet;
const receivers: Receiver[] = [];

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  anon = new Client(runtime.url);
  keys = await runtime.deps.signer.keySet();
});
afterAll(async () => {
  await runtime.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

const players = async (tag: string) => {
  const [ann, bob] = await Promise.all([anon.register(`Ann ${tag}`), anon.register(`Bob ${tag}`)]);
  return { ann: ann.client, bob: bob.client };
};

/** The game's whole log, as GET /games/{id}/events pages it. */
const logOf = async (client: Client, gameId: string): Promise<EventEnvelope[]> => {
  const events: EventEnvelope[] = [];
  for (let after = 0; ; ) {
    const page = await client.get<{ events: EventEnvelope[]; next: number | null }>(`/games/${gameId}/events?after=${after}`);
    expect(page.status).toBe(200);
    events.push(...page.body.events);
    if (page.body.next === null) return events;
    after = page.body.next;
  }
};

/** The receipt an answer carries, checked to be the log's: its events' seqs, the head after them, their time. */
const receiptOf = (answer: CommandAnswer, log: readonly EventEnvelope[]): Receipt => {
  const receipt = answer.receipt;
  if (!receipt) throw new Error(`no receipt in ${JSON.stringify(answer)}`);
  const first = answer.events[0];
  const last = answer.events.at(-1);
  const logged = log.find((e) => e.seq === receipt.to);
  expect(first && last && logged).toBeTruthy();
  expect(receipt).toMatchObject({
    gameId: answer.gameId,
    from: first?.seq,
    to: last?.seq,
    chainHead: logged?.hash,
    at: logged?.at,
  });
  expect(last?.hash).toBe(logged?.hash);
  return receipt;
};

/** Red (the creator) moves first: a Post Galactica match with both seats taken, and each answer. */
const match = async (red: Client, blue: Client) => {
  const created = await red.post<CommandAnswer>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  expect(created.status).toBe(201);
  const joined = await blue.post<CommandAnswer>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, created: created.body, joined: joined.body };
};

describe('TRUST-2 receipts on command answers', () => {
  it("TRUST-2 creating, joining and commanding a game each answer a receipt of the log's events, signed by the service's key", async () => {
    const { ann, bob } = await players('answers');
    const { gameId, created, joined } = await match(ann, bob);
    const command = await ann.post<CommandAnswer>(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
    expect(command.status).toBe(200);
    const log = await logOf(ann, gameId);
    const receipts = [created, joined, command.body].map((answer) => receiptOf(answer, log));
    // One after the other they cover the log from its first event to its head, without a gap.
    expect(receipts.map((r) => [r.from, r.to])).toEqual([
      [1, created.events.length],
      [created.events.length + 1, created.events.length + joined.events.length],
      [created.events.length + joined.events.length + 1, log.length],
    ]);
    // The key set a player fetches (TRUST-1's JWKS route) is the signer's, and checks each receipt.
    const served = await anon.get<KeySet>('/.well-known/arbiter-keys.json');
    expect(served.body).toEqual(keys);
    for (const receipt of receipts) {
      const check = checkReceipt(served.body, receipt);
      expect(check).toEqual({ ok: true, key: keys.keys[0] });
      expect(receipt.signature).toMatchObject({ kid: keys.keys[0]?.kid, alg: 'EdDSA' });
    }
  });

  it('TRUST-2 a retried command (same commandId and body) gets the same receipt, and a fork its own', async () => {
    const { ann, bob } = await players('retry');
    const { gameId } = await match(ann, bob);
    const body = { commandId: commandId(), command: { type: 'EndPhase' } };
    const first = await ann.post<CommandAnswer>(`/games/${gameId}/commands`, body);
    const again = await ann.post<CommandAnswer>(`/games/${gameId}/commands`, body);
    expect([first.body.replayed, again.body.replayed]).toEqual([false, true]);
    expect(again.body.receipt).toEqual(first.body.receipt);
    expect(receiptOf(again.body, await logOf(ann, gameId))).toEqual(first.body.receipt);

    const fork = await bob.post<CommandAnswer>(`/games/${gameId}/forks`, { version: first.body.version, kind: 'sandbox' });
    expect(fork.status).toBe(201);
    const forkReceipt = receiptOf(fork.body, await logOf(bob, fork.body.gameId));
    expect(forkReceipt.gameId).not.toBe(gameId);
    expect(checkReceipt(keys, forkReceipt).ok).toBe(true);
  });

  it('TRUST-2 a receipt changed in any field, or checked against another key set, fails checkReceipt with a reason', async () => {
    const { ann, bob } = await players('tamper');
    const { joined } = await match(ann, bob);
    const receipt = joined.receipt;
    if (!receipt) throw new Error('no receipt');
    expect(checkReceipt(keys, receipt).ok).toBe(true);
    const flipped = `${receipt.signature.sig.startsWith('A') ? 'B' : 'A'}${receipt.signature.sig.slice(1)}`;
    const tampered: Receipt[] = [
      { ...receipt, to: receipt.to + 1 },
      { ...receipt, from: receipt.from - 1 },
      { ...receipt, chainHead: `${receipt.chainHead.slice(0, 63)}${receipt.chainHead.endsWith('0') ? '1' : '0'}` },
      { ...receipt, at: '2020-01-01T00:00:00.000Z' },
      { ...receipt, gameId: 'g_someothergame' },
      { ...receipt, signature: { ...receipt.signature, sig: flipped } },
    ];
    for (const changed of tampered) {
      expect(checkReceipt(keys, changed)).toEqual({
        ok: false,
        reason: `the signature is not key ${receipt.signature.kid}'s over these bytes`,
      });
    }
    const stranger = await ephemeralSigner().keySet();
    expect(checkReceipt(stranger, receipt)).toEqual({ ok: false, reason: `key ${receipt.signature.kid} is not in the key set` });
  });
});

describe('TRUST-2 receipts on tournament commands', () => {
  it("TRUST-2 creating and joining a tournament answer receipts of the tournament's log, signed by the service's key", async () => {
    const keyOf = async (name: string) => (await anon.post<{ apiKey: string }>('/players', { name })).body.apiKey;
    const [annKey, bobKey] = [await keyOf('Ann tournament'), await keyOf('Bob tournament')];
    const [ann, bob] = [new Client(runtime.url, annKey), new Client(runtime.url, bobKey)];
    const body = { commandId: commandId(), name: 'Receipt Cup', format: 'swiss', rounds: 1, ruleset: 'post-galactica' };
    const created = await ann.post<CommandAnswer & { tournamentId: string }>('/tournaments', body);
    expect(created.status).toBe(201);
    const { tournamentId } = created.body;
    const join = { commandId: commandId(), command: { type: 'JoinTournament' } };
    const joined = await bob.post<CommandAnswer & { tournamentId: string }>(`/tournaments/${tournamentId}/commands`, join);
    expect(joined.status).toBe(200);
    const again = await bob.post<CommandAnswer & { tournamentId: string }>(`/tournaments/${tournamentId}/commands`, join);
    expect([again.body.replayed, again.body.receipt]).toEqual([true, joined.body.receipt]);
    // The export is NDJSON, which the client (JSON only) does not read: fetched as it is.
    const exported = await fetch(`${runtime.url}/tournaments/${tournamentId}/export`, {
      headers: { authorization: `Bearer ${annKey}` },
    });
    expect(exported.status).toBe(200);
    const log = (await exported.text())
      .split('\n')
      .filter((line) => line.includes('"seq"'))
      .map((line) => JSON.parse(line) as EventEnvelope);
    for (const answer of [created.body, joined.body]) {
      const receipt = receiptOf({ ...answer, gameId: tournamentId }, log);
      expect(checkReceipt(keys, receipt).ok).toBe(true);
    }
  });
});

interface Hook {
  id: string;
  secret: string;
}

const subscribe = async (client: Client, body: Record<string, unknown>): Promise<{ hook: Hook; received: Receiver }> => {
  const received = await Receiver.start();
  receivers.push(received);
  const reply = await client.post<Hook>('/me/webhooks', { url: received.url, kinds: ['your-turn'], ...body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { hook: reply.body, received };
};

const firstBody = async (receiver: Receiver): Promise<{ headers: Record<string, string>; body: string }> => {
  const [request] = await eventually(
    async () => receiver.received,
    (r) => r.length > 0,
  );
  if (!request) throw new Error('no delivery');
  return request;
};

describe('TRUST-2 receipts on notifications', () => {
  it('TRUST-2 a webhook carries the receipt of the event it announces: in its JSON, in a Discord embed, in a Slack attachment', async () => {
    const { ann, bob } = await players('hooks');
    const json = await subscribe(ann, {});
    const discord = await subscribe(ann, { format: 'discord' });
    const slack = await subscribe(ann, { format: 'slack' });
    const { gameId } = await match(ann, bob);

    const request = await firstBody(json.received);
    const payload = new Webhook(json.hook.secret).verify(request.body, request.headers) as {
      data: { event: string; gameId: string; seq: number; receipt: Receipt };
    };
    expect(payload.data).toMatchObject({ event: 'SeatAwaited', gameId });
    const { seq, receipt } = payload.data;
    const announced = (await logOf(ann, gameId)).find((e) => e.seq === seq);
    expect(receipt).toMatchObject({ gameId, from: seq, to: seq, chainHead: announced?.hash, at: announced?.at });
    expect(checkReceipt(keys, receipt)).toEqual({ ok: true, key: keys.keys[0] });

    const line = `Receipt: events ${seq}..${seq}, head ${receipt.chainHead.slice(0, 8)}…, key ${receipt.signature.kid}`;
    const toDiscord = JSON.parse((await firstBody(discord.received)).body) as {
      content: string;
      embeds: { title: string; description: string; footer: { text: string } }[];
    };
    expect(toDiscord.content).toContain(`must act in Post Galactica game ${gameId}.`);
    expect(toDiscord.embeds.map((e) => [e.title, e.description, JSON.parse(e.footer.text)])).toEqual([
      ['Receipt', line.replace(/head (\S+), key (\S+)$/, 'head `$1`, key `$2`'), receipt],
    ]);

    const toSlack = JSON.parse((await firstBody(slack.received)).body) as {
      text: string;
      attachments: { fallback: string; text: string }[];
    };
    expect(toSlack.text).toContain(`must act in Post Galactica game ${gameId}.`);
    expect(toSlack.attachments.map((a) => [a.fallback, ...a.text.split('\n')])).toEqual([[line, line, JSON.stringify(receipt)]]);
  });
});
