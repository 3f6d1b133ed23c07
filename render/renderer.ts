/**
 * A ruleset's drawing side as one value (HALL-4): its board, the marks of its events, who
 * acts in each of its events, the inspection of a piece, where a game stands and the
 * `arbiter replay` summary. The page, the viewer and the CLI look a ruleset up in one list
 * (render/renderers.ts), as the service looks its rules up in domain/ruleset-list.ts; nothing
 * else knows a ruleset by its id. Each renderer reads the game as the seat's view shows it
 * (domain/match/view.ts), never the raw state, so it cannot draw what the seat may not see.
 */
import type { Offers } from './offers.ts';
import type { Bounds, Json, Picture } from './svg.ts';

/** Where a piece stands and how far it reaches, in table units: what an event's mark points at. */
export interface Place {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** A point on the table. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** What a renderer draws of a game; the frame, the caption and the event's marks are added around it. */
export type Board = Omit<Picture, 'fit' | 'caption' | 'marks'>;

export interface BoardOptions {
  /** The table area the whole game uses (`logExtent`), so the scale holds through the game (VIEW-10). */
  readonly extent?: Bounds | undefined;
  /** Firing arcs: drawn hidden for the page to show on hover or focus, drawn plainly, or left out (VIEW-15). */
  readonly arcs?: 'hover' | 'all' | 'none' | undefined;
}

export type MarkKind = 'shot' | 'move' | 'track' | 'ram' | 'boarding' | 'build' | 'destroyed' | 'damage' | 'repair' | 'deploy' | 'power';

/** One mark of an event (VIEW-11), with the data attributes the page and the tests read. */
export interface Mark {
  readonly kind: MarkKind;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly outcome?: 'hit' | 'miss' | undefined;
  /** Where the mark starts and ends, in table units: the shooter's and the target's centres, a path's ends. */
  readonly ends?: readonly [Point, Point] | undefined;
  readonly svg: string;
}

/**
 * What a renderer draws an event's marks with (render/pen.ts): pieces are found in the game
 * before the event and after it, and each mark is drawn at the width the picture is shown at.
 */
export interface Pen {
  /** The piece `id` where it stood before the event, or where it stands after it. */
  at(id: unknown): Place | undefined;
  /** A line from one piece to another: solid on a hit, dashed and grey on a miss; `words` say the outcome. */
  shot(kind: MarkKind, from: unknown, to: unknown, hit: boolean | undefined, words?: string): void;
  /** A path through `points` (the nulls left out). */
  moved(kind: MarkKind, id: unknown, points: readonly (Point | null)[]): void;
  /** A ring round a piece (a cross where it is destroyed), with its words. */
  around(kind: MarkKind, id: unknown, words: string, dashed?: boolean): void;
  /** A mark drawn by the renderer itself, with the pen's shapes below. */
  mark(mark: Mark): void;
  /** Words beside `at`, laid out with the other labels. */
  say(words: string, at: Place, id: string): void;
  arrow(from: Point, to: Point, dashed: boolean): string;
  ring(at: Place, dashed?: boolean): string;
  cross(at: Place): string;
}

/** How an event of each type is marked on the board, from its data (VIEW-11). */
export type MarkDrawers = Readonly<Record<string, (data: Json, pen: Pen) => void>>;

/** Where an event says who acted (VIEW-12): `seat` keys name a seat, `piece` keys a piece whose owner the state knows. */
export type Who = { readonly seat: string } | { readonly piece: string } | 'referee';
/** The event's `seat` names the seat that acted. */
export const SEAT: Who = { seat: 'seat' };
/** A resolution nobody chose: turns, phases, damage, losses, deadlines. */
export const REF: Who = 'referee';
/** The piece the event's `key` names acted, for the seat that held it. */
export const piece = (key: string): Who => ({ piece: key });

/** TABLE-7: an event's sentence from its data: what happened, in words, after the seat that acted (render/sentences.ts). */
export type Sentence = (data: Json) => string;
/** TABLE-7: a sentence for each event type. */
export type Sentences = Readonly<Record<string, Sentence>>;

/** One end of a measure (TABLE-2): a table point (a square's [x, y] in a grid), and the piece clicked there, if one was. */
export interface RulerEnd {
  readonly x: number;
  readonly y: number;
  readonly id?: string | undefined;
}

/** What the ruler reads between two ends (TABLE-2): the distance in the ruleset's unit, then what the referee's rules make of it. */
export interface Measure {
  readonly distance: string;
  readonly lines: readonly string[];
}

/** A piece's full state at the event shown (VIEW-13). */
export interface Inspection {
  readonly heading: string;
  readonly rows: readonly (readonly [string, string])[];
}

export interface Renderer {
  /** The ruleset's id, as in domain/ruleset-list.ts. */
  readonly id: string;
  /** VIEW-2, VIEW-10: the board of a game. */
  readonly draw: (game: Json, seats: readonly string[], options: BoardOptions) => Board;
  /** VIEW-11: where each piece stands, for the marks of an event. */
  readonly places: (game: Json) => Map<string, Place>;
  /** VIEW-11: how each event type that shows on the board is marked; the others are not. */
  readonly marks: MarkDrawers;
  /**
   * VIEW-12: who acts in each of the ruleset's own event types (the match's are shared,
   * web/actor.ts): every type is listed, so a new one is placed on purpose.
   */
  readonly actors: Readonly<Record<string, Who>>;
  /**
   * TABLE-7: the sentence of each of the ruleset's own event types (the match's are shared,
   * render/sentences.ts); an event without one reads as its type in words.
   */
  readonly sentences?: Sentences;
  /** VIEW-13: the piece `id` as `viewer` sees it; null if it is not in the view. */
  readonly inspect: (game: Json, id: string, viewer: string | null) => Inspection | null;
  /** VIEW-15: where the game stands in the ruleset's words (its turn and phase or step), for captions. */
  readonly where: (game: Json) => string;
  /**
   * TABLE-2: the ruler between two ends: the distance, and where the rules define them the range
   * bands and modifiers, computed by the referee's own functions. Absent: the distance alone.
   */
  readonly measure?: (game: Json, from: RulerEnd, to: RulerEnd) => Measure;
  /**
   * TABLE-4: what the play panel's forms offer in the ruleset's commands' id fields, and what it
   * asks before sending one (render/offers.ts). Absent: no offers, and only Concede is asked about.
   */
  readonly offers?: Offers;
  /** `arbiter replay --at N`: where play stands, then each seat with its pieces, one line each. */
  readonly summary: (game: Json, seats: readonly string[]) => readonly string[];
}

/** The renderer of ruleset `id` among `renderers`, or undefined when none draws it. */
export const rendererOf = (renderers: readonly Renderer[], id: string): Renderer | undefined => renderers.find((r) => r.id === id);
