/**
 * CLUB-4, CLUB-5: a Swiss tournament of 8 runs itself on the memory adapters and their stream,
 * through the application's command path (no HTTP yet: docs/tournaments.md "What is not done"):
 * each pairing opens real refereed games, each game ends by a concession, its end reaches the
 * tournament through the stream, the next round is paired, and the export verifies; tampered
 * with, it fails naming the line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelopeHash } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { loadTournament } from '../../functions/tournaments/app/tournament-fold.ts';
import { run as arbiter } from '../../tools/arbiter-cli/src/run.ts';
import { openSwiss } from '../support/tournament-app.ts';

const RULESETS = everyRuleset();
const TOURNAMENT = 't_cup8';

/** Plays the tournament out: in every game the player with the higher id concedes, the shortest real game there is. */
const playSwissOfEight = async (): Promise<{ deps: Deps; exported: string }> => {
  const swiss = { label: 'tournament-run', tournamentId: TOURNAMENT, name: 'Autumn Swiss', ruleset: 'post-galactica' } as const;
  const { deps, gameCommand, pairings, exported } = await openSwiss({ ...swiss, players: 8, rounds: 3 });
  for (let round = 1; round <= 3; round++) {
    for (const p of await pairings()) {
      const loser = [p.red, p.blue].sort().at(-1) as string;
      await gameCommand(p.gameId, loser, `concede-${round}`, { type: 'Concede' });
    }
  }
  return { deps, exported: await exported() };
};

/** Replace line `n` (1-based) of the export with `change(json)`, and re-hash the tournament chain after it when `reseal`. */
const tamper = (text: string, n: number, change: (line: Record<string, unknown>) => void, reseal: boolean): string => {
  const lines = text.split('\n');
  const line = JSON.parse(lines[n - 1] as string) as Record<string, unknown>;
  change(line);
  lines[n - 1] = JSON.stringify(line);
  if (reseal) {
    let prev = JSON.parse(lines[n - 2] as string) as { hash?: string };
    for (let i = n - 1; i < lines.length; i++) {
      const event = JSON.parse(lines[i] as string) as Record<string, unknown>;
      if (typeof event.seq !== 'number' || event.gameId !== TOURNAMENT) break;
      event.prevHash = prev.hash;
      event.hash = envelopeHash(event as never);
      lines[i] = JSON.stringify(event);
      prev = event as { hash: string };
    }
  }
  return lines.join('\n');
};

const lineOfType = (text: string, type: string, nth = 0) =>
  text
    .split('\n')
    .map((l, i) => [l, i + 1] as const)
    .filter(([l]) => l.includes(`"gameId":"${TOURNAMENT}"`) && l.includes(`"type":"${type}"`))[nth]?.[1] ?? -1;

