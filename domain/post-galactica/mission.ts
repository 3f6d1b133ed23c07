/**
 * A mission as data: the battlefield in inches, deployment zones, terrain, resource nodes
 * (PG-8), objectives and victory conditions (PG-14, PG-22). The text names these things
 * but gives no numbers; every number is the mission's own.
 */
import * as z from 'zod';
import { idSchema, NO_RESOURCES, resourcesSchema } from './datasheets.ts';
import { type Polygon, type Rect, rectPolygon } from './geometry.ts';

const pointSchema = /* @__PURE__ */ z.lazy(() => z.object({ x: z.number(), y: z.number() }).strict());
const rectFields = () => ({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() });
export const rectSchema = /* @__PURE__ */ z.lazy(() => z.object(rectFields()).strict());

export const shapeSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('rect'), ...rectFields() }).strict(),
    z.object({ type: z.literal('polygon'), points: z.array(pointSchema).min(3) }).strict(),
  ]),
);
export type Shape = z.infer<typeof shapeSchema>;

export const terrainSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      id: idSchema,
      name: z.string().min(1),
      shape: shapeSchema,
      /** PG-9: units may not move through impassable terrain. */
      impassable: z.boolean().default(true),
      /** PG-11: obscuring terrain blocks line of sight (default: as impassable as it is). */
      blocksLineOfSight: z.boolean().optional(),
    })
    .strict(),
);
export type Terrain = z.infer<typeof terrainSchema>;

export const resourceNodeSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      id: idSchema,
      kind: z.enum(['carbon', 'crystal']),
      x: z.number(),
      y: z.number(),
      /** PG-8: a finite node's total, or 'infinite'. */
      total: z.union([z.number().int().min(0), z.literal('infinite')]),
    })
    .strict(),
);
export type ResourceNode = z.infer<typeof resourceNodeSchema>;

export const objectiveSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ id: idSchema, name: z.string().min(1), x: z.number(), y: z.number(), points: z.number().int().min(1).default(1) }).strict(),
);

export const victorySchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    /** PG-22: the original starting Command Center is the objective; losing it loses the game. */
    z.object({ type: z.literal('originalCommandCenter') }).strict(),
    /** The first seat whose Victory Points reach `points` wins (checked in an End Phase, PG-14). */
    z.object({ type: z.literal('objectivePoints'), points: z.number().int().min(1) }).strict(),
    /** After `rounds` rounds the seat with more Victory Points wins; equal points are a draw. */
    z.object({ type: z.literal('roundLimit'), rounds: z.number().int().min(1) }).strict(),
    /** A seat with nothing left on the battlefield loses. */
    z.object({ type: z.literal('annihilation') }).strict(),
  ]),
);
export type VictoryCondition = z.infer<typeof victorySchema>;

export const missionSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      name: z.string().min(1),
      battlefield: z.object({ width: z.number().positive(), height: z.number().positive() }).strict(),
      /** The most Deployment Points a Deployment List may cost. */
      deploymentPoints: z.number().int().min(0),
      deploymentZones: z.object({ red: rectSchema, blue: rectSchema }).strict(),
      terrain: z.array(terrainSchema).default([]),
      resourceNodes: z.array(resourceNodeSchema).default([]),
      objectives: z.array(objectiveSchema).default([]),
      victory: z.array(victorySchema).min(1),
      /** PG-15, PG-21: active Command Centers a player may control (1 unless a rule says otherwise). */
      commandCenterLimit: z.number().int().min(1).default(1),
      startingResources: resourcesSchema.default(NO_RESOURCES),
    })
    .strict(),
);
export type Mission = z.infer<typeof missionSchema>;

export const shapePolygon = (shape: Shape): Polygon => (shape.type === 'rect' ? rectPolygon(shape) : shape.points);

export const battlefieldRect = (mission: Mission): Rect => ({ x: 0, y: 0, ...mission.battlefield });

export const blocksSight = (t: Terrain): boolean => t.blocksLineOfSight ?? t.impassable;

export const zoneOf = (mission: Mission, seat: string): Rect | null =>
  seat === 'red' ? mission.deploymentZones.red : seat === 'blue' ? mission.deploymentZones.blue : null;
