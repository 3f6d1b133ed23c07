/**
 * INV-1 for Post Galactica: the largest game the schemas accept (scenarios/largest-post-galactica.ts:
 * every list at its limit, every name at its longest, the most units, Workers and Deployment
 * Points) is created, joined, deployed, played through its two rounds and ended by its round
 * limit, all through the real HTTP handler on the memory adapters; after every command the
 * stored read model (the folded state's JSON, what DynamoDB's VIEW item and the snapshots
 * hold) stays under STATE_BUDGET_BYTES, and so does the view a seat reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import { PG_LIMITS as L } from '../../domain/post-galactica/limits.ts';
import { MAX_BATCH } from '../../functions/games/app/budget.ts';
import { largestPostGalacticaOptions, unitIds } from '../../scenarios/largest-post-galactica.ts';
import type { Client } from '../support/client.ts';
import { commandId } from '../support/http.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  api = memoryApi();
  ann = (await api.anon.register('Ann')).client;
  bob = (await api.anon.register('Bob')).client;
});

type Unit = { id: string; seat: string; datasheet: string; x: number | null; y: number | null };
type View = {
  status: string;
  version: number;
  result: { winner: string | null; reason: string } | null;
  game: { activeSeat: string; phase: string; round: number; deploying: string | null; units: Unit[] };
};

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('INV-1 the largest Post Galactica game stays under the state budget', () => {
  it('INV-1 the largest Post Galactica game is created, deployed, played to its round limit and stays under STATE_BUDGET_BYTES after every command', async () => {
    const created = await ann.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', rules: largestPostGalacticaOptions() },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const largest = { state: 0, view: 0, commands: 0 };

    /** The stored read model and the seat's view, each under the budget; the view returned. */
    const checked = async (): Promise<View> => {
      const model = await api.deps.games.readModel(gameId);
      const state = bytes(model?.state ?? '');
      expect(state).toBeGreaterThan(0);
      expect(state).toBeLessThan(STATE_BUDGET_BYTES);
      const read = await ann.get<View>(`/games/${gameId}`);
      expect(read.status).toBe(200);
      const view = bytes(JSON.stringify(read.body));
      expect(view).toBeLessThan(STATE_BUDGET_BYTES);
      largest.state = Math.max(largest.state, state);
      largest.view = Math.max(largest.view, view);
      return read.body;
    };
    const clientOf = (seat: string) => (seat === 'red' ? ann : bob);
    const send = async (seat: string, command: Record<string, unknown>) => {
      const reply = await clientOf(seat).post<{ detail?: string; events?: unknown[] }>(`/games/${gameId}/commands`, {
        commandId: commandId(),
        command,
      });
      expect(reply.status, `${command.type}: ${reply.body.detail}`).toBeLessThan(300);
      // INV-1: one command's answer carries at most MAX_BATCH events (one DynamoDB transaction)
      expect(reply.body.events?.length ?? 0).toBeLessThanOrEqual(MAX_BATCH);
      largest.commands += 1;
      return checked();
    };

    await checked();
    expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
    let view = await checked();
    expect(view.game.deploying).toBe('red');
    view = await send('red', { type: 'Deploy', auto: true });
    view = await send('blue', { type: 'Deploy', auto: true });
    // Every unit of both armies stands on the battlefield: a Command Center, 3 + 8 Workers and 32 listed units a seat.
    const placed = view.game.units.filter((u) => u.x !== null);
    expect(placed).toHaveLength(2 * (1 + 3 + L.purchasedWorkers + L.armyUnits));

    // Two rounds: in each turn a unit moves, the Command Center produces, and a unit fires across the table.
    for (let turns = 0; view.status === 'playing' && turns < 40; turns += 1) {
      const seat = view.game.activeSeat;
      const mine = view.game.units.filter((u) => u.seat === seat && u.x !== null);
      const shooter = mine.find((u) => u.datasheet === unitIds(seat === 'red' ? 0 : 1)[1]);
      const target = view.game.units.find((u) => u.seat !== seat && u.x !== null && u.datasheet !== unitIds(seat === 'red' ? 1 : 0)[0]);
      const phase = view.game.phase;
      if (phase === 'movement' && shooter?.x != null && shooter.y != null) {
        const forward = seat === 'red' ? 1 : -1;
        view = await send(seat, { type: 'Move', unitId: shooter.id, path: [{ x: shooter.x, y: shooter.y + forward * 4 }] });
      }
      if (phase === 'action') {
        const cc = mine.find((u) => u.id === `${seat}-cc`);
        if (cc) view = await send(seat, { type: 'Produce', buildingId: cc.id, datasheet: unitIds(seat === 'red' ? 0 : 1)[2] });
      }
      if (phase === 'ranged' && shooter && target)
        view = await send(seat, { type: 'RangedAttack', unitId: shooter.id, targetId: target.id });
      view = await send(seat, { type: 'EndPhase' });
    }
    expect(view.status).toBe('ended');
    expect(view.result?.reason).toMatch(/round/i);
    // The game was large: its state took more than half the budget, and never reached it.
    expect(largest.state).toBeGreaterThan(STATE_BUDGET_BYTES / 2);
    expect(largest.state).toBeLessThan(STATE_BUDGET_BYTES);
    expect(largest.commands).toBeGreaterThan(30);
  });
});
