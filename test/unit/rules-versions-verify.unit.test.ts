/**
 * RUL-10: every rules version ever released stays verifiable. The reference log each version
 * recorded (test/fixtures/logs/versions, each the last one git history holds for it) passes
 * every check of `arbiter verify`, re-decided under the rules it was decided under. A rule
 * changed since switches on the game's version (`rulesSince`); each switch is shown here both
 * ways: the old decision under the old version, the new one under the new.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BoardingOrders, checkBoardingOrders, resolveBoarding } from '../../domain/gsc2/boarding.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { asPlayedUnder } from '../../domain/gsc2/versions.ts';
import { type RollRequest, scriptedDice } from '../../domain/kernel/dice.ts';
import { isNewerRulesVersion } from '../../domain/kernel/rules-version.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { keySchemeOf } from '../../domain/match/rules-context.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { type Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { battle, place, rcFor } from '../support/gsc2.ts';
import { ageLog, rechain } from '../support/older-rules.ts';
import { arena, given, must, rules, toPhase, unit } from '../support/post-galactica.ts';
import { act, mission, playing, profile, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const DIR = join(import.meta.dirname, '..', 'fixtures', 'logs', 'versions');
const FIXTURES = readdirSync(DIR)
  .filter((file) => file.endsWith('.ndjson'))
  .map((file) => file.replace(/\.ndjson$/, ''))
  .sort();
const PLAYED = readdirSync(join(DIR, 'played'))
  .filter((file) => file.endsWith('.ndjson'))
  .map((file) => file.replace(/\.ndjson$/, ''))
  .sort();
const fixture = (version: string): ParsedLog => parseLog(readFileSync(join(DIR, `${version}.ndjson`), 'utf8'));
const commandsOf = (log: ParsedLog) => log.events.filter((e) => e.command !== undefined).length;

/** The game with its whole log rewritten as a server on `version` would have recorded it (its GameCreated names it). */
const under = (game: Game, version: string): Game => {
  game.log = ageLog(game.log, version);
  return game;
};

