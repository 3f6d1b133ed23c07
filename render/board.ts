/**
 * The battlefield of any game view as an SVG string: the page and `arbiter replay --svg` both
 * draw with this. Each ruleset's board is its renderer's (render/renderers.ts).
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { GameView } from '../domain/match/view.ts';
import type { PlacedLabel } from './layout.ts';
import { eventMarks } from './marks.ts';
import { type BoardOptions, type Measure, type Renderer, type RulerEnd, rendererOf } from './renderer.ts';
import { rendererList } from './renderers.ts';
import {
  arrange,
  type Bounds,
  DEFAULT_FIT,
  esc,
  type Fit,
  FONT,
  frame,
  type Json,
  type Layout,
  layoutOf,
  obj,
  type Picture,
} from './svg.ts';

export type { Measure, RulerEnd } from './renderer.ts';
export type { Bounds } from './svg.ts';

export interface DrawOptions extends BoardOptions {
  /** The pixels the picture will be shown at: the words are laid out to be at least 12 px there. */
  readonly fit?: Fit | undefined;
  /** A line above the table: game, event n of N, turn and phase (VIEW-15). */
  readonly caption?: string | undefined;
  /** The current event and the game just before it: drawn over the board with its outcome (VIEW-11). */
  readonly event?: { readonly event: EventEnvelope; readonly before: GameView | null } | undefined;
}

export const drawBattlefield = (view: GameView, options: DrawOptions = {}, renderers: readonly Renderer[] = rendererList): string => {
  const draw = rendererOf(renderers, view.ruleset)?.draw;
  if (!draw || view.game === null) {
    const why = draw ? 'the battle has not begun yet' : `no picture for the ruleset ${view.ruleset}`;
    const fit = options.fit ?? DEFAULT_FIT;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10" width="${Math.floor(fit.width)}" height="${Math.floor(fit.width / 4)}" font-family="${FONT}" role="img" aria-label="${esc(why)}"><text x="20" y="5" font-size="2" text-anchor="middle">${esc(why)}</text></svg>`;
  }
  return frame(pictureOf(view, options, renderers) as Picture);
};

/** What `drawBattlefield` lays out: the pieces and names to label, the legend, the frame; null with no board. */
export const pictureOf = (view: GameView, options: DrawOptions = {}, renderers: readonly Renderer[] = rendererList): Picture | null => {
  const draw = rendererOf(renderers, view.ruleset)?.draw;
  if (!draw || view.game === null) return null;
  const picture = draw(
    obj(view.game),
    view.seats.map((s) => s.name),
    options,
  );
  // Marks 3 px wide at the scale the picture is shown at, whatever the table's size.
  const { pxPerUnit } = layoutOf(picture.bounds, picture.legend, options.caption !== undefined, options.fit ?? DEFAULT_FIT, picture.edges);
  const marks = options.event
    ? eventMarks(view.ruleset, options.event.event, options.event.before?.game ?? null, view.game, 3 / pxPerUnit, renderers)
    : null;
  return {
    ...picture,
    names: [...(marks?.labels ?? []), ...picture.names],
    marks: marks?.svg,
    fit: options.fit,
    caption: options.caption,
  };
};

/**
 * TABLE-2: the ruler between two ends of the view's table, in the ruleset's words (its renderer's
 * `measure`, from the referee's own functions); the plain distance where it has none; null with no board.
 */
export const measureOn = (view: GameView, from: RulerEnd, to: RulerEnd, renderers: readonly Renderer[] = rendererList): Measure | null => {
  if (view.game === null) return null;
  const measure = rendererOf(renderers, view.ruleset)?.measure;
  return measure
    ? measure(obj(view.game), from, to)
    : { distance: String(Math.round(Math.hypot(to.x - from.x, to.y - from.y) * 100) / 100), lines: [] };
};

/** The layout and labels `drawBattlefield` would draw with: for tests of legibility (VIEW-10). */
export const boardLabels = (picture: Picture): { layout: Layout; labels: PlacedLabel[] } => arrange(picture);

/**
 * Every point any event of the log names (where fleets start, where ships, missiles and
 * terrain move to), with its radius where it has one: the frame that holds the whole game,
 * so the picture keeps one scale from its first event to its last (VIEW-10).
 */
export const logExtent = (events: readonly EventEnvelope[]): Bounds | undefined => {
  let b: { minX: number; minY: number; maxX: number; maxY: number } | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const o = value as Json;
    if (typeof o.x === 'number' && typeof o.y === 'number' && Number.isFinite(o.x) && Number.isFinite(o.y)) {
      const r = typeof o.radius === 'number' ? o.radius : 0;
      b = b ?? { minX: o.x - r, minY: o.y - r, maxX: o.x + r, maxY: o.y + r };
      b.minX = Math.min(b.minX, o.x - r);
      b.minY = Math.min(b.minY, o.y - r);
      b.maxX = Math.max(b.maxX, o.x + r);
      b.maxY = Math.max(b.maxY, o.y + r);
    }
    for (const v of Object.values(o)) visit(v, depth + 1);
  };
  for (const event of events) visit(event.data, 0);
  return b;
};

/** Where the game stands, in each ruleset's words: its turn and phase (or step), for captions (VIEW-15). */
export const turnAndPhase = (view: GameView, renderers: readonly Renderer[] = rendererList): string => {
  const renderer = rendererOf(renderers, view.ruleset);
  return view.game === null || !renderer ? view.status : renderer.where(obj(view.game));
};

/** The caption of a picture of the game after event `at` of `total` (VIEW-15). */
export const captionOf = (view: GameView, at: number, total: number, renderers: readonly Renderer[] = rendererList): string =>
  `${view.gameId}: event ${at} of ${total}, ${turnAndPhase(view, renderers)}${view.status === 'ended' ? ', ended' : ''}`;

/**
 * `arbiter replay --svg`: the board after event `at` as a standalone picture, framed by the
 * whole log and captioned with where it stands, firing arcs only when asked (VIEW-15).
 */
export const standaloneSvg = (
  view: GameView,
  events: readonly EventEnvelope[],
  at: number,
  options: { readonly arcs?: boolean; readonly event?: DrawOptions['event'] } = {},
  renderers: readonly Renderer[] = rendererList,
): string =>
  drawBattlefield(
    view,
    {
      extent: logExtent(events),
      arcs: options.arcs ? 'all' : 'none',
      caption: captionOf(view, at, events.length, renderers),
      event: options.event,
    },
    renderers,
  );
