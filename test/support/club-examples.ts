/**
 * DOC-3: the answer examples of the club and tournament routes (CLUB-1 to CLUB-7), each the answer of the real
 * handler on the in-memory adapters to the request it names, with ids, keys and the clock
 * made deterministic so that they can be recorded once and compared with a fresh answer.
 * Recorded by test/unit/openapi-examples.unit.test.ts into functions/http/openapi-examples.json.
 */
import type { ClubOperationId } from '../../functions/clubs/http/operations.ts';
import type { TournamentOperationId } from '../../functions/tournaments/http/operations.ts';
import { fixedMemoryApi, type MemoryApi } from './memory-api.ts';

export interface AnswerExample {
  readonly summary: string;
  readonly request: string;
  /** The request's body, for a route that takes one: the document's request example (CLUB-7). */
  readonly body?: unknown;
  readonly status: number;
  readonly value: unknown;
}

const send = async (api: MemoryApi, key: string | null, method: string, path: string, body?: unknown) => {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await api.fetch(`${api.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await answer.text();
  return { status: answer.status, value: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
};

/** Ann founds a private club, Bob and Cy join it, Ann beats Bob in a rated game: each route's answer on the way. */
type OperationId = ClubOperationId | TournamentOperationId;

export const clubExamples = async (): Promise<Partial<Record<OperationId, AnswerExample>>> => {
  const api = fixedMemoryApi('arbiter-club-example');
  const register = async (name: string) =>
    (await send(api, null, 'POST', '/players', { name })).value as { apiKey: string; playerId: string };
  const [ann, bob, cy] = [await register('Ann'), await register('Bob'), await register('Cy')];
  const out: Partial<Record<OperationId, AnswerExample>> = {};
  const record = async (operationId: OperationId, summary: string, key: string | null, method: string, path: string, body?: unknown) => {
    const answer = await send(api, key, method, path, body);
    out[operationId] = {
      summary,
      request: `${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`,
      ...(body === undefined ? {} : { body }),
      ...answer,
    };
    return answer.value as Record<string, unknown>;
  };
  const club = await record('createClub', 'Ann founds a private club', ann.apiKey, 'POST', '/clubs', {
    name: 'Tuesday Night Wargamers',
    visibility: 'private',
  });
  const id = String(club.clubId);
  await record('joinClub', 'Bob joins with the invite code', bob.apiKey, 'POST', `/clubs/${id}/join`, { inviteCode: club.inviteCode });
  await send(api, cy.apiKey, 'POST', `/clubs/${id}/join`, { inviteCode: club.inviteCode });
  await record('getClub', 'The club as its organiser sees it', ann.apiKey, 'GET', `/clubs/${id}`);
  const rotated = await record('rotateClubInviteCode', 'Ann rotates the code', ann.apiKey, 'POST', `/clubs/${id}/invite-code`);
  await record('addClubOrganiser', 'Ann makes Cy an organiser', ann.apiKey, 'POST', `/clubs/${id}/organisers`, { playerId: cy.playerId });
  await record('listClubMembers', 'The members', bob.apiKey, 'GET', `/clubs/${id}/members`);
  const game = await send(api, ann.apiKey, 'POST', '/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', club: { clubId: id, rated: true } },
  });
  const gameId = String(game.value?.gameId);
  await send(api, bob.apiKey, 'POST', `/games/${gameId}/join`, {});
  await send(api, bob.apiKey, 'POST', `/games/${gameId}/commands`, { commandId: 'bob-concedes', command: { type: 'Concede' } });
  await record('listClubGames', 'One rated game', bob.apiKey, 'GET', `/clubs/${id}/games`);
  await record('getClubLadder', "The Post Galactica ladder after Ann's win", bob.apiKey, 'GET', `/clubs/${id}/ladders/post-galactica`);
  await record(
    'listRatingChanges',
    "Bob's changes",
    bob.apiKey,
    'GET',
    `/clubs/${id}/ladders/post-galactica/changes?player=${bob.playerId}`,
  );
  // Dee joins with the new code: only the private club's members enter its tournament (CLUB-1).
  const dee = await register('Dee');
  await send(api, dee.apiKey, 'POST', `/clubs/${id}/join`, { inviteCode: rotated.inviteCode });
  await tournamentExamples(api, record, id, [ann, bob, cy, dee]);
  return out;
};

type Recorder = (
  operationId: OperationId,
  summary: string,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
) => Promise<unknown>;

/**
 * CLUB-7: Ann runs a one-round Swiss of four in the club, Ann, Bob, Cy and Dee playing, blue
 * conceding each game.
 */
const tournamentExamples = async (
  api: MemoryApi,
  record: Recorder,
  clubId: string,
  players: readonly { apiKey: string; playerId: string }[],
): Promise<void> => {
  const [ann, bob] = players as [{ apiKey: string; playerId: string }, { apiKey: string; playerId: string }];
  const created = (await record('createTournament', 'Ann creates a one-round Swiss in her club', ann.apiKey, 'POST', '/tournaments', {
    commandId: 'winter-cup-create-1',
    name: 'Winter Cup',
    format: 'swiss',
    rounds: 1,
    ruleset: 'post-galactica',
    clubId,
  })) as { tournamentId: string };
  const t = created.tournamentId;
  await record('giveTournamentCommand', 'Bob joins', bob.apiKey, 'POST', `/tournaments/${t}/commands`, {
    commandId: 'bob-joins-cup-1',
    command: { type: 'JoinTournament' },
  });
  for (const [i, p] of players.entries())
    if (p !== bob)
      await send(api, p.apiKey, 'POST', `/tournaments/${t}/commands`, {
        commandId: `joins-cup-${i}-1`,
        command: { type: 'JoinTournament' },
      });
  // The pairing opens the round's games, and each game's end is its result, as the stream does (memory-api.ts).
  await send(api, ann.apiKey, 'POST', `/tournaments/${t}/commands`, {
    commandId: 'ann-starts-cup-1',
    command: { type: 'StartTournament' },
  });
  // The club is private, so its tournament is read with a member's key (CLUB-1); a public one's needs none.
  const { rounds } = (await send(api, ann.apiKey, 'GET', `/tournaments/${t}/rounds`)).value as {
    rounds: { pairings: { gameId: string; blue: string }[] }[];
  };
  for (const p of rounds[0]?.pairings ?? []) {
    const blue = players.find((player) => player.playerId === p.blue);
    await send(api, blue?.apiKey ?? null, 'POST', `/games/${p.gameId}/commands`, {
      commandId: `concede-${p.gameId}`,
      command: { type: 'Concede' },
    });
  }
  await record(
    'getTournament',
    'The Winter Cup once ended, its seed revealed (read by a member of its private club)',
    bob.apiKey,
    'GET',
    `/tournaments/${t}`,
  );
  await record('listTournamentRounds', 'Its one round: two tables, red won both', bob.apiKey, 'GET', `/tournaments/${t}/rounds`);
  await record('getTournamentStandings', 'The final standings', bob.apiKey, 'GET', `/tournaments/${t}/standings`);
  await record('listClubTournaments', "The club's events", bob.apiKey, 'GET', `/clubs/${clubId}/tournaments`);
};
