/** A small client for end-to-end tests over real HTTP against the local runtime. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Runtime, type RuntimeOptions, startRuntime } from '../../infra/local/runtime.ts';
import { contractViolation } from './contract.ts';
import { fakeResolver } from './resolver.ts';

export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export class Client {
  constructor(
    readonly base: string,
    readonly apiKey?: string,
  ) {}

  as(apiKey: string): Client {
    return new Client(this.base, apiKey);
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    // API-2: every answer an end-to-end test receives is as the document declares it.
    const broken = contractViolation(method, path, response.status, response.headers.get('content-type'), text);
    if (broken) throw new Error(`contract: ${broken}`);
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.call<T>('GET', path, undefined, headers);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body);
  }

  async register(name: string): Promise<{ client: Client; playerId: string }> {
    const reply = await this.post<{ apiKey: string; playerId: string }>('/players', { name });
    if (reply.status !== 201) throw new Error(`register failed: ${reply.status}`);
    return { client: this.as(reply.body.apiKey), playerId: reply.body.playerId };
  }
}

/**
 * The local runtime on a free port, on the test run's DynamoDB Local with tables of its own.
 * Webhook host names go to a test resolver that knows none, never to DNS (REL-28).
 */
export const startTestRuntime = (overrides: Partial<RuntimeOptions> = {}): Promise<Runtime> =>
  startRuntime({
    port: 0,
    memory: true,
    dataDir: '',
    dynamoEndpoint: inject('dynamoEndpoint'),
    tablePrefix: `e${randomBytes(5).toString('hex')}-`,
    pollIntervalMs: 250,
    resolve: fakeResolver().resolve,
    ...overrides,
  });

/** Poll until `check` passes (the projector runs asynchronously from the stream). */
export const eventually = async <T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

let sequence = 0;
export const commandId = () => {
  sequence += 1;
  return `e2e-${Date.now()}-${sequence}`;
};

/**
 * A folded view as GET /games/{id} serves it: as JSON, each seat with its player's current
 * name (API-7), by seat name.
 */
export const withPlayerNames = (view: unknown, names: Readonly<Record<string, string>>): Record<string, unknown> => {
  const { seats, ...rest } = JSON.parse(JSON.stringify(view)) as { seats: { name: string; playerId: string | null }[] };
  return { ...rest, seats: seats.map((s) => ({ ...s, playerName: s.playerId ? (names[s.name] ?? null) : null })) };
};
