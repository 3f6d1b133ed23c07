/**
 * COST-4: making Swiss pairing and standings fast changes none of their results. Each pinned
 * tournament (test/fixtures/cost-4-swiss.ts: 7, 8, 64, 65 and 1,000 players, with draws, byes,
 * late joins, withdrawals, organiser decisions and a round closed by its deadline) is played
 * again through the decider, and every round's pairing and the standings it was paired from,
 * and the final standings, must be the ones recorded from the code before COST-4
 * (test/fixtures/cost-4-swiss.json). So must pairSwiss on histories that make its search
 * backtrack, run out of budget and fall back, and standings on inputs full of ties.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directPairings, directStandings, playScript, RECORD_FILE, SCRIPTS, type TournamentRecord } from '../fixtures/cost-4-swiss.ts';

const recorded = JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as {
  tournaments: TournamentRecord[];
  pairSwiss: string[];
  standings: string[];
};

const recordOf = (name: string) => recorded.tournaments.find((t) => t.name === name);

describe("COST-4 the pairings and standings are today's for fixed seeds", () => {
  it.each(SCRIPTS.map((script) => [script.name, script] as const))(
    'COST-4 Swiss %s: every round paired and ranked as recorded',
    (name, script) => {
      const again = playScript(script);
      expect(again.rounds.length).toBe(script.rounds);
      expect(again).toEqual(recordOf(name));
    },
    30_000,
  );

  it('COST-4 the recorded values read as before: tables, byes and the top of the 1,000', () => {
    const thousand = recordOf('thousand');
    expect(thousand?.rounds.map((r) => [r.tables, r.bye, r.first])).toEqual([
      [500, null, 'p_00710-p_00337'],
      [500, null, 'p_00131-p_00710'],
      [496, 'p_00186', 'p_00157-p_00710'],
      [498, 'p_01002', 'p_00723-p_00217'],
      [498, 'p_01001', 'p_00252-p_00719'],
      [498, 'p_00479', 'p_00719-p_00569'],
    ]);
    expect(thousand?.top).toEqual(['p_00559 12/49/0', 'p_00569 12/48/0', 'p_00453 12/46/0']);
    expect(recordOf('seven-with-byes')?.rounds.map((r) => r.bye)).toEqual(['p_00004', 'p_00000', 'p_00002']);
  });

  it('COST-4 pairSwiss pairs 60 hard histories as recorded: backtracking, its budget spent, the fallback, no bye left', () => {
    const again = directPairings();
    expect(again.filter((d) => d.startsWith('throws')).length).toBe(3);
    expect(again).toEqual(recorded.pairSwiss);
  });

  it('COST-4 standings rank 40 tie-heavy fields as recorded', () => {
    expect(directStandings()).toEqual(recorded.standings);
  });
});
