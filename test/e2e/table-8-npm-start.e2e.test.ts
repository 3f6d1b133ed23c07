/**
 * TABLE-8 against `npm start` itself, on the storage tier's DynamoDB Local (fresh tables of its
 * own): the way in and a first move, as two new players take them in two browser contexts. The
 * whole first turn of each ruleset is played on the memory runtime
 * (test/browser/table-8-first-turn.browser.test.ts); this shows the same page does it against
 * the service as `npm start` serves it, stream and all.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NpmStart, type OpenPage, openPage, startNpmStartAndBrowser } from '../support/browser.ts';
import { createGame, joinGame, openAtTable, register } from '../support/browser-lobby.ts';
import { around, choose, clickPiece, clickWhereAccepted, offers, piecesOnBoard, refereeSays, send } from '../support/browser-play.ts';
import { tableOf } from '../support/browser-table.ts';
import { Client } from '../support/http.ts';

let browser: Browser;
let arbiter: NpmStart;
const pages: OpenPage[] = [];

beforeAll(async () => {
  ({ arbiter, browser } = await startNpmStartAndBrowser([], {
    ARBITER_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    ARBITER_TABLE_PREFIX: `tbl8${randomBytes(4).toString('hex')}-`,
  }));
}, 120_000);

afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
  await browser?.close();
  await arbiter?.stop();
}, 60_000);

/** A new player on /lobby in a browser context of their own (its storage starts empty), registered. */
const newPlayer = async (name: string): Promise<{ page: Page; key: string }> => {
  const opened = await openPage(browser, `${arbiter.url}/lobby`);
  pages.push(opened);
  return { page: opened.page, key: await register(opened.page, name) };
};

describe('TABLE-8 against npm start', () => {
  it('TABLE-8 on DynamoDB Local: two new players sign up, meet in the lobby and at the table, and red moves by mouse, the referee asked first', async () => {
    const ann = await newPlayer('Ann');
    const { gameId } = await createGame(ann.page, 'Post Galactica', 'red');
    const bob = await newPlayer('Bob');
    expect(await joinGame(bob.page, 'Post Galactica', gameId)).toBe('blue');
    const at = { red: await openAtTable(ann.page, gameId), blue: await openAtTable(bob.page, gameId) };
    const game = tableOf(gameId, 0, { red: new Client(arbiter.url, ann.key), blue: new Client(arbiter.url, bob.key) });
    let version = (await game.view('red', 0)).version;
    for (let steps = 0; steps < 12; steps += 1) {
      const view = await game.view('red', version);
      if (view.step?.phase === 'movement') break;
      const page = at[view.awaiting[0] as 'red' | 'blue'];
      await page.waitForSelector(`#play[data-version="${view.version}"]`, { state: 'attached' });
      if (view.step?.phase === 'choose-first-player') {
        await choose(page, 'ChooseFirstPlayer');
        await page.selectOption('#play select[name="seat"]', 'red');
      } else if (view.step?.phase === 'deployment') {
        await choose(page, 'Deploy');
        await page.check('#play input[name="auto"]');
      } else {
        await choose(page, 'EndPhase');
      }
      expect((await refereeSays(page)).verdict).toBe('would-accept');
      version = await send(page);
    }
    const movement = await game.view('red', version);
    expect(movement.step?.phase).toBe('movement');
    const red = at.red;
    await red.waitForSelector(`#play[data-version="${movement.version}"]`, { state: 'attached' });
    // A unit clicked into Move, a point three inches off clicked onto its path where the referee would take it.
    await choose(red, 'Move');
    const movers = await offers(red, '#play input[name="unitId"]');
    const pieces = await piecesOnBoard(red);
    let moved: string | null = null;
    for (const id of movers) {
      const piece = pieces.find((p) => p.id === id);
      if (!piece || moved) continue;
      await red.click('#play input[name="unitId"]');
      await clickPiece(red, id);
      const point = await clickWhereAccepted(red, '#play fieldset.list > ol > li input[name="x"]', around(piece, 3)).catch(() => null);
      if (point) moved = id;
    }
    expect(moved).not.toBeNull();
    const after = await send(red);
    const log = await game.seats.red?.get<{ events: { type: string; data: { unitId?: string } }[] }>(
      `/games/${gameId}/events?after=${movement.version}`,
    );
    expect(log?.body.events.map((e) => [e.type, e.data.unitId])).toEqual([['UnitMoved', moved]]);
    // Blue's page, which follows the game, shows the move too.
    await at.blue.waitForSelector(`#events li[data-seq="${after}"]`, { state: 'attached' });
    for (const p of pages) expect([p.errors, p.strays]).toEqual([[], []]);
  }, 120_000);
});
