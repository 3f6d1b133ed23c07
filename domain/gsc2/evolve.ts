/** GSC2 `evolve`: folds one event into the battle, from its type and data only (RUL-1). */
import { assertNever } from '../kernel/violation.ts';
import type { BoardersLanded, PodMoved, PodRammed, PodsLaunched } from './boarding-events.ts';
import type { MissilesLaunched } from './combat-events.ts';
import type { GscEvent, StepStarted } from './events.ts';
import { type GscState, type MovementState, type ShipState, type SystemState, TURN_FRESH } from './state.ts';

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
  for (const [id, s] of Object.entries(state.ships)) ships[id] = { ...s, ...TURN_FRESH };
  return { ...state, turn, ships, movement: { ...state.movement, late: false } };
};

/** GSC-4 `deferredMoves: 'endOfTurn'`: a Movement step opened after Boarding is the deferred ships' one. */
const startStep = (state: GscState, { step, awaiting }: StepStarted['data']): GscState => {
  const sealedStep = step === 'movement' || step === 'repairs' ? null : step;
  const late = step === 'movement' && state.step === 'boarding';
  return { ...state, step, awaited: awaiting, sealed: {}, sealedStep, movement: { ...state.movement, late } };
};

/** After `OrdersSealed` the seat's orders are known; in a redacted log only their hash is (orders null). */
/**
 * Who has sealed, from the public commitment. After the seat's own `OrdersSealed` the hashes
 * agree; in another seat's log, where that event is hidden, a re-seal (TB-5) brings a new hash.
 */
const submitted = (state: GscState, seat: string, hash: string): GscState =>
  state.sealed[seat]?.hash === hash ? state : { ...state, sealed: { ...state.sealed, [seat]: { orders: null, salt: '', hash } } };

const launch = (state: GscState, { data }: MissilesLaunched): GscState => {
  const owner = state.ships[data.ship];
  if (!owner) return state;
  const missiles = { ...state.missiles };
  for (const id of data.missiles) {
    missiles[id] = { id, seat: owner.seat, ship: owner.id, target: data.target, at: data.at, damage: data.damage, tested: null };
  }
  const fired = ship(state, owner.id, (s) => ({ launched: { ...s.launched, [data.battery]: state.turn } }));
  return { ...fired, missiles };
};

/** Contact and teleporters (and, in logs of rules before gsc2-0.4.0, pods that rammed at once) take squads from the ship. */
const landBoarders = (state: GscState, { data }: BoardersLanded): GscState => {
  const { sent, landed, method } = data;
  const left = ship(state, data.ship, (s) => {
    const squads = setLevels(s, {
      assaultSquads: levelOf(s, 'assaultSquads') - sent.assault,
      heavyAssaultSquads: levelOf(s, 'heavyAssaultSquads') - sent.heavy,
    });
    return { ...squads, pods: method === 'pods' ? s.pods - sent.assault - sent.heavy : s.pods };
  });
  return ship(left, data.target, (s) => ({
    boarders: { assault: s.boarders.assault + landed.assault, heavy: s.boarders.heavy + landed.heavy },
  }));
};

/** GSC-20: each pod takes one squad and one pod off its ship. */
const launchPods = (state: GscState, { data }: PodsLaunched): GscState => {
  const owner = state.ships[data.ship];
  if (!owner) return state;
  const podsInFlight = { ...state.podsInFlight };
  for (const p of data.pods) {
    const heading = { target: data.target };
    podsInFlight[p.id] = { id: p.id, seat: owner.seat, ship: owner.id, squad: p.squad, at: data.at, targeting: data.targeting, heading };
  }
  const count = (squad: 'assault' | 'heavy') => data.pods.filter((p) => p.squad === squad).length;
  const left = ship(state, owner.id, (s) => ({
    pods: s.pods - data.pods.length,
    ...setLevels(s, {
      assaultSquads: levelOf(s, 'assaultSquads') - count('assault'),
      heavyAssaultSquads: levelOf(s, 'heavyAssaultSquads') - count('heavy'),
    }),
  }));
  return { ...left, podsInFlight };
};

const movePod = (state: GscState, { data }: PodMoved): GscState => {
  const pod = state.podsInFlight[data.pod];
  return pod ? { ...state, podsInFlight: { ...state.podsInFlight, [pod.id]: { ...pod, at: data.to, heading: data.heading } } } : state;
};

const ram = (state: GscState, { data }: PodRammed): GscState => {
  const { [data.pod]: _rammed, ...podsInFlight } = state.podsInFlight;
  const rammed = { ...state, podsInFlight };
  if (!data.hit) return rammed;
  return ship(rammed, data.target, (s) => ({ boarders: { ...s.boarders, [data.squad]: s.boarders[data.squad] + 1 } }));
};

/** A seat's own log shows other seats' `OrdersSealed` as `Sealed`, with no data: nothing to fold (see `submitted`). */
const REDACTED = 'Sealed';

export const evolve = (state: GscState, e: GscEvent): GscState => {
  if ((e.type as string) === REDACTED) return state;
  switch (e.type) {
    case 'TurnStarted':
      return startTurn(state, e.data.turn);
    case 'StepStarted':
      return startStep(state, e.data);
    case 'TerrainMoved':
      return { ...state, terrain: state.terrain.map((t) => (t.id === e.data.terrain ? { ...t, x: e.data.to.x, y: e.data.to.y } : t)) };
    case 'MoverChanged': {
      const { leader, seat: mover, mode, quota } = e.data;
      return { ...state, movement: { ...state.movement, leader, mover, mode, quota, segment: state.movement.segment + 1 } };
    }
    case 'ShipMoved': {
      const { to: at, facing, moved, contact } = e.data;
      return { ...ship(state, e.data.ship, () => ({ at, facing, moved, deferred: false, contact })), movement: countMove(state) };
    }
    case 'ShipStayed':
      return { ...ship(state, e.data.ship, () => ({ moved: 0, deferred: false })), movement: countMove(state) };
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
    case 'OrdersSealed':
      return { ...state, sealed: { ...state.sealed, [e.data.seat]: { orders: e.data.orders, salt: e.data.salt, hash: e.data.hash } } };
    case 'SystemUsed':
    case 'OrdersRevealed':
    case 'InitiativeRolled':
    case 'BeamFired':
      return state;
    case 'GameEnded':
      return { ...state, status: 'ended' };
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
    case 'PodsLaunched':
      return launchPods(state, e);
    case 'PodMoved':
      return movePod(state, e);
    case 'PodRammed':
      return ram(state, e);
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

/** Fold events decided but not yet logged, to decide what follows from them. */
export const fold = (state: GscState, events: readonly GscEvent[]): GscState => events.reduce(evolve, state);

/**
 * INV-2: events that change ship `id` alone (its damage, its boarding fight, its capture) folded
 * on a state that holds only that ship, which is then put back: a fight of hundreds of rolls
 * copies one ship per event, not the whole fleet. Equal to `fold` for such events.
 */
export const foldOnShip = (state: GscState, id: string, events: readonly GscEvent[]): GscState => {
  const ship = state.ships[id];
  if (!ship || events.length === 0) return fold(state, events);
  const after = fold({ ...state, ships: { [id]: ship } }, events).ships[id] ?? ship;
  return { ...state, ships: { ...state.ships, [id]: after } };
};
