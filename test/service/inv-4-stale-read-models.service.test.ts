/**
 * INV-4: a stale read model is never silent. When a projection fails (here: every write of the
 * read model refused, as DynamoDB refuses an item it cannot take), the projector marks the view
 * it could not move; `GET /games/{id}` then answers from the log, not the frozen view, and says
 * so in its `Arbiter-Read-Model` header; the events page and the seat lookups read the log too.
 * Each seated player's inbox row carries the same mark.
 * The redrive's projector part (`reprojectGame`, what `npm run redrive` runs for a set-aside
 * record) repairs the view, and the header goes. On AWS the projector's on-failure queue alarms
 * when a record is set aside (test/stack: INV-4).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { reprojectGame } from '../../tools/ops/redrive.ts';
import type { Client } from '../support/client.ts';
import { postGalacticaGame } from '../support/games.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;
/** While set, every write of a read model fails before it lands. */
const refusing = { views: false };

beforeEach(async () => {
  api = memoryApi();
  const games = api.deps.games;
  const putReadModel = games.putReadModel.bind(games);
  games.putReadModel = async (...args) => {
    if (refusing.views) throw new Error('Item size has exceeded the maximum allowed size');
    return putReadModel(...args);
  };
  refusing.views = false;
  ann = (await api.anon.register('Ann')).client;
  bob = (await api.anon.register('Bob')).client;
});

/** A command whose events land while the projector fails after them (the memory API projects before answering, so its answer is the projector's error). */
const endPhaseWhileProjectionFails = async (gameId: string, version: number) => {
  refusing.views = true;
  const failed = await ann
    .post(`/games/${gameId}/commands`, { commandId: `end-phase-${version}`, expectedVersion: version, command: { type: 'EndPhase' } })
    .catch((error: unknown) => error);
  expect(String(failed)).toMatch(/Item size has exceeded/);
  return (await api.deps.store.lastSeq(gameId)) as number;
};

describe('INV-4 a stale read model is never silent', () => {
  it('INV-4 after a failed projection the game is answered from its log with an Arbiter-Read-Model header; a redrive repairs the view', async () => {
    const { gameId, version } = await postGalacticaGame(ann, bob, {});
    const fresh = await ann.get<{ version: number }>(`/games/${gameId}`);
    expect(fresh.body.version).toBe(version);
    expect(fresh.headers.get('arbiter-read-model')).toBeNull();

    const logVersion = await endPhaseWhileProjectionFails(gameId, version);
    expect(logVersion).toBeGreaterThan(version);
    const model = await api.deps.games.readModel(gameId);
    expect(model?.version).toBe(version);
    expect(model?.stale).toMatchObject({ upTo: logVersion, reason: expect.stringMatching(/Item size/) });

    // Each seated player's inbox row says it is behind too.
    const bobsRow = (await bob.get<{ games: { gameId: string; stale?: unknown }[] }>('/me/games')).body.games.find(
      (g) => g.gameId === gameId,
    );
    expect(bobsRow?.stale).toEqual(model?.stale);
    // The view the projector could not move is not served: the log's state is, and the answer says so.
    const read = await bob.get<{ version: number }>(`/games/${gameId}`);
    expect(read.status).toBe(200);
    expect(read.body.version).toBe(logVersion);
    expect(read.headers.get('arbiter-read-model')).toBe(
      `behind; view=${version}; failed-at=${logVersion}; since=${model?.stale?.at}; answered-from=log`,
    );

    // The redrive's projector part folds the log onto the view again, and the mark goes with the old view.
    refusing.views = false;
    expect(await reprojectGame(api.deps, gameId)).toBe(`${gameId}: read model at version ${logVersion} (the log has ${logVersion})`);
    const repaired = await bob.get<{ version: number }>(`/games/${gameId}`);
    expect(repaired.body.version).toBe(logVersion);
    expect(repaired.headers.get('arbiter-read-model')).toBeNull();
    expect((await api.deps.games.readModel(gameId))?.stale).toBeUndefined();
    const repairedRow = (await bob.get<{ games: { gameId: string; stale?: unknown; version: number }[] }>('/me/games')).body.games.find(
      (g) => g.gameId === gameId,
    );
    expect(repairedRow).toMatchObject({ version: logVersion });
    expect(repairedRow?.stale).toBeUndefined();
  });

  it('INV-4 a projection that fails only after the view was written leaves no stale view behind', async () => {
    const { gameId, version } = await postGalacticaGame(ann, bob, {});
    const inboxes = api.deps.games;
    const putInbox = inboxes.putInbox.bind(inboxes);
    let failInbox = true;
    inboxes.putInbox = async (...args) => {
      if (failInbox) {
        failInbox = false;
        throw new Error('the inbox write timed out');
      }
      return putInbox(...args);
    };
    const failed = await ann
      .post(`/games/${gameId}/commands`, { commandId: 'end-phase-inbox', expectedVersion: version, command: { type: 'EndPhase' } })
      .catch((error: unknown) => error);
    expect(String(failed)).toMatch(/inbox write timed out/);
    const model = await api.deps.games.readModel(gameId);
    const logVersion = await api.deps.store.lastSeq(gameId);
    expect(model?.version).toBe(logVersion);
    const read = await bob.get<{ version: number }>(`/games/${gameId}`);
    expect(read.body.version).toBe(logVersion);
    expect(read.headers.get('arbiter-read-model')).toBeNull();
  });
});
