/**
 * INV-3: a read model equals the fold of its log, under any delivery. Histories of every
 * ruleset and Pig (moves, deadlines, own, agreed and organiser takebacks across rolls,
 * concessions: test/support/histories.ts) are appended to the memory store as the command
 * path appends them; then the stream delivers them to the projector and to the fold every
 * other consumer reads (`transitions`: the timer reactor, the publisher) in random batches:
 * split anywhere, shuffled within a batch (a stream orders records per item, not per game),
 * batches swapped, old batches delivered again, and a write failing before it lands, after
 * which the stream delivers the same batch again. After quiet, every read model must equal what
 * a fresh fold of the log gives: the state, each seat's view, each inbox entry, the lobby
 * entry and the events page's voided marks.
 *
 * The seed is fixed, so `npm test` runs the same cases every time; ARBITER_PROPERTY_SCALE=100
 * runs a hundred times as many.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { GameState } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import type { Deps } from '../../functions/app/deps.ts';
import { inboxEntriesOf, lobbyEntryOf, projectGame } from '../../functions/app/projection.ts';
import { gameEvents } from '../../functions/app/queries.ts';
import { transitions } from '../../functions/app/transitions.ts';
import { HISTORY_RULESETS, history, type PlayedHistory, playHistory } from '../support/histories.ts';

const SCALE = Number(process.env.ARBITER_PROPERTY_SCALE ?? '1');
const SEED = 20261207;

/** The memory store holding `played`'s log, appended batch by batch as the command path appends. */
const storeOf = async (played: PlayedHistory, failing: { next: boolean }): Promise<Deps> => {
  const deps = createMemoryDeps(HISTORY_RULESETS);
  for (const batch of played.batches) {
    const appended = await deps.store.append({ gameId: played.gameId, expectedVersion: (batch[0]?.seq ?? 1) - 1, events: batch });
    if (!appended.ok) throw new Error(`could not append ${batch[0]?.seq}`);
  }
  // A write that fails before it lands, once, when the schedule says so.
  const games = deps.games;
  const failOnce = () => {
    if (!failing.next) return;
    failing.next = false;
    throw new Error('injected: the write failed before it landed');
  };
  const putReadModel = games.putReadModel.bind(games);
  const putInbox = games.putInbox.bind(games);
  games.putReadModel = async (...args) => {
    failOnce();
    return putReadModel(...args);
  };
  games.putInbox = async (...args) => {
    failOnce();
    return putInbox(...args);
  };
  return deps;
};

type Delivery = { readonly batch: readonly EventEnvelope[]; readonly fail: boolean };

/** A delivery of `log` as a stream might make it: every record at least once, in random batches and orders. */
const deliveries = (log: readonly EventEnvelope[], g: fc.GeneratorValue): Delivery[] => {
  const chunks: EventEnvelope[][] = [];
  for (let i = 0; i < log.length; ) {
    const size = g(fc.integer, { min: 1, max: 8 });
    chunks.push(log.slice(i, i + size));
    i += size;
  }
  // Neighbouring batches swapped: a later record of the game may come first.
  for (let i = 0; i + 1 < chunks.length; i += 1) {
    if (g(fc.integer, { min: 0, max: 4 }) === 0)
      [chunks[i], chunks[i + 1]] = [chunks[i + 1] as EventEnvelope[], chunks[i] as EventEnvelope[]];
  }
  const out: Delivery[] = [];
  for (const chunk of chunks) {
    const shuffled = g(fc.boolean) ? g(fc.shuffledSubarray, chunk, { minLength: chunk.length, maxLength: chunk.length }) : chunk;
    out.push({ batch: shuffled, fail: g(fc.integer, { min: 0, max: 5 }) === 0 });
    // An old batch delivered again, as a redelivery after a timeout would.
    if (out.length > 1 && g(fc.integer, { min: 0, max: 4 }) === 0) {
      const old = out[g(fc.integer, { min: 0, max: out.length - 2 })] as Delivery;
      out.push({ batch: old.batch, fail: false });
    }
  }
  return out;
};

