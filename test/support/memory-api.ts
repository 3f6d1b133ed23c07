/**
 * The real HTTP handler of every route (functions/http/every-route.ts) on the in-memory adapters,
 * called in-process: route and lifecycle tests that are not about storage run here, in the unit
 * tier, without DynamoDB Local (ARC-3). Each appended batch is projected before the answer is
 * returned, as the stream's projector would shortly after, so reads see their writes at once;
 * a tournament's batches open their games and a tournament game's end is reported, as the
 * stream's tournament consumers do.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { MemoryWebhookStore } from '../../functions/adapters/memory/webhook-store.ts';
import { reactForClubs } from '../../functions/clubs/app/club-reactions.ts';
import { projectGame } from '../../functions/games/app/projection.ts';
import { makeApi } from '../../functions/http/every-route.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { isTournamentId } from '../../functions/kernel/ports.ts';
import type { WebhookPolicy } from '../../functions/notifications/app/webhooks.ts';
import { reactToTournament, reportTournamentGame } from '../../functions/tournaments/app/tournament-rounds.ts';
import { localWebhookPolicy } from '../../infra/local/webhook-deliveries.ts';
import { Client, type Transport } from './client.ts';
import { fakeResolver } from './resolver.ts';
import { seededSigner } from './seeded-signer.ts';

export interface MemoryApi {
  /** A client without a key; `register` gives one with a key. */
  readonly anon: Client;
  readonly deps: Deps;
  /** The base URL the clients use; only `fetch` below answers it. */
  readonly url: string;
  /** `fetch` for a URL under `url`, through the handler: for tests that send raw bodies or read raw answers. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

const BASE = 'http://memory.invalid';

export interface MemoryApiOptions {
  /** Webhook settings over the local runtime's (http allowed; loopback only with `allowLoopback: true`). */
  readonly webhooks?: Partial<WebhookPolicy>;
}

export const memoryApi = (overrides: Partial<Omit<Deps, 'rulesets'>> = {}, options: MemoryApiOptions = {}): MemoryApi => {
  // Every rule system, imported at start, as the local runtime has them.
  const deps = createMemoryDeps(everyRuleset(), {
    // Webhook host names go to a test resolver that knows none, never to DNS (REL-28).
    webhooks: { table: new MemoryWebhookStore(), policy: localWebhookPolicy(options.webhooks), resolve: fakeResolver().resolve },
    ...overrides,
  });
  const appended: EventEnvelope[] = [];
  if (deps.store instanceof MemoryGameStore) deps.store.onAppend((events) => appended.push(...events));
  const project = async () => {
    while (appended.length > 0) {
      const batch = appended.splice(0);
      for (const gameId of new Set(batch.map((e) => e.gameId))) {
        const events = batch.filter((e) => e.gameId === gameId);
        // A tournament's stream opens its round's games; a game's end is its result (CLUB-4), as the stream does.
        if (isTournamentId(gameId)) {
          await reactToTournament(deps, null, null, gameId, events);
          continue;
        }
        await projectGame(deps, gameId, events);
        await reactForClubs(deps, gameId, events);
        await reportTournamentGame(deps, gameId, events);
      }
    }
  };
  const handler = makeApi(
    () => deps,
    () => {},
  );
  const transport: Transport = async (url, init) => {
    const result = (await handler(toEvent(url, init), lambdaContext())) as APIGatewayProxyStructuredResultV2;
    await project();
    return new Response(result.statusCode === 204 || result.statusCode === 304 ? null : (result.body ?? ''), {
      status: result.statusCode ?? 200,
      headers: (result.headers ?? {}) as Record<string, string>,
    });
  };
  const fetchHere = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (!(input instanceof Request)) return transport(String(input), init);
    const body = input.method === 'GET' || input.method === 'HEAD' ? '' : await input.text();
    return transport(input.url, { method: input.method, headers: input.headers, ...(body === '' ? {} : { body }) });
  };
  return { anon: new Client(BASE, undefined, transport), deps, url: BASE, fetch: fetchHere };
};

/** The payload v2 event API Gateway would send for this request, as the local HTTP server builds it. */
const toEvent = (url: string, init: RequestInit): APIGatewayProxyEventV2 => {
  const target = url.slice(BASE.length);
  const mark = target.indexOf('?');
  const path = mark < 0 ? target : target.slice(0, mark);
  const search = mark < 0 ? '' : target.slice(mark + 1);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const query = Object.fromEntries(new URLSearchParams(search).entries());
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? init.body : '';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: search,
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(body === '' ? {} : { body }),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'memory',
      apiId: 'memory',
      domainName: 'memory.invalid',
      domainPrefix: 'memory',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
};

const lambdaContext = (): Context =>
  ({
    functionName: 'api',
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 29_000,
    clientGone: new AbortController().signal,
  }) as unknown as Context;

/** The clock of the recorded examples (DOC-3): it stands still, so answers are the same every run. */
export const EXAMPLES_NOW = new Date('2026-05-01T10:00:00.000Z');

/**
 * A memory API whose ids, keys and seeds come from a counter under `label` and whose clock stands
 * at EXAMPLES_NOW: `npm run examples` records the same answers every run.
 */
export const fixedMemoryApi = (
  label: string,
  overrides: Partial<Omit<Deps, 'rulesets'>> = {},
  options: MemoryApiOptions = {},
): MemoryApi => {
  let n = 0;
  const randomHex = (bytes: number) => {
    let hex = '';
    while (hex.length < bytes * 2) hex += createHash('sha256').update(`${label}-${n++}`).digest('hex');
    return hex.slice(0, bytes * 2);
  };
  return memoryApi({ randomHex, clock: () => EXAMPLES_NOW, signer: seededSigner(label, EXAMPLES_NOW), ...overrides }, options);
};
