/**
 * A small client for the HTTP API, as a player's program sees it: over real HTTP against the
 * local runtime (test/support/http.ts), or in-process through the same handler on the memory
 * adapters (test/support/memory-api.ts). Every answer is checked against the OpenAPI document.
 */
import { contractViolation } from './contract.ts';

/** How a request reaches the API: `fetch` over the network, or a call of the handler. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export class Client {
  constructor(
    readonly base: string,
    readonly apiKey?: string,
    private readonly transport: Transport = fetch,
  ) {}

  as(apiKey: string): Client {
    return new Client(this.base, apiKey, this.transport);
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const response = await this.transport(`${this.base}${path}`, {
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
