/**
 * CLUB-7 in a real Chromium: the tournament page (`/tournament?id=…`) of a Swiss of 5 and of a
 * single elimination of 4, each played through the API to its end (blue concedes every game),
 * shows what the public routes answer: the standings in order with their points and games, every
 * round's tables and results, the bye, and the bracket. With no key: the page reads public routes;
 * a private club's tournament takes a member's key, given in the page (CLUB-1).
 * What each picture says of other data is tested without a browser in
 * test/unit/tournament-page.unit.test.ts.
 */

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotsDir } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';
import { Client, commandId, eventually } from '../support/http.ts';

const session = browserSession();
/** VIEW-17: `npm run screenshots` puts the knockout's page in docs/screenshots for docs/tournaments.md. */
const shots = screenshotsDir();

interface Pairing {
  table: number;
  red: string;
  blue: string;
  gameId: string;
}
interface Round {
  round: number;
  pairings: Pairing[];
  bye: string | null;
  results: { table: number; winner: 'red' | 'blue' | null }[];
}
interface Standings {
  final: boolean;
  rows: { rank: number; playerId: string; points: number; games: string[] }[];
}

let organiser: Client;
const players = new Map<string, { client: Client; name: string }>();

beforeAll(async () => {
  const anon = new Client(session.url);
  organiser = (await anon.register('Olga')).client;
  const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'];
  const registered = await Promise.all(names.map((n) => anon.register(n)));
  for (const [i, { client, playerId }] of registered.entries()) players.set(playerId, { client, name: names[i] as string });
});

