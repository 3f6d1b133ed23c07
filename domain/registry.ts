/**
 * The rule systems the service knows, and which of them this process has loaded.
 *
 * Every rule system is known by id from the start, with the commands it takes, so the API can
 * refuse a command no ruleset has before it loads any. Its code (the fold, and the referee
 * that decides commands) is made available in one of two ways:
 * - all at once, by importing domain/rulesets.ts (every ruleset) or domain/folds.ts (every
 *   fold only): the tools, the documentation and the functions that fold every game do this;
 * - one at a time, when a game first needs it, through `loadRuleset` (domain/ruleset-loaders.ts):
 *   the API and the phase timer, so a cold start compiles no rule system and a container
 *   compiles only those its games play (PERF-1).
 *
 * Lookups stay synchronous, so the decider and the folds are unchanged. Looking up a ruleset
 * the service knows but this process has not loaded throws `RulesetNotLoaded`: a programming
 * error (the code that read the game should have loaded its ruleset), never an unknown ruleset.
 */
import { GSC_COMMANDS } from './gsc2/command-docs.ts';
import type { AnyRuleset, AnyRulesetFold, CommandDoc } from './kernel/ruleset.ts';
import { PG_COMMANDS } from './post-galactica/command-docs.ts';
import { SOL_COMMANDS } from './soluna/command-docs.ts';

/** Each rule system's id and the commands it takes (`GET /rulesets/{id}` lists them with their schemas). */
const known: ReadonlyMap<string, readonly CommandDoc[]> = new Map<string, readonly CommandDoc[]>([
  ['post-galactica', PG_COMMANDS],
  ['soluna', SOL_COMMANDS],
  ['gsc2', GSC_COMMANDS],
]);

/** The ids of every rule system the service referees. */
export const rulesetIds: readonly string[] = [...known.keys()];

/** The commands rule system `id` takes; empty for an unknown id. */
export const commandDocsOf = (id: string): readonly CommandDoc[] => known.get(id) ?? [];

/** A rule system the service knows, looked up before this process loaded it. */
export class RulesetNotLoaded extends Error {
  constructor(readonly ruleset: string) {
    super(`the ${ruleset} ruleset is not loaded in this process: load it (loadRuleset) before folding or deciding its games`);
    this.name = 'RulesetNotLoaded';
  }
}

const folds = new Map<string, AnyRulesetFold>();
const referees = new Map<string, AnyRuleset>();

/** Makes folds available (domain/folds.ts, every fold at once). */
export const useFolds = (loaded: Iterable<AnyRulesetFold>): void => {
  for (const fold of loaded) folds.set(fold.id, fold);
};

/**
 * Makes whole rulesets available: their referees, and their folds where none is yet (a ruleset
 * is its fold plus the referee, so either serves; the fold object itself is kept when known).
 */
export const useRulesets = (loaded: Iterable<AnyRuleset>): void => {
  for (const ruleset of loaded) {
    if (!folds.has(ruleset.id)) folds.set(ruleset.id, ruleset);
    referees.set(ruleset.id, ruleset);
  }
};

/** Whether this process can fold (`fold`) or decide (`referee`) games of ruleset `id`. */
export const isLoaded = (id: string, part: 'fold' | 'referee'): boolean => (part === 'fold' ? folds : referees).has(id);

const lookup = <T>(from: ReadonlyMap<string, T>, id: string): T | undefined => {
  const found = from.get(id);
  if (found === undefined && known.has(id)) throw new RulesetNotLoaded(id);
  return found;
};

/** The fold of ruleset `id`, or undefined when there is no such ruleset. */
export const findFold = (id: string): AnyRulesetFold | undefined => lookup(folds, id);

export const getFold = (id: string): AnyRulesetFold => {
  const fold = findFold(id);
  if (!fold) throw new Error(`unknown ruleset ${id}`);
  return fold;
};

/** The whole ruleset `id` (its referee), or undefined when there is no such ruleset. */
export const findRuleset = (id: string): AnyRuleset | undefined => lookup(referees, id);

export const getRuleset = (id: string): AnyRuleset => {
  const ruleset = findRuleset(id);
  if (!ruleset) throw new Error(`unknown ruleset ${id}`);
  return ruleset;
};
