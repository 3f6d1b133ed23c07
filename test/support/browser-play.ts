/**
 * Playing from the page as a player does, by mouse (TABLE-8): pick a command from the play
 * panel's list, focus a field and click a piece or the empty table to fill it, read the
 * referee's answer before Send (TABLE-3), send, and answer the panel's question when it asks.
 * Nothing here types an id: pieces are named by clicking them on the board.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A point on the table in its own units (inches, or a square's corner), y up the table. */
export interface TablePoint {
  readonly x: number;
  readonly y: number;
}

/** Where on the screen table point `p` is drawn: through the board group's own matrix (TABLE-1). */
const onScreen = async (page: Page, p: TablePoint): Promise<TablePoint> =>
  (await page.evaluate(`(() => {
    const m = document.querySelector('#board svg g.table').getScreenCTM();
    const s = new DOMPoint(${p.x}, ${p.y}).matrixTransform(m);
    return { x: s.x, y: s.y };
  })()`)) as TablePoint;

/** Clicks the table at `p`, as a mouse would: on a piece if one is drawn there, else on the empty table. */
export const clickTable = async (page: Page, p: TablePoint): Promise<void> => {
  const at = await onScreen(page, p);
  await page.mouse.click(at.x, at.y);
};

/** Clicks piece `id` on the board (its own shape, wherever it is drawn). */
export const clickPiece = (page: Page, id: string): Promise<void> => page.locator(`#board [data-piece="${id}"]`).first().click();

/** The pieces on the board with their table positions, as the page draws them. */
export const piecesOnBoard = async (page: Page): Promise<{ id: string; x: number; y: number }[]> =>
  (await page.evaluate(`[...document.querySelectorAll('#board [data-piece]')].map((el) => ({
    id: el.dataset.piece, x: Number(el.dataset.x), y: Number(el.dataset.y),
  }))`)) as { id: string; x: number; y: number }[];

/** What the focused field's picker offers: the ids a player would pick from. */
export const offers = async (page: Page, field: string): Promise<string[]> => {
  await page.click(field);
  return (await page.evaluate(
    `[...(document.querySelector(${JSON.stringify(field)}).list?.options ?? [])].map((o) => o.value)`,
  )) as string[];
};

/** Picks command `type` from the play panel's list. */
export const choose = async (page: Page, type: string): Promise<void> => {
  await page.waitForSelector(`#play select[name="command"] option[value="${type}"]`, { state: 'attached' });
  await page.selectOption('#play select[name="command"]', type);
};

/** The referee's answer to the form as it is now (TABLE-3), once it has one: would accept, or would refuse. */
export const refereeSays = async (page: Page): Promise<{ verdict: string; text: string }> => {
  // Selectors, not a function: the page's Content Security Policy allows no evaluated strings.
  const settled = ['would-accept', 'would-refuse', 'incomplete'].map((v) => `#play .referee[data-verdict="${v}"]`).join(', ');
  await page.waitForSelector(settled, { state: 'attached' });
  return {
    verdict: (await page.getAttribute('#play .referee', 'data-verdict')) ?? '',
    text: (await page.textContent('#play .referee')) ?? '',
  };
};

/** The play panel's version now: the view its offers were made from. */
const panelVersion = async (page: Page): Promise<number> => Number(await page.getAttribute('#play', 'data-version'));

/**
 * Sends the command the form holds, answers the panel's question yes if it asks one, and waits
 * until the referee accepted it and the panel offers the game after it. The version after it.
 */
export const send = async (page: Page): Promise<number> => {
  const before = await panelVersion(page);
  await page.$eval('#play .result', (el) => el.removeAttribute('data-outcome'));
  await page.click('#play button[type="submit"]');
  // A question (TABLE-4) or the answer, whichever comes.
  await page.waitForSelector('#play .confirm:not(.hidden), #play .result[data-outcome]', { state: 'attached' });
  if (await page.isVisible('#play .confirm')) await page.click('#play .confirm .yes');
  // Selectors, not expect.poll: these helpers serve tests that run concurrently, where only a test's own expect polls.
  await page.waitForSelector('#play .result[data-outcome]:not([data-outcome="sending"])', { state: 'attached', timeout: 15_000 });
  const outcome = await page.getAttribute('#play .result', 'data-outcome');
  expect(outcome, (await page.textContent('#play .result')) ?? '').toBe('accepted');
  // The panel moves on to the view after the command (a version only grows).
  await page.waitForSelector(`#play:not([data-version="${before}"])`, { state: 'attached', timeout: 15_000 });
  return panelVersion(page);
};

/** Whether the page says it is this seat's turn (TABLE-6's "your turn"). */
export const myTurn = async (page: Page): Promise<boolean> =>
  !(await page.locator('#your-turn').evaluate((el) => el.classList.contains('hidden')));

/**
 * Gives a position field the first of `candidates` the referee would accept, by clicking the
 * table there with the field focused and reading the referee's answer; the point taken.
 */
export const clickWhereAccepted = async (page: Page, field: string, candidates: readonly TablePoint[]): Promise<TablePoint> => {
  for (const p of candidates) {
    await page.click(field);
    await clickTable(page, p);
    if ((await refereeSays(page)).verdict === 'would-accept') return p;
  }
  throw new Error(`the referee would accept none of ${candidates.length} points for ${field}`);
};

/** Eight points `reach` away from `p` around it, straight lines first, to a tenth. */
export const around = (p: TablePoint, reach: number): TablePoint[] =>
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

/** TB-1 from the page: the seat takes its own latest commands back, once the referee says it would. */
export const takeBackOwn = async (page: Page): Promise<number> => {
  await choose(page, 'TakeBack');
  expect((await refereeSays(page)).verdict).toBe('would-accept');
  return send(page);
};

/**
 * TB-2 from two pages: `proposer` asks to take the game back to `toVersion`, and `accepter`,
 * once its panel shows the proposal, accepts it. The version after the acceptance.
 */
export const agreeTakeback = async (proposer: Page, accepter: Page, toVersion: number, reason: string): Promise<number> => {
  await choose(proposer, 'ProposeTakeback');
  await proposer.fill('#play input[name="toVersion"]', String(toVersion));
  await proposer.fill('#play input[name="reason"]', reason);
  expect((await refereeSays(proposer)).verdict).toBe('would-accept');
  const proposed = await send(proposer);
  await accepter.waitForSelector(`#play[data-version="${proposed}"]`, { state: 'attached' });
  await choose(accepter, 'AcceptTakeback');
  return send(accepter);
};
