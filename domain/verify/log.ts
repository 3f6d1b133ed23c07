/**
 * The exported log (`GET /games/{id}/log`) as NDJSON: a header line, then one line per
 * event. Anyone can check it with `arbiter verify` without trusting the server.
 */
import type { Rulesets } from '../catalogue.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { PublishedKey, Signature } from '../kernel/signature.ts';
import type { Match } from '../match/state.ts';
import { viewGame } from '../match/view.ts';

export const LOG_FORMAT = 'arbiter-log/1';

export interface LogHeader {
  readonly format: typeof LOG_FORMAT;
  readonly gameId: string;
  readonly ruleset: string;
  readonly rulesVersion: string;
  /**
   * Each seat and its player; `playerName`, the player's name when the log was exported (names are
   * not in the events, and change: TABLE-7), absent from logs exported before it and from files
   * that leave it out. Nothing checks it: it only names players in the lines a reader sees.
   */
  readonly seats: readonly { readonly name: string; readonly playerId: string | null; readonly playerName?: string }[];
  readonly seedCommitment: string;
  readonly status: string;
  /** The revealed seed once the game has ended; null before. */
  readonly seed: string | null;
  /** The seat the log was redacted for (null: a spectator, or nothing redacted once ended). */
  readonly viewer: string | null;
  /** The server's view of the game for `viewer` at export time: verify compares the fold with it. */
  readonly state: unknown;
  /**
   * TRUST-6: the public keys (current and retired) each seat's player registered to sign commands,
   * by player id, as the server holds them at export; absent when no player has one. The
   * player-signatures check verifies each signed command against them.
   */
  readonly playerKeys?: Readonly<Record<string, readonly PublishedKey[]>>;
  /**
   * TRUST-3: the service's signature over this header (without it) and the log's chain head and
   * event count (`exportPayload`). Absent from logs exported before the service had a key.
   */
  readonly signature?: Signature;
}

export interface ParsedLog {
  readonly header: LogHeader;
  readonly events: readonly EventEnvelope[];
}

/**
 * The header of an export of `state`, redacted for `viewer`: what the server reports, the seed once
 * the game has ended, the players' `names` and (TRUST-6) their signing `keys` (both by player id).
 */
export const logHeader = (
  rulesets: Rulesets,
  gameId: string,
  state: Match,
  viewer: string | null,
  names: ReadonlyMap<string, string> = new Map(),
  keys: ReadonlyMap<string, readonly PublishedKey[]> = new Map(),
): LogHeader => ({
  format: LOG_FORMAT,
  gameId,
  ruleset: state.ruleset,
  rulesVersion: state.rulesVersion,
  seats: state.seats.map((s) => {
    const playerName = s.playerId === null ? undefined : names.get(s.playerId);
    return { name: s.name, playerId: s.playerId, ...(playerName === undefined ? {} : { playerName }) };
  }),
  seedCommitment: state.seedCommitment,
  status: state.status,
  seed: state.status === 'ended' ? state.seed : null,
  viewer,
  state: viewGame(rulesets, state, viewer),
  ...(keys.size === 0 ? {} : { playerKeys: Object.fromEntries(keys) }),
});

/** TRUST-3: what an export's signature is made for (domain/kernel/signature.ts). */
export const EXPORT_PURPOSE = 'arbiter-export/1' as const;

/**
 * What an export's signature covers (a game log's or a tournament's): its header without the
 * signature, the hash of its last event (its chain head: the chain makes it stand for every event
 * before it) and how many events it has. A redacted export is signed as exported: the signature
 * covers what that reader got, sealed events and all.
 */
export const exportPayload = <H extends { readonly signature?: Signature }>(
  header: H,
  events: readonly { readonly hash: string }[],
): { header: Omit<H, 'signature'>; chainHead: string | null; events: number } => {
  const { signature: _, ...unsigned } = header;
  return { header: unsigned, chainHead: events.at(-1)?.hash ?? null, events: events.length };
};

export const serializeLog = (header: LogHeader, events: readonly EventEnvelope[]): string =>
  `${[header, ...events].map((line) => JSON.stringify(line)).join('\n')}\n`;

export class LogFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Line numbers are 1-based: the header is line 1, event i (0-based) is line i + 2. */
export const lineOf = (eventIndex: number): number => eventIndex + 2;

export const parseLog = (text: string): ParsedLog => {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line, i) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new LogFormatError(i + 1, 'is not JSON');
    }
  });
  const header = parsed[0] as LogHeader | undefined;
  if (!header || header.format !== LOG_FORMAT)
    throw new LogFormatError(1, `the first line must be a header with "format": "${LOG_FORMAT}"`);
  const events = parsed.slice(1) as EventEnvelope[];
  events.forEach((event, i) => {
    if (typeof event !== 'object' || event === null || typeof event.seq !== 'number' || typeof event.type !== 'string') {
      throw new LogFormatError(lineOf(i), 'is not an event (it needs at least seq and type)');
    }
  });
  return { header, events };
};
