/** Small helpers shared by the GSC2 rule tests: a battle state, ship patches, event picking, a started game. */
import { expect } from 'vitest';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { type GscState, initialState, type ShipState, type SystemState } from '../../domain/gsc2/state.ts';
import { type DieRoll, scriptedDice } from '../../domain/kernel/dice.ts';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { ctxFor, Game, player, seat } from './decider-spec.ts';

/** The example scenario (`{}` options): per side a cruiser and a destroyer. */
export const options = gscOptionsSchema.parse({});

/** The example battle before the first turn, red the first player. */
export const battle = (): GscState => initialState({ seats: ['red', 'blue'], firstSeat: 'red', options });

/** The example battle in turn 1, with these fields changed. */
export const battleAt = (patch: Partial<GscState> = {}): GscState => ({ ...battle(), turn: 1, ...patch });

/** `state` in the Movement alternation `movement` describes: by default red leads and moves a free group. */
export const moving = (state: GscState, movement: Partial<GscState['movement']>): GscState => ({
  ...state,
  movement: { leader: 'red', mover: 'red', mode: 'free', quota: 0, segment: 1, late: false, ...movement },
});

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
  return { ctx: ctxFor(seat(name), dice), dice, seat: name, salt: (label) => sha256Hex(label), rulesVersion: gsc2Fold.rulesVersion };
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

/** Every die roll anywhere in an event's data. */
export const rollsIn = (value: unknown): DieRoll[] => {
  if (Array.isArray(value)) return value.flatMap(rollsIn);
  if (value === null || typeof value !== 'object') return [];
  if ('draw' in value && 'sides' in value) return [value as DieRoll];
  return Object.values(value).flatMap(rollsIn);
};

/** "Why did that miss?": the rule, the base target, each modifier with its rule, and what the d10 was compared with. */
export const expectExplained = (roll: DieRoll) => {
  expect(roll.rule).toMatch(/^GSC-\d+$/);
  expect(roll.total).toBe(roll.value);
  for (const m of roll.modifiers)
    expect(m).toMatchObject({ applies: 'target', rule: expect.stringMatching(/^GSC-\d+$/), reason: expect.any(String) });
  if (roll.target === undefined) return;
  expect(roll.compare).toBe('atMost');
  expect(roll.effectiveTarget).toBe(roll.modifiers.reduce((n, m) => n + m.value, roll.target));
  expect(roll.success).toBe(roll.value <= (roll.effectiveTarget ?? Number.NaN));
};

/**
 * A GSC2 design whose numbers make every shot count (targeting 4 against aspect 8 everywhere),
 * with one medium battery: the service tests' duels of takebacks, resealing and forks.
 */
export const GUNSHIP = {
  ...{ size: 6, drive: 12, turnDistance: 4, targeting: 4, aspect: { bow: 8, broadside: 8, stern: 8 } },
  ...{ deflectors: 0, shields: 1, armor: 0, hull: 100, repairUnits: 1, crew: 2 },
  batteries: [{ id: 'A', class: 'medium', weapons: 1, damage: 1, mount: 'T' }],
  missileBatteries: [] as { id: string; missiles: number; damage: number }[],
  damageChart: Array.from({ length: 10 }, () => ['battery:A', 'drive']),
};

/** A gunship at (x, y) facing `facing` (0 to 11). */
export const gunshipAt = (id: string, x: number, y: number, facing: number) => ({ id, name: id, design: 'gunship', x, y, facing });

/** `options.rules` of a table with no terrain: red's ships on y 0 facing blue's, 10" away on y 10 (by default two a side). */
export const gunshipTable = (
  design: typeof GUNSHIP = GUNSHIP,
  fleets = {
    red: [gunshipAt('ram', 0, 0, 0), gunshipAt('rook', 20, 0, 0)],
    blue: [gunshipAt('bee', 0, 10, 4), gunshipAt('bat', 20, 10, 4)],
  },
) => ({ designs: { gunship: design }, fleets, terrain: [], longRangeBands: 0 });
