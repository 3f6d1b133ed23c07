/**
 * TB-1, TB-2, TB-3, TB-5, TB-7 over HTTP on the local runtime (memory adapters), for each of the
 * three rulesets, each at a play that rolls dice: Post Galactica's ranged attack (PG-11),
 * Sol'una's shot resolved when the last seat's actions reveal both (SOL-3, SOL-4), GSC2's beams
 * fired when the last seat's orders reveal both (GSC-11, GSC-14). A seat's own takeback stops at
 * the roll; an agreed takeback goes across it, listing the rolls it discards, which stay spent
 * while play after it draws fresh ones; the organiser's correction goes across it too, every
 * seat hears it in every webhook format and the step opens again for a full duration; sealed
 * orders are withdrawn before the reveal and not after (Post Galactica seals nothing); and the
 * ended game's log verifies every roll once, failing at the line where a discarded one is reused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import type { Undoing } from '../../domain/match/events.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { gsc2Game, postGalacticaGame, solunaDuel } from '../support/games.ts';
import { GUNSHIP, gunshipAt, gunshipTable } from '../support/gsc2.ts';
import { annAndBob, type Client, commandId, eventually } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { DEPLOYMENT, SCENARIO } from '../support/post-galactica-scenario.ts';
import { act, mission, profile, shoot } from '../support/soluna.ts';
import { exportedLog, publicRolls, withRoll } from '../support/takebacks.ts';
import { Receiver } from '../support/webhook-receiver.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
/** INV-7: the organiser of the refereed games, who takes no seat (as a tournament's organiser). */
let cy: Client;
/** Every webhook delivery of this file, whatever its format; each test picks its game's. */
let hooks: Receiver;

beforeAll(async () => {
  // Webhooks to this machine's receiver: every seat's notices are delivered for real.
  [{ runtime, ann, bob }, hooks] = await Promise.all([annAndBob({ webhooks: { allowLoopback: true } }), Receiver.start()]);
  cy = (await ann.register('Cy')).client;
});
afterAll(async () => {
  await runtime.stop();
  await hooks.close();
});

type Reply = { events: EventEnvelope[]; version: number; replayed?: boolean; voided?: true; rule?: string; code?: string; detail?: string };
type Voided = { from: number; to: number; by: number };
type View = {
  version: number;
  game: unknown;
  awaiting: string[];
  step: { key: string; openedAt: string; deadline: string | null } | null;
  voided?: Voided[];
  takebackProposal?: { by: string; toVersion: number; agreed: string[]; undoes: Undoing };
  correction?: { seq: number; toVersion: number; reason: string };
};

const give = (client: Client, gameId: string, command: object, id = commandId()) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: id, command });

const ok = async (client: Client, gameId: string, command: object, id = commandId()): Promise<Reply> => {
  const reply = await give(client, gameId, command, id);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};

const viewAt = async (client: Client, gameId: string, version: number) =>
  (
    await eventually(
      () => client.get<View>(`/games/${gameId}`),
      (r) => r.body.version === version,
    )
  ).body;

const stateAt = async (client: Client, gameId: string, version: number) =>
  (await client.get<{ state: View }>(`/games/${gameId}/state?at=${version}`)).body.state.game;

const stored = (gameId: string, after = 0) => runtime.deps.store.readAfter(gameId, after);

/**
 * One game of a ruleset at a play that rolls: Ann created it (its organiser) and holds the first
 * seat, Bob the second; `rolling` are the commands of that play in order, each with its player,
 * the last of which rolls the dice. `sealed` is there where the play is sealed orders (TB-5).
 */
interface Table {
  readonly gameId: string;
  readonly seats: { readonly ann: string; readonly bob: string };
  readonly rolling: readonly (readonly [Client, object])[];
  /** Why the last player's own window closed within its command: its first event that made something known. */
  readonly closedBy: { readonly why: string; readonly first: (events: readonly EventEnvelope[]) => EventEnvelope | undefined };
  readonly sealed?: {
    /** Ann's other orders, sealed in place of `rolling[0]`'s. */
    readonly instead: object;
    readonly commitType: string;
    readonly revealType: string;
    /** The commitment hash the reveal carries for `seat`. */
    readonly revealedHash: (data: unknown, seat: string) => string | undefined;
  };
}

