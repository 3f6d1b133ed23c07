/**
 * TB-1, TB-2, TB-3: how the fold takes a game back (evolve.ts folds `TakenBack` with these):
 * to a seat's own checkpoint, or, for an agreed takeback or the organiser's correction, to the
 * state at an earlier version that the folder gives (docs/design.md §8). Also PBM-11's count of
 * missed deadlines, which both the fold and a rewind keep.
 */
import type { Rulesets } from '../catalogue.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { lapse } from './controls.ts';
import type { TakenBack } from './events.ts';
import { isMatchEvent } from './events.ts';
import { closedBy } from './far-takeback.ts';
import type { GameState, Match } from './state.ts';
import { nextRulesStep } from './steps.ts';

/**
 * TB-2, TB-3: the state after event `version`, for a far takeback's fold (docs/design.md §8):
 * undefined when the folder cannot give it. A fold over a log from its start gives it itself;
 * the service's hosts take it from the store (`loadAt`).
 */
export type History = (version: number) => GameState | undefined;

/** The fold of `events` onto `from` (evolve.ts's `foldEvents`), given so that this file does not import the fold. */
type FoldFrom = (rulesets: Rulesets, from: Match, events: readonly EventEnvelope[]) => GameState;

/**
 * TB-1: a takeback. The state is the state after `toVersion`: the seat's checkpoint folded
 * with its own events up to it (the window keeps both, so a snapshot or a read model
 * rewinds without the log before it). The voided events stay in the log and are listed in
 * `voided`. A takeback that returns to an earlier step opens it again with a fresh full
 * step duration (docs/design.md §8); within the same step the deadline stands.
 */
export const rewind = (rulesets: Rulesets, state: GameState, envelope: EventEnvelope<TakenBack>, fold: FoldFrom): GameState => {
  const { seat, toVersion, voids } = envelope.data;
  const window = state.status === 'playing' ? state.undo : undefined;
  if (state.status !== 'playing' || window?.kind !== 'open' || window.seat !== seat) {
    throw new Error(`TakenBack: ${seat} has nothing to take back here`);
  }
  if (toVersion < window.checkpoint.version) throw new Error(`TakenBack: event ${toVersion} is before what ${seat} may take back`);
  const kept = window.events.filter((e) => e.seq <= toVersion);
  const restored = fold(rulesets, window.checkpoint, kept);
  if (restored.status !== 'playing') throw new Error(`TakenBack: the game was not in play at event ${toVersion}`);
  const same = restored.step?.key === state.step?.key;
  const step = same
    ? restored.step
    : nextRulesStep(rulesets.getFold(restored.ruleset), restored.rules, restored.options, null, envelope.at);
  const voided = [...(state.voided ?? []), ...voids.map((range) => ({ ...range, by: envelope.seq }))];
  // TB-2: a takeback proposal open at the checkpoint lapsed when the seat acted; taking that back does not revive it.
  const { takebackProposal: _lapsed, ...rest } = restored;
  const next: Match = {
    ...rest,
    step,
    voided,
    // Everything taken back: the seat's window stays open at its checkpoint, with nothing left in it.
    undo: restored.undo ?? { ...window, events: [] },
    version: envelope.seq,
    lastHash: envelope.hash,
    updatedAt: envelope.at,
  };
  return lapse(next.options.absence ? { ...next, missed: countMissed(next, envelope, envelope.actor) } : next);
};

/**
 * TB-2, TB-3: a far takeback (by agreement, or the organiser's correction). The state is the
 * state after `toVersion`, which the folder gives (`history`): it must end with the chain hash
 * the takeback names. Nothing of the current state survives but the voided runs: an open
 * proposal, offer or pause of then is gone, nothing before it may be taken back by a seat
 * alone (its window is closed here), and the step it returns to opens again with a fresh
 * full duration (docs/design.md §8). The draw position is the log's seq (§6), so no roll is
 * drawn again.
 */
export const rewindFar = (rulesets: Rulesets, state: GameState, envelope: EventEnvelope<TakenBack>, history?: History): GameState => {
  const { toVersion, toHash, voids } = envelope.data;
  if (state.status !== 'playing') throw new Error(`TakenBack: the game is ${state.status}, not in play`);
  const at = history?.(toVersion);
  if (at === undefined) throw new Error(`TakenBack: the state at event ${toVersion} was not given to the fold (docs/design.md §8)`);
  if (at.status !== 'playing') throw new Error(`TakenBack: the game was not in play at event ${toVersion}`);
  if (at.version !== toVersion || at.lastHash !== toHash) {
    throw new Error(`TakenBack: the state given for event ${toVersion} does not end with the chain hash ${toHash}`);
  }
  const { takebackProposal: _p, drawOffer: _d, pauseRequest: _r, paused: _s, undo: _u, correction: _c, ...restored } = at;
  const step = nextRulesStep(rulesets.getFold(at.ruleset), at.rules, at.options, null, envelope.at);
  const voided = [...(state.voided ?? []), ...voids.map((range) => ({ ...range, by: envelope.seq }))];
  const next: Match = {
    ...restored,
    step,
    voided,
    ...(at.options.takebacks === 'none' ? {} : { undo: closedBy(envelope) }),
    ...(envelope.data.how === 'organiser'
      ? { correction: { seq: envelope.seq, toVersion, reason: envelope.data.reason ?? '' } }
      : state.correction
        ? { correction: state.correction }
        : {}),
    version: envelope.seq,
    lastHash: envelope.hash,
    updatedAt: envelope.at,
  };
  return next.options.absence ? { ...next, missed: countMissed(next, envelope, envelope.actor) } : next;
};

/** PBM-11: a missed deadline counts against each seat it awaited; any event a seat acts in sets its count back to 0. */
export const countMissed = (state: Match, event: DomainEvent, actor: string): Readonly<Record<string, number>> => {
  const missed = { ...state.missed };
  if (isMatchEvent(event) && event.type === 'DeadlinePassed') {
    for (const seat of event.data.awaiting) missed[seat] = (missed[seat] ?? 0) + 1;
  } else if (state.seats.some((s) => s.name === actor)) {
    missed[actor] = 0;
  }
  return missed;
};
