/** Creating a game and taking its seats; the last seat taken starts it (start.ts). */

import { seedCommitment } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { CreateGame, JoinGame } from './commands.ts';
import { evolveEvent } from './evolve.ts';
import type { MatchCtx } from './match-ctx.ts';
import { hasEnded, standing } from './refusals.ts';
import { provisional } from './rules-context.ts';
import { start } from './start.ts';
import type { GameState, Match } from './state.ts';
import { MATCH_PHASE_NAMES } from './steps.ts';

export const create = (state: GameState, command: CreateGame, ctx: MatchCtx, gameId: string): Decision<DomainEvent> => {
  if (state.status !== 'empty') return reject('GAME_EXISTS', 'MATCH', 'A game with this id already exists.', 409);
  if (ctx.actor.kind !== 'player') return reject('PLAYERS_ONLY', 'MATCH', 'Only a player can create a game.', 403);
  const ruleset = ctx.rulesets.findRuleset(command.ruleset);
  if (!ruleset) return reject('UNKNOWN_RULESET', 'MATCH', `There is no ruleset called "${command.ruleset}".`);
  const rules = z.safeParse(ruleset.optionsSchema, command.options?.rules ?? {});
  if (!rules.success) return reject('BAD_OPTIONS', 'MATCH', `The ${ruleset.title} options are not valid: ${z.prettifyError(rules.error)}`);
  // A new game takes the newest rules; a re-adjudication decides a creation under the version it names (RUL-10).
  const rulesVersion = ctx.rulesVersion ?? ruleset.rulesVersion;
  const firstPlayer = command.options?.firstPlayer ?? 'roll-off';
  const deadlines = command.options?.deadlines ?? {};
  const phases = [...MATCH_PHASE_NAMES, ...ruleset.phaseNames];
  const unknownPhase = Object.keys(deadlines.phases ?? {}).find((phase) => !phases.includes(phase));
  if (unknownPhase !== undefined) {
    return reject('UNKNOWN_PHASE', 'MATCH', `"${unknownPhase}" is not a ${ruleset.title} phase; the phases are ${phases.join(', ')}.`);
  }
  const { openFor, absence, reminders, visibility, rulesVersion: rulesPolicy, takebacks, club } = command.options ?? {};
  if (absence && deadlines.default === undefined && Object.keys(deadlines.phases ?? {}).length === 0) {
    return reject('ABSENCE_WITHOUT_DEADLINES', 'PBM-11', 'options.absence counts missed deadlines, so the match needs options.deadlines.');
  }
  if (firstPlayer !== 'roll-off' && !ruleset.seatNames.includes(firstPlayer)) {
    return reject(
      'UNKNOWN_SEAT',
      ruleset.firstPlayerRule,
      `firstPlayer must be "roll-off" or one of the seats ${ruleset.seatNames.join(', ')}.`,
    );
  }
  const created: DomainEvent = {
    type: 'GameCreated',
    data: {
      ruleset: ruleset.id,
      rulesVersion,
      seats: [...ruleset.seatNames],
      // Recorded only when given, so games created without them log exactly what they did before.
      options: {
        firstPlayer,
        deadlines,
        rules: ruleset.optionsAsOf?.(rules.data, rulesVersion, command.options?.rules) ?? rules.data,
        ...(openFor === undefined ? {} : { openFor }),
        ...(absence ? { absence } : {}),
        ...(reminders ? { reminders } : {}),
        ...(visibility ? { visibility } : {}),
        ...(rulesPolicy ? { rulesVersion: rulesPolicy } : {}),
        ...(takebacks ? { takebacks } : {}),
        ...(club ? { club: { clubId: club.clubId, rated: club.rated ?? false } } : {}),
      },
      seedCommitment: seedCommitment(ctx.seed),
      createdBy: ctx.actor.playerId,
    },
  };
  if (command.seat === undefined) return { ok: true, events: [created] };
  const lobby = evolveEvent(state, created, { gameId, at: ctx.now }, ctx.rulesets);
  const joined = join(lobby, { seat: command.seat, ...optional(command.seedContribution) }, ctx, 1);
  return joined.ok ? { ok: true, events: [created, ...joined.events] } : joined;
};

const optional = (seedContribution: string | undefined) => (seedContribution === undefined ? {} : { seedContribution });

export const join = (match: Match, command: JoinGame, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  if (ctx.actor.kind !== 'player') return reject('PLAYERS_ONLY', 'MATCH', 'Only a player can take a seat.', 403);
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', hasEnded(match, 'no seat can be taken any more'), 409);
  if (match.status !== 'lobby') return reject('GAME_STARTED', 'MATCH', standing(match), 409);
  const playerId = ctx.actor.playerId;
  const mine = match.seats.find((s) => s.playerId === playerId);
  if (mine) return reject('ALREADY_SEATED', 'MATCH', `You already hold the seat "${mine.name}" in this game.`, 409);
  const seat = command.seat ?? match.seats.find((s) => s.playerId === null)?.name;
  // Only a log given as is leaves a lobby full (the last join starts the game); say so, not `no seat "undefined"`.
  if (seat === undefined) return reject('SEAT_TAKEN', 'MATCH', 'Every seat of this game is taken.', 409);
  const target = match.seats.find((s) => s.name === seat);
  if (!target)
    return reject('UNKNOWN_SEAT', 'MATCH', `There is no seat "${seat}"; the seats are ${match.seats.map((s) => s.name).join(', ')}.`);
  if (target.playerId !== null) return reject('SEAT_TAKEN', 'MATCH', `The seat "${target.name}" is already taken.`, 409);
  const joined: DomainEvent = {
    type: 'SeatJoined',
    data: { seat: target.name, playerId, seedContribution: command.seedContribution ?? null },
  };
  const after = provisional(match, [joined], ctx);
  if (after.seats.some((s) => s.playerId === null)) return { ok: true, events: [joined] };
  return { ok: true, events: [joined, ...start(after, ctx, firstSeq)] };
};
