/**
 * PBM-8: reads that wait for something new instead of being polled, and REL-23's bounds on
 * them: a wait that ends with its client, and a cap per key. Over HTTP against the local
 * runtime on the memory adapters; what twenty waits cost in DynamoDB Queries is measured on
 * DynamoDB Local (test/e2e/waiting.e2e.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { DEFAULT_WAIT_LIMITS } from '../../functions/games/app/waiting.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';

type EventsPage = { events: EventEnvelope[]; next: number | null };
type Inbox = { games: { gameId: string; version: number; awaiting: boolean }[]; next: number | null };

let runtime: MemoryRuntime;
let anon: Client;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  anon = new Client(runtime.url);
});
afterAll(() => runtime.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Post Galactica game with both seats taken, waiting for the roll-off's winner to choose. */
const startedGame = async (on = anon) => {
  const red = (await on.register('Ann')).client;
  const blue = (await on.register('Bob')).client;
  const created = await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
  expect(created.status).toBe(201);
  const gameId = created.body.gameId;
  const joined = await blue.post<{ events: EventEnvelope[] }>(`/games/${gameId}/join`, {});
  expect(joined.status).toBe(200);
  const rollOff = joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: 'red' | 'blue' };
  return { gameId, red, blue, winner: rollOff.winner === 'red' ? red : blue };
};

