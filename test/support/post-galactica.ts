/**
 * Post Galactica rule tests: a game on the example armies, driven through the real
 * decider (decider-spec.ts), and small readers of its state. Shared by every
 * `post-galactica-*.unit.test.ts`.
 */
import { type DomainEvent, sealBatch } from '../../domain/kernel/envelope.ts';
import type { DeploymentList, Faction } from '../../domain/post-galactica/datasheets.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import type { Mission } from '../../domain/post-galactica/mission.ts';
import type { Phase } from '../../domain/post-galactica/phases.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import { GAME_ID, Game, player, seat } from './decider-spec.ts';

export type Seat = 'red' | 'blue';
export type Spot = { unitId: string; x: number; y: number };
export type { Mission };

type UnitSheet = Faction['units'][string];

export const TROOPERS = 'red-vanguard-troopers-1';
export const RAIDERS = 'blue-raiders-1';

export const must = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('missing test data');
  return value;
};

/** The example mission with each half of the battlefield as a deployment zone, so units can start in contact. */
export const ARENA: Mission = {
  ...exampleScenario().mission,
  deploymentZones: { red: { x: 0, y: 0, width: 24, height: 36 }, blue: { x: 24, y: 0, width: 24, height: 36 } },
};

/** The Post Galactica state of a game that is playing or over. */
export const rules = (game: Game): PgState => {
  const s = game.state;
  if (s.status !== 'playing' && s.status !== 'ended') throw new Error(`the game is ${s.status}`);
  return s.rules as PgState;
};

export interface ArenaSetup {
  readonly first?: Seat;
  readonly factions?: Record<string, Faction>;
  /** Changes to the arena mission. */
  readonly mission?: Partial<Mission>;
  /** Changes to red's example Deployment List. */
  readonly red?: Partial<DeploymentList>;
  readonly deadlines?: Record<string, string>;
}

/**
 * The example armies deployed in the arena, first player chosen by the mission. Units stand
 * where EXAMPLE_DEPLOYMENT puts them unless `at` moves them; units a changed Deployment List
 * no longer has are left out.
 */
export const arena = (at: Spot[] = [], setup: ArenaSetup = {}): Game => {
  const game = new Game();
  const example = exampleScenario();
  const armies = { ...example.armies, red: { ...example.armies.red, ...setup.red } };
  const scenario = { mission: { ...ARENA, ...setup.mission }, factions: setup.factions ?? example.factions, armies };
  const first = setup.first ?? 'red';
  const options = { firstPlayer: first, rules: scenario, ...(setup.deadlines ? { deadlines: setup.deadlines } : {}) };
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  for (const s of first === 'blue' ? (['blue', 'red'] as const) : (['red', 'blue'] as const)) {
    const present = new Set(rules(game).units.flatMap((u) => (u.seat === s ? [u.id] : [])));
    const listed = EXAMPLE_DEPLOYMENT[s].filter((d) => present.has(d.unitId));
    // Units a changed Deployment List adds stand where `at` puts them.
    const added = at.filter((a) => present.has(a.unitId) && !listed.some((d) => d.unitId === a.unitId));
    const units = [...listed.map((d) => at.find((a) => a.unitId === d.unitId) ?? d), ...added];
    game.run({ type: 'Deploy', units }, seat(s));
  }
  return game;
};

export const unit = (game: Game, id: string) => rules(game).units.find((u) => u.id === id);

/** End phases until `phase` is open (in `who`'s turn, if given). */
export const toPhase = (game: Game, phase: Phase, who?: Seat): void => {
  for (let i = 0; i < 20 && (rules(game).phase !== phase || (who && rules(game).activeSeat !== who)); i += 1) {
    game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat));
  }
};

/** End phases until `who`'s next turn starts; the events that started it. */
export const passTo = (game: Game, who: Seat): readonly DomainEvent[] => {
  const turn = rules(game).turn;
  let events: readonly DomainEvent[] = [];
  for (let i = 0; i < 20 && (rules(game).turn === turn || rules(game).activeSeat !== who); i += 1) {
    events = game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat));
  }
  return events;
};

/** given(events): facts appended to the log as the store would hold them. */
export const given = (game: Game, ...events: PgEvent[]): void => {
  game.log.push(
    ...sealBatch(game.log.at(-1) ?? null, events, {
      gameId: GAME_ID,
      at: '2026-01-01T00:00:00.000Z',
      actor: 'system',
      commandId: `given-${game.log.length}`,
      rulesVersion: 'test',
      command: null,
    }),
  );
};

type DataOf<T extends PgEvent['type']> = Extract<PgEvent, { type: T }>['data'];

/** The first event of a type in a decision, with its data typed. */
export const eventData = <T extends PgEvent['type']>(events: readonly DomainEvent[], type: T): DataOf<T> =>
  must(events.find((e) => e.type === type)).data as DataOf<T>;

type BuildingSheet = Faction['buildings'][string];

/** The example factions with one of a faction's building datasheets changed. */
export const withBuilding = (
  faction: 'vanguard' | 'scrap-horde',
  id: string,
  change: (s: BuildingSheet) => BuildingSheet,
  factions: Record<string, Faction> = exampleScenario().factions,
): Record<string, Faction> => {
  const f = must(factions[faction]);
  return { ...factions, [faction]: { ...f, buildings: { ...f.buildings, [id]: change(must(f.buildings[id])) } } };
};

/** The example factions with one of a faction's unit datasheets changed. */
export const withUnit = (
  faction: 'vanguard' | 'scrap-horde',
  id: string,
  change: (s: UnitSheet) => UnitSheet,
  factions: Record<string, Faction> = exampleScenario().factions,
): Record<string, Faction> => {
  const f = must(factions[faction]);
  return { ...factions, [faction]: { ...f, units: { ...f.units, [id]: change(must(f.units[id])) } } };
};
