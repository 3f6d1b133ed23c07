/**
 * OPS-2: the bundles `cdk deploy` ships, run as Lambda runs them (test/support/lambda-harness.ts),
 * against DynamoDB Local. A match of each ruleset is played through them: commands through the
 * API bundle as HTTP API v2 payloads; the events table's stream, read by the local runtime's
 * stream poller, handed in batches to the projector, publisher, timer reactor and tournament
 * reactor bundles; the deadline the timer reactor scheduled fired through the phase timer bundle
 * with the schedule's own payload; a webhook sent by the deliverer bundle from an SQS message;
 * and the exported log verified as `arbiter verify` verifies it. Every function runs with the
 * environment the synthesized stack gives it, and that environment is checked against what its
 * bundle reads. AWS's other services are a stand-in on 127.0.0.1 (test/support/aws-stand-in.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createDeps, createWebhooks } from '../../functions/adapters/dynamo-deps.ts';
import { HttpWebhookSender } from '../../functions/adapters/webhook-sender.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { createSubscription } from '../../functions/notifications/app/webhook-subscriptions.ts';
import { StreamPoller } from '../../infra/local/stream-poller.ts';
import { localWebhookPolicy } from '../../infra/local/webhook-deliveries.ts';
import { type ReferenceCommand, referenceCommands, referenceLog } from '../../scenarios/realistic-games.ts';
import { verify, verifyTournamentFile } from '../../tools/arbiter-cli/src/commands.ts';
import { EXIT } from '../../tools/arbiter-cli/src/usage.ts';
import { AwsStandIn } from '../support/aws-stand-in.ts';
import { Client, commandId } from '../support/client.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import {
  type ApiHandler,
  bundleText,
  busEventMessage,
  coldHandler,
  coldModule,
  FUNCTION_NAMES,
  type FunctionName,
  firesAt,
  functionEnvironment,
  httpApiEvent,
  httpApiTransport,
  keepFetchOnMachine,
  type LocalResources,
  lambdaBundles,
  lambdaContext,
  routeOf,
  type StackEnvironments,
  type StreamHandler,
  schedulerPayload,
  sqsEvent,
  stackEnvironments,
  variablesOurCodeNames,
  variablesRead,
  withEnvironment,
} from '../support/lambda-harness.ts';
import { Receiver } from '../support/webhook-receiver.ts';

/** What Lambda sets in every function's environment itself; the code may read them without the stack naming them. */
const SET_BY_LAMBDA = new Set(['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);
/** Read, with a default, and never set by the stack, each for a reason. */
const OPTIONAL = new Map([
  ['DYNAMODB_ENDPOINT', 'the local runtime points the DynamoDB client at DynamoDB Local with it; on AWS the SDK finds the endpoint'],
  [
    'ARBITER_RATE_LIMITS',
    'functions/config.ts reads it in every function with the tables; only the API and the clubs function limit rates, and only they are given it',
  ],
  ['ARBITER_MAX_WAITS_PER_KEY', "an operator's override of the waiting reads' per-key cap (REL-23); the default holds on AWS"],
]);
/** Set by the stack for Node itself, not for our code: source maps in stack traces. */
const READ_BY_NODE = new Set(['NODE_OPTIONS']);

const CONSUMERS = ['projector', 'publisher', 'timerReactor', 'tournaments'] as const satisfies readonly FunctionName[];

let stack: StackEnvironments;
let db: TestDb;
let standIn: AwsStandIn;
let receiver: Receiver;
let local: LocalResources;
let poller: StreamPoller;
let restoreFetch: () => void;
let players: { first: Client; second: Client; firstId: string };
/** The runtime's own deps on the same tables, with the local runtime's webhook policy: loopback allowed. */
let localDeps: Deps;
const folder = mkdtempSync(join(tmpdir(), 'arbiter-ops-2-'));

/** Each stream batch a consumer bundle was handed, and its partial-batch response. */
const batches: { consumer: string; event: DynamoDBStreamEvent; failures: readonly unknown[] }[] = [];
let projector: (event: DynamoDBStreamEvent) => Promise<Awaited<ReturnType<StreamHandler>>>;

/** A bundle's handler, loaded cold, invoked in its function's environment, one invocation at a time. */
const invoker = async <E, R>(name: FunctionName) => {
  const handler = await coldHandler<(event: E, context: ReturnType<typeof lambdaContext>) => Promise<R>>(name);
  return (event: E) => withEnvironment(functionEnvironment(name, stack, local), () => handler(event, lambdaContext(name)));
};

/** The HTTP API: each request to the function the stack's route for it invokes. */
let rawApi: ReturnType<typeof httpApiTransport>;
let phaseTimer: (event: unknown) => Promise<{ gameId: string; phaseKey: string; written: number; version: number }>;
let deliverer: (event: SQSEvent) => Promise<SQSBatchResponse>;

beforeAll(async () => {
  // The bundles' request lines and metrics go to stdout, as Lambda sends them to CloudWatch; nobody reads them here.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  [, stack, db, standIn, receiver] = await Promise.all([
    lambdaBundles(),
    stackEnvironments(),
    freshTables(),
    AwsStandIn.start(),
    Receiver.start(),
  ]);
  local = { tables: db.tables, standIn, dynamoEndpoint: db.endpoint, keyCreated: '2026-01-01T00:00:00.000Z' };
  restoreFetch = keepFetchOnMachine(standIn);
  const api = await invoker<Parameters<ApiHandler>[0], Awaited<ReturnType<ApiHandler>>>('api');
  const consumers = await Promise.all(
    CONSUMERS.map(async (name) => {
      const handler = await invoker<DynamoDBStreamEvent, Awaited<ReturnType<StreamHandler>>>(name);
      return {
        name,
        handler: async (event: DynamoDBStreamEvent) => {
          const response = await handler(event);
          batches.push({ consumer: name, event, failures: response?.batchItemFailures ?? [] });
          return response;
        },
      };
    }),
  );
  projector = await invoker('projector');
  phaseTimer = await invoker('phaseTimer');
  deliverer = await invoker('webhooks');
  poller = new StreamPoller({ endpoint: db.endpoint, streamArn: db.streamArn, consumers });
  // Loopback is allowed only here, by the local runtime's policy (infra/local/webhook-deliveries.ts), with a
  // resolver that sends no DNS query: the stack's policy, in the deliverer's own handler, refuses the receiver.
  const policy = localWebhookPolicy({ allowLoopback: true });
  const loopback = async () => ['127.0.0.1'];
  localDeps = createDeps(db.dynamo.client, db.tables, everyRuleset(), {
    webhooks: createWebhooks(db.dynamo.client, db.tables, policy, new HttpWebhookSender(policy, loopback), loopback),
  });
  rawApi = httpApiTransport(stack.routes, { api, docs: await invoker('docs'), clubs: await invoker('clubs'), web: await invoker('web') });
  const anon = new Client('https://arbiter.example', undefined, rawApi);
  const first = await anon.register('first');
  const second = await anon.register('second');
  players = { first: first.client, second: second.client, firstId: first.playerId };
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  restoreFetch?.();
  await Promise.all([standIn?.close(), receiver?.close(), poller?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Reads the stream until every consumer has been handed `events` records (every event the table
 * holds: each is one INSERT record), as Lambda's event source mappings would hand them on.
 */
const settle = async (events: number): Promise<void> => {
  for (let reads = 0; reads < 50; reads += 1) {
    await poller.pollOnce();
    if (CONSUMERS.every((name) => (poller.delivered.get(name) ?? 0) >= events)) return;
  }
  throw new Error(`the consumers were not handed ${events} records: ${JSON.stringify([...poller.delivered])}`);
};

/** The key set the documentation bundle publishes from the environment the stack wrote (TRUST-1), in a file for `arbiter verify`. */
const publishedKeys = async (): Promise<string> => {
  const jwks = await rawApi('https://arbiter.example/.well-known/arbiter-keys.json', { method: 'GET' });
  expect(jwks.status).toBe(200);
  const file = join(folder, 'keys.json');
  writeFileSync(file, await jwks.text());
  return file;
};

/** Every event of the table so far, games' and tournaments' alike: each was put once, so each is one INSERT record. */
const eventsSoFar = async (): Promise<number> =>
  (await db.dynamo.client.send(new ScanCommand({ TableName: db.tables.events, Select: 'COUNT' }))).Count ?? 0;

/** What a function is given and never reads, and what it reads and is not given (beside what Lambda sets and the optional ones). */
const mismatchOf = (set: ReadonlySet<string>, read: ReadonlySet<string>) => ({
  readNotSet: [...read].filter((v) => !set.has(v) && !SET_BY_LAMBDA.has(v) && !OPTIONAL.has(v)).sort(),
  setNotRead: [...set].filter((v) => !read.has(v) && !READ_BY_NODE.has(v)).sort(),
});

/** Each function's variables in the template, and those of them and of our code its bundle reads. */
const environmentsAndReads = async () => {
  const [built, env] = await Promise.all([lambdaBundles(), stackEnvironments()]);
  const known = new Set([...variablesOurCodeNames(), ...FUNCTION_NAMES.flatMap((name) => Object.keys(env.variables[name]))]);
  return FUNCTION_NAMES.map((name) => ({
    name,
    set: new Set(Object.keys(env.variables[name])),
    read: variablesRead(bundleText(built.folder(name)), known),
  }));
};

describe('OPS-2 the events are shaped as AWS sends them', () => {
  it('OPS-2 an HTTP API v2 payload has its headers lower-cased, its cookies apart, its query raw and parsed, its body in base64 or not', () => {
    const url = new URL('https://arbiter.example/games/g_1/state?at=1&viewer=red');
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: 'a=1; b=2' }, body: '{"x":1}' };
    const [one, two] = [httpApiEvent(url, init), httpApiEvent(url, init)];
    expect(one).toMatchObject({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/games/g_1/state',
      rawQueryString: 'at=1&viewer=red',
      queryStringParameters: { at: '1', viewer: 'red' },
      cookies: ['a=1', 'b=2'],
      headers: { 'content-type': 'application/json' },
      requestContext: { http: { method: 'POST', path: '/games/g_1/state' }, stage: '$default' },
    });
    expect(one.headers.cookie).toBeUndefined();
    // One of two bodies comes base64-encoded, so the handler decodes both forms.
    const decoded = [one, two].map((e) => (e.isBase64Encoded ? Buffer.from(e.body ?? '', 'base64').toString() : e.body));
    expect(decoded).toEqual([init.body, init.body]);
    expect([one.isBase64Encoded, two.isBase64Encoded].sort()).toEqual([false, true]);
  });

  it("OPS-2 a bus event reaches the deliverer as the rule's SQS target writes it: the whole EventBridge envelope", () => {
    const entry = {
      Source: 'arbiter',
      DetailType: 'GameEnded',
      Detail: '{"eventId":"e","gameId":"g_1","seq":3}',
      EventBusName: 'arbiter',
      Time: 1_796_697_158,
    };
    expect(JSON.parse(busEventMessage(entry, 1))).toEqual({
      version: '0',
      id: 'bus-1',
      'detail-type': 'GameEnded',
      source: 'arbiter',
      account: '000000000000',
      time: '2026-12-08T02:32:38Z',
      region: 'us-east-1',
      resources: [],
      detail: { eventId: 'e', gameId: 'g_1', seq: 3 },
    });
  });
});

describe('OPS-2 each function is given the variables its bundle reads', () => {
  it('OPS-2 every variable a bundle reads is set for its function by the stack, and every one set is read', async () => {
    const mismatches = (await environmentsAndReads()).map(({ name, set, read }) => ({ name, ...mismatchOf(set, read) }));
    expect(mismatches).toEqual(FUNCTION_NAMES.map((name) => ({ name, readNotSet: [], setNotRead: [] })));
  });

  it("OPS-2 the check fails on the deliverer without its queue's URL, and on the projector given one it never reads", async () => {
    const functions = await environmentsAndReads();
    const webhooks = functions.find((f) => f.name === 'webhooks');
    const projector = functions.find((f) => f.name === 'projector');
    if (!webhooks || !projector) throw new Error('the stack has no webhooks or projector function');
    const withoutQueue = new Set([...webhooks.set].filter((v) => v !== 'WEBHOOK_QUEUE_URL'));
    expect(mismatchOf(withoutQueue, webhooks.read)).toEqual({ readNotSet: ['WEBHOOK_QUEUE_URL'], setNotRead: [] });
    expect(mismatchOf(new Set([...projector.set, 'EVENT_BUS_NAME']), projector.read)).toEqual({
      readNotSet: [],
      setNotRead: ['EVENT_BUS_NAME'],
    });
  });

  it("OPS-2 the check reads each bundle's own variables: the deliverer reads its queue's URL, the API does not", async () => {
    const built = await lambdaBundles();
    const names = ['WEBHOOK_QUEUE_URL', 'EVENTS_TABLE', 'SCHEDULE_GROUP'];
    expect([...variablesRead(bundleText(built.folder('webhooks')), names)].sort()).toEqual(['EVENTS_TABLE', 'WEBHOOK_QUEUE_URL']);
    expect([...variablesRead(bundleText(built.folder('api')), names)]).toEqual(['EVENTS_TABLE']);
    expect([...variablesRead(bundleText(built.folder('timerReactor')), names)].sort()).toEqual(['EVENTS_TABLE', 'SCHEDULE_GROUP']);
  });

  it("OPS-2 the HTTP API's stage is $default and its routes send payload 2.0, so the bundles get v2 events with no stage in the path", async () => {
    const { stageName, routes } = await stackEnvironments();
    expect(stageName).toBe('$default');
    expect(new Set(routes.map((r) => r.payloadVersion))).toEqual(new Set(['2.0']));
    expect(new Set(routes.map((r) => r.function))).toEqual(new Set(['api', 'clubs', 'docs', 'web']));
    expect(routeOf(routes, 'GET', '/games/g_1/state')).toMatchObject({ route: { function: 'api' }, pathParameters: { id: 'g_1' } });
    expect(routeOf(routes, 'POST', '/tournaments/t_1/commands')?.route.function).toBe('clubs');
  });
});

const RULESETS = ['post-galactica', 'soluna', 'gsc2'] as const;
const played = new Map<string, string>();
/** The webhook the deliverer's own handler is to refuse. */
let refused = '';

/** The most of a reference's commands a match plays: enough for its deployment and first moves, few enough to stay quick. */
const OPENING = 12;

/**
 * The reference's commands after the first player's choice, each sent by its seat's player through
 * the API bundle, until one is refused (the game's own dice have parted it from the reference) or a
 * command of the system's comes (a deadline, which this test fires itself). Answers how many were accepted.
 */
const playOpening = async (gameId: string, seats: readonly string[], commands: readonly ReferenceCommand[]): Promise<number> => {
  const lifecycle = new Set(['CreateGame', 'JoinGame', 'ChooseFirstPlayer']);
  let accepted = 0;
  for (const { actor, command } of commands.filter((c) => !lifecycle.has(c.command.type)).slice(0, OPENING)) {
    if (actor === 'system') break;
    const player = actor === seats[0] ? players.first : players.second;
    const answer = await player.post(`/games/${gameId}/commands`, { commandId: commandId(), command });
    if (answer.status !== 200) break;
    accepted += 1;
  }
  return accepted;
};

describe('OPS-2 a match of each ruleset through the Lambda bundles', () => {
  it.each(RULESETS)(
    'OPS-2 a %s match is played through the bundles: its reference opening, a deadline fired by the phase timer, a concession, and its log verifies',
    async (ruleset) => {
      // The reference match's seats, rules (mission, scenario) and first player, so its opening commands apply as they are.
      const reference = referenceLog(ruleset);
      const seats = reference.header.seats.map((s) => s.name);
      const { rules } = (reference.header.state as { options: { rules: unknown } }).options;
      const commands = referenceCommands(reference);
      const chosen = commands.find((c) => c.command.type === 'ChooseFirstPlayer')?.command as { seat: string } | undefined;
      const created = await players.first.post<{ gameId: string }>('/games', {
        ruleset,
        seat: seats[0],
        options: { firstPlayer: chosen?.seat, deadlines: { default: 'PT1H' }, rules },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { gameId } = created.body;
      played.set(ruleset, gameId);
      // A webhook on two of the games: the first to be delivered, the second to be refused by the stack's policy.
      if (ruleset === 'post-galactica') await createSubscription(localDeps, players.firstId, { url: receiver.url, gameId });
      if (ruleset === 'soluna')
        refused = (await createSubscription(localDeps, players.firstId, { url: receiver.url, gameId })).subscription.id;
      const joined = await players.second.post(`/games/${gameId}/join`, {});
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const opening = await playOpening(gameId, seats, commands);
      // Deployment at least: the opening runs until the dice, which this game's seed rolls otherwise, part it from the reference.
      expect(opening, `${ruleset}'s opening`).toBeGreaterThanOrEqual(2);
      await settle(await eventsSoFar());

      // The timer reactor bundle scheduled the step's deadline with Scheduler; it fires with the schedule's own input.
      const schedule = [...standIn.schedules.values()].find((s) => {
        const input = schedulerPayload(s) as { gameId: string; reminder?: string };
        return input.gameId === gameId && input.reminder === undefined;
      });
      expect(schedule, 'a deadline schedule for the game').toBeDefined();
      if (!schedule) return;
      expect(schedule.Target.Arn).toBe(functionEnvironment('timerReactor', stack, local).PHASE_TIMER_ARN);
      vi.useFakeTimers({ toFake: ['Date'], now: firesAt(schedule).getTime() + 1000 });
      const fired = await phaseTimer(schedulerPayload(schedule));
      expect(fired).toMatchObject({ gameId, phaseKey: (schedulerPayload(schedule) as { phaseKey: string }).phaseKey });
      expect(fired.written).toBeGreaterThan(0);
      await settle(await eventsSoFar());

      const conceded = await players.second.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
      expect(conceded.status, JSON.stringify(conceded.body)).toBe(200);
      await settle(await eventsSoFar());
      // The projector bundle wrote the read model the API bundle serves.
      const view = await players.first.get<{ status: string; version: number }>(`/games/${gameId}`);
      expect(view.body).toMatchObject({ status: 'ended', version: (await loadGame(localDeps, gameId)).state.version });
      // A query string, and the cookies a browser sends along, which API Gateway hands over apart from the headers.
      const atOne = await players.second.get<{ at: number; state: { version: number } }>(`/games/${gameId}/state?at=1`, {
        cookie: 'theme=dark; lang=en',
      });
      expect(atOne.body).toMatchObject({ at: 1, state: { version: 1 } });

      const log = await rawApi(`https://arbiter.example/games/${gameId}/log`, {
        headers: { authorization: `Bearer ${players.first.apiKey}` },
      });
      expect(log.status).toBe(200);
      const file = join(folder, `${ruleset}.ndjson`);
      const text = await log.text();
      writeFileSync(file, text);
      const types = text
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { type: string }).type);
      expect(types).toEqual(expect.arrayContaining(['GameCreated', 'DeadlinePassed', 'GameEnded']));
      const keys = await publishedKeys();
      const lines: string[] = [];
      expect(await verify(file, (line) => lines.push(line), { keys }), lines.join('\n')).toBe(EXIT.holds);
      // Signed by the API bundle with a key the stack's KMS key (here the stand-in's) certified.
      expect(lines.join('\n')).toMatch(/signed by this service: proved/);
      // The timer reactor bundle deleted the game's schedules once it ended (or they fired).
      expect([...standIn.schedules.values()].filter((s) => (schedulerPayload(s) as { gameId: string }).gameId === gameId)).toEqual([]);
    },
  );

  it('OPS-2 a one-round tournament through the clubs and tournament reactor bundles: its game opened, played, reported, the cup ended', async () => {
    const created = await players.first.post<{ tournamentId: string }>('/tournaments', {
      commandId: commandId(),
      name: 'Bundle Cup',
      format: 'swiss',
      rounds: 1,
      ruleset: 'post-galactica',
      roundDeadline: 'P1D',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cup = created.body.tournamentId;
    for (const player of [players.first, players.second]) {
      const joined = await player.post(`/tournaments/${cup}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }
    const started = await players.first.post(`/tournaments/${cup}/commands`, {
      commandId: commandId(),
      command: { type: 'StartTournament' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The tournament reactor bundle opens the round's game from the stream, and arms the round's deadline.
    await settle(await eventsSoFar());
    const { body } = await players.first.get<{ rounds: { pairings: { gameId: string; blue: string }[] }[] }>(`/tournaments/${cup}/rounds`);
    const [pairing] = body.rounds[0]?.pairings ?? [];
    if (!pairing) throw new Error(`round 1 has no game: ${JSON.stringify(body)}`);
    // A round's deadline is a schedule of the tournament's stream, to the same phase timer.
    expect(standIn.created.filter((s) => (schedulerPayload(s) as { gameId: string }).gameId === cup).map(schedulerPayload)).toEqual([
      { gameId: cup, phaseKey: 'round-1' },
    ]);
    const blue = pairing.blue === players.firstId ? players.first : players.second;
    const conceded = await blue.post(`/games/${pairing.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    expect(conceded.status, JSON.stringify(conceded.body)).toBe(200);
    // The game's end comes back to the reactor on the stream: it reports the result, which ends the one-round cup.
    await settle(await eventsSoFar());
    await settle(await eventsSoFar());
    const cupView = await players.first.get<{ status: string }>(`/tournaments/${cup}`);
    expect(cupView.body).toMatchObject({ status: 'ended' });
    const exported = await rawApi(`https://arbiter.example/tournaments/${cup}/export`, {
      headers: { authorization: `Bearer ${players.first.apiKey}` },
    });
    expect(exported.status).toBe(200);
    const file = join(folder, 'cup.ndjson');
    writeFileSync(file, await exported.text());
    const lines: string[] = [];
    expect(await verifyTournamentFile(file, (line) => lines.push(line), await publishedKeys()), lines.join('\n')).toBe(EXIT.holds);
    expect(lines.join('\n')).toMatch(/signed by this service/);
  });

  it('OPS-2 the web bundle serves the viewer page at / from the files its package carries', async () => {
    const page = await rawApi('https://arbiter.example/', { method: 'GET', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<html/i);
  });

  it('OPS-2 the stream came to the consumer bundles in batches of several records, and none was reported failed', () => {
    expect(batches.length).toBeGreaterThan(0);
    expect(Math.max(...batches.map((b) => b.event.Records.length))).toBeGreaterThan(1);
    expect(batches.filter((b) => b.failures.length > 0)).toEqual([]);
    expect(new Set(batches.map((b) => b.consumer))).toEqual(new Set(CONSUMERS));
  });

  it('OPS-2 the projector bundle names the one record of a batch it cannot read in its partial-batch response', async () => {
    const real = batches.find((b) => b.consumer === 'projector' && b.event.Records.length > 1)?.event.Records ?? [];
    const [first, second] = real;
    if (!first?.dynamodb || !second) throw new Error('no batch of several records was recorded');
    const broken = {
      ...first,
      dynamodb: { ...first.dynamodb, SequenceNumber: '1', NewImage: { gameId: { S: 'g_broken' }, seq: { N: '1' } } },
    };
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Lambda hands records in stream order; the real ones are projected again, which changes nothing.
    const answer = await projector({ Records: [broken, ...real] });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }] });
    expect(JSON.parse(String(said.mock.calls[0]?.[0])).msg).toMatch(/^stream: record 1 .* is not an event/);
    said.mockRestore();
  });

  it("OPS-2 the webhook deliverer bundle sends a game's notice from an SQS message to a receiver on 127.0.0.1", async () => {
    const gameId = played.get('post-galactica') ?? '';
    const entries = standIn.published.filter((e) => (JSON.parse(e.Detail) as { gameId: string }).gameId === gameId);
    expect(entries.length).toBeGreaterThan(0);
    // The publisher bundle put them on the bus its environment names: the stack's `arbiter` bus.
    expect(new Set(entries.map((e) => [e.EventBusName, e.Source].join(' ')))).toEqual(new Set(['arbiter arbiter']));
    const { makeDeliverer } = (await coldModule('webhooks')) as {
      makeDeliverer: (deps: () => Deps, queue: () => { later: () => Promise<void> }) => (event: SQSEvent) => Promise<SQSBatchResponse>;
    };
    const queue = { later: async () => {} };
    // One message of the batch is no event: the batch answers for it alone (partial batch response).
    const event = sqsEvent(
      [...entries.map((entry, i) => busEventMessage(entry, i)), JSON.stringify({ detail: 'not an event' })],
      standIn.arn('sqs', 'WebhookDeliveriesQueue'),
    );
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await withEnvironment(functionEnvironment('webhooks', stack, local), () =>
      makeDeliverer(
        () => localDeps,
        () => queue,
      )(event),
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records.at(-1)?.messageId }] });
    expect(said.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(['webhook delivery failed']);
    said.mockRestore();
    const notices = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { gameId: string; receipt: unknown } });
    // A your-turn notice for each step the first player was awaited in, and the end.
    expect(new Set(notices.map((n) => n.type))).toEqual(new Set(['game-ended', 'your-turn']));
    expect(notices.filter((n) => n.type === 'game-ended')).toHaveLength(1);
    for (const notice of notices) expect(notice.data).toMatchObject({ gameId, receipt: { gameId, signature: { alg: 'EdDSA' } } });
    expect(receiver.received.every((r) => /^v1,/.test(r.headers['webhook-signature'] ?? ''))).toBe(true);
  });

  it("OPS-2 the deliverer bundle's own handler, with the stack's policy, refuses the receiver's http://127.0.0.1 URL and sends it nothing", async () => {
    const gameId = played.get('soluna') ?? '';
    const entries = standIn.published.filter((e) => (JSON.parse(e.Detail) as { gameId: string }).gameId === gameId);
    const before = receiver.received.length;
    const answer = await deliverer(
      sqsEvent(
        entries.map((entry, i) => busEventMessage(entry, i)),
        standIn.arn('sqs', 'WebhookDeliveriesQueue'),
      ),
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(receiver.received.length).toBe(before);
    const log = (await localDeps.webhooks.table.get(players.firstId, refused))?.log ?? [];
    // Each notice fails on the policy, or is cancelled once a failure has disabled the subscription
    // (the batch's messages are handled at once, so how many fail before that varies).
    expect(new Set(log.map((entry) => entry.kind))).toEqual(new Set(['game-ended', 'your-turn']));
    expect(log.filter((entry) => entry.status === 'failed').length).toBeGreaterThan(0);
    const outcomes = ['failed: http: URLs are not delivered to; use https', 'cancelled: the subscription is disabled'];
    expect(log.map((entry) => `${entry.status}: ${entry.lastError}`).filter((outcome) => !outcomes.includes(outcome))).toEqual([]);
    expect(log.filter((entry) => entry.status === 'delivered')).toEqual([]);
  });
});
