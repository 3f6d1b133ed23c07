/**
 * The readings of 7.7 (issue 26), pg-0.7.0: a player begins with one Command Center and may
 * list no other (PG-20); a Command Center is built by a Worker, never trained, and any
 * datasheet with the keyword counts against the limit (PG-21, PG-15); a Command Center trains
 * Workers unless its datasheet says otherwise (PG-20); and with no active one nothing is
 * constructed or produced but its rebuild (PG-23). Decisions changed at pg-0.7.0 are shown
 * under both versions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { commandCenterLimit, commandCenterProblem } from '../../domain/post-galactica/command-centers.ts';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { pgOptionsAsOf, pgOptionsSchema } from '../../domain/post-galactica/options.ts';
import { sheetOf } from '../../domain/post-galactica/units.ts';
import { destroyUnit, supplyMax } from '../../domain/post-galactica/workers.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import { ageLog } from '../support/older-rules.ts';
import {
  ARENA,
  type ArenaSetup,
  arena,
  eventData,
  given,
  must,
  passTo,
  RAIDERS,
  rules,
  toPhase,
  unit,
  withBuilding,
} from '../support/post-galactica.ts';
import { bare, toAction } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();
const VANGUARD = EXAMPLE.factions.vanguard;
const typesOf = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const destroyed = (game: Game, unitId: string) => given(game, destroyUnit(rules(game), must(unit(game, unitId)), 'given'));
/** Rich, and the game goes on when the original Command Center is lost (PG-22 is not this mission's). */
const rich: ArenaSetup['mission'] = {
  startingResources: { carbon: 1000, crystal: 0, faction: 0 },
  victory: [{ type: 'roundLimit', rounds: 6 }],
};

/** A Mobile HQ: a unit datasheet with the keyword Command Center. */
const MOBILE_HQ: Faction['units'][string] = {
  ...must(VANGUARD.units['vanguard-troopers']),
  name: 'Mobile HQ',
  keywords: ['Command Center', 'Vehicle'],
  deploymentCost: 0,
};
/** A Forward HQ: a second building datasheet with the keyword Command Center, and no `produces` of its own. */
const { produces: _, ...FORWARD_HQ } = {
  ...must(VANGUARD.buildings['command-center']),
  name: 'Forward HQ',
  cost: { carbon: 100, crystal: 0, faction: 0 },
  constructionCounters: 1,
  baseRadius: 2,
};
/** The example factions, Vanguard with more datasheets; as options input, where a building may leave out `produces`. */
const vanguardWith = (units: Faction['units'], buildings: Record<string, unknown> = {}): Record<string, Faction> =>
  ({
    ...EXAMPLE.factions,
    vanguard: { ...VANGUARD, units: { ...VANGUARD.units, ...units }, buildings: { ...VANGUARD.buildings, ...buildings } },
  }) as Record<string, Faction>;
const created = (rulesOptions: unknown) =>
  new Game().when({ type: 'CreateGame', ruleset: 'post-galactica', options: { rules: rulesOptions } }, player('p1'));

/** The game as a pg-0.6.0 server recorded it: GameCreated and every envelope name that version. */
const underPg060 = (game: Game): Game => {
  game.log = ageLog(game.log, 'pg-0.6.0');
  return game;
};

describe('a second Command Center at the start (PG-20, PG-15)', () => {
  it('PG-20 a unit datasheet with the keyword Command Center listed in the Deployment List is refused at creation, naming the rule', () => {
    const armies = { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, units: [...EXAMPLE.armies.red.units, { datasheet: 'mobile-hq' }] } };
    const v = created({ mission: ARENA, factions: vanguardWith({ 'mobile-hq': MOBILE_HQ }), armies }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain(
      'PG-20: red begins with one Command Center (red-cc); Mobile HQ is a Command Center and may not be listed in the Deployment List',
    );
    expect(v.message).toContain('at armies.red.units[3]');
  });
  it('PG-20 the same datasheet in the faction but not listed is no Command Center in play, and the game is created', () => {
    const factions = vanguardWith({ 'mobile-hq': MOBILE_HQ });
    expect(typesOf(created({ mission: ARENA, factions, armies: EXAMPLE.armies }).events)).toEqual(['GameCreated']);
  });
});

