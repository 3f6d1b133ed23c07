/** GSC2 events: what happened, with every die roll and the rule that called for it. */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { GameEnded } from '../match/events.ts';
import type { Aspect, Point } from './geometry.ts';

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

type E<T extends string, D> = DomainEvent<T, D>;
export type TurnStarted = E<'TurnStarted', { readonly turn: number; readonly rule: 'GSC-1' }>;
export type StepStarted = E<
  'StepStarted',
  { readonly turn: number; readonly step: Step; readonly awaiting: readonly string[]; readonly rule: string }
>;
export type TerrainMoved = E<
  'TerrainMoved',
  { readonly terrain: string; readonly from: Point; readonly to: Point; readonly rule: 'GSC-2' }
>;
export type MoverChanged = E<
  'MoverChanged',
  { readonly seat: string; readonly mode: MoveMode; readonly quota: number; readonly leader: string; readonly rule: string }
>;
export interface TurnTaken {
  readonly after: number;
  readonly direction: 'left' | 'right';
  readonly cost: number;
}
export type ShipMoved = E<
  'ShipMoved',
  {
    readonly ship: string;
    readonly from: Point;
    readonly to: Point;
    readonly facing: number;
    readonly moved: number;
    readonly spent: number;
    readonly turns: readonly TurnTaken[];
    /** GSC-20: immobilized enemy ships it ended in contact with. */
    readonly contact: readonly string[];
    readonly rule: 'GSC-4';
  }
>;
export type ShipStayed = E<'ShipStayed', { readonly ship: string; readonly reason: string; readonly rule: string }>;
export type MoveDeferred = E<'MoveDeferred', { readonly ship: string; readonly rule: 'GSC-4' }>;
export type TractorBeamUsed = E<
  'TractorBeamUsed',
  {
    readonly ship: string;
    readonly beam: string;
    readonly target: string;
    readonly range: number;
    readonly held: number;
    readonly rule: 'GSC-5';
  }
>;
export type TractorBeamArmed = E<
  'TractorBeamArmed',
  { readonly ship: string; readonly beam: string; readonly target: string; readonly rule: 'GSC-5' }
>;
export type MdsFired = E<
  'MdsFired',
  { readonly ship: string; readonly missile: string; readonly roll: DieRoll; readonly killed: boolean; readonly rule: 'GSC-8' }
>;
export type SystemUsed = E<'SystemUsed', { readonly ship: string; readonly system: string; readonly step: Step; readonly rule: 'GSC-22' }>;

export type OrdersSubmitted = E<
  'OrdersSubmitted',
  { readonly turn: number; readonly step: SealedStep; readonly seat: string; readonly hash: string }
>;
export type OrdersSealed = E<
  'OrdersSealed',
  {
    readonly turn: number;
    readonly step: SealedStep;
    readonly seat: string;
    readonly orders: unknown;
    readonly salt: string;
    readonly hash: string;
  }
>;
export interface Revealed {
  readonly seat: string;
  readonly orders: unknown;
  readonly salt: string;
  readonly hash: string;
}
export type OrdersRevealed = E<
  'OrdersRevealed',
  { readonly turn: number; readonly step: SealedStep; readonly revealed: readonly Revealed[] }
>;

export type InitiativeRolled = E<
  'InitiativeRolled',
  {
    readonly rounds: readonly (readonly { readonly seat: string; readonly roll: DieRoll }[])[];
    readonly order: readonly string[];
    readonly rule: 'GSC-7';
  }
>;
export type MissilesLaunched = E<
  'MissilesLaunched',
  {
    readonly ship: string;
    readonly battery: string;
    readonly target: string;
    readonly missiles: readonly string[];
    readonly at: Point;
    readonly damage: number;
    readonly rule: 'GSC-6';
  }
>;
export type MissileMoved = E<
  'MissileMoved',
  { readonly missile: string; readonly from: Point; readonly to: Point; readonly reached: boolean; readonly rule: 'GSC-7' }
>;
export type TrackingTested = E<
  'TrackingTested',
  { readonly missile: string; readonly terrain: string; readonly roll: DieRoll; readonly lost: boolean; readonly rule: 'GSC-10' }
