/** `evolve` for the PG-10 action events (action-events.ts): each reads only its event and the state. */
import type { ActionEvent } from './action-events.ts';
import { addResources, type Resources } from './datasheets.ts';
import { type Countdown, mapPlayer, mapUnit, type PgState, pay } from './state.ts';

type Of<T extends ActionEvent['type']> = Extract<ActionEvent, { type: T }>;

const withCountdown = (state: PgState, countdown: Countdown): PgState => ({
  ...state,
  countdowns: [...state.countdowns, countdown],
  nextId: state.nextId + 1,
});

const acted = (state: PgState, unitId: string): PgState => mapUnit(state, unitId, (u) => ({ ...u, acted: true }));

const researchStarted = (state: PgState, { data: d }: Of<'ResearchStarted'>): PgState =>
  withCountdown(acted(pay(state, d.seat, d.cost), d.buildingId), {
    id: d.countdownId,
    seat: d.seat,
    kind: 'research',
    label: `${d.name} at ${d.buildingId}`,
    counters: d.counters,
    placedTurn: d.placedTurn,
    unitId: d.buildingId,
    buildingId: d.buildingId,
    datasheet: state.units.find((u) => u.id === d.buildingId)?.datasheet ?? '',
    item: d.research,
  });

const salvageStarted = (state: PgState, { data: d }: Of<'SalvageStarted'>): PgState => {
  const target = state.units.find((u) => u.id === d.targetId);
  return withCountdown(acted(state, d.unitId), {
    id: d.countdownId,
    seat: d.seat,
    kind: 'salvage',
    label: `salvaging ${d.targetId}`,
    counters: d.counters,
    placedTurn: d.placedTurn,
    unitId: d.targetId,
    buildingId: null,
    datasheet: target?.datasheet ?? '',
    item: null,
  });
};

const loaded = (state: PgState, { data: d }: Of<'UnitsLoaded'>): PgState =>
  d.passengerIds.reduce(
    (s, id) => mapUnit(s, id, (u) => ({ ...u, position: null, embarkedIn: d.transportId, stance: null })),
    acted(state, d.transportId),
  );

const placed = (state: PgState, placements: readonly { unitId: string; position: { x: number; y: number } | null }[]): PgState =>
  placements.reduce((s, p) => mapUnit(s, p.unitId, (u) => ({ ...u, position: p.position, embarkedIn: null })), state);

/** An activated (PG-10) or triggered (PG-6, PG-14) ability: only an activated one is the unit's action. */
const abilityApplied = (state: PgState, d: Omit<Of<'AbilityActivated'>['data'], 'rule'>, action: boolean): PgState => {
  const status = d.statusApplied;
  const used = mapUnit(
    mapPlayer(state, d.seat, (p) => ({ ...p, resources: d.resources })),
    d.unitId,
    (u) => ({
      ...u,
      acted: u.acted || action,
      statuses: status ? [...u.statuses.filter((s) => s.name !== status.name), status] : u.statuses,
    }),
  );
  if (!d.recharge) return used;
  return withCountdown(used, {
    id: d.recharge.countdownId,
    seat: d.seat,
    kind: 'recharge',
    label: `${d.ability} (${d.unitId})`,
    counters: d.recharge.counters,
    placedTurn: d.recharge.placedTurn,
    unitId: d.unitId,
    buildingId: null,
    datasheet: state.units.find((u) => u.id === d.unitId)?.datasheet ?? '',
    item: d.ability,
  });
};

const factionAbilityUsed = (state: PgState, { data: d }: Of<'FactionAbilityUsed'>): PgState =>
  mapPlayer(state, d.seat, (p) => ({ ...p, resources: d.resources, factionAbilityUses: { ...p.factionAbilityUses, [d.ability]: d.uses } }));

export const evolveAction = (state: PgState, e: ActionEvent): PgState => {
  switch (e.type) {
    case 'ResearchStarted':
      return researchStarted(state, e);
    case 'SalvageStarted':
      return salvageStarted(state, e);
    case 'StanceTaken':
      return mapUnit(state, e.data.unitId, (u) => ({ ...u, acted: true, stance: e.data.stance }));
    case 'UnitsLoaded':
      return loaded(state, e);
    case 'UnitsUnloaded':
      return acted(
        placed(
          state,
          e.data.placements.map((p) => ({ unitId: p.unitId, position: { x: p.x, y: p.y } })),
        ),
        e.data.transportId,
      );
    case 'PassengersDisembarked':
      return placed(state, e.data.placements);
    case 'AbilityActivated':
      return abilityApplied(state, e.data, true);
    case 'AbilityTriggered':
      return abilityApplied(state, e.data, false);
    case 'FactionAbilitiesRefreshed':
      return mapPlayer(state, e.data.seat, (p) => ({ ...p, factionAbilityUses: {} }));
    case 'FactionAbilityUsed':
      return factionAbilityUsed(state, e);
  }
};

/** PG-7 completion of the countdowns PG-10 actions place: research is recorded, a salvaged building leaves. */
export const completedAction = (state: PgState, countdown: Countdown, gained: Resources | undefined): PgState => {
  if (countdown.kind === 'research' && countdown.item !== null) {
    const item = countdown.item;
    return mapPlayer(state, countdown.seat, (p) => ({ ...p, researched: [...p.researched, item] }));
  }
  if (countdown.kind !== 'salvage') return state;
  const gone: PgState = {
    ...state,
    units: state.units.filter((u) => u.id !== countdown.unitId),
    destroyed: [...state.destroyed, countdown.unitId],
  };
  return gained ? mapPlayer(gone, countdown.seat, (p) => ({ ...p, resources: addResources(p.resources, gained) })) : gone;
};
