/**
 * Set-ups several Post Galactica rule test files share, on top of post-galactica.ts: costs,
 * a game opened at a phase, facts given (a unit destroyed, a unit's statuses), the context a
 * rules function gets when called directly, a game still deploying, a Carrier datasheet, and
 * the factions the action tests play (a Command Center that researches, Engineers that
 * salvage, Troopers with an activated ability).
 */
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { type Faction, unitSheetSchema } from '../../domain/post-galactica/datasheets.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { postGalacticaFold } from '../../domain/post-galactica/fold.ts';
import type { StatusState } from '../../domain/post-galactica/terms.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { ctxFor, Game, player, seat } from './decider-spec.ts';
import {
  ARENA,
  type ArenaSetup,
  arena,
  given,
  type Mission,
  must,
  rules,
  type Spot,
  TROOPERS,
  toPhase,
  unit,
  withBuilding,
  withUnit,
} from './post-galactica.ts';

const EXAMPLE = exampleScenario();

/** A cost or gain of nothing. */
export const NONE = { carbon: 0, crystal: 0, faction: 0 };
/** A cost or gain of Carbon only. */
export const CARBON = (carbon: number) => ({ ...NONE, carbon });
/** A research item invented here (the example lists none): 50 Carbon, 2 counters. */
export const PLASMA_TUNING = { name: 'Plasma Tuning', cost: CARBON(50), counters: 2 };

/** The arena with `at` and `setup`, opened at `phase` of the first player's turn. */
export const inPhase = (phase: Parameters<typeof toPhase>[1], at: Spot[] = [], setup: ArenaSetup = {}): Game => {
  const game = arena(at, setup);
  toPhase(game, phase);
  return game;
};

/** given: these units are destroyed (as an attack would leave them). */
export const destroyed = (game: Game, ...unitIds: string[]): void => {
  for (const id of unitIds) given(game, destroyUnit(rules(game), must(unit(game, id)), 'given'));
};

/** given: a unit stands at `cohesion` with these statuses, as a status source or damage would have left it. */
export const standing = (unitId: string, cohesion: number, statuses: StatusState[] = []): PgEvent => ({
  type: 'StatusesResolved',
  data: { seat: 'blue', chosenBy: 'default', results: [{ unitId, status: 'given', effect: 'given', cohesion, statuses }], rule: 'PG-13' },
});

/** The context a rules function called directly gets; `who: null` is the system, never a player's command. */
export const rulesContext = (who: string | null = 'red'): RulesContext => ({
  ctx: ctxFor(who === null ? { kind: 'system' } : seat(who)),
  dice: scriptedDice([]),
  seat: who,
  salt: (label) => label,
  rulesVersion: postGalacticaFold.rulesVersion,
});

/** Changes to the example scenario in the arena. */
export interface ScenarioChange {
  /** Changes to the arena mission, as a client may send them: undefined leaves a field out. */
  readonly mission?: { readonly [K in keyof Mission]?: Mission[K] | undefined };
  readonly factions?: Record<string, Faction>;
  readonly armies?: Record<string, unknown>;
}
/** The example armies in the arena (each half of the battlefield a deployment zone), with changes. */
export const arenaScenario = (s: ScenarioChange = {}) => ({
  mission: { ...ARENA, ...s.mission },
  factions: s.factions ?? EXAMPLE.factions,
  armies: s.armies ?? EXAMPLE.armies,
});
/** CreateGame of the arena scenario with these changes, red first. */
export const createArena = (s: ScenarioChange = {}) =>
  ({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: arenaScenario(s) } }) as const;
