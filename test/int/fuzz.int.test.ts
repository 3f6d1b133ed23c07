/**
 * REL-12: the standing fault suite. Generated hostile requests go to every route through
 * the real API handler (middy, router, validation) against DynamoDB Local: never a 5xx,
 * every refusal problem+json with a sentence, and never an event written to the victim.
 *
 * `FUZZ_RUNS` sets the number of cases (1,000 by default; the 10,000 is
 * `FUZZ_RUNS=10000 npx vitest run test/int/fuzz.int.test.ts`). The seed is fixed so every
 * run of `npm test` sends the same requests; `FUZZ_SEED=<n>` explores others. Over real
 * HTTP against `npm start`, the same requests are sent by `npm run fuzz`.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { makeApi } from '../../functions/http/every-route.ts';
import { registerPlayer } from '../../functions/players/app/players.ts';
import { checkReply, type HostileRequest, hostileRequest } from '../../scenarios/hostile.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const UNLIMITED = { games: 1e9, players: 1e9, webhooks: 1e9, invites: 1e9 };
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

let db: TestDb;
let victimGameId: string;
let privateGameId: string;
let ownGameId: string;
let stranger: string;
let logged: Record<string, unknown>[];

beforeAll(async () => {
  // Every request comes from one key and one address: rate limits (REL-26) would answer most with 429.
  db = await freshTables({ rateLimits: UNLIMITED });
  const red = await registerPlayer(db.deps, 'Red');
  const blue = await registerPlayer(db.deps, 'Blue');
  const strangerPlayer = await registerPlayer(db.deps, 'Stranger');
  stranger = strangerPlayer.apiKey;
  victimGameId = 'g_victim';
  const caller = (playerId: string) => ({ kind: 'player', playerId }) as const;
  await executeCommand(db.deps, {
    gameId: victimGameId,
    commandId: 'victim-create',
    command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } },
    caller: caller(red.playerId),
  });
  await executeCommand(db.deps, {
    gameId: victimGameId,
    commandId: 'victim-join',
    command: { type: 'JoinGame' },
    caller: caller(blue.playerId),
  });
  // Red's private game with blue's seat free: joining it takes an invite code the fuzz does not have.
  privateGameId = 'g_private';
  await executeCommand(db.deps, {
    gameId: privateGameId,
    commandId: 'private-create',
    command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { visibility: 'private' } },
    caller: caller(red.playerId),
  });
  // The stranger's own game, with deadlines, so that its ExtendDeadline reaches the duration rules (REL-18).
  ownGameId = 'g_own';
  await executeCommand(db.deps, {
    gameId: ownGameId,
    commandId: 'own-create',
    command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { deadlines: { default: 'PT1H' } } },
    caller: caller(strangerPlayer.playerId),
  });
});

const toEvent = (request: HostileRequest, n: number): APIGatewayProxyEventV2 => {
  const query = Object.fromEntries(new URLSearchParams(request.query).entries());
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: request.path,
    rawQueryString: request.query,
    headers: { ...request.headers },
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'fuzz',
      apiId: 'fuzz',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: request.method, path: request.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'fuzz' },
      requestId: `fuzz-${n}`,
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
};

const victimEvents = async () => (await db.deps.store.readAfter(victimGameId, 0)).length;
const privateEvents = async () => (await db.deps.store.readAfter(privateGameId, 0)).length;

describe('the standing fault suite', () => {
  it(`REL-12 ${RUNS} hostile requests to every route: never a 5xx, always problem+json, nothing written to the victims`, async () => {
    logged = [];
    const api = makeApi(
      () => db.deps,
      (entry) => logged.push({ ...entry }),
    );
    const before = await victimEvents();
    expect(before).toBeGreaterThan(3);
    const privateBefore = await privateEvents();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileRequest({ victimGameId, privateGameId, ownGameId, apiKeys: [stranger, null] }), async (request) => {
        n += 1;
        const reply = await api(toEvent(request, n), {} as Context);
        const headers = (reply.headers ?? {}) as Record<string, string>;
        const failure = checkReply(request, {
          status: reply.statusCode,
          contentType: headers['content-type'] ?? null,
          body: String(reply.body ?? ''),
        });
        if (failure) throw new Error(failure);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(n).toBe(RUNS);
    expect(await victimEvents()).toBe(before);
    expect(await privateEvents()).toBe(privateBefore);
    // Every request was logged, none as an error.
    expect(logged.filter((l) => l.msg === 'request')).toHaveLength(RUNS);
    expect(logged.filter((l) => l.level === 'error')).toEqual([]);
  }, 600_000);
});