describe('a Command Center trained or built later (PG-21, PG-15)', () => {
  it('PG-21 a building that would train a Command Center is refused at creation: a Worker builds one, nothing trains one', () => {
    const barracks = must(VANGUARD.buildings.barracks);
    const factions = vanguardWith({ 'mobile-hq': MOBILE_HQ }, { barracks: { ...barracks, produces: ['vanguard-troopers', 'mobile-hq'] } });
    const v = created({ mission: ARENA, factions, armies: EXAMPLE.armies }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain(
      'PG-21: Barracks produces Mobile HQ, a Command Center; a Command Center is built (or rebuilt) by a Worker, not trained',
    );
  });
  const FORWARD = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'forward-hq', x: 8, y: 25.5 } as const;
  const withForwardHq: ArenaSetup = { factions: vanguardWith({}, { 'forward-hq': FORWARD_HQ }), mission: rich };
  it('PG-15 PG-21 a Command Center of another datasheet built later counts against the limit of 1 while the first is active', () => {
    const game = arena([], withForwardHq);
    toPhase(game, 'action');
    const v = game.when(FORWARD, seat('red')).thenRejects('PG-21', 'COMMAND_CENTER_LIMIT');
    expect(v.message).toBe('You control 1 active Command Center; the limit is 1, so no new one may be begun.');
  });
  it('PG-21 PG-20 with the first one lost it is a rebuild: begun by a Worker, and once complete it provides 5 Supply and trains Workers', () => {
    const game = arena([], withForwardHq);
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    expect(eventData(game.run(FORWARD, seat('red')), 'ConstructionStarted')).toMatchObject({ unitId: 'red-forward-hq-1', rule: 'PG-21' });
    passTo(game, 'red');
    const state = rules(game);
    expect(unit(game, 'red-forward-hq-1')?.complete).toBe(true);
    expect(sheetOf(state, must(unit(game, 'red-forward-hq-1'))).produces).toEqual(['engineer']);
    expect(supplyMax(state, 'red')).toBe(5);
  });
});

describe('a Command Center trains Workers (PG-20)', () => {
  const ccWithout = (produces?: string[]) =>
    withBuilding('vanguard', 'command-center', (cc) => {
      const { produces: _, ...rest } = cc;
      return (produces ? { ...rest, produces } : rest) as typeof cc;
    });
  const training = (produces?: string[]) => {
    const game = arena([], { factions: ccWithout(produces), red: { purchasedWorkers: 0 } });
    destroyed(game, 'red-worker-1');
    toPhase(game, 'action');
    return game;
  };
  const TRAIN = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;
  it("PG-20 a Command Center datasheet that names nothing it produces trains the faction's Worker, and the log holds it", () => {
    const game = training();
    const createdEvent = game.log.find((e) => e.type === 'GameCreated')?.data as {
      options: { rules: { factions: Record<string, Faction> } };
    };
    expect(createdEvent.options.rules.factions.vanguard?.buildings['command-center']?.produces).toEqual(['engineer']);
    expect(createdEvent.options.rules.factions.vanguard?.buildings.barracks?.produces).toEqual(['vanguard-troopers']);
    expect(typesOf(game.run(TRAIN, seat('red')))).toEqual(['ProductionStarted']);
  });
  it('PG-20 "normally": a datasheet with produces: [] says otherwise and trains nothing', () => {
    const v = training([]).when(TRAIN, seat('red')).thenRejects('PG-10', 'CANNOT_PRODUCE');
    expect(v.message).toBe('Command Center (red-cc) produces nothing, not "engineer".');
  });
});

