/**
 * The game decider: the match lifecycle's own commands, each by its declaration in the
 * command table (command-table.ts, RUL-4), and every other command handed to the game's
 * ruleset while the game is played.
 */

import type { DomainEvent } from '../kernel/envelope.ts';
import type { AnyRuleset } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { type GameCommand, lifecycleCommand } from './command-table.ts';
import type { RulesCommand } from './commands.ts';
import { revealAtEnd } from './ending.ts';
import type { MatchCtx } from './match-ctx.ts';
import { pausedRefusal } from './organiser.ts';
import { standing } from './refusals.ts';
import { rulesContext } from './rules-context.ts';
import type { GameState, Match } from './state.ts';

export type { GameCommand } from './command-table.ts';

/** A ruleset's command, parsed by the game's ruleset and decided by it while the game is played. */
const play = (match: Match, command: RulesCommand, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  if (match.status !== 'playing') return reject('GAME_NOT_PLAYING', 'MATCH', standing(match), 409);
  if (ctx.actor.kind !== 'player' || ctx.actor.seat === null) {
    return reject('NOT_SEATED', 'MATCH', 'You do not hold a seat in this game.', 403);
  }
  const ruleset: AnyRuleset = ctx.rulesets.getRuleset(match.ruleset);
  const parsed = z.safeParse(ruleset.commandSchema, command);
  if (!parsed.success) {
    return reject('INVALID_COMMAND', 'MATCH', `That is not a valid ${ruleset.title} command: ${z.prettifyError(parsed.error)}`);
  }
  const decision: Decision<DomainEvent> = ruleset.decide(match.rules, parsed.data, rulesContext(match, ctx, firstSeq));
  return revealAtEnd(match, ctx, decision);
};

/**
 * The game decider: `decide(state, command, ctx) -> events | violation`. `gameId` names
 * the game a `CreateGame` founds; every other command acts on the game in `state`, whose
 * ruleset `ctx.rulesets` holds.
 */
export const decideGame = (state: GameState, command: GameCommand, ctx: MatchCtx, gameId: string): Decision<DomainEvent> => {
  const lifecycle = lifecycleCommand(command.type);
  // The table's declaration types the command it decides; a lifecycle command reaches it by its type alone.
  // A founding command's decision takes any state (its declaration's `decide` is declared on GameState).
  if (lifecycle?.founds) return lifecycle.decide(state as Match, command as never, ctx, { gameId, firstSeq: state.version + 1 });
  if (state.status === 'empty') return reject('NO_GAME', 'MATCH', 'There is no such game.', 409);
  const firstSeq = state.version + 1;
  const paused = pausedRefusal(state, lifecycle?.whilePaused === true);
  if (paused) return paused;
  return lifecycle
    ? lifecycle.decide(state, command as never, ctx, { gameId, firstSeq })
    : play(state, command as RulesCommand, ctx, firstSeq);
};
