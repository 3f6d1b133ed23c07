/**
 * The battlefield a wargamer reads (VIEW-9, VIEW-10, VIEW-11, VIEW-13), in a real Chromium:
 * seat colours that match their names, labels at 12 px or more that never overlap on
 * screen, the current event drawn with its dice beside the board at 1280×800, and a piece
 * inspected by click or keyboard as the viewer's seat may see it. The tests are independent:
 * each opens its own page. They run one after another, so the session hands each the page the
 * last one let go of, navigated afresh, instead of a new context (docs/design.md §17).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { explainActed, gameBefore } from '../../render/actor.ts';
import { screenshotsForDocs } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';

const root = resolve(import.meta.dirname, '..', '..');
const logFile = (name: string) => join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`);

const session = browserSession();

/** The viewer at a window of `width`×`height` with the log `name` open at its last event. */
const viewerWith = async (name: string, width: number, height: number): Promise<Page> => {
  const opened = await session.open();
  const { page } = opened;
  await page.setViewportSize({ width, height });
  await page.setInputFiles('#file', { name: `${name}.ndjson`, mimeType: 'application/x-ndjson', buffer: readFileSync(logFile(name)) });
  await page.waitForSelector('#verdict[data-verdict]');
  return page;
};

type Rect = { x: number; y: number; w: number; h: number; text: string; px: number; textW: number };
/** Every label on the board as the browser lays it out: its box and its text's box in screen pixels, and the font size on screen. */
const labelsOnScreen = (page: Page): Promise<Rect[]> =>
  // A string: the test's own types have no DOM.
  page.evaluate(`[...document.querySelectorAll('#board .label')].map((el) => {
    const box = el.querySelector('rect').getBoundingClientRect();
    const text = el.querySelector('text');
    const scale = el.ownerSVGElement.getScreenCTM().a;
    return { x: box.x, y: box.y, w: box.width, h: box.height, text: text.textContent,
      px: Number(text.getAttribute('font-size')) * scale, textW: text.getBoundingClientRect().width };
  })`) as Promise<Rect[]>;

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