describe('PBM-8 waiting without polling', () => {
  it('PBM-8 a wait on /games/{id}/events answers with the new event as soon as another player commands', async () => {
    const { gameId, red, winner } = await startedGame();
    const log = await red.get<EventsPage>(`/games/${gameId}/events`);
    const seen = log.body.events.at(-1)?.seq ?? 0;
    expect(seen).toBeGreaterThan(0);

    const started = Date.now();
    const waiting = red.get<EventsPage>(`/games/${gameId}/events?after=${seen}&wait=10`).then((reply) => ({ reply, at: Date.now() }));
    await sleep(500);
    const id = commandId();
    const sentAt = Date.now();
    const chosen = await winner.post(`/games/${gameId}/commands`, { commandId: id, command: { type: 'ChooseFirstPlayer', seat: 'red' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    const { reply, at } = await waiting;
    expect(reply.status).toBe(200);
    expect(at).toBeGreaterThanOrEqual(sentAt);
    expect(at - started).toBeLessThan(10_000);
    expect(reply.body.events.length).toBeGreaterThan(0);
    expect(reply.body.events.every((e) => e.seq > seen)).toBe(true);
    expect(reply.body.events.some((e) => e.commandId === id)).toBe(true);
  });

  it('PBM-8 a wait with nothing new answers an empty page when it runs out; paging is unchanged', async () => {
    const { gameId, red } = await startedGame();
    const all = await red.get<EventsPage>(`/games/${gameId}/events`);
    const last = all.body.events.at(-1)?.seq ?? 0;
    const started = Date.now();
    const reply = await red.get<EventsPage>(`/games/${gameId}/events?after=${last}&wait=1`);
    const elapsed = Date.now() - started;
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ events: [], next: null });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(10_000);

    // With events there, a wait answers at once, paged as before.
    const page = await red.get<EventsPage>(`/games/${gameId}/events?after=0&limit=1&wait=10`);
    expect(page.status).toBe(200);
    expect(page.body.events.map((e) => e.seq)).toEqual([1]);
    expect(page.body.next).toBe(1);
  });

  it('PBM-8 a wait on a game that does not exist is a 404 at once', async () => {
    const { client } = await anon.register('Cy');
    for (const after of [0, 3]) {
      const started = Date.now();
      const reply = await client.get(`/games/g_nosuchgame/events?after=${after}&wait=10`);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('PBM-8 /me/games has an ETag and answers 304 to a matching If-None-Match', async () => {
    const { client } = await anon.register('Dee');
    const created = await client.post<{ gameId: string; version: number }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    expect(created.status).toBe(201);
    const inbox = await eventually(
      () => client.get<Inbox>('/me/games'),
      (r) => r.body.games.some((g) => g.gameId === created.body.gameId && g.version === created.body.version),
    );
    const etag = inbox.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await client.get('/me/games', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const other = await client.get<Inbox>('/me/games', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
  });

  it('PBM-8 /me/games?wait=5 with the current ETag answers 200 with a new ETag once the game changes', async () => {
    const red = (await anon.register('Eve')).client;
    const blue = (await anon.register('Fay')).client;
    const created = await red.post<{ gameId: string; version: number }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const inbox = await eventually(
      () => red.get<Inbox>('/me/games'),
      (r) => r.body.games.some((g) => g.gameId === gameId && g.version === created.body.version),
    );
    const etag = inbox.headers.get('etag') ?? '';

    const started = Date.now();
    const waiting = red.get<Inbox>('/me/games?wait=5', { 'if-none-match': etag }).then((reply) => ({ reply, at: Date.now() }));
    await sleep(500);
    const sentAt = Date.now();
    expect((await blue.post(`/games/${gameId}/join`, {})).status).toBe(200);

    const { reply, at } = await waiting;
    expect(reply.status).toBe(200);
    expect(at).toBeGreaterThanOrEqual(sentAt);
    expect(at - started).toBeLessThan(5_000 + 2_000);
    expect(reply.headers.get('etag')).toMatch(/^".+"$/);
    expect(reply.headers.get('etag')).not.toBe(etag);
    expect(reply.body.games.find((g) => g.gameId === gameId)?.version).toBeGreaterThan(created.body.version);
  });

  it('PBM-8 /me/games?wait with an ETag that stays current answers 304 when the wait runs out', async () => {
    const { client } = await anon.register('Gil');
    const first = await client.get<Inbox>('/me/games');
    const etag = first.headers.get('etag') ?? '';
    const started = Date.now();
    const reply = await client.get('/me/games?wait=1', { 'if-none-match': etag });
    expect(reply.status).toBe(304);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('PBM-8 a wait outside 0..20 seconds is a 400 problem', async () => {
    const { client } = await anon.register('Hal');
    for (const path of [
      '/me/games?wait=21',
      '/me/games?wait=-1',
      '/games/g_x/events?wait=21',
      '/games/g_x/events?wait=-1',
      '/me/games?wait=1.5',
    ]) {
      const reply = await client.get<{ status: number; detail: string }>(path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(reply.body.detail).toMatch(/wait/);
    }
  });
});

/** A wait sent with its own hang-up, as a client that gives up would; null when hung up (or cut off: the test then fails on it). */
const holdWait = (client: Client, path: string, headers: Record<string, string> = {}) => {
  const line = new AbortController();
  const answer = fetch(`${client.base}${path}`, { headers: { authorization: `Bearer ${client.apiKey}`, ...headers }, signal: line.signal })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as EventsPage }))
    .catch(() => null);
  return { answer, hangUp: () => line.abort() };
};

describe('REL-23 waits share one reader, end with their client, and are bounded per key', () => {
  const CAP = 4;
  let rel: MemoryRuntime;
  let relAnon: Client;
  const stats = async () => rel.deps.waits.stats();
  /**
   * The game store's reads of one game so far: a wait's reads of the log and of the last seq
   * go through the store's port, counted by game so that another game's stream work (a
   * consumer folding it) is never taken for a wait's read.
   */
  let spies: { readonly mock: { readonly calls: readonly (readonly unknown[])[] } }[] = [];
  const storeReads = (gameId: string) => spies.reduce((n, spy) => n + spy.mock.calls.filter(([game]) => game === gameId).length, 0);

  beforeAll(async () => {
    rel = await startServiceRuntime({ waits: { maxWaitsPerKey: CAP } });
    const store = rel.deps.store;
    spies = [vi.spyOn(store, 'lastSeq'), vi.spyOn(store, 'readAfter'), vi.spyOn(store, 'load'), vi.spyOn(store, 'loadAt')];
    relAnon = new Client(rel.url);
  });
  afterAll(() => rel.stop());

  it('REL-23 a wait whose client hangs up stops at once: its watcher goes and the store is read no more', async () => {
    const { gameId, red } = await startedGame(relAnon);
    const last = (await red.get<EventsPage>(`/games/${gameId}/events`)).body.events.at(-1)?.seq ?? 0;
    const wait = holdWait(red, `/games/${gameId}/events?after=${last}&wait=20`);
    const joined = await eventually(stats, (s) => s.waiters === 1);
    await eventually(stats, (s) => s.probes > joined.probes);
    // The count is real: the watcher's reads go through the spied store.
    expect(storeReads(gameId)).toBeGreaterThan(0);

    wait.hangUp();
    expect(await wait.answer).toBeNull();
    const gone = await eventually(stats, (s) => s.watchers === 0 && s.held === 0);
    await rel.stream.idle();
    const reads = storeReads(gameId);
    // Nothing to wait for: this is the span in which a wait left running would have read again.
    await sleep(3 * DEFAULT_WAIT_LIMITS.pollMaxMs);
    expect(storeReads(gameId)).toBe(reads);
    expect((await stats()).probes).toBe(gone.probes);
  }, 60_000);

  it('REL-23 a key holding its cap of waits gets a 429 problem with Retry-After for one more; plain reads and other keys go on', async () => {
    const { client } = await relAnon.register('Ivy');
    const etag = (await client.get('/me/games')).headers.get('etag') ?? '';
    const held = Array.from({ length: CAP }, () => holdWait(client, '/me/games?wait=20', { 'if-none-match': etag }));
    await eventually(stats, (s) => s.held === CAP);

    for (const path of ['/me/games?wait=20', '/games/g_nosuchgame/events?after=1&wait=5']) {
      const over = await client.get<{ type: string; status: number; detail: string; maxWaits: number }>(path, { 'if-none-match': etag });
      expect(over.status, path).toBe(429);
      expect(over.headers.get('content-type')).toBe('application/problem+json');
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 20, `Retry-After ${retryAfter}`).toBe(true);
      expect(over.body).toMatchObject({ type: 'https://arbiter.dev/problems/too-many-waits', status: 429, maxWaits: CAP });
      expect(over.body.detail).toContain(`already holds ${CAP} waiting requests`);
    }
    expect((await client.get('/me/games')).status).toBe(200);
    const other = (await relAnon.register('Jo')).client;
    expect((await other.get('/me/games?wait=1', { 'if-none-match': etag })).status).toBe(304);

    for (const w of held) w.hangUp();
    await eventually(stats, (s) => s.held === 0);
    expect((await client.get('/me/games?wait=1', { 'if-none-match': etag })).status).toBe(304);
  }, 60_000);
});
