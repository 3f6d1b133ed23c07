/** GSC2 events of the Boarding step (GSC-20, GSC-21: landings, assault pods, combat) and of Repairs (GSC-23). */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent as E } from '../kernel/envelope.ts';
import type { Point } from '../kernel/plane.ts';
import type { Aspect } from './geometry.ts';
import type { PodHeading, SystemState, Troops } from './state.ts';

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
/** GSC-20: assault pods leave their ship, one squad in each, headed for an enemy ship. */
export type PodsLaunched = E<
  'PodsLaunched',
  {
    readonly ship: string;
    readonly target: string;
    readonly pods: readonly { readonly id: string; readonly squad: keyof Troops }[];
    readonly at: Point;
    readonly targeting: number;
    readonly rule: 'GSC-20';
  }
>;
/** GSC-20: a pod's move of up to 6" towards where its owner directs it; `reached` when it got to its target ship. */
export type PodMoved = E<
  'PodMoved',
  {
    readonly pod: string;
    readonly from: Point;
    readonly to: Point;
    readonly heading: PodHeading;
    readonly reached: boolean;
    readonly rule: 'GSC-20';
  }
>;
/** GSC-20: a pod that reached its target rams it: on a hit its squad is aboard, on a miss pod and squad are lost. */
export type PodRammed = E<
  'PodRammed',
  {
    readonly pod: string;
    readonly target: string;
    readonly squad: keyof Troops;
    readonly aspect: Aspect;
    readonly roll: DieRoll;
    readonly hit: boolean;
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
