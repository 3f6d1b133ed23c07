/**
 * The square grid (docs/design.md §3). The rules fragment names
 * squares and Line Of Sight but not how either is measured, so these are defaults
 * (docs/rules/soluna.md): a step goes to any of the 8 neighbouring squares and costs 1
 * (so distance is Chebyshev), and Line Of Sight is a supercover line between square
 * centres that no blocking terrain square interrupts.
 */

/** `[x, y]`, both from 0. */
export type Square = readonly [number, number];

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Squares of blocking terrain: nothing enters them and they block Line Of Sight. */
  readonly blocking: readonly Square[];
}

export const sameSquare = (a: Square, b: Square): boolean => a[0] === b[0] && a[1] === b[1];

export const squareLabel = (s: Square): string => `[${s[0]},${s[1]}]`;

export const onGrid = (grid: Grid, s: Square): boolean => s[0] >= 0 && s[1] >= 0 && s[0] < grid.width && s[1] < grid.height;

export const isBlocking = (grid: Grid, s: Square): boolean => grid.blocking.some((b) => sameSquare(b, s));

/** Squares apart, diagonal steps counting 1. */
export const distance = (a: Square, b: Square): number => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

/**
 * Every square the segment between the two centres touches, in order, both ends
 * included. Where it passes exactly through a corner, both squares beside the corner
 * are touched, so the line is the same from either end (Line Of Sight is symmetric).
 */
export const supercover = (a: Square, b: Square): Square[] => {
  const [nx, ny] = [Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])];
  const [sx, sy] = [Math.sign(b[0] - a[0]), Math.sign(b[1] - a[1])];
  let [x, y] = a;
  const line: Square[] = [[x, y]];
  for (let ix = 0, iy = 0; ix < nx || iy < ny; ) {
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      line.push([x + sx, y], [x, y + sy]);
      x += sx;
      y += sy;
      ix += 1;
      iy += 1;
    } else if (decision < 0) {
      x += sx;
      ix += 1;
    } else {
      y += sy;
      iy += 1;
    }
    line.push([x, y]);
  }
  return line;
};

/** Line Of Sight: no blocking terrain strictly between the two squares (models do not block). */
export const lineOfSight = (grid: Grid, from: Square, to: Square): boolean =>
  supercover(from, to).every((s) => sameSquare(s, from) || sameSquare(s, to) || !isBlocking(grid, s));

/** Why a step from `from` to `to` is illegal, or null when it is legal. */
export const stepProblem = (grid: Grid, from: Square, to: Square, occupied: readonly Square[]): string | null => {
  if (distance(from, to) !== 1) return `${squareLabel(to)} is not next to ${squareLabel(from)}`;
  if (!onGrid(grid, to)) return `${squareLabel(to)} is off the ${grid.width}x${grid.height} grid`;
  if (isBlocking(grid, to)) return `${squareLabel(to)} is blocking terrain`;
  if (occupied.some((o) => sameSquare(o, to))) return `${squareLabel(to)} is occupied by a model`;
  return null;
};

/**
 * The shortest path (excluding `from`) to `to` through free squares, or null when there
 * is none. Breadth-first over the 8 neighbours in a fixed order, so it is deterministic.
 */
export const shortestPath = (grid: Grid, from: Square, to: Square, occupied: readonly Square[]): Square[] | null => {
  const key = (s: Square) => s[1] * grid.width + s[0];
  const previous = new Map<number, Square | null>([[key(from), null]]);
  const queue: Square[] = [from];
  for (let head = 0; head < queue.length; head += 1) {
    const here = queue[head] as Square;
    if (sameSquare(here, to)) return unwind(previous, here, key);
    for (const next of neighbours(here)) {
      if (previous.has(key(next)) || stepProblem(grid, here, next, occupied) !== null) continue;
      previous.set(key(next), here);
      queue.push(next);
    }
  }
  return null;
};

/** Straight steps before diagonal ones, so a path runs straight where it can. */
const STEPS: readonly Square[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

const neighbours = (s: Square): Square[] => STEPS.map(([dx, dy]) => [s[0] + dx, s[1] + dy] as const);

const unwind = (previous: Map<number, Square | null>, end: Square, key: (s: Square) => number): Square[] => {
  const path: Square[] = [];
  for (let at: Square | null | undefined = end; at; at = previous.get(key(at))) path.unshift(at);
  return path.slice(1);
};
