/** Finding every recorded die roll inside an event, wherever the ruleset put it. */
import type { DieRoll } from '../kernel/dice.ts';

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

export const findRolls = (data: unknown, path = ''): FoundRoll[] => {
  if (isRoll(data)) return [{ path: path || '(data)', roll: data }];
  if (Array.isArray(data)) return data.flatMap((item, i) => findRolls(item, `${path}[${i}]`));
  if (typeof data === 'object' && data !== null) {
    return Object.entries(data).flatMap(([key, value]) => findRolls(value, path ? `${path}.${key}` : key));
  }
  return [];
};
