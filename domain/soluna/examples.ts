/**
 * The example mission played with `{}` options. Every number here is an example, not
 * rules text: the fragment gives no statistics, warbands or victory conditions.
 */
import type { Mission } from './mission.ts';

export const EXAMPLE_MISSION: Mission = {
  name: 'The Standing Stones',
  grid: {
    width: 12,
    height: 12,
    blocking: [
      [5, 5],
      [6, 5],
      [5, 6],
      [6, 6],
      [2, 4],
      [9, 7],
      [3, 8],
      [8, 3],
    ],
  },
  warbands: {
    sun: [
      {
        id: 'meena',
        name: 'Meena',
        leader: true,
        mind: 8,
        movement: 3,
        wounds: 3,
        at: [5, 1],
        attacks: [
          { name: 'Sunbow', kind: 'ranged', range: 8, toHit: 4, damage: 1 },
          { name: 'Knife', kind: 'melee', range: 1, toHit: 4, damage: 1 },
        ],
        artifacts: [{ name: 'Healing Stone', target: 'ally', range: 1, effect: { kind: 'heal', amount: 1 } }],
        psionics: [],
      },
      {
        id: 'oren',
        name: 'Oren',
        leader: false,
        mind: 6,
        movement: 4,
        wounds: 2,
        at: [3, 1],
        attacks: [
          { name: 'Spear', kind: 'melee', range: 1, toHit: 3, damage: 1 },
          { name: 'Sling', kind: 'ranged', range: 6, toHit: 5, damage: 1 },
        ],
        artifacts: [],
        psionics: [],
      },
      {
        id: 'ila',
        name: 'Ila',
        leader: false,
        mind: 5,
        movement: 3,
        wounds: 2,
        at: [8, 1],
        attacks: [{ name: 'Staff', kind: 'melee', range: 1, toHit: 4, damage: 1 }],
        artifacts: [],
        psionics: [
          { name: 'Focus', target: 'self', range: 0, effect: { kind: 'mind', amount: 2 } },
          { name: 'Dread', target: 'enemy', range: 6, effect: { kind: 'mind', amount: -2 } },
        ],
      },
    ],
    moon: [
      {
        id: 'xul',
        name: 'Xul',
        leader: true,
        mind: 7,
        movement: 3,
        wounds: 3,
        at: [6, 10],
        attacks: [{ name: 'Moonblade', kind: 'melee', range: 1, toHit: 3, damage: 2 }],
        artifacts: [],
        psionics: [{ name: 'Mind Spike', target: 'enemy', range: 6, effect: { kind: 'wound', amount: 1 } }],
      },
      {
        id: 'vask',
        name: 'Vask',
        leader: false,
        mind: 6,
        movement: 4,
        wounds: 2,
        at: [4, 10],
        attacks: [
          { name: 'Crossbow', kind: 'ranged', range: 8, toHit: 4, damage: 1 },
          { name: 'Hatchet', kind: 'melee', range: 1, toHit: 4, damage: 1 },
        ],
        artifacts: [],
        psionics: [],
      },
      {
        id: 'sera',
        name: 'Sera',
        leader: false,
        mind: 4,
        movement: 3,
        wounds: 2,
        at: [9, 10],
        attacks: [{ name: 'Dagger', kind: 'melee', range: 1, toHit: 4, damage: 1 }],
        artifacts: [{ name: 'Moon Mirror', target: 'ally', range: 3, effect: { kind: 'mind', amount: 1 } }],
        psionics: [],
      },
    ],
  },
  victory: { eliminate: 'leader', turnLimit: 8 },
};
