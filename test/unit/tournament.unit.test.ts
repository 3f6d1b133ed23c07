/** CLUB-2..CLUB-5: the tournament aggregate, its pairings and its standings, pure (docs/tournaments.md). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../../domain/kernel/dice.ts';
import { bracketOrder, PAIRING_LIBRARY, seedKey, seedOrder } from '../../domain/tournament/pairing.ts';
import { standings } from '../../domain/tournament/standings.ts';
import type { Round, TournamentState } from '../../domain/tournament/state.ts';
import {
  as,
  bySystem,
  NOW,
  ORGANISER,
  type Outcome,
  openTournament,
  playerIds,
  playThrough,
  TOURNAMENT_SEED,
} from '../support/tournament.ts';

const history = (state: TournamentState): readonly Round[] => {
  if (state.status !== 'running' && state.status !== 'ended') throw new Error(`expected a started tournament, not ${state.status}`);
  return state.history;
};

const lowerIdWins: Outcome = (_round, red, blue) => (red < blue ? 'red' : 'blue');

describe('a tournament is created', () => {
  it('CLUB-2 its first event commits to the seed, records the pairing code, and turns takebacks off', () => {
    const spec = openTournament('swiss', [], 3);
    const created = spec.log[0];
    expect(created?.type).toBe('TournamentCreated');
    expect(created?.data).toMatchObject({
      seedCommitment: seedCommitment(TOURNAMENT_SEED),
      pairing: { name: 'arbiter-pairing', version: PAIRING_LIBRARY.version },
      gameOptions: { takebacks: 'none' },
      clubId: null,
      organiser: ORGANISER,
    });
    expect(JSON.stringify(created)).not.toContain(TOURNAMENT_SEED);
  });

  it('CLUB-2 the seed is revealed in the last event, and matches the commitment', () => {
    const spec = playThrough(openTournament('swiss', playerIds(4), 2), lowerIdWins);
    const last = spec.log.at(-1);
    expect(last?.type).toBe('TournamentSeedRevealed');
    const revealed = last?.data as { seed: string } | undefined;
    const created = spec.log[0]?.data as { seedCommitment: string } | undefined;
    expect(revealed?.seed).toBe(TOURNAMENT_SEED);
    expect(seedCommitment(TOURNAMENT_SEED)).toBe(created?.seedCommitment);
  });

  it('CLUB-3 Swiss names its rounds, at most half the field, so a round without a rematch always exists', () => {
    openTournament('swiss', playerIds(7), 4).when({ type: 'StartTournament' }, as(ORGANISER)).thenRejects('CLUB-3', 'TOO_MANY_ROUNDS');
    expect(openTournament('swiss', playerIds(7), 3).when({ type: 'StartTournament' }, as(ORGANISER)).events[0]?.type).toBe(
      'TournamentStarted',
    );
    const none = openTournament('round-robin', []);
    none.log = [];
    none
      .when({ type: 'CreateTournament', tournamentId: 't', name: 'n', format: 'swiss', ruleset: 'soluna' }, as(ORGANISER))
      .thenRejects('CLUB-3', 'ROUNDS_REQUIRED');
  });

  it('CLUB-4 only the organiser starts it', () => {
    openTournament('swiss', playerIds(4), 3).when({ type: 'StartTournament' }, as('p_0001')).thenRejects('CLUB-4', 'NOT_ORGANISER');
  });
});

/** A seeded script of results: each game's outcome a function of the round and the two players. */
const scripted =
  (salt: number): Outcome =>
  (round, red, blue) => {
    const h = seedKey(`${salt}`, `${round}:${red}:${blue}`);
    return h < '5' ? 'red' : h < 'a' ? 'blue' : null;
  };

