/**
 * RUL-10: what GSC2 decided differently under its older rules versions, where the change runs
 * through many rules at once. Before gsc2-0.3.0 a roll-under modifier was logged against the
 * die with its sign turned ("+2 to hit" as -2 on the roll) and its effect in words, and the
 * armor roll (GSC-17) took the weapon's damage off its target number; since, each modifier
 * is logged against the target as the sheet writes it. The rules decide the same either way:
 * only the record of the roll differs, so a game of those versions is re-decided with its
 * rolls recorded as they were.
 */
import type { RollModifier, RollRequest } from '../kernel/dice.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';

const signed = (value: number): string => `${value > 0 ? '+' : ''}${value}`;

/** A target modifier as gsc2-0.2.0 logged it: on the die, sign turned, its effect in words (GSC-12 without its band). */
const onTheDie = (m: RollModifier): RollModifier => ({
  value: -m.value,
  rule: m.rule,
  reason: `${m.rule === 'GSC-12' ? m.reason.replace(/, (short|normal|long) range$/, '') : m.reason} (${signed(m.value)} to hit)`,
});

const asRecordedBefore030 = (request: RollRequest): RollRequest => {
  const modifiers = request.modifiers ?? [];
  if (!modifiers.some((m) => m.applies === 'target')) return request;
  const armor = modifiers.filter((m) => m.applies === 'target' && m.rule === 'GSC-17');
  const others = modifiers.filter((m) => !armor.includes(m));
  const { modifiers: _, ...rest } = request;
  const target = (request.target ?? 0) + armor.reduce((sum, m) => sum + m.value, 0);
  const moved = others.map((m) => (m.applies === 'target' ? onTheDie(m) : m));
  return { ...rest, ...(request.target === undefined ? {} : { target }), ...(moved.length > 0 ? { modifiers: moved } : {}) };
};

/** The rules context a command of a game under `rc.rulesVersion` is decided with: its rolls recorded as that version recorded them. */
export const asPlayedUnder = (rc: RulesContext): RulesContext =>
  rulesSince(rc.rulesVersion, 'gsc2-0.3.0') ? rc : { ...rc, dice: { roll: (request) => rc.dice.roll(asRecordedBefore030(request)) } };

/** GSC-23 since gsc2-0.3.0: the last seat's Repair ends the step; before, only its deadline did. */
export const lastRepairEndsStep = (rc: RulesContext): boolean => rulesSince(rc.rulesVersion, 'gsc2-0.3.0');
