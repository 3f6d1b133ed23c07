/**
 * Sol'una test helpers shared by the unit and end-to-end tests: model profiles and
 * small missions for `options.rules`, and the shape of a `SubmitActions` command.
 */
import type { ModelAction } from '../../domain/soluna/choices.ts';
import type { MissionInput, ProfileInput } from '../../domain/soluna/mission.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { Game, player, seat } from './decider-spec.ts';

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

/**
 * A duel of two leaders three squares apart (meena for sun, xul for moon), where sun shot at xul
 * and moon did nothing: both orders revealed and resolved, the hit roll included. `start` is the
 * version before sun's orders.
 */
export const afterAShot = (options: Record<string, unknown> = {}) => {
  const game = playing(
    mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })]),
    {},
    options,
  );
  const start = game.state.version;
  game.run(submit([shoot('meena', 'xul')]), seat('sun', 'p_sun'));
  game.run(submit([act('xul', { kind: 'none' })]), seat('moon', 'p_moon'));
  return { game, start };
};

/** That shot taken back by agreement (TB-2: moon proposes, sun accepts), then played again. */
export const shotAgain = () => {
  const { game, start } = afterAShot();
  const [sun, moon] = [seat('sun', 'p_sun'), seat('moon', 'p_moon')];
  game.run({ type: 'ProposeTakeback', toVersion: start, reason: 'wrong model' }, moon);
  game.run({ type: 'AcceptTakeback' }, sun);
  game.run(submit([shoot('meena', 'xul')]), sun);
  game.run(submit([act('xul', { kind: 'none' })]), moon);
  return { game, start };
};
