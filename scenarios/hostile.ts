/**
 * Hostile requests for the standing fault suite (REL-12): what a stranger probing the API
 * sends. Wrong types, huge strings, deep nesting, `__proto__`/`constructor` keys, lone
 * surrogates, bad percent-encodings, bad query numbers and wrong content types, to every
 * route; and aimed where each once got through: extreme durations (REL-18), non-ASCII
 * invite codes, names with control characters, prototype keys deep in a body (REL-27).
 * The same arbitrary drives the in-process test and `npm run fuzz` over HTTP.
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
  /** API keys to send: a stranger's, garbage, none. The first is the stranger's. */
  readonly apiKeys: readonly (string | null)[];
  /** A private game with a free seat, which the fuzz must never write to either: joins without its invite code. */
  readonly privateGameId?: string;
  /** A game the stranger organises, with deadlines: its ExtendDeadline reaches the duration rules (it may be written to). */
  readonly ownGameId?: string;
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
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' ', '\u0000', '\u202e', '😀', '%', '..', 'NaN'),
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

/** REL-18: durations at and past every bound, and texts that are nearly durations. */
const extremeDuration = fc.oneof(
  fc.constantFrom(
    'P99999999D',
    'P1000000000W',
    'PT99999999999999999999S',
    `P${'9'.repeat(400)}D`,
    `PT${'9'.repeat(30)}.9S`,
    'P365D',
    'P366D',
    'P52W',
    'P53W',
    'P364DT23H59M60S',
    'PT1S',
    'PT0.999S',
    'PT0S',
    'P0D',
    'P',
    'PT',
    'P1DT',
    '-P1D',
    'P1Y',
    'P1M',
    'p1d',
    ' PT1H',
  ),
  fc.bigInt({ min: 0n, max: 10n ** 25n }).map((n) => `PT${n}S`),
  fc.nat().map((n) => `P${n}D`),
);

/** Durations that are not text, some of which read as one once made a string (["P1D"] is "P1D"). */
const nonTextDuration = fc.constantFrom<unknown>(['P1D'], [['PT1H']], ['P99999999D'], 86_400, null, true, { days: 1 });

