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
import type { PublishedKey } from '../../domain/kernel/signature.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { BatchTooLargeError, MAX_BATCH } from '../../functions/games/app/budget.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { gameAt, loadGame } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import {
  type Club,
  type ClubMember,
  type ClubRole,
  type InboxEntry,
  isStale,
  type LobbyEntry,
  lobbyOrder,
  type RatingChange,
  type StreamFold,
  type Subscription,
  type TaggedState,
  type WaitLeases,
} from '../../functions/kernel/ports.ts';
import { tournamentFold } from '../../functions/tournaments/app/tournament-fold.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
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

/** HALL-2: a stream that is no game, its events numbers folded into their sum; `Back` goes back to the sum at an earlier version. */
interface Tally {
  readonly version: number;
  readonly sum: number;
}

/** The tally's fold, tagging every snapshot with `tag`. */
const tallyFold = (tag: string): StreamFold<Tally> => ({
  initial: { version: 0, sum: 0 },
  async fold(events, from, stateAt) {
    let state = from;
    for (const event of events) {
      const sum = event.type === 'Back' ? (await stateAt(event.data as number)).sum : state.sum + (event.data as number);
      state = { version: event.seq, sum };
    }
    return state;
  },
  tag: () => tag,
});

/** Events numbered `from` to `to`, each carrying its number. */
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ type: 'N', data: from + i }));

