/**
 * TABLE-8 a whole turn by mouse, without curl: two new players sign up in the lobby, each in a
 * browser context of their own; one creates a game, the other finds it and joins; both open it
 * at the table and play its first turn from the page alone. Commands are picked from the play
 * panel's list, ids filled by clicking pieces, positions by clicking the empty table, each
 * checked with the referee's answer before Send (TABLE-3); the panel's questions are answered.
 * Each game has a seat's own takeback (TB-1) and one proposed on one page and accepted on the
 * other (TB-2). The test reads the game over HTTP, with the keys the lobby showed, only to know
 * whose turn it is and to check what the page did.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotsDir, screenshotsForDocs } from '../support/browser.ts';
import { createGame, joinGame, openAtTable, signUp } from '../support/browser-lobby.ts';
import {
  agreeTakeback,
  around,
  choose,
  clickPiece,
  clickWhereAccepted,
  offers,
  piecesOnBoard,
  refereeSays,
  send,
  type TablePoint,
  takeBackOwn,
} from '../support/browser-play.ts';
import { browserSession } from '../support/browser-session.ts';
import { type Table, type TableView, tableOf } from '../support/browser-table.ts';
import { Client } from '../support/http.ts';

const SLOW = 120_000;
const session = browserSession();

/**
 * Under `npm run screenshots`, the page as a player sees it just before Send: the form filled by
 * clicks and the referee's answer under it (README's first picture). Taken once a name.
 */
const pictured = new Set<string>();
const picture = async (page: Page, name: string): Promise<void> => {
  if (!screenshotsForDocs() || pictured.has(name)) return;
  pictured.add(name);
  await page.screenshot({ path: join(screenshotsDir(), `${name}.png`) });
};

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
      await picture(page, 'table-8-post-galactica-1280');
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

/** Sol'una's actions list's own button (each move's path is a list too). */
const ADD_ACTION = '#play fieldset.list:has(> legend:text-is("actions")) > button.add';
const actionRow = (i: number) => `#play fieldset.list:has(> legend:text-is("actions")) > ol > li:nth-child(${i + 1})`;

/** The squares next to `p` (a model's square), at their centres, as a player clicks them. */
const besideSquare = (p: TablePoint): TablePoint[] => around({ x: p.x + 0.5, y: p.y + 0.5 }, 1);

/**
 * Sol'una's SubmitActions by mouse: a row for each model the seat may act with, its id clicked
 * from the board; every model but the first does nothing, the first moves a square if the
 * referee takes one (clicked on the empty table), else does nothing too.
 */
const actByMouse = async (page: Page, models: readonly string[]): Promise<void> => {
  await choose(page, 'SubmitActions');
  const pieces = await piecesOnBoard(page);
  for (const [i, model] of models.entries()) {
    await page.click(ADD_ACTION);
    await page.click(`${actionRow(i)} input[name="model"]`);
    await clickPiece(page, model);
    if (i > 0) await page.selectOption(`${actionRow(i)} select[name="action-variant"]`, { label: 'none' });
  }
  const first = pieces.find((p) => p.id === models[0]);
  const moved = first && (await clickWhereAccepted(page, `${actionRow(0)} input[name="item-0"]`, besideSquare(first)).catch(() => null));
  if (!moved) await page.selectOption(`${actionRow(0)} select[name="action-variant"]`, { label: 'none' });
  expect((await refereeSays(page)).verdict).toBe('would-accept');
  if (moved && models.length > 1) await picture(page, 'table-8-soluna-1280');
  await send(page);
};

/** GSC2's path list (MoveShip) and its first segment. */
const PATH = '#play fieldset.list:has(> legend:text-is("path"))';

/** GSC2's MoveShip by mouse: the ship clicked from the board into the form, one segment of an inch forward. */
const moveShipByMouse = async (page: Page, ship: string): Promise<boolean> => {
  await choose(page, 'MoveShip');
  await page.click('#play input[name="ship"]');
  await clickPiece(page, ship);
  await page.click(`${PATH} > button.add`);
  const segment = `${PATH} > ol > li:nth-child(1)`;
  const variant = page.locator(`${segment} select`).first();
  if ((await variant.count()) > 0) await variant.selectOption({ label: 'forward' });
  await page.fill(`${segment} input[name="inches"]`, '1');
  if ((await refereeSays(page)).verdict !== 'would-accept') return false;
  await send(page);
  return true;
};

