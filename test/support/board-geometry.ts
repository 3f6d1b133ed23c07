/**
 * The board as a browser test reads it (TABLE-2): where the SVG's viewBox lands on the screen, as
 * its `meet` places it, computed from the picture's own attributes and independently of the page's
 * code; and a Post Galactica game played past deployment by `Deploy auto`.
 */
import type { Page } from 'playwright-core';

export interface Geometry {
  readonly ox: number;
  readonly oy: number;
  readonly scale: number;
  readonly vx: number;
  readonly vy: number;
  readonly vw: number;
}

export const geometry = (page: Page): Promise<Geometry> =>
  page.$eval('#board svg', (svg) => {
    const box = svg.getBoundingClientRect();
    const [vx, vy, vw, vh] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number) as [number, number, number, number];
    const [w, h] = [svg.clientWidth, svg.clientHeight];
    const scale = Math.min(w / vw, h / vh);
    return { ox: box.left + svg.clientLeft + (w - vw * scale) / 2, oy: box.top + svg.clientTop + (h - vh * scale) / 2, scale, vx, vy, vw };
  });

/** The screen pixel (whole, as a mouse event reports it) of a table point: y grows up the table, down the screen. */
export const toScreen = (g: Geometry, x: number, y: number) => ({
  x: Math.round(g.ox + (x - g.vx) * g.scale),
  y: Math.round(g.oy + (-y - g.vy) * g.scale),
});

/** The table point under a screen pixel. */
export const toTable = (g: Geometry, p: { x: number; y: number }) => ({
  x: g.vx + (p.x - g.ox) / g.scale,
  y: -(g.vy + (p.y - g.oy) / g.scale),
});
