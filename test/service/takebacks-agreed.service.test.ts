/**
 * TB-2, TB-3, TB-7 over HTTP on the local runtime (memory adapters), for each ruleset: a seat's
 * move (in Sol'una both seats' orders and the shot they resolve, rolls included), a proposal
 * to take it back listing exactly what it undoes, a decline, an acceptance by the other seat,
 * a proposal that lapses, the organiser's correction; every read (the view, `state?at=`, the
 * inbox) knows it, the exported log passes verify, and fails at the line when a takeback is
 * forged or a discarded roll is reused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import type { Undoing } from '../../domain/match/events.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { gsc2Game, postGalacticaGame } from '../support/games.ts';
import { gunshipTable } from '../support/gsc2.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { act, mission, profile, shoot } from '../support/soluna.ts';
import { withRoll } from '../support/takebacks.ts';
import { Receiver } from '../support/webhook-receiver.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
/** INV-7: the organiser of the Sol'una duel, who takes no seat, so her correction may cross its roll. */
let cy: Client;
/** Bob's `taken-back` subscription (JSON), heard on 127.0.0.1: every game of this file. */
let hook: Receiver;

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true } });
  const anon = new Client(runtime.url);
  [ann, bob, cy] = (await Promise.all([anon.register('Ann'), anon.register('Bob'), anon.register('Cy')])).map((r) => r.client) as [
    Client,
    Client,
    Client,
  ];
  hook = await Receiver.start();
  expect((await bob.post('/me/webhooks', { url: hook.url, kinds: ['taken-back'], format: 'json' })).status).toBe(201);
});
afterAll(async () => {
  await runtime.stop();
  await hook.close();
});

/** The texts Bob's subscription received of `gameId`, by event type. */
const heard = (gameId: string) =>
  hook.received
    .map((r) => (JSON.parse(r.body) as { data: { gameId: string; event: string; text: string } }).data)
    .filter((n) => n.gameId === gameId);

type Reply = { events: EventEnvelope[]; version: number; rule?: string; code?: string; detail?: string };
type Proposal = { by: string; agreed: string[]; toVersion: number; undoes: Undoing };
type View = {
  version: number;
  game: unknown;
  awaiting: string[];
  takebackProposal?: Proposal;
  correction?: { seq: number; toVersion: number; reason: string };
  voided?: { from: number; to: number; by: number }[];
};

const give = (client: Client, gameId: string, command: object) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });

const ok = async (client: Client, gameId: string, command: object): Promise<Reply> => {
  const reply = await give(client, gameId, command);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};

const exported = async (client: Client, gameId: string): Promise<ParsedLog> => {
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return parseLog(await reply.text());
};

const viewAt = async (client: Client, gameId: string, version: number) =>
  (
    await eventually(
      () => client.get<View>(`/games/${gameId}`),
      (r) => r.body.version === version,
    )
  ).body;

/** A game where `mover` plays `command`, then (Sol'una) `other` its `reply`; `other` proposes, `mover` answers. Ann organises every one. */
interface Scenario {
  readonly gameId: string;
  readonly mover: Client;
  readonly other: Client;
  readonly moverSeat: string;
  readonly command: object;
  readonly reply?: object;
  /** Who created the game: Ann, seated, where the play crosses no roll; Cy, unseated, where it does (INV-7). */
  readonly organiser: Client;
}

const postGalactica = async (): Promise<Scenario> => {
  const { gameId } = await postGalacticaGame(ann, bob, {});
  return { gameId, mover: ann, other: bob, moverSeat: 'red', command: { type: 'EndPhase' }, organiser: ann };
};

const soluna = async (): Promise<Scenario> => {
  // Xul survives the shot, so the game goes on whatever the dice say.
  // solunaDuel's duel, created by Cy with no seat: Ann joins as sun, Bob as moon.
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 10 });
  const options = { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) } };
  const created = await cy.post<{ gameId: string }>('/games', { ruleset: 'soluna', options });
  expect(created.status).toBe(201);
  const gameId = created.body.gameId;
  expect((await ann.post(`/games/${gameId}/join`, { seat: 'sun' })).status).toBe(200);
  expect((await bob.post(`/games/${gameId}/join`, { seat: 'moon' })).status).toBe(200);
  // Sun shoots, moon does nothing: moon's orders reveal both and the shot is rolled.
  return {
    gameId,
    organiser: cy,
    mover: ann,
    other: bob,
    moverSeat: 'sun',
    command: { type: 'SubmitActions', actions: [shoot('meena', 'xul')] },
    reply: { type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] },
  };
};

