/**
 * INV-1, INV-2 for GSC2 and Sol'una: every limit of domain/gsc2/limits.ts and
 * domain/soluna/limits.ts refuses one past it with a schema failure whose field error names
 * the JSON pointer and the limit (the client's 400, functions/kernel/schema-problems.ts); the
 * largest options the schemas accept fit the 64 KiB body; the largest state their play can
 * reach stays under the state budget; the missiles a seat has in flight are refused past their
 * limit when sealed; and the inputs of the INV-2 bench are legal commands at the largest size.
 */
import { describe, expect, it } from 'vitest';
import { gscCommandSchema } from '../../domain/gsc2/commands.ts';
import { decide as gscDecide } from '../../domain/gsc2/decide.ts';
import { EXAMPLE_DESIGNS, EXAMPLE_FLEETS, EXAMPLE_TERRAIN } from '../../domain/gsc2/examples.ts';
import {
  GSC_LIMITS as G,
  MAX_BOARDING_ACTIONS,
  MAX_FIRE_ORDERS,
  MAX_LAUNCH_ORDERS,
  MAX_POD_DIRECTIONS,
  MAX_SABOTAGE,
} from '../../domain/gsc2/limits.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import type { GscState, Missile, ShipState } from '../../domain/gsc2/state.ts';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import { solCommandSchema } from '../../domain/soluna/commands.ts';
import { decide as solDecide } from '../../domain/soluna/decide.ts';
import { EXAMPLE_MISSION } from '../../domain/soluna/examples.ts';
import { MAX_ACTIONS, MAX_PATH, SOL_LIMITS as S } from '../../domain/soluna/limits.ts';
import { solOptionsSchema } from '../../domain/soluna/options.ts';
import { MAX_BODY_BYTES } from '../../functions/http/input-guard.ts';
import { fieldErrors } from '../../functions/kernel/schema-problems.ts';
import {
  benchRc,
  largestGsc2PlayState,
  largestGsc2Rules,
  largestGsc2State,
  SHIPS,
  slowestGsc2Command,
} from '../../scenarios/largest-gsc2.ts';
import { largestSolunaPlayState, largestSolunaRules, slowestSolunaCommand } from '../../scenarios/largest-soluna.ts';

// biome-ignore lint/suspicious/noExplicitAny: each case reaches into the options or command it changes
type Json = any;

const copy = <T>(value: T): Json => JSON.parse(JSON.stringify(value));
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const long = (n: number) => 'a'.repeat(n);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * What the store holds of a game at most, in the shape it holds it: the options and the rules
 * state, and, while a seat may still take its commands back (TB-1), the same again as the undo
 * window's checkpoint. The match's own fields and the window's events, a few KB
 * (test/service/inv-1-gsc2-soluna-largest.service.test.ts measures the real thing), get the
 * MARGIN.
 */
const heldTwice = (rules: unknown, state: unknown) => ({
  options: { rules },
  rules: state,
  undo: { kind: 'open', checkpoint: { options: { rules }, rules: state }, events: [] },
});
const MARGIN = 16 * 1024;

/** The field errors a schema failure gives the client: pointer and sentence. */
const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: unknown[] } } }, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a schema failure');
  return fieldErrors(result.error?.issues as Parameters<typeof fieldErrors>[0], input);
};

/** The refusal names the field and says the limit: "The field /fleets/red must have at most 12 items." */
const expectRefused = (errors: { pointer: string; detail: string }[], pointer: string, limit: number) => {
  const error = errors.find((e) => e.pointer === pointer);
  expect(error, JSON.stringify(errors)).toBeDefined();
  expect(error?.detail).toMatch(new RegExp(`(at most|at least) ${limit}\\b|at most ${limit} `));
};

/** The largest options accept every case's base: the limit itself is accepted, one past it is not. */
type Case = [string, (r: Json) => void, string, number];

