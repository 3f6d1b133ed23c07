/**
 * CLUB-4 on AWS: the tournament reactor Lambda (functions/stream/tournaments.ts) and the phase
 * timer Lambda, called as Lambda calls them (DynamoDB stream records; the schedule's input),
 * on the memory adapters with a catalogue that loads each rule system on first need, as the
 * deployed functions do. The scheduler and the bus are recorders standing in for EventBridge.
 * The same tournament then shows how its export verifies with a deadline-decided game still
 * running (CLUB-5), and how `npm run redrive` replays a batch the reactor gave up on (AWS-3).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import type { EventBus, IntegrationEvent, PhaseDeadline, PhaseScheduler } from '../../functions/kernel/ports.ts';
import { makePhaseTimer } from '../../functions/scheduler/phase-timer.ts';
import { makeTournamentReactor } from '../../functions/stream/tournaments.ts';
import { exportTournament } from '../../functions/tournaments/app/tournament-export.ts';
import { loadTournament } from '../../functions/tournaments/app/tournament-fold.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import { planRedrive, redriveGame } from '../../tools/ops/redrive.ts';
import { playerIds } from '../support/tournament.ts';

const TOURNAMENT = 't_lambda4';
const PLAYERS = playerIds(4);

class RecordingScheduler implements PhaseScheduler {
  readonly pending = new Map<string, PhaseDeadline>();
  async schedule(deadline: PhaseDeadline) {
    this.pending.set(`${deadline.gameId}/${deadline.phaseKey}`, deadline);
  }
  async cancel(gameId: string, phaseKey: string) {
    this.pending.delete(`${gameId}/${phaseKey}`);
  }
}

class RecordingBus implements EventBus {
  readonly events: IntegrationEvent[] = [];
  async put(events: readonly IntegrationEvent[]) {
    this.events.push(...events);
    return [];
  }
}

let deps: Deps;
/** Every batch the store appended, as the stream would carry it. */
const appended: EventEnvelope[] = [];
const taken = 0;
const scheduler = new RecordingScheduler();
const bus = new RecordingBus();
const reactor = makeTournamentReactor(
  () => deps,
  () => scheduler,
  () => bus,
);
const phaseTimer = makePhaseTimer(() => deps);

/** The INSERT records of everything appended since the last call, in order, as Lambda hands them over. */
const newRecords = (): DynamoDBRecord[] =>
  appended.splice(taken).map((event, i) => ({
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(taken + i + 1).padStart(21, '0'),
      Keys: { gameId: { S: event.gameId } },
      NewImage: eventToItem(event) as never,
    },
  }));

const tournament = async () => (await loadTournament(deps, TOURNAMENT)).state;
const roundOf = async (n: number) => {
  const state = await tournament();
  if (state.status === 'empty' || state.status === 'open') throw new Error(`the tournament is ${state.status}`);
  const round = state.history[n - 1];
  if (!round) throw new Error(`no round ${n}`);
  return round;
};

