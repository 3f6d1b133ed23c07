/**
 * ARC-2: one contract for every port with storage behind it, run against DynamoDB Local in the
 * storage tier (test/int/ports-contract.int.test.ts) and against the in-memory adapters in the
 * unit tier (test/unit/ports-contract.unit.test.ts). What one adapter answers, the other must:
 * conditional append, idempotency records, version gates, paging from a cursor, the webhook
 * count, rate windows and lease expiry.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../../domain/kernel/dice.ts';
import { type EventEnvelope, findChainBreak, sealBatch } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { executeCommand } from '../../functions/app/commands.ts';
import type { Deps } from '../../functions/app/deps.ts';
import { type InboxEntry, type LobbyEntry, lobbyOrder, type Subscription, type WaitLeases } from '../../functions/app/ports.ts';
import { executeTournamentCommand } from '../../functions/app/tournaments.ts';
import { endPhase, give } from './commands.ts';

export interface PortsUnderTest {
  readonly deps: Deps;
  readonly leases: WaitLeases;
}

/** The suite plays real games through the command path, so its folds know every rule system. */
const RULESETS = everyRuleset();

/** A fresh id per call: the storage tier shares its tables across the tests of a file. */
const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

const meta = (gameId: string, commandId: string) => ({
  gameId,
  at: '2026-01-01T00:00:00.000Z',
  actor: 'red',
  commandId,
  rulesVersion: 'v',
  command: { type: 'X' },
});

const view = (version: number, lobby: LobbyEntry | null = null) => ({ version, state: JSON.stringify({ version }), lobby });

const inboxEntry = (gameId: string, version: number): InboxEntry => ({
  gameId,
  ruleset: 'post-galactica',
  status: 'playing',
  seat: 'red',
  awaiting: version % 2 === 0,
  deadline: null,
  version,
  updatedAt: `2026-01-01T00:00:0${version}.000Z`,
});

const subscription = (playerId: string, id: string): Subscription => ({
  id,
  playerId,
  url: 'https://example.com/hook',
  gameId: null,
  kinds: ['TurnStarted'],
  format: 'json',
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  enabled: true,
  disabledAt: null,
  disabledReason: null,
});

