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
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { projectGame } from '../../functions/games/app/projection.ts';
import { transitions } from '../../functions/games/app/transitions.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import {
  appendHistory,
  deliveries,
  expectReadsEqualTheFold,
  failingWrites,
  HISTORY_RULESETS,
  history,
  type PlayedHistory,
  PROPERTY_SCALE,
  PROPERTY_SEED,
  playHistory,
} from '../support/histories.ts';

/** The memory store holding `played`'s log, its read-model writes failing when `failing.next` says so. */
const storeOf = async (played: PlayedHistory, failing: { next: boolean }): Promise<Deps> => {
  const deps = createMemoryDeps(HISTORY_RULESETS);
  await appendHistory(deps, played);
  failingWrites(deps, failing);
  return deps;
};

type Delivery = { readonly batch: readonly EventEnvelope[]; readonly fail: boolean };

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

describe('INV-3 a read model equals the fold of its log, under any delivery', () => {
  it(
    'INV-3 every history of every ruleset, delivered in random batches with duplicates, reorders and failed writes',
    async () => {
      await fc.assert(
        fc.asyncProperty(history(30), fc.gen(), async (h, g) => {
          const played = playHistory(h);
          const failing = { next: false };
          const deps = await storeOf(played, failing);
          await deliver(deps, played.gameId, deliveries(played.log, g), failing);
          await expectReadsEqualTheFold(deps, played);
        }),
        { seed: PROPERTY_SEED, numRuns: 150 * PROPERTY_SCALE },
      );
    },
    30_000 * PROPERTY_SCALE,
  );

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
