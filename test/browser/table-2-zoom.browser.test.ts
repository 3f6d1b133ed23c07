/**
 * TABLE-2 zoom and pan in a real Chromium against the memory runtime. Post Galactica's example
 * armies placed by `Deploy auto`, followed with the seat's key, Move's position focused: the
 * wheel zooms about the pointer (the table point under it stays under it), + zooms further with
 * the board focused, and then a click on empty table still fills the table point under it,
 * computed here from the SVG's own viewBox, independently of the page's code. A Shift drag pans
 * and fills nothing; "Reset zoom" and 0 give the whole table back; two fingers spread zoom about
 * the point between them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { geometry, toScreen, toTable } from '../support/board-geometry.ts';
import { browserSession } from '../support/browser-session.ts';
import { exampleAtMovement, followTable } from '../support/browser-table.ts';

const SLOW = 60_000;
const session = browserSession();

/** What on the board is under a screen point: a piece's id, or '' for the table. */
const under = (page: Page, p: { x: number; y: number }): Promise<string> =>
  page.evaluate(`document.elementFromPoint(${p.x}, ${p.y})?.closest('[data-piece]')?.dataset.piece ?? ''`) as Promise<string>;

const POINT = '#play fieldset.list > ol > li';
const filled = async (page: Page): Promise<[number, number]> => [
  Number(await page.inputValue(`${POINT} input[name="x"]`)),
  Number(await page.inputValue(`${POINT} input[name="y"]`)),
];

describe('TABLE-2 zoom and pan', () => {
  it(
    'TABLE-2 Post Galactica: zoomed by the wheel about the pointer and by +, a click on empty table still fills the point under it; a Shift drag pans and fills nothing; a pinch zooms about its middle',
    async () => {
      const { game, view } = await exampleAtMovement(session.url);
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      await page.selectOption('#play select[name="command"]', 'Move');
      await page.focus(`${POINT} input[name="x"]`);
      expect(await page.textContent('#board-tools [data-zoom-level]')).toBe('100%');
      expect(await page.isDisabled('#board-tools [data-zoom="reset"]')).toBe(true);

      // The wheel, over the table point (30, 20): zoomed about it.
      const whole = await geometry(page);
      const pointer = toScreen(whole, 30, 20);
      await page.mouse.move(pointer.x, pointer.y);
      await page.mouse.wheel(0, -300);
      await expect.poll(async () => (await geometry(page)).vw).toBeLessThan(whole.vw / 1.5);
      const wheeled = await geometry(page);
      const still = toTable(wheeled, pointer);
      expect(Math.abs(still.x - 30)).toBeLessThan(0.1);
      expect(Math.abs(still.y - 20)).toBeLessThan(0.1);

      // + on the focused board: further in, about the middle of what is shown.
      await page.focus('#board svg');
      await page.keyboard.press('+');
      const zoomed = await geometry(page);
      expect(zoomed.vw).toBeCloseTo(wheeled.vw / 1.5, 3);
      const level = Number.parseInt((await page.textContent('#board-tools [data-zoom-level]')) ?? '', 10);
      expect(level).toBe(Math.round((whole.vw / zoomed.vw) * 100));
      expect(level).toBeGreaterThan(250);

      // A click on empty table fills the point under it, to a tenth.
      await page.focus(`${POINT} input[name="x"]`);
      const box = (await page.$eval('#board svg', (svg) => svg.getBoundingClientRect().toJSON())) as {
        left: number;
        top: number;
        width: number;
        height: number;
      };
      let clicks = 0;
      for (const [fx, fy] of [
        [0.3, 0.3],
        [0.7, 0.4],
        [0.5, 0.6],
      ] as const) {
        const p = { x: Math.round(box.left + box.width * fx), y: Math.round(box.top + box.height * fy) };
        if ((await under(page, p)) !== '') continue;
        await page.mouse.click(p.x, p.y);
        const t = toTable(zoomed, p);
        const [x, y] = await filled(page);
        expect(Math.abs(x - Math.min(48, Math.max(0, t.x))), `x at (${p.x}, ${p.y})`).toBeLessThanOrEqual(0.0501);
        expect(Math.abs(y - Math.min(36, Math.max(0, t.y))), `y at (${p.x}, ${p.y})`).toBeLessThanOrEqual(0.0501);
        clicks += 1;
      }
      expect(clicks).toBeGreaterThan(0);

      // A Shift drag pans: the table moves with the pointer, and the field keeps its value.
      const before = await filled(page);
      const from = { x: Math.round(box.left + box.width * 0.5), y: Math.round(box.top + box.height * 0.5) };
      await page.keyboard.down('Shift');
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      const panned = await geometry(page);
      expect(panned.vw).toBeCloseTo(zoomed.vw, 6);
      expect(panned.vx).toBeCloseTo(zoomed.vx - 60 / zoomed.scale, 1);
      expect(panned.vy).toBeCloseTo(zoomed.vy - 40 / zoomed.scale, 1);
      expect(await filled(page)).toEqual(before);

      // The button gives the whole table back; so does 0 on the board.
      await page.click('#board-tools [data-zoom="reset"]');
      expect((await geometry(page)).vw).toBeCloseTo(whole.vw, 6);
      await page.click('#board-tools [data-zoom="in"]');
      expect((await geometry(page)).vw).toBeCloseTo(whole.vw / 1.5, 3);
      await page.focus('#board svg');
      await page.keyboard.press('0');
      expect((await geometry(page)).vw).toBeCloseTo(whole.vw, 6);
      expect(await page.textContent('#board-tools [data-zoom-level]')).toBe('100%');

      // Two fingers spread from 40 px apart to 120 px: three times in, about the point between them.
      const middle = { x: Math.round(box.left + box.width * 0.4), y: Math.round(box.top + box.height * 0.5) };
      const between = toTable(await geometry(page), middle);
      const cdp = await page.context().newCDPSession(page);
      const fingers = (type: string, apart: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: middle.x - apart / 2, y: middle.y, id: 1 },
                  { x: middle.x + apart / 2, y: middle.y, id: 2 },
                ],
        } as never);
      await fingers('touchStart', 40);
      for (const apart of [60, 80, 100, 120]) await fingers('touchMove', apart);
      await fingers('touchEnd', 120);
      const pinched = await geometry(page);
      expect(pinched.vw).toBeCloseTo(whole.vw / 3, 3);
      const kept = toTable(pinched, middle);
      expect(Math.abs(kept.x - between.x)).toBeLessThan(0.1);
      expect(Math.abs(kept.y - between.y)).toBeLessThan(0.1);
    },
    SLOW,
  );
});
