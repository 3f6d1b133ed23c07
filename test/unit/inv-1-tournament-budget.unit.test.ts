/**
 * INV-1: what a tournament stores, at the largest field it accepts. A tournament's state is never
 * an item: its stream carries no snapshot and no read model (a tournament command appends with
 * no `snapshot`; every read folds the log, `tournamentFold`), so what it writes are its events, each an item of
 * the `events` table, with its command records and seed. The largest events are the ones that
 * carry the field: `TournamentStarted` (every player), each `RoundPaired` (512 tables at 1,024
 * players, the same in every round) and `TournamentEnded` (every standing); and
 * `TournamentCreated`, which carries the creation's body (at most 64 KiB) twice, as its data and
 * as the command. The state itself, folded in memory, grows with every round (about 100 KB a
 * round at 1,024 players, 6.5 MB after a Swiss's 64) and is measured here but not budgeted.
 */
import { describe, expect, it, vi } from 'vitest';
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import { sha256Hex } from '../../domain/kernel/digest.ts';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { decideTournament, MAX_PLAYERS, type TournamentCommand, type TournamentCtx } from '../../domain/tournament/decide.ts';
import { emptyTournament, evolveTournament, type TournamentState } from '../../domain/tournament/state.ts';
import { itemBytes } from '../../functions/adapters/dynamo-client.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import { commandItem } from '../../functions/adapters/game-items.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MAX_BODY_BYTES } from '../../functions/http/input-guard.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';

const SEED = 'c1ab'.repeat(16);
const NOW = '2026-06-01T10:00:00.000Z';
const TOURNAMENT = `t_${'f'.repeat(20)}`;
const ORGANISER = `p_${'e'.repeat(20)}`;
/** A player id as the service gives them: `p_` and 20 hex digits. */
const player = (i: number) => `p_${sha256Hex(String(i)).slice(0, 20)}`;
const as = (playerId: string): TournamentCtx => ({ now: NOW, actor: { kind: 'player', playerId }, seed: SEED });
const system: TournamentCtx = { now: NOW, actor: { kind: 'system' }, seed: SEED };

/** Plays a tournament through the decider and the fold, sealing each batch as the store would and measuring each item it writes. */
class Measured {
  state: TournamentState = emptyTournament;
  last: EventEnvelope | null = null;
  largestItem = { bytes: 0, type: '' };
  largestRecord = 0;
  commands = 0;

  give(command: TournamentCommand, ctx: TournamentCtx) {
    const decision = decideTournament(this.state, command, ctx);
    if (!decision.ok) throw new Error(`${decision.violation.code}: ${decision.violation.message}`);
    const actor = ctx.actor.kind === 'system' ? 'system' : `player:${ctx.actor.playerId}`;
    this.commands += 1;
    const commandId = `@by.${ctx.actor.kind === 'player' ? ctx.actor.playerId : 'system'}.${'c'.repeat(64)}`;
    const sealed = sealBatch(this.last, decision.events, {
      gameId: TOURNAMENT,
      at: NOW,
      actor,
      commandId,
      rulesVersion: 'club-1.0.0',
      command,
    });
    for (const envelope of sealed) {
      const bytes = itemBytes(eventToItem(envelope));
      if (bytes > this.largestItem.bytes) this.largestItem = { bytes, type: envelope.type };
    }
    const record = commandItem(TOURNAMENT, commandId, { bodyHash: 'a'.repeat(64), firstSeq: 1, lastSeq: this.state.version + 1 });
    this.largestRecord = Math.max(this.largestRecord, itemBytes(record));
    this.last = sealed.at(-1) ?? this.last;
    this.state = decision.events.reduce(evolveTournament, this.state);
  }
}