describe('RUL-10 every released rules version', () => {
  it('RUL-10 each ruleset lists the versions it decides oldest first, its rulesVersion last', () => {
    for (const ruleset of rulesets.values()) {
      const versions = ruleset.rulesVersions;
      expect(versions.at(-1), ruleset.id).toBe(ruleset.rulesVersion);
      for (const [i, version] of versions.entries()) {
        if (i > 0) expect(isNewerRulesVersion(version, versions[i - 1] ?? ''), `${version} after ${versions[i - 1]}`).toBe(true);
      }
    }
  });

  it('RUL-10 every version a ruleset lists has its reference log, and every reference log is of a listed version', () => {
    const listed = [...rulesets.values()].flatMap((r) => r.rulesVersions).sort();
    expect(FIXTURES).toEqual(listed);
    for (const version of FIXTURES) expect(fixture(version).header.rulesVersion, version).toBe(version);
  });

  it.each(FIXTURES)('RUL-10 %s reference log re-adjudicates under its own rules', (version) => {
    const log = fixture(version);
    const results = verifyLog(log);
    expect(results.filter((r) => !r.ok).map((r) => [r.verdict, ...(r.detail ?? [])].join('\n'))).toEqual([]);
    const title = RULESETS.getRuleset(log.header.ruleset).title;
    expect(results.find((r) => r.check === 'rules')?.verdict).toBe(
      `rules: all ${commandsOf(log)} commands re-decided under ${title} ${version} give exactly the logged events`,
    );
  });

  // Played matches (moves, sealed orders, fire, damage, boarding) recorded by each version's own
  // code, its git commit checked out on its own (test/fixtures/logs/versions/README.md): what the
  // reference logs of those versions, played by deadlines alone, do not exercise.
  it.each(PLAYED)('RUL-10 %s played match, recorded by the code of that version, re-adjudicates under its own rules', (version) => {
    const log = parseLog(readFileSync(join(DIR, 'played', `${version}.ndjson`), 'utf8'));
    expect(log.header.rulesVersion).toBe(version);
    expect(
      verifyLog(log)
        .filter((r) => !r.ok)
        .map((r) => [r.verdict, ...(r.detail ?? [])].join('\n')),
    ).toEqual([]);
    expect(log.events.some((e) => ['AttackResolved', 'BeamFired'].includes(e.type))).toBe(true);
  });

  it('RUL-10 a tampered pg-0.2.0 log still fails, naming its line', () => {
    const log = fixture('pg-0.2.0');
    const k = log.events.findIndex((e) => e.type === 'FactionResourcesGained');
    expect(k).toBeGreaterThan(0);
    const event = must(log.events[k]);
    const data = event.data as { gained: Record<string, number> };
    const edited = rechain(log.events.map((e, i) => (i === k ? { ...e, data: { ...data, gained: { ...data.gained, faction: 99 } } } : e)));
    const results = verifyLog({ ...log, events: edited });
    expect(results.find((r) => r.check === 'chain')?.ok).toBe(true);
    const rulesCheck = results.find((r) => r.check === 'rules');
    expect(rulesCheck).toMatchObject({ ok: false, line: k + 2 });
    expect(rulesCheck?.verdict).toMatch(
      new RegExp(`^rules: line ${k + 2} differs from what the rules decide for the command at line \\d+$`),
    );
  });

  it('RUL-10 an older log is state-checked on every member its server reported: one changed in its header fails, named', () => {
    const log = fixture('pg-0.2.0');
    const state = log.header.state as { version: number };
    const check = (header: ParsedLog['header']) => verifyLog({ ...log, header }).find((r) => r.check === 'state');
    expect(check(log.header)?.verdict).toBe(
      `state: the fold of the log equals the state the server reported (version ${state.version}), on every member a pg-0.2.0 server reported`,
    );
    const edited = check({ ...log.header, state: { ...state, version: state.version - 1 } });
    expect(edited).toMatchObject({ ok: false, line: 1, detail: ['  first at state.version'] });
  });

  it('RUL-10 a sol-0.1.0 roll edited and sealed again fails the dice check, naming its line, under the keys of its version', () => {
    const log = fixture('sol-0.1.0');
    const k = log.events.findIndex((e) => e.type === 'RolledOff');
    const data = must(log.events[k]).data as { rounds: { rolls: { roll: { value: number } }[] }[] };
    const first = must(must(data.rounds[0]).rolls[0]);
    const value = (first.roll.value % 6) + 1;
    const rounds = [
      { rolls: [{ ...first, roll: { ...first.roll, value } }, ...must(data.rounds[0]).rolls.slice(1)] },
      ...data.rounds.slice(1),
    ];
    const edited = rechain(log.events.map((e, i) => (i === k ? { ...e, data: { ...data, rounds } } : e)));
    const dice = verifyLog({ ...log, events: edited }).find((r) => r.check === 'dice');
    expect(dice).toMatchObject({ ok: false, line: k + 2 });
    expect(dice?.verdict).toBe(
      `dice: line ${k + 2} (event ${k + 1}, rounds[0].rolls[0].roll) records ${value} on a d6 but the seed gives ${first.roll.value}`,
    );
  });
});

describe('RUL-10 dice and salt keys (docs/design.md §6)', () => {
  it('RUL-10 the first version of each ruleset keyed them by the bare seed; the later ones, a version not listed and a ruleset not served, by label', () => {
    const scheme = (ruleset: string, version: string) => keySchemeOf(RULESETS, ruleset, version);
    expect([scheme('post-galactica', 'pg-0.2.0'), scheme('soluna', 'sol-0.1.0'), scheme('gsc2', 'gsc2-0.1.0')]).toEqual([
      'bare',
      'bare',
      'bare',
    ]);
    expect([scheme('post-galactica', 'pg-0.3.0'), scheme('soluna', 'sol-0.2.0'), scheme('gsc2', 'gsc2-0.4.0')]).toEqual([
      'labelled',
      'labelled',
      'labelled',
    ]);
    expect(scheme('post-galactica', 'pg-0.0.1')).toBe('labelled');
    // verify reads logs from anywhere, so a log may name a ruleset this build does not serve.
    expect(scheme('chess', 'chess-1.0.0')).toBe('labelled');
  });

  it('RUL-10 the pg-0.2.0 reference game is another game under the newest rules: they decide it differently', () => {
    const log = fixture('pg-0.2.0');
    const newest = RULESETS.getRuleset('post-galactica').rulesVersion;
    const result = readjudicate(log.events, { gameId: log.header.gameId, seed: log.header.seed, rulesets: RULESETS, under: newest });
    expect(result.ok).toBe(false);
  });
});

