import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { viewGame } from '../../domain/match/view.ts';
import { deploymentCost, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import { pgOptionsSchema } from '../../domain/post-galactica/options.ts';
import { supplyMax, workerLimit } from '../../domain/post-galactica/workers.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { must, rules } from '../support/post-galactica.ts';

const RULESETS = everyRuleset();

const EXAMPLE = exampleScenario();

const stepKey = (game: Game): string | null => {
  const s = game.state;
  return s.status === 'empty' ? null : (s.step?.key ?? null);
};

const created = (ruleOptions: unknown, extra: Record<string, unknown> = {}): Game => {
  const game = new Game();
  game.run(
    { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: ruleOptions, ...extra } },
    player('p_red'),
  );
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

const example = (): Game => {
  const game = created({ scenario: 'example' });
  game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.red] }, seat('red'));
  game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.blue] }, seat('blue'));
  return game;
};

const vanguard = EXAMPLE.factions.vanguard;

describe('datasheets as options', () => {
  it('accepts no options (the bare turn sequence), the example scenario, and a full scenario', () => {
    expect(pgOptionsSchema.safeParse({}).success).toBe(true);
    expect(pgOptionsSchema.safeParse({ scenario: 'example' }).success).toBe(true);
    expect(pgOptionsSchema.safeParse({ mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies: EXAMPLE.armies }).success).toBe(true);
  });
  it('refuses a mission without armies, and an army of an unknown faction', () => {
    expect(pgOptionsSchema.safeParse({ mission: EXAMPLE.mission }).success).toBe(false);
    const armies = { ...EXAMPLE.armies, blue: { ...EXAMPLE.armies.blue, faction: 'elves' } };
    const parsed = pgOptionsSchema.safeParse({ mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies });
    expect(parsed.error?.issues[0]?.message).toBe(`blue's faction "elves" is not among the factions`);
  });
  it('refuses a datasheet that breaks the unit profile (Body Value 0)', () => {
    const bad = {
      ...vanguard,
      units: { ...vanguard.units, 'vanguard-troopers': { ...must(vanguard.units['vanguard-troopers']), bodyValue: 0 } },
    };
    const game = new Game();
    game
      .when(
        {
          type: 'CreateGame',
          ruleset: 'post-galactica',
          options: { rules: { mission: EXAMPLE.mission, factions: { ...EXAMPLE.factions, vanguard: bad }, armies: EXAMPLE.armies } },
        },
        player('p1'),
      )
      .thenRejects('MATCH', 'BAD_OPTIONS');
  });
});

describe('with no options', () => {
  it('PG-4 the game is the bare turn sequence: no units, no deployment step, phases still advance', () => {
    const game = created({});
    expect(stepKey(game)).toBe('t1-command');
    expect(rules(game).units).toEqual([]);
    expect(game.run({ type: 'EndPhase' }, seat('red'))).toEqual([{ type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } }]);
  });
});

