/**
 * The game decider: the match lifecycle's own commands, each by its declaration in the
 * command table (command-table.ts, RUL-4), and every other command handed to the game's
 * ruleset while the game is played.
 */

import type { DomainEvent } from '../kernel/envelope.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { AnyRuleset, RulesetFold } from '../kernel/ruleset.ts';
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

type Group = keyof NonNullable<RulesetFold<unknown, never>['commandsSince']>;

/**
 * RUL-10, INV-10: the lifecycle commands added after a ruleset's first release, by the group
 * whose first rules version each ruleset names (`commandsSince`). `AdoptRules`, the way out, is
 * in none: it came before every group, and a game that adopts newer rules knows them all.
 */
const ADDITIVE: Readonly<Record<string, Group>> = {
  ExtendDeadline: 'agreements',
  PauseGame: 'agreements',
  ResumeGame: 'agreements',
  OfferDraw: 'agreements',
  AcceptDraw: 'agreements',
  DeclineDraw: 'agreements',
  RequestPause: 'agreements',
  AgreePause: 'agreements',
  DeclinePause: 'agreements',
  TakeBack: 'takebacks',
  ProposeTakeback: 'takebacks',
  AcceptTakeback: 'takebacks',
  DeclineTakeback: 'takebacks',
  CorrectGame: 'takebacks',
  ProposeFork: 'takebacks',
  AcceptFork: 'takebacks',
  DeclineFork: 'takebacks',
  ForkGame: 'takebacks',
};

/**
 * RUL-10, INV-10: the refusal of a command the game's rules version did not know yet, or null.
 * A game keeps the version it was created under until it adopts newer rules, so a command
 * added since is refused with that version, the one that brought the command, and the way out.
 * A fork asks of the game it comes from; re-adjudication asks of the version it decides under.
 * Only a version the ruleset lists is held to its commands: any other decides as the newest.
 */
const unknownToRules = (game: GameState, type: string, ctx: MatchCtx): Decision<never> | null => {
  const group = ADDITIVE[type];
  if (group === undefined || game.status === 'empty') return null;
  const fold = ctx.rulesets.findFold(game.ruleset);
  const since = fold?.commandsSince?.[group];
  const version = ctx.rulesVersion ?? game.rulesVersion;
  // A version this build does not list decides as the newest does, as the labelled keys do (rules-context.ts).
  if (since === undefined || !fold?.rulesVersions.includes(version) || rulesSince(version, since)) return null;
  const held = game.options.rulesVersion === 'pinned' ? `is pinned to ${version}` : `plays under ${version}`;
  return reject(
    'COMMAND_NOT_IN_RULES',
    'RUL-10',
    `This game ${held}; ${type} came with ${since}. Its organiser may move it to newer rules with AdoptRules.`,
  );
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
  const unknown = unknownToRules(lifecycle?.needsOrigin ? (ctx.origin?.head ?? state) : state, command.type, ctx);
  if (unknown) return unknown;
  if (lifecycle?.founds) return lifecycle.decide(state as Match, command as never, ctx, { gameId, firstSeq: state.version + 1 });
  if (state.status === 'empty') return reject('NO_GAME', 'MATCH', 'There is no such game.', 409);
  const firstSeq = state.version + 1;
  const paused = pausedRefusal(state, lifecycle?.whilePaused === true);
  if (paused) return paused;
  return lifecycle
    ? lifecycle.decide(state, command as never, ctx, { gameId, firstSeq })
    : play(state, command as RulesCommand, ctx, firstSeq);
};
