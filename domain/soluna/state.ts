/** Sol'una: the state of a match and where it starts (evolve.ts folds events into it). */
import type { RulesSetup } from '../kernel/ruleset.ts';
import type { ModelAction } from './choices.ts';
import type { TurnEffect } from './events.ts';
import type { Grid } from './grid.ts';
import type { Mission, Profile, SolSeat } from './mission.ts';
import { SEATS } from './mission.ts';
import type { SolOptions } from './options.ts';

/** A model in play: its profile and what has happened to it. */
export interface SolModel extends Profile {
  readonly seat: SolSeat;
  readonly woundsTaken: number;
  readonly slain: boolean;
  /** SOL-5: holds an activation for a later phase. */
  readonly deferred: boolean;
  /** SOL-2: starred choices made this turn. */
  readonly starredUsed: number;
}

export interface SealedOrders {
  readonly actions: readonly ModelAction[];
  readonly salt: string;
}

export interface SolState {
  readonly status: 'playing' | 'ended';
  readonly seats: readonly SolSeat[];
  readonly missionName: string;
  readonly grid: Grid;
  readonly victory: Mission['victory'];
  readonly rules: Omit<SolOptions, 'mission'>;
  readonly models: readonly SolModel[];
  /** 0 until the first turn begins. */
  readonly turn: number;
  /** 1..10; 0 until the first phase starts. */
  readonly phase: number;
  readonly eligible: Readonly<Record<string, readonly string[]>>;
  /** SOL-3: the sealed choices of this phase, by seat. Secret: see view.ts. */
  readonly sealed: Readonly<Record<string, SealedOrders>>;
  /** SOL-6: turn-based Mind effects in force. */
  readonly effects: readonly TurnEffect[];
}

export const initialState = ({ options }: RulesSetup<SolOptions>): SolState => {
  const { mission, ...rules } = options;
  const models = SEATS.flatMap((seat) =>
    mission.warbands[seat].map(
      (profile): SolModel => ({ ...profile, seat, woundsTaken: 0, slain: false, deferred: false, starredUsed: 0 }),
    ),
  );
  return {
    status: 'playing',
    seats: SEATS,
    missionName: mission.name,
    grid: mission.grid,
    victory: mission.victory,
    rules,
    models,
    turn: 0,
    phase: 0,
    eligible: {},
    sealed: {},
    effects: [],
  };
};
