/**
 * The games' routes as the API declares and documents them: the lobby, creating and joining a
 * match, its commands and forks, its log, state and read model, and your inbox. For each, its
 * method and path, who may call it, its request schemas and what the document says of it, which
 * its function's router, the CDK routes and the document read (route-table.ts); and its answers
 * in `/openapi.json`, which only the document reads. Their handlers are in routes.ts, their use
 * cases in app/.
 */
import { problemRef } from '../../http/openapi-examples.ts';
import {
  always,
  conflictExamples,
  header,
  location,
  ok,
  problem,
  rateLimited,
  ref,
  requestId,
  stageThrottledContent,
  unauthorized,
  withBody,
  withEtag,
} from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { DEFAULT_WAIT_LIMITS, MAX_WAITS_ENV } from '../app/waiting.ts';
import {
  checkBody,
  commandBody,
  createGameBody,
  eventsQuery,
  forkBody,
  gameQuery,
  inboxQuery,
  joinGameBody,
  lobbyQuery,
  stateQuery,
} from './schemas.ts';

const gameIdDescription = 'The game id.';

/** In the order the router tries them, and the document lists them. */
export const gameRoutes = [
  {
    method: 'GET',
    path: '/games',
    operationId: 'listLobby',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'The lobby: public games open to join, oldest first.',
    description: 'Private games are never listed; a game leaves the lobby when its seats are full or it ends (API-9).',
    query: lobbyQuery,
  },
  {
    method: 'POST',
    path: '/games',
    operationId: 'createGame',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Create a match.',
    description: 'With a commandId, a retry with the same id and body answers what the first did (200) and creates nothing.',
    body: createGameBody,
  },
  {
    method: 'GET',
    path: '/games/{id}',
    operationId: 'getGame',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'The match as your seat may see it, from the read model.',
    description:
      'A private game is readable only by its players and organiser: to anyone else it is a 404, as a game that does not exist (API-8).',
    id: gameIdDescription,
    query: gameQuery,
  },
  {
    method: 'POST',
    path: '/games/{id}/join',
    operationId: 'joinGame',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Take a seat.',
    description:
      'Joining twice the same way (or retrying with the same commandId) answers the first join again. A private game takes its `inviteCode`; a wrong or missing one is the 404 of a game that does not exist (API-8).',
    id: gameIdDescription,
    body: joinGameBody,
  },
  {
    method: 'POST',
    path: '/games/{id}/commands',
    operationId: 'giveCommand',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Give a command.',
    description:
      "A retry with the same commandId and body answers what the first did (`replayed` true) and writes nothing. TRUST-2: the answer carries a receipt, the service's signature over the game id, the sequence numbers recorded, the chain head after them and their time (the same receipt for a retry); keep it: `arbiter verify --receipts` proves a log still holds it.",
    id: gameIdDescription,
    body: commandBody,
  },
  {
    method: 'POST',
    path: '/games/{id}/commands/check',
    operationId: 'checkCommand',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Ask the referee first: what it would do with a command, recording nothing.',
    description:
      'TABLE-3. A dry run: the command is decided as `POST /games/{id}/commands` would decide it now, and nothing is recorded. Accepted, the answer lists the events it would record and each roll it would make with the face that roll needs (`needs`) and its chance; no die is drawn, so the events show every roll just making its target. Refused, the answer gives the rule and the sentence the command would be refused with. A missing game, an unknown command or field and a stale `expectedVersion` are answered as the command would be.',
    id: gameIdDescription,
    body: checkBody,
  },
  {
    method: 'POST',
    path: '/games/{id}/forks',
    operationId: 'forkGame',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Start a new game from the state of this one at a version: a sandbox now, or a continuation once every seat accepts.',
    description:
      'TB-6. A sandbox (201) is private and you move every seat; it is taken from an ended game, or from a running one at a version where no sealed orders hidden from you are pending. A continuation (202) proposes to the seats a new game with the same seats and fresh deadlines (`AcceptFork`, `DeclineFork` at /commands); the last acceptance starts it. Who may fork a private game is who may read it: to anyone else it is a 404. With a commandId, a retry answers what the first did.',
    id: gameIdDescription,
    body: forkBody,
  },
  {
    method: 'GET',
    path: '/games/{id}/events',
    operationId: 'listGameEvents',
    serves: 'api',
    auth: 'optional',
    tag: 'games',
    summary: 'The log, paged, redacted for your seat.',
    // TABLE-5: plain literals, not a template: a template with a substitution is kept by esbuild's tree
    // shaking, and with it this whole list in every bundle that imports the route table (PERF-1).
    description:
      '`wait` holds the request until an event after `after` exists (at most the seconds given); without a key, the waits counted are those of the address it comes from. A public game, running or ended, may be read with no key, as a spectator reads it (no seat: sealed orders stay sealed until their reveal); a private game is a 404 to anyone but its players and organiser, with a key or without, as a game that does not exist (API-8). A key sent must be valid (else 401).',
    id: gameIdDescription,
    query: eventsQuery,
  },
  {
    method: 'GET',
    path: '/games/{id}/state',
    operationId: 'getGameState',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'The state after event `at`, folded from the log, as your seat may see it.',
    id: gameIdDescription,
    query: stateQuery,
  },
  {
    method: 'GET',
    path: '/games/{id}/log',
    operationId: 'exportGameLog',
    serves: 'api',
    auth: 'optional',
    tag: 'games',
    summary: 'The whole log as NDJSON, for `npx arbiter verify`.',
    description:
      'A header line, then one event per line; redacted for you while the game runs, complete with the seed once it has ended. A public game, running or ended, may be read with no key, as a spectator reads it (no seat: sealed orders stay sealed until their reveal); a private game is a 404 to anyone but its players and organiser, with a key or without, as a game that does not exist (API-8). A key sent must be valid (else 401).',
    id: gameIdDescription,
  },
  {
    method: 'GET',
    path: '/me/games',
    operationId: 'listMyGames',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'Your matches, those waiting on you first, by deadline.',
    description: 'Send If-None-Match with the ETag to poll cheaply, and `wait` to have the answer wait for a change.',
    query: inboxQuery,
  },
] as const satisfies readonly RouteDeclaration[];

