/**
 * Every rule system the service referees: the one list of them (docs/design.md §14). A new
 * ruleset is one line here, and its fold in domain/folds.ts; domain/rulesets.ts loads every
 * ruleset from this list. Each is its own `import()`, which the Lambda bundles build as a
 * chunk of its own, loaded on first need: a cold start compiles none of them. The command
 * docs import nothing, so the list costs a cold start no rule code.
 */
import type { RulesetEntry } from './catalogue.ts';
import { GSC_COMMANDS } from './gsc2/command-docs.ts';
import type { CommandDoc } from './kernel/ruleset.ts';
import { PG_COMMANDS } from './post-galactica/command-docs.ts';
import { SOL_COMMANDS } from './soluna/command-docs.ts';

export const rulesetList: readonly RulesetEntry[] = [
  { id: 'post-galactica', commandDocs: PG_COMMANDS, load: async () => (await import('./post-galactica/ruleset.ts')).postGalactica },
  { id: 'soluna', commandDocs: SOL_COMMANDS, load: async () => (await import('./soluna/ruleset.ts')).soluna },
  { id: 'gsc2', commandDocs: GSC_COMMANDS, load: async () => (await import('./gsc2/ruleset.ts')).gsc2 },
];

/** The ids of every rule system the service referees, in the list's order. */
export const rulesetIds: readonly string[] = rulesetList.map((entry) => entry.id);

/** The commands rule system `id` takes; empty for an unknown id. */
export const commandDocsOf = (id: string): readonly CommandDoc[] => rulesetList.find((entry) => entry.id === id)?.commandDocs ?? [];
