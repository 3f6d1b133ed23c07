/**
 * RUL-9: GSC2's refusals, each with its code, rule and whole sentence. The first mutation run
 * of domain/gsc2 (docs/mutation-survivors.md) found most of them never reached by a test, or
 * reached without their code or rule asserted: a refusal's code and rule are data a client
 * acts on, and its sentence is what the player reads. Each state is the example battle
 * (`battle()`: red's Valiant and Lance, blue's Tyrant and Viper) at the step the command needs.
 */
import { describe, expect, it } from 'vitest';
import type { GscCommand } from '../../domain/gsc2/commands.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { battleAt, levels, moving, place, rcFor } from '../support/gsc2.ts';

/** The state with Valiant's system `ref` destroyed. */
const destroyed = (state: GscState, ref: string): GscState =>
  place(state, 'valiant', levels(state, 'valiant', { [ref]: { destroyed: true } }));

/** Red moves its free group of ships in the Movement step. */
const redMoves = moving(battleAt(), { leader: 'blue' });

/** The sealed step `step`, waiting for `awaited`. */
const sealed = (step: 'missiles' | 'beams' | 'boarding', awaited: string[]): GscState => battleAt({ step, sealedStep: step, awaited });

/** Why `seat` may not give `command` (under `rc`: the newest rules, by default). */
const refusal = (state: GscState, command: GscCommand, seat = 'red', rc = rcFor(seat, [])) => {
  const decision = decide(state, command, rc);
  expect(decision.ok).toBe(false);
  return decision.ok ? undefined : decision.violation;
};

describe('RUL-9 GSC-23 GSC-3 the battle and its groups', () => {
  it('RUL-9 GSC-23 a battle that is over refuses every command, 409', () => {
    expect(refusal(battleAt({ status: 'ended' }), { type: 'EndMoves' })).toEqual({
      code: 'GAME_OVER',
      rule: 'GSC-23',
      message: 'The battle is over.',
      status: 409,
    });
  });
  it('RUL-9 GSC-3 only the second player, moving a free group, ends it', () => {
    expect(refusal(battleAt({}), { type: 'EndMoves' })).toEqual({
      code: 'NOT_YOUR_GROUP',
      rule: 'GSC-3',
      message: 'Only the second player ends a group of moves; now nobody moves (equalize).',
      status: 403,
    });
    expect(refusal(redMoves, { type: 'EndMoves' }, 'blue')).toMatchObject({ code: 'NOT_YOUR_GROUP', rule: 'GSC-3' });
    // A free group left over from Movement is not ended in a later step.
    expect(refusal({ ...redMoves, step: 'beams', sealedStep: 'beams', awaited: ['red'] }, { type: 'EndMoves' })).toMatchObject({
      code: 'NOT_YOUR_GROUP',
      rule: 'GSC-3',
      status: 403,
    });
  });
});

describe('RUL-9 GSC-1 GSC-3 GSC-4 moving', () => {
  it('RUL-9 GSC-1 ships move only in the Movement step, 409', () => {
    expect(refusal(sealed('beams', ['red']), { type: 'MoveShip', ship: 'valiant', path: [] })).toEqual({
      code: 'NOT_MOVEMENT',
      rule: 'GSC-1',
      message: 'Ships move in the Movement step; it is the beams step.',
      status: 409,
    });
  });
  it('RUL-9 GSC-3 a seat moves its own ships only, and one that is there', () => {
    expect(refusal(redMoves, { type: 'MoveShip', ship: 'tyrant', path: [] })).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-3',
      message: 'Tyrant is not your ship.',
    });
    expect(refusal(redMoves, { type: 'MoveShip', ship: 'nemo', path: [] })).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-3',
      message: 'There is no ship "nemo".',
    });
  });
  it('RUL-9 GSC-4 when the deferred ships move, only they move, and none defers again', () => {
    const deferred = moving(battleAt(), { mode: 'deferred', late: true });
    expect(refusal(deferred, { type: 'MoveShip', ship: 'lance', path: [] })).toEqual({
      code: 'ALREADY_MOVED',
      rule: 'GSC-4',
      message: 'Only ships that deferred their move go now; Lance did not.',
    });
    expect(refusal(place(deferred, 'lance', { deferred: true }), { type: 'DeferMove', ship: 'lance' })).toEqual({
      code: 'ALREADY_DEFERRED',
      rule: 'GSC-4',
      message: 'Lance has deferred already; it moves now.',
    });
  });
});

