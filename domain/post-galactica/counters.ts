/**
 * The Command Phase (rules 13.3, PG-6) and countdown counters (13.4, PG-7). The engine
 * resolves the Command Phase as the phase opens, in the order the text lists: start-of-turn
 * abilities, faction resources, refreshing faction abilities, then counter removal, then the
 * effects whose last counter went.
 */
import { addResources } from './datasheets.ts';
import type { CountdownCompleted, CountersRemoved, FactionResourcesGained, PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { refreshFactionAbilities } from './faction-abilities.ts';
import { spotNear } from './placement.ts';
import { salvageValue } from './research.ts';
import type { Countdown, PgState } from './state.ts';
import { triggeredAbilities } from './triggers.ts';
import { sheetOf } from './units.ts';

/** PG-6 "Gain faction resources". */
const factionIncome = (state: PgState, seat: string): FactionResourcesGained | null => {
  const player = state.players[seat];
  const gained = state.factions[player?.faction ?? '']?.commandIncome;
  if (!player || !gained || gained.carbon + gained.crystal + gained.faction === 0) return null;
  return { type: 'FactionResourcesGained', data: { seat, gained, resources: addResources(player.resources, gained), rule: 'PG-6' } };
};

/** PG-7: counters placed in the current turn are not removed until the controller's next Command Phase. */
export const eligibleCountdowns = (state: PgState, seat: string): Countdown[] =>
  state.countdowns.filter((c) => c.seat === seat && c.counters > 0 && c.placedTurn < state.turn);

/** PG-7: remove 1 counter from each eligible friendly effect. */
export const removeCounters = (state: PgState, seat: string): CountersRemoved | null => {
  const eligible = eligibleCountdowns(state, seat);
  if (eligible.length === 0) return null;
  return {
    type: 'CountersRemoved',
    data: {
      seat,
      removed: eligible.map((c) => ({ countdownId: c.id, kind: c.kind, label: c.label, remaining: c.counters - 1 })),
      rule: 'PG-7',
    },
  };
};

/** PG-7: "If the last counter is removed, resolve the completed effect immediately." */
const completion = (state: PgState, c: Countdown): CountdownCompleted => {
  const base = { seat: c.seat, countdownId: c.id, kind: c.kind, label: c.label, unitId: c.unitId, rule: 'PG-7' } as const;
  if (c.kind === 'construction') {
    const building = state.units.find((u) => u.id === c.unitId);
    return { type: 'CountdownCompleted', data: { ...base, position: building?.position ?? null } };
  }
  if (c.kind === 'salvage') {
    const cost = sheetOf(state, { seat: c.seat, datasheet: c.datasheet }).cost;
    return { type: 'CountdownCompleted', data: { ...base, position: null, gained: salvageValue(cost) } };
  }
  if (c.kind !== 'production') return { type: 'CountdownCompleted', data: { ...base, position: null } };
  const producer = state.units.find((u) => u.id === c.buildingId);
  const sheet = sheetOf(state, { seat: c.seat, datasheet: c.datasheet });
  const position = producer?.position ? spotNear(state, producer.position, sheetOf(state, producer).baseRadius, sheet.baseRadius) : null;
  return { type: 'CountdownCompleted', data: { ...base, position } };
};

/** PG-6: the Command Phase of `seat`, on the state in which the phase has just opened. */
export const commandPhaseEvents = (state: PgState, seat: string): PgEvent[] => {
  const player = state.players[seat];
  if (!player) return [];
  const events: PgEvent[] = triggeredAbilities(state, seat, 'startOfTurn');
  const income = factionIncome(fold(state, events), seat);
  if (income) events.push(income);
  const refreshed = refreshFactionAbilities(state, seat);
  if (refreshed) events.push(refreshed);
  const removed = removeCounters(fold(state, events), seat);
  if (!removed) return events;
  events.push(removed);
  let current = fold(state, events);
  for (const r of removed.data.removed.filter((x) => x.remaining === 0)) {
    const countdown = current.countdowns.find((c) => c.id === r.countdownId);
    if (!countdown) continue;
    const done = completion(current, countdown);
    events.push(done);
    current = fold(current, [done]);
  }
  return events;
};