/** CreateGame decided as a server would under `version` (none: the newest), its GameCreated's Post Galactica options. */
const createdOptions = (options: unknown, version?: string) => {
  const command = { type: 'CreateGame', ruleset: 'post-galactica', options: { rules: options } } as GameCommand;
  const ctx = { rulesets: RULESETS, now: '2026-01-01T00:00:00.000Z', actor: player('p_red'), seed: TEST_SEED };
  const decision = decideGame(emptyGame, command, version ? { ...ctx, rulesVersion: version } : ctx, 'g_versions');
  if (!decision.ok) throw new Error(decision.violation.message);
  const created = must(decision.events[0]).data as { rulesVersion: string; options: { rules: ReturnType<typeof exampleScenario> } };
  return { version: created.rulesVersion, rules: created.options.rules };
};

describe('RUL-10 Post Galactica by version', () => {
  const EXAMPLE = exampleScenario();
  const CC = 'command-center';

  it('RUL-10 PG-10 a game created before pg-0.4.0 records its datasheets without ability, research or salvage fields; since, with them', () => {
    const old = createdOptions({ scenario: 'example' }, 'pg-0.3.0');
    expect(old.version).toBe('pg-0.3.0');
    const sheet = must(old.rules.factions.vanguard?.buildings[CC]) as Record<string, unknown>;
    expect(['abilities', 'research', 'salvageCounters'].filter((key) => key in sheet)).toEqual([]);
    expect(sheet.supplyProvided).toBe(5);
    const now = must(createdOptions({ scenario: 'example' }, 'pg-0.4.0').rules.factions.vanguard?.buildings[CC]);
    expect([now.abilities, now.research, now.salvageCounters]).toEqual([[], {}, 1]);
  });

  it('RUL-10 PG-20 before pg-0.6.0 a Command Center sheet given without supplyProvided provides 0; since, the 5 the rule gives', () => {
    const vanguard = must(EXAMPLE.factions.vanguard);
    const { supplyProvided: _given, ...cc } = must(vanguard.buildings[CC]);
    const options = {
      ...EXAMPLE,
      factions: { ...EXAMPLE.factions, vanguard: { ...vanguard, buildings: { ...vanguard.buildings, [CC]: cc } } },
    };
    expect(createdOptions(options, 'pg-0.5.0').rules.factions.vanguard?.buildings[CC]?.supplyProvided).toBe(0);
    expect(createdOptions(options).rules.factions.vanguard?.buildings[CC]?.supplyProvided).toBe(5);
  });

  it('RUL-10 PG-16 before pg-0.6.0 a Worker listed among the units is not purchased capacity; since, it is', () => {
    const listed = () =>
      arena([{ unitId: 'red-engineer-1', x: 3, y: 3 }], { red: { units: [{ datasheet: 'engineer' }], purchasedWorkers: 0 } });
    const capacity = (game: Game) => rules(game).players.red?.purchasedWorkerCapacity;
    expect(capacity(under(listed(), 'pg-0.5.0'))).toBe(0);
    expect(capacity(listed())).toBe(1);
  });

  it('RUL-10 PG-21 before pg-0.6.0 a rebuilt Command Center needed no spacing from enemy units; since, it keeps 4"', () => {
    const rebuilding = () => {
      const game = arena(
        [
          { unitId: 'red-worker-1', x: 20, y: 28.6 },
          { unitId: 'blue-raiders-1', x: 25.5, y: 33 },
        ],
        { mission: { startingResources: { carbon: 1000, crystal: 0, faction: 0 } } },
      );
      given(game, destroyUnit(rules(game), must(unit(game, 'red-cc')), 'given'));
      toPhase(game, 'action');
      return game;
    };
    const rebuild = { type: 'Construct', unitId: 'red-worker-1', datasheet: CC, x: 20, y: 33 } as const;
    rebuilding().when(rebuild, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY');
    expect(under(rebuilding(), 'pg-0.5.0').run(rebuild, seat('red'))[0]?.type).toBe('ConstructionStarted');
  });
});

describe("RUL-10 Sol'una by version", () => {
  const duel = () =>
    playing(
      mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [7, 7], leader: true })]),
    );
  const types = (events: readonly { type: string }[]) => events.map((e) => e.type);

  it('RUL-10 SOL-3 before sol-0.3.0 sealed orders had no public commitment until the reveal; since, ActionsCommitted follows at once', () => {
    const orders = submit([act('meena', { kind: 'none' })]);
    expect(types(duel().run(orders, seat('sun')))).toEqual(['ActionsSealed', 'ActionsCommitted']);
    expect(types(under(duel(), 'sol-0.2.0').run(orders, seat('sun')))).toEqual(['ActionsSealed']);
  });
});

