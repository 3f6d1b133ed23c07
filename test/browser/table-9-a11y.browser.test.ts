/**
 * TABLE-9 in a real Chromium against the memory runtime: usable without a mouse. axe-core finds
 * no serious or critical violation on the table (a live Post Galactica game, its armies on the
 * table and the play panel drawn), on the replay of each reference log the page offers (a piece
 * inspected), on the page before anything is opened, and on the lobby (signed out; then signed
 * in, with a game of the player's listed). By keyboard alone a player selects a
 * piece (Enter on it, reached by Tab), gives its destination with the board's cursor (the
 * board focused, arrow keys, Enter) and sends a Move the referee accepts; in Sol'una the cursor
 * steps square by square and fills the square under it.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { SAMPLE_LOGS } from '../../web/samples.ts';
import { blockingViolations } from '../support/axe.ts';
import { createGame, freshPage, register } from '../support/browser-lobby.ts';
import { browserSession } from '../support/browser-session.ts';
import { exampleAtMovement, followTable, seatedTable } from '../support/browser-table.ts';

const SLOW = 30_000;

const session = browserSession();

/** A Post Galactica game of the example scenario, both armies deployed, at the first Movement Phase. */
const atMovement = () => exampleAtMovement(session.url);

/** Whether the focused element matches `selector`. */
const focusedIs = (page: Page, selector: string): Promise<boolean> =>
  // A string: the test's own types have no DOM.
  page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`) as Promise<boolean>;

/** Presses Tab until the focused element matches `selector`; a test fails if it never does. */
const tabTo = async (page: Page, selector: string): Promise<void> => {
  for (let presses = 0; presses < 300; presses += 1) {
    await page.keyboard.press('Tab');
    if (await focusedIs(page, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
};

interface Unit {
  id: string;
  seat: string;
  x: number | null;
  y: number | null;
  baseRadius: number;
  movement: number;
  complete: boolean;
}

type Placed = Unit & { x: number; y: number };

/**
 * A unit of `seat`'s that may move `inches` straight up, down, right or left, its base staying on
 * the table and clear of every other unit's, and where it would end (inches to a tenth).
 */
const clearStep = (units: readonly Unit[], seat: string, inches: number): { unit: Placed; to: { x: number; y: number } } => {
  const steps = [
    [0, inches],
    [inches, 0],
    [0, -inches],
    [-inches, 0],
  ] as const;
  const placed = units.filter((u): u is Placed => u.x !== null && u.y !== null);
  for (const unit of placed.filter((u) => u.seat === seat && u.complete && u.movement >= inches))
    for (const [dx, dy] of steps) {
      const to = { x: Math.round((unit.x + dx) * 10) / 10, y: Math.round((unit.y + dy) * 10) / 10 };
      const r = unit.baseRadius;
      const clear = placed.every((u) => u === unit || Math.hypot(u.x - to.x, u.y - to.y) > u.baseRadius + r + 0.5);
      if (clear && to.x - r >= 0 && to.y - r >= 0) return { unit, to };
    }
  throw new Error(`no unit of ${seat}'s has a clear step of ${inches}"`);
};

/** The arrow that undoes another's step. */
const OPPOSITE: Readonly<Record<string, string>> = {
  ArrowUp: 'ArrowDown',
  ArrowDown: 'ArrowUp',
  ArrowLeft: 'ArrowRight',
  ArrowRight: 'ArrowLeft',
};