describe('RUL-9 GSC-5 GSC-22 tractor beams and systems', () => {
  it('RUL-9 GSC-22 tractor beams are used in the Movement step only, 409; GSC-5 on a ship of your own', () => {
    const tractor = { type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' } as const;
    expect(refusal(sealed('beams', ['red']), tractor)).toEqual({
      code: 'NOT_MOVEMENT',
      rule: 'GSC-22',
      message: 'Tractor beams are used in the Movement step; it is the beams step.',
      status: 409,
    });
    expect(refusal(redMoves, { ...tractor, ship: 'tyrant', target: 'valiant' })).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-5',
      message: 'Tyrant is not your ship.',
    });
  });
  it('RUL-9 GSC-22 a system is used on your own ship, through its own command where it has one, and only when fitted', () => {
    expect(refusal(redMoves, { type: 'UseSystem', ship: 'tyrant', system: 'cloaks' })).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-22',
      message: 'Tyrant is not your ship.',
    });
    expect(refusal(redMoves, { type: 'UseSystem', ship: 'valiant', system: 'mds' })).toEqual({
      code: 'USE_ITS_COMMAND',
      rule: 'GSC-22',
      message: 'mds are used through an `mds` maneuver in MoveShip (or automatically against missiles in the Missiles step).',
    });
    expect(refusal(redMoves, { type: 'UseSystem', ship: 'valiant', system: 'cloaks' })).toEqual({
      code: 'NOT_FITTED',
      rule: 'GSC-22',
      message: 'Valiant has no working cloaks.',
    });
  });
});

describe('RUL-9 GSC-5 GSC-8 what a tractor beam or an MDS shot needs, alone or inside a move', () => {
  const use = (patch: object = {}): GscCommand =>
    ({ type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant', ...patch }) as GscCommand;
  const illegal = (message: string) => ({ code: 'ILLEGAL_TRACTOR', rule: 'GSC-5', message });
  it('RUL-9 GSC-5 a beam the ship has, working, unused this turn, on an enemy ship that has not moved', () => {
    expect(refusal(redMoves, use({ beam: 'T9' }))).toEqual(illegal('Valiant has no tractor beam "T9".'));
    const broken = destroyed(redMoves, 'tractor:T1');
    expect(refusal(broken, use())).toEqual(illegal("Valiant's tractor beam T1 is damaged or destroyed (GSC-19)."));
    expect(refusal(place(redMoves, 'valiant', { tractorsUsed: ['T1'] }), use())).toEqual(
      illegal("Valiant's tractor beam T1 was already used this turn."),
    );
    expect(refusal(redMoves, use({ target: 'lance' }))).toEqual(illegal('Lance is one of your own ships.'));
    expect(refusal(place(redMoves, 'tyrant', { moved: 1 }), use())).toEqual(
      illegal('Tyrant has already moved this turn; a tractor beam must catch it before it moves.'),
    );
  });
  it('RUL-9 GSC-5 a beam used now reaches its range; one armed in advance is armed once', () => {
    expect(refusal(redMoves, use())).toEqual(illegal('Tyrant is 49.031" away; Valiant\'s tractor beam T1 reaches 6".'));
    const armed = place(redMoves, 'valiant', { armed: [{ beam: 'T1', target: 'viper' }] });
    expect(refusal(armed, use({ type: 'ArmTractorBeam' }))).toEqual(illegal("Valiant's tractor beam T1 is already armed this turn."));
  });
  it('RUL-9 GSC-5 GSC-8 inside a move, a beam or an MDS shot that cannot be made refuses the move, under its own rule', () => {
    const move = (maneuver: object): GscCommand => ({ type: 'MoveShip', ship: 'valiant', path: [maneuver] }) as GscCommand;
    expect(refusal(redMoves, move({ type: 'tractor', beam: 'T9', target: 'tyrant' }))).toEqual({
      code: 'ILLEGAL_INTERRUPT',
      rule: 'GSC-5',
      message: 'Valiant has no tractor beam "T9".',
    });
    expect(refusal(redMoves, move({ type: 'mds', missile: 'm9' }))).toEqual({
      code: 'ILLEGAL_INTERRUPT',
      rule: 'GSC-8',
      message: 'There is no missile "m9" in flight.',
    });
  });
});

describe('RUL-9 GSC-1 sealed orders', () => {
  it('RUL-9 GSC-1 no orders are sealed in the Movement step, 409; a seat not awaited has none to give, 403', () => {
    const beams = { type: 'SubmitOrders', orders: { step: 'beams', fire: [] } } as GscCommand;
    expect(refusal(redMoves, beams)).toEqual({
      code: 'NO_ORDERS_NOW',
      rule: 'GSC-1',
      message: 'No orders are sealed in the movement step.',
      status: 409,
    });
    expect(refusal(sealed('beams', ['blue']), beams)).toEqual({
      code: 'NOT_AWAITED',
      rule: 'GSC-1',
      message: 'red has no orders to give in the beams step.',
      status: 403,
    });
  });
});

describe('RUL-9 GSC-6 GSC-9 GSC-19 missile orders', () => {
  const launch = (ship: string, battery: string, target: string) => ({ ship, battery, target });
  const orders = (...launches: ReturnType<typeof launch>[]) =>
    ({ type: 'SubmitOrders', orders: { step: 'missiles', launches } }) as GscCommand;
  const missiles = sealed('missiles', ['red', 'blue']);
  it('RUL-9 GSC-6 a launch from a ship not yours, or from a battery the ship has not, is refused', () => {
    expect(refusal(missiles, orders(launch('tyrant', 'M1', 'valiant')))).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-6',
      message: 'Tyrant is not your ship.',
    });
    expect(refusal(missiles, orders(launch('valiant', 'M9', 'tyrant')))).toEqual({
      code: 'NO_BATTERY',
      rule: 'GSC-6',
      message: 'Valiant has no missile battery "M9".',
    });
  });
  it('RUL-9 GSC-6 a battery launches once a turn; GSC-9 at an enemy ship', () => {
    expect(refusal(missiles, orders(launch('valiant', 'M1', 'tyrant'), launch('valiant', 'M1', 'viper')))).toEqual({
      code: 'BATTERY_TWICE',
      rule: 'GSC-6',
      message: "Valiant's missile battery M1 is ordered to launch twice.",
    });
    expect(refusal(missiles, orders(launch('valiant', 'M1', 'lance')))).toMatchObject({ code: 'BAD_TARGET', rule: 'GSC-9' });
  });
  it('RUL-9 GSC-19 a damaged missile battery cannot launch', () => {
    const damaged = destroyed(missiles, 'missiles:M1');
    expect(refusal(damaged, orders(launch('valiant', 'M1', 'tyrant')))).toEqual({
      code: 'BATTERY_DAMAGED',
      rule: 'GSC-19',
      message: "Valiant's missile battery M1 is damaged or destroyed and cannot launch.",
    });
  });
});

