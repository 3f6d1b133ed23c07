/**
 * The replay viewer (VIEW-1 to VIEW-5) in a real Chromium, served by the local runtime at
 * `/`: each reference log opened from a file, stepped through, drawn, explained and
 * verified in the page; a tampered log; a live game followed by its id and key.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { redactEvent, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { explainActed, gameBefore } from '../../render/actor.ts';
import { type OpenPage, screenshotsDir, screenshotsForDocs } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';
import { Client, eventually } from '../support/http.ts';

const root = resolve(import.meta.dirname, '..', '..');
const logFile = (name: string) => join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`);
/** Every reference log: one per rule system, and the Post Galactica battle (DOC-7). */
const REFERENCE_LOGS = ['post-galactica', 'post-galactica-battle', 'soluna', 'gsc2'] as const;
const EVERY = everyRuleset();
/** VIEW-4, VIEW-17: `npm run screenshots` refreshes the pictures in docs/screenshots. */
const shots = screenshotsDir();

const session = browserSession();

const viewer = async (): Promise<OpenPage> => {
  const opened = await session.open();
  return opened;
};

const openLog = async (page: Page, file: string, name = 'game.ndjson'): Promise<void> => {
  await page.setInputFiles('#file', { name, mimeType: 'application/x-ndjson', buffer: readFileSync(file) });
  await page.waitForSelector('#verdict[data-verdict]');
};

type Piece = { id: string; x: number; y: number };
const drawnPieces = (page: Page): Promise<Piece[]> =>
  page.$$eval('#board [data-piece]', (els) =>
    els.map((el) => ({
      id: el.getAttribute('data-piece') ?? '',
      x: Number(el.getAttribute('data-x')),
      y: Number(el.getAttribute('data-y')),
    })),
  );

/** The pieces the state says are on the table: what the picture must show, one shape each. */
const piecesInState = (ruleset: string, game: Record<string, unknown>): Piece[] => {
  if (ruleset === 'post-galactica') {
    return (game.units as { id: string; x: number; y: number; embarkedIn: string | null }[])
      .filter((u) => !u.embarkedIn)
      .map(({ id, x, y }) => ({ id, x, y }));
  }
  if (ruleset === 'soluna') {
    return (game.models as { id: string; at: [number, number]; slain: boolean }[])
      .filter((m) => !m.slain)
      .map((m) => ({ id: m.id, x: m.at[0], y: m.at[1] }));
  }
  return Object.values(game.ships as Record<string, { id: string; at: { x: number; y: number }; status: string }>)
    .filter((s) => s.status === 'active')
    .map((s) => ({ id: s.id, x: s.at.x, y: s.at.y }));
};

const byId = (pieces: Piece[]) => [...pieces].sort((a, b) => a.id.localeCompare(b.id));

