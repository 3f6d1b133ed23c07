/**
 * A mission as data: the battlefield in inches, deployment zones, terrain, resource nodes
 * (PG-8), objectives and victory conditions (PG-14, PG-22). The text names these things
 * but gives no numbers; every number is the mission's own.
 */
import * as z from '../kernel/zod.ts';
import { idSchema, NO_RESOURCES, nameSchema, resourcesSchema } from './datasheets.ts';
import { type Polygon, type Rect, rectPolygon } from './geometry.ts';
import { PG_LIMITS as L } from './limits.ts';

/** A coordinate in inches, on or near the battlefield (INV-1). */
const coordinate = () => z.number().check(z.gte(-L.coordinate), z.lte(L.coordinate));
/** A length in inches, at most the largest battlefield's side (INV-1). */
const side = () => z.number().check(z.positive(), z.lte(L.battlefieldInches));

const pointSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ x: coordinate(), y: coordinate() }));
const rectFields = () => ({
  x: coordinate(),
  y: coordinate(),
  width: side(),
  height: side(),
});
export const rectSchema = /* @__PURE__ */ z.lazy(() => z.strictObject(rectFields()));

export const shapeSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('rect'), ...rectFields() }),
    z.strictObject({ type: z.literal('polygon'), points: z.array(pointSchema).check(z.minLength(3), z.maxLength(L.polygonPoints)) }),
  ]),
);
export type Shape = z.infer<typeof shapeSchema>;

export const terrainSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: idSchema,
    name: nameSchema(),
    shape: shapeSchema,
    /** PG-9: units may not move through impassable terrain. */
    impassable: z._default(z.boolean(), true),
    /** PG-11: obscuring terrain blocks line of sight (default: as impassable as it is). */
    blocksLineOfSight: z.optional(z.boolean()),
  }),
);
export type Terrain = z.infer<typeof terrainSchema>;

export const resourceNodeSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: idSchema,
    kind: z.enum(['carbon', 'crystal']),
    x: coordinate(),
    y: coordinate(),
    /** PG-8: a finite node's total, or 'infinite'. */
    total: z.union([z.number().check(z.int(), z.gte(0), z.lte(L.resources)), z.literal('infinite')]),
  }),
);
export type ResourceNode = z.infer<typeof resourceNodeSchema>;

export const objectiveSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: idSchema,
    name: nameSchema(),
    x: coordinate(),
    y: coordinate(),
    points: z._default(z.number().check(z.int(), z.gte(1), z.lte(L.victoryPoints)), 1),
  }),
);

export const victorySchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    /** PG-22: the original starting Command Center is the objective; losing it loses the game. */
    z.strictObject({ type: z.literal('originalCommandCenter') }),
    /** The first seat whose Victory Points reach `points` wins (checked in an End Phase, PG-14). */
    z.strictObject({ type: z.literal('objectivePoints'), points: z.number().check(z.int(), z.gte(1), z.lte(L.victoryPoints)) }),
    /** After `rounds` rounds the seat with more Victory Points wins; equal points are a draw. */
    z.strictObject({ type: z.literal('roundLimit'), rounds: z.number().check(z.int(), z.gte(1), z.lte(L.rounds)) }),
    /** A seat with nothing left on the battlefield loses. */
    z.strictObject({ type: z.literal('annihilation') }),
  ]),
);
export type VictoryCondition = z.infer<typeof victorySchema>;

export const missionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema(),
    battlefield: z.strictObject({ width: side(), height: side() }),
    /** The most Deployment Points a Deployment List may cost. */
    deploymentPoints: z.number().check(z.int(), z.gte(0), z.lte(L.deploymentPoints)),
    deploymentZones: z.strictObject({ red: rectSchema, blue: rectSchema }),
    terrain: z._default(z.array(terrainSchema).check(z.maxLength(L.terrain)), []),
    resourceNodes: z._default(z.array(resourceNodeSchema).check(z.maxLength(L.resourceNodes)), []),
    objectives: z._default(z.array(objectiveSchema).check(z.maxLength(L.objectives)), []),
    victory: z.array(victorySchema).check(z.minLength(1), z.maxLength(L.victoryConditions)),
    /** PG-15, PG-21: active Command Centers a player may control (1 unless a rule says otherwise). */
    commandCenterLimit: z._default(z.number().check(z.int(), z.gte(1), z.lte(L.commandCenterLimit)), 1),
    startingResources: z._default(resourcesSchema, NO_RESOURCES),
  }),
);
export type Mission = z.infer<typeof missionSchema>;

export const shapePolygon = (shape: Shape): Polygon => (shape.type === 'rect' ? rectPolygon(shape) : shape.points);

export const battlefieldRect = (mission: Mission): Rect => ({ x: 0, y: 0, ...mission.battlefield });

export const blocksSight = (t: Terrain): boolean => t.blocksLineOfSight ?? t.impassable;

export const zoneOf = (mission: Mission, seat: string): Rect | null =>
  seat === 'red' ? mission.deploymentZones.red : seat === 'blue' ? mission.deploymentZones.blue : null;