describe('CLUB-3 Swiss pairings', () => {
  const field = fc
    .integer({ min: 2, max: 22 })
    .chain((n) => fc.record({ n: fc.constant(n), rounds: fc.integer({ min: 1, max: Math.min(Math.floor(n / 2), 7) }), salt: fc.nat() }));

  it('CLUB-3 never a rematch, never a second bye, and nobody red in every round (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(field, ({ n, rounds, salt }) => {
        const state = playThrough(openTournament('swiss', playerIds(n), rounds), scripted(salt)).state;
        const met = new Set<string>();
        const byes = new Set<string>();
        const reds = new Map<string, number>();
        const rs = history(state);
        expect(rs).toHaveLength(rounds);
        for (const r of rs) {
          for (const p of r.pairings) {
            const key = [p.red, p.blue].sort().join('|');
            expect(met.has(key), `rematch ${key} in round ${r.round}`).toBe(false);
            met.add(key);
            reds.set(p.red, (reds.get(p.red) ?? 0) + 1);
          }
          expect(r.pairings.length * 2 + (r.bye ? 1 : 0)).toBe(n);
          if (r.bye) {
            expect(byes.has(r.bye), `second bye for ${r.bye}`).toBe(false);
            byes.add(r.bye);
          }
        }
        if (rounds >= 2) for (const [p, count] of reds) expect(count, `${p} red in every round`).toBeLessThan(rounds);
      }),
      { seed: 30, numRuns: 80 },
    );
  });

  it('CLUB-3 the bye goes to the lowest-ranked player who has not had one', () => {
    const spec = openTournament('swiss', playerIds(7), 3);
    playThrough(spec, lowerIdWins);
    const state = spec.state;
    const rs = history(state);
    // With the lowest id winning every game, the ranking after each round is the id order among equal points.
    const first = rs[0];
    expect(first?.bye).toBe(seedOrder(TOURNAMENT_SEED, playerIds(7)).at(-1));
    const hadBye = new Set<string>();
    for (const r of rs) {
      if (r.bye === null) continue;
      const before = rs.slice(0, r.round - 1);
      const ranked = standings({
        seed: TOURNAMENT_SEED,
        players: playerIds(7),
        games: before.flatMap((x) =>
          x.results.map((res) => {
            const p = x.pairings.find((q) => q.table === res.table);
            if (!p) throw new Error('result without pairing');
            return { round: x.round, gameId: p.gameId, red: p.red, blue: p.blue, winner: res.winner ? p[res.winner] : null };
          }),
        ),
        byes: [...hadBye],
      }).map((row) => row.playerId);
      const below = ranked.slice(ranked.indexOf(r.bye) + 1);
      expect(
        below.every((p) => hadBye.has(p)),
        `round ${r.round}: ${r.bye} had the bye over ${below}`,
      ).toBe(true);
      hadBye.add(r.bye);
    }
  });

  it('CLUB-3 the seed alone decides round 1: the same seed pairs the same, another seed pairs otherwise', () => {
    const pairingsWith = (seed: string) => {
      const spec = openTournament('swiss', playerIds(8), 3);
      spec.run({ type: 'StartTournament' }, as(ORGANISER, NOW, seed));
      return history(spec.state)[0]?.pairings;
    };
    expect(pairingsWith(TOURNAMENT_SEED)).toEqual(pairingsWith(TOURNAMENT_SEED));
    expect(pairingsWith(TOURNAMENT_SEED)).not.toEqual(pairingsWith('c'.repeat(64)));
  });
});

describe('CLUB-3 round robin and single elimination', () => {
  it('CLUB-3 round robin: every two players meet exactly once; an odd field gives each one bye', () => {
    for (const n of [6, 7]) {
      const rs = history(playThrough(openTournament('round-robin', playerIds(n)), lowerIdWins).state);
      const met = rs.flatMap((r) => r.pairings.map((p) => [p.red, p.blue].sort().join('|')));
      expect(new Set(met).size).toBe((n * (n - 1)) / 2);
      expect(met).toHaveLength((n * (n - 1)) / 2);
      const byes = rs.flatMap((r) => (r.bye ? [r.bye] : []));
      expect(byes.sort()).toEqual(n % 2 === 1 ? playerIds(n) : []);
    }
  });

  it('CLUB-3 single elimination: the bracket puts seeds 1 and 2 in opposite halves, byes to the best seeds', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const seeds = seedOrder(TOURNAMENT_SEED, playerIds(5));
    const rs = history(
      playThrough(openTournament('single-elimination', playerIds(5)), (_r, red) => (red === seeds[0] || red === seeds[1] ? 'red' : 'blue'))
        .state,
    );
    expect(rs.map((r) => r.pairings.length)).toEqual([1, 2, 1]);
    // Seeds 4 and 5 play the only first-round game; seeds 1, 2 and 3 walk over.
    expect(new Set([rs[0]?.pairings[0]?.red, rs[0]?.pairings[0]?.blue])).toEqual(new Set([seeds[3], seeds[4]]));
    expect(new Set([rs[2]?.pairings[0]?.red, rs[2]?.pairings[0]?.blue])).toEqual(new Set([seeds[0], seeds[1]]));
  });

  it('CLUB-5 single elimination ranks the champion first: a walk-over scores as a bye', () => {
    const state = playThrough(openTournament('single-elimination', playerIds(11)), lowerIdWins).state;
    if (state.status !== 'ended') throw new Error('not ended');
    expect(state.final[0]).toEqual({ playerId: 'p_0001', halfPoints: 8 });
  });
});

