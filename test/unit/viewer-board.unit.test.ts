/**
 * The battlefield picture as the page computes it, with no browser (VIEW-9, VIEW-10, VIEW-11,
 * VIEW-13, VIEW-15): seat colours, label boxes on every event of every reference log, the
 * board's fixed scale, the current event's marks, a piece's inspection and the CLI's caption.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { boardLabels, drawBattlefield, logExtent, pictureOf } from '../../web/render/index.ts';
import { intersects } from '../../web/render/layout.ts';
import { OKABE_ITO, seatColour, seatColours } from '../../web/render/palette.ts';
import type { Picture } from '../../web/render/svg.ts';

const RULESETS = everyRuleset();
const root = resolve(import.meta.dirname, '..', '..');
const REFERENCE_LOGS = ['post-galactica', 'post-galactica-battle', 'soluna', 'gsc2'] as const;
const read = (name: string): ParsedLog => parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));

/** Every event's view of one log, folded once: what the page shows at each step. */
const viewsOf = (log: ParsedLog, seat: string | null = null): { at: number; view: GameView }[] => {
  let state: GameState = emptyGame;
  const views: { at: number; view: GameView }[] = [];
  for (const [i, event] of log.events.entries()) {
    state = foldGame(RULESETS, [event as EventEnvelope], state);
    const view = viewGame(RULESETS, state, seat);
    if (view?.game) views.push({ at: i + 1, view });
  }
  return views;
};

/** The board's column at 1280×800 (3 of 5 columns less padding) and at 375 px wide. */
const DESKTOP = { width: 740, height: 600 };
const PHONE = { width: 343, height: 555 };

describe('VIEW-9 seat colours', () => {
  it('VIEW-9 a seat named after a colour takes its Okabe–Ito shade; other names take the palette in order', () => {
    expect([...seatColours(['red', 'blue'])]).toEqual([
      ['red', '#D55E00'],
      ['blue', '#0072B2'],
    ]);
    expect(seatColour(['blue', 'red'], 'red')).toBe(OKABE_ITO.vermilion);
    expect(seatColour(['green', 'yellow'], 'green')).toBe('#009E73');
    expect(seatColour(['green', 'yellow'], 'yellow')).toBe('#F0E442');
    expect(seatColour(['orange', 'purple'], 'orange')).toBe('#E69F00');
    expect(seatColour(['orange', 'purple'], 'purple')).toBe('#CC79A7');
    expect(seatColour(['Team Red', 'Team Blue'], 'Team Red')).toBe('#D55E00');
    // Names that are no colour: the palette in order, blue first.
    expect([...seatColours(['sun', 'moon']).values()]).toEqual(['#0072B2', '#D55E00']);
    // A colour a named seat holds is skipped by the others.
    expect(seatColour(['sun', 'blue'], 'sun')).toBe('#D55E00');
    // Two seats named the same colour still differ.
    const twice = seatColours(['red', 'crimson']);
    expect(twice.get('red')).toBe('#D55E00');
    expect(twice.get('crimson')).not.toBe('#D55E00');
  });

  it('VIEW-9 the board and its legend draw seat "red" vermilion and seat "blue" blue', () => {
    const log = read('gsc2');
    const views = viewsOf(log);
    const svg = drawBattlefield((views[0] as { view: GameView }).view);
    const red = /<g data-piece="valiant"[^>]*>[\s\S]*?class="base"[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    const blue = /<g data-piece="tyrant"[^>]*>[\s\S]*?class="base"[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    expect([red, blue]).toEqual(['#D55E00', '#0072B2']);
    expect(/<g data-legend="seat:red"><rect[^>]*fill="([^"]+)"/.exec(svg)?.[1]).toBe('#D55E00');
    expect(/<g data-legend="seat:blue"><rect[^>]*fill="([^"]+)"/.exec(svg)?.[1]).toBe('#0072B2');
  });
});

describe('VIEW-10 a legible board', () => {
  for (const name of REFERENCE_LOGS) {
    it(`VIEW-10 ${name}: at every event, at 1280 and at 375 px wide, every piece is named, words are 12 px or more, and no two label boxes intersect`, () => {
      const log = read(name);
      const extent = logExtent(log.events);
      let checked = 0;
      const faults: string[] = [];
      const seen = new Set<string>();
      for (const { at, view } of viewsOf(log)) {
        for (const fit of [DESKTOP, PHONE]) {
          const picture = pictureOf(view, { extent, fit });
          if (!picture) continue;
          // Most events move nothing (a phase begins, a deadline passes): a board laid out once is checked once.
          const key = JSON.stringify([fit, picture.bounds, picture.pieces, picture.names, picture.legend.map((l) => l.text)]);
          if (seen.has(key)) continue;
          seen.add(key);
          const { layout, labels } = boardLabels(picture);
          const where = `event ${at} at ${fit.width} px`;
          if (layout.size * layout.pxPerUnit < 12) faults.push(`${where}: words of ${layout.size * layout.pxPerUnit} px`);
          for (const [i, a] of labels.entries()) {
            for (const b of labels.slice(i + 1)) if (intersects(a.box, b.box)) faults.push(`${where}: "${a.text}" meets "${b.text}"`);
          }
          const named = new Set(labels.flatMap((l) => (l.kind === 'piece' ? l.for : [])));
          for (const p of picture.pieces) if (!named.has(p.id)) faults.push(`${where}: ${p.id} has no label`);
          checked += 1;
        }
      }
      expect(faults).toEqual([]);
      expect(checked).toBeGreaterThan(4);
    });
  }

  it('VIEW-10 terrain, objectives and deployment zones are named on the board and keyed in the legend', () => {
    const log = read('post-galactica');
    const { view } = viewsOf(log)[0] as { view: GameView };
    const placed = boardLabels(pictureOf(view, { fit: DESKTOP }) as Picture);
    const names = placed.labels.filter((l) => l.kind === 'name').map((l) => l.text);
    expect(names).toEqual(
      expect.arrayContaining(['red zone', 'blue zone', 'Kessel Ridge', 'Crater', 'Ruined Hab', 'Comms Relay', 'Nav Beacon']),
    );
    const svg = drawBattlefield(view, { fit: DESKTOP });
    const keys = [...svg.matchAll(/data-legend="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual([
      'seat:red',
      'seat:blue',
      'zone',
      'objective',
      'node:carbon',
      'node:crystal',
      'terrain:impassable',
      'terrain:blocking',
    ]);
    expect(svg).toMatch(/<text[^>]*>deployment zone<\/text>/);
  });

  it('VIEW-10 the GSC2 board keeps one frame from its first event to its last', () => {
    const log = read('gsc2');
    const extent = logExtent(log.events);
    const frames = new Set(viewsOf(log).map(({ view }) => /viewBox="([^"]+)"/.exec(drawBattlefield(view, { extent, fit: DESKTOP }))?.[1]));
    expect(frames.size).toBe(1);
    // Without the log's extent the frame follows the pieces, and moves: what VIEW-10 forbids.
    const loose = new Set(viewsOf(log).map(({ view }) => /viewBox="([^"]+)"/.exec(drawBattlefield(view, { fit: DESKTOP }))?.[1]));
    expect(loose.size).toBeGreaterThan(1);
  });
});
