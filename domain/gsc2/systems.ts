/**
 * GSC-22: which systems can be used in which step, as the sheet lists them. Systems with
 * their own command are used through it (MDS in a move's path, tractor beams, pods and
 * transporters in boarding orders); the others (cloaks, thrusters, tunneling drives,
 * scanners, internal defense) have no effect on the sheet, so using one is recorded only.
 */

import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { inItsStep } from './command-steps.ts';
import type { GscEvent } from './events.ts';
import { shipId } from './limits.ts';
import { designOf, levelOf, ownShip } from './ships.ts';
import type { GscState, ShipState, Step } from './state.ts';

export const USABLE_SYSTEMS: Readonly<Record<Step, readonly string[]>> = {
  movement: ['cloaks', 'thrusters', 'tunnelingDrives', 'mds', 'tractorBeams'],
  missiles: ['mds'],
  beams: ['scanners'],
  boarding: ['internalDefense', 'assaultPods', 'scanners', 'transporters'],
  repairs: [],
};

/** Systems UseSystem does not take: they have a command or order of their own (GSC-5, GSC-8, GSC-20). */
export const OWN_COMMAND: Readonly<Record<string, string>> = {
  mds: 'an `mds` maneuver in MoveShip (or automatically against missiles in the Missiles step)',
  tractorBeams: 'UseTractorBeam or a `tractor` maneuver in MoveShip',
  assaultPods: 'a `pods` action in your boarding orders',
  transporters: 'a `teleporters` action in your boarding orders',
};

export const SYSTEM_NAMES = [
  'cloaks',
  'thrusters',
  'tunnelingDrives',
  'mds',
  'tractorBeams',
  'scanners',
  'internalDefense',
  'assaultPods',
  'transporters',
] as const;
export const useSystemSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ type: z.literal('UseSystem'), ship: shipId(), system: z.enum(SYSTEM_NAMES) }),
);
export type UseSystem = z.infer<typeof useSystemSchema>;

const fitted = (state: GscState, ship: ShipState, system: string): number =>
  system === 'internalDefense' ? designOf(state, ship).internalDefense : levelOf(ship, system);

/** GSC-22: the systems of `ship` UseSystem would take in the step the battle is in: usable now, with no command of their own, fitted and working. */
export const systemsToUse = (state: GscState, ship: ShipState): string[] =>
  USABLE_SYSTEMS[state.step].filter((system) => OWN_COMMAND[system] === undefined && fitted(state, ship, system) > 0);

export const useSystem = (state: GscState, command: UseSystem, rc: RulesContext): Decision<GscEvent> => {
  const own = ownShip(state, rc.seat, command.ship);
  if (!own.ok) return reject('NOT_YOUR_SHIP', 'GSC-22', own.message);
  const via = OWN_COMMAND[command.system];
  // UseSystem is sent in the steps its doc names (command-docs.ts). Which of them a system is used in
  // is that system's own rule (USABLE_SYSTEMS, the sheet's lists), so it is checked here too. A system
  // with a command of its own is not UseSystem's: in a step it is used in, UseSystem's or not (MDS in
  // Missiles), the refusal names its command.
  const sentInItsStep = via !== undefined || inItsStep(state, 'UseSystem');
  if (!sentInItsStep || !USABLE_SYSTEMS[state.step].includes(command.system)) {
    const when = Object.entries(USABLE_SYSTEMS)
      .filter(([, list]) => list.includes(command.system))
      .map(([step]) => step);
    return reject(
      'NOT_THIS_STEP',
      'GSC-22',
      `${command.system} can be used in the ${when.join(' and ')} step(s), not in the ${state.step} step.`,
      409,
    );
  }
  if (via) return reject('USE_ITS_COMMAND', 'GSC-22', `${command.system} are used through ${via}.`);
  if (fitted(state, own.value, command.system) <= 0)
    return reject('NOT_FITTED', 'GSC-22', `${own.value.name} has no working ${command.system}.`);
  return {
    ok: true,
    events: [{ type: 'SystemUsed', data: { ship: own.value.id, system: command.system, step: state.step, rule: 'GSC-22' } }],
  };
};
