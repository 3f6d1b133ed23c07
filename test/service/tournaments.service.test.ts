/**
 * CLUB-2, CLUB-4, CLUB-5 over HTTP on the memory runtime: a Swiss tournament of 8 created,
 * joined and started through the API, every game a real refereed match ended by a concession,
 * each round paired by the stream when its last game ends, exported, and the export verified by
 * `arbiter verify-tournament` (in process), which fails a tampered copy naming its line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../client/arbiter.d.ts';
import { envelopeHash } from '../../domain/kernel/envelope.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { run as arbiter } from '../../tools/arbiter-cli/src/run.ts';
import { contractViolation } from '../support/contract.ts';
import { Client, commandId, letTimePass, quiesce, startServiceRuntime } from '../support/http.ts';
import { Receiver } from '../support/webhook-receiver.ts';

interface Pairing {
  table: number;
  red: string;
  blue: string;
  gameId: string;
}

let runtime: MemoryRuntime;
let organiser: Client;
let organiserId = '';
const players = new Map<string, Client>();
let tournamentId = '';
let exported = '';
let hooks: Receiver;
/** CLUB-7: the fourth player's channel, for round starts and the end (Discord format). */
let rounds4: Receiver;

const rounds = async () =>
  (await organiser.get<{ rounds: { round: number; pairings: Pairing[] }[] }>(`/tournaments/${tournamentId}/rounds`)).body.rounds;

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  hooks = await Receiver.start();
  rounds4 = await Receiver.start();
  const registering = new Client(runtime.url);
  ({ client: organiser, playerId: organiserId } = await registering.register('Olga'));
  for (let i = 1; i <= 8; i++) {
    const { client, playerId } = await registering.register(`Player ${i}`);
    players.set(playerId, client);
  }
});
afterAll(async () => {
  await runtime.stop();
  await hooks.close();
  await rounds4.close();
});

