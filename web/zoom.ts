/**
 * TABLE-2: zoom and pan over the board. The picture is drawn for the pixels it has (VIEW-10);
 * zooming narrows its viewBox, so everything drawn, words included, grows together, and the
 * board's own matrices follow: a click still lands on the table point under it (web/play.ts
 * reads the table group's screen matrix). The wheel and a pinch zoom about the pointer; a drag
 * with the middle button, or with Shift or Ctrl held, pans, and so does one finger once zoomed;
 * a plain click is left alone (it fills a point). With the board focused, + and - zoom, 0 goes
 * back to the whole table, and Ctrl with the arrows pans. The view is kept as the board is drawn
 * again for another event, and dropped for another table.
 */

/** A rectangle of the SVG's user space: its viewBox. */
interface View {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface BoardZoom {
  /** After the board is drawn: the zoomed view applied to the new picture, or dropped if the table changed. */
  drawn(): void;
}

/** How far in a player may go: eight times, enough to tell bases apart at 375 px. */
const MAX_SCALE = 8;
/** Each step of the keys and buttons. */
const STEP = 1.5;
/** A drag shorter than this, in screen pixels, is a click. */
const DRAG_PX = 4;
/** The arrows pan a fifth of what is shown. */
const PAN_SHARE = 0.2;

const viewOf = (value: string | null): View | null => {
  const [x, y, w, h] = (value ?? '').split(/[\s,]+/).map(Number);
  return [x, y, w, h].every((n) => Number.isFinite(n)) && (w as number) > 0 && (h as number) > 0
    ? { x: x as number, y: y as number, w: w as number, h: h as number }
    : null;
};

const clamp = (n: number, low: number, high: number): number => Math.min(high, Math.max(low, n));

/** Scales an element by `1 / scale` about the point (x, y) of its own coordinates; none at 1. */
const shrinkAbout = (el: Element, x: number, y: number, scale: number): void => {
  if (scale === 1) el.removeAttribute('transform');
  else el.setAttribute('transform', `translate(${x} ${y}) scale(${1 / scale}) translate(${-x} ${-y})`);
};

const attr = (el: Element, name: string): number => Number(el.getAttribute(name) ?? 0);

/**
 * The words keep their size on the screen as the table grows: each label shrinks about its own
 * box's middle (or where its leader line meets it), so it stays within the box it was placed in (clear of every piece's centre and of
 * every other label, render/labels.ts), and each edge number about its own point.
 */
const keepWordsSize = (svg: SVGSVGElement, scale: number): void => {
  for (const label of svg.querySelectorAll(':scope > g.labels > g.label')) {
    const rect = label.querySelector(':scope > rect');
    const words = label.querySelector(':scope > text:last-of-type');
    if (!rect || !words) continue;
    // Towards where its leader line meets it, if it has one: the line still reaches it.
    const leader = label.querySelector(':scope > line.leader');
    const [x, y] = leader
      ? [attr(leader, 'x2'), attr(leader, 'y2')]
      : [attr(rect, 'x') + attr(rect, 'width') / 2, attr(rect, 'y') + attr(rect, 'height') / 2];
    shrinkAbout(rect, x, y, scale);
    shrinkAbout(words, x, y, scale);
  }
  for (const words of svg.querySelectorAll(':scope > g.edges > text')) shrinkAbout(words, attr(words, 'x'), attr(words, 'y'), scale);
};

/** `controls` holds the zoom buttons (`[data-zoom="in" | "out" | "reset"]`) and the level (`[data-zoom-level]`). */
export const createZoom = (board: HTMLElement, controls: HTMLElement): BoardZoom => {
  /** The whole picture's viewBox, as drawn, and the part of it shown now (null: all of it). */
  let whole: View | null = null;
  let shown: View | null = null;
  const svgOf = (): SVGSVGElement | null => board.querySelector<SVGSVGElement>('svg[data-bounds]');

  const scaleOf = (): number => (whole && shown ? whole.w / shown.w : 1);

  const apply = (): void => {
    const svg = svgOf();
    if (!svg || !whole) return;
    const v = shown ?? whole;
    svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    keepWordsSize(svg, scaleOf());
    svg.classList.toggle('zoomed', shown !== null);
    const level = controls.querySelector<HTMLElement>('[data-zoom-level]');
    if (level) level.textContent = `${Math.round(scaleOf() * 100)}%`;
    const reset = controls.querySelector<HTMLButtonElement>('[data-zoom="reset"]');
    if (reset) reset.disabled = shown === null;
  };

  /** Shows `w` wide (and as high, in proportion) with the user point `p` kept at the same fraction of the view. */
  const showAround = (scale: number, p: { x: number; y: number }): void => {
    if (!whole) return;
    const from = shown ?? whole;
    const s = clamp(scale, 1, MAX_SCALE);
    if (s <= 1.001) {
      shown = null;
      apply();
      return;
    }
    const w = whole.w / s;
    const h = whole.h / s;
    const fx = (p.x - from.x) / from.w;
    const fy = (p.y - from.y) / from.h;
    shown = {
      x: clamp(p.x - fx * w, whole.x, whole.x + whole.w - w),
      y: clamp(p.y - fy * h, whole.y, whole.y + whole.h - h),
      w,
      h,
    };
    apply();
  };

  /** The user point of the SVG under a screen point. */
  const userPoint = (svg: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } | null => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  };

