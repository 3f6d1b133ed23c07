/**
 * The clubs' routes' handlers (CLUB-1, CLUB-6), one per route of operations.ts (the compiler
 * holds them to it): clubs, members, their games, tournaments and ladders. Adding a route: its
 * declaration and answers in operations.ts, its handler here, its use case in app/
 * (functions/http/route.ts says why apart).
 */

import { rateLimited } from '../../http/rate-limited.ts';
import { json, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Request } from '../../http/router.ts';
import type { Deps } from '../../kernel/deps.ts';
import {
  addOrganiser,
  clubGames,
  clubMembers,
  clubTournaments,
  clubView,
  createClub,
  joinClub,
  leaderboard,
  ratingHistory,
  removeMember,
  rotateInviteCode,
} from '../app/clubs.ts';
import type { ClubRoute } from './operations.ts';

const id = (request: Request) => request.params.id ?? '';

export const clubHandlers = (deps: () => Deps): Handlers<ClubRoute> => ({
  createClub: async (_request, { playerId, body }) => {
    const refused = await rateLimited(deps(), 'games', playerId);
    if (refused) return refused;
    const { created, club } = await createClub(deps(), playerId, body);
    return json(created ? 201 : 200, club, { location: `/clubs/${club.clubId}` });
  },
  getClub: async (request, { playerId }) => withEtag(request, await clubView(deps(), id(request), playerId)),
  joinClub: async (request, { playerId, body }) => {
    // Counted per key before any club is read, whatever the club: a 429 says nothing of one (REL-26).
    const refused = body.inviteCode === undefined ? null : await rateLimited(deps(), 'invites', playerId);
    if (refused) return refused;
    const { joined, club } = await joinClub(deps(), id(request), playerId, body.inviteCode);
    return json(joined ? 201 : 200, club);
  },
  rotateClubInviteCode: async (request, { playerId }) =>
    json(200, await rotateInviteCode(deps(), id(request), playerId), { 'cache-control': 'no-store' }),
  listClubMembers: async (request, { playerId }) => withEtag(request, await clubMembers(deps(), id(request), playerId)),
  addClubOrganiser: async (request, { playerId, body }) => json(200, await addOrganiser(deps(), id(request), playerId, body.playerId)),
  removeClubMember: async (request, { playerId }) => {
    await removeMember(deps(), id(request), playerId, request.params.playerId ?? '');
    return { statusCode: 204 };
  },
  listClubGames: async (request, { playerId }) => withEtag(request, await clubGames(deps(), id(request), playerId)),
  listClubTournaments: async (request, { playerId }) => withEtag(request, await clubTournaments(deps(), id(request), playerId)),
  getClubLadder: async (request, { playerId, query }) =>
    withEtag(request, await leaderboard(deps(), id(request), request.params.ruleset ?? '', playerId, query.after, query.limit)),
  listRatingChanges: async (request, { playerId, query }) =>
    withEtag(request, await ratingHistory(deps(), id(request), request.params.ruleset ?? '', playerId, query.player)),
});
