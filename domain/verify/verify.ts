import type { Rulesets } from '../catalogue.ts';
import { rollFace, rollKey, seedCommitment } from '../kernel/dice.ts';
import { type EventEnvelope, envelopeHash, GENESIS_HASH } from '../kernel/envelope.ts';
import { canonicalJson } from '../kernel/hash.ts';
import type { GameState } from '../match/state.ts';
import { SEALED_COMMAND_ID, viewGame } from '../match/view.ts';
import { everyRuleset } from '../rulesets.ts';
import { LogFold } from './fold.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { adoptionsOf, type Divergence, readjudicate, readjudicationStart, rulesVersionsOf } from './readjudicate.ts';
import { findRolls } from './rolls.ts';

export interface CheckResult {
  readonly check: 'chain' | 'seed' | 'dice' | 'rules' | 'state';
  readonly ok: boolean;
  /** One line a person reads. */
  readonly verdict: string;
  /** The first line of the log where the check fails. */
  readonly line?: number;
  /** More lines: e.g. both versions of a diverging event, side by side. */
  readonly detail?: readonly string[];
  /** The rules check of a log that changed rules version (PBM-14): each part, and whether it was re-decided. */
  readonly parts?: readonly RulesPart[];
  /** VIEW-8: not made yet, not failed: the game runs and the check needs what its end reveals. */
  readonly pending?: true;
}

const pass = (check: CheckResult['check'], verdict: string): CheckResult => ({ check, ok: true, verdict });
const fail = (check: CheckResult['check'], verdict: string, line?: number, detail?: readonly string[]): CheckResult => ({
  check,
  ok: false,
  verdict,
  ...(line === undefined ? {} : { line }),
  ...(detail === undefined ? {} : { detail }),
});

/** VIEW-8: a check a running game's export cannot make yet (the seed, or another seat's sealed orders, come with its end). */
const pending = (check: CheckResult['check'], verdict: string, line?: number): CheckResult => ({
  ...fail(check, verdict, line),
  pending: true,
});

/** A log exported while its game runs: the seed is not revealed yet. */
const isRunning = (header: ParsedLog['header']): boolean => header.seed === null && header.status !== 'ended';

/** Sealed events of a redacted export keep their place in the chain but not their content. */
const isSealed = (event: EventEnvelope) => event.type === 'Sealed' && event.data === null;

/**
 * The public commitment after another seat's sealed event shows `commandId: "sealed"` in a
 * seat's export (REL-11), so its hash, which covers the real command id, is checked by its
 * links only, like the sealed event itself.
 */
const hidesItsCommandId = (event: EventEnvelope, previous: EventEnvelope | undefined): boolean =>
  event.commandId === SEALED_COMMAND_ID && previous !== undefined && isSealed(previous);

export const checkChain = ({ header, events }: ParsedLog): CheckResult => {
  let prev = { seq: 0, hash: GENESIS_HASH };
  let sealed = 0;
  for (const [i, event] of events.entries()) {
    // written only when a link fails (PERF-4: not a string per event of an intact chain)
    const at = () => `line ${lineOf(i)} (event ${event.seq})`;
    if (event.gameId !== header.gameId)
      return fail('chain', `hash chain: ${at()} belongs to game ${event.gameId}, not ${header.gameId}`, lineOf(i));
    if (event.seq !== prev.seq + 1) return fail('chain', `hash chain: broken at ${at()}: expected event ${prev.seq + 1}`, lineOf(i));
    if (event.prevHash !== prev.hash)
      return fail('chain', `hash chain: broken at ${at()}: prevHash is not the hash of event ${prev.seq}`, lineOf(i));
    if (isSealed(event)) sealed += 1;
    else if (envelopeHash(event) !== event.hash) {
      if (!hidesItsCommandId(event, events[i - 1]))
        return fail('chain', `hash chain: broken at ${at()}: its content does not match its hash`, lineOf(i));
      sealed += 1;
    }
    prev = event;
  }
  const note = sealed > 0 ? ` (${sealed} sealed event(s) checked by their links only)` : '';
  return pass('chain', `hash chain: intact over ${events.length} events${note}`);
};

