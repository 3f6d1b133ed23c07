/**
 * ARC-6: rulesets are values passed to whoever needs them. This file runs in a fresh module
 * graph (the unit-isolated project) that imports every fold and every ruleset before it
 * builds anything, so a lookup that saw rule code it was not given would show here.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulesetNotLoaded, rulesetCatalogue } from '../../domain/catalogue.ts';
import { everyFold, folds } from '../../domain/folds.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { sourcesUnder, specifiersOf } from '../../scripts/import-graph.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const logOf = (ruleset: string) => parseLog(readFileSync(join(ROOT, 'test/fixtures/logs', `${ruleset}.ndjson`), 'utf8'));
const soluna = logOf('soluna');
const gsc2 = logOf('gsc2');
const system = { kind: 'system' } as const;

describe('ARC-6 rulesets as values', () => {
  it('ARC-6 with every fold and ruleset module imported, a new catalogue folds nothing until it loads, then only what it loaded', async () => {
    expect(folds.size).toBe(rulesetList.length);
    expect(rulesets.size).toBe(rulesetList.length);
    const catalogue = rulesetCatalogue(rulesetList);
    expect(() => foldGame(catalogue, soluna.events)).toThrow('the soluna ruleset is not loaded in this process');

    await catalogue.load('soluna');
    const state = foldGame(catalogue, soluna.events);
    expect(state).toMatchObject({ status: 'ended', ruleset: 'soluna', version: soluna.events.length });
    expect(viewGame(catalogue, state, null)).toEqual(soluna.header.state);
    expect(() => foldGame(catalogue, gsc2.events)).toThrow('the gsc2 ruleset is not loaded in this process');
  });

  it('ARC-6 the decider decides with the rulesets its ctx carries, and refuses a ruleset they do not hold', async () => {
    const catalogue = rulesetCatalogue(rulesetList);
    const create = { type: 'CreateGame', ruleset: 'soluna', seat: 'sun' } as const;
    const ctx = {
      rulesets: catalogue,
      now: '2026-01-01T00:00:00.000Z',
      actor: { kind: 'player', playerId: 'p_red', seat: null },
      seed: '00',
    } as const;
    expect(() => decideGame(foldGame(catalogue, []), create, ctx, 'g_1')).toThrow(RulesetNotLoaded);
    await catalogue.load('soluna');
    const decided = decideGame(foldGame(catalogue, []), create, ctx, 'g_1');
    expect(decided.ok && decided.events.map((e) => e.type)).toEqual(['GameCreated', 'SeatJoined']);
    const unknown = decideGame(foldGame(catalogue, []), { ...create, ruleset: 'chess' }, ctx, 'g_1');
    expect(unknown).toMatchObject({ ok: false, violation: { code: 'UNKNOWN_RULESET' } });
  });

  it('ARC-6 two catalogues share nothing: what one loads, the other has not', async () => {
    const one = rulesetCatalogue(rulesetList);
    const other = rulesetCatalogue(rulesetList);
    await one.load('soluna');
    await other.load('gsc2');
    expect(one.isLoaded('soluna', 'referee')).toBe(true);
    expect(one.isLoaded('gsc2', 'referee')).toBe(false);
    expect(other.isLoaded('soluna', 'fold')).toBe(false);
    expect(() => other.getFold('soluna')).toThrow(RulesetNotLoaded);
    expect(one.getRuleset('soluna')).toBe(rulesets.get('soluna'));
  });

  it('ARC-6 every fold without the referees folds and views every game, and refuses to decide one', () => {
    const foldsOnly = everyFold();
    const state = foldGame(foldsOnly, gsc2.events);
    expect(viewGame(foldsOnly, state, null)).toEqual(gsc2.header.state);
    expect(() => foldsOnly.getRuleset('gsc2')).toThrow(RulesetNotLoaded);
    const concede = decideGame(
      state,
      { type: 'Concede' },
      { rulesets: everyRuleset(), now: state.status === 'empty' ? '' : state.updatedAt, actor: system, seed: '00' },
      'g_1',
    );
    expect(concede.ok).toBe(false);
  });
});

describe('ARC-6 no hidden registry', () => {
  const ours = ['domain', 'functions', 'infra', 'scripts', 'bench', 'test'].flatMap((dir) => sourcesUnder(join(ROOT, dir)));

  it('ARC-6 no module of ours imports one of ours for its side effects alone', () => {
    const bare = /^\s*import\s*['"](\.[^'"]+)['"]/gm;
    const found = ours.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(bare)].map((m) => `${relative(ROOT, file)} imports ${m[1]}`),
    );
    expect(ours.length).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });

  it('ARC-6 no module of domain/ or functions/ keeps rule code in a module-level collection it writes to', () => {
    const topLevel = /^(?:export )?(?:const|let) (\w+)[^=\n]*= new (?:Map|Set|WeakMap)\b[^\n]*/gm;
    const written: string[] = [];
    for (const file of ours.filter((f) => /^(domain|functions)[\\/]/.test(relative(ROOT, f)))) {
      const source = readFileSync(file, 'utf8');
      for (const [line, name] of source.matchAll(topLevel)) {
        if (!/Ruleset|Fold|referee/i.test(`${line} ${name}`)) continue;
        if (new RegExp(`\\b${name}\\.(set|add|delete|clear)\\(`).test(source)) written.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(written).toEqual([]);
    // The lookups' own maps are made per lookup, inside the function that builds it.
    expect(readFileSync(join(ROOT, 'domain/catalogue.ts'), 'utf8')).not.toMatch(/^(?:export )?(?:const|let) \w+[^=\n]*= new Map/m);
    expect(specifiersOf(readFileSync(join(ROOT, 'domain/catalogue.ts'), 'utf8'))).toEqual(['./kernel/ruleset.ts']);
  });
});
