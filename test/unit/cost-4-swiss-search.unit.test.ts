/**
 * COST-4: the matching search under Swiss pairing (domain/tournament/matching.ts) walks a linked
 * list on an explicit stack instead of copying the field at every step. It must take the same
 * steps as the recursive search it replaced (kept below as the reference, as it was before
 * COST-4): the same matching, the same budget spent, and the same point where a spent budget
 * gives up. And at 10,000 players it pairs a round without running out of stack.
 */
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../domain/kernel/digest.ts';
import { matchWithoutRematch } from '../../domain/tournament/matching.ts';
import { pairSwiss, type SwissHistory } from '../../domain/tournament/pairing.ts';

/** The search before COST-4, verbatim but for its name. */
const recursiveMatch = (
  ranked: readonly string[],
  allowed: (a: string, b: string) => boolean,
  budget: { left: number },
): [string, string][] | null => {
  if (ranked.length === 0) return [];
  if (--budget.left < 0) return null;
  const [top, ...rest] = ranked as [string, ...string[]];
  for (let i = 0; i < rest.length; i++) {
    const partner = rest[i] as string;
    if (!allowed(top, partner)) continue;
    const tail = recursiveMatch([...rest.slice(0, i), ...rest.slice(i + 1)], allowed, budget);
    if (tail) return [[top, partner], ...tail];
  }
  return null;
};

/** Case `c`: a field of 2 to 19, a random set of pairs already met (dense or sparse), a budget of 1 to 3,000. */
const caseOf = (c: number) => {
  let k = 0;
  const next = (below: number) => Number.parseInt(sha256Hex(`cost-4-search:${c}:${k++}`).slice(0, 8), 16) % below;
  const n = 2 * (1 + next(9)) + (c % 7 === 0 ? 1 : 0);
  const ranked = Array.from({ length: n }, (_, i) => `x${i}`);
  const density = next(10);
  const met = new Set<string>();
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (next(10) < density) met.add(`x${i} x${j}`).add(`x${j} x${i}`);
  const allowed = (a: string, b: string) => !met.has(`${a} ${b}`);
  return { ranked, allowed, budget: 1 + next(c % 2 === 1 ? 60 : 3_000) };
};

describe('COST-4 the Swiss matching search takes the steps of the recursive one', () => {
  it('COST-4 2,000 fields: the same matching or none, and the same budget left', () => {
    const outcomes = { found: 0, none: 0, spent: 0 };
    for (let c = 0; c < 2_000; c++) {
      const { ranked, allowed, budget } = caseOf(c);
      const before = { left: budget };
      const now = { left: budget };
      const expected = recursiveMatch(ranked, allowed, before);
      expect(matchWithoutRematch(ranked, allowed, now), `case ${c}`).toEqual(expected);
      // Spent, both have given up; otherwise both spent exactly as much.
      expect(now.left < 0 ? -1 : now.left, `case ${c}`).toBe(before.left < 0 ? -1 : before.left);
      outcomes[before.left < 0 ? 'spent' : expected ? 'found' : 'none'] += 1;
    }
    // The cases reach every way out of the search.
    expect(outcomes.found).toBeGreaterThan(500);
    expect(outcomes.none).toBeGreaterThan(100);
    expect(outcomes.spent).toBeGreaterThan(100);
  });

  it('COST-4 an empty field is matched at once, spending nothing', () => {
    const budget = { left: 0 };
    expect(matchWithoutRematch([], () => true, budget)).toEqual([]);
    expect(budget.left).toBe(0);
  });

  it('COST-4 10,000 players are paired in one Swiss round: 5,000 tables, each player once, no rematch', () => {
    const players = Array.from({ length: 10_000 }, (_, i) => `p${i}`);
    // Round 1 paired neighbours: round 2 must keep every pair apart.
    const opponents = new Map(players.map((p, i) => [p, new Set([players[i % 2 === 0 ? i + 1 : i - 1] as string])]));
    const redBalance = new Map(players.map((p, i) => [p, i % 2 === 0 ? 1 : -1]));
    const history: SwissHistory = { opponents, byes: new Set(), redBalance };
    const { pairings, bye } = pairSwiss('s'.repeat(64), 2, players, history);
    expect(bye).toBeNull();
    expect(pairings).toHaveLength(5_000);
    expect(new Set(pairings.flatMap((p) => [p.red, p.blue])).size).toBe(10_000);
    expect(pairings.filter((p) => opponents.get(p.red)?.has(p.blue))).toEqual([]);
    // p0 has met p1 and sat red as p2 did: p3 is its first partner, and red goes to p3, who sat blue.
    expect(pairings[0]).toEqual({ table: 1, red: 'p3', blue: 'p0' });
  });
});
