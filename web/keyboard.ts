/**
 * TABLE-9: the board without a mouse. The picture itself takes the focus (one stop in the tab
 * order before its pieces); while it has it, the arrow keys move a cursor over the table in
 * table units (an inch, or a square; with Shift a tenth), and Enter or Space clicks the table
 * where the cursor is. A focused piece's Enter or Space clicks the piece. Both go through the
 * same click handlers a mouse does (web/play.ts fills the focused field, web/main.ts inspects
 * the piece), so a keyboard fills exactly what a click there would. Selecting a piece puts the
 * cursor on it: its destination is then given from where it stands.
 *
 * The board comes before the play panel in the tab order, so Shift+Tab from a field back to the
 * board would focus every field between, and the last field focused is the one a click fills
 * (web/play.ts). Alt+B goes straight to the board from anywhere, and Escape on the board goes
 * back to where the focus was: the field keeps its place as the one to fill.
 */
import { boundsOf, clamp, tenths } from './table-units.ts';

/** A point on the table, in its own units, y growing up the table. */
interface Point {
  readonly x: number;
  readonly y: number;
}

export interface BoardCursor {
  /** Before the board is drawn again: whether the picture itself (not one of its pieces) has the focus. */
  focused(): boolean;
  /** After: the new picture made focusable, the cursor drawn on it, and the focus given back if `refocus`. */
  drawn(refocus: boolean): void;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The cursor's ring, in screen pixels whatever the table's scale. */
const RING_PX = 9;

/** A step of the arrow keys, in table units: right and up the table are positive. */
const STEPS: Readonly<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: 1 },
  ArrowDown: { x: 0, y: -1 },
};

/**
 * Where `piece` stands on the table: a round base's centre (in Sol'una a square's centre, where
 * its `data-x` names the square's corner), else the position the piece carries (a ship's, not
 * its triangle's middle).
 */
const centreOf = (piece: Element): Point => {
  const base = piece.querySelector('.base');
  if (base instanceof SVGCircleElement) return { x: tenths(base.cx.baseVal.value), y: tenths(base.cy.baseVal.value) };
  return { x: Number(piece.getAttribute('data-x')), y: Number(piece.getAttribute('data-y')) };
};

/** The table group (render/svg.ts: y flipped), whose matrix maps table units to the screen. */
const tableOf = (svg: SVGSVGElement): SVGGElement | null => svg.querySelector<SVGGElement>('g.table');

/** A click, as a mouse would make it, at table point `p` of `svg`, dispatched on `target`. */
const clickAt = (svg: SVGSVGElement, target: Element, p: Point): void => {
  const matrix = tableOf(svg)?.getScreenCTM();
  if (!matrix) return;
  const screen = new DOMPoint(p.x, p.y).matrixTransform(matrix);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: screen.x, clientY: screen.y }));
};

/** The cursor's marks: a ring and a cross, drawn in screen pixels, taking no click. */
const cursorMarks = (): SVGGElement => {
  const g = document.createElementNS(SVG, 'g');
  g.setAttribute('class', 'cursor');
  g.setAttribute('aria-hidden', 'true');
  for (const name of ['circle', 'line', 'line']) g.appendChild(document.createElementNS(SVG, name));
  return g;
};