const gsc2 = async (): Promise<Scenario> => {
  const rules = gunshipTable();
  const gameId = await gsc2Game(ann, bob, rules);
  // GSC-3: blue opens with a free group.
  return {
    gameId,
    mover: bob,
    other: ann,
    organiser: ann,
    moverSeat: 'blue',
    command: { type: 'MoveShip', ship: 'bee', path: [{ type: 'forward', inches: 3 }] },
  };
};

/** The moves of the scenario; the version before them. */
const play = async (s: Scenario): Promise<number> => {
  const before = (await s.mover.get<View>(`/games/${s.gameId}`)).body.version;
  const start = Math.max(before, (await runtime.deps.store.lastSeq(s.gameId)) ?? 0);
  await ok(s.mover, s.gameId, s.command);
  if (s.reply) await ok(s.other, s.gameId, s.reply);
  return start;
};

/** What a proposal's event lists. */
const undoesOf = (reply: Reply): Undoing => {
  const data = reply.events[0]?.data as { undoes?: Undoing } | undefined;
  if (!data?.undoes) throw new Error(`no proposal in ${JSON.stringify(reply)}`);
  return data.undoes;
};

const rollsAfter = async (gameId: string, version: number) =>
  (await runtime.deps.store.readAfter(gameId, version)).filter((e) => e.visibleTo === undefined).flatMap((e) => findRolls(e.data));

