/**
 * GSC2 ship designs as data (validated by zod). The sheet names the statistics (size,
 * drive, turn distance, targeting, aspect, deflectors, shields, armor, hull, batteries)
 * and the systems; the numbers always come from a game's designs, never from code.
 */
import * as z from '../kernel/zod.ts';
import { coordinate, GSC_LIMITS as L } from './limits.ts';

/** GSC-13: fixed 90° arcs, sponsons (180° in the named direction) and turrets (`T`, any direction). */
export const MOUNTS = ['F', 'A', 'L', 'R', 'FS', 'AS', 'LS', 'RS', 'T'] as const;
export type Mount = (typeof MOUNTS)[number];

/** GSC-12: beams come in light, medium and heavy. */
export const BEAM_CLASSES = ['light', 'medium', 'heavy'] as const;
export type BeamClass = (typeof BEAM_CLASSES)[number];

/**
 * GSC-19: how each kind of system takes damage, in the sheet's own groups.
 * - `twoHits`: first hit damages (cannot fire), second destroys (cannot be repaired)
 * - `sizeBand`: one hit per weapon; size 1-7 lose a level per hit, 8-15 per 2, 16+ per 3
 * - `drive`: size 1-3 halve then destroyed; size 4+ lose 1" per hit, destroyed below 0
 * - `perHit`: lose 1 per penetrating hit, destroyed below 0
 * - `perDamagePoint`: lose 1 per damage point that penetrated
 */
export const DAMAGE_RULES = {
  battery: 'twoHits',
  missiles: 'twoHits',
  tractor: 'twoHits',
  deflectors: 'sizeBand',
  thrusters: 'sizeBand',
  tunnelingDrives: 'sizeBand',
  inertialDampeners: 'sizeBand',
  cloaks: 'sizeBand',
  stealthFields: 'sizeBand',
  drive: 'drive',
  repairUnits: 'perHit',
  scanners: 'perHit',
  mineLayers: 'perHit',
  nullFields: 'perHit',
  mds: 'perDamagePoint',
  shields: 'perDamagePoint',
  transporters: 'perDamagePoint',
  assaultSquads: 'perDamagePoint',
  heavyAssaultSquads: 'perDamagePoint',
} as const;
export type SystemKind = keyof typeof DAMAGE_RULES;

/** Systems a design holds as a single level or count (everything but the listed batteries and beams). */
export const LEVEL_KINDS = [
  'deflectors',
  'thrusters',
  'tunnelingDrives',
  'inertialDampeners',
  'cloaks',
  'stealthFields',
  'drive',
  'repairUnits',
  'scanners',
  'mineLayers',
  'nullFields',
  'mds',
  'shields',
  'transporters',
  'assaultSquads',
  'heavyAssaultSquads',
] as const satisfies readonly SystemKind[];
export type LevelKind = (typeof LEVEL_KINDS)[number];

/** Listed systems: each battery and tractor beam is its own system, named `kind:id` on the chart. */
export const LISTED_KINDS = ['battery', 'missiles', 'tractor'] as const satisfies readonly SystemKind[];
export type ListedKind = (typeof LISTED_KINDS)[number];

/** INV-1: a level or count of a design's systems, 0 to `systemLevel` (limits.ts). */
const count = (max: number = L.systemLevel) => z.number().check(z.int(), z.gte(0), z.lte(max));
const id = () => z.string().check(z.maxLength(L.idLength), z.regex(/^[A-Za-z0-9_-]{1,24}$/, 'an id is 1 to 24 letters, digits, _ or -'));
/** INV-1: a whole number from -`rollNumber` to `rollNumber` (targeting, aspect: added to d10 targets). */
const rollNumber = () => z.number().check(z.int(), z.gte(-L.rollNumber), z.lte(L.rollNumber));

export const beamBatterySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: id(),
    class: z.enum(BEAM_CLASSES),
    weapons: z.number().check(z.int(), z.gte(1), z.lte(L.weaponsPerBattery)),
    damage: z.number().check(z.int(), z.gte(1), z.lte(L.damage)),
    mount: z.enum(MOUNTS),
  }),
);
export const missileBatterySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: id(),
    missiles: z.number().check(z.int(), z.gte(1), z.lte(L.missilesPerBattery)),
    damage: z.number().check(z.int(), z.gte(1), z.lte(L.damage)),
  }),
);
/** Tractor beams: the sheet gives no statistics; range and strength (inches of drive held back) are design data. */
export const tractorBeamSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: id(),
    range: z.number().check(z.positive(), z.lte(L.tractorInches)),
    strength: z.number().check(z.positive(), z.lte(L.tractorInches)),
  }),
);

