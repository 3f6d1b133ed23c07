/** GSC2 `decide`: one small function per command, and the missed-deadline policy. */
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { assertNever, reject } from '../kernel/violation.ts';
import { afterGroup, deferredShips, unmoved } from './alternation.ts';
import { inItsStep } from './command-steps.ts';
import type { GscCommand } from './commands.ts';
import type { GscEvent, ShipStayed } from './events.ts';
import { fold } from './evolve.ts';
import { deferMove, moveShip, useTractorBeam } from './movement.ts';
import { reveal, submitOrders } from './orders.ts';
import { repair } from './repairs.ts';
import type { GscState } from './state.ts';
import { afterMove, afterStep, startTurn } from './steps.ts';
import { useSystem } from './systems.ts';
import { asPlayedUnder, lastRepairEndsStep } from './versions.ts';

/** GSC-1: the first turn opens once the match knows its first player. */
export const begin = (state: GscState, rc: RulesContext): GscEvent[] => startTurn(state, 1, asPlayedUnder(rc));

const then = (state: GscState, decision: Decision<GscEvent>, next: (s: GscState) => GscEvent[]): Decision<GscEvent> =>
  decision.ok ? { ok: true, events: [...decision.events, ...next(fold(state, decision.events))] } : decision;

/** Ship moves end with the alternation's verdict (GSC-3); interrupts alone do not. */
const moved = (state: GscState, decision: Decision<GscEvent>, rc: RulesContext): Decision<GscEvent> =>
  then(state, decision, (s) => afterMove(s, rc));

/**
 * GSC-3: the second player ends its free group of moves. Outside the steps EndMoves's doc names
 * (Movement) there is no group to end, so that is refused as any other seat's or mode's attempt.
 */
const endMoves = (state: GscState, rc: RulesContext): Decision<GscEvent> => {
  const m = state.movement;
  if (!inItsStep(state, 'EndMoves') || m.mode !== 'free' || rc.seat !== m.mover) {
    return reject(
      'NOT_YOUR_GROUP',
      'GSC-3',
      `Only the second player ends a group of moves; now ${m.mover ?? 'nobody'} moves (${m.mode}).`,
      403,
    );
  }
  if (m.quota === 0)
    return reject('EMPTY_GROUP', 'GSC-3', 'Move at least one ship before ending your group; the first player then matches that number.');
  const next = afterGroup(state, m.quota);
  return { ok: true, events: next ? [next] : afterStep(state, rc) };
};

export const decide = (state: GscState, command: GscCommand, given: RulesContext): Decision<GscEvent> => {
  const rc = asPlayedUnder(given);
  if (state.status === 'ended') return reject('GAME_OVER', 'GSC-23', 'The battle is over.', 409);
  switch (command.type) {
    case 'MoveShip':
      return moved(state, moveShip(state, command, rc), rc);
    case 'DeferMove':
      return moved(state, deferMove(state, command.ship, rc), rc);
    case 'EndMoves':
      return endMoves(state, rc);
    case 'UseTractorBeam':
    case 'ArmTractorBeam':
      return useTractorBeam(state, command, rc);
    case 'UseSystem':
      return useSystem(state, command, rc);
    case 'SubmitOrders':
      return submitOrders(state, command, rc);
    case 'Repair':
      return then(state, repair(state, command, rc), (s) => (s.awaited.length === 0 && lastRepairEndsStep(rc) ? afterStep(s, rc) : []));
    default:
      return assertNever(command);
  }
};

/**
 * Missed deadlines (defaults; the sheet has no clock): in Movement the awaited seat's
 * remaining ships stay where they are; in a sealed step a seat without orders fires
 * nothing; in Repairs a seat without a Repair command repairs nothing.
 */
export const onDeadline = (state: GscState, given: RulesContext): Decision<GscEvent> => {
  const rc = asPlayedUnder(given);
  if (state.status === 'ended') return { ok: true, events: [] };
  if (state.step === 'movement') {
    const seat = state.movement.mover;
    if (seat === null) return { ok: true, events: [] };
    const ships = state.movement.mode === 'deferred' ? deferredShips(state, seat) : unmoved(state, seat);
    const stayed: ShipStayed[] = ships.map((s) => ({
      type: 'ShipStayed',
      data: { ship: s.id, reason: 'the movement deadline passed', rule: 'GSC-3' },
    }));
    return then(state, { ok: true, events: stayed }, (s) => afterMove(s, rc));
  }
  if (state.step === 'repairs') {
    const done: GscEvent[] = state.awaited.map((seat) => ({ type: 'RepairsDone', data: { seat, rule: 'GSC-23' } }));
    return then(state, { ok: true, events: done }, (s) => afterStep(s, rc));
  }
  return { ok: true, events: reveal(state, rc) };
};