/** `refereed`: Cy creates the game and takes no seat, Ann and Bob join; else Ann creates it and holds the first seat. */
type Setup = (options: Record<string, unknown>, refereed?: boolean) => Promise<Table>;

/** INV-7: a game Cy creates without a seat, so her correction may cross a roll; Ann joins `seats[0]`, Bob `seats[1]`. */
const refereedGame = async (ruleset: string, options: Record<string, unknown>, seats: readonly [string, string]) => {
  const created = await cy.post<{ gameId: string }>('/games', { ruleset, options });
  expect(created.status).toBe(201);
  const gameId = created.body.gameId;
  expect((await ann.post(`/games/${gameId}/join`, { seat: seats[0] })).status).toBe(200);
  const joined = await bob.post<{ events: EventEnvelope[] }>(`/games/${gameId}/join`, { seat: seats[1] });
  expect(joined.status).toBe(200);
  return { gameId, events: joined.body.events };
};

const firstRoll = (events: readonly EventEnvelope[]) => events.find((e) => findRolls(e.data).length > 0);
const firstOf = (type: string) => (events: readonly EventEnvelope[]) => events.find((e) => e.type === type);

/** The example scenario of Certain Hits (every d6 hits): red's Gunners stand 13.4" from blue's, in Rifle range, at red's Ranged Phase. */
const postGalactica: Setup = async (options, refereed) => {
  const { gameId } = refereed
    ? await refereedGame('post-galactica', { firstPlayer: 'red', rules: SCENARIO, ...options }, ['red', 'blue'])
    : await postGalacticaGame(ann, bob, { rules: SCENARIO, ...options });
  await ok(ann, gameId, { type: 'Deploy', units: DEPLOYMENT.red, auto: false });
  await ok(bob, gameId, { type: 'Deploy', units: DEPLOYMENT.blue, auto: false });
  for (let i = 0; i < 4; i += 1) await ok(ann, gameId, { type: 'EndPhase' });
  return {
    gameId,
    seats: { ann: 'red', bob: 'blue' },
    rolling: [[ann, { type: 'RangedAttack', unitId: 'red-gunners-1', targetId: 'blue-gunners-1' }]],
    closedBy: { why: 'a die was rolled', first: firstRoll },
  };
};

/** Sun's meena shoots moon's xul (10 wounds: the game goes on); moon's orders reveal both, and the shot is rolled. */
const soluna: Setup = async (options, refereed) => {
  const duel = () => {
    const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
    const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 10 });
    return { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) }, ...options };
  };
  const gameId = refereed ? (await refereedGame('soluna', duel(), ['sun', 'moon'])).gameId : await solunaDuel(ann, bob, 10, options);
  type Revealed = { orders: { seat: string; hash: string }[] };
  return {
    gameId,
    seats: { ann: 'sun', bob: 'moon' },
    rolling: [
      [ann, { type: 'SubmitActions', actions: [shoot('meena', 'xul')] }],
      [bob, { type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] }],
    ],
    closedBy: { why: 'sealed orders were revealed', first: firstOf('ActionsRevealed') },
    sealed: {
      instead: { type: 'SubmitActions', actions: [act('meena', { kind: 'none' })] },
      commitType: 'ActionsCommitted',
      revealType: 'ActionsRevealed',
      revealedHash: (data, seat) => (data as Revealed).orders.find((o) => o.seat === seat)?.hash,
    },
  };
};

