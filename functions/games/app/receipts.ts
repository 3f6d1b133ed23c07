/**
 * TRUST-2: the receipt of recorded events (domain/kernel/receipt.ts), signed by the service's
 * signer. A command's answer carries the receipt of the events it recorded; a notification the
 * receipt of the event it announces. The body is made of the events alone (their seqs, the last
 * one's hash and time), so the same events always get the same body, and Ed25519 signatures
 * being deterministic, a retried command or a redelivered notice the same receipt.
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { RECEIPT_PURPOSE, type Receipt, receiptBodyOf } from '../../../domain/kernel/receipt.ts';
import type { Deps } from '../../kernel/deps.ts';

/** The signed receipt of `events` (one command's, in order); null when they are none: nothing was recorded, nothing is receipted. */
export const receiptFor = async (deps: Pick<Deps, 'signer'>, events: readonly EventEnvelope[]): Promise<Receipt | null> => {
  const body = receiptBodyOf(events);
  if (body === null) return null;
  return { ...body, signature: await deps.signer.sign(RECEIPT_PURPOSE, body) };
};

/**
 * The receipt of the one event at `seq` of stream `gameId` (a game's, or a tournament's), read
 * from the log: what a notice about that event carries. Null when the log has no such event.
 */
export const receiptOfEvent = async (deps: Pick<Deps, 'signer' | 'store'>, gameId: string, seq: number): Promise<Receipt | null> =>
  receiptFor(deps, seq < 1 ? [] : await deps.store.readAfter(gameId, seq - 1, seq));
