/**
 * INV-9: a request that runs out of time answers as promised. Under load a command can outlast
 * its Lambda; middy stops it just before Lambda would (its `timeoutEarlyResponse`, a
 * `TimeoutError`). That was logged as an unhandled error and answered as a 500 saying nothing
 * was written, though the write may have landed. It is a 503 `timed-out` with Retry-After,
 * saying the request may or may not have been recorded and that the same id retried answers
 * either way, logged as a warning.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { makeApi } from '../../functions/http/every-route.ts';

const event = (body: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: '/players',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/players', sourceIp: '127.0.0.1' }, requestId: 'req-timeout-1' },
  }) as unknown as APIGatewayProxyEventV2;

describe('INV-9 a request that runs out of time', () => {
  it('INV-9 is a 503 timed-out problem with Retry-After that says to retry with the same id, logged as a warning, not an error', async () => {
    const deps = createMemoryDeps(everyRuleset());
    // A store that never answers: the request can only end by running out of time.
    deps.games.createPlayer = () => new Promise<never>(() => {});
    const lines: Record<string, unknown>[] = [];
    const handler = makeApi(
      () => deps,
      (line) => lines.push({ ...line }),
    );
    // A Lambda with 300 ms left: middy answers 5 ms before that.
    const context = { getRemainingTimeInMillis: () => 300, awsRequestId: 'req-timeout-1' } as unknown as Context;
    const answer = (await handler(event('{"name":"Ann"}'), context)) as APIGatewayProxyStructuredResultV2;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBe('1');
    const problem = JSON.parse(String(answer.body)) as Record<string, unknown>;
    expect(problem).toMatchObject({
      type: 'https://arbiter.dev/problems/timed-out',
      status: 503,
      requestId: 'req-timeout-1',
      retryAfter: 1,
    });
    expect(String(problem.detail)).toMatch(/may or may not have been recorded\. Send it again with the same commandId or requestId/);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
    expect(lines).toContainEqual({
      level: 'warn',
      msg: 'timed out',
      requestId: 'req-timeout-1',
      gameId: null,
      commandId: null,
      coldStart: true,
    });
  });
});
