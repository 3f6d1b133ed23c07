/** Every rule system the service referees, by id. */

import { gsc2 } from './gsc2/ruleset.ts';
import type { AnyRuleset } from './kernel/ruleset.ts';
import { postGalactica } from './post-galactica/ruleset.ts';
import { soluna } from './soluna/ruleset.ts';

export const rulesets: ReadonlyMap<string, AnyRuleset> = new Map<string, AnyRuleset>([
  [postGalactica.id, postGalactica],
  [soluna.id, soluna],
  [gsc2.id, gsc2],
]);

export const findRuleset = (id: string): AnyRuleset | undefined => rulesets.get(id);

export const getRuleset = (id: string): AnyRuleset => {
  const ruleset = rulesets.get(id);
  if (!ruleset) throw new Error(`unknown ruleset ${id}`);
  return ruleset;
};
