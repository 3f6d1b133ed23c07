/**
 * INV-10 on `arbiter verify-tournament` (domain/verify/tournament.ts): every failing check is
 * reported, each at its line, the games' first, so a winner changed inside a game's log is
 * blamed on that log before the tournament's honest record of the game is named. A real export
 * of a Swiss of 4 in 1 round, played on the memory adapters with fixed seeds (tournament-app.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envelopeHash } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import { run as arbiter } from '../../tools/arbiter-cli/src/run.ts';
import { openSwiss } from '../support/tournament-app.ts';

const TOURNAMENT = 't_inv10';

/** Round 1 of a Swiss of 4: at table 1 red concedes (blue wins), at table 2 blue concedes (red wins). */
const playCup = async () => {
  const { gameCommand, pairings, exported } = await openSwiss({
    label: 'inv-10-cup',
    tournamentId: TOURNAMENT,
    name: 'INV-10 Swiss',
    ruleset: 'post-galactica',
    players: 4,
    rounds: 1,
  });
  const [a, b] = await pairings();
  if (!a || !b) throw new Error('two tables');
  await gameCommand(a.gameId, a.red, 'concede-a', { type: 'Concede' });
  await gameCommand(b.gameId, b.blue, 'concede-b', { type: 'Concede' });
  return { text: await exported(), games: [a.gameId, b.gameId] };
};

let cup: ReturnType<typeof playCup> | undefined;
const theCup = () => {
  cup ??= playCup();
  return cup;
};

/** The export's lines, 1-based: the line of the first line matching `test`. */
const lineWhere = (text: string, test: (line: Record<string, unknown>) => boolean, from = 1): number => {
  const lines = text.split('\n');
  for (let i = from - 1; i < lines.length; i++) if (lines[i] && test(JSON.parse(lines[i] as string))) return i + 1;
  throw new Error('no such line');
};

/** `text` with line `n` changed by `change`; with `reseal`, that game log's events re-hashed as a forger would. */
const editLine = (text: string, n: number, change: (line: Record<string, unknown>) => void, reseal = false): string => {
  const lines = text.split('\n');
  const line = JSON.parse(lines[n - 1] as string) as Record<string, unknown>;
  change(line);
  lines[n - 1] = JSON.stringify(line);
  if (reseal) {
    const gameId = line.gameId;
    let prev: { hash: string } | null = null;
    for (const [i, raw] of lines.entries()) {
      if (!raw.startsWith('{') || !raw.includes(`"gameId":"${gameId}"`)) continue;
      const event = JSON.parse(raw) as Record<string, unknown>;
      if (typeof event.seq !== 'number') continue;
      if (prev) event.prevHash = prev.hash;
      event.hash = envelopeHash(event as never);
      lines[i] = JSON.stringify(event);
      prev = event as { hash: string };
    }
  }
  return lines.join('\n');
};

const flipWinner = (line: Record<string, unknown>) => {
  const data = line.data as { winner: string };
  data.winner = data.winner === 'red' ? 'blue' : 'red';
};

describe('INV-10 verify-tournament reports every failing check, the games first', () => {
  it('INV-10 the honest export passes every check, the games first, then the chain, seed, results, pairings and standings', async () => {
    const { text } = await theCup();
    expect(verifyTournament(text, everyRuleset()).map((c) => [c.check, c.ok])).toEqual([
      ['games', true],
      ['chain', true],
      ['seed', true],
      ['results', true],
      ['pairings', true],
      ['standings', true],
    ]);
  });

  it("INV-10 a winner flipped inside a game's log is named at that log's line first, then the tournament's result that disagrees", async () => {
    const { text, games } = await theCup();
    const ended = lineWhere(text, (l) => l.type === 'GameEnded' && l.gameId === games[0]);
    const result = lineWhere(text, (l) => l.type === 'ResultRecorded' && (l.data as { gameId: string }).gameId === games[0]);
    const checks = verifyTournament(editLine(text, ended, flipWinner), everyRuleset());
    expect(checks.filter((c) => !c.ok).map((c) => [c.check, c.line])).toEqual([
      ['games', ended],
      ['results', result],
    ]);
    expect(checks[0]?.verdict).toMatch(new RegExp(`^game ${games[0]}, chain: `));
    expect(checks.find((c) => c.check === 'results')?.verdict).toBe(`game ${games[0]} ended red, but the result recorded is blue`);
    // The tournament's own record stays whole: its chain, seed and re-decided pairings and standings pass.
    expect(checks.filter((c) => c.ok).map((c) => c.check)).toEqual(['chain', 'seed', 'pairings', 'standings']);
  });

  it("INV-10 the same flip with the game's chain re-hashed is still the game's failure, named before the tournament's result", async () => {
    const { text, games } = await theCup();
    const ended = lineWhere(text, (l) => l.type === 'GameEnded' && l.gameId === games[0]);
    const result = lineWhere(text, (l) => l.type === 'ResultRecorded' && (l.data as { gameId: string }).gameId === games[0]);
    const checks = verifyTournament(editLine(text, ended, flipWinner, true), everyRuleset());
    const failed = checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.check)).toEqual(['games', 'results']);
    expect(failed[0]?.verdict).toMatch(new RegExp(`^game ${games[0]}, `));
    expect(failed[0]?.line).toBeGreaterThan(lineWhere(text, (l) => l.format === 'arbiter-log/1') - 1);
    expect(failed[1]?.line).toBe(result);
  });

  it('INV-10 two games edited and the standings changed give three failures, each at its line, in export order', async () => {
    const { text, games } = await theCup();
    const firstEnded = lineWhere(text, (l) => l.type === 'GameEnded' && l.gameId === games[0]);
    const secondEnded = lineWhere(text, (l) => l.type === 'GameEnded' && l.gameId === games[1]);
    const standings = lineWhere(text, (l) => l.type === 'TournamentEnded');
    let edited = editLine(text, firstEnded, (l) => {
      l.at = '2020-01-01T00:00:00.000Z';
    });
    edited = editLine(edited, secondEnded, (l) => {
      l.at = '2020-01-01T00:00:00.000Z';
    });
    edited = editLine(edited, standings, (l) => {
      (l.data as { standings: { halfPoints: number }[] }).standings[0]!.halfPoints = 0;
    });
    const checks = verifyTournament(edited, everyRuleset());
    expect(checks.filter((c) => !c.ok).map((c) => [c.check, c.line])).toEqual([
      ['games', firstEnded],
      ['games', secondEnded],
      // The standings' own line fails its chain (not re-hashed) and its re-decision.
      ['chain', standings],
      ['standings', standings],
    ]);
  });

  it('INV-10 the CLI prints every check, the games first, and counts the failures', async () => {
    const { text, games } = await theCup();
    const ended = lineWhere(text, (l) => l.type === 'GameEnded' && l.gameId === games[0]);
    const file = join(mkdtempSync(join(tmpdir(), 'inv-10-')), 'cup.ndjson');
    writeFileSync(file, editLine(text, ended, flipWinner));
    let out = '';
    const code = await arbiter(
      ['verify-tournament', file],
      (s) => {
        out += s;
      },
      () => {},
    );
    const lines = out.trim().split('\n');
    expect(code).toBe(1);
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'FAIL  games',
      'PASS  chain',
      'PASS  seed',
      'FAIL  results',
      'PASS  pairings',
      'PASS  standings',
      'verdict',
    ]);
    expect(lines.at(-1)).toBe('verdict: 2 check(s) failed');
  });
});
