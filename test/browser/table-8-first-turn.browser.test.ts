/**
 * TABLE-8 a whole turn by mouse: two players, each in a browser context of their own, play the
 * first turn of a game from the page alone. Commands are picked from the play panel's list, ids
 * filled by clicking pieces, positions by clicking the empty table, each checked with the
 * referee's answer before Send (TABLE-3); the panel's questions are answered. Each turn takes a
 * command back: the first seat its own (TB-1), the second by agreement, proposed on one page and
 * accepted on the other (TB-2). The test reads the game over HTTP only to know whose turn it is
 * and to check what the page did.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  choose,
  clickPiece,
  clickWhereAccepted,
  offers,
  piecesOnBoard,
  refereeSays,
  send,
  type TablePoint,
} from '../support/browser-play.ts';
import { browserSession } from '../support/browser-session.ts';
import { followTable, seatedTable, type Table } from '../support/browser-table.ts';

const SLOW = 120_000;
const session = browserSession();

/** Eight points `reach` away from `p` around it, straight lines first. */
const around = (p: TablePoint, reach: number): TablePoint[] =>
  [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
    [1, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
  ].map(([dx, dy]) => ({
    x: Math.round((p.x + (dx as number) * reach) * 10) / 10,
    y: Math.round((p.y + (dy as number) * reach) * 10) / 10,
  }));

/** Post Galactica's Move by mouse: a unit clicked into the form, a point three inches off clicked onto its path; the unit moved. */
const moveByMouse = async (page: Page): Promise<string> => {
  await choose(page, 'Move');
  const movers = await offers(page, '#play input[name="unitId"]');
  const pieces = await piecesOnBoard(page);
  for (const id of movers) {
    const at = pieces.find((p) => p.id === id);
    if (!at) continue;
    await page.click('#play input[name="unitId"]');
    await clickPiece(page, id);
    const point = await clickWhereAccepted(page, '#play fieldset.list > ol > li input[name="x"]', around(at, 3)).catch(() => null);
    if (point) {
      await send(page);
      return id;
    }
  }
  throw new Error(`none of ${movers.join(', ')} could move three inches`);
};

const endPhase = async (page: Page): Promise<number> => {
  await choose(page, 'EndPhase');
  return send(page);
};

describe('TABLE-8 a whole turn by mouse', () => {
  it(
    'TABLE-8 Post Galactica: the first player chosen, both armies deployed, each seat plays its first turn, with an own takeback and an agreed one',
    async ({ expect }) => {
      const game: Table = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], { rules: { scenario: 'example' } });
      const pages: Record<string, Page> = {
        red: await followTable(session, game, 'red', game.version, undefined, false),
        blue: await followTable(session, game, 'blue', game.version, undefined, false),
      };
      let version = game.version;
      const moved: Record<string, boolean> = {};
      for (let steps = 0; steps < 40; steps += 1) {
        const view = await game.view('red', version);
        if (view.step?.phase === 'command' && (view.step as { key?: string }).key === 't3-command') break;
        const seat = view.awaiting[0] as string;
        const page = pages[seat] as Page;
        await page.waitForSelector(`#play[data-version="${view.version}"]`, { state: 'attached' });
        const phase = view.step?.phase;
        if (phase === 'choose-first-player') {
          await choose(page, 'ChooseFirstPlayer');
          await page.selectOption('#play select[name="seat"]', 'red');
          version = await send(page);
        } else if (phase === 'deployment') {
          await choose(page, 'Deploy');
          await page.check('#play input[name="auto"]');
          expect((await refereeSays(page)).verdict).toBe('would-accept');
          version = await send(page);
        } else if (phase === 'movement' && !moved[seat]) {
          moved[seat] = true;
          const before = view.version;
          await moveByMouse(page);
          if (seat === 'red') {
            // TB-1: red takes its own move back, and moves again.
            await choose(page, 'TakeBack');
            expect((await refereeSays(page)).verdict).toBe('would-accept');
            await send(page);
          } else {
            // TB-2: blue asks to go back to before its move; red accepts on its own page.
            await choose(page, 'ProposeTakeback');
            await page.fill('#play input[name="toVersion"]', String(before));
            await page.fill('#play input[name="reason"]', 'wrong unit');
            expect((await refereeSays(page)).verdict).toBe('would-accept');
            const proposed = await send(page);
            const red = pages.red as Page;
            await red.waitForSelector(`#play[data-version="${proposed}"]`, { state: 'attached' });
            await choose(red, 'AcceptTakeback');
            await send(red);
          }
          const after = await game.view('red', version + 1);
          expect(after.step?.phase).toBe('movement');
          await page.waitForSelector(`#play[data-version="${after.version}"]`, { state: 'attached' });
          await moveByMouse(page);
          version = await endPhase(page);
        } else {
          version = await endPhase(page);
        }
      }
      const end = await game.view('red', version);
      expect((end.step as { key?: string } | null)?.key).toBe('t3-command');
      // Each seat moved once for good; each first move is voided in the log, one by its own takeback, one by agreement.
      const log = (
        await game.seats.red?.get<{ events: { type: string; data: { how?: string } }[] }>(`/games/${game.gameId}/events?limit=500`)
      )?.body.events;
      expect(log?.filter((e) => e.type === 'TakenBack').map((e) => e.data.how)).toEqual(['own', 'agreed']);
    },
    SLOW,
  );
});
