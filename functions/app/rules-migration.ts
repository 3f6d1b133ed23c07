/**
 * PBM-14: a rules change never strands a running game. Before deciding a command on a game
 * recorded under older rules than this server implements, the server re-adjudicates the
 * game's log under its own rules. When every command decides the same, it appends the
 * system's `AdoptRules` (a `RulesVersionAdopted`, how: replayed) and the command goes on
 * under the new version; otherwise the game answers 409 until its organiser adopts the
 * new rules from the current position with `AdoptRules`.
 */

import type { Rulesets } from '../../domain/catalogue.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { adoptableVersion } from '../../domain/match/rules-adoption.ts';
import type { GameState } from '../../domain/match/state.ts';
import { type Divergence, readjudicate, readjudicationStart } from '../../domain/verify/readjudicate.ts';
import type { Deps } from './deps.ts';
import { Problem } from './problems.ts';

export interface Migration {
  /** The game after the adoption. */
  readonly state: GameState;
  /** The adoption's events, already appended. */
  readonly events: readonly EventEnvelope[];
}

/** The command that moves a game to the served rules: the system's after an identical re-adjudication, or the organiser's. */
export const ADOPT_RULES = { type: 'AdoptRules' } as const;

/**
 * Divergences found, by game, version and served rules: a game that does not decide the
 * same keeps answering 409 until its organiser acts, and need not be re-read for each try.
 */
const diverged = new Map<string, Found>();
const DIVERGED_KEPT = 200;

interface Found {
  readonly seq: number;
  readonly kind: Divergence['kind'] | 'does-not-fold';
  /** Where the rules and the log part ways, in words. */
  readonly where: string;
}

/**
 * Nothing to do (null) when the game plays under the served version; the migration when its
 * log decides the same under the served rules ('conflict' when another command got in
 * first); otherwise a 409 problem that says why and what the organiser may do.
 */
export const migrateRules = async (
  deps: Deps,
  gameId: string,
  state: GameState,
  seed: string,
  commandType: string,
  systemId: (to: string) => string,
): Promise<Migration | 'conflict' | null> => {
  if (state.status === 'empty') return null;
  const served = deps.rulesets.findFold(state.ruleset)?.rulesVersion;
  if (served === state.rulesVersion) return null;
  const to = adoptableVersion(state, deps.rulesets);
  if (to === null || state.status === 'ended') throw notServed(state, served);
  // The organiser's own adoption is decided as it is given (the decider checks who gives it).
  if (commandType === ADOPT_RULES.type) return null;
  const key = `${gameId}@${state.version}:${to}`;
  const known = diverged.get(key);
  if (known) throw divergent(state, to, known);
  const log = await deps.store.readAfter(gameId, 0, state.version);
  const start = readjudicationStart(log);
  const result = readjudicateSafely(deps.rulesets, log, gameId, seed, start);
  if (!result.ok) {
    const found = 'found' in result ? result.found : describe(result.divergence, log);
    if (diverged.size >= DIVERGED_KEPT) diverged.delete(diverged.keys().next().value ?? '');
    diverged.set(key, found);
    throw divergent(state, to, found);
  }
  const commandId = systemId(to);
  const ctx = { rulesets: deps.rulesets, now: deps.clock().toISOString(), actor: { kind: 'system' } as const, seed };
  const decision = recordCommand(state, ADOPT_RULES, ctx, gameId, commandId);
  if (!decision.ok) throw notServed(state, served);
  const events = decision.events;
  const stateAfter = foldGame(deps.rulesets, events, state);
  const bodyHash = sha256Hex(canonicalJson({ caller: { kind: 'system' }, command: ADOPT_RULES, expectedVersion: null }));
  const record = { bodyHash, firstSeq: events[0]?.seq ?? 0, lastSeq: events.at(-1)?.seq ?? 0 };
  const appended = await deps.store.append({
    gameId,
    expectedVersion: state.version,
    events,
    newItems: [deps.games.commandItem(gameId, commandId, record)],
    stateAfter,
  });
  return appended.ok ? { state: stateAfter, events } : 'conflict';
};

/** A log the current code cannot even fold is not decided the same either. */
const readjudicateSafely = (rulesets: Rulesets, log: readonly EventEnvelope[], gameId: string, seed: string, start: number) => {
  try {
    return readjudicate(log, { gameId, seed, rulesets, decides: (index) => index >= start });
  } catch (error) {
    const where = `the log does not fold under them: ${(error as Error).message}`;
    return { ok: false as const, found: { seq: 0, kind: 'does-not-fold' as const, where } };
  }
};

type Started = Exclude<GameState, { status: 'empty' }>;

/** The server implements no newer version of the game's rules (or the game is over): refused as ever. */
const notServed = (state: Started, served: string | undefined): Problem =>
  new Problem(
    409,
    'rules-version',
    'Rules version not served',
    `This game is played under ${state.ruleset} rules ${state.rulesVersion}, but this server implements ${served ?? 'no version of them'}; nothing was written.`,
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
