/**
 * TB-1, TB-4, TB-7 over HTTP on the local runtime (memory adapters), for each ruleset: a seat
 * plays an own command nothing of which is known to anyone else, takes it back, and every
 * read (the view, `state?at=`, the events page, a retry of the voided command, the exported
 * log and `verifyLog`) understands it. A forged takeback fails verify naming its line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { scheduleName } from '../../functions/adapters/scheduler.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { gsc2Game, postGalacticaGame, solunaDuel } from '../support/games.ts';
import { gunshipTable } from '../support/gsc2.ts';
import { annAndBob, type Client, commandId, eventually } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { shoot } from '../support/soluna.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

type Reply = { events: EventEnvelope[]; version: number; replayed: boolean; voided?: true; rule?: string; code?: string; detail?: string };
type Voided = { from: number; to: number; by: number };
type View = { version: number; awaiting: string[]; voided?: Voided[]; game: unknown; step: { key: string } | null };

const give = (client: Client, gameId: string, command: object, id = commandId()) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: id, command });

const exported = async (client: Client, gameId: string): Promise<ParsedLog> => {
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return parseLog(await reply.text());
};

/** One game at the point where `mover` gives an own command nothing of which becomes known to `other`. */
interface Scenario {
  readonly gameId: string;
  readonly seat: string;
  readonly mover: Client;
  readonly other: Client;
  readonly command: object;
}

const postGalactica = async (): Promise<Scenario> => {
  const { gameId } = await postGalacticaGame(ann, bob, {});
  // Red's Command Phase: ending it rolls nothing and keeps the turn red's.
  return { gameId, seat: 'red', mover: ann, other: bob, command: { type: 'EndPhase' } };
};

const soluna = async (): Promise<Scenario> => {
  const gameId = await solunaDuel(ann, bob);
  // Sun seals its orders while moon has not: only the commitment is public, nothing is revealed.
  return {
    gameId,
    seat: 'sun',
    mover: ann,
    other: bob,
    command: { type: 'SubmitActions', actions: [shoot('meena', 'xul')] },
  };
};

const gsc2 = async (): Promise<Scenario> => {
  const rules = gunshipTable();
  const gameId = await gsc2Game(ann, bob, rules);
  // GSC-3: blue opens with a free group; a move within it keeps the move blue's.
  return {
    gameId,
    seat: 'blue',
    mover: bob,
    other: ann,
    command: { type: 'MoveShip', ship: 'bee', path: [{ type: 'forward', inches: 3 }] },
  };
};

/** The view once the read model has folded `version`. */
const viewAt = (client: Client, gameId: string, version: number) =>
  eventually(
    () => client.get<View>(`/games/${gameId}`),
    (r) => r.body.version === version,
  );

/** The caller's inbox entry for the game once the projector has written `version`. */
const inboxAt = async (client: Client, gameId: string, version: number) => {
  const find = (games: { gameId: string; version: number; awaiting: boolean }[]) => games.find((g) => g.gameId === gameId);
  const reply = await eventually(
    () => client.get<{ games: { gameId: string; version: number; awaiting: boolean }[] }>('/me/games'),
    (r) => find(r.body.games)?.version === version,
  );
  return find(reply.body.games) as { version: number; awaiting: boolean };
};

