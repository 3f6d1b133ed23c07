/**
 * TB-5 over HTTP on the local runtime (memory adapters), for each ruleset with sealed orders
 * (Sol'una and GSC2; Post Galactica seals nothing, docs/rules/post-galactica.md): a seat seals
 * orders, seals others in their place before the reveal, and the other seat sees only that
 * orders were sealed again. The reveal carries the last orders; the replaced ones stay in the
 * log, sealed to their seat; the finished game's log verifies, and a reveal forged to carry the
 * replaced orders fails verify at its line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { gsc2Game, solunaDuel } from '../support/games.ts';
import { GUNSHIP, gunshipTable } from '../support/gsc2.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { act, shoot } from '../support/soluna.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

type Reply = { events: EventEnvelope[]; version: number };

const give = async (client: Client, gameId: string, command: object): Promise<EventEnvelope[]> => {
  const reply = await client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.events;
};

/** A game at a sealed step: `mover` seals `first`, then `last` in its place; `other` then seals `theirs`, which reveals. */
interface Scenario {
  readonly gameId: string;
  readonly seat: string;
  readonly mover: Client;
  readonly other: Client;
  /** The sealing command for a set of orders. */
  readonly seal: (orders: unknown) => object;
  /** The key the orders sit under in the sealed event, the commitment and the reveal. */
  readonly key: 'actions' | 'orders';
  readonly first: unknown;
  readonly last: unknown;
  readonly theirs: unknown;
  readonly sealedType: string;
  readonly commitType: string;
  readonly revealType: string;
  /** The mover's orders in the reveal's data. */
  readonly revealed: (data: unknown) => { salt: string; hash: string } & Record<string, unknown>;
  /** An event the first orders would have caused, which must not happen. */
  readonly notCaused: string;
}

const soluna = async (): Promise<Scenario> => {
  const gameId = await solunaDuel(ann, bob);
  type Revealed = { orders: ({ seat: string; salt: string; hash: string } & Record<string, unknown>)[] };
  return {
    gameId,
    seat: 'sun',
    mover: ann,
    other: bob,
    seal: (actions) => ({ type: 'SubmitActions', actions }),
    key: 'actions',
    first: [shoot('meena', 'xul')],
    last: [act('meena', { kind: 'none' })],
    theirs: [act('xul', { kind: 'none' })],
    sealedType: 'ActionsSealed',
    commitType: 'ActionsCommitted',
    revealType: 'ActionsRevealed',
    revealed: (data) => (data as Revealed).orders.find((o) => o.seat === 'sun') as Revealed['orders'][number],
    notCaused: 'AttackResolved',
  };
};

const gsc2 = async (): Promise<Scenario> => {
  const rules = gunshipTable({ ...GUNSHIP, missileBatteries: [{ id: 'M1', missiles: 1, damage: 1 }] });
  const gameId = await gsc2Game(ann, bob, rules);
  // GSC-3: blue's free group, red matches it, and so on; nobody moves, so the Missiles step comes next.
  const stay = (client: Client, id: string) => give(client, gameId, { type: 'MoveShip', ship: id, path: [] });
  await stay(bob, 'bee');
  await give(bob, gameId, { type: 'EndMoves' });
  await stay(ann, 'ram');
  await stay(bob, 'bat');
  await stay(ann, 'rook');
  type Revealed = { revealed: ({ seat: string; salt: string; hash: string } & Record<string, unknown>)[] };
  return {
    gameId,
    seat: 'red',
    mover: ann,
    other: bob,
    seal: (orders) => ({ type: 'SubmitOrders', orders }),
    key: 'orders',
    first: { step: 'missiles', launches: [{ ship: 'ram', battery: 'M1', target: 'bee' }] },
    last: { step: 'missiles', launches: [] },
    theirs: { step: 'missiles', launches: [] },
    sealedType: 'OrdersSealed',
    commitType: 'OrdersSubmitted',
    revealType: 'OrdersRevealed',
    revealed: (data) => (data as Revealed).revealed.find((o) => o.seat === 'red') as Revealed['revealed'][number],
    notCaused: 'MissilesLaunched',
  };
};

