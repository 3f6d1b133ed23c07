/**
 * CLUB-8: how long pairing a Swiss round and computing the standings take at 64, 256 and 1,024
 * players, in the pure domain (domain/tournament/): each size played through 6 rounds with
 * scripted results, each round's pairing (the decider's `closeRound`, which pairs the next)
 * and the standings after the last round timed. Printed, never asserted.
 *
 * COST-4: the same at 1,000 and 10,000 players against the goals (a round's pairing and
 * standings within 50 ms at 1,000, 1 s at 10,000; StartTournament, which pairs round 1, within
 * the same), and `verify-tournament` recomputing a 1,000-player tournament's log. Each timing is
 * the median of repeats of the same pure decision, so a busy machine moves it less.
 */
import { performance } from 'node:perf_hooks';
import { sha256Hex } from '../domain/kernel/digest.ts';
import { type EventEnvelope, sealBatch } from '../domain/kernel/envelope.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { decideTournament, TOURNAMENT_RULES_VERSION, type TournamentCommand, type TournamentCtx } from '../domain/tournament/decide.ts';
import { currentStandings, type Running } from '../domain/tournament/rounds.ts';
import { emptyTournament, evolveTournament, type TournamentEvent, type TournamentState } from '../domain/tournament/state.ts';
import { verifyTournament } from '../domain/verify/tournament.ts';
import { serializeTournamentExport, TOURNAMENT_EXPORT_FORMAT } from '../domain/verify/tournament-export.ts';
import { goal } from './support/goals.ts';

const SIZES = [64, 256, 1_024];
const ROUNDS = 6;
const SEED = 'c1ab'.repeat(16);
const NOW = '2026-06-01T10:00:00.000Z';
const ORGANISER = 'p_org';

const as = (playerId: string): TournamentCtx => ({ now: NOW, actor: { kind: 'player', playerId }, seed: SEED });
const system: TournamentCtx = { now: NOW, actor: { kind: 'system' }, seed: SEED };

const decided = (state: TournamentState, command: TournamentCommand, ctx: TournamentCtx): readonly TournamentEvent[] => {
  const decision = decideTournament(state, command, ctx);
  if (!decision.ok) throw new Error(`${decision.violation.code}: ${decision.violation.message}`);
  return decision.events;
};

const give = (state: TournamentState, command: TournamentCommand, ctx: TournamentCtx): TournamentState =>
  decided(state, command, ctx).reduce(evolveTournament, state);

const ms = (n: number) => `${n.toFixed(1)} ms`;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const playerId = (i: number) => `p_${String(i).padStart(5, '0')}`;

/** A scripted result: about a third drawn, the rest alternating seats. */
const winnerOf = (round: number, gameId: string, i: number): 'red' | 'blue' | null =>
  sha256Hex(`${round}:${gameId}`) < '5' ? null : i % 2 === 0 ? 'red' : 'blue';

const created = (rounds: number): TournamentState =>
  give(
    emptyTournament,
    { type: 'CreateTournament', tournamentId: 't_bench', name: 'Bench', format: 'swiss', rounds, ruleset: 'post-galactica' },
    as(ORGANISER),
  );

const bench = (players: number) => {
  let state = created(ROUNDS);
  for (let i = 0; i < players; i++) state = give(state, { type: 'JoinTournament' }, as(playerId(i)));
  let started = performance.now();
  state = give(state, { type: 'StartTournament' }, as(ORGANISER));
  const pairings = [performance.now() - started];
  for (let round = 1; round <= ROUNDS; round++) {
    if (state.status !== 'running') break;
    const tables = state.history.at(-1)?.pairings ?? [];
    tables.forEach((p, i) => {
      // The last result closes the round: its decision pairs the next round (or ends the tournament).
      if (i === tables.length - 1) started = performance.now();
      state = give(state, { type: 'RecordGameResult', gameId: p.gameId, winner: winnerOf(round, p.gameId, i) }, system);
    });
    pairings.push(performance.now() - started);
  }
  if (state.status !== 'ended') throw new Error(`the tournament is ${state.status}`);
  const asRunning: Running = { ...state, status: 'running' };
  started = performance.now();
  currentStandings(asRunning, SEED);
  const standings = performance.now() - started;
  return { pairings: pairings.slice(0, ROUNDS), closeLast: pairings.at(-1) ?? 0, standings };
};

console.log(`CLUB-8 Swiss pairing and standings, ${ROUNDS} rounds, pure domain (Node ${process.version})`);
console.log('players | pairing per round (rounds 1..6)                        | last round closed (standings + end) | standings');
for (const size of SIZES) {
  const { pairings, closeLast, standings } = bench(size);
  console.log(`${String(size).padStart(7)} | ${pairings.map(ms).join(', ').padEnd(56)} | ${ms(closeLast).padEnd(35)} | ${ms(standings)}`);
}

// COST-4 ------------------------------------------------------------------------------------

const REPEATS = 5;

/** The median wall time of `run`, `REPEATS` times: each run decides the same command on the same state (decide is pure). */
const timed = (run: () => unknown): number =>
  median(
    Array.from({ length: REPEATS }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }),
  );

