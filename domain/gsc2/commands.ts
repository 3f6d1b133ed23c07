/** GSC2 commands: their schemas (each beside its rule topic), the command union and the published CommandDocs. */

import type { CommandDoc } from '../kernel/ruleset.ts';
import * as z from '../kernel/zod.ts';
import { armTractorBeamSchema, useTractorBeamSchema } from './interrupts.ts';
import { deferMoveSchema, endMovesSchema, moveShipSchema } from './movement.ts';
import { submitOrdersSchema } from './orders.ts';
import { repairSchema } from './repairs.ts';
import { useSystemSchema } from './systems.ts';

export const gscCommandSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    moveShipSchema,
    deferMoveSchema,
    endMovesSchema,
    useTractorBeamSchema,
    armTractorBeamSchema,
    useSystemSchema,
    submitOrdersSchema,
    repairSchema,
  ]),
);
export type GscCommand = z.infer<typeof gscCommandSchema>;

export const GSC_COMMANDS = [
  { type: 'MoveShip', summary: 'Move one ship along a path of forward moves, 45° turns and MDS / tractor interrupts.', rule: 'GSC-4' },
  {
    type: 'DeferMove',
    summary: 'A ship that cannot move its turn distance moves at the end of the Movement phase (or after Boarding: option deferredMoves).',
    rule: 'GSC-4',
  },
  { type: 'EndMoves', summary: 'The second player ends a group of moves; the first player must match its size.', rule: 'GSC-3' },
  { type: 'UseTractorBeam', summary: 'Hold back an enemy ship that has not moved yet (any time in Movement).', rule: 'GSC-5' },
  {
    type: 'ArmTractorBeam',
    summary: 'Arm a tractor beam against an enemy that has not moved: it catches the ship where its move first comes within range.',
    rule: 'GSC-5',
  },
  { type: 'UseSystem', summary: 'Use a cloak, thrusters, tunneling drive, scanners or internal defense in its step.', rule: 'GSC-22' },
  {
    type: 'SubmitOrders',
    summary: 'Seal missile launches, beam fire or boarding orders (with directions for assault pods in flight) for the simultaneous step.',
    rule: 'GSC-11',
  },
  { type: 'Repair', summary: 'Name the systems each repair unit tries to repair, then roll (4 or less).', rule: 'GSC-23' },
] as const satisfies readonly CommandDoc[];
