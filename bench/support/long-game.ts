/**
 * PERF-3, PERF-4: a long Sol'una game with real dice, played through the real decider
 * (`recordCommand`, as the command handler records) with the game's own seeded dice, and
 * exported as `GET /games/{id}/log` would export it once ended: the header with the
 * revealed seed and the state view, then every event.
 *
 * The mission keeps both warbands shooting at each other for as long as it is asked to:
 * every model holds a bow that hits on a 6 and a salve that heals its own wounds, so each
 * phase rolls attacks (and some wound, and get healed) and nobody is slain. After
 * `events` events the second seat concedes.
 */
// Decides and folds games of every rule system in this process, so all are loaded at start.

import type { Actor } from '../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { GameCommand } from '../../domain/match/decide.ts';
import { evolveGame } from '../../domain/match/evolve.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import type { ModelAction } from '../../domain/soluna/choices.ts';
import type { ProfileInput } from '../../domain/soluna/mission.ts';
import { awaitedSeats } from '../../domain/soluna/orders.ts';
import type { SolModel, SolState } from '../../domain/soluna/state.ts';
import { logHeader, type ParsedLog, serializeLog } from '../../domain/verify/log.ts';

const RULESETS = everyRuleset();

export const LONG_GAME_SEED = 'a11ce'.repeat(12).padEnd(64, '0');

const bow = { name: 'Longbow', kind: 'ranged', range: 12, toHit: 6, damage: 1 } as const;
const salve = { name: 'Salve', target: 'self', range: 0, effect: { kind: 'heal', amount: 2 } } as const;
const model = (id: string, at: [number, number], leader = false): ProfileInput => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  leader,
  mind: 6,
  movement: 2,
  wounds: 8,
  at,
  attacks: [bow],
  artifacts: [salve],
});

/** Two warbands of three facing each other across an open 8x8 field, with no turn limit. */
export const LONG_MISSION = {
  name: 'The Long Vigil',
  grid: { width: 8, height: 8, blocking: [] },
  warbands: {
    sun: [model('aurel', [3, 1], true), model('brisa', [1, 1]), model('cael', [5, 1])],
    moon: [model('duna', [4, 6], true), model('enno', [2, 6]), model('fara', [6, 6])],
  },
  victory: { eliminate: 'leader', turnLimit: null },
} as const;

/** A recorder that folds each new batch once (the test recorder re-folds the whole log, too slow at 10,000 events). */
class LongRecorder {
  readonly events: EventEnvelope[] = [];
  state: GameState = emptyGame;
  private clock = Date.parse('2026-06-01T09:00:00.000Z');

  constructor(readonly gameId: string) {}

  give(command: GameCommand, actor: Actor): void {
    this.clock += 60_000;
    const ctx = { rulesets: RULESETS, now: new Date(this.clock).toISOString(), actor, seed: LONG_GAME_SEED };
    const decision = recordCommand(this.state, command, ctx, this.gameId, `long-${this.events.length + 1}`);
    if (!decision.ok) throw new Error(`${decision.violation.rule}: ${decision.violation.message}`);
    for (const event of decision.events) {
      this.events.push(event);
      this.state = evolveGame(RULESETS, this.state, event);
    }
  }

  seat(name: string): Actor {
    const playerId = this.state.status === 'empty' ? '' : (this.state.seats.find((s) => s.name === name)?.playerId ?? '');
    return { kind: 'player', playerId, seat: name };
  }

  get sol(): SolState {
    return (this.state as { rules?: SolState }).rules as SolState;
  }
}

/** A wounded model tends its wounds (once a turn, the salve is starred); a whole one shoots the nearest living enemy. */
const choose = (state: SolState, seat: string): ModelAction[] =>
  (state.eligible[seat] ?? []).map((id) => {
    const self = state.models.find((m) => m.id === id) as SolModel;
    if (self.starredUsed >= state.rules.starredPerTurn) return { model: id, action: { kind: 'none' } };
    if (self.woundsTaken >= 2) return { model: id, action: { kind: 'artifact', artifact: salve.name } };
    const target = state.models.find((m) => m.seat !== seat && !m.slain);
    return target
      ? { model: id, action: { kind: 'attack', weapon: bow.name, target: target.id } }
      : { model: id, action: { kind: 'none' } };
  });

/** Play the long game until it has at least `events` events, then the moon seat concedes. */
export const playLongGame = (events = 10_000): ParsedLog => {
  const game = new LongRecorder('g_long_vigil');
  game.give(
    {
      type: 'CreateGame',
      ruleset: 'soluna',
      seat: 'sun',
      seedContribution: '0123456789abcdef0123',
      options: { deadlines: { default: 'PT24H' }, rules: { mission: LONG_MISSION, mindLossPerWound: 0 } },
    },
    { kind: 'player', playerId: 'p_sun', seat: null },
  );
  game.give({ type: 'JoinGame', seedContribution: 'fedcba98765432100123' }, { kind: 'player', playerId: 'p_moon', seat: null });
  const choosing = game.state;
  if (choosing.status === 'choosing' && choosing.rollOff) {
    game.give({ type: 'ChooseFirstPlayer', seat: 'sun' }, game.seat(choosing.rollOff.winner));
  }
  while (game.events.length < events && game.state.status === 'playing') {
    const state = game.sol;
    const seats = awaitedSeats(state);
    if (seats.length === 0) throw new Error(`nobody is awaited in turn ${state.turn}, phase ${state.phase}`);
    for (const seat of seats) {
      if (game.state.status !== 'playing') break;
      game.give({ type: 'SubmitActions', actions: choose(state, seat) }, game.seat(seat));
    }
  }
  if (game.state.status === 'playing') game.give({ type: 'Concede' }, game.seat('moon'));
  const final = game.state;
  if (final.status !== 'ended') throw new Error(`the long game did not end: ${final.status}`);
  return {
    header: logHeader(RULESETS, game.gameId, final, null),
    events: game.events,
  };
};

/**
 * The game `npm run bench`'s pipeline plays: Post Galactica with the bare turn sequence,
 * advanced by EndPhase alone (no dice after the roll-off) until it has `events` events.
 */
export const phaseEndGame = (events = 2_000): EventEnvelope[] => {
  const game = new LongRecorder('g_phase_ends');
  const red = { kind: 'player', playerId: 'p_red', seat: null } as const;
  game.give({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } }, red);
  game.give({ type: 'JoinGame' }, { kind: 'player', playerId: 'p_blue', seat: null });
  let seat = 'red';
  while (game.events.length < events) {
    const before = game.events.length;
    game.give({ type: 'EndPhase' }, game.seat(seat));
    if (game.events.slice(before).some((e) => e.type === 'TurnStarted')) seat = seat === 'red' ? 'blue' : 'red';
  }
  return game.events;
};

/** The long game as an exported log file's text. */
export const longGameLog = (events = 10_000): string => {
  const { header, events: logged } = playLongGame(events);
  return serializeLog(header, logged);
};
