/**
 * OPS-3 in parts: the EMF lines a Lambda prints, the local Prometheus text and the guard on
 * who may read it, the correlation ids on the API's log lines, and the figures that arise away
 * from a command (records set aside, rate-limit refusals, projection lag). Memory adapters
 * only; nothing here opens a socket.
 */
import type { APIGatewayProxyEventV2, Context, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { emfMetrics } from '../../functions/adapters/emf-metrics.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MetricsRecorder } from '../../functions/adapters/memory/metrics.ts';
import { makeApi } from '../../functions/http/every-route.ts';
import { takeRate } from '../../functions/kernel/rate-limits.ts';
import { lambdaOf, type StreamConsumer } from '../../functions/stream/consumers/consumer.ts';
import { projector } from '../../functions/stream/consumers/projector.ts';
import { MemoryStream } from '../../infra/local/memory-stream.ts';
import { isLoopbackAddress, metricsResponse, prometheusText } from '../../infra/local/metrics-route.ts';
import { memoryApi } from '../support/memory-api.ts';

const AT = new Date('2026-12-08T03:00:00.000Z');

describe('OPS-3 embedded metric format on Lambda', () => {
  it('OPS-3 each figure is one EMF line: namespace Arbiter, its own dimensions and unit, no game id', () => {
    const lines: string[] = [];
    const metrics = emfMetrics(
      (line) => lines.push(line),
      () => AT,
    );
    metrics.count('CommandRefused', { ruleset: 'soluna', rule: 'SOL-3' });
    metrics.duration('DeadlineLateness', 2_500, {});
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        _aws: {
          Timestamp: AT.getTime(),
          CloudWatchMetrics: [
            { Namespace: 'Arbiter', Dimensions: [['ruleset', 'rule']], Metrics: [{ Name: 'CommandRefused', Unit: 'Count' }] },
          ],
        },
        ruleset: 'soluna',
        rule: 'SOL-3',
        CommandRefused: 1,
      },
      {
        _aws: {
          Timestamp: AT.getTime(),
          CloudWatchMetrics: [{ Namespace: 'Arbiter', Dimensions: [[]], Metrics: [{ Name: 'DeadlineLateness', Unit: 'Milliseconds' }] }],
        },
        DeadlineLateness: 2_500,
      },
    ]);
  });

  it('OPS-3 a command through the API handler prints its CommandAccepted line, by ruleset and command type', async () => {
    const lines: string[] = [];
    const api = memoryApi({ metrics: emfMetrics((line) => lines.push(line)) });
    const { client } = await api.anon.register('Ann');
    const created = await client.post<{ gameId: string }>('/games', { ruleset: 'soluna' });
    expect(created.status).toBe(201);
    const emitted = lines.map((line) => JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: unknown[] } });
    expect(emitted.map(({ _aws, ...values }) => [_aws.CloudWatchMetrics, values])).toEqual([
      [
        [{ Namespace: 'Arbiter', Dimensions: [['ruleset', 'command']], Metrics: [{ Name: 'CommandAccepted', Unit: 'Count' }] }],
        { ruleset: 'soluna', command: 'CreateGame', CommandAccepted: 1 },
      ],
    ]);
  });
});

