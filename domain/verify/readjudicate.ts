/**
 * Re-adjudication: re-run each recorded command through `decide`, from the state before
 * it, and compare what the rules decide with the logged events. `verify` does it to an
 * exported log; the command handler does it to a game recorded under older rules, to tell
 * whether the rules this build implements decide it the same (PBM-14).
 */
import type { Rulesets } from '../catalogue.ts';
import type { Actor } from '../kernel/context.ts';
import { type Dice, resolveRoll } from '../kernel/dice.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { canonicalJson } from '../kernel/hash.ts';
import { findRolls } from '../kernel/rolls.ts';
import type { RuleViolation } from '../kernel/violation.ts';
import { lifecycleCommand, undoneFromLog } from '../match/command-table.ts';
import { asGameCommand } from '../match/commands.ts';
import { decideGame } from '../match/decide.ts';
import type { RulesVersionAdopted } from '../match/events.ts';
import type { MatchCtx } from '../match/match-ctx.ts';
import type { GameState } from '../match/state.ts';
import { LogFold } from './fold.ts';
import { sameJson } from './same-json.ts';

/** Where the rules and the log part ways: `index` is the 0-based position in the log of the event concerned. */
export type Divergence =
  | { readonly kind: 'no-command'; readonly index: number }
  | { readonly kind: 'illegal'; readonly index: number; readonly violation: RuleViolation }
  | {
      readonly kind: 'differs';
      readonly index: number;
      /** The index of the event that carries the command. */
      readonly commandIndex: number;
      readonly logged: string | null;
      readonly decided: string | null;
    };

export type Readjudication =
  | {
      readonly ok: true;
      /** Commands re-decided. */
      readonly decided: number;
      /** The 0-based index it stopped at: the log's length, or the first batch at or past `until`. */
      readonly checkedTo: number;
      /** The state at `checkedTo`. */
      readonly state: GameState;
    }
  | { readonly ok: false; readonly divergence: Divergence };

export interface ReadjudicateOptions {
  readonly gameId: string;
  /** The rulesets the log is folded and re-decided with (unless `fold` is given, which has its own). */
  readonly rulesets: Rulesets;
  /**
   * The revealed seed. Null for a running game's export (VIEW-8): each command then gets the
   * faces its own events record, and what only the seed gives (the seed commitment, the
   * salts and hashes of sealed orders) is taken as logged; the dice and the commitments are
   * checked once the seed is revealed.
   */
  readonly seed: string | null;
  /** Stop before the batch that reaches this index (a sealed event hidden from the exporting seat). */
  readonly until?: number;
  /** Whether to re-decide the command at `index` (otherwise its events are only folded); every one by default. */
  readonly decides?: (index: number) => boolean;
  /**
   * The rules version every command is decided under: PBM-14 asks whether the served version
   * decides an older game's log the same. By default each command is decided under the
   * version its batch was recorded under (RUL-10).
   */
  readonly under?: string;
  /** PERF-4: the fold of `events` to walk, shared with other checks (verify's state check); a fold of its own by default. */
  readonly fold?: LogFold;
}

/**
 * TB-6: a fork's first command is decided on its origin's state, which only the origin's log
 * gives: without it (`arbiter verify` of the fork alone, PBM-14's check of the fork) it is
 * folded, not re-decided; `verify --origin` re-decides it (origin-check.ts).
 */
const needsOrigin = (event: EventEnvelope): boolean => {
  const type = asGameCommand(event.command)?.type;
  return type !== undefined && lifecycleCommand(type)?.needsOrigin === true;
};

export const actorOf = (label: string, state: GameState): Actor => {
  if (label === 'system') return { kind: 'system' };
  if (label.startsWith('player:')) return { kind: 'player', playerId: label.slice('player:'.length), seat: null };
  const playerId = state.status === 'empty' ? null : (state.seats.find((s) => s.name === label)?.playerId ?? null);
  return { kind: 'player', playerId: playerId ?? '', seat: label };
};

export const recorded = (e: EventEnvelope) => ({
  type: e.type,
  data: e.data,
  ...(e.visibleTo === undefined ? {} : { visibleTo: e.visibleTo }),
});

