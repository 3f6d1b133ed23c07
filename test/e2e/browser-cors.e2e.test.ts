/**
 * API-5 in a real browser: a page served from another origin plays a Post Galactica turn
 * against `npm start` with fetch (JSON bodies and the bearer key, so every call is
 * preflighted), reading each answer's status, JSON and exposed headers in the page; and a
 * page from an origin not in --cors-origins cannot call it at all. npm start uses fresh tables
 * of its own on the storage tier's DynamoDB Local: its --cors-origins is the subject here, not
 * its JVM (test/e2e/npm-start.e2e.test.ts starts that).
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callInPage,
  type NpmStart,
  type OpenPage,
  openPage,
  type PageServer,
  servePage,
  startNpmStartAndBrowser,
} from '../support/browser.ts';

/** A web table in miniature: the page's own script talks to the API; the test only reads what it reports. */
const TABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A table for Arbiter</title></head>
<body><pre id="log"></pre>
<script>
const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };

async function call(api, method, path, key, body) {
  const headers = {};
  if (key) headers.authorization = 'Bearer ' + key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const answer = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    body: text ? JSON.parse(text) : null,
  };
  log(method + ' ' + path + ' -> ' + answer.status);
  return answer;
}

let sequence = 0;
const command = (api, key, gameId, command) =>
  call(api, 'POST', '/games/' + gameId + '/commands', key, { commandId: 'page-' + String(++sequence).padStart(4, '0'), command });

/** Two players, a Post Galactica match, the roll-off winner puts red first, red plays its whole first turn. */
async function playTurn(api) {
  const ann = await call(api, 'POST', '/players', null, { name: 'Ann' });
  const bob = await call(api, 'POST', '/players', null, { name: 'Bob' });
  const keys = { red: ann.body.apiKey, blue: bob.body.apiKey };
  const created = await call(api, 'POST', '/games', keys.red, { ruleset: 'post-galactica', seat: 'red' });
  const gameId = created.body.gameId;
  const joined = await call(api, 'POST', '/games/' + gameId + '/join', keys.blue, {});
  const winner = joined.body.events.find((e) => e.type === 'RolledOff').data.winner;
  const chosen = await command(api, keys[winner], gameId, { type: 'ChooseFirstPlayer', seat: 'red' });
  const turn = [];
  for (let i = 0; i < 12; i += 1) {
    const ended = await command(api, keys.red, gameId, { type: 'EndPhase' });
    turn.push({ status: ended.status, version: ended.body.version, events: ended.body.events.map((e) => ({ type: e.type, data: e.data })) });
    if (ended.status !== 200 || ended.body.events.some((e) => e.type === 'TurnStarted')) break;
  }
  const outOfTurn = await command(api, keys.red, gameId, { type: 'EndPhase' });
  const view = await call(api, 'GET', '/games/' + gameId + '?minVersion=' + turn[turn.length - 1].version, keys.blue);
  return {
    registered: [ann.status, bob.status],
    created: { status: created.status, gameId },
    joined: { status: joined.status, version: joined.body.version, winner },
    chosen: { status: chosen.status, version: chosen.body.version, types: chosen.body.events.map((e) => e.type) },
    turn,
    outOfTurn: { status: outOfTurn.status, contentType: outOfTurn.contentType, rule: outOfTurn.body.rule, code: outOfTurn.body.code },
    view: { status: view.status, etag: view.etag, version: view.body.version, state: view.body.status, awaiting: view.body.awaiting, seats: view.body.seats.map((s) => s.playerName) },
  };
}