describe('RUL-9 GSC-23 repairs', () => {
  it('RUL-9 GSC-23 repairs are made in the last step, 409, by a seat awaited, 403, on its own ships', () => {
    const repair = (ship: string): GscCommand => ({ type: 'Repair', attempts: [{ ship, system: 'drive' }] });
    expect(refusal(redMoves, repair('valiant'))).toEqual({
      code: 'NOT_REPAIRS',
      rule: 'GSC-23',
      message: 'Repairs are made in the last step; it is the movement step.',
      status: 409,
    });
    const repairs = battleAt({ step: 'repairs', awaited: ['red'] });
    expect(refusal(repairs, repair('valiant'), 'blue')).toEqual({
      code: 'NOT_AWAITED',
      rule: 'GSC-23',
      message: 'Your repairs for this turn are done, or you have nothing to repair.',
      status: 403,
    });
    expect(refusal(repairs, repair('tyrant'))).toEqual({ code: 'NOT_YOUR_SHIP', rule: 'GSC-23', message: 'Tyrant is not your ship.' });
  });
});

describe('RUL-9 GSC-14 beam orders', () => {
  const fire = (ship: string, target: string) =>
    ({ type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship, battery: 'A', target }] } }) as GscCommand;
  const beams = sealed('beams', ['red', 'blue']);
  it('RUL-9 GSC-14 a beam is fired from your own ship at an enemy ship', () => {
    expect(refusal(beams, fire('tyrant', 'viper'))).toEqual({ code: 'NOT_YOUR_SHIP', rule: 'GSC-14', message: 'Tyrant is not your ship.' });
    expect(refusal(beams, fire('valiant', 'lance'))).toEqual({
      code: 'BAD_TARGET',
      rule: 'GSC-14',
      message: 'Lance is one of your own ships.',
    });
  });
});