/** The ships GSC2's MoveShip offers the seat now. */
const shipsOffered = async (page: Page): Promise<string[]> => {
  await choose(page, 'MoveShip');
  return offers(page, '#play input[name="ship"]');
};

/** GSC2's other steps: the first command offered now whose empty form the referee would accept (sealed orders with none, no repairs). */
const passByMouse = async (page: Page): Promise<void> => {
  for (const type of ['SubmitOrders', 'Repair', 'EndMoves']) {
    if ((await page.locator(`#play select[name="command"] option[value="${type}"]`).count()) === 0) continue;
    await choose(page, type);
    if ((await refereeSays(page)).verdict === 'would-accept') {
      await send(page);
      return;
    }
  }
  throw new Error(`nothing to send: ${await page.textContent('#play .referee')}`);
};

/** The seat the game awaits first, and its page once the panel offers the view at hand. */
const awaited = async (pages: Record<string, Page>, view: TableView): Promise<{ seat: string; page: Page }> => {
  const seat = view.awaiting[0] as string;
  const page = pages[seat] as Page;
  await page.waitForSelector(`#play[data-version="${view.version}"]`, { state: 'attached' });
  return { seat, page };
};

/** How each takeback in the game's log came about (`own` or `agreed`), in order. */
const takebacksIn = async (game: Table): Promise<string[]> => {
  const seat = Object.keys(game.seats)[0] as string;
  const log = await game.seats[seat]?.get<{ events: { type: string; data: { how?: string } }[] }>(`/games/${game.gameId}/events?limit=500`);
  return (log?.body.events ?? []).filter((e) => e.type === 'TakenBack').map((e) => e.data.how ?? '');
};

/**
 * Two new players meet in the lobby, each in a browser context of their own: Ann signs up and
 * creates a public game of `ruleset` as the first seat, Bob signs up, finds it among the open
 * games and joins it, and each opens it at the table from "my games". The game, read over HTTP
 * with the keys the lobby showed them, and each seat's page.
 */
const meet = async (ruleset: string, seats: readonly [string, string]): Promise<{ game: Table; pages: Record<string, Page> }> => {
  const ann = await signUp(session, 'Ann');
  const { gameId } = await createGame(ann.page, ruleset, seats[0]);
  // Bob's lobby lists the open games as they are when he signs up.
  const bob = await signUp(session, 'Bob');
  expect(await joinGame(bob.page, ruleset, gameId)).toBe(seats[1]);
  const clients = { [seats[0]]: new Client(session.url, ann.key), [seats[1]]: new Client(session.url, bob.key) };
  const joined = await clients[seats[0]]?.get<{ version: number }>(`/games/${gameId}`);
  const game = tableOf(gameId, joined?.body.version ?? 0, clients);
  return { game, pages: { [seats[0]]: await openAtTable(ann.page, gameId), [seats[1]]: await openAtTable(bob.page, gameId) } };
};

