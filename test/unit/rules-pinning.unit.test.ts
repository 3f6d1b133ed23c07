/**
 * RUL-10: a game may stay on the rules version it started with. `options.rulesVersion:
 * "pinned"` keeps it there: the server never adopts newer rules for it (PBM-14's automatic
 * adoption) and decides its commands under its own version; `latest`, the default, moves it
 * as PBM-14 says. Through the real handler on the memory adapters (ARC-3): Sol'una games
 * recorded as a sol-0.2.0 server would have recorded them (test/support/older-rules.ts),
 * where orders are sealed without the public commitment sol-0.3.0 added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { gameSnapshot, loadGame } from '../../functions/games/app/game-fold.ts';
import { type Client, commandId } from '../support/client.ts';
import { REFERENCE_SEED, Recorder } from '../support/finished-games.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';
import { ageLog } from '../support/older-rules.ts';
import { act, mission, profile, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const OLD = 'sol-0.2.0';
const NEWEST = RULESETS.getRuleset('soluna').rulesVersion;

let api: MemoryApi;
let ann: Client;
let annId: string;
let bob: Client;
let bobId: string;

beforeAll(async () => {
  api = memoryApi();
  ({ client: ann, playerId: annId } = await api.anon.register('Ann'));
  ({ client: bob, playerId: bobId } = await api.anon.register('Bob'));
});

const MISSION = mission(
  [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
  [profile({ id: 'xul', mind: 10, at: [7, 7], leader: true })],
);

type Answer = { events: EventEnvelope[]; code?: string; detail?: string };
type View = { rulesVersion: string; options: { rulesVersion?: string } };

/**
 * Ann (sun) and Bob (moon) start a Sol'una game, created with `options`, recorded as a server
 * on sol-0.2.0 recorded it, and put into the store as that server left it.
 */
const olderGame = async (gameId: string, options: Record<string, unknown>): Promise<string> => {
  const game = new Recorder(gameId);
  const create = {
    type: 'CreateGame',
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', rules: { mission: MISSION }, ...options },
  };
  game.give(create, { kind: 'player', playerId: annId, seat: null });
  game.give({ type: 'JoinGame' }, { kind: 'player', playerId: bobId, seat: null });
  const events = ageLog(game.events, OLD);
  const appended = await api.deps.store.append({
    gameId,
    expectedVersion: 0,
    events,
    seed: REFERENCE_SEED,
    snapshot: await gameSnapshot(api.deps, foldGame(RULESETS, events)),
  });
  expect(appended.ok).toBe(true);
  return gameId;
};

const give = (client: Client, gameId: string, command: Record<string, unknown>) =>
  client.post<Answer>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const view = async (gameId: string) => (await ann.get<View>(`/games/${gameId}`)).body;
const stored = (gameId: string) => api.deps.store.readAfter(gameId, 0);
const types = (events: readonly { type: string }[]) => events.map((e) => e.type);
const ORDERS = submit([act('meena', { kind: 'none' })]);

/** Bob concedes; the whole log as Ann downloads it, and every check of `verify` on it. */
const verified = async (gameId: string) => {
  expect((await give(bob, gameId, { type: 'Concede' })).status).toBe(200);
  const exported = await api.fetch(`${api.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  const log = parseLog(await exported.text());
  return { log, results: verifyLog(log) };
};

describe('RUL-10 a game pinned to its rules version', () => {
  it('RUL-10 a new game takes the newest version, pinned or not, and records the pin only when given', async () => {
    const pinned = await ann.post<{ gameId: string }>('/games', { ruleset: 'soluna', options: { rulesVersion: 'pinned' } });
    expect(pinned.status).toBe(201);
    expect(await view(pinned.body.gameId)).toMatchObject({ rulesVersion: NEWEST, options: { rulesVersion: 'pinned' } });
    const latest = await ann.post<{ gameId: string }>('/games', { ruleset: 'soluna' });
    const options = (await view(latest.body.gameId)).options;
    expect([(await view(latest.body.gameId)).rulesVersion, 'rulesVersion' in options]).toEqual([NEWEST, false]);
    const wrong = await ann.post<{ errors: { pointer: string }[] }>('/games', { ruleset: 'soluna', options: { rulesVersion: 'pg-0.2.0' } });
    expect(wrong.status).toBe(400);
  });

  it('RUL-10 a game pinned to sol-0.2.0 stays on it: its orders are decided under sol-0.2.0, and nothing adopts newer rules', async () => {
    const gameId = await olderGame('g_pinned', { rulesVersion: 'pinned' });
    const sealed = await give(ann, gameId, ORDERS);
    expect(sealed.status).toBe(200);
    expect(types(sealed.body.events)).toEqual(['ActionsSealed']);
    expect(await view(gameId)).toMatchObject({ rulesVersion: OLD, options: { rulesVersion: 'pinned' } });
    const log = await stored(gameId);
    expect(log.filter((e) => e.rulesVersion !== OLD)).toEqual([]);
    expect(types(log)).not.toContain('RulesVersionAdopted');

    const { log: exported, results } = await verified(gameId);
    expect(exported.header.rulesVersion).toBe(OLD);
    expect(results.filter((r) => !r.ok).map((r) => r.verdict)).toEqual([]);
    expect(results.find((r) => r.check === 'rules')?.verdict).toMatch(new RegExp(`re-decided under Sol'una ${OLD} give exactly`));
  });

  it('PBM-14 RUL-10 an unpinned game on sol-0.2.0 adopts the newest rules with its next command and decides it under them', async () => {
    const gameId = await olderGame('g_latest', {});
    const sealed = await give(ann, gameId, ORDERS);
    expect(sealed.status).toBe(200);
    expect(types(sealed.body.events)).toEqual(['RulesVersionAdopted', 'ActionsSealed', 'ActionsCommitted']);
    expect(sealed.body.events[0]?.data).toEqual({ from: OLD, to: NEWEST, how: 'replayed' });
    expect((await view(gameId)).rulesVersion).toBe(NEWEST);

    const { results } = await verified(gameId);
    expect(results.filter((r) => !r.ok).map((r) => r.verdict)).toEqual([]);
    expect(results.find((r) => r.check === 'rules')?.verdict).toContain(
      `were decided under ${OLD} and re-decide the same under it and under ${NEWEST}, as the adoption after them claims`,
    );
  });

  it('RUL-10 the organiser still moves a pinned game with AdoptRules; the system may not', async () => {
    const gameId = await olderGame('g_moved', { rulesVersion: 'pinned' });
    const { state } = await loadGame(api.deps, gameId);
    const bySystem = decideGame(
      state,
      { type: 'AdoptRules' },
      { rulesets: RULESETS, now: '2026-06-01T00:00:00.000Z', actor: { kind: 'system' }, seed: REFERENCE_SEED },
      gameId,
    );
    expect(bySystem).toMatchObject({ ok: false, violation: { code: 'RULES_PINNED', rule: 'RUL-10', status: 409 } });
    const byBob = await give(bob, gameId, { type: 'AdoptRules' });
    expect([byBob.status, byBob.body.code]).toEqual([403, 'NOT_ORGANISER']);
    const adopted = await give(ann, gameId, { type: 'AdoptRules' });
    expect(adopted.status).toBe(200);
    expect(adopted.body.events[0]?.data).toEqual({ from: OLD, to: NEWEST, how: 'organiser' });
    expect(types((await give(ann, gameId, ORDERS)).body.events)).toEqual(['ActionsSealed', 'ActionsCommitted']);
  });
});