/** Hand each delivery to the projector and to `transitions` until it succeeds, as the stream retries a failed batch. */
const deliver = async (deps: Deps, gameId: string, schedule: readonly Delivery[], failing: { next: boolean }) => {
  for (const { batch, fail } of schedule) {
    failing.next = fail;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await projectGame(deps, gameId, batch);
        break;
      } catch (error) {
        if (!String(error).includes('injected') || attempt > 3) throw error;
      }
    }
    failing.next = false;
    // What the timer reactor and the publisher fold: the batch's steps end at the fold of the log up to its newest record.
    const steps = await transitions(deps, gameId, batch);
    const newest = Math.max(...batch.map((e) => e.seq));
    expect(steps.at(-1)?.after.version).toBe(newest);
  }
};

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Every read model of the game against a fresh fold of its log. */
const expectReadsEqualTheFold = async (deps: Deps, played: PlayedHistory) => {
  const fresh: GameState = foldGame(HISTORY_RULESETS, played.log);
  const model = await deps.games.readModel(played.gameId);
  expect(model?.version).toBe(fresh.version);
  const modelled = JSON.parse(model?.state ?? 'null') as GameState;
  expect(modelled).toEqual(plain(fresh));
  expect((model as { lobby?: unknown }).lobby ?? null).toEqual(plain(lobbyEntryOf(fresh)));
  if (fresh.status === 'empty') return;
  for (const seat of [null, ...fresh.seats.map((s) => s.name)]) {
    expect(plain(viewGame(HISTORY_RULESETS, modelled, seat))).toEqual(plain(viewGame(HISTORY_RULESETS, fresh, seat)));
  }
  for (const { playerId, entry } of inboxEntriesOf(HISTORY_RULESETS, fresh)) {
    const inbox = await deps.games.inbox(playerId);
    expect(inbox.find((e) => e.gameId === played.gameId)).toEqual(entry);
  }
  const page = await gameEvents(deps, played.gameId, 'p_org', 0, 1000);
  expect(page.voided ?? []).toEqual(plain(fresh.voided ?? []));
};

describe('INV-3 a read model equals the fold of its log, under any delivery', () => {
  it('INV-3 every history of every ruleset, delivered in random batches with duplicates, reorders and failed writes', async () => {
    await fc.assert(
      fc.asyncProperty(history(30), fc.gen(), async (h, g) => {
        const played = playHistory(h);
        const failing = { next: false };
        const deps = await storeOf(played, failing);
        await deliver(deps, played.gameId, deliveries(played.log, g), failing);
        await expectReadsEqualTheFold(deps, played);
      }),
      { seed: SEED, numRuns: 150 * SCALE },
    );
  });

  it('INV-3 a read model standing at the version an agreed takeback goes back to takes the undone commands and the takeback in one batch', async () => {
    // Pig: red rolls, holds; blue rolls twice; red proposes to go back to before blue's rolls and blue accepts.
    const played = playHistory({
      ruleset: 'pig',
      steps: [
        { kind: 'move', pick: 1 },
        { kind: 'move', pick: 0 },
        { kind: 'move', pick: 1 },
        { kind: 'move', pick: 1 },
        { kind: 'agreed', back: 2, accept: true },
      ],
    });
    const takeback = played.log.find((e) => e.type === 'TakenBack');
    if (!takeback) throw new Error('the history took nothing back');
    expect(takeback.data).toMatchObject({ how: 'agreed' });
    const toVersion = (takeback.data as { toVersion: number }).toVersion;
    const failing = { next: false };
    const deps = await storeOf(played, failing);
    // The read model reaches exactly the version taken back to, then gets the rest in one batch.
    await deliver(deps, played.gameId, [{ batch: played.log.filter((e) => e.seq <= toVersion), fail: false }], failing);
    expect((await deps.games.readModel(played.gameId))?.version).toBe(toVersion);
    await deliver(deps, played.gameId, [{ batch: played.log.filter((e) => e.seq > toVersion), fail: false }], failing);
    await expectReadsEqualTheFold(deps, played);
  });
});
