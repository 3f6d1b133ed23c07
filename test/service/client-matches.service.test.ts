/**
 * API-2: a full match of each ruleset, played to the end the rules give it (not a
 * concession), through the client generated from the spec (client/arbiter.d.ts with
 * openapi-fetch). Every command body type-checks against the ruleset's command union with
 * no casts; every answer is checked against /openapi.json (test/support/contract.ts). The
 * setups are the ones the untyped end-to-end tests use so that no outcome depends on the dice.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components, paths } from '../../client/arbiter.d.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { contractViolation } from '../support/contract.ts';
import { commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { DEPLOYMENT, SCENARIO } from '../support/post-galactica-scenario.ts';
import { mission, profile } from '../support/soluna.ts';

type Command =
  | components['schemas']['SolunaCommand']
  | components['schemas']['Gsc2Command']
  | components['schemas']['PostGalacticaCommand'];
/** An event as the client receives it: a `Sealed` placeholder has no data. */
type Event = { readonly type: string; readonly data?: unknown };

const checked: string[] = [];
const violations: string[] = [];

/** Every answer, checked against the document: its status listed for the route, its body of the declared schema. */
const validateAnswers: Middleware = {
  async onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    checked.push(`${request.method} ${path} ${response.status}`);
    const text = response.status === 204 || response.status === 304 ? '' : await response.clone().text();
    const broken = contractViolation(request.method, path, response.status, response.headers.get('content-type'), text);
    if (broken) violations.push(broken);
    return undefined;
  },
};

let runtime: MemoryRuntime;
const clientFor = (apiKey?: string) => {
  const client = createClient<paths>({
    baseUrl: runtime.url,
    ...(apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {}),
  });
  client.use(validateAnswers);
  return client;
};
type Api = ReturnType<typeof clientFor>;

beforeAll(async () => {
  runtime = await startServiceRuntime();
});
afterAll(async () => {
  await runtime?.stop();
});

const register = async (name: string): Promise<Api> => {
  const { data, error } = await clientFor().POST('/players', { body: { name } });
  if (!data) throw new Error(`could not register ${name}: ${JSON.stringify(error)}`);
  return clientFor(data.apiKey);
};

/** A command through the typed client; its events, or the test fails with the problem. */
const play = async (api: Api, gameId: string, command: Command) => {
  const reply = await api.POST('/games/{id}/commands', {
    params: { path: { id: gameId } },
    body: { commandId: commandId(), command },
  });
  expect(reply.response.status, JSON.stringify(reply.error)).toBe(200);
  return reply.data?.events ?? [];
};

/** The phase a PhaseStarted event opens (event data is an open object in the spec). */
const phaseOf = (event: Event): string => {
  const data = event.data;
  return data && typeof data === 'object' && 'phase' in data ? String(data.phase) : '';
};
const types = (events: readonly Event[]) => events.map((e) => e.type);
const dataOf = (events: readonly Event[], type: string) => {
  const event = events.find((e) => e.type === type);
  return event && 'data' in event ? event.data : undefined;
};

/**
 * The end as every reader sees it: `GET /games/{id}` (once projected) says ended with this
 * result, and the exported log, the same for both seats, passes every check of verify.
 */
const expectEnded = async (seats: readonly [Api, Api], gameId: string, ruleset: string, result: { winner: string; reason: string }) => {
  const path = { params: { path: { id: gameId } } };
  const [first, second] = seats;
  const view = await eventually(
    () => first.GET('/games/{id}', path),
    (reply) => reply.data?.status === 'ended',
  );
  expect(view.data?.result).toMatchObject(result);
  const log = await first.GET('/games/{id}/log', { ...path, parseAs: 'text' });
  expect(log.response.status).toBe(200);
  expect(log.response.headers.get('content-type')).toBe('application/x-ndjson');
  const text = log.data ?? '';
  expect((await second.GET('/games/{id}/log', { ...path, parseAs: 'text' })).data).toBe(text);
  const parsed = parseLog(text);
  expect(parsed.header).toMatchObject({ gameId, ruleset, status: 'ended', viewer: null });
  expect(parsed.events.length).toBe(view.data?.version);
  const results = verifyLog(parsed);
  expect(results.filter((r) => !r.ok)).toEqual([]);
  expect(results.map((r) => r.check)).toEqual(['chain', 'seed', 'dice', 'rules', 'state']);
  expect(checked.length).toBeGreaterThanOrEqual(8);
  expect(violations).toEqual([]);
};

