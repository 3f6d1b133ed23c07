/**
 * PERF-1: the API and the phase timer load a rule system when a game first needs it (a
 * catalogue over domain/ruleset-list.ts), so their cold start compiles none. A catalogue
 * starts with nothing loaded whatever this process has imported (ARC-6), so these run in the
 * shared module graph of the unit tier.
 */
import { describe, expect, it } from 'vitest';
import { RulesetNotLoaded, rulesetCatalogue } from '../../domain/catalogue.ts';
import { rulesetIds, rulesetList } from '../../domain/ruleset-list.ts';
import { rulesets } from '../../domain/rulesets.ts';

describe('PERF-1 rule systems loaded on first need', () => {
  it('PERF-1 before it is loaded, looking up a ruleset the service knows throws RulesetNotLoaded; an unknown id is simply unknown', () => {
    const catalogue = rulesetCatalogue(rulesetList);
    expect(rulesetIds).toEqual(['post-galactica', 'soluna', 'gsc2']);
    expect(catalogue.ids).toEqual(rulesetIds);
    for (const id of rulesetIds) {
      expect(catalogue.isLoaded(id, 'fold')).toBe(false);
      expect(() => catalogue.getFold(id)).toThrow(RulesetNotLoaded);
      expect(() => catalogue.findRuleset(id)).toThrow(`the ${id} ruleset is not loaded in this process`);
    }
    expect(catalogue.findFold('chess')).toBeUndefined();
    expect(catalogue.findRuleset('chess')).toBeUndefined();
    expect(() => catalogue.getRuleset('chess')).toThrow('unknown ruleset chess');
  });

  it('PERF-1 load loads that ruleset alone (its fold and its referee), and an unknown id loads nothing', async () => {
    const catalogue = rulesetCatalogue(rulesetList);
    await catalogue.load('soluna');
    await catalogue.load('chess');
    expect(catalogue.getRuleset('soluna').title).toBe("Sol'una");
    expect(catalogue.getFold('soluna')).toBe(catalogue.getRuleset('soluna'));
    expect(rulesetIds.filter((id) => catalogue.isLoaded(id, 'referee'))).toEqual(['soluna']);
    expect(() => catalogue.getFold('gsc2')).toThrow(RulesetNotLoaded);
  });

  it('PERF-1 concurrent first loads of the same ruleset end with one ruleset object, and loading again changes nothing', async () => {
    const catalogue = rulesetCatalogue(rulesetList);
    await Promise.all([catalogue.load('gsc2'), catalogue.load('gsc2'), catalogue.load('gsc2')]);
    const loaded = catalogue.getRuleset('gsc2');
    await catalogue.load('gsc2');
    expect(catalogue.getRuleset('gsc2')).toBe(loaded);
  });

  it('PERF-1 each entry of the list loads the very ruleset that domain/rulesets.ts holds under its id', async () => {
    const loaded = await Promise.all(rulesetList.map(async (entry) => [entry.id, await entry.load()] as const));
    for (const [id, ruleset] of loaded) expect(ruleset, id).toBe(rulesets.get(id));
  });
});
