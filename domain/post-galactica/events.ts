/** Post Galactica events: the log of a match, each carrying the rule point it applied. */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Point } from '../kernel/plane.ts';
import type { GameEnded } from '../match/events.ts';
import { ACTION_EVENT_TYPES, type ActionEvent } from './action-events.ts';
import type { Resources } from './datasheets.ts';
import type { Phase } from './phases.ts';
import type { CountdownKind, StatusState } from './terms.ts';

export type TurnStarted = DomainEvent<'TurnStarted', { readonly seat: string; readonly round: number; readonly turn: number }>;
export type PhaseStarted = DomainEvent<'PhaseStarted', { readonly phase: Phase; readonly seat: string }>;
export type RoundCompleted = DomainEvent<'RoundCompleted', { readonly round: number }>;

/** A seat's deployment step opens. */
export type DeploymentStarted = DomainEvent<'DeploymentStarted', { readonly seat: string }>;
export type UnitsDeployed = DomainEvent<
  'UnitsDeployed',
  {
    readonly seat: string;
    readonly placements: readonly { readonly unitId: string; readonly x: number; readonly y: number }[];
    readonly automatic: boolean;
  }
>;
export type FactionResourcesGained = DomainEvent<
  'FactionResourcesGained',
  { readonly seat: string; readonly gained: Resources; readonly resources: Resources; readonly rule: 'PG-6' }
>;
export type CountersRemoved = DomainEvent<
  'CountersRemoved',
  {
    readonly seat: string;
    readonly removed: readonly {
      readonly countdownId: string;
      readonly kind: CountdownKind;
      readonly label: string;
      readonly remaining: number;
    }[];
    readonly rule: 'PG-7';
  }
>;
export type CountdownCompleted = DomainEvent<
  'CountdownCompleted',
  {
    readonly seat: string;
    readonly countdownId: string;
    readonly kind: CountdownKind;
    readonly label: string;
    /** The building completed or the unit produced. */
    readonly unitId: string;
    /** Where a produced unit was placed (null: no room next to its building, it waits off the battlefield). */
    readonly position: Point | null;
    /** Salvage: the resources recovered (PG-10, default half the building's cost). */
    readonly gained?: Resources;
    readonly rule: 'PG-7';
  }
>;
export type ResourcesGathered = DomainEvent<
  'ResourcesGathered',
  {
    readonly seat: string;
    readonly nodes: readonly {
      readonly nodeId: string;
      readonly kind: 'carbon' | 'crystal';
      readonly amount: number;
      readonly remaining: number | 'infinite';
      readonly gatherers: readonly string[];
    }[];
    readonly faction: number;
    readonly resources: Resources;
    readonly rule: 'PG-8';
  }
>;
export type UnitMoved = DomainEvent<
  'UnitMoved',
  { readonly unitId: string; readonly path: readonly Point[]; readonly distance: number; readonly movement: number; readonly rule: 'PG-9' }
>;
export type ConstructionStarted = DomainEvent<
  'ConstructionStarted',
  {
    readonly seat: string;
    readonly countdownId: string;
    readonly unitId: string;
    readonly datasheet: string;
    readonly builderId: string;
    readonly x: number;
    readonly y: number;
    readonly cost: Resources;
    readonly counters: number;
    readonly placedTurn: number;
    readonly rule: string;
  }
>;
export type ProductionStarted = DomainEvent<
  'ProductionStarted',
  {
    readonly seat: string;
    readonly countdownId: string;
    readonly buildingId: string;
    readonly unitId: string;
    readonly datasheet: string;
    readonly cost: Resources;
    readonly counters: number;
    readonly placedTurn: number;
    readonly rule: 'PG-18';
  }
>;
export type UnitRepaired = DomainEvent<
  'UnitRepaired',
  { readonly unitId: string; readonly by: string; readonly restored: number; readonly cohesion: number; readonly rule: 'PG-10' }
>;
export type ObjectiveInteracted = DomainEvent<
  'ObjectiveInteracted',
  { readonly unitId: string; readonly seat: string; readonly objectiveId: string; readonly rule: 'PG-10' }
