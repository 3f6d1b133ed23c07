/**
 * TABLE-4 in a real Chromium against the memory runtime: forms that know the game. Concede, in
 * every ruleset, asks before it is sent, and "Keep playing" sends nothing (no request leaves the
 * page, the game's version over HTTP is unchanged); confirming sends it and the game ends. Post
 * Galactica's Deploy offers the seat's units not yet placed, read here from the seat's view over
 * HTTP, and a unit named in one row is no longer offered in the next; Sol'una's SubmitActions
 * offers the models that may act now. Post Galactica's RangedAttack and MeleeAttack offer the
 * units, weapons and targets the referee's own checks allow (targeting.ts, asked here of the
 * seat's view over HTTP); an attack picked from them is accepted and the unit that fired is
 * offered no more. Ending the Movement, Action or Ranged Phase with units that could still move,
 * act or fire asks first; ending the Melee Phase once its only attacker has struck does not.
 * GSC2's MoveShip offers the ships the mover may move, and its SubmitOrders in the Beams step the
 * ships, batteries and targets beamOptions allows, each again in the next row; the orders picked
 * are sealed. At 1280×800 the play panel is beside the board, both in view, and focusing the
 * form's last field leaves the board in view; at 375 px the panel is below the board.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { beamOptions } from '../../domain/gsc2/firing.ts';
import { shipsToMove } from '../../domain/gsc2/movement.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { mayStillAct } from '../../domain/post-galactica/actions.ts';
import { attackOptions, type Kind } from '../../domain/post-galactica/targeting.ts';
import { type PgView, stateOfView } from '../../domain/post-galactica/view.ts';
import { browserSession } from '../support/browser-session.ts';
import { deployedAt, followTable, playTo, seatedTable, type TableView } from '../support/browser-table.ts';
import { GUNSHIP, gunshipAt, gunshipTable } from '../support/gsc2.ts';
import { RAIDERS, TROOPERS } from '../support/post-galactica.ts';
import { arenaScenario } from '../support/post-galactica-setups.ts';

const SLOW = 30_000;

const session = browserSession();

/** What the focused id field offers now: its datalist's option values, as a player's picker lists them. */
const offered = async (page: Page, field: string): Promise<string[]> => {
  await page.focus(field);
  // A string: the test's own types have no DOM.
  return page.evaluate(`[...(document.querySelector(${JSON.stringify(field)}).list?.options ?? [])].map((o) => o.value)`) as Promise<
    string[]
  >;
};

/** The posts the page sent to the game's command route since the listener was set. */
const commandPosts = (page: Page): string[] => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/games\/[^/]+\/commands$/.test(r.url())) posts.push(r.url());
  });
  return posts;
};

/** Sol'una's actions list's own button (each move's path is a list too). */
const ADD_ACTION = '#play fieldset.list:has(> legend:text-is("actions")) > button.add';

/** The attacks of `kind` the referee's own checks allow the seat in this view (targeting.ts), in the page's words. */
const attacksIn = (view: TableView, seat: string, kind: Kind) => {
  const options = attackOptions(stateOfView(view.game as unknown as PgView), seat, kind);
  const units = (view.game?.units ?? []) as { id: string; name: string }[];
  const unique = (ids: string[]) => [...new Set(ids)].sort();
  return {
    units: unique(options.map((o) => o.unitId)),
    names: [...new Set(options.map((o) => o.unitId))].map((id) => units.find((u) => u.id === id)?.name ?? id),
    weapons: unique(options.map((o) => o.weapon)),
    targets: unique(options.flatMap((o) => o.targetIds)),
  };
};

const SETUPS = [
  { ruleset: 'post-galactica', seats: ['red', 'blue'], options: { firstPlayer: 'red', rules: { scenario: 'example' } } },
  { ruleset: 'soluna', seats: ['sun', 'moon'], options: { firstPlayer: 'sun' } },
  { ruleset: 'gsc2', seats: ['red', 'blue'], options: { firstPlayer: 'red' } },
] as const;