/**
 * Which rules version an event names is a label, not a decision: re-deciding `CreateGame`
 * or `AdoptRules` under newer rules names the newer version. The labels themselves are
 * checked by `rulesParts`, so here the logged label stands.
 */
const relabel = (decided: DomainEvent, logged: EventEnvelope | undefined): DomainEvent => {
  if (!logged || logged.type !== decided.type) return decided;
  const data = decided.data as Record<string, unknown>;
  const was = logged.data as Record<string, unknown> | null;
  if (decided.type === 'GameCreated') return { ...decided, data: { ...data, rulesVersion: was?.rulesVersion } };
  if (decided.type === 'RulesVersionAdopted') return { ...decided, data: { ...data, to: was?.to } };
  return decided;
};

/** A placeholder for the unrevealed seed: whatever it derives is replaced by the logged values. */
const UNREVEALED = '0'.repeat(64);

/** The event fields only the seed can give: taken as logged when it is not revealed yet. */
const SEED_DERIVED = new Set(['seedCommitment', 'salt', 'hash']);

const adoptSeedDerived = (decided: unknown, logged: unknown): unknown => {
  if (decided === null || typeof decided !== 'object' || logged === null || typeof logged !== 'object') return decided;
  if (Array.isArray(decided)) return Array.isArray(logged) ? decided.map((d, i) => adoptSeedDerived(d, logged[i])) : decided;
  const was = logged as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(decided).map(([key, value]) => [
      key,
      SEED_DERIVED.has(key) && Object.hasOwn(was, key) ? was[key] : adoptSeedDerived(value, was[key]),
    ]),
  );
};

class UnrecordedRoll extends Error {}

/** The dice of one command as its events record them (draw `seq:index`), in draw order. */
const recordedDice = (batch: readonly EventEnvelope[], seq: number): Dice => {
  const faces = new Map<number, number>();
  for (const event of batch)
    for (const { roll } of findRolls(event.data)) if (roll.draw.seq === seq) faces.set(roll.draw.index, roll.value);
  let index = 0;
  return {
    roll(request) {
      const value = faces.get(index);
      if (value === undefined)
        throw new UnrecordedRoll(`the rules roll for ${request.purpose} (draw ${seq}:${index}), which the log does not record`);
      const draw = { seq, index };
      index += 1;
      return resolveRoll(request, value, draw);
    },
  };
};

/** Re-decide one command's batch (`events[start..end)`) from `state`; null when the rules give exactly the logged events. */
const redecide = (
  state: GameState,
  events: readonly EventEnvelope[],
  start: number,
  end: number,
  options: ReadjudicateOptions,
  rulesets: Rulesets,
) => {
  const first = events[start] as EventEnvelope;
  const running = options.seed === null;
  const command = asGameCommand(first.command);
  if (!command) return { kind: 'no-command', index: start } as const;
  const ctx: MatchCtx = {
    rulesets,
    now: first.at,
    actor: actorOf(first.actor, state),
    seed: options.seed ?? UNREVEALED,
    rulesVersion: options.under ?? first.rulesVersion,
    ...(running ? { dice: recordedDice(events.slice(start, end), first.seq) } : {}),
    // TB-2, TB-3: a far takeback is decided on what it undoes, recomputed from this log.
    ...undoneFromLog(command, state, events),
  };
  let decision: ReturnType<typeof decideGame>;
  try {
    decision = decideGame(state, command, ctx, options.gameId);
  } catch (error) {
    if (!(error instanceof UnrecordedRoll)) throw error;
    return {
      kind: 'differs',
      index: start,
      commandIndex: start,
      logged: canonicalJson(recorded(first)),
      decided: `(${error.message})`,
    } as const;
  }
  if (!decision.ok) return { kind: 'illegal', index: start, violation: decision.violation } as const;
  for (let k = 0; k < Math.max(end - start, decision.events.length); k += 1) {
    const logged = k < end - start ? events[start + k] : undefined;
    const labelled = decision.events[k] ? relabel(decision.events[k] as DomainEvent, logged) : undefined;
    const decided = running && labelled && logged ? adoptSeedDerived(labelled, recorded(logged)) : labelled;
    if (logged && decided && sameJson(recorded(logged), decided)) continue;
    const loggedJson = logged ? canonicalJson(recorded(logged)) : null;
    const decidedJson = decided ? canonicalJson(decided) : null;
    if (loggedJson !== null && loggedJson === decidedJson) continue;
    return { kind: 'differs', index: start + k, commandIndex: start, logged: loggedJson, decided: decidedJson } as const;
  }
  return null;
};

