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
import { webhookPaths } from './openapi-webhooks.ts';
import { PROBLEM_BASE } from './respond.ts';
import {
  commandBody,
  createGameBody,
  eventsQuery,
  gameQuery,
  inboxQuery,
  joinGameBody,
  lobbyQuery,
  registerPlayerBody,
  renamePlayerBody,
  stateQuery,
} from './schemas.ts';

const gameId = pathId('The game id.');
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

const gamePaths = (commandRefs: readonly { $ref: string }[]) => ({
  '/games': {
    get: {
      operationId: 'listLobby',
      tags: ['games'],
      summary: 'The lobby: public games open to join, oldest first.',
      description: 'Private games are never listed; a game leaves the lobby when its seats are full or it ends (API-9).',
      security: secured,
      parameters: [...queryParams(lobbyQuery), ifNoneMatch],
      responses: { ...withEtag('Open public games.', 'Lobby'), 400: withBody[400], ...unauthorized, ...always },
    },
    post: {
      operationId: 'createGame',
      tags: ['games'],
      summary: 'Create a match.',
      description: 'With a commandId, a retry with the same id and body answers what the first did (200) and creates nothing.',
      security: secured,
      requestBody: body(inline(createGameBody)),
      responses: {
        201: ok('The match and its first events.', 'CommandResponse', location),
        200: ok('A retry (same commandId and body): the first answer again, `replayed` true.', 'CommandResponse', location),
        ...withBody,
        ...unauthorized,
        409: problem('Another request changed the game at the same moment; retry.', { versionConflict: conflictExamples.versionConflict }),
        422: problem('Against the rules (unknown ruleset, bad options); the detail names the rule.'),
        ...always,
        ...rateLimited,
      },
    },
  },
  '/games/{id}': {
    get: {
      operationId: 'getGame',
      tags: ['games'],
      summary: 'The match as your seat may see it, from the read model.',
      description:
        'A private game is readable only by its players and organiser: to anyone else it is a 404, as a game that does not exist (API-8).',
      security: secured,
      parameters: [gameId, ifNoneMatch, ...queryParams(gameQuery)],
      responses: { ...withEtag('The match.', 'GameView'), 400: withBody[400], ...unauthorized, ...noGame, ...always },
    },
  },
  '/games/{id}/join': {
    post: {
      operationId: 'joinGame',
      tags: ['games'],
      summary: 'Take a seat.',
      description:
        'Joining twice the same way (or retrying with the same commandId) answers the first join again. A private game takes its `inviteCode`; a wrong or missing one is the 404 of a game that does not exist (API-8).',
      security: secured,
      parameters: [gameId],
      requestBody: body(inline(joinGameBody)),
      responses: {
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
    },
  },
  '/games/{id}/commands': {
    post: {
      operationId: 'giveCommand',
      tags: ['games'],
      summary: 'Give a command.',
      description: 'A retry with the same commandId and body answers what the first did (`replayed` true) and writes nothing.',
      security: secured,
      parameters: [gameId],
      requestBody: body(commandRequest(commandRefs)),
      responses: {
        200: ok('The new events as your seat may see them.', 'CommandResponse'),
        ...withBody,
        ...unauthorized,
        403: problem('Not your turn, or not your seat (the problem names the rule).'),
        ...noGame,
        409: problem('Each meaning has its own problem type: see the examples.', conflictExamples),
        422: problem('Against the rules: the detail says which rule and why.'),
        ...always,
      },
    },
  },
  '/games/{id}/events': {
    get: {
      operationId: 'listGameEvents',
      tags: ['games'],
      summary: 'The log, paged, redacted for your seat.',
      description: '`wait` holds the request until an event after `after` exists (at most the seconds given).',
      security: secured,
      parameters: [gameId, ifNoneMatch, ...queryParams(eventsQuery)],
      responses: {
        ...withEtag('A page of events.', 'EventsPage'),
        400: withBody[400],
        ...unauthorized,
        ...noGame,
        ...always,
        ...tooManyWaits,
      },
    },
  },
  '/games/{id}/state': {
    get: {
      operationId: 'getGameState',
      tags: ['games'],
      summary: 'The state after event `at`, folded from the log, as your seat may see it.',
      security: secured,
      parameters: [gameId, ifNoneMatch, ...queryParams(stateQuery)],
      responses: {
        ...withEtag('The state.', 'GameState'),
        400: withBody[400],
        ...unauthorized,
        404: problem('No such game, or no event `at` yet.'),
        ...always,
      },
    },
  },
  '/games/{id}/log': {
    get: {
      operationId: 'exportGameLog',
      tags: ['games'],
      summary: 'The whole log as NDJSON, for `npx arbiter verify`.',
      description:
        'A header line, then one event per line; redacted for you while the game runs, complete with the seed once it has ended.',
      security: secured,
      parameters: [gameId, ifNoneMatch],
      responses: {
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
    },
  },
  '/me/games': {
    get: {
      operationId: 'listMyGames',
      tags: ['games'],
      summary: 'Your matches, those waiting on you first, by deadline.',
      description: 'Send If-None-Match with the ETag to poll cheaply, and `wait` to have the answer wait for a change.',
      security: secured,
      parameters: [...queryParams(inboxQuery), ifNoneMatch],
      responses: {
        ...withEtag('Your matches.', 'Inbox'),
        400: withBody[400],
        ...unauthorized,
        ...always,
        ...tooManyWaits,
      },
    },
  },
});

/** API-7: your profile, a rename, key rotation and others' public profiles. */
const playerPaths = () => ({
  '/players/me': {
    get: {
      operationId: 'getMyProfile',
      tags: ['players'],
      summary: 'Your profile: id, name and when you registered (never the key).',
      security: secured,
      parameters: [ifNoneMatch],
      responses: { ...withEtag('Your profile.', 'Profile'), ...unauthorized, 404: problem('No such player.'), ...always },
    },
    patch: {
      operationId: 'renameMe',
      tags: ['players'],
      summary: 'Change your name; every game shows the new one at once.',
      security: secured,
      requestBody: body(inline(renamePlayerBody)),
      responses: {
        200: ok('Your profile with the new name.', 'Profile'),
        ...withBody,
        ...unauthorized,
        404: problem('No such player.'),
        ...always,
      },
    },
  },
  '/players/me/keys': {
    post: {
      operationId: 'rotateMyKey',
      tags: ['players'],
      summary: 'A new API key, shown once; the key that signed this request stops working at once.',
      description: 'Your games, inbox and webhooks stay: they belong to your player id, not to the key.',
      security: secured,
      responses: {
        201: ok('The new key.', 'Player'),
        ...unauthorized,
        404: problem('No such player.'),
        ...always,
      },
    },
  },
  '/players/{id}': {
    get: {
      operationId: 'getPlayer',
      tags: ['players'],
      summary: "A player's public profile: just the name.",
      description: 'Any signed-in player may read it (the ids are in the seats of the games you see).',
      security: secured,
      parameters: [pathId('The player id, e.g. p_4f….'), ifNoneMatch],
      responses: { ...withEtag('The profile.', 'PublicProfile'), ...unauthorized, 404: problem('No such player.'), ...always },
    },
  },
});

const publicPaths = () => ({
  '/players': {
    post: {
      operationId: 'registerPlayer',
      tags: ['players'],
      summary: 'Register a player; the API key is returned once.',
      security: PUBLIC,
      requestBody: body(inline(registerPlayerBody)),
      responses: { 201: ok('The new player.', 'Player'), ...withBody, ...always, ...rateLimited },
    },
  },
  '/rulesets': {
    get: {
      operationId: 'listRulesets',
      tags: ['rulesets'],
      summary: 'The rule systems, their seats, phases and commands.',
      security: PUBLIC,
      parameters: [ifNoneMatch],
      responses: { ...withEtag('The rulesets.', 'RulesetList'), ...always },
    },
  },
  '/rulesets/{id}': {
    get: {
      operationId: 'getRuleset',
      tags: ['rulesets'],
      summary: 'One ruleset with JSON Schemas of its options and commands.',
      security: PUBLIC,
      parameters: [pathId('The ruleset id, e.g. post-galactica.'), ifNoneMatch],
      responses: { ...withEtag('The ruleset.', 'Ruleset'), 404: problem('No such ruleset.'), ...always },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'getOpenApi',
      tags: ['meta'],
      summary: 'This document.',
      security: PUBLIC,
      parameters: [ifNoneMatch],
      responses: {
        200: {
          description: 'OpenAPI 3.1. Its ETag names this answer: send it as If-None-Match.',
          headers: { ...requestId, ETag: header('ETag') },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        304: withEtag('', 'EventsPage')[304],
        ...always,
      },
    },
  },
});

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
    paths: { ...publicPaths(), ...playerPaths(), ...gamePaths(commandRefs), ...webhookPaths() },
  };
};

let built: ReturnType<typeof buildDocument> | undefined;

/** The document, built once: generating it from the schemas takes about 100 ms. Treat it as read-only. */
export const openApiDocument = (): ReturnType<typeof buildDocument> => {
  built ??= buildDocument();
  return built;
};
