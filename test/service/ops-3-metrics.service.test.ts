/**
 * OPS-3 through the service: the local runtime (memory adapters, HTTP on 127.0.0.1) counts what
 * its commands, deadlines, projections and webhook deliveries did, in the recorder its deps
 * hold, and answers them at `GET /metrics` in Prometheus text. Each test reads the change it
 * caused, since the runtime's figures add up over the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { MetricsRecorder } from '../../functions/adapters/memory/metrics.ts';
import type { MetricName } from '../../functions/kernel/metrics.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, letTimePass, startServiceRuntime } from '../support/http.ts';
import { Receiver } from '../support/webhook-receiver.ts';

let runtime: MemoryRuntime;
let recorder: MetricsRecorder;
let anon: Client;
let receiver: Receiver | undefined;

beforeAll(async () => {
  // Fast retries: a failed attempt is tried again after 50 ms.
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  if (!(runtime.deps.metrics instanceof MetricsRecorder)) throw new Error('the memory runtime keeps its metrics in a recorder');
  recorder = runtime.deps.metrics;
  anon = new Client(runtime.url);
});
afterAll(async () => {
  await runtime.stop();
  await receiver?.close();
});

const total = (name: MetricName, dimensions: Record<string, string> = {}) => recorder.total(name, dimensions);

const players = async (tag: string) => {
  const [ann, bob] = await Promise.all([anon.register(`Ann ${tag}`), anon.register(`Bob ${tag}`)]);
  return { ann: ann.client, bob: bob.client };
};

/** A Post Galactica match red (Ann) plays first, with `deadlines` for its steps; joined by Bob. */
const match = async (ann: Client, bob: Client, deadlines?: Record<string, unknown>) => {
  const created = await ann.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', ...(deadlines ? { deadlines } : {}) },
  });
  expect(created.status).toBe(201);
  const joined = await bob.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return created.body.gameId;
};

