/**
 * INV-9: a command id is its sender's own. Two players of one game may each send `turn-0001`;
 * the first keeps the plain id, the second's command is kept as `turn-0001~<playerId>`, and
 * each one's retry gets its own first answer. A player reusing their own id for another
 * command is still refused (REL-8).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { postGalacticaGame } from '../support/games.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

type Answer = { version: number; replayed: boolean; events: { seq: number; commandId: string }[] };

let api: MemoryApi;
let ann: Client;
let bob: Client;
let bobId: string;

beforeAll(async () => {
  api = memoryApi();
  ann = (await api.anon.register('Ann')).client;
  const registered = await api.anon.register('Bob');
  bob = registered.client;
  bobId = registered.playerId;
});

describe('INV-9 command ids are scoped to their sender', () => {
  it('INV-9 both players send turn-0001: each is taken, each retry answers its own first answer, and a reuse for another command is refused', async () => {
    const { gameId } = await postGalacticaGame(ann, bob, {});
    const endPhase = (client: Client) =>
      client.post<Answer>(`/games/${gameId}/commands`, { commandId: 'turn-0001', command: { type: 'EndPhase' } });
    // Red (Ann) ends her phases until the turn passes to blue (Bob), each with its own id; the first with turn-0001.
    const first = await endPhase(ann);
    expect([first.status, first.body.replayed]).toEqual([200, false]);
    expect(first.body.events.every((e) => e.commandId === 'turn-0001')).toBe(true);
    for (let i = 2; i < 10; i += 1) {
      const view = await bob.get<{ awaiting: string[] }>(`/games/${gameId}`);
      if (view.body.awaiting.includes('blue')) break;
      const next = await ann.post<Answer>(`/games/${gameId}/commands`, { commandId: `turn-000${i}`, command: { type: 'EndPhase' } });
      expect(next.status).toBe(200);
    }
    const bobs = await endPhase(bob);
    expect([bobs.status, bobs.body.replayed]).toEqual([200, false]);
    expect(bobs.body.events.length).toBeGreaterThan(0);
    expect(bobs.body.events.every((e) => e.commandId === `turn-0001~${bobId}`)).toBe(true);
    // Each retry is answered with its own sender's first answer, and writes nothing.
    const version = (await api.deps.store.lastSeq(gameId)) as number;
    const bobAgain = await endPhase(bob);
    expect(bobAgain.body).toEqual({ ...bobs.body, replayed: true });
    const annAgain = await endPhase(ann);
    expect([annAgain.body.replayed, annAgain.body.version]).toEqual([true, first.body.version]);
    expect(await api.deps.store.lastSeq(gameId)).toBe(version);
    // Ann's own id for another command is still a reuse.
    const reused = await ann.post(`/games/${gameId}/commands`, { commandId: 'turn-0001', command: { type: 'Concede' } });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ type: 'https://arbiter.dev/problems/command-id-reused' });
  });
});
