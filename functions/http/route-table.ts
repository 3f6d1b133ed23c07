/**
 * ARC-5: the one route table. Each route is declared here once: method, path template,
 * operationId, which function serves it, whether it needs the API key, what the document
 * says of it, and the zod schemas of its query and body. The router (`routerFor`), the
 * OpenAPI paths (openapi.ts, which adds each operation's answers by operationId), the CDK
 * routes (infra/aws/http-api.ts) and the local runtime (every-route.ts) all read it; each
 * function's handlers are a map from operationId to handler, which the compiler holds to
 * the table (routes.ts, webhook-routes.ts, docs-routes.ts).
 *
 * Nothing here builds JSON Schema or an OpenAPI answer, so the API's bundle can carry the
 * table without the document's code (PERF-1).
 */
import type * as z from '../../domain/kernel/zod.ts';
import { addOrganiserBody, createClubBody, joinClubBody, ladderQuery, ratingChangesQuery } from '../clubs/http/schemas.ts';
import {
  commandBody,
  createGameBody,
  eventsQuery,
  forkBody,
  gameQuery,
  inboxQuery,
  joinGameBody,
  lobbyQuery,
  registerPlayerBody,
  renamePlayerBody,
  stateQuery,
} from '../games/http/schemas.ts';
import { createWebhookBody } from '../notifications/http/schemas.ts';
import { createTournamentBody, tournamentCommandBody } from '../tournaments/http/schemas.ts';
import { parseBody, parseQuery } from './respond.ts';
import { type Request, type Response, Router } from './router.ts';

export interface RouteDeclaration {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** API Gateway's template: `{name}` is one path segment. */
  readonly path: string;
  readonly operationId: string;
  /** The Lambda function that answers it on AWS: the documentation's routes load code the API's cold start does without (PERF-1). */
  readonly serves: 'api' | 'docs' | 'clubs';
  /**
   * `apiKey`: the router authenticates the bearer key before anything else, and hands the handler the player.
   * `optional`: the same when an Authorization header is sent (a bad key is still the 401), else the handler
   * gets null: a route anyone may read whose answer may depend on who asks (a private club's tournament, CLUB-1).
   */
  readonly auth: 'apiKey' | 'optional' | 'public';
  readonly tag: 'players' | 'rulesets' | 'games' | 'clubs' | 'tournaments' | 'webhooks' | 'meta';
  readonly summary: string;
  readonly description?: string;
  /** What the path's `{id}` names, for a path that has one. */
  readonly id?: string;
  /** What each other segment of the path names (`{playerId}`, `{ruleset}`), after `{id}`, in the path's order. */
  readonly params?: Readonly<Record<string, string>>;
  /** Parsed (API-4) after authentication, before the handler runs. */
  readonly query?: z.core.$ZodType;
  /** Parsed (API-4) after authentication and the query, before the handler runs. */
  readonly body?: z.core.$ZodType;
}

const gameId = 'The game id.';
const webhookId = 'The webhook id.';
const clubId = 'The club id, e.g. c_4f….';
const tournamentId = 'The tournament id.';
/** CLUB-1: what every read route of a tournament says of who may read it. */
const privateTournament =
  "Anyone may read a tournament, its rounds and its standings with no key (the tournament page, `/tournament?id=…`, reads them so, CLUB-7), unless it was created in a private club: then only that club's members, the tournament's organiser and its players may, with their key; to anyone else, with a key or without, it is a 404, as a tournament that does not exist (CLUB-1, as API-8). A key sent must be valid (else 401).";

/**
 * In the order the document lists them, which is also the order the router tries them:
 * a more specific template goes before one that would shadow it (`/players/me` before `/players/{id}`).
 */