describe('with no active Command Center (PG-23)', () => {
  const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.5 } as const;
  const REBUILD = { type: 'Construct', unitId: 'red-worker-2', datasheet: 'command-center', x: 3, y: 29 } as const;
  // A Barracks that provides Supply, so that production is not refused for want of it once the Command Center is lost.
  const factions = withBuilding('vanguard', 'barracks', (b) => ({ ...b, supplyProvided: 10 }));
  const ccLost = () => {
    const game = arena([], { mission: rich, factions });
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    return game;
  };
  /** A complete Barracks beside red's Workers, as its construction would have left it. */
  const barracksBuilt = (game: Game) => {
    const built: PgEvent[] = [
      {
        type: 'ConstructionStarted',
        data: {
          ...{ seat: 'red', countdownId: 'cd-9', unitId: 'red-barracks-1', datasheet: 'barracks', builderId: 'red-worker-1' },
          ...{ x: 8, y: 25.5, cost: { carbon: 0, crystal: 0, faction: 0 }, counters: 1, placedTurn: 0, rule: 'PG-7' },
        },
      },
      {
        type: 'CountdownCompleted',
        data: {
          ...{ seat: 'red', countdownId: 'cd-9', kind: 'construction', label: 'Barracks', unitId: 'red-barracks-1' },
          ...{ position: { x: 8, y: 25.5 }, rule: 'PG-7' },
        },
      },
    ];
    given(game, ...built);
    return game;
  };
  const TROOPERS_AT_BARRACKS = { type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' } as const;

  it('PG-23 a Worker may not begin a Barracks: a Command Center enables construction', () => {
    const v = ccLost().when(BARRACKS, seat('red')).thenRejects('PG-23', 'NO_COMMAND_CENTER');
    expect(v.message).toBe(
      'Constructing a Barracks needs an active Command Center, which enables construction and production; rebuild your Command Center first.',
    );
  });
  it('PG-23 PG-21 the Command Center itself may be rebuilt (7.8), and while it is under construction it is not active yet', () => {
    const game = ccLost();
    expect(typesOf(game.run(REBUILD, seat('red')))).toEqual(['ConstructionStarted']);
    game.when(BARRACKS, seat('red')).thenRejects('PG-23', 'NO_COMMAND_CENTER');
  });
  it('PG-23 a Barracks may not begin production: a Command Center enables production', () => {
    const game = barracksBuilt(ccLost());
    const v = game.when(TROOPERS_AT_BARRACKS, seat('red')).thenRejects('PG-23', 'NO_COMMAND_CENTER');
    expect(v.message).toBe(
      'Producing Vanguard Troopers needs an active Command Center, which enables construction and production; rebuild your Command Center first.',
    );
  });
  it('PG-23 with the Command Center active the same Barracks is begun and produces', () => {
    const game = arena([], { mission: rich, factions });
    toPhase(game, 'action');
    expect(typesOf(game.run(BARRACKS, seat('red')))).toEqual(['ConstructionStarted']);
    const built = barracksBuilt(arena([], { mission: rich, factions }));
    toPhase(built, 'action');
    expect(typesOf(built.run(TROOPERS_AT_BARRACKS, seat('red')))).toEqual(['ProductionStarted']);
  });
  it('PG-23 PG-7 what was begun while the Command Center stood still completes after it is lost', () => {
    const game = barracksBuilt(arena([], { mission: rich, factions }));
    toPhase(game, 'action');
    game.run(TROOPERS_AT_BARRACKS, seat('red'));
    destroyed(game, 'red-cc');
    passTo(game, 'red');
    const events = passTo(game, 'red');
    expect(eventData(events, 'CountdownCompleted')).toMatchObject({ kind: 'production', unitId: 'red-vanguard-troopers-3' });
  });
  it('PG-23 under pg-0.6.0 a game keeps the old decision: a Worker begins a Barracks with no Command Center', () => {
    const game = underPg060(ccLost());
    expect(game.state).toMatchObject({ rulesVersion: 'pg-0.6.0' });
    expect(typesOf(game.when(BARRACKS, seat('red')).events)).toEqual(['ConstructionStarted']);
    const built = underPg060(barracksBuilt(ccLost()));
    expect(typesOf(built.when(TROOPERS_AT_BARRACKS, seat('red')).events)).toEqual(['ProductionStarted']);
  });
});

