/** Post Galactica: commands and `decide`, one small function per command (topic files hold the rules). */
import { z } from 'zod';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, assertNever, reject } from '../kernel/violation.ts';
import { activateAbility, activateAbilitySchema } from './abilities.ts';
import {
  aim,
  aimSchema,
  construct,
  constructSchema,
  interact,
  interactSchema,
  produce,
  produceSchema,
  repair,
  repairSchema,
} from './actions.ts';
import { attack, meleeAttackSchema, rangedAttackSchema } from './combat.ts';
import { deploy, deployOnDeadline, deploySchema } from './deployment.ts';
import type { PgEvent } from './events.ts';
import { useFactionAbility, useFactionAbilitySchema } from './faction-abilities.ts';
import { move, moveSchema } from './movement.ts';
import { nextPhase, PHASE_TITLES, PHASES, type Phase } from './phases.ts';
import { research, researchSchema, salvage, salvageSchema } from './research.ts';
import { gather, gatherSchema } from './resources.ts';
import { disengageSchema, dodgeSchema, overwatchSchema, takeStance } from './stances.ts';
import type { PgState } from './state.ts';
import { defaultResolution, resolveStatuses, resolveStatusesSchema } from './status.ts';
import { load, loadSchema, unload, unloadSchema } from './transports.ts';
import { endPhaseEvents } from './victory.ts';

export { begin } from './turns.ts';

export const endPhaseSchema = z.object({
  type: z.literal('EndPhase'),
  /** Optional guard: the phase the player believes they are ending; a stale click is refused. */
  phase: z.enum(PHASES).optional(),
});

export const pgCommandSchema = z.discriminatedUnion('type', [
  endPhaseSchema,
  deploySchema,
  gatherSchema,
  moveSchema,
  constructSchema,
  produceSchema,
  repairSchema,
  interactSchema,
  aimSchema,
  researchSchema,
  salvageSchema,
  overwatchSchema,
  dodgeSchema,
  disengageSchema,
  loadSchema,
  unloadSchema,
  activateAbilitySchema,
  useFactionAbilitySchema,
  rangedAttackSchema,
  meleeAttackSchema,
  resolveStatusesSchema,
]);
export type PgCommand = z.infer<typeof pgCommandSchema>;

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
] as const;

/** PG-4: alternating full turns; only the active player (or the deploying one) acts. */
const requireActive = (state: PgState, rc: RulesContext): Decision<never> | null => {
  const acting = state.deploying ?? state.activeSeat;
  if (rc.seat === null || rc.seat === acting) return null;
  const when = state.deploying !== null ? 'deployment' : PHASE_TITLES[state.phase];
  return reject('NOT_YOUR_TURN', 'PG-4', `It is ${acting}'s turn (${when}); ${rc.seat} must wait.`, 403);
};

/** PG-4: each command belongs to one phase of the turn. */
const requirePhase = (state: PgState, phase: Phase, what: string): Decision<never> | null => {
  if (state.deploying !== null)
    return reject('DEPLOYING', 'PG-4', `The armies are still deploying; ${state.deploying} places units with Deploy.`);
  if (state.phase === phase) return null;
  return reject('WRONG_PHASE', 'PG-4', `${what} happens in the ${PHASE_TITLES[phase]}; it is the ${PHASE_TITLES[state.phase]}.`);
};

const endPhase = (state: PgState, command: z.infer<typeof endPhaseSchema>): Decision<PgEvent> => {
  if (state.deploying !== null)
    return reject('DEPLOYING', 'PG-4', `The armies are still deploying; ${state.deploying} places units with Deploy.`);
  if (command.phase !== undefined && command.phase !== state.phase) {
    return reject(
      'WRONG_PHASE',
      'PG-4',
      `You asked to end the ${PHASE_TITLES[command.phase]}, but it is the ${PHASE_TITLES[state.phase]}.`,
    );
  }
  if (state.phase === 'end') return accept(...endPhaseEvents(state));
  // PG-13: statuses not yet resolved resolve in the default order as the Status Phase ends.
  const closing = state.phase === 'status' ? defaultResolution(state, state.activeSeat) : [];
  const phase = nextPhase(state.phase) ?? 'end';
  const opened: PgEvent = { type: 'PhaseStarted', data: { phase, seat: state.activeSeat } };
  return accept(...closing, opened);
};

/**
 * Missed-deadline policy (default, the text is silent): the phase ends as if the active
 * player had ended it; while deploying, the engine places the seat's units.
 */
export const onDeadline = (state: PgState): Decision<PgEvent> =>
  state.deploying !== null ? deployOnDeadline(state) : endPhase(state, { type: 'EndPhase' });

const inPhase = (state: PgState, phase: Phase, what: string, run: () => Decision<PgEvent>): Decision<PgEvent> =>
  requirePhase(state, phase, what) ?? run();

export const decide = (state: PgState, command: PgCommand, rc: RulesContext): Decision<PgEvent> => {
  const notActive = requireActive(state, rc);
  if (notActive) return notActive;
  const seat = state.deploying ?? state.activeSeat;
  switch (command.type) {
    case 'EndPhase':
      return endPhase(state, command);
    case 'Deploy':
      return deploy(state, command);
    case 'Gather':
      return inPhase(state, 'resource', 'Gathering resources', () => gather(state, seat, command));
    case 'Move':
      return inPhase(state, 'movement', 'Moving', () => move(state, seat, command, rc));
    case 'Construct':
      return inPhase(state, 'action', 'Construct', () => construct(state, seat, command));
    case 'Produce':
      return inPhase(state, 'action', 'Produce', () => produce(state, seat, command));
    case 'Repair':
      return inPhase(state, 'action', 'Repair', () => repair(state, seat, command));
    case 'Interact':
      return inPhase(state, 'action', 'Interact', () => interact(state, seat, command));
    case 'Aim':
      return inPhase(state, 'action', 'Aim', () => aim(state, seat, command));
    case 'Research':
      return inPhase(state, 'action', 'Research', () => research(state, seat, command));
    case 'Salvage':
      return inPhase(state, 'action', 'Salvage', () => salvage(state, seat, command));
    case 'Overwatch':
    case 'Dodge':
    case 'Disengage':
      return inPhase(state, 'action', command.type, () => takeStance(state, seat, command.unitId, command.type));
    case 'Load':
      return inPhase(state, 'action', 'Load', () => load(state, seat, command));
    case 'Unload':
      return inPhase(state, 'action', 'Unload', () => unload(state, seat, command));
    case 'ActivateAbility':
      return inPhase(state, 'action', 'Activate Ability', () => activateAbility(state, seat, command));
    case 'UseFactionAbility':
      return inPhase(state, 'action', 'Using a faction ability', () => useFactionAbility(state, seat, command));
    case 'RangedAttack':
      return inPhase(state, 'ranged', 'A ranged attack', () => attack(state, seat, command, rc));
    case 'MeleeAttack':
      return inPhase(state, 'melee', 'A melee attack', () => attack(state, seat, command, rc));
    case 'ResolveStatuses':
      return inPhase(state, 'status', 'Resolving statuses', () => resolveStatuses(state, seat, command));
    default:
      return assertNever(command);
  }
};
