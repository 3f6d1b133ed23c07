import { describe, expect, it } from 'vitest';
import { reveal, type SubmitOrders, submitOrders } from '../../domain/gsc2/orders.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { redactEvent, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type Game, seat, TEST_SEED } from '../support/decider-spec.ts';
import { battleAt, rcFor, rulesOf, startBattle } from '../support/gsc2.ts';

const RULESETS = everyRuleset();

const start = (deadlines?: unknown): Game => {
  const game = startBattle(undefined, deadlines);
  for (const [ship, by] of [
    ['viper', 'blue'],
    ['tyrant', 'blue'],
    ['valiant', 'red'],
    ['lance', 'red'],
  ] as const) {
    game.run({ type: 'MoveShip', ship, path: [] }, seat(by));
  }
  return game;
};
const noLaunches = { step: 'missiles', launches: [] };
const atBeams = (deadlines?: unknown): Game => {
  const game = start(deadlines);
  game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
  game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('blue'));
  return game;
};
const heavyAtTyrant = { step: 'beams', fire: [{ ship: 'valiant', battery: 'A', target: 'tyrant' }] };

describe('sealed orders in the simultaneous steps', () => {
  it('GSC-7 the missiles step waits for both seats, and only the seat itself sees its sealed orders', () => {
    const game = start();
    expect(viewGame(RULESETS, game.state, 'red')?.awaiting).toEqual(['red', 'blue']);
    const events = game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
    expect(events.map((e) => [e.type, e.visibleTo])).toEqual([
      ['OrdersSealed', 'red'],
      ['OrdersSubmitted', undefined],
    ]);
    const sealed = game.log.at(-2);
    if (!sealed) throw new Error('no log');
    expect(sealed.command).toEqual({ type: 'SubmitOrders', orders: noLaunches });
    expect(redactEvent(sealed, 'blue')).toMatchObject({ type: 'Sealed', data: null });
    expect(redactEvent(sealed, 'blue')).not.toHaveProperty('command');
    const blueView = viewGame(RULESETS, game.state, 'blue')?.game as { sealed: object; submitted: string[]; awaiting: string[] };
    expect(blueView).toMatchObject({ sealed: {}, submitted: ['red'], awaiting: ['blue'] });
    expect(JSON.stringify(blueView)).not.toContain('launches');
    const redView = viewGame(RULESETS, game.state, 'red')?.game as { sealed: Record<string, { orders: unknown }> };
    expect(redView.sealed.red?.orders).toEqual(noLaunches);
  });
  it("GSC-7 a seat folding its own redacted log sees what the server shows it, other seats' orders hidden", () => {
    const game = start();
    game.run(
      { type: 'SubmitOrders', orders: { step: 'missiles', launches: [{ ship: 'valiant', battery: 'M1', target: 'tyrant' }] } },
      seat('red'),
    );
    const blueLog = game.log.map((e) => redactEvent(e, 'blue'));
    expect(blueLog.at(-2)?.type).toBe('Sealed');
    const folded = viewGame(RULESETS, foldGame(RULESETS, blueLog), 'blue');
    expect(folded).toEqual(viewGame(RULESETS, game.state, 'blue'));
    expect(folded?.game).toMatchObject({ sealed: {}, submitted: ['red'], awaiting: ['blue'] });
  });
  it('TB-5 GSC-7 a seat seals again before the reveal: the last orders are revealed, and the other seat saw only a new hash', () => {
    const game = start();
    const atTyrant = { step: 'missiles', launches: [{ ship: 'valiant', battery: 'M1', target: 'tyrant' }] };
    game.run({ type: 'SubmitOrders', orders: atTyrant }, seat('red'));
    const first = game.log.at(-1)?.data as { hash: string };
    const resealed = game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
    expect(resealed.map((e) => [e.type, e.visibleTo])).toEqual([
      ['OrdersSealed', 'red'],
      ['OrdersSubmitted', undefined],
    ]);
    const second = game.log.at(-1)?.data as { hash: string };
    expect(second.hash).not.toBe(first.hash);
    // Blue, folding its own redacted log, holds the new commitment and nothing of either order set.
    const blueLog = game.log.map((e) => redactEvent(e, 'blue'));
    expect(JSON.stringify(blueLog)).not.toContain('launches');
    expect(viewGame(RULESETS, foldGame(RULESETS, blueLog), 'blue')).toEqual(viewGame(RULESETS, game.state, 'blue'));
    const blueFold = foldGame(RULESETS, blueLog) as unknown as { rules: GscState };
    expect(blueFold.rules.sealed.red).toEqual({ orders: null, salt: '', hash: second.hash });
    const events = game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('blue'));
    const revealed = events.find((e) => e.type === 'OrdersRevealed')?.data as {
      revealed: { seat: string; orders: unknown; hash: string }[];
    };
    expect(revealed.revealed.find((r) => r.seat === 'red')).toMatchObject({ orders: noLaunches, hash: second.hash });
    expect(events.some((e) => e.type === 'MissilesLaunched')).toBe(false);
  });
  it('TB-5 RUL-10 GSC-7 a game begun under gsc2-0.5.0 refuses a second sealing, as its rules did; from gsc2-0.6.0 it is taken', () => {
    const game = start();
    game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
    const again: SubmitOrders = { type: 'SubmitOrders', orders: { step: 'missiles', launches: [] } };
    expect(submitOrders(rulesOf(game), again, { ...rcFor('red', []), rulesVersion: 'gsc2-0.5.0' })).toMatchObject({
      ok: false,
      violation: {
        code: 'ALREADY_SEALED',
        rule: 'GSC-1',
        message: "red's missiles orders are already sealed; sealed orders cannot be changed.",
      },
    });
    expect(submitOrders(rulesOf(game), again, { ...rcFor('red', []), rulesVersion: 'gsc2-0.6.0' })).toMatchObject({ ok: true });
  });

  it('TB-5 TB-1 GSC-7 a seat withdraws its sealed orders by taking them back while nothing else happened: it is awaited again', () => {
    const game = start();
    game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
    expect(viewGame(RULESETS, game.state, 'blue')?.awaiting).toEqual(['blue']);
    game.run({ type: 'TakeBack' }, seat('red'));
    expect(viewGame(RULESETS, game.state, 'blue')?.awaiting).toEqual(['red', 'blue']);
    expect(viewGame(RULESETS, game.state, 'blue')?.game).toMatchObject({ sealed: {}, submitted: [] });
  });
  it('TB-5 TB-1 GSC-7 once the other seat has offered a draw the orders cannot be taken back, but they can still be replaced', () => {
    const game = start();
    game.run({ type: 'SubmitOrders', orders: noLaunches }, seat('red'));
    game.run({ type: 'OfferDraw' }, seat('blue'));
    game.when({ type: 'TakeBack' }, seat('red')).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    const atTyrant = { step: 'missiles', launches: [{ ship: 'valiant', battery: 'M1', target: 'tyrant' }] };
    game.run({ type: 'SubmitOrders', orders: atTyrant }, seat('red'));
    expect(rulesOf(game).sealed.red?.orders).toEqual(atTyrant);
  });
  it('TB-5 GSC-11 after the reveal the step is over: sealing for it again is refused', () => {
    const game = atBeams();
    expect(rulesOf(game).step).toBe('beams');
    game.when({ type: 'SubmitOrders', orders: noLaunches }, seat('red')).thenRejects('GSC-1', 'WRONG_STEP');
  });
  it('GSC-11 the last seat in reveals every order set with its salt and hash in the same batch, then resolves', () => {
    const game = atBeams();
    expect(rulesOf(game).step).toBe('beams');
    game.run({ type: 'SubmitOrders', orders: heavyAtTyrant }, seat('red'));
    const committed = game.log.at(-1)?.data as { hash: string };
    const events = game.run(
      { type: 'SubmitOrders', orders: { step: 'beams', fire: [] } },
      seat('blue'),
      scriptedDice([1, 10, 10, 10, 10, 10]),
    );
    const revealed = events.find((e) => e.type === 'OrdersRevealed')?.data as {
      revealed: { seat: string; orders: unknown; salt: string; hash: string }[];
    };
    expect(revealed.revealed.map((r) => r.seat)).toEqual(['red', 'blue']);
    for (const r of revealed.revealed) expect(r.hash).toBe(sha256Hex(canonicalJson({ seat: r.seat, orders: r.orders, salt: r.salt })));
    expect(revealed.revealed[0]?.hash).toBe(committed.hash);
    expect(events.map((e) => e.type).slice(2, 5)).toEqual(['OrdersRevealed', 'BeamFired', 'DamageInflicted']);
  });
  it('GSC-13 an out-of-arc allocation is refused with a sentence and nothing is logged', () => {
    const game = atBeams();
    const length = game.log.length;
    const violation = game
      .when({ type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'valiant', battery: 'C', target: 'tyrant' }] } }, seat('red'))
      .thenRejects('GSC-13', 'CANNOT_FIRE');
    expect(violation.message).toMatch(/^Tyrant is at bearing 12°, outside the L arc of Valiant's battery C/);
    expect(game.log).toHaveLength(length);
  });
  it("GSC-11 a seat that misses the beams deadline fires nothing (default) and the others' orders resolve", () => {
    const game = atBeams({ phases: { beams: 'PT1H' } });
    game.run({ type: 'SubmitOrders', orders: heavyAtTyrant }, seat('red'));
    const system: Actor = { kind: 'system' };
    const decision = decideGame(
      game.state,
      { type: 'DeadlineReached', phaseKey: 't1-beams' },
      { rulesets: RULESETS, now: '2026-01-01T02:00:00.000Z', actor: system, seed: TEST_SEED, dice: scriptedDice([10]) },
      'g_test',
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    expect(decision.events[0]).toMatchObject({ type: 'DeadlinePassed', data: { awaiting: ['blue'] } });
    expect(decision.events[1]).toMatchObject({ type: 'OrdersRevealed', data: { revealed: [{ seat: 'red' }] } });
    expect(decision.events[2]).toMatchObject({ type: 'BeamFired', data: { ship: 'valiant', hit: false } });
  });

  it('RUL-9 GSC-1 outside a sealed step there is nothing to reveal', () => {
    expect(reveal(battleAt({ step: 'beams', sealedStep: null }), rcFor('red', []))).toEqual([]);
  });
});
