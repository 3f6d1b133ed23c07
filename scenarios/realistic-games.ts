/**
 * COST-1, COST-6: realistic games, for the capacity budgets and what a game costs. Each reference
 * match (test/fixtures/logs, read as a file: the reference matches are the repository's own)
 * is given again, command by command, through the real command path (`executeCommand`) on any
 * deps: armies deployed, fights with dice, sealed orders, a deadline missed. Its seed is the
 * header's, its clock the log's `at` and its id the reference's (the id keys the dice), so the
 * replay is the reference event for event, hash for hash; two replays of one match need two sets
 * of tables. A careful client sends `expectedVersion`; a marked share is sent without it, as the
 * system's and a careless client's are, so both of the store's write paths are measured.
 *
 * No reference match takes anything back, and its dice are keyed by seq (domain/kernel/dice.ts),
 * so a takeback cannot be slipped into a replay without changing the rolls after it. The game
 * with takebacks is the reference up to its middle; there the seat that just acted takes its
 * command back (TB-1) and gives it again, and again past three quarters. Off the reference the
 * match's commands go on where the rules accept them on the game as it now is (a step nobody can
 * act in waits for its deadline), the others are skipped, and a seat concedes at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { GameCommand } from '../domain/match/command-table.ts';
import type { Match } from '../domain/match/state.ts';
import { type ParsedLog, parseLog } from '../domain/verify/log.ts';
import { type Caller, type CommandRequest, type CommandResult, executeCommand, systemCommandId } from '../functions/games/app/commands.ts';
import type { Deps } from '../functions/kernel/deps.ts';
import { Problem } from '../functions/kernel/problems.ts';

/** The reference matches replayed, one a ruleset: Post Galactica's is the battle (armies deployed, attacks). */
const REFERENCE_LOGS = ['post-galactica-battle', 'soluna', 'gsc2'] as const;

const readLog = (name: string): ParsedLog =>
  parseLog(readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));

/** Each ruleset's reference match, by the ruleset its log's header names (HALL-4: no list here keyed by a ruleset's id). */
export const REFERENCE_MATCHES: Readonly<Record<string, string>> = Object.fromEntries(
  REFERENCE_LOGS.map((name) => [readLog(name).header.ruleset, name]),
);

/** A ruleset with a reference match. */
export type RealisticRuleset = string;

export const referenceLog = (ruleset: RealisticRuleset): ParsedLog => {
  const name = REFERENCE_MATCHES[ruleset];
  if (name === undefined) throw new Error(`no reference match of ${ruleset}`);
  return readLog(name);
};

/** One command of the reference: its first event carries the command, the batch is its events. */
export interface ReferenceCommand {
  readonly commandId: string;
  readonly actor: string;
  readonly at: string;
  readonly command: GameCommand;
  readonly events: readonly EventEnvelope[];
}

/** The log's commands in order, each with its batch of events. */
export const referenceCommands = (log: ParsedLog): ReferenceCommand[] => {
  const commands: { commandId: string; actor: string; at: string; command: GameCommand; events: EventEnvelope[] }[] = [];
  for (const event of log.events) {
    if (event.command !== undefined)
      commands.push({ commandId: event.commandId, actor: event.actor, at: event.at, command: event.command as GameCommand, events: [] });
    const current = commands.at(-1);
    if (current?.commandId !== event.commandId) throw new Error(`event ${event.seq} belongs to no command of the log`);
    current.events.push(event);
  }
  return commands;
};

/** Who gave a command, from its event's actor: `system`, `player:<id>` before a seat is taken, else a seat. */
const callerOf = (log: ParsedLog, actor: string): Caller => {
  if (actor === 'system') return { kind: 'system' };
  if (actor.startsWith('player:')) return { kind: 'player', playerId: actor.slice('player:'.length) };
  const playerId = log.header.seats.find((s) => s.name === actor)?.playerId;
  if (!playerId) throw new Error(`the log seats nobody as ${actor}`);
  return { kind: 'player', playerId };
};

