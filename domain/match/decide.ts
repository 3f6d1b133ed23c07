/**
 * The game decider: the match lifecycle's own commands, by type (RUL-4), and every
 * other command handed to the game's ruleset while the game is played.
 */

import type { DomainEvent } from '../kernel/envelope.ts';
import type { AnyRuleset } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { assertNever, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { agree, DRAW, decline, PAUSE, propose } from './agreement.ts';
import { type GameCommand, isMatchCommand, type MatchCommand, type RulesCommand } from './commands.ts';
import { concede, revealAtEnd } from './ending.ts';
import { create, join } from './lobby.ts';
import type { MatchCtx } from './match-ctx.ts';
import { extendDeadline, pausedRefusal, pauseGame, resumeGame } from './organiser.ts';
import { standing } from './refusals.ts';
import { adoptRules } from './rules-adoption.ts';
import { rulesContext } from './rules-context.ts';
import { deadlineReached } from './stalls.ts';
import { chooseFirst } from './start.ts';
import type { GameState, Match } from './state.ts';

export type { GameCommand } from './commands.ts';

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

/** A lifecycle command on an existing game; `firstSeq` is the seq its first event will take. */
const decideMatch = (match: Match, command: MatchCommand, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  switch (command.type) {
    case 'CreateGame':
      return create(match, command, ctx, match.gameId);
    case 'JoinGame':
      return join(match, command, ctx, firstSeq);
    case 'ChooseFirstPlayer':
      return chooseFirst(match, command, ctx, firstSeq);
    case 'Concede':
      return concede(match, ctx);
    case 'DeadlineReached':
      return deadlineReached(match, command, ctx, firstSeq);
    case 'AdoptRules':
      return adoptRules(match, ctx);
    case 'ExtendDeadline':
      return extendDeadline(match, command, ctx);
    case 'PauseGame':
      return pauseGame(match, ctx);
    case 'ResumeGame':
      return resumeGame(match, ctx);
    case 'OfferDraw':
      return revealAtEnd(match, ctx, propose(match, ctx, DRAW));
    case 'AcceptDraw':
      return revealAtEnd(match, ctx, agree(match, ctx, DRAW));
    case 'DeclineDraw':
      return decline(match, ctx, DRAW);
    case 'RequestPause':
      return propose(match, ctx, PAUSE);
    case 'AgreePause':
      return agree(match, ctx, PAUSE);
    case 'DeclinePause':
      return decline(match, ctx, PAUSE);
    default:
      return assertNever(command);
  }
};

/**
 * The game decider: `decide(state, command, ctx) -> events | violation`. `gameId` names
 * the game a `CreateGame` founds; every other command acts on the game in `state`, whose
 * ruleset `ctx.rulesets` holds.
 */
export const decideGame = (state: GameState, command: GameCommand, ctx: MatchCtx, gameId: string): Decision<DomainEvent> => {
  if (isMatchCommand(command) && command.type === 'CreateGame') return create(state, command, ctx, gameId);
  if (state.status === 'empty') return reject('NO_GAME', 'MATCH', 'There is no such game.', 409);
  const firstSeq = state.version + 1;
  const paused = pausedRefusal(state, command.type);
  if (paused) return paused;
  return isMatchCommand(command) ? decideMatch(state, command, ctx, firstSeq) : play(state, command, ctx, firstSeq);
};
