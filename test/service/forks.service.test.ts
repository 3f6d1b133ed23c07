/**
 * TB-6, TB-7 forks over HTTP on the local runtime (memory adapters), for each ruleset: a
 * sandbox from an ended game in which one player moves both seats, a sandbox refused while
 * another seat's sealed orders are pending, a continuation both seats accept, a private game's
 * fork refused to a stranger as if it did not exist, and the fork's log verified with its
 * origin's, failing with the line named when the origin's prefix is tampered with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { GUNSHIP, gunshipAt, gunshipTable } from '../support/gsc2.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { mission, profile, shoot } from '../support/soluna.ts';
import { Receiver } from '../support/webhook-receiver.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
let cy: Client;

let receiver: Receiver;

beforeAll(async () => {
  // Webhooks to this machine's receiver: the continuation's notices are delivered for real.
  [runtime, receiver] = await Promise.all([startServiceRuntime({ webhooks: { allowLoopback: true } }), Receiver.start()]);
  const anon = new Client(runtime.url);
  [ann, bob, cy] = (await Promise.all([anon.register('Ann'), anon.register('Bob'), anon.register('Cy')])).map((r) => r.client) as [
    Client,
    Client,
    Client,
  ];
});
afterAll(async () => {
  await runtime.stop();
  await receiver.close();
});

type Reply = {
  gameId: string;
  events: EventEnvelope[];
  version: number;
  replayed: boolean;
  forks?: string[];
  rule?: string;
  code?: string;
  detail?: string;
  inviteCode?: string;
};
type View = {
  version: number;
  status: string;
  you: string | null;
  awaiting: string[];
  seats: { name: string; playerId: string | null }[];
  step: { key: string; openedAt: string; deadline: string | null } | null;
  fork?: { from: { gameId: string; version: number; hash: string }; kind: string };
  forkProposal?: { by: string | null; version: number; agreed: string[] };
  forks?: { version: number; forkId: string; seq: number }[];
  options: { visibility?: string; deadlines?: unknown };
  game: unknown;
};

const give = (client: Client, gameId: string, command: object) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const fork = (client: Client, gameId: string, version: number, kind: 'sandbox' | 'continuation') =>
  client.post<Reply>(`/games/${gameId}/forks`, { version, kind, commandId: commandId() });
const exported = async (client: Client, gameId: string): Promise<ParsedLog> => {
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return parseLog(await reply.text());
};
const ok = (reply: { status: number; body: unknown }, status = 200) => expect(reply.status, JSON.stringify(reply.body)).toBe(status);

/**
 * A private game of Ann (the first seat, `seats[0]`) and Bob at a position in play where nothing is
 * sealed (`open`); `sealing` is Ann's command that seals orders there while Bob's are still awaited
 * (none in Post Galactica, which seals nothing); `both` are two commands of the sandbox, one per seat.
 */
interface Scenario {
  readonly gameId: string;
  readonly seats: readonly [string, string];
  readonly open: number;
  readonly sealing: object | null;
  /** In a sandbox from `open`, Ann's commands in order and the seat each is given as. */
  readonly both: readonly (readonly [string, object])[];
}

const privately = async (ruleset: string, seat: string, options: Record<string, unknown>) => {
  const created = await ann.post<Reply>('/games', {
    ruleset,
    seat,
    options: { visibility: 'private', deadlines: { default: 'PT1H' }, ...options },
  });
  ok(created, 201);
  const joined = await bob.post<Reply>(`/games/${created.body.gameId}/join`, { inviteCode: created.body.inviteCode });
  ok(joined);
  return { gameId: created.body.gameId, joined: joined.body };
};

const postGalactica = async (): Promise<Scenario> => {
  const { gameId, joined } = await privately('post-galactica', 'red', { firstPlayer: 'red' });
  // Red ends its phases until blue's turn begins: the one player plays both seats' turns.
  const endRed = Array.from({ length: 8 }, () => ['red', { type: 'EndPhase' }] as const);
  return { gameId, seats: ['red', 'blue'], open: joined.version, sealing: null, both: [...endRed, ['blue', { type: 'EndPhase' }]] };
};

const soluna = async (): Promise<Scenario> => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
  const { gameId, joined } = await privately('soluna', 'sun', { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) } });
  // SOL-3: both seats seal in the same phase; in a sandbox one player seals for sun, then for moon.
  const sun = { type: 'SubmitActions', actions: [shoot('meena', 'xul')] };
  const moon = { type: 'SubmitActions', actions: [shoot('xul', 'meena')] };
  return {
    gameId,
    seats: ['sun', 'moon'],
    open: joined.version,
    sealing: sun,
    both: [
      ['sun', sun],
      ['moon', moon],
    ],
  };
};

