/**
 * TABLE-3: ask the referee first. A dry run of a command decides it exactly as the command path
 * would (the same load, the same refusals, the same decider, the same budgets) and records
 * nothing: no append, no record, no checkpoint. Its dice draw nothing: each roll shows the face
 * it needs (`neededDice`), and the decision's seed is a throwaway one, so a dry run says what a
 * roll needs and nothing of what it will be.
 */

import type { Actor } from '../../../domain/kernel/context.ts';
import { type DieRoll, neededDice, type RollNeed, rollNeed } from '../../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { findRolls } from '../../../domain/kernel/rolls.ts';
import type { GameCommand } from '../../../domain/match/command-table.ts';
import { hiddenFrom } from '../../../domain/match/fork.ts';
import type { MatchCtx } from '../../../domain/match/match-ctx.ts';
import { recordCommand } from '../../../domain/match/record.ts';
import { isPinned } from '../../../domain/match/rules-adoption.ts';
import type { GameState } from '../../../domain/match/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import { notFound, Problem, ruleViolation } from '../../kernel/problems.ts';
import { refuseUnknownCommandFields } from '../../kernel/strict.ts';
import { refuseOverBudget, refuseTooManyEvents } from './budget.ts';
import { actorFor, type Caller, type CommandRequest, refuseStaleVersion, refuseStranger, undoneFor } from './commands.ts';
import { foldOnto, loadGame } from './game-fold.ts';

export interface CheckRequest {
  readonly gameId: string;
  readonly expectedVersion?: number | undefined;
  readonly command: GameCommand;
  readonly caller: Caller;
}

/** A roll the command would make, as it is asked for, and what it needs. */
export interface NeededRoll extends RollNeed {
  /** The event that would carry it. */
  readonly seq: number;
  readonly purpose: string;
  readonly sides: number;
  readonly rule?: string;
  readonly modifiers: DieRoll['modifiers'];
  readonly target?: number;
  readonly effectiveTarget?: number;
  readonly compare?: 'atLeast' | 'atMost';
}

/** Why the referee would refuse it: the rule and the sentence, as the command's own 4xx would say. */
export interface Refusal {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly rule?: string;
  readonly code?: string;
}

type Started = Exclude<GameState, { status: 'empty' }>;

export type CheckResult =
  | {
      readonly accepted: true;
      /** The version the command was decided on. */
      readonly version: number;
      /** The events it would record, up to any that would reveal orders sealed from the caller (`withheld`). */
      readonly events: readonly EventEnvelope[];
      readonly rolls: readonly NeededRoll[];
      /** How many events after those it would record: a resolution of orders others sealed, which no dry run shows. */
      readonly withheld: number;
      /** The decided state, for the answer's seat (routes.ts redacts the events with it). */
      readonly state: GameState;
    }
  | { readonly accepted: false; readonly version: number; readonly refusal: Refusal; readonly state: GameState };

/** The id a dry run's events carry: `@` starts no client's id (REL-1), so none is mistaken for a recorded command. */
export const CHECK_COMMAND_ID = '@check';

/**
 * One read (the command path's own load, answered from the process's newest state when the head
 * has not moved), then the command path's checks in its order: a missing or private game is a
 * 404, an unknown field a 400, a stale `expectedVersion` a 409, as the command would be answered.
 * What the referee decides is the answer's: accepted with its events, or refused with its rule.
 */
