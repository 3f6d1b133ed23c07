/** The answers of the club routes in `/openapi.json` (CLUB-1, CLUB-6). */

import { problemRef, withExamples } from '../../http/openapi-examples.ts';
import { always, location, noContent, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { ClubOperationId } from './routes.ts';

/** A private club answers a stranger as a club that does not exist (CLUB-1, as API-8). */
const noClub = { 404: problem('No such club (or a private club you are not a member of).') };
const organisersOnly = { 403: problem('Only an organiser of the club may do that.') };
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
