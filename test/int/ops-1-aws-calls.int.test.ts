/**
 * OPS-1: what each Lambda entry point calls on AWS, recorded while realistic flows play on
 * DynamoDB Local, and kept in test/fixtures/aws-calls.json for the stack test
 * (test/stack/ops-1-grants.stack.test.ts) to check against each function's IAM policy.
 *
 * Each entry point is the Lambda's own `handler`, imported in a module graph of its own (as its
 * bundle is), so it builds its deps from the environment as on AWS (functions/lambda-deps.ts):
 * the API with its wait leases and KMS signer, the projector with folds only, and so on. The
 * HTTP stand-in sends each route to the function the route table names (api, clubs, docs);
 * the stream poller feeds the four consumers; the test fires the schedules the reactors made at
 * the phase timer, and hands the publisher's bus events, then the deliverer's own retry, to the
 * webhook deliverer as SQS messages. The recorder (test/support/aws-calls.ts) writes down each
 * call under the entry point whose invocation made it.
 *
 * The recording must equal the fixture, so the fixture cannot go stale: after a change of what
 * the code calls, `npm run record-calls` writes it again, and the stack test says what to grant.
 */

import dnsPromises from 'node:dns/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { APIGatewayProxyEventV2, Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../functions/http/route-table.ts';
import { type ApiHandler, startHttpServer } from '../../infra/local/http-server.ts';
import { StreamPoller } from '../../infra/local/stream-poller.ts';
import { AwsCallRecorder, type EntryPoint, type RecordedCalls } from '../support/aws-calls.ts';
import type { PutEntry, StoredSchedule } from '../support/aws-stand-in.ts';
import { Client, commandId, eventually } from '../support/client.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { busEventMessage, firesAt, schedulerPayload, sqsEvent } from '../support/lambda-harness.ts';

const FIXTURE = new URL('../fixtures/aws-calls.json', import.meta.url);

/** The names the stack gives the functions, as their environment carries them (infra/aws/*.ts). */
const SCHEDULE_GROUP = 'ops1-deadlines';
const SCHEDULER_ROLE = 'arn:aws:iam::000000000000:role/ops1-scheduler';
const WEBHOOK_QUEUE = 'https://sqs.us-east-1.amazonaws.com/000000000000/ops1-webhooks';
const KMS_KEY = 'arn:aws:kms:us-east-1:000000000000:key/ops1-signing';
const BUS = 'arbiter';
/** The webhook host: resolves to a public address for the API's check, to nothing at delivery (no traffic leaves). */
const HOOK_HOST = 'hooks.arbiter.test';

let db: TestDb;
let recorder: AwsCallRecorder;
let server: Server;
let poller: StreamPoller;
let url: string;
const handlers: Partial<Record<EntryPoint, unknown>> = {};
const restoreLookup: (() => void)[] = [];

/** The entry point's `handler`, from a module graph of its own: its deps, bus and clients are its own, as in its bundle. */
const loaded = async (load: () => Promise<{ handler: unknown }>): Promise<unknown> => {
  vi.resetModules();
  return (await load()).handler;
};

/** A handler called as `entry`'s invocation: what it calls is recorded as that function's. */
const invoke = <T>(entry: EntryPoint, ...args: unknown[]): Promise<T> =>
  recorder.as(entry, () => (handlers[entry] as (...a: unknown[]) => Promise<T>)(...args));

