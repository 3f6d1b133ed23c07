/**
 * Decisions of the match lifecycle (create, join, roll-off, first player, concede, end),
 * and the dispatch of every other command to the ruleset while the game is played.
 */
import { z } from 'zod';
import type { Ctx } from '../kernel/context.ts';
import { actorLabel } from '../kernel/context.ts';
import type { Dice } from '../kernel/dice.ts';
import { rollKey, saltKey, seedCommitment, seededDice } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import { hmacSha256 } from '../kernel/hash.ts';
import type { AnyRuleset, RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import { findRuleset, getRuleset } from '../rulesets.ts';
import { agree, DRAW, decline, PAUSE, propose } from './agreement.ts';
import type { ChooseFirstPlayer, CreateGame, DeadlineReached, ExtendDeadline, GameCommand, JoinGame, RulesCommand } from './commands.ts';
import type { DeadlinePassed, GameEnded, MatchEvent, RollOffRound } from './events.ts';
import { extendDeadline, pausedRefusal, pauseGame, resumeGame } from './organiser.ts';
import { adoptRules } from './rules-adoption.ts';
import { chosenByDeadline, expired, forfeited } from './stalls.ts';
import type { GameState, Match } from './state.ts';
import { evolveEvent, MATCH_PHASE_NAMES } from './state.ts';
import { awaitingSeats } from './view.ts';

export type { GameCommand } from './commands.ts';

type Events = DomainEvent[];

/** The match after events this decision is about to emit, to decide what follows them (RUL-1). */
const provisional = (match: Match, events: readonly DomainEvent[], ctx: Ctx): Match =>
  events.reduce((s, event) => evolveEvent(s, event, { gameId: match.gameId, at: ctx.now }), match);

const diceFor = (match: Match, ctx: Ctx, firstSeq: number): Dice =>
  ctx.dice ??
  seededDice(
    rollKey(
      ctx.seed,
      match.seats.flatMap((s) => (s.seedContribution ? [s.seedContribution] : [])),
    ),
    match.gameId,
    firstSeq,
  );

const create = (state: GameState, command: CreateGame, ctx: Ctx, gameId: string): Decision<DomainEvent> => {
  if (state.status !== 'empty') return reject('GAME_EXISTS', 'MATCH', 'A game with this id already exists.', 409);
  if (ctx.actor.kind !== 'player') return reject('PLAYERS_ONLY', 'MATCH', 'Only a player can create a game.', 403);
  const ruleset = findRuleset(command.ruleset);
  if (!ruleset) return reject('UNKNOWN_RULESET', 'MATCH', `There is no ruleset called "${command.ruleset}".`);
  const rules = ruleset.optionsSchema.safeParse(command.options?.rules ?? {});
  if (!rules.success) return reject('BAD_OPTIONS', 'MATCH', `The ${ruleset.title} options are not valid: ${z.prettifyError(rules.error)}`);
  const firstPlayer = command.options?.firstPlayer ?? 'roll-off';
  const deadlines = command.options?.deadlines ?? {};
  const phases = [...MATCH_PHASE_NAMES, ...ruleset.phaseNames];
  const unknownPhase = Object.keys(deadlines.phases ?? {}).find((phase) => !phases.includes(phase));
  if (unknownPhase !== undefined) {
    return reject('UNKNOWN_PHASE', 'MATCH', `"${unknownPhase}" is not a ${ruleset.title} phase; the phases are ${phases.join(', ')}.`);
  }
  const { openFor, absence, reminders, visibility } = command.options ?? {};
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
      rulesVersion: ruleset.rulesVersion,
      seats: [...ruleset.seatNames],
      // Recorded only when given, so games created without them log exactly what they did before.
      options: {
        firstPlayer,
        deadlines,
        rules: rules.data,
        ...(openFor === undefined ? {} : { openFor }),
        ...(absence ? { absence } : {}),
        ...(reminders ? { reminders } : {}),
        ...(visibility ? { visibility } : {}),
      },
      seedCommitment: seedCommitment(ctx.seed),
      createdBy: ctx.actor.playerId,
    },
  };
  if (command.seat === undefined) return { ok: true, events: [created] };
  const lobby = evolveEvent(state, created, { gameId, at: ctx.now });
  const joined = join(lobby, { type: 'JoinGame', seat: command.seat, ...optional(command.seedContribution) }, ctx, 1);
  return joined.ok ? { ok: true, events: [created, ...joined.events] } : joined;
};

const optional = (seedContribution: string | undefined) => (seedContribution === undefined ? {} : { seedContribution });

