/** GSC2 events of the Missiles and Beams steps, and the damage they do (GSC-6 to GSC-19). */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent as E } from '../kernel/envelope.ts';
import type { Point } from '../kernel/plane.ts';
import type { Aspect } from './geometry.ts';
import type { SystemState } from './state.ts';

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
