/**
 * The Post Galactica battle reference match (DOC-7): the e2e test's "Certain Hits" scenario
 * (test/support/post-galactica-scenario.ts) played through the real decider with the
 * reference seed, so a newcomer has a log in which units move, shoot and fight with dice,
 * Workers gather and build, and a Command Center is destroyed and rebuilt.
 * Every weapon there has Skill 1, so every d6 hits (PG-2 default) and the script does not
 * depend on which numbers the seed gives: a rule change that shifts the dice re-records
 * the same battle with other numbers. The Gunners may also Aim (PG-10), so one volley's rolls
 * carry a modifier for `arbiter replay --explain` to spell out.
 * Four rounds, as the e2e test plays them; then blue, its Gunners gone, concedes.
 */

import type { GameCommand } from '../../domain/match/decide.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import type { Recorder } from './finished-games.ts';
import { DEPLOYMENT, SCENARIO } from './post-galactica-scenario.ts';

/** The scenario, with Gunners that may Aim: +1 to hit with the next ranged attack this turn (PG-10). */
export const BATTLE_SCENARIO = {
  ...SCENARIO,
  factions: {
    legion: {
      ...SCENARIO.factions.legion,
      units: { ...SCENARIO.factions.legion.units, gunners: { ...SCENARIO.factions.legion.units.gunners, actions: ['Aim'] } },
    },
  },
};

type Seat = 'red' | 'blue';

const phaseOf = (game: Recorder): string => (game.state as unknown as { rules: PgState }).rules.phase;

/** One seat's turn, phase by phase: `plays` names the commands of each phase it acts in. */
const turn = (game: Recorder, seat: Seat, plays: Partial<Record<string, readonly GameCommand[]>>): void => {
  const actor = game.seat(seat);
  for (let i = 0; i < 8; i += 1) {
    for (const command of plays[phaseOf(game)] ?? []) game.give(command, actor);
    const ending = phaseOf(game);
    game.give({ type: 'EndPhase' }, actor);
    if (ending === 'end') return;
  }
  throw new Error(`${seat}'s turn did not end`);
};

const gather: GameCommand = { type: 'Gather' };
const move = (unitId: string, x: number, y: number): GameCommand => ({ type: 'Move', unitId, path: [{ x, y }] });
const shoot = (unitId: string, targetId: string): GameCommand => ({ type: 'RangedAttack', unitId, targetId });
const fight = (unitId: string, targetId: string): GameCommand => ({ type: 'MeleeAttack', unitId, targetId });

export const playPostGalacticaBattle = (game: Recorder): void => {
  game.give({ type: 'Deploy', units: DEPLOYMENT.red }, game.seat('red'));
  game.give({ type: 'Deploy', units: DEPLOYMENT.blue }, game.seat('blue'));

  // Round 1: red gathers, advances, a Worker begins a Depot (PG-7), and the Gunners aim and
  // shoot; blue advances and shoots red's fourth Worker, whose purchased capacity is lost (PG-17).
  turn(game, 'red', {
    resource: [gather],
    movement: [move('red-gunners-1', 14, 4)],
    action: [
      { type: 'Construct', unitId: 'red-worker-2', datasheet: 'depot', x: 4, y: 15.5 },
      { type: 'Aim', unitId: 'red-gunners-1' },
    ],
    ranged: [shoot('red-gunners-1', 'blue-gunners-1')],
  });
  turn(game, 'blue', { resource: [gather], movement: [move('blue-gunners-1', 14, 10)], ranged: [shoot('blue-gunners-1', 'red-worker-4')] });

  // Round 2: the Depot completes; blue charges red's Command Center and destroys it (PG-15).
  turn(game, 'red', { resource: [gather], ranged: [shoot('red-gunners-1', 'blue-gunners-1')] });
  turn(game, 'blue', {
    resource: [gather],
    movement: [move('blue-gunners-1', 8, 10)],
    ranged: [shoot('blue-gunners-1', 'red-gunners-1')],
    melee: [fight('blue-gunners-1', 'red-cc')],
  });

  // Round 3: a red Worker begins rebuilding the Command Center (PG-21); the Gunners fight in melee.
  turn(game, 'red', {
    resource: [gather],
    movement: [move('red-worker-3', 3.5, 14), move('red-gunners-1', 10.5, 10)],
    action: [{ type: 'Construct', unitId: 'red-worker-3', datasheet: 'command-center', x: 2, y: 13 }],
    melee: [fight('red-gunners-1', 'blue-gunners-1')],
  });
  turn(game, 'blue', { resource: [gather], melee: [fight('blue-gunners-1', 'red-gunners-1')] });

  // Round 4: the Command Center is rebuilt; red's Gunners finish blue's (PG-2).
  turn(game, 'red', { resource: [gather], melee: [fight('red-gunners-1', 'blue-gunners-1')] });
  turn(game, 'blue', { resource: [gather] });
};