  const zoomAt = (factor: number, clientX: number, clientY: number): void => {
    const svg = svgOf();
    const p = svg && userPoint(svg, clientX, clientY);
    if (p) showAround(scaleOf() * factor, p);
  };

  /** Zooms about the middle of what is shown: the keys and the buttons. */
  const zoomCentre = (factor: number): void => {
    const v = shown ?? whole;
    if (v) showAround(scaleOf() * factor, { x: v.x + v.w / 2, y: v.y + v.h / 2 });
  };

  /** Moves what is shown by (dx, dy) screen pixels: the table follows the pointer. */
  const panBy = (dx: number, dy: number): void => {
    const svg = svgOf();
    const a = svg?.getScreenCTM()?.a;
    if (!whole || !shown || !a) return;
    shown = {
      ...shown,
      x: clamp(shown.x - dx / a, whole.x, whole.x + whole.w - shown.w),
      y: clamp(shown.y - dy / a, whole.y, whole.y + whole.h - shown.h),
    };
    apply();
  };

  board.addEventListener(
    'wheel',
    (e) => {
      if (!(e.target instanceof Element) || !e.target.closest('svg[data-bounds]')) return;
      e.preventDefault();
      // Lines or pages of scroll count as 16 px each; a trackpad's pinch comes as a wheel with Ctrl.
      const px = e.deltaY * (e.deltaMode === 0 ? 1 : 16);
      zoomAt(Math.exp(-px * (e.ctrlKey ? 0.01 : 0.002)), e.clientX, e.clientY);
    },
    { passive: false },
  );

  /** The pointers down on the board now, for a drag or a pinch. */
  const pointers = new Map<number, { x: number; y: number }>();
  let panning = false;
  let moved = 0;
  const pinchOf = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  };

  board.addEventListener('pointerdown', (e) => {
    const svg = svgOf();
    if (!svg || !(e.target instanceof Element) || !svg.contains(e.target)) return;
    if (e.pointerType === 'touch') {
      // Every finger is followed: two make a pinch; one pans once the table is zoomed (else the page scrolls).
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      panning = shown !== null || pointers.size > 1;
      if (pointers.size === 1) moved = 0;
      return;
    }
    if (!(e.button === 1 || (e.button === 0 && (e.shiftKey || e.ctrlKey || e.metaKey)))) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    panning = true;
    moved = 0;
    // The middle button's own scrolling, and a text selection by a Shift drag, are not wanted on the board.
    e.preventDefault();
  });

  board.addEventListener('pointermove', (e) => {
    const was = pointers.get(e.pointerId);
    if (!panning || !was) return;
    const before = pinchOf();
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const after = pinchOf();
    if (before && after && before.d > 0) {
      zoomAt(after.d / before.d, after.x, after.y);
      panBy(after.x - before.x, after.y - before.y);
      moved += DRAG_PX;
      return;
    }
    panBy(e.clientX - was.x, e.clientY - was.y);
    moved += Math.hypot(e.clientX - was.x, e.clientY - was.y);
    // Held only once it is a drag: a click with Shift held still goes to the piece under it.
    if (moved >= DRAG_PX && !svgOf()?.hasPointerCapture(e.pointerId)) svgOf()?.setPointerCapture(e.pointerId);
  });

  const release = (e: PointerEvent): void => {
    pointers.delete(e.pointerId);
    if (pointers.size === 0) panning = false;
  };
  board.addEventListener('pointerup', release);
  board.addEventListener('pointercancel', release);

  // A drag that panned is no click: the field the player is filling keeps its value.
  board.addEventListener(
    'click',
    (e) => {
      if (moved < DRAG_PX) return;
      moved = 0;
      e.stopImmediatePropagation();
      e.preventDefault();
    },
    true,
  );
  board.addEventListener('auxclick', (e) => {
    if (e.button === 1) e.preventDefault();
  });

  board.addEventListener('keydown', (e) => {
    const svg = svgOf();
    if (!svg || !(e.target instanceof Element) || !svg.contains(e.target) || e.altKey || e.metaKey) return;
    const pans: Record<string, [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const pan = pans[e.key];
    if (pan && e.ctrlKey) {
      const box = svg.getBoundingClientRect();
      panBy(pan[0] * box.width * PAN_SHARE, pan[1] * box.height * PAN_SHARE);
    } else if (!e.ctrlKey && (e.key === '+' || e.key === '=')) zoomCentre(STEP);
    else if (!e.ctrlKey && e.key === '-') zoomCentre(1 / STEP);
    else if (!e.ctrlKey && e.key === '0') showAround(1, { x: 0, y: 0 });
    else return;
    e.preventDefault();
    e.stopPropagation();
  });

  controls.addEventListener('click', (e) => {
    const which = (e.target as Element).closest<HTMLElement>('[data-zoom]')?.dataset.zoom;
    if (which === 'in') zoomCentre(STEP);
    else if (which === 'out') zoomCentre(1 / STEP);
    else if (which === 'reset') showAround(1, { x: 0, y: 0 });
  });

  return {
    drawn() {
      const svg = svgOf();
      controls.classList.toggle('hidden', !svg);
      if (!svg) return;
      const full = viewOf(svg.getAttribute('viewBox'));
      // Another table, or the same drawn for other pixels: the whole of it again.
      if (!full || !whole || full.x !== whole.x || full.y !== whole.y || full.w !== whole.w || full.h !== whole.h) shown = null;
      whole = full;
      apply();
    },
  };
};
