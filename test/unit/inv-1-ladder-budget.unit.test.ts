/**
 * INV-1: a club ladder grows with every new player rated, so its ratings are not kept in one
 * item: the ladder's head (`LADDER#<ruleset>`) holds the count of rated games and its revision,
 * each player's rating is an item of its own (`RATING#<ruleset>#<playerId>`) and each rated
 * game's change another (`RATED#<ruleset>#<gameId>`), all in the club's partition
 * (functions/adapters/club-table.ts). No item grows with the ladder's players, so none needs a
 * cap: the largest of each, with the longest ids and the largest numbers, is measured here as
 * DynamoDB bills it. (The contract suite writes a ladder of 3,500 players, past what one item
 * holds, on DynamoDB Local and in memory.)
 */
import { describe, expect, it } from 'vitest';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import { MAX_GAME_ID } from '../../domain/match/commands.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { changeItem, ratingItem } from '../../functions/adapters/club-table.ts';
import { itemBytes } from '../../functions/adapters/dynamo-client.ts';
import { RATING_LIBRARY, rateGame } from '../../functions/clubs/app/ladder.ts';
import type { Rating } from '../../functions/kernel/ports.ts';

/** Longer than any id the service gives: a player id is `p_` and 20 hex digits, a club's `c_` and 20. */
const LONGEST_ID = 64;
const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(LONGEST_ID - prefix.length, '0')}`;
const CLUB = id('c_', 1);
const RULESET = 'r'.repeat(64);

/** The widest a rating's numbers print: 9 decimals (ladder.ts rounds so), counts past a billion. */
const widest: Rating = {
  mu: -123.123456789,
  sigma: 8.123456789,
  games: 9_999_999_999,
  wins: 9_999_999_999,
  losses: 9_999_999_999,
  draws: 9_999_999_999,
};

describe('INV-1 a club ladder keeps no item that grows with its players', () => {
  it('INV-1 one player’s rating item, with the longest ids and widest numbers, is under 1 KB: a small fraction of the budget', () => {
    const bytes = itemBytes(ratingItem(CLUB, RULESET, id('p_', 1), widest));
    expect(bytes).toBeGreaterThan(200);
    expect(bytes).toBeLessThan(1024);
    expect(bytes).toBeLessThan(STATE_BUDGET_BYTES / 100);
  });

  it('INV-1 the largest rated game’s change (the most seats of any ruleset, each naming the others) stays well under the budget', () => {
    const seats = Math.max(...[...rulesets.values()].map((r) => r.seatNames.length));
    expect(seats).toBeGreaterThanOrEqual(2);
    const game = {
      clubId: CLUB,
      ruleset: RULESET,
      gameId: id('g_', 1).slice(0, MAX_GAME_ID),
      endedAt: '2026-12-31T23:59:59.999Z',
      seats: Array.from(
        { length: seats },
        (_, i) => ({ seat: `seat-${i}`, playerId: id('p_', i), result: i === 0 ? 'win' : 'loss' }) as const,
      ),
    };
    const ratings = Object.fromEntries(game.seats.map((s) => [s.playerId, widest]));
    const { change } = rateGame({ ratings, rated: 9_999_999_999 }, game);
    expect(change.library).toBe(RATING_LIBRARY);
    const bytes = itemBytes(changeItem(CLUB, RULESET, change));
    expect(bytes).toBeLessThan(STATE_BUDGET_BYTES / 20);
  });

  it('INV-1 a rated game writes only its own players’ ratings: the items it puts do not depend on how many players the ladder has', () => {
    const game = (n: number) => ({
      clubId: CLUB,
      ruleset: RULESET,
      gameId: `g_${n}`,
      endedAt: '2026-01-01T00:00:00.000Z',
      seats: [
        { seat: 'red', playerId: id('p_', n), result: 'win' as const },
        { seat: 'blue', playerId: id('p_', n + 1), result: 'loss' as const },
      ],
    });
    const small = rateGame({ ratings: {}, rated: 0 }, game(1));
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [id('p_', i + 10), widest]));
    const large = rateGame({ ratings: many, rated: 10_000 }, game(1));
    // As one item, 10,000 ratings would be several times DynamoDB's 400 KB.
    expect(JSON.stringify(large.ladder.ratings).length).toBeGreaterThan(2 * 400 * 1024);
    const written = (r: typeof small) =>
      r.change.players.map((p) => itemBytes(ratingItem(CLUB, RULESET, p.playerId, r.ladder.ratings[p.playerId] as Rating)));
    expect(written(large)).toEqual(written(small));
    // The change differs only in its order number: rated 10,001st rather than 1st.
    expect(large.change.n).toBe(10_001);
    expect(changeItem(CLUB, RULESET, { ...large.change, n: 1 })).toEqual(changeItem(CLUB, RULESET, small.change));
  });
});