beforeAll(async () => {
  deps = createMemoryDeps(rulesetCatalogue(rulesetList));
  if (!(deps.store instanceof MemoryGameStore)) throw new Error('memory store expected');
  deps.store.onAppend((events) => appended.push(...events));
  const as = (playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
    executeTournamentCommand(deps, { tournamentId: TOURNAMENT, commandId, command, caller: { kind: 'player', playerId } });
  await as('p_org', 'create', {
    type: 'CreateTournament',
    tournamentId: TOURNAMENT,
    name: 'Lambda Swiss',
    format: 'swiss',
    rounds: 2,
    ruleset: 'post-galactica',
    roundDeadline: 'PT10M',
  });
  for (const p of PLAYERS) await as(p, `join-${p}`, { type: 'JoinTournament' });
  await as('p_org', 'start', { type: 'StartTournament' });
});

describe('CLUB-4 tournaments on AWS: the stream and the scheduler Lambdas', () => {
  it('CLUB-4 the tournament reactor, given the pairing records, opens each game seated, arms the round deadline and tells each player', async () => {
    const records = newRecords();
    expect((await reactor({ Records: records })).batchItemFailures).toEqual([]);
    const round = await roundOf(1);
    expect(round.pairings).toHaveLength(2);
    for (const p of round.pairings) {
      const { state } = await loadGame(deps, p.gameId);
      expect(state.status === 'empty' ? [] : state.seats.map((s) => [s.name, s.playerId])).toEqual([
        ['red', p.red],
        ['blue', p.blue],
      ]);
    }
    expect([...scheduler.pending.values()]).toEqual([{ gameId: TOURNAMENT, phaseKey: 'round-1', at: round.deadline }]);
    expect(bus.events.map((e) => [e.type, (e.detail as { playerId: string }).playerId]).sort()).toEqual(
      // CLUB-7: each player hears of the pairing and of the round's start.
      PLAYERS.flatMap((p) => [
        ['TournamentPaired', p],
        ['TournamentRoundStarted', p],
      ]).sort(),
    );
    // Lambda redelivers a batch at least once: the same records open nothing twice and tell nobody twice over a new id.
    newRecords();
    const versions = await Promise.all(round.pairings.map(async (p) => (await loadGame(deps, p.gameId)).state.version));
    expect((await reactor({ Records: records })).batchItemFailures).toEqual([]);
    expect(await Promise.all(round.pairings.map(async (p) => (await loadGame(deps, p.gameId)).state.version))).toEqual(versions);
    expect(new Set(bus.events.map((e) => e.id)).size).toBe(2 * PLAYERS.length);
  });

  it('CLUB-4 a game’s end, among the records, is recorded by the tournament once, however often it is delivered', async () => {
    newRecords();
    const [first] = (await roundOf(1)).pairings;
    if (!first) throw new Error('a table');
    await executeCommand(deps, {
      gameId: first.gameId,
      commandId: 'concede',
      command: { type: 'Concede' },
      caller: { kind: 'player', playerId: first.blue },
    });
    const records = newRecords();
    expect(records.some((r) => r.dynamodb?.NewImage?.type?.S === 'GameEnded')).toBe(true);
    expect((await reactor({ Records: records })).batchItemFailures).toEqual([]);
    const version = (await tournament()).version;
    expect((await reactor({ Records: records })).batchItemFailures).toEqual([]);
    expect((await tournament()).version).toBe(version);
    expect((await roundOf(1)).results.map((r) => [r.table, r.winner, r.by])).toEqual([[first.table, 'red', 'game']]);
  });

  it('CLUB-4 the phase timer, invoked by the round deadline’s schedule, draws the game still running; the reactor then pairs round 2 and re-arms', async () => {
    newRecords();
    const [deadline] = [...scheduler.pending.values()];
    // What Scheduler invokes the phase timer with: the schedule's input.
    await phaseTimer({ gameId: deadline?.gameId, phaseKey: deadline?.phaseKey });
    const one = await roundOf(1);
    expect(one.results.map((r) => [r.winner, r.by])).toEqual([
      ['red', 'game'],
      [null, 'default'],
    ]);
    expect((await reactor({ Records: newRecords() })).batchItemFailures).toEqual([]);
    const two = await roundOf(2);
    expect([...scheduler.pending.values()]).toEqual([{ gameId: TOURNAMENT, phaseKey: 'round-2', at: two.deadline }]);
    for (const p of two.pairings) expect((await loadGame(deps, p.gameId)).state.status).not.toBe('empty');
  });
});

describe('CLUB-5 the export of a tournament whose deadline decided a game', () => {
  it('CLUB-5 verifies with that game still running, its seed and dice pending; an edit of that game’s log still fails, naming its line', async () => {
    // Round 2 ends by concessions, reported by the reactor; round 1's second game still runs.
    for (const p of (await roundOf(2)).pairings)
      await executeCommand(deps, {
        gameId: p.gameId,
        commandId: 'concede',
        command: { type: 'Concede' },
        caller: { kind: 'player', playerId: p.red },
      });
    expect((await reactor({ Records: newRecords() })).batchItemFailures).toEqual([]);
    expect((await tournament()).status).toBe('ended');
    const running = (await roundOf(1)).pairings[1]?.gameId ?? '';
    expect((await loadGame(deps, running)).state.status).not.toBe('ended');
    const exported = await exportTournament(deps, TOURNAMENT, 'p_org');
    const games = verifyTournament(exported, everyRuleset()).find((c) => c.check === 'games');
    expect(games).toEqual({
      check: 'games',
      ok: true,
      verdict:
        "4 game logs verify (chain, seed, dice, rules, state); 1 of them, decided at their round's deadline, still run: their seed and dice are checked once they end",
    });
    // The running game's log is verified as any other but for what its end reveals: a broken link fails.
    const lines = exported.split('\n');
    const at = lines.findIndex((l) => l.includes(`"gameId":"${running}"`) && l.includes('"type":"SeatJoined"'));
    lines[at] = (lines[at] as string).replace('"type":"SeatJoined"', '"type":"SeatJoined","edited":true');
    const tampered = verifyTournament(lines.join('\n'), everyRuleset()).find((c) => !c.ok);
    expect([tampered?.check, tampered?.line]).toEqual(['games', at + 1]);
    expect(tampered?.verdict).toMatch(new RegExp(`^game ${running}, chain: `));
  });
});

describe('AWS-3 CLUB-4 a batch the tournament reactor gave up on is redriven', () => {
  it('AWS-3 CLUB-4 npm run redrive keeps the tournament reactor’s records and gives it the log again: the round’s games open, its deadline is armed', async () => {
    const id = 't_redrive';
    const as = (playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
      executeTournamentCommand(deps, { tournamentId: id, commandId, command, caller: { kind: 'player', playerId } });
    await as('p_org', 'create', {
      type: 'CreateTournament',
      tournamentId: id,
      name: 'Lost',
      format: 'swiss',
      rounds: 1,
      ruleset: 'post-galactica',
      roundDeadline: 'PT5M',
    });
    for (const p of PLAYERS.slice(0, 2)) await as(p, `join-${p}`, { type: 'JoinTournament' });
    await as('p_org', 'start', { type: 'StartTournament' });
    // The reactor never saw these records: they were set aside (locally, in the failed-records file, under its name).
    newRecords();
    const plan = planRedrive([{ gameId: id, consumers: ['tournaments'] }]);
    expect([...plan.games]).toEqual([[id, ['tournaments']]]);
    const redriven = await redriveGame({ deps, scheduler }, id, plan.games.get(id) ?? []);
    expect(redriven.ok).toBe(true);
    const { state } = await loadTournament(deps, id);
    const round = state.status === 'running' ? state.history[0] : undefined;
    const game = await loadGame(deps, round?.pairings[0]?.gameId ?? '');
    expect(game.state.status === 'empty' ? [] : game.state.seats.map((s) => s.playerId)).toEqual([
      round?.pairings[0]?.red,
      round?.pairings[0]?.blue,
    ]);
    expect(scheduler.pending.get(`${id}/round-1`)?.at).toBe(round?.deadline);
  });
});
