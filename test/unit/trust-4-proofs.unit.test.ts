/**
 * TRUST-3, TRUST-4: the claims of domain/verify/proofs.ts on a reference log, each branch a
 * dispute can reach: a receipt of another game, one whose signature does not hold, one the log
 * holds while its chain is broken, receipts given without a key set, and the signature of an
 * export signed by a certified key. The full path (HTTP, the CLI) is in
 * test/service/trust-3-signed-exports.service.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { RECEIPT_PURPOSE, type Receipt, receiptBodyOf } from '../../domain/kernel/receipt.ts';
import { EXPORT_PURPOSE, exportPayload, type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { consistentClaim, proveLog, receiptsClaim, signatureClaim } from '../../domain/verify/proofs.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { ephemeralSigner } from '../../functions/adapters/key-signer.ts';

const log = parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', 'post-galactica.ndjson'), 'utf8'));
const signer = ephemeralSigner(new Date('2026-05-01T00:00:00Z'));

/** The service's receipt of events `from`..`to` of `events`, as a command's answer carries it. */
const receiptOf = async (events: readonly EventEnvelope[], from: number, to: number): Promise<Receipt> => {
  const body = receiptBodyOf(events.filter((e) => e.seq >= from && e.seq <= to));
  if (!body) throw new Error(`no events ${from}..${to}`);
  return { ...body, signature: await signer.sign(RECEIPT_PURPOSE, body) };
};

describe('TRUST-4 what receipts prove, branch by branch', () => {
  it('TRUST-4 a receipt of another game, or one whose signature does not hold, fails by name', async () => {
    const keys = await signer.keySet();
    const good = await receiptOf(log.events, 3, 4);
    const other = await receiptOf(
      log.events.map((e) => ({ ...e, gameId: 'g_other' })),
      5,
      5,
    );
    const forged = { ...(await receiptOf(log.events, 6, 6)), chainHead: 'f'.repeat(64) };
    const { claim, detail } = receiptsClaim(log, keys, [good, other, forged], undefined);
    expect(claim).toEqual({
      outcome: 'failed',
      why: `receipt 2 (events 5..5, ${other.at}): it is of game g_other, not of this log's ${log.header.gameId}; receipt 1 (events 3..4, ${good.at}) still holds at line 5`,
    });
    expect(detail).toEqual([
      `  also receipt 3 (events 6..6, ${forged.at}): its signature does not hold (the signature is not key ${keys.keys[0]?.kid}'s over these bytes), so it proves nothing either way`,
    ]);
  });

  it('TRUST-4 without a key set, receipts the log holds are not proved, and one it does not hold still fails', async () => {
    const receipts = [await receiptOf(log.events, 3, 4)];
    expect(receiptsClaim(log, undefined, receipts, undefined).claim).toEqual({
      outcome: 'not proved',
      why: 'the log holds 1 receipt(s), events 3..4, but their signatures were not checked: no key set was given with --keys',
    });
    const moved = { ...log, events: log.events.map((e) => (e.seq === 4 ? { ...e, hash: '0'.repeat(64) } : e)) };
    expect(receiptsClaim(moved, undefined, receipts, undefined).claim).toMatchObject({
      outcome: 'failed',
      line: 5,
      why: expect.stringMatching(
        /^receipt 1 \(events 3\.\.4, [^)]+\): line 5 \(event 4\) has chain hash 000000000000…, .*; the receipts' signatures were not checked: no key set was given with --keys$/,
      ),
    });
  });

  it('TRUST-4 a broken chain proves nothing by the chain heads it still shows', async () => {
    const keys = await signer.keySet();
    const receipts = [await receiptOf(log.events, 3, 4)];
    const edited: ParsedLog = { ...log, events: log.events.map((e) => (e.seq === 2 ? { ...e, at: '2020-01-01T00:00:00.000Z' } : e)) };
    const chain = verifyLog(edited).find((c) => c.check === 'chain');
    expect(chain).toMatchObject({ ok: false, line: 3 });
    expect(receiptsClaim(edited, keys, receipts, chain).claim).toEqual({
      outcome: 'not proved',
      why: 'the hash chain does not hold, so a chain head the log shows stands for nothing before it',
    });
    expect(consistentClaim(verifyLog(edited))).toMatchObject({ outcome: 'failed', line: 3 });
  });
});

describe('TRUST-3 the signature claim', () => {
  it('TRUST-3 an export signed over its header, chain head and count is proved; the same header over fewer events is not', async () => {
    const keys = await signer.keySet();
    const signature = await signer.sign(EXPORT_PURPOSE, exportPayload(log.header, log.events));
    const signed = { ...log, header: { ...log.header, signature } };
    expect(proveLog(signed, verifyLog(signed), { keys })).toMatchObject({
      consistent: { outcome: 'proved' },
      signed: { outcome: 'proved', why: expect.stringContaining(`and ${log.events.length} events`) },
      receipts: { outcome: 'not proved' },
    });
    expect(signatureClaim(keys, signed.header, log.events.slice(0, -1))).toMatchObject({ outcome: 'failed', line: 1 });
    expect(signatureClaim(undefined, signed.header, log.events)).toEqual({
      outcome: 'not proved',
      why: `the signature was not checked: no key set was given with --keys; it names key ${signature.kid}`,
    });
  });
});
