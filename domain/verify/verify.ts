/**
 * `arbiter verify` (docs/design.md §15): every check of an exported log, made with no server:
 * the hash chain, the seed, the dice, the rules (rules-check.ts) and the state.
 */
import type { Rulesets } from '../catalogue.ts';
import { rollFace, rollKey, seedCommitment } from '../kernel/dice.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { canonicalJson } from '../kernel/hash.ts';
import { findRolls } from '../kernel/rolls.ts';
import { keySchemeOf } from '../match/rules-context.ts';
import type { GameState } from '../match/state.ts';
import { viewGame } from '../match/view.ts';
import { everyRuleset } from '../rulesets.ts';
import { checkChain } from './chain-check.ts';
import { voidedBy } from './explain.ts';
import { LogFold } from './fold.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { checkOrigin } from './origin-check.ts';
import type { checkPlayerSignatures } from './player-signatures.ts';
import { rulesVersionsOf } from './readjudicate.ts';
import { type CheckResult, fail, isRunning, isSealed, pass, pending } from './result.ts';
import { checkRules } from './rules-check.ts';

export type { CheckResult, RulesPart } from './result.ts';
export { checkChain, checkRules };

export const checkSeed = ({ header, events }: ParsedLog): CheckResult => {
  if (header.seed === null)
    return (isRunning(header) ? pending : fail)('seed', 'seed: not revealed yet; it is published when the game ends');
  const created = events[0];
  const committed = (created?.data as { seedCommitment?: string } | undefined)?.seedCommitment;
  if (committed !== header.seedCommitment) return fail('seed', 'seed: the header commitment differs from the one in GameCreated', 2);
  if (seedCommitment(header.seed) !== committed)
    return fail('seed', 'seed: its SHA-256 does not match the commitment made at game creation', 1);
  const revealed = events.findIndex((e) => e.type === 'SeedRevealed');
  // The reveal is part of the game's end (docs/design.md §6): a header that shows the seed of a
  // log whose chain never recorded publishing it is a log cut short or put together afterwards.
  if (revealed < 0)
    return fail(
      'seed',
      'seed: the header shows it, but no SeedRevealed event in the log records its reveal at the end of the game',
      lineOf(events.length - 1),
    );
  if ((events[revealed]?.data as { seed?: string } | undefined)?.seed !== header.seed) {
    return fail('seed', 'seed: the SeedRevealed event names another seed than the header', lineOf(revealed));
  }
  return pass('seed', 'seed: matches the commitment made at game creation');
};

/** The first seq of each event's command batch (the batch starts at the event that carries the command). */
const batchStarts = (events: readonly EventEnvelope[]): number[] => {
  let start = 0;
  return events.map((event, i) => {
    if (event.command !== undefined || i === 0 || events[i - 1]?.commandId !== event.commandId) start = event.seq;
    return start;
  });
};

const contributionsOf = (events: readonly EventEnvelope[]): string[] => {
  const seats = ((events[0]?.data as { seats?: string[] } | undefined)?.seats ?? []).map((name) => ({
    name,
    contribution: null as string | null,
  }));
  for (const e of events) {
    if (e.type !== 'SeatJoined') continue;
    const data = e.data as { seat: string; seedContribution: string | null };
    const seat = seats.find((s) => s.name === data.seat);
    if (seat) seat.contribution = data.seedContribution;
  }
  return seats.flatMap((s) => (s.contribution ? [s.contribution] : []));
};

/** The dice key of each event: the game's seed, contributions and the key scheme of the version the event was decided under (§6). */
const diceKeys = (log: ParsedLog, seed: string, rulesets: Rulesets): ((index: number) => string) => {
  const contributions = contributionsOf(log.events);
  const labelled = rulesVersionsOf(log.events);
  // COST-3: by version, so a roll costs a lookup (the scheme and its key are worked out once per version)
  const keys = new Map<string, string>();
  return (index) => {
    // A log whose labels do not hold together is named by the rules check; the dice take the header's version then.
    const version = (labelled.ok ? labelled.versions[index] : undefined) ?? log.header.rulesVersion;
    let key = keys.get(version);
    if (key === undefined) {
      key = rollKey(seed, contributions, keySchemeOf(rulesets, log.header.ruleset, version));
      keys.set(version, key);
    }
    return key;
  };
};

/** TB-2: where the event at `index` was voided by a takeback, that its rolls were discarded there; else nothing. */
const discardedAt = (events: readonly EventEnvelope[], index: number): string => {
  const event = events[index];
  const takeback = event && voidedBy(events, event.seq);
  if (!takeback) return '';
  return `, which line ${lineOf(index)} (event ${event.seq}) drew and the takeback at event ${takeback.seq} discarded: a discarded roll stays spent`;
};

