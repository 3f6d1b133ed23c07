/**
 * PERF-1 through the code a deployment runs: the API and the phase timer as Lambda bundles
 * (code-split, built with the stack's settings), each loading a rule system only when a game
 * first needs it. The local runtime's HTTP stand-in serves the API bundle, on this run's
 * DynamoDB Local; the projector and the other consumers are the runtime's own. Node imports
 * each copy itself, as Lambda does (vitest.config.ts keeps vite's transforms off them).
 *
 * Each step starts from a bundle that has loaded no ruleset (a fresh copy is a fresh module
 * graph, as a cold container is), so every way a game is first read is taken cold: creating
 * one, reading it from its read model, from the log at an event, exporting it, deciding a
 * command on it, and firing its deadline. Every request goes to 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { ApiHandler } from '../../infra/local/http-server.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';
import { coldHandler as cold, lambdaBundles } from '../support/lambda-harness.ts';

type PhaseTimer = (input: unknown) => Promise<unknown>;

/** The API the stand-in serves: swapped for a cold copy before each step. */
let api: ApiHandler | undefined;
let runtime: Runtime;
let players: Record<string, Client>;

/**
 * A game of each ruleset: its creator's seat plays first, the other seat joins. The creator's
 * command is one only that ruleset's referee can answer, with one of its rules.
 */
const GAMES = [
  {
    ruleset: 'post-galactica',
    seats: ['red', 'blue'],
    rules: { scenario: 'example' },
    command: { type: 'EndPhase' },
    answer: { status: 409, rule: 'PG-4', code: 'DEPLOYING' },
  },
  {
    ruleset: 'soluna',
    seats: ['sun', 'moon'],
    rules: {},
    command: { type: 'SubmitActions', actions: [] },
    answer: { status: 422, rule: 'SOL-3', code: 'MISSING_CHOICE' },
  },
  {
    ruleset: 'gsc2',
    seats: ['red', 'blue'],
    rules: {},
    command: { type: 'EndMoves' },
    answer: { status: 403, rule: 'GSC-3', code: 'NOT_YOUR_GROUP' },
  },
] as const;
const gameIds = new Map<string, string>();

type View = { status: string; version: number; ruleset: string; step: { key: string } | null };

beforeAll(async () => {
  // Built once per run with every other bundle (test/support/lambda-harness.ts); each `cold` load is a fresh copy.
  await lambdaBundles(['api', 'phaseTimer']);
  runtime = await startTestRuntime({
    apiHandler: (event, context) => {
      if (!api) throw new Error('no API bundle loaded');
      return api(event, context);
    },
  });
  // What a deployment's environment gives the functions; read by each bundle on its first request.
  vi.stubEnv('EVENTS_TABLE', runtime.tables.events);
  vi.stubEnv('GAMES_TABLE', runtime.tables.games);
  vi.stubEnv('DYNAMODB_ENDPOINT', runtime.dynamoEndpoint);
  api = await cold<ApiHandler>('api');
  const anon = new Client(runtime.url);
  players = {};
  for (const name of ['first', 'second']) players[name] = (await anon.register(name)).client;
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await runtime?.stop();
});

const first = () => players.first as Client;
const second = () => players.second as Client;

describe('PERF-1 the Lambda bundles load each rule system when a game first needs it', () => {
  it.each(GAMES)('PERF-1 a cold API creates a $ruleset game, and another cold one seats its second player', async (game) => {
    api = await cold<ApiHandler>('api');
    const created = await first().post<{ gameId: string }>('/games', {
      ruleset: game.ruleset,
      seat: game.seats[0],
      options: { firstPlayer: game.seats[0], rules: game.rules },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gameIds.set(game.ruleset, created.body.gameId);
    api = await cold<ApiHandler>('api');
    const joined = await second().post(`/games/${created.body.gameId}/join`, {});
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  });

  it.each(GAMES)('PERF-1 a cold API reads the $ruleset game from its read model, at an event, as its events and as a log', async (game) => {
    const gameId = gameIds.get(game.ruleset) ?? '';
    // The runtime's projector writes the read model from the stream.
    api = await cold<ApiHandler>('api');
    const view = await eventually(
      () => first().get<View>(`/games/${gameId}`),
      (reply) => reply.status === 200 && reply.body.status === 'playing',
    );
    expect(view.body).toMatchObject({ ruleset: game.ruleset, status: 'playing' });
    api = await cold<ApiHandler>('api');
    const at = await second().get<{ at: number; state: View }>(`/games/${gameId}/state?at=1`);
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body).toMatchObject({ at: 1, state: { ruleset: game.ruleset, status: 'lobby', version: 1 } });
    api = await cold<ApiHandler>('api');
    const events = await first().get<{ events: { type: string }[] }>(`/games/${gameId}/events`);
    expect(events.body.events[0]?.type).toBe('GameCreated');
    api = await cold<ApiHandler>('api');
    const log = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${first().apiKey}` } });
    expect(log.status).toBe(200);
    const header = JSON.parse((await log.text()).split('\n')[0] ?? '{}');
    expect(header).toMatchObject({ gameId, ruleset: game.ruleset, status: 'playing' });
  });

  it.each(GAMES)("PERF-1 a cold API decides a command on the $ruleset game with the game's referee", async (game) => {
    const gameId = gameIds.get(game.ruleset) ?? '';
    api = await cold<ApiHandler>('api');
    const reply = await first().post<{ status: number; rule: string; code: string }>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: game.command,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(game.answer.status);
    expect(reply.body).toMatchObject(game.answer);
  });

  it.each(GAMES)('PERF-1 a cold phase timer folds the $ruleset game and decides that its deadline is not due', async (game) => {
    const gameId = gameIds.get(game.ruleset) ?? '';
    const { state } = await loadGame(runtime.deps, gameId);
    const step = state.status === 'playing' ? state.step : null;
    expect(step).not.toBeNull();
    const timer = await cold<PhaseTimer>('phaseTimer');
    expect(await timer({ gameId, phaseKey: step?.key })).toEqual({ gameId, phaseKey: step?.key, written: 0, version: state.version });
  });
});
