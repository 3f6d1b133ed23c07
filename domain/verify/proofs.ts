/**
 * TRUST-3, TRUST-4, TRUST-5: what an exported log proves, claim by claim (docs/disputes.md "What
 * each proof means"). `verifyLog`'s checks prove the log is consistent: the referee's own code
 * decides it again the same. That says nothing of who wrote it: a forger who rewrites a command,
 * its events and the header together, and re-chains, passes them. Two more claims answer that:
 * the export's signature says the service exported exactly this header and chain head, and the
 * receipts a player kept say the service recorded these chain heads at these events when it
 * accepted their commands, so a log rewritten after any of them no longer holds it. Each claim is
 * proved, not proved (nothing to check it with, or nothing checked yet), or failed. Pure.
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import { checkReceipt, type Receipt } from '../kernel/receipt.ts';
import { checkSignature, type KeySet, type PublishedKey, type Signature, type SignatureCheck } from '../kernel/signature.ts';
import { EXPORT_PURPOSE, exportPayload, lineOf, type ParsedLog, parseLog } from './log.ts';
import type { CheckResult } from './result.ts';
import type { ParsedExport } from './tournament.ts';

export type ClaimOutcome = 'proved' | 'not proved' | 'failed';

export interface Claim {
  readonly outcome: ClaimOutcome;
  /** Why, in words a tournament director reads: what was proved, or what was missing or wrong. */
  readonly why: string;
  /** The log's line (1-based) a failure points to, when it points to one. */
  readonly line?: number;
}

/** The three claims `arbiter verify` reports, in its order. */
export interface Proofs {
  readonly consistent: Claim;
  readonly signed: Claim;
  readonly receipts: Claim;
}

export const CLAIM_NAMES: Readonly<Record<keyof Proofs, string>> = {
  consistent: 'consistent',
  signed: 'signed by this service',
  receipts: 'matches these receipts',
};

const proved = (why: string): Claim => ({ outcome: 'proved', why });
const notProved = (why: string): Claim => ({ outcome: 'not proved', why });
const failed = (why: string, line?: number): Claim => ({ outcome: 'failed', why, ...(line === undefined ? {} : { line }) });

/** A chain hash or a key id as a person compares it at a glance. */
const short = (text: string): string => `${text.slice(0, 12)}…`;

/** A check as verify's lines name it. */
const nameOf = (check: CheckResult): string => (check.check === 'chain' ? 'hash chain' : check.check);

/** "consistent": every check of `verifyLog` holds; a running game's pending checks leave it not proved yet. */
export const consistentClaim = (checks: readonly CheckResult[]): Claim => {
  const failing = checks.filter((c) => !c.ok && !c.pending);
  if (failing.length > 0) {
    const first = failing[0] as CheckResult;
    return failed(`${failing.length} check(s) failed, the first: ${first.verdict}`, first.line);
  }
  const waiting = checks.filter((c) => c.pending);
  if (waiting.length > 0) return notProved(`pending: ${waiting.map(nameOf).join(', ')}; each line above says what it waits for`);
  return proved(`every check above holds: ${checks.map(nameOf).join(', ')}`);
};

/** A key as a verdict names it: its id, when it was made, and retired if it was. */
const keyWords = (key: PublishedKey): string =>
  `key ${key.kid} (created ${key.created}${key.retired === undefined ? '' : `, retired ${key.retired}: a retired key still proves what it signed`})`;

/** A check that held, but on a revoked key: the key set says its signatures are no longer to be trusted. */
const revokedWords = (check: Extract<SignatureCheck, { ok: true }>): string =>
  `it is key ${check.key.kid}'s, but that key was revoked on ${check.revoked}: the key set no longer vouches for what it signed`;

/**
 * "signed by this service": the header's signature, checked against `keys` over the header and
 * the log's own chain head and event count, so a re-chained or cut log fails even with the old
 * header. Without `keys` the signature is not checked, and the claim says so.
 */
export const signatureClaim = (
  keys: KeySet | undefined,
  header: { readonly signature?: Signature },
  events: readonly Pick<EventEnvelope, 'hash'>[],
  what = 'export',
): Claim => {
  const { signature } = header;
  if (signature === undefined)
    return notProved(`unsigned: the ${what} carries no signature, as none exported before the service had a signing key does`);
  if (keys === undefined)
    return notProved(`the signature was not checked: no key set was given with --keys; it names key ${signature.kid}`);
  const check = checkSignature(keys, EXPORT_PURPOSE, exportPayload(header, events), signature);
  if (!check.ok) return failed(`${check.reason}: the header, the chain head or the number of events is not what the service signed`, 1);
  if (check.revoked !== undefined) return failed(revokedWords(check), 1);
  const head = events.at(-1)?.hash;
  return proved(
    `${keyWords(check.key)} signed this header${head === undefined ? '' : `, chain head ${short(head)}`} and ${events.length} events`,
  );
};

/** Receipt `n` (1-based, in the file's order) as a verdict names it. */
const receiptWords = (receipt: Receipt, n: number): string => `receipt ${n} (events ${receipt.from}..${receipt.to}, ${receipt.at})`;

interface ReceiptFinding {
  readonly n: number;
  readonly receipt: Receipt;
  /** Why the receipt fails; null when the log holds it. */
  readonly wrong: { readonly why: string; readonly line?: number } | null;
}

