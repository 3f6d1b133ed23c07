/**
 * The out-of-the-box scenario (`{}` options). Every number here is an EXAMPLE of ours,
 * not the sheet's: the sheet defines how statistics are used, never what they are.
 */
import type * as z from 'zod/mini';
import type { deploymentSchema, shipDesignSchema, terrainSchema } from './designs.ts';

type DesignInput = z.input<typeof shipDesignSchema>;

export const EXAMPLE_DESIGNS: Record<string, DesignInput> = {
  cruiser: {
    size: 8,
    drive: 8,
    turnDistance: 4,
    targeting: 5,
    aspect: { bow: 1, broadside: 3, stern: 2 },
    deflectors: 1,
    shields: 2,
    armor: 6,
    hull: 12,
    batteries: [
      { id: 'A', class: 'heavy', weapons: 2, damage: 3, mount: 'FS' },
      { id: 'B', class: 'medium', weapons: 2, damage: 2, mount: 'T' },
      { id: 'C', class: 'light', weapons: 3, damage: 1, mount: 'L' },
    ],
    missileBatteries: [{ id: 'M1', missiles: 2, damage: 2 }],
    tractorBeams: [{ id: 'T1', range: 6, strength: 4 }],
    mds: 2,
    thrusters: 1,
    scanners: 1,
    repairUnits: 2,
    internalDefense: 1,
    assaultPods: 1,
    transporters: 2,
    crew: 4,
    assaultSquads: 2,
    heavyAssaultSquads: 1,
    damageChart: [
      ['battery:A', 'drive'],
      ['battery:B', 'shields'],
      ['battery:C', 'deflectors'],
      ['missiles:M1', 'mds'],
      ['drive', 'thrusters'],
      ['shields', 'battery:A'],
      ['deflectors', 'scanners'],
      ['tractor:T1', 'transporters'],
      ['repairUnits', 'assaultSquads', 'heavyAssaultSquads'],
      ['mds', 'drive', 'battery:B'],
    ],
  },
  destroyer: {
    size: 4,
    drive: 12,
    turnDistance: 3,
    targeting: 4,
    aspect: { bow: 0, broadside: 2, stern: 1 },
    deflectors: 1,
    shields: 1,
    armor: 5,
    hull: 6,
    batteries: [
      { id: 'A', class: 'light', weapons: 2, damage: 1, mount: 'F' },
      { id: 'B', class: 'medium', weapons: 1, damage: 2, mount: 'T' },
    ],
    missileBatteries: [{ id: 'M1', missiles: 1, damage: 2 }],
    mds: 1,
    cloaks: 1,
    repairUnits: 1,
    crew: 2,
    assaultSquads: 1,
    damageChart: [
      ['battery:A', 'drive'],
      ['battery:B', 'shields'],
      ['drive', 'deflectors'],
      ['missiles:M1', 'mds'],
      ['shields', 'battery:A'],
      ['deflectors', 'drive'],
      ['cloaks', 'battery:B'],
      ['mds', 'repairUnits'],
      ['repairUnits', 'assaultSquads'],
      ['drive', 'battery:A', 'battery:B'],
    ],
  },
};

type DeploymentInput = z.input<typeof deploymentSchema>;

/** Two ships a side, 48" apart, bows towards each other. */
export const EXAMPLE_FLEETS: Record<string, DeploymentInput[]> = {
  red: [
    { id: 'valiant', name: 'Valiant', design: 'cruiser', x: 20, y: 0, facing: 0 },
    { id: 'lance', name: 'Lance', design: 'destroyer', x: 30, y: 0, facing: 0 },
  ],
  blue: [
    { id: 'tyrant', name: 'Tyrant', design: 'cruiser', x: 30, y: 48, facing: 4 },
    { id: 'viper', name: 'Viper', design: 'destroyer', x: 20, y: 48, facing: 4 },
  ],
};

export const EXAMPLE_TERRAIN: z.input<typeof terrainSchema>[] = [
  { id: 'belt', kind: 'asteroids', x: 8, y: 24, radius: 4 },
  { id: 'nebula', kind: 'dust', x: 42, y: 24, radius: 5 },
  { id: 'relay', kind: 'satellite', x: 25, y: 24, radius: 0.5, drift: { x: 1, y: 0 } },
  { id: 'field', kind: 'mines', x: 25, y: 32, radius: 1, drift: { x: 0, y: -1 } },
];

/** Default turn limit of the example scenario (victory is a default: the sheet only says it is determined last). */
export const EXAMPLE_TURN_LIMIT = 8;