describe('TABLE-9 usable without a mouse', () => {
  it.concurrent(
    'TABLE-9 the table: a Post Galactica game, armies deployed, its Move form drawn, has no serious or critical axe-core violation',
    async ({ expect }) => {
      const { game, view } = await atMovement();
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      await page.selectOption('#play select[name="command"]', 'Move');
      expect(await page.locator('#board svg [data-piece]').count()).toBeGreaterThan(0);
      expect(await blockingViolations(page)).toEqual([]);
    },
    SLOW,
  );

  for (const sample of SAMPLE_LOGS) {
    it.concurrent(
      `TABLE-9 the replay of ${sample.file}, a piece inspected, and the page before it have no serious or critical axe-core violation`,
      async ({ expect }) => {
        const { page } = await session.open('/');
        expect(await blockingViolations(page)).toEqual([]);
        await page.click(`[data-sample="${sample.file}"]`);
        await page.click('#board svg [data-piece]');
        await page.waitForSelector('#inspect dl');
        expect(await blockingViolations(page)).toEqual([]);
      },
      SLOW,
    );
  }

  it.concurrent(
    'TABLE-9 the lobby, signed out and then with a player registered and a game created, has no serious or critical axe-core violation',
    async ({ expect }) => {
      // A page kept from another test may hold a key in its storage: the lobby starts signed out.
      const { page } = await freshPage(session, '/lobby');
      await page.getByLabel('Your name').waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      await register(page, 'Ann');
      await createGame(page, "Sol'una", 'sun');
      await page.locator('#mine tbody tr').first().waitFor();
      expect(await blockingViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-9 by keyboard alone: a unit selected with Enter, its destination given by the board's cursor, a Move the referee accepts",
    async ({ expect }) => {
      const { game, view } = await atMovement();
      const seat = view.awaiting[0] as string;
      const { unit, to } = clearStep((view.game?.units ?? []) as Unit[], seat, 2);
      const page = await followTable(session, game, seat, view.version);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/commands')) posts.push(r.url());
      });

      // The command by its name, typed into the focused select.
      await tabTo(page, '#play select[name="command"]');
      await page.keyboard.type('Move');
      expect(await page.inputValue('#play select[name="command"]')).toBe('Move');
      // The unit: its field focused, Alt+B to the board, Tab to the unit, Enter, Escape back to the field.
      await tabTo(page, '#play input[name="unitId"]');
      await page.keyboard.press('Alt+KeyB');
      expect(await focusedIs(page, '#board > svg')).toBe(true);
      await tabTo(page, `#board svg [data-piece="${unit.id}"]`);
      await page.keyboard.press('Enter');
      expect(await page.inputValue('#play input[name="unitId"]')).toBe(unit.id);
      expect(await page.textContent('#inspect h3')).toContain(`(${unit.id})`);
      await page.keyboard.press('Escape');
      expect(await focusedIs(page, '#play input[name="unitId"]')).toBe(true);
      // The destination: the path's point focused, Alt+B to the board, its cursor on the unit selected.
      const point = '#play fieldset.list > ol > li:first-child';
      await tabTo(page, `${point} input[name="x"]`);
      await page.keyboard.press('Alt+KeyB');
      expect(await page.textContent('#board-cursor')).toMatch(new RegExp(`^Cursor at \\(${unit.x}, ${unit.y}\\) on the table\\.`));
      const key = to.x === unit.x ? (to.y > unit.y ? 'ArrowUp' : 'ArrowDown') : to.x > unit.x ? 'ArrowRight' : 'ArrowLeft';
      // Two steps of an inch, a tenth too far with Shift, and a tenth back.
      for (const press of [key, key, `Shift+${key}`]) await page.keyboard.press(press);
      expect(await page.textContent('#board-cursor')).not.toMatch(new RegExp(`^Cursor at \\(${to.x}, ${to.y}\\)`));
      await page.keyboard.press(`Shift+${OPPOSITE[key]}`);
      expect(await page.textContent('#board-cursor')).toMatch(new RegExp(`^Cursor at \\(${to.x}, ${to.y}\\) on the table\\.`));
      expect(await page.isVisible('#board svg .cursor circle')).toBe(true);
      await page.keyboard.press('Enter');
      expect([await page.inputValue(`${point} input[name="x"]`), await page.inputValue(`${point} input[name="y"]`)]).toEqual([
        String(to.x),
        String(to.y),
      ]);
      // The arrows moved the cursor, not the replay: the board still shows the newest event.
      expect(await page.textContent('#position')).toBe(`event ${view.version} of ${view.version}`);
      await page.keyboard.press('Escape');
      expect(await focusedIs(page, `${point} input[name="x"]`)).toBe(true);
      await tabTo(page, '#play button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      expect(posts).toHaveLength(1);
      const after = await game.view(seat, view.version + 1);
      const moved = ((after.game?.units ?? []) as Unit[]).find((u) => u.id === unit.id);
      expect({ x: moved?.x, y: moved?.y }).toEqual(to);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-9 by keyboard alone in Sol'una: the board's cursor steps square by square and Enter fills the square under it",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'soluna', ['sun', 'moon'], { firstPlayer: 'sun' });
      const view = await game.view('sun', game.version);
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      await tabTo(page, '#play select[name="command"]');
      await page.keyboard.type('SubmitActions');
      expect(await page.inputValue('#play select[name="command"]')).toBe('SubmitActions');
      // The actions list's button adds a row and focuses its first field.
      await tabTo(page, '#play fieldset.list > button.add');
      await page.keyboard.press('Enter');
      const to = '#play fieldset.list > ol > li:first-child input[name="to-0"]';
      await tabTo(page, to);
      await page.keyboard.press('Alt+KeyB');
      // No piece selected yet: the cursor starts in the middle square of the 12 by 12 grid.
      expect(await page.textContent('#board-cursor')).toMatch(/^Cursor at \(6\.5, 6\.5\) on the table\./);
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
      expect(await page.textContent('#board-cursor')).toMatch(/^Cursor at \(8\.5, 5\.5\) on the table\./);
      await page.keyboard.press('Enter');
      expect([await page.inputValue(to), await page.inputValue(to.replace('to-0', 'to-1'))]).toEqual(['8', '5']);
      await page.keyboard.press('Escape');
      expect(await focusedIs(page, to)).toBe(true);
    },
    SLOW,
  );

  it.concurrent(
    'TABLE-9 by keyboard alone in GSC2: a ship selected with Enter from the board, a segment of its path typed, a MoveShip the referee accepts',
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'gsc2', ['red', 'blue'], { firstPlayer: 'red' });
      const view = await game.view('red', game.version);
      const seat = view.awaiting[0] as string;
      const page = await followTable(session, game, seat, view.version);
      await tabTo(page, '#play select[name="command"]');
      await page.keyboard.type('MoveShip');
      expect(await page.inputValue('#play select[name="command"]')).toBe('MoveShip');
      // The ship: its field focused, Alt+B to the board, Tab to a ship the form offers, Enter, Escape back.
      await tabTo(page, '#play input[name="ship"]');
      const ship = (await page.evaluate(
        "[...(document.querySelector('#play input[name=\"ship\"]').list?.options ?? [])].map((o) => o.value)[0] ?? ''",
      )) as string;
      expect(ship).not.toBe('');
      await page.keyboard.press('Alt+KeyB');
      await tabTo(page, `#board svg [data-piece="${ship}"]`);
      await page.keyboard.press('Enter');
      expect(await page.inputValue('#play input[name="ship"]')).toBe(ship);
      await page.keyboard.press('Escape');
      expect(await focusedIs(page, '#play input[name="ship"]')).toBe(true);
      // One segment: its kind picked by typing into the focused select, an inch forward.
      // MoveShip's one list is its path.
      await tabTo(page, '#play fieldset.list > button.add');
      await page.keyboard.press('Enter');
      const segment = '#play fieldset.list > ol > li:first-child';
      await tabTo(page, `${segment} select`);
      await page.keyboard.type('forward');
      await tabTo(page, `${segment} input[name="inches"]`);
      await page.keyboard.type('1');
      await tabTo(page, '#play button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      const after = await game.view(seat, view.version + 1);
      expect(after.version).toBeGreaterThan(view.version);
    },
    SLOW,
  );
});
