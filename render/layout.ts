/**
 * The words of the board as boxes (VIEW-10): every label is a box in table units, sized for
 * at least 12 screen pixels at the scale the picture is drawn at. Where the boxes go is
 * render/labels.ts's.
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
  /** From the edge of its pieces to the box, when the label had to stand away from them (TABLE-2). */
  readonly leader?: readonly [Point, Point];
  /** The words a numbered label stands for, given in the key under the board (TABLE-2). */
  readonly key?: string;
  /** Pieces whose bases overlap, drawn as one stack with a count (TABLE-2). */
  readonly stack?: { readonly at: Point; readonly reach: number; readonly count: number };
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