const exported = async (client: Client, gameId: string) => {
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return parseLog(await reply.text());
};

describe.each([
  ["Sol'una", soluna],
  ['GSC2', gsc2],
])('TB-5 sealed orders replaced before the reveal (%s)', (_name, scenario) => {
  it.concurrent('TB-5 the other seat sees only a second commitment; the reveal carries the last orders, and verify holds it to them', async () => {
    const s = await scenario();
    const sealedFirst = await give(s.mover, s.gameId, s.seal(s.first));
    const sealedLast = await give(s.mover, s.gameId, s.seal(s.last));
    const hashOf = (batch: EventEnvelope[]) => (batch.find((e) => e.type === s.commitType)?.data as { hash?: string } | undefined)?.hash;
    expect(hashOf(sealedLast)).not.toBe(hashOf(sealedFirst));

    // The other seat's log: both sealed events as `Sealed` with no data, both commitments, no orders.
    const seen = (await s.other.get<{ events: EventEnvelope[] }>(`/games/${s.gameId}/events?after=0`)).body.events;
    const resealed = seen.filter((e) => e.seq >= (sealedFirst[0]?.seq ?? 0));
    expect(resealed.map((e) => [e.type, e.data === null])).toEqual([
      ['Sealed', true],
      [s.commitType, false],
      ['Sealed', true],
      [s.commitType, false],
    ]);
    expect(resealed.filter((e) => e.type === s.commitType).map((e) => (e.data as { hash: string }).hash)).toEqual([
      hashOf(sealedFirst),
      hashOf(sealedLast),
    ]);
    expect(JSON.stringify(seen)).not.toContain(`"${s.key}":`);
    // The mover's own log keeps both, sealed to it: the replaced orders are not deleted.
    const own = (await s.mover.get<{ events: EventEnvelope[] }>(`/games/${s.gameId}/events?after=0`)).body.events;
    expect(own.filter((e) => e.type === s.sealedType).map((e) => [e.visibleTo, (e.data as Record<string, unknown>)[s.key]])).toEqual([
      [s.seat, s.first],
      [s.seat, s.last],
    ]);

    // The other seat seals: the reveal carries the last orders under the last commitment, and they resolve.
    const revealing = await give(s.other, s.gameId, s.seal(s.theirs));
    const reveal = revealing.find((e) => e.type === s.revealType);
    expect(s.revealed(reveal?.data)).toMatchObject({ [s.key]: s.last, hash: hashOf(sealedLast) });
    expect(revealing.map((e) => e.type)).not.toContain(s.notCaused);

    // The game ends, its seed is revealed and the log exported whole: every check passes.
    await give(s.other, s.gameId, { type: 'Concede' });
    const log = await exported(s.mover, s.gameId);
    expect(log.header.status).toBe('ended');
    expect(verifyLog(log).filter((r) => !r.ok)).toEqual([]);

    // A reveal forged to carry the replaced orders (with their own salt and hash) fails at its line.
    const replaced = log.events.find((e) => e.seq === sealedFirst[0]?.seq)?.data as { salt: string } & Record<string, unknown>;
    const index = log.events.findIndex((e) => e.type === s.revealType);
    const forged = rechain(
      log.events.map((e, i) => {
        if (i !== index) return e;
        const swap = (o: Record<string, unknown>) =>
          o.seat === s.seat ? { ...o, [s.key]: s.first, salt: replaced.salt, hash: hashOf(sealedFirst) } : o;
        const data = e.data as Record<string, unknown>;
        const list = s.key === 'actions' ? 'orders' : 'revealed';
        return { ...e, data: { ...data, [list]: (data[list] as Record<string, unknown>[]).map(swap) } };
      }),
    );
    const rules = verifyLog({ ...log, events: forged }).find((r) => r.check === 'rules');
    expect(rules).toMatchObject({ ok: false, line: index + 2 });
    // The command is the other seat's sealing, two events before the reveal in its batch.
    expect(rules?.verdict).toBe(`rules: line ${index + 2} differs from what the rules decide for the command at line ${index}`);
  });
});
