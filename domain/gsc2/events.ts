/**
 * GSC2 events: what happened, with every die roll and the rule that called for it. The
 * turn, movement and sealed-orders events are here; missiles, beams and damage in
 * `combat-events.ts`; boarding, assault pods and repairs in `boarding-events.ts`.
 */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Point } from '../kernel/plane.ts';
import type { GameEnded } from '../match/events.ts';

export type {
  BoardersLanded,
  BoardingFought,
  CombatSide,
  PodMoved,
  PodRammed,
  PodsLaunched,
  RepairAttempted,
  RepairsDone,
  ShipCaptured,
} from './boarding-events.ts';
export type {
  BeamFired,
  DamageInflicted,
  InitiativeRolled,
  MissileAttacked,
  MissileLost,
  MissileMoved,
  MissilesLaunched,
  ShipDestroyed,
  SystemChange,
  TrackingTested,
} from './combat-events.ts';

import type {
  BoardersLanded,
  BoardingFought,
  PodMoved,
  PodRammed,
  PodsLaunched,
  RepairAttempted,
  RepairsDone,
  ShipCaptured,
} from './boarding-events.ts';
import type {
  BeamFired,
  DamageInflicted,
  InitiativeRolled,
  MissileAttacked,
  MissileLost,
  MissileMoved,
  MissilesLaunched,
  ShipDestroyed,
  TrackingTested,
} from './combat-events.ts';
import type { MoveMode, SealedStep, Step } from './state.ts';

export type E<T extends string, D> = DomainEvent<T, D>;
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
  | PodsLaunched
  | PodMoved
  | PodRammed
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
  'PodsLaunched',
  'PodMoved',
  'PodRammed',
  'BoardingFought',
  'ShipCaptured',
  'RepairAttempted',
  'RepairsDone',
  'GameEnded',
];
