/**
 * INV-8: a tournament that could never run is refused at its creation. Every game of a
 * tournament is created by its organiser with the tournament's ruleset and `gameOptions`
 * (tournament-rounds.ts), so the creation decides that `CreateGame` once, on an empty game,
 * with the match's own decider: an unknown ruleset, options its own schema refuses, a deadline
 * for a phase it does not have or absence rules without deadlines are refused now, with the
 * match's words, rather than by the first round's games, which would never open. Nothing is
 * appended for the trial; the tournament's log records only its own creation, so
 * `verify-tournament` decides a log the same with or without this check.
 */

import { decideGame } from '../../../domain/match/decide.ts';
import { emptyGame } from '../../../domain/match/state.ts';
import type { TournamentCommand } from '../../../domain/tournament/decide.ts';
import type { Deps } from '../../kernel/deps.ts';
import { ruleViolation } from '../../kernel/problems.ts';

type CreateTournament = Extract<TournamentCommand, { type: 'CreateTournament' }>;

/** The trial game's id and seed: never stored, never shown. */
const TRIAL_GAME = 'g_tournament_trial';
const TRIAL_SEED = '0'.repeat(64);

/** Throws the 422 of a game the tournament could not open, naming the match rule's code. */
export const refuseUnplayableGames = async (deps: Deps, command: CreateTournament, organiser: string, now: string): Promise<void> => {
  // An id the ruleset list lacks loads nothing: the trial then finds no ruleset.
  await deps.rulesets.load(command.ruleset);
  const options = Object.fromEntries(Object.entries(command.gameOptions ?? {}).filter(([, v]) => v !== undefined));
  const trial = decideGame(
    emptyGame,
    { type: 'CreateGame', ruleset: command.ruleset, options } as never,
    { rulesets: deps.rulesets, now, actor: { kind: 'player', playerId: organiser, seat: null }, seed: TRIAL_SEED },
    TRIAL_GAME,
  );
  if (trial.ok) return;
  const { code, message } = trial.violation;
  throw ruleViolation(
    {
      code,
      rule: 'INV-8',
      message:
        code === 'UNKNOWN_RULESET'
          ? `${message} A tournament's games are played under a ruleset from GET /rulesets.`
          : `Its games could not be created with these gameOptions: ${message}`,
    },
    'tournament',
  );
};