export const checkSeed = ({ header, events }: ParsedLog): CheckResult => {
  if (header.seed === null)
    return (isRunning(header) ? pending : fail)('seed', 'seed: not revealed yet; it is published when the game ends');
  const created = events[0];
  const committed = (created?.data as { seedCommitment?: string } | undefined)?.seedCommitment;
  if (committed !== header.seedCommitment) return fail('seed', 'seed: the header commitment differs from the one in GameCreated', 2);
  if (seedCommitment(header.seed) !== committed)
    return fail('seed', 'seed: its SHA-256 does not match the commitment made at game creation', 1);
  const revealed = events.findIndex((e) => e.type === 'SeedRevealed');
  if (revealed >= 0 && (events[revealed]?.data as { seed?: string } | undefined)?.seed !== header.seed) {
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

export const checkDice = ({ header, events }: ParsedLog): CheckResult => {
  if (header.seed === null) return (isRunning(header) ? pending : fail)('dice', 'dice: cannot be recomputed before the seed is revealed');
  const key = rollKey(header.seed, contributionsOf(events));
  const starts = batchStarts(events);
  const seen = new Set<string>();
  let count = 0;
  for (const [i, event] of events.entries()) {
    for (const { path, roll } of findRolls(event.data)) {
      const at = `line ${lineOf(i)} (event ${event.seq}, ${path})`;
      const draw = `${roll.draw.seq}:${roll.draw.index}`;
      if (roll.draw.seq !== starts[i])
        return fail('dice', `dice: ${at} claims draw ${draw} but its command's first event is ${starts[i]}`, lineOf(i));
      if (seen.has(draw)) return fail('dice', `dice: ${at} reuses draw ${draw}`, lineOf(i));
      seen.add(draw);
      const face = rollFace(key, header.gameId, roll.draw.seq, roll.draw.index, roll.sides);
      if (face !== roll.value)
        return fail('dice', `dice: ${at} records ${roll.value} on a d${roll.sides} but the seed gives ${face}`, lineOf(i));
      count += 1;
    }
  }
  return pass('dice', `dice: all ${count} rolls are the ones the seed gives`);
};

/** A run of the log decided under one rules version, and whether this build re-decided it. */
export interface RulesPart {
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly rulesVersion: string;
  readonly readjudicated: boolean;
}

/**
 * Which commands this build can re-decide (PBM-14, RUL-10): those decided under a version it
 * implements (`decided`), and those a replayed adoption to its newest claims decide the same
 * under it (from the last organiser adoption before that migration, as the server re-adjudicated them).
 */
const decidable = (
  events: readonly EventEnvelope[],
  versions: readonly string[],
  decided: readonly string[],
  current: string,
): ((index: number) => boolean) => {
  const migration = adoptionsOf(events).find((a) => a.data.to === current && a.data.how === 'replayed');
  const claimFrom = migration ? readjudicationStart(events, migration.index) : 0;
  const claimTo = migration?.index ?? 0;
  return (index) => decided.includes(versions[index] ?? '') || (index >= claimFrom && index < claimTo);
};

/** Consecutive events by rules version and whether they were re-decided. */
const partsOf = (events: readonly EventEnvelope[], versions: readonly string[], decides: (index: number) => boolean): RulesPart[] => {
  // PERF-4: the open part grows in place rather than being copied for each event
  const parts: { -readonly [K in keyof RulesPart]: RulesPart[K] }[] = [];
  let checked = true;
  for (const [i, event] of events.entries()) {
    if (event.command !== undefined) checked = decides(i);
    const version = versions[i] ?? '';
    const last = parts.at(-1);
    if (last && last.rulesVersion === version && last.readjudicated === checked) last.toSeq = event.seq;
    else parts.push({ fromSeq: event.seq, toSeq: event.seq, rulesVersion: version, readjudicated: checked });
  }
  return parts;
};

const describePart = (part: RulesPart, current: string): string => {
  const events = part.fromSeq === part.toSeq ? `event ${part.fromSeq} was` : `events ${part.fromSeq}–${part.toSeq} were`;
  return part.readjudicated
    ? `${events} decided under ${part.rulesVersion} and re-decide the same under ${current}, as the adoption after them claims`
    : `${events} decided under ${part.rulesVersion}, which this build does not implement; not re-adjudicated`;
};

const divergenceResult = (divergence: Divergence, events: readonly EventEnvelope[]): CheckResult => {
  const i = divergence.index;
  const seq = events[i]?.seq;
  switch (divergence.kind) {
    case 'no-command':
      return fail('rules', `rules: line ${lineOf(i)} (event ${seq}) starts a batch but carries no command`, lineOf(i));
    case 'illegal': {
      const v = divergence.violation;
      return fail('rules', `rules: line ${lineOf(i)} (event ${seq}): the command is illegal: ${v.message} (${v.rule})`, lineOf(i));
    }
    case 'differs':
      return fail(
        'rules',
        `rules: line ${lineOf(i)} differs from what the rules decide for the command at line ${lineOf(divergence.commandIndex)}`,
        lineOf(i),
        [`  logged:     ${divergence.logged ?? '(nothing)'}`, `  re-decided: ${divergence.decided ?? '(nothing)'}`],
      );
  }
};

/**
 * Re-run every recorded command through `decide` from the state before it; the events must
 * be exactly the logged ones. A log that adopted this build's rules version (PBM-14) is
 * checked where it can be, and the parts decided under other versions are named.
 */
export const checkRules = ({ header, events }: ParsedLog, fold = new LogFold(events, everyRuleset())): CheckResult => {
  const ruleset = fold.rulesets.findRuleset(header.ruleset);
  if (!ruleset) return fail('rules', `rules: this verifier does not know the ruleset "${header.ruleset}"`, 1);
  const current = ruleset.rulesVersion;
  const decided = ruleset.rulesVersions ?? [current];
  // A log under no version this build implements, that never adopted its newest, is not re-adjudicated at all.
  if (!decided.includes(header.rulesVersion) && !adoptionsOf(events).some((a) => a.data.to === current)) {
    return fail(
      'rules',
      `rules: this log needs ${ruleset.title} rules version ${header.rulesVersion}, but this verifier implements ${current}; re-adjudication refused`,
      1,
    );
  }
  const labelled = rulesVersionsOf(events);
  if (!labelled.ok) return fail('rules', `rules: line ${lineOf(labelled.index)} ${labelled.message}`, lineOf(labelled.index));
  const { versions } = labelled;
  const final = versions.at(-1) ?? header.rulesVersion;
  if (final !== header.rulesVersion) {
    return fail('rules', `rules: the header names rules version ${header.rulesVersion}, but the log ends under ${final}`, 1);
  }
  // VIEW-8: a running game's export has no seed yet; its commands are re-decided with the dice the log records.
  const running = isRunning(header);
  if (header.seed === null && !running) return fail('rules', 'rules: re-adjudication needs the seed, revealed when the game ends');
  const sealed = events.findIndex(isSealed);
  if (sealed >= 0 && !running)
    return fail('rules', 'rules: this export hides sealed events; re-adjudicate the complete log of the ended game', lineOf(sealed));
  const decides = decidable(events, versions, decided, current);
  const until = sealed >= 0 ? { until: sealed } : {};
  const result = readjudicate(events, { gameId: header.gameId, seed: header.seed, rulesets: fold.rulesets, decides, fold, ...until });
  if (!result.ok) return divergenceResult(result.divergence, events);
  const parts = partsOf(events, versions, decides);
  // each part this build implements is re-decided under its own version (RUL-10)
  const own = [...new Set(parts.filter((p) => decided.includes(p.rulesVersion)).map((p) => p.rulesVersion))];
  const under = `${ruleset.title} ${own.length > 0 ? own.join(', ') : current}`;
  if (running) return runningVerdict(result.decided, result.checkedTo, events.length, under);
  const others = parts.filter((p) => !decided.includes(p.rulesVersion)).map((p) => describePart(p, current));
  const verdict = `rules: all ${result.decided} commands re-decided under ${under} give exactly the logged events`;
  return { ...pass('rules', others.length === 0 ? verdict : `${verdict}; ${others.join('; ')}`), ...(others.length ? { parts } : {}) };
};

/**
 * VIEW-8: the rules verdict of a running game's export. Up to a sealed event hidden from the
 * exporting seat the rules are checked (with the recorded dice); what follows is pending.
 */
const runningVerdict = (decided: number, checkedTo: number, length: number, rules: string): CheckResult => {
  const checked = `rules: ${decided} commands re-decided under ${rules} with the dice the log records give exactly the logged events (the dice are checked when the seed is revealed)`;
  if (checkedTo >= length) return pass('rules', checked);
  return pending(
    'rules',
    `${checked}; from line ${lineOf(checkedTo)} the log hides sealed orders: pending until the game ends`,
    lineOf(checkedTo),
  );
};

/** The fold's end against the header's state; `fold` may have been walked by the rules check already (PERF-4). */
export const checkState = ({ header, events }: ParsedLog, fold = new LogFold(events, everyRuleset())): CheckResult => {
  if (events.some(isSealed))
    return (isRunning(header) ? pending : fail)('state', 'state: cannot fold a log with sealed events; export again after the game ends');
  let folded: GameState;
  try {
    folded = fold.final;
  } catch (error) {
    return fail('state', `state: the log does not fold: ${(error as Error).message}`);
  }
  const view = viewGame(fold.rulesets, folded, header.viewer);
  if (canonicalJson(view) !== canonicalJson(header.state)) {
    return fail('state', `state: the fold of the log differs from the state the server reported (version ${folded.version})`, 1);
  }
  return pass('state', `state: the fold of the log equals the state the server reported (version ${folded.version})`);
};

/**
 * Every check of a log. PERF-4: the rules check and the state check share one fold of it
 * (`options.fold`, a new one unless given), so each event is folded once.
 */
export const verifyLog = (
  log: ParsedLog,
  { rulesets = everyRuleset(), fold = new LogFold(log.events, rulesets) }: { readonly rulesets?: Rulesets; readonly fold?: LogFold } = {},
): CheckResult[] => [checkChain(log), checkSeed(log), checkDice(log), checkRules(log, fold), checkState(log, fold)];
