import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { PgCommand } from '../../domain/post-galactica/commands.ts';
import { decide } from '../../domain/post-galactica/decide.ts';
import { evolve } from '../../domain/post-galactica/evolve.ts';
import { PHASE_TITLES, PHASES } from '../../domain/post-galactica/phases.ts';
import { Game, player, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { arena, eventData, passTo, RAIDERS, rules, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';
import { BUILD_BARRACKS, deploying, rulesContext, TRAIN_TROOPERS, TRAINING_FACTIONS, training } from '../support/post-galactica-setups.ts';

const misses = (n: number) => scriptedDice(Array(n).fill(1));

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

describe('RUL-9 the phases of a turn (PG-4)', () => {
  it('RUL-9 PG-4 each phase is named as the rules text names it', () => {
    expect(PHASE_TITLES).toEqual({
      command: 'Command Phase',
      resource: 'Resource Phase',
      movement: 'Movement Phase',
      action: 'Action Phase',
      ranged: 'Ranged Phase',
      melee: 'Melee Phase',
      status: 'Status Phase',
      end: 'End Phase',
    });
  });
  it('RUL-9 PG-4 a game without a scenario has nobody to deploy: choosing the first player opens turn 1 at its Command Phase', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const state = game.state;
    if (state.status !== 'choosing' || !state.rollOff) throw new Error('expected a roll-off');
    const events = game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat(state.rollOff.winner));
    expect(events.map((e) => e.type)).toEqual(['FirstPlayerChosen', 'TurnStarted', 'PhaseStarted']);
    expect(eventData(events, 'TurnStarted')).toEqual({ seat: 'red', round: 1, turn: 1 });
  });
});

describe('RUL-9 who may act, and when (PG-4)', () => {
  it('RUL-9 PG-4 while the armies deploy, a phase command of the deploying seat is refused as deployment, not as the wrong phase', () => {
    const v = deploying().when({ type: 'Gather' }, seat('red')).thenRejects('PG-4', 'DEPLOYING');
    expect(v.message).toBe('The armies are still deploying; red places units with Deploy.');
  });

  it('RUL-9 PG-4 a seat that is not deploying is told that it is the other seat’s deployment', () => {
    const v = deploying().when({ type: 'Gather' }, seat('blue')).thenRejects('PG-4', 'NOT_YOUR_TURN');
    expect(v.message).toBe("It is red's turn (deployment); blue must wait.");
  });

  it('RUL-9 PG-4 the system (no seat) acts for the active player', () => {
    // The match refuses a seatless player (NOT_SEATED) before the ruleset is asked, so only a direct call reaches this.
    const game = arena();
    const decision = decide(rules(game), { type: 'EndPhase' }, rulesContext(null));
    expect(decision).toEqual({ ok: true, events: [{ type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } }] });
  });

  it('RUL-9 PG-4 EndPhase naming the phase that is open ends it', () => {
    expect(arena().run({ type: 'EndPhase', phase: 'command' }, seat('red'))).toEqual([
      { type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } },
    ]);
  });

  it('RUL-9 PG-4 PG-14 ending the End Phase passes the turn to the next player', () => {
    const game = arena();
    toPhase(game, 'end');
    const events = game.run({ type: 'EndPhase' }, seat('red'));
    expect(events.filter((e) => e.type === 'PhaseStarted' || e.type === 'TurnStarted')).toEqual([
      { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } },
      { type: 'PhaseStarted', data: { phase: 'command', seat: 'blue' } },
    ]);
  });

  // Each command belongs to one phase; a player who sends it in the Command Phase is told which.
  it.each([
    ['Gathering resources happens in the Resource Phase', { type: 'Gather' }],
    ['Construct happens in the Action Phase', BUILD_BARRACKS],
    ['Produce happens in the Action Phase', TRAIN_TROOPERS],
    ['Repair happens in the Action Phase', { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' }],
    ['Interact happens in the Action Phase', { type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }],
    ['Aim happens in the Action Phase', { type: 'Aim', unitId: TROOPERS }],
    ['Research happens in the Action Phase', { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' }],
    ['Salvage happens in the Action Phase', { type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-cc' }],
    ['Load happens in the Action Phase', { type: 'Load', unitId: 'red-sentinel-walker-1', passengerIds: [TROOPERS] }],
    ['Unload happens in the Action Phase', { type: 'Unload', unitId: 'red-sentinel-walker-1', units: [{ unitId: TROOPERS, x: 9, y: 12 }] }],
    ['Activate Ability happens in the Action Phase', { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' }],
    ['Using a faction ability happens in the Action Phase', { type: 'UseFactionAbility', ability: 'Orbital Drop' }],
    ['A melee attack happens in the Melee Phase', { type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }],
    ['Resolving statuses happens in the Status Phase', { type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Burning' }] }],
  ] as const)('RUL-9 PG-4 sent in the Command Phase, it is refused: "%s; it is the Command Phase."', (says, command) => {
    const v = arena().when(command, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
    expect(v.message).toBe(`${says}; it is the Command Phase.`);
  });

  it('RUL-9 PG-4 a command the decider does not know is a programming error, not a silent no-op', () => {
    // The command schema refuses an unknown type before decide; only a direct call reaches the never check.
    const unknown = { type: 'Teleport' } as unknown as PgCommand;
    expect(() => decide(rules(arena()), unknown, rulesContext('red'))).toThrow('unhandled case');
  });
});

describe('RUL-9 a new turn (PG-4, PG-10)', () => {
  it('RUL-9 PG-4 a unit that did nothing is kept as it is when a turn starts, not copied (PERF-3)', () => {
    const game = arena();
    const before = unit(game, RAIDERS);
    passTo(game, 'blue');
    expect(unit(game, RAIDERS)).toBe(before);
  });

  it('RUL-9 PG-4 a turn opens at its Command Phase', () => {
    // The decider always follows TurnStarted with PhaseStarted in one decision; TurnStarted alone already means it.
    const game = arena();
    toPhase(game, 'end');
    const next = evolve(rules(game), { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } });
    expect(next).toMatchObject({ activeSeat: 'blue', phase: 'command', turn: 2 });
  });

  it('RUL-9 PG-10 a stance outlasts the unit’s own attacks: only an Overwatch reaction spends it', () => {
    const game = training(TRAINING_FACTIONS, [
      { unitId: TROOPERS, x: 20, y: 14 },
      { unitId: RAIDERS, x: 30, y: 14 },
    ]);
    game.run({ type: 'Dodge', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged');
    game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), misses(6));
    expect(unit(game, TROOPERS)?.stance).toBe('Dodge');
  });
});
