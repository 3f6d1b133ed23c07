/**
 * INV-7 over HTTP on the memory runtime: in a Sol'una duel Ann created and plays as sun, her
 * CorrectGame over the shot that moon's orders revealed and rolled is refused (422, nothing
 * written, the roll stays); the agreed takeback still goes back there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { solunaDuel } from '../support/games.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';
import { act, shoot } from '../support/soluna.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(async () => {
  await runtime.stop();
});

type Reply = { events: EventEnvelope[]; version: number; rule?: string; code?: string; detail?: string };
const give = (client: Client, gameId: string, command: object) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });

describe("INV-7 the Sol'una duel over HTTP", () => {
  it("INV-7 SOL-3 the seated creator's CorrectGame over moon's revealed roll is a 422, writes nothing and the roll stays; the agreed takeback works", async () => {
    const gameId = await solunaDuel(ann, bob, 10);
    const start = (await runtime.deps.store.lastSeq(gameId)) ?? 0;
    expect((await give(ann, gameId, { type: 'SubmitActions', actions: [shoot('meena', 'xul')] })).status).toBe(200);
    expect((await give(bob, gameId, { type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] })).status).toBe(200);
    const logged = await runtime.deps.store.readAfter(gameId, start);
    const rolls = logged.filter((e) => e.visibleTo === undefined).flatMap((e) => findRolls(e.data));
    expect(rolls.length).toBeGreaterThan(0);

    const refused = await give(ann, gameId, { type: 'CorrectGame', toVersion: start, reason: 'the shot ignored cover' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rule: 'TB-3', code: 'NEEDS_AGREEMENT' });
    expect(refused.body.detail).toContain('you hold the seat sun');
    expect(refused.body.detail).toContain('Propose it with ProposeTakeback (TB-2), which moon must accept');
    // Nothing written: the log is as it was, the roll in it.
    expect(await runtime.deps.store.readAfter(gameId, start)).toEqual(logged);

    const proposed = await give(ann, gameId, { type: 'ProposeTakeback', toVersion: start, reason: 'the shot ignored cover' });
    expect(proposed.status).toBe(200);
    const accepted = await give(bob, gameId, { type: 'AcceptTakeback' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.events.map((e) => e.type)).toEqual(['TakebackAccepted', 'TakenBack']);
    expect(accepted.body.events[1]?.data).toMatchObject({ how: 'agreed', toVersion: start, seat: 'sun' });
  });
});
