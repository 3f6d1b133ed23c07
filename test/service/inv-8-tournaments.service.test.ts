/**
 * INV-8 (tournaments) over HTTP on the memory runtime: a tournament that could never run is
 * refused at its creation with a 4xx that names why (an unknown ruleset, game options its
 * ruleset refuses, more Swiss rounds than its cap allows); one whose field turns out too small
 * for its rounds is changed or cancelled by its organiser before the start; its games carry
 * play-by-mail deadlines and absence rules as any game does; its export answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let organiser: Client;
const players: { client: Client; playerId: string }[] = [];

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  rule?: string;
  code?: string;
}
interface Answer {
  tournamentId: string;
  version: number;
  events: { type: string; data: Record<string, unknown> }[];
}

const SWISS = { name: 'Spring Swiss', format: 'swiss', rounds: 3, ruleset: 'post-galactica' };

const problemOf = (body: unknown) => {
  const p = body as Problem;
  return { status: p.status, type: p.type.replace('https://arbiter.dev/problems/', ''), title: p.title, rule: p.rule, code: p.code };
};

const create = (commandId: string, body: Record<string, unknown>) =>
  organiser.post<Answer>('/tournaments', { commandId, ...SWISS, ...body });

const command = (client: Client, tournamentId: string, commandId: string, cmd: Record<string, unknown>) =>
  client.post<Answer>(`/tournaments/${tournamentId}/commands`, { commandId, command: cmd });

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const registering = new Client(runtime.url);
  organiser = (await registering.register('Olga')).client;
  for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) players.push(await registering.register(name));
});
afterAll(async () => {
  await runtime.stop();
});

describe('INV-8 what can never run is refused at creation', () => {
  it('INV-8 a tournament of an unknown ruleset is a 422 naming the ruleset, and nothing is created under its command id', async () => {
    const refused = await create('unknown-ruleset', { ruleset: 'chess' });
    expect(problemOf(refused.body)).toEqual({
      status: 422,
      type: 'rule-violation',
      title: 'Against the tournament rules',
      rule: 'INV-8',
      code: 'UNKNOWN_RULESET',
    });
    expect((refused.body as unknown as Problem).detail).toBe(
      'There is no ruleset called "chess". A tournament\'s games are played under a ruleset from GET /rulesets.',
    );
    // The refusal recorded nothing: the same command id then creates the tournament it names.
    const created = await create('unknown-ruleset', {});
    expect([created.status, created.body.version]).toEqual([201, 1]);
  });

  it("INV-8 game options the ruleset's own schema refuses are a 422 at creation, with the ruleset's words", async () => {
    const refused = await create('bad-options', { gameOptions: { rules: { nonsense: true } } });
    expect(problemOf(refused.body)).toEqual({
      status: 422,
      type: 'rule-violation',
      title: 'Against the tournament rules',
      rule: 'INV-8',
      code: 'BAD_OPTIONS',
    });
    expect((refused.body as unknown as Problem).detail).toMatch(
      /^Its games could not be created with these gameOptions: The Post Galactica options are not valid: .*nonsense/s,
    );
  });

  it('INV-8 a deadline for a phase the ruleset lacks, and absence rules without deadlines, are refused at creation', async () => {
    const phase = await create('bad-phase', { gameOptions: { deadlines: { phases: { teatime: 'PT1H' } } } });
    expect(problemOf(phase.body)).toMatchObject({ status: 422, rule: 'INV-8', code: 'UNKNOWN_PHASE' });
    const absence = await create('absence-alone', { gameOptions: { absence: { maxMissed: 2 } } });
    expect(problemOf(absence.body)).toMatchObject({ status: 422, rule: 'INV-8', code: 'ABSENCE_WITHOUT_DEADLINES' });
  });

  it('INV-8 a Swiss with more rounds than half its player cap is a 422 at creation; half of it is accepted', async () => {
    const refused = await create('too-many-rounds', { maxPlayers: 8, rounds: 5 });
    expect(problemOf(refused.body)).toEqual({
      status: 422,
      type: 'rule-violation',
      title: 'Against the tournament rules',
      rule: 'INV-8',
      code: 'TOO_MANY_ROUNDS',
    });
    expect((refused.body as unknown as Problem).detail).toBe(
      'a Swiss tournament of at most 8 players can have at most 4 rounds (half its field); a round robin plays everyone',
    );
    const accepted = await create('capped-8', { maxPlayers: 8, rounds: 4 });
    expect([accepted.status, accepted.body.events[0]?.data.maxPlayers, accepted.body.events[0]?.data.rounds]).toEqual([201, 8, 4]);
    const view = await organiser.get<{ maxPlayers: number; rounds: number }>(`/tournaments/${accepted.body.tournamentId}`);
    expect([view.body.maxPlayers, view.body.rounds]).toEqual([8, 4]);
  });

  it('INV-8 a capped tournament takes no more players than its cap', async () => {
    const created = await create('capped-2', { maxPlayers: 2, rounds: 1 });
    const [ann, bob, cy] = players;
    expect((await command(ann!.client, created.body.tournamentId, 'join-0001', { type: 'JoinTournament' })).status).toBe(200);
    expect((await command(bob!.client, created.body.tournamentId, 'join-0001', { type: 'JoinTournament' })).status).toBe(200);
    const full = await command(cy!.client, created.body.tournamentId, 'join-0001', { type: 'JoinTournament' });
    expect(problemOf(full.body)).toEqual({
      status: 409,
      type: 'conflict',
      title: 'The tournament is not in a state for that',
      rule: 'CLUB-8',
      code: 'TOURNAMENT_FULL',
    });
  });
});

describe('INV-8 a field too small for its rounds: the organiser changes the rounds or cancels', () => {
  it('INV-8 start with 4 players and 3 rounds is refused naming the way out; ChangeRounds to 2 lets it start', async () => {
    const { tournamentId } = (await create('change-rounds', {})).body;
    for (const { client } of players) await command(client, tournamentId, 'join-0001', { type: 'JoinTournament' });
    const refused = await command(organiser, tournamentId, 'start-0001', { type: 'StartTournament' });
    expect(problemOf(refused.body)).toMatchObject({ status: 422, rule: 'CLUB-3', code: 'TOO_MANY_ROUNDS' });
    expect((refused.body as unknown as Problem).detail).toBe(
      '4 players allow at most 2 Swiss rounds: change the rounds (ChangeRounds), wait for more players, or cancel (CancelTournament)',
    );
    const stranger = await command(players[0]!.client, tournamentId, 'rounds-0001', { type: 'ChangeRounds', rounds: 2 });
    expect(problemOf(stranger.body)).toMatchObject({ status: 403, code: 'NOT_ORGANISER' });
    const changed = await command(organiser, tournamentId, 'rounds-0001', { type: 'ChangeRounds', rounds: 2 });
    expect([changed.status, changed.body.events.map((e) => [e.type, e.data])]).toEqual([200, [['RoundsChanged', { rounds: 2 }]]]);
    const started = await command(organiser, tournamentId, 'start-0002', { type: 'StartTournament' });
    expect([started.status, started.body.events.map((e) => e.type)]).toEqual([200, ['TournamentStarted', 'RoundPaired']]);
    expect(started.body.events[0]?.data.rounds).toBe(2);
    const late = await command(organiser, tournamentId, 'rounds-0002', { type: 'ChangeRounds', rounds: 1 });
    expect(problemOf(late.body)).toEqual({
      status: 409,
      type: 'conflict',
      title: 'The tournament is not in a state for that',
      rule: 'INV-8',
      code: 'NOT_OPEN',
    });
  });

  it('INV-8 the organiser cancels before the start: its seed is revealed, joins are refused, and its export verifies', async () => {
    const { tournamentId } = (await create('cancelled', {})).body;
    await command(players[0]!.client, tournamentId, 'join-0001', { type: 'JoinTournament' });
    const cancelled = await command(organiser, tournamentId, 'cancel-0001', { type: 'CancelTournament' });
    expect([cancelled.status, cancelled.body.events.map((e) => e.type)]).toEqual([200, ['TournamentCancelled', 'TournamentSeedRevealed']]);
    expect(cancelled.body.events[0]?.data).toEqual({ players: 1 });
    const view = await organiser.get<{ status: string; seed: string | null }>(`/tournaments/${tournamentId}`);
    expect(view.body.status).toBe('cancelled');
    const join = await command(players[1]!.client, tournamentId, 'join-0001', { type: 'JoinTournament' });
    expect(problemOf(join.body)).toMatchObject({
      status: 409,
      title: 'The tournament is not in a state for that',
      code: 'TOURNAMENT_CANCELLED',
    });
    const exported = await fetch(`${runtime.url}/tournaments/${tournamentId}/export`, {
      headers: { authorization: `Bearer ${organiser.apiKey}` },
    });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    // TRUST-3: signed by the service (test/service/trust-3-signed-exports.service.test.ts checks the signature).
    expect(JSON.parse(text.split('\n')[0] ?? '')).toEqual({
      format: 'arbiter-tournament/1',
      tournamentId,
      games: [],
      signature: expect.any(Object),
    });
    expect(verifyTournament(text, everyRuleset()).filter((c) => !c.ok)).toEqual([]);
  });
});

describe("INV-8 a tournament's games are games like any other", () => {
  it('INV-8 its games carry play-by-mail deadlines, reminders and absence rules as given at creation', async () => {
    const gameOptions = { deadlines: { default: 'P2D' }, reminders: ['PT1H'], absence: { maxMissed: 2 } };
    const { tournamentId } = (await create('pbm-games', { rounds: 1, gameOptions })).body;
    for (const { client } of players.slice(0, 2)) await command(client, tournamentId, 'join-0001', { type: 'JoinTournament' });
    await command(organiser, tournamentId, 'start-0001', { type: 'StartTournament' });
    await runtime.stream.idle();
    const rounds = await organiser.get<{ rounds: { pairings: { gameId: string }[] }[] }>(`/tournaments/${tournamentId}/rounds`);
    const gameId = rounds.body.rounds[0]?.pairings[0]?.gameId;
    const events = await organiser.get<{ events: { type: string; data: { options?: Record<string, unknown> } }[] }>(
      `/games/${gameId}/events`,
    );
    const created = events.body.events.find((e) => e.type === 'GameCreated');
    expect(created?.data.options).toMatchObject({ ...gameOptions, takebacks: 'none' });
  });
});