describe('OPS-3 GET /metrics locally', () => {
  it('OPS-3 the Prometheus text holds every metric with its help and type, counters by their labels and durations as summaries', () => {
    const recorder = new MetricsRecorder();
    recorder.count('CommandAccepted', { ruleset: 'gsc2', command: 'CreateGame' });
    recorder.count('CommandAccepted', { ruleset: 'gsc2', command: 'CreateGame' });
    recorder.count('RateLimitRefused', { limit: 'games' });
    recorder.duration('ProjectionLag', 40, {});
    recorder.duration('ProjectionLag', 60, {});
    const text = prometheusText(recorder.series());
    expect(text).toContain(
      '# HELP arbiter_command_accepted_total Commands accepted, by ruleset and command type.\n# TYPE arbiter_command_accepted_total counter\narbiter_command_accepted_total{ruleset="gsc2",command="CreateGame"} 2\n',
    );
    expect(text).toContain('arbiter_rate_limit_refused_total{limit="games"} 1\n');
    expect(text).toContain(
      '# TYPE arbiter_projection_lag_milliseconds summary\narbiter_projection_lag_milliseconds_sum 100\narbiter_projection_lag_milliseconds_count 2\n',
    );
    // A metric without dimensions reads 0 before anything emitted it; one with dimensions has no series yet.
    expect(text).toContain('# TYPE arbiter_webhook_failed_total counter\narbiter_webhook_failed_total 0\n');
    expect(text).toContain('# TYPE arbiter_record_set_aside_total counter\n# HELP');
    expect(text.match(/^# TYPE /gm)).toHaveLength(9);
  });

  it('OPS-3 only a caller on this machine reads them, in every spelling of loopback; anyone else gets a 403 that says why', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '192.168.1.20', '::ffff:10.0.0.1', 'fe80::1', '::2', '::', '0.0.0.0', 'localhost', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
    const text = () => 'arbiter_webhook_failed_total 0\n';
    expect(metricsResponse('::ffff:127.0.0.1', text)).toMatchObject({ statusCode: 200, body: text() });
    const refused = metricsResponse('203.0.113.7', text);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(String(refused.body))).toMatchObject({ detail: 'GET /metrics answers callers on this machine (loopback) only.' });
  });
});

/** An API Gateway v2 event as the stand-in makes one, for `method path` with `body`. */
const event = (method: string, path: string, requestId: string, body?: string, base64 = false): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: '$default',
  rawPath: path,
  rawQueryString: '',
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: base64 ? Buffer.from(body).toString('base64') : body }),
  isBase64Encoded: base64,
  requestContext: {
    accountId: 'test',
    apiId: 'test',
    domainName: 'api.invalid',
    domainPrefix: 'api',
    http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    requestId,
    routeKey: '$default',
    stage: '$default',
    time: AT.toUTCString(),
    timeEpoch: AT.getTime(),
  },
});

describe('OPS-3 log lines', () => {
  it('OPS-3 every request line of the API carries its request id, game id, command id and whether it was a cold start', async () => {
    const lines: Record<string, unknown>[] = [];
    const deps = createMemoryDeps(everyRuleset());
    const api = makeApi(
      () => deps,
      (entry) => lines.push({ ...entry }),
    );
    const context = {} as Context;
    // Unauthenticated: each is refused, and each is logged with what it named.
    await api(event('POST', '/games/g-1/commands', 'r-1', JSON.stringify({ commandId: 'c-1', command: { type: 'Pass' } })), context);
    await api(event('POST', '/games/g-2/commands', 'r-2', JSON.stringify({ commandId: 'c-2' }), true), context);
    await api(event('GET', '/games/g-3', 'r-3'), context);
    await api(event('GET', '/players/me', 'r-4'), context);
    expect(
      lines.map(({ requestId, gameId, commandId, coldStart, status }) => ({ requestId, gameId, commandId, coldStart, status })),
    ).toEqual([
      { requestId: 'r-1', gameId: 'g-1', commandId: 'c-1', coldStart: true, status: 401 },
      { requestId: 'r-2', gameId: 'g-2', commandId: 'c-2', coldStart: false, status: 401 },
      { requestId: 'r-3', gameId: 'g-3', commandId: null, coldStart: false, status: 401 },
      { requestId: 'r-4', gameId: null, commandId: null, coldStart: false, status: 401 },
    ]);
  });
});