/** Whether `log` holds `receipt`: its game, each of its events, and its chain head at its last event. */
const holds = (log: ParsedLog, receipt: Receipt, keys: KeySet | undefined): ReceiptFinding['wrong'] => {
  if (keys !== undefined) {
    const check = checkReceipt(keys, receipt);
    if (!check.ok) return { why: `its signature does not hold (${check.reason}), so it proves nothing either way` };
    if (check.revoked !== undefined) return { why: revokedWords(check) };
  }
  if (receipt.gameId !== log.header.gameId) return { why: `it is of game ${receipt.gameId}, not of this log's ${log.header.gameId}` };
  const { events } = log;
  const index = events.findIndex((e) => e.seq === receipt.to);
  const seqs = new Set(events.map((e) => e.seq));
  let missing: number | undefined;
  for (let seq = receipt.from; seq <= receipt.to && missing === undefined; seq++) if (!seqs.has(seq)) missing = seq;
  if (index < 0 || missing !== undefined) {
    const last = events.at(-1);
    const gone = missing ?? receipt.to;
    const after = events.findIndex((e) => e.seq > gone);
    return {
      why: `the service recorded events ${receipt.from}..${receipt.to}, but this log has no event ${gone}${last ? ` (it ends at event ${last.seq})` : ''}: events were dropped after the receipt was issued`,
      line: lineOf(after < 0 ? events.length : after),
    };
  }
  const hash = (events[index] as EventEnvelope).hash;
  if (hash === receipt.chainHead) return null;
  return {
    why: `line ${lineOf(index)} (event ${receipt.to}) has chain hash ${short(hash)}, but the service's chain head there was ${short(receipt.chainHead)}: the log was changed at or before that line after the receipt was issued`,
    line: lineOf(index),
  };
};

/**
 * "matches these receipts": each receipt's signature holds against `keys`, and the log holds the
 * receipt's chain head at its last event, and every event it covers. The first receipt (by
 * event) the log does not hold names the line where the log first differs from what the service
 * signed; the receipt before it that still holds bounds the change from below. Without `keys` a
 * receipt's signature is unchecked: a log that disagrees with it still fails, one that agrees
 * is not proved by it.
 */
export const receiptsClaim = (
  log: ParsedLog,
  keys: KeySet | undefined,
  receipts: readonly Receipt[] | undefined,
  chain: CheckResult | undefined,
): { readonly claim: Claim; readonly detail: readonly string[] } => {
  if (receipts === undefined || receipts.length === 0)
    return { claim: notProved('no receipts were given; --receipts names a file of them'), detail: [] };
  const findings: ReceiptFinding[] = receipts
    .map((receipt, i) => ({ n: i + 1, receipt, wrong: holds(log, receipt, keys) }))
    .sort((a, b) => a.receipt.to - b.receipt.to || a.n - b.n);
  const wrong = findings.filter((f) => f.wrong !== null);
  // The first is the claim's own words; each other receipt the log no longer holds gets a line of its own.
  const detail = wrong.slice(1).map((f) => `  also ${receiptWords(f.receipt, f.n)}: ${f.wrong?.why}`);
  const first = wrong[0];
  if (first?.wrong) {
    const before = findings.filter((f) => f.wrong === null && f.receipt.to < first.receipt.to).at(-1);
    const at = before ? log.events.findIndex((e) => e.seq === before.receipt.to) : -1;
    const since = before ? `; ${receiptWords(before.receipt, before.n)} still holds at line ${lineOf(at)}` : '';
    const unchecked = keys === undefined ? "; the receipts' signatures were not checked: no key set was given with --keys" : '';
    return { claim: failed(`${receiptWords(first.receipt, first.n)}: ${first.wrong.why}${since}${unchecked}`, first.wrong.line), detail };
  }
  if (chain !== undefined && !chain.ok && !chain.pending)
    return { claim: notProved(`the hash chain does not hold, so a chain head the log shows stands for nothing before it`), detail };
  const count = `${receipts.length} receipt(s), events ${findings[0]?.receipt.from}..${findings.at(-1)?.receipt.to}`;
  if (keys === undefined)
    return { claim: notProved(`the log holds ${count}, but their signatures were not checked: no key set was given with --keys`), detail };
  return { claim: proved(`${count}: each signed by the service, and the log holds each one's chain head and events`), detail };
};

/** The three claims of a parsed log, given its checks (`verifyLog`), and a key set and receipts if the reader has them. */
export const proveLog = (
  log: ParsedLog,
  checks: readonly CheckResult[],
  { keys, receipts }: { readonly keys?: KeySet | undefined; readonly receipts?: readonly Receipt[] | undefined } = {},
): Proofs & { readonly receiptDetail: readonly string[] } => {
  const matched = receiptsClaim(
    log,
    keys,
    receipts,
    checks.find((c) => c.check === 'chain'),
  );
  return {
    consistent: consistentClaim(checks),
    signed: signatureClaim(keys, log.header, log.events),
    receipts: matched.claim,
    receiptDetail: matched.detail,
  };
};

/** A game log's signature in a tournament export: its game, the line of its header there, and the claim. */
export interface GameSignature {
  readonly gameId: string;
  readonly line: number;
  readonly claim: Claim;
}

/**
 * TRUST-3 for a tournament export: the signature of its header over the tournament log's chain
 * head and count, and each game log's own, every one against `keys`.
 */
export const tournamentSignatures = (
  keys: KeySet | undefined,
  parsed: ParsedExport,
): { readonly tournament: Claim; readonly games: readonly GameSignature[] } => ({
  tournament: signatureClaim(keys, parsed.header, parsed.events, 'tournament export'),
  games: parsed.games.map(({ gameId, line, text }) => {
    const log = parseLog(text);
    return { gameId, line, claim: signatureClaim(keys, log.header, log.events, 'game log') };
  }),
});
