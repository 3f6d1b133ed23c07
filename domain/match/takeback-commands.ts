/**
 * ARC-4, TB: the takeback and fork commands of the match lifecycle (TB-1 to TB-6), declared
 * here once and listed in the command table (command-table.ts) with the others: a file of
 * their own, so each stays small enough to read (RUL-5).
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import { declare } from './command-declaration.ts';
import {
  type CorrectGame,
  correctGameFields,
  type ForkGame,
  forkGameFields,
  type ProposeFork,
  type ProposeTakeback,
  proposeForkFields,
  proposeTakebackFields,
  type TakeBack,
  takeBackFields,
} from './commands.ts';
import { acceptTakeback, correctGame, declineTakeback, proposeTakeback } from './far-takeback.ts';
import { acceptFork, declineFork, forkGame, proposeFork } from './fork.ts';
import type { LogAfter } from './match-ctx.ts';
import type { GameState } from './state.ts';
import { takeBack } from './takeback.ts';

export const TAKEBACK_COMMANDS = [
  declare({
    type: 'TakeBack',
    fields: takeBackFields,
    summary:
      "Take back your own latest commands, back to the last point something became known to anyone else (a roll, a reveal, another seat's action, a deadline, the step passing on); the voided events stay in the log.",
    rule: 'TB-1',
    sentBy: 'seat',
    decide: (match, command: TakeBack, ctx) => takeBack(match, command, ctx),
  }),
  declare({
    type: 'ProposeTakeback',
    fields: proposeTakebackFields,
    summary:
      "Propose taking the game back to an earlier version, across other seats' actions, rolls and reveals; the proposal lists exactly what it undoes, rolls included, and every other seat must accept. It lapses at the end of the phase or when anything else is recorded.",
    rule: 'TB-2',
    sentBy: 'seat',
    undoes: true,
    decide: (match, command: ProposeTakeback, ctx) => proposeTakeback(match, command, ctx),
  }),
  declare({
    type: 'AcceptTakeback',
    summary: 'Accept the takeback proposed; when every seat has, the game goes back to its version (the rolls it discards stay spent).',
    rule: 'TB-2',
    sentBy: 'seat',
    decide: (match, _command, ctx) => acceptTakeback(match, ctx),
  }),
  declare({
    type: 'DeclineTakeback',
    summary: 'Decline (or, as its proposer, withdraw) the takeback proposed.',
    rule: 'TB-2',
    sentBy: 'seat',
    decide: (match, _command, ctx) => declineTakeback(match, ctx),
  }),
  declare({
    type: 'CorrectGame',
    fields: correctGameFields,
    summary:
      "The organiser's ruling: take a running game back to an earlier version, with a stated reason, without agreement; every seat is notified. An ended game is never taken back (a fork, TB-6, continues it).",
    rule: 'TB-3',
    sentBy: 'organiser',
    undoes: true,
    decide: (match, command: CorrectGame, ctx) => correctGame(match, command, ctx),
  }),
  declare({
    type: 'ProposeFork',
    fields: proposeForkFields,
    summary:
      'Propose continuing the game from an earlier version in a new game with the same seats and fresh deadlines; every seat must accept. The organiser may propose it as a ruling, on an ended game too.',
    rule: 'TB-6',
    sentBy: 'seat or organiser',
    reserved: 'Propose a continuation with POST /games/{id}/forks.',
    whilePaused: true,
    decide: (match, command: ProposeFork, ctx, { firstSeq }) => proposeFork(match, command, ctx, firstSeq),
  }),
  declare({
    type: 'AcceptFork',
    summary: 'Accept the continuation proposed; when every seat has, the service starts it as a new game.',
    rule: 'TB-6',
    sentBy: 'seat',
    whilePaused: true,
    decide: (match, _command, ctx, { firstSeq }) => acceptFork(match, ctx, firstSeq),
  }),
  declare({
    type: 'DeclineFork',
    summary: 'Decline (or, as its proposer, withdraw) the continuation proposed.',
    rule: 'TB-6',
    sentBy: 'seat or organiser',
    whilePaused: true,
    decide: (match, _command, ctx) => declineFork(match, ctx),
  }),
  declare({
    type: 'ForkGame',
    fields: forkGameFields,
    summary: 'Start a fork from the state of another game at one of its versions: a sandbox, or an agreed continuation.',
    rule: 'TB-6',
    sentBy: 'any player',
    reserved: 'Fork a game with POST /games/{id}/forks.',
    founds: true,
    needsOrigin: true,
    decide: (state: GameState, command: ForkGame, ctx, { gameId }) => forkGame(state, command, ctx, gameId),
  }),
] as const;

/** The far takebacks: decided on what they would undo (`undoes`). */
const UNDOING: ReadonlySet<string> = new Set(TAKEBACK_COMMANDS.flatMap((c) => ('undoes' in c && c.undoes ? [c.type] : [])));

/** TB-2, TB-3: the version a command takes the game back to when it is a far takeback, whose decider is given the log after it. */
export const undoneVersion = (command: { readonly type: string; readonly toVersion?: unknown }): number | null =>
  UNDOING.has(command.type) && typeof command.toVersion === 'number' && Number.isInteger(command.toVersion) ? command.toVersion : null;

/** `ctx.undone` for a command decided on `state`, taken from a whole log (verify, the tests); nothing for any other command. */
export const undoneFromLog = (
  command: { readonly type: string; readonly toVersion?: unknown },
  state: GameState,
  log: readonly EventEnvelope[],
): { undone?: LogAfter } => {
  const after = undoneVersion(command);
  if (after === null || after < 0 || after >= state.version) return {};
  return { undone: { after, events: log.filter((e) => e.seq > after && e.seq <= state.version) } };
};