describe.each([
  ['post-galactica', postGalactica],
  ["Sol'una", soluna],
  ['GSC2', gsc2],
])('TB-1 an own move taken back over HTTP (%s)', (name, scenario) => {
  it.concurrent('TB-1 TB-7 the takeback voids the move; view, state?at, events page, retry and the exported log all know it', async () => {
    const { gameId, seat, mover, other, command } = await scenario();
    const before = (await viewAt(mover, gameId, (await mover.get<View>(`/games/${gameId}`)).body.version)).body;
    const id = commandId();
    const played = await give(mover, gameId, command, id);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const moved = played.body.events;
    const voids = [{ from: moved[0]?.seq, to: moved.at(-1)?.seq }];

    // The other seat has nothing of its own to take back: 409 naming TB-1, in a sentence.
    const refused = await give(other, gameId, { type: 'TakeBack' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: 'TB-1', code: 'NOTHING_TO_TAKE_BACK' });
    expect(refused.body.detail).toMatch(new RegExp(`^Nothing of yours to take back since event \\d+: ${seat} acted\\.$`));

    // Sol'una: once sealed, the seat's inbox no longer awaits it; the takeback awaits it again.
    const sealed = (await inboxAt(mover, gameId, moved.at(-1)?.seq ?? 0)).awaiting;
    expect(sealed).toBe(name !== "Sol'una");

    const taken = await give(mover, gameId, { type: 'TakeBack', reason: 'wrong order' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.events.map((e) => [e.type, e.data])).toEqual([
      ['TakenBack', { seat, toVersion: before.version, voids, how: 'own', reason: 'wrong order' }],
    ]);
    const by = taken.body.version;

    // The game is the game at that version: the same position, the seat awaited again, the voided run listed.
    const after = (await viewAt(mover, gameId, by)).body;
    expect(after.game).toEqual(before.game);
    expect(after.awaiting).toEqual(before.awaiting);
    expect(after.voided).toEqual([{ ...voids[0], by }]);
    const stateAt = await mover.get<{ state: View }>(`/games/${gameId}/state?at=${by}`);
    expect(stateAt.body.state.game).toEqual(before.game);
    expect(await inboxAt(mover, gameId, by)).toMatchObject({ awaiting: true, version: by });
    const otherView = (await viewAt(other, gameId, by)).body;
    expect(otherView.voided).toEqual([{ ...voids[0], by }]);

    // The voided events stay in the log, marked void on the events page.
    const page = await other.get<{ events: EventEnvelope[]; voided?: Voided[] }>(`/games/${gameId}/events?after=0`);
    expect(page.body.events.map((e) => e.seq)).toEqual(Array.from({ length: by }, (_, i) => i + 1));
    expect(page.body.voided).toEqual([{ ...voids[0], by }]);

    // A retry of the voided command answers its original result, marked voided, and writes nothing.
    const retried = await give(mover, gameId, command, id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ replayed: true, voided: true, version: moved.at(-1)?.seq });
    expect(retried.body.events.map((e) => e.hash)).toEqual(moved.map((e) => e.hash));
    expect((await runtime.deps.store.readAfter(gameId, 0)).length).toBe(by);

    // verify re-decides the voided command and the takeback, and the state after it.
    const log = await exported(mover, gameId);
    const checks = verifyLog(log);
    expect(checks.filter((r) => !r.ok && !r.pending)).toEqual([]);
    expect(checks.find((r) => r.check === 'rules')?.ok).toBe(true);

    // A forged takeback, further back than the seat may go (before the game started), fails the rules check at its line.
    const index = log.events.findIndex((e) => e.type === 'TakenBack');
    const forged = rechain(
      log.events.map((e, i) =>
        i === index
          ? {
              ...e,
              command: { type: 'TakeBack', toVersion: 1 },
              data: { ...(e.data as object), toVersion: 1, voids: [{ from: 2, to: index }] },
            }
          : e,
      ),
    );
    const rules = verifyLog({ ...log, events: forged }).find((r) => r.check === 'rules');
    expect(rules).toMatchObject({ ok: false, line: index + 2 });
    expect(rules?.verdict).toContain(`rules: line ${index + 2} (event ${by}): the command is illegal: You can take back to version`);
  });
});

describe('TB-4 the takeback policy over HTTP', () => {
  it('TB-4 a tournament game (takebacks "none") refuses TakeBack with 422 naming TB-4, and writes nothing', async () => {
    const { gameId, version } = await postGalacticaGame(ann, bob, { takebacks: 'none' });
    expect((await give(ann, gameId, { type: 'EndPhase' })).status).toBe(200);
    const refused = await give(ann, gameId, { type: 'TakeBack' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rule: 'TB-4', code: 'TAKEBACKS_OFF' });
    expect((await runtime.deps.store.readAfter(gameId, 0)).length).toBe(version + 1);
  });
});

describe('TB-7 the phase timer after a takeback', () => {
  it('TB-7 PG-4 a takeback to an earlier step re-arms it with a fresh full duration and deletes the later step’s schedule', async () => {
    const { gameId } = await postGalacticaGame(ann, bob, { deadlines: { default: 'PT1H' } });
    const pendingAt = (phaseKey: string) => runtime.scheduler.pending.get(scheduleName(gameId, phaseKey))?.at ?? null;
    const ended = await give(ann, gameId, { type: 'EndPhase' });
    expect(ended.status).toBe(200);
    await eventually(
      async () => pendingAt('t1-resource'),
      (at) => at !== null,
    );
    const taken = await give(ann, gameId, { type: 'TakeBack' });
    const at = taken.body.events[0]?.at ?? '';
    const fresh = new Date(Date.parse(at) + 3_600_000).toISOString();
    const armed = await eventually(
      async () => [pendingAt('t1-command'), pendingAt('t1-resource')],
      ([command, resource]) => command === fresh && resource === null,
    );
    expect(armed).toEqual([fresh, null]);
    expect((await viewAt(ann, gameId, taken.body.version)).body.step).toMatchObject({ key: 't1-command', openedAt: at, deadline: fresh });
  });
});