/** Both seats joined, red to deploy first; nothing is deployed yet. */
export const deploying = (s: ScenarioChange = {}): Game => {
  const game = new Game();
  game.run(createArena(s), player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

/** A Vanguard Carrier: `Transport 4`, Load and Unload, a 1.5" base, 1 Cohesion (as `change` says otherwise). */
export const carrierSheet = (change: Partial<Faction['units'][string]> = {}): Faction['units'][string] => ({
  ...unitSheetSchema.parse({
    name: 'Carrier',
    movement: 8,
    cohesion: 1,
    bodyValue: 1,
    rangedSkill: 0,
    meleeSkill: 0,
    keywords: ['Vehicle', 'Transport 4'],
    actions: ['Load', 'Unload'],
    baseRadius: 1.5,
  }),
  ...change,
});
/** The example factions with `sheet` as the Vanguard's `carrier`, and red's list with `count` Carriers (red-carrier-1, …). */
export const withCarriers = (sheet: Faction['units'][string], count = 1) => {
  const vanguard = EXAMPLE.factions.vanguard;
  const factions: Record<string, Faction> = {
    ...EXAMPLE.factions,
    vanguard: { ...vanguard, units: { ...vanguard.units, carrier: sheet } },
  };
  const red = { units: [...EXAMPLE.armies.red.units, ...Array.from({ length: count }, () => ({ datasheet: 'carrier' }))] };
  return { factions, red };
};

// The factions the action tests play: the example's, with a Command Center that may Research
// Plasma Tuning, Engineers that may Salvage and Vanguard Troopers with Stim Packs, an activated
// ability that applies Regenerating and recharges over 2 counters.
const researching = withBuilding('vanguard', 'command-center', (cc) => ({
  ...cc,
  actions: [...cc.actions, 'Research'],
  research: { 'plasma-tuning': PLASMA_TUNING },
}));
const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }), researching);
export const ACTION_FACTIONS: Record<string, Faction> = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({
    ...t,
    actions: [...t.actions, 'Activate Ability'],
    abilities: [{ name: 'Stim Packs', cost: NONE, recharge: 2, status: { name: 'Regenerating', duration: 1 } }],
  }),
  salvaging,
);
/** The action factions with the Vanguard faction's own fields changed (income, faction abilities). */
export const vanguardWith = (change: Partial<Faction>, base: Record<string, Faction> = ACTION_FACTIONS): Record<string, Faction> => ({
  ...base,
  vanguard: { ...must(base.vanguard), ...change },
});
/** The arena with `at`, playing `factions` (the action factions by default), in red's first Action Phase. */
export const acting = (at: Spot[] = [], factions: Record<string, Faction> = ACTION_FACTIONS): Game => inPhase('action', at, { factions });

export const STIM = { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' } as const;
export const RESEARCH = { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' } as const;
export const PRODUCE = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;

/** The data of the countdowns a batch of events completed (PG-7). */
export const completions = (events: readonly DomainEvent[]) => events.filter((e) => e.type === 'CountdownCompleted').map((e) => e.data);

// The factions the countdown tests play: the Command Center may also train Vanguard Troopers,
// which take 1 production counter (the Barracks keeps its 2 construction counters); the
// mission gives carbon enough to build and train at once.
export const TRAINING_FACTIONS = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({ ...t, productionCounters: 1 }),
  withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, produces: ['engineer', 'vanguard-troopers'] })),
);
export const RICH = { startingResources: { carbon: 1000, crystal: 50, faction: 0 } };
export const TRAIN_TROOPERS = { type: 'Produce', buildingId: 'red-cc', datasheet: 'vanguard-troopers' } as const;
/** The Barracks (2" radius) at (8, 25.2): its edge is 0.9" from red-worker-1 at (8, 28.6). */
export const BUILD_BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.2 } as const;
/** The rich arena playing `factions` (the training factions by default), in red's first Action Phase. */
export const training = (factions: Record<string, Faction> = TRAINING_FACTIONS, at: Spot[] = []): Game =>
  inPhase('action', at, { factions, mission: RICH });

/** A game with no options: the bare turn sequence, with no battlefield and no units. */
export const bare = (): Game => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: {} } }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

/** `game` with its phases ended up to the first player's Action Phase. */
export const toAction = (game: Game): Game => {
  toPhase(game, 'action');
  return game;
};

/** The game `g` in red's next Status Phase, with these facts given in blue's turn before it. */
export const toRedStatus = (g: Game, ...facts: PgEvent[]): Game => {
  toPhase(g, 'command', 'blue');
  given(g, ...facts);
  toPhase(g, 'status', 'red');
  return g;
};

/** The state of the arena (its mission changed by `mission`) in red's first Resource Phase. */
export const inResource = (mission: Partial<Mission> = {}) => rules(inPhase('resource', [], { mission }));
