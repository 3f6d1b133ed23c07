/**
 * TABLE-2 the ruler in a real Chromium against the memory runtime. With Measure pressed, two
 * clicks on the table show the distance between the table points under them (computed here from
 * the SVG's own viewBox) in the ruleset's unit, and what the referee's own functions make of it:
 * GSC2's range band and to-hit modifier for each beam class (domain/gsc2/ranges.ts), Sol'una's
 * squares as its grid counts them (domain/soluna/grid.ts), Post Galactica's gap between two
 * units' bases (domain/post-galactica/units.ts). A measuring click fills no field.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { round3 } from '../../domain/gsc2/geometry.ts';
import { bandOf, rangeModifier } from '../../domain/gsc2/ranges.ts';
import { inches } from '../../domain/post-galactica/geometry.ts';
import { gap, type Placed } from '../../domain/post-galactica/units.ts';
import { type PgView, stateOfView } from '../../domain/post-galactica/view.ts';
import { distance as squares } from '../../domain/soluna/grid.ts';
import { geometry, toScreen, toTable } from '../support/board-geometry.ts';
import { browserSession } from '../support/browser-session.ts';
import { exampleAtMovement, followTable, seatedTable, solunaActionRow } from '../support/browser-table.ts';

const SLOW = 60_000;
const session = browserSession();

/** Presses Measure and clicks the two table points; gives the reading and the table points the clicks were at. */
const measure = async (page: Page, a: { x: number; y: number }, b: { x: number; y: number }) => {
  await page.click('#measure');
  expect(await page.getAttribute('#measure', 'aria-pressed')).toBe('true');
  const g = await geometry(page);
  const [pa, pb] = [toScreen(g, a.x, a.y), toScreen(g, b.x, b.y)];
  await page.mouse.click(pa.x, pa.y);
  expect(await page.textContent('#ruler-reading')).toBe('Click the other end.');
  await page.mouse.click(pb.x, pb.y);
  await page.waitForSelector('#ruler-reading[data-distance]');
  expect(await page.locator('#board svg g.ruler line').count()).toBe(1);
  return { reading: (await page.textContent('#ruler-reading')) ?? '', from: toTable(g, pa), to: toTable(g, pb) };
};

describe('TABLE-2 the ruler', () => {
  it.concurrent(
    "TABLE-2 GSC2: between two table points, the inches and each beam class's band and to-hit modifier as GSC-12's table gives them",
    async () => {
      const game = await seatedTable(session.url, 'gsc2', ['red', 'blue'], { firstPlayer: 'red' });
      const view = await game.view('red', game.version);
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      const { reading, from, to } = await measure(page, { x: 4, y: 6 }, { x: 30, y: 25 });
      const range = round3(Math.hypot(to.x - from.x, to.y - from.y));
      const [shown, ...lines] = reading.split('; ');
      expect(Math.abs(Number.parseFloat(shown ?? '') - range)).toBeLessThan(0.01);
      const at = Number.parseFloat(shown ?? '');
      const signed = (n: number) => (n > 0 ? `+${n} to hit` : n < 0 ? `−${-n} to hit` : 'no modifier');
      expect(lines).toEqual(
        (['light', 'medium', 'heavy'] as const).map((c) => `${c} beam: ${bandOf(c, at)} range, ${signed(rangeModifier(c, at))} (GSC-12)`),
      );
      // 32" or so: light and medium beams at long range, the heavy at normal range.
      expect(lines.map((l) => /: (\w+) range/.exec(l)?.[1])).toEqual(['long', 'long', 'normal']);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-2 Sol'una: between two squares, the squares its grid counts, and a click while measuring fills no field",
    async () => {
      const page = await solunaActionRow(session);
      const field = '#play fieldset.list > ol > li input[name="to-0"]';
      await page.focus(field);
      const { reading } = await measure(page, { x: 7.5, y: 1.5 }, { x: 10.5, y: 9.5 });
      expect(squares([7, 1], [10, 9])).toBe(8);
      expect(reading.split('; ').slice(0, 2)).toEqual(['8 squares', '[7,1] to [10,9]']);
      expect(reading).toMatch(/; Line Of Sight: (clear|blocked)/);
      expect(await page.inputValue(field)).toBe('');
      // Measure pressed again: the line goes, and a click fills the field again.
      await page.click('#measure');
      expect(await page.locator('#board svg g.ruler').count()).toBe(0);
      await page.focus(field);
      const g = await geometry(page);
      const p = toScreen(g, 7.5, 1.5);
      await page.mouse.click(p.x, p.y);
      expect(await page.inputValue(field)).toBe('7');
    },
    SLOW,
  );

  it.concurrent(
    'TABLE-2 Post Galactica after Deploy auto: from a red unit to a blue one, the gap between their bases as the referee measures it',
    async () => {
      const { game, view } = await exampleAtMovement(session.url);
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      const state = stateOfView(view.game as unknown as PgView);
      const placed = state.units.filter((u): u is Placed => u.position !== null && u.datasheet !== undefined);
      // Units clear of any other base, so their centres are theirs to click.
      const clear = (u: Placed) => placed.every((o) => o === u || Math.hypot(o.position.x - u.position.x, o.position.y - u.position.y) > 2);
      const red = placed.find((u) => u.seat === 'red' && clear(u)) as Placed;
      const blue = placed.find((u) => u.seat === 'blue' && clear(u)) as Placed;
      const { reading } = await measure(page, red.position, blue.position);
      const [shown, between] = reading.split('; ');
      expect(shown).toBe(inches(Math.hypot(blue.position.x - red.position.x, blue.position.y - red.position.y)));
      expect(between).toBe(`${inches(gap(state, red, blue))} between the bases (PG-11, PG-12 measure this)`);
      expect(reading).toMatch(/; ranged: /);
    },
    SLOW,
  );
});
