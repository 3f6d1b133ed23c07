/**
 * TABLE-3 on the page: as the player builds a command, the play panel asks the referee (the dry
 * run, `POST /games/{id}/commands/check`) and shows its answer before Send: a move too long is
 * refused with PG-9's sentence, a move in reach would be accepted, an attack lists every roll
 * it would make with the face it needs and the chance. Nothing is recorded until Send.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { type Check, verdictOf } from '../../web/referee.ts';
import { around } from '../support/browser-play.ts';
import { browserSession } from '../support/browser-session.ts';
import { deployedAt, exampleAtMovement, followTable, playTo, seatedTable, type Table } from '../support/browser-table.ts';
import { RAIDERS, TROOPERS } from '../support/post-galactica.ts';
import { arenaScenario } from '../support/post-galactica-setups.ts';

const SLOW = 30_000;
const session = browserSession();

/** The requests the page sent to the game's command route and to its dry run, since the listener was set. */
const sent = (page: Page) => {
  const posts = { commands: 0, checks: 0 };
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (/\/games\/[^/]+\/commands$/.test(r.url())) posts.commands += 1;
    if (/\/games\/[^/]+\/commands\/check$/.test(r.url())) posts.checks += 1;
  });
  return posts;
};

/** A point an inch from `unit` that the referee would let it move to, found by asking the dry run over the API; null when hemmed in. */
const inReach = async (game: Table, seat: string, unit: { id: string; x: number; y: number }) => {
  for (const to of around(unit, 1)) {
    const command = { type: 'Move', unitId: unit.id, path: [to] };
    const asked = await game.seats[seat]?.post<Check>(`/games/${game.gameId}/commands/check`, { command });
    if (asked?.body.accepted) return to;
  }
  return null;
};

const verdict = (page: Page) => page.getAttribute('#play .referee', 'data-verdict');
const verdictText = (page: Page) => page.textContent('#play .referee p');

describe('TABLE-3 the page asks the referee first', () => {
  it.concurrent(
    "TABLE-3 Post Galactica's Move: a path too long is refused with PG-9's sentence before Send, one in reach would be accepted, and only Send records it",
    async ({ expect }) => {
      const { game, view } = await exampleAtMovement(session.url);
      const seat = view.awaiting[0] as string;
      type Unit = { id: string; seat: string; x: number | null; y: number; movement: number; complete: boolean };
      const movers = ((view.game?.units ?? []) as Unit[]).filter((u) => u.seat === seat && u.x !== null && u.complete && u.movement > 0);
      // A unit with open table an inch away (an Engineer beside its Command Center may have none).
      let unit: (Unit & { x: number }) | undefined;
      let near: { x: number; y: number } | null = null;
      for (const u of movers) {
        if (u.x === null) continue;
        near = await inReach(game, seat, { ...u, x: u.x });
        if (near) {
          unit = { ...u, x: u.x };
          break;
        }
      }
      if (!unit || !near) throw new Error('no unit of the seat may move an inch');
      const page = await followTable(session, game, seat, view.version);
      const posts = sent(page);
      await page.selectOption('#play select[name="command"]', 'Move');
      await page.fill('#play input[name="unitId"]', unit.id);
      // Far across the table: the referee measures the path against the unit's Movement.
      const far = { x: unit.x < 30 ? 55 : 5, y: unit.y };
      await page.fill('#play fieldset.list > ol > li input[name="x"]', String(far.x));
      await page.fill('#play fieldset.list > ol > li input[name="y"]', String(far.y));
      await expect.poll(() => verdict(page)).toBe('would-refuse');
      expect(await verdictText(page)).toMatch(new RegExp(`^The referee would refuse this under PG-9: .*can move ${unit.movement}"`));
      // An inch away, on open table.
      await page.fill('#play fieldset.list > ol > li input[name="x"]', String(near.x));
      await page.fill('#play fieldset.list > ol > li input[name="y"]', String(near.y));
      await expect.poll(() => verdict(page)).toBe('would-accept');
      expect(await verdictText(page)).toMatch(/^The referee would accept this: it would record .+\.$/);
      // Asked, not sent: the game is where it was.
      expect(posts.checks).toBeGreaterThanOrEqual(2);
      expect(posts.commands).toBe(0);
      expect((await game.view(seat, view.version)).version).toBe(view.version);
      await page.click('#play button[type="submit"]');
      await expect.poll(() => page.getAttribute('#play .result', 'data-outcome')).toBe('accepted');
      expect(posts.commands).toBe(1);
      const moved = (await game.view(seat, view.version + 1)).game?.units as { id: string; x: number; y: number }[];
      expect(moved.find((u) => u.id === unit.id)).toMatchObject(near);
    },
    SLOW,
  );

  it.concurrent(
    "TABLE-3 Post Galactica's RangedAttack: every roll it would make, with the face it needs and the chance, as the referee's dry run gives them",
    async ({ expect }) => {
      const game = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], { firstPlayer: 'red', rules: arenaScenario() });
      // The Troopers and the Raiders face each other across the open Crater.
      const at = [
        { unitId: TROOPERS, x: 18, y: 26 },
        { unitId: RAIDERS, x: 30, y: 26 },
      ];
      const view = await playTo(game, 'ranged', deployedAt(at));
      const seat = view.awaiting[0] as string;
      const page = await followTable(session, game, seat, view.version);
      const posts = sent(page);
      await page.selectOption('#play select[name="command"]', 'RangedAttack');
      await page.fill('#play input[name="unitId"]', TROOPERS);
      await page.fill('#play input[name="targetId"]', RAIDERS);
      await page.click('#play fieldset.list > button.add');
      await page.fill('#play fieldset.list input[name="item"]', 'Plasma Rifles');
      // The same command asked of the API: the page shows each of its rolls, in words, once it has asked for the last field.
      const command = { type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS, weapons: ['Plasma Rifles'] };
      const asked = await game.seats[seat]?.post<Check>(`/games/${game.gameId}/commands/check`, { command });
      expect(asked?.status).toBe(200);
      const expected = verdictOf(asked?.body as Check);
      expect(expected.rolls.length).toBeGreaterThan(0);
      await expect.poll(() => page.$$eval('#play .referee li', (items) => items.map((li) => li.textContent ?? ''))).toEqual(expected.rolls);
      expect(await verdict(page)).toBe('would-accept');
      const shown = expected.rolls;
      for (const line of shown) expect(line).toMatch(/: (\d+\+|\d+ or less) on a d\d+ \(\d+%\)$|: cannot (fail|succeed)/);
      expect(posts.commands).toBe(0);
    },
    SLOW,
  );
});
