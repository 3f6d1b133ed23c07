/**
 * TABLE-4: what the page offers in GSC2's forms is what the referee accepts. In the Beams and
 * Missiles steps every order of one ship's battery at one enemy ship is sent to the real decider,
 * and the offer read from the seat's view as JSON (firing.ts `beamOptions`, missiles.ts
 * `launchOptions`) names exactly those it accepts: out of arc, out of reach, a damaged battery, a
 * reloading one. In Movement, MoveShip and DeferMove offer the ships checkMover and the deferral's
 * checks allow. The renderer's offers (render/gsc2/offers.ts, through web/choices.ts) give them by
 * field; a ship, a battery and a target may be named in several rows; its question (through
 * web/confirm.ts) comes before orders leave a ship that may fire without any.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/gsc2/decide.ts';
import { beamOptions, type FireOption } from '../../domain/gsc2/firing.ts';
import { launchOptions } from '../../domain/gsc2/missiles.ts';
import { shipsToMove } from '../../domain/gsc2/movement.ts';
import { designOf } from '../../domain/gsc2/ships.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { view } from '../../domain/gsc2/view.ts';
import { choicesFor, stillOffered } from '../../web/choices.ts';
import { questionFor } from '../../web/confirm.ts';
import { battleAt, levels, moving, place, rcFor } from '../support/gsc2.ts';

/** The seat's view as the page reads it: through JSON, as GET /games/{id} sends it. */
const viewed = (state: GscState, seat: string) => JSON.parse(JSON.stringify(view(state, seat)));

/** The battle in a sealed step, both seats awaited, nothing sealed yet. */
const inStep = (step: 'missiles' | 'beams', state: GscState = battleAt()): GscState => ({
  ...state,
  step,
  sealedStep: step,
  awaited: ['red', 'blue'],
  sealed: {},
});

const accepts = (state: GscState, seat: string, command: Parameters<typeof decide>[1]): boolean =>
  decide(state, command, rcFor(seat, [])).ok;

/** Each order of one battery at one enemy ship the decider accepts alone, as `ship battery target`. */
const acceptedOrders = (state: GscState, seat: string): string[] => {
  const step = state.step as 'missiles' | 'beams';
  const ships = Object.values(state.ships);
  return ships
    .filter((s) => s.seat === seat)
    .flatMap((s) => {
      const design = designOf(state, s);
      return (step === 'beams' ? design.batteries : design.missileBatteries).flatMap((b) =>
        ships
          .filter((t) => t.seat !== seat)
          .filter((t) => {
            const order = { ship: s.id, battery: b.id, target: t.id };
            const orders = step === 'beams' ? { step, fire: [order] } : { step, launches: [order] };
            return accepts(state, seat, { type: 'SubmitOrders', orders });
          })
          .map((t) => `${s.id} ${b.id} ${t.id}`),
      );
    })
    .sort();
};

const words = (options: readonly FireOption[]): string[] =>
  options.flatMap((o) => o.targets.map((t) => `${o.ship} ${o.battery} ${t}`)).sort();

