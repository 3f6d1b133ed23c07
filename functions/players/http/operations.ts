/**
 * The players' routes (API-7) as the API declares and documents them: registering, your profile,
 * name and key, others' public profiles. For each, its method and path, who may call it, its
 * request schemas and what the document says of it, which its function's router, the CDK routes
 * and the document read (route-table.ts); and its answers in `/openapi.json`, which only the
 * document reads. Their handlers are in routes.ts, their use cases in app/.
 */
import { always, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { registerPlayerBody, renamePlayerBody } from './schemas.ts';

/** In the order the router tries them: `/players/me` before `/players/{id}`, which would shadow it. */
export const playerRoutes = [
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
] as const satisfies readonly RouteDeclaration[];

export type PlayerRoute = (typeof playerRoutes)[number];
export type PlayerOperationId = PlayerRoute['operationId'];

const noPlayer = { 404: /* @__PURE__ */ problem('No such player.') };

export const playerResponses = (): Record<PlayerOperationId, Record<string, unknown>> => ({
  registerPlayer: { 201: ok('The new player.', 'Player'), ...withBody, ...always, ...rateLimited },
  getMyProfile: { ...withEtag('Your profile.', 'Profile'), ...unauthorized, ...noPlayer, ...always },
  renameMe: { 200: ok('Your profile with the new name.', 'Profile'), ...withBody, ...unauthorized, ...noPlayer, ...always },
  rotateMyKey: { 201: ok('The new key.', 'Player'), ...unauthorized, ...noPlayer, ...always },
  getPlayer: { ...withEtag('The profile.', 'PublicProfile'), ...unauthorized, ...noPlayer, ...always },
});