describe('RUL-10 GSC2 by version', () => {
  /** Valiant (red cruiser, one pod, one heavy squad) at the origin; Tyrant `y` inches ahead, facing it, not moving. */
  const apart = (y: number): GscState => {
    const state = place({ ...battle(), turn: 1, step: 'boarding' }, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 0 });
    return place(state, 'tyrant', { at: { x: 0, y }, facing: 4, moved: 0 });
  };
  const pods: BoardingOrders = {
    step: 'boarding',
    actions: [{ ship: 'valiant', target: 'tyrant', method: 'pods', assault: 0, heavy: 1 }],
    sabotage: [],
  };
  const OLD = 'gsc2-0.3.0';

  it('RUL-10 GSC-15 GSC-17 before gsc2-0.3.0 a roll-under modifier was logged on the die, sign turned, and armor damage off the target; since, against the target', () => {
    const roll = (version: string, request: RollRequest) =>
      asPlayedUnder({ ...rcFor('red', [3]), rulesVersion: version }).dice.roll(request);
    const hit: RollRequest = {
      purpose: 'to hit',
      sides: 10,
      target: 5,
      compare: 'atMost',
      modifiers: [
        { applies: 'target', value: 2, rule: 'GSC-15', reason: 'target did not move' },
        { applies: 'target', value: -1, rule: 'GSC-12', reason: 'medium beam at 30", long range' },
      ],
    };
    expect(roll('gsc2-0.2.0', hit)).toMatchObject({
      modifiers: [
        { value: -2, rule: 'GSC-15', reason: 'target did not move (+2 to hit)' },
        { value: 1, rule: 'GSC-12', reason: 'medium beam at 30" (-1 to hit)' },
      ],
      total: 2,
      effectiveTarget: 5,
      success: true,
    });
    expect(roll('gsc2-0.3.0', hit)).toMatchObject({ modifiers: hit.modifiers, total: 3, effectiveTarget: 6, success: true });
    const armor: RollRequest = {
      purpose: 'armor',
      sides: 10,
      target: 6,
      compare: 'atMost',
      modifiers: [{ applies: 'target', value: -2, rule: 'GSC-17', reason: 'weapon damage 2' }],
    };
    expect(roll('gsc2-0.2.0', armor)).toMatchObject({ target: 4, modifiers: [], effectiveTarget: 4 });
    expect(roll('gsc2-0.3.0', armor)).toMatchObject({ target: 6, effectiveTarget: 4 });
  });

  it("RUL-10 GSC-23 before gsc2-0.3.0 the last seat's Repair left the step to its deadline; since, it ends the turn", () => {
    const repairing: GscState = { ...battle(), turn: 2, step: 'repairs', awaited: ['blue'] };
    const last = (version: string) => decide(repairing, { type: 'Repair', attempts: [] }, { ...rcFor('blue', []), rulesVersion: version });
    expect(last('gsc2-0.2.0')).toEqual({ ok: true, events: [{ type: 'RepairsDone', data: { seat: 'blue', rule: 'GSC-23' } }] });
    const now = last('gsc2-0.3.0');
    expect(now.ok && now.events.slice(0, 2)).toEqual([
      { type: 'RepairsDone', data: { seat: 'blue', rule: 'GSC-23' } },
      { type: 'TurnStarted', data: { turn: 3, rule: 'GSC-1' } },
    ]);
  });

  it('RUL-10 GSC-20 before gsc2-0.4.0 pods reached 6" and rammed at once; since, they launch at any range and fly', () => {
    expect(checkBoardingOrders(apart(15), 'red', pods, OLD)).toMatchObject({ violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20' } });
    expect(checkBoardingOrders(apart(15), 'red', pods, 'gsc2-0.4.0')).toBeNull();
    const old = resolveBoarding(apart(5), [{ seat: 'red', orders: pods }], scriptedDice([7, ...Array(20).fill(10)]), OLD);
    // targeting 5 + Tyrant's bow 1, one deflector -1, did not move +2 = 7: the squad lands
    expect(old[0]).toMatchObject({
      type: 'BoardersLanded',
      data: { method: 'pods', sent: { assault: 0, heavy: 1 }, landed: { assault: 0, heavy: 1 }, rule: 'GSC-20' },
    });
    const now = resolveBoarding(apart(5), [{ seat: 'red', orders: pods }], scriptedDice([7, ...Array(20).fill(10)]), 'gsc2-0.4.0');
    expect(now.map((e) => e.type).slice(0, 3)).toEqual(['PodsLaunched', 'PodMoved', 'PodRammed']);
  });
});
