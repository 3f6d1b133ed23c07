/**
 * COST-3: the fold keeps the takeback undo window (TB-1) incrementally. Before, every event a
 * seat folded copied the seat's whole run (`windowAfter`), so a run of n events cost n²/2; the
 * fold now grows a run it made itself in place (`grownWindow`). The oracle is the recomputation
 * as it was, kept here: each event folded on its own by `evolveGame`, whose `windowAfter`
 * copies the run. Every state must be the same, wherever a fold starts and stops, and no state
 * a fold was given or has handed out may change afterwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phaseEndGame } from '../../bench/support/long-game.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { canonicalJson } from '../../domain/kernel/hash.ts';
import { evolveGame, foldEvents, foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { grownWindow, type OpenWindow, windowAfter, windowBefore } from '../../domain/match/undo.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LogFold } from '../../domain/verify/fold.ts';
import { HISTORY_RULESETS, history, PROPERTY_SCALE, PROPERTY_SEED, playHistory } from '../support/histories.ts';

type Rulesets = typeof HISTORY_RULESETS;

/** The oracle: every state along `log`, each event folded on its own (the window's run copied at each event). */
const recomputed = (rulesets: Rulesets, log: readonly EventEnvelope[]): GameState[] => {
  const states: GameState[] = [];
  // TB-2, TB-3: a far takeback folds onto the state at the version it names.
  const at = (version: number) => states.find((s) => s.version === version);
  let state: GameState = emptyGame;
  for (const event of log) {
    state = evolveGame(rulesets, state, event, at);
    states.push(state);
  }
  return states;
};

const json = (state: GameState | undefined) => canonicalJson(state);

/**
 * What the incremental fold must match: the end of the log from the start and from every
 * `cuts` point on, each prefix up to a cut, and a LogFold walked batch by batch as verify
 * walks it; neither the state a fold starts from nor any state it returned changes later.
 */
const expectSameAsRecomputed = (rulesets: Rulesets, log: readonly EventEnvelope[], cuts: readonly number[]) => {
  const states = recomputed(rulesets, log);
  const final = json(states.at(-1));
  expect(json(foldGame(rulesets, log))).toBe(final);
  for (const cut of cuts) {
    const before = states[cut - 1] as GameState;
    const frozen = json(before);
    expect(json(foldEvents(rulesets, before, log, cut)), `from event ${cut}`).toBe(final);
    expect(json(foldEvents(rulesets, emptyGame, log, 0, cut)), `up to event ${cut}`).toBe(frozen);
    expect(json(before), `the state at ${cut} after folding on from it`).toBe(frozen);
  }
  const fold = new LogFold(log, rulesets);
  const handedOut: { index: number; state: GameState; text: string }[] = [];
  log.forEach((event, index) => {
    if (event.command === undefined) return;
    const state = fold.before(index);
    handedOut.push({ index, state, text: json(state) });
  });
  expect(json(fold.final)).toBe(final);
  for (const { index, state, text } of handedOut) {
    expect(text, `LogFold before event ${index + 1}`).toBe(json(index === 0 ? emptyGame : states[index - 1]));
    expect(json(state), `LogFold's state before event ${index + 1}, once the fold went on`).toBe(text);
  }
};

/** The longest run of events any state along `log` holds in its open window. */
const longestRun = (rulesets: Rulesets, log: readonly EventEnvelope[]): number =>
  Math.max(0, ...recomputed(rulesets, log).map((s) => (s.status === 'playing' && s.undo?.kind === 'open' ? s.undo.events.length : 0)));

describe('COST-3 the fold keeps the undo window incrementally', () => {
  it('COST-3 the incremental undo window equals the recomputed one', () => {
    const seen = { takenBack: 0, runs: 0 };
    fc.assert(
      fc.property(history(30), (h) => {
        const { log } = playHistory(h);
        const cuts = log.map((_, i) => i + 1).filter((i) => i % 3 === 0 || log[i - 1]?.type === 'TakenBack');
        expectSameAsRecomputed(HISTORY_RULESETS, log, cuts);
        seen.takenBack += log.filter((e) => e.type === 'TakenBack').length;
        if (longestRun(HISTORY_RULESETS, log) >= 2) seen.runs += 1;
      }),
      { seed: PROPERTY_SEED, numRuns: 100 * PROPERTY_SCALE },
    );
    // The histories really took back, and some grew a run in place (the phase-end game below grows hundreds).
    expect(seen.takenBack).toBeGreaterThan(5);
    expect(seen.runs).toBeGreaterThanOrEqual(3);
  });

  it('COST-3 a game of runs taken up and closed over and over folds to the recomputed windows', () => {
    const rulesets = everyRuleset();
    const log = phaseEndGame(600);
    // Each seat ends phase after phase until the step passes to the other: hundreds of runs of several events.
    expect(longestRun(rulesets, log)).toBeGreaterThanOrEqual(5);
    expectSameAsRecomputed(rulesets, log, [1, 7, 150, 151, 152, 153, 599]);
  });

  it('COST-3 grownWindow grows only the window it is told is its own, and otherwise copies as windowAfter does', () => {
    const rulesets = everyRuleset();
    const log = phaseEndGame(40);
    const states = recomputed(rulesets, log);
    const grows = (e: EventEnvelope, i: number) => {
      const window = i > 5 ? windowBefore(states[i - 1] as GameState, e, rulesets) : undefined;
      return (
        window?.kind === 'open' && window.events.length > 0 && windowAfter(window, e, states[i] as GameState, rulesets)?.kind === 'open'
      );
    };
    const at = log.findIndex(grows);
    expect(at).toBeGreaterThan(5);
    const state = states[at - 1] as GameState;
    const envelope = log[at] as EventEnvelope;
    const after = states[at] as GameState;
    const window = windowBefore(state, envelope, rulesets) as OpenWindow;
    const length = window.events.length;
    const copied = grownWindow(window, envelope, after, rulesets, null);
    expect(copied).toEqual(windowAfter(window, envelope, after, rulesets));
    expect(copied).not.toBe(window);
    expect(window.events).toHaveLength(length);
    const mine: OpenWindow = { ...window, events: [...window.events] };
    const grown = grownWindow(mine, envelope, after, rulesets, mine);
    expect(grown).toBe(mine);
    expect(mine.events).toHaveLength(length + 1);
    expect(json({ ...after, undo: grown } as GameState)).toBe(json({ ...after, undo: copied } as GameState));
  });
});
