/**
 * TRUST-2, the pure parts: a receipt's body is its events' (the last one's hash and time, the
 * seqs from first to last), nothing recorded has no receipt, a receipt signed by a certified
 * short-lived key (as the AWS service signs) checks against the key set of its issuer, and each
 * webhook format carries the whole receipt within its platform's limits, even beside the longest
 * sentences a notice has.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { checkReceipt, type Receipt, receiptBody, receiptBodyOf } from '../../domain/kernel/receipt.ts';
import type { KeyCertificate, PublishedKey } from '../../domain/kernel/signature.ts';
import { keyIdOf, publicJwkOf, signWith } from '../../functions/adapters/key-signer.ts';
import { receiptFor, receiptOfEvent } from '../../functions/games/app/receipts.ts';
import { type Notice, receiptLine, webhookBody } from '../../functions/notifications/app/webhook-messages.ts';
import { memoryApi } from '../support/memory-api.ts';
import { seededSigner } from '../support/seeded-signer.ts';

const AT = '2026-05-01T10:00:00.000Z';
const meta = { gameId: 'g_receipts', at: AT, actor: 'red', commandId: 'ann-00001', rulesVersion: 'test/1', command: { type: 'EndPhase' } };
const events: EventEnvelope[] = sealBatch(
  { seq: 11, hash: 'a'.repeat(64) },
  [
    { type: 'PhaseEnded', data: {} },
    { type: 'PhaseStarted', data: { phase: 'movement' } },
    { type: 'SeatAwaited', data: { seat: 'blue' } },
  ],
  meta,
);

/** A receipt signed as the AWS service signs one: by a short-lived Ed25519 key its P-256 KMS key certified. */
const certifiedReceipt = (): { receipt: Receipt; issuer: PublishedKey } => {
  const root = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const rootJwk = publicJwkOf(root);
  const issuer: PublishedKey = { ...rootJwk, kid: keyIdOf(rootJwk), alg: 'ES256', use: 'sig', created: '2026-04-01T00:00:00.000Z' };
  const short = generateKeyPairSync('ed25519').privateKey;
  const key = publicJwkOf(short);
  const unsigned = {
    kid: keyIdOf(key),
    alg: 'EdDSA' as const,
    key,
    notBefore: '2026-05-01T00:00:00.000Z',
    notAfter: '2026-05-02T00:00:00.000Z',
  };
  const certificate: KeyCertificate = { ...unsigned, signature: signWith(root, issuer.kid, 'arbiter-key-certificate/1', unsigned) };
  const body = receiptBodyOf(events);
  if (!body) throw new Error('no body');
  return { receipt: { ...body, signature: { ...signWith(short, unsigned.kid, 'arbiter-receipt/1', body), certificate } }, issuer };
};

const notice = (over: Partial<Notice> = {}): Notice => ({
  kind: 'tournament-ended',
  subscriptionId: 'wh_1',
  eventId: 't_1:40:tournament-ended:p_1',
  event: 'TournamentEnded',
  gameId: null,
  seq: 40,
  at: AT,
  ruleset: 'post-galactica',
  rulesetTitle: 'Post Galactica',
  seat: null,
  turn: null,
  round: null,
  phase: null,
  deadline: null,
  result: null,
  ...over,
});

