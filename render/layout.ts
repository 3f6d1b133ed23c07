/**
 * Where the board's words go (VIEW-10): every label is a box in table units, sized for at
 * least 12 screen pixels at the scale the picture is drawn at, and no two boxes intersect.
 * Pieces too close to be named one by one fan their labels out around them, and when even
 * that fails a seat's neighbouring pieces share one label with a count ("R Worker ×4").
 * Pure: the page, `arbiter replay --svg` and the tests compute the same boxes.
 */

/** A box in table units: (x, y) its lower left corner, y growing up the table. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A piece to be named: where it is, how far its shape reaches, and the words for it alone. */
export interface PieceLabel {
  readonly id: string;
  readonly seat: string;
  /** Seat letter and name, e.g. "R Worker". Pieces with the same text collapse as "R Worker ×3". */
  readonly text: string;
  /** The seat's letter, alone: what a label of pieces with different names shows before its count. */
  readonly letter: string;
  readonly at: Point;
  /** How far from `at` the piece's shape reaches: the label keeps clear of it. */
  readonly reach: number;
}

/** A name on the board that is not a piece's: terrain, an objective, a zone, an event's outcome. */
export interface FixedLabel {
  readonly id: string;
  readonly text: string;
  readonly at: Point;
  readonly reach: number;
  /** Drawn first and kept even when the board is crowded (an event's outcome); others may be left to the legend. */
  readonly must?: boolean;
  /** Best on its point (a terrain piece's name on the terrain), else around it. */
  readonly centred?: boolean;
}

export interface PlacedLabel {
  readonly text: string;
  readonly box: Box;
  /** The pieces (or the one name) the label stands for. */
  readonly for: readonly string[];
  readonly seat?: string;
  readonly kind: 'piece' | 'name';
}

/**
 * Advance widths of a sans-serif face in ems, on the wide side (DejaVu Sans, Debian's
 * default, is among the widest): an estimate that errs large keeps boxes apart on screen.
 */
const widthOf = (c: string): number => {
  if (c === ' ') return 0.34;
  if ("iljI.,:;!|'".includes(c)) return 0.34;
  if ('frt()[]'.includes(c)) return 0.45;
  if ('mwMW'.includes(c)) return 0.98;
  if ('×'.includes(c)) return 0.86;
  if (/[A-Z]/.test(c)) return 0.76;
  if (/[0-9]/.test(c)) return 0.66;
  return 0.64;
};

/** The text's width in ems; times the font size, its width in table units. */
export const emWidth = (text: string): number => [...text].reduce((w, c) => w + widthOf(c), 0);

/** A label's box around its text: a little padding each side, so boxes that merely touch still read apart. */
export const PAD = 0.25;
export const LINE = 1.35;
export const boxSize = (text: string, size: number): { w: number; h: number } => ({
  w: (emWidth(text) + 2 * PAD) * size,
  h: LINE * size,
});

export const intersects = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const inside = (box: Box, frame: Box): boolean =>
  box.x >= frame.x && box.y >= frame.y && box.x + box.w <= frame.x + frame.w && box.y + box.h <= frame.y + frame.h;

/** Where a label of w×h may sit around a point with shapes out to `reach`: on it, above, below, beside, then further out. */
const candidates = (at: Point, reach: number, w: number, h: number, size: number, centred = false): Box[] => {
  const gap = size * 0.2;
  const boxes: Box[] = centred ? [{ x: at.x - w / 2, y: at.y - h / 2, w, h }] : [];
  for (const ring of [0, 1, 2, 3, 5]) {
    const dx = reach + gap + ring * h;
    const dy = reach + gap + ring * h;
    const around: [number, number][] = [
      [0, dy + h / 2],
      [0, -dy - h / 2],
      [dx + w / 2, 0],
      [-dx - w / 2, 0],
      [dx + w / 2, dy + h / 2],
      [-dx - w / 2, dy + h / 2],
      [dx + w / 2, -dy - h / 2],
      [-dx - w / 2, -dy - h / 2],
    ];
    for (const [ox, oy] of around) boxes.push({ x: at.x + ox - w / 2, y: at.y + oy - h / 2, w, h });
  }
  return boxes;
};

const shapeBox = (at: Point, reach: number): Box => ({ x: at.x - reach, y: at.y - reach, w: 2 * reach, h: 2 * reach });

interface Group {
  readonly members: PieceLabel[];
}

const centre = (g: Group): Point => ({
  x: g.members.reduce((s, m) => s + m.at.x, 0) / g.members.length,
  y: g.members.reduce((s, m) => s + m.at.y, 0) / g.members.length,
});

const reachOf = (g: Group): number => {
  const c = centre(g);
  return Math.max(...g.members.map((m) => Math.hypot(m.at.x - c.x, m.at.y - c.y) + m.reach));
};

