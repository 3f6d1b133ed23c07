/** The readings of open points of the sheet are options of the match; each alternative changes what happens. */
import { describe, expect, it } from 'vitest';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { checkBeamOrders } from '../../domain/gsc2/firing.ts';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import { mdsRoll } from '../../domain/gsc2/interrupts.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { type GscState, initialState, type ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { seat } from '../support/decider-spec.ts';
import { REFERENCE_SEED, Recorder, startMatch } from '../support/finished-games.ts';
import { place, rulesOf, startBattle } from '../support/gsc2.ts';
import { ageLog } from '../support/older-rules.ts';

/** The rules version before the literal defaults (GSC-4 "turn", GSC-12 as printed). */
const OLDER = 'gsc2-0.4.0';

const battleWith = (rules: Record<string, unknown>, rulesVersion?: string): GscState =>
  initialState({
    seats: ['red', 'blue'],
    firstSeat: 'red',
    options: gscOptionsSchema.parse(rules),
    ...(rulesVersion ? { rulesVersion } : {}),
  });

// ships with nothing to fire, board or repair, so every step but Movement resolves at once
const bare = { size: 4, turnDistance: 3, targeting: 4, aspect: { bow: 0, broadside: 0, stern: 0 }, deflectors: 0, shields: 0 };
const rules = (deferredMoves?: string) => ({
  designs: {
    hulk: { ...bare, drive: 2, armor: 0, hull: 5, damageChart: Array(10).fill(['drive']) },
    scout: { ...bare, drive: 6, armor: 0, hull: 5, damageChart: Array(10).fill(['drive']) },
  },
  fleets: {
    red: [{ id: 'hulk', design: 'hulk', x: 0, y: 0, facing: 0 }],
    blue: [{ id: 'scout', design: 'scout', x: 0, y: 40, facing: 4 }],
  },
  terrain: [],
  ...(deferredMoves ? { deferredMoves } : {}),
});
describe('GSC-4 "may make a move at the end of the turn" (deferredMoves)', () => {
  /** Turn 1: blue's scout stays, red's hulk (drive 2 < turn distance 3) defers, then moves 2" when its time comes. */
  const playTurn = (deferredMoves?: string, rulesVersion?: string) => {
    const game = startBattle(rules(deferredMoves));
    // a game begun under older rules: its log as an older server recorded it (PBM-14)
    if (rulesVersion) game.log = ageLog(game.log, rulesVersion);
    const seen: DomainEvent[] = [];
    seen.push(...game.run({ type: 'MoveShip', ship: 'scout', path: [] }, seat('blue')));
    seen.push(...game.run({ type: 'DeferMove', ship: 'hulk' }, seat('red')));
    const waitingIn = rulesOf(game).step;
    seen.push(...game.run({ type: 'MoveShip', ship: 'hulk', path: [{ type: 'forward', inches: 2 }] }, seat('red')));
    const order = (seen as GscEvent[]).flatMap((e) =>
      e.type === 'StepStarted' ? [`${e.data.step}`] : e.type === 'ShipMoved' && e.data.ship === 'hulk' ? ['hulk moves'] : [],
    );
    return { waitingIn, order, reading: rulesOf(game).readings.deferredMoves };
  };
  const endOfMovement = ['hulk moves', 'missiles', 'beams', 'boarding', 'repairs', 'movement'];
  const endOfTurn = ['missiles', 'beams', 'boarding', 'movement', 'hulk moves', 'repairs', 'movement'];
  it('GSC-4 by default a deferred ship moves at the end of the turn: after Boarding, before Repairs', () => {
    const { waitingIn, order, reading } = playTurn();
    expect(waitingIn).toBe('movement');
    expect([reading, order]).toEqual(['endOfTurn', endOfTurn]);
  });
  it("GSC-4 with deferredMoves 'endOfMovement' it moves at the end of the Movement step", () => {
    const { waitingIn, order } = playTurn('endOfMovement');
    expect(waitingIn).toBe('movement');
    expect(order).toEqual(endOfMovement);
  });
  it('RUL-10 GSC-4 a game begun under gsc2-0.4.0 keeps its default, the end of the Movement step; a new game moves at the end of the turn', () => {
    expect(playTurn(undefined, OLDER)).toMatchObject({ reading: 'endOfMovement', order: endOfMovement });
    expect(playTurn(undefined, OLDER.replace('0.4.0', '0.5.0'))).toMatchObject({ reading: 'endOfTurn', order: endOfTurn });
    // a reading the game names is played under any version
    expect(playTurn('endOfTurn', OLDER)).toMatchObject({ reading: 'endOfTurn', order: endOfTurn });
  });
  it('GSC-4 deferredMoves takes only its two readings', () => {
    expect(() => gscOptionsSchema.parse({ deferredMoves: 'whenever' })).toThrow();
  });
});

