/**
 * A live game the browser tests play from the page (TABLE-1, TABLE-4): two registered players
 * seated over HTTP, what each may read and send, and a page that follows the game with a seat's
 * key until its play panel offers a given version.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { EXAMPLE_DEPLOYMENT } from '../../domain/post-galactica/examples.ts';
import type { BrowserSession } from './browser-session.ts';
import { Client, commandId } from './http.ts';

/** A seat's view of the game, as far as these tests read it. */
export interface TableView {
  version: number;
  status: string;
  awaiting: string[];
  step: { phase: string } | null;
  game: Record<string, unknown> | null;
}

/** A game between Ann (the first seat) and Bob, both seated. */
export interface Table {
  readonly gameId: string;
  /** The game's version once Bob joined. */
  readonly version: number;
  readonly seats: Readonly<Record<string, Client>>;
  /** `seat`'s view at `version` or later. */
  view(seat: string, version: number): Promise<TableView>;
  /** `seat` sends `command`; the game's version after it. */
  send(seat: string, command: object): Promise<number>;
}

export const seatedTable = async (url: string, ruleset: string, seats: [string, string], options: object): Promise<Table> => {
  const anon = new Client(url);
  const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
  const created = await ann.client.post<{ gameId: string }>('/games', { ruleset, seat: seats[0], options });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { gameId } = created.body;
  const joined = await bob.client.post<{ version: number }>(`/games/${gameId}/join`, {});
  expect(joined.status).toBe(200);
  return tableOf(gameId, joined.body.version, { [seats[0]]: ann.client, [seats[1]]: bob.client });
};

/** A game whose seats are taken, read and driven over HTTP with each seat's client (its key). */
export const tableOf = (gameId: string, version: number, clients: Readonly<Record<string, Client>>): Table => {
  const client = (seat: string) => clients[seat] as Client;
  return {
    gameId,
    version,
    seats: clients,
    view: async (seat, at) => (await client(seat).get<TableView>(`/games/${gameId}?minVersion=${at}`)).body,
    send: async (seat, command) => {
      const answer = await client(seat).post<{ version: number }>(`/games/${gameId}/commands`, { commandId: commandId(), command });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.version;
    },
  };
};

/** A page following `game` with `seat`'s key, at `viewport`, once its play panel offers the view at `version`. */
export const followTable = async (
  session: BrowserSession,
  game: Table,
  seat: string,
  version: number,
  viewport = { width: 1280, height: 800 },
  /** Wait for the panel's form too: false for a seat that may send nothing yet. */
  withForm = true,
): Promise<Page> => {
  const { page } = await session.open('/');
  await page.setViewportSize(viewport);
  await page.fill('#game-id', game.gameId);
  await page.fill('#api-key', game.seats[seat]?.apiKey as string);
  await page.click('#live button[type=submit]');
  await page.waitForSelector(`#play[data-version="${version}"]`, { state: 'attached' });
  if (withForm) await page.waitForSelector('#play form:not(.hidden)');
  return page;
};

/** What a seat deploys when the game asks it to: the example's automatic deployment unless told. */
export type Deployment = (seat: string) => object;
const AUTO: Deployment = () => ({ type: 'Deploy', units: [], auto: true });

/** The example armies' deployment (domain/post-galactica/examples.ts), with the units `at` placed where it says. */
export const deployedAt =
  (at: readonly { unitId: string; x: number; y: number }[]): Deployment =>
  (seat) => ({
    type: 'Deploy',
    units: (EXAMPLE_DEPLOYMENT[seat as keyof typeof EXAMPLE_DEPLOYMENT] ?? []).map((d) => at.find((a) => a.unitId === d.unitId) ?? d),
  });

/**
 * Post Galactica from its first step to `phase`: each awaited seat deploys (`deploy`) or ends its
 * phase, in turn. The view of `seat` there.
 */
export const playTo = async (game: Table, phase: string, deploy: Deployment = AUTO, seat = 'red'): Promise<TableView> => {
  let view = await game.view(seat, game.version);
  for (let sends = 0; view.step?.phase !== phase; sends += 1) {
    expect(sends, `the game never reached the ${phase} phase`).toBeLessThan(12);
    const acting = view.awaiting[0] as string;
    view = await game.view(seat, await game.send(acting, view.step?.phase === 'deployment' ? deploy(acting) : { type: 'EndPhase' }));
  }
  return view;
};

/** Post Galactica with the example armies, red first, deployed automatically: the game and red's view at its first Movement Phase. */
export const exampleAtMovement = async (url: string): Promise<{ game: Table; view: TableView }> => {
  const game = await seatedTable(url, 'post-galactica', ['red', 'blue'], { firstPlayer: 'red', rules: { scenario: 'example' } });
  return { game, view: await playTo(game, 'movement') };
};

/** Sol'una's example mission, sun first: the awaited seat's page with SubmitActions chosen and one action row added. */
export const solunaActionRow = async (session: BrowserSession): Promise<Page> => {
  const game = await seatedTable(session.url, 'soluna', ['sun', 'moon'], { firstPlayer: 'sun' });
  const view = await game.view('sun', game.version);
  const page = await followTable(session, game, view.awaiting[0] as string, view.version);
  await page.selectOption('#play select[name="command"]', 'SubmitActions');
  await page.click('#play fieldset.list > button.add');
  return page;
};
