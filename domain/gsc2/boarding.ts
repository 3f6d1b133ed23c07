/**
 * GSC-20: boarding actions, all resolved before boarding combat (`boarding-combat.ts`), in
 * the order direct contact, assault pods (`pods.ts`), teleporters. Before gsc2-0.4.0 pods
 * did not fly: a pods action reached at most 6" and rammed at once, each squad landing on a
 * hit at the launcher's targeting; games of those versions keep that (`podsFly`, RUL-10).
 * Since gsc2-0.7.0 a ship's pods and transporters are counted over all of its actions in one
 * set of orders, as its squads always were; before, each action was checked on its own, so
 * two actions could launch more pods or teleport more squads than the ship had.
 */

import type { Dice } from '../kernel/dice.ts';
import { distance } from '../kernel/plane.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { fight, size, squadsOf } from './boarding-combat.ts';
import type { BoardersLanded } from './boarding-events.ts';
import type { GscEvent } from './events.ts';
import { fold, foldOnShip } from './evolve.ts';
import { toHitModifiers, toHitNumber } from './firing.ts';
import { GSC_LIMITS, MAX_BOARDING_ACTIONS, MAX_POD_DIRECTIONS, MAX_SABOTAGE, shipId } from './limits.ts';
import { checkPodDirections, POD_MOVE, podDirectionSchema, resolvePods } from './pods.ts';
import { activeShips, designOf, enemyShip, levelOf, ownShip } from './ships.ts';
import type { GscState, ShipState, Troops } from './state.ts';

export const TELEPORT_RANGE = 8;
export const TELEPORT_TARGETING = 5;
const METHODS = ['contact', 'pods', 'teleporters'] as const;

const squads = () => z.number().check(z.int(), z.gte(0), z.lte(GSC_LIMITS.troops));
const troops = () => ({ assault: squads(), heavy: squads() });
const actionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ ship: shipId(), target: shipId(), method: z.enum(METHODS), ...troops() }),
);
const sabotageSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ ship: shipId(), ...troops() }));
export const boardingOrdersSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    step: z.literal('boarding'),
    actions: z._default(z.array(actionSchema).check(z.maxLength(MAX_BOARDING_ACTIONS)), []),
    sabotage: z._default(z.array(sabotageSchema).check(z.maxLength(MAX_SABOTAGE)), []),
    /** GSC-20: where each of the seat's pods in flight goes this turn (optional: orders without pods stay as they were). */
    pods: z.optional(z.array(podDirectionSchema).check(z.maxLength(MAX_POD_DIRECTIONS))),
  }),
);
export type BoardingOrders = z.infer<typeof boardingOrdersSchema>;
type Action = z.infer<typeof actionSchema>;

/** GSC-20 since gsc2-0.4.0: assault pods fly, 6" a turn, until they ram; before, they rammed at once (RUL-10). */
const podsFly = (rulesVersion: string | undefined): boolean => rulesSince(rulesVersion, 'gsc2-0.4.0');

/** GSC-20 since gsc2-0.7.0: one set of orders uses each pod and transporter of a ship once, over all its actions (RUL-10). */
const countedPerShip = (rulesVersion: string | undefined): boolean => rulesSince(rulesVersion, 'gsc2-0.7.0');

/** Squads a ship's earlier actions in the same orders send by pod and by teleporter. */
interface Sent {
  readonly pods: number;
  readonly teleporters: number;
}
const NONE_SENT: Sent = { pods: 0, teleporters: 0 };
const already = (earlier: number): string => (earlier > 0 ? `, and these orders already send ${earlier} that way` : '');

/** GSC-20: why this boarding action cannot be taken, or null; `earlier`: what the ship's earlier actions send. */
const actionProblem = (ship: ShipState, target: ShipState, a: Action, earlier: Sent, rulesVersion: string | undefined): string | null => {
  if (a.method === 'contact' && !ship.contact.includes(target.id))
    return `${ship.name} did not move into contact with ${target.name} while it was immobilized this Movement phase (GSC-20).`;
  if (a.method === 'pods' && ship.pods < earlier.pods + size(a))
    return `${ship.name} has ${ship.pods} assault pod(s) left, one per squad${already(earlier.pods)} (GSC-20).`;
  const range = distance(ship.at, target.at);
  if (a.method === 'pods' && !podsFly(rulesVersion) && range > POD_MOVE)
    return `${target.name} is ${range.toFixed(1)}" away; assault pods move 6" a turn (GSC-20).`;
  if (a.method === 'teleporters' && range > TELEPORT_RANGE)
    return `${target.name} is ${range.toFixed(1)}" away; teleporters reach 8" (GSC-20).`;
  if (a.method === 'teleporters' && levelOf(ship, 'transporters') < earlier.teleporters + size(a))
    return `${ship.name} has ${levelOf(ship, 'transporters')} working transporter(s), one per squad${already(earlier.teleporters)} (GSC-20).`;
  return null;
};

