/**
 * Where the board's words go (VIEW-10, TABLE-2): no label covers a piece or another label.
 * Pieces whose bases overlap are one stack with one label and a count. Each stack's label is
 * tried beside it, then further out with a leader line back to it; when no room is left it
 * shrinks to a number, explained in the key under the board. Names that are not pieces'
 * (terrain, objectives, zones) take what room is left, or are left to the legend.
 * Pure: the page, `arbiter replay --svg` and the tests compute the same boxes.
 */
import { type Box, boxSize, type FixedLabel, intersects, type PieceLabel, type PlacedLabel, type Point } from './layout.ts';

/** Pieces whose bases overlap: one label and one count for all of them. */
export interface Stack {
  readonly members: readonly PieceLabel[];
  readonly at: Point;
  /** How far from `at` the stack's shapes reach. */
  readonly reach: number;
}

const centreOf = (members: readonly PieceLabel[]): Point => ({
  x: members.reduce((s, m) => s + m.at.x, 0) / members.length,
  y: members.reduce((s, m) => s + m.at.y, 0) / members.length,
});

const stackOf = (members: readonly PieceLabel[]): Stack => {
  const at = centreOf(members);
  return { members, at, reach: Math.max(...members.map((m) => Math.hypot(m.at.x - at.x, m.at.y - at.y) + m.reach)) };
};

/**
 * The stacks of `pieces`: two pieces stack when one's centre lies on the other's shape (the
 * same point, or bases that overlap that far), and stacking carries through (a on b on c).
 * Ordered top of the table first, then left to right: the same board gets the same labels.
 */
export const stacksOf = (pieces: readonly PieceLabel[]): Stack[] => {
  const root = pieces.map((_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] as number;
    return i;
  };
  for (const [i, a] of pieces.entries()) {
    for (const [j, b] of pieces.entries()) {
      if (j <= i) continue;
      if (Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y) < Math.max(a.reach, b.reach) * 0.75) root[find(j)] = find(i);
    }
  }
  const groups = new Map<number, PieceLabel[]>();
  for (const [i, p] of pieces.entries()) groups.set(find(i), [...(groups.get(find(i)) ?? []), p]);
  return [...groups.values()]
    .map((members) => stackOf([...members].sort((a, b) => a.id.localeCompare(b.id))))
    .sort((a, b) => b.at.y - a.at.y || a.at.x - b.at.x || (a.members[0]?.id ?? '').localeCompare(b.members[0]?.id ?? ''));
};

/**
 * A stack's words: one piece's own text; pieces of one name with a count; one seat's pieces of
 * several names by the first and how many more ("B Command Center +3"); else each seat's letter
 * with its count.
 */
export const groupText = (members: readonly PieceLabel[]): string => {
  const first = members[0];
  if (!first) return '';
  if (members.length === 1) return first.text;
  if (members.every((m) => m.text === first.text)) return `${first.text} ×${members.length}`;
  if (members.every((m) => m.seat === first.seat)) return `${first.text} +${members.length - 1}`;
  const counts = new Map<string, number>();
  for (const m of members) counts.set(m.letter, (counts.get(m.letter) ?? 0) + 1);
  return [...counts].map(([letter, n]) => `${letter} ×${n}`).join(' ');
};

/**
 * The rings of positions tried round a point: the first two touch the shape, the rest need a
 * leader line; beyond the last the label would read as another's, and shrinks to a number.
 */
const NEAR_RINGS = [0, 1];
const FAR_RINGS = [2, 3, 4, 6];

