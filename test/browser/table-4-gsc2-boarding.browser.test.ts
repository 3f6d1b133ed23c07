/**
 * TABLE-4 in a real Chromium against the memory runtime: GSC2's Boarding and Repairs forms offer
 * what the referee takes. Gunships carrying assault pods and squads are driven over HTTP to the
 * Boarding step, Ram's beam having hit Bee; there red's boarding action names a ship and a target
 * picked from the offers (boarding.ts `boardingOptions`, asked here of red's view over HTTP),
 * sabotage's own `ship` field offers its own list (no troops aboard: none), and the orders are
 * sealed. In Repairs blue's Repair offers Bee and its damaged systems (repairs.ts `repairOptions`);
 * sending none first asks (a repair unit left idle cannot repair this turn), then a repair picked
 * from the offers is accepted.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { boardingOptions } from '../../domain/gsc2/boarding.ts';
import { shipsToMove } from '../../domain/gsc2/movement.ts';
import { repairOptions } from '../../domain/gsc2/repairs.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { browserSession } from '../support/browser-session.ts';
import { followTable, seatedTable, type Table, type TableView } from '../support/browser-table.ts';
import { GUNSHIP, gunshipAt, gunshipTable } from '../support/gsc2.ts';

const SLOW = 30_000;

const session = browserSession();

/** Gunships that board: an assault pod and two squads each, and no shields, so Ram's hit on Bee damages a system. */
const BOARDER = { ...GUNSHIP, shields: 0, assaultPods: 1, assaultSquads: 2 };

/** What the focused id field offers now: its datalist's option values, as a player's picker lists them. */
const offered = async (page: Page, field: string): Promise<string[]> => {
  await page.focus(field);
  // The focused field (its selector is Playwright's, not the DOM's); a string: the test's own types have no DOM.
  return page.evaluate('[...(document.activeElement.list?.options ?? [])].map((o) => o.value)') as Promise<string[]>;
};

/** The add button of the list whose legend is `name` (the form's lists each have their own). */
const addTo = (name: string) => `#play fieldset.list:has(> legend:text-is("${name}")) > button.add`;

/** Field `field` of the first row of list `name`. */
const inRow = (name: string, field: string) =>
  `#play fieldset.list:has(> legend:text-is("${name}")) > ol > li:first-child [name="${field}"]`;

/**
 * The game driven over HTTP to `phase`: ships stay where they are, no missiles, Ram fires its
 * battery at Bee in Beams, and every other seat's orders are empty. Red's view there.
 */
const driveTo = async (game: Table, phase: string, from: TableView): Promise<TableView> => {
  let view = from;
  for (let sends = 0; view.step?.phase !== phase; sends += 1) {
    if (sends >= 16) throw new Error(`the game never reached the ${phase} step`);
    const seat = view.awaiting[0] as string;
    const step = view.step?.phase;
    const ships = shipsToMove(view.game as unknown as GscState, 'MoveShip', seat);
    const fire = seat === 'red' ? [{ ship: 'ram', battery: 'A', target: 'bee' }] : [];
    const command =
      step === 'missiles'
        ? { type: 'SubmitOrders', orders: { step, launches: [] } }
        : step === 'beams'
          ? { type: 'SubmitOrders', orders: { step, fire } }
          : step === 'boarding'
            ? { type: 'SubmitOrders', orders: { step, actions: [], sabotage: [] } }
            : ships[0]
              ? { type: 'MoveShip', ship: ships[0].id, path: [] }
              : { type: 'EndMoves' };
    view = await game.view('red', await game.send(seat, command));
  }
  return view;
};

