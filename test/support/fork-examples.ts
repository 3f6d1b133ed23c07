/**
 * DOC-3, TB-8: the examples of POST /games/{id}/forks (TB-6), a sandbox and a continuation,
 * each the answer of the real handler on the in-memory adapters to the request it names, with
 * ids, keys and the clock made deterministic (as club-examples.ts does) so that they can be
 * recorded once and compared with a fresh answer. Recorded by
 * test/unit/openapi-examples.unit.test.ts into functions/http/openapi-examples.json.
 */
import { fixedMemoryApi, type MemoryApi } from './memory-api.ts';

export interface ForkExample {
  readonly summary: string;
  /** The request as a line: method, path and body. */
  readonly request: string;
  readonly body: { readonly version: number; readonly kind: 'sandbox' | 'continuation'; readonly commandId: string };
  readonly status: number;
  readonly value: unknown;
}

const send = async (api: MemoryApi, key: string, method: string, path: string, body?: unknown) => {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await api.fetch(`${api.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: answer.status, value: (await answer.json()) as Record<string, unknown> };
};

/**
 * Ann (red) and Bob play Post Galactica; red ends its Command Phase. Bob forks a sandbox from
 * there (201), and Ann proposes continuing from there in a new game (202), which Bob would
 * accept with AcceptFork at /commands.
 */
export const forkExamples = async (): Promise<{ sandbox: ForkExample; continuation: ForkExample }> => {
  const api = fixedMemoryApi('arbiter-fork-example');
  const register = async (name: string) => {
    const answer = await api.fetch(`${api.url}/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return (await answer.json()) as { apiKey: string };
  };
  const [ann, bob] = [await register('Ann'), await register('Bob')];
  const game = await send(api, ann.apiKey, 'POST', '/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  const gameId = String(game.value.gameId);
  await send(api, bob.apiKey, 'POST', `/games/${gameId}/join`, {});
  const ended = await send(api, ann.apiKey, 'POST', `/games/${gameId}/commands`, {
    commandId: 'ann-00001',
    command: { type: 'EndPhase' },
  });
  const version = Number(ended.value.version);
  const record = async (summary: string, key: string, body: ForkExample['body']): Promise<ForkExample> => {
    const path = `/games/${gameId}/forks`;
    return { summary, request: `POST ${path} ${JSON.stringify(body)}`, body, ...(await send(api, key, 'POST', path, body)) };
  };
  return {
    sandbox: await record('Bob forks a sandbox of the running game, after red’s Command Phase', bob.apiKey, {
      version,
      kind: 'sandbox',
      commandId: 'fork-00001',
    }),
    continuation: await record('Ann proposes continuing the game from there in a new game', ann.apiKey, {
      version,
      kind: 'continuation',
      commandId: 'fork-00002',
    }),
  };
};