/** `status` says where the cursor is while the board has the focus (read out, and shown). */
export const createCursor = (board: HTMLElement, status: HTMLElement): BoardCursor => {
  let at: Point | null = null;
  const svgOf = (): SVGSVGElement | null => board.querySelector('svg');

  const start = (svg: SVGSVGElement): Point => {
    const [minX, minY, maxX, maxY] = boundsOf(svg) ?? [0, 0, 0, 0];
    return { x: Math.floor((minX + maxX) / 2) + 0.5, y: Math.floor((minY + maxY) / 2) + 0.5 };
  };

  /** Draws the cursor at `at` on the picture, its ring and cross a fixed size on the screen. */
  const show = (svg: SVGSVGElement): void => {
    const table = tableOf(svg);
    if (!table || !at) return;
    const g = table.querySelector<SVGGElement>(':scope > g.cursor') ?? table.appendChild(cursorMarks());
    const r = RING_PX / Math.abs(table.getScreenCTM()?.a || 1);
    const [ring, across, down] = [...g.children];
    const set = (el: Element | undefined, a: Record<string, number>) => {
      for (const [k, v] of Object.entries(a)) el?.setAttribute(k, String(v));
    };
    set(ring, { cx: at.x, cy: at.y, r });
    set(across, { x1: at.x - 2 * r, y1: at.y, x2: at.x + 2 * r, y2: at.y });
    set(down, { x1: at.x, y1: at.y - 2 * r, x2: at.x, y2: at.y + 2 * r });
    status.textContent = `Cursor at (${at.x}, ${at.y}) on the table. Arrow keys move it (with Shift, a tenth); Enter fills the field last focused with this point; Escape goes back to it.`;
  };

  /** Moves the cursor by `step`, kept on the table. */
  const move = (svg: SVGSVGElement, step: Point): void => {
    const [minX, minY, maxX, maxY] = boundsOf(svg) ?? [-Infinity, -Infinity, Infinity, Infinity];
    const from = at ?? start(svg);
    at = { x: tenths(clamp(from.x + step.x, minX, maxX)), y: tenths(clamp(from.y + step.y, minY, maxY)) };
    show(svg);
  };

  /** Where Alt+B took the focus from, for Escape to give it back. */
  let cameFrom: HTMLElement | null = null;
  document.addEventListener('keydown', (e) => {
    const svg = svgOf();
    if (!svg || !e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyB') return;
    e.preventDefault();
    const from = document.activeElement;
    if (from instanceof HTMLElement && !board.contains(from)) cameFrom = from;
    svg.focus();
  });

  board.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && cameFrom?.isConnected) {
      e.preventDefault();
      cameFrom.focus();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const svg = svgOf();
    if (!svg || (e.key !== 'Enter' && e.key !== ' ' && !(e.key in STEPS))) return;
    const piece = (e.target as Element).closest('[data-piece], [data-missile], [data-pod]');
    if (piece && e.key in STEPS) return;
    if (e.target !== svg && !piece) return;
    // The page's own arrows step through the events (web/main.ts): not while they move the cursor.
    e.preventDefault();
    e.stopPropagation();
    if (piece) clickAt(svg, piece, centreOf(piece));
    else if (e.key in STEPS) {
      const step = STEPS[e.key] as Point;
      const by = e.shiftKey ? 0.1 : 1;
      move(svg, { x: step.x * by, y: step.y * by });
    } else clickAt(svg, svg, at ?? start(svg));
  });

  // A piece selected, by a click or a key, puts the cursor on it: a move's destination is given from there.
  board.addEventListener('click', (e) => {
    const svg = svgOf();
    const piece = (e.target as Element).closest('[data-piece]');
    if (!svg || !piece) return;
    at = centreOf(piece);
    show(svg);
  });

  board.addEventListener('focusin', (e) => {
    const svg = svgOf();
    if (!svg || e.target !== svg) return;
    at ??= start(svg);
    show(svg);
    status.classList.remove('hidden');
  });
  board.addEventListener('focusout', (e) => {
    if (e.target === svgOf()) status.classList.add('hidden');
  });

  return {
    focused: () => {
      const svg = svgOf();
      return svg !== null && document.activeElement === svg;
    },
    drawn(refocus) {
      const svg = svgOf();
      if (!svg || !tableOf(svg)) {
        status.classList.add('hidden');
        return;
      }
      svg.setAttribute('tabindex', '0');
      svg.setAttribute('aria-describedby', status.id);
      svg.setAttribute('aria-keyshortcuts', 'Alt+B');
      // Another table (another log): the cursor starts again.
      const [minX, minY, maxX, maxY] = boundsOf(svg) ?? [0, 0, 0, 0];
      if (at && (at.x < minX || at.x > maxX || at.y < minY || at.y > maxY)) at = null;
      // The cursor is drawn while the picture has the focus (focusin): the focus given back draws it.
      if (refocus) svg.focus({ preventScroll: true });
      else status.classList.add('hidden');
    },
  };
};