describe('TRUST-2 a receipt is its events', () => {
  it("TRUST-2 the body is the first and last seqs, the last event's hash and time; nothing recorded has no receipt", async () => {
    expect(receiptBodyOf(events)).toEqual({ gameId: 'g_receipts', from: 12, to: 14, chainHead: events[2]?.hash, at: AT });
    expect(receiptBodyOf([])).toBeNull();
    const signer = seededSigner('trust-2-unit', new Date(AT));
    expect(await receiptFor({ signer }, [])).toBeNull();
    const receipt = await receiptFor({ signer }, events);
    // Deterministic: the same events signed again give the same receipt (a retry's).
    expect(await receiptFor({ signer }, events)).toEqual(receipt);
    expect(receipt && receiptBody(receipt)).toEqual(receiptBodyOf(events));
    expect(receipt && checkReceipt(await signer.keySet(), receipt).ok).toBe(true);
  });

  it("TRUST-2 a notice's receipt is of the one event it announces, read from the log; none before the log's first event", async () => {
    const api = memoryApi();
    const created = await (await api.anon.register('Ann')).client.post<{ gameId: string; receipt: Receipt }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
    });
    const { gameId } = created.body;
    const first = (await api.deps.store.readAfter(gameId, 0, 1))[0];
    expect(await receiptOfEvent(api.deps, gameId, 1)).toMatchObject({ gameId, from: 1, to: 1, chainHead: first?.hash, at: first?.at });
    expect(await receiptOfEvent(api.deps, gameId, 0)).toBeNull();
    expect(await receiptOfEvent(api.deps, gameId, 999)).toBeNull();
  });

  it('TRUST-2 a receipt signed by a short-lived key checks against its issuer, only inside its certificate', () => {
    const { receipt, issuer } = certifiedReceipt();
    expect(checkReceipt({ keys: [issuer] }, receipt)).toEqual({ ok: true, key: issuer });
    const late = { ...receipt, at: '2026-05-03T00:00:00.000Z' };
    expect(checkReceipt({ keys: [issuer] }, late)).toMatchObject({ ok: false, reason: expect.stringContaining('was certified from') });
  });
});

describe('TRUST-2 a webhook carries the receipt', () => {
  const { receipt } = certifiedReceipt();
  // The longest sentences a notice says: a tournament's end, with names at their longest and full of Discord's markup.
  const name = `*_~${'x'.repeat(60)}|@`;
  const top = [1, 2, 3].map((rank) => ({ rank, playerId: `p_${rank}`, playerName: name, points: 3 }));
  const long = notice({
    receipt,
    tournament: {
      tournamentId: 't_1',
      tournamentName: name.repeat(3),
      round: 5,
      rounds: 5,
      top,
      you: { rank: 9, playerId: 'p_9', playerName: name, points: 1 },
      page: '/tournament?id=t_1',
    },
  });

  it('TRUST-2 JSON: the receipt is in the data, whole', () => {
    expect((JSON.parse(webhookBody('json', long)) as { data: { receipt: Receipt } }).data.receipt).toEqual(receipt);
  });

  it("TRUST-2 Discord: the sentences keep the content's 2000 characters; the receipt's line and the whole receipt are an embed's", () => {
    const body = JSON.parse(webhookBody('discord', long)) as {
      content: string;
      embeds: { title: string; description: string; footer: { text: string } }[];
    };
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(body.embeds).toHaveLength(1);
    const [embed] = body.embeds;
    expect(embed?.title).toBe('Receipt');
    expect(embed?.description).toBe(`Receipt: events 12..14, head \`${receipt.chainHead.slice(0, 8)}…\`, key \`${receipt.signature.kid}\``);
    // Discord's embed limits: a footer of 2048 characters, 6000 for the whole embed.
    expect(embed?.footer.text.length).toBeLessThanOrEqual(2048);
    expect(`${embed?.title}${embed?.description}${embed?.footer.text}`.length).toBeLessThanOrEqual(6000);
    expect(JSON.parse(embed?.footer.text ?? '')).toEqual(receipt);
  });

  it("TRUST-2 Slack: the sentences stay the text; an attachment holds the receipt's line and the receipt as JSON", () => {
    const body = JSON.parse(webhookBody('slack', long)) as { text: string; attachments: { fallback: string; text: string }[] };
    expect(body.text).not.toContain('Receipt');
    const line = receiptLine(receipt);
    expect(body.attachments.map((a) => [a.fallback, ...a.text.split('\n')])).toEqual([[line, line, JSON.stringify(receipt)]]);
  });

  it('TRUST-2 a notice without a receipt (a ping) has no embed and no attachment', () => {
    const ping = notice({ kind: 'ping', eventId: null, event: null, seq: null });
    expect(JSON.parse(webhookBody('discord', ping))).not.toHaveProperty('embeds');
    expect(JSON.parse(webhookBody('slack', ping))).not.toHaveProperty('attachments');
    expect((JSON.parse(webhookBody('json', ping)) as { data: object }).data).not.toHaveProperty('receipt');
  });
});
