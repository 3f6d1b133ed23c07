/** GSC2 commands: their schemas (each beside its rule topic) and the command union; command-docs.ts has the published CommandDocs. */

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
