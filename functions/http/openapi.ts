/**
 * OpenAPI 3.1, generated from the zod schemas the routes validate with. Answers and the
 * commands, events and views of each ruleset are named components (components.ts);
 * request bodies stay inline, their command a `$ref` to the rulesets' command unions.
 */
import { DEFAULT_WAIT_LIMITS, MAX_WAITS_ENV } from '../app/waiting.ts';
import { buildComponents } from './components.ts';
import {
  always,
  body,
  conflictExamples,
  header,
  ifNoneMatch,
  inline,
  location,
  ok,
  PUBLIC,
  pathId,
  problem,
  queryParams,
  rateLimited,
  ref,
  requestId,
  secured,
  sharedComponents,
  unauthorized,
  withBody,
  withEtag,
} from './openapi-parts.ts';
import { webhookResponses } from './openapi-webhooks.ts';
import { PROBLEM_BASE } from './respond.ts';
import { type OperationId, ROUTES, type Route, type RouteDeclaration } from './route-table.ts';
import { commandBody } from './schemas.ts';

const noGame = { 404: problem('No such game.') };

/**
 * REL-23: a route that can wait also answers 429 itself, as a problem with Retry-After, when
 * the API key already holds as many waits as it may; the AWS stage's throttle stays plain JSON.
 */
const tooManyWaits = {
  429: {
    description: `Too many requests: the AWS stage throttles (application/json, answered by API Gateway), or (application/problem+json, type too-many-waits) your API key already holds as many waiting requests as it may (${DEFAULT_WAIT_LIMITS.maxWaitsPerKey} unless the service sets ${MAX_WAITS_ENV}). Retry-After says in how many seconds one of them ends.`,
    headers: {
      ...requestId,
      'Retry-After': { description: 'Seconds until one of your waits ends: retry then.', schema: { type: 'integer', minimum: 1 } },
    },
    content: {
      ...sharedComponents.responses.Throttled.content,
      'application/problem+json': {
        schema: ref('Problem'),
        examples: {
          tooManyWaits: {
            summary: 'too-many-waits: the key already holds its cap of waits',
            value: {
              type: `${PROBLEM_BASE}too-many-waits`,
              title: 'Too many waiting requests',
              status: 429,
              detail:
                'Your API key already holds 10 waiting requests, the most one key may hold at once; let one of them answer or close it, ask without wait, or retry after 18 s.',
              maxWaits: 10,
            },
          },
        },
      },
    },
  },
};

/** The body of POST /games/{id}/commands: the command is one of a ruleset's commands. */
const commandRequest = (commandRefs: readonly { $ref: string }[]) => {
  const schema = inline(commandBody) as { properties: Record<string, unknown> };
  schema.properties.command = { description: "A command of the game's ruleset; GET /rulesets/{id} lists them.", anyOf: commandRefs };
  return schema;
};

type Responses = Record<string, unknown>;

const gameResponses = (): Pick<Record<OperationId, Responses>, Extract<Route, { tag: 'games' }>['operationId']> => ({
  listLobby: { ...withEtag('Open public games.', 'Lobby'), 400: withBody[400], ...unauthorized, ...always },
  createGame: {
    201: ok('The match and its first events.', 'CommandResponse', location),
    200: ok('A retry (same commandId and body): the first answer again, `replayed` true.', 'CommandResponse', location),
    ...withBody,
    ...unauthorized,
    409: problem('Another request changed the game at the same moment; retry.', { versionConflict: conflictExamples.versionConflict }),
    422: problem('Against the rules (unknown ruleset, bad options); the detail names the rule.'),
    ...always,
    ...rateLimited,
  },
  getGame: { ...withEtag('The match.', 'GameView'), 400: withBody[400], ...unauthorized, ...noGame, ...always },
  joinGame: {
    200: ok('The events of joining (`replayed` true for a retry).', 'CommandResponse'),
    ...withBody,
    ...unauthorized,
    403: problem('You may not take that seat.'),
    ...noGame,
    409: problem('Each meaning has its own problem type: see the examples.', conflictExamples),
    422: problem('Against the rules (no seat free, no such seat); the detail names the rule.'),
    ...always,
    ...rateLimited,
  },
  giveCommand: {
    200: ok('The new events as your seat may see them.', 'CommandResponse'),
    ...withBody,
    ...unauthorized,
    403: problem('Not your turn, or not your seat (the problem names the rule).'),
    ...noGame,
    409: problem('Each meaning has its own problem type: see the examples.', conflictExamples),
    422: problem('Against the rules: the detail says which rule and why.'),
    ...always,
  },
  listGameEvents: {
    ...withEtag('A page of events.', 'EventsPage'),
    400: withBody[400],
    ...unauthorized,
    ...noGame,
    ...always,
    ...tooManyWaits,
  },
  getGameState: {
    ...withEtag('The state.', 'GameState'),
    400: withBody[400],
    ...unauthorized,
    404: problem('No such game, or no event `at` yet.'),
    ...always,
  },
  exportGameLog: {
    200: {
      description: 'The log. Its ETag names this answer: send it as If-None-Match.',
      headers: { ...requestId, ETag: header('ETag') },
      content: { 'application/x-ndjson': { schema: { type: 'string' } } },
    },
    304: withEtag('', 'EventsPage')[304],
    ...unauthorized,
    ...noGame,
    ...always,
  },
  listMyGames: {
    ...withEtag('Your matches.', 'Inbox'),
    400: withBody[400],
    ...unauthorized,
    ...always,
    ...tooManyWaits,
  },
});

