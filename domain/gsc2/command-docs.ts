/**
 * The GSC2 commands as `GET /rulesets/gsc2` lists them. A file of its own, importing
 * nothing: domain/ruleset-list.ts lists every ruleset's commands from the start (the API refuses a
 * command no ruleset has before it loads any), without pulling in the command schemas (PERF-1).
 * `phases` are the steps of GSC-1 in which each may be sent, declared here only: the page offers it
 * in them (VIEW-16) and the referee refuses it in any other (command-steps.ts);
 * `anySeat`: the seat the step does not wait for may send it too (GSC-5, GSC-22).
 */
import type { CommandDoc } from '../kernel/ruleset.ts';

export const GSC_COMMANDS = [
  {
    type: 'MoveShip',
    summary: 'Move one ship along a path of forward moves, 45° turns and MDS / tractor interrupts.',
    rule: 'GSC-4',
    phases: ['movement'],
  },
  {
    type: 'DeferMove',
    summary:
      'A ship that cannot move its turn distance moves at the end of the turn, after Boarding (or at the end of Movement: option deferredMoves).',
    rule: 'GSC-4',
    phases: ['movement'],
  },
  {
    type: 'EndMoves',
    summary: 'The second player ends a group of moves; the first player must match its size.',
    rule: 'GSC-3',
    phases: ['movement'],
  },
  {
    type: 'UseTractorBeam',
    summary: 'Hold back an enemy ship that has not moved yet (any time in Movement).',
    rule: 'GSC-5',
    phases: ['movement'],
    anySeat: true,
  },
  {
    type: 'ArmTractorBeam',
    summary: 'Arm a tractor beam against an enemy that has not moved: it catches the ship where its move first comes within range.',
    rule: 'GSC-5',
    phases: ['movement'],
    anySeat: true,
  },
  // GSC-22: the steps whose systems UseSystem takes (in Missiles only MDS, used through their own command; in Repairs none)
  {
    type: 'UseSystem',
    summary: 'Use a cloak, thrusters, tunneling drive, scanners or internal defense in its step.',
    rule: 'GSC-22',
    phases: ['movement', 'beams', 'boarding'],
    anySeat: true,
  },
  {
    type: 'SubmitOrders',
    summary:
      'Seal missile launches, beam fire or boarding orders (with directions for assault pods in flight) for the simultaneous step; may be sealed again until the reveal (TB-5).',
    rule: 'GSC-11',
    phases: ['missiles', 'beams', 'boarding'],
  },
  {
    type: 'Repair',
    summary: 'Name the systems each repair unit tries to repair, then roll (4 or less).',
    rule: 'GSC-23',
    phases: ['repairs'],
  },
] as const satisfies readonly CommandDoc[];
