/**
 * INV-8 in the tournament decider: a Swiss's rounds are bounded by half its player cap at
 * creation and by half its entered field at the start; before the start its organiser changes
 * the rounds or cancels it. given(events).when(command).then(events).
 */
import { describe, expect, it } from 'vitest';
import { mostSwissRounds } from '../../domain/tournament/decide.ts';
import { as, ORGANISER, openTournament, playerIds, TOURNAMENT_ID, TOURNAMENT_SEED, TournamentSpec } from '../support/tournament.ts';

const create = (rounds: number, maxPlayers?: number) => ({
  type: 'CreateTournament' as const,
  tournamentId: TOURNAMENT_ID,
  name: 'Capped Swiss',
  format: 'swiss' as const,
  rounds,
  ruleset: 'post-galactica',
  ...(maxPlayers === undefined ? {} : { maxPlayers }),
});

describe('INV-8 a Swiss with a player cap', () => {
  it('INV-8 half the field, rounded down, is the most Swiss rounds: 8 players 4, 9 players 4, 2 players 1', () => {
    expect([mostSwissRounds(8), mostSwissRounds(9), mostSwissRounds(2), mostSwissRounds(1024)]).toEqual([4, 4, 1, 512]);
  });

  it('INV-8 a cap of 8 takes 4 rounds and records the cap; 5 rounds are refused at creation', () => {
    const accepted = new TournamentSpec().when(create(4, 8), as(ORGANISER));
    expect(accepted.events[0]).toMatchObject({ type: 'TournamentCreated', data: { rounds: 4, maxPlayers: 8 } });
    const refused = new TournamentSpec().when(create(5, 8), as(ORGANISER)).thenRejects('INV-8', 'TOO_MANY_ROUNDS');
    expect(refused.status).toBeUndefined();
  });

  it('INV-8 no cap records none, as every tournament before the cap; a cap of 1 or 1,025 is refused', () => {
    expect(new TournamentSpec().when(create(3), as(ORGANISER)).events[0]?.data).not.toHaveProperty('maxPlayers');
    new TournamentSpec().when(create(1, 1), as(ORGANISER)).thenRejects('INV-8', 'BAD_MAX_PLAYERS');
    new TournamentSpec().when(create(1, 1025), as(ORGANISER)).thenRejects('INV-8', 'BAD_MAX_PLAYERS');
  });

  it('INV-8 the cap is full at its count: a third player of a cap of 2 is refused with 409', () => {
    const spec = new TournamentSpec();
    spec.run(create(1, 2), as(ORGANISER));
    for (const p of playerIds(2)) spec.run({ type: 'JoinTournament' }, as(p));
    expect(spec.when({ type: 'JoinTournament' }, as('p_0003')).thenRejects('CLUB-8', 'TOURNAMENT_FULL').status).toBe(409);
  });
});

describe('INV-8 before the start, with 4 players and 3 rounds', () => {
  const tooMany = () => openTournament('swiss', playerIds(4), 3);

  it('INV-8 the start is refused, naming ChangeRounds and CancelTournament', () => {
    const refused = tooMany().when({ type: 'StartTournament' }, as(ORGANISER)).thenRejects('CLUB-3', 'TOO_MANY_ROUNDS');
    expect(refused.message).toBe(
      '4 players allow at most 2 Swiss rounds: change the rounds (ChangeRounds), wait for more players, or cancel (CancelTournament)',
    );
  });

  it('INV-8 the organiser changes the rounds to 2, and the start then plays 2 rounds', () => {
    const spec = tooMany();
    spec.when({ type: 'ChangeRounds', rounds: 2 }, as(ORGANISER)).then([{ type: 'RoundsChanged', data: { rounds: 2 } }]);
    spec.run({ type: 'ChangeRounds', rounds: 2 }, as(ORGANISER));
    expect(spec.when({ type: 'StartTournament' }, as(ORGANISER)).events[0]).toEqual({
      type: 'TournamentStarted',
      data: { players: playerIds(4), rounds: 2 },
    });
  });

  it('INV-8 only the organiser changes the rounds, only of a Swiss, only to a new count within 1 to 64', () => {
    const spec = tooMany();
    expect(spec.when({ type: 'ChangeRounds', rounds: 2 }, as('p_0001')).thenRejects('INV-8', 'NOT_ORGANISER').status).toBe(403);
    spec.when({ type: 'ChangeRounds', rounds: 3 }, as(ORGANISER)).thenRejects('INV-8', 'SAME_ROUNDS');
    spec.when({ type: 'ChangeRounds', rounds: 0 }, as(ORGANISER)).thenRejects('CLUB-3', 'ROUNDS_REQUIRED');
    spec.when({ type: 'ChangeRounds', rounds: 65 }, as(ORGANISER)).thenRejects('CLUB-3', 'ROUNDS_REQUIRED');
    openTournament('round-robin', playerIds(4))
      .when({ type: 'ChangeRounds', rounds: 2 }, as(ORGANISER))
      .thenRejects('CLUB-3', 'ROUNDS_DERIVED');
  });

  it('INV-8 the organiser cancels: TournamentCancelled with the players entered, then the seed revealed; nothing is taken after', () => {
    const spec = tooMany();
    spec.when({ type: 'CancelTournament' }, as(ORGANISER)).then([
      { type: 'TournamentCancelled', data: { players: 4 } },
      { type: 'TournamentSeedRevealed', data: { seed: TOURNAMENT_SEED } },
    ]);
    spec.run({ type: 'CancelTournament' }, as(ORGANISER));
    expect(spec.state).toMatchObject({ status: 'cancelled', seed: TOURNAMENT_SEED, history: [] });
    spec.when({ type: 'JoinTournament' }, as('p_0009')).thenRejects('INV-8', 'TOURNAMENT_CANCELLED');
    spec.when({ type: 'StartTournament' }, as(ORGANISER)).thenRejects('CLUB-4', 'NOT_OPEN');
    spec.when({ type: 'CancelTournament' }, as(ORGANISER)).thenRejects('INV-8', 'NOT_OPEN');
    spec.when({ type: 'ChangeRounds', rounds: 2 }, as(ORGANISER)).thenRejects('INV-8', 'NOT_OPEN');
  });

  it('INV-8 a started tournament is neither cancelled nor given new rounds', () => {
    const spec = openTournament('swiss', playerIds(4), 2);
    spec.run({ type: 'StartTournament' }, as(ORGANISER));
    expect(spec.when({ type: 'CancelTournament' }, as(ORGANISER)).thenRejects('INV-8', 'NOT_OPEN').status).toBe(409);
    expect(spec.when({ type: 'ChangeRounds', rounds: 1 }, as(ORGANISER)).thenRejects('INV-8', 'NOT_OPEN').status).toBe(409);
  });
});
