/** Post Galactica: `decide(state, command, rc)`, one small function per command (topic files hold the rules). */
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, assertNever, reject } from '../kernel/violation.ts';
import { activateAbility } from './abilities.ts';
import { aim, construct, interact, produce, repair } from './actions.ts';
import { attack } from './combat.ts';
import { PG_COMMANDS } from './command-docs.ts';
import type { EndPhase, PgCommand } from './commands.ts';
import { deploy, deployOnDeadline } from './deployment.ts';
import type { PgEvent } from './events.ts';
import { useFactionAbility } from './faction-abilities.ts';
import { move } from './movement.ts';
import { nextPhase, PHASE_TITLES, type Phase } from './phases.ts';
import { research, salvage } from './research.ts';
import { gather } from './resources.ts';
import { takeStance } from './stances.ts';
import type { PgState } from './state.ts';
import { defaultResolution, resolveStatuses } from './status.ts';
import { load, unload } from './transports.ts';
import { endPhaseEvents } from './victory.ts';

/** PG-4: alternating full turns; only the active player (or the deploying one) acts. */
const requireActive = (state: PgState, rc: RulesContext): Decision<never> | null => {
  const acting = state.deploying ?? state.activeSeat;
  if (rc.seat === null || rc.seat === acting) return null;
  const when = state.deploying !== null ? 'deployment' : PHASE_TITLES[state.phase];
  return reject('NOT_YOUR_TURN', 'PG-4', `It is ${acting}'s turn (${when}); ${rc.seat} must wait.`, 403);
};

/**
 * PG-4: the phases of the turn each command belongs to, as its CommandDoc declares them: the
 * one declaration the refusal below and what the page offers (VIEW-16) both read.
 */
const PHASES_OF: ReadonlyMap<string, readonly string[]> = new Map(PG_COMMANDS.map((doc) => [doc.type, doc.phases]));

const titleOf = (phase: string): string => PHASE_TITLES[phase as Phase] ?? phase;

/** PG-4: each command belongs to one phase of the turn. */
const requirePhase = (state: PgState, type: PgCommand['type'], what: string): Decision<never> | null => {
  if (state.deploying !== null)
    return reject('DEPLOYING', 'PG-4', `The armies are still deploying; ${state.deploying} places units with Deploy.`, 409);
  const phases = PHASES_OF.get(type) ?? [];
  if (phases.includes(state.phase)) return null;
  const when = phases.map(titleOf).join(' or ');
  return reject('WRONG_PHASE', 'PG-4', `${what} happens in the ${when}; it is the ${PHASE_TITLES[state.phase]}.`, 409);
};

const endPhase = (state: PgState, command: EndPhase): Decision<PgEvent> => {
  if (state.deploying !== null)
    return reject('DEPLOYING', 'PG-4', `The armies are still deploying; ${state.deploying} places units with Deploy.`, 409);
  if (command.phase !== undefined && command.phase !== state.phase) {
    return reject(
      'WRONG_PHASE',
      'PG-4',
      `You asked to end the ${PHASE_TITLES[command.phase]}, but it is the ${PHASE_TITLES[state.phase]}.`,
      409,
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

const inPhase = (state: PgState, type: PgCommand['type'], what: string, run: () => Decision<PgEvent>): Decision<PgEvent> =>
  requirePhase(state, type, what) ?? run();

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
      return inPhase(state, command.type, 'Gathering resources', () => gather(state, seat, command));
    case 'Move':
      return inPhase(state, command.type, 'Moving', () => move(state, seat, command, rc));
    case 'Construct':
      return inPhase(state, command.type, 'Construct', () => construct(state, seat, command, rc));
    case 'Produce':
      return inPhase(state, command.type, 'Produce', () => produce(state, seat, command, rc));
    case 'Repair':
      return inPhase(state, command.type, 'Repair', () => repair(state, seat, command));
    case 'Interact':
      return inPhase(state, command.type, 'Interact', () => interact(state, seat, command));
    case 'Aim':
      return inPhase(state, command.type, 'Aim', () => aim(state, seat, command));
    case 'Research':
      return inPhase(state, command.type, 'Research', () => research(state, seat, command));
    case 'Salvage':
      return inPhase(state, command.type, 'Salvage', () => salvage(state, seat, command));
    case 'Overwatch':
    case 'Dodge':
    case 'Disengage':
      return inPhase(state, command.type, command.type, () => takeStance(state, seat, command.unitId, command.type, rc));
    case 'Load':
      return inPhase(state, command.type, 'Load', () => load(state, seat, command));
    case 'Unload':
      return inPhase(state, command.type, 'Unload', () => unload(state, seat, command));
    case 'ActivateAbility':
      return inPhase(state, command.type, 'Activate Ability', () => activateAbility(state, seat, command));
    case 'UseFactionAbility':
      return inPhase(state, command.type, 'Using a faction ability', () => useFactionAbility(state, seat, command));
    case 'RangedAttack':
      return inPhase(state, command.type, 'A ranged attack', () => attack(state, seat, command, rc));
    case 'MeleeAttack':
      return inPhase(state, command.type, 'A melee attack', () => attack(state, seat, command, rc));
    case 'ResolveStatuses':
      return inPhase(state, command.type, 'Resolving statuses', () => resolveStatuses(state, seat, command));
    default:
      return assertNever(command);
  }
};