/** Boxes of w×h round `at` (shapes out to `reach`), ring by ring: above, below, beside, the corners, then between them. */
const around = (at: Point, reach: number, w: number, h: number, size: number, rings: readonly number[], centred: boolean): Box[] => {
  const gap = size * 0.2;
  const boxes: Box[] = centred ? [{ x: at.x - w / 2, y: at.y - h / 2, w, h }] : [];
  for (const ring of rings) {
    const d = reach + gap + ring * h;
    const sides: [number, number][] = [
      [0, d + h / 2],
      [0, -d - h / 2],
      [d + w / 2, 0],
      [-d - w / 2, 0],
      [d + w / 2, d + h / 2],
      [-d - w / 2, d + h / 2],
      [d + w / 2, -d - h / 2],
      [-d - w / 2, -d - h / 2],
    ];
    // Further out, the points between those eight: a crowded edge leaves room only at an angle.
    if (ring >= 2) {
      for (const a of [1, 3, 5, 7, 9, 11, 13, 15]) {
        const t = (a * Math.PI) / 8;
        sides.push([Math.cos(t) * (d + w / 2), Math.sin(t) * (d + h / 2)]);
      }
    }
    for (const [ox, oy] of sides) boxes.push({ x: at.x + ox - w / 2, y: at.y + oy - h / 2, w, h });
  }
  return boxes;
};

const inside = (box: Box, frame: Box): boolean =>
  box.x >= frame.x && box.y >= frame.y && box.x + box.w <= frame.x + frame.w && box.y + box.h <= frame.y + frame.h;

const covers = (box: Box, p: Point, margin: number): boolean =>
  p.x > box.x - margin && p.x < box.x + box.w + margin && p.y > box.y - margin && p.y < box.y + box.h + margin;

/** The line from the edge of a stack to the nearest point of its label's box: drawn when the label stands away. */
export const leaderLine = (at: Point, reach: number, box: Box): readonly [Point, Point] => {
  const to = { x: Math.min(Math.max(at.x, box.x), box.x + box.w), y: Math.min(Math.max(at.y, box.y), box.y + box.h) };
  const length = Math.hypot(to.x - at.x, to.y - at.y) || 1;
  const from = { x: at.x + ((to.x - at.x) / length) * reach, y: at.y + ((to.y - at.y) / length) * reach };
  return [from, to];
};

/** What a placement must keep clear of: the boxes already placed, and the pieces' shapes and centres. */
interface Room {
  readonly frame: Box;
  readonly size: number;
  readonly placed: Box[];
  readonly shapes: readonly { readonly id: string; readonly box: Box }[];
  readonly centres: readonly { readonly id: string; readonly at: Point }[];
}

/**
 * The first box among `boxes` inside the frame, clear of every placed label and of the other
 * pieces: of their whole shapes when `clearShapes`, else of their centres (a label may lie over
 * the rim of a base, never over what a click at its centre would hit).
 */
const firstFree = (room: Room, boxes: readonly Box[], own: ReadonlySet<string>, clearShapes: boolean): Box | undefined => {
  const margin = room.size * 0.15;
  return boxes.find(
    (b) =>
      inside(b, room.frame) &&
      !room.placed.some((p) => intersects(p, b)) &&
      !room.centres.some((c) => covers(b, c.at, margin)) &&
      (!clearShapes || !room.shapes.some((s) => !own.has(s.id) && intersects(s.box, b))),
  );
};

/** The best box for words of w×h round a stack or a name, and whether it stands away (a leader line). */
const seek = (room: Room, at: Point, reach: number, text: string, own: ReadonlySet<string>, centred = false) => {
  const { w, h } = boxSize(text, room.size);
  const near = around(at, reach, w, h, room.size, NEAR_RINGS, centred);
  const far = around(at, reach, w, h, room.size, FAR_RINGS, false);
  const tries: [Box[], boolean, boolean][] = [
    [near, true, false],
    [far, true, true],
    [near, false, false],
    [far, false, true],
  ];
  for (const [boxes, clearShapes, away] of tries) {
    const box = firstFree(room, boxes, own, clearShapes);
    if (box) return { box, away };
  }
  return null;
};

