/**
 * The players' routes (API-7) as the API declares and documents them: registering, your profile,
 * name and key, the keys you sign commands with (TRUST-6), others' public profiles. For each, its method and path, who may call it, its
 * request schemas and what the document says of it, which its function's router, the CDK routes
 * and the document read (route-table.ts); and its answers in `/openapi.json`, which only the
 * document reads. Their handlers are in routes.ts, their use cases in app/.
 */
import { always, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { addSigningKeyBody, registerPlayerBody, renamePlayerBody, requireSignaturesBody } from './schemas.ts';

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
  // TRUST-6: /players/me/keys is the API key's rotation (API-7), so the keys you sign with have their own path.
  {
    method: 'GET',
    path: '/players/me/signing-keys',
    operationId: 'getMySigningKeys',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'The public keys you sign commands with, current and retired, and whether you require signatures.',
  },
  {
    method: 'POST',
    path: '/players/me/signing-keys',
    operationId: 'addMySigningKey',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'Register an Ed25519 public key to sign commands with (at most 5 current keys).',
    description:
      'The server names the key by its RFC 7638 thumbprint (`kid`). Sign a command with it and send `signature: { kid, alg: "EdDSA", sig }` in the body of POST /games/{id}/commands; `arbiter sign` does both. Give `requireSignatures` to set that at the same time.',
    body: addSigningKeyBody,
  },
  {
    method: 'PATCH',
    path: '/players/me/signing-keys',
    operationId: 'setRequireSignatures',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'Require signatures for your seats, or stop requiring them.',
    description:
      'While required, an unsigned command you send to POST /games/{id}/commands is refused (403), so a stolen API key alone cannot play for you.',
    body: requireSignaturesBody,
  },
  {
    method: 'DELETE',
    path: '/players/me/signing-keys/{id}',
    operationId: 'retireMySigningKey',
    serves: 'api',
    auth: 'apiKey',
    tag: 'players',
    summary: 'Retire a key: it signs nothing from now on, and what it signed before still verifies.',
    id: "The key's id (`kid`).",
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
const signingConflict = {
  409: /* @__PURE__ */ problem(
    'Not with your keys as they are: too many keys, a retired key registered again, or signatures required with no current key to sign with.',
  ),
};

export const playerResponses = (): Record<PlayerOperationId, Record<string, unknown>> => ({
  registerPlayer: { 201: ok('The new player.', 'Player'), ...withBody, ...always, ...rateLimited },
  getMyProfile: { ...withEtag('Your profile.', 'Profile'), ...unauthorized, ...noPlayer, ...always },
  renameMe: { 200: ok('Your profile with the new name.', 'Profile'), ...withBody, ...unauthorized, ...noPlayer, ...always },
  rotateMyKey: { 201: ok('The new key.', 'Player'), ...unauthorized, ...noPlayer, ...always },
  getMySigningKeys: { ...withEtag('Your signing keys.', 'SigningKeys'), ...unauthorized, ...noPlayer, ...always },
  addMySigningKey: {
    201: ok('Your signing keys, the new one among them.', 'SigningKeys'),
    ...withBody,
    ...unauthorized,
    ...signingConflict,
    ...always,
  },
  setRequireSignatures: { 200: ok('Your signing keys.', 'SigningKeys'), ...withBody, ...unauthorized, ...signingConflict, ...always },
  retireMySigningKey: {
    200: ok('Your signing keys, that one retired.', 'SigningKeys'),
    ...unauthorized,
    404: problem('No such key among yours.'),
    ...signingConflict,
    ...always,
  },
  getPlayer: { ...withEtag('The profile.', 'PublicProfile'), ...unauthorized, ...noPlayer, ...always },
});
