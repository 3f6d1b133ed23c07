/**
 * The GSC2 reference match: the example scenario (`{}` options: a cruiser and a destroyer
 * a side, 48" apart, asteroids, dust, a drifting satellite and mine field) played through
 * the real decider with the reference seed. Both seats play by a small policy that reads
 * the battle as it stands, as a player would: in Movement the seat the alternation waits
 * for (GSC-3) steers its next ship towards a firing range on the nearest enemy, trying
 * maneuvers as a player tries them on the table, through the rules; it launches every
 * missile battery that may launch at the nearest enemy, fires every battery at the nearest
 * enemy it may legally hit, boards nobody, and repairs damaged systems, batteries first.
 * Once, in turn 2, the seat of a free group misses its movement deadline. It plays until
 * the rules end the battle (a fleet gone, or the scenario's turn limit).
 */

import type { GscEvent } from '../../domain/gsc2/events.ts';
import { relativeBearing } from '../../domain/gsc2/geometry.ts';
import { canLaunch } from '../../domain/gsc2/missiles.ts';
import { needsRepair } from '../../domain/gsc2/repairs.ts';
import { activeShips, designOf, driveThisTurn, levelOf, working } from '../../domain/gsc2/ships.ts';
import type { GscState, ShipState } from '../../domain/gsc2/state.ts';
import { awaiting } from '../../domain/gsc2/view.ts';
import { distance } from '../../domain/kernel/plane.ts';
import type { GameCommand } from '../../domain/match/decide.ts';
import type { Recorder } from './finished-games.ts';
import { of } from './gsc2.ts';

/** Past the example scenario's turn limit of 8: a guard, never reached. */
const MAX_COMMANDS = 2000;
/** The range the ships try to hold: inside every example battery's reach, outside teleporters' 8". */
const IDEAL_RANGE = 12;

const battleOf = (game: Recorder): GscState => (game.state as unknown as { rules: GscState }).rules;

/** The enemy ships still in the battle, nearest first. */
const byDistance = (state: GscState, ship: ShipState): ShipState[] =>
  activeShips(state)
    .filter((s) => s.seat !== ship.seat)
    .sort((a, b) => distance(ship.at, a.at) - distance(ship.at, b.at));

const fwd = (inches: number) => ({ type: 'forward', inches });
const turn = (direction: 'left' | 'right') => ({ type: 'turn', direction });

/** Paths a player would consider: straight, or a run to the turn distance, up to two turns either way, and on. */
const candidatePaths = (state: GscState, ship: ShipState): object[][] => {
  const drive = driveThisTurn(ship);
  const turnDistance = designOf(state, ship).turnDistance;
  const paths: object[][] = [[]];
  for (const before of [0, Math.min(turnDistance, drive)]) {
    for (const turns of [[], [turn('left')], [turn('right')], [turn('left'), turn('left')], [turn('right'), turn('right')]]) {
      for (let after = Math.floor(drive); after >= 0; after -= 1) {
        const path = [...(before > 0 ? [fwd(before)] : []), ...turns];
        if (after > 0) path.push(fwd(after));
        if (path.length > 0) paths.push(path);
      }
    }
  }
  return paths;
};

/** How far an end pose is from the ideal: off the ideal range, and with the enemy off the bow. */
const badness = (state: GscState, ship: ShipState, to: ShipState['at'], facing: number): number => {
  const [enemy] = byDistance(state, ship);
  if (!enemy) return 0;
  const bearing = Math.abs(relativeBearing(to, facing, enemy.at));
  return Math.abs(distance(to, enemy.at) - IDEAL_RANGE) + (bearing > 45 ? 4 : 0) + (bearing > 90 ? 8 : 0);
};