export const ROUTES = [
  {
    method: 'POST',
    path: '/players',
    operationId: 'registerPlayer',
    serves: 'api',
    auth: 'public',
    tag: 'players',
    summary: 'Register a player; the API key is returned once.',
    body: registerPlayerBody,
  },
  {
    method: 'GET',
    path: '/rulesets',
    operationId: 'listRulesets',
    serves: 'docs',
    auth: 'public',
    tag: 'rulesets',
    summary: 'The rule systems, their seats, phases and commands.',
  },
  {
    method: 'GET',
    path: '/rulesets/{id}',
    operationId: 'getRuleset',
    serves: 'docs',
    auth: 'public',
    tag: 'rulesets',
    summary: 'One ruleset with JSON Schemas of its options and commands.',
    id: 'The ruleset id, e.g. post-galactica.',
  },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApi',
    serves: 'docs',
    auth: 'public',
    tag: 'meta',
    summary: 'This document.',
  },
  {
    method: 'GET',
    path: '/players/me',
    operationId: 'getMyProfile',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'Your profile: id, name and when you registered (never the key).',
  },
  {
    method: 'PATCH',
    path: '/players/me',
    operationId: 'renameMe',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'Change your name; every game shows the new one at once.',
    body: renamePlayerBody,
  },
  {
    method: 'POST',
    path: '/players/me/keys',
    operationId: 'rotateMyKey',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'A new API key, shown once; the key that signed this request stops working at once.',
    description: 'Your games, inbox and webhooks stay: they belong to your player id, not to the key.',
  },
  {
    method: 'GET',
    path: '/players/{id}',
    operationId: 'getPlayer',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: "A player's public profile: just the name.",
    description: 'Any signed-in player may read it (the ids are in the seats of the games you see).',
    id: 'The player id, e.g. p_4f….',
  },
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
    id: gameId,
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
    id: gameId,
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
    description: 'A retry with the same commandId and body answers what the first did (`replayed` true) and writes nothing.',
    id: gameId,
    body: commandBody,
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
    id: gameId,
    body: forkBody,
  },
  {
    method: 'GET',
    path: '/games/{id}/events',
    operationId: 'listGameEvents',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'The log, paged, redacted for your seat.',
    description: '`wait` holds the request until an event after `after` exists (at most the seconds given).',
    id: gameId,
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
    id: gameId,
    query: stateQuery,
  },
  {
    method: 'GET',
    path: '/games/{id}/log',
    operationId: 'exportGameLog',
    serves: 'api',
    auth: 'apiKey',
    tag: 'games',
    summary: 'The whole log as NDJSON, for `npx arbiter verify`.',
    description: 'A header line, then one event per line; redacted for you while the game runs, complete with the seed once it has ended.',
    id: gameId,
  },
  {
    method: 'POST',
    path: '/tournaments',
    operationId: 'createTournament',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'tournaments',
    summary: 'Create a tournament; you are its organiser (CLUB-2, CLUB-3).',
    description:
      'With a commandId, a retry with the same id and body answers what the first did (200) and creates nothing. The tournament commits to a secret seed that breaks every tie and is revealed at the end. Created in a private club (`clubId`), its games are private games (API-8): the server records `visibility: "private"` in its `gameOptions`, each game is created by you, its organiser, and read only by its two players and you (CLUB-1).',
    body: createTournamentBody,
  },
  {
    method: 'GET',
    path: '/tournaments/{id}',
    operationId: 'getTournament',
    serves: 'clubs',
    auth: 'optional',
    tag: 'tournaments',
    summary: 'The tournament: its format, players and their names, the round being played, its seed commitment.',
    description: privateTournament,
    id: tournamentId,
  },
  {
    method: 'POST',
    path: '/tournaments/{id}/commands',
    operationId: 'giveTournamentCommand',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'tournaments',
    summary:
      'Join, withdraw; the organiser starts, changes the Swiss rounds or cancels before the start, and decides a game after the round deadline.',
    description:
      "A command id is its sender's (INV-9): every player may send `join-0001`. The same player's retry with the same commandId and body answers what the first did (`replayed` true) and writes nothing. Without expectedVersion a race with another command is decided again, not refused.",
    id: tournamentId,
    body: tournamentCommandBody,
  },
  {
    method: 'GET',
    path: '/tournaments/{id}/rounds',
    operationId: 'listTournamentRounds',
    serves: 'clubs',
    auth: 'optional',
    tag: 'tournaments',
    summary: "Every round's pairings (with each game's id), bye, deadline and results (CLUB-4).",
    description: privateTournament,
    id: tournamentId,
  },
  {
    method: 'GET',
    path: '/tournaments/{id}/standings',
    operationId: 'getTournamentStandings',
    serves: 'clubs',
    auth: 'optional',
    tag: 'tournaments',
    summary: 'The standings: points, Buchholz, head-to-head, then the seed; each row with its games (CLUB-5).',
    description: privateTournament,
    id: tournamentId,
  },
  {
    method: 'GET',
    path: '/tournaments/{id}/export',
    operationId: 'exportTournament',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'tournaments',
    summary: 'The tournament log and every game log it references, as NDJSON, for `npx arbiter verify-tournament`.',
    description:
      'Each game log as `GET /games/{id}/log` gives it to you: redacted while the game runs, complete once it has ended. A tournament created in a private club is exported only to its organiser: its games are private (API-8), so its members and players, who read the tournament, are refused (403); to anyone else it is a 404, as a tournament that does not exist (CLUB-1).',
    id: tournamentId,
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
  {
    method: 'POST',
    path: '/clubs',
    operationId: 'createClub',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Create a club; you are its organiser (CLUB-1).',
    description:
      "A private club's answer carries its invite code. With a requestId, a retry with the same id and body answers the first club (200).",
    body: createClubBody,
  },
  {
    method: 'GET',
    path: '/clubs/{id}',
    operationId: 'getClub',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'A club and your role in it.',
    description:
      'A private club is readable only by its members: to anyone else it is a 404, as a club that does not exist (CLUB-1, as API-8).',
    id: clubId,
  },
  {
    method: 'POST',
    path: '/clubs/{id}/join',
    operationId: 'joinClub',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Join a club: freely if it is public, with its invite code if it is private.',
    description: 'Joining twice is one membership (200 again). A wrong or missing invite code is the 404 of a club that does not exist.',
    id: clubId,
    body: joinClubBody,
  },
  {
    method: 'POST',
    path: '/clubs/{id}/invite-code',
    operationId: 'rotateClubInviteCode',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'A new invite code for a private club (organisers only); the old one stops working at once.',
    id: clubId,
  },
  {
    method: 'GET',
    path: '/clubs/{id}/members',
    operationId: 'listClubMembers',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: "The club's members and organisers.",
    id: clubId,
  },
  {
    method: 'POST',
    path: '/clubs/{id}/organisers',
    operationId: 'addClubOrganiser',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Make a member an organiser (organisers only).',
    id: clubId,
    body: addOrganiserBody,
  },
  {
    method: 'DELETE',
    path: '/clubs/{id}/members/{playerId}',
    operationId: 'removeClubMember',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Remove a member (organisers), or leave (your own id).',
    description: "The club's founder cannot be removed, so a club always has an organiser.",
    id: clubId,
    params: { playerId: 'The player id of the member, e.g. p_4f….' },
  },
  {
    method: 'GET',
    path: '/clubs/{id}/games',
    operationId: 'listClubGames',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'The games created in the club (POST /games with options.club).',
    id: clubId,
  },
  {
    method: 'GET',
    path: '/clubs/{id}/tournaments',
    operationId: 'listClubTournaments',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: "The club's events: the tournaments created in it (POST /tournaments with clubId), each with its page.",
    description: 'Only a member creates a tournament in a club. A private club is a 404 to anyone else, as every club route.',
    id: clubId,
  },
  {
    method: 'GET',
    path: '/clubs/{id}/ladders/{ruleset}',
    operationId: 'getClubLadder',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: "A page of the club's ladder for one ruleset, best first (CLUB-6).",
    description: 'Rated with OpenSkill from the rated games of the club; ranked by mu - 3 sigma, then games played, then player id.',
    id: clubId,
    params: { ruleset: 'The ruleset id of the ladder, e.g. post-galactica.' },
    query: ladderQuery,
  },
  {
    method: 'GET',
    path: '/clubs/{id}/ladders/{ruleset}/changes',
    operationId: 'listRatingChanges',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Every rating change of the ladder, oldest first: the game, opponents, result, before and after (CLUB-6).',
    id: clubId,
    params: { ruleset: 'The ruleset id of the ladder, e.g. post-galactica.' },
    query: ratingChangesQuery,
  },
  {
    method: 'POST',
    path: '/me/webhooks',
    operationId: 'createWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Subscribe a URL to notifications.',
    description:
      'Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature); the signing secret is in this answer only.',
    body: createWebhookBody,
  },
  {
    method: 'GET',
    path: '/me/webhooks',
    operationId: 'listWebhooks',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Your webhooks.',
  },
  {
    method: 'GET',
    path: '/me/webhooks/{id}',
    operationId: 'getWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'One webhook; when disabled, why.',
    id: webhookId,
  },
  {
    method: 'DELETE',
    path: '/me/webhooks/{id}',
    operationId: 'deleteWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Delete a webhook; pending retries stop.',
    id: webhookId,
  },
  {
    method: 'POST',
    path: '/me/webhooks/{id}/enable',
    operationId: 'enableWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Enable a webhook that was disabled after failed deliveries.',
    id: webhookId,
  },
  {
    method: 'POST',
    path: '/me/webhooks/{id}/ping',
    operationId: 'pingWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Send a signed test delivery now (one attempt, logged) and say how the receiver answered.',
    id: webhookId,
  },
  {
    method: 'GET',
    path: '/me/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'The delivery log, newest first: when, status, attempts, the last error.',
    id: webhookId,
  },
] as const satisfies readonly RouteDeclaration[];

