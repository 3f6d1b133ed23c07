/**
 * The page around the board in a real Chromium (issue 28): who acted in each event line and
 * the list by keyboard (VIEW-12), honest failures (VIEW-14), the reference matches offered
 * on the empty page and a game without a scenario (VIEW-15). Each test has a page of its own;
 * they run one after another, so the session hands each the page the last one let go of,
 * navigated afresh, instead of a new context (docs/design.md §17); the last test shows that a
 * page handed on keeps nothing of its last holder (ARC-3).
 */

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../domain/verify/log.ts';
import { seatColour } from '../../render/svg.ts';
import { SAMPLE_LOGS } from '../../web/samples.ts';
import { type OpenPage, screenshotsDir, screenshotsForDocs } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';
import { Client, eventually } from '../support/http.ts';

const root = resolve(import.meta.dirname, '..', '..');
const logFile = (name: string) => join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`);
/** VIEW-17: a temporary folder, or docs/screenshots under `npm run screenshots`. */
const shots = screenshotsDir();

/** Chromium folds and verifies whole logs in each page, on two cores shared with the other files. */
const SLOW = 120_000;

const session = browserSession();

const viewer = async (size = { width: 1280, height: 800 }): Promise<OpenPage> => {
  const opened = await session.open();
  await opened.page.setViewportSize(size);
  return opened;
};

const openFile = async (page: Page, name: string, buffer: Buffer): Promise<void> => {
  await page.setInputFiles('#file', { name, mimeType: 'application/x-ndjson', buffer });
};
const openLog = async (page: Page, file: string, name = 'game.ndjson'): Promise<void> => {
  await openFile(page, name, readFileSync(file));
  await page.waitForSelector('#verdict[data-verdict]');
};
const position = async (page: Page): Promise<number> => Number(/^event (\d+) of/.exec((await page.textContent('#position')) ?? '')?.[1]);

describe('the page around the board', () => {
  it(
    'VIEW-15 MATCH the empty page offers every reference match; each opens from this origin and verifies',
    async () => {
      const { page, strays, errors } = await viewer();
      const offered = await page.$$eval('#samples [data-sample]', (els) => els.map((el) => el.getAttribute('data-sample')));
      expect(offered).toEqual(SAMPLE_LOGS.map((s) => s.file));
      // VIEW-17: the empty page, with the matches on offer.
      if (screenshotsForDocs()) await page.screenshot({ path: join(shots, 'empty-page-1280.png') });
      for (const sample of SAMPLE_LOGS) {
        const served = await fetch(`${session.url}/samples/${sample.file}`);
        expect(served.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
        expect(await served.text()).toBe(readFileSync(join(root, 'test', 'fixtures', 'logs', sample.file), 'utf8'));
      }
      await page.click('[data-sample="gsc2.ndjson"]');
      await page.waitForSelector('#verdict[data-verdict]');
      expect(await page.textContent('#status')).toMatch(/^gsc2\.ndjson: gsc2 gsc2-[\d.]+, \d+ events, ended\.$/);
      expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('pass');
      expect(await page.isVisible('#samples')).toBe(false);
      expect(strays).toEqual([]);
      expect(errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "VIEW-12 GSC-15 each line names the seat whose piece acted, in that seat's colour: event 45 is red's beam",
    async () => {
      const { page } = await viewer();
      await openLog(page, logFile('gsc2'));
      const line = page.locator('#events li[data-seq="45"]');
      expect(await line.textContent()).toMatch(/^45\. red: lance fired battery B at viper/);
      expect(await line.getAttribute('data-actor')).toBe('red');
      const colours = await page.$$eval('#events li[data-seq="45"], #events li[data-seq="43"]', (els) =>
        els.map((el) => /border-left-color: ([^;]+)/.exec(el.getAttribute('style') ?? '')?.[1]),
      );
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      expect(colours).toEqual([rgb('#555555'), rgb(seatColour(['red', 'blue'], 'red'))]);
      expect(await page.textContent('#events li[data-seq="43"]')).toMatch(/^43\. referee: viper took 2 damage from /);
    },
    SLOW,
  );

  it(
    'VIEW-12 MATCH the list works by keyboard: one tab stop, arrows, Enter and Space; PageUp goes back wherever the focus is',
    async () => {
      const { page } = await viewer();
      await openLog(page, logFile('soluna'));
      const total = await position(page);
      // The stepper's icons are drawn (no glyph a font may lack).
      expect(
        await page.$$eval('#stepper button', (els) => els.map((el) => [el.querySelector('svg') !== null, el.textContent?.trim()])),
      ).toEqual(Array(4).fill([true, '']));
      expect(await page.$$eval('#events li[tabindex="0"]', (els) => els.map((el) => el.getAttribute('data-seq')))).toEqual([String(total)]);
      await page.focus('#events li[aria-current]');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await position(page)).toBe(total - 2);
      expect(await page.evaluate('document.activeElement.dataset.seq')).toBe(String(total - 2));
      await page.keyboard.press('PageUp');
      expect(await position(page)).toBe(total - 12);
      await page.focus('#events li[data-seq="5"]');
      await page.keyboard.press('Enter');
      expect(await position(page)).toBe(5);
      await page.focus('#events li[data-seq="9"]');
      await page.keyboard.press(' ');
      expect(await position(page)).toBe(9);
      // The same key the same way on the slider, the board's buttons and the page.
      await page.focus('#slider');
      await page.keyboard.press('PageDown');
      expect(await position(page)).toBe(19);
      await page.keyboard.press('PageUp');
      expect(await position(page)).toBe(9);
      await page.focus('#next');
      await page.keyboard.press('PageDown');
      expect(await position(page)).toBe(19);
      // The current line is in the list's view, wherever the list was scrolled.
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      const [list, current] = await page.$$eval('#events, #events li[aria-current]', (els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        }),
      );
      expect(current?.top).toBeGreaterThanOrEqual(list?.top ?? Number.NaN);
      expect(current?.bottom).toBeLessThanOrEqual(list?.bottom ?? Number.NaN);
    },
    SLOW,
  );

  it(
    'VIEW-12 MATCH opening a second log leaves the page where it was',
    async () => {
      const { page } = await viewer();
      await openLog(page, logFile('post-galactica-battle'));
      await page.evaluate('window.scrollTo(0, 0)');
      await page.setInputFiles('#file', { name: 'second.ndjson', mimeType: 'application/x-ndjson', buffer: readFileSync(logFile('gsc2')) });
      await eventually(
        async () => page.textContent('#status'),
        (s) => s?.startsWith('second.ndjson') === true,
      );
      expect(await page.evaluate('window.scrollY')).toBe(0);
    },
    SLOW,
  );

  it(
    'VIEW-14 MATCH a file that is not a log clears the last verdict, checks, events and board, and says why in one sentence',
    async () => {
      const { page } = await viewer();
      await openLog(page, logFile('gsc2'));
      await openFile(page, 'README.md', readFileSync(join(root, 'README.md')));
      await eventually(
        async () => page.textContent('#status'),
        (s) => s?.startsWith('README.md') === true,
      );
      expect(await page.textContent('#status')).toBe(
        'README.md is not an Arbiter log: its first line is not JSON, and an exported log starts with a JSON header line.',
      );
      expect(await page.textContent('#verdict')).toBe('—');
      expect(await page.getAttribute('#verdict', 'data-verdict')).toBeNull();
      expect(await page.$$eval('#checks li, #events li, #board *', (els) => els.length)).toBe(0);
      expect(await page.isVisible('#stepper')).toBe(false);
      expect(await page.isVisible('#samples')).toBe(true);
    },
    SLOW,
  );

  it(
    'VIEW-14 GSC-15 a changed die: the rules check links to its event and shows the one field that differs',
    async () => {
      const { page } = await viewer();
      const lines = readFileSync(logFile('gsc2'), 'utf8').split('\n');
      lines[41] = (lines[41] as string).replace('"value":10,', '"value":1,');
      await openFile(page, 'tampered.ndjson', Buffer.from(lines.join('\n')));
      await page.waitForSelector('#verdict[data-verdict="fail"]');
      const rules = page.locator('#checks li[data-check="rules"]');
      expect(
        await rules.locator('.diff tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent))),
      ).toEqual([['data.roll.value', '10', '1']]);
      await rules.locator('.to-event').click();
      expect(await position(page)).toBe(41);
      expect(await page.evaluate('document.activeElement.dataset.seq')).toBe('41');
      expect(await page.getAttribute('#checks li[data-check="chain"] .to-event', 'data-seq')).toBe('41');
      // The page stays within its width: no raw JSON blob overflows the column.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
      if (screenshotsForDocs()) await page.locator('main').screenshot({ path: join(shots, 'tampered.png') });
    },
    SLOW,
  );

  it(
    'VIEW-15 PG-4 a game created without a scenario shows its empty table and says why, and where the game is',
    async () => {
      const anon = new Client(session.url);
      const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
      const { gameId } = (await ann.client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body;
      expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
      const view = (await ann.client.get<{ awaiting: string[] }>(`/games/${gameId}`)).body;
      const chooser = view.awaiting[0] === 'red' ? ann : bob;
      const chosen = await chooser.client.post(`/games/${gameId}/commands`, {
        commandId: 'choose-first',
        command: { type: 'ChooseFirstPlayer', seat: 'red' },
      });
      expect(chosen.status).toBe(200);
      const { page } = await viewer();
      await page.fill('#game-id', gameId);
      await page.fill('#api-key', ann.client.apiKey as string);
      await page.click('#live button[type=submit]');
      await page.waitForSelector('#board-note');
      expect(await page.textContent('#board-note')).toBe(
        'No pieces on the table: this Post Galactica game was created without a scenario (no armies, fleets or terrain), so its table stays empty. The game is at turn 1, the command step, waiting for red.',
      );
      expect(await page.getAttribute('#board svg', 'data-table-width')).toBe('48');
    },
    SLOW,
  );

  for (const [name, shot] of [
    ['post-galactica-battle', 'AttackResolved'],
    ['soluna', 'AttackResolved'],
    ['gsc2', 'BeamFired'],
  ] as const) {
    it(
      `VIEW-17 MATCH ${name}: an event with a shot and a piece inspected, at 1280×800 and 375 px`,
      async () => {
        const { page } = await viewer();
        await openLog(page, logFile(name), `${name}.ndjson`);
        const seq = parseLog(readFileSync(logFile(name), 'utf8')).events.find((e) => e.type === shot)?.seq as number;
        await page.click(`#events li[data-seq="${seq}"]`);
        expect(await position(page)).toBe(seq);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
          // Clicking the event's line scrolled the page to it; the picture is of the page as it opens, the board at the top.
          await page.evaluate('window.scrollTo(0, 0)');
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
          const picture = await page.screenshot({ path: join(shots, `${name}-shot-${width}.png`), fullPage: width !== 1280 });
          expect(picture.byteLength).toBeGreaterThan(10_000);
          // VIEW-13 draws the inspect panel (#inspect); once it is there, a piece is photographed inspected.
          await page.locator('#board [data-piece]').first().click({ force: true });
          if (screenshotsForDocs() && (await page.isVisible('#inspect')))
            await page.screenshot({ path: join(shots, `${name}-inspect-${width}.png`), fullPage: width !== 1280 });
        }
      },
      SLOW,
    );
  }
});

