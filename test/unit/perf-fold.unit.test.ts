import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { phaseEndGame, playLongGame } from '../../bench/support/long-game.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import type { DomainEvent, EventEnvelope } from '../../domain/kernel/envelope.ts';
import { canonicalJson } from '../../domain/kernel/hash.ts';
import { lapse } from '../../domain/match/controls.ts';
import { isMatchEvent } from '../../domain/match/events.ts';
import { evolveEvent, evolveGame, foldEvents, foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState, type Match } from '../../domain/match/state.ts';
import { nextStep } from '../../domain/match/steps.ts';
import { setWindow, windowAfter, windowBefore } from '../../domain/match/undo.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { Game, player, seat } from '../support/decider-spec.ts';

const RULESETS = everyRuleset();

/**
 * The fold as it was before PERF-3, event by event: the domain event through
 * `evolveEvent`, then the envelope's step, missed counts (PBM-11) and lapse (PBM-13),
 * each a new copy of the match. The optimized fold must give exactly this.
 */
const countMissed = (state: Match, event: DomainEvent, actor: string): Readonly<Record<string, number>> => {
  const missed = { ...state.missed };
  if (isMatchEvent(event) && event.type === 'DeadlinePassed') {
    for (const s of event.data.awaiting) missed[s] = (missed[s] ?? 0) + 1;
  } else if (state.seats.some((s) => s.name === actor)) {
    missed[actor] = 0;
  }
  return missed;
};
const referenceEvolve = (state: GameState, envelope: EventEnvelope): GameState => {
  const event = {
    type: envelope.type,
    data: envelope.data,
    ...(envelope.visibleTo === undefined ? {} : { visibleTo: envelope.visibleTo }),
  };
  // TB-1: what a seat may take back is decided before the event and kept after it.
  const window = windowBefore(state, envelope, RULESETS);
  const next = evolveEvent(state, event, envelope, RULESETS);
  const step = nextStep(next, next.step, envelope.at, RULESETS);
  const missed = next.options.absence ? { missed: countMissed(next, event, envelope.actor) } : {};
  const after = lapse({ ...next, step, ...missed, version: envelope.seq, lastHash: envelope.hash, updatedAt: envelope.at });
  return setWindow(after, windowAfter(window, envelope, after, RULESETS));
};

/** Every state along the log, by the reference fold. */
const referenceStates = (events: readonly EventEnvelope[]): GameState[] => {
  const states: GameState[] = [];
  let state = emptyGame;
  for (const event of events) {
    state = referenceEvolve(state, event);
    states.push(state);
  }
  return states;
};

const fixture = (ruleset: string): readonly EventEnvelope[] =>
  parseLog(readFileSync(new URL(`../fixtures/logs/${ruleset}.ndjson`, import.meta.url), 'utf8')).events;

const red = seat('red');
const blue = seat('blue');
const organiser = player('p_org');
const system: Actor = { kind: 'system' };
const at = (minutes: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + minutes * 60_000).toISOString();

/** A Post Galactica game that uses every control the in-place path must leave to the full one: absence counts, a draw offer that lapses, a pause, an extension. */
const controlledGame = (): readonly EventEnvelope[] => {
  const game = new Game();
  const options = { firstPlayer: 'red', deadlines: { default: 'PT1H' }, absence: { maxMissed: 5 } };
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options }, organiser);
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  game.run({ type: 'OfferDraw' }, blue, undefined, at(1));
  game.run({ type: 'EndPhase' }, red, undefined, at(2));
  const step = game.state.status === 'playing' ? game.state.step : null;
  game.run({ type: 'DeadlineReached', phaseKey: step?.key ?? '' }, system, undefined, step?.deadline ?? at(3));
  game.run({ type: 'RequestPause' }, red, undefined, at(70));
  game.run({ type: 'PauseGame' }, organiser, undefined, at(71));
  game.run({ type: 'ResumeGame' }, organiser, undefined, at(80));
  game.run({ type: 'ExtendDeadline', by: 'PT2H' }, organiser, undefined, at(81));
  game.run({ type: 'EndPhase' }, red, undefined, at(82));
  game.run({ type: 'OfferDraw' }, red, undefined, at(83));
  game.run({ type: 'EndPhase' }, red, undefined, at(84));
  game.run({ type: 'Concede' }, blue, undefined, at(85));
  return game.log;
};

const logs: Record<string, () => readonly EventEnvelope[]> = {
  'the Post Galactica reference match': () => fixture('post-galactica'),
  "the Sol'una reference match": () => fixture('soluna'),
  'the GSC2 reference match': () => fixture('gsc2'),
  "a long Sol'una game with real dice": () => playLongGame(1_500).events,
  'a Post Galactica game of phase ends': () => phaseEndGame(600),
  'a game with absence counts, draw offers, a pause and an extension': controlledGame,
};

describe('PERF-3 the optimized fold gives exactly the state of folding event by event', () => {
  for (const [name, load] of Object.entries(logs)) {
    it(`PERF-3 ${name}: foldGame equals the reference fold, and folding from any point on gives the same end`, () => {
      const events = load();
      const states = referenceStates(events);
      const final = states.at(-1);
      expect(['playing', 'ended']).toContain(final?.status);
      expect(canonicalJson(foldGame(RULESETS, events))).toBe(canonicalJson(final));
      let state = emptyGame;
      events.forEach((event, i) => {
        state = evolveGame(RULESETS, state, event);
        expect(canonicalJson(state), `after event ${i + 1}`).toBe(canonicalJson(states[i]));
      });
      // resuming from a state the fold did not make leaves that state untouched
      const cuts = events.length < 300 ? events.map((_, i) => i + 1) : [1, Math.floor(events.length / 3), events.length - 2];
      for (const cut of cuts) {
        const before = states[cut - 1] as GameState;
        const frozen = canonicalJson(before);
        expect(canonicalJson(foldEvents(RULESETS, before, events, cut))).toBe(canonicalJson(final));
        expect(canonicalJson(foldEvents(RULESETS, emptyGame, events, 0, cut))).toBe(canonicalJson(before));
        expect(canonicalJson(before)).toBe(frozen);
      }
    });
  }

  it('PERF-3 every state along the long game is the reference one, and evolveGame returns a new state each event', () => {
    const events = playLongGame(600).events;
    const states = referenceStates(events);
    let state = emptyGame;
    events.forEach((event, i) => {
      const next = evolveGame(RULESETS, state, event);
      expect(next).not.toBe(state);
      expect(canonicalJson(next)).toBe(canonicalJson(states[i]));
      if (i % 50 === 0) expect(canonicalJson(foldGame(RULESETS, events.slice(0, i + 1)))).toBe(canonicalJson(states[i]));
      state = next;
    });
  });

  it('PERF-3 the controlled game really exercises what the in-place path leaves alone', () => {
    const events = controlledGame();
    const types = events.map((e) => e.type);
    for (const type of ['DrawOffered', 'PauseRequested', 'GamePaused', 'GameResumed', 'DeadlineExtended', 'DeadlinePassed']) {
      expect(types).toContain(type);
    }
    const final = foldGame(RULESETS, events);
    expect(final.status === 'ended' && final.missed).toEqual({ red: 0, blue: 0 });
  });

  it('PERF-3 a fold that fails names the event, as before', () => {
    const events = fixture('soluna');
    const broken = events.map((e, i) => (i === 40 ? { ...e, data: null } : e));
    expect(() => foldGame(RULESETS, broken)).toThrow(/^event 41: /);
  });
});
