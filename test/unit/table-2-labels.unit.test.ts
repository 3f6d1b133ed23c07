/**
 * TABLE-2 labels, with no browser: on Post Galactica's board after `Deploy auto` (the reference
 * log's armies, placed by the referee), on every event of every reference log, and on boards
 * made crowded on purpose, no label covers a piece's centre or another label; each piece is named
 * by one label near it, by a leader line, or by a number in the key; stacked pieces share one
 * label with their count.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { boardLabels, drawBattlefield, logExtent, pictureOf } from '../../render/board.ts';
import { groupText, leaderLine, placeLabels, stacksOf } from '../../render/labels.ts';
import { type Box, intersects, LINE, type PieceLabel, type PlacedLabel, type Point } from '../../render/layout.ts';
import type { Picture } from '../../render/svg.ts';

const RULESETS = everyRuleset();
const root = resolve(import.meta.dirname, '..', '..');
const logOf = (name: string) => parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));

/** The board's column at 1280×800 and at 375 px wide, as the page sizes it. */
const FITS = [
  { width: 740, height: 600 },
  { width: 343, height: 555 },
] as const;

/** Each event's view of a log with a board, and the event. */
const viewsOf = (name: string) => {
  const log = logOf(name);
  let state: GameState = emptyGame;
  const views: { event: EventEnvelope; view: GameView }[] = [];
  for (const event of log.events) {
    state = foldGame(RULESETS, [event as EventEnvelope], state);
    const view = viewGame(RULESETS, state, null);
    if (view?.game) views.push({ event: event as EventEnvelope, view });
  }
  return { log, views };
};

const covers = (box: Box, p: Point): boolean => p.x > box.x && p.x < box.x + box.w && p.y > box.y && p.y < box.y + box.h;

/** What is wrong with a board's labels: boxes that meet, centres covered, pieces named twice or not at all. */
const faultsOf = (pieces: readonly PieceLabel[], labels: readonly PlacedLabel[]): string[] => {
  const faults: string[] = [];
  for (const [i, a] of labels.entries()) {
    for (const b of labels.slice(i + 1)) if (intersects(a.box, b.box)) faults.push(`"${a.text}" meets "${b.text}"`);
    for (const p of pieces) if (covers(a.box, p.at)) faults.push(`"${a.text}" covers the centre of ${p.id}`);
  }
  const named = labels.flatMap((l) => (l.kind === 'piece' ? l.for : []));
  for (const p of pieces) {
    const times = named.filter((id) => id === p.id).length;
    if (times !== 1) faults.push(`${p.id} is named ${times} times`);
  }
  return faults;
};

/** The Post Galactica example armies, both placed by `Deploy auto`. */
const deployedAuto = () => {
  const { log, views } = viewsOf('post-galactica');
  const deployed = views.filter(({ event }) => event.type === 'UnitsDeployed');
  expect(deployed.map(({ event }) => (event.data as { automatic: boolean }).automatic)).toEqual([true, true]);
  return { extent: logExtent(log.events), view: (deployed[1] as { view: GameView }).view };
};

