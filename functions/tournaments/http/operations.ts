/**
 * The tournaments' routes (CLUB-2..CLUB-5) as the API declares and documents them: creating,
 * joining and running one, its rounds, standings and export. For each, its method and path, who
 * may call it, its request schemas and what the document says of it, which its function's router,
 * the CDK routes and the document read (route-table.ts); and its answers in `/openapi.json`,
 * which only the document reads. Their handlers are in routes.ts, their use cases in app/.
 */
import { withExamples } from '../../http/openapi-examples.ts';
import {
  always,
  header,
  location,
  ok,
  problem,
  rateLimited,
  requestId,
  unauthorized,
  withBody,
  withEtag,
} from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { createTournamentBody, tournamentCommandBody } from './schemas.ts';

const tournamentIdDescription = 'The tournament id.';
/** CLUB-1: what every read route of a tournament says of who may read it. */
const privateTournament =
  "Anyone may read a tournament, its rounds and its standings with no key (the tournament page, `/tournament?id=…`, reads them so, CLUB-7), unless it was created in a private club: then only that club's members, the tournament's organiser and its players may, with their key; to anyone else, with a key or without, it is a 404, as a tournament that does not exist (CLUB-1, as API-8). A key sent must be valid (else 401).";

export const tournamentRoutes = [
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
    id: tournamentIdDescription,
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
    id: tournamentIdDescription,
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
    id: tournamentIdDescription,
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
    id: tournamentIdDescription,
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
    id: tournamentIdDescription,
  },
] as const satisfies readonly RouteDeclaration[];

export type TournamentRoute = (typeof tournamentRoutes)[number];
export type TournamentOperationId = TournamentRoute['operationId'];

/** CLUB-1: a private club's tournament is the same 404 to whom may not see it. */
const hidden = {
  404: /* @__PURE__ */ problem(
    'No such tournament, or one created in a private club that you (or a caller without a key) may not see (CLUB-1).',
  ),
};

/** Each answer with a recorded example (DOC-3, test/support/club-examples.ts) gets it. */
export const tournamentResponses = (): Record<TournamentOperationId, Record<string, unknown>> => {
  const answers = tournamentAnswers();
  return Object.fromEntries(Object.entries(answers).map(([id, responses]) => [id, withExamples(id, responses)])) as typeof answers;
};

const tournamentAnswers = (): Record<TournamentOperationId, Record<string, unknown>> => ({
  createTournament: {
    201: ok('The tournament and its first event.', 'TournamentCommandResponse', location),
    200: ok('A retry (same commandId and body): the first answer again, `replayed` true.', 'TournamentCommandResponse', location),
    ...withBody,
    ...unauthorized,
    403: problem('A tournament in a club is created by a member of that club (CLUB-1).'),
    404: problem('No such club, or a private club you are not a member of (CLUB-1).'),
    409: problem('The command id was used for another command (command-id-reused), or the tournament moved on (version-conflict).'),
    422: problem(
      'A tournament that could never run (INV-8): an unknown ruleset, gameOptions its ruleset refuses, a Swiss without rounds or with more than half its maxPlayers, a bad deadline; the detail names the rule.',
    ),
    ...always,
    ...rateLimited,
  },
  getTournament: { ...withEtag('The tournament.', 'Tournament'), ...unauthorized, ...hidden, ...always },
  giveTournamentCommand: {
    200: ok('The new events (`replayed` true for a retry).', 'TournamentCommandResponse'),
    ...withBody,
    ...unauthorized,
    403: problem(
      'Only the organiser starts, changes the rounds of, cancels a tournament or decides a game; only an entered player withdraws.',
    ),
    ...hidden,
    409: problem(
      'The tournament is not in a state for that: already joined, full, cancelled, not open, before the deadline; or your command id reused for another command, or a version conflict (only with expectedVersion: without it a race is decided again, INV-9).',
    ),
    422: problem(
      'Against the tournament rules (too many Swiss rounds for the field: ChangeRounds or CancelTournament; too few players); the detail names the rule.',
    ),
    ...always,
  },
  listTournamentRounds: { ...withEtag('The rounds.', 'TournamentRounds'), ...unauthorized, ...hidden, ...always },
  getTournamentStandings: { ...withEtag('The standings.', 'TournamentStandings'), ...unauthorized, ...hidden, ...always },
  exportTournament: {
    200: {
      description:
        "The export: a header line, the tournament log, then each game log. TRUST-3: the header's `signature` is the service's over the header without it, the tournament log's last hash and its number of events; each game log carries its own (`arbiter verify-tournament --keys`). Its ETag names this answer: send it as If-None-Match.",
      headers: { ...requestId, ETag: header('ETag') },
      content: { 'application/x-ndjson': { schema: { type: 'string' } } },
    },
    304: withEtag('', 'EventsPage')[304],
    ...unauthorized,
    ...hidden,
    ...always,
  },
});
