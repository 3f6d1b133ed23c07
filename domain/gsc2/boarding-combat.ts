/**
 * GSC-21: boarding combat. On every ship with boarders aboard the crew, assault and heavy
 * assault squads of both sides roll at once (3, 5 and 7 or less); troops the attacker sent
 * to destroy systems roll after all the others.
 */
import type { Dice, DieRoll } from '../kernel/dice.ts';
import { systemHit } from './damage.ts';
import type { GscEvent } from './events.ts';
import { foldOnShip } from './evolve.ts';
import { designOf, levelOf, otherSeat } from './ships.ts';
import type { GscState, ShipState, Troops } from './state.ts';

/** GSC-21: what each kind of trooper needs on a d10. Internal defense systems fight like crew (our default). */
export const TROOP_TO_HIT = { crew: 3, assault: 5, heavy: 7 } as const;

export const squadsOf = (ship: ShipState): Troops => ({
  assault: levelOf(ship, 'assaultSquads'),
  heavy: levelOf(ship, 'heavyAssaultSquads'),
});
export const size = (t: Troops): number => t.assault + t.heavy;

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
export const fight = (state: GscState, ship: ShipState, sabotage: Troops, dice: Dice): GscEvent[] => {
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
  const after = foldOnShip(state, ship.id, [fought]);
  const sabotaged = sabotageRolls(after, ship.id, saboteursLeft, dice);
  const final = foldOnShip(after, ship.id, sabotaged);
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
      current = foldOnShip(current, shipId, [event]);
    }
  }
  return events;
};
