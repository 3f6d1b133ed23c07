/**
 * PBM-14: a rules change never strands a running game. Before deciding a command on a game
 * recorded under older rules than this server implements, the server re-adjudicates the
 * game's log under its own rules. When every command decides the same, the command path
 * gives the system's `AdoptRules` (a `RulesVersionAdopted`, how: replayed) and the command
 * goes on under the new version; otherwise the game answers 409 until its organiser adopts
 * the new rules from the current position with `AdoptRules`. A divergent game is
 * re-adjudicated on each try: the 409 holds no state between requests.
 */

import type { Rulesets } from '../../../domain/catalogue.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { adoptableVersion, isPinned } from '../../../domain/match/rules-adoption.ts';
import type { GameState } from '../../../domain/match/state.ts';
import { type Divergence, readjudicate, readjudicationStart } from '../../../domain/verify/readjudicate.ts';
import type { Deps } from '../../kernel/deps.ts';
import { Problem } from '../../kernel/problems.ts';

/** The command that moves a game to the served rules: the system's after an identical re-adjudication, or the organiser's. */
export const ADOPT_RULES = { type: 'AdoptRules' } as const;

interface Found {
  readonly seq: number;
  readonly kind: Divergence['kind'] | 'does-not-fold';
  /** Where the rules and the log part ways, in words. */
  readonly where: string;
}

/**
 * The rules version the system adopts before `commandType` is decided on `state`: null when
 * the game plays under the served version (or the command is the organiser's own adoption,
 * decided as it is given); the served version when the game's log decides the same under
 * it; otherwise a 409 problem that says why and what the organiser may do. It writes
 * nothing: the adoption is appended as the system's `AdoptRules`, through the command path
 * like any other command (functions/games/app/commands.ts, docs/design.md §18).
 */
export const rulesToAdopt = async (
  deps: Deps,
  gameId: string,
  state: GameState,
  seed: string,
  commandType: string,
): Promise<string | null> => {
  if (state.status === 'empty') return null;
  const fold = deps.rulesets.findFold(state.ruleset);
  const served = fold?.rulesVersion;
  if (served === state.rulesVersion) return null;
  // RUL-10: a pinned game is decided under its own version, and only its organiser moves it.
  if (isPinned(state)) {
    if (fold?.rulesVersions.includes(state.rulesVersion) || commandType === ADOPT_RULES.type) return null;
    throw notServed(
      state,
      served,
      'It is pinned to its rules version: its organiser may adopt the served one with the command AdoptRules.',
    );
  }
  const to = adoptableVersion(state, deps.rulesets);
  if (to === null || state.status === 'ended') throw notServed(state, served);
  // The organiser's own adoption is decided as it is given (the decider checks who gives it).
  if (commandType === ADOPT_RULES.type) return null;
  const log = await deps.store.readAfter(gameId, 0, state.version);
  const start = readjudicationStart(log);
  const result = readjudicateSafely(deps.rulesets, log, gameId, seed, start, to);
  if (!result.ok) throw divergent(state, to, 'found' in result ? result.found : describe(result.divergence, log));
  return to;
};

/** A log the current code cannot even fold is not decided the same either. */
const readjudicateSafely = (rulesets: Rulesets, log: readonly EventEnvelope[], gameId: string, seed: string, start: number, to: string) => {
  try {
    return readjudicate(log, { gameId, seed, rulesets, decides: (index) => index >= start, under: to });
  } catch (error) {
    const where = `the log does not fold under them: ${(error as Error).message}`;
    return { ok: false as const, found: { seq: 0, kind: 'does-not-fold' as const, where } };
  }
};

type Started = Exclude<GameState, { status: 'empty' }>;

/** The system's adoption refused by the decider: the rules it would adopt are not served to this game, as ever. */
export const adoptionRefused = (rulesets: Rulesets, state: Started): Problem =>
  notServed(state, rulesets.findFold(state.ruleset)?.rulesVersion);

/** The server implements no newer version of the game's rules (or the game is over): refused as ever. */
const notServed = (state: Started, served: string | undefined, more?: string): Problem =>
  new Problem(
    409,
    'rules-version',
    'Rules version not served',
    `This game is played under ${state.ruleset} rules ${state.rulesVersion}, but this server implements ${served ?? 'no version of them'}; nothing was written.${more ? ` ${more}` : ''}`,
    { rulesVersion: state.rulesVersion, served: served ?? null },
  );

const whereIn = (divergence: Divergence, event: EventEnvelope | undefined, seq: number): string => {
  switch (divergence.kind) {
    case 'no-command':
      return `event ${seq} carries no command to re-decide`;
    case 'illegal':
      return `the command of event ${seq} is illegal under them: ${divergence.violation.message}`;
    case 'differs':
      return `they decide event ${seq}${event ? ` (${event.type})` : ''} differently`;
  }
};

const describe = (divergence: Divergence, log: readonly EventEnvelope[]): Found => {
  const event = log[divergence.index];
  const seq = event?.seq ?? divergence.index + 1;
  return { seq, kind: divergence.kind, where: whereIn(divergence, event, seq) };
};

const divergent = (state: Started, to: string, found: Found): Problem =>
  new Problem(
    409,
    'rules-version',
    'Rules version not served',
    `This game is played under ${state.ruleset} rules ${state.rulesVersion}, but this server implements ${to}, and its log does not decide the same under them (${found.where}); nothing was written. Its organiser may adopt ${to} from the current position with the command AdoptRules.`,
    {
      rulesVersion: state.rulesVersion,
      served: to,
      divergence: { seq: found.seq, kind: found.kind },
      adopt: ADOPT_RULES,
    },
  );