/** `rulesVersion`: the game's (RUL-10); absent, the newest. */
export const checkBoardingOrders = (
  state: GscState,
  seat: string,
  orders: BoardingOrders,
  rulesVersion?: string,
): Decision<never> | null => {
  const committed = new Map<string, Troops>();
  const sent = new Map<string, Sent>();
  for (const a of orders.actions) {
    const ship = ownShip(state, seat, a.ship);
    if (!ship.ok) return reject('NOT_YOUR_SHIP', 'GSC-20', ship.message);
    const target = enemyShip(state, seat, a.target);
    if (!target.ok) return reject('BAD_TARGET', 'GSC-20', target.message);
    if (size(a) === 0) return reject('NO_TROOPS', 'GSC-20', 'A boarding action sends at least one assault or heavy assault squad.');
    const sum = committed.get(a.ship) ?? { assault: 0, heavy: 0 };
    const total = { assault: sum.assault + a.assault, heavy: sum.heavy + a.heavy };
    const has = squadsOf(ship.value);
    if (total.assault > has.assault || total.heavy > has.heavy)
      return reject('TOO_MANY_TROOPS', 'GSC-20', `${ship.value.name} has ${has.assault} assault and ${has.heavy} heavy assault squad(s).`);
    committed.set(a.ship, total);
    const earlier = sent.get(a.ship) ?? NONE_SENT;
    const problem = actionProblem(ship.value, target.value, a, countedPerShip(rulesVersion) ? earlier : NONE_SENT, rulesVersion);
    if (problem) return reject('ILLEGAL_BOARDING', 'GSC-20', problem);
    if (a.method !== 'contact') sent.set(a.ship, { ...earlier, [a.method]: earlier[a.method] + size(a) });
  }
  const pods = checkPodDirections(state, seat, orders.pods ?? []);
  if (pods) return pods;
  for (const s of orders.sabotage) {
    const aboard = state.ships[s.ship];
    if (!aboard || aboard.seat === seat || s.assault > aboard.boarders.assault || s.heavy > aboard.boarders.heavy) {
      return reject('NO_BOARDERS', 'GSC-21', `You have not that many troops aboard "${s.ship}" to send against its systems.`);
    }
  }
  return null;
};

/**
 * GSC-20: direct contact lands every squad sent; teleporters roll targeting 5 per squad, and
 * before gsc2-0.4.0 pods rolled the launcher's targeting (a pod that missed was lost with its squad).
 */
const land = (state: GscState, a: Action, dice: Dice): BoardersLanded | null => {
  const ship = state.ships[a.ship];
  const target = state.ships[a.target];
  if (!ship || !target || target.status !== 'active') return null;
  const sent = { assault: a.assault, heavy: a.heavy };
  if (a.method === 'contact')
    return {
      type: 'BoardersLanded',
      data: { ship: ship.id, target: target.id, method: a.method, sent, landed: sent, rolls: [], rule: 'GSC-20' },
    };
  const targeting = a.method === 'pods' ? designOf(state, ship).targeting : TELEPORT_TARGETING;
  const { number } = toHitNumber(state, targeting, target, ship.at);
  const kinds = [...Array<'assault'>(a.assault).fill('assault'), ...Array<'heavy'>(a.heavy).fill('heavy')];
  const rolls = kinds.map((kind) =>
    dice.roll({
      purpose: `${a.method}: ${kind} squad from ${ship.name} to ${target.name}`,
      sides: 10,
      target: number,
      compare: 'atMost',
      modifiers: toHitModifiers(target),
      rule: 'GSC-20',
    }),
  );
  const landed = {
    assault: kinds.filter((k, i) => k === 'assault' && rolls[i]?.success).length,
    heavy: kinds.filter((k, i) => k === 'heavy' && rolls[i]?.success).length,
  };
  // a teleport that fails leaves the squad at home
  return {
    type: 'BoardersLanded',
    data: { ship: ship.id, target: target.id, method: a.method, sent: a.method === 'pods' ? sent : landed, landed, rolls, rule: 'GSC-20' },
  };
};

