/** Pig: `decide(state, command, rc)`, the opening events and the missed-deadline policy. */
import type { RulesContext } from '../../../domain/kernel/ruleset.ts';
import { accept, assertNever, type Decision, reject } from '../../../domain/kernel/violation.ts';
import type { PigCommand } from './commands.ts';
import type { PigEvent, TurnStarted } from './events.ts';
import type { PigState } from './state.ts';

/** PIG-1: the seats take turns. */
const nextTurn = (state: PigState): TurnStarted => {
  const seat = state.seats[(state.seats.indexOf(state.active) + 1) % state.seats.length] ?? state.active;
  return { type: 'TurnStarted', data: { turn: state.turn + 1, seat } };
};

/** The first player, chosen by the match's roll-off, takes turn 1. */
export const begin = (state: PigState): PigEvent[] => [{ type: 'TurnStarted', data: { turn: 1, seat: state.active } }];

const notYourTurn = (state: PigState, rc: RulesContext): Decision<never> | null => {
  if (state.status !== 'playing') return reject('GAME_OVER', 'PIG-5', 'The game is over.', 409);
  if (rc.seat === state.active) return null;
  return reject('NOT_YOUR_TURN', 'PIG-1', `It is ${state.active}'s turn; ${rc.seat ?? 'a spectator'} must wait.`, 403);
};

/** PIG-2 and PIG-3: the die comes from `rc.dice`, so it is fair in play and scripted in tests. */
const roll = (state: PigState, rc: RulesContext): Decision<PigEvent> => {
  const refused = notYourTurn(state, rc);
  if (refused) return refused;
  const seat = state.active;
  const die = rc.dice.roll({ purpose: `${seat} rolls`, sides: 6, rule: 'PIG-2' });
  if (die.value === 1) {
    return accept<PigEvent>(
      { type: 'DieRolled', data: { seat, roll: die, turnTotal: 0 } },
      { type: 'PiggedOut', data: { seat, lost: state.turnTotal } },
      nextTurn(state),
    );
  }
  return accept({ type: 'DieRolled', data: { seat, roll: die, turnTotal: state.turnTotal + die.value } });
};

/** PIG-4 and PIG-5: bank the turn total; reaching the target wins at once. */
const bank = (state: PigState, by: 'seat' | 'deadline'): PigEvent[] => {
  const seat = state.active;
  const score = (state.scores[seat] ?? 0) + state.turnTotal;
  const held: PigEvent = { type: 'Held', data: { seat, banked: state.turnTotal, score, by } };
  if (score < state.target) return [held, nextTurn(state)];
  return [held, { type: 'GameEnded', data: { winner: seat, reason: `${seat} reached ${score} of ${state.target}`, rule: 'PIG-5' } }];
};

const hold = (state: PigState, rc: RulesContext): Decision<PigEvent> => {
  const refused = notYourTurn(state, rc);
  if (refused) return refused;
  if (state.turnTotal === 0) return reject('NOTHING_TO_HOLD', 'PIG-4', 'Roll at least once before you hold: your turn total is 0.');
  return accept(...bank(state, 'seat'));
};

/** PIG-6 (the example's own policy): a seat that misses its deadline holds what it has rolled. */
export const onDeadline = (state: PigState): Decision<PigEvent> =>
  state.status === 'playing' ? accept(...bank(state, 'deadline')) : accept();

export const decide = (state: PigState, command: PigCommand, rc: RulesContext): Decision<PigEvent> => {
  switch (command.type) {
    case 'Roll':
      return roll(state, rc);
    case 'Hold':
      return hold(state, rc);
    default:
      return assertNever(command);
  }
};
