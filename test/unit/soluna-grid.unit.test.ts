import { describe, expect, it } from 'vitest';
import { EXAMPLE_MISSION } from '../../domain/soluna/examples.ts';
import { distance, type Grid, lineOfSight, shortestPath, supercover } from '../../domain/soluna/grid.ts';
import { solOptionsSchema } from '../../domain/soluna/options.ts';

const open: Grid = { width: 8, height: 8, blocking: [] };
const wall: Grid = {
  width: 8,
  height: 8,
  blocking: [
    [2, 1],
    [2, 2],
    [2, 3],
  ],
};

describe("Sol'una squares and Line Of Sight (defaults: the text does not say how to measure)", () => {
  it('counts a diagonal step as one square', () => {
    expect(distance([0, 0], [3, 2])).toBe(3);
    expect(distance([4, 4], [4, 4])).toBe(0);
  });
  it('traces a supercover line that is the same from either end', () => {
    expect(supercover([0, 0], [3, 0])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(supercover([0, 0], [2, 2])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ]);
    const there = supercover([0, 0], [5, 3]).map(String).sort();
    const back = supercover([5, 3], [0, 0]).map(String).sort();
    expect(there).toEqual(back);
  });
  it('is blocked by terrain between the squares, not by terrain at either end', () => {
    expect(lineOfSight(wall, [0, 0], [3, 0])).toBe(true);
    expect(lineOfSight(wall, [0, 0], [3, 2])).toBe(false);
    expect(lineOfSight(wall, [3, 2], [0, 0])).toBe(false);
    expect(lineOfSight(wall, [1, 2], [2, 2])).toBe(true);
  });
  it('a line through a corner is blocked by either square beside the corner', () => {
    expect(lineOfSight({ ...open, blocking: [[1, 0]] }, [0, 0], [2, 2])).toBe(false);
    expect(lineOfSight(open, [0, 0], [2, 2])).toBe(true);
  });
  it('finds the shortest free path around terrain and models, straight where it can', () => {
    expect(shortestPath(open, [5, 1], [5, 4], [])).toEqual([
      [5, 2],
      [5, 3],
      [5, 4],
    ]);
    expect(shortestPath(wall, [1, 2], [3, 2], [])).toHaveLength(4);
    expect(shortestPath(open, [0, 0], [0, 2], [[0, 1]])).toEqual([
      [1, 1],
      [0, 2],
    ]);
    expect(shortestPath({ width: 3, height: 1, blocking: [[1, 0]] }, [0, 0], [2, 0], [])).toBeNull();
  });
});

describe("Sol'una options", () => {
  it('empty options play the example mission with the documented defaults', () => {
    expect(solOptionsSchema.parse({})).toEqual({ mission: EXAMPLE_MISSION, starredPerTurn: 1, missedOrders: 'none', mindLossPerWound: 1 });
  });
  it('the example mission is itself valid', () => {
    expect(solOptionsSchema.safeParse({ mission: EXAMPLE_MISSION }).success).toBe(true);
  });
  it('refuses models on terrain, off the grid, sharing a square, or with a duplicated id', () => {
    const [meena, oren] = EXAMPLE_MISSION.warbands.sun;
    const bad = {
      ...EXAMPLE_MISSION,
      warbands: {
        ...EXAMPLE_MISSION.warbands,
        sun: [
          { ...meena, at: [5, 5] },
          { ...oren, id: 'meena', at: [30, 1] },
        ],
      },
    };
    const result = solOptionsSchema.safeParse({ mission: bad });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message).join('\n') ?? '';
    expect(messages).toContain('blocking terrain at [5,5]');
    expect(messages).toContain('off the grid at [30,1]');
    expect(messages).toContain('"meena" is used twice');
  });
  it('refuses unknown options and a Mind above 10', () => {
    expect(solOptionsSchema.safeParse({ flying: true }).success).toBe(false);
    const [meena, ...rest] = EXAMPLE_MISSION.warbands.sun;
    const mission = { ...EXAMPLE_MISSION, warbands: { ...EXAMPLE_MISSION.warbands, sun: [{ ...meena, mind: 11 }, ...rest] } };
    expect(solOptionsSchema.safeParse({ mission }).success).toBe(false);
  });
});
