/**
 * REL-27 through the real handler on the memory adapters: a `__proto__`, `constructor` or `prototype` key
 * anywhere in a body is an unknown field like any other (REL-4): a 400 naming it, with
 * nothing written. JSON.parse keeps such keys as fields, but a schema's record or a spread
 * drops `__proto__`, and `constructor` is found on every object, so they used to be lost.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, commandId, eventually } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let anon: Client;
let red: Client;
let blue: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  anon = api.anon;
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});

type Problem = { type: string; status: number; detail: string; errors?: { pointer: string; detail: string }[] };

/** The body as written: JSON.stringify would not write an own `__proto__` key. */
const raw = async (path: string, body: string, apiKey = red.apiKey) => {
  const response = await api.fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body,
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Problem };
};

const expectUnknown = (reply: Awaited<ReturnType<typeof raw>>, pointers: string[]) => {
  expect(reply.status).toBe(400);
  expect(reply.contentType).toBe('application/problem+json');
  expect(reply.body.type).toBe('https://arbiter.dev/problems/unknown-field');
  expect(reply.body.errors?.map((e) => e.pointer)).toEqual(pointers);
  expect(reply.body.detail).toMatch(
    /^The fields? .* not part of any request: no field is called __proto__, constructor or prototype; remove (it|them)\.$/,
  );
};

describe('REL-27 prototype keys are unknown fields', () => {
  it('REL-27 __proto__ or constructor in a game’s rules options is a 400 naming it, and no game is made', async () => {
    const before = (await red.get<{ games: unknown[] }>('/me/games')).body.games.length;
    expectUnknown(await raw('/games', '{"ruleset":"post-galactica","seat":"red","options":{"rules":{"__proto__":{"polluted":1}}}}'), [
      '/options/rules/__proto__',
    ]);
    expectUnknown(await raw('/games', '{"ruleset":"post-galactica","seat":"red","options":{"rules":{"constructor":{"a":1}}}}'), [
      '/options/rules/constructor',
    ]);
    expectUnknown(await raw('/games', '{"ruleset":"gsc2","seat":"red","options":{"rules":{"designs":{"prototype":{}}}}}'), [
      '/options/rules/designs/prototype',
    ]);
    expectUnknown(await raw('/games', '{"ruleset":"post-galactica","__proto__":{"seat":"red"},"constructor":1}'), [
      '/__proto__',
      '/constructor',
    ]);
    // A proper creation right after lists exactly one game more: the refusals made none.
    expect((await red.post('/games', { ruleset: 'post-galactica', seat: 'red' })).status).toBe(201);
    const listed = await eventually(
      () => red.get<{ games: unknown[] }>('/me/games'),
      (reply) => reply.body.games.length > before,
    );
    expect(listed.body.games).toHaveLength(before + 1);
  });

  it('REL-27 a name, a join and a command with a prototype key are 400s naming it', async () => {
    expectUnknown(await raw('/players', '{"name":{"__proto__":"x"}}', ''), ['/name/__proto__']);
    expectUnknown(await raw('/players', '{"name":"Cy","__proto__":{"admin":true}}', ''), ['/__proto__']);
    const created = await red.post<{ gameId: string; version: number }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    const gameId = created.body.gameId;
    expectUnknown(await raw(`/games/${gameId}/join`, '{"constructor":{"seat":"blue"}}', blue.apiKey), ['/constructor']);
    expectUnknown(
      await raw(`/games/${gameId}/commands`, `{"commandId":"${commandId()}","command":{"type":"Concede","__proto__":{"seat":"blue"}}}`),
      ['/command/__proto__'],
    );
    const log = await red.get<{ events: unknown[] }>(`/games/${gameId}/events`);
    expect(log.body.events).toHaveLength(created.body.version);
  });
});
