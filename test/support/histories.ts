/**
 * INV-3, INV-5: generated game histories, for the properties that must hold for every log.
 * A history is a list of steps (a player's move, a deadline passing, an own, agreed or
 * organiser takeback across whatever was played, a continuation proposed and agreed or
 * declined, the organiser adopting newer rules in a game an older server began, a concession)
 * that fast-check draws; each
 * step becomes the command a player or the system would give, through the real decider, and a
 * step the rules refuse is simply skipped, as a player whose click was refused would move on.
 * The logs are cut into the batches the command path would have appended, one per command.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { type RulesetSource, rulesetsOf } from '../../domain/catalogue.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { GameCommand } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { GameState } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { rulesets as shipped } from '../../domain/rulesets.ts';
import { gameSnapshot } from '../../functions/games/app/game-fold.ts';
import { inboxEntriesOf, lobbyEntryOf } from '../../functions/games/app/projection.ts';
import { gameEvents } from '../../functions/games/app/queries.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { isStale } from '../../functions/kernel/ports.ts';
import { Recorder } from './finished-games.ts';
import { ageLog } from './older-rules.ts';

/** The property tests' seed, fixed so that `npm test` runs the same cases every time. */
export const PROPERTY_SEED = 20261207;
/** ARBITER_PROPERTY_SCALE=100 runs a hundred times as many cases. */
export const PROPERTY_SCALE = Number(process.env.ARBITER_PROPERTY_SCALE ?? '1');

/** Every shipped ruleset and Pig, the example game of docs/adding-a-ruleset.md. */
export const HISTORY_RULESETS: RulesetSource = rulesetsOf({ rulesets: [...shipped.values(), pig] });

export const RULESET_IDS = ['pig', 'post-galactica', 'soluna', 'gsc2'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/** Each ruleset's options for a generated game: the example setups, so there are armies, fleets and models to play. */
const RULES: Record<RulesetId, Record<string, unknown>> = {
  pig: { ...EXAMPLE_OPTIONS },
  'post-galactica': { scenario: 'example' },
  soluna: {},
  gsc2: {},
};

export type HistoryStep =
  | { readonly kind: 'move'; readonly pick: number }
  | { readonly kind: 'deadline' }
  | { readonly kind: 'own'; readonly seat: number }
  | { readonly kind: 'agreed'; readonly back: number; readonly accept: boolean }
  | { readonly kind: 'correct'; readonly back: number }
  | { readonly kind: 'concede'; readonly seat: number }
  | { readonly kind: 'fork'; readonly back: number; readonly accept: boolean }
  | { readonly kind: 'adopt' };

/** A step, weighted as play goes: mostly moves and deadlines, a takeback now and then, rarely a concession. */
export const historyStep: fc.Arbitrary<HistoryStep> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(7) }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'deadline' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('own' as const), seat: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('agreed' as const), back: fc.integer({ min: 1, max: 6 }), accept: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('correct' as const), back: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('concede' as const), seat: fc.nat(1) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('fork' as const), back: fc.integer({ min: 0, max: 6 }), accept: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'adopt' as const }) },
);

export interface History {
  readonly ruleset: RulesetId;
  /** Recorded under the ruleset's previous rules version (as an older server would have), so that rules can be adopted. */
  readonly older?: boolean;
  readonly steps: readonly HistoryStep[];
}

export const history = (maxSteps = 30): fc.Arbitrary<History> =>
  fc.record({
    ruleset: fc.constantFrom(...RULESET_IDS),
    older: fc.boolean(),
    steps: fc.array(historyStep, { minLength: 1, maxLength: maxSteps }),
  });

/** A played history: its log, cut into the batches the command path appended (one per command). */
export interface PlayedHistory {
  readonly gameId: string;
  readonly log: readonly EventEnvelope[];
  readonly batches: readonly (readonly EventEnvelope[])[];
}

/** Candidate moves for a seat in the shipped rulesets: those that end a step without choosing anything. */
const PASSES: readonly GameCommand[] = [
  { type: 'EndPhase' },
  { type: 'SubmitActions', actions: [] },
  { type: 'EndMoves' },
  { type: 'Deploy', units: [], auto: true },
] as unknown as GameCommand[];

const playerOf = (seatIndex: number) => `p_seat${seatIndex}`;