export const checkCommand = async (deps: Deps, check: CheckRequest): Promise<CheckResult> => {
  const { state } = await loadGame(deps, check.gameId);
  if (state.status === 'empty') throw notFound(`game ${check.gameId}`);
  const request: CommandRequest = { ...check, commandId: CHECK_COMMAND_ID };
  refuseStranger(request, state);
  refuseUnknownCommandFields(deps.rulesets, state, check.command);
  refuseStaleVersion(check.expectedVersion, state);
  const ctx: MatchCtx = {
    rulesets: deps.rulesets,
    now: deps.clock().toISOString(),
    actor: actorFor(deps, check.caller, state),
    // Never the game's seed: nothing decided here may carry anything derived from it.
    seed: deps.randomHex(32),
    dice: neededDice(state.version + 1),
    ...servedRules(deps, state),
    ...(await undoneFor(deps, request, state)),
  };
  const decision = recordCommand(state, check.command, ctx, check.gameId, CHECK_COMMAND_ID);
  if (!decision.ok) return { accepted: false, version: state.version, refusal: refusalOf(ruleViolation(decision.violation)), state };
  try {
    refuseTooManyEvents(decision.events);
    const after = await foldOnto(deps, decision.events, state);
    refuseOverBudget(state, after);
    const shown = decision.events.slice(0, shownOf(deps, state, ctx.actor, decision.events));
    const withheld = decision.events.length - shown.length;
    return { accepted: true, version: state.version, events: shown, rolls: rollsIn(shown), withheld, state: after };
  } catch (error) {
    // The budgets refuse a command the rules allow (INV-1): the command would be refused with them.
    if (error instanceof Problem) return { accepted: false, version: state.version, refusal: refusalOf(error), state };
    throw error;
  }
};

/**
 * PBM-14: a game under older rules adopts the served version just before its next command,
 * when its log decides the same under them, and the command is decided under them. A dry run
 * appends no adoption (re-deciding the whole log on every check would cost more than the check),
 * so it decides under the served version directly; a pinned game keeps its own (RUL-10).
 */
const servedRules = (deps: Deps, state: Started): Pick<MatchCtx, 'rulesVersion'> => {
  const served = deps.rulesets.findFold(state.ruleset)?.rulesVersion;
  return served === undefined || served === state.rulesVersion || isPinned(state) ? {} : { rulesVersion: served };
};

/**
 * How many of a dry run's events its caller may see. A command that completes a step of sealed
 * orders (the last seat's orders in a Sol'una phase or a GSC2 turn) resolves it at once: its
 * events reveal the orders the other seats sealed. A dry run is not a commitment, so showing
 * them would let a seat read its opponents' orders and then choose its own: the answer stops
 * before the first event that reveals, and says how many it withheld. A sandbox's player holds
 * every seat, so nothing in it is hidden from them.
 */
const shownOf = (deps: Deps, state: Started, actor: Actor, events: readonly EventEnvelope[]): number => {
  const seat = actor.kind === 'player' ? actor.seat : null;
  if (state.fork?.kind === 'sandbox' || actor.kind === 'system' || hiddenFrom(deps.rulesets, state, seat).length === 0)
    return events.length;
  const reveals = new Set<string>(deps.rulesets.getFold(state.ruleset).revealTypes ?? []);
  const at = events.findIndex((event) => reveals.has(event.type));
  return at === -1 ? events.length : at;
};

const refusalOf = (problem: Problem): Refusal => {
  const { rule, code } = problem.extra as { rule?: unknown; code?: unknown };
  return {
    status: problem.status,
    type: problem.type,
    title: problem.title,
    detail: problem.detail,
    ...(typeof rule === 'string' ? { rule } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
};

/** Every roll the events carry (`findRolls`), once each, in the order rolled, with what it needs. */
const rollsIn = (events: readonly EventEnvelope[]): NeededRoll[] => {
  const found = new Map<number, NeededRoll>();
  for (const event of events) {
    for (const { roll } of findRolls(event.data)) {
      // A roll some event repeats (a summary beside its detail) is one roll: its draw says which.
      if (!found.has(roll.draw.index)) found.set(roll.draw.index, neededRoll(event.seq, roll));
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, roll]) => roll);
};

const neededRoll = (seq: number, roll: DieRoll): NeededRoll => ({
  seq,
  purpose: roll.purpose,
  sides: roll.sides,
  ...(roll.rule === undefined ? {} : { rule: roll.rule }),
  modifiers: roll.modifiers,
  ...(roll.target === undefined ? {} : { target: roll.target, effectiveTarget: roll.effectiveTarget, compare: roll.compare }),
  ...rollNeed(roll),
});
