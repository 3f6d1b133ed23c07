/**
 * SOL-3 against a determined opponent: moon sees the sealed event's hash and every public
 * value (the seed commitment included). It must not be able to rebuild the sealed envelope
 * for any candidate choice before the reveal. The same search with the true salt (known
 * only after the reveal) does find the choice, so the test would catch a leaking salt.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type EventEnvelope, envelopeHash } from '../../domain/kernel/envelope.ts';
import { hmacSha256Hex } from '../../domain/kernel/hash.ts';
import type { ModelAction } from '../../domain/soluna/choices.ts';
import { shortestPath } from '../../domain/soluna/grid.ts';
import type { Client } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';
import { act, mission, profile, shoot } from '../support/soluna.ts';

let api: MemoryApi;
let sun: Client;
let moon: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  const anon = api.anon;
  sun = (await anon.register('Sun')).client;
  moon = (await anon.register('Moon')).client;
});

/** Every choice Meena could have sealed: nothing, defer, shoot Xul, or a move to any square of the 8x8 grid. */
const candidates = (): ModelAction[][] => {
  const all: ModelAction[][] = [[act('meena', { kind: 'none' })], [act('meena', { kind: 'defer' })], [shoot('meena', 'xul')]];
  for (let x = 0; x < 8; x += 1) for (let y = 0; y < 8; y += 1) all.push([act('meena', { kind: 'move', to: [x, y] })]);
  return all;
};

/**
 * The sealed event as the server would have written it, if `given` had been the choice and
 * `salt` the salt. The command id is hidden from moon (REL-11); the search is granted it, as
 * the worst case of a guessable id, so only the salt stands between moon and the choice.
 */
const rebuild = (sealed: EventEnvelope, given: ModelAction[], salt: string): string => {
  const checked = given.map((a) =>
    a.action.kind === 'move' && a.action.to
      ? {
          model: a.model,
          action: {
            kind: 'move',
            to: a.action.to,
            path: shortestPath({ width: 8, height: 8, blocking: [] }, [0, 0], a.action.to, [[4, 0]]),
          },
        }
      : a,
  );
  const { hash: _hash, ...rest } = sealed;
  const data = { turn: 1, phase: 1, seat: 'sun', actions: checked, salt };
  return envelopeHash({
    ...rest,
    commandId: 'sun-seal-0001',
    type: 'ActionsSealed',
    data,
    visibleTo: 'sun',
    command: { type: 'SubmitActions', actions: given },
  });
};

describe('sealed choices against a brute-force search', () => {
  it("SOL-3 moon cannot rebuild sun's sealed event from public values before the reveal; with the revealed salt it can", async () => {
    const m = mission(
      [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
      [profile({ id: 'xul', mind: 10, at: [4, 0], leader: true, wounds: 2 })],
    );
    const gameId = (
      await sun.post<{ gameId: string }>('/games', {
        ruleset: 'soluna',
        seat: 'sun',
        options: { firstPlayer: 'sun', rules: { mission: m } },
      })
    ).body.gameId;
    await moon.post(`/games/${gameId}/join`, {});
    const secret = [act('meena', { kind: 'move', to: [1, 2] })];
    expect(
      (await sun.post(`/games/${gameId}/commands`, { commandId: 'sun-seal-0001', command: { type: 'SubmitActions', actions: secret } }))
        .status,
    ).toBe(200);

    const seen = (await moon.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    const sealed = seen.find((e) => e.type === 'Sealed') as EventEnvelope;
    expect(sealed).toMatchObject({ type: 'Sealed', data: null, visibleTo: 'sun', commandId: 'sealed' });
    const commitment = ((seen[0] as EventEnvelope).data as { seedCommitment: string }).seedCommitment;
    // The salt as it was derived before the fix: keyed by SHA-256 of the seed, the public commitment.
    const guessedSalt = hmacSha256Hex(commitment, `${gameId}:${sealed.seq}:salt:t1-p1-sun`);
    expect(candidates().filter((given) => rebuild(sealed, given, guessedSalt) === sealed.hash)).toEqual([]);

    const revealed = await moon.post<{ events: EventEnvelope[] }>(`/games/${gameId}/commands`, {
      commandId: 'moon-seal-0001',
      command: { type: 'SubmitActions', actions: [shoot('xul', 'meena')] },
    });
    const reveal = revealed.body.events.find((e) => e.type === 'ActionsRevealed')?.data as { orders: { seat: string; salt: string }[] };
    const salt = reveal.orders.find((o) => o.seat === 'sun')?.salt ?? '';
    expect(salt).not.toBe(guessedSalt);
    expect(candidates().filter((given) => rebuild(sealed, given, salt) === sealed.hash)).toEqual([secret]);
  });
});