describe('CLUB-4 deadlines, withdrawals and late joins', () => {
  const started = () => {
    const spec = openTournament('swiss', playerIds(4), 2, 'P2D');
    spec.run({ type: 'StartTournament' }, as(ORGANISER));
    return spec;
  };

  it('CLUB-4 a round is paired with its deadline and its games named before they exist', () => {
    const round = history(started().state)[0];
    expect(round?.deadline).toBe('2026-03-03T12:00:00.000Z');
    expect(round?.pairings.map((p) => p.gameId)).toEqual([
      expect.stringMatching(/^g_[0-9a-f]{20}$/),
      expect.stringMatching(/^g_[0-9a-f]{20}$/),
    ]);
  });

  it('CLUB-4 at the deadline a game still running is scored a draw, by default, and the next round is paired', () => {
    const spec = started();
    const [one, two] = history(spec.state)[0]?.pairings ?? [];
    if (!one || !two) throw new Error('two tables');
    spec.run({ type: 'RecordGameResult', gameId: one.gameId, winner: 'red' }, bySystem());
    const events = spec.run({ type: 'RoundDeadlineReached', round: 1 }, bySystem('2026-03-03T12:00:00.000Z'));
    expect(events.map((e) => e.type)).toEqual(['ResultRecorded', 'RoundEnded', 'RoundPaired']);
    expect(events[0]?.data).toEqual({ round: 1, table: two.table, gameId: two.gameId, winner: null, by: 'default' });
  });

  it('CLUB-4 the organiser decides a running game only once the deadline has passed', () => {
    const spec = started();
    const game = history(spec.state)[0]?.pairings[0];
    if (!game) throw new Error('a table');
    spec.when({ type: 'DecideGame', gameId: game.gameId, winner: 'blue' }, as(ORGANISER)).thenRejects('CLUB-4', 'BEFORE_DEADLINE');
    const after = spec.when({ type: 'DecideGame', gameId: game.gameId, winner: 'blue' }, as(ORGANISER, '2026-03-03T12:00:00.000Z'));
    expect(after.events[0]).toEqual({
      type: 'ResultRecorded',
      data: { round: 1, table: game.table, gameId: game.gameId, winner: 'blue', by: 'organiser' },
    });
    spec.when({ type: 'RecordGameResult', gameId: game.gameId, winner: 'red' }, as('p_0001')).thenRejects('CLUB-4', 'SYSTEM_ONLY');
  });

  it('CLUB-4 a withdrawn player is not paired again; a late joiner is paired from the next round', () => {
    const spec = started();
    spec.run({ type: 'WithdrawFromTournament' }, as('p_0004'));
    spec.run({ type: 'JoinTournament' }, as('p_late'));
    for (const p of history(spec.state)[0]?.pairings ?? [])
      spec.run({ type: 'RecordGameResult', gameId: p.gameId, winner: 'red' }, bySystem());
    const second = history(spec.state)[1];
    const seated = [...(second?.pairings ?? []).flatMap((p) => [p.red, p.blue]), second?.bye];
    expect(seated).toContain('p_late');
    expect(seated).not.toContain('p_0004');
    openTournament('round-robin', playerIds(3)).when({ type: 'StartTournament' }, as(ORGANISER));
    const rr = openTournament('round-robin', playerIds(3));
    rr.run({ type: 'StartTournament' }, as(ORGANISER));
    rr.when({ type: 'JoinTournament' }, as('p_late')).thenRejects('CLUB-4', 'LATE_JOIN_REFUSED');
  });
});