/** Fold the log, re-deciding each command `decides` selects; the first divergence, or how many commands were re-decided. */
export const readjudicate = (events: readonly EventEnvelope[], options: ReadjudicateOptions): Readjudication => {
  const fold = options.fold ?? new LogFold(events, options.rulesets);
  if (fold.events !== events) throw new Error('the fold given to readjudicate is of another log');
  let decided = 0;
  let i = 0;
  while (i < events.length) {
    const state = fold.before(i);
    const first = events[i] as EventEnvelope;
    if (first.command === undefined) return { ok: false, divergence: { kind: 'no-command', index: i } };
    let end = i + 1;
    while (end < events.length && events[end]?.command === undefined) end += 1;
    if (options.until !== undefined && end > options.until) return { ok: true, decided, checkedTo: i, state };
    if ((options.decides?.(i) ?? true) && !needsOrigin(first)) {
      const divergence = redecide(state, events, i, end, options, fold.rulesets);
      if (divergence) return { ok: false, divergence };
      decided += 1;
    }
    i = end;
  }
  return { ok: true, decided, checkedTo: events.length, state: fold.final };
};

/** A `RulesVersionAdopted` of the log, at its 0-based index. */
export interface Adoption {
  readonly index: number;
  readonly data: RulesVersionAdopted['data'];
}

export const adoptionsOf = (events: readonly EventEnvelope[], before = events.length): Adoption[] => {
  // COST-3: a plain loop over the log (a flatMap made an array per event, 4% of a verify)
  const adoptions: Adoption[] = [];
  for (let index = 0; index < before && index < events.length; index += 1) {
    const e = events[index] as EventEnvelope;
    if (e.type === 'RulesVersionAdopted') adoptions.push({ index, data: e.data as RulesVersionAdopted['data'] });
  }
  return adoptions;
};

/**
 * Where re-adjudication under newer rules starts: at the last adoption the organiser chose
 * (what came before it was decided under rules the game left by choice, and is not
 * expected to decide the same), else at the start. `before` bounds the search.
 */
export const readjudicationStart = (events: readonly EventEnvelope[], before = events.length): number =>
  adoptionsOf(events, before).findLast((a) => a.data.how === 'organiser')?.index ?? 0;

/**
 * The rules version each event was decided under, checked for consistency: GameCreated's
 * batch is recorded under the version it names; a batch that adopts rules under their `to`;
 * every other batch under the version in force. `index` names the first event that breaks this.
 */
export const rulesVersionsOf = (
  events: readonly EventEnvelope[],
):
  | { readonly ok: true; readonly versions: readonly string[] }
  | { readonly ok: false; readonly index: number; readonly message: string } => {
  const versions: string[] = [];
  let inForce = (events[0]?.data as { rulesVersion?: string } | undefined)?.rulesVersion ?? '';
  let i = 0;
  // COST-3: batch by batch by index, with no copy of each batch
  while (i < events.length) {
    let end = i + 1;
    while (end < events.length && events[end]?.command === undefined) end += 1;
    let at = i;
    while (at < end && events[at]?.type !== 'RulesVersionAdopted') at += 1;
    const adopted = at < end ? ((events[at] as EventEnvelope).data as RulesVersionAdopted['data']) : undefined;
    if (adopted && adopted.from !== inForce) {
      return { ok: false, index: at, message: `adopts rules from ${adopted.from}, but the game played under ${inForce}` };
    }
    if (adopted) inForce = adopted.to;
    for (let k = i; k < end; k += 1) {
      const event = events[k] as EventEnvelope;
      if (event.rulesVersion !== inForce) {
        return {
          ok: false,
          index: k,
          message: `is recorded under rules version ${event.rulesVersion}, but the game played under ${inForce}`,
        };
      }
      versions.push(inForce);
    }
    i = end;
  }
  return { ok: true, versions };
};
