/**
 * given(events).when(command).then(events) for the tournament decider (CLUB-2..CLUB-5), and a
 * driver that plays a whole tournament with scripted results, sealing each batch as the store
 * would, so a test reads the same log a server writes.
 */
import { expect } from 'vitest';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import type { RuleViolation } from '../../domain/kernel/violation.ts';
import { decideTournament, type TournamentCommand, type TournamentCtx } from '../../domain/tournament/decide.ts';
import type { Format } from '../../domain/tournament/pairing.ts';
import { emptyTournament, foldTournament, type TournamentEvent, type TournamentState } from '../../domain/tournament/state.ts';

export const TOURNAMENT_ID = 't_test';
export const TOURNAMENT_SEED = 'b'.repeat(64);
export const NOW = '2026-03-01T12:00:00.000Z';
export const ORGANISER = 'p_org';

export const as = (playerId: string, now = NOW, seed = TOURNAMENT_SEED): TournamentCtx => ({
  now,
  actor: { kind: 'player', playerId },
  seed,
});
export const bySystem = (now = NOW, seed = TOURNAMENT_SEED): TournamentCtx => ({ now, actor: { kind: 'system' }, seed });

export class TournamentSpec {
  log: EventEnvelope<TournamentEvent>[] = [];

  get state(): TournamentState {
    return foldTournament(
      this.log.map(({ type, data }) => ({ type, data }) as TournamentEvent),
      emptyTournament,
    );
  }

  run(command: TournamentCommand, ctx: TournamentCtx): readonly TournamentEvent[] {
    const decision = decideTournament(this.state, command, ctx);
    if (!decision.ok) throw new Error(`${decision.violation.code} (${decision.violation.rule}): ${decision.violation.message}`);
    const actor = ctx.actor.kind === 'system' ? 'system' : `player:${ctx.actor.playerId}`;
    const meta = { gameId: TOURNAMENT_ID, at: ctx.now, actor, commandId: `c${this.log.length}`, rulesVersion: 'tour-1.0.0', command };
    this.log.push(...sealBatch(this.log.at(-1) ?? null, decision.events, meta));
    return decision.events;
  }

  when(command: TournamentCommand, ctx: TournamentCtx) {
    const decision = decideTournament(this.state, command, ctx);
    return {
      events: decision.ok ? decision.events : [],
      // biome-ignore lint/suspicious/noThenProperty: given/when/then reads like the rules; this object is never awaited
      then(expected: readonly TournamentEvent[]) {
        if (!decision.ok) throw new Error(`rejected: ${decision.violation.message}`);
        expect(decision.events).toEqual(expected);
      },
      thenRejects(rule: string, code?: string): RuleViolation {
        if (decision.ok) throw new Error(`expected a ${rule} violation, got ${JSON.stringify(decision.events)}`);
        expect(decision.violation.rule).toBe(rule);
        if (code) expect(decision.violation.code).toBe(code);
        return decision.violation;
      },
    };
  }
}

export const playerIds = (n: number) => Array.from({ length: n }, (_, i) => `p_${String(i + 1).padStart(4, '0')}`);

/** A tournament created by ORGANISER with `players` joined, not started. */
export const openTournament = (format: Format, players: readonly string[], rounds?: number, roundDeadline?: string): TournamentSpec => {
  const spec = new TournamentSpec();
  spec.run(
    {
      type: 'CreateTournament',
      tournamentId: TOURNAMENT_ID,
      name: 'Spring Swiss',
      format,
      ...(rounds === undefined ? {} : { rounds }),
      ruleset: 'post-galactica',
      ...(roundDeadline === undefined ? {} : { roundDeadline }),
    },
    as(ORGANISER),
  );
  for (const p of players) spec.run({ type: 'JoinTournament' }, as(p));
  return spec;
};

/** Each game's result, by round, table and seats: a test's script of who wins. */
export type Outcome = (round: number, red: string, blue: string) => 'red' | 'blue' | null;

/** Start and play every round with `outcome`, reporting each game's end as the server does. */
export const playThrough = (spec: TournamentSpec, outcome: Outcome): TournamentSpec => {
  spec.run({ type: 'StartTournament' }, as(ORGANISER));
  for (let guard = 0; guard < 10_000; guard++) {
    const state = spec.state;
    if (state.status !== 'running') return spec;
    const round = state.history.at(-1);
    const pending = round?.pairings.find((p) => !round.results.some((r) => r.table === p.table));
    if (!round || !pending) throw new Error('a running tournament with nothing to play');
    spec.run({ type: 'RecordGameResult', gameId: pending.gameId, winner: outcome(round.round, pending.red, pending.blue) }, bySystem());
  }
  throw new Error('the tournament did not end');
};
