import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import { checkVictory, endPhaseEvents } from '../../domain/post-galactica/victory.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { GAME_ID, type Game, seat, TEST_SEED } from '../support/decider-spec.ts';
import { arena, eventData, given, type Mission, must, rules, type Spot, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';
import { destroyed, inResource, standing, toRedStatus } from '../support/post-galactica-setups.ts';

const RULESETS = everyRuleset();

const game = (mission: Partial<Mission> = {}, at: Spot[] = [], deadlines?: Record<string, string>): Game =>
  arena(at, deadlines ? { mission, deadlines } : { mission });
/** given: a unit stands at `cohesion` with these statuses (as a status source would have left it). */

const burningAndRegenerating = () => {
  const g = game();
  toPhase(g, 'command', 'blue');
  given(
    g,
    standing(TROOPERS, 1, [
      { name: 'Regenerating', remaining: 1 },
      { name: 'Burning', remaining: 2 },
    ]),
  );
  toPhase(g, 'status', 'red');
  return g;
};

describe('with a unit at 1 Cohesion that is Burning and Regenerating', () => {
  it('PG-13 the active player chooses the order: Regenerating first, then Burning, and the unit survives', () => {
    const g = burningAndRegenerating();
    const events = g.run(
      {
        type: 'ResolveStatuses',
        order: [
          { unitId: TROOPERS, status: 'Regenerating' },
          { unitId: TROOPERS, status: 'Burning' },
        ],
      },
      seat('red'),
    );
    expect(events).toEqual([
      {
        type: 'StatusesResolved',
        data: {
          seat: 'red',
          chosenBy: 'player',
          results: [
            {
              unitId: TROOPERS,
              status: 'Regenerating',
              effect: 'regained 1 Cohesion',
              cohesion: 2,
              statuses: [{ name: 'Burning', remaining: 2 }],
            },
            { unitId: TROOPERS, status: 'Burning', effect: 'lost 1 Cohesion', cohesion: 1, statuses: [{ name: 'Burning', remaining: 1 }] },
          ],
          rule: 'PG-13',
        },
      },
    ]);
    expect(unit(g, TROOPERS)).toMatchObject({ cohesion: 1, statuses: [{ name: 'Burning', remaining: 1 }] });
  });
  it('PG-13 the other order (Burning first) destroys the unit before it regenerates', () => {
    const g = burningAndRegenerating();
    const events = g.run(
      {
        type: 'ResolveStatuses',
        order: [
          { unitId: TROOPERS, status: 'Burning' },
          { unitId: TROOPERS, status: 'Regenerating' },
        ],
      },
      seat('red'),
    );
    expect(events.map((e) => e.type)).toEqual(['StatusesResolved', 'UnitDestroyed']);
    expect((events[0]?.data as { results: unknown[] } | undefined)?.results).toEqual([
      {
        unitId: TROOPERS,
        status: 'Burning',
        effect: 'lost 1 Cohesion',
        cohesion: 0,
        statuses: [
          { name: 'Regenerating', remaining: 1 },
          { name: 'Burning', remaining: 1 },
        ],
      },
    ]);
    expect(unit(g, TROOPERS)).toBeUndefined();
  });
  it('PG-13 statuses left out of the chosen order follow it in the default order', () => {
    const g = burningAndRegenerating();
    const events = g.run({ type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Regenerating' }] }, seat('red'));
    expect((events[0]?.data as { results: { status: string }[] } | undefined)?.results.map((r) => r.status)).toEqual([
      'Regenerating',
      'Burning',
    ]);
  });
  it("PG-13 ending the Status Phase without an order resolves in the default order (the text's list: Burning before Regenerating)", () => {
    const g = burningAndRegenerating();
    const events = g.run({ type: 'EndPhase' }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['StatusesResolved', 'UnitDestroyed', 'PhaseStarted']);
    expect(events[0]?.data).toMatchObject({ chosenBy: 'default', results: [{ status: 'Burning', cohesion: 0 }] });
  });
  it('PG-13 a missed Status Phase deadline resolves in the default order', () => {
    const g = game({}, [], { default: 'PT1H' });
    toPhase(g, 'command', 'blue');
    given(
      g,
      standing(TROOPERS, 1, [
        { name: 'Regenerating', remaining: 1 },
        { name: 'Burning', remaining: 2 },
      ]),
    );
    toPhase(g, 'status', 'red');
    const system: Actor = { kind: 'system' };
    const state = g.state;
    const key = state.status === 'empty' ? '' : (state.step?.key ?? '');
    expect(key).toBe('t3-status');
    const decision = decideGame(
      g.state,
      { type: 'DeadlineReached', phaseKey: key },
      { rulesets: RULESETS, now: '2026-01-01T01:00:00.000Z', actor: system, seed: TEST_SEED },
      GAME_ID,
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    expect(decision.events.map((e) => e.type)).toEqual(['DeadlinePassed', 'StatusesResolved', 'UnitDestroyed', 'PhaseStarted']);
  });
  it('PG-13 an order naming a status the unit does not have is refused', () => {
    const v = burningAndRegenerating()
      .when({ type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Poisoned' }] }, seat('red'))
      .thenRejects('PG-13', 'UNKNOWN_STATUS');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) has no Poisoned to resolve.');
  });
  it('PG-13 statuses are resolved once per Status Phase, and only in it', () => {
    const g = burningAndRegenerating();
    g.run({ type: 'ResolveStatuses', order: [] }, seat('red'));
    g.when({ type: 'ResolveStatuses', order: [] }, seat('red')).thenRejects('PG-13', 'ALREADY_RESOLVED');
    toPhase(g, 'end');
    g.when({ type: 'ResolveStatuses', order: [] }, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
  });
});

describe('other statuses', () => {
  it('PG-13 Rallying ends Routing; timed statuses count down and end', () => {
    const g = game();
    toPhase(g, 'command', 'blue');
    given(
      g,
      standing(TROOPERS, 6, [
        { name: 'Routing', remaining: 3 },
        { name: 'Rallying', remaining: 1 },
        { name: 'Shielded', remaining: 2 },
      ]),
    );
    toPhase(g, 'status', 'red');
    g.run({ type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Rallying' }] }, seat('red'));
    expect(unit(g, TROOPERS)?.statuses).toEqual([{ name: 'Shielded', remaining: 1 }]);
  });
});

describe('the End Phase', () => {
  const relayHeld = (mission: Partial<Mission>) => {
    const g = game(mission, [{ unitId: TROOPERS, x: 22, y: 32 }]);
    toPhase(g, 'action');
    g.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    toPhase(g, 'end');
    return g;
  };
  it('PG-14 victory is checked before objectives are scored: the point scored this End Phase wins at the next check', () => {
    const g = relayHeld({ victory: [{ type: 'objectivePoints', points: 1 }] });
    const events = g.run({ type: 'EndPhase' }, seat('red'));
    expect(events[0]).toEqual({
      type: 'ObjectivesScored',
      data: { seat: 'red', objectives: ['relay'], points: 1, total: 1, rule: 'PG-14' },
    });
    expect(events.map((e) => e.type)).toContain('TurnStarted');
    toPhase(g, 'end', 'blue');
    const last = g.run({ type: 'EndPhase' }, seat('blue'));
    expect(last.map((e) => e.type)).toEqual(['GameEnded', 'SeedRevealed']);
    expect(last[0]?.data).toEqual({ winner: 'red', reason: 'red reached 1 Victory Points', rule: 'PG-14' });
    expect(g.state).toMatchObject({ status: 'ended', result: { winner: 'red' } });
  });
  it('PG-14 the End Phase confirms resource and Supply totals, then passes the turn', () => {
    const g = game();
    toPhase(g, 'end');
    const events = g.run({ type: 'EndPhase' }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['TotalsConfirmed', 'TurnStarted', 'PhaseStarted']);
    expect(events[0]?.data).toEqual({
      seat: 'red',
      resources: { carbon: 200, crystal: 50, faction: 1 },
      supply: { used: 4, max: 5 },
      workers: { count: 4, limit: 4 },
      rule: 'PG-14',
    });
  });
  it('PG-14 after the last round the seat with more Victory Points wins; equal points are a draw', () => {
    const g = relayHeld({ victory: [{ type: 'roundLimit', rounds: 1 }] });
    g.run({ type: 'EndPhase' }, seat('red'));
    toPhase(g, 'end', 'blue');
    const events = g.run({ type: 'EndPhase' }, seat('blue'));
    expect(events.at(-2)).toEqual({
      type: 'GameEnded',
      data: { winner: 'red', reason: '1 rounds played; Victory Points red 1, blue 0', rule: 'PG-14' },
    });
    const draw = game({ victory: [{ type: 'roundLimit', rounds: 1 }] });
    toPhase(draw, 'end', 'blue');
    expect(draw.run({ type: 'EndPhase' }, seat('blue')).at(-2)?.data).toMatchObject({ winner: null });
  });
});

describe('the original Command Center as the objective', () => {
  const blueLosesCc = (mission: Partial<Mission> = {}) => {
    const g = game(mission);
    given(g, destroyUnit(rules(g), must(unit(g, 'blue-cc')), 'given'));
    toPhase(g, 'end');
    return g;
  };
  it('PG-22 destroying the original Command Center decides the game at the End Phase', () => {
    const events = blueLosesCc().run({ type: 'EndPhase' }, seat('red'));
    expect(events[0]).toEqual({
      type: 'GameEnded',
      data: { winner: 'red', reason: 'blue lost the original Command Center', rule: 'PG-22' },
    });
  });
  it('PG-22 it decides the game even though Command Centers can be rebuilt: a rebuilt one does not count', () => {
    const g = blueLosesCc();
    given(
      g,
      {
        type: 'ConstructionStarted',
        data: {
          seat: 'blue',
          countdownId: 'cd-9',
          unitId: 'blue-command-center-1',
          datasheet: 'command-center',
          builderId: 'blue-worker-1',
          x: 42,
          y: 18,
          cost: { carbon: 0, crystal: 0, faction: 0 },
          counters: 1,
          placedTurn: 1,
          rule: 'PG-21',
        },
      },
      {
        type: 'CountdownCompleted',
        data: {
          seat: 'blue',
          countdownId: 'cd-9',
          kind: 'construction',
          label: 'Command Center',
          unitId: 'blue-command-center-1',
          position: { x: 42, y: 18 },
          rule: 'PG-7',
        },
      },
    );
    expect(unit(g, 'blue-command-center-1')?.complete).toBe(true);
    expect(g.run({ type: 'EndPhase' }, seat('red'))[0]?.data).toMatchObject({ winner: 'red', rule: 'PG-22' });
  });
  it('PG-22 in a mission without that objective the game goes on and the Command Center may be rebuilt', () => {
    const g = blueLosesCc({ victory: [{ type: 'roundLimit', rounds: 6 }] });
    const events = g.run({ type: 'EndPhase' }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['TotalsConfirmed', 'TurnStarted', 'PhaseStarted']);
    expect(rules(g).players.blue?.originalCommandCenterDestroyed).toBe(true);
  });
});

/** The Troopers at `cohesion` with these statuses, in red's Status Phase. */
const troopers = (cohesion: number, ...statuses: [string, number][]): Game =>
  toRedStatus(
    arena(),
    standing(
      TROOPERS,
      cohesion,
      statuses.map(([name, remaining]) => ({ name, remaining })),
    ),
  );
const resolved = (events: readonly DomainEvent[]) =>
  eventData(events, 'StatusesResolved').results.map((r) => [r.status, r.effect, r.cohesion]);
const END = { type: 'EndPhase' } as const;

describe('RUL-9 the Status Phase (PG-13)', () => {
  it("RUL-9 PG-13 the default order is the text's list, then Immobilized, then other statuses by name", () => {
    const g = troopers(
      6,
      ['Zealous', 1],
      ['Immobilized', 1],
      ['Rallying', 1],
      ['Slowed', 1],
      ['Cloaked', 1],
      ['Routing', 2],
      ['Stunned', 1],
      ['Poisoned', 1],
    );
    expect(resolved(g.run(END, seat('red')))).toEqual([
      ['Poisoned', 'lost 1 Cohesion', 5],
      ['Stunned', 'duration counted down', 5],
      ['Slowed', 'duration counted down', 5],
      ['Routing', 'duration counted down', 5],
      ['Rallying', 'no longer Routing', 5],
      ['Immobilized', 'duration counted down', 5],
      ['Cloaked', 'duration counted down', 5],
      ['Zealous', 'duration counted down', 5],
    ]);
  });
  it('RUL-9 PG-13 Rallying with no Routing to end has nothing to rally from, though statuses remain', () => {
    // Rallying lasts 2 Status Phases, so it is still there (at 1) when its effect is decided.
    const g = troopers(6, ['Rallying', 2]);
    expect(resolved(g.run(END, seat('red')))).toEqual([['Rallying', 'nothing to rally from', 6]]);
    expect(unit(g, TROOPERS)?.statuses).toEqual([{ name: 'Rallying', remaining: 1 }]);
  });
  it('RUL-9 PG-13 a status ended by one resolved before it is not resolved again', () => {
    // Rallying, chosen first, ends Routing; the Routing left for the default order is gone by then.
    const g = troopers(6, ['Routing', 3], ['Rallying', 1], ['Shielded', 2]);
    const events = g.run({ type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Rallying' }] }, seat('red'));
    expect(resolved(events)).toEqual([
      ['Rallying', 'no longer Routing', 6],
      ['Shielded', 'duration counted down', 6],
    ]);
  });
  it('RUL-9 PG-13 Regenerating at full Cohesion restores nothing', () => {
    expect(resolved(troopers(6, ['Regenerating', 2]).run(END, seat('red')))).toEqual([['Regenerating', 'already at full Cohesion', 6]]);
  });
  it('RUL-9 PG-13 PG-2 a unit destroyed by a status names that status as the cause', () => {
    const events = troopers(1, ['Poisoned', 2]).run(END, seat('red'));
    expect(eventData(events, 'UnitDestroyed')).toMatchObject({ unitId: TROOPERS, cause: 'Poisoned' });
  });
  it('RUL-9 PG-13 a status listed twice in the chosen order is refused', () => {
    const twice = { unitId: TROOPERS, status: 'Burning' };
    troopers(6, ['Burning', 2])
      .when({ type: 'ResolveStatuses', order: [twice, twice] }, seat('red'))
      .thenRejects('PG-13', 'DUPLICATE_STATUS');
  });
  it('RUL-9 PG-13 an order naming a unit that does not exist quotes the id it was given', () => {
    const v = troopers(6, ['Burning', 2])
      .when({ type: 'ResolveStatuses', order: [{ unitId: 'red-nothing', status: 'Burning' }] }, seat('red'))
      .thenRejects('PG-13', 'UNKNOWN_STATUS');
    expect(v.message).toBe('"red-nothing" has no Burning to resolve.');
  });
  it('RUL-9 PG-13 statuses resolved by the player are not resolved again as the phase ends', () => {
    const g = troopers(6, ['Burning', 2]);
    g.run({ type: 'ResolveStatuses', order: [] }, seat('red'));
    expect(g.run(END, seat('red')).map((e) => e.type)).not.toContain('StatusesResolved');
    expect(unit(g, TROOPERS)).toMatchObject({ cohesion: 5, statuses: [{ name: 'Burning', remaining: 1 }] });
  });
});

/** A victory condition list for the arena mission. */
const victory = (...conditions: Mission['victory']): Partial<Mission> => ({ victory: conditions });
const endOfRedTurn = (g: Game) => {
  toPhase(g, 'end', 'red');
  return g.run({ type: 'EndPhase' }, seat('red'));
};
const scored = (s: 'red' | 'blue', total: number) =>
  ({ type: 'ObjectivesScored', data: { seat: s, objectives: ['relay'], points: total, total, rule: 'PG-14' } }) as const;
/** A third seat, green, in the turn order (with `record`, a player record too, copied from blue's). */
const withGreen = (state: PgState, record: boolean): PgState => {
  const blue = must(state.players.blue);
  return {
    ...state,
    turnOrder: ['red', 'blue', 'green'],
    players: record ? { ...state.players, green: { ...blue, seat: 'green' } } : state.players,
  };
};

describe('RUL-9 victory (PG-14)', () => {
  it('RUL-9 PG-14 annihilation: a seat with nothing left on the battlefield loses', () => {
    const game = arena([], { mission: victory({ type: 'annihilation' }) });
    destroyed(game, ...rules(game).units.flatMap((u) => (u.seat === 'blue' ? [u.id] : [])));
    expect(endOfRedTurn(game)[0]).toEqual({
      type: 'GameEnded',
      data: { winner: 'red', reason: 'blue has nothing left on the battlefield', rule: 'PG-14' },
    });
  });
  it('RUL-9 PG-14 annihilation decides nothing while both seats have units', () => {
    const game = arena([], { mission: victory({ type: 'annihilation' }) });
    destroyed(game, 'blue-raiders-1');
    expect(endOfRedTurn(game).map((e) => e.type)).toEqual(['TotalsConfirmed', 'TurnStarted', 'PhaseStarted']);
  });
  it('RUL-9 PG-14 both seats at the Victory Points needed is a draw, though the first condition listed decided nothing', () => {
    // The example mission checks the original Command Centers first, then 10 Victory Points.
    const game = arena();
    // given: both seats at 10 Victory Points, as earlier End Phases' scoring would have left them.
    given(game, scored('red', 10), scored('blue', 10));
    expect(endOfRedTurn(game)[0]).toEqual({
      type: 'GameEnded',
      data: { winner: null, reason: 'red and blue reached 10 Victory Points', rule: 'PG-14' },
    });
  });
  it('RUL-9 PG-14 an objective held scores again each End Phase, adding to the Victory Points', () => {
    const game = arena([{ unitId: TROOPERS, x: 22, y: 32 }]);
    toPhase(game, 'action');
    game.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    expect(eventData(endOfRedTurn(game), 'ObjectivesScored').total).toBe(1);
    expect(eventData(endOfRedTurn(game), 'ObjectivesScored')).toMatchObject({ points: 1, total: 2 });
  });
  // States no command builds (seats are exactly red and blue, each with a player record): made by
  // hand, and the rules functions called directly.
  it('RUL-9 PG-22 with three seats one losing its original Command Center leaves no single winner', () => {
    const state = withGreen(inResource(), true);
    const lost = { ...state, players: { ...state.players, blue: { ...must(state.players.blue), originalCommandCenterDestroyed: true } } };
    expect(checkVictory(lost)).toEqual({ winner: null, reason: 'blue lost the original Command Center', rule: 'PG-22' });
  });
  it('RUL-9 PG-14 a seat in the turn order with no player record is not annihilated', () => {
    expect(checkVictory(withGreen(inResource(victory({ type: 'annihilation' })), false))).toBeNull();
  });
  it('RUL-9 PG-14 after the last round the last seat in the turn order ends the game, one with no player record scoring from 0', () => {
    const state = withGreen(inResource(victory({ type: 'roundLimit', rounds: 1 })), false);
    const events = endPhaseEvents({ ...state, activeSeat: 'green', phase: 'end', objectives: { relay: 'green' } });
    expect(events).toEqual([
      { type: 'ObjectivesScored', data: { seat: 'green', objectives: ['relay'], points: 1, total: 1, rule: 'PG-14' } },
      { type: 'GameEnded', data: { winner: null, reason: '1 rounds played; Victory Points red 0, blue 0, green 0', rule: 'PG-14' } },
    ]);
  });
});
