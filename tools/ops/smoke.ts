/**
 * AWS-1 the smoke test of a running Arbiter (`npm run smoke`, scripts/smoke.ts): one short
 * Post Galactica match over HTTP that proves the whole pipeline, not just the API. Two
 * players register; Ann subscribes a webhook to a receiver this process runs; Ann creates a
 * match with a real deadline per phase and Bob joins. Then, each check timed:
 * the projection catches up (read-your-writes with `minVersion`, then the read model
 * itself, then a 304 on its ETag), the webhook for the awaited seat arrives signed (checked
 * with the Standard Webhooks library), the deadline passes with nobody acting
 * (`DeadlinePassed` appears, written by the phase timer), Bob concedes, and the exported
 * log passes every check of `arbiter verify`.
 *
 * The same code runs against `npm start` in the tests (test/e2e/smoke.e2e.test.ts), so it
 * cannot rot; against a deployed stack it needs a public URL that reaches the receiver.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { parseDuration } from '../../domain/kernel/duration.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';

export interface SmokeOptions {
  /** The API's base URL (a stack's ApiUrl output, or http://127.0.0.1:3000). */
  readonly url: string;
  /** Every phase's deadline, ISO 8601 (PT2M on AWS: Scheduler fires within about a minute of the time). */
  readonly deadline: string;
  /** How long after the deadline a `DeadlinePassed` may still arrive before the check fails. */
  readonly deadlineSlackMs: number;
  /** How long a webhook may take to arrive (deliveries are asynchronous: stream, bus, queue). */
  readonly webhookWaitMs: number;
  /**
   * The receiver: it listens on `host:port` (port 0: any free one); `publicUrl` is what the
   * API is told to call (a tunnel to the receiver for a deployed stack), the receiver's own
   * address when not given. `null` skips the webhook check.
   */
  readonly webhook: { readonly host: string; readonly port: number; readonly publicUrl?: string } | null;
  readonly log: (line: string) => void;
}

export interface Check {
  readonly name: string;
  readonly status: 'ok' | 'FAIL' | 'skipped';
  readonly ms: number;
  readonly detail: string;
}

class Failed extends Error {}
const failed = (detail: string): never => {
  throw new Failed(detail);
};

interface Answer<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

/** One JSON call; every request gives up after 30 s (a long poll waits at most 20 s). */
const call = async <T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null; // the log export is NDJSON: the caller reads `text`
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
};

const expectStatus = <T>(answer: Answer<T>, status: number, what: string): Answer<T> =>
  answer.status === status ? answer : failed(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `probe` every `everyMs` until it returns a value, or fails with `why()` after `timeoutMs`. */
const until = async <T>(probe: () => Promise<T | null>, timeoutMs: number, why: () => string, everyMs = 250): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) return failed(why());
    await pause(everyMs);
  }
};

