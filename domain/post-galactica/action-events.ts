/**
 * Events of the PG-10 actions that have no older counterpart: Research, Salvage, the stances
 * (Overwatch, Dodge, Disengage), Load/Unload and Activate Ability; and of the abilities that
 * resolve by themselves (PG-6, PG-14) and faction abilities (PG-10, refreshed by PG-6).
 */
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Point } from '../kernel/plane.ts';
import type { Resources, Trigger } from './datasheets.ts';
import type { Stance, StatusState } from './terms.ts';

/** Countdown counters placed by an action (PG-7). */
interface Placed {
  readonly countdownId: string;
  readonly counters: number;
  readonly placedTurn: number;
}

export type ResearchStarted = DomainEvent<
  'ResearchStarted',
  Placed & {
    readonly seat: string;
    readonly buildingId: string;
    readonly research: string;
    readonly name: string;
    readonly cost: Resources;
    readonly rule: 'PG-10';
  }
>;
export type SalvageStarted = DomainEvent<
  'SalvageStarted',
  Placed & { readonly seat: string; readonly unitId: string; readonly targetId: string; readonly rule: 'PG-10' }
>;
export type StanceTaken = DomainEvent<'StanceTaken', { readonly unitId: string; readonly stance: Stance; readonly rule: 'PG-10' }>;
export type UnitsLoaded = DomainEvent<
  'UnitsLoaded',
  {
    readonly transportId: string;
    readonly passengerIds: readonly string[];
    /** Models aboard after loading, and the transport's capacity. */
    readonly models: number;
    readonly capacity: number;
    readonly rule: 'PG-10';
  }
>;
export type UnitsUnloaded = DomainEvent<
  'UnitsUnloaded',
  {
    readonly transportId: string;
    readonly placements: readonly { readonly unitId: string; readonly x: number; readonly y: number }[];
    readonly rule: 'PG-10';
  }
>;
/** A destroyed transport's passengers get out where it stood (null: no room, they wait off the battlefield). */
export type PassengersDisembarked = DomainEvent<
  'PassengersDisembarked',
  {
    readonly transportId: string;
    readonly placements: readonly { readonly unitId: string; readonly position: Point | null }[];
    readonly rule: 'PG-10';
  }
>;
export type AbilityActivated = DomainEvent<
  'AbilityActivated',
  {
    readonly seat: string;
    readonly unitId: string;
    readonly ability: string;
    readonly cost: Resources;
    readonly gained: Resources;
    /** The seat's resources afterwards. */
    readonly resources: Resources;
    readonly statusApplied: StatusState | null;
    readonly recharge: Placed | null;
    readonly rule: 'PG-10';
  }
>;
/** A datasheet ability with a `trigger`, resolved by the engine for the active player. */
export type AbilityTriggered = DomainEvent<
  'AbilityTriggered',
  Omit<AbilityActivated['data'], 'rule'> & { readonly trigger: Trigger; readonly rule: 'PG-6' | 'PG-14' }
>;
/** PG-6 "Refresh faction abilities": every faction ability has its `usesPerTurn` again. */
export type FactionAbilitiesRefreshed = DomainEvent<
  'FactionAbilitiesRefreshed',
  {
    readonly seat: string;
    readonly abilities: readonly { readonly ability: string; readonly usesPerTurn: number }[];
    readonly rule: 'PG-6';
  }
>;
export type FactionAbilityUsed = DomainEvent<
  'FactionAbilityUsed',
  {
    readonly seat: string;
    readonly ability: string;
    readonly cost: Resources;
    readonly gained: Resources;
    /** The seat's resources afterwards. */
    readonly resources: Resources;
    /** Uses this turn, this one included, of `usesPerTurn`. */
    readonly uses: number;
    readonly usesPerTurn: number;
    readonly rule: 'PG-10';
  }
>;

export type ActionEvent =
  | ResearchStarted
  | SalvageStarted
  | StanceTaken
  | UnitsLoaded
  | UnitsUnloaded
  | PassengersDisembarked
  | AbilityActivated
  | AbilityTriggered
  | FactionAbilitiesRefreshed
  | FactionAbilityUsed;

export const ACTION_EVENT_TYPES: readonly ActionEvent['type'][] = [
  'ResearchStarted',
  'SalvageStarted',
  'StanceTaken',
  'UnitsLoaded',
  'UnitsUnloaded',
  'PassengersDisembarked',
  'AbilityActivated',
  'AbilityTriggered',
  'FactionAbilitiesRefreshed',
  'FactionAbilityUsed',
];