describe("OPS-3 a stream consumer's failure line", () => {
  it("OPS-3 carries the consumer, Lambda's request id, whether the container is cold, the game and the command of the batch", async () => {
    const failing: StreamConsumer = {
      name: 'publisher',
      streams: 'games',
      handle: async () => {
        throw new Error('the bus is down');
      },
    };
    const event = (seq: number): EventEnvelope => ({
      gameId: 'g_log',
      seq,
      type: 'PhaseStarted',
      v: 1,
      data: {},
      at: '2026-12-08T00:00:00.000Z',
      actor: 'red',
      commandId: 'c-log',
      rulesVersion: 'pg-0.8.0',
      prevHash: '0'.repeat(64),
      hash: '1'.repeat(64),
    });
    const batch = { Records: [{ eventName: 'INSERT' as const, dynamodb: { SequenceNumber: '7', NewImage: eventToItem(event(1)) } }] };
    const lines: string[] = [];
    const handler = lambdaOf(failing, () => ({ deps: createMemoryDeps(everyRuleset()), scheduler: null, bus: null }));
    const said = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      expect(await handler(batch as DynamoDBStreamEvent, { awsRequestId: 'req-1' })).toEqual({
        batchItemFailures: [{ itemIdentifier: '7' }],
      });
      await handler(batch as DynamoDBStreamEvent, { awsRequestId: 'req-2' });
    } finally {
      said.mockRestore();
    }
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        level: 'error',
        consumer: 'publisher',
        requestId: 'req-1',
        coldStart: true,
        msg: 'stream: game g_log failed',
        gameId: 'g_log',
        commandId: 'c-log',
        error: 'Error: the bus is down',
        stack: expect.stringContaining('the bus is down'),
      },
      expect.objectContaining({ requestId: 'req-2', coldStart: false, gameId: 'g_log' }),
    ]);
  });
});

describe('OPS-3 figures away from the command path', () => {
  it('OPS-3 a batch a consumer fails on is counted as set aside, by consumer, one per record', async () => {
    const recorder = new MetricsRecorder();
    const logged: string[] = [];
    const stream = new MemoryStream(
      [
        {
          name: 'publisher',
          handle: async () => {
            throw new Error('the bus is down');
          },
        },
      ],
      (line) => logged.push(line),
      recorder,
    );
    stream.push([{ gameId: 'g-1', seq: 1 } as EventEnvelope, { gameId: 'g-1', seq: 2 } as EventEnvelope]);
    await stream.idle();
    expect(logged).toEqual(['stream: publisher failed on g-1 at seq 1: Error: the bus is down']);
    expect(recorder.series()).toEqual([{ name: 'RecordSetAside', dimensions: { consumer: 'publisher' }, count: 1, sum: 2 }]);
  });

  it('OPS-3 a request over a rate limit is counted by the limit it met', async () => {
    const recorder = new MetricsRecorder();
    const deps = createMemoryDeps(everyRuleset(), { rateLimits: { games: 1, players: 60, webhooks: 60, invites: 30 }, metrics: recorder });
    expect(await takeRate(deps, 'games', 'player-1')).toBeNull();
    expect(await takeRate(deps, 'games', 'player-1')).toBeGreaterThan(0);
    expect(recorder.series()).toEqual([{ name: 'RateLimitRefused', dimensions: { limit: 'games' }, count: 1, sum: 1 }]);
  });

  it("OPS-3 the projector reports its lag: from the batch's oldest event to the time it projected it", async () => {
    const api = memoryApi();
    const { client } = await api.anon.register('Ann');
    const created = await client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica' });
    const { events } = (await client.get<{ events: EventEnvelope[] }>(`/games/${created.body.gameId}/events`)).body;
    const first = events[0];
    if (!first) throw new Error('a created game has its first event');
    const recorder = new MetricsRecorder();
    const later = { ...api.deps, clock: () => new Date(Date.parse(first.at) + 1_234), metrics: recorder };
    await projector.handle({ deps: later, scheduler: null, bus: null }, created.body.gameId, events);
    expect(recorder.series()).toEqual([{ name: 'ProjectionLag', dimensions: {}, count: 1, sum: 1_234 }]);
  });
});
