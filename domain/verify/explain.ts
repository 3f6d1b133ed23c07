/** `arbiter replay --explain N`: the rolls of one event in plain sentences, with the rules that shaped them. */
import type { DieRoll, RollModifier } from '../kernel/dice.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { findRolls } from '../kernel/rolls.ts';
import type { TakenBack } from '../match/events.ts';

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

const modifierText = (m: RollModifier) =>
  `${signed(m.value)} to the ${m.applies === 'target' ? 'target' : 'roll'} for ${m.reason} (${m.rule})`;

const outcome = (roll: DieRoll): string => {
  if (roll.target === undefined) return '';
  const effective = roll.effectiveTarget ?? roll.target;
  const needed = roll.compare === 'atMost' ? `${effective} or less` : `${effective} or more`;
  const adjusted = effective !== roll.target ? ` (target ${roll.target}, adjusted to ${effective})` : '';
  return ` It needed ${needed}${adjusted}: ${roll.success ? 'success' : 'failure'}.`;
};

export const explainRoll = (roll: DieRoll, n: number): string => {
  const rule = roll.rule ? ` [${roll.rule}]` : '';
  const mods = roll.modifiers.length === 0 ? 'no modifiers' : roll.modifiers.map(modifierText).join(', ');
  const total = roll.modifiers.some((m) => (m.applies ?? 'roll') === 'roll') ? `, ${roll.total} after modifiers` : '';
  return `Roll ${n}${rule}: ${roll.purpose}. Rolled ${roll.value} on a d${roll.sides}${total}; ${mods}.${outcome(roll)} (draw ${roll.draw.seq}:${roll.draw.index})`;
};

/** TB-1: the takeback in `log` that voided event `seq`, if any. */
export const voidedBy = (log: readonly EventEnvelope[], seq: number): EventEnvelope<TakenBack> | undefined =>
  log.find(
    (e): e is EventEnvelope<TakenBack> =>
      e.type === 'TakenBack' && (e.data as TakenBack['data']).voids.some((range) => seq >= range.from && seq <= range.to),
  );

/** TB-1: a voided event says so, and that its rolls stay spent (docs/design.md §6: a later command draws fresh ones). */
const voidLine = (event: EventEnvelope, log: readonly EventEnvelope[]): string[] => {
  const takeback = voidedBy(log, event.seq);
  if (!takeback) return [];
  const { seat, toVersion, reason, how } = takeback.data;
  // TB-2, TB-3: on whose authority: the seat's own, every seat's agreement, or the organiser's ruling.
  const who =
    how === 'organiser'
      ? 'the organiser took the game back'
      : how === 'agreed'
        ? `the seats agreed to ${seat}'s takeback`
        : `${seat} took it back`;
  return [
    `  Void: ${who} at event ${takeback.seq}, to version ${toVersion}${reason ? ` (${reason})` : ''}; it stays in the log, and any roll in it stays spent.`,
  ];
};

/** One event's rolls in sentences; with the log around it, whether a takeback voided it (TB-1). */
export const explainEvent = (event: EventEnvelope, log: readonly EventEnvelope[] = []): string[] => {
  const rolls = findRolls(event.data);
  const head = `Event ${event.seq} (${event.type}) by ${event.actor} at ${event.at}:`;
  const voided = voidLine(event, log);
  if (rolls.length === 0) return [head, ...voided, '  no dice were rolled in this event.'];
  return [head, ...voided, ...rolls.map(({ roll }, i) => `  ${explainRoll(roll, i + 1)}`)];
};