describe('deployment', () => {
  it('PG-4 with armies each seat deploys in turn order (steps deploy-red, deploy-blue) before the first turn', () => {
    const game = created({ scenario: 'example' });
    expect(stepKey(game)).toBe('deploy-red');
    game.when({ type: 'EndPhase' }, seat('red')).thenRejects('PG-4', 'DEPLOYING');
    game.when({ type: 'Deploy', units: [] }, seat('blue')).thenRejects('PG-4', 'NOT_YOUR_TURN');
    game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.red] }, seat('red'));
    expect(stepKey(game)).toBe('deploy-blue');
    const events = game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.blue] }, seat('blue'));
    expect(events.map((e) => e.type)).toEqual(['UnitsDeployed', 'TurnStarted', 'PhaseStarted', 'FactionResourcesGained']);
    expect(stepKey(game)).toBe('t1-command');
    expect(rules(game)).toMatchObject({ activeSeat: 'red', phase: 'command', round: 1, turn: 1, deploying: null });
  });
  it('PG-5 the seat chosen after the roll-off deploys first and takes the first turn', () => {
    const game = created({ scenario: 'example' }, { firstPlayer: 'blue' });
    expect(stepKey(game)).toBe('deploy-blue');
    game.run({ type: 'Deploy', units: [], auto: true }, seat('blue'));
    game.run({ type: 'Deploy', units: [], auto: true }, seat('red'));
    expect(rules(game)).toMatchObject({ activeSeat: 'blue', turnOrder: ['blue', 'red'] });
  });
  it('PG-20 each player begins with one Command Center', () => {
    const state = rules(example());
    for (const s of ['red', 'blue']) {
      const centers = state.units.filter((u) => u.seat === s && u.datasheet === 'command-center');
      expect(centers).toHaveLength(1);
      expect(centers[0]).toMatchObject({ id: `${s}-cc`, original: true, complete: true });
    }
  });
  describe('with Command Center datasheets that give no Supply of their own', () => {
    // The datasheets give the Command Center no Supply: the 5 must come from the rule (7.7).
    const silent = (f: Faction, supplyProvided?: number) => {
      const { supplyProvided: _, ...sheet } = must(f.buildings[f.commandCenter]);
      const cc = { ...sheet, cohesion: 17, constructionCounters: 3, ...(supplyProvided === undefined ? {} : { supplyProvided }) };
      return { ...f, buildings: { ...f.buildings, [f.commandCenter]: cc } };
    };
    const armies = { red: { ...EXAMPLE.armies.red, purchasedWorkers: 0 }, blue: { ...EXAMPLE.armies.blue, purchasedWorkers: 0 } };
    const start = (redSupply?: number) => {
      const factions = { vanguard: silent(vanguard, redSupply), 'scrap-horde': silent(EXAMPLE.factions['scrap-horde']) };
      const game = created({ mission: EXAMPLE.mission, factions, armies });
      game.run({ type: 'Deploy', auto: true }, seat('red'));
      game.run({ type: 'Deploy', auto: true }, seat('blue'));
      return rules(game);
    };
    it('PG-20 the Command Center provides 5 maximum Supply', () => {
      const state = start();
      expect([supplyMax(state, 'red'), supplyMax(state, 'blue')]).toEqual([5, 5]);
    });
    it('PG-20 5 is what a Command Center normally provides: a datasheet may say otherwise', () => {
      const state = start(8);
      expect([supplyMax(state, 'red'), supplyMax(state, 'blue')]).toEqual([8, 5]);
    });
  });
  it('PG-20 a Deploy that leaves out the Command Center is refused', () => {
    const game = created({ scenario: 'example' });
    const v = game
      .when({ type: 'Deploy', units: EXAMPLE_DEPLOYMENT.red.filter((u) => u.unitId !== 'red-cc') }, seat('red'))
      .thenRejects('PG-20', 'INCOMPLETE_DEPLOYMENT');
    expect(v.message).toBe('Place every unit of your Deployment List (or send auto: true); not placed: Command Center (red-cc).');
  });
  it('PG-16 the 3 free Workers and each purchased one are placed at deployment', () => {
    const state = rules(example());
    expect(state.units.filter((u) => u.seat === 'red' && u.datasheet === 'engineer').map((u) => u.id)).toEqual([
      'red-worker-1',
      'red-worker-2',
      'red-worker-3',
      'red-worker-4',
    ]);
  });
  it('PG-4 a unit must be deployed wholly inside its zone and clear of impassable terrain', () => {
    const game = created({ scenario: 'example' });
    const outside = EXAMPLE_DEPLOYMENT.red.map((u) => (u.unitId === 'red-vanguard-troopers-1' ? { ...u, x: 11.5 } : u));
    const v = game.when({ type: 'Deploy', units: outside }, seat('red')).thenRejects('PG-4', 'OUTSIDE_ZONE');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) at (11.5, 14) is not wholly inside your deployment zone.');
    const stacked = EXAMPLE_DEPLOYMENT.red.map((u) => (u.unitId === 'red-vanguard-troopers-1' ? { ...u, x: 6, y: 19 } : u));
    game.when({ type: 'Deploy', units: stacked }, seat('red')).thenRejects('PG-9', 'ILLEGAL_PLACEMENT');
  });
  it('auto: true places the units not listed, and a missed deployment deadline does the same', () => {
    const game = created({ scenario: 'example' }, { deadlines: { default: 'PT1H' } });
    const system: Actor = { kind: 'system' };
    const decision = decideGame(
      game.state,
      { type: 'DeadlineReached', phaseKey: 'deploy-red' },
      { rulesets: RULESETS, now: '2026-01-01T01:00:00.000Z', actor: system, seed: TEST_SEED },
      'g_test',
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    const deployed = decision.events[1] as { type: string; data: { automatic: boolean; placements: unknown[] } };
    expect(deployed.type).toBe('UnitsDeployed');
    expect(deployed.data.automatic).toBe(true);
    expect(deployed.data.placements).toHaveLength(8);
    expect(deployed.data.placements[0]).toEqual({ unitId: 'red-cc', x: 3, y: 3 });
  });
});

