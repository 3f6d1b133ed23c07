/**
 * TABLE-3 over HTTP (the real handler on the memory adapters): `POST /games/{id}/commands/check`
 * answers what the referee would do with a command and records nothing. Accepted, with the events
 * and the rolls and what each needs; refused, with the rule and the sentence; a seat's last sealed
 * orders shown without the resolution that would reveal the others'; and the command's own 4xx
 * for a request the command route would refuse before deciding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, startServiceRuntime } from '../support/http.ts';
import { act, BOW, mission, profile, shoot } from '../support/soluna.ts';

let runtime: MemoryRuntime;
let sun: Client;
let moon: Client;
let stranger: Client;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  sun = (await anon.register('Sunniva')).client;
  moon = (await anon.register('Mooncalf')).client;
  stranger = (await anon.register('Stranger')).client;
});
afterAll(() => runtime.stop());

interface Roll {
  seq: number;
  purpose: string;
  sides: number;
  target?: number;
  compare?: string;
  needs: number | null;
  chance: number | null;
}
type Check =
  | { gameId: string; version: number; accepted: true; events: EventEnvelope[]; rolls: Roll[]; withheld: number }
  | { gameId: string; version: number; accepted: false; refusal: { status: number; rule?: string; detail: string; code?: string } };
type Problem = { type: string; status: number; detail: string };

/** Meena (sun) and Xul (moon), three squares apart with Bows that hit on 4+; sun is first player. */
const duel = () =>
  mission(
    [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true, attacks: [BOW] })],
    [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: 2 })],
  );

