/**
 * TABLE-2: the ruler. With Measure pressed, two clicks on the table (or on pieces) are its two
 * ends: a line is drawn between them with the distance on it, and the reading under the board
 * gives the distance in the ruleset's unit and what the referee's rules make of it (range bands,
 * modifiers, line of sight: render/board.ts `measureOn`, from the referee's own functions). A
 * third click starts a new measure. While measuring, a click fills no field and selects no
 * piece; Measure pressed again ends it and takes the line away.
 */
import type { GameView } from '../domain/match/view.ts';
import { measureOn, type RulerEnd } from '../render/board.ts';

export interface BoardRuler {
  /** After the board is drawn: the line drawn again on the new picture. */
  drawn(): void;
}

const SVG = 'http://www.w3.org/2000/svg';
/** The distance's words on the line, in screen pixels whatever the zoom. */
const WORDS_PX = 14;

/** Where a click on the board is on the table: a piece's own centre when one was clicked, else the table point under it. */
const endAt = (svg: SVGSVGElement, e: MouseEvent): RulerEnd | null => {
  const table = svg.querySelector<SVGGElement>('g.table');
  const matrix = table?.getScreenCTM();
  if (!table || !matrix) return null;
  const piece = (e.target as Element).closest<SVGElement>('[data-piece]');
  const base = piece?.querySelector('.base');
  if (piece && base instanceof SVGCircleElement) return { x: base.cx.baseVal.value, y: base.cy.baseVal.value, id: piece.dataset.piece };
  if (piece) return { x: Number(piece.dataset.x), y: Number(piece.dataset.y), id: piece.dataset.piece };
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
  return { x: p.x, y: p.y };
};

export const createRuler = (
  board: HTMLElement,
  toggle: HTMLButtonElement,
  reading: HTMLElement,
  shown: () => GameView | null,
): BoardRuler => {
  let on = false;
  let ends: RulerEnd[] = [];
  const svgOf = (): SVGSVGElement | null => board.querySelector<SVGSVGElement>('svg[data-bounds]');

  /** The line, its ends and its words, in the table group (y up), drawn a fixed size on the screen. */
  const draw = (): void => {
    const svg = svgOf();
    const table = svg?.querySelector<SVGGElement>('g.table');
    table?.querySelector(':scope > g.ruler')?.remove();
    if (!table || ends.length === 0) return;
    const g = table.appendChild(document.createElementNS(SVG, 'g'));
    g.setAttribute('class', 'ruler');
    g.setAttribute('aria-hidden', 'true');
    const px = 1 / Math.abs(table.getScreenCTM()?.a || 1);
    const add = (name: string, a: Record<string, string | number>): SVGElement => {
      const el = g.appendChild(document.createElementNS(SVG, name));
      for (const [k, v] of Object.entries(a)) el.setAttribute(k, String(v));
      return el;
    };
    const [a, b] = ends;
    if (a && b) add('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    for (const end of ends) add('circle', { cx: end.x, cy: end.y, r: 4 * px });
    const words = reading.dataset.distance;
    if (a && b && words) {
      // The words stand upright: the table group flips y, so they are flipped back.
      const text = add('text', {
        x: (a.x + b.x) / 2,
        y: -(a.y + b.y) / 2 - 6 * px,
        transform: 'scale(1 -1)',
        'font-size': WORDS_PX * px,
        'text-anchor': 'middle',
      });
      text.textContent = words;
    }
  };

  const read = (): void => {
    const view = shown();
    const [a, b] = ends;
    const measure = view && a && b ? measureOn(view, a, b) : null;
    if (!measure) {
      delete reading.dataset.distance;
      reading.textContent = on ? (a ? 'Click the other end.' : 'Click two points on the table to measure between them.') : '';
      return;
    }
    reading.dataset.distance = measure.distance;
    reading.textContent = [measure.distance, ...measure.lines].join('; ');
  };

  toggle.addEventListener('click', () => {
    on = !on;
    ends = [];
    toggle.setAttribute('aria-pressed', String(on));
    board.classList.toggle('measuring', on);
    read();
    draw();
  });

  // Before the play panel's and the inspector's own clicks (web/play.ts, web/main.ts): a measuring click is the ruler's alone.
  board.addEventListener(
    'click',
    (e) => {
      const svg = svgOf();
      const clicked = e.target as Element;
      if (!on || !svg?.contains(clicked) || clicked.closest('.legend, .caption')) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      const end = endAt(svg, e);
      if (!end) return;
      ends = ends.length >= 2 ? [end] : [...ends, end];
      read();
      draw();
    },
    true,
  );

  return {
    drawn() {
      toggle.disabled = !svgOf();
      draw();
    },
  };
};