describe('the replay viewer', () => {
  it('VIEW-1 GET / serves the page; a log opened from a file is read in the page with no server call', async () => {
    const { page, strays } = await viewer();
    expect(await page.title()).toBe('Arbiter: replay and verify a game');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(request.url()));
    await openLog(page, logFile('gsc2'));
    expect(calls).toEqual([]);
    expect(strays).toEqual([]);
    expect(await page.textContent('#status')).toMatch(/^game\.ndjson: gsc2 gsc2-[\d.]+, \d+ events, ended\.$/);
  });

  it('VIEW-1 a log dropped on the page opens the same way, with no server call', async () => {
    const { page, strays } = await viewer();
    const calls: string[] = [];
    page.on('request', (request) => calls.push(request.url()));
    const text = readFileSync(logFile('soluna'), 'utf8');
    // In the page (a string: the test's own types have no DOM): a drag carrying the file, then the drop.
    await page.evaluate(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(text)}], 'dropped.ndjson', { type: 'application/x-ndjson' }));
      const zone = document.getElementById('drop');
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    })()`);
    await page.waitForSelector('#verdict[data-verdict]');
    expect(await page.textContent('#status')).toMatch(/^dropped\.ndjson: soluna sol-[\d.]+, \d+ events, ended\.$/);
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('pass');
    expect(calls).toEqual([]);
    expect(strays).toEqual([]);
  });

  for (const name of REFERENCE_LOGS) {
    it(`VIEW-2 VIEW-3 VIEW-4 ${name}: at the last event every piece alive is drawn once at its position; every event is a sentence; the log verifies in the page`, async () => {
      const { page } = await viewer();
      await openLog(page, logFile(name), `${name}.ndjson`);
      const log = parseLog(readFileSync(logFile(name), 'utf8'));
      const { ruleset } = log.header;
      const total = log.events.length;

      await page.keyboard.press('End');
      expect(await page.textContent('#position')).toBe(`event ${total} of ${total}`);
      const last = viewGame(EVERY, foldGame(EVERY, log.events), null);
      const expected = piecesInState(ruleset, last?.game as Record<string, unknown>);
      expect(expected.length).toBeGreaterThan(0);
      expect(byId(await drawnPieces(page))).toEqual(byId(expected));
      expect(await page.$$eval('#events li', (els) => els.length)).toBe(total);

      // VIEW-3: the domain's own verifier, in the page: five checks, all passed.
      expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('pass');
      expect(await page.$$eval('#checks li', (els) => els.map((el) => `${el.className} ${el.getAttribute('data-check')}`))).toEqual([
        'pass chain',
        'pass seed',
        'pass dice',
        'pass rules',
        'pass state',
      ]);

      // Step back with the keyboard, to the middle of the game: the picture follows the state there.
      const middle = Math.floor(total / 2);
      await page.keyboard.press('Home');
      for (let i = 1; i + 10 <= middle; i += 10) await page.keyboard.press('PageDown');
      for (let i = 0; i < (middle - 1) % 10; i += 1) await page.keyboard.press('ArrowRight');
      expect(await page.textContent('#position')).toBe(`event ${middle} of ${total}`);
      const then = viewGame(EVERY, foldGame(EVERY, log.events.slice(0, middle)), null);
      if (then?.game) expect(byId(await drawnPieces(page))).toEqual(byId(piecesInState(ruleset, then.game as Record<string, unknown>)));

      await page.keyboard.press('End');
      const shot = await page.locator('#board svg').screenshot({ path: join(shots, `${name}.png`) });
      expect(shot.byteLength).toBeGreaterThan(5_000);
    });
  }

  it('VIEW-2 each roll is explained in the same words as `arbiter replay --explain`', async () => {
    const { page } = await viewer();
    await openLog(page, logFile('gsc2'));
    const log = parseLog(readFileSync(logFile('gsc2'), 'utf8'));
    const rolled = log.events.find((e) => JSON.stringify(e.data).includes('"draw"')) as EventEnvelope;
    await page.click(`#events li[data-seq="${rolled.seq}"]`);
    expect(await page.textContent('#position')).toMatch(new RegExp(`^event ${rolled.seq} of`));
    // TABLE-7: headed by the seat whose piece rolled, as `arbiter replay --explain` heads it.
    expect(await page.textContent('#explain')).toBe(
      explainActed(rolled, gameBefore(everyRuleset(), log.events, rolled.seq), log.events).join('\n'),
    );
    expect(await page.textContent('#explain')).toMatch(/Roll 1 \[GSC-\d+\]: .* Rolled \d+ on a d\d+/);
  });

  it("VIEW-2 viewed as a seat, the other seat's sealed orders stay sealed until their reveal", async () => {
    const { page } = await viewer();
    await openLog(page, logFile('soluna'));
    const log = parseLog(readFileSync(logFile('soluna'), 'utf8'));
    const index = log.events.findIndex((e) => e.type === 'ActionsSealed' && e.visibleTo === 'moon');
    const sealed = log.events[index] as EventEnvelope;
    await page.selectOption('#seat', 'sun');
    const seen = await page.textContent(`#events li[data-seq="${sealed.seq}"]`);
    expect(redactEvent(sealed, 'sun', log.events[index - 1]).data).toBeNull();
    expect(seen).toMatch(/sealed orders \(hidden from this seat until they are revealed\)/);
    expect(seen).not.toContain('salt');
    await page.selectOption('#seat', 'moon');
    expect(await page.textContent(`#events li[data-seq="${sealed.seq}"]`)).toMatch(/moon sealed its orders for phase \d+ of turn \d+/);
  });

  it('VIEW-3 VIEW-4 a tampered log shows the failing check and its line', async () => {
    const { page } = await viewer();
    const lines = readFileSync(logFile('post-galactica'), 'utf8').split('\n');
    // One event, its time moved a year: its hash no longer covers its content.
    const line = 12;
    lines[line] = (lines[line] as string).replace('"at":"2026-', '"at":"2027-');
    const tampered = join(mkdtempSync(join(tmpdir(), 'arbiter-tampered-')), 'tampered.ndjson');
    writeFileSync(tampered, lines.join('\n'));
    await openLog(page, tampered);
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('fail');
    expect(await page.textContent('#checks li[data-check="chain"]')).toMatch(
      new RegExp(`^hash chain: broken at line ${line + 1} .*does not match its hash`),
    );
    expect(await page.getAttribute('#checks li[data-check="chain"]', 'class')).toBe('fail');
    if (screenshotsForDocs()) await page.locator('main').screenshot({ path: join(shots, 'tampered.png') });
  });

  it('VIEW-1 VIEW-5 a live game by its id and key updates as events arrive, and the key never enters the URL', async () => {
    const anon = new Client(session.url);
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const created = await ann.client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    const gameId = created.body.gameId;
    const apiKey = ann.client.apiKey as string;

    const { page, strays } = await viewer();
    await page.fill('#game-id', gameId);
    await page.fill('#api-key', apiKey);
    await page.click('#live button[type=submit]');
    await page.waitForSelector('#events li');
    const before = await page.$$eval('#events li', (els) => els.length);

    expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
    await eventually(
      async () => page.$$eval('#events li', (els) => els.length),
      (n) => n > before,
    );
    expect(await page.textContent('#events')).toMatch(/took its seat/);
    expect(await page.textContent('#status')).toMatch(new RegExp(`^game ${gameId} \\(live\\): \\d+ events\\.$`));
    expect(page.url()).not.toContain(apiKey);
    expect(page.url()).toBe(`${session.url}/`);
    expect(strays).toEqual([]);
  });

  it('VIEW-5 readable at a phone width, colours that survive colour blindness, a letter on every piece', async () => {
    const { page } = await viewer();
    await page.setViewportSize({ width: 375, height: 740 });
    await openLog(page, logFile('post-galactica'));
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    const board = await page.locator('#board svg').boundingBox();
    expect(board?.width).toBeLessThanOrEqual(375);
    // Okabe–Ito blue and vermilion for the two seats; each piece also carries its seat's letter.
    const fills = await page.$$eval('#board [data-piece] > .base', (els) => [...new Set(els.map((el) => el.getAttribute('fill')))]);
    expect(fills.sort()).toEqual(['#0072B2', '#D55E00']);
    // VIEW-10: the letter is on the piece's label, beside it (pieces too close share one, with a count);
    // TABLE-2: a label with no room near its piece is a number, and the legend's key gives its words, letter first.
    const labels = await page.$$eval('#board .piece-label', (els) =>
      els.map((el) => ({ text: el.querySelector('text')?.textContent ?? '', key: el.getAttribute('data-key') })),
    );
    // A key's entry (`data-legend="key:<number>"`) draws its number, then its words.
    const keys = new Map(
      await page.$$eval('#board [data-legend^="key:"]', (els) =>
        els.map((el) => [el.getAttribute('data-legend') ?? '', [...el.querySelectorAll('text')].at(-1)?.textContent ?? ''] as const),
      ),
    );
    const words = labels.map((l) => (l.key === null ? l.text : (keys.get(`key:${l.key}`) ?? '')));
    expect(new Set(words.map((w) => w.charAt(0)))).toEqual(new Set(['R', 'B']));
    // Every control is reachable by keyboard: the slider steps with the arrow keys too.
    await page.focus('#slider');
    await page.keyboard.press('ArrowLeft');
    expect(await page.textContent('#position')).toMatch(/^event (\d+) of (\d+)$/);
    const [, now, total] = /^event (\d+) of (\d+)$/.exec((await page.textContent('#position')) ?? '') ?? [];
    expect(Number(now)).toBe(Number(total) - 1);
  });
});