/** What the page gets from one call: the answer's status, or the error fetch rejected with. */
async function tryCall(api, method, path, body) {
  try {
    return { status: (await call(api, method, path, null, body)).status };
  } catch (error) {
    return { error: error.name, message: error.message };
  }
}
</script></body></html>`;

interface TurnReport {
  registered: number[];
  created: { status: number; gameId: string };
  joined: { status: number; version: number; winner: string };
  chosen: { status: number; version: number; types: string[] };
  turn: { status: number; version: number; events: { type: string; data: Record<string, unknown> }[] }[];
  outOfTurn: { status: number; contentType: string | null; rule: string; code: string };
  view: { status: number; etag: string | null; version: number; state: string; awaiting: string[]; seats: string[] };
}
type Attempt = { status: number } | { error: string; message: string };

let browser: Browser;
let allowedSite: PageServer;
let otherSite: PageServer;
let arbiter: NpmStart;
const pages: OpenPage[] = [];

beforeAll(async () => {
  [allowedSite, otherSite] = await Promise.all([servePage(TABLE_PAGE), servePage(TABLE_PAGE)]);
  // Only the table's origin: the default (any port on this machine) would let the other page in too.
  ({ arbiter, browser } = await startNpmStartAndBrowser(['--cors-origins', allowedSite.origin], {
    ARBITER_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    ARBITER_TABLE_PREFIX: `cors${randomBytes(4).toString('hex')}-`,
  }));
}, 120_000);

afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
  await browser?.close();
  await Promise.all([arbiter?.stop(), allowedSite?.close(), otherSite?.close()]);
}, 60_000);

const open = async (site: PageServer): Promise<OpenPage> => {
  const opened = await openPage(browser, `${site.origin}/`);
  pages.push(opened);
  return opened;
};

describe('API-5 CORS in a browser', () => {
  it('API-5 a browser page on another origin plays a turn against npm start: preflighted JSON commands with the bearer key, answers and problems read in the page', async () => {
    expect(new URL(arbiter.url).origin).not.toBe(allowedSite.origin);
    expect(arbiter.output()).toContain(`browser pages may call it from ${allowedSite.origin}`);
    const { page, strays } = await open(allowedSite);

    const report = await callInPage<TurnReport>(page, 'playTurn', arbiter.url);

    expect(report.registered).toEqual([201, 201]);
    expect(report.created.status).toBe(201);
    expect(report.created.gameId).toMatch(/^g_[0-9a-f]+$/);
    expect(report.joined.status).toBe(200);
    expect(['red', 'blue']).toContain(report.joined.winner);
    expect(report.chosen.status).toBe(200);
    expect(report.chosen.types).toEqual(['FirstPlayerChosen', 'TurnStarted', 'PhaseStarted']);
    expect(report.chosen.version).toBeGreaterThan(report.joined.version);

    // Red ends each phase of its turn, one accepted command and one version at a time, until blue's turn starts.
    expect(report.turn.map((t) => t.status)).toEqual(report.turn.map(() => 200));
    expect(report.turn.map((t, i) => t.version - (report.turn[i - 1]?.version ?? report.chosen.version))).toEqual(
      report.turn.map((t) => t.events.length),
    );
    expect(report.turn.slice(0, -1).map((t) => t.events.map((e) => e.data))).toEqual(
      ['resource', 'movement', 'action', 'ranged', 'melee', 'status', 'end'].map((phase) => [{ phase, seat: 'red' }]),
    );
    expect(report.turn.at(-1)?.events).toEqual([
      { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } },
      { type: 'PhaseStarted', data: { phase: 'command', seat: 'blue' } },
    ]);

    // A problem is readable cross-origin too: red again, out of turn.
    expect(report.outOfTurn).toEqual({ status: 403, contentType: 'application/problem+json', rule: 'PG-4', code: 'NOT_YOUR_TURN' });

    // Blue's view of the game at least as new as red's last command, with the ETag the API exposes to pages.
    const lastVersion = report.turn.at(-1)?.version;
    expect(report.view).toMatchObject({ status: 200, version: lastVersion, state: 'playing', awaiting: ['blue'], seats: ['Ann', 'Bob'] });
    expect(report.view.etag).toMatch(/^(W\/)?"[^"]+"$/);

    expect(await page.locator('#log').textContent()).toContain(`POST /games/${report.created.gameId}/commands -> 200`);
    expect(strays).toEqual([]);
  }, 90_000);

  it('API-5 a page from an origin not in --cors-origins cannot call npm start: the browser rejects its fetches with a TypeError', async () => {
    const { page, strays } = await open(otherSite);
    // A JSON POST needs a preflight, which is refused; a plain GET is sent, but its answer carries no allow-origin.
    for (const [method, path, body] of [
      ['POST', '/players', { name: 'Eve' }],
      ['GET', '/rulesets', undefined],
    ] as const) {
      const attempt = await callInPage<Attempt>(page, 'tryCall', arbiter.url, method, path, body);
      expect(attempt, `${method} ${path}`).toMatchObject({ error: 'TypeError', message: 'Failed to fetch' });
    }

    // The same call from the allowed origin is answered: what is refused is the origin, not the call.
    const allowed = await open(allowedSite);
    expect(await callInPage<Attempt>(allowed.page, 'tryCall', arbiter.url, 'GET', '/rulesets')).toEqual({ status: 200 });
    expect(strays).toEqual([]);
  });
});