describe('RUL-9 GSC-14 GSC-19 GSC-12 what a battery needs to fire', () => {
  const fire = (battery: string, target = 'tyrant') =>
    ({ type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'valiant', battery, target }] } }) as GscCommand;
  const beams = sealed('beams', ['red', 'blue']);
  it('RUL-9 GSC-14 a battery the ship has; GSC-19 working; each refusal under the rule its sentence names', () => {
    expect(refusal(beams, fire('Z'))).toEqual({ code: 'CANNOT_FIRE', rule: 'GSC-14', message: 'Valiant has no beam battery "Z".' });
    const broken = destroyed(beams, 'battery:A');
    expect(refusal(broken, fire('A'))).toEqual({
      code: 'CANNOT_FIRE',
      rule: 'GSC-19',
      message: "Valiant's battery A is damaged or destroyed and cannot fire (GSC-19).",
    });
  });
});

describe('RUL-9 GSC-20 GSC-21 boarding orders', () => {
  type Action = { ship: string; target: string; method: 'contact' | 'pods' | 'teleporters'; assault: number; heavy: number };
  const board = (actions: Action[], more: object = {}) =>
    ({ type: 'SubmitOrders', orders: { step: 'boarding', actions, sabotage: [], ...more } }) as GscCommand;
  const action = (patch: Partial<Action>): Action => ({
    ship: 'valiant',
    target: 'tyrant',
    method: 'contact',
    assault: 1,
    heavy: 0,
    ...patch,
  });
  const boarding = sealed('boarding', ['red', 'blue']);
  it('RUL-9 GSC-20 boarders leave your own ship for an enemy ship', () => {
    expect(refusal(boarding, board([action({ ship: 'viper' })]))).toEqual({
      code: 'NOT_YOUR_SHIP',
      rule: 'GSC-20',
      message: 'Viper is not your ship.',
    });
    expect(refusal(boarding, board([action({ target: 'nemo' })]))).toEqual({
      code: 'BAD_TARGET',
      rule: 'GSC-20',
      message: 'There is no ship "nemo".',
    });
  });
  it('RUL-9 GSC-20 an action sends at least one squad, and no more than the ship carries over all its actions', () => {
    expect(refusal(boarding, board([action({ assault: 0 })]))).toEqual({
      code: 'NO_TROOPS',
      rule: 'GSC-20',
      message: 'A boarding action sends at least one assault or heavy assault squad.',
    });
    expect(refusal(boarding, board([action({ assault: 99 })]))).toEqual({
      code: 'TOO_MANY_TROOPS',
      rule: 'GSC-20',
      message: 'Valiant has 2 assault and 1 heavy assault squad(s).',
    });
  });
  it('RUL-9 GSC-20 the squads of two actions of one ship are added up against what it carries, assault and heavy alike', () => {
    const inContact = place(boarding, 'valiant', { contact: ['tyrant', 'viper'] });
    const twice = (first: Partial<Action>, second: Partial<Action>) =>
      refusal(inContact, board([action(first), action({ target: 'viper', ...second })]));
    const tooMany = { code: 'TOO_MANY_TROOPS', rule: 'GSC-20', message: 'Valiant has 2 assault and 1 heavy assault squad(s).' };
    expect(twice({ assault: 2 }, { assault: 1 })).toEqual(tooMany);
    expect(twice({ assault: 0, heavy: 1 }, { assault: 0, heavy: 1 })).toEqual(tooMany);
    expect(decide(inContact, board([action({ assault: 1 }), action({ target: 'viper', assault: 1, heavy: 1 })]), rcFor('red', [])).ok).toBe(
      true,
    );
  });
  it('RUL-9 GSC-20 each way aboard has its own bar: contact made this turn, a pod a squad, teleporters within 8" and a transporter a squad', () => {
    const illegal = (message: string) => ({ code: 'ILLEGAL_BOARDING', rule: 'GSC-20', message });
    expect(refusal(boarding, board([action({ method: 'contact' })]))).toEqual(
      illegal('Valiant did not move into contact with Tyrant while it was immobilized this Movement phase (GSC-20).'),
    );
    expect(refusal(boarding, board([action({ method: 'pods', assault: 2 })]))).toEqual(
      illegal('Valiant has 1 assault pod(s) left, one per squad (GSC-20).'),
    );
    expect(refusal(boarding, board([action({ method: 'teleporters' })]))).toEqual(
      illegal('Tyrant is 49.0" away; teleporters reach 8" (GSC-20).'),
    );
    const close = place(boarding, 'tyrant', { at: { x: 20, y: 5 } });
    expect(refusal(close, board([action({ method: 'teleporters', assault: 2, heavy: 1 })]))).toEqual(
      illegal('Valiant has 2 working transporter(s), one per squad (GSC-20).'),
    );
  });
  it('RUL-9 GSC-20 under gsc2-0.3.0, before pods flew, a pod reaches 6" at once or not at all', () => {
    const old = { ...rcFor('red', []), rulesVersion: 'gsc2-0.3.0' };
    expect(refusal(boarding, board([action({ method: 'pods' })]), 'red', old)).toEqual({
      code: 'ILLEGAL_BOARDING',
      rule: 'GSC-20',
      message: 'Tyrant is 49.0" away; assault pods move 6" a turn (GSC-20).',
    });
    expect(decide(boarding, board([action({ method: 'pods' })]), rcFor('red', [])).ok).toBe(true);
  });
  it('RUL-9 GSC-21 sabotage sends at most the squads of each kind you have aboard, and all of them', () => {
    const aboard = place(boarding, 'tyrant', { boarders: { assault: 1, heavy: 1 } });
    const sabotage = (assault: number, heavy: number) => board([], { sabotage: [{ ship: 'tyrant', assault, heavy }] });
    expect(decide(aboard, sabotage(1, 1), rcFor('red', [])).ok).toBe(true);
    for (const [assault, heavy] of [
      [2, 1],
      [1, 2],
    ] as const)
      expect(refusal(aboard, sabotage(assault, heavy))).toEqual({
        code: 'NO_BOARDERS',
        rule: 'GSC-21',
        message: 'You have not that many troops aboard "tyrant" to send against its systems.',
      });
  });
  it('RUL-9 GSC-20 only your own pods in flight are directed; GSC-21 only troops you have aboard sabotage', () => {
    expect(refusal(boarding, board([], { pods: [{ pod: 'P1', target: 'tyrant' }] }))).toEqual({
      code: 'NOT_YOUR_POD',
      rule: 'GSC-20',
      message: 'You have no assault pod "P1" in flight.',
    });
    expect(refusal(boarding, board([], { sabotage: [{ ship: 'tyrant', assault: 1, heavy: 0 }] }))).toEqual({
      code: 'NO_BOARDERS',
      rule: 'GSC-21',
      message: 'You have not that many troops aboard "tyrant" to send against its systems.',
    });
  });
});

