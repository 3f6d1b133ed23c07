/**
 * TABLE-7: one notation per quantity. A GSC2 facing reads as a compass point on the board, in
 * a ship's inspection, in the CLI's summary and in the event list (issue 46: the list wrote
 * `facing 4` where the board and the CLI wrote `S`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { drawGsc2 } from '../../render/gsc2/board.ts';
import { gscShip } from '../../render/gsc2/inspect.ts';
import { gscSummary } from '../../render/gsc2/summary.ts';
import { obj } from '../../render/svg.ts';
import { describeEvents } from '../../web/describe.ts';

const RULESETS = everyRuleset();
const log = parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', 'gsc2.ndjson'), 'utf8'));
const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** Every facing a text writes, as written after the word "facing". */
const facingsIn = (text: string): string[] => [...text.matchAll(/facing (\S+?)[,.)"<\s\\]/g)].map((m) => m[1] ?? '');

describe('TABLE-7 a GSC2 facing has one notation', () => {
  it('TABLE-7 GSC-10 each ship move in the event list writes its facing as the compass point of the 0-7 value recorded', () => {
    const lines = describeEvents(RULESETS, log.events, emptyGame, null).lines;
    const moves = log.events.filter((e) => e.type === 'ShipMoved' && typeof (e.data as { facing?: unknown }).facing === 'number');
    expect(moves.length).toBeGreaterThan(5);
    for (const e of moves) {
      const facing = (e.data as { facing: number }).facing;
      expect(facingsIn(`${lines[e.seq - 1]?.text} `), `event ${e.seq}`).toEqual([POINTS[facing]]);
    }
  });

  it('TABLE-7 the board, each inspection and the summary write every facing as a compass point, never a number', () => {
    for (const at of [12, 70, log.events.length]) {
      const view = viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, at)), null);
      const game = obj(view?.game ?? null);
      const seats = (view?.seats ?? []).map((s) => s.name);
      const ids = Object.keys(obj(game.ships));
      const board = drawGsc2(game, seats).body;
      expect(facingsIn(board).length, `the board at event ${at}`).toBeGreaterThan(0);
      const texts = [
        board,
        gscSummary(game, seats).join('\n'),
        ...ids.map((id) => (gscShip(game, id, null)?.rows ?? []).map((r) => r.join(': ')).join('\n')),
      ];
      const written = texts.flatMap((t) => facingsIn(`${t} `));
      expect(written.length, `event ${at}`).toBeGreaterThan(ids.length);
      for (const f of written) expect(POINTS, `event ${at}`).toContain(f);
    }
  });
});