describe('CLUB-4 a Swiss tournament of 8 through the API', () => {
  it('CLUB-2 a tournament is created once per command id, joined under expected versions, and started by its organiser', async () => {
    const body = { commandId: 'cup-create-1', name: 'Autumn Swiss', format: 'swiss', rounds: 3, ruleset: 'post-galactica' };
    const created = await organiser.post<{ tournamentId: string; version: number; replayed: boolean }>('/tournaments', body);
    expect([created.status, created.body.version, created.body.replayed]).toEqual([201, 1, false]);
    tournamentId = created.body.tournamentId;
    const again = await organiser.post<{ tournamentId: string; replayed: boolean }>('/tournaments', body);
    expect([again.status, again.body.tournamentId, again.body.replayed]).toEqual([200, tournamentId, true]);
    // Three players hear of their pairings, one in each format.
    const [json, discord, slack] = [...players.values()];
    for (const [client, format] of [
      [json, 'json'],
      [discord, 'discord'],
      [slack, 'slack'],
    ] as const) {
      const hook = await client?.post('/me/webhooks', { url: hooks.url, kinds: ['tournament-paired'], format });
      expect(hook?.status).toBe(201);
    }
    const fourth = [...players.values()][3];
    const roundHook = await fourth?.post('/me/webhooks', {
      url: rounds4.url,
      kinds: ['tournament-round-started', 'tournament-ended'],
      format: 'discord',
    });
    expect(roundHook?.status).toBe(201);
    let version = 1;
    for (const client of players.values()) {
      const joined = await client.post<{ version: number }>(`/tournaments/${tournamentId}/commands`, {
        commandId: commandId(),
        expectedVersion: version,
        command: { type: 'JoinTournament' },
      });
      expect(joined.status).toBe(200);
      version = joined.body.version;
    }
    const stale = await organiser.post(`/tournaments/${tournamentId}/commands`, {
      commandId: commandId(),
      expectedVersion: 1,
      command: { type: 'StartTournament' },
    });
    expect([stale.status, stale.body.type]).toEqual([409, 'https://arbiter.dev/problems/version-conflict']);
    const notYours = await [...players.values()][0]?.post(`/tournaments/${tournamentId}/commands`, {
      commandId: commandId(),
      command: { type: 'StartTournament' },
    });
    expect(notYours?.status).toBe(403);
    const started = await organiser.post<{ events: { type: string }[] }>(`/tournaments/${tournamentId}/commands`, {
      commandId: commandId(),
      command: { type: 'StartTournament' },
    });
    expect(started.body.events.map((e) => e.type)).toEqual(['TournamentStarted', 'RoundPaired']);
  });

  it('CLUB-4 each paired player hears by webhook whom they play and where, in every format', async () => {
    await quiesce(runtime);
    const ids = [...players.keys()];
    const table = (await rounds())[0]?.pairings.find((p) => p.red === ids[0] || p.blue === ids[0]);
    const bodies = hooks.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    const json = bodies.find((b) => b.type === 'tournament-paired') as {
      data: { gameId: string; seat: { playerId: string }; text: string };
    };
    expect(json.data.gameId).toBe(table?.gameId);
    expect(json.data.seat.playerId).toBe(ids[0]);
    const seat = table?.red === ids[0] ? 'red' : 'blue';
    expect(json.data.text).toMatch(
      new RegExp(
        `^Round 1 of Autumn Swiss: you play Player \\d \\((red|blue)\\) as ${seat} at table ${table?.table}, in Post Galactica game ${table?.gameId}\\.`,
      ),
    );
    expect(bodies.some((b) => typeof b.content === 'string' && b.content.startsWith('Round 1 of Autumn Swiss: you play'))).toBe(true);
    expect(bodies.some((b) => typeof b.text === 'string' && b.text.startsWith('Round 1 of Autumn Swiss: you play'))).toBe(true);
  });

  it("CLUB-4 TB-3 each round opens its games with the players seated, the tournament's organiser the organiser of each; when the last ends, the next is paired", async () => {
    for (let round = 1; round <= 3; round++) {
      await quiesce(runtime);
      const current = (await rounds()).at(-1);
      expect(current?.round).toBe(round);
      expect(current?.pairings).toHaveLength(4);
      for (const p of current?.pairings ?? []) {
        const game = await organiser.get<{ status: string; seats: { name: string; playerId: string }[] }>(`/games/${p.gameId}`);
        expect(game.body.seats.map((s) => [s.name, s.playerId])).toEqual([
          ['red', p.red],
          ['blue', p.blue],
        ]);
        if (round === 1 && p.table === 1) {
          // TB-3, CLUB-4: the tournament's organiser is the game's organiser, never its red player,
          // so no player may rule on their own game: red's correction is refused, Olga's is not.
          const byRed = await players.get(p.red)?.post(`/games/${p.gameId}/commands`, {
            commandId: commandId(),
            command: { type: 'CorrectGame', toVersion: 1, reason: 'I would rather not' },
          });
          expect([byRed?.status, (byRed?.body as { rule?: string } | undefined)?.rule]).toEqual([403, 'TB-3']);
          const events = await organiser.get<{ events: { type: string; data: { createdBy?: string } }[] }>(`/games/${p.gameId}/events`);
          expect([events.body.events[0]?.type, events.body.events[0]?.data.createdBy]).toEqual(['GameCreated', organiserId]);
        }
        // The shortest real game: blue concedes, and red wins it.
        const conceded = await players
          .get(p.blue)
          ?.post(`/games/${p.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
        expect(conceded?.status).toBe(200);
      }
    }
    await quiesce(runtime);
    const tournament = await organiser.get<{ status: string; round: number; seed: string | null }>(`/tournaments/${tournamentId}`);
    expect([tournament.body.status, tournament.body.round]).toEqual(['ended', 3]);
    expect(tournament.body.seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('CLUB-5 the standings rank by points, each row with its three games; seat balance shows in them', async () => {
    const { body } = await organiser.get<{ final: boolean; rows: { points: number; games: string[]; playerId: string }[] }>(
      `/tournaments/${tournamentId}/standings`,
    );
    expect(body.final).toBe(true);
    // Red won every game, and nobody had the same seat in all three rounds: nobody has 3 points or 0.
    expect(body.rows.map((r) => r.points)).toEqual([2, 2, 2, 2, 1, 1, 1, 1]);
    expect(body.rows.every((r) => r.games.length === 3)).toBe(true);
    expect(new Set(body.rows.map((r) => r.playerId))).toEqual(new Set(players.keys()));
  });

  it('CLUB-7 a player hears each round start (table and game) and the end (the top three and their place) by webhook', async () => {
    const fourth = [...players.keys()][3] as string;
    const { body: standings } = await organiser.get<{ rows: { playerId: string; points: number }[] }>(
      `/tournaments/${tournamentId}/standings`,
    );
    const { body: names } = await organiser.get<{ names: Record<string, string> }>(`/tournaments/${tournamentId}`);
    const said = rounds4.received.map((r) => (JSON.parse(r.body) as { content: string }).content);
    expect(said).toHaveLength(4);
    const started = said.filter((c) => c.includes('has begun'));
    const tables = (await rounds()).map((r) => r.pairings.find((p) => p.red === fourth || p.blue === fourth));
    expect(started.map((c) => c.split('\n').slice(0, 2))).toEqual(
      tables.map((t, i) => [
        `Round ${i + 1} of 3 of Autumn Swiss has begun.`,
        `You play at table ${t?.table}, in Post Galactica game ${t?.gameId}.`,
      ]),
    );
    const end = said.find((c) => c.includes('has ended')) ?? '';
    const top = standings.rows.slice(0, 3).map((r, i) => `${i + 1}. ${names.names[r.playerId]}, ${r.points} points`);
    const place = standings.rows.findIndex((r) => r.playerId === fourth);
    const mine =
      place < 3
        ? []
        : [`You finished ${place + 1}. Player 4, ${standings.rows[place]?.points} point${standings.rows[place]?.points === 1 ? '' : 's'}.`];
    expect(end.split('\n')).toEqual([
      `Autumn Swiss has ended after 3 rounds: ${names.names[standings.rows[0]?.playerId ?? '']} wins.`,
      ...top,
      ...mine,
      `Final standings and every game: /tournament?id=${tournamentId}`,
    ]);
  });

  it('CLUB-5 the export verifies with arbiter verify-tournament, and a tampered result fails naming its line', async () => {
    const response = await fetch(`${runtime.url}/tournaments/${tournamentId}/export`, {
      headers: { authorization: `Bearer ${organiser.apiKey}` },
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/x-ndjson']);
    exported = await response.text();
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-cup-'));
    writeFileSync(join(dir, 'cup.ndjson'), exported);
    let out = '';
    expect(
      await arbiter(
        ['verify-tournament', join(dir, 'cup.ndjson')],
        (t) => (out += t),
        () => {},
      ),
    ).toBe(0);
    expect(out).toContain('PASS  games: 12 game logs verify');
    // Blue conceded every game; a result turned to blue, its command too and the chain re-hashed, contradicts its game.
    const lines = exported.split('\n');
    const at = lines.findIndex((l) => l.includes(`"gameId":"${tournamentId}"`) && l.includes('"type":"ResultRecorded"'));
    const edited = JSON.parse(lines[at] as string) as {
      data: { winner: string };
      command: { winner: string };
      hash: string;
      prevHash: string;
    };
    edited.data.winner = 'blue';
    edited.command.winner = 'blue';
    let prev = JSON.parse(lines[at - 1] as string) as { hash: string };
    for (let i = at; i < lines.length && lines[i]?.includes(`"gameId":"${tournamentId}"`); i++) {
      const event = i === at ? edited : (JSON.parse(lines[i] as string) as typeof edited);
      event.prevHash = prev.hash;
      event.hash = envelopeHash(event as never);
      lines[i] = JSON.stringify(event);
      prev = event;
    }
    writeFileSync(join(dir, 'tampered.ndjson'), lines.join('\n'));
    out = '';
    expect(
      await arbiter(
        ['verify-tournament', join(dir, 'tampered.ndjson')],
        (t) => (out += t),
        () => {},
      ),
    ).toBe(1);
    expect(out).toMatch(new RegExp(`FAIL {2}results: line ${at + 1}: game g_[0-9a-f]{20} ended red, but the result recorded is blue`));
  });
});

describe('CLUB-4 a round deadline, by the same scheduler as games', () => {
  it('CLUB-4 at the deadline a game still running is scored a draw by default, and the next round is paired', async () => {
    const created = await organiser.post<{ tournamentId: string }>('/tournaments', {
      name: 'Quick Swiss',
      format: 'swiss',
      rounds: 2,
      ruleset: 'post-galactica',
      roundDeadline: 'PT2M',
    });
    const id = created.body.tournamentId;
    const four = [...players.entries()].slice(0, 4);
    for (const [, client] of four)
      await client.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
    await organiser.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } });
    await quiesce(runtime);
    const roundsOf = async () =>
      (
        await organiser.get<{ rounds: { pairings: Pairing[]; results: { table: number; by: string; winner: string | null }[] }[] }>(
          `/tournaments/${id}/rounds`,
        )
      ).body.rounds;
    const [first, second] = (await roundsOf())[0]?.pairings ?? [];
    if (!first || !second) throw new Error('two tables');
    await players.get(first.blue)?.post(`/games/${first.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    await letTimePass(runtime, async () => (await roundsOf()).length === 2);
    const [one] = await roundsOf();
    expect(one?.results.map((r) => [r.table, r.by, r.winner])).toEqual([
      [first.table, 'game', 'red'],
      [second.table, 'default', null],
    ]);
  });
});

describe('CLUB-7 the typed client (client/arbiter.d.ts) runs a tournament', () => {
  it('CLUB-7 it creates a Swiss, four players join, the organiser starts it, games are conceded, and it reads the final standings', async () => {
    const violations: string[] = [];
    // Every answer checked against /openapi.json: its status listed for the route, its body of the declared schema.
    const checked: Middleware = {
      async onResponse({ request, response }) {
        const text = response.status === 204 || response.status === 304 ? '' : await response.clone().text();
        const broken = contractViolation(
          request.method,
          new URL(request.url).pathname,
          response.status,
          response.headers.get('content-type'),
          text,
        );
        if (broken) violations.push(broken);
        return undefined;
      },
    };
    const typed = (apiKey?: string) => {
      const client = createClient<paths>({ baseUrl: runtime.url, ...(apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {}) });
      client.use(checked);
      return client;
    };
    const four = [...players.entries()].slice(4, 8).map(([playerId, client]) => ({ playerId, api: typed(client.apiKey) }));
    const org = typed(organiser.apiKey);
    const created = await org.POST('/tournaments', {
      body: { commandId: commandId(), name: 'Typed Cup', format: 'swiss', rounds: 1, ruleset: 'post-galactica' },
    });
    const id = created.data?.tournamentId ?? '';
    expect([created.response.status, id]).toEqual([201, expect.stringMatching(/^t_[0-9a-f]{20}$/)]);
    for (const { api } of four) {
      const joined = await api.POST('/tournaments/{id}/commands', {
        params: { path: { id } },
        body: { commandId: commandId(), command: { type: 'JoinTournament' } },
      });
      expect(joined.data?.events.map((e) => e.type)).toEqual(['PlayerJoined']);
    }
    const started = await org.POST('/tournaments/{id}/commands', {
      params: { path: { id } },
      body: { commandId: commandId(), command: { type: 'StartTournament' } },
    });
    expect(started.data?.events.map((e) => e.type)).toEqual(['TournamentStarted', 'RoundPaired']);
    await quiesce(runtime);
    // Read with no key: the tournament page's routes are public.
    const anyone = typed();
    const round = (await anyone.GET('/tournaments/{id}/rounds', { params: { path: { id } } })).data?.rounds[0];
    expect(round?.pairings).toHaveLength(2);
    for (const p of round?.pairings ?? []) {
      const blue = four.find((f) => f.playerId === p.blue)?.api;
      const conceded = await blue?.POST('/games/{id}/commands', {
        params: { path: { id: p.gameId } },
        body: { commandId: commandId(), command: { type: 'Concede' } },
      });
      expect(conceded?.response.status).toBe(200);
    }
    await quiesce(runtime);
    const standings = await anyone.GET('/tournaments/{id}/standings', { params: { path: { id } } });
    const winners = new Set(round?.pairings.map((p) => p.red));
    expect(standings.data?.final).toBe(true);
    expect(standings.data?.rows.map((r) => [winners.has(r.playerId), r.points, r.games])).toEqual(
      standings.data?.rows.map((r, i) => [
        i < 2,
        i < 2 ? 1 : 0,
        [round?.pairings.find((p) => p.red === r.playerId || p.blue === r.playerId)?.gameId],
      ]),
    );
    const tournament = await anyone.GET('/tournaments/{id}', { params: { path: { id } } });
    const everyone = [...four.map((f) => f.playerId), tournament.data?.organiser ?? ''].sort();
    expect(Object.keys(tournament.data?.names ?? {})).toEqual(everyone);
    expect(tournament.data?.names[four[0]?.playerId ?? '']).toBe('Player 5');
    expect(violations).toEqual([]);
  });
});