/** A Sol'una choice for one model, typed by the generated SubmitActions schema. */
type SolAction = components['schemas']['Soluna.SubmitActions']['actions'][number];
const act = (model: string, action: SolAction['action']): SolAction => ({ model, action });
const shoot = (model: string, target: string, weapon: string): SolAction => act(model, { kind: 'attack', weapon, target });

describe('API-2 full matches through the typed client, each to the end its rules give it', () => {
  it("API-2 Sol'una: Meena's sure bow slays the moon leader as he moves out of sight; sun wins by SOL-8, the log verifies", async () => {
    const sun = await register('Sunniva');
    const moon = await register('Mooncalf');
    // As in soluna.service.test.ts: toHit 1, so the attack hits whatever the server's dice roll.
    const sureBow = { name: 'Sure Bow', kind: 'ranged', range: 6, toHit: 1, damage: 1 } as const;
    const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true, attacks: [sureBow] });
    const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 1 });
    const wall: [number, number][] = [
      [2, 1],
      [2, 2],
      [2, 3],
    ];
    const created = await sun.POST('/games', {
      body: {
        ruleset: 'soluna',
        seat: 'sun',
        commandId: commandId(),
        options: { firstPlayer: 'sun', rules: { mission: mission([meena], [xul], wall) } },
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const gameId = created.data?.gameId ?? '';
    const joined = await moon.POST('/games/{id}/join', { params: { path: { id: gameId } }, body: {} });
    expect(joined.response.status, JSON.stringify(joined.error)).toBe(200);

    const sealed = await play(sun, gameId, { type: 'SubmitActions', actions: [shoot('meena', 'xul', 'Sure Bow')] });
    expect(types(sealed)).toEqual(['ActionsSealed', 'ActionsCommitted']);
    const resolved = await play(moon, gameId, { type: 'SubmitActions', actions: [act('xul', { kind: 'move', to: [3, 2] })] });
    expect(types(resolved)).toEqual([
      'ActionsSealed',
      'ActionsCommitted',
      'ActionsRevealed',
      'AttackResolved',
      'ModelMoved',
      'PhaseEnded',
      'GameEnded',
      'SeedRevealed',
    ]);
    expect(dataOf(resolved, 'AttackResolved')).toMatchObject({ model: 'meena', target: 'xul', targetAt: [3, 0], damage: 1 });
    expect(dataOf(resolved, 'GameEnded')).toEqual({ winner: 'sun', reason: 'the moon leader was slain', rule: 'SOL-8' });

    await expectEnded([sun, moon], gameId, 'soluna', { winner: 'sun', reason: 'the moon leader was slain' });
  });
  it('API-2 GSC2: red moves, its beam battery destroys the last blue ship, red holds the field by GSC-23, the log verifies', async () => {
    const red = await register('Ann');
    const blue = await register('Bob');
    // As in gsc2.e2e.test.ts: targeting 4 + aspect 8 = 12 on a d10, so every beam hits whatever the dice;
    // the blue hulk has no shields to absorb it and 1 hull to lose, and no weapon to answer with.
    const aspect = { bow: 8, broadside: 8, stern: 8 };
    const gunship = {
      ...{ size: 6, drive: 12, turnDistance: 4, targeting: 4, aspect, deflectors: 0, shields: 1, armor: 0, hull: 100, crew: 2 },
      batteries: [{ id: 'A', class: 'medium', weapons: 1, damage: 1, mount: 'T' }],
      damageChart: Array.from({ length: 10 }, () => ['drive']),
    };
    const hulk = {
      ...{ size: 6, drive: 12, turnDistance: 4, targeting: 4, aspect, deflectors: 0, shields: 0, armor: 0, hull: 1, crew: 2 },
      damageChart: Array.from({ length: 10 }, () => ['drive']),
    };
    const rules = {
      designs: { gunship, hulk },
      fleets: {
        red: [{ id: 'ram', name: 'Ram', design: 'gunship', x: 0, y: 0, facing: 0 }],
        blue: [{ id: 'bee', name: 'Bee', design: 'hulk', x: 0, y: 10, facing: 4 }],
      },
      terrain: [],
      longRangeBands: 0,
    };
    const created = await red.POST('/games', { body: { ruleset: 'gsc2', seat: 'red', commandId: commandId(), options: { rules } } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const gameId = created.data?.gameId ?? '';
    const joined = await blue.POST('/games/{id}/join', { params: { path: { id: gameId } }, body: {} });
    expect(joined.response.status, JSON.stringify(joined.error)).toBe(200);
    // Whoever wins the roll-off names red to go first, so the match is the same whatever it rolled.
    const rolledOff = joined.data?.events.find((e) => e.type === 'RolledOff');
    const winner = rolledOff?.type === 'RolledOff' ? rolledOff.data.winner : undefined;
    await play(winner === 'blue' ? blue : red, gameId, { type: 'ChooseFirstPlayer', seat: 'red' });

    // GSC-3: the leader's opponent moves first; Bee stays, Ram closes 4".
    const stayed = await play(blue, gameId, { type: 'MoveShip', ship: 'bee', path: [] });
    expect(dataOf(stayed, 'MoverChanged')).toMatchObject({ seat: 'red' });
    const moved = await play(red, gameId, { type: 'MoveShip', ship: 'ram', path: [{ type: 'forward', inches: 4 }] });
    expect(dataOf(moved, 'ShipMoved')).toMatchObject({ to: { x: 0, y: 4 }, moved: 4 });
    // No missiles on either side; only red has a beam battery, so only red is awaited for beams.
    expect(dataOf(moved, 'StepStarted')).toBeDefined();
    const fired = await play(red, gameId, {
      type: 'SubmitOrders',
      orders: { step: 'beams', fire: [{ ship: 'ram', battery: 'A', target: 'bee' }] },
    });
    expect(dataOf(fired, 'BeamFired')).toMatchObject({ ship: 'ram', target: 'bee', hit: true });
    expect(dataOf(fired, 'ShipDestroyed')).toEqual({ ship: 'bee', reason: "Bee's hull is gone", rule: 'GSC-16' });
    const reason = 'red holds the field: every enemy ship is destroyed or captured';
    expect(dataOf(fired, 'GameEnded')).toEqual({ winner: 'red', reason, rule: 'GSC-23' });
    expect(types(fired).slice(-2)).toEqual(['GameEnded', 'SeedRevealed']);

    await expectEnded([red, blue], gameId, 'gsc2', { winner: 'red', reason });
  });
  it("API-2 Post Galactica: blue's Gunners destroy red's original Command Center in round 2; blue wins by PG-22, the log verifies", async () => {
    const players = { red: await register('Ann'), blue: await register('Bob') };
    // The scenario of post-galactica.e2e.test.ts (Skill 1: every d6 hits, and each kill is certain),
    // with the original Command Center as the mission's objective (PG-22) before its round limit.
    const rules = {
      ...SCENARIO,
      mission: { ...SCENARIO.mission, victory: [{ type: 'originalCommandCenter' }, { type: 'roundLimit', rounds: 10 }] },
    };
    const created = await players.red.POST('/games', {
      body: { ruleset: 'post-galactica', seat: 'red', commandId: commandId(), options: { firstPlayer: 'red', rules } },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const gameId = created.data?.gameId ?? '';
    const joined = await players.blue.POST('/games/{id}/join', { params: { path: { id: gameId } }, body: {} });
    expect(joined.response.status, JSON.stringify(joined.error)).toBe(200);
    expect(dataOf(joined.data?.events ?? [], 'FirstPlayerChosen')).toEqual({ seat: 'red', chosenBy: 'mission', rule: 'PG-5' });

    type Seat = keyof typeof players;
    type Phase = NonNullable<components['schemas']['PostGalactica.EndPhase']['phase']>;
    let phase = '';
    /** A command of the seat's; the phase is followed from the events it returns. */
    const act = async (seat: Seat, command: components['schemas']['PostGalacticaCommand']) => {
      const events = await play(players[seat], gameId, command);
      for (const e of events) if (e.type === 'PhaseStarted') phase = phaseOf(e);
      return events;
    };
    /** End phases until `to` is open. */
    const to = async (seat: Seat, next: Phase) => {
      for (let i = 0; i < 8 && phase !== next; i += 1) await act(seat, { type: 'EndPhase' });
      expect(phase).toBe(next);
    };
    const endTurn = async (seat: Seat) => {
      await to(seat, 'end');
      return act(seat, { type: 'EndPhase' });
    };

    await act('red', { type: 'Deploy', units: DEPLOYMENT.red, auto: false });
    const opened = await act('blue', { type: 'Deploy', units: DEPLOYMENT.blue, auto: false });
    expect(dataOf(opened, 'TurnStarted')).toEqual({ seat: 'red', round: 1, turn: 1 });

    // Round 1: red gathers, moves, begins a Depot and shoots; blue closes in and shoots a Worker.
    await to('red', 'resource');
    await act('red', { type: 'Gather' });
    await to('red', 'movement');
    await act('red', { type: 'Move', unitId: 'red-gunners-1', path: [{ x: 14, y: 4 }] });
    await to('red', 'action');
    await act('red', { type: 'Construct', unitId: 'red-worker-2', datasheet: 'depot', x: 4, y: 15.5 });
    await to('red', 'ranged');
    const shot = await act('red', { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    expect(dataOf(shot, 'AttackResolved')).toMatchObject({ hits: 2, cohesion: 8, rule: 'PG-11' });
    await endTurn('red');
    await to('blue', 'resource');
    await act('blue', { type: 'Gather' });
    await to('blue', 'movement');
    await act('blue', { type: 'Move', unitId: 'blue-gunners-1', path: [{ x: 14, y: 10 }] });
    await to('blue', 'ranged');
    const kill = await act('blue', { type: 'RangedAttack', unitId: 'blue-gunners-1', targetId: 'red-worker-4' });
    expect(dataOf(kill, 'UnitDestroyed')).toMatchObject({ unitId: 'red-worker-4', rule: 'PG-17' });
    expect(dataOf(await endTurn('blue'), 'RoundCompleted')).toEqual({ round: 1 });

    // Round 2: red shoots again; blue reaches the red Command Center and destroys it in melee.
    await to('red', 'resource');
    await act('red', { type: 'Gather' });
    await to('red', 'ranged');
    await act('red', { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' });
    await endTurn('red');
    await to('blue', 'resource');
    await act('blue', { type: 'Gather' });
    await to('blue', 'movement');
    await act('blue', { type: 'Move', unitId: 'blue-gunners-1', path: [{ x: 8, y: 10 }] });
    await to('blue', 'ranged');
    await act('blue', { type: 'RangedAttack', unitId: 'blue-gunners-1', targetId: 'red-gunners-1' });
    await to('blue', 'melee');
    const smash = await act('blue', { type: 'MeleeAttack', unitId: 'blue-gunners-1', targetId: 'red-cc' });
    expect(dataOf(smash, 'UnitDestroyed')).toMatchObject({ unitId: 'red-cc', commandCenter: { original: true }, rule: 'PG-15' });
    // PG-14: blue's End Phase checks the mission's victory conditions first.
    const ended = await endTurn('blue');
    const reason = 'red lost the original Command Center';
    expect(dataOf(ended, 'GameEnded')).toEqual({ winner: 'blue', reason, rule: 'PG-22' });
    expect(types(ended).slice(-2)).toEqual(['GameEnded', 'SeedRevealed']);

    await expectEnded([players.red, players.blue], gameId, 'post-galactica', { winner: 'blue', reason });
  });
});
