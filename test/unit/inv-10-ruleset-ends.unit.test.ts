/**
 * INV-10: a ruleset's own state ends with its match. `GameEnded` is the match's event; a Sol'una
 * or GSC2 state said `playing` (and Sol'una still awaited its seats) after a concession. From
 * the rules versions that bound the match (sol-0.4.0, gsc2-0.8.0) the ruleset folds it too; a
 * game of older rules keeps the state its snapshots, read models and exports already hold.
 */
import { describe, expect, it } from 'vitest';
import type { GscState } from '../../domain/gsc2/state.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { seat } from '../support/decider-spec.ts';
import { startMatch } from '../support/finished-games.ts';
import { ageLog } from '../support/older-rules.ts';
import { mission, playing, profile, sol } from '../support/soluna.ts';

const RULESETS = everyRuleset();

describe('INV-10 the ruleset state ends with its match', () => {
  it("INV-10 a conceded Sol'una game's own state is ended, awaits nobody and keeps no sealed orders", () => {
    const game = playing(
      mission([profile({ id: 'ava', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'bex', mind: 10, at: [3, 0], leader: true })]),
    );
    game.run({ type: 'SubmitActions', actions: [{ model: 'ava', action: { kind: 'none' } }] }, seat('sun', 'p_sun'));
    expect(sol(game).sealed).toHaveProperty('sun');
    game.run({ type: 'Concede' }, seat('moon', 'p_moon'));
    expect(game.state.status).toBe('ended');
    expect(sol(game)).toMatchObject({ status: 'ended', sealed: {}, eligible: {} });
    const view = RULESETS.getFold('soluna').view(sol(game), null) as { status: string };
    expect(view.status).toBe('ended');
    expect(RULESETS.getFold('soluna').awaiting(sol(game))).toEqual([]);
  });

  it('INV-10 a GSC2 game ended by a concession says ended in its own state too', () => {
    const game = startMatch('gsc2');
    game.give({ type: 'Concede' }, game.seat('blue'));
    const state = game.state;
    expect(state.status).toBe('ended');
    expect((state as { rules: GscState }).rules.status).toBe('ended');
  });

  it('INV-10 under older rules (sol-0.3.0) the ruleset state stays as it was folded then', () => {
    const game = startMatch('soluna');
    game.give({ type: 'Concede' }, game.seat('moon'));
    const older = foldGame(RULESETS, ageLog(game.events, 'sol-0.3.0'));
    expect(older.status).toBe('ended');
    expect((older as { rules: SolState }).rules.status).toBe('playing');
    expect((game.state as { rules: SolState }).rules.status).toBe('ended');
  });
});
