/**
 * The Post Galactica commands as `GET /rulesets/post-galactica` lists them. A file of its own, importing
 * nothing: domain/ruleset-list.ts lists every ruleset's commands from the start (the API refuses a
 * command no ruleset has before it loads any), without pulling in the command schemas (PERF-1).
 * `phases`: the phase of the active player's turn each belongs to (PG-4; VIEW-16: what the page
 * offers), the names of phases.ts written out, as this file imports nothing.
 */

import type { CommandDoc } from '../kernel/ruleset.ts';

/** PG-4: the eight phases of a turn (phases.ts `PHASES`): EndPhase ends any of them. */
const TURN = ['command', 'resource', 'movement', 'action', 'ranged', 'melee', 'status', 'end'] as const;

export const PG_COMMANDS = [
  { type: 'EndPhase', summary: 'End the current phase; after the End Phase the turn passes (PG-4).', rule: 'PG-4', phases: TURN },
  {
    type: 'Deploy',
    summary: 'Place your units in your deployment zone: { units: [{ unitId, x, y }], auto? }.',
    rule: 'PG-20',
    phases: ['deployment'],
  },
  {
    type: 'Gather',
    summary: 'Resource Phase: gather from eligible Carbon and Crystal Nodes, and faction resources.',
    rule: 'PG-8',
    phases: ['resource'],
  },
  {
    type: 'Move',
    summary: 'Movement Phase: move a unit along a path of waypoints, up to its Movement.',
    rule: 'PG-9',
    phases: ['movement'],
  },
  {
    type: 'Construct',
    summary: 'Action Phase: a unit that may Construct begins a building, placing its construction counters.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Produce',
    summary: 'Action Phase: a building begins producing a unit (Workers up to the Worker Limit).',
    rule: 'PG-18',
    phases: ['action'],
  },
  {
    type: 'Repair',
    summary: 'Action Phase: a unit that may Repair restores Cohesion to a friendly building.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Interact',
    summary: 'Action Phase: a unit that may Interact takes control of an objective within 1".',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Aim',
    summary: 'Action Phase: a unit that may Aim adds 1 to its ranged hit rolls this turn.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Research',
    summary: 'Action Phase: a building begins researching an item of its datasheet, placing research counters.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Salvage',
    summary: 'Action Phase: a unit that may Salvage begins taking apart a friendly building within 1".',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Overwatch',
    summary: 'Action Phase: until your next turn the unit shoots (−1 to hit) an enemy that ends a move in its sights.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Dodge',
    summary: 'Action Phase: until your next turn attacks against the unit have −1 to hit.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Disengage',
    summary: 'Action Phase: until your next turn the unit is not engaged and takes no part in melee.',
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'Load',
    summary: 'Action Phase: a transport takes aboard friendly units within 1", up to its Transport capacity.',
    rule: 'PG-10',
    phases: ['action'],
  },
  { type: 'Unload', summary: 'Action Phase: a transport sets units down within 1" of it.', rule: 'PG-10', phases: ['action'] },
  {
    type: 'ActivateAbility',
    summary: "Action Phase: activate one of the datasheet's abilities; it may then recharge.",
    rule: 'PG-10',
    phases: ['action'],
  },
  {
    type: 'UseFactionAbility',
    summary: "Action Phase: use one of your faction's abilities, up to its uses per turn; they refresh in your Command Phase.",
    rule: 'PG-10',
    phases: ['action'],
  },
  { type: 'RangedAttack', summary: 'Ranged Phase: attack a legal target in range and line of sight.', rule: 'PG-11', phases: ['ranged'] },
  { type: 'MeleeAttack', summary: 'Melee Phase: attack a legal target within melee range.', rule: 'PG-12', phases: ['melee'] },
  {
    type: 'ResolveStatuses',
    summary: "Status Phase: resolve your units' statuses in the order you choose.",
    rule: 'PG-13',
    phases: ['status'],
  },
] as const satisfies readonly CommandDoc[];