export type Route = (typeof ROUTES)[number];
export type OperationId = Route['operationId'];

/** What the router hands a route's handler: the authenticated player, and the query and body parsed by the route's schemas. */
export interface RouteInput<R extends RouteDeclaration> {
  readonly playerId: R['auth'] extends 'apiKey' ? string : R['auth'] extends 'optional' ? string | null : null;
  readonly query: R extends { readonly query: infer S extends z.core.$ZodType } ? z.infer<S> : undefined;
  readonly body: R extends { readonly body: infer S extends z.core.$ZodType } ? z.infer<S> : undefined;
}

/** One handler for each route `serves` names, keyed by operationId: a missing or extra one does not compile. */
export type Handlers<F extends RouteDeclaration['serves']> = {
  readonly [R in Extract<Route, { serves: F }> as R['operationId']]: (request: Request, input: RouteInput<R>) => Promise<Response>;
};

/** `METHOD /template` of each route `serves` names (every route without it), as API Gateway keys routes. */
export const routeKeys = (serves?: RouteDeclaration['serves']): string[] =>
  ROUTES.filter((r) => serves === undefined || r.serves === serves).map((r) => `${r.method} ${r.path}`);

/**
 * The router of the routes whose `serves` is one of `serves`, in the table's order.
 * `authenticate` turns an Authorization header into a player id, or throws the 401; a function
 * whose routes are all public needs none.
 */
export const routerFor = <F extends RouteDeclaration['serves']>(
  serves: readonly F[],
  handlers: Handlers<F>,
  authenticate?: (authorization: string | undefined) => Promise<string>,
): Router => {
  const router = new Router();
  const byId = handlers as unknown as Readonly<Record<string, (request: Request, input: unknown) => Promise<Response>>>;
  for (const route of ROUTES as readonly RouteDeclaration[]) {
    if (!(serves as readonly string[]).includes(route.serves)) continue;
    const handler = byId[route.operationId];
    if (!handler) throw new Error(`no handler for ${route.operationId}`);
    const auth = route.auth === 'public' ? undefined : authenticate;
    if (route.auth !== 'public' && !auth) throw new Error(`${route.operationId} needs the API key, and nothing checks it`);
    router.on(route.method, route.path, async (request) => {
      const given = request.headers.authorization;
      const playerId = !auth || (route.auth === 'optional' && given === undefined) ? null : await auth(given);
      const query = route.query ? parseQuery(request, route.query) : undefined;
      const body = route.body ? parseBody(request, route.body) : undefined;
      return handler(request, { playerId, query, body });
    });
  }
  return router;
};