/** A chart entry: a level kind (`drive`, `shields`…) or a listed system (`battery:A`, `missiles:M1`, `tractor:T1`). */
export const systemRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([z.enum(LEVEL_KINDS), z.string().check(z.regex(/^(battery|missiles|tractor):[A-Za-z0-9_-]{1,24}$/))]),
);

export const shipDesignSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      size: z.number().check(z.int(), z.gte(1), z.lte(L.size)),
      drive: z.number().check(z.gte(0), z.lte(L.driveInches)),
      turnDistance: z.number().check(z.gte(0), z.lte(L.driveInches)),
      targeting: rollNumber(),
      /** Added to an attacker's targeting by the bearing it fires from (see geometry.ts `aspectOf`). */
      aspect: z.strictObject({ bow: rollNumber(), broadside: rollNumber(), stern: rollNumber() }),
      deflectors: count(),
      shields: count(),
      armor: count(L.rollNumber),
      hull: z.number().check(z.int(), z.gte(1), z.lte(L.hull)),
      batteries: z._default(z.array(beamBatterySchema).check(z.maxLength(L.batteriesPerDesign)), []),
      missileBatteries: z._default(z.array(missileBatterySchema).check(z.maxLength(L.missileBatteriesPerDesign)), []),
      tractorBeams: z._default(z.array(tractorBeamSchema).check(z.maxLength(L.tractorBeamsPerDesign)), []),
      mds: z._default(count(), 0),
      cloaks: z._default(count(), 0),
      thrusters: z._default(count(), 0),
      tunnelingDrives: z._default(count(), 0),
      inertialDampeners: z._default(count(), 0),
      stealthFields: z._default(count(), 0),
      scanners: z._default(count(), 0),
      repairUnits: z._default(count(), 0),
      mineLayers: z._default(count(), 0),
      nullFields: z._default(count(), 0),
      internalDefense: z._default(count(L.troops), 0),
      assaultPods: z._default(count(L.assaultPods), 0),
      transporters: z._default(count(L.troops), 0),
      crew: z._default(count(L.troops), 0),
      assaultSquads: z._default(count(L.troops), 0),
      heavyAssaultSquads: z._default(count(L.troops), 0),
      /** GSC-18: ten rows, one per d10 face (1 first), each ordered left to right. */
      damageChart: z.array(z.array(systemRefSchema).check(z.minLength(1), z.maxLength(L.chartRow))).check(z.length(10)),
    })
    .check(
      z.superRefine((design, issues) => {
        const listed = new Set(listedRefs(design));
        design.damageChart.forEach((row, face) => {
          for (const ref of row) {
            if (ref.includes(':') && !listed.has(ref))
              issues.addIssue({ code: 'custom', path: ['damageChart', face], message: `${ref} is not a system of this design` });
          }
        });
      }),
    ),
);
export type ShipDesign = z.infer<typeof shipDesignSchema>;
export type BeamBattery = z.infer<typeof beamBatterySchema>;
export type TractorBeam = z.infer<typeof tractorBeamSchema>;

export const listedRefs = (design: Pick<ShipDesign, 'batteries' | 'missileBatteries' | 'tractorBeams'>): string[] => [
  ...design.batteries.map((b) => `battery:${b.id}`),
  ...design.missileBatteries.map((b) => `missiles:${b.id}`),
  ...design.tractorBeams.map((b) => `tractor:${b.id}`),
];

export const kindOf = (ref: string): SystemKind => (ref.includes(':') ? (ref.split(':')[0] as ListedKind) : (ref as LevelKind));

/** GSC-2: terrain the sheet names. `drift` is how far it moves each turn, before any ship. */
export const TERRAIN_KINDS = ['satellite', 'asteroids', 'mines', 'dust'] as const;
export const terrainSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: id(),
    kind: z.enum(TERRAIN_KINDS),
    x: coordinate(),
    y: coordinate(),
    radius: z.number().check(z.positive(), z.lte(L.terrainRadius)),
    drift: z._default(
      z.strictObject({ x: z.number().check(z.gte(-L.drift), z.lte(L.drift)), y: z.number().check(z.gte(-L.drift), z.lte(L.drift)) }),
      { x: 0, y: 0 },
    ),
  }),
);
export type Terrain = z.infer<typeof terrainSchema>;

/** Where a ship starts; facing in 45° steps clockwise from north (+y): 0 N, 2 E, 4 S, 6 W. */
export const deploymentSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: id(),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(L.shipNameLength))),
    design: z.string().check(z.minLength(1), z.maxLength(L.idLength)),
    x: coordinate(),
    y: coordinate(),
    facing: z.number().check(z.int(), z.gte(0), z.lte(7)),
  }),
);
export type Deployment = z.infer<typeof deploymentSchema>;
