/** `arbiter replay --explain N`: the rolls of one event in plain sentences, with the rules that shaped them. */
import type { DieRoll, RollModifier } from '../kernel/dice.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { findRolls } from './rolls.ts';

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

export const explainEvent = (event: EventEnvelope): string[] => {
  const rolls = findRolls(event.data);
  const head = `Event ${event.seq} (${event.type}) by ${event.actor} at ${event.at}:`;
  if (rolls.length === 0) return [head, '  no dice were rolled in this event.'];
  return [head, ...rolls.map(({ roll }, i) => `  ${explainRoll(roll, i + 1)}`)];
};