describe('ARC-3 the browser session hands on its pages', () => {
  it("ARC-3 a page handed on has a new document, the default viewport and none of the last holder's strays, errors or listeners; pages held at once are distinct", async () => {
    const first = await session.open();
    const other = await session.open();
    expect(other.page).not.toBe(first.page);
    await first.page.setViewportSize({ width: 375, height: 740 });
    let heard = 0;
    first.page.on('request', () => {
      heard += 1;
    });
    await first.page.evaluate(`console.error('left behind')`);
    // The page's CSP refuses a fetch elsewhere; a navigation is a request the context sees.
    await first.page.goto('http://example.invalid/').catch(() => undefined);
    await eventually(
      async () => [...first.errors],
      (errors) => errors.includes('left behind') && first.strays.length === 1 && heard === 1,
    );
    expect(first.strays).toEqual(['http://example.invalid/']);
    await first.close();

    const next = await session.open();
    expect(next.page).toBe(first.page);
    expect(next.page.url()).toBe(`${session.url}/`);
    expect(await next.page.title()).toBe('Arbiter: replay and verify a game');
    expect(next.page.viewportSize()).toEqual({ width: 1280, height: 720 });
    expect(next.strays).toEqual([]);
    expect(next.errors).toEqual([]);
    // The last holder's listener heard nothing of the new document's requests.
    expect(heard).toBe(1);
  });
});
