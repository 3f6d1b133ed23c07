/**
 * A Swiss run through the application's command path on the memory adapters and their stream
 * (CLUB-4): each pairing opens real refereed games, and each game's end reaches the tournament
 * through the stream. Seeds come from a counter named by `label`, not randomness, so every run
 * gives the same pairings and the same export, and tests can pin real values.
 */
import { sha256Hex } from '../../domain/kernel/digest.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { projectGame } from '../../functions/games/app/projection.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { exportTournament } from '../../functions/tournaments/app/tournament-export.ts';
import { loadTournament } from '../../functions/tournaments/app/tournament-fold.ts';
import { reactForTournaments } from '../../functions/tournaments/app/tournament-rounds.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import { MemoryStream } from '../../infra/local/memory-stream.ts';
import { ORGANISER, playerIds } from './tournament.ts';

type TournamentCommand = Parameters<typeof executeTournamentCommand>[1]['command'];

export interface SwissSetup {
  readonly label: string;
  readonly tournamentId: string;
  readonly name: string;
  readonly ruleset: string;
  readonly players: number;
  readonly rounds: number;
}

/** Creates the Swiss, seats `players` players (playerIds) and starts it; the organiser is ORGANISER. */
export const openSwiss = async ({ label, tournamentId, name, ruleset, players, rounds }: SwissSetup) => {
  let drawn = 0;
  const randomHex = (bytes: number) => {
    drawn += 1;
    return sha256Hex(`${label}-${drawn}`).slice(0, bytes * 2);
  };
  const deps: Deps = createMemoryDeps(everyRuleset(), { randomHex });
  const stream = new MemoryStream([
    { name: 'projector', handle: (gameId, events) => projectGame(deps, gameId, events) },
    { name: 'tournaments', streams: 'all', handle: (id, events) => reactForTournaments(deps, null, null, id, events) },
  ]);
  if (!(deps.store instanceof MemoryGameStore)) throw new Error('memory store expected');
  deps.store.onAppend(stream.push);
  /** A command to the tournament from `playerId`. */
  const tournamentCommand = (playerId: string, commandId: string, command: TournamentCommand) =>
    executeTournamentCommand(deps, { tournamentId, commandId, command, caller: { kind: 'player', playerId } });
  /** A command to one of its games from `playerId`. */
  const gameCommand = (gameId: string, playerId: string, commandId: string, command: Record<string, unknown>) =>
    executeCommand(deps, { gameId, commandId, command: command as never, caller: { kind: 'player', playerId } });
  await tournamentCommand(ORGANISER, 'create', { type: 'CreateTournament', tournamentId, name, format: 'swiss', rounds, ruleset });
  for (const p of playerIds(players)) await tournamentCommand(p, `join-${p}`, { type: 'JoinTournament' });
  await tournamentCommand(ORGANISER, 'start', { type: 'StartTournament' });
  /** The current round's pairings, once the stream has opened its games. */
  const pairings = async () => {
    await stream.idle();
    const { state } = await loadTournament(deps, tournamentId);
    if (state.status !== 'running') throw new Error(`the tournament is ${state.status}`);
    return state.history.at(-1)?.pairings ?? [];
  };
  /** The organiser's export, once the stream has caught up. */
  const exported = async () => {
    await stream.idle();
    return exportTournament(deps, tournamentId, ORGANISER);
  };
  return { deps, tournamentCommand, gameCommand, pairings, exported };
};
