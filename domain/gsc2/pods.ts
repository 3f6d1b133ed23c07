/**
 * GSC-20 assault pods: "Move 6" per turn, as the player wishes. Must make ramming attacks
 * to hit a target (but no structure damage is done)". Pods are used in the Boarding step
 * (GSC-22), so that is when they move. A `pods` boarding action launches one pod per squad
 * at an enemy ship; in the same step and in every later Boarding step each pod in flight
 * moves up to 6" towards where its owner directs it (an enemy ship, or a point of the
 * table; a pod given no direction keeps its last one), in launch order. A pod that gets to
 * its target ship rams it at once: to hit as a beam would, with no range modifier.
 */

import type { Dice } from '../kernel/dice.ts';
import { distance, type Point } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { PodMoved, PodRammed, PodsLaunched } from './boarding-events.ts';
import type { GscEvent } from './events.ts';
import { fold } from './evolve.ts';
import { toHitModifiers, toHitNumber } from './firing.ts';
import { EPSILON, towards } from './geometry.ts';
import { GSC_LIMITS, refOf, shipId } from './limits.ts';
import { designOf, enemyShip } from './ships.ts';
import type { GscState, Pod, PodHeading, Troops } from './state.ts';

export const POD_MOVE = 6;

const pointSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ x: z.number(), y: z.number() }));
const podId = () => refOf(GSC_LIMITS.refLength);
/** Where the owner directs one pod in flight this turn: an enemy ship to ram, or a point. */
export const podDirectionSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([z.strictObject({ pod: podId(), target: shipId() }), z.strictObject({ pod: podId(), to: pointSchema })]).check(
    // INV-1: checked on the union, so the refusal names the coordinate and the limit
    z.superRefine((direction, issues) => {
      if (!('to' in direction)) return;
      for (const axis of ['x', 'y'] as const) {
        if (Math.abs(direction.to[axis]) > GSC_LIMITS.coordinate)
          issues.addIssue({
            code: 'custom',
            path: ['to', axis],
            message: `a point is at most ${GSC_LIMITS.coordinate}" from the table's origin on each axis`,
          });
      }
    }),
  ),
);
export type PodDirection = z.infer<typeof podDirectionSchema>;

/** Sealing-time check: each direction names one of the seat's own pods in flight, once, and a target it may ram. */
export const checkPodDirections = (state: GscState, seat: string, directions: readonly PodDirection[]): Decision<never> | null => {
  const seen = new Set<string>();
  for (const d of directions) {
    const pod = state.podsInFlight[d.pod];
    if (!pod || pod.seat !== seat) return reject('NOT_YOUR_POD', 'GSC-20', `You have no assault pod "${d.pod}" in flight.`);
    if (seen.has(d.pod)) return reject('POD_TWICE', 'GSC-20', `Assault pod ${d.pod} is directed twice; it moves once a turn.`);
    seen.add(d.pod);
    if ('target' in d) {
      const target = enemyShip(state, seat, d.target);
      if (!target.ok) return reject('BAD_TARGET', 'GSC-20', target.message);
    }
  }
  return null;
};

/** GSC-20: a `pods` action's pods leave their ship, one squad in each (assault squads first). */
const launch = (state: GscState, a: { ship: string; target: string } & Troops): PodsLaunched | null => {
  const ship = state.ships[a.ship];
  if (ship?.status !== 'active') return null;
  const design = designOf(state, ship);
  const used = design.assaultPods - ship.pods;
  const squads = [...Array<'assault'>(a.assault).fill('assault'), ...Array<'heavy'>(a.heavy).fill('heavy')];
  const pods = squads.map((squad, i) => ({ id: `${ship.id}-pod-${used + i + 1}`, squad }));
  return {
    type: 'PodsLaunched',
    data: { ship: ship.id, target: a.target, pods, at: ship.at, targeting: design.targeting, rule: 'GSC-20' },
  };
};

const headingOf = (pod: Pod, direction: PodDirection | undefined): PodHeading => {
  if (direction === undefined) return pod.heading;
  return 'target' in direction ? { target: direction.target } : { point: direction.to };
};

/** Where the heading leads now; null when its target ship is out of the battle (the pod waits for a new direction). */
const goalOf = (state: GscState, heading: PodHeading): Point | null => {
  if ('point' in heading) return heading.point;
  const target = state.ships[heading.target];
  return target?.status === 'active' ? target.at : null;
};

/** GSC-20 "Move 6" per turn, as the player wishes": straight towards the goal, up to 6". */
const move = (state: GscState, pod: Pod, direction: PodDirection | undefined): PodMoved | null => {
  const heading = headingOf(pod, direction);
  const goal = goalOf(state, heading);
  if (goal === null) return null;
  const to = towards(pod.at, goal, POD_MOVE);
  const reached = 'target' in heading && distance(to, goal) < EPSILON;
  if (direction === undefined && distance(to, pod.at) < EPSILON && !reached) return null;
  return { type: 'PodMoved', data: { pod: pod.id, from: pod.at, to, heading, reached, rule: 'GSC-20' } };
};

/**
 * GSC-20 "ramming attacks to hit a target": the launcher's targeting plus the target's
 * aspect from where the pod's move began, with the GSC-15 modifiers (our default). A hit
 * puts its squad aboard; a miss loses pod and squad. "No structure damage": no hull damage.
 */
const ram = (state: GscState, pod: Pod, target: string, from: Point, dice: Dice): PodRammed | null => {
  const ship = state.ships[target];
  if (!ship) return null;
  const { aspect, number } = toHitNumber(state, pod.targeting, ship, from);
  const roll = dice.roll({
    purpose: `ram: assault pod ${pod.id} (${pod.squad} squad) at ${ship.name}`,
    sides: 10,
    target: number,
    compare: 'atMost',
    modifiers: toHitModifiers(ship),
    rule: 'GSC-20',
  });
  const hit = roll.success === true;
  return { type: 'PodRammed', data: { pod: pod.id, target, squad: pod.squad, aspect, roll, hit, rule: 'GSC-20' } };
};

/** GSC-20, the assault pods' turn of the Boarding step: launches, then every pod in flight moves, ramming on arrival. */
export const resolvePods = (
  start: GscState,
  launches: readonly ({ ship: string; target: string } & Troops)[],
  directions: readonly { readonly seat: string; readonly pods: readonly PodDirection[] }[],
  dice: Dice,
): GscEvent[] => {
  const events: GscEvent[] = [];
  let current = start;
  const add = (event: GscEvent | null) => {
    if (event === null) return;
    events.push(event);
    current = fold(current, [event]);
  };
  for (const a of launches) add(launch(current, a));
  const directed = new Map(
    directions.flatMap((d) => d.pods.filter((p) => current.podsInFlight[p.pod]?.seat === d.seat).map((p) => [p.pod, p])),
  );
  for (const id of Object.keys(current.podsInFlight)) {
    const pod = current.podsInFlight[id];
    const moved = pod ? move(current, pod, directed.get(id)) : null;
    add(moved);
    if (pod && moved?.data.reached && 'target' in moved.data.heading)
      add(ram(current, pod, moved.data.heading.target, moved.data.from, dice));
  }
  return events;
};
