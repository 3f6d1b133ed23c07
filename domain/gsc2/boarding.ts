/**
 * GSC-20, GSC-21: boarding. Boarding actions land troops first, in the order direct
 * contact, assault pods, teleporters; then on every ship with boarders aboard the crew,
 * assault and heavy assault squads of both sides roll at once (3, 5 and 7 or less);
 * troops the attacker sent to destroy systems roll after all the others.
 */
import { z } from 'zod';
import type { Dice, DieRoll } from '../kernel/dice.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import { systemHit } from './damage.ts';
import type { BoardersLanded, GscEvent, Troops } from './events.ts';
import { toHitModifiers, toHitNumber } from './firing.ts';
import { distance } from './geometry.ts';
import { activeShips, designOf, enemyShip, levelOf, otherSeat, ownShip } from './ships.ts';
import { fold, type GscState, type ShipState } from './state.ts';

/** GSC-21: what each kind of trooper needs on a d10. Internal defense systems fight like crew (our default). */
export const TROOP_TO_HIT = { crew: 3, assault: 5, heavy: 7 } as const;
export const POD_MOVE = 6;
export const TELEPORT_RANGE = 8;
export const TELEPORT_TARGETING = 5;
export const METHODS = ['contact', 'pods', 'teleporters'] as const;
type Method = (typeof METHODS)[number];

const troops = { assault: z.number().int().min(0), heavy: z.number().int().min(0) };
const actionSchema = z.object({ ship: z.string(), target: z.string(), method: z.enum(METHODS), ...troops }).strict();
const sabotageSchema = z.object({ ship: z.string(), ...troops }).strict();
export const boardingOrdersSchema = z
  .object({
    step: z.literal('boarding'),
    actions: z.array(actionSchema).max(50).default([]),
    sabotage: z.array(sabotageSchema).max(50).default([]),
  })
  .strict();
export type BoardingOrders = z.infer<typeof boardingOrdersSchema>;
type Action = z.infer<typeof actionSchema>;

const squadsOf = (ship: ShipState): Troops => ({ assault: levelOf(ship, 'assaultSquads'), heavy: levelOf(ship, 'heavyAssaultSquads') });
const size = (t: Troops): number => t.assault + t.heavy;

/** GSC-20: why this boarding action cannot be taken, or null. */
const actionProblem = (ship: ShipState, target: ShipState, a: Action): string | null => {
  const range = distance(ship.at, target.at);
  if (a.method === 'contact' && !ship.contact.includes(target.id))
    return `${ship.name} did not move into contact with ${target.name} while it was immobilized this Movement phase (GSC-20).`;
  if (a.method === 'pods' && ship.pods < size(a)) return `${ship.name} has ${ship.pods} assault pod(s) left, one per squad (GSC-20).`;
  if (a.method === 'pods' && range > POD_MOVE) return `${target.name} is ${range.toFixed(1)}" away; assault pods move 6" a turn (GSC-20).`;
  if (a.method === 'teleporters' && range > TELEPORT_RANGE)
    return `${target.name} is ${range.toFixed(1)}" away; teleporters reach 8" (GSC-20).`;
  if (a.method === 'teleporters' && levelOf(ship, 'transporters') < size(a))
    return `${ship.name} has ${levelOf(ship, 'transporters')} working transporter(s), one per squad (GSC-20).`;
  return null;
};

export const checkBoardingOrders = (state: GscState, seat: string, orders: BoardingOrders): Decision<never> | null => {
  const committed = new Map<string, Troops>();
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
    const problem = actionProblem(ship.value, target.value, a);
    if (problem) return reject('ILLEGAL_BOARDING', 'GSC-20', problem);
  }
  for (const s of orders.sabotage) {
    const aboard = state.ships[s.ship];
    if (!aboard || aboard.seat === seat || s.assault > aboard.boarders.assault || s.heavy > aboard.boarders.heavy) {
      return reject('NO_BOARDERS', 'GSC-21', `You have not that many troops aboard "${s.ship}" to send against its systems.`);
    }
  }
  return null;
};

/** GSC-20: one action; pods ram (normal to-hit with the launcher's targeting, no structure damage), teleporters roll targeting 5. */
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
  // a pod that misses is lost with its squad; a teleport that fails leaves the squad at home
  return {
    type: 'BoardersLanded',
    data: { ship: ship.id, target: target.id, method: a.method, sent: a.method === 'pods' ? sent : landed, landed, rolls, rule: 'GSC-20' },
  };
};

const rollTroops = (dice: Dice, who: string, counts: { crew: number; assault: number; heavy: number }): DieRoll[] =>
  (['crew', 'assault', 'heavy'] as const).flatMap((kind) =>
    Array.from({ length: counts[kind] }, () =>
      dice.roll({ purpose: `boarding combat: ${who} ${kind}`, sides: 10, target: TROOP_TO_HIT[kind], compare: 'atMost', rule: 'GSC-21' }),
    ),
  );

const hitsOf = (rolls: readonly DieRoll[]): number => rolls.filter((r) => r.success).length;

