/**
 * The tournament command path on the memory adapters, with no stream to open its games:
 * INV-8, an export written before a round's games are opened lists them as pending instead of
 * failing; INV-9, a command recorded under its bare id (before ids were scoped to their sender)
 * still answers its own player's retry, and no one else's.
 */
import { describe, expect, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { decideTournament, TOURNAMENT_RULES_VERSION } from '../../domain/tournament/decide.ts';
import { verifyTournament } from '../../domain/verify/tournament.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { exportTournament } from '../../functions/tournaments/app/tournament-export.ts';
import { loadTournament } from '../../functions/tournaments/app/tournament-fold.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';

const TOURNAMENT = 't_unopened';
const NOW = '2026-04-01T10:00:00.000Z';

/** Memory deps with a counter for randomness, so seeds and ids are the same every run. */
const fixedDeps = (): Deps => {
  let drawn = 0;
  return createMemoryDeps(everyRuleset(), {
    randomHex: (bytes) => sha256Hex(`unopened-${++drawn}`).slice(0, bytes * 2),
    clock: () => new Date(NOW),
  });
};

const give = (deps: Deps, playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
  executeTournamentCommand(deps, { tournamentId: TOURNAMENT, commandId, command, caller: { kind: 'player', playerId } });

const createSwiss = (deps: Deps) =>
  give(deps, 'p_org', 'create-0001', {
    type: 'CreateTournament',
    tournamentId: TOURNAMENT,
    name: 'Unopened',
    format: 'swiss',
    rounds: 1,
    ruleset: 'post-galactica',
  });

describe('INV-8 an export before the games are opened', () => {
  it('INV-8 lists the paired games not opened yet as pending, carries no log for them, and verifies', async () => {
    const deps = fixedDeps();
    await createSwiss(deps);
    await give(deps, 'p_ann', 'join-0001', { type: 'JoinTournament' });
    await give(deps, 'p_bob', 'join-0001', { type: 'JoinTournament' });
    const started = await give(deps, 'p_org', 'start-0001', { type: 'StartTournament' });
    const state = started.state;
    if (state.status !== 'running') throw new Error('running expected');
    const gameId = state.history[0]?.pairings[0]?.gameId;
    const text = await exportTournament(deps, TOURNAMENT, 'p_org');
    const lines = text.trim().split('\n');
    // TRUST-3: signed by the service (test/service/trust-3-signed-exports.service.test.ts checks the signature).
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      format: 'arbiter-tournament/1',
      tournamentId: TOURNAMENT,
      games: [],
      pending: [gameId],
      signature: expect.any(Object),
    });
    // The header, then the tournament's five events, and no game log.
    expect(lines.slice(1).map((l) => JSON.parse(l).type)).toEqual([
      'TournamentCreated',
      'PlayerJoined',
      'PlayerJoined',
      'TournamentStarted',
      'RoundPaired',
    ]);
    const checks = verifyTournament(text, everyRuleset());
    expect(checks[0]).toEqual({
      check: 'games',
      ok: true,
      verdict: '0 game logs verify (chain, seed, dice, rules, state); 1 paired, not opened yet when exported: pending',
    });
    // Still running: its seed is secret, which is the one failure.
    expect(checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['seed']);
  });
});

describe('INV-9 a command recorded before ids were scoped to their sender', () => {
  /** Ann's join appended as the path did before: its record under the bare id `join-0001`. */
  const joinedTheOldWay = async (deps: Deps) => {
    await createSwiss(deps);
    const command = { type: 'JoinTournament' } as const;
    const caller = { kind: 'player', playerId: 'p_ann' } as const;
    const loaded = await loadTournament(deps, TOURNAMENT);
    const decision = decideTournament(loaded.state, command, {
      now: NOW,
      actor: { kind: 'player', playerId: 'p_ann' },
      seed: 'a'.repeat(64),
    });
    if (!decision.ok) throw new Error('join refused');
    const events = sealBatch(loaded.events.at(-1) ?? null, decision.events, {
      gameId: TOURNAMENT,
      at: NOW,
      actor: 'player:p_ann',
      commandId: 'join-0001',
      rulesVersion: TOURNAMENT_RULES_VERSION,
      command,
    });
    const bodyHash = sha256Hex(canonicalJson({ caller, command, expectedVersion: null }));
    const appended = await deps.store.append({
      gameId: TOURNAMENT,
      expectedVersion: 1,
      events,
      command: { commandId: 'join-0001', record: { bodyHash, firstSeq: 2, lastSeq: 2 } },
    });
    expect(appended.ok).toBe(true);
    return events;
  };

  it("INV-9 the same player's retry is answered from the old record, replayed, and joins nobody twice", async () => {
    const deps = fixedDeps();
    const events = await joinedTheOldWay(deps);
    const retry = await give(deps, 'p_ann', 'join-0001', { type: 'JoinTournament' });
    expect([retry.replayed, retry.version, retry.events]).toEqual([true, 2, events]);
    expect((await loadTournament(deps, TOURNAMENT)).state.version).toBe(2);
  });

  it("INV-9 another player sending the same id joins under their own, and is not answered with Ann's join", async () => {
    const deps = fixedDeps();
    await joinedTheOldWay(deps);
    const bob = await give(deps, 'p_bob', 'join-0001', { type: 'JoinTournament' });
    expect([bob.replayed, bob.version, bob.events.map((e) => [e.type, e.actor])]).toEqual([false, 3, [['PlayerJoined', 'player:p_bob']]]);
  });
});
