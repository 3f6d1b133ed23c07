/**
 * AWS-3 a way back for what failed: what `npm run redrive` does for one game, shared by the
 * local runtime's failure file and the AWS queues (redrive-aws.ts).
 *
 * Nothing here replays a failed record as it was: the log in the `events` table is the
 * truth, so each step is re-derived from it and is safe to run twice.
 * - The projector's part: the game's read model is brought up to its log (conditionally,
 *   as the projector writes it); a read model that cannot be read is replaced by one folded
 *   from the whole log, with its inbox and lobby entries; then, as the projector's consumer
 *   does, the game's club reactions from its whole log (listed in its club, rated on its
 *   ladder when it ended rated), each once however often it runs (CLUB-1, CLUB-6).
 * - The timer reactor's part: the deadline of the step the game waits in now. One already
 *   due is fired (`DeadlineReached` under `@deadline.<step>`, idempotent: a second fire
 *   writes nothing); one ahead is scheduled again when a scheduler is at hand (creating an
 *   existing schedule is a no-op).
 */
import type { Step } from '../../domain/match/state.ts';
import { reactForClubs } from '../../functions/clubs/app/club-reactions.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { fireDeadline } from '../../functions/games/app/phase-timer.ts';
import { projectGame } from '../../functions/games/app/projection.ts';
import { reminderSchedules, remindersOf } from '../../functions/games/app/timer-reactor.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { isTournamentId, type PhaseScheduler } from '../../functions/kernel/ports.ts';
import { reactForTournaments } from '../../functions/tournaments/app/tournament-rounds.ts';

export type Consumer = 'projector' | 'timer-reactor' | 'publisher' | 'tournaments';

export interface Redriven {
  readonly gameId: string;
  readonly ok: boolean;
  /** One line per part: what was done, or why it failed. */
  readonly lines: readonly string[];
}

/** The projector's part: the read model at the log's last event. */
export const reprojectGame = async (deps: Deps, gameId: string): Promise<string> => {
  const events = await deps.store.readAfter(gameId, 0);
  if (events.length === 0) return `${gameId}: no events in the log, nothing to project`;
  const newest = events.length;
  try {
    const version = await projectGame(deps, gameId, events);
    return `${gameId}: read model at version ${version} (the log has ${newest})`;
  } catch (error) {
    // A read model that cannot be folded onto (not JSON, or not chaining): drop it, fold anew.
    const model = await deps.games.readModel(gameId);
    if (!model) throw error;
    // Only that version: a projector that moved it meanwhile wrote one to fold onto.
    await deps.games.dropReadModel(gameId, model.version);
    const version = await projectGame(deps, gameId, events);
    return `${gameId}: read model could not be read (${(error as Error).message}); rebuilt from the log at version ${version}`;
  }
};

/** The projector consumer's club part (docs/design.md §21): idempotent, so the whole log is given again; null for a game in no club. */
export const reactForClubsAgain = async (deps: Deps, gameId: string): Promise<string | null> => {
  const events = await deps.store.readAfter(gameId, 0);
  const club =
    events[0]?.type === 'GameCreated' ? (events[0].data as { options?: { club?: { clubId: string } } }).options?.club : undefined;
  if (!club) return null;
  await reactForClubs(deps, gameId, events);
  return `${gameId}: listed in club ${club.clubId}, and rated there if it ended rated`;
};