/** Which function API Gateway sends a request to: the route table's `serves` of the first matching route. */
const servedBy = (method: string, path: string): EntryPoint => {
  const route = ROUTES.find((r) => r.method === method && new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  return route?.serves ?? 'api';
};

const dispatch: ApiHandler = (event: APIGatewayProxyEventV2, context: Context) =>
  invoke(servedBy(event.requestContext.http.method, event.rawPath), event, context);

/** REL-28 without DNS: the API's URL check sees a public address; the deliverer's lookup finds none, so it queues a retry. */
const fakeLookup = () => {
  const dns = dnsPromises as unknown as { lookup: (host: string, options?: unknown) => Promise<unknown> };
  const lookup = dns.lookup;
  dns.lookup = async (host, options) => {
    if (host !== HOOK_HOST) return lookup(host, options);
    if (recorder.current() === 'api') return [{ address: '93.184.215.14', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  syncBuiltinESMExports();
  restoreLookup.push(() => {
    dns.lookup = lookup;
    syncBuiltinESMExports();
  });
};

const environment = (tables: TestDb['tables'], endpoint: string) => ({
  EVENTS_TABLE: tables.events,
  GAMES_TABLE: tables.games,
  DYNAMODB_ENDPOINT: endpoint,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  EVENT_BUS_NAME: BUS,
  SCHEDULE_GROUP,
  SCHEDULER_ROLE_ARN: SCHEDULER_ROLE,
  PHASE_TIMER_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:ops1-phase-timer',
  SCHEDULER_DLQ_ARN: 'arn:aws:sqs:us-east-1:000000000000:ops1-deadline-dead-letters',
  WEBHOOK_QUEUE_URL: WEBHOOK_QUEUE,
  ARBITER_KMS_KEY_ID: KMS_KEY,
  ARBITER_SIGNING_KEYS: recorder.publishedKeys(),
});

beforeAll(async () => {
  db = await freshTables();
  recorder = new AwsCallRecorder({
    [db.tables.events]: 'events',
    [db.tables.games]: 'games',
    [SCHEDULE_GROUP]: 'schedules',
    [SCHEDULER_ROLE]: 'scheduler-role',
    [BUS]: 'bus',
    [WEBHOOK_QUEUE]: 'webhook-queue',
    [KMS_KEY]: 'signing-key',
  });
  recorder.install();
  fakeLookup();
  for (const [name, value] of Object.entries(environment(db.tables, db.endpoint))) vi.stubEnv(name, value);
  handlers.api = await loaded(() => import('../../functions/http/api.ts'));
  handlers.clubs = await loaded(() => import('../../functions/http/clubs.ts'));
  handlers.docs = await loaded(() => import('../../functions/http/docs.ts'));
  handlers.projector = await loaded(() => import('../../functions/stream/projector.ts'));
  handlers.timerReactor = await loaded(() => import('../../functions/stream/timer-reactor.ts'));
  handlers.publisher = await loaded(() => import('../../functions/stream/publisher.ts'));
  handlers.tournaments = await loaded(() => import('../../functions/stream/tournaments.ts'));
  handlers.phaseTimer = await loaded(() => import('../../functions/scheduler/phase-timer.ts'));
  handlers.webhooks = await loaded(() => import('../../functions/webhooks/deliver.ts'));
  server = await startHttpServer(dispatch, { port: 0, host: '127.0.0.1', log: () => {} });
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const consumers = (['projector', 'timerReactor', 'publisher', 'tournaments'] as const).map((name) => ({
    name,
    handler: (event: DynamoDBStreamEvent) => invoke<DynamoDBBatchResponse>(name, event),
  }));
  poller = new StreamPoller({ endpoint: db.endpoint, streamArn: db.streamArn, consumers, intervalMs: 100 });
  poller.start();
}, 60_000);

afterAll(async () => {
  await poller?.stop();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  for (const restore of restoreLookup.splice(0)) restore();
  recorder?.uninstall();
  vi.unstubAllEnvs();
  // The storage tier's files share a worker's modules: the next file gets none of these entry points' singletons (deps, bus, clients).
  vi.resetModules();
  db?.dynamo.client.destroy();
});

/** What the reactors asked Scheduler for, by schedule name: its phase timer input and when it fires. */
const schedules = () =>
  recorder.sent
    .filter((s) => s.operation === 'CreateSchedule')
    .map(({ input }) => {
      const schedule = input as unknown as StoredSchedule;
      return { name: schedule.Name, input: schedulerPayload(schedule) as Record<string, string>, at: firesAt(schedule).getTime() };
    });

/**
 * Fires each schedule of `owner` (a game or a tournament) not fired yet at the phase timer, as
 * Scheduler would, in the order they fall due: at its time, or at once if that is more than a
 * few seconds away (the timer's not-yet-due path). What the timer answered, by schedule.
 */
const fired = new Set<string>();
const fireSchedules = async (owner: string): Promise<Record<string, unknown>[]> => {
  const answers: Record<string, unknown>[] = [];
  const due = schedules()
    .filter((s) => s.input.gameId === owner && !fired.has(s.name))
    // A reminder before its deadline when both fall due at once (a reactor running late arms both for a second from now).
    .sort((a, b) => a.at - b.at || Number(b.input.reminder !== undefined) - Number(a.input.reminder !== undefined));
  for (const schedule of due) {
    fired.add(schedule.name);
    if (schedule.at - Date.now() < 5_000)
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(schedule.at), { timeout: 10_000 });
    answers.push(await invoke<Record<string, unknown>>('phaseTimer', schedule.input));
  }
  return answers;
};

const WEBHOOK_QUEUE_ARN = 'arn:aws:sqs:us-east-1:000000000000:ops1-webhooks';

/** What the bus rule puts on the queue for each PutEvents entry (whose Time the SDK was given as a Date). */
const busMessages = (entries: readonly Record<string, unknown>[]) =>
  sqsEvent(
    entries.map((e, i) => busEventMessage({ ...(e as unknown as PutEntry), Time: (e.Time as Date).getTime() / 1000 }, i)),
    WEBHOOK_QUEUE_ARN,
  );

describe('OPS-1 every AWS call of every function, recorded through realistic flows', () => {
  let ann: Client;
  let bob: Client;
  let cy: Client;
  let hookId: string;

  it('OPS-1 the docs function serves the document, the rulesets and the public keys', async () => {
    const anon = new Client(url);
    for (const path of ['/openapi.json', '/rulesets', '/rulesets/soluna', '/.well-known/arbiter-keys.json'])
      expect((await anon.get(path)).status, path).toBe(200);
    ann = (await anon.register('Ann')).client;
    bob = (await anon.register('Bob')).client;
    cy = (await anon.register('Cy')).client;
  });

  it('OPS-1 a match with a reminder and a deadline fired, its log exported and waited on, then conceded', async () => {
    const hook = await ann.post<{ id: string }>('/me/webhooks', { url: `https://${HOOK_HOST}/ann` });
    expect(hook.status).toBe(201);
    hookId = hook.body.id;
    const created = await ann.post<{ gameId: string }>('/games', {
      ruleset: 'soluna',
      seat: 'sun',
      options: { firstPlayer: 'sun', deadlines: { default: 'PT3S' }, reminders: ['PT2S'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gameId = created.body.gameId;
    expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
    await eventually(
      () => ann.get<{ status: string }>(`/games/${gameId}`),
      (reply) => reply.body.status === 'playing',
    );
    expect((await ann.get(`/games/${gameId}/events?after=0&wait=1`)).status).toBe(200);
    expect((await cy.get('/games?ruleset=soluna')).status).toBe(200);
    expect((await fetch(`${url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } })).status).toBe(200);
    await eventually(
      async () => schedules().filter((s) => s.input.gameId === gameId),
      (armed) => armed.length >= 2,
    );
    const answers = await fireSchedules(gameId);
    // The first step's reminder is published, then its deadline gives events (the lobby's far deadline, when the
    // reactor armed it before the game started, is fired too: the timer's not-yet-due path).
    const firstStep = answers.filter((a) => a.phaseKey === 't1-p2');
    expect(firstStep.map((a) => [a.reminder ?? null, Number(a.written) > 0, a.published ?? null])).toEqual([
      ['PT2S', false, 1],
      [null, true, null],
    ]);
    // Positioned at the game's version (COST-2), and sent again: the retry reads the command's record back.
    const version = (await ann.get<{ events: { seq: number }[] }>(`/games/${gameId}/events`)).body.events.at(-1)?.seq;
    const concede = { commandId: commandId(), expectedVersion: version, command: { type: 'Concede' } };
    const conceded = await bob.post(`/games/${gameId}/commands`, concede);
    expect(conceded.status, JSON.stringify(conceded.body)).toBe(200);
    expect((await bob.post<{ replayed: boolean }>(`/games/${gameId}/commands`, concede)).body.replayed).toBe(true);
    // Another command at that version is refused: the event after it is someone else's record (read back to tell).
    const stale = await ann.post(`/games/${gameId}/commands`, { ...concede, commandId: commandId() });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
  });

  it('OPS-1 a rated club game rates the club ladder', async () => {
    const club = await ann.post<{ clubId: string }>('/clubs', { name: 'OPS Club' });
    expect(club.status).toBe(201);
    const clubId = club.body.clubId;
    expect((await bob.post(`/clubs/${clubId}/join`, {})).status).toBe(201);
    const game = await ann.post<{ gameId: string }>('/games', {
      ruleset: 'soluna',
      seat: 'sun',
      options: { firstPlayer: 'sun', club: { clubId, rated: true } },
    });
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    expect((await bob.post(`/games/${game.body.gameId}/join`, {})).status).toBe(200);
    await eventually(
      () => ann.get<{ status: string }>(`/games/${game.body.gameId}`),
      (reply) => reply.body.status === 'playing',
    );
    expect((await bob.post(`/games/${game.body.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } })).status).toBe(
      200,
    );
    expect(
      (await ann.call('DELETE', `/clubs/${clubId}/members/${(await bob.get<{ playerId: string }>('/players/me')).body.playerId}`)).status,
    ).toBe(204);
    const ladder = await eventually(
      () => ann.get<{ players?: unknown[] }>(`/clubs/${clubId}/ladders/soluna`),
      (reply) => (reply.body.players?.length ?? 0) === 2,
    );
    expect(ladder.status).toBe(200);
  });

  it('OPS-1 a tournament round: paired by the reactor, its deadline armed, its game conceded and reported, the tournament exported', async () => {
    const made = await ann.post<{ tournamentId: string }>('/tournaments', {
      name: 'OPS Cup',
      format: 'swiss',
      rounds: 1,
      ruleset: 'soluna',
      roundDeadline: 'PT10M',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.tournamentId;
    for (const player of [bob, cy])
      expect(
        (await player.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } })).status,
      ).toBe(200);
    expect((await ann.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } })).status).toBe(
      200,
    );
    type Rounds = { rounds: { pairings: { gameId?: string; blue: string }[] }[] };
    const rounds = await eventually(
      () => ann.get<Rounds>(`/tournaments/${id}/rounds`),
      (reply) => Boolean(reply.body.rounds[0]?.pairings[0]?.gameId),
    );
    const pairing = rounds.body.rounds[0]?.pairings[0];
    const blue = pairing?.blue === (await bob.get<{ playerId: string }>('/players/me')).body.playerId ? bob : cy;
    await eventually(
      () => ann.get<{ status: string }>(`/games/${pairing?.gameId}`),
      (reply) => reply.status === 200 && reply.body.status !== 'lobby',
    );
    expect((await blue.post(`/games/${pairing?.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } })).status).toBe(
      200,
    );
    await eventually(
      () => ann.get<{ status: string }>(`/tournaments/${id}`),
      (reply) => reply.body.status === 'ended',
    );
    expect((await fetch(`${url}/tournaments/${id}/export`, { headers: { authorization: `Bearer ${ann.apiKey}` } })).status).toBe(200);
    expect((await fireSchedules(id)).map((a) => [a.phaseKey, a.written])).toEqual([['round-1', 0]]);
  });

  it('OPS-1 the bus events reach the webhook deliverer, which queues its retry, and the retry is delivered again', async () => {
    const published = await eventually(
      async () => recorder.sent.filter((s) => s.operation === 'PutEvents').flatMap((s) => s.input.Entries as Record<string, unknown>[]),
      (entries) => entries.some((e) => e.DetailType === 'GameEnded'),
    );
    const answer = await invoke<{ batchItemFailures: unknown[] }>('webhooks', busMessages(published));
    expect(answer.batchItemFailures).toEqual([]);
    const retries = recorder.sent.filter((s) => s.operation === 'SendMessage');
    expect(retries.length).toBeGreaterThan(0);
    const again = await invoke<{ batchItemFailures: unknown[] }>(
      'webhooks',
      sqsEvent(
        retries.slice(0, 1).map((r) => String(r.input.MessageBody)),
        WEBHOOK_QUEUE_ARN,
      ),
    );
    expect(again.batchItemFailures).toEqual([]);
    const log = await ann.get<{ deliveries: unknown[] }>(`/me/webhooks/${hookId}/deliveries`);
    expect(log.body.deliveries.length).toBeGreaterThan(0);
    expect((await ann.call('DELETE', `/me/webhooks/${hookId}`)).status).toBe(204);
  });

  it('OPS-1 the recording is the fixture the stack test checks (npm run record-calls writes it again)', async () => {
    await poller.stop();
    const recorded = recorder.recorded();
    expect(Object.keys(recorded).sort()).toEqual(
      ['api', 'clubs', 'phaseTimer', 'projector', 'publisher', 'timerReactor', 'tournaments', 'webhooks'].sort(),
    );
    if (process.env.ARBITER_RECORD_CALLS === 'write') writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 2)}\n`);
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as RecordedCalls;
    expect(recorded, 'test/fixtures/aws-calls.json is stale: run npm run record-calls, then the stack test').toEqual(fixture);
  });
});
