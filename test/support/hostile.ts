/**
 * Hostile requests for the standing fault suite (REL-12): what a stranger probing the API
 * sends. Wrong types, huge strings, deep nesting, `__proto__`/`constructor` keys, lone
 * surrogates, bad percent-encodings, bad query numbers and wrong content types, to every
 * route. The same arbitrary drives the in-process test and `npm run fuzz` over HTTP.
 */
import fc from 'fast-check';

export interface HostileRequest {
  readonly method: string;
  /** The raw path, percent-encoding and all, as a client would put it on the wire. */
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface Targets {
  /** A game the fuzz must never write to. */
  readonly victimGameId: string;
  /** API keys to send: a stranger's, garbage, none. */
  readonly apiKeys: readonly (string | null)[];
}

const COMMAND_TYPES = [
  'ChooseFirstPlayer',
  'Concede',
  'EndPhase',
  'DeadlineReached',
  'CreateGame',
  'JoinGame',
  'SubmitActions',
  'Move',
  '',
];

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' ', '\u0000', '\u202e', '😀', '%', '../..', 'NaN'),
  fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** A JSON value with the keys a prototype-pollution probe uses. */
const nastyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2)),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'type', 'commandId', 'seat')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Nesting depths around the bound and far past it, where recursion would overflow. */
const DEPTHS = fc.constantFrom(31, 32, 33, 100, 5_000, 20_000, 50_000, 100_000);

/** JSON text with what JSON.stringify never writes: lone surrogates, deep nesting, or no JSON at all. */
const hostileText = fc.oneof(
  fc.constantFrom('"\\ud800"', '{"seat":"\\udfff"}', '{"a":"\\ud83d"}', '{"\\ud800":1}'),
  DEPTHS.map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  DEPTHS.map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom('', '{', '{"a":}', 'null', '[]', '"x"', '0', 'true', '{"__proto__":{"polluted":1}}', '\u0000', '\ufeff{}'),
  fc.string(),
);

const hostileBody = (targets: Targets) =>
  fc.oneof(
    nastyJson.map((v) => JSON.stringify(v) ?? 'null'),
    hostileText,
    // Hostile text where it gets furthest: inside a command, and inside a game's rules options.
    fc
      .tuple(fc.constantFrom(...COMMAND_TYPES), hostileText)
      .map(([type, text]) => `{"commandId":"fuzz-command-0002","command":{"type":"${type}","seat":"red","x":${text}}}`),
    fc
      .tuple(fc.constantFrom('post-galactica', 'soluna', 'gsc2'), hostileText)
      .map(([id, text]) => `{"ruleset":"${id}","options":{"rules":${text}}}`),
    // Nearly right: a real command shape with hostile parts.
    fc
      .record({
        commandId: fc.oneof(nastyString, fc.constantFrom('@deadline.t1-command', 'deadline.t1-command', 'fuzz-command-0001')),
        expectedVersion: fc.oneof(fc.integer(), fc.double(), nastyString),
        command: fc
          .record({ type: fc.oneof(fc.constantFrom(...COMMAND_TYPES), nastyString) })
          .chain((c) => fc.dictionary(nastyString, nastyJson, { maxKeys: 3 }).map((extra) => ({ ...extra, ...c }))),
      })
      .map((v) => JSON.stringify(v)),
    fc
      .record({
        ruleset: fc.oneof(fc.constantFrom('post-galactica', 'soluna', 'gsc2'), nastyString),
        seat: fc.oneof(nastyString, fc.constant(targets.victimGameId)),
        options: fc.oneof(nastyJson, fc.record({ rules: nastyJson, deadlines: nastyJson, firstPlayer: nastyJson })),
      })
      .map((v) => JSON.stringify(v)),
  );

