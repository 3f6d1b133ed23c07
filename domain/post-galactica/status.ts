/**
 * PG-13 (rules 13.10): in the Status Phase the active player resolves the ongoing
 * conditions on their units in the order they choose. The text names the conditions but
 * not their effects; the effects here are defaults (see the coverage doc). Without a
 * chosen order (the phase ends, or its deadline passes) the default order is units in
 * their game order, each unit's statuses in the order the text lists them.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { commandIdSchema, commandNameSchema } from './datasheets.ts';
import type { PgEvent, StatusesResolved } from './events.ts';
import { fold } from './evolve.ts';
import { MAX_STATUS_ORDER } from './limits.ts';
import type { PgState, UnitState } from './state.ts';
import type { StatusState } from './terms.ts';
import { unitLost } from './transports.ts';
import { sheetOf, unitName } from './units.ts';

/** The conditions in the order rules 13.10 lists them, then Immobilized (13.6); others follow by name. */
export const STATUS_ORDER = [
  'Burning',
  'Poisoned',
  'Stunned',
  'Slowed',
  'Suppressed',
  'Shielded',
  'Regenerating',
  'Routing',
  'Rallying',
  'Immobilized',
] as const;

const entrySchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ unitId: commandIdSchema(), status: commandNameSchema() }));
export const resolveStatusesSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('ResolveStatuses'),
    /** Statuses in the order to resolve; any pending status not listed follows in the default order. */
    order: z.array(entrySchema).check(z.maxLength(MAX_STATUS_ORDER)),
  }),
);

export interface StatusEntry {
  readonly unitId: string;
  readonly status: string;
}

const rank = (name: string): number => {
  const i = (STATUS_ORDER as readonly string[]).indexOf(name);
  return i === -1 ? STATUS_ORDER.length : i;
};

/** The active seat's pending statuses, in the default order. */
export const pendingStatuses = (state: PgState, seat: string): StatusEntry[] =>
  state.units
    .filter((u) => u.seat === seat && u.position !== null)
    .flatMap((u) =>
      [...u.statuses]
        .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
        .map((s) => ({ unitId: u.id, status: s.name })),
    );

const tick = (statuses: readonly StatusState[], name: string): StatusState[] =>
  statuses.flatMap((s) => (s.name !== name ? [s] : s.remaining > 1 ? [{ ...s, remaining: s.remaining - 1 }] : []));

/** One status's effect (defaults): Burning and Poisoned cost 1 Cohesion, Regenerating restores 1, Rallying ends Routing. */
const effectOf = (state: PgState, unit: UnitState, name: string): { cohesion: number; statuses: StatusState[]; effect: string } => {
  const statuses = tick(unit.statuses, name);
  if (name === 'Burning' || name === 'Poisoned') return { cohesion: Math.max(0, unit.cohesion - 1), statuses, effect: 'lost 1 Cohesion' };
  if (name === 'Regenerating') {
    const cohesion = Math.min(sheetOf(state, unit).cohesion, unit.cohesion + 1);
    return { cohesion, statuses, effect: cohesion > unit.cohesion ? 'regained 1 Cohesion' : 'already at full Cohesion' };
  }
  if (name === 'Rallying') {
    const routing = statuses.some((s) => s.name === 'Routing');
    return {
      cohesion: unit.cohesion,
      statuses: statuses.filter((s) => s.name !== 'Routing'),
      effect: routing ? 'no longer Routing' : 'nothing to rally from',
    };
  }
  return { cohesion: unit.cohesion, statuses, effect: 'duration counted down' };
};

/** Resolve in `order`, one entry at a time; a unit destroyed on the way resolves nothing more. */
export const resolveInOrder = (state: PgState, seat: string, order: readonly StatusEntry[], chosenBy: 'player' | 'default'): PgEvent[] => {
  let current = state;
  const results: StatusesResolved['data']['results'][number][] = [];
  const destroyed: PgEvent[] = [];
  for (const entry of order) {
    const unit = current.units.find((u) => u.id === entry.unitId);
    if (!unit?.statuses.some((s) => s.name === entry.status)) continue;
    const result = { unitId: unit.id, status: entry.status, ...effectOf(current, unit, entry.status) };
    results.push(result);
    current = fold(current, [{ type: 'StatusesResolved', data: { seat, chosenBy, results: [result], rule: 'PG-13' } }]);
    if (result.cohesion === 0) {
      const gone = unitLost(current, unit, `${entry.status}`);
      destroyed.push(...gone);
      current = fold(current, gone);
    }
  }
  return [{ type: 'StatusesResolved', data: { seat, chosenBy, results, rule: 'PG-13' } }, ...destroyed];
};

const orderProblem = (state: PgState, pending: readonly StatusEntry[], order: readonly StatusEntry[]): Decision<never> | null => {
  const key = (e: StatusEntry) => `${e.unitId}/${e.status}`;
  const seen = new Set<string>();
  for (const entry of order) {
    if (seen.has(key(entry))) return reject('DUPLICATE_STATUS', 'PG-13', `${entry.status} on ${entry.unitId} is listed twice.`);
    seen.add(key(entry));
    if (!pending.some((p) => key(p) === key(entry))) {
      const unit = state.units.find((u) => u.id === entry.unitId);
      const who = unit ? unitName(state, unit) : `"${entry.unitId}"`;
      return reject('UNKNOWN_STATUS', 'PG-13', `${who} has no ${entry.status} to resolve.`);
    }
  }
  return null;
};

export const resolveStatuses = (state: PgState, seat: string, command: z.infer<typeof resolveStatusesSchema>): Decision<PgEvent> => {
  if (state.statusesResolved) return reject('ALREADY_RESOLVED', 'PG-13', 'Statuses have already been resolved this Status Phase.', 409);
  const pending = pendingStatuses(state, seat);
  const problem = orderProblem(state, pending, command.order);
  if (problem) return problem;
  const listed = new Set(command.order.map((e) => `${e.unitId}/${e.status}`));
  const order = [...command.order, ...pending.filter((p) => !listed.has(`${p.unitId}/${p.status}`))];
  return accept(...resolveInOrder(state, seat, order, 'player'));
};

/** Ending the Status Phase without a chosen order resolves in the default order (nothing if none pending). */
export const defaultResolution = (state: PgState, seat: string): PgEvent[] => {
  if (state.statusesResolved) return [];
  const pending = pendingStatuses(state, seat);
  return pending.length === 0 ? [] : resolveInOrder(state, seat, pending, 'default');
};
