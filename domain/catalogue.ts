/**
 * The rule systems, as values passed to whoever needs them (docs/design.md §14).
 *
 * `Rulesets` is what the folds and the decider read a game's ruleset from: a lookup handed to
 * them (as an argument, or in `ctx`), never a module they import. Two kinds are built:
 * - `rulesetsOf`: from code already imported, every fold or every ruleset at once (the tools,
 *   the documentation and the functions that fold every game);
 * - `rulesetCatalogue`: one per process that loads each ruleset when a game first needs it
 *   (`await catalogue.load(id)`; the API and the phase timer), so a cold start compiles no
 *   rule system and a container compiles only those its games play.
 *
 * Lookups are synchronous. Looking up a ruleset the list knows but this lookup has not loaded
 * throws `RulesetNotLoaded`: a programming error (the code that read the game should have
 * loaded its ruleset), never an unknown ruleset.
 */
import type { AnyRuleset, AnyRulesetFold, CommandDoc } from './kernel/ruleset.ts';

/** One rule system as the service lists it: its id, the commands it takes, and how to load its code. */
export interface RulesetEntry {
  readonly id: string;
  /** What `GET /rulesets/{id}` lists, known before the ruleset is loaded (the API refuses a command no ruleset has). */
  readonly commandDocs: readonly CommandDoc[];
  readonly load: () => Promise<AnyRuleset>;
}

/** The folds and referees one process can use, by ruleset id. */
export interface Rulesets {
  /** The fold of ruleset `id`, or undefined when there is no such ruleset. */
  findFold(id: string): AnyRulesetFold | undefined;
  getFold(id: string): AnyRulesetFold;
  /** The whole ruleset `id` (its referee), or undefined when there is no such ruleset. */
  findRuleset(id: string): AnyRuleset | undefined;
  getRuleset(id: string): AnyRuleset;
}

/**
 * Rulesets an application is given: the lookup, and `load(id)`, which whoever reads a game
 * awaits before folding or deciding it. A no-op for code imported at once; a catalogue loads
 * the ruleset the first time.
 */
export interface RulesetSource extends Rulesets {
  /** Makes ruleset `id` available, loading it the first time; an id the list lacks loads nothing. */
  load(id: string): Promise<void>;
}

/** The lookup of a process that loads each ruleset on first need, with the list it loads from. */
export interface RulesetCatalogue extends RulesetSource {
  /** The ids of every rule system the list holds. */
  readonly ids: readonly string[];
  /** The commands rule system `id` takes; empty for an unknown id. */
  commandDocsOf(id: string): readonly CommandDoc[];
  /** Whether this catalogue can fold (`fold`) or decide (`referee`) games of ruleset `id`. */
  isLoaded(id: string, part: 'fold' | 'referee'): boolean;
}

/** A rule system the service knows, looked up before this process loaded it. */
export class RulesetNotLoaded extends Error {
  constructor(readonly ruleset: string) {
    super(`the ${ruleset} ruleset is not loaded in this process: load it (catalogue.load) before folding or deciding its games`);
    this.name = 'RulesetNotLoaded';
  }
}

/** A lookup over `folds` and `referees` (both owned by the caller), knowing the ids `known` lists. */
const lookupOver = (
  known: ReadonlySet<string>,
  folds: ReadonlyMap<string, AnyRulesetFold>,
  referees: ReadonlyMap<string, AnyRuleset>,
): Rulesets => {
  const lookup = <T>(from: ReadonlyMap<string, T>, id: string): T | undefined => {
    const found = from.get(id);
    if (found === undefined && known.has(id)) throw new RulesetNotLoaded(id);
    return found;
  };
  const findFold = (id: string): AnyRulesetFold | undefined => lookup(folds, id);
  const findRuleset = (id: string): AnyRuleset | undefined => lookup(referees, id);
  return {
    findFold,
    getFold: (id) => {
      const fold = findFold(id);
      if (!fold) throw new Error(`unknown ruleset ${id}`);
      return fold;
    },
    findRuleset,
    getRuleset: (id) => {
      const ruleset = findRuleset(id);
      if (!ruleset) throw new Error(`unknown ruleset ${id}`);
      return ruleset;
    },
  };
};

/**
 * A lookup over code already imported: `folds` alone (no referee: deciding one of their
 * rulesets throws `RulesetNotLoaded`) or whole `rulesets` (each is its fold plus the referee).
 * It knows the ids of what it is given, not the list: a function that only folds keeps the
 * list's loaders, and so the referees' chunks, out of its bundle (PERF-1).
 */
export const rulesetsOf = (loaded: {
  readonly folds?: Iterable<AnyRulesetFold>;
  readonly rulesets?: Iterable<AnyRuleset>;
}): RulesetSource => {
  const folds = new Map<string, AnyRulesetFold>();
  const referees = new Map<string, AnyRuleset>();
  for (const fold of loaded.folds ?? []) folds.set(fold.id, fold);
  for (const ruleset of loaded.rulesets ?? []) {
    if (!folds.has(ruleset.id)) folds.set(ruleset.id, ruleset);
    referees.set(ruleset.id, ruleset);
  }
  return { ...lookupOver(new Set(folds.keys()), folds, referees), load: async () => {} };
};

/**
 * A catalogue that starts with nothing loaded and loads each ruleset of `list` when asked.
 * What it has loaded is its own: two catalogues share nothing. Concurrent first loads of one
 * id import the module once (the module loader caches it) and keep the same ruleset.
 */
export const rulesetCatalogue = (list: readonly RulesetEntry[]): RulesetCatalogue => {
  const entries = new Map(list.map((entry) => [entry.id, entry]));
  const referees = new Map<string, AnyRuleset>();
  return {
    ...lookupOver(new Set(entries.keys()), referees, referees),
    ids: [...entries.keys()],
    commandDocsOf: (id) => entries.get(id)?.commandDocs ?? [],
    load: async (id) => {
      const entry = entries.get(id);
      if (entry && !referees.has(id)) referees.set(id, await entry.load());
    },
    isLoaded: (id) => referees.has(id),
  };
};