describe('GSC-8 "each MDS needs a 6" (mdsHit)', () => {
  const shot = (rules: Record<string, unknown>, face: number) => {
    const state = battleWith(rules);
    return mdsRoll(state, state.ships.tyrant as ShipState, 'm1', scriptedDice([face])).data;
  };
  it('GSC-8 by default a d10 of 6 or less kills the missile', () => {
    expect([3, 6, 7, 9].map((face) => shot({}, face).killed)).toEqual([true, true, false, false]);
    expect(shot({}, 6).roll).toMatchObject({ target: 6, compare: 'atMost', rule: 'GSC-8' });
  });
  it("GSC-8 with mdsHit 'sixOrMore' a d10 of 6 or more kills it", () => {
    expect([3, 5, 6, 9].map((face) => shot({ mdsHit: 'sixOrMore' }, face).killed)).toEqual([false, false, true, true]);
    expect(shot({ mdsHit: 'sixOrMore' }, 6).roll).toMatchObject({ target: 6, compare: 'atLeast', rule: 'GSC-8' });
  });
});

describe('GSC-12 how far the range table goes (beamRanges, heavyLongRangeBands)', () => {
  /** Valiant's `battery` at Tyrant, `range` inches ahead, bow on and unmoved: 5 + bow 1, one deflector -1, +2 = 7 before the range. */
  const at = (range: number, rules: Record<string, unknown>, battery: string, rulesVersion?: string) => {
    let state = place(battleWith(rules, rulesVersion), 'valiant', { at: { x: 0, y: 0 }, facing: 0 });
    state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4 });
    return checkBeamOrders(state, 'red', { step: 'beams', fire: [{ ship: 'valiant', battery, target: 'tyrant' }] });
  };
  /** Valiant's light battery C (port mount) at Tyrant `range` inches to port. */
  const light = (range: number, rules: Record<string, unknown>, rulesVersion?: string) => {
    let state = place(battleWith(rules, rulesVersion), 'valiant', { at: { x: 0, y: 0 }, facing: 0 });
    state = place(state, 'tyrant', { at: { x: -range, y: 0 }, facing: 2 });
    return checkBeamOrders(state, 'red', { step: 'beams', fire: [{ ship: 'valiant', battery: 'C', target: 'tyrant' }] });
  };
  const refused = { violation: { code: 'CANNOT_FIRE', rule: 'GSC-12' } };
  it('GSC-12 by default the table is as printed: heavy to 60", light and medium on while a hit is possible', () => {
    expect([at(60, {}, 'A'), at(61, {}, 'A')]).toMatchObject([null, refused]);
    // light: 7 - 1 per 2" beyond 12": 24" needs 1 or less, 24.01" 0 or less
    expect([light(24, {}), light(25, {})]).toMatchObject([null, refused]);
    expect(at(60, {}, 'B')).toBeNull();
  });
  it('GSC-12 beamRanges \'capped\' stops every beam after longRangeBands (3) long-range bands: heavy 72", light 18"', () => {
    const capped = { beamRanges: 'capped' };
    expect([at(72, capped, 'A'), at(73, capped, 'A')]).toMatchObject([null, refused]);
    expect([light(18, capped), light(19, capped)]).toMatchObject([null, refused]);
    expect([at(42, capped, 'B'), at(43, capped, 'B')]).toMatchObject([null, refused]);
  });
  it('GSC-12 a game that names longRangeBands other than the 3 every game records plays the capped table', () => {
    expect([light(14, { longRangeBands: 1 }), light(15, { longRangeBands: 1 })]).toMatchObject([null, refused]);
    expect(battleWith({ longRangeBands: 1 }).readings).toMatchObject({ beamRanges: 'capped', heavyLongRangeBands: 1 });
  });
  it('GSC-12 heavyLongRangeBands sets the heavy beam its own bands under either table; other beams keep theirs', () => {
    expect([at(84, { heavyLongRangeBands: 4 }, 'A'), at(85, { heavyLongRangeBands: 4 }, 'A')]).toMatchObject([null, refused]);
    const capped = { beamRanges: 'capped', heavyLongRangeBands: 2 };
    expect([at(60, capped, 'A'), at(61, capped, 'A'), at(41, capped, 'B')]).toMatchObject([null, refused, null]);
  });
  it('RUL-10 GSC-12 a game begun under gsc2-0.4.0 keeps every beam capped at 3 long-range bands; a new game has the printed table', () => {
    expect(battleWith({}, OLDER).readings).toEqual({ deferredMoves: 'endOfMovement', mdsHit: 'sixOrLess', heavyLongRangeBands: 3 });
    expect([at(72, {}, 'A', OLDER), light(19, {}, OLDER)]).toMatchObject([null, refused]);
    const newer = OLDER.replace('0.4.0', '0.5.0');
    expect(battleWith({}, newer).readings).toEqual({
      deferredMoves: 'endOfTurn',
      mdsHit: 'sixOrLess',
      heavyLongRangeBands: 2,
      beamRanges: 'printed',
    });
    expect([at(72, {}, 'A', newer), light(19, {}, newer)]).toMatchObject([refused, null]);
  });
});

