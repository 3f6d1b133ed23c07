/**
 * TABLE-2 coordinates on the table's edges, with no browser: Sol'una's grid numbers its squares
 * along the bottom (x) and the left (y) as the forms take them, [x, y] from 0; Post Galactica's
 * table carries inch marks every 6", GSC2's every 12" on its whole-foot frame. The numbers stand
 * beside the squares and marks they name, and no label is laid over them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { boardLabels, drawBattlefield, logExtent, pictureOf } from '../../render/board.ts';
import { edgeMarks, type Picture } from '../../render/svg.ts';

const RULESETS = everyRuleset();
const root = resolve(import.meta.dirname, '..', '..');
const FIT = { width: 740, height: 600 };

/** The game of a reference log after its last event, and the log's extent. */
const endOf = (name: string) => {
  const log = parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));
  const view = viewGame(RULESETS, foldGame(RULESETS, log.events as EventEnvelope[]), null) as GameView;
  return { view, extent: logExtent(log.events) };
};

/** Each number drawn on the edges: its words and where it stands, in the SVG's own units. */
const drawnEdges = (svg: string) => {
  const group = /<g class="edges" data-edges="(\w+)">([\s\S]*?)<\/g>/.exec(svg);
  const texts = [...(group?.[2] ?? '').matchAll(/<text x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]+)<\/text>/g)];
  return {
    unit: group?.[1],
    marks: texts.map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: (m[3] as string).replace('&quot;', '"') })),
  };
};

describe('TABLE-2 coordinates on the edges', () => {
  it("TABLE-2 Sol'una: each column's x under it and each row's y left of it, from 0, as [x, y] is typed", () => {
    const { view, extent } = endOf('soluna');
    const marks = edgeMarks({ minX: 0, minY: 0, maxX: 12, maxY: 12 }, { unit: 'square' });
    expect(marks.filter((m) => m.axis === 'x').map((m) => [m.text, m.at])).toEqual(
      Array.from({ length: 12 }, (_, i) => [String(i), i + 0.5]),
    );
    expect(marks.filter((m) => m.axis === 'y').map((m) => m.text)).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));

    const drawn = drawnEdges(drawBattlefield(view, { extent, fit: FIT }));
    expect(drawn.unit).toBe('square');
    const columns = drawn.marks.slice(0, 12);
    const rows = drawn.marks.slice(12);
    // Columns: centred on their squares, just below the table (whose bottom edge is at y = 0 on screen).
    expect(columns.map((m) => [m.text, m.x])).toEqual(Array.from({ length: 12 }, (_, i) => [String(i), i + 0.5]));
    for (const m of columns) expect(m.y).toBeGreaterThan(0);
    for (const m of columns) expect(m.y).toBeLessThan(1);
    // Rows: level with their squares (y grows up the table, down the screen), just left of it.
    expect(rows.map((m) => [m.text, m.y])).toEqual(Array.from({ length: 12 }, (_, i) => [String(i), -(i + 0.5)]));
    for (const m of rows) expect(m.x).toBeLessThan(0);
    for (const m of rows) expect(m.x).toBeGreaterThan(-1);
  });

  it('TABLE-2 Post Galactica: inch marks every 6" along the bottom and left edges of its 48" by 36" table', () => {
    const { view, extent } = endOf('post-galactica');
    const drawn = drawnEdges(drawBattlefield(view, { extent, fit: FIT }));
    expect(drawn.unit).toBe('inch');
    const across = drawn.marks.filter((m) => m.y > 0);
    const up = drawn.marks.filter((m) => m.x < 0);
    expect(across.map((m) => [m.text, m.x])).toEqual([0, 6, 12, 18, 24, 30, 36, 42, 48].map((v) => [`${v}"`, v]));
    expect(up.map((m) => [m.text, m.y])).toEqual([0, 6, 12, 18, 24, 30, 36].map((v) => [`${v}"`, v === 0 ? 0 : -v]));
    const svg = drawBattlefield(view, { extent, fit: FIT });
    // A tick at each mark, on the table's edge.
    expect(svg).toMatch(/<g class="edges" data-edges="inch"><line x1="0" y1="0" x2="0" y2="[\d.]+"/);
  });

  it('TABLE-2 GSC2: inch marks every 12" on the whole-foot frame, negative ones too', () => {
    const marks = edgeMarks({ minX: -12, minY: -24, maxX: 60, maxY: 48 }, { unit: 'inch', every: 12 });
    expect(marks.filter((m) => m.axis === 'x').map((m) => m.text)).toEqual(['-12"', '0"', '12"', '24"', '36"', '48"', '60"']);
    expect(marks.filter((m) => m.axis === 'y').map((m) => m.at)).toEqual([-24, -12, 0, 12, 24, 36, 48]);
    const { view, extent } = endOf('gsc2');
    const picture = pictureOf(view, { extent, fit: FIT }) as Picture;
    const drawn = drawnEdges(drawBattlefield(view, { extent, fit: FIT }));
    expect(drawn.marks.filter((m) => m.y > -picture.bounds.minY).map((m) => m.x)).toEqual(
      edgeMarks(picture.bounds, { unit: 'inch', every: 12 })
        .filter((m) => m.axis === 'x')
        .map((m) => m.at),
    );
  });

  for (const name of ['soluna', 'post-galactica', 'gsc2']) {
    it(`TABLE-2 ${name}: no label lies over the edges' numbers, left of or below the table`, () => {
      const { view, extent } = endOf(name);
      for (const fit of [FIT, { width: 343, height: 555 }]) {
        const picture = pictureOf(view, { extent, fit }) as Picture;
        for (const l of boardLabels(picture).labels) {
          expect(l.box.x, l.text).toBeGreaterThanOrEqual(picture.bounds.minX);
          expect(l.box.y, l.text).toBeGreaterThanOrEqual(picture.bounds.minY);
        }
      }
    });
  }
});
