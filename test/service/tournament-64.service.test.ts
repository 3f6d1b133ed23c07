/**
 * CLUB-8 at the size clubs reach: a Swiss of 64 players and 6 rounds with short round deadlines,
 * run to its final standings through the HTTP API on the memory runtime. Every game is a real
 * refereed match ended the shortest way (a concession), except about one table in five, left
 * running until its round's deadline (reached by skipping the clock, never by waiting), so the
 * deadline path runs at scale too. One player withdraws in round 2, so rounds 3 to 6 have an odd
 * field and byes. The final standings are checked against what must hold, recomputed here from
 * the rounds, and the export against `arbiter verify-tournament` (in process).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../client/arbiter.d.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { run as arbiter } from '../../tools/arbiter-cli/src/run.ts';
import { Client, commandId, letTimePass, quiesce, startServiceRuntime } from '../support/http.ts';

const PLAYERS = 64;
const ROUNDS = 6;

/** The answers' shapes, as the typed client has them from the OpenAPI document. */
type Round = components['schemas']['TournamentRounds']['rounds'][number];
type Row = components['schemas']['TournamentStandings']['rows'][number];

let runtime: MemoryRuntime;
let organiser: Client;
const players = new Map<string, Client>();
let tournamentId = '';
let withdrawn = '';
/** What the test did to each game: which seat conceded, or `running` when it was left to the deadline. */
const played = new Map<string, 'red' | 'blue' | 'running'>();

const rounds = async () => (await organiser.get<{ rounds: Round[] }>(`/tournaments/${tournamentId}/rounds`)).body.rounds;
const command = (client: Client | undefined, path: string, body: Record<string, unknown>) => {
  if (!client) throw new Error(`no client for ${path}`);
  return client.post(path, { commandId: commandId(), command: body });
};

beforeAll(async () => {
  // 65 players register from one loopback address: REL-26's limit is raised for this test, not disabled.
  runtime = await startServiceRuntime({ rateLimits: { players: PLAYERS + 10 } });
  const registering = new Client(runtime.url);
  organiser = (await registering.register('Organiser')).client;
  const registered = await Promise.all(
    Array.from({ length: PLAYERS }, (_, i) => registering.register(`Player ${String(i + 1).padStart(2, '0')}`)),
  );
  for (const { client, playerId } of registered) players.set(playerId, client);
});
afterAll(async () => {
  await runtime.stop();
});