export type GameRoute = (typeof gameRoutes)[number];
export type GameOperationId = GameRoute['operationId'];

const noGame = { 404: /* @__PURE__ */ problem('No such game.') };

/**
 * REL-23: a route that can wait also answers 429 itself, as a problem with Retry-After, when
 * the API key already holds as many waits as it may; the AWS stage's throttle stays plain JSON.
 */
const tooManyWaits = () => ({
  429: {
    description: `Too many requests: the AWS stage throttles (application/json, answered by API Gateway), or (application/problem+json, type too-many-waits) your API key already holds as many waiting requests as it may (${DEFAULT_WAIT_LIMITS.maxWaitsPerKey} unless the service sets ${MAX_WAITS_ENV}). Retry-After says in how many seconds one of them ends.`,
    headers: {
      ...requestId,
      'Retry-After': { description: 'Seconds until one of your waits ends: retry then.', schema: { type: 'integer', minimum: 1 } },
    },
    content: {
      ...stageThrottledContent,
      'application/problem+json': {
        schema: ref('Problem'),
        examples: {
          tooManyWaits: { summary: 'too-many-waits: the key already holds its cap of waits', ...problemRef('too-many-waits') },
        },
      },
    },
  },
});

export const gameResponses = (): Record<GameOperationId, Record<string, unknown>> => ({
  listLobby: { ...withEtag('Open public games.', 'Lobby'), 400: withBody[400], ...unauthorized, ...always },
  createGame: {
    201: ok('The match and its first events.', 'CommandResponse', location),
    200: ok('A retry (same commandId and body): the first answer again, `replayed` true.', 'CommandResponse', location),
    ...withBody,
    ...unauthorized,
    403: problem('CLUB-1: only members of a club create games in it.'),
    404: problem('CLUB-1: no such club (or a private club you are not a member of).'),
    409: problem('Another request changed the game at the same moment; retry.', { versionConflict: conflictExamples().versionConflict }),
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
    409: problem('Each meaning has its own problem type: see the examples.', conflictExamples()),
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
    409: problem('Each meaning has its own problem type: see the examples.', conflictExamples()),
    422: problem('Against the rules: the detail says which rule and why.'),
    ...always,
  },
  checkCommand: {
    200: ok("The referee's answer: `accepted` with the events and rolls, or refused with the rule and the sentence.", 'CommandCheck'),
    ...withBody,
    ...unauthorized,
    ...noGame,
    409: problem("`expectedVersion` is not the game's version: read the game again."),
    ...always,
  },
  forkGame: {
    201: ok('A sandbox: its first event, GameForked (the answer names the new game; Location points at it).', 'CommandResponse', location),
    202: ok('A continuation proposed: the ForkProposed event on this game; it starts when every seat has accepted it.', 'CommandResponse'),
    200: ok('A retry (same commandId and body): the first answer again, `replayed` true.', 'CommandResponse'),
    ...withBody,
    ...unauthorized,
    403: problem('Not a seat or the organiser of this game (a continuation), or a ruling only the organiser may give.'),
    ...noGame,
    409: problem(
      'TB-6: the game was not in play at that version, sealed orders hidden from you are pending there, a continuation is already proposed, or another request changed the game at the same moment.',
    ),
    422: problem('Against the rules; the detail names the rule.'),
    ...always,
    ...rateLimited,
  },
  listGameEvents: {
    ...withEtag('A page of events.', 'EventsPage'),
    400: withBody[400],
    ...unauthorized,
    ...noGame,
    ...always,
    ...tooManyWaits(),
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
      description:
        "The log: a header line, then one line per event. TRUST-3: the header's `signature` is the service's (purpose arbiter-export/1) over the header without it, the last event's hash and the number of events: `arbiter verify --keys` checks it. Its ETag names this answer: send it as If-None-Match.",
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
    ...tooManyWaits(),
  },
});
