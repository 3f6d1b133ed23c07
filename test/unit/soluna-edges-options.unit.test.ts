/**
 * RUL-8: the bounds of every number a Sol'una game's options set (docs/rules/soluna.md,
 * "Options"), each accepted at exactly its lowest and highest value and refused one past
 * either. None of these numbers is in the rules text: they bound the engine's defaults and
 * a mission's data (statistics, grid, turn limit, the starred limit, Mind per wound).
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_MISSION } from '../../domain/soluna/examples.ts';
import { SOL_LIMITS } from '../../domain/soluna/limits.ts';
import { solOptionsSchema } from '../../domain/soluna/options.ts';

const [meena, ...sunRest] = EXAMPLE_MISSION.warbands.sun;
if (!meena) throw new Error('the example mission has no Meena');
const [sunbow] = meena.attacks;
if (!sunbow) throw new Error('Meena has no Sunbow');
const stone = meena.artifacts[0];
if (!stone) throw new Error('Meena has no Healing Stone');

/** The example mission's options with Meena's profile changed. */
const withMeena = (change: Record<string, unknown>) => ({
  mission: { ...EXAMPLE_MISSION, warbands: { ...EXAMPLE_MISSION.warbands, sun: [{ ...meena, ...change }, ...sunRest] } },
});

/** One number of the options: where it sits, its lowest and highest accepted value, and the options that carry `n`. */
interface Bound {
  readonly rule: string;
  readonly what: string;
  readonly min: number;
  readonly max: number;
  readonly options: (n: number) => unknown;
}

const BOUNDS: readonly Bound[] = [
  // INV-1: each starred choice may leave a Mind effect for the rest of the turn, so the limit keeps the state in its budget
  { rule: 'SOL-2', what: 'starredPerTurn', min: 0, max: SOL_LIMITS.starredPerTurn, options: (n) => ({ starredPerTurn: n }) },
  { rule: 'SOL-9', what: 'mindLossPerWound', min: 0, max: 10, options: (n) => ({ mindLossPerWound: n }) },
  { rule: 'SOL-1', what: "a model's starting Mind", min: 0, max: 10, options: (n) => withMeena({ mind: n }) },
  { rule: 'SOL-2', what: "a model's movement", min: 0, max: 64, options: (n) => withMeena({ movement: n }) },
  { rule: 'SOL-9', what: "a model's wounds", min: 1, max: 20, options: (n) => withMeena({ wounds: n }) },
  { rule: 'SOL-2', what: "a weapon's range", min: 1, max: 64, options: (n) => withMeena({ attacks: [{ ...sunbow, range: n }] }) },
  { rule: 'SOL-4', what: "a weapon's toHit", min: 1, max: 7, options: (n) => withMeena({ attacks: [{ ...sunbow, toHit: n }] }) },
  { rule: 'SOL-4', what: "a weapon's damage", min: 1, max: 10, options: (n) => withMeena({ attacks: [{ ...sunbow, damage: n }] }) },
  { rule: 'SOL-2', what: "a power's range", min: 0, max: 64, options: (n) => withMeena({ artifacts: [{ ...stone, range: n }] }) },
  {
    rule: 'SOL-9',
    what: "a mind effect's amount",
    min: -10,
    max: 10,
    options: (n) => withMeena({ artifacts: [{ ...stone, effect: { kind: 'mind', amount: n } }] }),
  },
  {
    rule: 'SOL-8',
    what: "a mission's turn limit",
    min: 1,
    max: 1000,
    options: (n) => ({ mission: { ...EXAMPLE_MISSION, victory: { eliminate: 'leader', turnLimit: n } } }),
  },
  {
    rule: 'SOL-2',
    what: "the grid's width",
    min: 2,
    max: 64,
    options: (n) => ({
      mission: {
        ...EXAMPLE_MISSION,
        grid: { width: n, height: 12, blocking: [] },
        warbands: {
          sun: [{ ...meena, at: [0, 0] }],
          moon: [{ ...meena, id: 'xul', at: [0, 11] }],
        },
      },
    }),
  },
];

const accepts = (options: unknown) => solOptionsSchema.safeParse(options).success;

describe("Sol'una options at their bounds", () => {
  it.each(BOUNDS.map((b) => [`RUL-8 ${b.rule} ${b.what} is accepted at exactly ${b.min} and at exactly ${b.max}`, b] as const))(
    '%s',
    (_name, { min, max, options }) => {
      expect([accepts(options(min)), accepts(options(max))]).toEqual([true, true]);
    },
  );

  it.each(BOUNDS.map((b) => [`RUL-8 ${b.rule} ${b.what} is refused at ${b.min - 1} and at ${b.max + 1}, one past either end`, b] as const))(
    '%s',
    (_name, { min, max, options }) => {
      expect([accepts(options(min - 1)), accepts(options(max + 1))]).toEqual([false, false]);
    },
  );

  it('RUL-8 SOL-2 a square sits on the grid at column and row 63 of a 64x64 grid, not at 64', () => {
    const far = (at: readonly [number, number]) => ({
      mission: {
        ...EXAMPLE_MISSION,
        grid: { width: 64, height: 64, blocking: [] },
        warbands: { sun: [{ ...meena, at: [0, 0] }], moon: [{ ...meena, id: 'xul', at }] },
      },
    });
    expect([accepts(far([63, 63])), accepts(far([64, 63])), accepts(far([63, 64]))]).toEqual([true, false, false]);
  });

  it('RUL-8 SOL-2 a square on the last column and row of a smaller grid is on it; one past is off it', () => {
    const place = (at: readonly [number, number]) => ({
      mission: { ...EXAMPLE_MISSION, warbands: { ...EXAMPLE_MISSION.warbands, sun: [{ ...meena, at }, ...sunRest] } },
    });
    expect(accepts(place([11, 11]))).toBe(true);
    const refused = solOptionsSchema.safeParse(place([12, 11]));
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['Meena stands off the grid at [12,11]']);
  });
});
