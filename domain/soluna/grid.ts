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

/**
 * INV-2: the blocking squares of a grid as a set of square numbers, built once per grid (the
 * grid is never changed, so its blocking list stands for it). A search over the largest grid
 * asks tens of thousands of times; each ask is then one lookup, not a walk over 1024 squares.
 */
const BLOCKED = new WeakMap<readonly Square[], ReadonlySet<number>>();
const squareNumber = (grid: Grid, s: Square): number => s[1] * grid.width + s[0];
const blockedOf = (grid: Grid): ReadonlySet<number> => {
  const known = BLOCKED.get(grid.blocking);
  if (known) return known;
  const blocked = new Set(grid.blocking.filter((b) => onGrid(grid, b)).map((b) => squareNumber(grid, b)));
  BLOCKED.set(grid.blocking, blocked);
  return blocked;
};

export const isBlocking = (grid: Grid, s: Square): boolean =>
  onGrid(grid, s) ? blockedOf(grid).has(squareNumber(grid, s)) : grid.blocking.some((b) => sameSquare(b, s));

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
 * The shortest path (excluding `from`, a model's square) to `to` through free squares, or null
 * when there is none. Breadth-first over the 8 neighbours in a fixed order, so it is
 * deterministic. INV-2: squares are numbered (`y * width + x`) and the search keeps them in
 * typed arrays, so a search over the whole largest grid takes well under a millisecond.
 */
export const shortestPath = (grid: Grid, from: Square, to: Square, occupied: readonly Square[]): Square[] | null => {
  // a square off the grid is never a step, so a search for one would end empty
  if (!onGrid(grid, to)) return null;
  const { width, height } = grid;
  // a step is legal when the square is on the grid, open and free (`stepProblem`)
  const closed = new Uint8Array(width * height);
  for (const s of [...grid.blocking, ...occupied]) if (onGrid(grid, s)) closed[squareNumber(grid, s)] = 1;
  const previous = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  const [start, goal] = [squareNumber(grid, from), squareNumber(grid, to)];
  previous[start] = start;
  queue[0] = start;
  for (let head = 0, tail = 1; head < tail; head += 1) {
    const here = queue[head] as number;
    if (here === goal) return unwind(previous, start, goal, width);
    const [x, y] = [here % width, Math.floor(here / width)];
    for (const [dx, dy] of STEPS) {
      const [nx, ny] = [x + dx, y + dy];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const next = ny * width + nx;
      if (closed[next] === 1 || previous[next] !== -1) continue;
      previous[next] = here;
      queue[tail] = next;
      tail += 1;
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

/** The squares from the start (excluded) to the goal, following each square's predecessor back. */
const unwind = (previous: Int32Array, start: number, goal: number, width: number): Square[] => {
  const path: Square[] = [];
  for (let at = goal; at !== start; at = previous[at] as number) path.push([at % width, Math.floor(at / width)]);
  return path.reverse();
};
