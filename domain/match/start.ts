/**
 * PG-5 and the other rulesets' first player: the roll-off when every seat is taken (or the
 * first player a mission names), the roll-off winner's choice, and the ruleset's `begin`.
 */
import type { Dice } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { ChooseFirstPlayer } from './commands.ts';
import type { RollOffRound } from './events.ts';
import type { MatchCtx } from './match-ctx.ts';
import { standing } from './refusals.ts';
import { diceFor, provisional, rulesContext } from './rules-context.ts';
import type { Match } from './state.ts';

/** PG-5: when every seat is taken, the players roll off, unless a mission names the first player. */
export const start = (match: Match, ctx: MatchCtx, firstSeq: number): DomainEvent[] => {
  const ruleset = ctx.rulesets.getFold(match.ruleset);
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
const rollOff = (seats: readonly string[], dice: Dice, rule: string): { rounds: RollOffRound[]; winner: string } => {
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

/** The ruleset's opening events, once `prior` (this command's events so far) have chosen the first player. */
export const begin = (match: Match, prior: readonly DomainEvent[], ctx: MatchCtx, firstSeq: number): DomainEvent[] => {
  const playing = provisional(match, prior, ctx);
  if (playing.status !== 'playing') throw new Error('the first player was chosen but the game is not playing');
  const ruleset = ctx.rulesets.getRuleset(playing.ruleset);
  return [...ruleset.begin(playing.rules, rulesContext(playing, ctx, firstSeq))];
};

/** REL-29: why nobody chooses the first player now, from where the game stands. */
const notChoosing = (match: Match): string =>
  match.status === 'playing' ? `${match.firstSeat} already took the first turn; nobody chooses it now.` : standing(match);

export const chooseFirst = (match: Match, command: ChooseFirstPlayer, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  const rule = ctx.rulesets.getFold(match.ruleset).firstPlayerRule;
  if (match.status !== 'choosing' || !match.rollOff) return reject('NOT_CHOOSING', rule, notChoosing(match), 409);
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