describe('INV-1 a tournament of the largest field writes no item over the budget', () => {
  it('INV-1 1,024 players played to the end: every event item and command record under the budget; no state item is written', () => {
    const t = new Measured();
    // The creation at its largest: the longest name, and ruleset options filling what is left of the 64 KiB body.
    const rules = { notes: 'x'.repeat(MAX_BODY_BYTES - 1024) };
    t.give(
      {
        type: 'CreateTournament',
        tournamentId: TOURNAMENT,
        name: 'N'.repeat(100),
        format: 'swiss',
        rounds: 3,
        ruleset: 'post-galactica',
        gameOptions: { rules, takebacks: 'none' },
      },
      as(ORGANISER),
    );
    for (let i = 0; i < MAX_PLAYERS; i++) t.give({ type: 'JoinTournament' }, as(player(i)));
    t.give({ type: 'StartTournament' }, as(ORGANISER));
    const stateBytes: number[] = [];
    const roundItems: number[] = [];
    while (t.state.status === 'running') {
      const round = t.state.history.at(-1);
      expect(round?.pairings).toHaveLength(MAX_PLAYERS / 2);
      for (const p of round?.pairings ?? []) {
        const winner = sha256Hex(p.gameId) < '4' ? null : p.table % 2 === 0 ? 'red' : 'blue';
        t.give({ type: 'RecordGameResult', gameId: p.gameId, winner }, system);
      }
      stateBytes.push(Buffer.byteLength(JSON.stringify(t.state)));
      roundItems.push(t.largestItem.bytes);
    }
    expect(t.state.status).toBe('ended');
    if (t.state.status !== 'ended') return;
    expect(t.state.final).toHaveLength(MAX_PLAYERS);
    // The creation, carrying its body twice, is the largest item: about 130 KB, under the 200 KiB budget.
    expect(t.largestItem.type).toBe('TournamentCreated');
    expect(t.largestItem.bytes).toBeGreaterThan(2 * (MAX_BODY_BYTES - 1024));
    expect(t.largestItem.bytes).toBeLessThan(STATE_BUDGET_BYTES);
    expect(t.largestRecord).toBeLessThan(1024);
    // The state grows with every round (about 100 KB each) and passes the budget by the second: it is never stored.
    expect(stateBytes[0]).toBeGreaterThan(50_000);
    expect(stateBytes.at(-1)).toBeGreaterThan(STATE_BUDGET_BYTES);
  });

  it('INV-1 the events that carry the field stay a third of the budget at 1,024 players', () => {
    const t = new Measured();
    t.give(
      { type: 'CreateTournament', tournamentId: TOURNAMENT, name: 'Cup', format: 'single-elimination', ruleset: 'post-galactica' },
      as(ORGANISER),
    );
    for (let i = 0; i < MAX_PLAYERS; i++) t.give({ type: 'JoinTournament' }, as(player(i)));
    t.give({ type: 'StartTournament' }, as(ORGANISER));
    expect(t.largestItem.type).toBe('RoundPaired');
    while (t.state.status === 'running') {
      const round = t.state.history.at(-1);
      for (const p of round?.pairings ?? []) t.give({ type: 'RecordGameResult', gameId: p.gameId, winner: 'red' }, system);
    }
    expect(t.state.status).toBe('ended');
    expect(t.largestItem.bytes).toBeGreaterThan(40_000);
    expect(t.largestItem.bytes).toBeLessThan(STATE_BUDGET_BYTES / 3);
  });

  it('INV-1 a tournament command appends with no state, so no snapshot of a tournament is ever written', async () => {
    const deps = createMemoryDeps(everyRuleset());
    const append = vi.spyOn(deps.store, 'append');
    const give = (command: TournamentCommand, playerId: string, commandId: string) =>
      executeTournamentCommand(deps, { tournamentId: TOURNAMENT, commandId, command, caller: { kind: 'player', playerId } });
    await give(
      { type: 'CreateTournament', tournamentId: TOURNAMENT, name: 'Cup', format: 'swiss', rounds: 2, ruleset: 'post-galactica' },
      ORGANISER,
      'create',
    );
    await give({ type: 'JoinTournament' }, player(1), 'join-1');
    const requests = append.mock.calls.map(([request]) => request);
    expect(requests.map((r) => [r.gameId, r.expectedVersion, r.events.length, r.seed !== undefined])).toEqual([
      [TOURNAMENT, 0, 1, true],
      [TOURNAMENT, 1, 1, false],
    ]);
    for (const request of requests) expect(request).not.toHaveProperty('snapshot');
  });
});
