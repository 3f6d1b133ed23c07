/**
 * TABLE-4: what GSC2's Repairs step offers is what the referee accepts. Every repair of one system
 * of one of the seat's ships is sent to the real decider; Repair's offer read from the seat's view
 * as JSON (repairs.ts `repairOptions`) names exactly the ships and systems it accepts. Each working
 * repair unit tries once a turn and a Repair ends the seat's repairs (GSC-23), so a Repair that
 * leaves a unit idle while its ship has damage asks first (through web/confirm.ts).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { view } from '../../domain/gsc2/view.ts';
import { choicesFor } from '../../web/choices.ts';
import { questionFor } from '../../web/confirm.ts';
import { battleAt, levels, place, rcFor } from '../support/gsc2.ts';

/** The seat's view as the page reads it: through JSON, as GET /games/{id} sends it. */
const viewed = (state: GscState, seat: string) => JSON.parse(JSON.stringify(view(state, seat)));

const SEATS = ['red', 'blue'];

/** The Repairs step with both seats awaited: Valiant (2 repair units) has battery A and its drive damaged; Lance (1) its battery B. */
const damaged = (): GscState => {
  let state: GscState = { ...battleAt(), step: 'repairs', awaited: [...SEATS] };
  state = place(state, 'valiant', levels(state, 'valiant', { 'battery:A': { level: 0, hits: 1 }, drive: { hits: 1 } }));
  return place(state, 'lance', levels(state, 'lance', { 'battery:B': { level: 0, hits: 1 } }));
};

/** Valiant's battery A destroyed (not to be repaired, GSC-19); Lance's repair unit out; Tyrant's battery C damaged. */
const beyondRepair = (): GscState => {
  const state = damaged();
  const valiant = place(state, 'valiant', levels(state, 'valiant', { 'battery:A': { level: 0, destroyed: true } }));
  const lance = place(valiant, 'lance', levels(valiant, 'lance', { repairUnits: { level: 0, hits: 1 } }));
  return place(lance, 'tyrant', levels(lance, 'tyrant', { 'battery:C': { level: 0, hits: 1 } }));
};

const SETUPS = [
  { name: 'Valiant and Lance damaged', state: damaged },
  { name: "a destroyed battery, a repair unit out, blue's Tyrant damaged", state: beyondRepair },
];

const repair = (attempts: { ship: string; system: string }[]) => ({ type: 'Repair' as const, attempts });

/** Each `ship system` of the seat's the decider accepts a one-attempt Repair of. */
const accepted = (state: GscState, seat: string): string[] =>
  Object.values(state.ships)
    .filter((s) => s.seat === seat)
    .flatMap((s) => Object.keys(s.systems).map((system) => ({ ship: s.id, system })))
    .filter((a) => decide(state, repair([a]), rcFor(seat, [1])).ok)
    .map((a) => `${a.ship} ${a.system}`)
    .sort();

/** Each `ship system` offered: a row naming the ship narrows the systems to its own. */
const offered = (state: GscState, seat: string): string[] => {
  const seen = viewed(state, seat);
  const ships = choicesFor('gsc2', 'Repair', seen, seat).ship ?? [];
  return ships
    .flatMap((ship) =>
      (choicesFor('gsc2', 'Repair', seen, seat, { type: '', attempts: [{ ship: ship.id, system: '' }] }).system ?? []).map(
        (system) => `${ship.id} ${system.id}`,
      ),
    )
    .sort();
};

describe('TABLE-4 GSC2 Repairs: the repairs offered are those the referee accepts', () => {
  for (const setup of SETUPS) {
    it(`TABLE-4 GSC-23 GSC-19 ${setup.name}: each ship and system offered is one the decider repairs, and no other`, () => {
      const state = setup.state();
      for (const seat of SEATS) expect(offered(state, seat), seat).toEqual(accepted(state, seat));
    });
  }

  it('TABLE-4 the set-ups between them offer repairs and withhold some', () => {
    const [all, some] = SETUPS.map((s) => offered(s.state(), 'red'));
    expect(all).toEqual(['lance battery:B', 'valiant battery:A', 'valiant drive']);
    expect(some).toEqual(['valiant drive']);
    expect(offered(beyondRepair(), 'blue')).toEqual(['tyrant battery:C']);
    const choices = choicesFor('gsc2', 'Repair', viewed(damaged(), 'red'), 'red');
    expect(choices.ship?.map((c) => c.label)).toEqual(['Valiant (2 repair unit(s))', 'Lance (1 repair unit(s))']);
    // No row names a ship yet: every damaged system is offered, with the ships it is on.
    expect(choices.system?.map((c) => c.label)).toEqual(['battery:A (Valiant)', 'drive (Valiant)', 'battery:B (Lance)']);
    // Its repairs made, the seat is no longer awaited: nothing is offered.
    expect(choicesFor('gsc2', 'Repair', viewed({ ...damaged(), awaited: ['blue'] }, 'red'), 'red')).toEqual({ ship: [], system: [] });
  });

  it('TABLE-4 GSC-23 a Repair that leaves a working repair unit idle asks first, naming its ship; one that uses them all goes at once', () => {
    const red = viewed(damaged(), 'red');
    expect(questionFor('gsc2', 'Repair', red, 'red', repair([{ ship: 'valiant', system: 'drive' }]))).toBe(
      'Make these repairs? 2 repair unit(s) of yours have no system to try (Valiant 1, Lance 1); they cannot repair this turn.',
    );
    const all = repair([
      { ship: 'valiant', system: 'drive' },
      { ship: 'valiant', system: 'battery:A' },
      { ship: 'lance', system: 'battery:B' },
    ]);
    expect(decide(damaged(), all, rcFor('red', [1, 1, 1])).ok).toBe(true);
    expect(questionFor('gsc2', 'Repair', red, 'red', all)).toBeNull();
    // Nothing to repair (blue), or not knowing the command: nothing is asked.
    expect(questionFor('gsc2', 'Repair', viewed(damaged(), 'blue'), 'blue', repair([]))).toBeNull();
    expect(questionFor('gsc2', 'Repair', red, 'red')).toBeNull();
  });
});
