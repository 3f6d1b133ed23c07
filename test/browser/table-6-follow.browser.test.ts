/**
 * TABLE-6 in a real Chromium against the memory runtime: the page follows a live game as it
 * moves. Blue watches a Post Galactica game with its own key while red, over HTTP, ends its
 * phases: the board's event counter, the events list and the verdict (made again on each newer
 * export, so its state check passes on the log the page now has) go to the newest event; a
 * viewer who has stepped back stays where they are, with a control that counts the new events
 * and goes to the newest. "Your turn" shows while the game awaits blue and goes once blue has
 * ended its turn; red's concession ends the game, and the verdict on the whole log then passes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession } from '../support/browser-session.ts';
import { postGalacticaGame } from '../support/games.ts';
import { Client, commandId } from '../support/http.ts';

const session = browserSession();

/** What a watcher reads on the page, as one value to poll. */
interface Seen {
  readonly position: string;
  readonly lines: number;
  readonly current: string | null;
  readonly verdict: string;
  readonly outcome: string | null;
  readonly state: string | null;
  readonly newer: string | null;
  readonly turn: string | null;
}

/** A string, as the other browser tests pass code that needs the page's own globals. */
const SEEN = `(() => {
  const shown = (id) => { const el = document.getElementById(id); return el.classList.contains('hidden') ? null : el.textContent; };
  return {
    position: document.getElementById('position').textContent,
    lines: document.querySelectorAll('#events li').length,
    current: document.querySelector('#events li[aria-current]')?.dataset.seq ?? null,
    verdict: document.getElementById('verdict').textContent,
    outcome: document.getElementById('verdict').dataset.verdict ?? null,
    state: document.querySelector('#checks li[data-check="state"]')?.className ?? null,
    newer: shown('newer'),
    turn: shown('your-turn'),
  };
})()`;

const seen = (page: Page): Promise<Seen> => page.evaluate(SEEN) as Promise<Seen>;

/** What the page shows, polled until it matches: the long-poll answers within milliseconds here, a loaded machine takes longer. */
const shows = (page: Page) => expect.poll(() => seen(page), { timeout: 10_000 });

/** The page at the newest of `total` events, its verdict made on that log (pending: the seed comes at the end). */
const atNewest = (total: number): Partial<Seen> => ({
  position: `event ${total} of ${total}`,
  lines: total,
  current: String(total),
  verdict: `Nothing failed; 2 check(s) wait for the seed, revealed when the game ends (the log so far, ${total} events).`,
  outcome: 'pending',
  state: 'pass',
  newer: null,
});

interface View {
  readonly version: number;
  readonly awaiting: readonly string[];
}

describe('TABLE-6 the page follows the game', () => {
  it('TABLE-6 board, events and verdict follow to the newest event unless the viewer stepped back; "your turn" shows while the game awaits the seat', async () => {
    const anon = new Client(session.url);
    const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
    const { gameId, version } = await postGalacticaGame(ann.client, bob.client, {});
    let total = version;
    /** Sends `command` as `player` and gives back the game's version after it. */
    const act = async (player: Client, command: object): Promise<number> => {
      const reply = await player.post<{ version: number }>(`/games/${gameId}/commands`, { commandId: commandId(), command });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      total = reply.body.version;
      return total;
    };
    const awaited = async (): Promise<readonly string[]> =>
      (await ann.client.get<View>(`/games/${gameId}?minVersion=${total}`)).body.awaiting;

    const { page, errors, strays } = await session.open();
    await page.fill('#game-id', gameId);
    await page.fill('#api-key', bob.client.apiKey as string);
    await page.click('#live button[type=submit]');
    // The verdict first says which log it checked: the one there was when blue started watching.
    await shows(page).toMatchObject({
      position: `event ${version} of ${version}`,
      lines: version,
      verdict: `Nothing failed; 2 check(s) wait for the seed, revealed when the game ends (the log as it was when you started watching, ${version} events).`,
      turn: null,
    });
    // The play panel has read the seat's view: red is awaited, not blue.
    await page.waitForSelector(`#play[data-version="${version}"]`, { state: 'attached' });
    expect((await seen(page)).turn).toBeNull();

    // Red ends a phase: the page goes to the newest event, and the verdict is on that log.
    await act(ann.client, { type: 'EndPhase' });
    await shows(page).toMatchObject(atNewest(total));

    // Stepped back one event, the viewer stays there as red plays on; the list and the verdict
    // hold the newer log, and a control counts what arrived and offers the newest.
    const back = total - 1;
    await page.click('#prev');
    expect((await seen(page)).position).toBe(`event ${back} of ${total}`);
    const before = total;
    await act(ann.client, { type: 'EndPhase' });
    const arrived = total - before;
    expect(arrived).toBeGreaterThan(0);
    await shows(page).toMatchObject({
      ...atNewest(total),
      position: `event ${back} of ${total}`,
      current: String(back),
      newer: `${arrived} new event${arrived === 1 ? '' : 's'}: go to the newest (event ${total})`,
    });
    await page.click('#newer');
    expect(await seen(page)).toMatchObject(atNewest(total));
    expect(await page.evaluate('document.activeElement.dataset.seq')).toBe(String(total));

    // Red ends the rest of its turn: "your turn" shows once the game awaits blue.
    while (!(await awaited()).includes('blue')) await act(ann.client, { type: 'EndPhase' });
    await shows(page).toMatchObject({ ...atNewest(total), turn: 'Your turn (blue, command)' });
    expect(await page.title()).toBe('Your turn (blue, command) · Arbiter: replay and verify a game');

    // Blue ends its turn; once the game awaits red again, "your turn" is gone.
    while ((await awaited()).includes('blue')) await act(bob.client, { type: 'EndPhase' });
    await shows(page).toMatchObject({ ...atNewest(total), turn: null });
    expect(await page.title()).toBe('Arbiter: replay and verify a game');

    // Red concedes: the game ends, its log is whole with the seed, and the verdict on it passes.
    await act(ann.client, { type: 'Concede' });
    await shows(page).toMatchObject({
      position: `event ${total} of ${total}`,
      lines: total,
      current: String(total),
      verdict: `The log holds: every check passed (the log so far, ${total} events).`,
      outcome: 'pass',
      turn: null,
    });
    expect(errors).toEqual([]);
    expect(strays).toEqual([]);
  }, 30_000);
});
