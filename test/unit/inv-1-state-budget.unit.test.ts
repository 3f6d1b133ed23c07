/**
 * INV-1: the command path refuses a command whose state would exceed the budget, and takes
 * every command that does not grow it. The shipped rulesets' limits keep their largest games
 * under the budget (their own INV-1 tests play them), so the refusal is shown on a Pig whose
 * fold keeps a note of every event: a ruleset whose state grows with play, as a careless one
 * could.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import type { PigState } from '../../docs/examples/pig/state.ts';
import { rulesetsOf } from '../../domain/catalogue.ts';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { stateBytes } from '../../functions/games/app/budget.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { Problem } from '../../functions/kernel/problems.ts';

/** Pig whose state keeps 8 KB more for every event it folds, and wins only at 1,000 points. */
const growingPig = {
  ...pig,
  evolve: (state: PigState, event: Parameters<typeof pig.evolve>[1]) => {
    const next = pig.evolve(state, event) as PigState & { notes?: string[] };
    return { ...next, notes: [...((state as { notes?: string[] }).notes ?? []), 'x'.repeat(8 * 1024)] };
  },
};

describe('INV-1 a game state over the budget is never written', () => {
  it('INV-1 a command that would grow the state past the budget is refused with STATE_TOO_LARGE; nothing is written; Concede still ends it', async () => {
    let commands = 0;
    const nextId = () => {
      commands += 1;
      return `c-${commands}`;
    };
    const deps = createMemoryDeps(rulesetsOf({ rulesets: [growingPig] }), { randomHex: (bytes) => 'ab'.repeat(bytes) });
    const give = (playerId: string, command: Record<string, unknown> & { type: string }) =>
      executeCommand(deps, {
        gameId: 'g_budget',
        commandId: nextId(),
        command: command as never,
        caller: { kind: 'player', playerId },
      });
    await give('p_red', {
      type: 'CreateGame',
      ruleset: 'pig',
      seat: 'red',
      options: { rules: { ...EXAMPLE_OPTIONS, target: 1000 }, firstPlayer: 'red' },
    });
    await give('p_blue', { type: 'JoinGame' });
    let refused: Problem | null = null;
    for (let i = 0; i < 100 && refused === null; i += 1) {
      const { state } = await loadGame(deps, 'g_budget');
      const active = (state as { rules: PigState }).rules.active;
      try {
        await give(active === 'red' ? 'p_red' : 'p_blue', { type: 'Roll' });
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        refused = error;
      }
    }
    expect(refused?.status).toBe(422);
    expect(refused?.extra).toMatchObject({ code: 'STATE_TOO_LARGE', rule: 'MATCH' });
    expect(refused?.detail).toMatch(/a game holds at most 200 KB/);
    const { state } = await loadGame(deps, 'g_budget');
    expect(stateBytes(state)).toBeLessThanOrEqual(STATE_BUDGET_BYTES);
    const version = state.version;
    expect(await deps.store.lastSeq('g_budget')).toBe(version);
    // The concession folds no ruleset event, so the state does not grow: it is taken.
    const conceded = await give('p_red', { type: 'Concede' });
    expect(conceded.state?.status).toBe('ended');
    expect(conceded.version).toBeGreaterThan(version);
  });
});
