/**
 * Finished matches of every rule system, played through the real decider with a real
 * seed: the reference logs that `arbiter verify` must accept untouched.
 */
import type { Actor } from '../../domain/kernel/context.ts';
import { actorLabel } from '../../domain/kernel/context.ts';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { emptyGame, foldGame, type GameState } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { getRuleset } from '../../domain/rulesets.ts';
import { LOG_FORMAT, type ParsedLog } from '../../domain/verify/log.ts';

export const REFERENCE_SEED = '5eed'.repeat(16);

export class Recorder {
  readonly events: EventEnvelope[] = [];
  private clock = Date.parse('2026-05-01T10:00:00.000Z');
  private commands = 0;

  constructor(readonly gameId: string) {}

  get state(): GameState {
    return foldGame(this.events, emptyGame);
  }

  /** Give a command at the current time; throws on a rule violation. */
  give(command: GameCommand, actor: Actor, minutesLater = 1): void {
    this.clock += minutesLater * 60_000;
    const now = new Date(this.clock).toISOString();
    const decision = decideGame(this.state, command, { now, actor, seed: REFERENCE_SEED }, this.gameId);
    if (!decision.ok) throw new Error(`${decision.violation.rule}: ${decision.violation.message}`);
    this.commands += 1;
    const head = this.events.at(-1) ?? null;
    this.events.push(
      ...sealBatch(head, decision.events, {
        gameId: this.gameId,
        at: now,
        actor: actorLabel(actor),
        commandId: `ref-${this.commands}`,
        rulesVersion:
          this.state.status === 'empty'
            ? getRuleset(String((command as { ruleset?: string }).ruleset)).rulesVersion
            : (this.state as { rulesVersion: string }).rulesVersion,
        command,
      }),
    );
  }

  seat(name: string): Actor {
    const state = this.state;
    const playerId = state.status === 'empty' ? '' : (state.seats.find((s) => s.name === name)?.playerId ?? '');
    return { kind: 'player', playerId, seat: name };
  }

  /** Let the current step's deadline pass: the system acts for whoever was awaited. */
  missDeadline(): void {
    const state = this.state;
    if (state.status !== 'playing' || !state.step?.deadline) throw new Error('no deadline to miss');
    this.clock = Math.max(this.clock, Date.parse(state.step.deadline));
    this.give({ type: 'DeadlineReached', phaseKey: state.step.key }, { kind: 'system' }, 0);
  }

  log(): ParsedLog {
    const state = this.state;
    if (state.status === 'empty') throw new Error('no game');
    return {
      header: {
        format: LOG_FORMAT,
        gameId: this.gameId,
        ruleset: state.ruleset,
        rulesVersion: state.rulesVersion,
        seats: state.seats.map((s) => ({ name: s.name, playerId: s.playerId })),
        seedCommitment: state.seedCommitment,
        status: state.status,
        seed: state.status === 'ended' ? state.seed : null,
        viewer: null,
        state: viewGame(state, null),
      },
      events: this.events,
    };
  }
}

/** Create, join, roll off, then let `steps` deadlines pass (the rules act on their own), then the second seat concedes. */
export const finishedMatch = (ruleset: string, steps = 12, rules: Record<string, unknown> = {}): ParsedLog => {
  const game = new Recorder(`g_ref_${ruleset.replace(/[^a-z0-9]/g, '')}`);
  const seats = getRuleset(ruleset).seatNames;
  const [first = '', second = ''] = seats;
  game.give(
    {
      type: 'CreateGame',
      ruleset,
      seat: first,
      seedContribution: '00112233445566778899',
      options: { deadlines: { default: 'PT1H' }, rules },
    },
    { kind: 'player', playerId: 'p_one', seat: null },
  );
  game.give({ type: 'JoinGame', seedContribution: 'aabbccddeeff00112233' }, { kind: 'player', playerId: 'p_two', seat: null });
  const state = game.state;
  if (state.status === 'choosing' && state.rollOff) game.give({ type: 'ChooseFirstPlayer', seat: first }, game.seat(state.rollOff.winner));
  for (let i = 0; i < steps && game.state.status === 'playing'; i += 1) game.missDeadline();
  if (game.state.status === 'playing') game.give({ type: 'Concede' }, game.seat(second));
  return game.log();
};

/** The reference match per rule system, recorded by `npm run fixtures`. */
export const REFERENCE_MATCHES: Readonly<Record<string, () => ParsedLog>> = {
  'post-galactica': () => finishedMatch('post-galactica', 40, { scenario: 'example' }),
  soluna: () => finishedMatch('soluna', 40),
  gsc2: () => finishedMatch('gsc2', 40),
};