interface Delivery {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The webhook receiver: answers 204 to everything and keeps what arrived. */
const startReceiver = async (host: string, port: number): Promise<{ server: Server; url: string; received: Delivery[] }> => {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(port, host, ready);
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/arbiter-smoke`, received };
};

const closeReceiver = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });

interface Match {
  ann: string;
  bob: string;
  hook: { id: string; secret: string } | null;
  gameId: string;
  version: number;
  deadline: string | null;
}

/** Runs the checks in order; after a failure the rest are skipped (each needs the one before). */
export const runSmoke = async (options: SmokeOptions): Promise<Check[]> => {
  const base = options.url.replace(/\/+$/, '');
  const deadlineMs = parseDuration(options.deadline);
  if (deadlineMs === null) throw new Error(`--deadline takes an ISO 8601 duration like PT2M, not "${options.deadline}"`);
  const receiver = options.webhook ? await startReceiver(options.webhook.host, options.webhook.port) : null;
  const hookUrl = options.webhook?.publicUrl ?? receiver?.url ?? '';
  const checks: Check[] = [];
  const match: Partial<Match> = {};
  let stop = false;

  const check = async (name: string, run: () => Promise<string>) => {
    if (stop) {
      checks.push({ name, status: 'skipped', ms: 0, detail: 'an earlier check failed' });
      options.log(line(checks.at(-1) as Check));
      return;
    }
    const started = performance.now();
    try {
      const detail = await run();
      checks.push({ name, status: 'ok', ms: performance.now() - started, detail });
    } catch (error) {
      stop = true;
      const detail = error instanceof Failed ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
      checks.push({ name, status: 'FAIL', ms: performance.now() - started, detail });
    }
    options.log(line(checks.at(-1) as Check));
  };
  const m = () => match as Match;

  try {
    await check('two players register', async () => {
      const register = async (name: string) =>
        expectStatus(await call<{ apiKey: string }>(base, 'POST', '/players', { body: { name } }), 201, `POST /players ${name}`).body
          .apiKey;
      match.ann = await register('Smoke Ann');
      match.bob = await register('Smoke Bob');
      return 'Ann and Bob have keys';
    });

    if (receiver) {
      await check('webhook subscribed', async () => {
        const hook = expectStatus(
          await call<{ id: string; secret: string }>(base, 'POST', '/me/webhooks', {
            key: m().ann,
            body: { url: hookUrl, kinds: ['seat-awaited', 'game-ended'], description: 'npm run smoke' },
          }),
          201,
          'POST /me/webhooks',
        ).body;
        match.hook = hook;
        return `${hook.id} -> ${hookUrl} (receiver on ${receiver.url})`;
      });
    }

    await check('a match starts with a deadline', async () => {
      const created = expectStatus(
        await call<{ gameId: string }>(base, 'POST', '/games', {
          key: m().ann,
          body: { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', deadlines: { default: options.deadline } } },
        }),
        201,
        'POST /games',
      ).body;
      match.gameId = created.gameId;
      const joined = expectStatus(
        await call<{ version: number }>(base, 'POST', `/games/${created.gameId}/join`, { key: m().bob, body: {} }),
        200,
        'POST /games/{id}/join',
      ).body;
      match.version = joined.version;
      return `${created.gameId}: Bob joined at version ${joined.version}; every phase has ${options.deadline}`;
    });

    await check('the projection catches up', async () => {
      const path = `/games/${m().gameId}`;
      const own = expectStatus(
        await call<{ version: number; step: { deadline: string | null } | null }>(base, 'GET', `${path}?minVersion=${m().version}`, {
          key: m().ann,
        }),
        200,
        'GET /games/{id}?minVersion',
      );
      if (own.body.version < m().version) failed(`minVersion=${m().version} answered version ${own.body.version}`);
      match.deadline = own.body.step?.deadline ?? failed(`the first step has no deadline: ${own.text.slice(0, 300)}`);
      const started = performance.now();
      let last = -1;
      const caughtUp = await until(
        async () => {
          const view = await call<{ version: number }>(base, 'GET', path, { key: m().ann });
          last = view.body?.version ?? -1;
          return view.status === 200 && last >= m().version ? view : null;
        },
        30_000,
        () => `the read model is still at version ${last}, not ${m().version}, after 30 s`,
      );
      const etag = caughtUp.headers.get('etag') ?? failed('GET /games/{id} has no ETag');
      const again = await call(base, 'GET', path, { key: m().ann, headers: { 'if-none-match': etag } });
      // A deadline may already have moved the game on (a short one, locally): then 200 with a new version is right too.
      if (again.status !== 304 && !(again.status === 200 && again.headers.get('etag') !== etag))
        failed(`If-None-Match ${etag} answered ${again.status}`);
      return `read model at version ${caughtUp.body.version} in ${Math.round(performance.now() - started)} ms; ETag ${again.status === 304 ? 'answers 304' : 'moved on'}`;
    });

    if (receiver) {
      await check('the webhook arrives, signed', async () => {
        const { secret, id } = m().hook ?? failed('no webhook');
        const verified = await until(
          async () => {
            for (const delivery of receiver.received) {
              try {
                const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: { gameId?: string } };
                if (payload.data.gameId === m().gameId) return payload;
              } catch {
                // not (yet) one of ours, or a bad signature: a bad one never satisfies the check
              }
            }
            return null;
          },
          options.webhookWaitMs,
          () =>
            `no verified delivery for ${m().gameId} within ${options.webhookWaitMs / 1000} s (${receiver.received.length} request(s) arrived); see GET /me/webhooks/${id}/deliveries. Locally, start npm start with --allow-loopback-webhooks; on AWS, --webhook-url must be a public https URL that reaches port ${(receiver.server.address() as AddressInfo).port}`,
        );
        return `${verified.type} for ${m().gameId}, Standard Webhooks signature verified`;
      });
    }

    await check('the deadline passes with nobody acting', async () => {
      const due = Date.parse(m().deadline ?? '');
      let after = m().version;
      const passed = await until(
        async () => {
          const page = await call<{ events: EventEnvelope[] }>(
            base,
            'GET',
            `/games/${m().gameId}/events?after=${after}&limit=100&wait=20`,
            {
              key: m().ann,
            },
          );
          expectStatus(page, 200, 'GET /games/{id}/events');
          const found = page.body.events.find((e) => e.type === 'DeadlinePassed');
          after = page.body.events.at(-1)?.seq ?? after;
          return found ?? null;
        },
        Math.max(0, due - Date.now()) + options.deadlineSlackMs,
        () =>
          `no DeadlinePassed within ${options.deadlineSlackMs / 1000} s of the deadline ${m().deadline}: see the TimerReactor and PhaseTimer logs and the scheduler dead-letter queue`,
        0,
      );
      if (passed.actor !== 'system') failed(`DeadlinePassed was written by ${passed.actor}, not the system`);
      const late = (Date.parse(passed.at) - due) / 1000;
      return `DeadlinePassed (${(passed.data as { phaseKey?: string }).phaseKey}) at seq ${passed.seq}, ${late.toFixed(1)} s after the deadline`;
    });

    await check('the match ends', async () => {
      const conceded = expectStatus(
        await call<{ events: EventEnvelope[] }>(base, 'POST', `/games/${m().gameId}/commands`, {
          key: m().bob,
          body: { commandId: `smoke-${Date.now()}-concede`, command: { type: 'Concede' } },
        }),
        200,
        'Concede',
      );
      const ended = conceded.body.events.find((e) => e.type === 'GameEnded') ?? failed('Concede gave no GameEnded');
      return `Bob conceded: GameEnded at seq ${ended.seq}`;
    });

    await check('the exported log verifies', async () => {
      const exported = expectStatus(await call(base, 'GET', `/games/${m().gameId}/log`, { key: m().ann }), 200, 'GET /games/{id}/log');
      const log = parseLog(exported.text);
      const results = verifyLog(log);
      const bad = results.filter((r) => !r.ok);
      if (bad.length > 0) failed(bad.map((r) => r.verdict).join('; '));
      if (!log.events.some((e) => e.type === 'DeadlinePassed')) failed('the exported log has no DeadlinePassed');
      return `${log.events.length} events; ${results.map((r) => r.check).join(', ')} hold (as npx arbiter verify checks them)`;
    });
  } finally {
    if (receiver) await closeReceiver(receiver.server);
  }
  return checks;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export const line = (c: Check): string => `  ${c.status.padEnd(7)} ${c.name.padEnd(40)} ${seconds(c.ms)}  ${c.detail}`;
