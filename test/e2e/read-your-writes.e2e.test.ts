/**
 * API-6: a client that got version N from its command never reads an older game; every
 * GET has an ETag and answers a matching If-None-Match with 304. The local runtime reads the
 * stream right after its own writes, so its read model follows without waiting for a poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';

let runtime: Runtime;
let red: Client;
let blue: Client;

beforeAll(async () => {
  // A poller that effectively never runs, and no read after a write: the read model stays behind every write.
  runtime = await startTestRuntime({ pollIntervalMs: 3_600_000, readStreamOnWrite: false });
  const anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

describe('API-6 read your own writes', () => {
  it('API-6 with minVersion, GET /games/{id} answers from the event store when the read model is behind', async () => {
    const created = await red.post<{ gameId: string; version: number }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red' },
    });
    const gameId = created.body.gameId;
    const joined = await blue.post<{ version: number }>(`/games/${gameId}/join`, {});
    const ended = await red.post<{ version: number }>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'EndPhase' },
    });
    expect(ended.status).toBe(200);
    expect(ended.body.version).toBeGreaterThan(joined.body.version);

    const fresh = await red.get<{ version: number; step: { key: string } }>(`/games/${gameId}?minVersion=${ended.body.version}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.version).toBe(ended.body.version);
    expect(fresh.body.step.key).toBe('t1-resource');
    const bad = await red.get<{ errors: { pointer: string }[] }>(`/games/${gameId}?minVersion=soon`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.pointer).toBe('/minVersion');
  });

  it('API-6 every GET has an ETag and answers 304 to a matching If-None-Match', async () => {
    const gameId = (await red.post<{ gameId: string }>('/games', { ruleset: 'soluna', seat: 'sun' })).body.gameId;
    const routes = [
      '/openapi.json',
      '/rulesets',
      '/rulesets/gsc2',
      `/games/${gameId}?minVersion=1`,
      `/games/${gameId}/events`,
      `/games/${gameId}/state?at=1`,
      '/me/games',
      '/me/webhooks',
    ];
    for (const route of routes) {
      const first = await fetch(`${runtime.url}${route}`, { headers: { authorization: `Bearer ${red.apiKey}` } });
      await first.arrayBuffer();
      const etag = first.headers.get('etag') ?? '';
      expect([route, first.status, etag]).toEqual([route, 200, expect.stringMatching(/^"[0-9a-f]{32}"$/)]);
      const again = await red.get(route, { 'if-none-match': etag });
      expect([route, again.status]).toEqual([route, 304]);
    }
    const log = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${red.apiKey}` } });
    const etag = log.headers.get('etag') ?? '';
    await log.text();
    const unchanged = await fetch(`${runtime.url}/games/${gameId}/log`, {
      headers: { authorization: `Bearer ${red.apiKey}`, 'if-none-match': etag },
    });
    expect([etag.length, unchanged.status]).toEqual([34, 304]);
  });
});

describe('API-6 the local runtime reads the stream right after its own writes', () => {
  it('API-6 with an hour between polls, a command still reaches the read model: the write itself has the stream read', async () => {
    // The same runtime, reading the stream after each write (the default): its interval never comes.
    const nudged = await startTestRuntime({ pollIntervalMs: 3_600_000 });
    try {
      const ann = (await new Client(nudged.url).register('Ann')).client;
      const created = await ann.post<{ gameId: string; version: number }>('/games', { ruleset: 'soluna', seat: 'sun' });
      expect(created.status).toBe(201);
      // Only the projector, fed by the stream, writes a player's list of games.
      const mine = await eventually(
        () => ann.get<{ games: { gameId: string }[] }>('/me/games'),
        (reply) => reply.status === 200 && reply.body.games.some((g) => g.gameId === created.body.gameId),
      );
      expect(mine.body.games.map((g) => g.gameId)).toContain(created.body.gameId);
      expect(nudged.poller.delivered.get('projector')).toBe(created.body.version);
    } finally {
      await nudged.stop();
    }
  });
});