describe('TABLE-4 forms that know the game', () => {
  for (const [i, setup] of SETUPS.entries()) {
    it.concurrent(
      `TABLE-4 ${setup.ruleset}: Concede asks first; "Keep playing" sends nothing${i === 0 ? '; confirming concedes' : ''}`,
      async ({ expect }) => {
        const game = await seatedTable(session.url, setup.ruleset, [...setup.seats], setup.options);
        const view = await game.view(setup.seats[0], game.version);
        const seat = view.awaiting[0] as string;
        const page = await followTable(session, game, seat, view.version);
        const posts = commandPosts(page);
        await page.selectOption('#play select[name="command"]', 'Concede');
        await page.click('#play button[type="submit"]');
        await page.waitForSelector('#play .confirm:not(.hidden)');
        expect(await page.textContent('#play .confirm .question')).toBe('Concede the game? This cannot be taken back.');
        expect(await page.textContent('#play .confirm .yes')).toBe('Concede');
        // The safe answer has the focus: Enter does not end the game.
        expect(await page.evaluate('document.activeElement?.className')).toBe('no');
        await page.click('#play .confirm .no');
        await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('kept');
        expect(await page.textContent('#play .result')).toBe('Not sent: you keep playing.');
        expect(await page.isHidden('#play .confirm')).toBe(true);
        expect(posts).toEqual([]);
        const after = await game.view(seat, view.version);
        expect({ version: after.version, status: after.status }).toEqual({ version: view.version, status: 'playing' });
        if (i !== 0) return;
        await page.click('#play button[type="submit"]');
        await page.click('#play .confirm .yes');
        await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
        await expect.poll(() => posts.length).toBe(1);
        const ended = await game.view(seat, view.version + 1);
        expect(ended.status).toBe('ended');
      },
      SLOW,
    );
  }

  it.concurrent(
    "TABLE-4 Post Galactica's Move offers the units that may move; EndPhase asks while they have not moved; the Action Phase's asks while units have not acted",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], SETUPS[0].options);
      const view = await playTo(game, 'movement');
      const seat = view.awaiting[0] as string;
      const movers = (
        (view.game?.units ?? []) as { id: string; seat: string; x: number | null; movement: number; complete: boolean }[]
      ).filter((u) => u.seat === seat && u.x !== null && u.complete && u.movement > 0);
      expect(movers.length).toBeGreaterThan(0);
      const page = await followTable(session, game, seat, view.version);
      const posts = commandPosts(page);
      // Move offers the units that may still move: all of those on the table, this early.
      await page.selectOption('#play select[name="command"]', 'Move');
      expect((await offered(page, '#play input[name="unitId"]')).sort()).toEqual(movers.map((u) => u.id).sort());
      await page.selectOption('#play select[name="command"]', 'EndPhase');
      await page.click('#play button[type="submit"]');
      await page.waitForSelector('#play .confirm:not(.hidden)');
      expect(await page.textContent('#play .confirm .question')).toMatch(
        new RegExp(
          `^End the Movement Phase\\? ${movers.length} unit\\(s\\) of yours have not moved \\(.+\\); they cannot move again this turn\\.$`,
        ),
      );
      await page.click('#play .confirm .no');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('kept');
      expect(posts).toEqual([]);
      expect((await game.view(seat, view.version)).version).toBe(view.version);
      // The step the panel offers before the send: read after it, the panel may already have moved on.
      const moving = await page.getAttribute('#play', 'data-step');
      await page.click('#play button[type="submit"]');
      await page.click('#play .confirm .yes');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      // The Action Phase offered next: its end asks too, naming the units that have not acted (actions.ts mayStillAct).
      await expect.poll(() => page.getAttribute('#play', 'data-step')).not.toBe(moving);
      const offeredAt = Number(await page.getAttribute('#play', 'data-version'));
      const acting = await game.view(seat, offeredAt);
      expect(acting.step?.phase).toBe('action');
      const idle = mayStillAct(stateOfView(acting.game as unknown as PgView), seat).map(
        (u) => ((acting.game?.units ?? []) as { id: string; name: string }[]).find((v) => v.id === u.id)?.name,
      );
      expect(idle.length).toBeGreaterThan(0);
      await page.selectOption('#play select[name="command"]', 'EndPhase');
      await page.click('#play button[type="submit"]');
      await page.waitForSelector('#play .confirm:not(.hidden)');
      expect(await page.textContent('#play .confirm .question')).toBe(
        `End the Action Phase? ${idle.length} unit(s) of yours have not acted (${idle.join(', ')}); they cannot act again this turn.`,
      );
      // The last answer's outcome cleared: the one waited for is this send's.
      await page.$eval('#play .result', (el) => el.removeAttribute('data-outcome'));
      await page.click('#play .confirm .yes');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      expect(await page.isHidden('#play .confirm')).toBe(true);
      await expect.poll(() => posts.length).toBe(2);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-4 Post Galactica's attacks offer the units, weapons and targets the referee's checks allow; the attack picked from them is accepted; ending the Ranged Phase with fire unspent asks first",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], {
        firstPlayer: 'red',
        rules: arenaScenario(),
      });
      // Troopers and Raiders face each other across the open Crater; the second Troopers stand in contact with the second Raiders.
      const view = await playTo(
        game,
        'ranged',
        deployedAt([
          { unitId: TROOPERS, x: 18, y: 26 },
          { unitId: RAIDERS, x: 30, y: 26 },
          { unitId: 'red-vanguard-troopers-2', x: 22.5, y: 14 },
          { unitId: 'blue-raiders-2', x: 25, y: 14 },
        ]),
      );
      const seat = view.awaiting[0] as string;
      const ranged = attacksIn(view, seat, 'ranged');
      // Some units may fire, not every one of the seat's: the offer is a choice (the engaged Troopers may not).
      expect(ranged.units).toContain(TROOPERS);
      expect(ranged.units).not.toContain('red-vanguard-troopers-2');
      expect(ranged.targets).toContain(RAIDERS);
      const page = await followTable(session, game, seat, view.version);
      await page.selectOption('#play select[name="command"]', 'RangedAttack');
      expect((await offered(page, '#play input[name="unitId"]')).sort()).toEqual(ranged.units);
      expect((await offered(page, '#play input[name="targetId"]')).sort()).toEqual(ranged.targets);
      await page.click('#play fieldset.list > button.add');
      expect((await offered(page, '#play fieldset.list input[name="item"]')).sort()).toEqual(ranged.weapons);
      // HOOK: the Troopers named, only their weapons and targets are offered.
      await page.fill('#play input[name="unitId"]', TROOPERS);
      const mine = attackOptions(stateOfView(view.game as unknown as PgView), seat, 'ranged').filter((o) => o.unitId === TROOPERS);
      expect((await offered(page, '#play fieldset.list input[name="item"]')).sort()).toEqual(mine.map((o) => o.weapon).sort());
      expect((await offered(page, '#play input[name="targetId"]')).sort()).toEqual([...new Set(mine.flatMap((o) => o.targetIds))].sort());
      // Picked from what was offered: the referee accepts it.
      await page.fill('#play fieldset.list input[name="item"]', 'Plasma Rifles');
      await page.fill('#play input[name="targetId"]', RAIDERS);
      await page.click('#play button[type="submit"]');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      // The page follows the attack: the Troopers, who have fired, are offered no more.
      await expect.poll(async () => Number(await page.getAttribute('#play', 'data-version'))).toBeGreaterThan(view.version);
      const fired = await game.view(seat, Number(await page.getAttribute('#play', 'data-version')));
      const left = attacksIn(fired, seat, 'ranged');
      expect(left.units).not.toContain(TROOPERS);
      expect((await offered(page, '#play input[name="unitId"]')).sort()).toEqual(left.units);
      // Ending the phase with units that may still fire asks first, naming them.
      await page.selectOption('#play select[name="command"]', 'EndPhase');
      await page.click('#play button[type="submit"]');
      await page.waitForSelector('#play .confirm:not(.hidden)');
      expect(left.names.length).toBeGreaterThan(0);
      expect(await page.textContent('#play .confirm .question')).toBe(
        `End the Ranged Phase? ${left.names.length} unit(s) of yours may still fire (${left.names.join(', ')}); they cannot fire again this turn.`,
      );
      const ranging = await page.getAttribute('#play', 'data-step');
      await page.click('#play .confirm .yes');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      await expect.poll(() => page.getAttribute('#play', 'data-step')).not.toBe(ranging);
      // The Melee Phase: the Troopers in contact are offered, with their melee weapon, on the Raiders they touch.
      const melee = await game.view(seat, Number(await page.getAttribute('#play', 'data-version')));
      expect(melee.step?.phase).toBe('melee');
      const close = attacksIn(melee, seat, 'melee');
      expect(close.units).toEqual(['red-vanguard-troopers-2']);
      await page.selectOption('#play select[name="command"]', 'MeleeAttack');
      expect((await offered(page, '#play input[name="unitId"]')).sort()).toEqual(close.units);
      expect((await offered(page, '#play input[name="targetId"]')).sort()).toEqual(close.targets);
      await page.fill('#play input[name="unitId"]', 'red-vanguard-troopers-2');
      await page.fill('#play input[name="targetId"]', 'blue-raiders-2');
      await page.$eval('#play .result', (el) => el.removeAttribute('data-outcome'));
      await page.click('#play button[type="submit"]');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      // The only unit that could attack in melee has: the Melee Phase's end has nothing to ask, and goes at once.
      await expect.poll(async () => Number(await page.getAttribute('#play', 'data-version'))).toBeGreaterThan(melee.version);
      const struck = await game.view(seat, Number(await page.getAttribute('#play', 'data-version')));
      expect(attacksIn(struck, seat, 'melee').units).toEqual([]);
      await page.selectOption('#play select[name="command"]', 'EndPhase');
      await page.$eval('#play .result', (el) => el.removeAttribute('data-outcome'));
      await page.click('#play button[type="submit"]');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      expect(await page.isHidden('#play .confirm')).toBe(true);
      expect((await game.view(seat, struck.version + 1)).step?.phase).toBe('status');
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-4 GSC2's MoveShip offers the ships the mover may move; SubmitOrders in Beams offers the ships, batteries and targets the referee's checks allow, a ship again in the next row; the orders picked from them are sealed",
    async ({ expect }) => {
      // Gunships with one turreted medium battery (24" at most): Bee 10" from Ram, Bat 60" away, out of reach.
      const fleets = {
        red: [gunshipAt('ram', 0, 0, 0), gunshipAt('rook', 20, 0, 0)],
        blue: [gunshipAt('bee', 0, 10, 4), gunshipAt('bat', 20, 60, 4)],
      };
      const game = await seatedTable(session.url, 'gsc2', ['red', 'blue'], { firstPlayer: 'red', rules: gunshipTable(GUNSHIP, fleets) });
      let view = await game.view('red', game.version);
      expect(view.step?.phase).toBe('movement');
      const mover = view.awaiting[0] as string;
      const movable = shipsToMove(view.game as unknown as GscState, 'MoveShip', mover).map((s) => s.id);
      expect(movable.length).toBeGreaterThan(0);
      const page = await followTable(session, game, mover, view.version);
      await page.selectOption('#play select[name="command"]', 'MoveShip');
      expect((await offered(page, '#play input[name="ship"]')).sort()).toEqual([...movable].sort());
      // Picked from the offer, moved nowhere (it counts as its move): the referee accepts it.
      await page.fill('#play input[name="ship"]', movable[0] as string);
      await page.click('#play button[type="submit"]');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      view = await game.view('red', view.version + 1);
      // The rest of Movement and an empty Missiles step over HTTP, to the Beams step.
      for (let sends = 0; view.step?.phase !== 'beams'; sends += 1) {
        expect(sends).toBeLessThan(12);
        const seat = view.awaiting[0] as string;
        const ships = shipsToMove(view.game as unknown as GscState, 'MoveShip', seat);
        const command =
          view.step?.phase === 'missiles'
            ? { type: 'SubmitOrders', orders: { step: 'missiles', launches: [] } }
            : ships[0]
              ? { type: 'MoveShip', ship: ships[0].id, path: [] }
              : { type: 'EndMoves' };
        view = await game.view('red', await game.send(seat, command));
      }
      const options = beamOptions(view.game as unknown as GscState, 'red');
      expect(options.map((o) => [o.ship, o.battery, o.targets])).toEqual([
        ['ram', 'A', ['bee']],
        ['rook', 'A', ['bee']],
      ]);
      const red = await followTable(session, game, 'red', view.version);
      await red.selectOption('#play select[name="command"]', 'SubmitOrders');
      expect(await red.locator('#play select[name="orders-variant"] option:checked').textContent()).toBe('beams');
      const row = (n: number, field: string) => `#play fieldset.list > ol > li:nth-child(${n}) input[name="${field}"]`;
      await red.click('#play fieldset.list > button.add');
      expect((await offered(red, row(1, 'ship'))).sort()).toEqual(['ram', 'rook']);
      expect(await offered(red, row(1, 'battery'))).toEqual(['A']);
      expect(await offered(red, row(1, 'target'))).toEqual(['bee']);
      await red.fill(row(1, 'ship'), 'ram');
      await red.fill(row(1, 'battery'), 'A');
      await red.fill(row(1, 'target'), 'bee');
      // HOOK: sealing with Rook left out asks first.
      await red.click('#play button[type="submit"]');
      await red.waitForSelector('#play .confirm:not(.hidden)');
      expect(await red.textContent('#play .confirm .question')).toBe(
        'Seal these beam orders? 1 ship(s) of yours that may fire have no orders (rook); they cannot fire this turn.',
      );
      await red.click('#play .confirm .no');
      await red.click('#play fieldset.list > button.add');
      // A ship, a battery id and a target may be named in several rows: still offered.
      expect((await offered(red, row(2, 'ship'))).sort()).toEqual(['ram', 'rook']);
      expect(await offered(red, row(2, 'target'))).toEqual(['bee']);
      await red.fill(row(2, 'ship'), 'rook');
      await red.fill(row(2, 'battery'), 'A');
      await red.fill(row(2, 'target'), 'bee');
      await red.click('#play button[type="submit"]');
      await expect.poll(() => red.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      const sealed = await game.view('red', view.version + 1);
      expect((sealed.game as { sealed: Record<string, { orders: unknown }> }).sealed.red?.orders).toEqual({
        step: 'beams',
        fire: [
          { ship: 'ram', battery: 'A', target: 'bee' },
          { ship: 'rook', battery: 'A', target: 'bee' },
        ],
      });
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-4 Post Galactica's Deploy offers the seat's units not yet placed, a unit named once no longer offered; the panel is beside the board at 1280×800, below it at 375 px",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], SETUPS[0].options);
      const view = await game.view('red', game.version);
      expect(view.step?.phase).toBe('deployment');
      const seat = view.awaiting[0] as string;
      const units = ((view.game?.units ?? []) as { id: string; seat: string; x: number | null }[]).filter((u) => u.seat === seat);
      const toPlace = units.filter((u) => u.x === null).map((u) => u.id);
      expect(toPlace.length).toBeGreaterThan(1);
      const page = await followTable(session, game, seat, view.version);
      await page.selectOption('#play select[name="command"]', 'Deploy');
      const row = (n: number) => `#play fieldset.list > ol > li:nth-child(${n}) input[name="unitId"]`;
      await page.click('#play fieldset.list > button.add');
      expect((await offered(page, row(1))).sort()).toEqual([...toPlace].sort());
      // Picked from the list into the first row: the second row offers the rest.
      await page.fill(row(1), toPlace[0] as string);
      await page.click('#play fieldset.list > button.add');
      expect((await offered(page, row(2))).sort()).toEqual(toPlace.slice(1).sort());
      // The first row still offers its own unit, less the second's once it names one.
      await page.fill(row(2), toPlace[1] as string);
      expect((await offered(page, row(1))).sort()).toEqual(toPlace.filter((id) => id !== toPlace[1]).sort());

      // Beside the board at 1280×800, both in view, and still so with the form's last field focused.
      const boxes = async () => ({
        board: (await page.locator('#board svg').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
        panel: (await page.locator('#play').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
      });
      await page.evaluate('window.scrollTo(0, 0)');
      let { board, panel } = await boxes();
      expect(panel.x).toBeGreaterThanOrEqual(board.x + board.width);
      expect(panel.y).toBeLessThan(800);
      expect(board.y).toBeGreaterThanOrEqual(0);
      expect(board.y + board.height).toBeLessThanOrEqual(800);
      for (let n = 0; n < 6; n += 1) await page.click('#play fieldset.list > button.add');
      await page.focus('#play fieldset.list > ol > li:last-child input[name="y"]');
      expect(await page.evaluate('window.scrollY'), 'the focused field scrolled the page').toBeGreaterThan(0);
      ({ board } = await boxes());
      expect(board.y, 'the board stays in view with the last field focused').toBeGreaterThanOrEqual(0);
      expect(board.y + board.height).toBeLessThanOrEqual(800);

      // At 375 px the panel is below the board, reached by scrolling, the page no wider than the screen.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.evaluate('window.scrollTo(0, 0)');
      ({ board, panel } = await boxes());
      expect(panel.y).toBeGreaterThanOrEqual(board.y + board.height);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-4 Sol'una's SubmitActions offers the models that may act now, each once",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'soluna', ['sun', 'moon'], SETUPS[1].options);
      const view = await game.view('sun', game.version);
      const seat = view.awaiting[0] as string;
      const eligible = (view.game?.eligible as Record<string, string[]> | undefined)?.[seat] ?? [];
      expect(eligible.length).toBeGreaterThan(0);
      // The example mission's first phase: some of the seat's models may act in it, not all, so the offer is a choice.
      const own = ((view.game?.models ?? []) as { seat: string }[]).filter((m) => m.seat === seat);
      expect(own.length).toBeGreaterThan(eligible.length);
      const page = await followTable(session, game, seat, view.version);
      await page.selectOption('#play select[name="command"]', 'SubmitActions');
      await page.click(ADD_ACTION);
      const first = '#play fieldset.list > ol > li:nth-child(1) > fieldset > label > input[name="model"]';
      expect(await offered(page, first)).toEqual(eligible);
      await page.fill(first, eligible[0] as string);
      await page.click(ADD_ACTION);
      expect(await offered(page, '#play fieldset.list > ol > li:nth-child(2) > fieldset > label > input[name="model"]')).toEqual(
        eligible.slice(1),
      );
    },
    SLOW,
  );
});