export const resolveBoarding = (
  start: GscState,
  orders: readonly { readonly seat: string; readonly orders: BoardingOrders }[],
  dice: Dice,
  /** The game's (RUL-10); absent, the newest. */
  rulesVersion?: string,
): GscEvent[] => {
  const events: GscEvent[] = [];
  let current = start;
  const add = (more: readonly GscEvent[]) => {
    events.push(...more);
    current = fold(current, more);
  };
  const actions = orders.flatMap((o) => o.orders.actions);
  const landAll = (method: (typeof METHODS)[number]) => {
    for (const a of actions.filter((x) => x.method === method)) add([land(current, a, dice)].flatMap((e) => e ?? []));
  };
  landAll('contact');
  const directions = orders.map((o) => ({ seat: o.seat, pods: o.orders.pods ?? [] }));
  if (podsFly(rulesVersion))
    add(
      resolvePods(
        current,
        actions.filter((a) => a.method === 'pods'),
        directions,
        dice,
      ),
    );
  else landAll('pods');
  landAll('teleporters');
  for (const ship of activeShips(current).filter((s) => size(s.boarders) > 0)) {
    const sabotage = orders.flatMap((o) => o.orders.sabotage).filter((s) => s.ship === ship.id);
    const sent = {
      assault: Math.min(
        ship.boarders.assault,
        sabotage.reduce((n, s) => n + s.assault, 0),
      ),
      heavy: Math.min(
        ship.boarders.heavy,
        sabotage.reduce((n, s) => n + s.heavy, 0),
      ),
    };
    // a fight changes its ship alone
    const fought = fight(current, ship, sent, dice);
    events.push(...fought);
    current = foldOnShip(current, ship.id, fought);
  }
  return events;
};

/**
 * GSC-20: the enemy ships `ship` of `seat` may board now, by any method, as checkBoardingOrders
 * would take an action of one of its squads alone: what a form offers (TABLE-4), never a second copy of the checks.
 */
export const boardingTargets = (state: GscState, seat: string, ship: ShipState, rulesVersion?: string): string[] => {
  const has = squadsOf(ship);
  if (ship.seat !== seat || ship.status !== 'active' || size(has) === 0) return [];
  const one = has.assault > 0 ? { assault: 1, heavy: 0 } : { assault: 0, heavy: 1 };
  const takes = (target: ShipState) =>
    METHODS.some(
      (method) => actionProblem(ship, target, { ship: ship.id, target: target.id, method, ...one }, NONE_SENT, rulesVersion) === null,
    );
  return activeShips(state)
    .filter((t) => t.seat !== seat && takes(t))
    .map((t) => t.id);
};

/** GSC-20: the seat's ships that may board now, each with the enemy ships it may board. */
export const boardingOptions = (state: GscState, seat: string, rulesVersion?: string): { ship: string; targets: string[] }[] =>
  activeShips(state, seat)
    .map((s) => ({ ship: s.id, targets: boardingTargets(state, seat, s, rulesVersion) }))
    .filter((o) => o.targets.length > 0);

/** GSC-21: the enemy ships still in the battle with the seat's troops aboard, which its sabotage may name. */
export const sabotageShips = (state: GscState, seat: string): ShipState[] =>
  activeShips(state).filter((s) => s.seat !== seat && size(s.boarders) > 0);

/** Seats that can board this turn, have assault pods in flight to direct, or have troops aboard an enemy ship. */
export const boardingSeats = (state: GscState): string[] =>
  state.seats.filter(
    (seat) =>
      Object.values(state.podsInFlight).some((p) => p.seat === seat) ||
      activeShips(state).some((s) =>
        s.seat === seat
          ? size(squadsOf(s)) > 0 && (s.contact.length > 0 || s.pods > 0 || levelOf(s, 'transporters') > 0)
          : size(s.boarders) > 0,
      ),
  );
