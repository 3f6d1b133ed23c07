/**
 * Rules versions name what a ruleset decided when a game was played (`pg-0.6.0`): a prefix
 * for the ruleset and a `major.minor.patch` bumped whenever a rule change could alter an
 * existing game's outcome (docs/design.md §5). A rule change keeps the older decision for
 * games played under an older version, so every exported log stays re-adjudicable (RUL-10).
 */

/** The `major.minor.patch` a rules version ends with (`pg-0.5.0`), or null. */
const numbersOf = (version: string): number[] | null => {
  const match = /(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : null;
};

const prefixOf = (version: string): string => version.replace(/\d+\.\d+\.\d+$/, '');

/** Negative, zero or positive as `a` is older than, the same as or newer than `b` (same prefix only). */
const compare = (a: string, b: string): number | null => {
  const x = numbersOf(a);
  const y = numbersOf(b);
  if (!x || !y || prefixOf(a) !== prefixOf(b)) return null;
  for (let i = 0; i < 3; i += 1) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
};

/**
 * Whether `candidate` is a newer version of the same rules than `current`: same prefix,
 * higher number. A server older than the game (a rollback) never moves it backwards.
 */
export const isNewerRulesVersion = (candidate: string, current: string): boolean => (compare(candidate, current) ?? 0) > 0;

/**
 * Whether a game playing under `version` plays a rule introduced in `since`: the switch a
 * rule change puts around its new decision, so older games keep the old one. No version means
 * the newest, this build's own: a rule check called outside a game's replay.
 */
export const rulesSince = (version: string | undefined, since: string): boolean =>
  version === undefined || (compare(version, since) ?? -1) >= 0;
