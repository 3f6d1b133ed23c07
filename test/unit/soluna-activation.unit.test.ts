import { describe, expect, it } from 'vitest';
import { ACTIVATION, actingPhases, canAct } from '../../domain/soluna/activation.ts';

/**
 * The table of the rules text (shared/rules/002_1200dcec87fafa07.txt), transcribed row by
 * row as printed, labels included: the text prints "1" twice, and the second-to-last row
 * is Mind 2 (SOL-1). One character per phase 1..10.
 */
const TEXT_TABLE: readonly (readonly [label: string, mind: number, cells: string])[] = [
  //            phase:  1234567890
  ['10', 10, 'XXXXXXXXXX'],
  ['9', 9, 'X XXXXXXXX'],
  ['8', 8, ' X XXXXXXX'],
  ['7', 7, '  X XXXXXX'],
  ['6', 6, '   X XXXXX'],
  ['5', 5, '    X XXXX'],
  ['4', 4, '     X XXX'],
  ['3', 3, '      X XX'],
  ['1', 2, '       X X'], // printed "1": Mind 2
  ['1', 1, '        X '],
];

const cell = (mind: number, phase: number): boolean => ACTIVATION[mind]?.[phase - 1] ?? false;

describe("Sol'una activation table", () => {
  it('SOL-1 every one of the 100 cells (Mind 1..10 x Phase 1..10) matches the rules text', () => {
    expect(TEXT_TABLE).toHaveLength(10);
    for (const [label, mind, cells] of TEXT_TABLE) {
      expect(cells, `row "${label}"`).toHaveLength(10);
      for (let phase = 1; phase <= 10; phase += 1) {
        expect(cell(mind, phase), `Mind ${mind} (printed "${label}"), phase ${phase}`).toBe(cells[phase - 1] === 'X');
      }
    }
  });

  it('SOL-1 the duplicated row label "1" is Mind 2: it acts in phases 8 and 10, Mind 1 only in phase 9', () => {
    expect(actingPhases(2)).toEqual([8, 10]);
    expect(actingPhases(1)).toEqual([9]);
  });

  it('SOL-1 Mind 0 is not printed and never acts', () => {
    expect(ACTIVATION[0]).toHaveLength(10);
    expect(actingPhases(0)).toEqual([]);
  });

  it('SOL-1 the text agrees with the formula: Mind 10 in every phase, Mind m in 10-m and in 12-m..10', () => {
    const formula = (mind: number, phase: number) => mind === 10 || (mind >= 1 && mind <= 9 && (phase === 10 - mind || phase >= 12 - mind));
    const disagreements: string[] = [];
    for (let mind = 0; mind <= 10; mind += 1) {
      for (let phase = 1; phase <= 10; phase += 1) {
        if (formula(mind, phase) !== cell(mind, phase)) disagreements.push(`Mind ${mind} phase ${phase}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('SOL-1 the encoded table has 11 rows of 10 phases and clamps Mind outside 0..10', () => {
    expect(ACTIVATION).toHaveLength(11);
    expect(ACTIVATION.every((row) => row.length === 10)).toBe(true);
    expect(canAct(12, 2)).toBe(true);
    expect(canAct(-1, 10)).toBe(false);
    expect(canAct(5, 11)).toBe(false);
  });
});
