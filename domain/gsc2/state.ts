/** GSC2: the state of a battle, its opening position, and `evolve`. */
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { RulesSetup } from '../kernel/ruleset.ts';
import { assertNever } from '../kernel/violation.ts';
import { LEVEL_KINDS, listedRefs, type ShipDesign, type Terrain } from './designs.ts';
import type { GscEvent, MoveMode, SealedStep, Step, SystemState, Troops } from './events.ts';
import type { Point } from './geometry.ts';
import type { GscOptions } from './options.ts';

export interface ShipState {
  readonly id: string;
  readonly name: string;
  readonly seat: string;
  readonly design: string;
  readonly at: Point;
  readonly facing: number;
  readonly hull: number;
  readonly crew: number;
  readonly pods: number;
  readonly systems: Readonly<Record<string, SystemState>>;
  readonly status: 'active' | 'destroyed' | 'captured';
  /** Inches moved this turn (GSC-15), null while it has not moved. */
  readonly moved: number | null;
  /** GSC-4: waiting to move at the end of the Movement phase. */
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

export interface MovementState {
  /** GSC-3 "first player" of this turn: who had more ships to move (the match's first player on a tie). */
  readonly leader: string;
  readonly mover: string | null;
  readonly mode: MoveMode;
  /** Ships the mover must still move (equalize, match, deferred), or has moved so far (free). */
  readonly quota: number;
  readonly segment: number;
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
  readonly turn: number;
  readonly step: Step;
  readonly ships: Readonly<Record<string, ShipState>>;
  readonly terrain: readonly Terrain[];
  readonly missiles: Readonly<Record<string, Missile>>;
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

export const initialState = ({ seats, firstSeat, options }: RulesSetup<GscOptions>): GscState => {
  const ships: Record<string, ShipState> = {};
  for (const seat of seats) {
    for (const d of options.fleets[seat as 'red' | 'blue'] ?? []) {
      const design = options.designs[d.design];
      if (!design) continue;
      ships[d.id] = {
        ...{ id: d.id, name: d.name ?? d.id, seat, design: d.design, at: { x: d.x, y: d.y }, facing: d.facing },
        ...{ hull: design.hull, crew: design.crew, pods: design.assaultPods, systems: systemsOf(design), status: 'active' },
        ...{
          moved: null,
          deferred: false,
          held: 0,
          absorbed: 0,
          mdsUsed: 0,
          tractorsUsed: [],
          armed: [],
          contact: [],
          launched: {},
          boarders: { assault: 0, heavy: 0 },
        },
      };
    }
  }
  return {
    ...{
      status: 'playing',
      seats,
      firstSeat,
      designs: options.designs,
      turnLimit: options.turnLimit,
      longRangeBands: options.longRangeBands,
    },
    ...{ turn: 0, step: 'movement', ships, terrain: options.terrain, missiles: {} },
    ...{ movement: { leader: firstSeat, mover: null, mode: 'equalize', quota: 0, segment: 0 }, awaited: [], sealed: {}, sealedStep: null },
  };
};

const ship = (state: GscState, id: string, change: (s: ShipState) => Partial<ShipState>): GscState => {
  const current = state.ships[id];
  return current ? { ...state, ships: { ...state.ships, [id]: { ...current, ...change(current) } } } : state;
};

const setSystem = (s: ShipState, ref: string, after: SystemState): Partial<ShipState> => ({ systems: { ...s.systems, [ref]: after } });

const setLevels = (s: ShipState, levels: Readonly<Record<string, number>>): Partial<ShipState> => {
  const systems = { ...s.systems };
  for (const [ref, level] of Object.entries(levels)) {
    const current = systems[ref];
    if (current) systems[ref] = { ...current, level };
  }
  return { systems };
};

const levelOf = (s: ShipState, ref: string): number => s.systems[ref]?.level ?? 0;

const withoutMissile = (state: GscState, id: string): GscState => {
  const { [id]: _gone, ...rest } = state.missiles;
  return { ...state, missiles: rest };
};

/** GSC-3: each ship moved (or deferred, or kept in place) counts towards the mover's quota. */
const countMove = (state: GscState): MovementState => {
  const m = state.movement;
  return { ...m, quota: m.mode === 'free' ? m.quota + 1 : m.quota - 1 };
};

const startTurn = (state: GscState, turn: number): GscState => {
  const ships: Record<string, ShipState> = {};
  for (const [id, s] of Object.entries(state.ships)) {
    ships[id] = { ...s, moved: null, deferred: false, held: 0, absorbed: 0, mdsUsed: 0, tractorsUsed: [], armed: [], contact: [] };
  }
  return { ...state, turn, ships };
};

export const apply = (state: GscState, e: GscEvent): GscState => {
  switch (e.type) {
    case 'TurnStarted':
      return startTurn(state, e.data.turn);
    case 'StepStarted': {
      const sealedStep = e.data.step === 'movement' || e.data.step === 'repairs' ? null : e.data.step;
      return { ...state, step: e.data.step, awaited: e.data.awaiting, sealed: {}, sealedStep };
    }
    case 'TerrainMoved':
      return { ...state, terrain: state.terrain.map((t) => (t.id === e.data.terrain ? { ...t, x: e.data.to.x, y: e.data.to.y } : t)) };
    case 'MoverChanged':
      return {
        ...state,
        movement: {
          leader: e.data.leader,
          mover: e.data.seat,
          mode: e.data.mode,
          quota: e.data.quota,
          segment: state.movement.segment + 1,
        },
      };
    case 'ShipMoved': {
      const moved = ship(state, e.data.ship, () => ({
        at: e.data.to,
        facing: e.data.facing,
        moved: e.data.moved,
        deferred: false,
        contact: e.data.contact,
      }));
      return { ...moved, movement: countMove(state) };
    }
    case 'ShipStayed': {
      const stayed = ship(state, e.data.ship, () => ({ moved: 0, deferred: false }));
      return { ...stayed, movement: countMove(state) };
    }
    case 'MoveDeferred':
      return { ...ship(state, e.data.ship, () => ({ deferred: true })), movement: countMove(state) };
    case 'TractorBeamUsed': {
      const used = ship(state, e.data.ship, (s) => ({ tractorsUsed: [...s.tractorsUsed, e.data.beam] }));
      return ship(used, e.data.target, (s) => ({ held: s.held + e.data.held }));
    }
    case 'TractorBeamArmed':
      return ship(state, e.data.ship, (s) => ({ armed: [...s.armed, { beam: e.data.beam, target: e.data.target }] }));
    case 'MdsFired': {
      const fired = ship(state, e.data.ship, (s) => ({ mdsUsed: s.mdsUsed + 1 }));
      return e.data.killed ? withoutMissile(fired, e.data.missile) : fired;
    }
    case 'OrdersSubmitted':
      return submitted(state, e.data.seat, e.data.hash);
    case 'SystemUsed':
    case 'OrdersRevealed':
    case 'InitiativeRolled':
    case 'GameEnded':
      return e.type === 'GameEnded' ? { ...state, status: 'ended' } : state;
    case 'OrdersSealed':
      return { ...state, sealed: { ...state.sealed, [e.data.seat]: { orders: e.data.orders, salt: e.data.salt, hash: e.data.hash } } };
    case 'MissilesLaunched':
      return launch(state, e);
    case 'MissileMoved': {
      const m = state.missiles[e.data.missile];
      return m ? { ...state, missiles: { ...state.missiles, [m.id]: { ...m, at: e.data.to } } } : state;
    }
    case 'TrackingTested': {
      const m = state.missiles[e.data.missile];
      if (!m || e.data.lost) return withoutMissile(state, e.data.missile);
      return { ...state, missiles: { ...state.missiles, [m.id]: { ...m, tested: state.turn } } };
    }
    case 'MissileLost':
    case 'MissileAttacked':
      return withoutMissile(state, e.data.missile);
    case 'BeamFired':
      return state;
    case 'DamageInflicted': {
      const { system } = e.data;
      return ship(state, e.data.target, (s) => ({
        hull: s.hull - e.data.hull,
        absorbed: s.absorbed + e.data.absorbed,
        ...(system ? setSystem(s, system.ref, system.after) : {}),
      }));
    }
    case 'ShipDestroyed':
      return ship(state, e.data.ship, () => ({ status: 'destroyed' }));
    case 'ShipCaptured':
      return ship(state, e.data.ship, () => ({ status: 'captured' }));
    case 'BoardersLanded':
      return landBoarders(state, e);
    case 'BoardingFought':
      return ship(state, e.data.ship, (s) => ({
        crew: e.data.crewAfter,
        boarders: e.data.boardersAfter,
        ...setLevels(s, { assaultSquads: e.data.defendersAfter.assault, heavyAssaultSquads: e.data.defendersAfter.heavy }),
      }));
    case 'RepairAttempted':
      return ship(state, e.data.ship, (s) => setSystem(s, e.data.system, e.data.after));
    case 'RepairsDone':
      return { ...state, awaited: state.awaited.filter((seat) => seat !== e.data.seat) };
    default:
      return assertNever(e);
  }
};

/** After `OrdersSealed` the seat's orders are known; in a redacted log only their hash is (orders null). */
const submitted = (state: GscState, seat: string, hash: string): GscState =>
  seat in state.sealed ? state : { ...state, sealed: { ...state.sealed, [seat]: { orders: null, salt: '', hash } } };

const launch = (state: GscState, e: Extract<GscEvent, { type: 'MissilesLaunched' }>): GscState => {
  const owner = state.ships[e.data.ship];
  if (!owner) return state;
  const missiles = { ...state.missiles };
  for (const id of e.data.missiles) {
    missiles[id] = { id, seat: owner.seat, ship: owner.id, target: e.data.target, at: e.data.at, damage: e.data.damage, tested: null };
  }
  const fired = ship(state, owner.id, (s) => ({ launched: { ...s.launched, [e.data.battery]: state.turn } }));
  return { ...fired, missiles };
};

const landBoarders = (state: GscState, e: Extract<GscEvent, { type: 'BoardersLanded' }>): GscState => {
  const { sent, landed, method } = e.data;
  const left = ship(state, e.data.ship, (s) => {
    const squads = setLevels(s, {
      assaultSquads: levelOf(s, 'assaultSquads') - sent.assault,
      heavyAssaultSquads: levelOf(s, 'heavyAssaultSquads') - sent.heavy,
    });
    return { ...squads, pods: method === 'pods' ? s.pods - sent.assault - sent.heavy : s.pods };
  });
  return ship(left, e.data.target, (s) => ({
    boarders: { assault: s.boarders.assault + landed.assault, heavy: s.boarders.heavy + landed.heavy },
  }));
};

/** Other seats' `OrdersSealed` reach a seat's own log redacted to `Sealed`: skipped (see `submitted`). */
export const evolve = (state: GscState, event: EventEnvelope<GscEvent>): GscState =>
  (event.type as string) === 'Sealed' ? state : apply(state, { type: event.type, data: event.data } as GscEvent);

/** Fold events decided but not yet logged, to decide what follows from them. */
export const fold = (state: GscState, events: readonly GscEvent[]): GscState => events.reduce(apply, state);