describe('CLUB-5 standings and their tie-breakers', () => {
  const game = (round: number, red: string, blue: string, winner: string | null) => ({
    round,
    gameId: `g_${round}${red}${blue}`,
    red,
    blue,
    winner,
  });

  it('CLUB-5 points first: a win 1, a draw ½, a bye 1', () => {
    const rows = standings({ seed: TOURNAMENT_SEED, players: ['a', 'b', 'c'], games: [game(1, 'a', 'b', null)], byes: ['c'] });
    expect(rows.map((r) => [r.playerId, r.halfPoints])).toEqual([
      ['c', 2],
      ...(seedKey(TOURNAMENT_SEED, 'a') < seedKey(TOURNAMENT_SEED, 'b')
        ? [
            ['a', 1],
            ['b', 1],
          ]
        : [
            ['b', 1],
            ['a', 1],
          ]),
    ]);
  });

  it('CLUB-5 on equal points, Buchholz: the one whose opponents scored more', () => {
    // a beat c (who then beat d); b beat d (who then lost to c): a and b both 1 point, a's opponent c has 1, b's opponent d has 0.
    const rows = standings({
      seed: TOURNAMENT_SEED,
      players: ['a', 'b', 'c', 'd'],
      games: [game(1, 'a', 'c', 'a'), game(1, 'b', 'd', 'b'), game(2, 'c', 'd', 'c')],
      byes: [],
    });
    const a = rows.find((r) => r.playerId === 'a');
    const b = rows.find((r) => r.playerId === 'b');
    expect([a?.halfPoints, a?.buchholz, b?.halfPoints, b?.buchholz]).toEqual([2, 2, 2, 0]);
    expect(rows.indexOf(a as never)).toBeLessThan(rows.indexOf(b as never));
  });

  it('CLUB-5 on equal points and Buchholz, head-to-head; then the seed', () => {
    // a beat b, b beat c, c beat a: all 1 point, Buchholz 2 each; a round robin of three.
    const cycle = [game(1, 'a', 'b', 'a'), game(2, 'b', 'c', 'b'), game(3, 'c', 'a', 'c')];
    const tied = standings({ seed: TOURNAMENT_SEED, players: ['a', 'b', 'c'], games: cycle, byes: [] });
    expect(tied.map((r) => r.headToHead)).toEqual([2, 2, 2]);
    expect(tied.map((r) => r.playerId)).toEqual(seedOrder(TOURNAMENT_SEED, ['a', 'b', 'c']));
    // Two tied on points and Buchholz who met: the winner of their game is ahead whatever the seed.
    // y beat x, x beat a (who had a bye), b beat y: everyone 1 point; x and y have Buchholz 2 (in halves 4), a and b 1.
    const pair = [game(1, 'x', 'y', 'y'), game(2, 'x', 'a', 'x'), game(2, 'y', 'b', 'b')];
    for (const seed of ['1', '2', '3', '4']) {
      const rows = standings({ seed, players: ['x', 'y', 'a', 'b'], games: pair, byes: ['a'] });
      const [x, y] = [rows.find((r) => r.playerId === 'x'), rows.find((r) => r.playerId === 'y')];
      expect([x?.halfPoints, y?.halfPoints, x?.buchholz, y?.buchholz, x?.headToHead, y?.headToHead]).toEqual([2, 2, 4, 4, 0, 2]);
      expect(rows.indexOf(y as never)).toBeLessThan(rows.indexOf(x as never));
    }
  });

  it('CLUB-5 each row links to its games in round order', () => {
    const state = playThrough(openTournament('swiss', playerIds(6), 3), lowerIdWins).state;
    const rs = history(state);
    const mine = rs.flatMap((r) => r.pairings.filter((p) => p.red === 'p_0001' || p.blue === 'p_0001').map((p) => p.gameId));
    const rows = standings({
      seed: TOURNAMENT_SEED,
      players: playerIds(6),
      games: rs.flatMap((r) =>
        r.pairings.map((p) => ({
          round: r.round,
          gameId: p.gameId,
          red: p.red,
          blue: p.blue,
          winner: [p.red, p.blue].sort()[0] as string,
        })),
      ),
      byes: [],
    });
    expect(rows[0]).toMatchObject({ playerId: 'p_0001', halfPoints: 6, wins: 3, games: mine });
  });
});
