/**
 * TABLE-4: the ends of a phase that leave something of the seat's unspent ask first. Post
 * Galactica's EndPhase in the Action Phase names the units that have not acted, as actions.ts
 * `mayStillAct` (the `actor` check every action makes) reads the seat's view: a unit that acted
 * is left out, and the decider refuses it another action. Sol'una's SubmitActions that gives a
 * model `none` names it; orders that give every model something, and a form that did not say
 * what it sends, go at once.
 */
import { describe, expect, it } from 'vitest';
import { mayStillAct } from '../../domain/post-galactica/actions.ts';
import { view as pgView, stateOfView } from '../../domain/post-galactica/view.ts';
import { view as solView } from '../../domain/soluna/view.ts';
import { questionFor } from '../../web/confirm.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, rules, TROOPERS, toPhase } from '../support/post-galactica.ts';
import { act, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("TABLE-4 Post Galactica's Action Phase ends with units that have not acted: asked first", () => {
  const inAction = (): Game => {
    const game = arena();
    toPhase(game, 'action');
    return game;
  };
  const ids = (game: Game) =>
    mayStillAct(stateOfView(json(pgView(rules(game), 'red'))), 'red')
      .map((u) => u.id)
      .sort();

  it('TABLE-4 PG-10 the units offered as still able to act are those whose datasheet allows an action; one that acted is left out and refused again', () => {
    const game = inAction();
    const before = ids(game);
    const sheets = rules(game).units.filter((u) => u.seat === 'red' && u.position !== null);
    // The Sentinel Walker's datasheet allows Aim, the Troopers' Aim too: both may act; so may the workers and the Command Center.
    expect(before).toContain(TROOPERS);
    expect(before).toContain('red-sentinel-walker-1');
    expect(before.length).toBe(sheets.length);
    game.run({ type: 'Aim', unitId: TROOPERS }, seat('red'));
    expect(ids(game)).toEqual(before.filter((id) => id !== TROOPERS));
    game.when({ type: 'Dodge', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });

  it('TABLE-4 EndPhase in the Action Phase names them; the seat not playing is not asked', () => {
    const game = inAction();
    const red = json(pgView(rules(game), 'red'));
    const names = mayStillAct(stateOfView(red), 'red').map((u) => red.units.find((v: { id: string }) => v.id === u.id)?.name);
    expect(questionFor('post-galactica', 'EndPhase', red, 'red')).toBe(
      `End the Action Phase? ${names.length} unit(s) of yours have not acted (${names.join(', ')}); they cannot act again this turn.`,
    );
    expect(questionFor('post-galactica', 'EndPhase', json(pgView(rules(game), 'blue')), 'blue')).toBeNull();
  });

  it('TABLE-4 the Command Phase leaves nothing unspent: its end goes at once', () => {
    const game = arena();
    expect(rules(game).phase).toBe('command');
    expect(questionFor('post-galactica', 'EndPhase', json(pgView(rules(game), 'red')), 'red')).toBeNull();
  });
});

describe("TABLE-4 Sol'una's SubmitActions that has a model do nothing: asked first", () => {
  const game = playing(
    mission(
      [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true }), profile({ id: 'ravi', mind: 10, at: [1, 0] })],
      [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })],
    ),
  );
  const sun = json(solView(sol(game), 'sun'));

  it('TABLE-4 SOL-3 a model given `none` is named; the decider accepts those orders, so the question is the only guard', () => {
    expect([...(sol(game).eligible.sun ?? [])].sort()).toEqual(['meena', 'ravi']);
    const orders = submit([shoot('meena', 'xul'), act('ravi', { kind: 'none' })]);
    expect(questionFor('soluna', 'SubmitActions', sun, 'sun', orders)).toBe(
      'Seal these actions? 1 model(s) of yours would do nothing this phase (Ravi).',
    );
    expect(game.when(orders, seat('sun', 'p_sun')).events.length).toBeGreaterThan(0);
  });

  it('TABLE-4 orders that give every model something, or a send whose command the page did not give, go at once', () => {
    expect(questionFor('soluna', 'SubmitActions', sun, 'sun', submit([shoot('meena', 'xul'), act('ravi', { kind: 'defer' })]))).toBeNull();
    expect(questionFor('soluna', 'SubmitActions', sun, 'sun')).toBeNull();
  });
});
