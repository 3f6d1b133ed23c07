/**
 * Sol'una test helpers shared by the unit and end-to-end tests: model profiles and
 * small missions for `options.rules`, and the shape of a `SubmitActions` command.
 */
import type { ModelAction } from '../../domain/soluna/choices.ts';
import type { MissionInput, ProfileInput } from '../../domain/soluna/mission.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { Game, player } from './decider-spec.ts';

export const BOW = { name: 'Bow', kind: 'ranged', range: 6, toHit: 4, damage: 1 } as const;
export const BLADE = { name: 'Blade', kind: 'melee', range: 1, toHit: 4, damage: 1 } as const;

/** A model named after its id, moving 3 squares, with 1 wound and a Bow unless told otherwise. */
export const profile = (p: Pick<ProfileInput, 'id' | 'mind' | 'at'> & Partial<ProfileInput>): ProfileInput => ({
  name: p.id.charAt(0).toUpperCase() + p.id.slice(1),
  movement: 3,
  wounds: 1,
  attacks: [BOW],
  ...p,
});

/** An 8x8 mission for the given warbands; the leader's death decides it and there is no turn limit. */
export const mission = (
  sun: ProfileInput[],
  moon: ProfileInput[],
  blocking: MissionInput['grid']['blocking'] = [],
  victory: MissionInput['victory'] = { eliminate: 'leader', turnLimit: null },
): MissionInput => ({ name: 'test', grid: { width: 8, height: 8, blocking }, warbands: { sun, moon }, victory });

export const act = (model: string, action: ModelAction['action']): ModelAction => ({ model, action });
export const shoot = (model: string, target: string, weapon = 'Bow'): ModelAction => act(model, { kind: 'attack', weapon, target });
export const submit = (actions: ModelAction[], extra: Record<string, unknown> = {}) => ({ type: 'SubmitActions', actions, ...extra });

/** The Sol'una state inside a unit-test game that is playing or over. */
export const sol = (game: Game): SolState => {
  const state = game.state;
  if (state.status !== 'playing' && state.status !== 'ended') throw new Error(`game is ${state.status}`);
  return state.rules as SolState;
};

/** A unit-test game of `mission` between p_sun and p_moon, sun named first player, playing its first phase. */
export const playing = (m: MissionInput, rules: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Game => {
  const game = new Game();
  const create = {
    type: 'CreateGame',
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', rules: { mission: m, ...rules }, ...options },
  };
  game.run(create, player('p_sun'));
  game.run({ type: 'JoinGame' }, player('p_moon'));
  return game;
};