describe('PBM-14 a running game begun under gsc2-0.4.0', () => {
  it('PBM-14 RUL-10 GSC-4 it adopts gsc2-0.5.0 by replay, keeps the readings it began with, and its log verifies in both parts', () => {
    // a game created and begun by a gsc2-0.4.0 server, then played on under those rules
    const created = startMatch('gsc2', rules());
    const game = new Recorder(created.gameId);
    game.events.push(...ageLog(created.events, OLDER));
    game.give({ type: 'MoveShip', ship: 'scout', path: [] }, game.seat('blue'));
    game.give({ type: 'DeferMove', ship: 'hulk' }, game.seat('red'));
    expect(game.events.at(-1)).toMatchObject({ rulesVersion: OLDER, type: 'MoverChanged', data: { mode: 'deferred' } });
    // what the server does before the next command (functions/games/app/rules-migration.ts): re-adjudicate, then adopt
    expect(readjudicate(game.events, { gameId: game.gameId, seed: REFERENCE_SEED, rulesets: everyRuleset() })).toMatchObject({ ok: true });
    game.give({ type: 'AdoptRules' }, { kind: 'system' });
    expect(game.state).toMatchObject({ rulesVersion: gsc2Fold.rulesVersion, rules: { readings: { deferredMoves: 'endOfMovement' } } });
    // the deferred hulk still moves at the end of the Movement step, as it did when the game began
    const before = game.events.length;
    game.give({ type: 'MoveShip', ship: 'hulk', path: [{ type: 'forward', inches: 2 }] }, game.seat('red'));
    const order = game.events.slice(before).flatMap((e) => (e.type === 'StepStarted' ? [(e.data as { step: string }).step] : [e.type]));
    expect(order.slice(0, 3)).toEqual(['ShipMoved', 'missiles', 'beams']);
    game.give({ type: 'Concede' }, game.seat('blue'));
    const log = game.log();
    expect(verifyLog(parseLog(serializeLog(log.header, log.events))).map((r) => [r.check, r.ok])).toEqual([
      ['chain', true],
      ['seed', true],
      ['dice', true],
      ['rules', true],
      ['state', true],
    ]);
  });
});
