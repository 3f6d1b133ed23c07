import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import type { Point } from '../../domain/kernel/plane.ts';
import * as z from '../../domain/kernel/zod.ts';
import { pgCommandSchema } from '../../domain/post-galactica/commands.ts';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import {
  circleInRect,
  circlesOverlap,
  EPSILON,
  pointPolygonDistance,
  rectPolygon,
  segmentCrossesPolygon,
  segmentsIntersect,
  sweptCircleHitsPolygon,
} from '../../domain/post-galactica/geometry.ts';
import type { StatusState } from '../../domain/post-galactica/terms.ts';
import { unitLost } from '../../domain/post-galactica/transports.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, eventData, given, must, passTo, rules, type Spot, TROOPERS, toPhase, unit, withUnit } from '../support/post-galactica.ts';

const p = (x: number, y: number): Point => ({ x, y });

describe('RUL-9 geometry: segments touching (PG-9, PG-11)', () => {
  /** segmentsIntersect asked all eight ways: either segment first, either of its ends first. */
  const everyWay = (a: Point, b: Point, c: Point, d: Point): boolean[] =>
    (
      [
        [a, b, c, d],
        [b, a, c, d],
        [a, b, d, c],
        [b, a, d, c],
      ] as const
    ).flatMap(([e, f, g, h]) => [segmentsIntersect(e, f, g, h), segmentsIntersect(g, h, e, f)]);
  const ALWAYS = Array(8).fill(true);
  const NEVER = Array(8).fill(false);

  it('RUL-9 PG-11 two crossing segments intersect whichever is named first, from either end', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(0, 4), p(4, 0))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-11 an end resting on the middle of a diagonal segment touches it (a T), named any way', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(2, 2), p(4, 0))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-11 an end within the bounding box of a diagonal segment but off its line does not touch it', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(1, 3), p(-1, 5))).toEqual(NEVER);
  });
  it('RUL-9 PG-11 an end exactly EPSILON from the middle of a segment touches it (the tolerance is inclusive); 2 EPSILON does not', () => {
    expect(everyWay(p(0, 0), p(1, 0), p(0.5, EPSILON), p(0.5, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(1, 0), p(0.5, 2 * EPSILON), p(0.5, 3))).toEqual(NEVER);
  });
  it('RUL-9 PG-9 an end lying on the line of a segment, exactly EPSILON past either end of it, still touches it', () => {
    // Horizontal (0, 0)-(4, 0) and vertical (0, 0)-(0, 4); the other segment leaves the line at once.
    expect(everyWay(p(0, 0), p(4, 0), p(4 + EPSILON, 0), p(5, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(4, 0), p(-EPSILON, 0), p(-1, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(0, 4), p(0, 4 + EPSILON), p(3, 5))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(0, 4), p(0, -EPSILON), p(3, -1))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-9 an end on the line of a segment but 2 EPSILON past its end does not touch it', () => {
    expect(everyWay(p(0, 0), p(4, 0), p(4 + 2 * EPSILON, 0), p(5, 3))).toEqual(NEVER);
    expect(everyWay(p(0, 0), p(0, 4), p(0, -2 * EPSILON), p(3, -1))).toEqual(NEVER);
  });
});

describe('RUL-9 geometry: terrain and bases at the tolerance (PG-9, PG-11)', () => {
  const square = rectPolygon({ x: 0, y: 0, width: 4, height: 4 });
  /** A horizontal segment from x = -2 to x = 6 at height y, passing under the square. */
  const under = (y: number): [Point, Point] => [p(-2, y), p(6, y)];

  it("RUL-9 PG-9 a point's distance to a polygon is 0 inside it, else the gap to its nearest edge", () => {
    expect(pointPolygonDistance(p(2, 2), square)).toBe(0);
    expect(pointPolygonDistance(p(6, 2), square)).toBe(2);
    expect(pointPolygonDistance(p(7, 8), square)).toBe(5);
  });
  it('RUL-9 PG-11 a line of sight passing exactly EPSILON from terrain crosses it; 2 EPSILON away it does not', () => {
    expect(segmentCrossesPolygon(...under(-EPSILON), square)).toBe(true);
    expect(segmentCrossesPolygon(...under(-2 * EPSILON), square)).toBe(false);
  });
  it('RUL-9 PG-9 a base whose sweep overlaps terrain by exactly EPSILON only touches it; by 2 EPSILON it hits', () => {
    // A 1" base swept with its centre 1 - EPSILON below the square's bottom edge.
    expect(sweptCircleHitsPolygon(...under(-(1 - EPSILON)), 1, square)).toBe(false);
    expect(sweptCircleHitsPolygon(...under(-(1 - 2 * EPSILON)), 1, square)).toBe(true);
  });
  it('RUL-9 PG-4 PG-9 a base poking exactly EPSILON out of any side of a zone is still wholly in it; 2 EPSILON is not', () => {
    const zone = { x: 2, y: 2, width: 8, height: 8 };
    const out = (by: number) => [p(3 - by, 6), p(6, 3 - by), p(9 + by, 6), p(6, 9 + by)].map((c) => circleInRect(c, 1, zone));
    expect(out(EPSILON)).toEqual([true, true, true, true]);
    expect(out(2 * EPSILON)).toEqual([false, false, false, false]);
  });
  it('RUL-9 PG-9 a base half over the far (top) side of a zone is not wholly in it', () => {
    expect(circleInRect(p(6, 9.5), 1, { x: 2, y: 2, width: 8, height: 8 })).toBe(false);
  });
  it('RUL-9 PG-9 two bases overlapping by exactly EPSILON only touch; by 2 EPSILON they overlap', () => {
    expect(circlesOverlap(p(0, 0), 1, p(2 - EPSILON, 0), 1)).toBe(false);
    expect(circlesOverlap(p(0, 0), 1, p(2 - 2 * EPSILON, 0), 1)).toBe(true);
  });
});

// A Vanguard Carrier (keyword `Transport 4`) joins red's list twice: the first stands beside the
// second squad of Troopers (3 models, touching it) and the fourth Engineer (0.5" away).
const vanguard = exampleScenario().factions.vanguard;
const carrierSheet = {
  ...must(vanguard.units['vanguard-troopers']),
  name: 'Carrier',
  cohesion: 1,
  bodyValue: 1,
  keywords: ['Vehicle', 'Transport 4'],
  actions: ['Load', 'Unload'],
  baseRadius: 1.5,
  deploymentCost: 0,
} as Faction['units'][string];
const FACTIONS: Record<string, Faction> = {
  ...exampleScenario().factions,
  vanguard: { ...vanguard, units: { ...vanguard.units, carrier: carrierSheet } },
};
const RED = { units: [...exampleScenario().armies.red.units, { datasheet: 'carrier' }, { datasheet: 'carrier' }] };
const CARRIER = 'red-carrier-1';
const SECOND = 'red-carrier-2';
const SQUAD = 'red-vanguard-troopers-2';
const WORKER = 'red-worker-4';
const BESIDE: Spot[] = [
  { unitId: CARRIER, x: 12.5, y: 22 },
  { unitId: SECOND, x: 18, y: 30 },
  { unitId: WORKER, x: 12.5, y: 24.5 },
];

/** The carriers deployed (`at` moves units from BESIDE), in red's first Action Phase. */
const withCarriers = (at: Spot[] = [], factions = FACTIONS): Game => {
  const g = arena([...at, ...BESIDE.filter((b) => !at.some((a) => a.unitId === b.unitId))], { factions, red: RED });
  toPhase(g, 'action');
  return g;
};
const loadOf = (...passengerIds: string[]) => ({ type: 'Load', unitId: CARRIER, passengerIds }) as const;
const unloadOf = (...units: Spot[]) => ({ type: 'Unload', unitId: CARRIER, units }) as const;
/** These passengers aboard the first carrier, in red's next Action Phase. */
const aboard = (passengerIds = [SQUAD, WORKER]): Game => {
  const g = withCarriers();
  g.run(loadOf(...passengerIds), seat('red'));
  passTo(g, 'red');
  toPhase(g, 'action');
  return g;
};

describe('RUL-9 Load (PG-10)', () => {
  it('RUL-9 PG-10 PG-2 models already aboard count toward the capacity: 1 Engineer, then 3 Troopers, make 4', () => {
    expect(eventData(aboard([WORKER]).run(loadOf(SQUAD), seat('red')), 'UnitsLoaded')).toEqual({
      transportId: CARRIER,
      passengerIds: [SQUAD],
      models: 4,
      capacity: 4,
      rule: 'PG-10',
    });
  });
  it('RUL-9 PG-10 a transport cannot carry itself', () => {
    const v = withCarriers().when(loadOf(CARRIER), seat('red')).thenRejects('PG-10', 'CANNOT_LOAD');
    expect(v.message).toBe('Carrier (red-carrier-1) cannot carry itself.');
  });
  it('RUL-9 PG-10 a building within 1" cannot be carried', () => {
    // The Carrier touches the Command Center (6, 18; 3" radius).
    withCarriers([{ unitId: CARRIER, x: 10.5, y: 18 }])
      .when(loadOf('red-cc'), seat('red'))
      .thenRejects('PG-10', 'CANNOT_LOAD');
  });
  it('RUL-9 PG-10 a transport within 1" cannot be carried by another', () => {
    withCarriers([{ unitId: SECOND, x: 15.5, y: 22 }])
      .when(loadOf(SECOND), seat('red'))
      .thenRejects('PG-10', 'CANNOT_LOAD');
  });
  it('RUL-9 PG-10 a unit exactly 1" away (edge to edge) may board', () => {
    // Engineer (0.5" radius) 3" from the centre of the 1.5" Carrier.
    const events = withCarriers([{ unitId: WORKER, x: 12.5, y: 25 }]).run(loadOf(WORKER), seat('red'));
    expect(eventData(events, 'UnitsLoaded').models).toBe(1);
  });
  it('RUL-9 PG-10 a unit allowed to Load but with no Transport capacity carries nothing', () => {
    const loading = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Load'] }), FACTIONS);
    withCarriers([], loading)
      .when({ type: 'Load', unitId: WORKER, passengerIds: ['red-worker-3'] }, seat('red'))
      .thenRejects('PG-10', 'NOT_A_TRANSPORT');
  });
  it('RUL-9 PG-10 a passenger that does not exist, or is not yours, is refused under PG-10', () => {
    const g = withCarriers();
    g.when(loadOf('red-nothing'), seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
    g.when(loadOf('blue-raiders-1'), seat('red')).thenRejects('PG-10', 'NOT_YOUR_UNIT');
  });
});

describe('RUL-9 Unload (PG-10)', () => {
  it('RUL-9 PG-10 the command schema takes each passenger as unitId, x and y, and nothing else', () => {
    const command = unloadOf({ unitId: SQUAD, x: 12.5, y: 19 });
    expect(z.safeParse(pgCommandSchema, command).data).toEqual(command);
    expect(z.safeParse(pgCommandSchema, unloadOf({ ...command.units[0], z: 1 } as Spot)).success).toBe(false);
  });
  it('RUL-9 PG-10 only a unit allowed to Unload unloads', () => {
    aboard()
      .when({ ...unloadOf({ unitId: SQUAD, x: 12.5, y: 19 }), unitId: 'red-sentinel-walker-1' }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 a unit on the battlefield, or one that does not exist, is not aboard', () => {
    const g = aboard();
    g.when(unloadOf({ unitId: 'red-worker-1', x: 12.5, y: 19 }), seat('red')).thenRejects('PG-10', 'NOT_ABOARD');
    const v = g.when(unloadOf({ unitId: 'red-nothing', x: 12.5, y: 19 }), seat('red')).thenRejects('PG-10', 'NOT_ABOARD');
    expect(v.message).toBe('"red-nothing" is not aboard Carrier (red-carrier-1).');
  });
  it('RUL-9 PG-10 a passenger cannot get out onto the transport itself, even within 1"', () => {
    aboard()
      .when(unloadOf({ unitId: WORKER, x: 12.5, y: 23.5 }), seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 two passengers cannot get out onto the same spot', () => {
    aboard()
      .when(unloadOf({ unitId: SQUAD, x: 12.5, y: 19 }, { unitId: WORKER, x: 12.5, y: 19 }), seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 a passenger may get out exactly 1" (edge to edge) from the transport', () => {
    // Troopers (1" radius) 3.5" from the centre of the 1.5" Carrier.
    const spot = { unitId: SQUAD, x: 12.5, y: 18.5 };
    expect(eventData(aboard().run(unloadOf(spot), seat('red')), 'UnitsUnloaded').placements).toEqual([spot]);
  });
});

/** given: a unit stands at `cohesion` with these statuses (as a status source would have left it). */
const afflicted = (unitId: string, cohesion: number, statuses: StatusState[]): PgEvent => ({
  type: 'StatusesResolved',
  data: { seat: 'blue', chosenBy: 'default', results: [{ unitId, status: 'given', effect: 'given', cohesion, statuses }], rule: 'PG-13' },
});
/** The game `g` in red's next Status Phase, with these facts given in blue's turn before it. */
const toRedStatus = (g: Game, ...facts: PgEvent[]): Game => {
  toPhase(g, 'command', 'blue');
  given(g, ...facts);
  toPhase(g, 'status', 'red');
  return g;
};
/** The Troopers at `cohesion` with these statuses, in red's Status Phase. */
const troopers = (cohesion: number, ...statuses: [string, number][]): Game =>
  toRedStatus(
    arena(),
    afflicted(
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

describe('RUL-9 transports in the Status Phase (PG-10, PG-13)', () => {
  /** The Carrier, with the Troopers and the Engineer aboard, at `cohesion` and Burning; the Troopers Burning too. */
  const burningCarrier = (cohesion: number): Game => {
    const g = withCarriers();
    g.run(loadOf(SQUAD, WORKER), seat('red'));
    const burning = [{ name: 'Burning', remaining: 2 }];
    return toRedStatus(g, afflicted(CARRIER, cohesion, burning), afflicted(SQUAD, 6, burning));
  };
  it('RUL-9 PG-13 PG-10 a unit aboard a transport is off the battlefield: its statuses wait', () => {
    const g = burningCarrier(3);
    expect(eventData(g.run(END, seat('red')), 'StatusesResolved').results.map((r) => r.unitId)).toEqual([CARRIER]);
    expect(unit(g, SQUAD)).toMatchObject({ cohesion: 6, statuses: [{ name: 'Burning', remaining: 2 }] });
  });
  it('RUL-9 PG-10 PG-13 a transport burnt out in the Status Phase sets its passengers down around where it stood', () => {
    const events = burningCarrier(1).run(END, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['StatusesResolved', 'UnitDestroyed', 'PassengersDisembarked', 'PhaseStarted']);
    expect(eventData(events, 'UnitDestroyed').cause).toBe('Burning');
    // The first free spots clockwise from east around the Carrier's base (12.5, 22), radius 1.5.
    expect(eventData(events, 'PassengersDisembarked')).toEqual({
      transportId: CARRIER,
      placements: [
        { unitId: WORKER, position: { x: 14.6, y: 22 } },
        { unitId: SQUAD, position: { x: 13.8, y: 24.25 } },
      ],
      rule: 'PG-10',
    });
  });
  it('RUL-9 PG-10 a transport lost while off the battlefield sets nobody down', () => {
    // No legal command reaches this (a transport cannot board another), so unitLost is called directly.
    const g = aboard();
    const state = rules(g);
    const carrier = { ...must(unit(g, CARRIER)), position: null };
    const offField = { ...state, units: state.units.map((u) => (u.id === CARRIER ? carrier : u)) };
    expect(unitLost(offField, carrier, 'test').map((e) => e.type)).toEqual(['UnitDestroyed']);
  });
});
