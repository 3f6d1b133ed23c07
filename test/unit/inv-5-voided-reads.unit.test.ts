/**
 * INV-5: every read agrees on voided ranges, whatever the read model's lag. For generated
 * histories with own, agreed and organiser takebacks (test/support/histories.ts), the read
 * model is left behind the log at a random version; then, for every event, each read that can
 * say whether it is void must say the same as a fresh fold of the whole log: the game's view,
 * the events page (read in pages of a random size), `state?at=N`, the log export's header, each
 * seat's inbox row (as current as its read model),
 * `replay --explain` (`voidedBy`) and the viewer's marks (`voidMarks`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import type { Voided } from '../../domain/match/state.ts';
import { voidedBy } from '../../domain/verify/explain.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { exportLog } from '../../functions/games/app/export.ts';
import { projectGame } from '../../functions/games/app/projection.ts';
import { gameEvents, gameView, stateAt } from '../../functions/games/app/queries.ts';
import { voidMarks } from '../../web/voided.ts';
import { appendHistory, HISTORY_RULESETS, history, PROPERTY_SCALE, PROPERTY_SEED, playHistory } from '../support/histories.ts';

const READER = 'p_org';

/** The takeback that voided `seq` according to a list of runs, or null. */
const byOf = (runs: readonly Voided[] | undefined, seq: number): number | null =>
  runs?.find((r) => seq >= r.from && seq <= r.to)?.by ?? null;

describe('INV-5 every read agrees on voided ranges', () => {
  it(
    'INV-5 the view, the events page, state?at=N, the export, explain and the viewer name the same takeback for every event, the read model lagging anywhere',
    async () => {
      let runs = 0;
      let voidedSeen = 0;
      await fc.assert(
        fc.asyncProperty(history(24), fc.nat(), fc.integer({ min: 1, max: 12 }), async (h, lagPick, pageSize) => {
          runs += 1;
          const played = playHistory(h, `g_inv5_${runs}`);
          const deps = createMemoryDeps(HISTORY_RULESETS);
          await appendHistory(deps, played);
          // The read model stands anywhere from nowhere to the head of the log.
          const lag = lagPick % (played.log.length + 1);
          if (lag > 0) await projectGame(deps, played.gameId, played.log.slice(0, lag));
          const head = played.log.length;
          const fresh = foldGame(HISTORY_RULESETS, played.log);
          if (fresh.status === 'empty') throw new Error('no game');
          const truth = (seq: number) => byOf(fresh.voided, seq);

          const view = (await gameView(deps, played.gameId, READER, head)).view;
          const exported = parseLog(await exportLog(deps, played.gameId, READER));
          const reveals = HISTORY_RULESETS.getFold(fresh.ruleset).revealTypes ?? [];
          const marks = voidMarks(played.log, reveals);
          const paged = new Map<number, number | null>();
          for (let after = 0; after < head; ) {
            const page = await gameEvents(deps, played.gameId, READER, after, pageSize);
            for (const event of page.events) paged.set(event.seq, byOf(page.voided, event.seq));
            after = page.events.at(-1)?.seq ?? head;
          }
          // An inbox row is as current as its read model: it names the latest takeback of the log up to its own version.
          for (const seat of fresh.seats) {
            const row = seat.playerId ? (await deps.games.inbox(seat.playerId)).find((e) => e.gameId === played.gameId) : undefined;
            if (!row) continue;
            const then = foldGame(HISTORY_RULESETS, played.log.slice(0, row.version));
            const runs = then.status === 'empty' ? [] : (then.voided ?? []);
            const latest = Math.max(0, ...runs.map((r) => r.by));
            expect(row.latestTakeback ?? [], `${seat.name}'s inbox row at ${row.version}`).toEqual(runs.filter((r) => r.by === latest));
          }
          for (let seq = 1; seq <= head; seq += 1) {
            const expected = truth(seq);
            if (expected !== null) voidedSeen += 1;
            const mark = marks.get(seq);
            const at = await stateAt(deps, played.gameId, READER, seq);
            expect(
              {
                view: byOf(view.voided, seq),
                page: paged.get(seq),
                stateAt: at.voided?.by ?? null,
                export: byOf((exported.header.state as { voided?: Voided[] }).voided, seq),
                explain: voidedBy(played.log, seq)?.seq ?? null,
                viewer: mark?.kind === 'voided' ? mark.by : null,
              },
              `event ${seq} of ${played.gameId}, read model at ${lag}`,
            ).toEqual({ view: expected, page: expected, stateAt: expected, export: expected, explain: expected, viewer: expected });
          }
        }),
        { seed: PROPERTY_SEED, numRuns: 60 * PROPERTY_SCALE },
      );
      // The histories did take things back: the property was not checked on logs with nothing void.
      expect(voidedSeen).toBeGreaterThan(20);
    },
    30_000 * PROPERTY_SCALE,
  );
});
