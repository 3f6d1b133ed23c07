/**
 * The current event drawn on the board (VIEW-11): each renderer draws its own events with
 * the shared pen (render/pen.ts): a shot, a move's path, a missile's or pod's track, a ram,
 * a boarding, a Worker's building, a piece destroyed. Every mark carries `data-event-mark`
 * and its ends as data attributes, and its outcome word is a label the layout keeps clear
 * of the others.
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { FixedLabel } from './layout.ts';
import { penFor } from './pen.ts';
import { type Mark, type Place, type Renderer, rendererOf } from './renderer.ts';
import { rendererList } from './renderers.ts';
import { el, obj, round, title } from './svg.ts';

export interface EventMarks {
  /** SVG in table units, drawn over the pieces. */
  readonly svg: string;
  /** Outcome words ("hit", "miss", "destroyed"): labels laid out with the others. */
  readonly labels: readonly FixedLabel[];
}

/**
 * The marks of one event of ruleset `ruleset`. `before` and `after` are the ruleset's game
 * views around it (either may be null before the battle); `width` is the mark's stroke in
 * table units.
 */
export const eventMarks = (
  ruleset: string,
  event: EventEnvelope,
  before: unknown,
  after: unknown,
  width = 0.15,
  renderers: readonly Renderer[] = rendererList,
): EventMarks | null => {
  const renderer = rendererOf(renderers, ruleset);
  const draw = renderer && Object.hasOwn(renderer.marks, event.type) ? renderer.marks[event.type] : undefined;
  if (!renderer || !draw || event.data === null) return null;
  const then = before ? renderer.places(obj(before)) : new Map<string, Place>();
  const now = after ? renderer.places(obj(after)) : new Map<string, Place>();
  const marks: Mark[] = [];
  const labels: FixedLabel[] = [];
  draw(obj(event.data), penFor(then, now, width, marks, labels));
  if (marks.length === 0) return null;
  const svg = marks
    .map((m) =>
      el(
        'g',
        {
          class: 'event-mark',
          'data-event-mark': m.kind,
          'data-from': m.from,
          'data-to': m.to,
          'data-outcome': m.outcome,
          'data-ends': m.ends?.map((p) => `${round(p.x)},${round(p.y)}`).join(' '),
        },
        title(`event ${event.seq}: ${event.type}`) + m.svg,
      ),
    )
    .join('');
  return { svg, labels };
};
