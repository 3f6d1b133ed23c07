/**
 * INV-1 for GSC2 and Sol'una, through the real path: the largest game each ruleset accepts
 * (scenarios/largest-gsc2.ts, largest-soluna.ts) is created over HTTP on the memory runtime,
 * joined, and played with real commands, every list of play growing (missiles and assault pods
 * in flight, sealed orders, Mind effects), to a real end; after every command the game's stored
 * state, its read model and a seat's view are each under STATE_BUDGET_BYTES. The dice are real and seeded server-side, so each step
 * reads the stored state to choose a legal command, as a player reads the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GSC_LIMITS } from '../../domain/gsc2/limits.ts';
import { canLaunch } from '../../domain/gsc2/missiles.ts';
import { needsRepair } from '../../domain/gsc2/repairs.ts';
import { activeShips, levelOf, working } from '../../domain/gsc2/ships.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { awaiting as gscAwaiting } from '../../domain/gsc2/view.ts';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { GameState } from '../../domain/match/state.ts';
import type { ModelAction } from '../../domain/soluna/choices.ts';
import { SOL_LIMITS as S } from '../../domain/soluna/limits.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { awaiting as solAwaiting } from '../../domain/soluna/view.ts';
import { MAX_BATCH, stateBytes } from '../../functions/games/app/budget.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { largestGsc2Rules } from '../../scenarios/largest-gsc2.ts';
import { largestSolunaRules, psionicName, weaponName } from '../../scenarios/largest-soluna.ts';
import { Client, commandId, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  [ann, bob] = await Promise.all([anon.register('Ann').then((r) => r.client), anon.register('Bob').then((r) => r.client)]);
});
afterAll(() => runtime.stop());

/** One game over HTTP: Ann holds the first seat, Bob the second. */
class Table {
  /** The most bytes the game's state took after any command, and how many commands were played. */
  largest = 0;
  commands = 0;
  /** INV-1: the most events one command's answer carried. */
  mostEvents = 0;
  constructor(
    readonly gameId: string,
    readonly clients: Record<string, Client>,
  ) {}

  static async create(ruleset: string, seats: readonly [string, string], rules: unknown): Promise<Table> {
    const created = await ann.post<{ gameId: string }>('/games', { ruleset, seat: seats[0], options: { firstPlayer: seats[0], rules } });
    expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
    const table = new Table(created.body.gameId, { [seats[0]]: ann, [seats[1]]: bob });
    const joined = await bob.post(`/games/${table.gameId}/join`, {});
    expect(joined.status, JSON.stringify(joined.body).slice(0, 500)).toBe(200);
    await table.expectUnderBudget();
    return table;
  }

  /** The game's state as the store holds it, what its snapshot and read model are made of. */
  async state(): Promise<GameState> {
    return (await loadGame(runtime.deps, this.gameId)).state;
  }

  /** The stored state (what the snapshot is), the read model once projected, and a seat's view: each under the budget. */
  async expectUnderBudget(): Promise<void> {
    const state = await this.state();
    const bytes = stateBytes(state);
    expect(bytes).toBeLessThan(STATE_BUDGET_BYTES);
    await runtime.stream.idle();
    const model = await runtime.deps.games.readModel(this.gameId);
    expect(model?.version).toBe(state.version);
    expect(Buffer.byteLength(model?.state ?? '', 'utf8')).toBeLessThan(STATE_BUDGET_BYTES);
    const view = await ann.get(`/games/${this.gameId}`);
    expect(view.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(view.body), 'utf8')).toBeLessThan(STATE_BUDGET_BYTES);
    this.largest = Math.max(this.largest, bytes);
  }

  /** A command of `seat` that must be taken; then the state is still under the budget. */
  async play(seat: string, command: object): Promise<EventEnvelope[]> {
    const client = this.clients[seat];
    if (!client) throw new Error(`no seat "${seat}" awaited: ${JSON.stringify(command).slice(0, 300)}`);
    const reply = await client.post<{ events: EventEnvelope[] }>(`/games/${this.gameId}/commands`, {
      commandId: commandId(),
      command,
    });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 800)).toBe(200);
    // INV-1: one command's answer carries at most MAX_BATCH events (one DynamoDB transaction)
    expect(reply.body.events.length).toBeLessThanOrEqual(MAX_BATCH);
    this.mostEvents = Math.max(this.mostEvents, reply.body.events.length);
    this.commands += 1;
    await this.expectUnderBudget();
    return reply.body.events;
  }
}