describe('INV-1 GSC2 options: one past each limit is refused naming the field and the limit', () => {
  const design = (r: Json) => r.designs.cruiser;
  const example = (): Json => copy({ designs: EXAMPLE_DESIGNS, fleets: EXAMPLE_FLEETS, terrain: EXAMPLE_TERRAIN });
  const cases: Case[] = [
    [
      'ships a fleet',
      (r) => r.fleets.red.push(...times(G.shipsPerFleet - 1, (i) => ({ ...r.fleets.red[0], id: `extra${i}` }))),
      '/fleets/red',
      G.shipsPerFleet,
    ],
    [
      'terrain pieces',
      (r) => r.terrain.push(...times(G.terrain - 3, (i) => ({ ...r.terrain[0], id: `extra${i}` }))),
      '/terrain',
      G.terrain,
    ],
    ['turn limit', (r) => Object.assign(r, { turnLimit: G.turnLimit + 1 }), '/turnLimit', G.turnLimit],
    [
      'batteries a design',
      (r) => design(r).batteries.push(...times(4, (i) => ({ ...design(r).batteries[0], id: `X${i}` }))),
      '/designs/cruiser/batteries',
      G.batteriesPerDesign,
    ],
    [
      'weapons a battery',
      (r) => Object.assign(design(r).batteries[0], { weapons: G.weaponsPerBattery + 1 }),
      '/designs/cruiser/batteries/0/weapons',
      G.weaponsPerBattery,
    ],
    [
      'beam damage',
      (r) => Object.assign(design(r).batteries[0], { damage: G.damage + 1 }),
      '/designs/cruiser/batteries/0/damage',
      G.damage,
    ],
    [
      'missile batteries',
      (r) => design(r).missileBatteries.push(...times(3, (i) => ({ id: `M${i + 2}`, missiles: 1, damage: 1 }))),
      '/designs/cruiser/missileBatteries',
      G.missileBatteriesPerDesign,
    ],
    [
      'missiles a battery',
      (r) => Object.assign(design(r).missileBatteries[0], { missiles: G.missilesPerBattery + 1 }),
      '/designs/cruiser/missileBatteries/0/missiles',
      G.missilesPerBattery,
    ],
    [
      'missile damage',
      (r) => Object.assign(design(r).missileBatteries[0], { damage: G.damage + 1 }),
      '/designs/cruiser/missileBatteries/0/damage',
      G.damage,
    ],
    [
      'tractor beams',
      (r) => design(r).tractorBeams.push({ id: 'T2', range: 1, strength: 1 }, { id: 'T3', range: 1, strength: 1 }),
      '/designs/cruiser/tractorBeams',
      G.tractorBeamsPerDesign,
    ],
    [
      'tractor range',
      (r) => Object.assign(design(r).tractorBeams[0], { range: G.tractorInches + 1 }),
      '/designs/cruiser/tractorBeams/0/range',
      G.tractorInches,
    ],
    [
      'tractor strength',
      (r) => Object.assign(design(r).tractorBeams[0], { strength: G.tractorInches + 1 }),
      '/designs/cruiser/tractorBeams/0/strength',
      G.tractorInches,
    ],
    ['a system level', (r) => Object.assign(design(r), { mds: G.systemLevel + 1 }), '/designs/cruiser/mds', G.systemLevel],
    ['shields', (r) => Object.assign(design(r), { shields: G.systemLevel + 1 }), '/designs/cruiser/shields', G.systemLevel],
    ['crew', (r) => Object.assign(design(r), { crew: G.troops + 1 }), '/designs/cruiser/crew', G.troops],
    ['assault squads', (r) => Object.assign(design(r), { assaultSquads: G.troops + 1 }), '/designs/cruiser/assaultSquads', G.troops],
    [
      'heavy assault squads',
      (r) => Object.assign(design(r), { heavyAssaultSquads: G.troops + 1 }),
      '/designs/cruiser/heavyAssaultSquads',
      G.troops,
    ],
    ['transporters', (r) => Object.assign(design(r), { transporters: G.troops + 1 }), '/designs/cruiser/transporters', G.troops],
    ['internal defense', (r) => Object.assign(design(r), { internalDefense: G.troops + 1 }), '/designs/cruiser/internalDefense', G.troops],
    ['assault pods', (r) => Object.assign(design(r), { assaultPods: G.assaultPods + 1 }), '/designs/cruiser/assaultPods', G.assaultPods],
    [
      'a chart row',
      (r) => design(r).damageChart[0].push(...times(G.chartRow, () => 'drive')),
      '/designs/cruiser/damageChart/0',
      G.chartRow,
    ],
    ['size', (r) => Object.assign(design(r), { size: G.size + 1 }), '/designs/cruiser/size', G.size],
    ['hull', (r) => Object.assign(design(r), { hull: G.hull + 1 }), '/designs/cruiser/hull', G.hull],
    ['drive', (r) => Object.assign(design(r), { drive: G.driveInches + 1 }), '/designs/cruiser/drive', G.driveInches],
    ['turn distance', (r) => Object.assign(design(r), { turnDistance: G.driveInches + 1 }), '/designs/cruiser/turnDistance', G.driveInches],
    ['targeting', (r) => Object.assign(design(r), { targeting: G.rollNumber + 1 }), '/designs/cruiser/targeting', G.rollNumber],
    ['targeting below', (r) => Object.assign(design(r), { targeting: -G.rollNumber - 1 }), '/designs/cruiser/targeting', -G.rollNumber],
    ['aspect', (r) => Object.assign(design(r).aspect, { stern: G.rollNumber + 1 }), '/designs/cruiser/aspect/stern', G.rollNumber],
    ['armor', (r) => Object.assign(design(r), { armor: G.rollNumber + 1 }), '/designs/cruiser/armor', G.rollNumber],
    [
      'a battery id',
      (r) => Object.assign(design(r).batteries[0], { id: long(G.idLength + 1) }),
      '/designs/cruiser/batteries/0/id',
      G.idLength,
    ],
    ['terrain radius', (r) => Object.assign(r.terrain[0], { radius: G.terrainRadius + 1 }), '/terrain/0/radius', G.terrainRadius],
    ['terrain drift', (r) => Object.assign(r.terrain[0], { drift: { x: G.drift + 1, y: 0 } }), '/terrain/0/drift/x', G.drift],
    ['terrain position', (r) => Object.assign(r.terrain[0], { x: G.coordinate + 1 }), '/terrain/0/x', G.coordinate],
    ['deployment position', (r) => Object.assign(r.fleets.blue[0], { y: -G.coordinate - 1 }), '/fleets/blue/0/y', -G.coordinate],
    ['ship id', (r) => Object.assign(r.fleets.blue[0], { id: long(G.idLength + 1) }), '/fleets/blue/0/id', G.idLength],
    ['ship name', (r) => Object.assign(r.fleets.blue[0], { name: long(G.shipNameLength + 1) }), '/fleets/blue/0/name', G.shipNameLength],
    ['deployed design', (r) => Object.assign(r.fleets.blue[0], { design: long(G.idLength + 1) }), '/fleets/blue/0/design', G.idLength],
  ];
  it.each(cases)('INV-1 GSC2 %s: one past the limit is refused naming the field and the limit', (_, change, pointer, limit) => {
    const rules = example();
    expect(gscOptionsSchema.safeParse(rules).success).toBe(true);
    change(rules);
    expectRefused(errorsOf(gscOptionsSchema, rules), pointer, limit);
  });

  it('INV-1 GSC2 a battle of more than 6 designs is refused naming /designs and the limit; a design name of 25 characters too', () => {
    const rules = copy(largestGsc2Rules());
    rules.designs.extra = rules.designs[Object.keys(rules.designs)[0] as string];
    expect(errorsOf(gscOptionsSchema, rules)).toContainEqual({
      pointer: '/designs',
      detail: `The field /designs is not valid: a battle has at most ${G.designs} ship designs, not ${G.designs + 1}.`,
    });
    const named = copy(largestGsc2Rules());
    const [first] = Object.keys(named.designs) as [string];
    named.designs[long(G.idLength + 1)] = named.designs[first];
    delete named.designs[first];
    expect(errorsOf(gscOptionsSchema, named)).toContainEqual({
      pointer: `/designs/${long(G.idLength + 1)}`,
      detail: `The field /designs/${long(G.idLength + 1)} is not valid: a design's name has at most ${G.idLength} characters.`,
    });
  });
});