/** The organiser takes no seat, so its corrections are a referee's (INV-7); the seats are p_seat0 and p_seat1. */
const started = (ruleset: RulesetId, gameId: string, older = false): Recorder => {
  const game = new Recorder(gameId, HISTORY_RULESETS);
  const organiser: Actor = { kind: 'player', playerId: 'p_org', seat: null };
  game.give({ type: 'CreateGame', ruleset, options: { deadlines: { default: 'PT1H' }, rules: RULES[ruleset] } } as GameCommand, organiser);
  const seats = HISTORY_RULESETS.getRuleset(ruleset).seatNames;
  seats.forEach((seat, i) => {
    game.give({ type: 'JoinGame', seat, seedContribution: `${i}`.repeat(20) } as GameCommand, {
      kind: 'player',
      playerId: playerOf(i),
      seat: null,
    });
  });
  const state = game.state;
  if (state.status === 'choosing' && state.rollOff) {
    game.give({ type: 'ChooseFirstPlayer', seat: seats[0] } as GameCommand, game.seat(state.rollOff.winner));
  }
  const previous = HISTORY_RULESETS.getFold(ruleset).rulesVersions.at(-2);
  if (!older || previous === undefined) return game;
  // PBM-14: the same opening as an older server recorded it; the game then plays on under those rules until adopted.
  const aged = new Recorder(gameId, HISTORY_RULESETS);
  aged.events.push(...ageLog(game.events, previous));
  return aged;
};

/** The versions at which a command ended, after play began: where a far takeback may go back to. */
const commandEnds = (log: readonly EventEnvelope[]): number[] => {
  const began = log.find((e) => e.type === 'FirstPlayerChosen')?.seq ?? Number.POSITIVE_INFINITY;
  return log.flatMap((e, i) => {
    const next = log[i + 1];
    return e.seq >= began && next !== undefined && next.command !== undefined && next.command !== null ? [e.seq] : [];
  });
};

const awaitedSeats = (game: Recorder): string[] => {
  const state = game.state;
  if (state.status !== 'playing') return [];
  return [...HISTORY_RULESETS.getFold(state.ruleset).awaiting(state.rules as never)];
};

const move = (game: Recorder, ruleset: RulesetId, pick: number): void => {
  for (const seat of awaitedSeats(game)) {
    const candidates: readonly GameCommand[] =
      ruleset === 'pig' ? ([{ type: pick % 3 === 0 ? 'Hold' : 'Roll' }] as unknown as GameCommand[]) : PASSES;
    for (const command of candidates) if (game.tryGive(command, game.seat(seat)) === null) return;
  }
};

const step = (game: Recorder, ruleset: RulesetId, s: HistoryStep): void => {
  const state = game.state;
  const seats = state.status === 'empty' ? [] : state.seats.map((seat) => seat.name);
  const seatAt = (i: number) => game.seat(seats[i % seats.length] ?? '');
  const actor = game.events.at(-1)?.actor;
  const lastActor = actor !== undefined && seats.includes(actor) ? game.seat(actor) : undefined;
  const target = (back: number) => {
    const ends = commandEnds(game.events);
    return ends[Math.max(0, ends.length - back)];
  };
  switch (s.kind) {
    case 'move':
      move(game, ruleset, s.pick);
      return;
    case 'deadline':
      if (state.status === 'playing' && state.step?.deadline) game.missDeadline();
      return;
    case 'own':
      // The seat that acted last, if a seat did, else the one drawn: only the last actor has something of its own to take back.
      game.tryGive({ type: 'TakeBack' } as GameCommand, lastActor ?? seatAt(s.seat));
      return;
    case 'agreed': {
      const toVersion = target(s.back);
      if (toVersion === undefined) return;
      if (game.tryGive({ type: 'ProposeTakeback', toVersion } as GameCommand, seatAt(0)) !== null) return;
      game.tryGive({ type: s.accept ? 'AcceptTakeback' : 'DeclineTakeback' } as GameCommand, seatAt(1));
      return;
    }
    case 'correct': {
      const toVersion = target(s.back);
      if (toVersion === undefined) return;
      game.tryGive({ type: 'CorrectGame', toVersion, reason: 'A ruling on a disputed move.' } as GameCommand, {
        kind: 'player',
        playerId: 'p_org',
        seat: null,
      });
      return;
    }
    case 'concede':
      game.tryGive({ type: 'Concede' } as GameCommand, seatAt(s.seat));
      return;
    case 'adopt':
      // PBM-14: the organiser moves the game to the newest rules (refused where it already plays under them).
      game.tryGive({ type: 'AdoptRules' } as GameCommand, { kind: 'player', playerId: 'p_org', seat: null });
      return;
    case 'fork': {
      // TB-6: a continuation from a version of this game, proposed and accepted or declined (the new game is the service's).
      const version = target(s.back + 1);
      if (version === undefined) return;
      if (game.tryGive({ type: 'ProposeFork', version } as GameCommand, seatAt(0)) !== null) return;
      game.tryGive({ type: s.accept ? 'AcceptFork' : 'DeclineFork' } as GameCommand, seatAt(1));
      return;
    }
  }
};

