/** CLUB-1 clubs over HTTP on the memory runtime: create, join, invite codes, organisers, members, games. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, quiesce, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
let cy: Client;
let annId: string;
let bobId: string;
let cyId: string;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  const [a, b, c] = await Promise.all([anon.register('Ann'), anon.register('Bob'), anon.register('Cy')]);
  ann = a.client;
  bob = b.client;
  cy = c.client;
  annId = a.playerId;
  bobId = b.playerId;
  cyId = c.playerId;
});
afterAll(async () => {
  await runtime?.stop();
});

/** A read whose answer is not one JSON document (a log, an export): its status and text. */
const raw = async (client: Client, path: string) => {
  const response = await fetch(`${client.base}${path}`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return { status: response.status, text: await response.text() };
};

type ClubBody = { clubId: string; role: string | null; inviteCode?: string; visibility: string };
const create = (client: Client, body: Record<string, unknown>) => client.post<ClubBody>('/clubs', body);

describe('CLUB-1 clubs', () => {
  it.concurrent('CLUB-1 a player creates a public club and is its organiser; anyone joins it freely, once', async () => {
    const made = await create(ann, { name: 'Tuesday Night Wargamers' });
    expect(made.status).toBe(201);
    expect(made.body.role).toBe('organiser');
    expect(made.body.inviteCode).toBeUndefined();
    const id = made.body.clubId;
    expect((await bob.get<ClubBody>(`/clubs/${id}`)).body.role).toBeNull();
    expect((await bob.post<ClubBody>(`/clubs/${id}/join`, {})).status).toBe(201);
    const again = await bob.post<ClubBody>(`/clubs/${id}/join`, {});
    expect([again.status, again.body.role]).toEqual([200, 'member']);
    const members = await cy.get<{ members: { name: string; role: string }[] }>(`/clubs/${id}/members`);
    expect(members.body.members.map((m) => [m.name, m.role]).sort()).toEqual([
      ['Ann', 'organiser'],
      ['Bob', 'member'],
    ]);
  });

  it.concurrent('CLUB-1 a private club answers a stranger exactly as an unknown club, and admits by its invite code', async () => {
    const made = await create(ann, { name: 'The Back Room', visibility: 'private' });
    const id = made.body.clubId;
    const code = made.body.inviteCode as string;
    expect(code).toMatch(/^[0-9a-f]{24}$/);
    const unknown = await bob.get('/clubs/c_doesnotexist');
    for (const path of [
      `/clubs/${id}`,
      `/clubs/${id}/members`,
      `/clubs/${id}/games`,
      `/clubs/${id}/tournaments`,
      `/clubs/${id}/ladders/soluna`,
    ]) {
      const hidden = await bob.get(path);
      expect(hidden.status).toBe(404);
      expect({ ...hidden.body, detail: String(hidden.body.detail).replace(id, 'X'), instance: null }).toEqual({
        ...unknown.body,
        detail: String(unknown.body.detail).replace('c_doesnotexist', 'X'),
        instance: null,
      });
    }
    expect((await bob.post(`/clubs/${id}/join`, {})).status).toBe(404);
    expect((await bob.post(`/clubs/${id}/join`, { inviteCode: 'wrong' })).status).toBe(404);
    expect((await bob.post(`/clubs/${id}/join`, { inviteCode: code })).status).toBe(201);
    // Rotating the code: the old one admits nobody, the new one does; only an organiser rotates.
    expect((await bob.post(`/clubs/${id}/invite-code`)).status).toBe(403);
    const rotated = await ann.post<{ inviteCode: string }>(`/clubs/${id}/invite-code`);
    expect(rotated.body.inviteCode).not.toBe(code);
    expect((await cy.post(`/clubs/${id}/join`, { inviteCode: code })).status).toBe(404);
    expect((await cy.post(`/clubs/${id}/join`, { inviteCode: rotated.body.inviteCode })).status).toBe(201);
  });

  it.concurrent('CLUB-1 organisers add organisers and remove members; the founder stays; a member may leave', async () => {
    const id = (await create(ann, { name: 'Organised' })).body.clubId;
    await Promise.all([bob.post(`/clubs/${id}/join`, {}), cy.post(`/clubs/${id}/join`, {})]);
    expect((await bob.call('DELETE', `/clubs/${id}/members/${cyId}`)).status).toBe(403);
    expect((await ann.post(`/clubs/${id}/organisers`, { playerId: 'p_nobody' })).status).toBe(409);
    const promoted = await ann.post<{ role: string }>(`/clubs/${id}/organisers`, { playerId: bobId });
    expect([promoted.status, promoted.body.role]).toEqual([200, 'organiser']);
    expect((await bob.call('DELETE', `/clubs/${id}/members/${cyId}`)).status).toBe(204);
    expect((await cy.get<ClubBody>(`/clubs/${id}`)).body.role).toBeNull();
    const founder = (await ann.get<ClubBody & { createdBy: string }>(`/clubs/${id}`)).body.createdBy;
    expect((await bob.call('DELETE', `/clubs/${id}/members/${founder}`)).status).toBe(409);
    expect((await bob.call('DELETE', `/clubs/${id}/members/${bobId}`)).status).toBe(204);
    expect((await ann.get<{ members: unknown[] }>(`/clubs/${id}/members`)).body.members).toHaveLength(1);
  });

  it.concurrent('CLUB-1 concurrent joins lose nothing and duplicate nothing', async () => {
    const id = (await create(ann, { name: 'Crowded' })).body.clubId;
    const anon = new Client(runtime.url);
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => anon.register(`P${i}`)));
    const joins = await Promise.all(
      players.flatMap((p) => [p.client.post(`/clubs/${id}/join`, {}), p.client.post(`/clubs/${id}/join`, {})]),
    );
    expect(joins.filter((j) => j.status === 201)).toHaveLength(12);
    const members = (await ann.get<{ members: { playerId: string }[] }>(`/clubs/${id}/members`)).body.members;
    // Ann, and each of the twelve once.
    expect(members).toHaveLength(13);
    expect(members.map((m) => m.playerId).sort()).toEqual([annId, ...players.map((p) => p.playerId)].sort());
  });

  it.concurrent('CLUB-1 a game is created in a club only by a member, recorded in GameCreated, and listed by the club', async () => {
    const id = (await create(ann, { name: 'Players' })).body.clubId;
    const secret = (await create(ann, { name: 'Hidden', visibility: 'private' })).body.clubId;
    const outsider = await bob.post('/games', { ruleset: 'soluna', options: { club: { clubId: id } } });
    expect([outsider.status, outsider.body.type]).toEqual([403, 'https://arbiter.dev/problems/not-allowed']);
    expect((await bob.post('/games', { ruleset: 'soluna', options: { club: { clubId: secret } } })).status).toBe(404);
    const made = await ann.post<{ gameId: string; events: { type: string; data: { options: unknown } }[] }>('/games', {
      ruleset: 'soluna',
      options: { club: { clubId: id, rated: true } },
    });
    expect(made.status).toBe(201);
    expect(made.body.events[0]?.data.options).toMatchObject({ club: { clubId: id, rated: true } });
    await runtime.stream.idle();
    const listed = await ann.get<{ games: { gameId: string; rated: boolean; ruleset: string }[] }>(`/clubs/${id}/games`);
    expect(listed.body.games).toMatchObject([{ gameId: made.body.gameId, rated: true, ruleset: 'soluna' }]);
  });

  it.concurrent('CLUB-1 a club lists its events: the tournaments its members create in it, once each; a stranger is refused', async () => {
    const made = await create(ann, { name: 'League Night', visibility: 'private' });
    const id = made.body.clubId;
    const body = { commandId: 'league-cup-1', name: 'Winter Cup', format: 'round-robin', ruleset: 'soluna', clubId: id };
    // Bob is no member: the private club does not exist for him, and he creates nothing in it.
    const stranger = await bob.post('/tournaments', { ...body, name: "Bob's Cup" });
    expect(stranger.status).toBe(404);
    const first = await ann.post<{ tournamentId: string }>('/tournaments', body);
    const retry = await ann.post<{ tournamentId: string }>('/tournaments', body);
    expect([first.status, retry.status, retry.body.tournamentId]).toEqual([201, 200, first.body.tournamentId]);
    const listed = await ann.get<{ tournaments: Record<string, unknown>[] }>(`/clubs/${id}/tournaments`);
    expect(listed.body.tournaments).toEqual([
      {
        tournamentId: first.body.tournamentId,
        name: 'Winter Cup',
        format: 'round-robin',
        ruleset: 'soluna',
        createdBy: annId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        page: `/tournament?id=${first.body.tournamentId}`,
      },
    ]);
    expect((await bob.get(`/clubs/${id}/tournaments`)).status).toBe(404);
    // A public club refuses a stranger's tournament (403), as it refuses their game.
    const open = (await create(ann, { name: 'Open Night' })).body.clubId;
    const refused = await cy.post('/tournaments', { ...body, commandId: 'cy-cup-create-1', clubId: open });
    expect(refused.status).toBe(403);
    expect((await cy.get<{ tournaments: unknown[] }>(`/clubs/${open}/tournaments`)).body.tournaments).toEqual([]);
  });

  it.concurrent("CLUB-1 a private club's tournament is a 404 like an unknown one to a stranger, key or none, on every read and the export; members read it", async () => {
    const anon = new Client(runtime.url);
    const { client: dee } = await anon.register('Dee');
    const made = await create(ann, { name: 'Inner Circle', visibility: 'private' });
    const club = made.body.clubId;
    for (const member of [bob, dee]) await member.post(`/clubs/${club}/join`, { inviteCode: made.body.inviteCode });
    const created = await ann.post<{ tournamentId: string }>('/tournaments', {
      name: 'Closed Cup',
      format: 'round-robin',
      ruleset: 'post-galactica',
      clubId: club,
    });
    const id = created.body.tournamentId;
    for (const player of [ann, bob])
      expect(
        (await player.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } })).status,
      ).toBe(200);
    await ann.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } });
    await quiesce(runtime);
    const unknownId = 't_00000000000000000000';
    const same = (reply: { status: number; body: Record<string, unknown> }, asked: string) => ({
      status: reply.status,
      body: { ...reply.body, detail: String(reply.body.detail).replace(asked, 'X'), instance: null },
    });
    const reads = ['', '/rounds', '/standings'];
    for (const tail of [...reads, '/export']) {
      // Cy has a key but is no member; a caller without a key is asked nothing of the export (401) but of the reads.
      const strangers = tail === '/export' ? [cy] : [cy, anon];
      for (const stranger of strangers) {
        const hidden = await stranger.get(`/tournaments/${id}${tail}`);
        const unknown = await stranger.get(`/tournaments/${unknownId}${tail}`);
        expect(same(hidden, id), `${tail} ${stranger.apiKey ? 'key' : 'no key'}`).toEqual(same(unknown, unknownId));
        expect(hidden.status).toBe(404);
      }
    }
    expect((await anon.get(`/tournaments/${id}/export`)).status).toBe(401);
    // Nor does it take a stranger's command: joining it, it does not exist.
    const join = await cy.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
    expect([join.status, join.body.type]).toEqual([404, 'https://arbiter.dev/problems/not-found']);
    // A member who plays in it (Bob), a member who does not (Dee), and its organiser read it all.
    const rounds = await dee.get<{ rounds: { pairings: { gameId: string }[] }[] }>(`/tournaments/${id}/rounds`);
    expect(rounds.status).toBe(200);
    expect(rounds.body.rounds[0]?.pairings).toHaveLength(1);
    for (const reader of [ann, bob, dee]) {
      const view = await reader.get<{ clubId: string; names: Record<string, string> }>(`/tournaments/${id}`);
      expect([view.status, view.body.clubId, Object.values(view.body.names).sort()]).toEqual([200, club, ['Ann', 'Bob']]);
      expect((await reader.get<{ rows: unknown[] }>(`/tournaments/${id}/standings`)).body.rows).toHaveLength(2);
      // Its games are private: only its organiser reads them all, and so only she exports it.
      const exported = await fetch(`${runtime.url}/tournaments/${id}/export`, { headers: { authorization: `Bearer ${reader.apiKey}` } });
      expect(exported.status).toBe(reader === ann ? 200 : 403);
      if (reader === ann) expect((await exported.text()).split('\n')[0]).toContain(`"tournamentId":"${id}"`);
      else await exported.body?.cancel();
    }
    // Its game is a private game (API-8): a stranger with a key finds nothing.
    const gameId = rounds.body.rounds[0]?.pairings[0]?.gameId as string;
    expect((await cy.get(`/games/${gameId}`)).status).toBe(404);
    // Bob leaves the club; as a player of the tournament he still reads it (and may withdraw).
    expect((await bob.call('DELETE', `/clubs/${club}/members/${bobId}`)).status).toBe(204);
    expect((await bob.get(`/clubs/${club}`)).status).toBe(404);
    expect((await bob.get(`/tournaments/${id}/standings`)).status).toBe(200);
    // A tournament in a public club stays anyone's, with no key.
    const open = (await create(ann, { name: 'Open Door' })).body.clubId;
    const shown = await ann.post<{ tournamentId: string }>('/tournaments', {
      name: 'Open Cup',
      format: 'round-robin',
      ruleset: 'soluna',
      clubId: open,
    });
    for (const tail of reads) expect((await anon.get(`/tournaments/${shown.body.tournamentId}${tail}`)).status).toBe(200);
  });

  it.concurrent("CLUB-1 a private club's tournament plays private games: its players and organiser read them, a member or stranger gets a 404; the export verifies", async () => {
    const anon = new Client(runtime.url);
    const [dee, eve, fay] = await Promise.all([anon.register('Dee'), anon.register('Eve'), anon.register('Fay')]);
    const made = await create(ann, { name: 'Back Room', visibility: 'private' });
    const club = made.body.clubId;
    for (const member of [dee, eve, fay]) await member.client.post(`/clubs/${club}/join`, { inviteCode: made.body.inviteCode });
    // Ann organises and does not play; Dee and Eve play; Fay is a member who does not play; Cy is no member.
    const playing = new Map([
      [dee.playerId, dee.client],
      [eve.playerId, eve.client],
    ]);
    const start = async (clubId: string, name: string) => {
      const created = await ann.post<{ tournamentId: string }>('/tournaments', {
        name,
        format: 'round-robin',
        ruleset: 'post-galactica',
        clubId,
      });
      const id = created.body.tournamentId;
      for (const player of playing.values())
        await player.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
      await ann.post(`/tournaments/${id}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } });
      await quiesce(runtime);
      const rounds = await ann.get<{ rounds: { pairings: { gameId: string; red: string; blue: string }[] }[] }>(
        `/tournaments/${id}/rounds`,
      );
      return { id, pairing: rounds.body.rounds[0]?.pairings[0] as { gameId: string; red: string; blue: string } };
    };
    const { id, pairing } = await start(club, 'Back Room Cup');
    const unknownGame = 'g_0000000000000000000000000000000000000000';
    const same = (reply: { status: number; body: Record<string, unknown> }, asked: string) => ({
      status: reply.status,
      body: { ...reply.body, detail: String(reply.body.detail).replace(asked, 'X'), instance: null },
    });
    for (const tail of ['', '/events', '/log']) {
      for (const outsider of [cy, fay.client]) {
        const hidden = await outsider.get(`/games/${pairing.gameId}${tail}`);
        expect(same(hidden, pairing.gameId), tail).toEqual(same(await outsider.get(`/games/${unknownGame}${tail}`), unknownGame));
        expect(hidden.status).toBe(404);
      }
      for (const reader of [ann, dee.client, eve.client])
        expect((await raw(reader, `/games/${pairing.gameId}${tail}`)).status, tail).toBe(200);
    }
    // Nor does a member who does not play give it a command: it does not exist to her.
    const refused = await fay.client.post(`/games/${pairing.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    expect(refused.status).toBe(404);
    // Blue concedes; the tournament ends; its organiser's export verifies, and its log records the private games.
    const conceded = await playing
      .get(pairing.blue)
      ?.post(`/games/${pairing.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    expect(conceded?.status).toBe(200);
    await quiesce(runtime);
    const { status, text: exported } = await raw(ann, `/tournaments/${id}/export`);
    expect(status).toBe(200);
    const created = JSON.parse(exported.split('\n')[1] ?? '{}') as { type: string; data: { gameOptions: unknown } };
    expect([created.type, created.data.gameOptions]).toEqual(['TournamentCreated', { takebacks: 'none', visibility: 'private' }]);
    const checks = verifyTournament(exported, everyRuleset());
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.find((c) => c.check === 'games')?.verdict).toContain('1 game log');
    // The game's log: created by the tournament's organiser, private, then red and blue seated.
    const log = (await raw(ann, `/games/${pairing.gameId}/log`)).text;
    expect(log).toContain(`"createdBy":"${annId}"`);
    expect(log).toContain('"visibility":"private"');
    // A public club's tournament plays public games, as before: any signed-in player reads them.
    const open = (await create(ann, { name: 'Front Room' })).body.clubId;
    for (const member of [dee, eve]) await member.client.post(`/clubs/${open}/join`, {});
    const shown = await start(open, 'Front Room Cup');
    expect((await cy.get(`/games/${shown.pairing.gameId}`)).status).toBe(200);
    const openLog = await raw(cy, `/games/${shown.pairing.gameId}/log`);
    expect([openLog.status, openLog.text.includes('visibility')]).toEqual([200, false]);
  });

  it.concurrent('CLUB-1 bad input is a 400 with a sentence', async () => {
    const empty = await ann.post('/clubs', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(String(empty.body.detail)).toContain('/name');
    expect((await ann.post('/clubs', { name: 'x', visibility: 'secret' })).status).toBe(400);
  });
});