describe('INV-1 GSC2 commands: one past each limit is refused naming the field and the limit', () => {
  const fire = { ship: 'valiant', battery: 'A', target: 'tyrant' };
  const action = { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 };
  const cases: [string, Json, string, number][] = [
    [
      'path',
      { type: 'MoveShip', ship: 'valiant', path: times(G.pathManeuvers + 1, () => ({ type: 'turn', direction: 'left' })) },
      '/path',
      G.pathManeuvers,
    ],
    ['ship id', { type: 'MoveShip', ship: long(G.idLength + 1), path: [] }, '/ship', G.idLength],
    [
      'forward leg',
      { type: 'MoveShip', ship: 'valiant', path: [{ type: 'forward', inches: G.driveInches + 1 }] },
      '/path/0/inches',
      G.driveInches,
    ],
    [
      'tractor maneuver',
      { type: 'MoveShip', ship: 'valiant', path: [{ type: 'tractor', beam: long(G.idLength + 1), target: 'tyrant' }] },
      '/path/0/beam',
      G.idLength,
    ],
    [
      'mds maneuver',
      { type: 'MoveShip', ship: 'valiant', path: [{ type: 'mds', missile: long(G.missileIdLength + 1) }] },
      '/path/0/missile',
      G.missileIdLength,
    ],
    ['deferred ship', { type: 'DeferMove', ship: long(G.idLength + 1) }, '/ship', G.idLength],
    ['tractor target', { type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: long(G.idLength + 1) }, '/target', G.idLength],
    ['armed beam', { type: 'ArmTractorBeam', ship: 'valiant', beam: long(G.idLength + 1), target: 'tyrant' }, '/beam', G.idLength],
    ['system user', { type: 'UseSystem', ship: long(G.idLength + 1), system: 'cloaks' }, '/ship', G.idLength],
    [
      'fire orders',
      { type: 'SubmitOrders', orders: { step: 'beams', fire: times(MAX_FIRE_ORDERS + 1, () => fire) } },
      '/orders/fire',
      MAX_FIRE_ORDERS,
    ],
    [
      'fire target',
      { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ...fire, target: long(G.idLength + 1) }] } },
      '/orders/fire/0/target',
      G.idLength,
    ],
    [
      'launch orders',
      { type: 'SubmitOrders', orders: { step: 'missiles', launches: times(MAX_LAUNCH_ORDERS + 1, () => fire) } },
      '/orders/launches',
      MAX_LAUNCH_ORDERS,
    ],
    [
      'boarding actions',
      { type: 'SubmitOrders', orders: { step: 'boarding', actions: times(MAX_BOARDING_ACTIONS + 1, () => action) } },
      '/orders/actions',
      MAX_BOARDING_ACTIONS,
    ],
    [
      'troops an action',
      { type: 'SubmitOrders', orders: { step: 'boarding', actions: [{ ...action, heavy: G.troops + 1 }] } },
      '/orders/actions/0/heavy',
      G.troops,
    ],
    [
      'sabotage',
      {
        type: 'SubmitOrders',
        orders: { step: 'boarding', sabotage: times(MAX_SABOTAGE + 1, () => ({ ship: 'tyrant', assault: 1, heavy: 0 })) },
      },
      '/orders/sabotage',
      MAX_SABOTAGE,
    ],
    [
      'pod directions',
      {
        type: 'SubmitOrders',
        orders: { step: 'boarding', pods: times(MAX_POD_DIRECTIONS + 1, (i) => ({ pod: `p${i}`, target: 'tyrant' })) },
      },
      '/orders/pods',
      MAX_POD_DIRECTIONS,
    ],
    [
      'pod id',
      { type: 'SubmitOrders', orders: { step: 'boarding', pods: [{ pod: long(G.refLength + 1), target: 'tyrant' }] } },
      '/orders/pods/0/pod',
      G.refLength,
    ],
    [
      'repair attempts',
      { type: 'Repair', attempts: times(G.repairAttempts + 1, () => ({ ship: 'valiant', system: 'drive' })) },
      '/attempts',
      G.repairAttempts,
    ],
    [
      'repaired system',
      { type: 'Repair', attempts: [{ ship: 'valiant', system: long(G.refLength + 1) }] },
      '/attempts/0/system',
      G.refLength,
    ],
  ];
  it.each(cases)('INV-1 GSC2 %s: one past the limit is refused naming the field and the limit', (_, command, pointer, limit) => {
    expectRefused(errorsOf(gscCommandSchema, command), pointer, limit);
  });

  it('INV-1 GSC2 a pod sent to a point off the table is refused naming /orders/pods/0/to/y and the limit', () => {
    const to = (y: number) => ({ type: 'SubmitOrders', orders: { step: 'boarding', pods: [{ pod: 'p1', to: { x: 0, y } }] } });
    expect(errorsOf(gscCommandSchema, to(-G.coordinate - 1))).toEqual([
      {
        pointer: '/orders/pods/0/to/y',
        detail: `The field /orders/pods/0/to/y is not valid: a point is at most ${G.coordinate}" from the table's origin on each axis.`,
      },
    ]);
    expect(gscCommandSchema.safeParse(to(-G.coordinate)).success).toBe(true);
  });
});