/** Invite codes as long as a real one (22), or near it, in characters that are not ASCII. */
const nonAsciiInvite = fc.oneof(
  fc.string({ unit: fc.constantFrom('é', 'ß', 'ж', '中', 'Ａ', '\u0000', '\u00a0', '\u202e', 'a', '-'), minLength: 21, maxLength: 23 }),
  fc.constantFrom('😀'.repeat(11), `${'a'.repeat(21)}é`, 'é'.repeat(22), '\u0000'.repeat(22)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Names with C0 and C1 controls, bidi overrides and line separators. */
const controlName = fc.string({
  unit: fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\u200b', 'A', ' '),
  minLength: 1,
  maxLength: 70,
});

/** A key JavaScript gives a meaning of its own, written into JSON text where JSON.stringify would not put it. */
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** A body aimed at one route, sent with the stranger's key. */
const aimed = (method: string, path: string, body: fc.Arbitrary<string>) => body.map((text) => ({ method, path, body: text }));

const stranger = (targets: Targets) => targets.apiKeys[0] ?? null;

const targetedCall = (targets: Targets) => {
  const own = targets.ownGameId ?? targets.victimGameId;
  const durations = fc.record({
    default: extremeDuration,
    phase: extremeDuration,
    openFor: extremeDuration,
    reminder: extremeDuration,
    which: fc.constantFrom('default', 'phase', 'openFor', 'reminder'),
  });
  return fc.oneof(
    aimed(
      'POST',
      '/games',
      durations.map(({ which, ...d }) => {
        const options = {
          deadlines:
            which === 'default' ? { default: d.default } : which === 'phase' ? { phases: { movement: d.phase } } : { default: 'PT1H' },
          ...(which === 'openFor' ? { openFor: d.openFor } : {}),
          ...(which === 'reminder' ? { reminders: [d.reminder] } : {}),
        };
        return JSON.stringify({ ruleset: 'post-galactica', seat: 'red', options });
      }),
    ),
    // A command id of its own each, so each extension is decided rather than answered as a reused id.
    fc
      .tuple(fc.constantFrom(own, targets.victimGameId), fc.oneof(extremeDuration, nonTextDuration, nastyJson), fc.nat())
      .chain(([gameId, by, n]) =>
        aimed(
          'POST',
          `/games/${gameId}/commands`,
          fc.constant(JSON.stringify({ commandId: `fuzz-extend-${n}`, command: { type: 'ExtendDeadline', by } })),
        ),
      ),
    aimed(
      'POST',
      `/games/${targets.privateGameId ?? targets.victimGameId}/join`,
      fc.tuple(nonAsciiInvite, fc.constantFrom('red', 'blue', undefined)).map(([inviteCode, seat]) => JSON.stringify({ inviteCode, seat })),
    ),
    aimed(
      'POST',
      '/players',
      controlName.map((name) => JSON.stringify({ name })),
    ),
    aimed(
      'PATCH',
      '/players/me',
      controlName.map((name) => JSON.stringify({ name })),
    ),
    fc.tuple(prototypeKey, nastyJson).chain(([key, value]) =>
      fc.constantFrom(
        {
          method: 'POST',
          path: '/games',
          body: `{"ruleset":"post-galactica","options":{"rules":{"${key}":${JSON.stringify(value) ?? 'null'}}}}`,
        },
        { method: 'POST', path: '/games', body: `{"ruleset":"gsc2","options":{"rules":{"designs":{"${key}":{}}}}}` },
        { method: 'POST', path: '/players', body: `{"name":{"${key}":"x"}}` },
        { method: 'POST', path: '/players', body: `{"name":"Fuzz","${key}":${JSON.stringify(value) ?? 'null'}}` },
        {
          method: 'POST',
          path: `/games/${own}/commands`,
          body: `{"commandId":"fuzz-proto-0001-${key}","command":{"type":"Concede","${key}":{}}}`,
        },
        { method: 'POST', path: `/games/${targets.privateGameId ?? targets.victimGameId}/join`, body: `{"${key}":{"seat":"blue"}}` },
      ),
    ),
  );
};

/** What a prober aims at the places hostile input once got through, as the stranger, in JSON. */
const targetedRequest = (targets: Targets): fc.Arbitrary<HostileRequest> =>
  targetedCall(targets).map((call) => {
    const key = stranger(targets);
    return {
      method: call.method,
      path: call.path,
      query: '',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
      body: call.body,
    };
  });

export const hostileRequest = (targets: Targets): fc.Arbitrary<HostileRequest> =>
  fc.oneof({ arbitrary: anyRequest(targets), weight: 4 }, { arbitrary: targetedRequest(targets), weight: 1 });

const anyRequest = (targets: Targets): fc.Arbitrary<HostileRequest> =>
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

/** The routes whose body is a request (the fuzz sends bodies to no route that ignores them). */
const BODY_ROUTE = /^\/(players(\/me)?|games(\/[^/]+\/(join|commands))?)$/;

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const ownKeyIn = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some(ownKeyIn)
    : value !== null &&
      typeof value === 'object' &&
      Object.keys(value).some((k) => PROTOTYPE_KEYS.has(k) || ownKeyIn((value as Record<string, unknown>)[k]));

/** Whether `body` is JSON with a `__proto__`, `constructor` or `prototype` key anywhere (JSON.parse keeps each as a key). */
const hasPrototypeKey = (body: string | undefined): boolean => {
  if (body === undefined) return false;
  try {
    return ownKeyIn(JSON.parse(body));
  } catch {
    return false;
  }
};

/** What must hold for every hostile request: no 5xx, a prototype key never accepted, and every refusal is problem+json with a sentence. */
export const checkReply = (request: HostileRequest, reply: HostileReply): string | null => {
  const where = `${request.method} ${request.path}${request.query ? `?${request.query}` : ''}`;
  if (reply.status >= 500) return `${where} answered ${reply.status}: ${reply.body.slice(0, 300)}`;
  // REL-27: a prototype key is an unknown field, never accepted and silently dropped.
  if (reply.status < 300 && BODY_ROUTE.test(request.path) && hasPrototypeKey(request.body)) {
    return `${where} answered ${reply.status} to a body with a __proto__, constructor or prototype key: ${request.body?.slice(0, 300)}`;
  }
  if (reply.status >= 400) {
    if (reply.contentType !== 'application/problem+json') return `${where} answered ${reply.status} as ${reply.contentType}`;
    const problem = JSON.parse(reply.body) as { status?: number; detail?: unknown };
    if (problem.status !== reply.status || typeof problem.detail !== 'string' || problem.detail.length === 0) {
      return `${where} answered a problem without a status or a sentence: ${reply.body.slice(0, 300)}`;
    }
  }
  return null;
};
