/** The answers of the tournament routes in `/openapi.json` (CLUB-2..CLUB-5). */
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
import type { TournamentOperationId } from './routes.ts';

/** CLUB-1: a private club's tournament is the same 404 to whom may not see it. */
const hidden = {
  404: problem('No such tournament, or one created in a private club that you (or a caller without a key) may not see (CLUB-1).'),
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
        'The export: a header line, the tournament log, then each game log. Its ETag names this answer: send it as If-None-Match.',
      headers: { ...requestId, ETag: header('ETag') },
      content: { 'application/x-ndjson': { schema: { type: 'string' } } },
    },
    304: withEtag('', 'EventsPage')[304],
    ...unauthorized,
    ...hidden,
    ...always,
  },
});