describe('INV-1 GSC2 missiles in flight', () => {
  /** The largest battle in turn 1's Missiles step, red with `flying` missiles in flight. */
  const missilesStep = (flying: number): GscState => {
    const start = largestGsc2State();
    const missiles: Record<string, Missile> = {};
    for (let i = 0; i < flying; i += 1) {
      const id = `t0-m${i}`;
      missiles[id] = {
        id,
        seat: 'red',
        ship: SHIPS.red[0] as string,
        target: SHIPS.blue[0] as string,
        at: { x: -500, y: -500 },
        damage: 1,
        tested: null,
      };
    }
    const ships: Record<string, ShipState> = {};
    for (const [id, s] of Object.entries(start.ships)) ships[id] = { ...s, moved: 0 };
    return { ...start, turn: 1, step: 'missiles', sealedStep: 'missiles', awaited: ['red', 'blue'], sealed: {}, missiles, ships };
  };
  /** Red launches `batteries` missile batteries of 4 missiles each. */
  const launch = (batteries: number) => ({
    type: 'SubmitOrders' as const,
    orders: {
      step: 'missiles' as const,
      launches: times(batteries, (i) => ({
        ship: SHIPS.red[Math.floor(i / G.missileBatteriesPerDesign)] as string,
        battery: Object.values(largestGsc2State().designs)[0]?.missileBatteries[i % G.missileBatteriesPerDesign]?.id as string,
        target: SHIPS.blue[0] as string,
      })),
    },
  });

  it('INV-1 GSC-7 orders that would put a seat past 32 missiles in flight are refused when sealed, naming the orders and the limit; exactly 32 are sealed', () => {
    const refused = gscDecide(missilesStep(G.missilesInFlight - 2 * G.missilesPerBattery + 1), launch(2), benchRc('red'));
    expect(refused).toEqual({
      ok: false,
      violation: {
        code: 'TOO_MANY_MISSILES',
        rule: 'GSC-7',
        message: `These orders (orders/launches) launch 8 missile(s) and red has ${G.missilesInFlight - 7} in flight; a seat may have at most ${G.missilesInFlight} missiles in flight.`,
      },
    });
    const sealed = gscDecide(missilesStep(G.missilesInFlight - 2 * G.missilesPerBattery), launch(2), benchRc('red'));
    expect(sealed.ok && sealed.events.map((e) => e.type)).toEqual(['OrdersSealed', 'OrdersSubmitted']);
  });
});