const goalLine = (title: string, took: number, goalMs: number, detail?: string) =>
  goal({ id: 'COST-4', title, value: took, unit: 'ms', atMost: goalMs, ...(detail ? { detail } : {}) });

/**
 * An open Swiss of `players`. Above MAX_PLAYERS (1,024) JoinTournament refuses, so the 10,000
 * join by their events: the pairing and standings timed are the decider's all the same.
 */
const openWith = (players: number, rounds: number): TournamentState => {
  let state = created(rounds);
  for (let i = 0; i < players; i++) state = evolveTournament(state, { type: 'PlayerJoined', data: { playerId: playerId(i), round: 1 } });
  return state;
};

/**
 * A Swiss of `players` over `rounds`: StartTournament, then each round closed by its last
 * result, whose decision computes the standings and pairs the next round (the last round's
 * computes the final standings). Each timed as the median of REPEATS decisions.
 */
const swissAtScale = (players: number, rounds: number) => {
  let state = openWith(players, rounds);
  const start: TournamentCommand = { type: 'StartTournament' };
  const startMs = timed(() => decided(state, start, as(ORGANISER)));
  state = give(state, start, as(ORGANISER));
  const closing: number[] = [];
  for (let round = 1; state.status === 'running'; round++) {
    const tables = state.history.at(-1)?.pairings ?? [];
    for (const [i, p] of tables.entries()) {
      const command: TournamentCommand = { type: 'RecordGameResult', gameId: p.gameId, winner: winnerOf(round, p.gameId, i) };
      const before = state;
      if (i === tables.length - 1) closing.push(timed(() => decided(before, command, system)));
      state = give(state, command, system);
    }
  }
  return { startMs, closing };
};

const roundsLine = (players: number, rounds: number, goalMs: number) => {
  const { startMs, closing } = swissAtScale(players, rounds);
  const n = players.toLocaleString('en');
  goalLine(`StartTournament (round 1 paired), ${n} players`, startMs, goalMs);
  const detail = `rounds 1..${rounds} closed: ${closing.map((t) => Math.round(t)).join(', ')} ms`;
  goalLine(`pairing + standings a round, ${n} players, worst of ${rounds} rounds`, Math.max(...closing), goalMs, detail);
};

/**
 * A 1,000-player Swiss's export as the API writes it: every event sealed on its chain, every
 * result decided by the organiser (so no game log is needed: verifying game logs is `arbiter
 * verify`'s cost, timed in verify.bench.ts), the seed revealed at the end.
 */
const exportOf = (players: number, rounds: number): string => {
  const envelopes: EventEnvelope[] = [];
  let state: TournamentState = emptyTournament;
  let commands = 0;
  const send = (command: TournamentCommand, ctx: TournamentCtx) => {
    const events = decided(state, command, ctx);
    const actor = ctx.actor.kind === 'system' ? 'system' : `player:${ctx.actor.playerId}`;
    const meta = { gameId: 't_bench', at: NOW, actor, commandId: `c_${++commands}`, rulesVersion: TOURNAMENT_RULES_VERSION, command };
    envelopes.push(...sealBatch(envelopes.at(-1) ?? null, events, meta));
    state = events.reduce(evolveTournament, state);
  };
  send(
    { type: 'CreateTournament', tournamentId: 't_bench', name: 'Bench', format: 'swiss', rounds, ruleset: 'post-galactica' },
    as(ORGANISER),
  );
  for (let i = 0; i < players; i++) send({ type: 'JoinTournament' }, as(playerId(i)));
  send({ type: 'StartTournament' }, as(ORGANISER));
  for (let round = 1; state.status === 'running'; round++)
    for (const [i, p] of (state.history.at(-1)?.pairings ?? []).entries())
      send({ type: 'DecideGame', gameId: p.gameId, winner: winnerOf(round, p.gameId, i) }, as(ORGANISER));
  return serializeTournamentExport({ format: TOURNAMENT_EXPORT_FORMAT, tournamentId: 't_bench', games: [] }, envelopes, []);
};

const verifyLine = (players: number, rounds: number, goalMsPerRound: number) => {
  const text = exportOf(players, rounds);
  const rulesets = everyRuleset();
  const failed = verifyTournament(text, rulesets).filter((c) => !c.ok);
  if (failed.length > 0) throw new Error(`the bench export does not verify: ${JSON.stringify(failed)}`);
  const took = timed(() => verifyTournament(text, rulesets));
  const events = text.split('\n').length - 2;
  goalLine(
    `verify-tournament, ${players.toLocaleString('en')} players x ${rounds} rounds, a round`,
    took / rounds,
    goalMsPerRound,
    `${events} events; the whole log ${Math.round(took)} ms: chain, seed, every command decided again`,
  );
};

console.log(`\nCOST-4 Swiss at scale, pure domain, medians of ${REPEATS} (Node ${process.version})`);
roundsLine(1_000, 6, 50);
roundsLine(10_000, 6, 1_000);
verifyLine(1_000, 6, 50);