/** One command the driver gave, and what came of it. */
export interface GivenCommand {
  readonly request: CommandRequest;
  readonly result: CommandResult;
  /** The game's version before it. */
  readonly versionBefore: number;
  /** The reference's events this command must reproduce, hash for hash; null once the game left the reference. */
  readonly reference: readonly EventEnvelope[] | null;
  /** Why the driver gave it beyond the reference's commands: a takeback, the command given again, a deadline let pass, the concession. */
  readonly detour?: string;
}

/** How a command is given: `executeCommand`, or a caller's wrapper around it (one that measures it). */
export type Give = (deps: Deps, request: CommandRequest) => Promise<CommandResult>;

export interface RealisticOptions {
  /** Take a command back past the middle of the match and again past three quarters (the detour above). */
  readonly takeBack?: boolean;
  readonly give?: Give;
}

/** A command the driver gives: the reference's `at`, the caller and id, and how many events it is expected to write. */
interface Giving {
  readonly at: string;
  readonly caller: Caller;
  readonly commandId: string;
  readonly command: GameCommand;
  readonly expected: number;
  readonly reference: readonly EventEnvelope[] | null;
  readonly detour?: string;
}

/**
 * A careful client sends the version it last saw; a marked share is sent without. The first two
 * commands (create, join) go without, as the API's create and join routes send them, and so does
 * every system command (the phase timer's DeadlineReached). Of the players' other commands, the
 * first and then every fifth of each size (one event, a batch) goes without, so that each size
 * is measured on both of the store's write paths, even in a ruleset whose one-event commands are few.
 */
class Positioning {
  private readonly counts = { one: 0, batch: 0 };
  private accepted = 0;

  /** Whether `giving` is sent with `expectedVersion`, were it accepted next (a refused command counts for nothing). */
  expects(giving: Giving): boolean {
    if (this.accepted < 2 || giving.caller.kind === 'system') return false;
    return (this.counts[sizeOf(giving)] + 1) % 5 !== 1;
  }

  accept(giving: Giving): void {
    this.accepted += 1;
    if (this.accepted > 2 && giving.caller.kind !== 'system') this.counts[sizeOf(giving)] += 1;
  }
}

const sizeOf = (giving: Giving) => (giving.expected === 1 ? 'one' : 'batch');

/** The game as the driver gives it commands: its deps on the match's clock and seed, and what was given. */
class Driver {
  readonly given: GivenCommand[] = [];
  readonly deps: Deps;
  private now = 0;
  private version = 0;
  private readonly positioning = new Positioning();

  constructor(
    base: Deps,
    readonly log: ParsedLog,
    private readonly giveVia: Give,
  ) {
    const seed = log.header.seed;
    if (!seed) throw new Error(`the log of ${log.header.gameId} reveals no seed`);
    // The game's seed is the only randomness the command path draws (CreateGame's); the clock is the log's.
    this.deps = { ...base, clock: () => new Date(this.now), randomHex: () => seed };
  }

  async give(giving: Giving): Promise<CommandResult> {
    // Monotonic: a deadline let pass off the reference moves the clock past the reference's next `at`.
    this.now = Math.max(this.now, Date.parse(giving.at));
    const versionBefore = this.version;
    const { caller, commandId, command, reference, detour } = giving;
    const positioned = this.positioning.expects(giving);
    const request: CommandRequest = {
      gameId: this.log.header.gameId,
      commandId,
      command,
      caller,
      ...(positioned ? { expectedVersion: versionBefore } : {}),
    };
    const result = await this.giveVia(this.deps, request);
    this.positioning.accept(giving);
    this.version = result.version;
    this.given.push({ request, result, versionBefore, reference, ...(detour ? { detour } : {}) });
    return result;
  }

  /** `give`, or null when the command is refused (any refusal but a version conflict, which is the driver's own fault). */
  async tryGive(giving: Giving): Promise<CommandResult | null> {
    try {
      return await this.give(giving);
    } catch (error) {
      if (error instanceof Problem && error.type !== 'version-conflict') return null;
      throw error;
    }
  }