export const checkDice = (log: ParsedLog, rulesets: Rulesets = everyRuleset()): CheckResult => {
  const { header, events } = log;
  if (header.seed === null) return (isRunning(header) ? pending : fail)('dice', 'dice: cannot be recomputed before the seed is revealed');
  const keyAt = diceKeys(log, header.seed, rulesets);
  const starts = batchStarts(events);
  /** Each draw used so far, with the index of the event that used it. */
  const seen = new Map<string, number>();
  let count = 0;
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i] as EventEnvelope;
    for (const { path, roll } of findRolls(event.data)) {
      const at = `line ${lineOf(i)} (event ${event.seq}, ${path})`;
      const draw = `${roll.draw.seq}:${roll.draw.index}`;
      // A draw used before is named as reused first, whatever else is wrong with it: a roll a takeback discarded stays spent (TB-2).
      const first = seen.get(draw);
      if (first !== undefined) return fail('dice', `dice: ${at} reuses draw ${draw}${discardedAt(events, first)}`, lineOf(i));
      if (roll.draw.seq !== starts[i])
        return fail('dice', `dice: ${at} claims draw ${draw} but its command's first event is ${starts[i]}`, lineOf(i));
      seen.set(draw, i);
      const face = rollFace(keyAt(i), header.gameId, roll.draw.seq, roll.draw.index, roll.sides);
      if (face !== roll.value)
        return fail('dice', `dice: ${at} records ${roll.value} on a d${roll.sides} but the seed gives ${face}`, lineOf(i));
      count += 1;
    }
  }
  return pass('dice', `dice: all ${count} rolls are the ones the seed gives`);
};

/**
 * Where `view` differs from `reported` on a member `reported` has (its path), or null when it
 * has every one with the same value. An array must have the same length, item by item.
 */
const differsFrom = (view: unknown, reported: unknown, path = 'state'): string | null => {
  // A member the fold does not have at all differs (canonical JSON has no form for `undefined`).
  if (reported === null || typeof reported !== 'object')
    return view !== undefined && canonicalJson(view) === canonicalJson(reported) ? null : path;
  if (view === null || typeof view !== 'object' || Array.isArray(view) !== Array.isArray(reported)) return path;
  if (Array.isArray(reported)) {
    const items = view as unknown[];
    if (items.length !== reported.length) return path;
    for (const [i, item] of reported.entries()) {
      const at = differsFrom(items[i], item, `${path}[${i}]`);
      if (at) return at;
    }
    return null;
  }
  for (const [key, value] of Object.entries(reported)) {
    const at = differsFrom((view as Record<string, unknown>)[key], value, `${path}.${key}`);
    if (at) return at;
  }
  return null;
};

/**
 * The fold's end against the header's state; `fold` may have been walked by the rules check
 * already (PERF-4). A log of the newest rules version must match member for member. The view
 * gained members as the rules did, so a log of an older version that does not is compared on
 * every member its server reported (RUL-10): each must be there with the reported value.
 */
export const checkState = ({ header, events }: ParsedLog, fold = new LogFold(events, everyRuleset())): CheckResult => {
  if (events.some(isSealed))
    return (isRunning(header) ? pending : fail)('state', 'state: cannot fold a log with sealed events; export again after the game ends');
  let folded: GameState;
  let view: unknown;
  try {
    folded = fold.final;
    // A lobby folds without its ruleset, but only the ruleset can show it: a log naming one this build lacks fails here.
    view = viewGame(fold.rulesets, folded, header.viewer);
  } catch (error) {
    return fail('state', `state: the log does not fold: ${(error as Error).message}`);
  }
  const differs = `state: the fold of the log differs from the state the server reported (version ${folded.version})`;
  const equals = `state: the fold of the log equals the state the server reported (version ${folded.version})`;
  const json = canonicalJson(view);
  if (json === canonicalJson(header.state)) return pass('state', equals);
  if (header.rulesVersion === fold.rulesets.findFold(header.ruleset)?.rulesVersion) return fail('state', differs, 1);
  const at = differsFrom(JSON.parse(json), header.state);
  if (at) return fail('state', differs, 1, [`  first at ${at}`]);
  return pass('state', `${equals}, on every member a ${header.rulesVersion} server reported`);
};

/**
 * Every check of a log. PERF-4: the rules check and the state check share one fold of it
 * (`options.fold`, a new one unless given), so each event is folded once.
 */
export const verifyLog = (
  log: ParsedLog,
  {
    rulesets = everyRuleset(),
    fold = new LogFold(log.events, rulesets),
    origin,
    playerSignatures,
  }: {
    readonly rulesets?: Rulesets;
    readonly fold?: LogFold;
    readonly origin?: ParsedLog;
    /**
     * TRUST-6: the players' signatures check (player-signatures.ts), given by the callers that have
     * Ed25519 at hand (the CLI, Node): it is passed in, not imported, so the page's bundle, which
     * has no node:crypto, builds without it.
     */
    readonly playerSignatures?: typeof checkPlayerSignatures;
  } = {},
): CheckResult[] => {
  const checks = [checkChain(log), checkSeed(log), checkDice(log, rulesets), checkRules(log, fold), checkState(log, fold)];
  // TRUST-6: who signed which command, in a log that has players' signatures or keys.
  const signatures = playerSignatures?.(log);
  if (signatures) checks.push(signatures);
  // TB-6: a fork's log is checked with its origin's too (origin-check.ts).
  const forked = checkOrigin(log, origin, rulesets);
  return forked ? [...checks, forked] : checks;
};