/** One gunship a side (hull 100: nobody is destroyed); both move, then both seal beam fire, which blue's orders reveal and roll. */
const gsc2: Setup = async (options, refereed) => {
  const rules = gunshipTable(GUNSHIP, { red: [gunshipAt('ram', 0, 0, 0)], blue: [gunshipAt('bee', 0, 10, 4)] });
  const gameId = refereed ? await refereedGsc2(rules, options) : await gsc2Game(ann, bob, rules, options);
  // GSC-3: blue opens with a free group, then red matches it.
  await ok(bob, gameId, { type: 'MoveShip', ship: 'bee', path: [] });
  await ok(ann, gameId, { type: 'MoveShip', ship: 'ram', path: [{ type: 'forward', inches: 4 }] });
  type Revealed = { revealed: { seat: string; hash: string }[] };
  return {
    gameId,
    seats: { ann: 'red', bob: 'blue' },
    rolling: [
      [ann, { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'ram', battery: 'A', target: 'bee' }] } }],
      [bob, { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'bee', battery: 'A', target: 'ram' }] } }],
    ],
    closedBy: { why: 'sealed orders were revealed', first: firstOf('OrdersRevealed') },
    sealed: {
      instead: { type: 'SubmitOrders', orders: { step: 'beams', fire: [] } },
      commitType: 'OrdersSubmitted',
      revealType: 'OrdersRevealed',
      revealedHash: (data, seat) => (data as Revealed).revealed.find((o) => o.seat === seat)?.hash,
    },
  };
};

/** gsc2Game's table, refereed by Cy: whoever won the roll-off chooses red (Ann) to go first. */
const refereedGsc2 = async (rules: unknown, options: Record<string, unknown>) => {
  const { gameId, events } = await refereedGame('gsc2', { rules, ...options }, ['red', 'blue']);
  const winner = (events.find((e) => e.type === 'RolledOff')?.data as { winner: string } | undefined)?.winner;
  await ok(winner === 'red' ? ann : bob, gameId, { type: 'ChooseFirstPlayer', seat: 'red' });
  return gameId;
};

/** The rolling play: the version before it, each command's id and reply, and the rolls it made (the public ones, as recorded). */
const play = async (t: Table) => {
  const before = await runtime.deps.store.lastSeq(t.gameId);
  const ids: string[] = [];
  const replies: Reply[] = [];
  for (const [client, command] of t.rolling) {
    const id = commandId();
    ids.push(id);
    replies.push(await ok(client, t.gameId, command, id));
  }
  const rolls = publicRolls(await stored(t.gameId, before));
  expect(rolls.length).toBeGreaterThan(0);
  return { before, ids, replies, rolls };
};

const drawOf = (draw: { seq: number; index: number }) => `${draw.seq}:${draw.index}`;

/** Bob proposes taking the game back across the rolling play, Ann accepts; then the play is made again. */
const agreedAcrossTheRoll = async (t: Table) => {
  const first = await play(t);
  const proposed = await ok(bob, t.gameId, { type: 'ProposeTakeback', toVersion: first.before, reason: 'misread the range' });
  const accepted = await ok(ann, t.gameId, { type: 'AcceptTakeback' });
  const by = accepted.version;
  const again = await play(t);
  return { first, proposed, accepted, by, again };
};