describe('CLUB-8 a 64-player, 6-round Swiss through the HTTP API', () => {
  it('CLUB-8 CLUB-4 64 players join, and 6 rounds run to the end by concessions and round deadlines', async () => {
    const created = await organiser.post<{ tournamentId: string }>('/tournaments', {
      commandId: commandId(),
      name: 'Club Championship',
      format: 'swiss',
      rounds: ROUNDS,
      ruleset: 'post-galactica',
      roundDeadline: 'PT10M',
      // Each step of a game has two hours: a game left running is decided by its round's deadline first.
      gameOptions: { deadlines: { default: 'PT2H' } },
    });
    expect(created.status).toBe(201);
    tournamentId = created.body.tournamentId;
    // Joins are commands on one stream: one at a time, as a version-checked append allows.
    for (const client of players.values())
      expect((await command(client, `/tournaments/${tournamentId}/commands`, { type: 'JoinTournament' })).status).toBe(200);
    expect((await command(organiser, `/tournaments/${tournamentId}/commands`, { type: 'StartTournament' })).status).toBe(200);

    for (let round = 1; round <= ROUNDS; round++) {
      await quiesce(runtime);
      const current = (await rounds()).at(-1);
      expect(current?.round).toBe(round);
      // Round 2's field is 64; from round 3 the withdrawn player is not paired: 63, one bye.
      expect(current?.pairings).toHaveLength(round <= 2 ? 32 : 31);
      expect(current?.bye === null).toBe(round <= 2);
      if (round === 2) {
        withdrawn = current?.pairings[0]?.red ?? '';
        const left = await command(players.get(withdrawn), `/tournaments/${tournamentId}/commands`, { type: 'WithdrawFromTournament' });
        expect(left.status).toBe(200);
      }
      // Every game was opened by the stream with its players seated; the games' concessions go in at once.
      await Promise.all(
        (current?.pairings ?? []).map(async (p) => {
          const game = await organiser.get<{ status: string; seats: { name: string; playerId: string }[] }>(`/games/${p.gameId}`);
          expect(game.body.seats.map((s) => [s.name, s.playerId])).toEqual([
            ['red', p.red],
            ['blue', p.blue],
          ]);
          if ((p.table + round) % 5 === 0) {
            played.set(p.gameId, 'running');
            return;
          }
          const loser = (p.table + round) % 2 === 0 ? 'red' : 'blue';
          played.set(p.gameId, loser);
          const conceded = await command(players.get(p[loser]), `/games/${p.gameId}/commands`, { type: 'Concede' });
          expect(conceded.status).toBe(200);
        }),
      );
      // The games left running hold the round open until its deadline, reached by skipping the clock.
      await letTimePass(runtime, async () => {
        const all = await rounds();
        return round < ROUNDS ? all.length === round + 1 : all.every((r) => r.ended);
      });
    }
    const tournament = await organiser.get<{ status: string; round: number; seed: string | null; withdrawn: string[] }>(
      `/tournaments/${tournamentId}`,
    );
    expect([tournament.body.status, tournament.body.round, tournament.body.withdrawn]).toEqual(['ended', ROUNDS, [withdrawn]]);
  });

  it('CLUB-8 CLUB-3 every player has a game or a bye each round they were in, no rematch, nobody two byes', async () => {
    const all = await rounds();
    expect(all.map((r) => [r.round, r.ended])).toEqual(Array.from({ length: ROUNDS }, (_, i) => [i + 1, true]));
    const met = new Set<string>();
    const appearances = new Map([...players.keys()].map((p) => [p, 0]));
    const byes = new Map<string, number>();
    for (const r of all) {
      const seated = [...r.pairings.flatMap((p) => [p.red, p.blue]), ...(r.bye === null ? [] : [r.bye])];
      // Each player at most once a round, and everyone still in the tournament exactly once.
      expect(new Set(seated).size).toBe(seated.length);
      expect(new Set(seated)).toEqual(new Set([...players.keys()].filter((p) => r.round <= 2 || p !== withdrawn)));
      for (const p of seated) appearances.set(p, (appearances.get(p) ?? 0) + 1);
      for (const p of r.pairings) {
        const pair = [p.red, p.blue].sort().join(' v ');
        expect(met.has(pair), `rematch in round ${r.round}: ${pair}`).toBe(false);
        met.add(pair);
      }
      if (r.bye !== null) byes.set(r.bye, (byes.get(r.bye) ?? 0) + 1);
    }
    expect([...appearances].filter(([p, n]) => n !== (p === withdrawn ? 2 : ROUNDS))).toEqual([]);
    expect([...byes.values()]).toEqual([1, 1, 1, 1]);
    expect(byes.has(withdrawn)).toBe(false);
  });

  it('CLUB-8 CLUB-4 each result is the game’s concession, or at the deadline a draw by default', async () => {
    const results = (await rounds()).flatMap((r) => r.results);
    expect(results).toHaveLength(2 * 32 + 4 * 31);
    const running = results.filter((r) => played.get(r.gameId) === 'running');
    // The tables whose number and round sum to a multiple of 5 were left to the deadline: 37 of 188.
    expect(running).toHaveLength(37);
    expect(running.every((r) => r.by === 'default' && r.winner === null)).toBe(true);
    const conceded = results.filter((r) => played.get(r.gameId) !== 'running');
    expect(conceded.map((r) => [r.gameId, r.by, r.winner])).toEqual(
      conceded.map((r) => [r.gameId, 'game', played.get(r.gameId) === 'red' ? 'blue' : 'red']),
    );
  });

  it('CLUB-8 CLUB-5 the final standings: points sum to the games and byes, sorted by the documented tie-breakers', async () => {
    const [{ body }, tournament, all] = await Promise.all([
      organiser.get<{ final: boolean; rows: Row[] }>(`/tournaments/${tournamentId}/standings`),
      organiser.get<{ seed: string }>(`/tournaments/${tournamentId}`),
      rounds(),
    ]);
    expect(body.final).toBe(true);
    expect(body.rows.map((r) => r.rank)).toEqual(Array.from({ length: PLAYERS }, (_, i) => i + 1));
    expect(new Set(body.rows.map((r) => r.playerId))).toEqual(new Set(players.keys()));
    const games = all.flatMap((r) =>
      r.pairings.map((p) => {
        const result = r.results.find((x) => x.table === p.table);
        return { ...p, round: r.round, winner: result?.winner === 'red' ? p.red : result?.winner === 'blue' ? p.blue : null };
      }),
    );
    const byes = all.flatMap((r) => (r.bye === null ? [] : [r.bye]));
    // Recomputed here from the rounds, not read back from the service: points, then Buchholz.
    const points = new Map([...players.keys()].map((p) => [p, byes.filter((b) => b === p).length]));
    for (const g of games)
      for (const p of [g.red, g.blue]) points.set(p, (points.get(p) ?? 0) + (g.winner === null ? 0.5 : g.winner === p ? 1 : 0));
    const opponents = (p: string) => games.flatMap((g) => (g.red === p ? [g.blue] : g.blue === p ? [g.red] : []));
    const buchholz = (p: string) => opponents(p).reduce((sum, o) => sum + (points.get(o) ?? 0), 0);
    expect(body.rows.reduce((sum, r) => sum + r.points, 0)).toBe(games.length + byes.length);
    expect(body.rows.map((r) => [r.playerId, r.points, r.buchholz, r.games])).toEqual(
      body.rows.map((r) => [
        r.playerId,
        points.get(r.playerId),
        buchholz(r.playerId),
        games.filter((g) => g.red === r.playerId || g.blue === r.playerId).map((g) => g.gameId),
      ]),
    );
    expect(body.rows.find((r) => r.playerId === withdrawn)?.withdrawn).toBe(true);
    // Each neighbouring pair is in order: points, Buchholz, head-to-head among those tied on both, the seed.
    const seedKey = (p: string) => createHash('sha256').update(`arbiter-tournament:${tournament.body.seed}:${p}`).digest('hex');
    const tied = (a: Row, b: Row) => a.points === b.points && a.buchholz === b.buchholz;
    for (const [i, row] of body.rows.entries()) {
      const group = new Set(body.rows.filter((r) => tied(r, row)).map((r) => r.playerId));
      const h2h = games
        .filter((g) => group.has(g.red) && group.has(g.blue) && (g.red === row.playerId || g.blue === row.playerId))
        .reduce((sum, g) => sum + (g.winner === null ? 0.5 : g.winner === row.playerId ? 1 : 0), 0);
      expect(row.headToHead).toBe(h2h);
      const next = body.rows[i + 1];
      if (!next) continue;
      const order = [next.points - row.points, next.buchholz - row.buchholz, next.headToHead - row.headToHead].find((d) => d !== 0);
      if (order !== undefined) expect(order, `rows ${row.rank} and ${next.rank}`).toBeLessThan(0);
      else expect(seedKey(row.playerId) < seedKey(next.playerId), `rows ${row.rank} and ${next.rank} by the seed`).toBe(true);
    }
    // The field is wide enough that all four tie-breakers decide somewhere.
    expect(new Set(body.rows.map((r) => r.points)).size).toBeGreaterThan(5);
  });

  it('CLUB-8 CLUB-5 the export of 188 games verifies with arbiter verify-tournament, the games decided at a deadline pending', async () => {
    const response = await fetch(`${runtime.url}/tournaments/${tournamentId}/export`, {
      headers: { authorization: `Bearer ${organiser.apiKey}` },
    });
    expect(response.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-club8-'));
    writeFileSync(join(dir, 'championship.ndjson'), await response.text());
    let out = '';
    const code = await arbiter(
      ['verify-tournament', join(dir, 'championship.ndjson')],
      (t) => (out += t),
      () => {},
    );
    // The games left to their round's deadline still run: their seed and dice wait for their end, and fail nothing.
    const running = [...played.values()].filter((p) => p === 'running').length;
    expect(out).toContain(
      `PASS  games: 188 game logs verify (chain, seed, dice, rules, state); ${running} of them, decided at their round's deadline, still run`,
    );
    expect(code).toBe(0);
  });
});
