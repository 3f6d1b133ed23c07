/**
 * Finding every recorded die roll inside an event, wherever the ruleset put it: what verify
 * checks against the seed, what a takeback lists as discarded and what the viewer explains.
 * It is the dice's, so it lives with them: the match layer needs it and imports nothing of
 * verify (HALL-1).
 */
import type { DieRoll } from './dice.ts';

export interface FoundRoll {
  /** Where in the event's data, e.g. `rolls[2]` or `rounds[0].rolls[1].roll`. */
  readonly path: string;
  readonly roll: DieRoll;
}

const isRoll = (value: unknown): value is DieRoll => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<DieRoll>;
  return (
    typeof v.sides === 'number' &&
    typeof v.value === 'number' &&
    typeof v.purpose === 'string' &&
    typeof v.draw === 'object' &&
    v.draw !== null
  );
};

/**
 * Every roll in `data`, in the order of a depth-first walk. PERF-4: the walk keeps the
 * path as parts (a key, or an index as a number) and writes it only for a roll found, not
 * for every value of every event.
 */
export const findRolls = (data: unknown, path = ''): FoundRoll[] => {
  const found: FoundRoll[] = [];
  walk(data, path, [], found);
  return found;
};

/** `a.b[2].c`, written as the walk went: a key after a dot (none at the start), an index in brackets. */
const pathOf = (root: string, parts: readonly (string | number)[]): string =>
  parts.reduce<string>((path, part) => (typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${part}` : part), root) || '(data)';

const walk = (data: unknown, root: string, parts: (string | number)[], found: FoundRoll[]): void => {
  if (typeof data !== 'object' || data === null) return;
  if (isRoll(data)) {
    found.push({ path: pathOf(root, parts), roll: data });
    return;
  }
  if (Array.isArray(data)) {
    data.forEach((item, i) => {
      parts.push(i);
      walk(item, root, parts, found);
      parts.pop();
    });
    return;
  }
  for (const key of Object.keys(data)) {
    parts.push(key);
    walk((data as Record<string, unknown>)[key], root, parts, found);
    parts.pop();
  }
};