/** A group's words: one piece's own text; pieces of one name with a count; else each seat's letter with its count. */
export const groupText = (members: readonly PieceLabel[]): string => {
  const first = members[0];
  if (!first) return '';
  if (members.length === 1) return first.text;
  if (members.every((m) => m.text === first.text)) return `${first.text} ×${members.length}`;
  const counts = new Map<string, number>();
  for (const m of members) counts.set(m.letter, (counts.get(m.letter) ?? 0) + 1);
  return [...counts].map(([letter, n]) => `${letter} ×${n}`).join(' ');
};

/**
 * Places every label: pieces first (each group's box clear of every other label and, if it
 * can be, of every other piece), then the names, each kept only where it fits. `frame` is
 * the area labels may use (the table and its margin), `size` the font size in table units.
 */
export const placeLabels = (pieces: readonly PieceLabel[], names: readonly FixedLabel[], size: number, frame: Box): PlacedLabel[] => {
  const shapes = pieces.map((p) => ({ id: p.id, box: shapeBox(p.at, p.reach) }));
  const must = names.filter((n) => n.must);
  const optional = names.filter((n) => !n.must);

  const tryPlace = (
    at: Point,
    reach: number,
    text: string,
    placed: readonly Box[],
    own: ReadonlySet<string>,
    strict: boolean,
    centred = false,
  ): Box | null => {
    const { w, h } = boxSize(text, size);
    const all = candidates(at, reach, w, h, size, centred).filter((b) => inside(b, frame) && !placed.some((p) => intersects(p, b)));
    if (!strict) return all[0] ?? null;
    return all.find((b) => !shapes.some((s) => !own.has(s.id) && intersects(s.box, b))) ?? null;
  };

  const placeName = (n: FixedLabel, boxes: Box[], placed: PlacedLabel[]): void => {
    const none = new Set<string>();
    const box =
      tryPlace(n.at, n.reach, n.text, boxes, none, true, n.centred) ?? tryPlace(n.at, n.reach, n.text, boxes, none, false, n.centred);
    if (!box) return;
    boxes.push(box);
    placed.push({ text: n.text, box, for: [n.id], kind: 'name' });
  };

  const fixed: PlacedLabel[] = [];
  const fixedBoxes: Box[] = [];
  for (const n of must) placeName(n, fixedBoxes, fixed);

  /** One group's label, clear of `boxes`; null when there is no room for it. */
  const placeGroup = (g: Group, boxes: readonly Box[]): PlacedLabel | null => {
    const text = groupText(g.members);
    const own = new Set(g.members.map((m) => m.id));
    const at = centre(g);
    const reach = reachOf(g);
    const box = tryPlace(at, reach, text, boxes, own, true) ?? tryPlace(at, reach, text, boxes, own, false);
    if (!box) return null;
    const seats = new Set(g.members.map((m) => m.seat));
    return {
      text,
      box,
      for: g.members.map((m) => m.id),
      kind: 'piece',
      ...(seats.size === 1 ? { seat: g.members[0]?.seat as string } : {}),
    };
  };

  // Top of the table first, then left to right: the same board always gets the same labels.
  let groups: Group[] = [...pieces]
    .sort((a, b) => b.at.y - a.at.y || a.at.x - b.at.x || a.id.localeCompare(b.id))
    .map((p) => ({ members: [p] }));
  const done: PlacedLabel[] = [];
  let i = 0;
  while (i < groups.length) {
    const label = placeGroup(groups[i] as Group, [...fixedBoxes, ...done.map((d) => d.box)]);
    if (label) {
      done.push(label);
      i += 1;
      continue;
    }
    if (groups.length === 1) break;
    // The group that found no room joins its nearest neighbour, of its own seat if it has one;
    // the labels from the merged group on are placed again.
    const stuck = groups[i] as Group;
    const c = centre(stuck);
    const seat = stuck.members[0]?.seat;
    const distance = (g: Group) => {
      const o = centre(g);
      return Math.hypot(o.x - c.x, o.y - c.y) + (g.members.every((m) => m.seat === seat) ? 0 : 1e6);
    };
    const others = groups.filter((g) => g !== stuck);
    const nearest = others.reduce((best, g) => (distance(g) < distance(best) ? g : best));
    groups = others.map((g) => (g === nearest ? { members: [...g.members, ...stuck.members] } : g));
    i = Math.min(
      i,
      groups.findIndex((g) => g.members.includes(stuck.members[0] as PieceLabel)),
    );
    done.length = i;
  }
  const result = { placed: [...fixed, ...done] };
  const placed = [...result.placed];
  const boxes = placed.map((p) => p.box);
  for (const n of optional) placeName(n, boxes, placed);
  return placed;
};