describe('TABLE-2 labels clear of pieces and of one another', () => {
  it('TABLE-2 Post Galactica after Deploy auto, at 1280 and 375 px: no label meets another or covers a centre, each unit named once', () => {
    const { extent, view } = deployedAuto();
    for (const fit of FITS) {
      const picture = pictureOf(view, { extent, fit }) as Picture;
      expect(picture.pieces.length).toBeGreaterThan(15);
      const { labels, layout } = boardLabels(picture);
      expect(faultsOf(picture.pieces, labels), `${fit.width} px`).toEqual([]);
      // Labels near their units: beside them, or joined to them by a leader line of a few lines of text at most.
      for (const l of labels.filter((l) => l.leader && l.key === undefined)) {
        const [from, to] = l.leader as readonly [Point, Point];
        expect(Math.hypot(to.x - from.x, to.y - from.y), l.text).toBeLessThan(7 * LINE * layout.size + l.box.w);
      }
    }
    // At 375 px the edge is too crowded for every name: some stand away with a leader line, some are numbered in the key.
    const phone = boardLabels(pictureOf(view, { extent, fit: FITS[1] }) as Picture).labels;
    expect(phone.some((l) => l.leader)).toBe(true);
    const keyed = phone.filter((l) => l.key !== undefined);
    expect(keyed.map((l) => l.text)).toEqual(keyed.map((_, i) => String(i + 1)));
    const svg = drawBattlefield(view, { extent, fit: FITS[1] });
    for (const l of keyed) {
      expect(svg).toContain(`data-legend="key:${l.text}"`);
      expect(svg).toContain(`>${l.key}</text>`);
    }
    expect(svg).toMatch(/<line class="leader"/);
  });

  for (const name of ['post-galactica', 'post-galactica-battle', 'soluna', 'gsc2']) {
    it(`TABLE-2 ${name}: at every event, 1280 and 375 px, no label box covers a piece's centre`, () => {
      const { log, views } = viewsOf(name);
      const extent = logExtent(log.events);
      const faults = new Set<string>();
      let boards = 0;
      let last = '';
      for (const { view } of views) {
        const state = JSON.stringify(view.game);
        if (state === last) continue;
        last = state;
        for (const fit of FITS) {
          const picture = pictureOf(view, { extent, fit }) as Picture;
          for (const f of faultsOf(picture.pieces, boardLabels(picture).labels)) faults.add(`${fit.width} px: ${f}`);
          boards += 1;
        }
      }
      expect([...faults]).toEqual([]);
      expect(boards).toBeGreaterThan(4);
    });
  }

  const piece = (id: string, x: number, y: number, text = `R ${id}`): PieceLabel => ({
    id,
    seat: 'red',
    text,
    letter: 'R',
    at: { x, y },
    reach: 0.6,
  });
  const FRAME: Box = { x: -2, y: -2, w: 28, h: 20 };

  it('TABLE-2 pieces on one point or with overlapping bases are one stack with one label and its count', () => {
    const pieces = [
      piece('a', 5, 5, 'R Worker'),
      piece('b', 5, 5, 'R Worker'),
      piece('c', 5.3, 5.1, 'R Worker'),
      piece('d', 12, 5, 'R Scout'),
      piece('e', 20, 10, 'R Tank'),
      piece('f', 20.2, 10, 'R Scout'),
    ];
    expect(stacksOf(pieces).map((s) => s.members.map((m) => m.id))).toEqual([['e', 'f'], ['a', 'b', 'c'], ['d']]);
    const labels = placeLabels(pieces, [], 0.8, FRAME);
    expect(labels.map((l) => [l.text, l.for, l.stack?.count])).toEqual([
      ['R Tank +1', ['e', 'f'], 2],
      ['R Worker ×3', ['a', 'b', 'c'], 3],
      ['R Scout', ['d'], undefined],
    ]);
    expect(faultsOf(pieces, labels)).toEqual([]);
    // Two seats' pieces on one point: each seat's letter and count.
    const blue = { ...piece('g', 20, 10, 'B Scout'), seat: 'blue', letter: 'B' };
    expect(groupText([piece('e', 20, 10, 'R Tank'), blue])).toBe('R ×1 B ×1');
  });

  it('TABLE-2 a crowded table edge: labels stand away with leader lines, then shrink to numbers, never over a centre', () => {
    // Thirty pieces a base apart along one edge, with long names: too many to name beside them.
    const pieces = Array.from({ length: 30 }, (_, i) => piece(`p${i}`, 0.7 + i * 0.8, 0.7, `R Vanguard Troopers ${i}`));
    const labels = placeLabels(pieces, [], 0.8, FRAME);
    expect(faultsOf(pieces, labels)).toEqual([]);
    const away = labels.filter((l) => l.leader);
    const keyed = labels.filter((l) => l.key !== undefined);
    expect(away.length).toBeGreaterThan(0);
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.map((l) => [l.text, l.key])).toEqual(
      keyed.map((l, i) => [String(i + 1), `R Vanguard Troopers ${(l.for[0] as string).slice(1)}`]),
    );
    // A leader line runs from the rim of its piece to the edge of its label.
    for (const l of away) {
      const p = pieces.find((p) => p.id === l.for[0]) as PieceLabel;
      const [from, to] = l.leader as readonly [Point, Point];
      expect(Math.hypot(from.x - p.at.x, from.y - p.at.y)).toBeCloseTo(p.reach, 6);
      const onEdge =
        [l.box.x, l.box.x + l.box.w].some((x) => Math.abs(to.x - x) < 1e-9) ||
        [l.box.y, l.box.y + l.box.h].some((y) => Math.abs(to.y - y) < 1e-9);
      expect(onEdge).toBe(true);
    }
  });

  it('TABLE-2 a leader line joins the rim of a stack to the nearest point of its label', () => {
    const [from, to] = leaderLine({ x: 0, y: 0 }, 1, { x: 3, y: -1, w: 4, h: 2 });
    expect(from).toEqual({ x: 1, y: 0 });
    expect(to).toEqual({ x: 3, y: 0 });
  });
});
