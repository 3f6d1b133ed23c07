/** Small helpers shared by the GSC2 rule tests: a battle state, ship patches, event picking, a started game. */
import type { GscEvent, SystemState } from '../../domain/gsc2/events.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { type GscState, initialState, type ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { ctxFor, Game, player, seat } from './decider-spec.ts';

/** The example scenario (`{}` options): per side a cruiser and a destroyer. */
export const options = gscOptionsSchema.parse({});

/** The example battle before the first turn, red the first player. */
export const battle = (): GscState => initialState({ seats: ['red', 'blue'], firstSeat: 'red', options });

/** The state with one ship changed. */
export const place = (state: GscState, id: string, patch: Partial<ShipState>): GscState => ({
  ...state,
  ships: { ...state.ships, [id]: { ...(state.ships[id] as ShipState), ...patch } },
});

export const system = (state: GscState, ship: string, ref: string): SystemState => state.ships[ship]?.systems[ref] as SystemState;

/** A ship patch that changes some of its systems. */
export const levels = (state: GscState, id: string, patch: Record<string, Partial<SystemState>>): Partial<ShipState> => {
  const systems = { ...state.ships[id]?.systems };
  for (const [ref, change] of Object.entries(patch)) systems[ref] = { ...(systems[ref] as SystemState), ...change };
  return { systems };
};

/** The events of one type, typed. */
export const of = <T extends GscEvent['type']>(events: readonly GscEvent[], type: T) =>
  events.filter((e): e is Extract<GscEvent, { type: T }> => e.type === type);

export const types = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);

/** The rules context of `name` with dice that return `faces` in order. */
export const rcFor = (name: string, faces: number[]): RulesContext => {
  const dice = scriptedDice(faces);
  return { ctx: ctxFor(seat(name), dice), dice, seat: name, salt: (label) => sha256Hex(label) };
};

/** The GSC2 state inside a match. */
export const rulesOf = (game: Game): GscState => (game.state as unknown as { rules: GscState }).rules;

/** A GSC2 match through the real decider: created by red, joined by blue, red chosen to go first. */
export const startBattle = (rules?: unknown, deadlines?: unknown): Game => {
  const game = new Game();
  const opts = { ...(rules === undefined ? {} : { rules }), ...(deadlines === undefined ? {} : { deadlines }) };
  game.run({ type: 'CreateGame', ruleset: 'gsc2', seat: 'red', options: opts }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([6, 1]));
  game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('red'));
  return game;
};

/** The ship's owner moves it nowhere (it counts as its move). */
export const stay = (game: Game, ship: string) =>
  game.run({ type: 'MoveShip', ship, path: [] }, seat(rulesOf(game).ships[ship]?.seat ?? ''));
