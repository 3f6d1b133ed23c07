/**
 * TB-1: what a seat may take back, kept by the fold. A seat's run of commands opens a window
 * whose checkpoint is the state before the run; the window closes at the first event after
 * which something is known to anyone else: a die was rolled, sealed orders were revealed,
 * the step passed to another seat, a lifecycle event was recorded (a deadline passed, a
 * pause, a draw offer, ...), or someone else acted. Because the window is part of the
 * state, every fold that starts from a snapshot or a read model can rewind a takeback
 * without the log before it (docs/design.md §8).
 */
import type { Rulesets } from '../catalogue.ts';
import { carriesRoll } from '../kernel/dice.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { isMatchEvent, type VoidedRange } from './events.ts';
import type { GameState, Match, UndoWindow } from './state.ts';
import { awaitingSeats } from './view.ts';

export type OpenWindow = Extract<UndoWindow, { kind: 'open' }>;

/** Why a lifecycle event ends what a seat may take back. */
const LIFECYCLE_WHY: Readonly<Record<string, string>> = {
  DeadlinePassed: "the step's deadline passed",
  GamePaused: 'the game was paused',
  GameResumed: 'the game was resumed',
  DeadlineExtended: 'the organiser extended the deadline',
  DrawOffered: 'a draw was offered',
  PauseRequested: 'a pause was asked for',
  RulesVersionAdopted: 'the game adopted new rules',
  TakebackProposed: 'a takeback was proposed',
  TakebackAccepted: 'a takeback was accepted',
  TakebackDeclined: 'a takeback was declined',
};

const closed = (seq: number, why: string): UndoWindow => ({ kind: 'closed', seq, why });

/**
 * The window an event acts in, decided before it is folded. The first event of a seat's
 * command continues that seat's open window or opens one at the state before it; any
 * other actor's command closes what was open.
 */
export const windowBefore = (state: GameState, envelope: EventEnvelope, rulesets: Rulesets): UndoWindow | undefined => {
  if (state.status !== 'playing' || state.options.takebacks === 'none') return undefined;
  if (envelope.command === undefined) return state.undo;
  const seat = envelope.actor;
  if (!state.seats.some((s) => s.name === seat)) {
    return closed(envelope.seq, seat === 'system' ? 'the server acted' : 'the organiser acted');
  }
  if (state.undo?.kind === 'open' && state.undo.seat === seat) return state.undo;
  const { undo: _undo, ...checkpoint } = state;
  return { kind: 'open', seat, checkpoint: checkpoint as Match, awaited: awaitingSeats(rulesets, state), events: [] };
};

/** What became known to others by `envelope`, folded into `after`, or null when nothing did. */
const madeKnown = (window: OpenWindow, envelope: EventEnvelope, after: Match, rulesets: Rulesets): string | null => {
  if (isMatchEvent(envelope)) return LIFECYCLE_WHY[envelope.type] ?? `${envelope.type} was recorded`;
  if (envelope.visibleTo !== undefined && envelope.visibleTo !== window.seat) return 'another seat sealed orders';
  if (rulesets.getFold(after.ruleset).revealTypes?.includes(envelope.type)) return 'sealed orders were revealed';
  if (carriesRoll(envelope.data)) return 'a die was rolled';
  const other = awaitingSeats(rulesets, after).find((seat) => seat !== window.seat && !window.awaited.includes(seat));
  return other === undefined ? null : `the step passed to ${other}`;
};

/** The window after `envelope` is folded into `after`: the run grown by it, or closed where it made something known. */
export const windowAfter = (
  window: UndoWindow | undefined,
  envelope: EventEnvelope,
  after: GameState,
  rulesets: Rulesets,
): UndoWindow | undefined => grownWindow(window, envelope, after, rulesets, null);

/**
 * COST-3: `windowAfter` for a fold that made `mine` itself: an open window whose `events`
 * array it created and no state outside the fold holds yet. A run that grows by `envelope`
 * in `mine` takes it in place; any other is copied once, and the copy is the fold's to grow
 * from then on. So a seat's run of n events costs the fold n steps, not the n²/2 of copying
 * the run at each. The window stays where it was, in the state (not a structure beside it):
 * snapshots, read models and the state budget (INV-1) see the same JSON as before, and a
 * fold that resumes from a stored state needs nothing rebuilt, it copies that run once.
 */
export const grownWindow = (
  window: UndoWindow | undefined,
  envelope: EventEnvelope,
  after: GameState,
  rulesets: Rulesets,
  mine: OpenWindow | null,
): UndoWindow | undefined => {
  if (window === undefined || after.status !== 'playing') return undefined;
  if (window.kind === 'closed') return window;
  const why = madeKnown(window, envelope, after, rulesets);
  if (why !== null) return closed(envelope.seq, why);
  if (window !== mine) return { ...window, events: [...window.events, envelope] };
  (window.events as EventEnvelope[]).push(envelope);
  return window;
};

/** Set `undo` on a match this fold made itself (and nobody else holds yet). */
export const setWindow = (match: GameState, window: UndoWindow | undefined): GameState => {
  const draft = match as { undo?: UndoWindow };
  if (window === undefined) delete draft.undo;
  else draft.undo = window;
  return match;
};

/** The versions the seat of `window` may take back to: the checkpoint, then the end of each of its commands but the latest. */
export const takeBackPoints = (window: OpenWindow): number[] => {
  const points = [window.checkpoint.version];
  window.events.forEach((event, i) => {
    const previous = window.events[i - 1];
    if (i > 0 && event.command !== undefined && previous) points.push(previous.seq);
  });
  return points;
};

/** The window's events after `toVersion`, as runs of consecutive seqs. */
export const voidedAfter = (window: OpenWindow, toVersion: number): VoidedRange[] => {
  const ranges: { from: number; to: number }[] = [];
  for (const { seq } of window.events) {
    if (seq <= toVersion) continue;
    const last = ranges.at(-1);
    if (last && last.to === seq - 1) last.to = seq;
    else ranges.push({ from: seq, to: seq });
  }
  return ranges;
};

/** Whether the event at `seq` is void, by the ranges of `voided`. */
export const isVoided = (voided: readonly VoidedRange[] | undefined, seq: number): boolean =>
  voided?.some((range) => seq >= range.from && seq <= range.to) ?? false;