describe('INV-1 GSC2 the largest battle', () => {
  it('INV-1 GSC2 the largest options, every list at its limit, are accepted and fit the 64 KiB body', () => {
    const rules = largestGsc2Rules();
    const parsed = gscOptionsSchema.parse(rules);
    expect(Object.keys(parsed.designs)).toHaveLength(G.designs);
    expect([parsed.fleets.red.length, parsed.fleets.blue.length, parsed.terrain.length]).toEqual([
      G.shipsPerFleet,
      G.shipsPerFleet,
      G.terrain,
    ]);
    expect(Object.values(parsed.designs)[0]?.batteries).toHaveLength(G.batteriesPerDesign);
    expect(bytes({ ruleset: 'gsc2', seat: 'red', options: { rules } })).toBeLessThan(MAX_BODY_BYTES);
  });

  it('INV-1 GSC2 the largest state its play can reach (every list of play at its limit), held twice with its options, is under the state budget', () => {
    const state = largestGsc2PlayState();
    expect(Object.keys(state.missiles)).toHaveLength(2 * G.missilesInFlight);
    expect(Object.keys(state.podsInFlight)).toHaveLength(2 * G.shipsPerFleet * G.assaultPods);
    expect(bytes(heldTwice(largestGsc2Rules(), state))).toBeLessThan(STATE_BUDGET_BYTES - MARGIN);
  });

  it('INV-2 GSC2 the bench input is legal: both full fleets fire every battery, every weapon hits and resolves its damage', () => {
    const { state, command, rc } = slowestGsc2Command();
    const decision = gscDecide(state, command, rc);
    if (!decision.ok) throw new Error(decision.violation.message);
    expect(decision.events.filter((e) => e.type === 'BeamFired')).toHaveLength(2 * MAX_FIRE_ORDERS);
    expect(decision.events.filter((e) => e.type === 'DamageInflicted')).toHaveLength(2 * MAX_FIRE_ORDERS * G.weaponsPerBattery);
  });
});