// Each page verifies its log as it opens (VIEW-3): on 2 busy cores, that takes its time.
describe('the board a wargamer reads', { timeout: 120_000 }, () => {
  it('VIEW-9 seat "red" is vermilion and "blue" blue on the board, in the legend and in the event list', async () => {
    const page = await viewerWith('gsc2', 1280, 800);
    await page.click('#events li[data-seq="20"]');
    const fills = await page.$$eval('#board [data-piece] > .base', (els) =>
      Object.fromEntries(els.map((el) => [el.parentElement?.getAttribute('data-seat'), el.getAttribute('fill')])),
    );
    expect(fills).toEqual({ red: '#D55E00', blue: '#0072B2' });
    expect(await page.getAttribute('#board [data-legend="seat:red"] rect', 'fill')).toBe('#D55E00');
    expect(await page.getAttribute('#board [data-legend="seat:blue"] rect', 'fill')).toBe('#0072B2');
    const lines = (await page.evaluate(
      `Object.fromEntries([...document.querySelectorAll('#events li[data-seat]')].map((el) => [el.dataset.seat, getComputedStyle(el).borderLeftColor]))`,
    )) as Record<string, string>;
    expect(lines).toEqual({ red: 'rgb(213, 94, 0)', blue: 'rgb(0, 114, 178)' });
  });

  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    it(`VIEW-10 at ${width} px wide every label is 12 px or more, holds its words, and meets no other on screen`, async () => {
      const page = await viewerWith('post-galactica', width, height);
      const total = parseLog(readFileSync(logFile('post-galactica'), 'utf8')).events.length;
      // Deployment just done (the most crowded baselines), and the end of the game.
      for (const seq of [12, total]) {
        await page.click(`#events li[data-seq="${seq}"]`);
        const labels = await labelsOnScreen(page);
        expect(labels.length).toBeGreaterThan(5);
        for (const label of labels) {
          expect(label.px, label.text).toBeGreaterThanOrEqual(12);
          // The layout's width estimate holds in this browser's font: the words fit their box.
          expect(label.textW, label.text).toBeLessThanOrEqual(label.w);
        }
        const met = labels.flatMap((a, i) =>
          labels
            .slice(i + 1)
            .filter((b) => overlaps(a, b))
            .map((b) => `${a.text} / ${b.text}`),
        );
        expect(met).toEqual([]);
      }
      expect(await page.$$eval('#board [data-legend]', (els) => els.map((el) => el.getAttribute('data-legend')))).toEqual(
        expect.arrayContaining(['zone', 'objective', 'terrain:impassable']),
      );
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    });
  }

  it('VIEW-10 the GSC2 board keeps its scale from event to event', async () => {
    const page = await viewerWith('gsc2', 1280, 800);
    const frames = new Set<string | null>();
    for (const seq of [5, 15, 17, 41, 100, 299]) {
      await page.click(`#events li[data-seq="${seq}"]`);
      frames.add(await page.getAttribute('#board svg', 'viewBox'));
    }
    expect(frames.size).toBe(1);
  });

  it('VIEW-11 a beam is drawn from the firing ship to its target, and its dice sit beside the board at 1280×800', async () => {
    const page = await viewerWith('gsc2', 1280, 800);
    const log = parseLog(readFileSync(logFile('gsc2'), 'utf8'));
    const beam = log.events.find((e) => e.type === 'BeamFired') as EventEnvelope;
    const d = beam.data as { ship: string; target: string; hit: boolean };
    await page.click(`#events li[data-seq="${beam.seq}"]`);
    const mark = page.locator('#board [data-event-mark="shot"]');
    expect(await mark.getAttribute('data-from')).toBe(d.ship);
    expect(await mark.getAttribute('data-to')).toBe(d.target);
    expect(await mark.getAttribute('data-outcome')).toBe(d.hit ? 'hit' : 'miss');
    expect(await page.$$eval('#board .label text', (els) => els.map((el) => el.textContent))).toContain(d.hit ? 'hit' : 'miss');
    // The rolls, worded as `arbiter replay --explain` words them, in view without scrolling.
    // TABLE-7: headed by the seat whose piece rolled, as `arbiter replay --explain` heads it.
    expect(await page.textContent('#explain')).toBe(
      explainActed(beam, gameBefore(everyRuleset(), log.events, beam.seq), log.events).join('\n'),
    );
    const dice = await page.locator('#explain').boundingBox();
    expect((dice?.y ?? 900) + (dice?.height ?? 0)).toBeLessThanOrEqual(800);
    const board = await page.locator('#board svg').boundingBox();
    expect(dice?.x).toBeGreaterThanOrEqual((board?.x ?? 0) + (board?.width ?? 0));
    if (screenshotsForDocs())
      await page
        .locator('main')
        .screenshot({ path: join(root, 'dist', 'view-11-beam.png') })
        .catch(() => undefined);
  });

  it("VIEW-13 a piece clicked or focused by keyboard shows its state; the other seat's sealed orders stay sealed", async () => {
    const page = await viewerWith('soluna', 1280, 800);
    const log = parseLog(readFileSync(logFile('soluna'), 'utf8'));
    const sealed = log.events.find((e) => e.type === 'ActionsSealed' && e.visibleTo === 'moon') as EventEnvelope;
    const model = (sealed.data as { actions: { model: string }[] }).actions[0]?.model as string;
    await page.selectOption('#seat', 'sun');
    await page.click(`#events li[data-seq="${sealed.seq}"]`);
    // By keyboard: the piece is a button in the tab order.
    expect(await page.getAttribute(`#board [data-piece="${model}"]`, 'role')).toBe('button');
    await page.focus(`#board [data-piece="${model}"]`);
    expect(await page.textContent('#inspect h3')).toMatch(new RegExp(`\\(${model}\\)$`));
    expect(await page.textContent('#inspect')).toContain('sent, sealed from this seat until they are revealed');
    expect(await page.getAttribute(`#board [data-piece="${model}"]`, 'aria-pressed')).toBe('true');
    // As moon, the same piece shows moon's own orders.
    await page.selectOption('#seat', 'moon');
    await page.click(`#board [data-piece="${model}"]`);
    // TABLE-7: the orders in words, not their fields.
    expect(await page.textContent('#inspect')).toMatch(
      /sealed orders(move to \[\d+,\d+\]|attack \w+ with the |use the |defer its activation|do nothing)/,
    );
    expect(await page.textContent('#inspect')).toMatch(/MindWounds|Mind\d+ of \d+/);
  });
});