/** The timer reactor's part: the current step's deadline, fired when due, scheduled again when ahead. */
export const rearmDeadline = async (deps: Deps, gameId: string, scheduler: PhaseScheduler | null): Promise<string> => {
  const { state } = await loadGame(deps, gameId);
  const step: Step | null = state.status === 'empty' ? null : state.step;
  if (state.status === 'ended' || !step?.deadline) return `${gameId}: waits on no deadline (${state.status})`;
  const now = deps.clock();
  if (Date.parse(step.deadline) <= now.getTime()) {
    const fired = await fireDeadline(deps, { gameId, phaseKey: step.key });
    return `${gameId}: the deadline of ${step.key} (${step.deadline}) had passed: fired, ${fired.written} event(s) written, now at version ${fired.version}`;
  }
  if (!scheduler) return `${gameId}: the deadline of ${step.key} is ahead (${step.deadline}); the running runtime schedules it`;
  await scheduler.schedule({ gameId, phaseKey: step.key, at: step.deadline });
  for (const reminder of reminderSchedules(gameId, step, remindersOf(state, step), now)) await scheduler.schedule(reminder);
  return `${gameId}: the deadline of ${step.key} is ahead (${step.deadline}): scheduled again`;
};

/**
 * The tournament reactor's part (CLUB-4): the whole log given to it again, which is idempotent
 * (games opened under server command ids, results under `@result.<gameId>`, schedules by name).
 * The pairing notices are not sent again from here: that needs the bus (on AWS the records are
 * handed to the reactor itself, redrive-aws.ts).
 */
export const reactForTournamentsAgain = async (context: RedriveContext, streamId: string): Promise<string> => {
  const tournament = isTournamentId(streamId);
  const events = await context.deps.store.readAfter(streamId, 0);
  await reactForTournaments(context.deps, context.scheduler, null, streamId, events);
  return tournament
    ? `${streamId}: every paired round's games opened${context.scheduler ? ', its open round deadline armed' : ''}`
    : `${streamId}: its result reported to its tournament, if it is a tournament's game and has ended`;
};

export interface RedriveContext {
  readonly deps: Deps;
  /** Where an ahead deadline is scheduled again; null when only the running runtime can (locally). */
  readonly scheduler: PhaseScheduler | null;
}

/** Each consumer's part for one game, in order; the game is redriven when every part is. */
export const redriveGame = async (context: RedriveContext, gameId: string, consumers: readonly Consumer[]): Promise<Redriven> => {
  const lines: string[] = [];
  try {
    if (consumers.includes('projector')) {
      lines.push(await reprojectGame(context.deps, gameId));
      const club = await reactForClubsAgain(context.deps, gameId);
      if (club !== null) lines.push(club);
    }
    if (consumers.includes('timer-reactor')) lines.push(await rearmDeadline(context.deps, gameId, context.scheduler));
    if (consumers.includes('tournaments')) lines.push(await reactForTournamentsAgain(context, gameId));
    return { gameId, ok: true, lines };
  } catch (error) {
    lines.push(`${gameId}: still fails: ${(error as Error).message}`);
    return { gameId, ok: false, lines };
  }
};

/** Consumer names as the local stream poller writes them into the failure file. */
const asConsumer = (name: string): Consumer | null =>
  name === 'projector' || name === 'timer-reactor' || name === 'publisher' || name === 'tournaments' ? name : null;

/** A set-aside record as redrive needs it: its game and the consumers that gave up on it. */
export interface SetAside {
  readonly gameId: string | null;
  readonly consumers: readonly string[];
}

export interface Plan<T extends SetAside> {
  /** Per game, the consumers whose part to redo, in the order first met. */
  readonly games: ReadonlyMap<string, readonly Consumer[]>;
  /** Records with no game in their key: nothing to re-derive them from; they stay. */
  readonly orphans: readonly T[];
}

/** Groups the set-aside records by game: each game is redriven once, however many of its records failed. */
export const planRedrive = <T extends SetAside>(entries: readonly T[]): Plan<T> => {
  const games = new Map<string, Consumer[]>();
  const orphans: T[] = [];
  for (const entry of entries) {
    if (entry.gameId === null) {
      orphans.push(entry);
      continue;
    }
    const consumers = games.get(entry.gameId) ?? [];
    for (const consumer of entry.consumers.map(asConsumer)) if (consumer && !consumers.includes(consumer)) consumers.push(consumer);
    games.set(entry.gameId, consumers);
  }
  return { games, orphans };
};