>;
export type MissileLost = E<'MissileLost', { readonly missile: string; readonly reason: string; readonly rule: 'GSC-7' }>;
export type MissileAttacked = E<
  'MissileAttacked',
  {
    readonly missile: string;
    readonly target: string;
    readonly aspect: Aspect;
    readonly roll: DieRoll;
    readonly hit: boolean;
    readonly rule: 'GSC-9';
  }
>;
export type BeamFired = E<
  'BeamFired',
  {
    readonly ship: string;
    readonly battery: string;
    readonly target: string;
    readonly range: number;
    readonly aspect: Aspect;
    readonly roll: DieRoll;
    readonly hit: boolean;
    readonly rule: 'GSC-14';
  }
>;
export interface SystemChange {
  readonly ref: string;
  readonly before: SystemState;
  readonly after: SystemState;
}
export type DamageInflicted = E<
  'DamageInflicted',
  {
    readonly target: string;
    readonly source: string;
    readonly damage: number;
    readonly absorbed: number;
    readonly hull: number;
    readonly armor: DieRoll | null;
    readonly chart: DieRoll | null;
    readonly system: SystemChange | null;
    readonly rule: string;
  }
>;
export type ShipDestroyed = E<'ShipDestroyed', { readonly ship: string; readonly reason: string; readonly rule: string }>;
export type BoardersLanded = E<
  'BoardersLanded',
  {
    readonly ship: string;
    readonly target: string;
    readonly method: 'contact' | 'pods' | 'teleporters';
    readonly sent: Troops;
    readonly landed: Troops;
    readonly rolls: readonly DieRoll[];
    readonly rule: 'GSC-20';
  }
>;
export interface CombatSide {
  readonly rolls: readonly DieRoll[];
  readonly hits: number;
}
export type BoardingFought = E<
  'BoardingFought',
  {
    readonly ship: string;
    readonly defenders: CombatSide;
    readonly boarders: CombatSide;
    readonly crewAfter: number;
    readonly defendersAfter: Troops;
    readonly boardersAfter: Troops;
    readonly rule: 'GSC-21';
  }
>;
export type ShipCaptured = E<'ShipCaptured', { readonly ship: string; readonly by: string; readonly rule: 'GSC-21' }>;
export type RepairAttempted = E<
  'RepairAttempted',
  {
    readonly ship: string;
    readonly system: string;
    readonly roll: DieRoll;
    readonly repaired: boolean;
    readonly after: SystemState;
    readonly rule: 'GSC-23';
  }
>;
export type RepairsDone = E<'RepairsDone', { readonly seat: string; readonly rule: 'GSC-23' }>;

export type GscEvent =
  | TurnStarted
  | StepStarted
  | TerrainMoved
  | MoverChanged
  | ShipMoved
  | ShipStayed
  | MoveDeferred
  | TractorBeamUsed
  | TractorBeamArmed
  | MdsFired
  | SystemUsed
  | OrdersSubmitted
  | OrdersSealed
  | OrdersRevealed
  | InitiativeRolled
  | MissilesLaunched
  | MissileMoved
  | TrackingTested
  | MissileLost
  | MissileAttacked
  | BeamFired
  | DamageInflicted
  | ShipDestroyed
  | BoardersLanded
  | BoardingFought
  | ShipCaptured
  | RepairAttempted
  | RepairsDone
  | GameEnded;

export const GSC_EVENT_TYPES: readonly GscEvent['type'][] = [
  'TurnStarted',
  'StepStarted',
  'TerrainMoved',
  'MoverChanged',
  'ShipMoved',
  'ShipStayed',
  'MoveDeferred',
  'TractorBeamUsed',
  'TractorBeamArmed',
  'MdsFired',
  'SystemUsed',
  'OrdersSubmitted',
  'OrdersSealed',
  'OrdersRevealed',
  'InitiativeRolled',
  'MissilesLaunched',
  'MissileMoved',
  'TrackingTested',
  'MissileLost',
  'MissileAttacked',
  'BeamFired',
  'DamageInflicted',
  'ShipDestroyed',
  'BoardersLanded',
  'BoardingFought',
  'ShipCaptured',
  'RepairAttempted',
  'RepairsDone',
  'GameEnded',
];