/** A tournament of `who`, played to its end through the API: each round's blue concedes, so red wins. */
const play = async (
  body: Record<string, unknown>,
  who: readonly string[],
): Promise<{ id: string; rounds: Round[]; standings: Standings }> => {
  const id = (
    await organiser.post<{ tournamentId: string }>('/tournaments', { commandId: commandId(), ruleset: 'post-galactica', ...body })
  ).body.tournamentId;
  for (const p of who)
    await players.get(p)?.client.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
  await organiser.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } });
  const anon = new Client(session.url);
  const readRounds = async () => (await anon.get<{ rounds: Round[] }>(`/tournaments/${id}/rounds`)).body.rounds;
  for (let played = 0; ; ) {
    const status = (await anon.get<{ status: string; round: number }>(`/tournaments/${id}`)).body;
    if (status.status === 'ended') break;
    const round = (await eventually(readRounds, (rs) => (rs.at(-1)?.round ?? 0) > played)).at(-1) as Round;
    for (const p of round.pairings)
      await players.get(p.blue)?.client.post(`/games/${p.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    played = round.round;
    await eventually(
      async () => (await anon.get<{ status: string; round: number }>(`/tournaments/${id}`)).body,
      (t) => t.status === 'ended' || t.round > played,
    );
  }
  return { id, rounds: await readRounds(), standings: (await anon.get<Standings>(`/tournaments/${id}/standings`)).body };
};

const nameOf = (id: string) => players.get(id)?.name ?? id;

describe('CLUB-7 the tournament page in Chromium', () => {
  it.concurrent('CLUB-7 a Swiss of 5: the standings as the route ranks them, each game linked to the viewer; every round with its tables, results and bye', async () => {
    const { id, rounds, standings } = await play({ name: 'Autumn <Swiss>', format: 'swiss', rounds: 2 }, [...players.keys()]);
    expect(standings.final).toBe(true);
    const { page, errors, strays } = await session.open(`/tournament?id=${id}`);
    await page.waitForSelector('body[data-loaded]');
    expect(await page.textContent('#title')).toBe('Autumn <Swiss>');
    expect(await page.title()).toBe('Autumn <Swiss>: Arbiter tournament');
    const shown = await page.$$eval('#standings tbody tr', (rows) =>
      rows.map((r) => ({
        player: r.getAttribute('data-player'),
        cells: [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent),
        games: [...r.querySelectorAll('td.games a')].map((a) => a.getAttribute('href')),
      })),
    );
    expect(shown).toEqual(
      standings.rows.map((r) => ({
        player: r.playerId,
        cells: [String(r.rank), nameOf(r.playerId), String(r.points)],
        games: r.games.map((g) => `/?game=${g}`),
      })),
    );
    // Every round, the latest first: each table's players, game and result; round 1's bye.
    const tables = await page.$$eval('#rounds section.round', (sections) =>
      sections.map((s) => ({
        round: Number(s.getAttribute('data-round')),
        rows: [...s.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
        bye: s.querySelector('.bye')?.textContent ?? null,
      })),
    );
    expect(tables).toEqual(
      [...rounds].reverse().map((r) => ({
        round: r.round,
        rows: r.pairings.map((p) => [String(p.table), nameOf(p.red), nameOf(p.blue), p.gameId, `${nameOf(p.red)} (red) won`]),
        bye: r.bye === null ? null : `Bye: ${nameOf(r.bye)} (1 point)`,
      })),
    );
    expect(await page.isHidden('#bracket-section')).toBe(true);
    expect(await page.textContent('#seed')).toMatch(/^Seed, revealed: [0-9a-f]{64}\./);

    // A game's link opens the viewer with that game's id filled in.
    const first = rounds[0]?.pairings[0]?.gameId as string;
    await page.click(`#rounds a[href="/?game=${first}"]`);
    // The viewer's module fills the field once the document is parsed: the field exists a moment before it holds the id.
    await page.waitForURL(`**/?game=${first}`);
    await page.waitForFunction("document.querySelector('#game-id')?.value !== ''", undefined, { timeout: 10_000 });
    expect(await page.inputValue('#game-id')).toBe(first);
    expect([errors, strays]).toEqual([[], []]);
  });

  it.concurrent('CLUB-7 a single elimination of 4: the bracket shows both semi-finals and the final, each winner marked as the rounds route records', async () => {
    const four = [...players.keys()].slice(0, 4);
    const { id, rounds, standings } = await play({ name: 'Knockout', format: 'single-elimination' }, four);
    const { page, errors } = await session.open(`/tournament?id=${id}`);
    await page.waitForSelector('body[data-loaded]');
    expect(await page.isVisible('#bracket svg')).toBe(true);
    const matches = await page.$$eval('#bracket g.match', (gs) =>
      gs.map((g) => ({
        round: Number(g.getAttribute('data-round')),
        names: [...g.querySelectorAll('text')].map((t) => t.textContent),
        winner: g.getAttribute('data-winner'),
        href: g.querySelector('a')?.getAttribute('href') ?? null,
      })),
    );
    expect(matches).toEqual(
      rounds.flatMap((r) =>
        r.pairings.map((p) => ({ round: r.round, names: [nameOf(p.red), nameOf(p.blue)], winner: p.red, href: `/?game=${p.gameId}` })),
      ),
    );
    // The champion heads the standings, on the page as in the route.
    const champion = rounds[1]?.pairings[0]?.red;
    expect(standings.rows[0]?.playerId).toBe(champion);
    expect(await page.getAttribute('#standings tbody tr:first-child', 'data-player')).toBe(champion);
    expect(await page.textContent('#summary')).toBe('Single elimination · post-galactica · round 2 of 2 · ended · 4 players');
    expect(errors).toEqual([]);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.screenshot({ path: join(shots, 'tournament-knockout.png'), fullPage: true });
  });

  it.concurrent("CLUB-1 CLUB-7 a private club's tournament shows a stranger what an unknown one does; a member's key, given in the page, shows it", async () => {
    const [annId, bobId] = [...players.keys()];
    const ann = players.get(annId as string)?.client as Client;
    const club = (await organiser.post<{ clubId: string; inviteCode: string }>('/clubs', { name: 'Back Room', visibility: 'private' }))
      .body;
    await ann.post(`/clubs/${club.clubId}/join`, { inviteCode: club.inviteCode });
    const id = (
      await organiser.post<{ tournamentId: string }>('/tournaments', {
        name: 'Closed Cup',
        format: 'round-robin',
        ruleset: 'post-galactica',
        clubId: club.clubId,
      })
    ).body.tournamentId;
    await ann.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
    const { page, errors } = await session.open(`/tournament?id=${id}`);
    await page.waitForSelector('#key-form:not([hidden])');
    const hidden = await page.textContent('#status');
    await page.goto(`${session.url}/tournament?id=t_00000000000000000000`);
    await page.waitForSelector('#key-form:not([hidden])');
    const unknown = await page.textContent('#status');
    expect(hidden?.replaceAll(id, 'X')).toBe(unknown?.replaceAll('t_00000000000000000000', 'X'));
    expect(hidden).toMatch(/^Tournament t_[0-9a-f]{20}: There is no tournament/);
    // Bob's key is no member's: still nothing. Ann's is: the page shows the tournament, and the key is in no URL.
    await page.goto(`${session.url}/tournament?id=${id}`);
    await page.waitForSelector('#key-form:not([hidden])');
    await page.fill('#api-key', players.get(bobId as string)?.client.apiKey as string);
    await page.click('#key-form button');
    // The click sets the status to Loading…, so this waits for the keyed reads' answer.
    await page.waitForSelector('#status:has-text("There is no tournament")');
    expect(await page.textContent('#status')).toBe(hidden);
    expect(await page.isVisible('body[data-loaded]')).toBe(false);
    await page.fill('#api-key', ann.apiKey as string);
    await page.click('#key-form button');
    await page.waitForSelector('body[data-loaded]');
    expect(await page.textContent('#title')).toBe('Closed Cup');
    expect(await page.isHidden('#key-form')).toBe(true);
    expect(await page.textContent('#summary')).toBe('Round robin · post-galactica · not started · open to join · 1 players');
    expect(page.url()).toBe(`${session.url}/tournament?id=${id}`);
    // The 404s are answers the page reads, not script errors.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('CLUB-7 a page without an id, or of an unknown tournament, says so', async () => {
    const { page } = await session.open('/tournament?id=t_nosuchtournament');
    await page.waitForSelector('#status:has-text("Tournament t_nosuchtournament: ")');
    expect(await page.textContent('#status')).toMatch(/^Tournament t_nosuchtournament: .*t_nosuchtournament/);
    await page.goto(`${session.url}/tournament`);
    expect(await page.textContent('#status')).toBe('Which tournament? Open this page as /tournament?id=t_….');
  });
});
