/**
 * Finished matches of every rule system, played through the real decider with a real
 * seed: the reference logs that `arbiter verify` must accept untouched.
 */
import type { Rulesets } from '../../domain/catalogue.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import type { DomainEvent, EventEnvelope } from '../../domain/kernel/envelope.ts';
import { undoneFromLog } from '../../domain/match/command-table.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { logHeader, type ParsedLog } from '../../domain/verify/log.ts';
import { playGscReference } from './reference-gsc2.ts';
import { BATTLE_SCENARIO, playPostGalacticaBattle } from './reference-post-galactica-battle.ts';
import { playSolunaReference } from './reference-soluna.ts';

const RULESETS = everyRuleset();

export const REFERENCE_SEED = '5eed'.repeat(16);

export class Recorder {
  readonly events: EventEnvelope[] = [];
  private clock = Date.parse('2026-05-01T10:00:00.000Z');
  private commands = 0;
  private folded: { readonly length: number; readonly state: GameState } = { length: 0, state: emptyGame };

  constructor(
    readonly gameId: string,
    readonly rulesets: Rulesets = RULESETS,
  ) {}

  get state(): GameState {
    if (this.folded.length !== this.events.length)
      this.folded = { length: this.events.length, state: foldGame(this.rulesets, this.events, emptyGame) };
    return this.folded.state;
  }

  /** What the rules would decide for this command now, without recording it (a player weighing a choice). */
  wouldAccept(command: GameCommand, actor: Actor): readonly DomainEvent[] | null {
    const now = new Date(this.clock + 60_000).toISOString();
    const decision = decideGame(this.state, command, { rulesets: this.rulesets, now, actor, seed: REFERENCE_SEED }, this.gameId);
    return decision.ok ? decision.events : null;
  }

  /** Give a command at the current time; throws on a rule violation. */
  give(command: GameCommand, actor: Actor, minutesLater = 1): void {
    const refused = this.tryGive(command, actor, minutesLater);
    if (refused !== null) throw new Error(refused);
  }

  /**
   * Give a command at the current time, as the command path would (a far takeback is given the
   * log after its version); what the rules refused it with, or null when it was recorded.
   */
  tryGive(command: GameCommand, actor: Actor, minutesLater = 1): string | null {
    this.clock += minutesLater * 60_000;
    const now = new Date(this.clock).toISOString();
    const state = this.state;
    const decision = recordCommand(
      state,
      command,
      { rulesets: this.rulesets, now, actor, seed: REFERENCE_SEED, ...undoneFromLog(command, state, this.events) },
      this.gameId,
      `ref-${this.commands + 1}`,
    );
    if (!decision.ok) return `${decision.violation.rule}: ${decision.violation.message}`;
    this.commands += 1;
    this.events.push(...decision.events);
    return null;
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
      header: logHeader(this.rulesets, this.gameId, state, null),
      events: this.events,
    };
  }
}

/** Create and join (each seat mixing in a seed contribution), then the roll-off winner names the first seat to play. */
export const startMatch = (
  ruleset: string,
  rules: Record<string, unknown> = {},
  rulesets: Rulesets = RULESETS,
  gameId = `g_ref_${ruleset.replace(/[^a-z0-9]/g, '')}`,
): Recorder => {
  const game = new Recorder(gameId, rulesets);
  const [first = ''] = rulesets.getRuleset(ruleset).seatNames;
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
  return game;
};

/** Create, join, roll off, then let `steps` deadlines pass (the rules act on their own), then the second seat concedes. */
export const finishedMatch = (ruleset: string, steps = 12, rules: Record<string, unknown> = {}): ParsedLog => {
  const game = startMatch(ruleset, rules);
  const [, second = ''] = RULESETS.getRuleset(ruleset).seatNames;
  for (let i = 0; i < steps && game.state.status === 'playing'; i += 1) game.missDeadline();
  if (game.state.status === 'playing') game.give({ type: 'Concede' }, game.seat(second));
  return game.log();
};

/** A reference match played by a ruleset's script (both seats' real commands), conceded by `concedes` if it has not ended. */
const scripted = (
  ruleset: string,
  play: (game: Recorder) => void,
  concedes: string,
  rules: Record<string, unknown> = {},
  gameId?: string,
): ParsedLog => {
  const game = startMatch(ruleset, rules, RULESETS, gameId);
  play(game);
  if (game.state.status === 'playing') game.give({ type: 'Concede' }, game.seat(concedes));
  return game.log();
};

/**
 * The reference matches, recorded by `npm run fixtures` to test/fixtures/logs/<key>.ndjson:
 * one per rule system, keyed by its id (the one the rules-version tests re-adjudicate and
 * keep per version), and sample battles keyed otherwise (DOC-7), kept in that folder only.
 */
export const REFERENCE_MATCHES: Readonly<Record<string, () => ParsedLog>> = {
  'post-galactica': () => finishedMatch('post-galactica', 40, { scenario: 'example' }),
  soluna: () => scripted('soluna', playSolunaReference, 'moon'),
  gsc2: () => scripted('gsc2', playGscReference, 'blue'),
  'post-galactica-battle': () => scripted('post-galactica', playPostGalacticaBattle, 'blue', BATTLE_SCENARIO, 'g_ref_postgalacticabattle'),
};
