/** Driving the application layer directly (no HTTP) for integration tests. */

import type { GameState } from '../../domain/match/state.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import type { Deps } from '../../functions/kernel/deps.ts';

let counter = 0;
export const nextCommandId = () => {
  counter += 1;
  return `cmd-${Date.now()}-${counter}`;
};

export const give = (
  deps: Deps,
  gameId: string,
  playerId: string,
  command: { type: string } & Record<string, unknown>,
  expectedVersion?: number,
) =>
  executeCommand(deps, {
    gameId,
    commandId: nextCommandId(),
    command,
    caller: { kind: 'player', playerId },
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  });

/** A Post Galactica game between p_red and p_blue, playing, red to act (the roll-off winner chooses red). */
export const startGame = async (deps: Deps, gameId: string): Promise<GameState> => {
  await give(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
  const joined = await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
  const state = joined.state;
  if (state?.status !== 'choosing' || !state.rollOff) throw new Error('expected a roll-off');
  const winner = state.rollOff.winner;
  const chosen = await give(deps, gameId, winner === 'red' ? 'p_red' : 'p_blue', { type: 'ChooseFirstPlayer', seat: 'red' });
  if (!chosen.state) throw new Error('no state');
  return chosen.state;
};

export const endPhase = (deps: Deps, gameId: string, playerId: string, expectedVersion?: number) =>
  give(deps, gameId, playerId, { type: 'EndPhase' }, expectedVersion);