const gsc2 = async (): Promise<Scenario> => {
  const rules = gunshipTable(GUNSHIP, { red: [gunshipAt('ram', 0, 0, 0)], blue: [gunshipAt('bee', 0, 10, 4)] });
  const { gameId, joined } = await privately('gsc2', 'red', { rules });
  const winner = (joined.events.find((e) => e.type === 'RolledOff')?.data as { winner: string } | undefined)?.winner;
  ok(await give(winner === 'red' ? ann : bob, gameId, { type: 'ChooseFirstPlayer', seat: 'red' }));
  // GSC-3: blue moves first, then red; then both seal their beam orders (GSC's sealed step).
  ok(await give(bob, gameId, { type: 'MoveShip', ship: 'bee', path: [] }));
  const moved = await give(ann, gameId, { type: 'MoveShip', ship: 'ram', path: [{ type: 'forward', inches: 4 }] });
  ok(moved);
  const red = { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'ram', battery: 'A', target: 'bee' }] } };
  const blue = { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'bee', battery: 'A', target: 'ram' }] } };
  return {
    gameId,
    seats: ['red', 'blue'],
    open: moved.body.version,
    sealing: red,
    both: [
      ['red', red],
      ['blue', blue],
    ],
  };
};

const viewAt = (client: Client, gameId: string, version: number) =>
  eventually(
    () => client.get<View>(`/games/${gameId}`),
    (r) => r.status === 200 && r.body.version >= version,
  );