describe.each([
  ['post-galactica', postGalactica],
  ["Sol'una", soluna],
  ['GSC2', gsc2],
])('TB-2 TB-3 a game taken back by agreement and by the organiser over HTTP (%s)', (name, scenario) => {
  it.concurrent('TB-2 TB-3 TB-7 propose with the listing, decline, accept, lapse, correct; reads and verify know each', async () => {
    const s = await scenario();
    const { gameId, mover, other } = s;
    const start = await play(s);
    const atStart = (await other.get<{ state: View }>(`/games/${gameId}/state?at=${start}`)).body.state.game;
    const rolls = await rollsAfter(gameId, start);
    if (name === "Sol'una") expect(rolls.length).toBeGreaterThan(0);

    // TB-2: the proposal lists exactly what it undoes, rolls included, before anyone accepts: in the event and in the view.
    const proposed = await ok(other, gameId, { type: 'ProposeTakeback', toVersion: start, reason: 'misread' });
    const undoes = undoesOf(proposed);
    expect(undoes.voids).toEqual([{ from: start + 1, to: proposed.version - 1 }]);
    expect(undoes.commands.map((c) => c.type)).toEqual(
      s.reply ? ['SubmitActions', 'SubmitActions'] : [(s.command as { type: string }).type],
    );
    expect(undoes.rolls.map((r) => r.draw)).toEqual(rolls.map(({ roll }) => roll.draw));
    expect(undoes.summary).toContain(rolls.length === 0 ? 'discards no roll.' : `discards ${rolls.length} roll`);
    const asked = await viewAt(mover, gameId, proposed.version);
    expect(asked.takebackProposal).toMatchObject({ toVersion: start, agreed: [asked.takebackProposal?.by], undoes });

    // Declined by the mover: gone.
    const declined = await ok(mover, gameId, { type: 'DeclineTakeback' });
    expect(declined.events.map((e) => e.type)).toEqual(['TakebackDeclined']);
    expect((await viewAt(other, gameId, declined.version)).takebackProposal).toBeUndefined();

    // Proposed again and accepted by every other seat: the game is the game at that version.
    // The first proposal and its decline are after that version too: the second lists them, still with the same rolls.
    const second = await ok(other, gameId, { type: 'ProposeTakeback', toVersion: start });
    const listed = undoesOf(second);
    expect(listed.commands.slice(-2).map((c) => c.type)).toEqual(['ProposeTakeback', 'DeclineTakeback']);
    expect(listed.rolls).toEqual(undoes.rolls);
    const accepted = await ok(mover, gameId, { type: 'AcceptTakeback' });
    expect(accepted.events.map((e) => e.type)).toEqual(['TakebackAccepted', 'TakenBack']);
    expect(accepted.events[1]?.data).toMatchObject({ toVersion: start, how: 'agreed', voids: listed.voids });
    const by = accepted.version;
    const after = await viewAt(other, gameId, by);
    expect(after.game).toEqual(atStart);
    expect(after.voided).toEqual(listed.voids.map((r) => ({ ...r, by })));
    expect((await other.get<{ state: View }>(`/games/${gameId}/state?at=${by}`)).body.state.game).toEqual(atStart);
    const inbox = await eventually(
      () => mover.get<{ games: { gameId: string; version: number; awaiting: boolean }[] }>('/me/games'),
      (r) => r.body.games.find((g) => g.gameId === gameId)?.version === by,
    );
    expect(inbox.body.games.find((g) => g.gameId === gameId)?.awaiting).toBe(true);

    // Played again: fresh rolls (as many as the dice lead to), none of the discarded draws used again.
    const again = await play(s);
    const fresh = await rollsAfter(gameId, again);
    expect(fresh.length > 0).toBe(rolls.length > 0);
    const discarded = new Set(rolls.map(({ roll }) => `${roll.draw.seq}:${roll.draw.index}`));
    expect(fresh.filter(({ roll }) => discarded.has(`${roll.draw.seq}:${roll.draw.index}`))).toEqual([]);

    // A proposal lapses when anything else is recorded: here the organiser's pause.
    await ok(other, gameId, { type: 'ProposeTakeback', toVersion: again });
    await ok(s.organiser, gameId, { type: 'PauseGame' });
    await ok(s.organiser, gameId, { type: 'ResumeGame' });
    const lapsed = await give(mover, gameId, { type: 'AcceptTakeback' });
    expect(lapsed.status).toBe(409);
    expect(lapsed.body).toMatchObject({ rule: 'TB-2', code: 'NOTHING_PROPOSED' });

    // TB-3: the organiser corrects without agreement, with a reason every seat sees.
    const corrected = await ok(s.organiser, gameId, { type: 'CorrectGame', toVersion: again, reason: 'the shot was out of range' });
    expect(corrected.events[0]?.data).toMatchObject({
      seat: null,
      how: 'organiser',
      toVersion: again,
      reason: 'the shot was out of range',
    });
    expect((await viewAt(bob, gameId, corrected.version)).correction).toEqual({
      seq: corrected.version,
      toVersion: again,
      reason: 'the shot was out of range',
    });
    expect((await viewAt(bob, gameId, corrected.version)).game).toEqual(atStart);
    // Bob did not create the game: he is no organiser.
    const refused = await give(bob, gameId, { type: 'CorrectGame', toVersion: again, reason: 'mine' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ rule: 'TB-3', code: 'NOT_ORGANISER' });

    // TB-7: Bob's webhook heard every step, the organiser's reason and the listing included.
    const notices = await eventually(
      async () => heard(gameId),
      (n) => n.filter((x) => x.event === 'TakenBack').length === 2,
    );
    expect(notices.map((n) => n.event)).toEqual([
      'TakebackProposed',
      'TakebackDeclined',
      'TakebackProposed',
      'TakebackAccepted',
      'TakenBack',
      'TakebackProposed',
      'TakenBack',
    ]);
    expect(notices[0]?.text).toContain(`back to version ${start} (misread); every other seat must accept.\n${undoes.summary}`);
    expect(notices[1]?.text).toMatch(/ declines taking .* back to version \d+; the game goes on\.$/);
    expect(notices.at(-1)?.text).toMatch(
      new RegExp(`^The organiser took .* back to version ${again}, voiding \\d+ events? \\(the shot was out of range\\)\\.\nUndoes `),
    );

    // An ended game has revealed its seed: it is never taken back, and the refusal points at forks.
    await ok(s.mover, gameId, { type: 'Concede' });
    const over = await give(s.organiser, gameId, { type: 'CorrectGame', toVersion: again, reason: 'after the end' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ rule: 'TB-3', code: 'GAME_OVER' });
    expect(over.body.detail).toContain('continues in a fork (POST /games/{id}/forks, TB-6)');

    // TB-7: the exported log (whole, with the seed) verifies, dice included; a forged takeback and a discarded roll reused each fail at their line.
    const log = await exported(ann, gameId);
    expect(verifyLog(log).filter((r) => !r.ok && !r.pending)).toEqual([]);
    const index = log.events.findIndex((e) => e.type === 'TakenBack');
    const forged = rechain(log.events.map((e, i) => (i === index ? { ...e, data: { ...(e.data as object), toVersion: start - 1 } } : e)));
    const rules = verifyLog({ ...log, events: forged }).find((r) => r.check === 'rules');
    expect(rules, rules?.verdict).toMatchObject({ ok: false, line: index + 2 });
    if (rolls.length > 0) {
      const at = log.events.findIndex((e, i) => i > index && e.visibleTo === undefined && findRolls(e.data).length > 0);
      const path = findRolls(log.events[at]?.data)[0]?.path ?? '';
      const reused = rechain(log.events.map((e, i) => (i === at ? { ...e, data: withRoll(e.data, path, rolls[0]?.roll) } : e)));
      const check = verifyLog({ ...log, events: reused }).find((r) => r.check === 'rules');
      expect(check).toMatchObject({ ok: false, line: at + 2 });
    }
  });
});
