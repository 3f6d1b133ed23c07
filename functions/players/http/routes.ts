/**
 * The players' routes' handlers (API-7), one per route of operations.ts (the compiler holds them
 * to it): registering, your profile, name and key, others' public profiles. The router has
 * authenticated and parsed the request by then: call the use case, map the result. Adding a
 * route: its declaration and answers in operations.ts, its handler here, its use case in app/
 * (functions/http/route.ts says why apart).
 */
import { rateLimited } from '../../http/rate-limited.ts';
import { json, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Deps } from '../../kernel/deps.ts';
import { myProfile, publicProfile, registerPlayer, renamePlayer, rotateKey } from '../app/players.ts';
import { addSigningKey, requireSignatures, retireSigningKey, signingKeys } from '../app/signing-keys.ts';
import type { PlayerRoute } from './operations.ts';

export const playerHandlers = (deps: () => Deps): Handlers<PlayerRoute> => ({
  registerPlayer: async (request, { body }) => {
    const refused = await rateLimited(deps(), 'players', request.sourceIp);
    if (refused) return refused;
    return json(201, await registerPlayer(deps(), body.name));
  },
  getMyProfile: async (request, { playerId }) => withEtag(request, await myProfile(deps(), playerId)),
  renameMe: async (_request, { playerId, body }) => json(200, await renamePlayer(deps(), playerId, body.name)),
  rotateMyKey: async (request, { playerId }) =>
    json(201, await rotateKey(deps(), playerId, request.headers.authorization), { 'cache-control': 'no-store' }),
  getMySigningKeys: async (request, { playerId }) => withEtag(request, await signingKeys(deps(), playerId)),
  addMySigningKey: async (_request, { playerId, body }) =>
    json(201, await addSigningKey(deps(), playerId, body.key, body.requireSignatures)),
  setRequireSignatures: async (_request, { playerId, body }) =>
    json(200, await requireSignatures(deps(), playerId, body.requireSignatures)),
  retireMySigningKey: async (request, { playerId }) => json(200, await retireSigningKey(deps(), playerId, request.params.id ?? '')),
  getPlayer: async (request) => withEtag(request, await publicProfile(deps(), request.params.id ?? '')),
});