describe("INV-1 Sol'una options: one past each limit is refused naming the field and the limit", () => {
  const model = (r: Json) => r.mission.warbands.sun[0];
  const cases: Case[] = [
    ['grid width', (r) => Object.assign(r.mission.grid, { width: S.gridSide + 1 }), '/mission/grid/width', S.gridSide],
    ['grid height', (r) => Object.assign(r.mission.grid, { height: S.gridSide + 1 }), '/mission/grid/height', S.gridSide],
    ['blocking squares', (r) => r.mission.grid.blocking.push(...times(S.blocking, () => [0, 11])), '/mission/grid/blocking', S.blocking],
    [
      'a square',
      (r) => r.mission.grid.blocking.push([S.gridSide, 0]),
      `/mission/grid/blocking/${EXAMPLE_MISSION.grid.blocking.length}/0`,
      S.gridSide - 1,
    ],
    [
      'warband',
      (r) => r.mission.warbands.moon.push(...times(S.warband, (i) => ({ ...model(r), id: `m${i}`, at: [i % 12, 11] }))),
      '/mission/warbands/moon',
      S.warband,
    ],
    ['attacks', (r) => model(r).attacks.push(...times(S.attacks, () => model(r).attacks[0])), '/mission/warbands/sun/0/attacks', S.attacks],
    [
      'artifacts',
      (r) => model(r).artifacts.push(...times(S.artifacts, () => model(r).artifacts[0])),
      '/mission/warbands/sun/0/artifacts',
      S.artifacts,
    ],
    [
      'psionics',
      (r) => model(r).psionics.push(...times(S.psionics + 1, () => model(r).artifacts[0])),
      '/mission/warbands/sun/0/psionics',
      S.psionics,
    ],
    ['mission name', (r) => Object.assign(r.mission, { name: long(S.nameLength + 1) }), '/mission/name', S.nameLength],
    ['model name', (r) => Object.assign(model(r), { name: long(S.nameLength + 1) }), '/mission/warbands/sun/0/name', S.nameLength],
    ['model id', (r) => Object.assign(model(r), { id: long(S.idLength + 1) }), '/mission/warbands/sun/0/id', S.idLength],
    [
      'weapon name',
      (r) => Object.assign(model(r).attacks[0], { name: long(S.nameLength + 1) }),
      '/mission/warbands/sun/0/attacks/0/name',
      S.nameLength,
    ],
    ['movement', (r) => Object.assign(model(r), { movement: S.squares + 1 }), '/mission/warbands/sun/0/movement', S.squares],
    ['wounds', (r) => Object.assign(model(r), { wounds: S.wounds + 1 }), '/mission/warbands/sun/0/wounds', S.wounds],
    [
      'weapon range',
      (r) => Object.assign(model(r).attacks[0], { range: S.squares + 1 }),
      '/mission/warbands/sun/0/attacks/0/range',
      S.squares,
    ],
    [
      'weapon damage',
      (r) => Object.assign(model(r).attacks[0], { damage: S.amount + 1 }),
      '/mission/warbands/sun/0/attacks/0/damage',
      S.amount,
    ],
    [
      'power range',
      (r) => Object.assign(model(r).artifacts[0], { range: S.squares + 1 }),
      '/mission/warbands/sun/0/artifacts/0/range',
      S.squares,
    ],
    [
      'heal amount',
      (r) => Object.assign(model(r).artifacts[0].effect, { amount: S.amount + 1 }),
      '/mission/warbands/sun/0/artifacts/0/effect/amount',
      S.amount,
    ],
    ['turn limit', (r) => Object.assign(r.mission.victory, { turnLimit: S.turnLimit + 1 }), '/mission/victory/turnLimit', S.turnLimit],
    ['starred choices', (r) => Object.assign(r, { starredPerTurn: S.starredPerTurn + 1 }), '/starredPerTurn', S.starredPerTurn],
    ['Mind lost per wound', (r) => Object.assign(r, { mindLossPerWound: S.mindLossPerWound + 1 }), '/mindLossPerWound', S.mindLossPerWound],
  ];
  it.each(cases)("INV-1 Sol'una %s: one past the limit is refused naming the field and the limit", (_, change, pointer, limit) => {
    const rules = { mission: copy(EXAMPLE_MISSION) };
    expect(solOptionsSchema.safeParse(rules).success).toBe(true);
    change(rules);
    expectRefused(errorsOf(solOptionsSchema, rules), pointer, limit);
  });
});

