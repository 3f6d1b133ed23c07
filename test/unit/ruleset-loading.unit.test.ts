/**
 * PERF-1: the API and the phase timer load a rule system when a game first needs it
 * (domain/ruleset-loaders.ts), so their cold start compiles none. This file runs in a fresh
 * module graph (the unit-isolated project): nothing has loaded any ruleset when it starts.
 */
import { describe, expect, it } from 'vitest';
import { findFold, findRuleset, getFold, getRuleset, isLoaded, RulesetNotLoaded, rulesetIds } from '../../domain/registry.ts';
import { loaders, loadRuleset } from '../../domain/ruleset-loaders.ts';

describe('PERF-1 rule systems loaded on first need', () => {
  it('PERF-1 before it is loaded, looking up a ruleset the service knows throws RulesetNotLoaded; an unknown id is simply unknown', () => {
    expect(rulesetIds).toEqual(['post-galactica', 'soluna', 'gsc2']);
    for (const id of rulesetIds) {
      expect(isLoaded(id, 'fold')).toBe(false);
      expect(() => getFold(id)).toThrow(RulesetNotLoaded);
      expect(() => findRuleset(id)).toThrow(`the ${id} ruleset is not loaded in this process`);
    }
    expect(findFold('chess')).toBeUndefined();
    expect(findRuleset('chess')).toBeUndefined();
    expect(() => getRuleset('chess')).toThrow('unknown ruleset chess');
  });

  it('PERF-1 loadRuleset loads that ruleset alone (its fold and its referee), and an unknown id loads nothing', async () => {
    await loadRuleset('soluna');
    await loadRuleset('chess');
    expect(getRuleset('soluna').title).toBe("Sol'una");
    expect(getFold('soluna')).toBe(getRuleset('soluna'));
    expect(rulesetIds.filter((id) => isLoaded(id, 'referee'))).toEqual(['soluna']);
    expect(() => getFold('gsc2')).toThrow(RulesetNotLoaded);
  });

  it('PERF-1 concurrent first loads of the same ruleset end with one ruleset object, and loading again changes nothing', async () => {
    await Promise.all([loadRuleset('gsc2'), loadRuleset('gsc2'), loadRuleset('gsc2')]);
    const loaded = getRuleset('gsc2');
    await loadRuleset('gsc2');
    expect(getRuleset('gsc2')).toBe(loaded);
  });

  it('PERF-1 each loader gives the very ruleset that domain/rulesets.ts lists under its id', async () => {
    const loaded = await Promise.all(rulesetIds.map(async (id) => [id, await loaders[id]?.()] as const));
    const { rulesets } = await import('../../domain/rulesets.ts');
    expect(Object.keys(loaders).sort()).toEqual([...rulesetIds].sort());
    for (const [id, ruleset] of loaded) expect(ruleset, id).toBe(rulesets.get(id));
  });
});