export const describePortContract = (adapter: string, make: () => Promise<PortsUnderTest>): void => {
  describe(`ARC-2 the ports' contract on ${adapter}`, () => {
    describe('the game store', () => {
      it('ARC-2 appends a batch only on top of its expected version and over no existing seq', async () => {
        const { deps } = await make();
        const gameId = unique('g_append');
        const first = sealBatch(null, [{ type: 'A', data: 1 }], meta(gameId, 'c1'));
        const second = sealBatch(first[0]!, [{ type: 'B', data: 2 }], meta(gameId, 'c2'));
        const append = (events: EventEnvelope[], expectedVersion: number, id: string) =>
          deps.store.append({
            gameId,
            expectedVersion,
            events,
            command: { commandId: id, record: { bodyHash: id, firstSeq: 0, lastSeq: 0 } },
            stateAfter: emptyGame,
          });

        expect(await append(first, 0, 'c1')).toEqual({ ok: true });
        expect(await append(first, 0, 'c1b')).toEqual({ ok: false, conflict: 'version' });
        const orphan = sealBatch({ seq: 2, hash: 'x' }, [{ type: 'C', data: 3 }], meta(gameId, 'c3'));
        expect(await append(orphan, 2, 'c3')).toEqual({ ok: false, conflict: 'version' });
        expect(await append(second, 1, 'c2')).toEqual({ ok: true });
        expect((await deps.store.readAfter(gameId, 0)).map((e) => [e.seq, e.type])).toEqual([
          [1, 'A'],
          [2, 'B'],
        ]);
        expect(await deps.store.lastSeq(gameId)).toBe(2);
        expect(await deps.store.lastSeq(unique('g_none'))).toBe(0);
      });

      it('ARC-2 writes a command record and a seed once, with their batch or not at all', async () => {
        const { deps } = await make();
        const gameId = unique('g_records');
        const first = sealBatch(null, [{ type: 'A', data: 1 }], meta(gameId, 'c1'));
        const second = sealBatch(first[0]!, [{ type: 'B', data: 2 }], meta(gameId, 'c2'));
        const record = { bodyHash: 'h1', firstSeq: 1, lastSeq: 1 };
        const seed = 'ab'.repeat(32);
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 0,
            events: first,
            command: { commandId: 'c1', record },
            seed,
            stateAfter: emptyGame,
          }),
        ).toEqual({ ok: true });
        const again = { bodyHash: 'h2', firstSeq: 2, lastSeq: 2 };
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 1,
            events: second,
            command: { commandId: 'c1', record: again },
            stateAfter: emptyGame,
          }),
        ).toEqual({ ok: false, conflict: 'item' });
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 1,
            events: second,
            command: { commandId: 'c2', record: again },
            seed: 'cd'.repeat(32),
            stateAfter: emptyGame,
          }),
        ).toEqual({ ok: false, conflict: 'item' });
        expect(await deps.store.lastSeq(gameId)).toBe(1);
        expect(await deps.games.secretAndCommand(gameId, 'c1')).toEqual({ seed, command: record });
        expect(await deps.games.secretAndCommand(gameId, 'c2')).toEqual({ seed, command: null });
        expect(await deps.games.command(gameId, 'c1')).toEqual(record);
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 1,
            events: second,
            command: { commandId: 'c2', record: again },
            stateAfter: emptyGame,
          }),
        ).toEqual({ ok: true });
        expect(await deps.games.command(gameId, 'c2')).toEqual(again);
      });

      it('ARC-2 loads a game as the command path leaves it, with its seed and a command record in the same read', async () => {
        const { deps } = await make();
        const gameId = unique('g_load');
        const request = {
          gameId,
          commandId: 'create-1',
          command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' },
          caller: { kind: 'player', playerId: 'p_red' },
        } as const;
        const created = await executeCommand(deps, request);
        expect(created.replayed).toBe(false);
        await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
        const version = await deps.store.lastSeq(gameId);

        const loaded = await deps.store.load(gameId, 'create-1');
        expect(loaded.state.version).toBe(version);
        expect(loaded.state).toEqual(foldGame(RULESETS, await deps.store.readAfter(gameId, 0)));
        expect(loaded.command).toMatchObject({ firstSeq: 1, lastSeq: created.version });
        expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
        const plain = await deps.store.load(gameId);
        expect([plain.state.version, plain.seed, plain.command]).toEqual([version, null, null]);
        expect(await deps.store.load(gameId, 'never-sent')).toMatchObject({ command: null, seed: loaded.seed });

        const retried = await executeCommand(deps, request);
        expect(retried.replayed).toBe(true);
        expect(retried.events).toEqual(created.events);
        expect(await deps.store.lastSeq(gameId)).toBe(version);

        const empty = await deps.store.load(unique('g_nothing'), 'c');
        expect([empty.state.status, empty.state.version, empty.seed, empty.command]).toEqual(['empty', 0, null, null]);
      });

      it('ARC-2 reads ranges of the log, states at an earlier event, and every game id', async () => {
        const { deps } = await make();
        const gameId = unique('g_ranges');
        await give(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
        await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
        const log = await deps.store.readAfter(gameId, 0);
        expect(log.length).toBeGreaterThanOrEqual(3);
        expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
        expect((await deps.store.readAfter(gameId, 1, 3)).map((e) => e.seq)).toEqual([2, 3]);
        expect((await deps.store.readAfter(gameId, 0, Number.MAX_SAFE_INTEGER, 2)).map((e) => e.seq)).toEqual([1, 2]);
        expect(await deps.store.readAfter(gameId, 3, 3)).toEqual([]);
        expect(await deps.store.readAfter(gameId, 3, 2)).toEqual([]);
        expect(await deps.store.loadAt(gameId, 2)).toEqual(foldGame(RULESETS, log.slice(0, 2)));
        expect(await deps.store.loadAt(gameId, 0)).toEqual(emptyGame);
        const ids: string[] = [];
        for await (const id of deps.store.gameIds()) ids.push(id);
        expect(ids).toContain(gameId);
      });

      it('ARC-2 a game longer than a snapshot interval loads the state its whole log folds to', async () => {
        const { deps } = await make();
        const gameId = unique('g_long');
        await give(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
        const joined = await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
        const winner = joined.state?.status === 'choosing' ? joined.state.rollOff?.winner : undefined;
        await give(deps, gameId, winner === 'blue' ? 'p_blue' : 'p_red', { type: 'ChooseFirstPlayer', seat: 'red' });
        while ((await deps.store.lastSeq(gameId)) < 60) {
          const { state } = await deps.store.load(gameId);
          await endPhase(deps, gameId, (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
        }
        const log = await deps.store.readAfter(gameId, 0);
        expect((await deps.store.load(gameId)).state).toEqual(foldGame(RULESETS, log));
        expect(await deps.store.loadAt(gameId, 55)).toEqual(foldGame(RULESETS, log.slice(0, 55)));
      });
    });

    describe('the tournament store', () => {
      const create = (deps: Deps, tournamentId: string, commandId = 'create') =>
        executeTournamentCommand(deps, {
          tournamentId,
          commandId,
          command: { type: 'CreateTournament', tournamentId, name: 'Cup', format: 'swiss', rounds: 2, ruleset: 'post-galactica' },
          caller: { kind: 'player', playerId: 'p_org' },
        });
      it('CLUB-2 a tournament stream appends on its expected version, with its seed and command records once, hash-chained', async () => {
        const { deps } = await make();
        const tournamentId = unique('t_store');
        const created = await create(deps, tournamentId);
        expect(created.replayed).toBe(false);
        const loaded = await deps.tournaments.load(tournamentId, 'create');
        expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
        expect(created.events[0]?.data).toMatchObject({ seedCommitment: seedCommitment(loaded.seed ?? '') });
        expect(loaded.command).toEqual({ bodyHash: expect.any(String), firstSeq: 1, lastSeq: 1 });
        const join = (playerId: string, commandId: string, expectedVersion?: number) =>
          executeTournamentCommand(deps, {
            tournamentId,
            commandId,
            expectedVersion,
            command: { type: 'JoinTournament' },
            caller: { kind: 'player', playerId },
          });
        await join('p_a', 'join-a', 1);
        await expect(join('p_b', 'join-b', 1)).rejects.toMatchObject({ status: 409, type: 'version-conflict' });
        await join('p_b', 'join-b');
        // A retry answers from the log and writes nothing; the same id for another command is refused.
        expect((await join('p_a', 'join-a', 1)).replayed).toBe(true);
        await expect(join('p_c', 'join-a')).rejects.toMatchObject({ status: 409, type: 'command-id-reused' });
        const log = await deps.tournaments.readAfter(tournamentId, 0);
        expect(log.map((e) => [e.seq, e.type, e.commandId])).toEqual([
          [1, 'TournamentCreated', 'create'],
          [2, 'PlayerJoined', 'join-a'],
          [3, 'PlayerJoined', 'join-b'],
        ]);
        expect(findChainBreak(log)).toBeNull();
        // The raw append holds a tournament to the game store's own conditions.
        const late = sealBatch(log[1] ?? null, [{ type: 'PlayerJoined', data: { playerId: 'p_x', round: 1 } }], meta(tournamentId, 'x'));
        expect(await deps.tournaments.append({ streamId: tournamentId, expectedVersion: 2, events: late })).toEqual({
          ok: false,
          conflict: 'version',
        });
        // Nothing that walks games meets a tournament.
        for await (const id of deps.store.gameIds()) expect(id).not.toBe(tournamentId);
      });
    });

    describe('read models, inboxes and the lobby', () => {
      it('ARC-2 writes a view only over the version it was folded from, or over anything to rebuild', async () => {
        const { deps } = await make();
        const gameId = unique('g_view');
        expect(await deps.games.readModel(gameId)).toBeNull();
        expect(await deps.games.putReadModel(gameId, view(1), 1)).toBe(false);
        expect(await deps.games.putReadModel(gameId, view(1), 0)).toBe(true);
        expect(await deps.games.putReadModel(gameId, view(2), 0)).toBe(false);
        expect(await deps.games.putReadModel(gameId, view(3), 2)).toBe(false);
        expect(await deps.games.putReadModel(gameId, view(2), 1)).toBe(true);
        expect(await deps.games.readModel(gameId)).toEqual({ version: 2, state: JSON.stringify({ version: 2 }) });
        expect(await deps.games.putReadModel(gameId, view(7), 'any')).toBe(true);
        expect((await deps.games.readModel(gameId))?.version).toBe(7);
        const viewed: string[] = [];
        for await (const id of deps.games.viewedGames()) viewed.push(id);
        expect(viewed).toContain(gameId);
        await deps.games.dropReadModel(gameId, 6);
        expect((await deps.games.readModel(gameId))?.version).toBe(7);
        await deps.games.dropReadModel(gameId, 7);
        expect(await deps.games.readModel(gameId)).toBeNull();
      });

      it('ARC-2 an inbox entry never goes back in time, and an inbox lists its games in id order', async () => {
        const { deps } = await make();
        const playerId = unique('p_inbox');
        await deps.games.putInbox(playerId, inboxEntry('g_b', 2));
        await deps.games.putInbox(playerId, inboxEntry('g_b', 1));
        await deps.games.putInbox(playerId, inboxEntry('g_a', 1));
        expect(await deps.games.inbox(playerId)).toEqual([inboxEntry('g_a', 1), inboxEntry('g_b', 2)]);
        await deps.games.putInbox(playerId, inboxEntry('g_b', 3));
        expect((await deps.games.inbox(playerId)).map((e) => e.version)).toEqual([1, 3]);
        expect(await deps.games.inbox(unique('p_nobody'))).toEqual([]);
      });

      it('ARC-2 pages the lobby oldest first from a cursor, over the rulesets asked for only', async () => {
        const { deps } = await make();
        const ruleset = unique('r');
        const other = unique('r');
        const entry = (n: number, on = ruleset): LobbyEntry => ({
          gameId: `g_${n}_${on}`,
          ruleset: on,
          seatsFree: 1,
          createdAt: `2026-01-0${n}T00:00:00.000Z`,
        });
        // Written out of order; entry 3 leaves the lobby when its view is written without one.
        for (const n of [4, 1, 5, 3, 2]) await deps.games.putReadModel(entry(n).gameId, view(1, entry(n)), 0);
        await deps.games.putReadModel(entry(3).gameId, view(2), 1);
        await deps.games.putReadModel(entry(1, other).gameId, view(1, entry(1, other)), 0);

        const first = await deps.games.lobby([ruleset], null, 2);
        expect(first).toEqual({ entries: [entry(1), entry(2)], more: true });
        const second = await deps.games.lobby([ruleset], lobbyOrder(entry(2)), 2);
        expect(second).toEqual({ entries: [entry(4), entry(5)], more: false });
        expect(await deps.games.lobby([ruleset], lobbyOrder(entry(5)), 2)).toEqual({ entries: [], more: false });
        // Equal creation times: the game id breaks the tie.
        const tied = [entry(1), entry(1, other)].sort((a, b) => (lobbyOrder(a) < lobbyOrder(b) ? -1 : 1));
        expect((await deps.games.lobby([ruleset, other], null, 3)).entries).toEqual([...tied, entry(2)]);
      });
    });

    it('ARC-2 players: made once, renamed, and a key rotated only from the hash it still has', async () => {
      const { deps } = await make();
      const playerId = unique('p');
      await deps.games.createPlayer({ playerId, name: 'Ada', apiKeyHash: 'h1' }, '2026-01-01T00:00:00.000Z');
      await expect(deps.games.createPlayer({ playerId, name: 'Eve', apiKeyHash: 'h9' }, '2026-01-02T00:00:00.000Z')).rejects.toThrow();
      expect(await deps.games.player(playerId)).toEqual({ playerId, name: 'Ada', apiKeyHash: 'h1', createdAt: '2026-01-01T00:00:00.000Z' });
      expect(await deps.games.renamePlayer(playerId, 'Ada L.')).toBe(true);
      expect(await deps.games.renamePlayer(unique('p_none'), 'x')).toBe(false);
      expect(await deps.games.rotateKey(playerId, 'h0', 'h2')).toBe(false);
      expect(await deps.games.rotateKey(playerId, 'h1', 'h2')).toBe(true);
      expect(await deps.games.rotateKey(playerId, 'h1', 'h3')).toBe(false);
      expect(await deps.games.player(playerId)).toMatchObject({ name: 'Ada L.', apiKeyHash: 'h2' });
      expect(await deps.games.player(unique('p_none'))).toBeNull();
      const missing = unique('p_none');
      expect(await deps.games.playerNames([playerId, missing, playerId])).toEqual(new Map([[playerId, 'Ada L.']]));
    });

    it('ARC-2 webhooks: at most the limit per player, each update over the revision it read', async () => {
      const { deps } = await make();
      const table = deps.webhooks.table;
      const playerId = unique('p_hooks');
      expect(await table.create(subscription(playerId, 'w_b'), 's1', 2)).toBe('created');
      expect(await table.create(subscription(playerId, 'w_a'), 's2', 2)).toBe('created');
      expect(await table.create(subscription(playerId, 'w_c'), 's3', 2)).toBe('full');
      expect(await table.create(subscription(playerId, 'w_a'), 's2', 2)).toBe('exists');
      expect((await table.list(playerId)).map((r) => [r.subscription.id, r.secret, r.rev, r.log])).toEqual([
        ['w_a', 's2', 1, []],
        ['w_b', 's1', 1, []],
      ]);
      expect((await table.subscriptions(playerId)).map((s) => s.id)).toEqual(['w_a', 'w_b']);

      const disabled = await table.update(playerId, 'w_a', (record) => ({
        ...record,
        subscription: { ...record.subscription, enabled: false },
      }));
      expect([disabled?.rev, disabled?.subscription.enabled]).toEqual([2, false]);
      expect((await table.update(playerId, 'w_a', () => null))?.rev).toBe(2);
      expect(await table.update(playerId, 'w_none', (record) => record)).toBeNull();
      expect(await table.get(playerId, 'w_a')).toMatchObject({ rev: 2, subscription: { enabled: false } });

      expect(await table.delete(playerId, 'w_b')).toBe(true);
      expect(await table.delete(playerId, 'w_b')).toBe(false);
      expect(await table.get(playerId, 'w_b')).toBeNull();
      expect(await table.create(subscription(playerId, 'w_c'), 's3', 2)).toBe('created');
      expect(await table.create(subscription(playerId, 'w_d'), 's4', 2)).toBe('full');
    });

    it('ARC-2 a rate window counts to its limit and no further; another window or subject starts afresh', async () => {
      const { deps } = await make();
      const subject = unique('k');
      const take = (who: string, window: number) => deps.rateCounter.take('games', who, window, 2, window + 7200);
      expect([await take(subject, 3600), await take(subject, 3600), await take(subject, 3600)]).toEqual([true, true, false]);
      expect(await take(subject, 7200)).toBe(true);
      expect(await take(unique('k'), 3600)).toBe(true);
      expect(await deps.rateCounter.take('players', subject, 3600, 2, 10800)).toBe(true);
    });

    it('ARC-2 a wait lease counts until it runs out or is released', async () => {
      const { leases } = await make();
      const holder = unique('p_waits');
      expect(await leases.acquire(holder, 'w1', 2_000, 1_000, 2)).toBeNull();
      expect(await leases.acquire(holder, 'w2', 3_000, 1_000, 2)).toBeNull();
      expect(await leases.acquire(holder, 'w3', 4_000, 1_500, 2)).toBe(2_000);
      expect(await leases.acquire(holder, 'w3', 4_000, 2_000, 2)).toBeNull();
      expect(await leases.acquire(holder, 'w4', 5_000, 2_500, 2)).toBe(3_000);
      await leases.release(holder, 'w2');
      expect(await leases.acquire(holder, 'w4', 5_000, 2_500, 2)).toBeNull();
      expect(await leases.acquire(unique('p_other'), 'w1', 2_000, 1_000, 1)).toBeNull();
    });
  });
};