/** Losses come off squads before heavies (defenders: squads, heavies, then crew). */
const lose = (t: Troops, hits: number): { left: Troops; rest: number } => {
  const assault = Math.max(0, t.assault - hits);
  const rest1 = Math.max(0, hits - t.assault);
  const heavy = Math.max(0, t.heavy - rest1);
  return { left: { assault, heavy }, rest: Math.max(0, rest1 - t.heavy) };
};

/** GSC-21: the simultaneous fight aboard one ship, then the saboteurs' rolls, then capture. */
const fight = (state: GscState, ship: ShipState, sabotage: Troops, dice: Dice): GscEvent[] => {
  const fighters = { assault: ship.boarders.assault - sabotage.assault, heavy: ship.boarders.heavy - sabotage.heavy };
  const defenders = squadsOf(ship);
  // internal defense systems (GSC-22, Boarding) fight like crew and are not lost (our default)
  const defence = rollTroops(dice, `${ship.name} defenders`, { crew: ship.crew + designOf(state, ship).internalDefense, ...defenders });
  const attack = rollTroops(dice, `boarders on ${ship.name}`, { crew: 0, ...fighters });
  const fightersLeft = lose(fighters, hitsOf(defence));
  const saboteursLeft = lose(sabotage, fightersLeft.rest).left;
  const defendersLeft = lose(defenders, hitsOf(attack));
  const crewAfter = Math.max(0, ship.crew - defendersLeft.rest);
  const boardersAfter = {
    assault: fightersLeft.left.assault + saboteursLeft.assault,
    heavy: fightersLeft.left.heavy + saboteursLeft.heavy,
  };
  const fought: GscEvent = {
    type: 'BoardingFought',
    data: {
      ship: ship.id,
      defenders: { rolls: defence, hits: hitsOf(defence) },
      boarders: { rolls: attack, hits: hitsOf(attack) },
      crewAfter,
      defendersAfter: defendersLeft.left,
      boardersAfter,
      rule: 'GSC-21',
    },
  };
  const after = fold(state, [fought]);
  const sabotaged = sabotageRolls(after, ship.id, saboteursLeft, dice);
  const final = fold(after, sabotaged);
  const held = final.ships[ship.id];
  const captured = held && held.crew === 0 && size(squadsOf(held)) === 0 && size(held.boarders) > 0;
  return [
    fought,
    ...sabotaged,
    ...(captured ? [{ type: 'ShipCaptured', data: { ship: ship.id, by: otherSeat(state, ship.seat), rule: 'GSC-21' } } as const] : []),
  ];
};

/** GSC-21: troops sent to destroy systems roll after all others; each success is a roll on the chart (1 damage point, our default). */
const sabotageRolls = (state: GscState, shipId: string, saboteurs: Troops, dice: Dice): GscEvent[] => {
  const events: GscEvent[] = [];
  let current = state;
  for (const kind of ['assault', 'heavy'] as const) {
    for (let i = 0; i < saboteurs[kind]; i += 1) {
      const ship = current.ships[shipId];
      if (!ship) return events;
      const roll = dice.roll({
        purpose: `sabotage: ${kind} squad aboard ${ship.name}`,
        sides: 10,
        target: TROOP_TO_HIT[kind],
        compare: 'atMost',
        rule: 'GSC-21',
      });
      const chart = roll.success ? dice.roll({ purpose: `system damage chart: ${ship.name} (sabotage)`, sides: 10, rule: 'GSC-18' }) : null;
      const system = chart ? systemHit(designOf(current, ship), ship, chart.value, 1) : null;
      const event: GscEvent = {
        type: 'DamageInflicted',
        data: {
          target: shipId,
          source: `sabotage (${kind} squad)`,
          damage: 0,
          absorbed: 0,
          hull: 0,
          armor: roll,
          chart,
          system,
          rule: 'GSC-21',
        },
      };
      events.push(event);
      current = fold(current, [event]);
    }
  }
  return events;
};

export const resolveBoarding = (
  start: GscState,
  orders: readonly { readonly seat: string; readonly orders: BoardingOrders }[],
  dice: Dice,
): GscEvent[] => {
  const events: GscEvent[] = [];
  let current = start;
  for (const method of METHODS satisfies readonly Method[]) {
    for (const a of orders.flatMap((o) => o.orders.actions).filter((x) => x.method === method)) {
      const landed = land(current, a, dice);
      if (landed) events.push(landed);
      if (landed) current = fold(current, [landed]);
    }
  }
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
    const fought = fight(current, ship, sent, dice);
    events.push(...fought);
    current = fold(current, fought);
  }
  return events;
};

/** Seats that can board this turn, or have troops aboard an enemy ship. */
export const boardingSeats = (state: GscState): string[] =>
  state.seats.filter((seat) =>
    activeShips(state).some((s) =>
      s.seat === seat
        ? size(squadsOf(s)) > 0 && (s.contact.length > 0 || s.pods > 0 || levelOf(s, 'transporters') > 0)
        : size(s.boarders) > 0,
    ),
  );
