/**
 * CLUB-8: how long pairing a Swiss round and computing the standings take at 64, 256 and 1,024
 * players, in the pure domain (domain/tournament/): each size played through 6 rounds with
 * scripted results, each round's pairing (the decider's `closeRound`, which pairs the next)
 * and the standings after the last round timed. Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sha256Hex } from '../domain/kernel/digest.ts';
import { decideTournament, type TournamentCommand, type TournamentCtx } from '../domain/tournament/decide.ts';
import { currentStandings, type Running } from '../domain/tournament/rounds.ts';
import { emptyTournament, evolveTournament, type TournamentState } from '../domain/tournament/state.ts';

const SIZES = [64, 256, 1_024];
const ROUNDS = 6;
const SEED = 'c1ab'.repeat(16);
const NOW = '2026-06-01T10:00:00.000Z';

const as = (playerId: string): TournamentCtx => ({ now: NOW, actor: { kind: 'player', playerId }, seed: SEED });
const system: TournamentCtx = { now: NOW, actor: { kind: 'system' }, seed: SEED };

const give = (state: TournamentState, command: TournamentCommand, ctx: TournamentCtx): TournamentState => {
  const decision = decideTournament(state, command, ctx);
  if (!decision.ok) throw new Error(`${decision.violation.code}: ${decision.violation.message}`);
  return decision.events.reduce(evolveTournament, state);
};

const ms = (n: number) => `${n.toFixed(1)} ms`;

const bench = (players: number) => {
  let state = give(
    emptyTournament,
    { type: 'CreateTournament', tournamentId: 't_bench', name: 'Bench', format: 'swiss', rounds: ROUNDS, ruleset: 'post-galactica' },
    as('p_org'),
  );
  for (let i = 0; i < players; i++) state = give(state, { type: 'JoinTournament' }, as(`p_${String(i).padStart(5, '0')}`));
  let started = performance.now();
  state = give(state, { type: 'StartTournament' }, as('p_org'));
  const pairings = [performance.now() - started];
  for (let round = 1; round <= ROUNDS; round++) {
    if (state.status !== 'running') break;
    const tables = state.history.at(-1)?.pairings ?? [];
    tables.forEach((p, i) => {
      const winner = sha256Hex(`${round}:${p.gameId}`) < '5' ? null : i % 2 === 0 ? 'red' : 'blue';
      // The last result closes the round: its decision pairs the next round (or ends the tournament).
      if (i === tables.length - 1) started = performance.now();
      state = give(state, { type: 'RecordGameResult', gameId: p.gameId, winner }, system);
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