describe.each([
  ['Post Galactica', postGalactica],
  ["Sol'una", soluna],
  ['GSC2', gsc2],
])('TB-6 forks over HTTP (%s)', (_name, scenario) => {
  it.concurrent('TB-6 TB-7 a sandbox of an ended game: one player moves both seats; the fork verifies with its origin', async () => {
    const { gameId, seats, open, both } = await scenario();
    const annPlayer = (await ann.get<{ playerId: string }>('/players/me')).body.playerId;
    // The origin ends; its seed is revealed, so any version in play may be forked, by anyone who may read it.
    ok(await give(bob, gameId, { type: 'Concede' }));
    const origin = (await viewAt(ann, gameId, open)).body;
    expect(origin.status).toBe('ended');

    const request = { version: open, kind: 'sandbox', commandId: commandId() };
    const started = await ann.post<Reply>(`/games/${gameId}/forks`, request);
    ok(started, 201);
    const forkId = started.body.gameId;
    // A retry with the same command id answers the first sandbox again and starts none.
    const retried = await ann.post<Reply>(`/games/${gameId}/forks`, request);
    ok(retried);
    expect(retried.body).toMatchObject({ gameId: forkId, replayed: true, version: 1 });
    expect(forkId).not.toBe(gameId);
    expect(started.body.forks).toEqual([forkId]);
    expect(started.headers.get('location')).toBe(`/games/${forkId}`);
    const first = started.body.events[0] as EventEnvelope;
    const originLog = await exported(ann, gameId);
    expect(first).toMatchObject({ seq: 1, type: 'GameForked', actor: `player:${annPlayer}` });
    expect(first.data).toMatchObject({
      from: { gameId, version: open, hash: originLog.events[open - 1]?.hash },
      kind: 'sandbox',
      seats,
      players: { [seats[0]]: annPlayer, [seats[1]]: annPlayer },
    });
    // The fork commits its own seed: not the origin's.
    expect((first.data as { seedCommitment: string }).seedCommitment).not.toBe(originLog.header.seedCommitment);

    // The sandbox is the origin's position at that version, private, without deadlines; Ann holds both seats.
    const atOpen = (await ann.get<{ state: View }>(`/games/${gameId}/state?at=${open}`)).body.state;
    const view = (await viewAt(ann, forkId, 1)).body;
    expect(view).toMatchObject({ status: 'playing', version: 1, fork: { from: { gameId, version: open }, kind: 'sandbox' } });
    expect(view.seats).toEqual(seats.map((name) => ({ name, playerId: annPlayer, playerName: 'Ann' })));
    expect(view.options.visibility).toBe('private');
    expect(view.step?.deadline).toBeNull();
    expect(view.awaiting).toEqual(atOpen.awaiting);

    // One player gives every seat's commands: each is recorded as the seat the game awaited.
    const actors: string[] = [];
    for (const [seat, command] of both) {
      const played = await give(ann, forkId, command);
      ok(played);
      actors.push(played.body.events[0]?.actor ?? '');
      if (seat !== seats[0]) expect(played.body.events[0]?.actor).toBe(seat);
    }
    expect(new Set(actors)).toEqual(new Set(seats));
    // Bob, who holds no seat of Ann's sandbox, cannot see it: it does not exist for him.
    expect((await bob.get(`/games/${forkId}`)).status).toBe(404);

    // The fork's log verifies with its origin's: the shared prefix is proved.
    const forkLog = await exported(ann, forkId);
    const alone = verifyLog(forkLog);
    expect(alone.filter((r) => !r.ok && !r.pending)).toEqual([]);
    expect(alone.find((r) => r.check === 'origin')).toMatchObject({ pending: true });
    const checks = verifyLog(forkLog, { origin: originLog });
    expect(checks.filter((r) => !r.ok && !r.pending)).toEqual([]);
    expect(checks.find((r) => r.check === 'origin')).toMatchObject({ ok: true });

    // Tampered in the shared prefix, the origin fails the origin check at the line altered...
    const index = 1;
    const altered = originLog.events.map((e, i) => (i === index ? { ...e, at: '2000-01-01T00:00:00.000Z' } : e));
    const broken = verifyLog(forkLog, { origin: { ...originLog, events: altered } }).find((r) => r.check === 'origin');
    expect(broken).toMatchObject({ ok: false, line: index + 2 });
    expect(broken?.verdict).toContain(`line ${index + 2} (event ${index + 1})`);
    // ...and re-chained, at the version the fork starts from, whose hash is no longer the one it names.
    const rechained = verifyLog(forkLog, { origin: { ...originLog, events: rechain(altered) } }).find((r) => r.check === 'origin');
    expect(rechained).toMatchObject({ ok: false, line: open + 1 });
    expect(rechained?.verdict).toContain(`line ${open + 1} of the origin log`);

    // TB-3: the ended game continues by its organiser's ruling (Ann created it), which every seat accepts.
    expect((await fork(bob, gameId, open, 'continuation')).body).toMatchObject({ rule: 'TB-6', code: 'RULING_NEEDED' });
    ok(await fork(ann, gameId, open, 'continuation'), 202);
    const accepted = await give(bob, gameId, { type: 'AcceptFork' });
    ok(accepted);
    const forkId2 = (accepted.body.events.find((e) => e.type === 'ForkAgreed')?.data as { forkId: string } | undefined)?.forkId ?? '';
    const ruling = (await viewAt(bob, forkId2, 1)).body;
    expect(ruling).toMatchObject({ status: 'playing', fork: { from: { gameId, version: open }, kind: 'continuation' } });
    expect(ruling.seats.map((s) => s.playerId)).toEqual(origin.seats.map((s) => s.playerId));
  });

  it.concurrent('TB-6 a sandbox is refused while another seat’s sealed orders are pending; allowed to their sealer', async () => {
    const { gameId, sealing, open } = await scenario();
    if (sealing === null) {
      // Post Galactica seals nothing: a running game may be forked at any version in play, but not before play.
      ok(await fork(bob, gameId, open, 'sandbox'), 201);
      const lobby = await fork(bob, gameId, 1, 'sandbox');
      expect(lobby.status).toBe(422);
      expect(lobby.body).toMatchObject({ rule: 'TB-6', code: 'NOT_IN_PLAY' });
      return;
    }
    const sealed = await give(ann, gameId, sealing);
    ok(sealed);
    const at = sealed.body.version;
    const refused = await fork(bob, gameId, at, 'sandbox');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: 'TB-6', code: 'HIDDEN_ORDERS_PENDING' });
    expect(refused.body.detail).toMatch(/had sealed orders you may not see yet/);
    // Before the orders were sealed nothing was hidden; and their sealer may fork where they are pending.
    ok(await fork(bob, gameId, at - sealed.body.events.length, 'sandbox'), 201);
    ok(await fork(ann, gameId, at, 'sandbox'), 201);
  });

  it.concurrent('TB-6 TB-7 a continuation both seats accept starts a new game: the same seats, fresh deadlines', async () => {
    const { gameId, seats, open } = await scenario();
    const proposed = await fork(ann, gameId, open, 'continuation');
    ok(proposed, 202);
    expect(proposed.body.events.map((e) => [e.type, e.data])).toEqual([
      ['ForkProposed', { by: seats[0], version: open, phaseKey: expect.any(String) }],
    ]);
    expect(proposed.body.forks).toEqual([]);
    const pending = (await viewAt(bob, gameId, proposed.body.version)).body;
    expect(pending.forkProposal).toMatchObject({ by: seats[0], version: open, agreed: [seats[0]] });
    // The proposer cannot accept for the other seat.
    expect((await give(ann, gameId, { type: 'AcceptFork' })).body).toMatchObject({ code: 'ALREADY_AGREED' });

    const acceptance = commandId();
    const accept = () => bob.post<Reply>(`/games/${gameId}/commands`, { commandId: acceptance, command: { type: 'AcceptFork' } });
    const accepted = await accept();
    ok(accepted);
    const agreed = accepted.body.events.find((e) => e.type === 'ForkAgreed');
    const forkId = (agreed?.data as { forkId: string } | undefined)?.forkId ?? '';
    expect(agreed?.data).toEqual({ version: open, forkId });
    const view = (await viewAt(bob, forkId, 1)).body;
    expect(view).toMatchObject({ status: 'playing', fork: { from: { gameId, version: open }, kind: 'continuation' } });
    expect(view.seats.map((s) => s.name)).toEqual([...seats]);
    expect(view.you).toBe(seats[1]);
    // New deadlines: the step opens when the fork starts, with the origin's duration.
    const startedAt = Date.parse(view.step?.openedAt ?? '');
    expect(Date.parse(view.step?.deadline ?? '') - startedAt).toBe(3_600_000);
    expect(startedAt).toBeGreaterThanOrEqual(Date.parse(agreed?.at ?? ''));
    expect((await viewAt(ann, gameId, accepted.body.version)).body.forks).toEqual([{ version: open, forkId, seq: agreed?.seq }]);
    // A retry of the acceptance starts nothing new: the fork is idempotent by its command id.
    const retried = await accept();
    expect(retried.body).toMatchObject({ replayed: true, version: accepted.body.version });
    expect((await runtime.deps.store.readAfter(forkId, 0)).map((e) => e.type)).toEqual(['GameForked']);
    // Its log verifies with its origin's (the origin is running: checked up to what Ann may see).
    const checks = verifyLog(await exported(ann, forkId), { origin: await exported(ann, gameId) });
    expect(checks.filter((r) => !r.ok && !r.pending)).toEqual([]);
  });

  it.concurrent('TB-6 API-8 a private game’s fork is refused to a stranger as a game that does not exist', async () => {
    const { gameId, open } = await scenario();
    for (const kind of ['sandbox', 'continuation'] as const) {
      const refused = await fork(cy, gameId, open, kind);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe(
        (await cy.get<Reply>('/games/g_doesnotexist00000000')).body.detail?.replace('g_doesnotexist00000000', gameId),
      );
    }
  });
});

