/**
 * The event envelope (docs/design.md §4) and its SHA-256 hash chain.
 * `hash` is the SHA-256 of the canonical JSON of the envelope without `hash`, and each
 * event names the hash before it, so an edit, deletion or reordering is detectable.
 */
import { canonicalJsonWithout, sha256Hex } from './hash.ts';
import type { Signature } from './signature.ts';

/** What a decider emits: a type, its payload, and optionally the one seat that may see it. */
export interface DomainEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
  /** Sealed to one seat until revealed (secret orders); absent means public. */
  readonly visibleTo?: string;
}

export interface EventEnvelope<E extends DomainEvent = DomainEvent> {
  readonly gameId: string;
  readonly seq: number;
  readonly type: E['type'];
  /** Schema version of `data`; upcasters live beside the schema. */
  readonly v: number;
  readonly data: E['data'];
  /** Server time the command was accepted (ISO 8601, UTC). */
  readonly at: string;
  /** The seat that acted, `player:<id>` before a seat is taken, or `system`. */
  readonly actor: string;
  readonly commandId: string;
  readonly rulesVersion: string;
  readonly prevHash: string;
  readonly hash: string;
  /** The command as given; on the first event of each command's batch only. */
  readonly command?: unknown;
  /**
   * TRUST-6: the player's signature over `{ gameId, commandId, command }` ('arbiter-command/1'),
   * beside `command` when they signed it; inside the chain, so it cannot be added or dropped later.
   */
  readonly signature?: Signature;
  readonly visibleTo?: string;
}

export type UnsealedEnvelope<E extends DomainEvent = DomainEvent> = Omit<EventEnvelope<E>, 'hash'>;

/** The link before event 1. */
export const GENESIS_HASH = '0'.repeat(64);

export const envelopeHash = (envelope: UnsealedEnvelope): string => sha256Hex(canonicalJsonWithout(envelope, 'hash'));

export interface BatchMeta {
  readonly gameId: string;
  readonly at: string;
  readonly actor: string;
  readonly commandId: string;
  readonly rulesVersion: string;
  readonly command: unknown;
  /** TRUST-6: the player's signature of the command, kept on the first event; absent when unsigned. */
  readonly signature?: Signature;
}

/** Seal a command's events onto the chain after `head` (the last stored event, if any). */
export const sealBatch = <E extends DomainEvent>(
  head: { readonly seq: number; readonly hash: string } | null,
  events: readonly E[],
  meta: BatchMeta,
  version: (type: E['type']) => number = () => 1,
): EventEnvelope<E>[] => {
  const sealed: EventEnvelope<E>[] = [];
  let prev = head ?? { seq: 0, hash: GENESIS_HASH };
  events.forEach((event, i) => {
    const unsealed: UnsealedEnvelope<E> = {
      gameId: meta.gameId,
      seq: prev.seq + 1,
      type: event.type,
      v: version(event.type),
      data: event.data,
      at: meta.at,
      actor: meta.actor,
      commandId: meta.commandId,
      rulesVersion: meta.rulesVersion,
      prevHash: prev.hash,
      ...(i === 0 ? { command: meta.command } : {}),
      ...(i === 0 && meta.signature !== undefined ? { signature: meta.signature } : {}),
      ...(event.visibleTo === undefined ? {} : { visibleTo: event.visibleTo }),
    };
    const envelope = { ...unsealed, hash: envelopeHash(unsealed) } as EventEnvelope<E>;
    sealed.push(envelope);
    prev = envelope;
  });
  return sealed;
};

export type ChainBreak = { readonly seq: number; readonly reason: string };

/** The first place where the chain does not hold, or null when the whole log is intact. */
export const findChainBreak = (log: readonly EventEnvelope[]): ChainBreak | null => {
  let prev = { seq: 0, hash: GENESIS_HASH };
  for (const event of log) {
    if (event.seq !== prev.seq + 1) return { seq: event.seq, reason: `expected event ${prev.seq + 1} but found ${event.seq}` };
    if (event.prevHash !== prev.hash) return { seq: event.seq, reason: `prevHash does not match the hash of event ${prev.seq}` };
    const hash = envelopeHash(event);
    if (hash !== event.hash) return { seq: event.seq, reason: `hash does not match its content (recomputed ${hash.slice(0, 12)}…)` };
    prev = event;
  }
  return null;
};