describe('TABLE-8 a whole turn by mouse', () => {
  it.concurrent(
    'TABLE-8 Post Galactica: the first player chosen, both armies deployed, each seat plays its first turn, with an own takeback and an agreed one',
    async ({ expect }) => {
      // The lobby creates it with the example armies and mission, its first scenario.
      const { game, pages } = await meet('Post Galactica', ['red', 'blue']);
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
          // TB-1: red takes its own move back; TB-2: blue asks to go back to before its move, and red accepts on its own page.
          if (seat === 'red') await takeBackOwn(page);
          else await agreeTakeback(page, pages.red as Page, before, 'wrong unit');
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
      expect(await takebacksIn(game)).toEqual(['own', 'agreed']);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-8 Sol'una: the first player chosen, every phase of the first turn played by both seats, with an own takeback and an agreed one",
    async ({ expect }) => {
      const { game, pages } = await meet("Sol'una", ['sun', 'moon']);
      let version = game.version;
      let ownTaken = false;
      let agreed = false;
      for (let steps = 0; steps < 40; steps += 1) {
        const view = await game.view('sun', version);
        const key = (view.step as { key?: string } | null)?.key ?? '';
        if (key.startsWith('t2-') || view.status === 'ended') break;
        const { seat, page } = await awaited(pages, view);
        if (view.step?.phase === 'choose-first-player') {
          // The panel offers the game's seats; the first is taken.
          await choose(page, 'ChooseFirstPlayer');
          version = await send(page);
          continue;
        }
        const models = ((view.game?.eligible ?? {}) as Record<string, string[]>)[seat] ?? [];
        await actByMouse(page, models);
        const after = await game.view('sun', view.version + 1);
        if (!ownTaken && after.awaiting.length > 0 && (after.step as { key?: string } | null)?.key === key) {
          // TB-1: sealed and not yet revealed, the seat takes its orders back and seals again.
          await page.waitForSelector(`#play[data-version="${after.version}"]`, { state: 'attached' });
          await choose(page, 'TakeBack');
          if ((await refereeSays(page)).verdict === 'would-accept') {
            ownTaken = true;
            await send(page);
            await actByMouse(page, models);
          }
        } else if (!agreed && (after.step as { key?: string } | null)?.key !== key) {
          // TB-2: the phase resolved; the other seat asks to go back to before these orders, and this one agrees.
          agreed = true;
          const other = pages[seat === 'sun' ? 'moon' : 'sun'] as Page;
          await other.waitForSelector(`#play[data-version="${after.version}"]`, { state: 'attached' });
          await agreeTakeback(other, page, view.version, 'play the phase again');
          continue;
        }
        version = (await game.view('sun', view.version + 1)).version;
      }
      const end = await game.view('sun', version);
      expect((end.step as { key?: string } | null)?.key ?? end.status).toMatch(/^t2-|^ended$/);
      // The phase that resolved first was taken back by agreement; a later one's orders, sealed and not yet revealed, by their seat.
      expect(await takebacksIn(game)).toEqual(['agreed', 'own']);
    },
    SLOW,
  );

  it.concurrent(
    'TABLE-8 GSC2: the first player chosen, the first turn played step by step by both seats, with an own takeback and an agreed one',
    async ({ expect }) => {
      const { game, pages } = await meet('GSC2', ['red', 'blue']);
      let version = game.version;
      const taken = { own: false, agreed: false };
      for (let steps = 0; steps < 60; steps += 1) {
        const view = await game.view('red', version);
        const key = (view.step as { key?: string } | null)?.key ?? '';
        if (key.startsWith('t2-') || view.status === 'ended') break;
        const { seat, page } = await awaited(pages, view);
        if (view.step?.phase === 'choose-first-player') {
          // The panel offers the game's seats; the first is taken.
          await choose(page, 'ChooseFirstPlayer');
          version = await send(page);
          continue;
        }
        const movement = (view.game?.movement ?? {}) as { mode?: string; quota?: number };
        const ships = view.step?.phase === 'movement' ? await shipsOffered(page) : [];
        const moved =
          !(movement.mode === 'free' && (movement.quota ?? 0) > 0) && ships[0] !== undefined && (await moveShipByMouse(page, ships[0]));
        if (!moved) {
          await passByMouse(page);
        } else {
          const after = await game.view('red', view.version + 1);
          await page.waitForSelector(`#play[data-version="${after.version}"]`, { state: 'attached' });
          if (!taken.own && after.awaiting.includes(seat)) {
            // TB-1: the move's group goes on, nothing else known yet: the seat takes the move back, and makes it again.
            taken.own = true;
            await takeBackOwn(page);
            expect(await moveShipByMouse(page, ships[0] as string)).toBe(true);
          } else if (!taken.agreed && !after.awaiting.includes(seat)) {
            // TB-2: the step passed on; the other seat, whose turn it is, proposes going back to before the move, and the mover accepts.
            taken.agreed = true;
            const other = pages[seat === 'red' ? 'blue' : 'red'] as Page;
            await other.waitForSelector(`#play[data-version="${after.version}"]`, { state: 'attached' });
            await agreeTakeback(other, page, view.version, 'let it move again');
            expect(await moveShipByMouse(page, ships[0] as string)).toBe(true);
          }
        }
        version = (await game.view('red', view.version + 1)).version;
      }
      const end = await game.view('red', version);
      expect((end.step as { key?: string } | null)?.key ?? end.status).toMatch(/^t2-|^ended$/);
      expect((await takebacksIn(game)).sort()).toEqual(['agreed', 'own']);
    },
    SLOW,
  );
});
