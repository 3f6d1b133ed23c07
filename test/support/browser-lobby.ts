/**
 * The way in, as a new player takes it (TABLE-5, TABLE-8): a page of /lobby with nothing kept
 * from an earlier test, registering there, creating a game from its form, joining one from the
 * open games, and opening it at the table with the key the lobby keeps (never in the URL).
 */
import type { Page } from 'playwright-core';
import type { OpenPage } from './browser.ts';
import type { BrowserSession } from './browser-session.ts';

/**
 * A page of `path` with nothing kept from an earlier test: the session reuses pages, and the
 * lobby keeps the key in this origin's storage. It is emptied from a page of the origin that
 * does not use it (the tournament page), so no lobby still signing in stores a key again.
 */
export const freshPage = async (session: BrowserSession, path: string): Promise<OpenPage> => {
  const opened = await session.open('/tournament');
  await opened.page.evaluate('localStorage.clear()');
  await opened.page.goto(`${session.url}${path}`);
  return opened;
};

/** Registers `name` from the lobby; the key the page shows once. */
export const register = async (page: Page, name: string): Promise<string> => {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText(`Playing as ${name}`).waitFor();
  return page.getByRole('textbox', { name: 'your API key' }).inputValue();
};

/** A new player on /lobby, registered: their page and the key the lobby keeps for them. */
export const signUp = async (session: BrowserSession, name: string): Promise<OpenPage & { key: string }> => {
  const opened = await freshPage(session, '/lobby');
  return { ...opened, key: await register(opened.page, name) };
};

/** Creates a game from the lobby's form as `seat`; the game's id and what the page said. */
export const createGame = async (
  page: Page,
  ruleset: string,
  seat: string,
  visibility: 'public' | 'private' = 'public',
  /** Other choices of the form, by their words: "Time for each phase", "Takebacks". */
  choices: Readonly<Record<string, string>> = {},
): Promise<{ gameId: string; text: string }> => {
  await page.getByLabel('Ruleset').selectOption({ label: ruleset });
  await page.getByLabel('Your seat').selectOption(seat);
  await page.getByLabel('Who may see it').selectOption(visibility);
  for (const [label, option] of Object.entries(choices)) await page.getByLabel(label).selectOption({ label: option });
  await page.getByRole('button', { name: 'Create' }).click();
  const created = page.locator('#created');
  await created.filter({ hasText: 'Created' }).waitFor();
  const text = (await created.textContent()) ?? '';
  return { gameId: /game (g_\w+)/.exec(text)?.[1] ?? '', text };
};

/** Joins `gameId` from the open games of `ruleset`; the seat the page says was taken. */
export const joinGame = async (page: Page, ruleset: string, gameId: string): Promise<string> => {
  await page
    .getByRole('region', { name: ruleset })
    .getByRole('button', { name: `Join game ${gameId}` })
    .click();
  const joined = page.getByText(new RegExp(`^Joined game ${gameId} as (\\w+)\\.$`));
  await joined.waitFor();
  return /as (\w+)\.$/.exec((await joined.textContent()) ?? '')?.[1] ?? '';
};

/** Opens `gameId` at the table from "my games", at 1280×800; the page once it follows the game live. */
export const openAtTable = async (page: Page, gameId: string): Promise<Page> => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('link', { name: `Open game ${gameId} at the table` })
    .first()
    .click();
  await page.waitForURL(`**/?game=${gameId}`);
  await page
    .locator('#status')
    .filter({ hasText: `game ${gameId} (live)` })
    .waitFor();
  return page;
};
