/**
 * TABLE-3: the page's words for the referee's answer before Send (web/referee.ts): a roll says
 * the face it needs and its chance, one that cannot fail or succeed says so, a refusal names its
 * rule and sentence, and a resolution held back from the seat is said to follow.
 */
import { describe, expect, it } from 'vitest';
import { rollNeed } from '../../domain/kernel/dice.ts';
import { rollWords, verdictOf } from '../../web/referee.ts';

const roll = (
  target: number,
  modifiers: { value: number; applies?: 'roll' | 'target' }[] = [],
  compare: 'atLeast' | 'atMost' = 'atLeast',
) => {
  const request = {
    purpose: "hit: Meena's Bow vs Xul",
    sides: 6,
    target,
    compare,
    modifiers: modifiers.map((m) => ({ ...m, rule: 'SOL-6', reason: 'cover' })),
  };
  return { ...request, ...rollNeed(request) };
};

describe('TABLE-3 the referee’s answer in words', () => {
  it('TABLE-3 a roll: the face it needs with every modifier counted, and its chance', () => {
    expect(rollWords(roll(4))).toBe("hit: Meena's Bow vs Xul: 4+ on a d6 (50%)");
    // -1 to the roll is one face more to need; +1 to a roll-under target is one face more allowed.
    expect(rollWords(roll(4, [{ value: -1 }]))).toBe("hit: Meena's Bow vs Xul: 5+ on a d6 (33%)");
    expect(rollWords(roll(3, [{ value: 1, applies: 'target' }], 'atMost'))).toBe("hit: Meena's Bow vs Xul: 4 or less on a d6 (67%)");
    expect(rollWords(roll(1))).toBe("hit: Meena's Bow vs Xul: cannot fail on a d6");
    expect(rollWords(roll(6, [{ value: -2 }]))).toBe("hit: Meena's Bow vs Xul: cannot succeed (needs 8 on a d6)");
    expect(rollWords({ purpose: 'roll-off: red', sides: 6, needs: null, chance: null })).toBe('roll-off: red: a d6, no target');
  });

  it('TABLE-3 a verdict: accepted with what it records and what follows, or refused with the rule and sentence', () => {
    expect(
      verdictOf({ accepted: true, version: 9, events: [{ type: 'ActionsSealed' }, { type: 'ActionsCommitted' }], rolls: [], withheld: 3 }),
    ).toEqual({
      outcome: 'would-accept',
      line: 'The referee would accept this: it would record ActionsSealed, ActionsCommitted, then the step resolves with what the other seats sealed.',
      rolls: [],
    });
    expect(
      verdictOf({ accepted: false, version: 9, refusal: { rule: 'PG-9', detail: 'Raiders can move 6" but the path is 9".' } }),
    ).toEqual({
      outcome: 'would-refuse',
      line: 'The referee would refuse this under PG-9: Raiders can move 6" but the path is 9".',
      rolls: [],
    });
  });
});
