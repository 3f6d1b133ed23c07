/**
 * DOC-3: an example of every problem type the API answers with (PROBLEM_TYPES), each the
 * answer of the real handler (every route, on the in-memory adapters) to a request that
 * provokes it, with ids, keys and the clock made deterministic so that the examples can be
 * recorded once and compared with a fresh answer. Recorded by
 * test/unit/openapi-examples.unit.test.ts into functions/http/openapi-examples.json.
 */
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { MemoryWebhookStore } from '../../functions/adapters/memory/webhook-store.ts';
import { Waits } from '../../functions/games/app/waiting.ts';
import { MAX_BODY_BYTES, MAX_DEPTH } from '../../functions/http/input-guard.ts';
import { problemResponse } from '../../functions/http/respond.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { PROBLEM_TYPES, type ProblemType } from '../../functions/kernel/problems.ts';
import { rateLimitsFrom } from '../../functions/kernel/rate-limits.ts';
import { malformedRequest } from '../../infra/local/http-server.ts';
import { localWebhookPolicy } from '../../infra/local/webhook-deliveries.ts';
import { EXAMPLES_NOW, fixedMemoryApi, type MemoryApi, type MemoryApiOptions } from './memory-api.ts';
import { fakeResolver } from './resolver.ts';

/** One problem as the API answers it, and the request that provoked it. */
export interface ProblemExample {
  readonly summary: string;
  readonly request: string;
  readonly status: number;
  readonly value: Record<string, unknown>;
}

const NOW = EXAMPLES_NOW;
/** The one random value of an answer these examples cannot fix: the request id, which a 500 quotes. */
export const REQUEST_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SOME_REQUEST_ID = '4f6c1a9e-2b7d-4c3e-9a8f-0d1e2f3a4b5c';

/** Ids, keys and seeds from a counter, and a clock that stands still: the same answers every run. */
const fixed = (overrides: Partial<Omit<Deps, 'rulesets'>> = {}, options: MemoryApiOptions = {}): MemoryApi => {
  // hooks.example resolves to a public address, as a receiver's name would; nothing is sent to it.
  const webhooks = {
    table: new MemoryWebhookStore(),
    policy: localWebhookPolicy(options.webhooks),
    resolve: fakeResolver({ 'hooks.example': ['93.184.216.34'] }).resolve,
  };
  return fixedMemoryApi('arbiter-example', { webhooks, ...overrides }, options);
};

interface Sent {
  readonly key?: string;
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string>;
}