describe('Deployment Points', () => {
  it('PG-15 a Command Center costs no Deployment Points', () => {
    const cost = deploymentCost(EXAMPLE.armies.red, vanguard);
    expect(cost.lines[0]).toEqual({ item: 'Command Center', points: 0, rule: 'PG-15' });
    expect(cost.total).toBe(30 + 30 + 40 + 10);
  });
  it("PG-16 up to 3 Workers are free; each purchased Worker capacity costs the Worker's points", () => {
    expect(deploymentCost({ ...EXAMPLE.armies.red, purchasedWorkers: 0 }, vanguard).total).toBe(100);
    expect(deploymentCost({ ...EXAMPLE.armies.red, purchasedWorkers: 2 }, vanguard).total).toBe(120);
  });
  it("PG-16 a Deployment List over the mission's Deployment Points is refused at game creation", () => {
    const armies = { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, purchasedWorkers: 3 } };
    const v = new Game()
      .when(
        {
          type: 'CreateGame',
          ruleset: 'post-galactica',
          options: { rules: { mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies } },
        },
        player('p1'),
      )
      .thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain("PG-16: red's Deployment List costs 130 Deployment Points");
    expect(v.message).toContain('but the mission allows 120');
  });
  it("PG-16 a purchased Worker raises the Worker Limit to 4 (the text's example)", () => {
    const state = rules(example());
    expect(workerLimit(state, 'red')).toBe(4);
    const bare = created({
      mission: EXAMPLE.mission,
      factions: EXAMPLE.factions,
      armies: { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, purchasedWorkers: 0 } },
    });
    expect(workerLimit(rules(bare), 'red')).toBe(3);
  });
});

describe('the example scenario', () => {
  it('PG-14 plays out of the box: gathering every Resource Phase, it ends at its round limit of 6', () => {
    const game = example();
    for (let i = 0; i < 200 && game.state.status === 'playing'; i += 1) {
      const r = rules(game);
      if (r.phase === 'resource') game.run({ type: 'Gather' }, seat(r.activeSeat));
      game.run({ type: 'EndPhase' }, seat(r.activeSeat));
    }
    expect(game.state).toMatchObject({
      status: 'ended',
      result: { winner: null, reason: '6 rounds played; Victory Points red 0, blue 0' },
    });
    const state = rules(game);
    expect(state.players.red?.resources).toEqual({ carbon: 200 + 6 * 20, crystal: 50, faction: 6 });
    expect(state.players.blue?.resources).toEqual({ carbon: 200 + 6 * 20, crystal: 50, faction: 12 });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('the view', () => {
  it("shows every seat the same board: units with models and position, each player's economy", () => {
    const game = example();
    const view = viewGame(RULESETS, game.state, 'blue')?.game as {
      activeSeat: string;
      phase: string;
      units: { id: string; models: number; x: number; cohesion: number }[];
      players: Record<
        string,
        { supply: { used: number; max: number }; workers: { count: number; limit: number }; resources: { carbon: number } }
      >;
    };
    expect(view.activeSeat).toBe('red');
    expect(view.units.find((u) => u.id === 'red-vanguard-troopers-1')).toMatchObject({ models: 3, cohesion: 6, x: 10 });
    expect(view.players.red).toMatchObject({ supply: { used: 4, max: 5 }, workers: { count: 4, limit: 4 }, resources: { carbon: 200 } });
  });
});

describe('the example scenario in the log', () => {
  it('is expanded into the GameCreated event, so the log alone holds every number the game is played with', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { rules: { scenario: 'example' } } }, player('p_red'));
    const rules = (must(game.log[0]).data as { options: { rules: Record<string, unknown> } }).options.rules;
    expect(Object.keys(rules).sort()).toEqual(['armies', 'factions', 'mission']);
    expect(rules.mission).toEqual(EXAMPLE.mission);
  });
});
