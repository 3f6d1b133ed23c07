/**
 * INV-3 for tournaments (CLUB-4, CLUB-5): standings equal what the logs give, under any delivery.
 * A Swiss runs on the memory adapters, but its stream is delivered as a real one may be: every
 * batch of every stream (the tournament's and its games') reaches the tournament reactor in a
 * random order, some of them twice, while the games end by concessions the draw picks. After
 * quiet the tournament has ended, every game's result is recorded exactly once, and its export
 * passes every check of `verify-tournament`, which recomputes the pairings and the standings
 * from the tournament's log and the games' own logs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../domain/kernel/digest.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { exportTournament } from '../../functions/tournaments/app/tournament-export.ts';
import { loadTournament } from '../../functions/tournaments/app/tournament-fold.ts';
import { reactForTournaments } from '../../functions/tournaments/app/tournament-rounds.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import { PROPERTY_SCALE, PROPERTY_SEED } from '../support/histories.ts';
import { ORGANISER, playerIds } from '../support/tournament.ts';

const TOURNAMENT = 't_inv3';

describe('INV-3 standings equal what the logs give, under any delivery', () => {
  it(
    'INV-3 CLUB-5 a Swiss whose stream arrives out of order and twice records each result once and exports what verify-tournament recomputes',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 4, max: 6 }), fc.gen(), async (players, g) => {
          let drawn = 0;
          const deps: Deps = createMemoryDeps(everyRuleset(), {
            randomHex: (bytes) => {
              drawn += 1;
              return sha256Hex(`inv3-${drawn}`).slice(0, bytes * 2);
            },
          });
          if (!(deps.store instanceof MemoryGameStore)) throw new Error('memory store expected');
          const pending: { id: string; events: readonly EventEnvelope[] }[] = [];
          const delivered: { id: string; events: readonly EventEnvelope[] }[] = [];
          deps.store.onAppend((events) => {
            if (events[0]) pending.push({ id: events[0].gameId, events });
          });
          /** Every batch waiting, one at a time in a random order, some handed over again later: until none is left. */
          const pump = async () => {
            while (pending.length > 0) {
              const [next] = pending.splice(g(fc.nat, pending.length - 1), 1);
              if (!next) continue;
              await reactForTournaments(deps, null, null, next.id, next.events);
              delivered.push(next);
              if (g(fc.integer, { min: 0, max: 3 }) === 0) {
                const again = delivered[g(fc.nat, delivered.length - 1)];
                if (again) await reactForTournaments(deps, null, null, again.id, again.events);
              }
            }
          };
          const tournamentCommand = (playerId: string, commandId: string, command: Record<string, unknown>) =>
            executeTournamentCommand(deps, {
              tournamentId: TOURNAMENT,
              commandId,
              command: command as never,
              caller: { kind: 'player', playerId },
            });
          const rounds = Math.floor(players / 2);
          await tournamentCommand(ORGANISER, 'create-0001', {
            type: 'CreateTournament',
            tournamentId: TOURNAMENT,
            name: 'The Property Cup',
            format: 'swiss',
            rounds,
            ruleset: 'post-galactica',
          });
          for (const p of playerIds(players)) await tournamentCommand(p, 'join-0001', { type: 'JoinTournament' });
          await tournamentCommand(ORGANISER, 'start-0001', { type: 'StartTournament' });
          let commands = 0;
          for (let round = 0; round < rounds + 1; round += 1) {
            await pump();
            const { state } = await loadTournament(deps, TOURNAMENT);
            if (state.status !== 'running') break;
            const current = state.history.at(-1);
            for (const pairing of current?.pairings ?? []) {
              if (current?.results.some((r) => r.table === pairing.table)) continue;
              const { state: game } = await loadGame(deps, pairing.gameId);
              if (game.status === 'ended' || game.status === 'empty') continue;
              commands += 1;
              const loser = g(fc.boolean) ? pairing.red : pairing.blue;
              await executeCommand(deps, {
                gameId: pairing.gameId,
                commandId: `concede-${commands}`,
                command: { type: 'Concede' } as never,
                caller: { kind: 'player', playerId: loser },
              });
            }
          }
          await pump();
          const { events: log, state: final } = await loadTournament(deps, TOURNAMENT);
          expect(final.status).toBe('ended');
          const results = log.filter((e) => e.type === 'ResultRecorded').map((e) => (e.data as { gameId?: string; table: number }).table);
          const paired = log.filter((e) => e.type === 'RoundPaired').flatMap((e) => (e.data as { pairings: unknown[] }).pairings);
          expect(paired.length).toBeGreaterThanOrEqual(rounds * Math.floor(players / 2));
          expect(results).toHaveLength(paired.length);
          const text = await exportTournament(deps, TOURNAMENT, ORGANISER);
          expect(verifyTournament(text, everyRuleset()).filter((c) => !c.ok)).toEqual([]);
        }),
        { seed: PROPERTY_SEED, numRuns: 12 * PROPERTY_SCALE },
      );
    },
    60_000 * PROPERTY_SCALE,
  );
});