const join = (match: Match, command: JoinGame, ctx: Ctx, firstSeq: number): Decision<DomainEvent> => {
  if (ctx.actor.kind !== 'player') return reject('PLAYERS_ONLY', 'MATCH', 'Only a player can take a seat.', 403);
  if (match.status !== 'lobby') return reject('GAME_STARTED', 'MATCH', 'This game has already started; no seat is free.', 409);
  const playerId = ctx.actor.playerId;
  const mine = match.seats.find((s) => s.playerId === playerId);
  if (mine) return reject('ALREADY_SEATED', 'MATCH', `You already hold the seat "${mine.name}" in this game.`);
  const seat = command.seat ?? match.seats.find((s) => s.playerId === null)?.name;
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

/** PG-5: when every seat is taken, the players roll off, unless a mission names the first player. */
const start = (match: Match, ctx: Ctx, firstSeq: number): Events => {
  const ruleset = getRuleset(match.ruleset);
  if (match.options.firstPlayer !== 'roll-off') {
    const chosen: DomainEvent = {
      type: 'FirstPlayerChosen',
      data: { seat: match.options.firstPlayer, chosenBy: 'mission', rule: ruleset.firstPlayerRule },
    };
    return [chosen, ...begin(match, [chosen], ctx, firstSeq)];
  }
  const dice = diceFor(match, ctx, firstSeq);
  return [
    {
      type: 'RolledOff',
      data: rollOff(
        match.seats.map((s) => s.name),
        dice,
        ruleset.firstPlayerRule,
      ),
    },
  ];
};

/** Every contender rolls a d6; the highest wins; those tied for highest roll again. */
export const rollOff = (seats: readonly string[], dice: Dice, rule: string): { rounds: RollOffRound[]; winner: string } => {
  const rounds: RollOffRound[] = [];
  let contenders = seats;
  while (contenders.length > 1) {
    const rolls = contenders.map((seat) => ({ seat, roll: dice.roll({ purpose: `roll-off: ${seat}`, sides: 6, rule }) }));
    rounds.push({ rolls });
    const best = Math.max(...rolls.map((r) => r.roll.value));
    contenders = rolls.filter((r) => r.roll.value === best).map((r) => r.seat);
  }
  return { rounds, winner: contenders[0] ?? '' };
};

const begin = (match: Match, prior: readonly DomainEvent[], ctx: Ctx, firstSeq: number): Events => {
  const playing = provisional(match, prior, ctx);
  if (playing.status !== 'playing') throw new Error('the first player was chosen but the game is not playing');
  const ruleset = getRuleset(playing.ruleset);
  return [...ruleset.begin(playing.rules, rulesContext(playing, ctx, firstSeq))];
};

const rulesContext = (match: Match, ctx: Ctx, firstSeq: number): RulesContext => ({
  ctx,
  dice: diceFor(match, ctx, firstSeq),
  seat: ctx.actor.kind === 'player' ? ctx.actor.seat : null,
  salt: (label) => hmacSha256(saltKey(ctx.seed), `${match.gameId}:${firstSeq}:salt:${label}`).toString('hex'),
});

const chooseFirst = (match: Match, command: ChooseFirstPlayer, ctx: Ctx, firstSeq: number): Decision<DomainEvent> => {
  const rule = getRuleset(match.ruleset).firstPlayerRule;
  if (match.status !== 'choosing' || !match.rollOff) return reject('NOT_CHOOSING', rule, 'Nobody is choosing the first player now.', 409);
  const seat = ctx.actor.kind === 'player' ? ctx.actor.seat : null;
  if (seat !== match.rollOff.winner) {
    return reject(
      'NOT_ROLL_OFF_WINNER',
      rule,
      `Only ${match.rollOff.winner}, who won the roll-off, chooses who takes the first turn.`,
      403,
    );
  }
  if (!match.seats.some((s) => s.name === command.seat)) {
    return reject('UNKNOWN_SEAT', rule, `There is no seat "${command.seat}"; the seats are ${match.seats.map((s) => s.name).join(', ')}.`);
  }
  const chosen: DomainEvent = { type: 'FirstPlayerChosen', data: { seat: command.seat, chosenBy: seat, rule } };
  return { ok: true, events: [chosen, ...begin(match, [chosen], ctx, firstSeq)] };
};

const concede = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', 'This game is already over.', 409);
  const seat = ctx.actor.kind === 'player' ? ctx.actor.seat : null;
  if (seat === null) return reject('NOT_SEATED', 'MATCH', 'Only a seated player can concede.', 403);
  const others = match.seats.filter((s) => s.name !== seat && s.playerId !== null);
  const winner = others.length === 1 && others[0] ? others[0].name : null;
  const ended: GameEnded = { type: 'GameEnded', data: { winner, reason: `${seat} conceded` } };
  return { ok: true, events: [{ type: 'PlayerConceded', data: { seat } }, ended, reveal(match, ctx)] };
};

/** A decision that ends the game reveals the seed after it (a draw by agreement, PBM-13). */
const revealAtEnd = (match: Match, ctx: Ctx, decision: Decision<DomainEvent>): Decision<DomainEvent> =>
  decision.ok && decision.events.some((e) => e.type === 'GameEnded')
    ? { ok: true, events: [...decision.events, reveal(match, ctx)] }
    : decision;

const reveal = (match: Match, ctx: Ctx): DomainEvent => ({
  type: 'SeedRevealed',
  data: { seed: ctx.seed, contributions: match.seats.flatMap((s) => (s.seedContribution ? [s.seedContribution] : [])) },
});