/** Valiant at the origin facing north; Tyrant 20" ahead, bow on; Viper 10" to Valiant's port; Lance beside Valiant. */
const close = (): GscState => {
  let state = place(inStep('beams'), 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'lance', { at: { x: 10, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'tyrant', { at: { x: 0, y: 20 }, facing: 4, moved: 6 });
  return place(state, 'viper', { at: { x: -10, y: 0 }, facing: 2, moved: 6 });
};

const SETUPS: { name: string; state: () => GscState }[] = [
  { name: 'Beams, the example battle, the fleets 48" apart', state: () => inStep('beams') },
  { name: 'Beams, close: a target ahead and one to port', state: close },
  {
    name: "Beams, close, Valiant's heavy battery A damaged",
    state: () => place(close(), 'valiant', levels(close(), 'valiant', { 'battery:A': { level: 0 } })),
  },
  { name: 'Missiles, the example battle', state: () => inStep('missiles') },
  {
    name: "Missiles, Valiant's M1 launched last turn and reloading",
    state: () => place(inStep('missiles', battleAt({ turn: 2 })), 'valiant', { launched: { M1: 1 } }),
  },
];

const offeredIn = (state: GscState, seat: string): FireOption[] => {
  const seen = viewed(state, seat) as GscState;
  return state.step === 'beams' ? beamOptions(seen, seat) : launchOptions(seen, seat);
};

describe('TABLE-4 GSC2: the orders offered are the orders the referee accepts', () => {
  for (const setup of SETUPS) {
    it(`TABLE-4 GSC-6 GSC-12 GSC-13 ${setup.name}: the offer from the view names each order the decider accepts, and no other`, () => {
      const state = setup.state();
      for (const seat of ['red', 'blue']) expect(words(offeredIn(state, seat))).toEqual(acceptedOrders(state, seat));
    });
  }

  it('TABLE-4 the set-ups between them offer orders and withhold some', () => {
    const [far, near, damaged, missiles, reloading] = SETUPS.map((s) => words(offeredIn(s.state(), 'red')));
    expect(near).toContain('valiant A tyrant');
    expect(near).toContain('valiant C viper');
    // C is mounted to port (L): Tyrant, ahead, is outside its arc.
    expect(near).not.toContain('valiant C tyrant');
    expect(damaged?.filter((o) => o.startsWith('valiant A '))).toEqual([]);
    expect(far?.length).toBeLessThan(near?.length ?? 0);
    expect(missiles).toContain('valiant M1 tyrant');
    expect(reloading?.filter((o) => o.startsWith('valiant M1 '))).toEqual([]);
    expect(reloading).toContain('lance M1 tyrant');
  });

  it('TABLE-4 GSC-3 MoveShip offers the ships the mover has not moved; the other seat none; DeferMove those that cannot make their turn distance', () => {
    const state = moving(place(battleAt(), 'lance', { moved: 3 }), { mover: 'red', mode: 'free' });
    expect(shipsToMove(viewed(state, 'red'), 'MoveShip', 'red').map((s) => s.id)).toEqual(['valiant']);
    for (const ship of ['valiant', 'lance'])
      expect(accepts(state, 'red', { type: 'MoveShip', ship, path: [] }), ship).toBe(ship === 'valiant');
    expect(shipsToMove(viewed(state, 'blue'), 'MoveShip', 'blue')).toEqual([]);
    expect(choicesFor('gsc2', 'MoveShip', viewed(state, 'red'), 'red')).toEqual({ ship: [{ id: 'valiant', label: 'Valiant' }] });
    // Valiant can make its turn distance: it may not defer; crippled in its drive, it may.
    expect(shipsToMove(viewed(state, 'red'), 'DeferMove', 'red')).toEqual([]);
    expect(accepts(state, 'red', { type: 'DeferMove', ship: 'valiant' })).toBe(false);
    const crippled = place(state, 'valiant', levels(state, 'valiant', { drive: { level: 1 } }));
    expect(accepts(crippled, 'red', { type: 'DeferMove', ship: 'valiant' })).toBe(true);
    expect(choicesFor('gsc2', 'DeferMove', viewed(crippled, 'red'), 'red')).toEqual({ ship: [{ id: 'valiant', label: 'Valiant' }] });
  });
});

describe("TABLE-4 web/choices.ts and web/confirm.ts on GSC2's sealed orders", () => {
  const state = close();
  const red = viewed(state, 'red');

  it('TABLE-4 SubmitOrders offers the ships that may fire, their batteries (with the ships that have them), the targets; each may be named again', () => {
    const choices = choicesFor('gsc2', 'SubmitOrders', red, 'red');
    const options = beamOptions(state, 'red');
    expect(choices.ship?.map((c) => c.id)).toEqual([...new Set(options.map((o) => o.ship))]);
    expect(choices.target?.map((c) => c.id).sort()).toEqual([...new Set(options.flatMap((o) => o.targets))].sort());
    expect(choices.battery?.find((c) => c.id === 'C')?.label).toBe('C (Valiant)');
    expect(choices.ship?.find((c) => c.id === 'valiant')?.label).toBe('Valiant');
    // A ship fires several batteries: named in one row, it is still offered in the next.
    expect(stillOffered(choices.ship ?? [], ['valiant']).map((c) => c.id)).toContain('valiant');
    expect(choicesFor('gsc2', 'SubmitOrders', viewed({ ...state, step: 'repairs', sealedStep: null }, 'red'), 'red')).toEqual({
      ship: [],
      battery: [],
      target: [],
    });
  });

  it('TABLE-4 sealing orders that leave a ship that may fire without any asks first, naming it; orders for each go at once', () => {
    const fire = (...rows: [string, string, string][]) => ({
      type: 'SubmitOrders',
      orders: { step: 'beams', fire: rows.map(([ship, battery, target]) => ({ ship, battery, target })) },
    });
    const mayFire = [...new Set(beamOptions(state, 'red').map((o) => o.ship))];
    expect(mayFire).toEqual(['valiant', 'lance']);
    expect(questionFor('gsc2', 'SubmitOrders', red, 'red', fire(['valiant', 'A', 'tyrant']))).toBe(
      'Seal these beam orders? 1 ship(s) of yours that may fire have no orders (Lance); they cannot fire this turn.',
    );
    expect(questionFor('gsc2', 'SubmitOrders', red, 'red', fire(['valiant', 'A', 'tyrant'], ['lance', 'B', 'tyrant']))).toBeNull();
    // Not knowing the orders (the page did not say), nothing is asked.
    expect(questionFor('gsc2', 'SubmitOrders', red, 'red')).toBeNull();
  });
});