/** API-7: your profile, a rename, key rotation and others' public profiles; and registering. */
const playerResponses = (): Pick<Record<OperationId, Responses>, Extract<Route, { tag: 'players' }>['operationId']> => ({
  registerPlayer: { 201: ok('The new player.', 'Player'), ...withBody, ...always, ...rateLimited },
  getMyProfile: { ...withEtag('Your profile.', 'Profile'), ...unauthorized, 404: problem('No such player.'), ...always },
  renameMe: {
    200: ok('Your profile with the new name.', 'Profile'),
    ...withBody,
    ...unauthorized,
    404: problem('No such player.'),
    ...always,
  },
  rotateMyKey: {
    201: ok('The new key.', 'Player'),
    ...unauthorized,
    404: problem('No such player.'),
    ...always,
  },
  getPlayer: { ...withEtag('The profile.', 'PublicProfile'), ...unauthorized, 404: problem('No such player.'), ...always },
});

const docsResponses = (): Pick<Record<OperationId, Responses>, Extract<Route, { serves: 'docs' }>['operationId']> => ({
  listRulesets: { ...withEtag('The rulesets.', 'RulesetList'), ...always },
  getRuleset: { ...withEtag('The ruleset.', 'Ruleset'), 404: problem('No such ruleset.'), ...always },
  getOpenApi: {
    200: {
      description: 'OpenAPI 3.1. Its ETag names this answer: send it as If-None-Match.',
      headers: { ...requestId, ETag: header('ETag') },
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    304: withEtag('', 'EventsPage')[304],
    ...always,
  },
});

/** One operation of the document, from its route in the table and its answers. */
const operation = (route: RouteDeclaration, responses: Responses, commandRefs: readonly { $ref: string }[]) => {
  const path = route.id === undefined ? [] : [pathId(route.id)];
  const etag = route.method === 'GET' ? [ifNoneMatch] : [];
  const query = route.query ? queryParams(route.query) : [];
  // The path id and If-None-Match before the query; a route without a path id lists its query first.
  const parameters = route.id === undefined ? [...query, ...etag] : [...path, ...etag, ...query];
  const schema = route.operationId === 'giveCommand' ? commandRequest(commandRefs) : route.body && inline(route.body);
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    security: route.auth === 'public' ? PUBLIC : secured,
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(schema ? { requestBody: body(schema) } : {}),
    responses,
  };
};

/** Every route of the table, by path then method, in the table's order. */
const paths = (commandRefs: readonly { $ref: string }[]) => {
  const responses: Record<OperationId, Responses> = {
    ...docsResponses(),
    ...playerResponses(),
    ...gameResponses(),
    ...webhookResponses(),
  };
  const out: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const route of ROUTES) {
    out[route.path] = { ...out[route.path], [route.method.toLowerCase()]: operation(route, responses[route.operationId], commandRefs) };
  }
  return out;
};

const buildDocument = () => {
  const { schemas, commandRefs } = buildComponents();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arbiter',
      version: '0.1.0',
      description: 'A referee for remote and play-by-mail wargames: every command becomes events in a tamper-evident log.',
    },
    servers: [
      { url: 'http://127.0.0.1:3000', description: 'npm start' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'The AWS HTTP API (the stack output ApiUrl).',
        variables: {
          apiId: { default: 'example', description: 'The HTTP API id.' },
          region: { default: 'eu-west-1', description: 'The AWS region.' },
        },
      },
    ],
    security: secured,
    tags: [
      { name: 'players', description: 'Registering, your profile and name, API keys.' },
      { name: 'rulesets', description: 'The rule systems Arbiter referees.' },
      { name: 'games', description: 'Matches: creating, joining, commands, the log and the read model.' },
      { name: 'webhooks', description: 'Notifications, signed by Standard Webhooks.' },
      { name: 'meta', description: 'This document.' },
    ],
    components: { ...sharedComponents, schemas },
    paths: paths(commandRefs),
  };
};

let built: ReturnType<typeof buildDocument> | undefined;

/** The document, built once: generating it from the schemas takes about 100 ms. Treat it as read-only. */
export const openApiDocument = (): ReturnType<typeof buildDocument> => {
  built ??= buildDocument();
  return built;
};

const served = new Map<string, ReturnType<typeof buildDocument>>();

/**
 * DOC-3: the document as `GET /openapi.json` serves it: its one server is where the client
 * reached this API (the address `npm start` listens on, or the API's URL on AWS), so the
 * reference at /docs and generated clients call the API they were read from. Without an
 * origin (a hand-built request), the document as built, with both of its example servers.
 */
export const servedDocument = (origin: string | null): ReturnType<typeof buildDocument> => {
  if (origin === null) return openApiDocument();
  let document = served.get(origin);
  if (!document) {
    const description = origin.startsWith('http://') ? 'This runtime (npm start), where it listens.' : 'This API, on AWS.';
    document = { ...openApiDocument(), servers: [{ url: origin, description }] } as ReturnType<typeof buildDocument>;
    // An API answers at one or two names (its execute-api host, a custom domain): a handful at most.
    if (served.size >= 8) served.clear();
    served.set(origin, document);
  }
  return document;
};
