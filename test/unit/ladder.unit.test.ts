/** CLUB-6: club ladders as pure functions of ended games (functions/clubs/app/ladder.ts). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ordinal, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../domain/match/state.ts';
import { RATING_LIBRARY, ratedGameOf, rateGame, recomputeLadder } from '../../functions/clubs/app/ladder.ts';
import { displayRating, standings } from '../../functions/clubs/app/leaderboard.ts';

/** An ended two-seat game as the fold leaves it: only what a ladder reads is real. */
const ended = (
  gameId: string,
  red: string | null,
  blue: string | null,
  winner: 'red' | 'blue' | null,
  club: { clubId: string; rated: boolean } | null = { clubId: 'c_1', rated: true },
): GameState =>
  ({
    status: 'ended',
    gameId,
    ruleset: 'soluna',
    seats: [
      { name: 'red', playerId: red, seedContribution: null },
      { name: 'blue', playerId: blue, seedContribution: null },
    ],
    options: { firstPlayer: 'roll-off', deadlines: {}, rules: {}, ...(club ? { club } : {}) },
    updatedAt: `2026-01-01T00:00:0${gameId.slice(-1)}.000Z`,
    result: { winner, reason: 'test' },
  }) as unknown as GameState;

describe('CLUB-6 ladders', () => {
  it('CLUB-6 a game is rated only when its creation said so, it ended, and every seat is a different player', () => {
    expect(ratedGameOf(ended('g_1', 'p_a', 'p_b', 'red'))).toEqual({
      clubId: 'c_1',
      ruleset: 'soluna',
      gameId: 'g_1',
      endedAt: '2026-01-01T00:00:01.000Z',
      seats: [
        { seat: 'red', playerId: 'p_a', result: 'win' },
        { seat: 'blue', playerId: 'p_b', result: 'loss' },
      ],
    });
    expect(ratedGameOf(ended('g_1', 'p_a', 'p_b', null))?.seats.map((s) => s.result)).toEqual(['draw', 'draw']);
    expect(ratedGameOf(ended('g_1', 'p_a', 'p_b', 'red', { clubId: 'c_1', rated: false }))).toBeNull();
    expect(ratedGameOf(ended('g_1', 'p_a', 'p_b', 'red', null))).toBeNull();
    expect(ratedGameOf(ended('g_1', 'p_a', null, null))).toBeNull();
    expect(ratedGameOf(ended('g_1', 'p_a', 'p_a', 'red'))).toBeNull();
    expect(ratedGameOf({ ...ended('g_1', 'p_a', 'p_b', 'red'), status: 'playing' } as unknown as GameState)).toBeNull();
  });

  it('CLUB-6 a win raises the winner and lowers the loser, both less uncertain; the change says before and after', () => {
    const game = ratedGameOf(ended('g_1', 'p_a', 'p_b', 'blue'));
    if (!game) throw new Error('not rated');
    const { ladder, change } = rateGame({ ratings: {}, rated: 0 }, game);
    const [a, b] = [ladder.ratings.p_a, ladder.ratings.p_b];
    expect(b?.mu).toBeGreaterThan(25);
    expect(a?.mu).toBeLessThan(25);
    expect(a?.sigma).toBeLessThan(25 / 3);
    expect([a?.games, a?.losses, b?.wins]).toEqual([1, 1, 1]);
    expect(change).toMatchObject({ n: 1, gameId: 'g_1', library: RATING_LIBRARY });
    expect(change.players.find((p) => p.playerId === 'p_b')).toEqual({
      playerId: 'p_b',
      seat: 'blue',
      opponents: ['p_a'],
      result: 'win',
      before: { mu: 25, sigma: 25 / 3 },
      after: { mu: b?.mu, sigma: b?.sigma },
    });
  });

  it('CLUB-6 a draw between equals leaves them equal; the order games are rated in matters, so it is recorded', () => {
    const draw = recomputeLadder([ended('g_1', 'p_a', 'p_b', null)]).ladder;
    expect(draw.ratings.p_a?.mu).toBeCloseTo(draw.ratings.p_b?.mu ?? 0, 9);
    expect(draw.ratings.p_a?.draws).toBe(1);
    const games = [ended('g_1', 'p_a', 'p_b', 'red'), ended('g_2', 'p_b', 'p_c', 'red'), ended('g_3', 'p_c', 'p_a', 'red')];
    const forward = recomputeLadder(games);
    expect(recomputeLadder(games)).toEqual(forward);
    expect(forward.changes.map((c) => c.n)).toEqual([1, 2, 3]);
    expect(recomputeLadder([...games].reverse()).ladder).not.toEqual(forward.ladder);
  });

  it('CLUB-6 the leaderboard ranks by mu - 3 sigma, then games played, then player id', () => {
    const { ladder } = recomputeLadder([
      ended('g_1', 'p_d', 'p_c', 'red'),
      ended('g_2', 'p_b', 'p_a', 'red'),
      ended('g_3', 'p_b', 'p_e', 'red'),
      ended('g_4', 'p_f', 'p_g', null, { clubId: 'c_1', rated: false }),
    ]);
    const rows = standings(ladder);
    // p_b won twice; p_d once; p_e lost to a stronger p_b than p_a and p_c lost to, so lost less;
    // p_a and p_c are level in every way but their ids.
    expect(rows.map((r) => [r.rank, r.playerId])).toEqual([
      [1, 'p_b'],
      [2, 'p_d'],
      [3, 'p_e'],
      [4, 'p_a'],
      [5, 'p_c'],
    ]);
    expect(rows[3]?.rating).toBe(rows[4]?.rating);
    expect(rows[0]?.rating).toBeCloseTo((rows[0]?.mu ?? 0) - 3 * (rows[0]?.sigma ?? 0), 6);
    // The API ranks without the library in its bundle: its mu - 3 sigma is the library's ordinal.
    for (const row of rows) expect(displayRating(row)).toBeCloseTo(ordinal(rating({ mu: row.mu, sigma: row.sigma })), 9);
  });

  it('CLUB-6 every change names the rating library version actually installed', () => {
    const path = createRequire(import.meta.url)
      .resolve('openskill')
      .replace(/dist[/\\].*$/, 'package.json');
    const { version } = JSON.parse(readFileSync(path, 'utf8')) as { version: string };
    expect(RATING_LIBRARY).toBe(`openskill@${version}`);
  });
});