const segment = (targets: Targets) =>
  fc.oneof(
    fc.constant(targets.victimGameId),
    fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '..', '.', '%C0%AF', 'post-galactica', 'g_', '%F0%9F%98%80'),
    fc.stringMatching(/^[A-Za-z0-9_%.~-]{0,300}$/),
  );

const path = (targets: Targets) =>
  fc.oneof(
    fc.constantFrom('/openapi.json', '/players', '/rulesets', '/games', '/me/games', '/', '//', '/games/', '/nope'),
    segment(targets).map((s) => `/rulesets/${s}`),
    fc
      .tuple(segment(targets), fc.constantFrom('', '/join', '/commands', '/events', '/state', '/log', '/nope', '/'))
      .map(([s, rest]) => `/games/${s}${rest}`),
  );

/** A route the API has, with its own method, and hostile path parameters: the requests that get furthest. */
const routeCall = (targets: Targets) =>
  fc.oneof(
    fc.constantFrom(
      { method: 'GET', path: '/openapi.json' },
      { method: 'POST', path: '/players' },
      { method: 'GET', path: '/rulesets' },
      { method: 'POST', path: '/games' },
      { method: 'GET', path: '/me/games' },
    ),
    segment(targets).map((s) => ({ method: 'GET', path: `/rulesets/${s}` })),
    fc
      .tuple(
        segment(targets),
        fc.constantFrom(['POST', '/join'], ['POST', '/commands'], ['GET', ''], ['GET', '/events'], ['GET', '/state'], ['GET', '/log']),
      )
      .map(([s, [method, rest]]) => ({ method: method ?? 'GET', path: `/games/${s}${rest ?? ''}` })),
  );

const badNumber = fc.oneof(
  fc.constantFrom('', 'NaN', '-1', '1e309', '0x10', '1.5', 'Infinity', '-0', ' 1', '9'.repeat(400), '%ZZ', '[]', 'true'),
  fc.integer().map(String),
);

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('at', 'after', 'limit', 'awaiting', 'wait', '__proto__', 'x'),
      fc.oneof(badNumber, fc.constantFrom('true', 'false')),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  null,
);

export const hostileRequest = (targets: Targets): fc.Arbitrary<HostileRequest> =>
  fc
    .record({
      call: fc.oneof(
        { arbitrary: routeCall(targets), weight: 3 },
        {
          arbitrary: fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), path: path(targets) }),
          weight: 1,
        },
      ),
      query,
      contentType,
      apiKey: fc.oneof(fc.constantFrom(...targets.apiKeys), fc.constantFrom('garbage', 'Bearer', 'ak_x')),
      scheme: fc.constantFrom('Bearer ', 'bearer ', 'Basic ', ''),
      body: fc.option(hostileBody(targets), { nil: undefined }),
    })
    .map((r) => ({
      method: r.call.method,
      path: r.call.path,
      query: r.query,
      headers: {
        ...(r.contentType ? { 'content-type': r.contentType } : {}),
        ...(r.apiKey === null ? {} : { authorization: `${r.scheme}${r.apiKey}` }),
      },
      body: r.call.method === 'GET' ? undefined : r.body,
    }));

export interface HostileReply {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

/** What must hold for every hostile request: no 5xx, and every refusal is problem+json with a sentence. */
export const checkReply = (request: HostileRequest, reply: HostileReply): string | null => {
  const where = `${request.method} ${request.path}${request.query ? `?${request.query}` : ''}`;
  if (reply.status >= 500) return `${where} answered ${reply.status}: ${reply.body.slice(0, 300)}`;
  if (reply.status >= 400) {
    if (reply.contentType !== 'application/problem+json') return `${where} answered ${reply.status} as ${reply.contentType}`;
    const problem = JSON.parse(reply.body) as { status?: number; detail?: unknown };
    if (problem.status !== reply.status || typeof problem.detail !== 'string' || problem.detail.length === 0) {
      return `${where} answered a problem without a status or a sentence: ${reply.body.slice(0, 300)}`;
    }
  }
  return null;
};