describe.each([
  ['Post Galactica', 'PG-11', postGalactica],
  ["Sol'una", 'SOL-3', soluna],
  ['GSC2', 'GSC-14', gsc2],
])('takebacks at a roll over HTTP (%s)', (_name, rule, setup) => {
  it.concurrent(`TB-1 ${rule} a seat's own takeback never crosses the roll: refused with 409 naming the event, nothing written`, async () => {
    const t = await setup({});
    const { replies } = await play(t);
    const [last] = t.rolling.at(-1) ?? [];
    const closer = t.closedBy.first(replies.at(-1)?.events ?? []);
    expect(closer).toBeDefined();
    const length = (await stored(t.gameId)).length;
    const refused = await give(last as Client, t.gameId, { type: 'TakeBack', reason: 'the dice were bad' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      rule: 'TB-1',
      code: 'NOTHING_TO_TAKE_BACK',
      detail: `Nothing of yours to take back since event ${closer?.seq}: ${t.closedBy.why}.`,
    });
    // Naming a version before the roll is refused the same way: only an agreement or the organiser goes back there.
    const further = await give(last as Client, t.gameId, { type: 'TakeBack', toVersion: (closer?.seq ?? 0) - 1 });
    expect(further.status).toBe(409);
    expect(further.body).toMatchObject({ rule: 'TB-1', code: 'NOTHING_TO_TAKE_BACK' });
    expect((await stored(t.gameId)).length).toBe(length);
  });

  it.concurrent(`TB-2 ${rule} an agreed takeback across the roll lists the rolls, voids them, and play after it draws fresh ones`, async () => {
    const t = await setup({});
    const { gameId, seats } = t;
    const first = await play(t);
    // Each seat's own view of the game at that version (a view names its reader's seat).
    const atStart = { ann: await stateAt(ann, gameId, first.before), bob: await stateAt(bob, gameId, first.before) };
    const toHash = (await stored(gameId, first.before - 1))[0]?.hash;

    // The proposal lists exactly the rolls it discards, face and draw, before anyone accepts: in the event and in the view.
    const proposed = await ok(bob, gameId, { type: 'ProposeTakeback', toVersion: first.before, reason: 'misread the range' });
    expect(proposed.events.map((e) => e.type)).toEqual(['TakebackProposed']);
    const undoes = (proposed.events[0]?.data as { undoes: Undoing } | undefined)?.undoes as Undoing;
    expect(proposed.events[0]?.data).toMatchObject({ seat: seats.bob, toVersion: first.before, toHash, reason: 'misread the range' });
    expect(undoes.voids).toEqual([{ from: first.before + 1, to: proposed.version - 1 }]);
    expect(undoes.rolls).toEqual(
      first.rolls.map(({ roll }) => ({ purpose: roll.purpose, sides: roll.sides, face: roll.value, draw: roll.draw })),
    );
    const n = first.rolls.length;
    expect(undoes.summary).toContain(`; discards ${n} roll${n === 1 ? '' : 's'}: `);
    for (const { roll } of first.rolls) expect(undoes.summary).toContain(`d${roll.sides} = ${roll.value} (draw ${drawOf(roll.draw)})`);
    expect(undoes.summary).toMatch(/; they stay spent\.$/);
    expect((await viewAt(ann, gameId, proposed.version)).takebackProposal).toMatchObject({
      by: seats.bob,
      toVersion: first.before,
      agreed: [seats.bob],
      undoes,
    });

    // Every other seat accepts: the TakenBack names the proposer, the version, its hash, the runs voided and the listing.
    const accepted = await ok(ann, gameId, { type: 'AcceptTakeback' });
    expect(accepted.events.map((e) => [e.type, e.actor])).toEqual([
      ['TakebackAccepted', seats.ann],
      ['TakenBack', seats.ann],
    ]);
    expect(accepted.events[1]?.data).toEqual({
      seat: seats.bob,
      toVersion: first.before,
      voids: undoes.voids,
      how: 'agreed',
      toHash,
      summary: undoes.summary,
      reason: 'misread the range',
    });
    const by = accepted.version;

    // Every read is the game at that version, the voided run listed for every seat.
    for (const [who, client] of [['ann', ann] as const, ['bob', bob] as const]) {
      const view = await viewAt(client, gameId, by);
      expect(view.game).toEqual(atStart[who]);
      expect(view.voided).toEqual(undoes.voids.map((r) => ({ ...r, by })));
      expect(view.takebackProposal).toBeUndefined();
      expect(await stateAt(client, gameId, by)).toEqual(atStart[who]);
    }

    // A retry of the voided rolling command answers its first result, marked voided, and writes nothing.
    const [roller, rolled] = t.rolling.at(-1) as readonly [Client, object];
    const retried = await give(roller, gameId, rolled, first.ids.at(-1));
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ replayed: true, voided: true, version: first.replies.at(-1)?.version });
    expect(retried.body.events.map((e) => e.hash)).toEqual(first.replies.at(-1)?.events.map((e) => e.hash));
    expect((await stored(gameId)).length).toBe(by);

    // The discarded rolls stay in the log, spent: the events page lists them, marked void.
    const page = (await bob.get<{ events: EventEnvelope[]; voided?: Voided[] }>(`/games/${gameId}/events?after=${first.before}`)).body;
    expect(publicRolls(page.events.filter((e) => e.seq < proposed.version))).toEqual(first.rolls);
    expect(page.voided).toEqual(undoes.voids.map((r) => ({ ...r, by })));

    // Played again: fresh rolls, drawn at the new commands' own events (a later draw position), never a discarded draw.
    const again = await play(t);
    expect(again.before).toBe(by);
    const discarded = new Set(first.rolls.map(({ roll }) => drawOf(roll.draw)));
    for (const { roll } of again.rolls) {
      expect(roll.draw.seq).toBeGreaterThan(by);
      expect(discarded.has(drawOf(roll.draw))).toBe(false);
    }
    expect(publicRolls(await stored(gameId, first.before)).slice(0, n)).toEqual(first.rolls);
  });

  it.concurrent(`TB-3 ${rule} the organiser's correction across the roll: its reason in every view and every seat's webhook, the step re-armed`, async () => {
    const t = await setup({ deadlines: { default: 'PT1H' } }, true);
    const { gameId } = t;
    // Every seat subscribes for this game, in every format; a your-turn subscription hears takebacks too.
    for (const [client, format, kinds] of [
      [ann, 'json', ['taken-back']],
      [ann, 'discord', ['taken-back']],
      [bob, 'slack', ['your-turn']],
    ] as const) {
      const subscribed = await client.post('/me/webhooks', { url: hooks.url, gameId, kinds, format });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    }
    const first = await play(t);
    const atStart = { ann: await stateAt(ann, gameId, first.before), bob: await stateAt(bob, gameId, first.before) };

    // Bob did not create the game: he is no organiser.
    const refused = await give(bob, gameId, { type: 'CorrectGame', toVersion: first.before, reason: 'mine' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ rule: 'TB-3', code: 'NOT_ORGANISER' });

    const reason = 'the cover rule was ignored';
    // Cy created the game and holds no seat: her correction crosses the roll alone (INV-7).
    const corrected = await ok(cy, gameId, { type: 'CorrectGame', toVersion: first.before, reason });
    const event = corrected.events[0] as EventEnvelope;
    expect(corrected.events.map((e) => e.type)).toEqual(['TakenBack']);
    expect(event.data).toMatchObject({ seat: null, how: 'organiser', toVersion: first.before, reason });
    expect((event.data as { summary: string }).summary).toContain(`discards ${first.rolls.length} roll`);
    for (const [who, client] of [['ann', ann] as const, ['bob', bob] as const]) {
      const view = await viewAt(client, gameId, corrected.version);
      expect(view.correction).toEqual({ seq: corrected.version, toVersion: first.before, reason });
      expect(view.game).toEqual(atStart[who]);
    }

    // TB-7: the step it returns to opens again with a fresh full duration from the correction, and is scheduled so.
    const fresh = new Date(Date.parse(event.at) + 3_600_000).toISOString();
    const step = (await viewAt(ann, gameId, corrected.version)).step;
    expect(step).toMatchObject({ openedAt: event.at, deadline: fresh });
    const pendingAt = () => runtime.scheduler.pending.get(scheduleName(gameId, step?.key ?? ''))?.at ?? null;
    expect(
      await eventually(
        async () => pendingAt(),
        (at) => at === fresh,
      ),
    ).toBe(fresh);

    // TB-7: every seat hears it, in each format, with the reason and what it discarded.
    const mine = (body: string) => body.includes(gameId) || body.includes(gameId.replace('_', '\\\\_'));
    const texts = await eventually(
      async () =>
        hooks.received
          .filter((r) => mine(r.body))
          .map((r) => JSON.parse(r.body) as { data?: { text: string }; content?: string; text?: string })
          .map((b) => b.data?.text ?? b.content ?? b.text ?? '')
          .filter((text) => text.includes('organiser took')),
      (list) => list.length === 3,
    );
    for (const text of texts) {
      expect(text).toContain(reason);
      expect(text).toMatch(/discards \d+ rolls?/);
    }
    expect(texts.map((text) => (text.includes('\\') ? 'discord' : text.startsWith('The organiser took') ? 'plain' : '?')).sort()).toEqual([
      'discord',
      'plain',
      'plain',
    ]);
  });

  it.concurrent(`TB-7 ${rule} the ended game's log holds every roll once, the discarded ones included; a discarded draw reused fails at its line`, async () => {
    const t = await setup({});
    const { first, again, by } = await agreedAcrossTheRoll(t);
    await ok(bob, t.gameId, { type: 'Concede' });
    const log = await exportedLog(runtime.url, ann, t.gameId);
    expect(log.header.status).toBe('ended');
    const checks = verifyLog(log);
    expect(checks.filter((r) => !r.ok)).toEqual([]);
    const all = publicRolls(log.events);
    expect(checks.find((r) => r.check === 'dice')?.verdict).toBe(`dice: all ${all.length} rolls are the ones the seed gives`);
    expect(all.map(({ roll }) => drawOf(roll.draw))).toEqual(
      expect.arrayContaining([...first.rolls, ...again.rolls].map(({ roll }) => drawOf(roll.draw))),
    );

    // A forger gives the first fresh roll the first discarded roll (its face and its draw) and re-chains: both checks name the line.
    const at = log.events.findIndex((e) => e.seq > by && e.visibleTo === undefined && findRolls(e.data).length > 0);
    const path = findRolls(log.events[at]?.data)[0]?.path ?? '';
    const reused = rechain(log.events.map((e, i) => (i === at ? { ...e, data: withRoll(e.data, path, first.rolls[0]?.roll) } : e)));
    const failed = verifyLog({ ...log, events: reused }).filter((r) => !r.ok);
    expect(failed.map((r) => [r.check, r.line])).toEqual([
      ['dice', at + 2],
      ['rules', at + 2],
    ]);
  });

  it.concurrent(`TB-5 ${rule} sealed orders are withdrawn and replaced before the reveal, never after; where nothing is sealed the command is refused`, async () => {
    const t = await setup({});
    const { gameId, seats, sealed } = t;
    if (!sealed) {
      // Post Galactica seals nothing (docs/rules/post-galactica.md): a sealing command is no command of this game.
      const length = (await stored(gameId)).length;
      for (const command of [
        { type: 'SubmitOrders', orders: { step: 'beams', fire: [] } },
        { type: 'SubmitActions', actions: [] },
      ]) {
        const refused = await give(ann, gameId, command);
        expect(refused.status).toBe(400);
        expect(refused.body.detail).toBe(
          `The command is not valid: the field /command/type is "${command.type}", a command of ${command.type === 'SubmitOrders' ? 'gsc2' : 'soluna'}, not of post-galactica; GET /rulesets/post-galactica lists this game's commands.`,
        );
      }
      expect((await stored(gameId)).length).toBe(length);
      return;
    }
    const [[, sealing], [, theirs]] = t.rolling as [readonly [Client, object], readonly [Client, object]];
    const commitment = (reply: Reply) =>
      (reply.events.find((e) => e.type === sealed.commitType)?.data as { hash: string } | undefined)?.hash;

    // Ann seals, then withdraws her orders by taking them back while Bob's are awaited: only the commitment was public.
    const firstSeal = await ok(ann, gameId, sealing);
    const withdrawn = await ok(ann, gameId, { type: 'TakeBack', reason: 'wrong target' });
    expect(withdrawn.events[0]?.data).toMatchObject({
      seat: seats.ann,
      how: 'own',
      toVersion: (firstSeal.events[0]?.seq ?? 0) - 1,
      voids: [{ from: firstSeal.events[0]?.seq, to: firstSeal.version }],
    });
    const awaited = await viewAt(bob, gameId, withdrawn.version);
    expect(awaited.awaiting).toContain(seats.ann);
    expect(awaited.voided).toEqual([{ from: firstSeal.events[0]?.seq, to: firstSeal.version, by: withdrawn.version }]);

    // She seals other orders; Bob seals his, which reveals: the reveal carries her last commitment, not the withdrawn one.
    const lastSeal = await ok(ann, gameId, sealed.instead);
    expect(commitment(lastSeal)).not.toBe(commitment(firstSeal));
    const revealing = await ok(bob, gameId, theirs);
    const reveal = revealing.events.find((e) => e.type === sealed.revealType);
    expect(sealed.revealedHash(reveal?.data, seats.ann)).toBe(commitment(lastSeal));

    // Once revealed, the orders stand: neither seat may take them back alone.
    for (const client of [ann, bob]) {
      const refused = await give(client, gameId, { type: 'TakeBack' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ rule: 'TB-1', code: 'NOTHING_TO_TAKE_BACK' });
    }
    const bobRefused = await give(bob, gameId, { type: 'TakeBack' });
    expect(bobRefused.body.detail).toBe(`Nothing of yours to take back since event ${reveal?.seq}: sealed orders were revealed.`);
  });
});
