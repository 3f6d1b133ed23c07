/** What a game's read model should hold: each item the projector writes, compared with the fold of its log. */

import { isDeepStrictEqual } from 'node:util';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { inboxEntriesOf, lobbyEntryOf } from '../../functions/games/app/projection.ts';
import type { Deps } from '../../functions/kernel/deps.ts';

const RULESETS = everyRuleset();

/** The game folded from its log (or its first `upTo` events). */
export const foldedGame = async (deps: Deps, gameId: string, upTo = Number.MAX_SAFE_INTEGER): Promise<GameState> =>
  foldGame(RULESETS, await deps.store.readAfter(gameId, 0, upTo), emptyGame);

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);

/**
 * How the view, each seated player's inbox entry and the lobby entry of `state.gameId` differ
 * from what `state` makes of them: one line per item that differs, none when all agree.
 */
export const readModelDiff = async (deps: Deps, state: GameState): Promise<string[]> => {
  if (state.status === 'empty') return [];
  const { gameId } = state;
  const diff: string[] = [];
  const model = await deps.games.readModel(gameId);
  const view = model ? (JSON.parse(model.state) as unknown) : null;
  if (!isDeepStrictEqual(view, JSON.parse(JSON.stringify(state))))
    diff.push(`${gameId} view: at version ${model?.version ?? 'none'}, not ${state.version}`);
  for (const { playerId, entry } of inboxEntriesOf(RULESETS, state)) {
    const held = (await deps.games.inbox(playerId)).find((e) => e.gameId === gameId) ?? null;
    if (!isDeepStrictEqual(held, entry)) diff.push(`${gameId} inbox of ${playerId}: ${show(held)}, not ${show(entry)}`);
  }
  const expected = lobbyEntryOf(state);
  const listed = (await deps.games.lobby([state.ruleset], null, 10_000)).entries.filter((e) => e.gameId === gameId);
  if (!isDeepStrictEqual(listed, expected ? [expected] : [])) diff.push(`${gameId} lobby: ${show(listed)}, not ${show(expected)}`);
  return diff;
};
