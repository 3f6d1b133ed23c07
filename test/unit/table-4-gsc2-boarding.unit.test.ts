/**
 * TABLE-4: what GSC2's Boarding step offers is what the referee accepts. Every boarding action of
 * one squad by one of the seat's ships against one enemy ship, by each method, and every sabotage
 * of one squad aboard each enemy ship, is sent to the real decider; the offer read from the seat's
 * view as JSON (boarding.ts `boardingOptions`, `sabotageShips`) names exactly the ships and targets
 * it accepts. The two lists' `ship` fields are told apart by their list's name (`actions.ship`,
 * `sabotage.ship`: render/offers.ts `offerKey`).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { systemsToUse } from '../../domain/gsc2/systems.ts';
import { view } from '../../domain/gsc2/view.ts';
import { offerKey } from '../../render/offers.ts';
import { choicesFor } from '../../web/choices.ts';
import { battleAt, levels, place, rcFor } from '../support/gsc2.ts';

/** The seat's view as the page reads it: through JSON, as GET /games/{id} sends it. */
const viewed = (state: GscState, seat: string) => JSON.parse(JSON.stringify(view(state, seat)));

const SEATS = ['red', 'blue'];
const METHODS = ['contact', 'pods', 'teleporters'] as const;

/** The Boarding step, both seats awaited, nothing sealed: Valiant in contact with Tyrant, immobilized 5" north. */
const alongside = (): GscState => {
  let state: GscState = { ...battleAt(), step: 'boarding', sealedStep: 'boarding', awaited: [...SEATS], sealed: {} };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6, contact: ['tyrant'] });
  return place(state, 'tyrant', { at: { x: 0, y: 5 }, facing: 4, moved: 0, ...levels(state, 'tyrant', { drive: { level: 0 } }) });
};

/** Alongside, with every cruiser's pods spent: only contact and teleporters (8") board. */
const podsSpent = (): GscState => place(place(alongside(), 'valiant', { pods: 0 }), 'tyrant', { pods: 0 });

/** Pods spent and Valiant's transporters and squads gone: Valiant cannot board; red's troops are aboard Viper. */
const boarded = (): GscState => {
  const state = podsSpent();
  const bare = levels(state, 'valiant', { transporters: { level: 0 }, assaultSquads: { level: 0 }, heavyAssaultSquads: { level: 0 } });
  return place(place(state, 'valiant', { ...bare, contact: [] }), 'viper', { boarders: { assault: 1, heavy: 0 } });
};

const SETUPS = [
  { name: 'alongside, pods aboard', state: alongside },
  { name: 'pods spent: contact and teleporters', state: podsSpent },
  { name: "Valiant bare, red's troops aboard Viper", state: boarded },
];

const accepts = (state: GscState, seat: string, orders: Record<string, unknown>): boolean =>
  decide(state, { type: 'SubmitOrders', orders: { step: 'boarding', actions: [], sabotage: [], ...orders } } as never, rcFor(seat, [])).ok;

/** Each `ship target` the decider accepts a one-squad boarding action for, by some method. */
const acceptedActions = (state: GscState, seat: string): string[] => {
  const ships = Object.values(state.ships);
  return ships
    .filter((s) => s.seat === seat)
    .flatMap((s) =>
      ships
        .filter((t) => t.seat !== seat)
        .filter((t) =>
          [
            { assault: 1, heavy: 0 },
            { assault: 0, heavy: 1 },
          ].some((squad) => METHODS.some((method) => accepts(state, seat, { actions: [{ ship: s.id, target: t.id, method, ...squad }] }))),
        )
        .map((t) => `${s.id} ${t.id}`),
    )
    .sort();
};

/** The enemy ships the decider accepts a one-squad sabotage aboard. */
const acceptedSabotage = (state: GscState, seat: string): string[] =>
  Object.values(state.ships)
    .filter((s) => s.seat !== seat)
    .filter(
      (s) =>
        accepts(state, seat, { sabotage: [{ ship: s.id, assault: 1, heavy: 0 }] }) ||
        accepts(state, seat, { sabotage: [{ ship: s.id, assault: 0, heavy: 1 }] }),
    )
    .map((s) => s.id)
    .sort();

