/**
 * The Post Galactica commands as `GET /rulesets/post-galactica` lists them. A file of its own, importing
 * nothing: domain/ruleset-list.ts lists every ruleset's commands from the start (the API refuses a
 * command no ruleset has before it loads any), without pulling in the command schemas (PERF-1).
 */
import type { CommandDoc } from '../kernel/ruleset.ts';

export const PG_COMMANDS = [
  { type: 'EndPhase', summary: 'End the current phase; after the End Phase the turn passes (PG-4).', rule: 'PG-4' },
  { type: 'Deploy', summary: 'Place your units in your deployment zone: { units: [{ unitId, x, y }], auto? }.', rule: 'PG-20' },
  { type: 'Gather', summary: 'Resource Phase: gather from eligible Carbon and Crystal Nodes, and faction resources.', rule: 'PG-8' },
  { type: 'Move', summary: 'Movement Phase: move a unit along a path of waypoints, up to its Movement.', rule: 'PG-9' },
  {
    type: 'Construct',
    summary: 'Action Phase: a unit that may Construct begins a building, placing its construction counters.',
    rule: 'PG-10',
  },
  { type: 'Produce', summary: 'Action Phase: a building begins producing a unit (Workers up to the Worker Limit).', rule: 'PG-18' },
  { type: 'Repair', summary: 'Action Phase: a unit that may Repair restores Cohesion to a friendly building.', rule: 'PG-10' },
  { type: 'Interact', summary: 'Action Phase: a unit that may Interact takes control of an objective within 1".', rule: 'PG-10' },
  { type: 'Aim', summary: 'Action Phase: a unit that may Aim adds 1 to its ranged hit rolls this turn.', rule: 'PG-10' },
  {
    type: 'Research',
    summary: 'Action Phase: a building begins researching an item of its datasheet, placing research counters.',
    rule: 'PG-10',
  },
  { type: 'Salvage', summary: 'Action Phase: a unit that may Salvage begins taking apart a friendly building within 1".', rule: 'PG-10' },
  {
    type: 'Overwatch',
    summary: 'Action Phase: until your next turn the unit shoots (−1 to hit) an enemy that ends a move in its sights.',
    rule: 'PG-10',
  },
  { type: 'Dodge', summary: 'Action Phase: until your next turn attacks against the unit have −1 to hit.', rule: 'PG-10' },
  { type: 'Disengage', summary: 'Action Phase: until your next turn the unit is not engaged and takes no part in melee.', rule: 'PG-10' },
  {
    type: 'Load',
    summary: 'Action Phase: a transport takes aboard friendly units within 1", up to its Transport capacity.',
    rule: 'PG-10',
  },
  { type: 'Unload', summary: 'Action Phase: a transport sets units down within 1" of it.', rule: 'PG-10' },
  { type: 'ActivateAbility', summary: "Action Phase: activate one of the datasheet's abilities; it may then recharge.", rule: 'PG-10' },
  {
    type: 'UseFactionAbility',
    summary: "Action Phase: use one of your faction's abilities, up to its uses per turn; they refresh in your Command Phase.",
    rule: 'PG-10',
  },
  { type: 'RangedAttack', summary: 'Ranged Phase: attack a legal target in range and line of sight.', rule: 'PG-11' },
  { type: 'MeleeAttack', summary: 'Melee Phase: attack a legal target within melee range.', rule: 'PG-12' },
  { type: 'ResolveStatuses', summary: "Status Phase: resolve your units' statuses in the order you choose.", rule: 'PG-13' },
] as const satisfies readonly CommandDoc[];