const rulesOf = <S>(state: GameState): S => (state as unknown as { rules: S }).rules;

describe('INV-1 the largest GSC2 battle over HTTP', () => {
  /** Seat's choice for the step it is awaited in, read from the table: what a player would send. */
  const enemyOf = (state: GscState, seat: string) => activeShips(state).filter((s) => s.seat !== seat);

  const moveCommand = (state: GscState) => {
    const seat = state.movement.mover as string;
    const ship = activeShips(state, seat).find((s) => s.moved === null && !s.deferred) ?? activeShips(state, seat).find((s) => s.deferred);
    if (!ship) throw new Error(`${seat} has no ship to move`);
    // 2" towards the enemy: the fleets close a little every turn
    return {
      seat,
      command: { type: 'MoveShip', ship: ship.id, path: levelOf(ship, 'drive') - ship.held >= 2 ? [{ type: 'forward', inches: 2 }] : [] },
    };
  };

  /** Launches while the seat's missiles in flight stay within the limit (GSC-6 reloads, INV-1 the limit). */
  const launches = (state: GscState, seat: string) => {
    const target = enemyOf(state, seat)[0]?.id as string;
    let flying = Object.values(state.missiles).filter((m) => m.seat === seat).length;
    return activeShips(state, seat).flatMap((ship) =>
      (state.designs[ship.design]?.missileBatteries ?? []).flatMap((b) => {
        if (!canLaunch(state, ship.id, b.id) || flying + b.missiles > GSC_LIMITS.missilesInFlight) return [];
        flying += b.missiles;
        return [{ ship: ship.id, battery: b.id, target }];
      }),
    );
  };

  /**
   * Turns 1 and 2 each seat's first ship fires one battery at the first enemy ship (58 hull a
   * turn); from turn 3 red fires every working battery, spread over the enemy ships in turn (at
   * least 3 at each: two destroy a ship), and blue holds fire: blue's fleet is destroyed and red
   * wins (GSC-23).
   */
  const fire = (state: GscState, seat: string) => {
    const enemies = enemyOf(state, seat);
    const armed = activeShips(state, seat).map((ship) => ({
      ship,
      batteries: (state.designs[ship.design]?.batteries ?? []).filter((b) => working(ship, `battery:${b.id}`)),
    }));
    if (state.turn < 3) {
      const first = armed.find((w) => w.batteries.length > 0);
      return first ? [{ ship: first.ship.id, battery: first.batteries[0]?.id as string, target: enemies[0]?.id as string }] : [];
    }
    if (seat !== 'red') return [];
    return armed
      .flatMap(({ ship, batteries }) => batteries.map((b) => ({ ship: ship.id, battery: b.id })))
      .map((order, k) => ({ ...order, target: enemies[k % enemies.length]?.id as string }));
  };

  /** Turn 1 every ship launches its assault pods, a squad in each; later the pods fly on. */
  const boarding = (state: GscState, seat: string) => {
    const target = enemyOf(state, seat)[0]?.id as string;
    const actions =
      state.turn === 1
        ? activeShips(state, seat)
            .filter((s) => s.pods > 0 && levelOf(s, 'assaultSquads') >= s.pods)
            .map((s) => ({ ship: s.id, target, method: 'pods', assault: s.pods, heavy: 0 }))
        : [];
    return { step: 'boarding', actions };
  };

  /** Each ship tries to repair as many damaged systems as it has working repair units, at most 100 in all. */
  const repairs = (state: GscState, seat: string) =>
    activeShips(state, seat)
      .flatMap((ship) =>
        Object.entries(ship.systems)
          .filter(([, system]) => needsRepair(system))
          .slice(0, levelOf(ship, 'repairUnits'))
          .map(([system]) => ({ ship: ship.id, system })),
      )
      .slice(0, 100);

  const next = (state: GscState): { seat: string; command: object } => {
    if (state.step === 'movement') return moveCommand(state);
    const seat = gscAwaiting(state)[0] as string;
    switch (state.step) {
      case 'missiles':
        return { seat, command: { type: 'SubmitOrders', orders: { step: 'missiles', launches: launches(state, seat) } } };
      case 'beams':
        return { seat, command: { type: 'SubmitOrders', orders: { step: 'beams', fire: fire(state, seat) } } };
      case 'boarding':
        return { seat, command: { type: 'SubmitOrders', orders: boarding(state, seat) } };
      case 'repairs':
        return { seat, command: { type: 'Repair', attempts: repairs(state, seat) } };
    }
  };

  it('INV-1 GSC2 the largest battle is created, joined and played over HTTP to its end, its state under the budget after every command', async () => {
    const table = await Table.create('gsc2', ['red', 'blue'], largestGsc2Rules());
    let game = await table.state();
    let state = rulesOf<GscState>(game);
    expect(Object.keys(state.ships)).toHaveLength(2 * GSC_LIMITS.shipsPerFleet);
    let mostMissiles = 0;
    let mostPods = 0;
    while (game.status === 'playing' && state.turn <= 6) {
      const { seat, command } = next(state);
      await table.play(seat, command);
      game = await table.state();
      state = rulesOf<GscState>(game);
      mostMissiles = Math.max(mostMissiles, Object.keys(state.missiles).length);
      mostPods = Math.max(mostPods, Object.keys(state.podsInFlight).length);
    }
    expect(game).toMatchObject({ status: 'ended', result: { winner: 'red' } });
    expect(state.turn).toBe(3);
    expect(activeShips(state, 'blue')).toEqual([]);
    // play grew what grows: each seat's most missiles in flight at once, its assault pods launched
    expect(mostMissiles).toBe(2 * GSC_LIMITS.missilesInFlight);
    expect(mostPods).toBeGreaterThan(0);
    expect(table.largest).toBeLessThan(STATE_BUDGET_BYTES);
  }, 120_000);
});

