/**
 * The work behind `arbiter verify` and `arbiter replay`. Loaded only when a command runs,
 * so `arbiter --help` does not pay for the rules of three games.
 */
import { writeFileSync } from 'node:fs';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { foldGame } from '../../../domain/match/evolve.ts';
import { redactEvent, viewGame } from '../../../domain/match/view.ts';
import { everyRuleset } from '../../../domain/rulesets.ts';
import { LogFormatError, type ParsedLog, parseLog } from '../../../domain/verify/log.ts';
import { outcomeOf } from '../../../domain/verify/pending.ts';
import { checkPlayerSignatures } from '../../../domain/verify/player-signatures.ts';
import { CLAIM_NAMES, type Claim, proveLog, tournamentSignatures } from '../../../domain/verify/proofs.ts';
import { parseExport, verifyTournament } from '../../../domain/verify/tournament.ts';
import { verifyLog } from '../../../domain/verify/verify.ts';
import { actingSeat, explainActed, gameBefore } from '../../../render/actor.ts';
import { standaloneSvg } from '../../../render/board.ts';
import { rendererList } from '../../../render/renderers.ts';
import { eventLine, playerNamesOf } from '../../../render/sentences.ts';
import { readKeySet, readReceipts } from './proof-files.ts';
import { summarize } from './summary.ts';
import { EXIT, type Output, UsageError } from './usage.ts';
import { readUserFile } from './user-file.ts';

const load = (file: string | undefined): ParsedLog => {
  if (!file) throw new UsageError('name the exported log file, e.g. arbiter verify game.ndjson');
  const text = readUserFile(file);
  try {
    return parseLog(text);
  } catch (error) {
    if (error instanceof LogFormatError) throw new UsageError(`${file} is not an Arbiter log: ${error.message}`);
    throw error;
  }
};

/** What `arbiter verify` checks beyond the log itself: a fork's origin, the service's key set, a player's receipts. */
export interface VerifyOptions {
  readonly origin?: string | undefined;
  /** A JWKS file, or a URL: the service's origin or its key set's address (TRUST-3). */
  readonly keys?: string | undefined;
  /** A file of receipts, NDJSON or a JSON array (TRUST-4). */
  readonly receipts?: string | undefined;
}

export const verify = async (file: string | undefined, out: Output, options: VerifyOptions = {}): Promise<number> => {
  const print = lines(out);
  const log = load(file);
  // TB-6: a fork is verified with the log it came from.
  const origin = options.origin === undefined ? undefined : load(options.origin);
  const receipts = options.receipts === undefined ? undefined : readReceipts(options.receipts);
  const keys = options.keys === undefined ? undefined : await readKeySet(options.keys);
  const { header, events } = log;
  print(`${header.gameId}: ${header.ruleset} ${header.rulesVersion}, ${events.length} events, ${header.status}`);
  // TRUST-6: and who signed which command.
  const checks = verifyLog(log, { ...(origin ? { origin } : {}), playerSignatures: checkPlayerSignatures });
  const results = checks.map((result) => ({ result, pending: outcomeOf(result) === 'pending' }));
  for (const { result, pending } of results) {
    print(`${pending ? 'PENDING' : result.ok ? 'PASS' : 'FAIL'}  ${result.verdict}`);
    for (const line of result.detail ?? []) print(line);
  }
  // TRUST-3, TRUST-4: what the checks, the signature and the receipts prove, each said apart.
  const proofs = proveLog(log, checks, { keys, receipts });
  print('what this log proves:');
  for (const name of ['consistent', 'signed', 'receipts'] as const) {
    const { outcome, why } = proofs[name];
    print(`  ${CLAIM_NAMES[name]}: ${outcome} (${why})`);
    if (name === 'receipts') for (const line of proofs.receiptDetail) print(`  ${line}`);
  }
  const failed =
    results.filter((r) => !r.result.ok && !r.pending).length +
    [proofs.signed, proofs.receipts].filter((c) => c.outcome === 'failed').length;
  const pending = results.filter((r) => r.pending).length;
  if (failed > 0) {
    print(`verdict: ${failed} check(s) failed`);
    return EXIT.failed;
  }
  if (pending > 0) {
    print(`verdict: nothing failed; ${pending} check(s) pending until the game ends and its seed is revealed`);
    return EXIT.pending;
  }
  print('verdict: the log holds');
  return EXIT.holds;
};

const readText = (file: string | undefined, example: string): string => {
  if (!file) throw new UsageError(`name the exported file, e.g. ${example}`);
  return readUserFile(file);
};

/** CLUB-5: every check of a tournament export, one line each, a failure with its line; with `keys`, its signatures too (TRUST-3). */
export const verifyTournamentFile = async (file: string | undefined, out: Output, keySource?: string): Promise<number> => {
  const print = lines(out);
  const text = readText(file, 'arbiter verify-tournament cup.ndjson');
  const checks = verifyTournament(text, everyRuleset());
  if (checks[0]?.check === 'format' && !checks[0].ok) throw new UsageError(`${file} is not a tournament export: ${checks[0].verdict}`);
  const keys = keySource === undefined ? undefined : await readKeySet(keySource);
  for (const c of checks) print(`${c.ok ? 'PASS' : 'FAIL'}  ${c.check}: ${c.line === undefined ? '' : `line ${c.line}: `}${c.verdict}`);
  // Without --keys nothing is checked of the signatures, and the output is as it was before exports were signed.
  const signatures = keys === undefined ? { lines: [], failed: 0 } : signatureLines(tournamentSignatures(keys, parseExport(text)));
  for (const line of signatures.lines) print(line);
  const failed = checks.filter((c) => !c.ok).length + signatures.failed;
  print(failed > 0 ? `verdict: ${failed} check(s) failed` : 'verdict: the tournament holds');
  return failed > 0 ? EXIT.failed : EXIT.holds;
};