describe("INV-1 Sol'una commands: one past each limit is refused naming the field and the limit", () => {
  const none = (model: string) => ({ model, action: { kind: 'none' } });
  const cases: [string, Json, string, number][] = [
    ['choices', { type: 'SubmitActions', actions: times(MAX_ACTIONS + 1, (i) => none(`m${i}`)) }, '/actions', MAX_ACTIONS],
    [
      'path',
      { type: 'SubmitActions', actions: [{ model: 'meena', action: { kind: 'move', path: times(MAX_PATH + 1, () => [0, 0]) } }] },
      '/actions/0/action/path',
      MAX_PATH,
    ],
    ['model', { type: 'SubmitActions', actions: [none(long(S.nameLength + 1))] }, '/actions/0/model', S.nameLength],
    [
      'weapon',
      { type: 'SubmitActions', actions: [{ model: 'meena', action: { kind: 'attack', weapon: long(S.nameLength + 1), target: 'xul' } }] },
      '/actions/0/action/weapon',
      S.nameLength,
    ],
    [
      'target',
      { type: 'SubmitActions', actions: [{ model: 'meena', action: { kind: 'psionic', psionic: 'x', target: long(S.nameLength + 1) } }] },
      '/actions/0/action/target',
      S.nameLength,
    ],
    ['phase', { type: 'SubmitActions', phase: 11, actions: [] }, '/phase', 10],
  ];
  it.each(cases)("INV-1 Sol'una %s: one past the limit is refused naming the field and the limit", (_, command, pointer, limit) => {
    expectRefused(errorsOf(solCommandSchema, command), pointer, limit);
  });
});

describe("INV-1 Sol'una the largest game", () => {
  it("INV-1 Sol'una the largest options, every list at its limit, are accepted and fit the 64 KiB body", () => {
    const rules = largestSolunaRules();
    const parsed = solOptionsSchema.parse(rules);
    expect([parsed.mission.grid.width, parsed.mission.grid.blocking.length, parsed.mission.warbands.moon.length]).toEqual([
      S.gridSide,
      S.blocking,
      S.warband,
    ]);
    expect(parsed.mission.warbands.sun[0]?.psionics).toHaveLength(S.psionics);
    expect(bytes({ ruleset: 'soluna', seat: 'sun', options: { rules } })).toBeLessThan(MAX_BODY_BYTES);
  });

  it("INV-1 Sol'una the largest state its play can reach (every list of play at its limit), held twice with its options, is under the state budget", () => {
    const state = largestSolunaPlayState();
    expect(state.effects).toHaveLength(2 * S.warband * S.starredPerTurn);
    expect(state.sealed.moon?.actions[0]?.action).toMatchObject({ kind: 'move', path: expect.any(Array) });
    expect(bytes(heldTwice(largestSolunaRules(), state))).toBeLessThan(STATE_BUDGET_BYTES - MARGIN);
  });

  it("INV-2 Sol'una the bench input is legal: every model's move, routed across the largest grid, reveals and resolves together", () => {
    const { state, command, rc } = slowestSolunaCommand();
    const decision = solDecide(state, command, rc);
    if (!decision.ok) throw new Error(decision.violation.message);
    const paths = decision.events.flatMap((e) => (e.type === 'ModelMoved' ? [e.data.path.length] : []));
    // every model goes from its edge to near the other edge: 62 steps, the length of the grid less its edges
    expect(paths).toEqual(times(2 * S.warband, () => S.gridSide - 2));
  });
});
