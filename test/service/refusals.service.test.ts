/**
 * REL-29 over HTTP on the local runtime: a refusal describes the game as its view does.
 * A game left unjoined expires through the real scheduler (PBM-10); joining it then is
 * refused with its expiry, not with a guess that it "has already started".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { annAndBob, type Client, commandId, eventually } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

type View = { status: string; version: number; result: { winner: string | null; reason: string } | null };
type Problem = { status: number; detail: string; code?: string; rule?: string };

describe('REL-29 a refusal describes the game as it is', () => {
  it('REL-29 joining a game that expired unjoined is a 409 naming its expiry, as its view does', async () => {
    const created = await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', options: { openFor: 'PT1S' } });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const view = await eventually(
      async () => (await ann.get<View>(`/games/${gameId}`)).body,
      (v) => v.status === 'ended',
    );
    expect(view.result).toEqual({ winner: null, reason: 'expired: the red and blue seats were not taken within PT1S (PBM-10)' });
    const refused = await bob.post<Problem>(`/games/${gameId}/join`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'GAME_OVER',
      rule: 'MATCH',
      detail: `This game has ended (${view.result?.reason}); no seat can be taken any more.`,
    });
    // A command to it says the same; neither wrote anything.
    const command = await ann.post<Problem>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'ExtendDeadline', by: 'PT1H' },
    });
    expect(command.body.detail).toBe(`This game has ended (${view.result?.reason}); its deadlines are gone.`);
    expect((await ann.get<View>(`/games/${gameId}`)).body.version).toBe(view.version);
  });
});