describe("INV-1 the largest Sol'una game over HTTP", () => {
  /**
   * Each phase of turn 1 every model concentrates a psionic (a Mind effect that lasts the turn,
   * SOL-6, the list that grows in play), but in phase 1 the sun models move 20 squares north;
   * in turn 2 every sun model shoots the moon leader, who falls (SOL-8): sun wins.
   */
  const choices = (state: SolState, seat: string): ModelAction[] => {
    const own = state.eligible[seat] ?? [];
    const leader = state.models.find((m) => m.seat !== seat && m.leader)?.id as string;
    return own.map((model, i) => {
      if (state.turn >= 2 && seat === 'sun') return { model, action: { kind: 'attack', weapon: weaponName(0), target: leader } };
      if (state.phase === 1 && seat === 'sun') return { model, action: { kind: 'move', to: [i, 20] } };
      const starred = state.models.find((m) => m.id === model)?.starredUsed ?? 0;
      if (starred >= S.starredPerTurn) return { model, action: { kind: 'none' } };
      return { model, action: { kind: 'psionic', psionic: psionicName(state.phase % S.psionics) } };
    });
  };

  it("INV-1 Sol'una the largest game is created, joined and played over HTTP to its end, its state under the budget after every command", async () => {
    const table = await Table.create('soluna', ['sun', 'moon'], largestSolunaRules());
    let game = await table.state();
    let state = rulesOf<SolState>(game);
    expect(state.models).toHaveLength(2 * S.warband);
    let mostEffects = 0;
    while (game.status === 'playing' && state.turn <= 3) {
      const seat = solAwaiting(state)[0] as string;
      await table.play(seat, { type: 'SubmitActions', turn: state.turn, phase: state.phase, actions: choices(state, seat) });
      game = await table.state();
      state = rulesOf<SolState>(game);
      mostEffects = Math.max(mostEffects, state.effects.length);
    }
    expect(game).toMatchObject({ status: 'ended', result: { winner: 'sun' } });
    expect(state.models.find((m) => m.seat === 'moon' && m.leader)?.slain).toBe(true);
    // from phase 6 of turn 1 every model has made its 5 starred choices, each a Mind effect that lasts the turn
    expect(mostEffects).toBe(2 * S.warband * S.starredPerTurn);
    expect(state.turn).toBe(2);
    expect(table.commands).toBe(2 * 10 + 2);
  }, 120_000);
});
