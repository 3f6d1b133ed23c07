/**
 * Loading a rule system's code when a game first needs it (PERF-1). Each ruleset is its own
 * `import()`, which the Lambda bundles build as a chunk of its own, loaded on first use: a cold
 * start compiles none of them, and a container compiles only the ones its games play.
 *
 * Loading is module loading, not I/O in the domain's sense: the same code gives the same
 * answers, and the folds and the decider stay synchronous, reading only what is loaded
 * (domain/registry.ts). Only the functions that load on demand import this file; the others
 * import every ruleset at once, and their bundles carry no chunk they would never load.
 */
import type { AnyRuleset } from './kernel/ruleset.ts';
import { isLoaded, useRulesets } from './registry.ts';

/** How to load each ruleset, by the id domain/registry.ts knows it by (a test checks they agree). */
export const loaders: Readonly<Record<string, () => Promise<AnyRuleset>>> = {
  'post-galactica': async () => (await import('./post-galactica/ruleset.ts')).postGalactica,
  soluna: async () => (await import('./soluna/ruleset.ts')).soluna,
  gsc2: async () => (await import('./gsc2/ruleset.ts')).gsc2,
};

/**
 * Makes ruleset `id` available to the folds and the decider, loading it the first time; an id
 * no ruleset has loads nothing (whoever asked for it refuses it). Concurrent first calls import the
 * module once (the module loader caches it) and register the same ruleset.
 */
export const loadRuleset = async (id: string): Promise<void> => {
  const load = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
  if (load && !isLoaded(id, 'referee')) useRulesets([await load()]);
};
