/**
 * GSC-16 to GSC-19: shields, hull, armor rolls and system damage. Every hit is one
 * weapon's damage; its outcome is computed here and logged whole in `DamageInflicted`,
 * so `evolve` only copies results.
 */
import type { Dice } from '../kernel/dice.ts';
import type { DamageInflicted, ShipDestroyed, SystemChange } from './combat-events.ts';
import { DAMAGE_RULES, kindOf, type ShipDesign } from './designs.ts';
import type { GscEvent } from './events.ts';
import { evolve, fold } from './evolve.ts';
import type { GscState, ShipState, SystemState } from './state.ts';

/** GSC-19: size 1-7 take 1 hit per level, 8-15 take 2, 16+ take 3. */
export const SIZE_BANDS: readonly { readonly fromSize: number; readonly hitsPerLevel: number }[] = [
  { fromSize: 1, hitsPerLevel: 1 },
  { fromSize: 8, hitsPerLevel: 2 },
  { fromSize: 16, hitsPerLevel: 3 },
];

export const hitsPerLevel = (size: number): number => SIZE_BANDS.filter((b) => size >= b.fromSize).at(-1)?.hitsPerLevel ?? 1;

/** GSC-18: a system the chart passes over, because it is destroyed (or gone, or never fitted). */
export const exhausted = (ref: string, system: SystemState | undefined): boolean => {
  if (!system || system.destroyed || system.max <= 0) return true;
  return DAMAGE_RULES[kindOf(ref)] === 'perDamagePoint' && system.level <= 0;
};

const destroyedBelowZero = (s: SystemState, level: number): SystemState =>
  level < 0 ? { ...s, level: -1, destroyed: true } : { ...s, level };

/** GSC-19: one penetrating hit of `damage` points on a system, by the sheet's kind of system. */
export const damageSystem = (ref: string, s: SystemState, size: number, damage: number): SystemState => {
  switch (DAMAGE_RULES[kindOf(ref)]) {
    case 'twoHits':
      return s.hits >= 1 ? { ...s, level: 0, hits: 2, destroyed: true } : { ...s, level: 0, hits: 1 };
    case 'sizeBand': {
      const hits = s.hits + 1;
      return hits >= hitsPerLevel(size) ? { ...destroyedBelowZero(s, s.level - 1), hits: 0 } : { ...s, hits };
    }
    case 'drive':
      if (size <= 3) return s.hits >= 1 ? { ...s, level: 0, hits: 2, destroyed: true } : { ...s, level: s.level / 2, hits: 1 };
      return { ...destroyedBelowZero(s, s.level - 1), hits: s.hits + 1 };
    case 'perHit':
      return destroyedBelowZero(s, s.level - 1);
    case 'perDamagePoint':
      return { ...s, level: Math.max(0, s.level - damage) };
  }
};

/** GSC-18: the leftmost system on the rolled row that can still be damaged, if any. */
export const chartTarget = (design: ShipDesign, ship: ShipState, face: number): string | null =>
  design.damageChart[face - 1]?.find((ref) => !exhausted(ref, ship.systems[ref])) ?? null;

export const systemHit = (design: ShipDesign, ship: ShipState, face: number, damage: number): SystemChange | null => {
  const ref = chartTarget(design, ship, face);
  const before = ref === null ? undefined : ship.systems[ref];
  if (ref === null || !before) return null;
  return { ref, before, after: damageSystem(ref, before, design.size, damage) };
};

export interface Hit {
  /** What hit, in words: `valiant battery A`, `missile m3-valiant-M1-1`. */
  readonly source: string;
  readonly damage: number;
  readonly rule: string;
}

/** GSC-16: what the shields can still absorb this turn (1 per level). */
export const shieldsLeft = (ship: ShipState): number => Math.max(0, (ship.systems.shields?.level ?? 0) - ship.absorbed);

/** GSC-16, GSC-17, GSC-18: one weapon's damage against the ship as it is now. */
export const resolveHit = (state: GscState, targetId: string, hit: Hit, dice: Dice): DamageInflicted => {
  const target = state.ships[targetId];
  const design = target ? state.designs[target.design] : undefined;
  if (!target || !design) throw new Error(`no ship ${targetId}`);
  const absorbed = Math.min(hit.damage, shieldsLeft(target));
  const base = { target: targetId, source: hit.source, damage: hit.damage, absorbed, hull: hit.damage - absorbed, rule: hit.rule };
  if (absorbed > 0) return { type: 'DamageInflicted', data: { ...base, armor: null, chart: null, system: null } };
  const armor = dice.roll({
    purpose: `armor: ${target.name} against ${hit.damage} damage from ${hit.source}`,
    sides: 10,
    target: design.armor,
    compare: 'atMost',
    // GSC-17: "equal to or less than its armor - the damage of the weapon"
    modifiers: [{ applies: 'target', value: -hit.damage, rule: 'GSC-17', reason: `weapon damage ${hit.damage}` }],
    rule: 'GSC-17',
  });
  if (armor.success) return { type: 'DamageInflicted', data: { ...base, armor, chart: null, system: null } };
  const chart = dice.roll({ purpose: `system damage chart: ${target.name}`, sides: 10, rule: 'GSC-18' });
  return { type: 'DamageInflicted', data: { ...base, armor, chart, system: systemHit(design, target, chart.value, hit.damage) } };
};

/**
 * Resolve hits in order, each against the ship as the hits before it left it (shields, chart),
 * and the state they leave. INV-2: a hit reads and changes its target alone, so each is folded
 * on a state that holds only that ship, and the ships it changed are put back once at the end:
 * a step of two thousand hits copies one ship per hit, not the whole fleet.
 */
export const resolveHitsOn = (
  state: GscState,
  hits: readonly { readonly target: string; readonly hit: Hit }[],
  dice: Dice,
): { readonly events: DamageInflicted[]; readonly after: GscState } => {
  const events: DamageInflicted[] = [];
  const changed: Record<string, ShipState> = {};
  let alone: GscState | null = null;
  for (const { target, hit } of hits) {
    const ship = changed[target] ?? state.ships[target];
    if (alone?.ships[target] === undefined) alone = { ...state, ships: ship ? { [target]: ship } : {} };
    const event = resolveHit(alone, target, hit, dice);
    events.push(event);
    alone = evolve(alone, event);
    const after = alone.ships[target];
    if (after) changed[target] = after;
  }
  return { events, after: events.length === 0 ? state : { ...state, ships: { ...state.ships, ...changed } } };
};

/** Resolve hits in order, each against the ship as the hits before it left it (shields, chart). */
export const resolveHits = (
  state: GscState,
  hits: readonly { readonly target: string; readonly hit: Hit }[],
  dice: Dice,
): DamageInflicted[] => resolveHitsOn(state, hits, dice).events;

/** Hull at 0 or less in `after`, the state once the whole (simultaneous) step is resolved: the ship is destroyed. */
export const destroyedIn = (after: GscState, rule: string): ShipDestroyed[] =>
  Object.values(after.ships)
    .filter((s) => s.status === 'active' && s.hull <= 0)
    .map((s) => ({ type: 'ShipDestroyed', data: { ship: s.id, reason: `${s.name}'s hull is gone`, rule } }));

/** Hull at 0 or less: the ship is destroyed, once the whole (simultaneous) step is resolved. */
export const destructions = (state: GscState, events: readonly GscEvent[], rule: string): ShipDestroyed[] =>
  destroyedIn(fold(state, events), rule);
