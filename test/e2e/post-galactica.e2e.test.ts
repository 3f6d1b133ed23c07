/**
 * Post Galactica refereed over HTTP against the local runtime: two players, four full
 * rounds of a scenario whose outcomes do not depend on the dice (test/support/post-galactica-scenario.ts),
 * illegal commands answered 422 with the rule they break, and the projected view equal to
 * the fold of the paged log.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findChainBreak } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { EXAMPLE_DEPLOYMENT } from '../../domain/post-galactica/examples.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime, withPlayerNames } from '../support/http.ts';
import { DEPLOYMENT, SCENARIO } from '../support/post-galactica-scenario.ts';

const RULESETS = everyRuleset();

type Seat = 'red' | 'blue';
type Command = { type: string } & Record<string, unknown>;

let runtime: Runtime;
let players: Record<Seat, Client>;

const logLength = async (gameId: string) => (await runtime.deps.store.readAfter(gameId, 0)).length;
const dataOf = (events: readonly EventEnvelope[], type: string) => events.find((e) => e.type === type)?.data;

/** One match at the table: gives commands, follows the phase from the events they return. */
class Table {
  phase = '';
  constructor(readonly gameId: string) {}

  async act(who: Seat, command: Command): Promise<EventEnvelope[]> {
    const reply = await players[who].post<{ events: EventEnvelope[] }>(`/games/${this.gameId}/commands`, {
      commandId: commandId(),
      command,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    for (const e of reply.body.events) if (e.type === 'PhaseStarted') this.phase = (e.data as { phase: string }).phase;
    return reply.body.events;
  }

  /** End phases until `phase` is open. */
  async to(who: Seat, phase: string): Promise<void> {
    for (let i = 0; i < 8 && this.phase !== phase; i += 1) await this.act(who, { type: 'EndPhase' });
    expect(this.phase).toBe(phase);
  }

  /** End the rest of the turn; the events that pass it (and open the next one). */
  async endTurn(who: Seat): Promise<EventEnvelope[]> {
    await this.to(who, 'end');
    return this.act(who, { type: 'EndPhase' });
  }

  /** The command is refused with its status (422 a rule, 409 a conflict with the state, INV-10), the rule, the code and the sentence, and writes nothing. */
  async refuse(who: Seat, command: Command, rule: string, code: string, detail: string, status: 409 | 422 = 422): Promise<void> {
    const before = await logLength(this.gameId);
    const reply = await players[who].post(`/games/${this.gameId}/commands`, { commandId: commandId(), command });
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const type = status === 422 ? 'rule-violation' : 'conflict';
    expect(reply.body).toMatchObject({ type: `https://arbiter.dev/problems/${type}`, status, rule, code, detail });
    expect(await logLength(this.gameId)).toBe(before);
  }
}

const allEvents = async (client: Client, gameId: string): Promise<EventEnvelope[]> => {
  const events: EventEnvelope[] = [];
  for (let after = 0; ; ) {
    const page = await client.get<{ events: EventEnvelope[]; next: number | null }>(`/games/${gameId}/events?after=${after}&limit=50`);
    events.push(...page.body.events);
    if (page.body.next === null) return events;
    after = page.body.next;
  }
};

beforeAll(async () => {
  runtime = await startTestRuntime();
  const anon = new Client(runtime.url);
  players = { red: (await anon.register('Ann')).client, blue: (await anon.register('Bob')).client };
});
afterAll(() => runtime.stop());

describe('a Post Galactica match over HTTP, four full rounds whatever the dice', () => {
  let table: Table;

  it('PG-5 PG-20 a mission names red first; both seats deploy their Command Center, Workers and Gunners', async () => {
    const created = await players.red.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', rules: SCENARIO },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    table = new Table(created.body.gameId);
    const joined = await players.blue.post<{ events: EventEnvelope[] }>(`/games/${table.gameId}/join`, {});
    expect(dataOf(joined.body.events, 'FirstPlayerChosen')).toEqual({ seat: 'red', chosenBy: 'mission', rule: 'PG-5' });
    await table.act('red', { type: 'Deploy', units: DEPLOYMENT.red });
    const opened = await table.act('blue', { type: 'Deploy', units: DEPLOYMENT.blue });
    expect(dataOf(opened, 'TurnStarted')).toEqual({ seat: 'red', round: 1, turn: 1 });
    expect(table.phase).toBe('command');
  });

  it('PG-8 PG-9 PG-17 round 1: red gathers, moves, begins a Depot and shoots; blue shoots a fourth Worker, whose purchased capacity is lost', async () => {
    await table.to('red', 'resource');
    const gathered = dataOf(await table.act('red', { type: 'Gather' }), 'ResourcesGathered');
    expect(gathered).toMatchObject({
      nodes: [{ nodeId: 'carbon-red', amount: 5, gatherers: ['red-worker-1'] }],
      resources: { carbon: 105, crystal: 0, faction: 0 },
      rule: 'PG-8',
    });

    await table.to('red', 'movement');
    const tooFar = { type: 'Move', unitId: 'red-gunners-1', path: [{ x: 18, y: 4 }] };
    await table.refuse('red', tooFar, 'PG-9', 'TOO_FAR', 'Gunners can move 8" but the path is 9".');
    const moved = await table.act('red', { type: 'Move', unitId: 'red-gunners-1', path: [{ x: 14, y: 4 }] });
    expect(dataOf(moved, 'UnitMoved')).toMatchObject({ distance: 5, movement: 8, rule: 'PG-9' });

    await table.to('red', 'action');
    const secondCc = { type: 'Construct', unitId: 'red-worker-3', datasheet: 'command-center', x: 6, y: 14 };
    const limit = 'You control 1 active Command Center; the limit is 1, so no new one may be begun.';
    await table.refuse('red', secondCc, 'PG-21', 'COMMAND_CENTER_LIMIT', limit);
    const depot = await table.act('red', { type: 'Construct', unitId: 'red-worker-2', datasheet: 'depot', x: 4, y: 15.5 });
    expect(dataOf(depot, 'ConstructionStarted')).toMatchObject({ unitId: 'red-depot-1', counters: 1, placedTurn: 1, rule: 'PG-7' });

    await table.to('red', 'ranged');
    const shot = await table.act('red', { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    expect(dataOf(shot, 'AttackResolved')).toMatchObject({ attacks: 2, hits: 2, cohesion: 8, rule: 'PG-11' });
    await table.endTurn('red');

    await table.to('blue', 'resource');
    expect(dataOf(await table.act('blue', { type: 'Gather' }), 'ResourcesGathered')).toMatchObject({ resources: { carbon: 105 } });
    await table.to('blue', 'movement');
    await table.act('blue', { type: 'Move', unitId: 'blue-gunners-1', path: [{ x: 14, y: 10 }] });
    await table.to('blue', 'ranged');
    const kill = await table.act('blue', { type: 'RangedAttack', unitId: 'blue-gunners-1', targetId: 'red-worker-4' });
    expect(dataOf(kill, 'UnitDestroyed')).toMatchObject({
      unitId: 'red-worker-4',
      worker: { before: 4, allowance: 'purchased', workerLimit: 3 },
      destroyedZone: true,
      rule: 'PG-17',
    });
    const passed = await table.endTurn('blue');
    expect(dataOf(passed, 'RoundCompleted')).toEqual({ round: 1 });
    // PG-7: the Depot's counter, placed in turn 1, comes off in red's next Command Phase and completes it.
    expect(dataOf(passed, 'CountdownCompleted')).toMatchObject({ kind: 'construction', unitId: 'red-depot-1', rule: 'PG-7' });
  });

  it('PG-7 PG-12 PG-15 round 2: the Depot completes; red may not train a Worker past the lowered limit; blue destroys the Command Center', async () => {
    await table.to('red', 'resource');
    expect(dataOf(await table.act('red', { type: 'Gather' }), 'ResourcesGathered')).toMatchObject({ resources: { carbon: 100 } });
    await table.to('red', 'action');
    const fourth = { type: 'Produce', buildingId: 'red-cc', datasheet: 'worker' };
    const sentence = 'Workers: limit 3 reached; 1 purchased capacity is in the Destroyed Zone.';
    await table.refuse('red', fourth, 'PG-17', 'WORKER_LIMIT', sentence);
    await table.to('red', 'ranged');
    const shot = await table.act('red', { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    expect(dataOf(shot, 'AttackResolved')).toMatchObject({ hits: 2, cohesion: 6 });
    await table.endTurn('red');

    await table.to('blue', 'resource');
    await table.act('blue', { type: 'Gather' });
    await table.to('blue', 'movement');
    await table.act('blue', { type: 'Move', unitId: 'blue-gunners-1', path: [{ x: 8, y: 10 }] });
    await table.to('blue', 'ranged');
    const shot2 = await table.act('blue', { type: 'RangedAttack', unitId: 'blue-gunners-1', targetId: 'red-gunners-1' });
    expect(dataOf(shot2, 'AttackResolved')).toMatchObject({ hits: 2, cohesion: 8 });
    await table.to('blue', 'melee');
    const smash = await table.act('blue', { type: 'MeleeAttack', unitId: 'blue-gunners-1', targetId: 'red-cc' });
    expect(dataOf(smash, 'AttackResolved')).toMatchObject({ weapon: 'Blade', hits: 1, cohesionLost: 3, cohesion: 0, rule: 'PG-12' });
    expect(dataOf(smash, 'UnitDestroyed')).toMatchObject({
      unitId: 'red-cc',
      destroyedZone: false,
      commandCenter: { original: true },
      rule: 'PG-15',
    });
    expect(dataOf(await table.endTurn('blue'), 'RoundCompleted')).toEqual({ round: 2 });
  });

  it('PG-21 PG-11 round 3: a red Worker begins rebuilding the Command Center, not within 4" of the blue Gunners; the engaged Gunners may not shoot, only fight', async () => {
    await table.to('red', 'resource');
    await table.act('red', { type: 'Gather' });
    await table.to('red', 'movement');
    await table.act('red', { type: 'Move', unitId: 'red-worker-3', path: [{ x: 3.5, y: 14 }] });
    await table.act('red', { type: 'Move', unitId: 'red-gunners-1', path: [{ x: 10.5, y: 10 }] });
    await table.to('red', 'action');
    // A rebuild meets all placement requirements (7.8): not where the old one stood, next to the blue Gunners.
    const beside = { type: 'Construct', unitId: 'red-worker-3', datasheet: 'command-center', x: 5, y: 11 };
    const near = 'A rebuilt Command Center may not be placed within 4" of the enemy unit Gunners (blue-gunners-1) (1.16" away).';
    await table.refuse('red', beside, 'PG-21', 'TOO_CLOSE_TO_ENEMY', near);
    const rebuild = await table.act('red', { type: 'Construct', unitId: 'red-worker-3', datasheet: 'command-center', x: 2, y: 13 });
    expect(dataOf(rebuild, 'ConstructionStarted')).toMatchObject({
      unitId: 'red-command-center-1',
      cost: { carbon: 20 },
      placedTurn: 5,
      rule: 'PG-21',
    });
    await table.to('red', 'ranged');
    const fire = { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' };
    const engaged = 'Gunners (red-gunners-1) is engaged in melee with Gunners (blue-gunners-1) and cannot fire Rifle.';
    await table.refuse('red', fire, 'PG-11', 'ENGAGED', engaged);
    await table.to('red', 'melee');
    const stab = await table.act('red', { type: 'MeleeAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    expect(dataOf(stab, 'AttackResolved')).toMatchObject({ hits: 1, cohesion: 3 });
    await table.endTurn('red');

    await table.to('blue', 'resource');
    await table.act('blue', { type: 'Gather' });
    await table.to('blue', 'melee');
    const back = await table.act('blue', { type: 'MeleeAttack', unitId: 'blue-gunners-1', targetId: 'red-gunners-1' });
    expect(dataOf(back, 'AttackResolved')).toMatchObject({ hits: 1, cohesion: 5 });
    const passed = await table.endTurn('blue');
    expect(dataOf(passed, 'RoundCompleted')).toEqual({ round: 3 });
    expect(dataOf(passed, 'CountdownCompleted')).toMatchObject({ kind: 'construction', unitId: 'red-command-center-1' });
  });

  it('PG-2 PG-7 round 4: the Command Center is rebuilt; red finishes the blue Gunners, which enter the Destroyed Zone', async () => {
    await table.to('red', 'resource');
    await table.act('red', { type: 'Gather' });
    await table.to('red', 'melee');
    const stab = await table.act('red', { type: 'MeleeAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    expect(dataOf(stab, 'UnitDestroyed')).toMatchObject({ unitId: 'blue-gunners-1', destroyedZone: true, rule: 'PG-2' });
    await table.endTurn('red');
    await table.to('blue', 'resource');
    await table.act('blue', { type: 'Gather' });
    expect(dataOf(await table.endTurn('blue'), 'RoundCompleted')).toEqual({ round: 4 });
  });

  it('GET /games/{id}, once projected, equals the fold of the paged log for each seat', async () => {
    const log = await allEvents(players.red, table.gameId);
    expect(log.length).toBe(await logLength(table.gameId));
    expect(findChainBreak(log)).toBeNull();
    expect(log.filter((e) => e.type === 'RoundCompleted').map((e) => e.data)).toEqual([1, 2, 3, 4].map((round) => ({ round })));
    for (const seat of ['red', 'blue'] as const) {
      const final = await eventually(
        () => players[seat].get<{ version: number }>(`/games/${table.gameId}`),
        (r) => r.body.version === log.length,
      );
      expect(final.body).toEqual(withPlayerNames(viewGame(RULESETS, foldGame(RULESETS, log), seat), { red: 'Ann', blue: 'Bob' }));
    }
    const view = (await players.blue.get<{ game: FinalView }>(`/games/${table.gameId}`)).body.game;
    expect(view).toMatchObject({ activeSeat: 'red', round: 5, turn: 9, phase: 'command' });
    expect(view.players.red).toMatchObject({
      resources: { carbon: 90 },
      supply: { used: 3, max: 5 },
      workers: { count: 3, limit: 3, purchasedCapacity: 1 },
      destroyedZone: { units: [], purchasedWorkerCapacity: 1 },
      originalCommandCenterDestroyed: true,
    });
    expect(view.players.blue).toMatchObject({ resources: { carbon: 120 }, destroyedZone: { units: ['blue-gunners-1'] } });
    const red = view.units.filter((u) => u.seat === 'red').map((u) => [u.id, u.cohesion, u.complete, u.original]);
    expect(red).toEqual([
      ['red-worker-1', 1, true, false],
      ['red-worker-2', 1, true, false],
      ['red-worker-3', 1, true, false],
      ['red-gunners-1', 5, true, false],
      ['red-depot-1', 2, true, false],
      ['red-command-center-1', 3, true, false],
    ]);
  });
});

type FinalView = {
  players: Record<Seat, unknown>;
  units: { id: string; seat: string; cohesion: number; complete: boolean; original: boolean }[];
};

describe('the example scenario over HTTP', () => {
  it('PG-5 PG-9 PG-4 rolls off, deploys both example armies, refuses a 7.5" move of Vanguard Troopers and a Gather out of phase', async () => {
    const created = await players.red.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { rules: { scenario: 'example' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const table = new Table(created.body.gameId);
    const joined = await players.blue.post<{ events: EventEnvelope[] }>(`/games/${table.gameId}/join`, {});
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const { winner } = dataOf(joined.body.events, 'RolledOff') as { winner: Seat };
    await table.act(winner, { type: 'ChooseFirstPlayer', seat: 'red' });
    await table.act('red', { type: 'Deploy', units: EXAMPLE_DEPLOYMENT.red });
    await table.act('blue', { type: 'Deploy', units: EXAMPLE_DEPLOYMENT.blue });
    await table.to('red', 'movement');
    const move = { type: 'Move', unitId: 'red-vanguard-troopers-1', path: [{ x: 2.5, y: 14 }] };
    await table.refuse('red', move, 'PG-9', 'TOO_FAR', 'Vanguard Troopers can move 6" but the path is 7.5".');
    await table.refuse(
      'red',
      { type: 'Gather' },
      'PG-4',
      'WRONG_PHASE',
      'Gathering resources happens in the Resource Phase; it is the Movement Phase.',
      409,
    );
  });
});