describe('the pg-0.6.0 reference log under pg-0.7.0 code', () => {
  it('RUL-10 PG-20 PG-23 every command of the committed pg-0.6.0 reference log re-decides exactly as recorded under its own version', () => {
    const log = parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', 'versions', 'pg-0.6.0.ndjson'), 'utf8'));
    expect(log.header.rulesVersion).toBe('pg-0.6.0');
    const result = readjudicate(log.events, { gameId: log.header.gameId, seed: log.header.seed, rulesets: everyRuleset() });
    expect(result).toMatchObject({ ok: true, checkedTo: log.events.length });
  });
});

describe('creating a game under an older rules version (RUL-10)', () => {
  /** The example's factions as a client would send them, with the Command Center's `produces` and the Engineer's `actions` left out. */
  const given = () => {
    const scenario = structuredClone(exampleScenario()) as unknown as { factions: Record<string, Faction> };
    const { factions } = scenario;
    const vanguard = factions.vanguard as unknown as {
      buildings: Record<string, Record<string, unknown>>;
      units: Record<string, Record<string, unknown>>;
    };
    delete vanguard.buildings['command-center']?.produces;
    delete vanguard.units.engineer?.actions;
    return scenario;
  };
  const parsed = () => z.parse(pgOptionsSchema, given());

  it('RUL-10 PG-19 PG-20 under pg-0.6.0 a Command Center that names nothing produces nothing and a Worker without actions has none, as that version recorded them', () => {
    const older = pgOptionsAsOf(parsed(), 'pg-0.6.0', given()).factions?.vanguard;
    expect(older?.buildings['command-center']?.produces).toEqual([]);
    expect(older?.units.engineer?.actions).toEqual([]);
  });

  it('RUL-10 PG-19 PG-20 under pg-0.7.0 the same datasheets train Workers and act as Workers normally do', () => {
    const newer = pgOptionsAsOf(parsed(), 'pg-0.7.0', given()).factions?.vanguard;
    expect(newer?.buildings['command-center']?.produces).toEqual(['engineer']);
    expect(newer?.units.engineer?.actions).toEqual(['Construct', 'Repair', 'Interact']);
  });
});

describe('RUL-9 Command Centers (PG-15, PG-21)', () => {
  const rich = { startingResources: { carbon: 1000, crystal: 0, faction: 0 } };
  const NEW_CC = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 20, y: 33 } as const;
  const WORKER = { unitId: 'red-worker-1', x: 20, y: 28.6 };
  it('RUL-9 PG-21 under pg-0.5.0 an additional Command Center still keeps 12" from a friendly one: only a rebuild was unspaced', () => {
    const game = toAction(arena([WORKER, { unitId: 'red-cc', x: 20, y: 15.01 }], { mission: { ...rich, commandCenterLimit: 2 } }));
    game.log = ageLog(game.log, 'pg-0.5.0');
    const v = game.when(NEW_CC, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_FRIENDLY_CC');
    expect(v.message).toBe('An additional Command Center must be at least 12" from Command Center (red-cc); this spot is 11.99" away.');
  });
  it('RUL-9 PG-21 a rebuild meets every placement requirement unless told it is an older game', () => {
    // The only caller (actions.ts) always says whether the game's version spaces a rebuild, so the default is asked directly.
    const game = arena([WORKER, { unitId: RAIDERS, x: 25.5, y: 33 }], { mission: rich });
    given(game, destroyUnit(rules(game), must(unit(game, 'red-cc')), 'given'));
    const state = rules(game);
    expect(commandCenterProblem(state, 'red', NEW_CC, 3)).toMatchObject({ ok: false, violation: { code: 'TOO_CLOSE_TO_ENEMY' } });
    expect(commandCenterProblem(state, 'red', NEW_CC, 3, false)).toBeNull();
  });
  it('RUL-9 PG-15 a game without a mission still has the limit of 1 active Command Center', () => {
    // Only a game with armies has a player to show the limit to (view.ts), and it has a mission: asked directly.
    expect(commandCenterLimit(rules(bare()))).toBe(1);
  });
});
