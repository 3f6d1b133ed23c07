import { describe, expect, it } from 'vitest';
import { PHASES } from '../../domain/post-galactica/phases.ts';
import { seat, startedPostGalactica } from '../support/decider-spec.ts';
import { rules } from '../support/post-galactica.ts';

describe('Post Galactica turn order', () => {
  it('PG-4 a turn runs Command, Resource, Movement, Action, Ranged, Melee, Status, End in that order', () => {
    expect(PHASES).toEqual(['command', 'resource', 'movement', 'action', 'ranged', 'melee', 'status', 'end']);
    const game = startedPostGalactica();
    const seen = [rules(game).phase];
    for (let i = 0; i < 7; i += 1) {
      game.run({ type: 'EndPhase' }, seat('red'));
      seen.push(rules(game).phase);
    }
    expect(seen).toEqual([...PHASES]);
    expect(rules(game).activeSeat).toBe('red');
  });

  it('PG-4 after the End Phase the other player takes a full turn, starting at Command', () => {
    const game = startedPostGalactica();
    for (let i = 0; i < 7; i += 1) game.run({ type: 'EndPhase' }, seat('red'));
    const events = game.run({ type: 'EndPhase' }, seat('red'));
    expect(events).toEqual([
      { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } },
      { type: 'PhaseStarted', data: { phase: 'command', seat: 'blue' } },
    ]);
  });

  it('PG-4 a round is complete when every player has had one full turn', () => {
    const game = startedPostGalactica();
    for (let i = 0; i < 15; i += 1) game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat));
    const events = game.run({ type: 'EndPhase' }, seat('blue'));
    expect(events[0]).toEqual({ type: 'RoundCompleted', data: { round: 1 } });
    expect(rules(game)).toMatchObject({ activeSeat: 'red', round: 2, turn: 3, phase: 'command' });
  });

  it('PG-4 only the active player may act', () => {
    const violation = startedPostGalactica().when({ type: 'EndPhase' }, seat('blue')).thenRejects('PG-4', 'NOT_YOUR_TURN');
    expect(violation.status).toBe(403);
    expect(violation.message).toBe("It is red's turn (Command Phase); blue must wait.");
  });

  it('PG-4 a stale EndPhase naming another phase is refused', () => {
    startedPostGalactica().when({ type: 'EndPhase', phase: 'melee' }, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
  });

  it('PG-4 unknown commands are refused by the ruleset schema', () => {
    startedPostGalactica().when({ type: 'Teleport' }, seat('red')).thenRejects('MATCH', 'INVALID_COMMAND');
  });
});