const send = async (api: MemoryApi, method: string, path: string, sent: Sent = {}): Promise<{ status: number; body: unknown }> => {
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.key) headers.authorization = `Bearer ${sent.key}`;
  const body = sent.raw ?? (sent.body === undefined ? undefined : JSON.stringify(sent.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await api.fetch(`${api.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? null : JSON.parse(text) };
};

const register = async (api: MemoryApi, name: string): Promise<string> => {
  const { body } = await send(api, 'POST', '/players', { body: { name } });
  return (body as { apiKey: string }).apiKey;
};

/** Ann (red) and Bob (blue) in a Post Galactica match on the example armies: red deploys first. */
const match = async (api: MemoryApi = fixed()) => {
  const ann = await register(api, 'Ann');
  const bob = await register(api, 'Bob');
  const created = await send(api, 'POST', '/games', {
    key: ann,
    body: { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: { scenario: 'example' } } },
  });
  const game = (created.body as { gameId: string }).gameId;
  await send(api, 'POST', `/games/${game}/join`, { key: bob, body: {} });
  return { api, ann, bob, game };
};

const command = (game: string, key: string, body: Record<string, unknown>) => ['POST', `/games/${game}/commands`, { key, body }] as const;

type Provoke = () => Promise<{ readonly request: string; readonly status: number; readonly body: unknown }>;

/** `method path` with what was sent, and the answer. */
const asked = async (api: MemoryApi, method: string, path: string, sent: Sent = {}, note = '') => {
  const { status, body } = await send(api, method, path, sent);
  return { request: `${method} ${path}${note ? ` (${note})` : ''}`, status, body };
};

const PROVOKE: Readonly<Record<ProblemType, Provoke>> = {
  'invalid-body': async () => asked(fixed(), 'POST', '/players', { body: { name: '' } }, 'a name of no characters'),
  'invalid-query': async () => {
    const { api, ann, game } = await match();
    return asked(api, 'GET', `/games/${game}/state`, { key: ann }, 'without at');
  },
  'malformed-json': async () => asked(fixed(), 'POST', '/players', { raw: '{"name": "Ann"' }, 'a body cut short'),
  'malformed-request': async () => {
    const problem = problemResponse(malformedRequest());
    return {
      request: 'bytes that are not HTTP/1.1 (the local runtime)',
      status: problem.statusCode,
      body: JSON.parse(String(problem.body)),
    };
  },
  'malformed-path': async () => {
    const api = fixed();
    return asked(api, 'GET', '/games/%ZZ', { key: await register(api, 'Ann') }, 'not percent-encoded UTF-8');
  },
  'invalid-unicode': async () => asked(fixed(), 'POST', '/players', { raw: '{"name": "Ann\\ud800"}' }, 'a lone surrogate'),
  'too-deep': async () =>
    asked(fixed(), 'POST', '/players', { raw: `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}` }, `${MAX_DEPTH + 1} levels`),
  'unknown-field': async () => {
    const { api, ann, game } = await match();
    return asked(
      api,
      ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'EndPhase', hurry: true } }),
      'EndPhase has no field hurry',
    );
  },
  'unknown-command': async () => {
    const { api, ann, game } = await match();
    return asked(api, ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'Teleport' } }));
  },
  'invalid-webhook-url': async () => {
    const api = fixed();
    return asked(api, 'POST', '/me/webhooks', { key: await register(api, 'Ann'), body: { url: 'ftp://example.org/hook' } });
  },
  unauthorized: async () => asked(fixed(), 'GET', '/players/me', {}, 'no Authorization header'),
  'not-allowed': async () => {
    const { api, bob, game } = await match();
    return asked(api, ...command(game, bob, { commandId: 'bob-00000001', command: { type: 'EndPhase' } }), "blue, in red's deployment");
  },
  'origin-not-allowed': async () =>
    asked(
      fixed(),
      'OPTIONS',
      '/games',
      { headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } },
      'a preflight from a page of another site',
    ),
  'not-found': async () => {
    const api = fixed();
    return asked(api, 'GET', '/games/g_00000000000000000000', { key: await register(api, 'Ann') });
  },
  'method-not-allowed': async () => asked(fixed(), 'DELETE', '/players'),
  conflict: async () => {
    const { api, ann, bob, game } = await match();
    await send(api, ...command(game, bob, { commandId: 'bob-00000001', command: { type: 'Concede' } }));
    return asked(api, ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'EndPhase' } }), 'after the game ended');
  },
  'version-conflict': async () => {
    const { api, ann, game } = await match();
    return asked(api, ...command(game, ann, { commandId: 'ann-00000001', expectedVersion: 3, command: { type: 'EndPhase' } }));
  },
  'rules-version': async () => {
    // A game recorded under rules this server does not implement, whose log they decide otherwise.
    const api = fixed();
    const bob = await register(api, 'Bob');
    const created = { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } };
    const events = sealBatch(
      null,
      [
        {
          type: 'GameCreated',
          data: {
            ruleset: 'post-galactica',
            rulesVersion: 'pg-0.0.1',
            seats: ['red', 'blue'],
            options: { firstPlayer: 'red', deadlines: {}, rules: {} },
            seedCommitment: '00'.repeat(32),
            createdBy: 'p_0000000000000000',
          },
        },
      ],
      {
        gameId: 'g_old',
        at: NOW.toISOString(),
        actor: 'player:p_0000000000000000',
        commandId: 'ann-00000001',
        rulesVersion: 'pg-0.0.1',
        command: { type: 'CreateGame', ...created },
      },
    );
    await api.deps.store.append({ gameId: 'g_old', expectedVersion: 0, events, seed: 'ab'.repeat(32) });
    return asked(api, 'POST', '/games/g_old/join', { key: bob, body: {} }, 'a game recorded under pg-0.0.1');
  },
  'command-id-reused': async () => {
    const { api, ann, game } = await match();
    await send(api, ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'OfferDraw' } }));
    return asked(api, ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'RequestPause' } }), 'the id of another command');
  },
  'request-id-reused': async () => {
    const api = fixed();
    const ann = await register(api, 'Ann');
    await send(api, 'POST', '/me/webhooks', { key: ann, body: { url: 'https://hooks.example/a', requestId: 'hook-0001' } });
    return asked(api, 'POST', '/me/webhooks', { key: ann, body: { url: 'https://hooks.example/b', requestId: 'hook-0001' } });
  },
  'too-many-webhooks': async () => {
    const api = fixed({}, { webhooks: { maxSubscriptions: 1 } });
    const ann = await register(api, 'Ann');
    await send(api, 'POST', '/me/webhooks', { key: ann, body: { url: 'https://hooks.example/a' } });
    return asked(api, 'POST', '/me/webhooks', { key: ann, body: { url: 'https://hooks.example/b' } }, 'where a player may have 1');
  },
  'too-large': async () =>
    asked(
      fixed(),
      'POST',
      '/players',
      { raw: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) }) },
      `a body over ${MAX_BODY_BYTES} bytes`,
    ),
  'rule-violation': async () => {
    const { api, ann, game } = await match();
    return asked(
      api,
      ...command(game, ann, { commandId: 'ann-00000001', command: { type: 'Deploy', units: [{ unitId: 'red-cc', x: 47, y: 18 }] } }),
      'outside the deployment zone',
    );
  },
  'too-many-requests': async () => {
    const api = fixed({ rateLimits: rateLimitsFrom('players=1') });
    await register(api, 'Ann');
    return asked(api, 'POST', '/players', { body: { name: 'Bob' } }, 'one registration too many from an address');
  },
  'too-many-waits': async () => {
    const api = fixed({ waits: new Waits({ ...new Waits().limits, maxWaitsPerKey: 1 }) });
    const ann = await register(api, 'Ann');
    const holding = send(api, 'GET', '/me/games?wait=1', { key: ann });
    const answer = await asked(api, 'GET', '/me/games?wait=1', { key: ann }, 'while the key holds its one wait');
    await holding;
    return answer;
  },
  'timed-out': async () => {
    // What middy throws when a request runs out of the Lambda's time (its timeoutEarlyResponse).
    const timeout = Object.assign(new Error('[AbortError]: The operation was aborted.'), { name: 'TimeoutError' });
    const api = fixed({
      clock: () => {
        throw timeout;
      },
    });
    return asked(api, 'POST', '/players', { body: { name: 'Ann' } }, 'a request that ran out of time');
  },
  internal: async () => {
    const api = fixed({
      clock: () => {
        throw new Error('the clock is broken');
      },
    });
    return asked(api, 'POST', '/players', { body: { name: 'Ann' } }, 'a failure on the server');
  },
};

/** What the request ids of an answer are replaced with, so that a recorded 500 compares with a fresh one. */
const steady = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value).replace(REQUEST_ID, SOME_REQUEST_ID));

/** An example of every problem type, in the order PROBLEM_TYPES lists them. */
export const problemExamples = async (): Promise<Record<string, ProblemExample>> => {
  const out: Record<string, ProblemExample> = {};
  for (const type of PROBLEM_TYPES) {
    const { request, status, body } = await PROVOKE[type]();
    const value = steady(body);
    if (value.type !== `https://arbiter.dev/problems/${type}`)
      throw new Error(`${request} answered ${status} ${JSON.stringify(value)}, not ${type}`);
    out[type] = { summary: `${type}: ${String(value.title)}`, request, status, value };
  }
  return out;
};