describe('RUL-9 GSC-1 GSC-22 GSC-19 GSC-23 the step a command belongs to, and what a repair needs', () => {
  it('RUL-9 GSC-1 orders for another sealed step are refused, 409', () => {
    const missiles = { type: 'SubmitOrders', orders: { step: 'missiles', launches: [] } } as GscCommand;
    expect(refusal(sealed('beams', ['red']), missiles)).toEqual({
      code: 'WRONG_STEP',
      rule: 'GSC-1',
      message: 'These are missiles orders, but it is the beams step.',
      status: 409,
    });
  });
  it('RUL-9 GSC-22 a system used outside its step names the steps it is used in', () => {
    expect(refusal(sealed('beams', ['red']), { type: 'UseSystem', ship: 'valiant', system: 'cloaks' })).toEqual({
      code: 'NOT_THIS_STEP',
      rule: 'GSC-22',
      message: 'cloaks can be used in the movement step(s), not in the beams step.',
      status: 409,
    });
  });
  it('RUL-9 GSC-23 a repair names a system the ship has, damaged; GSC-19 not destroyed', () => {
    const repairs = battleAt({ step: 'repairs', awaited: ['red'] });
    const repair = (system: string): GscCommand => ({ type: 'Repair', attempts: [{ ship: 'valiant', system }] });
    expect(refusal(repairs, repair('warp'))).toEqual({ code: 'CANNOT_REPAIR', rule: 'GSC-23', message: 'Valiant has no system "warp".' });
    expect(refusal(repairs, repair('drive'))).toEqual({
      code: 'CANNOT_REPAIR',
      rule: 'GSC-23',
      message: "Valiant's drive is not damaged.",
    });
    const wrecked = destroyed(repairs, 'drive');
    expect(refusal(wrecked, repair('drive'))).toEqual({
      code: 'CANNOT_REPAIR',
      rule: 'GSC-19',
      message: "Valiant's drive is destroyed and cannot be repaired (GSC-19).",
    });
  });
});