  /** The game while it is being played; null before and after. */
  inPlay(): Match | null {
    const state = this.given.at(-1)?.result.state;
    return state?.status === 'playing' ? state : null;
  }
}

/** The reference's command as the driver gives it, hash-checked against the reference while `onReference`. */
const giving = (log: ParsedLog, command: ReferenceCommand, onReference: boolean): Giving => ({
  at: command.at,
  caller: callerOf(log, command.actor),
  commandId: command.commandId,
  command: command.command,
  expected: command.events.length,
  reference: onReference ? command.events : null,
});

/** TB-1: the seat that gave `done` takes it back and gives it again; false when the rules keep it. */
const takeBackAndRedo = async (driver: Driver, done: Giving): Promise<boolean> => {
  if (done.caller.kind !== 'player') return false;
  const back = { ...done, commandId: `${done.commandId}-back`, command: { type: 'TakeBack' }, expected: 1, reference: null };
  if (!(await driver.tryGive({ ...back, detour: 'TakeBack' }))) return false;
  await driver.give({ ...done, commandId: `${done.commandId}-again`, reference: null, detour: 'given again' });
  return true;
};

/**
 * Off the reference, a command the rules refuse may be waiting for a step nobody can act in (a
 * Sol'una phase where no model has the Mind to act): the step's deadline passes, the system acts
 * as the phase timer does, and the command is given once more. Null when it is refused still.
 */
const giveOrWait = async (driver: Driver, command: Giving): Promise<CommandResult | null> => {
  const given = await driver.tryGive(command);
  const step = driver.inPlay()?.step;
  if (given || !step?.deadline) return given;
  const missed = await driver.tryGive({
    at: step.deadline,
    caller: { kind: 'system' },
    commandId: systemCommandId('deadline', step.key),
    command: { type: 'DeadlineReached', phaseKey: step.key },
    expected: 2,
    reference: null,
    detour: 'deadline',
  });
  return missed ? driver.tryGive(command) : null;
};

/** The second seat concedes a game the reference's commands left unfinished (one that left the reference). */
const concede = async (driver: Driver, at: string) => {
  const [, second] = driver.log.header.seats;
  if (!second?.playerId || !driver.inPlay()) return;
  const caller: Caller = { kind: 'player', playerId: second.playerId };
  await driver.give({
    at,
    caller,
    commandId: 'detour-concede',
    command: { type: 'Concede' },
    expected: 3,
    reference: null,
    detour: 'Concede',
  });
};

/**
 * A reference match given again on `deps` (see the file's comment): every command the driver
 * gave, in order. Throws when a command of the reference is refused before the game left it.
 */
export const playRealisticGame = async (deps: Deps, ruleset: RealisticRuleset, options: RealisticOptions = {}): Promise<GivenCommand[]> => {
  const log = referenceLog(ruleset);
  const driver = new Driver(deps, log, options.give ?? executeCommand);
  const last = log.events.at(-1)?.seq ?? 0;
  // Where in the reference a command is taken back: the first one past each mark that the rules let its seat take back.
  const marks = options.takeBack ? [last / 2, (last * 3) / 4] : [];
  let taken = 0;
  for (const command of referenceCommands(log)) {
    const next = giving(log, command, taken === 0);
    const accepted = taken === 0 ? await driver.give(next) : driver.inPlay() ? await giveOrWait(driver, next) : null;
    const mark = marks[taken];
    if (accepted && mark !== undefined && (command.events[0]?.seq ?? 0) > mark && (await takeBackAndRedo(driver, next))) taken += 1;
  }
  if (taken < marks.length)
    throw new Error(`${ruleset}: ${taken} of ${marks.length} takebacks made; no command after the next mark could be taken back`);
  await concede(driver, log.events.at(-1)?.at ?? '');
  return driver.given;
};
