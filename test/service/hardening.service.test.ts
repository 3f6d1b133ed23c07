/**
 * Every fault an outside probe found (issue "Hardening") that needs the local runtime around
 * the handler: a deadline that fires, the HTTP stand-in's own body limit, and a broken read
 * model. A refusal must be a 4xx problem+json with a sentence, and must write nothing. The
 * faults the handler refuses by itself run in-process (test/unit/hardening.unit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { expectProblem, type Problem, rawRequests, playingGame as sharedPlayingGame } from '../support/hardening.ts';
import { Client, letTimePass, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let anon: Client;
let red: Client;
let blue: Client;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

/** A raw request, for bodies and paths a well-behaved client would never send. */
const raw = rawRequests(
  (url, init) => fetch(url, init),
  () => runtime.url,
  () => red.apiKey,
);
const playingGame = (deadlines?: Record<string, unknown>) => sharedPlayingGame(red, blue, deadlines);

describe('REL-1 system command ids', () => {
  it('REL-1 a player who takes the old deadline id of the next step first cannot stop its deadline', async () => {
    // A minute for the Resource Phase, skipped to; a day for everything else.
    const { gameId } = await playingGame({ default: 'P1D', phases: { resource: 'PT1M' } });
    const taken = await red.post(`/games/${gameId}/commands`, { commandId: 'deadline.t1-resource', command: { type: 'EndPhase' } });
    expect(taken.status).toBe(200);
    const view = () => red.get<{ step: { key: string } | null }>(`/games/${gameId}`);
    await letTimePass(runtime, async () => (await view()).body.step?.key === 't1-movement');
    const moved = await view();
    expect(moved.status).toBe(200);
    const log = (await red.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    expect(log.filter((e) => e.type === 'DeadlinePassed').map((e) => e.commandId)).toEqual(['@deadline.t1-resource']);
  });
});

describe('REL-7 oversize bodies', () => {
  it('REL-7 a 2 MiB body gets a 413 problem the client can read, not a reset connection', async () => {
    const reply = await raw('POST', '/players', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), '');
    expectProblem(reply, 413);
    expect(reply.headers.get('connection')).toBe('close');
  });
});

describe('REL-9 unexpected errors and the request log', () => {
  it('REL-9 an unexpected error is a 500 problem with the request id; the stack goes to the log, never to the client', async () => {
    const lines: string[] = [];
    const own = await startServiceRuntime({ log: (line) => lines.push(line) });
    try {
      const client = (await new Client(own.url).register('Cid')).client;
      // A read model that is not JSON: a fault of ours (a projector's), not of the request.
      expect(await own.deps.games.putReadModel('g_broken', { version: 1, state: '{not json' }, 'any')).toBe(true);
      const reply = await fetch(`${own.url}/games/g_broken`, { headers: { authorization: `Bearer ${client.apiKey}` } });
      const text = await reply.text();
      const body = JSON.parse(text) as Problem & { requestId: string };
      expect(reply.status).toBe(500);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(body.requestId).toBe(reply.headers.get('x-request-id'));
      expect(body.detail).toContain(body.requestId);
      expect(text).not.toMatch(/SyntaxError|at .*\.ts|stack/);
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const failure = logged.find((l) => l.msg === 'unhandled error' && l.requestId === body.requestId);
      expect(String(failure?.stack)).toContain('SyntaxError');
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'request', method: 'GET', route: '/games/{id}', status: 500, requestId: body.requestId }),
      );
      const ok = logged.find((l) => l.msg === 'request' && l.route === '/players');
      expect(ok).toMatchObject({ method: 'POST', status: 201 });
      expect(typeof ok?.ms).toBe('number');
    } finally {
      await own.stop();
    }
  });
});
