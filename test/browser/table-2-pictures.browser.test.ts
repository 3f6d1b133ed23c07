/**
 * TABLE-2 a legible battlefield, as a player sees it in Chromium at 1280×800 and 375 px: each
 * ruleset's crowded deployment (Post Galactica's armies placed by `Deploy auto`, Sol'una's and
 * GSC2's example forces as the game starts), followed with a seat's key. On screen no label's box
 * covers a piece's centre, the edges carry their coordinates, and the zoom and Measure controls
 * are there. Post Galactica at 375 px is also shown zoomed in on its crowded edge, a ruler laid
 * between two units. The pictures go to docs/screenshots under `npm run screenshots`.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { geometry, toScreen } from '../support/board-geometry.ts';
import { screenshotsDir, screenshotsForDocs } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';
import { followTable, playTo, seatedTable } from '../support/browser-table.ts';

const SLOW = 60_000;
const session = browserSession();
const shots = screenshotsDir();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** Each piece's centre on the screen that a label's box covers, by id: none, on a legible board. */
const coveredCentres = (page: Page): Promise<string[]> =>
  // A string: the test's own types have no DOM.
  page.evaluate(`(() => {
    const labels = [...document.querySelectorAll('#board .labels rect')].map((r) => r.getBoundingClientRect());
    return [...document.querySelectorAll('#board [data-piece]')]
      .filter((piece) => {
        const base = piece.querySelector('.base')?.getBoundingClientRect();
        if (!base) return false;
        const [x, y] = [base.left + base.width / 2, base.top + base.height / 2];
        return labels.some((b) => x > b.left + 0.5 && x < b.right - 0.5 && y > b.top + 0.5 && y < b.bottom - 0.5);
      })
      .map((piece) => piece.getAttribute('data-piece'));
  })()`) as Promise<string[]>;

const settle = (page: Page): Promise<void> =>
  page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))') as Promise<void>;

const SETUPS = [
  { ruleset: 'post-galactica', seats: ['red', 'blue'], options: { firstPlayer: 'red', rules: { scenario: 'example' } }, edges: 'inch' },
  { ruleset: 'soluna', seats: ['sun', 'moon'], options: { firstPlayer: 'sun' }, edges: 'square' },
  { ruleset: 'gsc2', seats: ['red', 'blue'], options: { firstPlayer: 'red' }, edges: 'inch' },
] as const;

describe('TABLE-2 a legible battlefield, pictured', () => {
  for (const setup of SETUPS) {
    it.concurrent(
      `TABLE-2 ${setup.ruleset}, crowded deployment at 1280 and 375 px: no label over a piece's centre, coordinates on the edges, zoom and Measure at hand`,
      async () => {
        const game = await seatedTable(session.url, setup.ruleset, [...setup.seats], setup.options);
        const view = setup.ruleset === 'post-galactica' ? await playTo(game, 'movement') : await game.view(setup.seats[0], game.version);
        const page = await followTable(session, game, view.awaiting[0] as string, view.version);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.evaluate('window.scrollTo(0, 0)');
          await settle(page);
          expect(await page.locator('#board [data-piece]').count()).toBeGreaterThan(1);
          expect(await coveredCentres(page), `${viewport.width} px`).toEqual([]);
          expect(await page.getAttribute('#board svg g.edges', 'data-edges')).toBe(setup.edges);
          expect(await page.locator('#board svg g.edges text').count()).toBeGreaterThan(4);
          expect(await page.isVisible('#board-tools [data-zoom="in"]')).toBe(true);
          expect(await page.isVisible('#measure')).toBe(true);
          if (screenshotsForDocs()) await page.screenshot({ path: join(shots, `table-2-${setup.ruleset}-${viewport.width}.png`) });
        }
        if (setup.ruleset !== 'post-galactica') return;
        // At 375 px: zoomed in on red's crowded corner, a ruler from a red unit to the nearest blue one.
        const g = await geometry(page);
        const corner = toScreen(g, 8, 4);
        await page.mouse.move(corner.x, corner.y);
        await page.mouse.wheel(0, -500);
        await settle(page);
        expect(Number.parseInt((await page.textContent('#board-tools [data-zoom-level]')) ?? '', 10)).toBeGreaterThan(200);
        expect(await coveredCentres(page)).toEqual([]);
        const units = (view.game?.units ?? []) as { id: string; seat: string; x: number | null; y: number | null }[];
        const red = units.find((u) => u.seat === 'red' && u.x !== null && u.x > 6) ?? units.find((u) => u.seat === 'red' && u.x !== null);
        await page.click('#measure');
        const zoomed = await geometry(page);
        const from = toScreen(zoomed, red?.x ?? 0, red?.y ?? 0);
        await page.mouse.click(from.x, from.y);
        const to = toScreen(zoomed, 16, 10);
        await page.mouse.click(to.x, to.y);
        await page.waitForSelector('#ruler-reading[data-distance]');
        expect(await page.textContent('#ruler-reading')).toMatch(/^\d+(\.\d+)?"; line of sight: (clear|blocked by .+) \(PG-11\)$/);
        if (screenshotsForDocs()) await page.screenshot({ path: join(shots, 'table-2-post-galactica-375-zoomed.png') });
      },
      SLOW,
    );
  }
});