/** The seat's next move: the legal path (tried through the rules) whose end pose is best. */
const moveNext = (game: Recorder, state: GscState, seat: string): void => {
  const m = state.movement;
  const ships = activeShips(state, seat).filter((s) => (m.mode === 'deferred' ? s.deferred : s.moved === null && !s.deferred));
  const ship = ships[0];
  if (!ship) throw new Error(`${seat} is to move but has no ship that may`);
  let best: { command: GameCommand; score: number } | null = null;
  for (const path of candidatePaths(state, ship)) {
    const command = { type: 'MoveShip', ship: ship.id, path };
    const events = game.wouldAccept(command, game.seat(seat));
    const moved = events ? of(events as readonly GscEvent[], 'ShipMoved')[0] : undefined;
    if (!moved) continue;
    const score = badness(state, ship, moved.data.to, moved.data.facing);
    if (!best || score < best.score - 1e-9) best = { command, score };
  }
  game.give(best?.command ?? { type: 'MoveShip', ship: ship.id, path: [] }, game.seat(seat));
  // GSC-3: the second player's group is one ship, while more are left to move
  const after = battleOf(game);
  if (after.step === 'movement' && after.movement.mode === 'free' && after.movement.mover === seat && after.movement.quota > 0)
    game.give({ type: 'EndMoves' }, game.seat(seat));
};

/** The sealed orders of a seat for the current step; every order is one the rules accept when sealed. */
const ordersFor = (game: Recorder, state: GscState, seat: string): object => {
  const own = activeShips(state, seat);
  switch (state.sealedStep) {
    case 'missiles':
      return {
        step: 'missiles',
        launches: own.flatMap((ship) =>
          designOf(state, ship)
            .missileBatteries.filter((b) => canLaunch(state, ship.id, b.id))
            .flatMap((b) => {
              const target = byDistance(state, ship)[0];
              return target ? [{ ship: ship.id, battery: b.id, target: target.id }] : [];
            }),
        ),
      };
    case 'beams': {
      const fire = own.flatMap((ship) =>
        designOf(state, ship)
          .batteries.filter((b) => working(ship, `battery:${b.id}`))
          .flatMap((b) => {
            const target = byDistance(state, ship).find((t) => {
              const order = { step: 'beams', fire: [{ ship: ship.id, battery: b.id, target: t.id }] };
              return game.wouldAccept({ type: 'SubmitOrders', orders: order }, game.seat(seat)) !== null;
            });
            return target ? [{ ship: ship.id, battery: b.id, target: target.id }] : [];
          }),
      );
      return { step: 'beams', fire };
    }
    default:
      return { step: 'boarding', actions: [], sabotage: [] };
  }
};

/** GSC-23: each working repair unit tries one damaged system, batteries first. */
const repairsFor = (state: GscState, seat: string) => ({
  type: 'Repair',
  attempts: activeShips(state, seat).flatMap((ship) =>
    Object.entries(ship.systems)
      .filter(([, system]) => needsRepair(system))
      .map(([ref]) => ref)
      .sort((a, b) => Number(b.includes(':')) - Number(a.includes(':')))
      .slice(0, levelOf(ship, 'repairUnits'))
      .map((system) => ({ ship: ship.id, system })),
  ),
});

/** Plays the battle until the rules end it (or the guard is reached). */
export const playGscReference = (game: Recorder): void => {
  let missed = false;
  for (let i = 0; i < MAX_COMMANDS && game.state.status === 'playing'; i += 1) {
    const state = battleOf(game);
    const waiting = awaiting(state);
    // who acts first in a simultaneous step alternates with the turn
    const seat = (state.turn % 2 === 1 ? waiting : [...waiting].reverse())[0];
    if (seat === undefined) throw new Error(`nobody is awaited in the ${state.step} step of turn ${state.turn}`);
    if (state.step === 'movement') {
      // once: in turn 2 the seat of a free group lets the deadline pass; its ships stay where they are
      if (!missed && state.turn === 2 && state.movement.mode === 'free') {
        missed = true;
        game.missDeadline();
      } else moveNext(game, state, seat);
    } else if (state.step === 'repairs') game.give(repairsFor(state, seat), game.seat(seat));
    else game.give({ type: 'SubmitOrders', orders: ordersFor(game, state, seat) }, game.seat(seat));
  }
};