/**
 * The phase timer's command. A fire for a step that already closed, a duplicate fire,
 * and a fire for a game that is over all decide nothing, so they write nothing. What a
 * missed step decides is in stalls.ts (PBM-9, PBM-10, PBM-11) and the ruleset's `onDeadline`.
 */
const deadlineReached = (match: Match, command: DeadlineReached, ctx: Ctx, firstSeq: number): Decision<DomainEvent> => {
  if (ctx.actor.kind !== 'system') return reject('SYSTEM_ONLY', 'MATCH', 'Only the phase timer can declare a deadline passed.', 403);
  const step = match.step;
  if (match.status === 'ended' || !step || step.key !== command.phaseKey || !step.deadline || ctx.now < step.deadline) {
    return { ok: true, events: [] };
  }
  const passed: DeadlinePassed = {
    type: 'DeadlinePassed',
    data: { phaseKey: step.key, phase: step.phase, deadline: step.deadline, awaiting: awaitingSeats(match) },
  };
  const ended = match.status === 'lobby' ? expired(match) : forfeited(match, passed.data.awaiting);
  if (ended) return { ok: true, events: [passed, ended, reveal(match, ctx)] };
  if (match.status === 'choosing') {
    const chosen = chosenByDeadline(match, getRuleset(match.ruleset).firstPlayerRule);
    return { ok: true, events: chosen ? [passed, chosen, ...begin(match, [passed, chosen], ctx, firstSeq)] : [] };
  }
  if (match.status !== 'playing') return { ok: true, events: [] };
  const ruleset: AnyRuleset = getRuleset(match.ruleset);
  const decision: Decision<DomainEvent> = ruleset.onDeadline(match.rules, rulesContext(match, ctx, firstSeq));
  if (!decision.ok) return decision;
  const ends = decision.events.some((e) => e.type === 'GameEnded');
  return { ok: true, events: [passed, ...decision.events, ...(ends ? [reveal(match, ctx)] : [])] };
};

const play = (match: Match, command: RulesCommand, ctx: Ctx, firstSeq: number): Decision<DomainEvent> => {
  if (match.status !== 'playing') {
    return reject('GAME_NOT_PLAYING', 'MATCH', match.status === 'ended' ? 'This game is over.' : 'This game has not started yet.', 409);
  }
  if (ctx.actor.kind !== 'player' || ctx.actor.seat === null) {
    return reject('NOT_SEATED', 'MATCH', 'You do not hold a seat in this game.', 403);
  }
  const ruleset: AnyRuleset = getRuleset(match.ruleset);
  const parsed = ruleset.commandSchema.safeParse(command);
  if (!parsed.success) {
    return reject('INVALID_COMMAND', 'MATCH', `That is not a valid ${ruleset.title} command: ${z.prettifyError(parsed.error)}`);
  }
  const decision: Decision<DomainEvent> = ruleset.decide(match.rules, parsed.data, rulesContext(match, ctx, firstSeq));
  if (!decision.ok) return decision;
  const ends = decision.events.some((e) => e.type === 'GameEnded');
  return ends ? { ok: true, events: [...decision.events, reveal(match, ctx)] } : decision;
};

/**
 * The game decider: `decide(state, command, ctx) -> events | violation`. `gameId` names
 * the game a `CreateGame` founds; every other command acts on the game in `state`.
 */
export const decideGame = (state: GameState, command: GameCommand, ctx: Ctx, gameId: string): Decision<DomainEvent> => {
  if (command.type === 'CreateGame') return create(state, command as CreateGame, ctx, gameId);
  if (state.status === 'empty') return reject('NO_GAME', 'MATCH', 'There is no such game.', 409);
  const firstSeq = state.version + 1;
  const paused = pausedRefusal(state, command.type);
  if (paused) return paused;
  switch (command.type) {
    case 'JoinGame':
      return join(state, command as JoinGame, ctx, firstSeq);
    case 'ChooseFirstPlayer':
      return chooseFirst(state, command as ChooseFirstPlayer, ctx, firstSeq);
    case 'Concede':
      return concede(state, ctx);
    case 'DeadlineReached':
      return deadlineReached(state, command as DeadlineReached, ctx, firstSeq);
    case 'AdoptRules':
      return adoptRules(state, ctx);
    case 'ExtendDeadline':
      return extendDeadline(state, command as ExtendDeadline, ctx);
    case 'PauseGame':
      return pauseGame(state, ctx);
    case 'ResumeGame':
      return resumeGame(state, ctx);
    case 'OfferDraw':
      return revealAtEnd(state, ctx, propose(state, ctx, DRAW));
    case 'AcceptDraw':
      return revealAtEnd(state, ctx, agree(state, ctx, DRAW));
    case 'DeclineDraw':
      return decline(state, ctx, DRAW);
    case 'RequestPause':
      return propose(state, ctx, PAUSE);
    case 'AgreePause':
      return agree(state, ctx, PAUSE);
    case 'DeclinePause':
      return decline(state, ctx, PAUSE);
    default:
      return play(state, command, ctx, firstSeq);
  }
};

export type { MatchEvent };