/** One batch of a tally on top of `head` (none: the stream's first), with a snapshot if given; its last event. */
const appendTally = async (
  deps: Deps,
  streamId: string,
  head: EventEnvelope | null,
  items: readonly { type: string; data: number }[],
  snapshot?: TaggedState,
): Promise<EventEnvelope> => {
  const events = sealBatch(head, items, meta(streamId, `c${head?.seq ?? 0}`));
  const expectedVersion = head?.seq ?? 0;
  expect(await deps.store.append({ gameId: streamId, expectedVersion, events, ...(snapshot ? { snapshot } : {}) })).toEqual({ ok: true });
  return events.at(-1) as EventEnvelope;
};

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
            snapshot: { state: emptyGame, tag: '' },
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

      it('INV-1 appends a batch of MAX_BATCH events in one go, reads any range of it back, and refuses one more, writing nothing', async () => {
        const { deps } = await make();
        const gameId = unique('g_batch');
        const batch = (n: number, id: string) =>
          sealBatch(
            null,
            Array.from({ length: n }, (_, i) => ({ type: 'A', data: i })),
            meta(gameId, id),
          );
        const append = (events: EventEnvelope[], id: string) =>
          deps.store.append({
            gameId,
            expectedVersion: 0,
            events,
            command: { commandId: id, record: { bodyHash: id, firstSeq: 1, lastSeq: events.length } },
            seed: 'cd'.repeat(32),
            snapshot: { state: emptyGame, tag: '' },
          });

        await expect(append(batch(MAX_BATCH + 1, 'c-over'), 'c-over')).rejects.toThrow(BatchTooLargeError);
        await expect(append(batch(MAX_BATCH + 1, 'c-over'), 'c-over')).rejects.toThrow(
          `A batch of ${MAX_BATCH + 1} events is more than one command may append (MAX_BATCH, ${MAX_BATCH})`,
        );
        expect(await deps.store.lastSeq(gameId)).toBe(0);
        expect(await deps.games.command(gameId, 'c-over')).toBeNull();
        // The largest batch, with its record, its seed and a snapshot: on DynamoDB its first event and packed runs.
        const full = batch(MAX_BATCH, 'c-full');
        expect(await append(full, 'c-full')).toEqual({ ok: true });
        expect(await deps.store.lastSeq(gameId)).toBe(MAX_BATCH);
        expect(await deps.store.readAfter(gameId, 0)).toEqual(full);
        // Any range reads exactly its events, starting and ending inside a run or not.
        for (const [after, upTo] of [
          [0, 1],
          [1, 2],
          [7, 93],
          [49, 51],
          [120, 121],
          [MAX_BATCH - 3, MAX_BATCH + 40],
        ] as const) {
          expect(await deps.store.readAfter(gameId, after, upTo), `${after} to ${upTo}`).toEqual(full.slice(after, upTo));
        }
        expect(await deps.store.readAfter(gameId, 10, Number.MAX_SAFE_INTEGER, 7)).toEqual(full.slice(10, 17));
        // The next batch lands on the big one's last event, and a racing one on the same version does not.
        const next = sealBatch(full.at(-1) ?? null, [{ type: 'B', data: 'after' }], meta(gameId, 'c-next'));
        const racing = sealBatch(full.at(-1) ?? null, [{ type: 'B', data: 'racing' }], meta(gameId, 'c-racing'));
        expect(await deps.store.append({ gameId, expectedVersion: MAX_BATCH, events: next })).toEqual({ ok: true });
        expect(await deps.store.append({ gameId, expectedVersion: MAX_BATCH, events: racing })).toEqual({ ok: false, conflict: 'version' });
        expect(await deps.store.readAfter(gameId, MAX_BATCH - 2)).toEqual([...full.slice(MAX_BATCH - 2), ...next]);
      });

      it('ARC-2 INV-9 writes a command record and a seed once, with their batch or not at all', async () => {
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
            snapshot: { state: emptyGame, tag: '' },
          }),
        ).toEqual({ ok: true });
        const again = { bodyHash: 'h2', firstSeq: 2, lastSeq: 2 };
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 1,
            events: second,
            command: { commandId: 'c1', record: again },
            snapshot: { state: emptyGame, tag: '' },
          }),
        ).toEqual({ ok: false, conflict: 'item' });
        expect(
          await deps.store.append({
            gameId,
            expectedVersion: 1,
            events: second,
            command: { commandId: 'c2', record: again },
            seed: 'cd'.repeat(32),
            snapshot: { state: emptyGame, tag: '' },
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
            snapshot: { state: emptyGame, tag: '' },
          }),
        ).toEqual({ ok: true });
        expect(await deps.games.command(gameId, 'c2')).toEqual(again);
        // INV-9: a record keeps the player who gave its command.
        const third = sealBatch(second[0]!, [{ type: 'C', data: 3 }], meta(gameId, 'c3~p_bob'));
        const bobs = { bodyHash: 'h3', firstSeq: 3, lastSeq: 3, by: 'p_bob' };
        const appended = await deps.store.append({
          gameId,
          expectedVersion: 2,
          events: third,
          command: { commandId: 'c3~p_bob', record: bobs },
          snapshot: { state: emptyGame, tag: '' },
        });
        expect(appended).toEqual({ ok: true });
        expect(await deps.games.command(gameId, 'c3~p_bob')).toEqual(bobs);
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

        const loaded = await loadGame(deps, gameId, 'create-1');
        expect(loaded.state.version).toBe(version);
        expect(loaded.state).toEqual(foldGame(RULESETS, await deps.store.readAfter(gameId, 0)));
        expect(loaded.command).toMatchObject({ firstSeq: 1, lastSeq: created.version });
        expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
        const plain = await loadGame(deps, gameId);
        expect([plain.state.version, plain.seed, plain.command]).toEqual([version, null, null]);
        expect(await loadGame(deps, gameId, 'never-sent')).toMatchObject({ command: null, seed: loaded.seed });

        const retried = await executeCommand(deps, request);
        expect(retried.replayed).toBe(true);
        expect(retried.events).toEqual(created.events);
        expect(await deps.store.lastSeq(gameId)).toBe(version);

        const empty = await loadGame(deps, unique('g_nothing'), 'c');
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
        expect(await gameAt(deps, gameId, 2)).toEqual(foldGame(RULESETS, log.slice(0, 2)));
        expect(await gameAt(deps, gameId, 0)).toEqual(emptyGame);
        const ids: string[] = [];
        for await (const id of deps.store.gameIds()) ids.push(id);
        expect(ids).toContain(gameId);
      });

      it('ARC-2 TB-3 a game longer than a snapshot interval loads the state its whole log folds to, also once taken back before the snapshot', async () => {
        const { deps } = await make();
        const gameId = unique('g_long');
        await give(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
        const joined = await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
        const winner = joined.state?.status === 'choosing' ? joined.state.rollOff?.winner : undefined;
        await give(deps, gameId, winner === 'blue' ? 'p_blue' : 'p_red', { type: 'ChooseFirstPlayer', seat: 'red' });
        while ((await deps.store.lastSeq(gameId)) < 60) {
          const { state } = await loadGame(deps, gameId);
          await endPhase(deps, gameId, (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
        }
        const log = await deps.store.readAfter(gameId, 0);
        expect((await loadGame(deps, gameId)).state).toEqual(foldGame(RULESETS, log));
        expect(await gameAt(deps, gameId, 55)).toEqual(foldGame(RULESETS, log.slice(0, 55)));

        // TB-3: the organiser takes it back before the snapshot: the store folds the takeback onto the state at that version.
        const started = log.findIndex((e) => e.type === 'FirstPlayerChosen');
        const toVersion = (log.find((e, i) => i > started + 5 && e.command !== undefined)?.seq ?? 0) - 1;
        const corrected = await give(deps, gameId, 'p_red', { type: 'CorrectGame', toVersion, reason: 'a ruling' });
        expect(corrected.events.map((e) => e.type)).toEqual(['TakenBack']);
        const { state } = await loadGame(deps, gameId);
        await endPhase(deps, gameId, (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
        const after = await deps.store.readAfter(gameId, 0);
        expect((await loadGame(deps, gameId)).state).toEqual(foldGame(RULESETS, after));
        expect(await gameAt(deps, gameId, corrected.version)).toEqual(foldGame(RULESETS, after.slice(0, corrected.version)));
        expect((await gameAt(deps, gameId, corrected.version)).version).toBe(corrected.version);
      });

      it('HALL-2 loads a stream that is no game with the fold it is handed, reading earlier states through that fold', async () => {
        const { deps } = await make();
        const streamId = unique('s_tally');
        const fold = tallyFold('v1');
        const thirty = await appendTally(deps, streamId, null, numbered(1, 30));
        const sixty = await appendTally(deps, streamId, thirty, numbered(31, 60), { state: { version: 60, sum: 1830 }, tag: 'v1' });
        // Back to the sum at version 10 (55), as a far takeback goes back to a state before the snapshot, then 62 more.
        await appendTally(deps, streamId, sixty, [{ type: 'Back', data: 10 }, ...numbered(62, 62)]);

        const loaded = await deps.store.load(streamId, fold);
        expect([loaded.state, loaded.fromSnapshot]).toEqual([{ version: 62, sum: 55 + 62 }, 60]);
        expect(await deps.store.loadAt(streamId, 61, fold)).toEqual({ version: 61, sum: 55 });
        expect(await deps.store.loadAt(streamId, 30, fold)).toEqual({ version: 30, sum: 465 });
        expect(await deps.store.loadAt(streamId, 0, fold)).toEqual(fold.initial);
        const nothing = await deps.store.load(unique('s_none'), fold);
        expect([nothing.state, nothing.fromSnapshot]).toEqual([fold.initial, null]);
      });

      it('HALL-2 a snapshot is trusted only while the fold tags its state as it was tagged', async () => {
        const { deps } = await make();
        const streamId = unique('s_tagged');
        const forty = await appendTally(deps, streamId, null, numbered(1, 40));
        // A state no fold of the log gives: a load that answers from it trusted the snapshot.
        const marked = { state: { version: 60, sum: -1 }, tag: 'v1' };
        const sixty = await appendTally(deps, streamId, forty, numbered(41, 60), marked);
        await appendTally(deps, streamId, sixty, numbered(61, 61));

        const trusted = await deps.store.load(streamId, tallyFold('v1'));
        expect([trusted.state, trusted.fromSnapshot]).toEqual([{ version: 61, sum: -1 + 61 }, 60]);
        expect(await deps.store.loadAt(streamId, 60, tallyFold('v1'))).toEqual({ version: 60, sum: -1 });
        // Under another tag (a game's: other rules) the snapshot is not trusted: the whole log is folded.
        const refolded = await deps.store.load(streamId, tallyFold('v2'));
        expect([refolded.state, refolded.fromSnapshot]).toEqual([{ version: 61, sum: (61 * 62) / 2 }, null]);
        expect(await deps.store.loadAt(streamId, 60, tallyFold('v2'))).toEqual({ version: 60, sum: 1830 });
      });
    });

    describe("a tournament's stream in the game store", () => {
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
        // INV-9: a player's tournament command record is kept under the id scoped to them.
        const loaded = await deps.store.load(tournamentId, tournamentFold, '@by.p_org.create');
        expect(loaded.state.state).toMatchObject({ status: 'open', version: 1 });
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
        // A retry answers from the log and writes nothing; the same player's id for another command is refused.
        expect((await join('p_a', 'join-a', 1)).replayed).toBe(true);
        await expect(join('p_a', 'join-a')).rejects.toMatchObject({ status: 409, type: 'command-id-reused' });
        const log = await deps.store.readAfter(tournamentId, 0);
        expect(log.map((e) => [e.seq, e.type, e.commandId])).toEqual([
          [1, 'TournamentCreated', 'create'],
          [2, 'PlayerJoined', 'join-a'],
          [3, 'PlayerJoined', 'join-b'],
        ]);
        expect(findChainBreak(log)).toBeNull();
        // The raw append holds a tournament to the game store's own conditions.
        const late = sealBatch(log[1] ?? null, [{ type: 'PlayerJoined', data: { playerId: 'p_x', round: 1 } }], meta(tournamentId, 'x'));
        expect(await deps.store.append({ gameId: tournamentId, expectedVersion: 2, events: late })).toEqual({
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
        await deps.games.dropReadModel(gameId, 6);
        expect((await deps.games.readModel(gameId))?.version).toBe(7);
        await deps.games.dropReadModel(gameId, 7);
        expect(await deps.games.readModel(gameId)).toBeNull();
      });

      it('INV-4 ARC-2 a failed projection marks the view it could not move, keeps its state, and the next view written clears the mark', async () => {
        const { deps } = await make();
        const gameId = unique('g_stale');
        const mark = { upTo: 5, reason: 'event 5 does not chain', at: '2026-12-07T10:00:00.000Z' };
        // No view yet: nothing to mark (the reads fold from the log without one).
        await deps.games.markStale(gameId, mark);
        expect(await deps.games.readModel(gameId)).toBeNull();
        expect(await deps.games.putReadModel(gameId, view(3), 0)).toBe(true);
        await deps.games.markStale(gameId, mark);
        const marked = await deps.games.readModel(gameId);
        expect(marked).toEqual({ version: 3, state: JSON.stringify({ version: 3 }), stale: mark });
        expect(marked && isStale(marked)).toBe(true);
        // The mark leaves the version gate alone: the projection that succeeds writes over version 3.
        expect(await deps.games.putReadModel(gameId, view(5), 3)).toBe(true);
        expect(await deps.games.readModel(gameId)).toEqual({ version: 5, state: JSON.stringify({ version: 5 }) });
        // A mark no further than the view (its inboxes failed after it was written) is no stale view.
        await deps.games.markStale(gameId, { ...mark, upTo: 5 });
        const current = await deps.games.readModel(gameId);
        expect(current && isStale(current)).toBe(false);
      });

      it('INV-4 ARC-2 a row of an inbox is marked behind its game, and the next row written clears the mark', async () => {
        const { deps } = await make();
        const playerId = unique('p_stale');
        const mark = { upTo: 9, reason: 'the view could not be written', at: '2026-12-07T10:00:00.000Z' };
        const row = {
          gameId: 'g_stale_row',
          ruleset: 'post-galactica',
          status: 'playing',
          seat: 'red',
          awaiting: true,
          deadline: null,
          version: 7,
          updatedAt: '2026-12-07T09:00:00.000Z',
        };
        // No row yet: nothing to mark.
        await deps.games.markInboxStale(playerId, row.gameId, mark);
        expect(await deps.games.inbox(playerId)).toEqual([]);
        await deps.games.putInbox(playerId, row);
        await deps.games.markInboxStale(playerId, row.gameId, mark);
        expect(await deps.games.inbox(playerId)).toEqual([{ ...row, stale: mark }]);
        await deps.games.putInbox(playerId, { ...row, version: 9 });
        expect(await deps.games.inbox(playerId)).toEqual([{ ...row, version: 9 }]);
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

    it("TRUST-6 ARC-2 a player's signing keys: written over the revision read, read back with the profile and by id", async () => {
      const { deps } = await make();
      const playerId = unique('p_keys');
      const key = (x: string, retired?: string): PublishedKey => ({
        ...{ kty: 'OKP', crv: 'Ed25519', x, kid: `kid-${x}`, alg: 'EdDSA', use: 'sig', created: '2026-01-01T00:00:00.000Z' },
        ...(retired === undefined ? {} : { retired }),
      });
      expect(await deps.games.setSigning(playerId, { keys: [key('a')], requireSignatures: false }, 0)).toBe(false);
      await deps.games.createPlayer({ playerId, name: 'Ada', apiKeyHash: 'h1' }, '2026-01-01T00:00:00.000Z');
      expect((await deps.games.player(playerId))?.signing).toBeUndefined();
      expect(await deps.games.playerKeys([playerId])).toEqual(new Map());
      expect(await deps.games.setSigning(playerId, { keys: [key('a')], requireSignatures: false }, 1)).toBe(false);
      expect(await deps.games.setSigning(playerId, { keys: [key('a')], requireSignatures: false }, 0)).toBe(true);
      // Of two writes over the same revision, one holds.
      expect(await deps.games.setSigning(playerId, { keys: [], requireSignatures: false }, 0)).toBe(false);
      const both = { keys: [key('a', '2026-02-01T00:00:00.000Z'), key('b')], requireSignatures: true };
      expect(await deps.games.setSigning(playerId, both, 1)).toBe(true);
      expect(await deps.games.player(playerId)).toEqual({
        playerId,
        name: 'Ada',
        apiKeyHash: 'h1',
        createdAt: '2026-01-01T00:00:00.000Z',
        signing: { ...both, revision: 2 },
      });
      const other = unique('p_keys');
      await deps.games.createPlayer({ playerId: other, name: 'Bo', apiKeyHash: 'h2' }, '2026-01-01T00:00:00.000Z');
      expect(await deps.games.playerKeys([playerId, other, unique('p_none'), playerId])).toEqual(new Map([[playerId, both.keys]]));
    });

    it("TRUST-6 ARC-2 a signed command's event keeps its signature, inside the chain, through the store", async () => {
      const { deps } = await make();
      const gameId = unique('g_signed');
      const signature = { kid: 'kid-a', alg: 'EdDSA', sig: 'c2lnbmVk' } as const;
      const batch = { ...meta(gameId, 'c1'), command: { type: 'Noop' } };
      const events = sealBatch(
        null,
        [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
        { ...batch, signature },
      );
      expect(events[0]?.signature).toEqual(signature);
      expect(events[1]?.signature).toBeUndefined();
      const unsigned = sealBatch(null, [{ type: 'A', data: {} }], batch);
      expect(unsigned[0]?.hash).not.toBe(events[0]?.hash);
      const record = { bodyHash: 'b', firstSeq: 1, lastSeq: 2 };
      expect(await deps.store.append({ gameId, expectedVersion: 0, events, command: { commandId: 'c1', record } })).toEqual({ ok: true });
      const read = await deps.store.readAfter(gameId, 0);
      expect(read).toEqual(events);
      expect(findChainBreak(read)).toBeNull();
    });

    it('ARC-2 webhooks: at most the limit per player, each update over the revision it read', async () => {
      const { deps } = await make();
      const table = deps.webhooks.table;
      const playerId = unique('p_hooks');
      expect(await table.create(subscription(playerId, 'w_b'), 's1', 2)).toBe('created');
      expect(await table.create(subscription(playerId, 'w_a'), 's2', 2)).toBe('created');
      expect(await table.create(subscription(playerId, 'w_c'), 's3', 2)).toBe('full');
      expect(await table.create(subscription(playerId, 'w_a'), 's2', 2)).toBe('exists');
      const records = await Promise.all(['w_a', 'w_b'].map((id) => table.get(playerId, id)));
      expect(records.map((r) => [r?.subscription.id, r?.secret, r?.rev, r?.log])).toEqual([
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

    describe('clubs and ladders', () => {
      const club = (clubId: string, createdBy: string): Club => ({
        clubId,
        name: 'Club',
        description: null,
        visibility: 'private',
        inviteCode: 'one',
        createdBy,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      const member = (playerId: string, role: ClubRole = 'member'): ClubMember => ({
        playerId,
        role,
        joinedAt: '2026-01-01T00:00:00.000Z',
      });

      it('CLUB-1 ARC-2 a club is created once with its organiser; its code is replaced; roles change only for members', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        expect(await deps.clubs.club(clubId)).toBeNull();
        expect(await deps.clubs.createClub(club(clubId, 'p_ann'), member('p_ann', 'organiser'))).toBe(true);
        expect(await deps.clubs.createClub(club(clubId, 'p_bob'), member('p_bob', 'organiser'))).toBe(false);
        expect(await deps.clubs.club(clubId)).toEqual(club(clubId, 'p_ann'));
        expect(await deps.clubs.members(clubId)).toEqual([member('p_ann', 'organiser')]);
        expect(await deps.clubs.setInviteCode(clubId, 'two')).toBe(true);
        expect((await deps.clubs.club(clubId))?.inviteCode).toBe('two');
        expect(await deps.clubs.setInviteCode(unique('c'), 'x')).toBe(false);
        expect(await deps.clubs.setRole(clubId, 'p_bob', 'organiser')).toBe(false);
        expect(await deps.clubs.member(clubId, 'p_bob')).toBeNull();
      });

      it('CLUB-1 ARC-2 concurrent joins lose nothing and duplicate nothing; a removed member is gone', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        await deps.clubs.createClub(club(clubId, 'p_a'), member('p_a', 'organiser'));
        const ids = Array.from({ length: 10 }, (_, i) => `p_${i}`);
        const outcomes = await Promise.all(
          ids.flatMap((id) => [deps.clubs.addMember(clubId, member(id)), deps.clubs.addMember(clubId, member(id, 'organiser'))]),
        );
        expect(outcomes.filter((o) => o === 'added')).toHaveLength(10);
        expect((await deps.clubs.members(clubId)).map((m) => m.playerId)).toEqual([
          'p_0',
          'p_1',
          'p_2',
          'p_3',
          'p_4',
          'p_5',
          'p_6',
          'p_7',
          'p_8',
          'p_9',
          'p_a',
        ]);
        expect(await deps.clubs.setRole(clubId, 'p_3', 'organiser')).toBe(true);
        expect((await deps.clubs.member(clubId, 'p_3'))?.role).toBe('organiser');
        expect(await deps.clubs.removeMember(clubId, 'p_3')).toBe(true);
        expect(await deps.clubs.removeMember(clubId, 'p_3')).toBe(false);
        expect(await deps.clubs.member(clubId, 'p_3')).toBeNull();
        expect(await deps.clubs.members(clubId)).toHaveLength(10);
      });

      it('CLUB-1 ARC-2 a club game is recorded once however often it is added', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        await deps.clubs.createClub(club(clubId, 'p_a'), member('p_a', 'organiser'));
        const game = (gameId: string) => ({
          gameId,
          ruleset: 'soluna',
          rated: true,
          createdBy: 'p_a',
          createdAt: '2026-01-01T00:00:00.000Z',
        });
        await Promise.all([
          deps.clubs.addGame(clubId, game('g_2')),
          deps.clubs.addGame(clubId, game('g_2')),
          deps.clubs.addGame(clubId, game('g_1')),
        ]);
        expect(await deps.clubs.games(clubId)).toEqual([game('g_1'), game('g_2')]);
      });

      it('CLUB-1 ARC-2 a club tournament is recorded once however often it is added, the first record kept', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        await deps.clubs.createClub(club(clubId, 'p_a'), member('p_a', 'organiser'));
        const tournament = (tournamentId: string, name = 'Cup') => ({
          tournamentId,
          name,
          format: 'swiss',
          ruleset: 'soluna',
          createdBy: 'p_a',
          createdAt: '2026-01-01T00:00:00.000Z',
        });
        await deps.clubs.addTournament(clubId, tournament('t_2'));
        await Promise.all([
          deps.clubs.addTournament(clubId, tournament('t_2', 'Other')),
          deps.clubs.addTournament(clubId, tournament('t_1')),
        ]);
        expect(await deps.clubs.tournaments(clubId)).toEqual([tournament('t_1'), tournament('t_2')]);
        expect(await deps.clubs.games(clubId)).toEqual([]);
      });

      it('CLUB-6 ARC-2 a ladder is written only over the revision it was read at, with its game rated once', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        await deps.clubs.createClub(club(clubId, 'p_a'), member('p_a', 'organiser'));
        const rating = { mu: 26, sigma: 8, games: 1, wins: 1, losses: 0, draws: 0 };
        const change = (n: number, gameId: string): RatingChange => ({
          n,
          gameId,
          endedAt: '2026-01-01T00:00:00.000Z',
          library: 'openskill@5.0.1',
          players: [
            {
              playerId: 'p_a',
              seat: 'red',
              opponents: ['p_b'],
              result: 'win',
              before: { mu: 25, sigma: 8.3 },
              after: { mu: 26, sigma: 8 },
            },
          ],
        });
        const ladder = (rated: number) => ({ ratings: { p_a: { ...rating, games: rated } }, rated });
        expect(await deps.clubs.ladder(clubId, 'soluna')).toBeNull();
        expect(await deps.clubs.rate(clubId, 'soluna', 1, ladder(1), change(1, 'g_1'))).toBe('conflict');
        expect(await deps.clubs.rate(clubId, 'soluna', 0, ladder(1), change(1, 'g_1'))).toBe('rated');
        expect(await deps.clubs.rate(clubId, 'soluna', 1, ladder(2), change(2, 'g_1'))).toBe('already');
        expect(await deps.clubs.rate(clubId, 'soluna', 0, ladder(2), change(2, 'g_2'))).toBe('conflict');
        expect(await deps.clubs.rate(clubId, 'soluna', 1, ladder(2), change(2, 'g_2'))).toBe('rated');
        expect(await deps.clubs.ladder(clubId, 'soluna')).toEqual({ ...ladder(2), rev: 2 });
        expect(await deps.clubs.ladder(clubId, 'post-galactica')).toBeNull();
        expect(await deps.clubs.ratingChanges(clubId, 'soluna')).toEqual([change(1, 'g_1'), change(2, 'g_2')]);
        expect(await deps.clubs.ratingChanges(clubId, 'post-galactica')).toEqual([]);
      });

      it('INV-1 ARC-2 a ladder of 3,500 players, past what one item holds, is written and read back whole; a rating not over the one read is a conflict', async () => {
        const { deps } = await make();
        const clubId = unique('c');
        await deps.clubs.createClub(club(clubId, 'p_a'), member('p_a', 'organiser'));
        // The largest numbers a rating shows: mu and sigma to 9 decimals, counts in the millions.
        const rating = (games: number) => ({
          mu: -12.345678901,
          sigma: 8.333333333,
          games,
          wins: 1_234_567,
          losses: 1_234_567,
          draws: 1_234_567,
        });
        const ratings: Record<string, ReturnType<typeof rating>> = {};
        const changes = 70;
        const perChange = 50;
        for (let n = 1; n <= changes; n += 1) {
          const players = Array.from({ length: perChange }, (_, i) => `p_${String((n - 1) * perChange + i).padStart(20, '0')}`);
          for (const p of players) ratings[p] = rating(1);
          const change: RatingChange = {
            n,
            gameId: `g_${n}`,
            endedAt: '2026-01-01T00:00:00.000Z',
            library: 'openskill@5.0.1',
            players: players.map((playerId) => ({
              playerId,
              seat: 'red',
              opponents: [],
              result: 'draw',
              before: { mu: 25, sigma: 8.3 },
              after: { mu: -12.345678901, sigma: 8.333333333 },
            })),
          };
          expect(await deps.clubs.rate(clubId, 'soluna', n - 1, { ratings: { ...ratings }, rated: n }, change)).toBe('rated');
        }
        // As one item, these ratings would be over DynamoDB's 400 KB (the client refuses such an item).
        expect(JSON.stringify(ratings).length).toBeGreaterThan(400 * 1024);
        const ladder = await deps.clubs.ladder(clubId, 'soluna');
        expect(ladder).toEqual({ ratings, rated: changes, rev: changes });
        expect(Object.keys(ladder?.ratings ?? {})).toHaveLength(changes * perChange);
        // Rated as if its first game had not been: its stored rating (1 game) is not the one this was computed from.
        const first = 'p_00000000000000000000';
        const stale: RatingChange = {
          n: changes + 1,
          gameId: 'g_stale',
          endedAt: '2026-01-01T00:00:00.000Z',
          library: 'openskill@5.0.1',
          players: [
            { playerId: first, seat: 'red', opponents: [], result: 'win', before: { mu: 25, sigma: 8.3 }, after: { mu: 26, sigma: 8 } },
          ],
        };
        const staleLadder = { ratings: { ...ratings, [first]: rating(3) }, rated: changes + 1 };
        expect(await deps.clubs.rate(clubId, 'soluna', changes, staleLadder, stale)).toBe('conflict');
        expect((await deps.clubs.ladder(clubId, 'soluna'))?.ratings[first]).toEqual(rating(1));
      });
    });
  });
};