/**
 * The export's signature, then its game logs': one line each that failed, and one for all that
 * were proved or not proved alike. A line that is not PASS or FAIL says plainly what was not checked.
 */
const signatureLines = ({ tournament, games }: ReturnType<typeof tournamentSignatures>): { lines: string[]; failed: number } => {
  const mark = (claim: Claim) => (claim.outcome === 'proved' ? 'PASS' : claim.outcome === 'failed' ? 'FAIL' : 'NOT PROVED');
  const wrong = games.filter((g) => g.claim.outcome === 'failed');
  const rest = games.filter((g) => g.claim.outcome !== 'failed');
  const first = rest[0]?.claim;
  const other = wrong.length > 0 ? 'other ' : '';
  const summary =
    first === undefined
      ? []
      : rest.every((g) => g.claim.outcome === 'proved')
        ? [`PASS  signature: each of the ${rest.length} ${other}game log(s) is signed by this service`]
        : rest.every((g) => g.claim.why === first.why)
          ? [`${mark(first)}  signature: the ${rest.length} ${other}game log(s): ${first.why}`]
          : rest.map((g) => `${mark(g.claim)}  signature: line ${g.line}: game ${g.gameId}: ${g.claim.why}`);
  const lines = [
    `${mark(tournament)}  signature: ${tournament.outcome === 'failed' ? 'line 1: ' : ''}the tournament export: ${tournament.why}`,
    ...wrong.map((g) => `FAIL  signature: line ${g.line}: game ${g.gameId}: ${g.claim.why}`),
    ...summary,
  ];
  return { lines, failed: (tournament.outcome === 'failed' ? 1 : 0) + wrong.length };
};

/** A whole number from 1 to `max`, or a sentence saying what the option takes. */
const eventNumber = (option: string, value: string, max: number): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw new UsageError(`${option} takes an event number from 1 to ${max}, not "${value}"`);
  return n;
};

export interface ReplayOptions {
  readonly at?: string | undefined;
  readonly seat?: string | undefined;
  readonly explain?: string | undefined;
  readonly json?: boolean | undefined;
  readonly svg?: string | undefined;
  readonly arcs?: boolean | undefined;
}

export const replay = (file: string | undefined, options: ReplayOptions, out: Output): number => {
  const print = lines(out);
  if (options.json && options.svg !== undefined) throw new UsageError('--json and --svg each print the state their own way; choose one');
  if (options.arcs && options.svg === undefined) throw new UsageError('--arcs draws firing arcs on the --svg picture; give --svg FILE too');
  const log = load(file);
  const { header, events } = log;
  if (events.length === 0) throw new UsageError(`${file} has no events to replay`);
  if (options.explain !== undefined) {
    if (options.at !== undefined || options.json || options.svg !== undefined)
      throw new UsageError('--explain takes no --at, --json or --svg; it explains one event');
    const seq = eventNumber('--explain', options.explain, events.length);
    const event = events.find((e) => e.seq === seq);
    if (!event) throw new UsageError(`there is no event ${seq} in this log`);
    // TABLE-7: the seat whose piece rolled, as the page names it, not the command's sender.
    for (const line of explainActed(event, gameBefore(everyRuleset(), events, seq), events)) print(line);
    return EXIT.holds;
  }
  const seatNames = header.seats.map((s) => s.name);
  if (options.seat !== undefined && !seatNames.includes(options.seat)) {
    throw new UsageError(`there is no seat "${options.seat}" in this game; its seats are ${seatNames.join(', ')}`);
  }
  const upTo = options.at === undefined ? events.length : eventNumber('--at', options.at, events.length);
  const shown = events.slice(0, upTo);
  const sealed = shown.find((e) => e.type === 'Sealed');
  if (sealed) throw new UsageError(`event ${sealed.seq} is sealed in this export; replay the complete log of the ended game`);
  const rulesets = everyRuleset();
  const seat = options.seat ?? header.viewer;
  const before = foldGame(rulesets, shown.slice(0, -1));
  // TB-2, TB-3: a far takeback as the last event shown folds onto the state at its version, re-folded from the log.
  const at = (version: number) => foldGame(rulesets, shown.slice(0, version));
  const view = viewGame(rulesets, foldGame(rulesets, shown.slice(-1), before, at), seat);
  if (!view) throw new UsageError(`the game has not started by event ${upTo}`);
  if (options.svg !== undefined) {
    try {
      // The event shown is drawn on the board too (VIEW-11): its shot, move or loss.
      const event = { event: shown[shown.length - 1] as EventEnvelope, before: viewGame(rulesets, before, seat) };
      writeFileSync(options.svg, `${standaloneSvg(view, events, upTo, { arcs: options.arcs === true, event })}\n`);
    } catch (error) {
      throw new UsageError(`cannot write ${options.svg} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
    }
    print(`wrote the battlefield after event ${upTo} to ${options.svg}`);
    return EXIT.holds;
  }
  if (options.json) {
    print(JSON.stringify(view, null, 2));
    return EXIT.holds;
  }
  // TABLE-7: the event shown, in the words and with the actor the page's event list gives it.
  const last = redactEvent(shown[shown.length - 1] as EventEnvelope, seat, shown[shown.length - 2]);
  print(
    summarize(view, rendererList, eventLine(last, actingSeat(last, before), header.ruleset, rendererList, playerNamesOf(header.seats))),
  );
  return EXIT.holds;
};

const lines =
  (out: Output) =>
  (line: string): void =>
    out(`${line}\n`);