describe('OPS-3 the service reports itself', () => {
  it('OPS-3 a command accepted and one refused through HTTP count by ruleset and command type, and by ruleset and rule', async () => {
    const { ann, bob } = await players('commands');
    const created = total('CommandAccepted', { ruleset: 'post-galactica', command: 'CreateGame' }).sum;
    const joins = total('CommandAccepted', { ruleset: 'post-galactica', command: 'JoinGame' }).sum;
    const gameId = await match(ann, bob);
    expect(total('CommandAccepted', { ruleset: 'post-galactica', command: 'CreateGame' }).sum).toBe(created + 1);
    expect(total('CommandAccepted', { ruleset: 'post-galactica', command: 'JoinGame' }).sum).toBe(joins + 1);

    // Only the organiser may extend a deadline (PBM-12): Bob's try is refused by that rule.
    const refusedBefore = total('CommandRefused').sum;
    const refused = await bob.post<{ rule?: string }>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'ExtendDeadline', by: 'PT1H' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.rule).toBe('PBM-12');
    const rule = 'PBM-12';
    expect(total('CommandRefused').sum).toBe(refusedBefore + 1);
    expect(total('CommandRefused', { ruleset: 'post-galactica', rule }).sum).toBeGreaterThanOrEqual(1);
    // The refusal's series carries the ruleset and the rule, and nothing of the game.
    const series = recorder.series().filter((s) => s.name === 'CommandRefused' && s.dimensions.rule === rule);
    for (const s of series) expect(Object.keys(s.dimensions).sort()).toEqual(['rule', 'ruleset']);
    expect(JSON.stringify(recorder.series())).not.toContain(gameId);
  });

  it("OPS-3 a tournament's commands count as a game's do, under the ruleset tournament", async () => {
    const { ann, bob } = await players('tournament');
    const accepted = (command: string) => total('CommandAccepted', { ruleset: 'tournament', command }).sum;
    const [creates, joins] = [accepted('CreateTournament'), accepted('JoinTournament')];
    const created = await ann.post<{ tournamentId: string }>('/tournaments', {
      commandId: commandId(),
      name: 'Counted Cup',
      format: 'swiss',
      rounds: 1,
      ruleset: 'post-galactica',
    });
    expect(created.status).toBe(201);
    const cup = created.body.tournamentId;
    const joined = await bob.post(`/tournaments/${cup}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
    expect(joined.status).toBe(200);
    expect([accepted('CreateTournament'), accepted('JoinTournament')]).toEqual([creates + 1, joins + 1]);

    // Only the organiser starts it (CLUB-4): Bob's try is refused by that rule.
    const refusedBefore = total('CommandRefused', { ruleset: 'tournament', rule: 'CLUB-4' }).sum;
    const refused = await bob.post<{ rule?: string }>(`/tournaments/${cup}/commands`, {
      commandId: commandId(),
      command: { type: 'StartTournament' },
    });
    expect([refused.status, refused.body.rule]).toEqual([403, 'CLUB-4']);
    expect(total('CommandRefused', { ruleset: 'tournament', rule: 'CLUB-4' }).sum).toBe(refusedBefore + 1);
    expect(JSON.stringify(recorder.series())).not.toContain(cup);
  });

  it('OPS-3 a deadline that passes counts as fired, with how long after its time it fired; the projector reports its lag', async () => {
    const { ann, bob } = await players('deadline');
    const fired = total('DeadlineFired');
    const lateness = total('DeadlineLateness');
    const lag = total('ProjectionLag');
    const gameId = await match(ann, bob, { default: 'PT1M' });
    await letTimePass(runtime, async () => total('DeadlineFired').sum > fired.sum);

    const log = (await ann.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    const passed = log.filter((e) => e.type === 'DeadlinePassed');
    expect(passed.length).toBe(total('DeadlineFired').sum - fired.sum);
    // Each lateness is from the step's deadline to the time the fire was decided, as the log records both.
    const late = passed.map((e) => Date.parse(e.at) - Date.parse((e.data as { deadline: string }).deadline));
    expect(total('DeadlineLateness').count).toBe(lateness.count + passed.length);
    expect(total('DeadlineLateness').sum - lateness.sum).toBe(late.reduce((a, b) => a + b, 0));
    for (const ms of late) expect(ms).toBeGreaterThanOrEqual(0);

    // Every batch the stream projected reported its lag: the create, the join and each deadline's events at least.
    expect(total('ProjectionLag').count - lag.count).toBeGreaterThanOrEqual(2 + passed.length);
    expect(total('ProjectionLag').sum).toBeGreaterThanOrEqual(lag.sum);
  });

  it('OPS-3 a webhook attempt that fails counts as failed, the one that passes as delivered', async () => {
    const { ann, bob } = await players('webhooks');
    // The first attempt of each delivery is answered 503, the next 204.
    receiver = await Receiver.start((attempt) => (attempt === 1 ? 503 : 204));
    const hook = await ann.post<{ id: string }>('/me/webhooks', { url: receiver.url, kinds: ['your-turn'] });
    expect(hook.status).toBe(201);
    const failed = total('WebhookFailed').sum;
    const delivered = total('WebhookDelivered').sum;
    await match(ann, bob);
    const log = await eventually(
      async () => (await ann.get<{ deliveries: { status: string; attempts: number }[] }>(`/me/webhooks/${hook.body.id}/deliveries`)).body,
      (l) => l.deliveries.length > 0 && l.deliveries.every((d) => d.status === 'delivered'),
    );
    expect(log.deliveries.map((d) => d.attempts)).toEqual(log.deliveries.map(() => 2));
    expect(total('WebhookFailed').sum - failed).toBe(log.deliveries.length);
    expect(total('WebhookDelivered').sum - delivered).toBe(log.deliveries.length);
  });

  it('OPS-3 GET /metrics answers the counts in Prometheus text to a caller on this machine', async () => {
    const reply = await fetch(`${runtime.url}/metrics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await reply.text();
    const accepted = total('CommandAccepted', { ruleset: 'post-galactica', command: 'CreateGame' }).sum;
    expect(accepted).toBeGreaterThan(0);
    expect(text).toContain('# TYPE arbiter_command_accepted_total counter\n');
    expect(text).toContain(`\narbiter_command_accepted_total{ruleset="post-galactica",command="CreateGame"} ${accepted}\n`);
    const lateness = total('DeadlineLateness');
    expect(text).toContain(
      `\narbiter_deadline_lateness_milliseconds_sum ${lateness.sum}\narbiter_deadline_lateness_milliseconds_count ${lateness.count}\n`,
    );
    // Not a route of the API: the OpenAPI document does not list it.
    const paths = Object.keys(((await (await fetch(`${runtime.url}/openapi.json`)).json()) as { paths: object }).paths);
    expect(paths).toContain('/games/{id}/commands');
    expect(paths).not.toContain('/metrics');
  });
});
