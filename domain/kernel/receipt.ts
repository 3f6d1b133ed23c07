/**
 * A receipt (TRUST-2, docs/design.md §22): the service's signed word that it recorded a command's
 * events `from..to` in game `gameId`, and that the chain's head after them was `chainHead`. A player
 * who keeps one can later show that a log which no longer holds `chainHead` at `to` was rewritten
 * (`arbiter verify --receipts`). `at` is the events' own time, not the signing time, so a retried
 * command gets the same body and, Ed25519 being deterministic, the same receipt.
 */
import { checkSignature, type KeySet, type Signature, type SignatureCheck } from './signature.ts';

export const RECEIPT_PURPOSE = 'arbiter-receipt/1' as const;

/** What a receipt's signature covers. */
export interface ReceiptBody {
  readonly gameId: string;
  /** The first sequence number the command recorded. */
  readonly from: number;
  /** The last sequence number the command recorded. */
  readonly to: number;
  /** The hash of event `to`: the chain's head after the command. */
  readonly chainHead: string;
  /** When the command was accepted: the events' own `at` (ISO 8601, UTC). */
  readonly at: string;
}

export interface Receipt extends ReceiptBody {
  readonly signature: Signature;
}

/** The receipt without its signature: the payload the signature covers. */
export const receiptBody = (receipt: Receipt): ReceiptBody => ({
  gameId: receipt.gameId,
  from: receipt.from,
  to: receipt.to,
  chainHead: receipt.chainHead,
  at: receipt.at,
});

/** The body of the receipt for a command's recorded events, oldest first; null when there are none. */
export const receiptBodyOf = (
  events: readonly { readonly gameId: string; readonly seq: number; readonly hash: string; readonly at: string }[],
): ReceiptBody | null => {
  const first = events[0];
  const last = events[events.length - 1];
  if (!first || !last) return null;
  return { gameId: first.gameId, from: first.seq, to: last.seq, chainHead: last.hash, at: last.at };
};

/** Whether `receipt` is signed by a key in `keys` (or certified by one, at the receipt's `at`). */
export const checkReceipt = (keys: KeySet, receipt: Receipt): SignatureCheck =>
  checkSignature(keys, RECEIPT_PURPOSE, receiptBody(receipt), receipt.signature, receipt.at);