describe('TB-7 every seat hears of a continuation', () => {
  it('TB-7 PBM-1 a seat’s webhook hears the continuation proposed on its game and the new game started', async () => {
    const { gameId, open } = await postGalactica();
    const hook = await bob.post<{ id: string }>('/me/webhooks', { url: receiver.url, kinds: ['continuation'] });
    ok(hook, 201);
    ok(await fork(ann, gameId, open, 'continuation'), 202);
    const accepted = await give(bob, gameId, { type: 'AcceptFork' });
    ok(accepted);
    const forkId = (accepted.body.events.find((e) => e.type === 'ForkAgreed')?.data as { forkId: string } | undefined)?.forkId;
    type Delivered = { type: string; data: { event: string; gameId: string; subscriptionId: string; text: string } };
    const mine = () => receiver.received.map((r) => JSON.parse(r.body) as Delivered).filter((d) => d.data.subscriptionId === hook.body.id);
    // Two streams (the origin's and the fork's) deliver them: ordered here by event, not by arrival.
    const heard = (
      await eventually(
        async () => mine(),
        (list) => list.length >= 2,
      )
    ).sort((a, b) => a.data.event.localeCompare(b.data.event));
    expect(heard.map((d) => [d.type, d.data.event, d.data.gameId])).toEqual([
      ['continuation', 'ContinuationStarted', forkId],
      ['continuation', 'ForkProposed', gameId],
    ]);
    expect(heard[1]?.data.text).toBe(
      `Ann (red) proposed continuing Post Galactica game ${gameId} from version ${open} in a new game; it starts when every seat accepts (AcceptFork).`,
    );
    expect(heard[0]?.data.text).toContain(`continues game ${gameId} from version ${open}, with the same seats and new deadlines.`);
  });
});