describe('TABLE-4 GSC2 Boarding and Repairs forms', () => {
  it(
    "TABLE-4 GSC2's boarding orders offer the ships that may board and their targets, sabotage its own list; the orders picked are sealed; Repair offers the damaged ship and its systems, asks before leaving a unit idle, and is accepted",
    async ({ expect }) => {
      const fleets = {
        red: [gunshipAt('ram', 0, 0, 0), gunshipAt('rook', 20, 0, 0)],
        blue: [gunshipAt('bee', 0, 10, 4), gunshipAt('bat', 20, 60, 4)],
      };
      const rules = { ...gunshipTable(BOARDER, fleets), designs: { gunship: BOARDER } };
      const game = await seatedTable(session.url, 'gsc2', ['red', 'blue'], { firstPlayer: 'red', rules });
      let view = await driveTo(game, 'boarding', await game.view('red', game.version));
      expect(view.awaiting).toContain('red');
      // Pods fly to any enemy ship (GSC-20): both of red's ships may board either of blue's.
      const options = boardingOptions(view.game as unknown as GscState, 'red');
      expect(options).toEqual([
        { ship: 'ram', targets: ['bee', 'bat'] },
        { ship: 'rook', targets: ['bee', 'bat'] },
      ]);
      const red = await followTable(session, game, 'red', view.version);
      await red.selectOption('#play select[name="command"]', 'SubmitOrders');
      expect(await red.locator('#play select[name="orders-variant"] option:checked').textContent()).toBe('boarding');
      await red.click(addTo('actions'));
      expect((await offered(red, inRow('actions', 'ship'))).sort()).toEqual(['ram', 'rook']);
      expect((await offered(red, inRow('actions', 'target'))).sort()).toEqual(['bat', 'bee']);
      // Sabotage's `ship` is another list's field of the same name: it has its own offer, empty with no troops aboard.
      await red.click(addTo('sabotage'));
      expect(await red.getAttribute(inRow('sabotage', 'ship'), 'list')).toBe('offers-sabotage.ship');
      expect(await offered(red, inRow('sabotage', 'ship'))).toEqual([]);
      await red.click('#play fieldset.list:has(> legend:text-is("sabotage")) > ol > li:first-child button:text-is("Remove")');
      await red.fill(inRow('actions', 'ship'), 'ram');
      await red.fill(inRow('actions', 'target'), 'bee');
      await red.selectOption(inRow('actions', 'method'), 'pods');
      await red.fill(inRow('actions', 'assault'), '1');
      await red.fill(inRow('actions', 'heavy'), '0');
      await red.click('#play button[type="submit"]');
      await expect.poll(() => red.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      const sealed = await game.view('red', view.version + 1);
      expect((sealed.game as { sealed: Record<string, { orders: unknown }> }).sealed.red?.orders).toMatchObject({
        step: 'boarding',
        actions: [{ ship: 'ram', target: 'bee', method: 'pods', assault: 1, heavy: 0 }],
        sabotage: [],
      });

      view = await driveTo(game, 'repairs', sealed);
      // Ram's squad left in its pod, below its level: the referee counts it for repair (GSC-23), so red is awaited too; it repairs nothing.
      expect(view.awaiting).toEqual(['red', 'blue']);
      view = await game.view('red', await game.send('red', { type: 'Repair', attempts: [] }));
      expect(view.awaiting).toEqual(['blue']);
      const bee = await game.view('blue', view.version);
      const repairs = repairOptions(bee.game as unknown as GscState, 'blue');
      expect(repairs.map((o) => o.ship)).toEqual(['bee']);
      const systems = repairs[0]?.systems ?? [];
      expect(systems.length).toBeGreaterThan(0);
      const blue = await followTable(session, game, 'blue', view.version);
      await blue.selectOption('#play select[name="command"]', 'Repair');
      // No repair named: Bee's repair unit would stand idle this turn, so the page asks first.
      await blue.click('#play button[type="submit"]');
      await blue.waitForSelector('#play .confirm:not(.hidden)');
      expect(await blue.textContent('#play .confirm .question')).toBe(
        'Make these repairs? 1 repair unit(s) of yours have no system to try (bee 1); they cannot repair this turn.',
      );
      await blue.click('#play .confirm .no');
      await blue.click(addTo('attempts'));
      expect(await offered(blue, inRow('attempts', 'ship'))).toEqual(['bee']);
      await blue.fill(inRow('attempts', 'ship'), 'bee');
      expect((await offered(blue, inRow('attempts', 'system'))).sort()).toEqual([...systems].sort());
      await blue.fill(inRow('attempts', 'system'), systems[0] as string);
      await blue.click('#play button[type="submit"]');
      await expect.poll(() => blue.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      expect(await blue.isHidden('#play .confirm')).toBe(true);
      // The Repairs step is over: the next turn's Movement begins.
      expect((await game.view('blue', view.version + 1)).step?.phase).toBe('movement');
    },
    SLOW,
  );
});