const ids = (choices: readonly { id: string }[] | undefined): string[] => (choices ?? []).map((c) => c.id).sort();

describe('TABLE-4 GSC2 Boarding: the boarding orders offered are those the referee accepts', () => {
  for (const setup of SETUPS) {
    it(`TABLE-4 GSC-20 GSC-21 ${setup.name}: the boarders, their targets and the sabotage offered are those the decider accepts`, () => {
      const state = setup.state();
      for (const seat of SEATS) {
        const offered = choicesFor('gsc2', 'SubmitOrders', viewed(state, seat), seat);
        const accepted = acceptedActions(state, seat);
        expect(ids(offered['actions.ship']), seat).toEqual([...new Set(accepted.map((a) => a.split(' ')[0]))].sort());
        expect(ids(offered['actions.target']), seat).toEqual([...new Set(accepted.map((a) => a.split(' ')[1]))].sort());
        expect(ids(offered['sabotage.ship']), seat).toEqual(acceptedSabotage(state, seat));
      }
    });
  }

  it('TABLE-4 the set-ups between them offer and withhold boarders, targets and sabotage', () => {
    const [pods, spent, bare] = SETUPS.map((s) => choicesFor('gsc2', 'SubmitOrders', viewed(s.state(), 'red'), 'red'));
    // Pods fly to any enemy ship: Valiant may board both; Lance, a destroyer with neither pods nor transporters, none.
    expect(ids(pods?.['actions.ship'])).toEqual(['valiant']);
    expect(ids(pods?.['actions.target'])).toEqual(['tyrant', 'viper']);
    // Pods spent: Tyrant alongside (contact, and 5" for teleporters); Viper is 48" off.
    expect(ids(spent?.['actions.target'])).toEqual(['tyrant']);
    expect(ids(bare?.['actions.ship'])).toEqual([]);
    expect(ids(spent?.['sabotage.ship'])).toEqual([]);
    expect(ids(bare?.['sabotage.ship'])).toEqual(['viper']);
    expect(bare?.['sabotage.ship']?.[0]?.label).toBe('Viper');
  });

  it("TABLE-4 a field in a list takes its list's offers where it has them, else its name's", () => {
    const choices = { ship: [{ id: 'a', label: 'A' }], 'sabotage.ship': [{ id: 'b', label: 'B' }] };
    expect(offerKey(choices, 'ship', 'sabotage')).toBe('sabotage.ship');
    expect(offerKey(choices, 'ship', 'fire')).toBe('ship');
    expect(offerKey(choices, 'ship')).toBe('ship');
    expect(offerKey(choices, 'battery', 'fire')).toBeNull();
  });

  it('TABLE-4 GSC-22 UseSystem offers the ships with a system usable in the step, as the decider takes them', () => {
    const state = alongside();
    for (const seat of SEATS) {
      const offered = ids(choicesFor('gsc2', 'UseSystem', viewed(state, seat), seat).ship);
      const taking = Object.values(state.ships)
        .filter((s) => s.seat === seat)
        .filter((s) =>
          systemsToUse(state, s).some((system) => decide(state, { type: 'UseSystem', ship: s.id, system } as never, rcFor(seat, [])).ok),
        )
        .map((s) => s.id)
        .sort();
      expect(offered, seat).toEqual(taking);
      // The cruisers carry scanners and internal defense; the destroyers neither.
      expect(offered, seat).toEqual([seat === 'red' ? 'valiant' : 'tyrant']);
      // No system it does not offer is taken either.
      for (const s of Object.values(state.ships).filter((x) => x.seat === seat && !offered.includes(x.id)))
        for (const system of ['internalDefense', 'scanners'])
          expect(decide(state, { type: 'UseSystem', ship: s.id, system } as never, rcFor(seat, [])).ok, `${s.id} ${system}`).toBe(false);
    }
  });
});