describe('CLUB-4 a Swiss tournament of 8 runs itself', () => {
  let run: { deps: Deps; exported: string };
  beforeAll(async () => {
    run = await playSwissOfEight();
  });

  it('CLUB-4 every round is paired when its last game ends, every game a real refereed match, to the final standings', async () => {
    const { state } = await loadTournament(run.deps, TOURNAMENT);
    if (state.status !== 'ended') throw new Error(`the tournament is ${state.status}`);
    expect(state.history.map((r) => r.pairings.length)).toEqual([4, 4, 4]);
    expect(state.history.flatMap((r) => r.results.map((x) => x.by))).toEqual(Array(12).fill('game'));
    // The lowest id never concedes and the highest always does.
    expect(state.final.map((r) => r.halfPoints)).toEqual([6, 4, 4, 4, 2, 2, 2, 0]);
    expect([state.final[0]?.playerId, state.final.at(-1)?.playerId]).toEqual(['p_0001', 'p_0008']);
    const leaders = state.history.map((r) => r.pairings.find((p) => p.red === 'p_0001' || p.blue === 'p_0001'));
    expect(leaders.map((p) => (p?.red === 'p_0001' ? 'red' : 'blue'))).not.toEqual(['red', 'red', 'red']);
    const game = state.history[0]?.pairings[0];
    const log = await run.deps.store.readAfter(game?.gameId ?? '', 0);
    expect(log[0]?.commandId).toBe(`@tournament.${TOURNAMENT}.1.1.create`);
    expect(log.map((e) => e.type)).toContain('GameEnded');
  });

  it('CLUB-5 the export verifies: chain, seed, every pairing, the standings, every result and every game log', () => {
    const checks = verifyTournament(run.exported, RULESETS);
    // INV-10: the games' check first, then the tournament's own.
    expect(checks.map((c) => [c.check, c.ok])).toEqual([
      ['games', true],
      ['chain', true],
      ['seed', true],
      ['results', true],
      ['pairings', true],
      ['standings', true],
    ]);
    expect(checks[0]?.verdict).toBe('12 game logs verify (chain, seed, dice, rules, state)');
  });

  it('CLUB-5 a result edited in place breaks the chain at its line', () => {
    const line = lineOfType(run.exported, 'ResultRecorded', 2);
    const edited = tamper(
      run.exported,
      line,
      (e) => {
        (e.data as { winner: string }).winner = (e.data as { winner: string }).winner === 'red' ? 'blue' : 'red';
      },
      false,
    );
    expect(verifyTournament(edited, RULESETS).find((c) => c.check === 'chain')).toMatchObject({ check: 'chain', ok: false, line });
  });

  it('CLUB-5 a result edited with its command and the chain re-hashed fails against the game log, naming the line', () => {
    const line = lineOfType(run.exported, 'ResultRecorded', 2);
    const flip = (w: unknown) => (w === 'red' ? 'blue' : 'red');
    const edited = tamper(
      run.exported,
      line,
      (e) => {
        (e.data as { winner: unknown }).winner = flip((e.data as { winner: unknown }).winner);
        (e.command as { winner: unknown }).winner = flip((e.command as { winner: unknown }).winner);
      },
      true,
    );
    const failed = verifyTournament(edited, RULESETS).find((c) => !c.ok);
    expect(failed).toMatchObject({ check: 'results', ok: false, line });
    expect(failed?.verdict).toMatch(/^game g_[0-9a-f]{20} ended (red|blue), but the result recorded is (red|blue)$/);
  });

  it('CLUB-5 a pairing edited and re-hashed is not the pairing the seed gives: the line of that round', () => {
    const line = lineOfType(run.exported, 'RoundPaired', 1);
    const edited = tamper(
      run.exported,
      line,
      (e) => {
        const [a, b] = (e.data as { pairings: { red: string; blue: string }[] }).pairings;
        if (!a || !b) throw new Error('two tables');
        [a.blue, b.blue] = [b.blue, a.blue];
      },
      true,
    );
    // Its games are then no pairing's too (INV-10: every failing check); the pairing is named at its line.
    expect(verifyTournament(edited, RULESETS).find((c) => !c.ok && c.check === 'pairings')).toMatchObject({ ok: false, line });
  });

  it('CLUB-5 a game log edited fails as arbiter verify fails it, at the export line of that event', () => {
    const lines = run.exported.split('\n');
    const line = lines.findIndex((l) => l.includes('"type":"PlayerConceded"')) + 1;
    const edited = tamper(
      run.exported,
      line,
      (e) => {
        (e.data as { seat: string }).seat = 'nobody';
      },
      false,
    );
    const failed = verifyTournament(edited, RULESETS).find((c) => !c.ok);
    expect(failed).toMatchObject({ check: 'games', ok: false, line });
    expect(failed?.verdict).toMatch(/^game g_[0-9a-f]{20}, chain: /);
  });

  it('CLUB-5 arbiter verify-tournament passes the export (exit 0) and names the line of a tampered pairing (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-tournament-'));
    const good = join(dir, 'cup.ndjson');
    writeFileSync(good, run.exported);
    const line = lineOfType(run.exported, 'RoundPaired', 2);
    const bad = join(dir, 'tampered.ndjson');
    writeFileSync(
      bad,
      tamper(
        run.exported,
        line,
        (e) => {
          const [a] = (e.data as { pairings: { red: string; blue: string }[] }).pairings;
          if (a) [a.red, a.blue] = [a.blue, a.red];
        },
        true,
      ),
    );
    let out = '';
    expect(
      await arbiter(
        ['verify-tournament', good],
        (t) => (out += t),
        () => {},
      ),
    ).toBe(0);
    expect(out).toMatch(/PASS {2}games: 12 game logs verify/);
    expect(out.trim().split('\n').at(-1)).toBe('verdict: the tournament holds');
    out = '';
    expect(
      await arbiter(
        ['verify-tournament', bad],
        (t) => (out += t),
        () => {},
      ),
    ).toBe(1);
    expect(out).toContain(`FAIL  pairings: line ${line}: RoundPaired differs from what its command decides again with the revealed seed`);
  });
});
