/**
 * TABLE-5 in a real Chromium against the memory runtime: the way in, from the page alone. A new
 * player registers on /lobby, sees the key once and copies it with the page's button, and creates
 * a public game; a second player, in a browser context of their own, registers, finds it among
 * the open games and joins; "my games" says whose turn it is on both sides, and Open takes the
 * first player to the table, which follows the game with the key the lobby kept (never in the
 * URL) and shows it from their seat. A third context, with no key, watches the game. A private
 * game is joined by its invite code, is never among the open games, and stays a 404 to a keyless
 * visitor.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { createGame, freshPage as freshIn, register } from '../support/browser-lobby.ts';
import { browserSession } from '../support/browser-session.ts';
import { Client } from '../support/http.ts';

const SLOW = 60_000;

const session = browserSession();
const freshPage = (path: string) => freshIn(session, path);

/** The "whose turn" cell of `gameId`'s row in "my games". */
const turnOf = (page: Page, gameId: string) => page.getByRole('row').filter({ hasText: gameId }).locator('td.turn');

/** The seats `gameId` awaits, read over HTTP with `key`: what the page's words are checked against. */
const awaited = async (key: string, gameId: string): Promise<string[]> => {
  const client = new Client(session.url, key);
  const view = await client.get<{ awaiting: string[] }>(`/games/${gameId}`);
  return view.body.awaiting;
};

