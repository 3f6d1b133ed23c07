/**
 * SOL-1: the Mind x Phase activation table, as printed in the rules text. A model may
 * act in a phase only where its current Mind row has an X. The text labels the
 * second-to-last row "1" a second time; by its position (and SOL-1) it is Mind 2.
 * Mind 0 is not printed: a model at Mind 0 never acts.
 */

export const PHASE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const MIN_MIND = 0;
export const MAX_MIND = 10;

/** Row = Mind 0..10, column = phase 1..10; `X` where the model may act. */
const ROWS: Readonly<Record<number, string>> = {
  //    phase 1 2 3 4 5 6 7 8 9 10
  10: 'XXXXXXXXXX',
  9: 'X XXXXXXXX',
  8: ' X XXXXXXX',
  7: '  X XXXXXX',
  6: '   X XXXXX',
  5: '    X XXXX',
  4: '     X XXX',
  3: '      X XX',
  2: '       X X', // printed with the label "1" in the text (SOL-1)
  1: '        X ',
  0: '          ', // not printed: Mind 0 never acts
};

/** ACTIVATION[mind][phase - 1] is true where the text has an X. */
export const ACTIVATION: readonly (readonly boolean[])[] = Array.from({ length: MAX_MIND + 1 }, (_, mind) =>
  [...(ROWS[mind] ?? '')].map((cell) => cell === 'X'),
);

/** SOL-1: may a model at this Mind act in this phase? Mind outside 0..10 is clamped. */
export const canAct = (mind: number, phase: number): boolean => ACTIVATION[clampMind(mind)]?.[phase - 1] ?? false;

/** The phases a model at this Mind may act in, for messages and views. */
export const actingPhases = (mind: number): number[] => PHASE_NUMBERS.filter((phase) => canAct(mind, phase));

export const clampMind = (mind: number): number => Math.min(MAX_MIND, Math.max(MIN_MIND, Math.trunc(mind)));
