/**
 * INV-3 for ladders (CLUB-6): a club ladder equals what its ended games give, under any delivery.
 * Rated club games between four players end (by concession, whoever the draw names); their logs
 * reach the club reactions (`reactForClubs`, run by the projector's consumer) in random batches,
 * the games interleaved, batches delivered again out of order. After quiet, every ended game is
 * rated exactly once, and the ladder and its changes are `recomputeLadder` over the games in the
 * order the ladder rated them, so anyone can recompute it from the logs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { reactForClubs } from '../../functions/clubs/app/club-reactions.ts';
import { createClub } from '../../functions/clubs/app/clubs.ts';
import { recomputeLadder } from '../../functions/clubs/app/ladder.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { deliveries, PROPERTY_SCALE, PROPERTY_SEED } from '../support/histories.ts';

const PLAYERS = ['p_ann', 'p_bob', 'p_cy', 'p_dee'] as const;
const RULESET = 'post-galactica';

/** A game between two players of the club and who concedes it. */
const pairing = fc.record({
  red: fc.constantFrom(...PLAYERS),
  blue: fc.constantFrom(...PLAYERS),
  redConcedes: fc.boolean(),
});

describe('INV-3 a ladder equals what its ended games give, under any delivery', () => {
  it(
    'INV-3 CLUB-6 every ended rated game is rated once, and the ladder is the recomputation of its games in the order it rated them',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(pairing, { minLength: 1, maxLength: 6 }), fc.gen(), async (games, g) => {
          let ids = 0;
          const deps = createMemoryDeps(everyRuleset(), {
            randomHex: (bytes) => {
              ids += 1;
              return ids.toString(16).padStart(bytes * 2, '0');
            },
          });
          const { club } = await createClub(deps, 'p_ann', { name: 'Tuesday Night' });
          let commands = 0;
          const give = (gameId: string, playerId: string, command: Record<string, unknown> & { type: string }) => {
            commands += 1;
            return executeCommand(deps, {
              gameId,
              commandId: `cmd-${commands}`,
              command: command as never,
              caller: { kind: 'player', playerId },
            });
          };
          const logs = new Map<string, EventEnvelope[]>();
          for (const [i, game] of games.entries()) {
            if (game.red === game.blue) continue;
            const gameId = `g_ladder_${i}`;
            const options = { firstPlayer: 'red', club: { clubId: club.clubId, rated: true } };
            await give(gameId, game.red, { type: 'CreateGame', ruleset: RULESET, seat: 'red', options });
            await give(gameId, game.blue, { type: 'JoinGame' });
            await give(gameId, game.redConcedes ? game.red : game.blue, { type: 'Concede' });
            logs.set(gameId, await deps.store.readAfter(gameId, 0));
          }
          // Each game's records in random batches, the games' batches interleaved at random, some delivered twice.
          const perGame = [...logs].map(([gameId, log]) => deliveries(log, g).map((d) => ({ gameId, batch: d.batch })));
          const schedule: { gameId: string; batch: readonly EventEnvelope[] }[] = [];
          while (perGame.some((q) => q.length > 0)) {
            const open = perGame.filter((q) => q.length > 0);
            const queue = open[g(fc.nat, open.length - 1)] as { gameId: string; batch: readonly EventEnvelope[] }[];
            schedule.push(queue.shift() as { gameId: string; batch: readonly EventEnvelope[] });
          }
          for (const { gameId, batch } of schedule) await reactForClubs(deps, gameId, batch);

          const changes = await deps.clubs.ratingChanges(club.clubId, RULESET);
          expect(changes.map((c) => c.gameId).sort()).toEqual([...logs.keys()].sort());
          const ladder = await deps.clubs.ladder(club.clubId, RULESET);
          expect(ladder?.rated ?? 0).toBe(logs.size);
          const states = await Promise.all(changes.map(async (c) => (await loadGame(deps, c.gameId)).state));
          const recomputed = recomputeLadder(states);
          expect(changes).toEqual(recomputed.changes);
          if (ladder) expect(ladder.ratings).toEqual(recomputed.ladder.ratings);
          expect((await deps.clubs.games(club.clubId)).map((c) => c.gameId).sort()).toEqual([...logs.keys()].sort());
        }),
        { seed: PROPERTY_SEED, numRuns: 40 * PROPERTY_SCALE },
      );
    },
    30_000 * PROPERTY_SCALE,
  );
});