>;
export type UnitAimed = DomainEvent<'UnitAimed', { readonly unitId: string; readonly rule: 'PG-10' }>;
export type AttackResolved = DomainEvent<
  'AttackResolved',
  {
    readonly kind: 'ranged' | 'melee';
    readonly attackerId: string;
    readonly targetId: string;
    readonly weapon: string;
    readonly models: number;
    readonly attacks: number;
    /** How the attack count was reached, with its rule (PG-1 or PG-3). */
    readonly attacksRule: { readonly rule: 'PG-1' | 'PG-3'; readonly explanation: string };
    readonly rolls: readonly DieRoll[];
    readonly hits: number;
    /** Cohesion a Shielded target ignored. */
    readonly absorbed: number;
    readonly cohesionLost: number;
    readonly cohesion: number;
    readonly modelsRemaining: number;
    readonly statusApplied: StatusState | null;
    /** Set when the attack is a reaction outside the attacker's turn (PG-10 Overwatch). */
    readonly reaction?: 'Overwatch';
    readonly rule: 'PG-11' | 'PG-12';
  }
>;
export type UnitDestroyed = DomainEvent<
  'UnitDestroyed',
  {
    readonly unitId: string;
    readonly seat: string;
    readonly datasheet: string;
    readonly cause: string;
    /** PG-17: Workers on the battlefield just before, and what the loss cost. */
    readonly worker: { readonly before: number; readonly allowance: 'free' | 'purchased'; readonly workerLimit: number } | null;
    /** Whether the unit (or its purchased capacity) entered the Destroyed Zone. */
    readonly destroyedZone: boolean;
    readonly commandCenter: { readonly original: boolean } | null;
    readonly rule: string;
  }
>;
export type StatusesResolved = DomainEvent<
  'StatusesResolved',
  {
    readonly seat: string;
    readonly chosenBy: 'player' | 'default';
    readonly results: readonly {
      readonly unitId: string;
      readonly status: string;
      readonly effect: string;
      readonly cohesion: number;
      readonly statuses: readonly StatusState[];
    }[];
    readonly rule: 'PG-13';
  }
>;
export type ObjectivesScored = DomainEvent<
  'ObjectivesScored',
  { readonly seat: string; readonly objectives: readonly string[]; readonly points: number; readonly total: number; readonly rule: 'PG-14' }
>;
export type TotalsConfirmed = DomainEvent<
  'TotalsConfirmed',
  {
    readonly seat: string;
    readonly resources: Resources;
    readonly supply: { readonly used: number; readonly max: number };
    readonly workers: { readonly count: number; readonly limit: number };
    readonly rule: 'PG-14';
  }
>;

export type PgEvent =
  | TurnStarted
  | PhaseStarted
  | RoundCompleted
  | DeploymentStarted
  | UnitsDeployed
  | FactionResourcesGained
  | CountersRemoved
  | CountdownCompleted
  | ResourcesGathered
  | UnitMoved
  | ConstructionStarted
  | ProductionStarted
  | UnitRepaired
  | ObjectiveInteracted
  | UnitAimed
  | AttackResolved
  | UnitDestroyed
  | StatusesResolved
  | ObjectivesScored
  | TotalsConfirmed
  | ActionEvent
  | GameEnded;

export const PG_EVENT_TYPES: readonly PgEvent['type'][] = [
  'TurnStarted',
  'PhaseStarted',
  'RoundCompleted',
  'DeploymentStarted',
  'UnitsDeployed',
  'FactionResourcesGained',
  'CountersRemoved',
  'CountdownCompleted',
  'ResourcesGathered',
  'UnitMoved',
  'ConstructionStarted',
  'ProductionStarted',
  'UnitRepaired',
  'ObjectiveInteracted',
  'UnitAimed',
  'AttackResolved',
  'UnitDestroyed',
  'StatusesResolved',
  'ObjectivesScored',
  'TotalsConfirmed',
  ...ACTION_EVENT_TYPES,
  'GameEnded',
];