/** Every box of w×h on a grid over the frame, nearest `at` first: where a number goes when the rings are full. */
const anywhere = (room: Room, at: Point, w: number, h: number): Box[] => {
  const boxes: Box[] = [];
  const { frame } = room;
  for (let x = frame.x; x + w <= frame.x + frame.w; x += h / 2) {
    for (let y = frame.y; y + h <= frame.y + frame.h; y += h / 2) boxes.push({ x, y, w, h });
  }
  const distance = (b: Box) => Math.hypot(b.x + b.w / 2 - at.x, b.y + b.h / 2 - at.y);
  return boxes.sort((a, b) => distance(a) - distance(b));
};

/** A stack's number: beside it, else the nearest free spot with a leader line, else on the stack itself. */
const seekNumber = (room: Room, stack: Stack, number: string, own: ReadonlySet<string>) => {
  const found = seek(room, stack.at, stack.reach, number, own);
  if (found) return found;
  const { w, h } = boxSize(number, room.size);
  const box = firstFree(room, anywhere(room, stack.at, w, h), own, false);
  return box ? { box, away: true } : { box: { x: stack.at.x - w / 2, y: stack.at.y + stack.reach, w, h }, away: false };
};

/**
 * Places every label: the names that must show (an event's outcome), then each stack of
 * pieces (its words, or its number in the key), then the other names where they fit.
 * `frame` is the area labels may use (the table and its margin), `size` the font size in
 * table units. A label standing away from its stack carries its leader line; a numbered one
 * carries its number as `text` and its words as `key`.
 */
export const placeLabels = (pieces: readonly PieceLabel[], names: readonly FixedLabel[], size: number, frame: Box): PlacedLabel[] => {
  const room: Room = {
    frame,
    size,
    placed: [],
    shapes: pieces.map((p) => ({ id: p.id, box: { x: p.at.x - p.reach, y: p.at.y - p.reach, w: 2 * p.reach, h: 2 * p.reach } })),
    centres: pieces.map((p) => ({ id: p.id, at: p.at })),
  };
  const labels: PlacedLabel[] = [];
  const put = (label: PlacedLabel): void => {
    room.placed.push(label.box);
    labels.push(label);
  };
  const placeName = (n: FixedLabel): void => {
    const found = seek(room, n.at, n.reach, n.text, new Set(), n.centred);
    // A name away from its place reads as another's: it goes to the legend instead, unless it must show.
    if (found && (!found.away || n.must)) put({ text: n.text, box: found.box, for: [n.id], kind: 'name' });
  };
  for (const n of names.filter((n) => n.must)) placeName(n);

  let keyed = 0;
  for (const stack of stacksOf(pieces)) {
    const own = new Set(stack.members.map((m) => m.id));
    const seats = new Set(stack.members.map((m) => m.seat));
    const common = {
      for: stack.members.map((m) => m.id),
      kind: 'piece' as const,
      ...(seats.size === 1 ? { seat: stack.members[0]?.seat as string } : {}),
      ...(stack.members.length > 1 ? { stack: { at: stack.at, reach: stack.reach, count: stack.members.length } } : {}),
    };
    const words = groupText(stack.members);
    // A line back to the stack whenever the label does not touch it: a label a square off reads as its neighbour's.
    const leader = (found: { box: Box; away: boolean }) => {
      const line = leaderLine(stack.at, stack.reach, found.box);
      const gap = Math.hypot(line[1].x - line[0].x, line[1].y - line[0].y);
      return found.away || gap > size * 0.6 ? { leader: line } : {};
    };
    const found = seek(room, stack.at, stack.reach, words, own);
    if (found) {
      put({ text: words, box: found.box, ...leader(found), ...common });
      continue;
    }
    keyed += 1;
    const number = String(keyed);
    const small = seekNumber(room, stack, number, own);
    put({ text: number, key: words, box: small.box, ...leader(small), ...common });
  }
  for (const n of names.filter((n) => !n.must)) placeName(n);
  return labels;
};
