/**
 * The clubs' routes (CLUB-1, CLUB-6) as the API declares and documents them: clubs, members,
 * their games, tournaments and ladders. For each, its method and path, who may call it, its
 * request schemas and what the document says of it, which its function's router, the CDK routes
 * and the document read (route-table.ts); and its answers in `/openapi.json`, which only the
 * document reads. Their handlers are in routes.ts, their use cases in app/.
 */
import { problemRef, withExamples } from '../../http/openapi-examples.ts';
import { always, location, noContent, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { addOrganiserBody, createClubBody, joinClubBody, ladderQuery, ratingChangesQuery } from './schemas.ts';

const clubIdDescription = 'The club id, e.g. c_4f….';
const ladderRuleset = 'The ruleset id of the ladder, e.g. post-galactica.';

export const clubRoutes = [
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
    id: clubIdDescription,
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
    id: clubIdDescription,
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
    id: clubIdDescription,
  },
  {
    method: 'GET',
    path: '/clubs/{id}/members',
    operationId: 'listClubMembers',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: "The club's members and organisers.",
    id: clubIdDescription,
  },
  {
    method: 'POST',
    path: '/clubs/{id}/organisers',
    operationId: 'addClubOrganiser',
    serves: 'clubs',
    auth: 'apiKey',
    tag: 'clubs',
    summary: 'Make a member an organiser (organisers only).',
    id: clubIdDescription,
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
    id: clubIdDescription,
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
    id: clubIdDescription,
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
    id: clubIdDescription,
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
    id: clubIdDescription,
    params: { ruleset: ladderRuleset },
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
    id: clubIdDescription,
    params: { ruleset: ladderRuleset },
    query: ratingChangesQuery,
  },
] as const satisfies readonly RouteDeclaration[];

export type ClubRoute = (typeof clubRoutes)[number];
export type ClubOperationId = ClubRoute['operationId'];

/** A private club answers a stranger as a club that does not exist (CLUB-1, as API-8). */
const noClub = { 404: /* @__PURE__ */ problem('No such club (or a private club you are not a member of).') };
const organisersOnly = { 403: /* @__PURE__ */ problem('Only an organiser of the club may do that.') };
const read = (description: string, schema: string) => ({ ...withEtag(description, schema), ...unauthorized, ...noClub, ...always });

export const clubResponses = (): Record<ClubOperationId, Record<string, unknown>> => {
  const answers = clubAnswers();
  return Object.fromEntries(Object.entries(answers).map(([id, responses]) => [id, withExamples(id, responses)])) as typeof answers;
};

const clubAnswers = (): Record<ClubOperationId, Record<string, unknown>> => ({
  createClub: {
    201: ok('The club; you are its organiser. A private club carries its invite code.', 'Club', location),
    200: ok('A retry (same requestId and body): the first answer again.', 'Club', location),
    ...withBody,
    ...unauthorized,
    409: problem('The requestId was used for another club.', { 'request-id-reused': problemRef('request-id-reused') }),
    ...always,
    ...rateLimited,
  },
  getClub: read('The club.', 'Club'),
  joinClub: {
    201: ok('You joined.', 'Club'),
    200: ok('You were a member already.', 'Club'),
    ...withBody,
    ...unauthorized,
    ...noClub,
    ...always,
    ...rateLimited,
  },
  rotateClubInviteCode: {
    200: ok('The new code.', 'InviteCode'),
    ...unauthorized,
    ...organisersOnly,
    ...noClub,
    409: problem('A public club has no invite code.'),
    ...always,
  },
  listClubMembers: read('The members.', 'ClubMembers'),
  addClubOrganiser: {
    200: ok('The member, now an organiser.', 'ClubMember'),
    ...withBody,
    ...unauthorized,
    ...organisersOnly,
    ...noClub,
    409: problem('That player is not a member.'),
    ...always,
  },
  removeClubMember: {
    204: noContent('Removed.'),
    ...unauthorized,
    ...organisersOnly,
    404: problem('No such club, or no such member.'),
    409: problem("The club's founder cannot be removed."),
    ...always,
  },
  listClubGames: read('The games.', 'ClubGames'),
  listClubTournaments: read('The tournaments.', 'ClubTournaments'),
  getClubLadder: { ...read('A page of the leaderboard.', 'Ladder'), 400: withBody[400] },
  listRatingChanges: { ...read('The changes.', 'RatingChanges'), 400: withBody[400] },
});