describe('TABLE-5 a way in', () => {
  it(
    'TABLE-5 a new player registers on /lobby and creates a public game, a second joins it from the open games, "my games" says whose turn, Open shows it at the table from the seat',
    async ({ expect }) => {
      const ann = await freshPage('/lobby');
      await ann.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.url });
      const annKey = await register(ann.page, 'Ann');
      expect(annKey).toMatch(/^arb\.p_\w+\./);
      expect(await ann.page.getByRole('heading', { name: 'Your API key, shown this once' }).isVisible()).toBe(true);
      await ann.page.getByRole('button', { name: 'Copy' }).click();
      await ann.page.getByText('Copied.').waitFor();
      expect(await ann.page.evaluate('navigator.clipboard.readText()')).toBe(annKey);

      const { gameId, text } = await createGame(ann.page, "Sol'una", 'sun', 'public');
      expect(text).toBe(`Created game ${gameId} (Sol'una), you as sun: it is in the open games until its seats are taken.`);
      await expect.poll(() => turnOf(ann.page, gameId).textContent()).toBe('waiting for players to join');

      // Shown once: back on the lobby, the key is kept but no longer shown.
      await ann.page.reload();
      await ann.page.getByText('Playing as Ann').waitFor();
      expect(await ann.page.getByRole('heading', { name: 'Your API key, shown this once' }).isVisible()).toBe(false);

      const bob = await freshPage('/lobby');
      const bobKey = await register(bob.page, 'Bob');
      const solunaGames = bob.page.getByRole('region', { name: "Sol'una" });
      await solunaGames.getByRole('button', { name: `Join game ${gameId}` }).click();
      await bob.page.getByText(`Joined game ${gameId} as moon.`).waitFor();

      // The roll-off decides who chooses the first player: "my games" names that seat's player on the other side.
      const first = (await awaited(annKey, gameId))[0];
      expect(['sun', 'moon']).toContain(first);
      const [turnAnn, turnBob] = first === 'sun' ? ['your turn', 'waiting for Ann (sun)'] : ['waiting for Bob (moon)', 'your turn'];
      await expect.poll(() => turnOf(ann.page, gameId).textContent(), { timeout: 25_000 }).toBe(turnAnn);
      await expect.poll(() => turnOf(bob.page, gameId).textContent()).toBe(turnBob);
      expect(await awaited(bobKey, gameId)).toEqual([first]);

      // Open: the table follows the game with the key the lobby kept, from Ann's seat; the URL holds only the game.
      await ann.page.getByRole('link', { name: `Open game ${gameId} at the table` }).click();
      await ann.page.waitForURL(`**/?game=${gameId}`);
      await ann.page
        .locator('#status')
        .filter({ hasText: `game ${gameId} (live)` })
        .waitFor();
      expect(await ann.page.inputValue('#seat')).toBe('sun');
      expect(await ann.page.isDisabled('#seat')).toBe(true);
      expect(ann.page.url()).not.toContain(annKey);

      // No key at all: the same link shows the game as to a spectator, with no play panel.
      const watcher = await freshPage(`/?game=${gameId}`);
      await watcher.page
        .locator('#status')
        .filter({ hasText: `game ${gameId} (live)` })
        .waitFor();
      expect(await watcher.page.inputValue('#seat')).toBe('');
      expect(await watcher.page.locator('#seat option:checked').textContent()).toBe('a spectator');
      expect(await watcher.page.locator('#board svg').count()).toBe(1);
      expect(await watcher.page.isHidden('#play')).toBe(true);
      for (const p of [ann, bob, watcher]) expect([p.errors, p.strays]).toEqual([[], []]);
    },
    SLOW,
  );

  it(
    'TABLE-5 a private game is joined by its invite code, is never among the open games, and is not shown without a key',
    async ({ expect }) => {
      const cleo = await freshPage('/lobby');
      await register(cleo.page, 'Cleo');
      const { gameId, text } = await createGame(cleo.page, "Sol'una", 'sun', 'private');
      const code = /Invite code: (\S+)\./.exec(text)?.[1] ?? '';
      expect(text).toBe(
        `Created private game ${gameId} (Sol'una), you as sun. Invite code: ${code}. Pass the game id and the code to the players you invite.`,
      );
      expect(code).toMatch(/^[\w-]{22}$/);

      const dan = await freshPage('/lobby');
      await register(dan.page, 'Dan');
      const solunaGames = dan.page.getByRole('region', { name: "Sol'una" });
      await solunaGames.waitFor();
      expect(await solunaGames.textContent()).not.toContain(gameId);
      await dan.page.getByRole('textbox', { name: 'Game id' }).fill(gameId);
      await dan.page.getByRole('textbox', { name: 'Invite code' }).fill(code);
      await dan.page.getByRole('button', { name: 'Join with the code' }).click();
      await dan.page.getByText(`Joined game ${gameId} as moon.`).waitFor();
      expect(await dan.page.getByRole('row').filter({ hasText: gameId }).locator('td').nth(2).textContent()).toBe('moon');
      await expect.poll(() => turnOf(cleo.page, gameId).textContent(), { timeout: 25_000 }).not.toBe('waiting for players to join');

      // Without a key the private game is what a game that does not exist is (API-8).
      const stranger = await freshPage(`/?game=${gameId}`);
      await stranger.page
        .locator('#status')
        .filter({ hasText: `Game ${gameId}:` })
        .waitFor();
      expect(await stranger.page.textContent('#status')).toBe(`Game ${gameId}: There is no game ${gameId}.`);
      expect(await stranger.page.locator('#board svg').count()).toBe(0);
      for (const p of [cleo, dan]) expect([p.errors, p.strays]).toEqual([[], []]);
      expect(stranger.strays).toEqual([]);
    },
    SLOW,
  );

  it(
    "TABLE-5 a game is created with the play-by-mail options the lobby offers: each phase's deadline and the takebacks allowed",
    async ({ expect }) => {
      const eve = await freshPage('/lobby');
      const eveKey = await register(eve.page, 'Eve');
      const { gameId } = await createGame(eve.page, "Sol'una", 'sun', 'public', {
        'Time for each phase': '48 hours',
        Takebacks: 'none',
      });
      const fay = await freshPage('/lobby');
      await register(fay.page, 'Fay');
      await fay.page
        .getByRole('region', { name: "Sol'una" })
        .getByRole('button', { name: `Join game ${gameId}` })
        .click();
      await fay.page.getByText(`Joined game ${gameId} as moon.`).waitFor();
      const eveApi = new Client(session.url, eveKey);
      const view = await eveApi.get<{ step: { openedAt: string; deadline: string | null } | null }>(`/games/${gameId}`);
      // The step the seats now wait on closes 48 hours after it opened.
      const { openedAt, deadline } = view.body.step ?? { openedAt: '', deadline: null };
      expect(Date.parse(deadline ?? '') - Date.parse(openedAt)).toBe(48 * 3600 * 1000);
      // No takebacks: the referee refuses one, asked before anything is sent.
      const asked = await eveApi.post<{ accepted: boolean; refusal?: { code?: string } }>(`/games/${gameId}/commands/check`, {
        command: { type: 'TakeBack' },
      });
      expect(asked.body).toMatchObject({ accepted: false, refusal: { code: 'TAKEBACKS_OFF' } });
      for (const p of [eve, fay]) expect([p.errors, p.strays]).toEqual([[], []]);
    },
    SLOW,
  );
});