/** Play `h` through the real decider: the log it gives and its batches. */
export const playHistory = (h: History, gameId = `g_hist_${h.ruleset.replace(/[^a-z0-9]/g, '')}`): PlayedHistory => {
  const game = started(h.ruleset, gameId, h.older ?? false);
  for (const s of h.steps) step(game, h.ruleset, s);
  const batches: EventEnvelope[][] = [];
  for (const event of game.events) {
    const last = batches.at(-1);
    if (last && last[0]?.commandId === event.commandId) last.push(event);
    else batches.push([event]);
  }
  return { gameId, log: game.events, batches };
};

/** Append `played`'s batches to the store as the command path appends them, each with the state after it (for snapshots). */
export const appendHistory = async (deps: Deps, played: PlayedHistory): Promise<void> => {
  let folded = 0;
  for (const batch of played.batches) {
    folded += batch.length;
    const stateAfter = foldGame(HISTORY_RULESETS, played.log.slice(0, folded));
    const expectedVersion = (batch[0]?.seq ?? 1) - 1;
    const snapshot = await gameSnapshot(deps, stateAfter);
    const appended = await deps.store.append({ gameId: played.gameId, expectedVersion, events: batch, snapshot });
    if (!appended.ok) throw new Error(`could not append the batch after ${expectedVersion}`);
  }
};

/** The read models' writes fail once, before they land, whenever `failing.next` is set. */
export const failingWrites = (deps: Deps, failing: { next: boolean }): void => {
  const games = deps.games;
  const failOnce = () => {
    if (!failing.next) return;
    failing.next = false;
    throw new Error('injected: the write failed before it landed');
  };
  const putReadModel = games.putReadModel.bind(games);
  const putInbox = games.putInbox.bind(games);
  games.putReadModel = async (...args) => {
    failOnce();
    return putReadModel(...args);
  };
  games.putInbox = async (...args) => {
    failOnce();
    return putInbox(...args);
  };
};

/** A delivery of `items` as a stream might make it: every one at least once, in random batches and orders, some failing. */
export const deliveries = <T>(items: readonly T[], g: fc.GeneratorValue): { readonly batch: readonly T[]; readonly fail: boolean }[] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; ) {
    const size = g(fc.integer, { min: 1, max: 8 });
    chunks.push(items.slice(i, i + size));
    i += size;
  }
  // Neighbouring batches swapped: a later record of the game may come first (streams order records per item).
  for (let i = 0; i + 1 < chunks.length; i += 1) {
    if (g(fc.integer, { min: 0, max: 4 }) === 0) [chunks[i], chunks[i + 1]] = [chunks[i + 1] as T[], chunks[i] as T[]];
  }
  const out: { batch: readonly T[]; fail: boolean }[] = [];
  for (const chunk of chunks) {
    const shuffled = g(fc.boolean) ? g(fc.shuffledSubarray, chunk, { minLength: chunk.length, maxLength: chunk.length }) : chunk;
    out.push({ batch: shuffled, fail: g(fc.integer, { min: 0, max: 5 }) === 0 });
    // An old batch delivered again, as a redelivery after a timeout would.
    if (out.length > 1 && g(fc.integer, { min: 0, max: 4 }) === 0) {
      const old = out[g(fc.integer, { min: 0, max: out.length - 2 })] as { batch: readonly T[] };
      out.push({ batch: old.batch, fail: false });
    }
  }
  return out;
};

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Every read model of the game against a fresh fold of its log: the state, each seat's view, each inbox entry, the lobby entry, the voided marks. */
export const expectReadsEqualTheFold = async (deps: Deps, played: PlayedHistory): Promise<void> => {
  const fresh: GameState = foldGame(HISTORY_RULESETS, played.log);
  const model = await deps.games.readModel(played.gameId);
  expect(model?.version).toBe(fresh.version);
  // INV-4: whatever failed on the way, nothing is left marked stale once the stream is quiet.
  expect(model && isStale(model)).toBe(false);
  const modelled = JSON.parse(model?.state ?? 'null') as GameState;
  expect(modelled).toEqual(plain(fresh));
  expect((model as { lobby?: unknown }).lobby ?? null).toEqual(plain(lobbyEntryOf(fresh)));
  if (fresh.status === 'empty') return;
  for (const seat of [null, ...fresh.seats.map((s) => s.name)]) {
    expect(plain(viewGame(HISTORY_RULESETS, modelled, seat))).toEqual(plain(viewGame(HISTORY_RULESETS, fresh, seat)));
  }
  for (const { playerId, entry } of inboxEntriesOf(HISTORY_RULESETS, fresh)) {
    const inbox = await deps.games.inbox(playerId);
    expect(inbox.find((e) => e.gameId === played.gameId)).toEqual(entry);
  }
  const page = await gameEvents(deps, played.gameId, 'p_org', 0, 1000);
  expect(page.voided ?? []).toEqual(plain(fresh.voided ?? []));
};