const newGame = async (options: Record<string, unknown> = {}): Promise<string> => {
  const created = await sun.post<{ gameId: string }>('/games', {
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', rules: { mission: duel() }, ...options },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const gameId = created.body.gameId;
  const joined = await moon.post(`/games/${gameId}/join`, options.visibility === 'private' ? { inviteCode: inviteOf(created.body) } : {});
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return gameId;
};

const inviteOf = (body: unknown): string => (body as { inviteCode: string }).inviteCode;

const check = (client: Client, gameId: string, command: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  client.post<Check & Problem>(`/games/${gameId}/commands/check`, { command, ...extra });
const submit = (actions: unknown[]) => ({ type: 'SubmitActions', actions });
const stored = (gameId: string) => runtime.deps.store.readAfter(gameId, 0);

describe('TABLE-3 POST /games/{id}/commands/check', () => {
  it('TABLE-3 an accepted command: the events it would record, and nothing is recorded', async () => {
    const gameId = await newGame();
    const before = await stored(gameId);
    const checked = await check(sun, gameId, submit([shoot('meena', 'xul')]));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ gameId, version: before.length, accepted: true, rolls: [], withheld: 0 });
    if (!checked.body.accepted) throw new Error('refused');
    // Sun's own orders, sealed: the phase waits for moon's.
    expect(checked.body.events.map((e) => e.type)).toEqual(['ActionsSealed', 'ActionsCommitted']);
    expect(checked.body.events[0]?.seq).toBe(before.length + 1);
    expect(await stored(gameId)).toEqual(before);
    // The same command, given, records what the dry run said it would.
    const given = await sun.post<{ events: EventEnvelope[] }>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: submit([shoot('meena', 'xul')]),
    });
    expect(given.status).toBe(200);
    expect(given.body.events.map((e) => [e.type, e.seq])).toEqual(checked.body.events.map((e) => [e.type, e.seq]));
  });

  it('TABLE-3 a refused command: the rule and the sentence the command would be refused with, and nothing is recorded', async () => {
    const gameId = await newGame();
    const before = await stored(gameId);
    // Xul is moon's: sun may not order him.
    const checked = await check(sun, gameId, submit([act('xul', { kind: 'move', to: [3, 1] })]));
    expect(checked.status).toBe(200);
    if (checked.body.accepted !== false) throw new Error(`accepted: ${JSON.stringify(checked.body)}`);
    const given = await sun.post<Problem & { rule: string }>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: submit([act('xul', { kind: 'move', to: [3, 1] })]),
    });
    expect(given.status).toBeGreaterThanOrEqual(400);
    expect(checked.body.refusal).toMatchObject({ status: given.status, rule: given.body.rule, detail: given.body.detail });
    expect(checked.body.refusal.rule).toMatch(/^SOL-/);
    expect(await stored(gameId)).toEqual(before);
  });

  it("TABLE-3 a seat's last sealed orders: shown without the resolution, which would reveal what the other seat sealed", async () => {
    const gameId = await newGame();
    const sealed = await sun.post(`/games/${gameId}/commands`, { commandId: commandId(), command: submit([shoot('meena', 'xul')]) });
    expect(sealed.status).toBe(200);
    const before = await stored(gameId);
    const checked = await check(moon, gameId, submit([act('xul', { kind: 'move', to: [3, 2] })]));
    expect(checked.status).toBe(200);
    if (!checked.body.accepted) throw new Error(checked.body.refusal.detail);
    expect(checked.body.events.map((e) => e.type)).toEqual(['ActionsSealed', 'ActionsCommitted']);
    expect(checked.body.withheld).toBeGreaterThan(0);
    expect(checked.body.rolls).toEqual([]);
    expect(JSON.stringify(checked.body)).not.toContain('meena');
    expect(await stored(gameId)).toEqual(before);
  });

  it('TABLE-3 in a sandbox, where one player holds both seats, the resolution shows each roll with the face it needs', async () => {
    const gameId = await newGame();
    const forked = await sun.post<{ forks: string[] }>(`/games/${gameId}/forks`, {
      version: (await stored(gameId)).length,
      kind: 'sandbox',
    });
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    const sandbox = forked.body.forks[0] as string;
    // Sun's orders, then moon's, both given by Sunniva.
    expect(
      (await sun.post(`/games/${sandbox}/commands`, { commandId: commandId(), command: submit([shoot('meena', 'xul')]) })).status,
    ).toBe(200);
    const checked = await check(sun, sandbox, submit([act('xul', { kind: 'none' })]));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    if (!checked.body.accepted) throw new Error(checked.body.refusal.detail);
    expect(checked.body.withheld).toBe(0);
    expect(checked.body.events.map((e) => e.type)).toContain('AttackResolved');
    // The Bow hits on 4+ on a d6: three faces of six. The event shows the roll at the face it needs.
    expect(checked.body.rolls).toEqual([
      expect.objectContaining({ purpose: "hit: Meena's Bow vs Xul", sides: 6, target: 4, compare: 'atLeast', needs: 4, chance: 0.5 }),
    ]);
    const attack = checked.body.events.find((e) => e.type === 'AttackResolved')?.data as { roll: { value: number; success: boolean } };
    expect(attack.roll).toMatchObject({ value: 4, success: true });
  });

  it('TABLE-3 what the command route refuses before deciding, the dry run refuses the same way', async () => {
    const gameId = await newGame();
    const version = (await stored(gameId)).length;
    const stale = await check(sun, gameId, submit([]), { expectedVersion: version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.type).toContain('version-conflict');
    const unknown = await check(sun, gameId, { type: 'Teleport' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('There is no command "Teleport"');
    const missing = await check(sun, 'g_nosuchgame', submit([]));
    expect(missing.status).toBe(404);
    const keyless = await new Client(runtime.url).post(`/games/${gameId}/commands/check`, { command: submit([]) });
    expect(keyless.status).toBe(401);
    // API-8: a private game is a 404 to a stranger, as its commands are.
    const hidden = await newGame({ visibility: 'private' });
    expect((await check(stranger, hidden, submit([]))).status).toBe(404);
    expect((await stored(gameId)).length).toBe(version);
  });
});
