/**
 * GSC-1: the turn sequence. Movement, Missiles, Beams, Boarding, then Repairs and
 * victory. A step nobody has anything to do in resolves at once (missiles in flight
 * still fly); when a side has no ship left the turn goes straight to victory. With
 * `deferredMoves: 'endOfTurn'` (GSC-4, the default from gsc2-0.5.0) ships that deferred their move get a second
 * Movement step after Boarding, before Repairs.
 */
import type { RulesContext } from '../kernel/ruleset.ts';
import { handover, moveTerrain, openAlternation, openDeferred } from './alternation.ts';
import { type BoardingOrders, boardingSeats, resolveBoarding } from './boarding.ts';
import type { GscEvent, StepStarted } from './events.ts';
import { fold } from './evolve.ts';
import { type BeamOrders, resolveBeams } from './firing.ts';
import { canLaunch, type MissileOrders, resolveMissiles } from './missiles.ts';
import { repairSeats } from './repairs.ts';
import { activeShips, designOf, working } from './ships.ts';
import type { GscState, SealedStep, Step } from './state.ts';
import { fleetGone, victory } from './victory.ts';

export const NEXT_STEP: Readonly<Record<Step, Exclude<Step, 'movement'> | null>> = {
  movement: 'missiles',
  missiles: 'beams',
  beams: 'boarding',
  boarding: 'repairs',
  repairs: null,
};

/** Who has orders to give in a step (seats with nothing to do are not waited for). */
export const awaitedFor = (state: GscState, step: Exclude<Step, 'movement'>): string[] => {
  switch (step) {
    case 'missiles':
      return state.seats.filter((seat) =>
        activeShips(state, seat).some((s) => designOf(state, s).missileBatteries.some((b) => canLaunch(state, s.id, b.id))),
      );
    case 'beams':
      return state.seats.filter((seat) =>
        activeShips(state, seat).some((s) => designOf(state, s).batteries.some((b) => working(s, `battery:${b.id}`))),
      );
    case 'boarding':
      return boardingSeats(state);
    case 'repairs':
      return repairSeats(state);
  }
};

type Revealed = { readonly seat: string; readonly orders: unknown };

/** The resolution of a sealed step from the revealed orders (an absent seat fires nothing). */
export const resolveStep = (state: GscState, step: SealedStep, revealed: readonly Revealed[], rc: RulesContext): GscEvent[] => {
  switch (step) {
    case 'missiles':
      return resolveMissiles(state, revealed as { seat: string; orders: MissileOrders }[], rc.dice);
    case 'beams':
      return resolveBeams(state, revealed as { seat: string; orders: BeamOrders }[], rc.dice);
    case 'boarding':
      return resolveBoarding(state, revealed as { seat: string; orders: BoardingOrders }[], rc.dice, rc.rulesVersion);
  }
};

const started = (state: GscState, step: Step, awaiting: readonly string[], rule = 'GSC-1'): StepStarted => ({
  type: 'StepStarted',
  data: { turn: state.turn, step, awaiting, rule },
});

/** GSC-1, GSC-2, GSC-3: a new turn opens with terrain drifting, then the first mover. */
export const startTurn = (state: GscState, turn: number, rc: RulesContext): GscEvent[] => {
  const opening: GscEvent[] = [{ type: 'TurnStarted', data: { turn, rule: 'GSC-1' } }];
  const s1 = fold(state, opening);
  const terrain = [started(s1, 'movement', []), ...moveTerrain(s1)];
  const s2 = fold(s1, terrain);
  const mover = openAlternation(s2);
  if (mover) return [...opening, ...terrain, mover];
  return [...opening, ...terrain, ...afterStep(s2, rc)];
};

const openStep = (state: GscState, step: Exclude<Step, 'movement'>, rc: RulesContext): GscEvent[] => {
  const awaiting = awaitedFor(state, step);
  const opened = started(state, step, awaiting);
  const s1 = fold(state, [opened]);
  if (awaiting.length > 0) return [opened];
  const resolved = step === 'repairs' ? [] : resolveStep(s1, step, [], rc);
  return [opened, ...resolved, ...afterStep(fold(s1, resolved), rc)];
};

/** The current step is over: open the next, or determine victory and start the next turn. */
export const afterStep = (state: GscState, rc: RulesContext): GscEvent[] => {
  const late = state.step === 'boarding' && !fleetGone(state) ? openDeferred(state) : null;
  if (late) return [started(state, 'movement', [], 'GSC-4'), late];
  // the deferred ships' Movement step after Boarding is followed by Repairs
  const next = state.movement.late && state.step === 'movement' ? 'repairs' : NEXT_STEP[state.step];
  if (next !== null && !fleetGone(state)) return openStep(state, next, rc);
  const ended = victory(state);
  if (ended) return [ended];
  return startTurn(state, state.turn + 1, rc);
};

/** After a ship has moved, stayed or deferred: the same seat goes on, the other takes over, or movement ends. */
export const afterMove = (state: GscState, rc: RulesContext): GscEvent[] => {
  const next = handover(state);
  if (next.next === 'same') return [];
  if (next.next === 'seat') return [next.event];
  return afterStep(state, rc);
};
