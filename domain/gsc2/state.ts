/** GSC2: the state of a battle and its opening position (`evolve.ts` folds events into it). */
import type { Point } from '../kernel/plane.ts';
import type { RulesSetup } from '../kernel/ruleset.ts';
import { LEVEL_KINDS, listedRefs, type ShipDesign, type Terrain } from './designs.ts';
import { type GscOptions, type Readings, readingsOf } from './options.ts';

export const STEPS = ['movement', 'missiles', 'beams', 'boarding', 'repairs'] as const;
export type Step = (typeof STEPS)[number];
/** The steps whose orders are sealed until every awaited seat is in. */
export type SealedStep = 'missiles' | 'beams' | 'boarding';

/** A system's condition: `level` is its strength (1 intact / 0 damaged for batteries and tractor beams). */
export interface SystemState {
  readonly level: number;
  readonly max: number;
  /** Hits taken towards the next lost level (size bands, GSC-19); for drives and batteries, hits in all. */
  readonly hits: number;
  readonly destroyed: boolean;
}

export interface Troops {
  readonly assault: number;
  readonly heavy: number;
}

export type MoveMode = 'equalize' | 'free' | 'match' | 'deferred';

export interface ShipState {
  readonly id: string;
  readonly name: string;
  readonly seat: string;
  readonly design: string;
  readonly at: Point;
  readonly facing: number;
  readonly hull: number;
  readonly crew: number;
  /** GSC-20: assault pods still aboard, not yet launched. */
  readonly pods: number;
  readonly systems: Readonly<Record<string, SystemState>>;
  readonly status: 'active' | 'destroyed' | 'captured';
  /** Inches moved this turn (GSC-15), null while it has not moved. */
  readonly moved: number | null;
  /** GSC-4: waiting to move at the end of the turn (or of the Movement phase, `deferredMoves`). */
  readonly deferred: boolean;
  /** GSC-5 default: inches of drive held back by enemy tractor beams this turn. */
  readonly held: number;
  /** GSC-16: hull damage the shields have absorbed this turn. */
  readonly absorbed: number;
  readonly mdsUsed: number;
  readonly tractorsUsed: readonly string[];
  /** GSC-5: its tractor beams armed this turn against an enemy's move. */
  readonly armed: readonly { readonly beam: string; readonly target: string }[];
  /** GSC-20: immobilized enemy ships it moved into contact with this Movement phase. */
  readonly contact: readonly string[];
  /** GSC-6: missile battery id -> the last turn it launched. */
  readonly launched: Readonly<Record<string, number>>;
  /** Enemy troops aboard (GSC-20, GSC-21). */
  readonly boarders: Troops;
}

export interface Missile {
  readonly id: string;
  readonly seat: string;
  readonly ship: string;
  readonly target: string;
  readonly at: Point;
  readonly damage: number;
  /** GSC-10: the turn of its last tracking test (one per turn). */
  readonly tested: number | null;
}

/** GSC-20: where its owner last sent an assault pod: an enemy ship to ram, or a point of the table. */
export type PodHeading = { readonly target: string } | { readonly point: Point };

/** GSC-20: an assault pod in flight, one squad aboard. */
export interface Pod {
  readonly id: string;
  readonly seat: string;
  /** The ship that launched it. */
  readonly ship: string;
  readonly squad: keyof Troops;
  readonly at: Point;
  /** The launcher's targeting, used for its ram (default). */
  readonly targeting: number;
  readonly heading: PodHeading;
}

export interface MovementState {
  /** GSC-3 "first player" of this turn: who had more ships to move (the match's first player on a tie). */
  readonly leader: string;
  readonly mover: string | null;
  readonly mode: MoveMode;
  /** Ships the mover must still move (equalize, match, deferred), or has moved so far (free). */
  readonly quota: number;
  readonly segment: number;
  /** GSC-4 `deferredMoves: 'endOfTurn'`: this Movement step is the deferred ships' one, after Boarding. */
  readonly late: boolean;
}

export interface Sealed {
  readonly orders: unknown;
  readonly salt: string;
  readonly hash: string;
}

export interface GscState {
  readonly status: 'playing' | 'ended';
  readonly seats: readonly string[];
  readonly firstSeat: string;
  readonly designs: Readonly<Record<string, ShipDesign>>;
  readonly turnLimit: number;
  readonly longRangeBands: number;
  readonly readings: Readings;
  readonly turn: number;
  readonly step: Step;
  readonly ships: Readonly<Record<string, ShipState>>;
  readonly terrain: readonly Terrain[];
  readonly missiles: Readonly<Record<string, Missile>>;
  /** GSC-20: assault pods in flight, shown to everyone. */
  readonly podsInFlight: Readonly<Record<string, Pod>>;
  readonly movement: MovementState;
  /** Sealed steps: the seats awaited and what each has sealed (never shown to others, see view.ts). */
  readonly awaited: readonly string[];
  readonly sealed: Readonly<Record<string, Sealed>>;
  readonly sealedStep: SealedStep | null;
}

const systemsOf = (design: ShipDesign): Record<string, SystemState> => {
  const systems: Record<string, SystemState> = {};
  for (const ref of listedRefs(design)) systems[ref] = { level: 1, max: 1, hits: 0, destroyed: false };
  for (const kind of LEVEL_KINDS) systems[kind] = { level: design[kind], max: design[kind], hits: 0, destroyed: false };
  return systems;
};

/** What a ship does this turn, cleared when a turn starts. */
export const TURN_FRESH = {
  moved: null,
  deferred: false,
  held: 0,
  absorbed: 0,
  mdsUsed: 0,
  tractorsUsed: [],
  armed: [],
  contact: [],
} as const satisfies Partial<ShipState>;

export const initialState = ({ seats, firstSeat, options, rulesVersion }: RulesSetup<GscOptions>): GscState => {
  const ships: Record<string, ShipState> = {};
  for (const seat of seats) {
    for (const d of options.fleets[seat as 'red' | 'blue'] ?? []) {
      const design = options.designs[d.design];
      if (!design) continue;
      ships[d.id] = {
        ...{ id: d.id, name: d.name ?? d.id, seat, design: d.design, at: { x: d.x, y: d.y }, facing: d.facing },
        ...{ hull: design.hull, crew: design.crew, pods: design.assaultPods, systems: systemsOf(design), status: 'active' },
        ...TURN_FRESH,
        ...{ launched: {}, boarders: { assault: 0, heavy: 0 } },
      };
    }
  }
  return {
    ...{ status: 'playing', seats, firstSeat, designs: options.designs },
    ...{ turnLimit: options.turnLimit, longRangeBands: options.longRangeBands, readings: readingsOf(options, rulesVersion) },
    ...{ turn: 0, step: 'movement', ships, terrain: options.terrain, missiles: {}, podsInFlight: {} },
    ...{
      movement: { leader: firstSeat, mover: null, mode: 'equalize', quota: 0, segment: 0, late: false },
      awaited: [],
      sealed: {},
      sealedStep: null,
    },
  };
};
