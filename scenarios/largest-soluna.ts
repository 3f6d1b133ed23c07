/**
 * INV-1, INV-2: the largest Sol'una game the schemas accept (domain/soluna/limits.ts): the
 * largest grid with the most blocking squares, two full warbands whose every list is at its
 * limit and every id and name at its longest, the most starred choices a turn. Its numbers make
 * play decisive (every attack hits for 10, Mind 10 acts in every phase), so a test can play it
 * to a real end; the size is what matters, not the odds.
 */

import { seededDice } from '../domain/kernel/dice.ts';
import { sha256Hex } from '../domain/kernel/hash.ts';
import type { RulesContext } from '../domain/kernel/ruleset.ts';
import type { ModelAction } from '../domain/soluna/choices.ts';
import type { SolCommand } from '../domain/soluna/commands.ts';
import { begin, decide } from '../domain/soluna/decide.ts';
import { fold } from '../domain/soluna/evolve.ts';
import { solunaFold } from '../domain/soluna/fold.ts';
import type { Square } from '../domain/soluna/grid.ts';
import { SOL_LIMITS as L, MAX_ACTIONS, MAX_PATH } from '../domain/soluna/limits.ts';
import type { SolSeat } from '../domain/soluna/mission.ts';
import { solOptionsSchema } from '../domain/soluna/options.ts';
import { initialState, type SealedOrders, type SolState } from '../domain/soluna/state.ts';
import { ctxFor, seat as seatActor } from './actors.ts';

/** `text` padded with `fill` (or cut) to exactly `length` characters. */
const padded = (text: string, length: number, fill = 'x'): string => text.padEnd(length, fill).slice(0, length);

export const SEATS = ['sun', 'moon'] as const satisfies readonly SolSeat[];
export type Seat = (typeof SEATS)[number];

/** The side of the grid: 64 squares. */
const SIDE = L.gridSide;
/** Blocking terrain fills the columns from here to the east edge: 8 columns of 64, 512 squares. */
export const FREE_COLUMNS = SIDE - L.blocking / SIDE;

/** The longest ids (32 characters) and names (40). */
export const modelId = (seat: Seat, i: number) => padded(`${seat}-${String(i).padStart(2, '0')}-`, L.idLength);
const name = (what: string) => padded(`${what} `, L.nameLength, '.');
export const weaponName = (i: number) => name(`Weapon ${i}`);
export const artifactName = (i: number) => name(`Artifact ${i}`);
export const psionicName = (i: number) => name(`Psionic ${i}`);
export const MODELS: Record<Seat, string[]> = {
  sun: Array.from({ length: L.warband }, (_, i) => modelId('sun', i)),
  moon: Array.from({ length: L.warband }, (_, i) => modelId('moon', i)),
};
/** Where a model starts: sun on the south edge, moon on the north edge, one column each from the west. */
export const startOf = (seat: Seat, i: number): Square => [i, seat === 'sun' ? 0 : SIDE - 1];

/**
 * A profile with every list at its limit: ranged weapons that always hit for 10 across the
 * grid, artifacts that heal and wound, and psionics that raise the user's Mind (the effects
 * that pile up in a turn, SOL-6). Mind 10 acts in every phase; 20 wounds fall to two hits.
 */
const profile = (seat: Seat, i: number) => ({
  id: modelId(seat, i),
  name: name(`${seat === 'sun' ? 'Sun' : 'Moon'} model ${i}`),
  leader: i === 0,
  ...{ mind: 10, movement: L.squares, wounds: L.wounds, at: startOf(seat, i) },
  attacks: Array.from({ length: L.attacks }, (_, w) => ({
    ...{ name: weaponName(w), kind: 'ranged', range: L.squares, toHit: 1, damage: L.amount },
  })),
  artifacts: Array.from({ length: L.artifacts }, (_, a) => ({
    ...{ name: artifactName(a), target: a % 2 === 0 ? 'ally' : 'enemy', range: L.squares },
    effect: { kind: a % 2 === 0 ? 'heal' : 'wound', amount: L.amount },
  })),
  psionics: Array.from({ length: L.psionics }, (_, p) => ({
    ...{ name: psionicName(p), target: 'self', range: 0 },
    effect: { kind: 'mind', amount: 10 },
  })),
});

/** `options.rules` of the largest Sol'una game the schemas accept. */
export const largestSolunaRules = () => ({
  mission: {
    name: name('The Largest Field'),
    grid: {
      width: SIDE,
      height: SIDE,
      blocking: Array.from(
        { length: L.blocking },
        (_, k): Square => [FREE_COLUMNS + (k % (SIDE - FREE_COLUMNS)), Math.floor(k / (SIDE - FREE_COLUMNS))],
      ),
    },
    warbands: {
      sun: Array.from({ length: L.warband }, (_, i) => profile('sun', i)),
      moon: Array.from({ length: L.warband }, (_, i) => profile('moon', i)),
    },
    victory: { eliminate: 'leader', turnLimit: L.turnLimit },
  },
  starredPerTurn: L.starredPerTurn,
  missedOrders: 'defer',
  mindLossPerWound: 0,
});

/** The largest game as its state before the first turn. */
export const largestSolunaState = (): SolState =>
  initialState({ seats: [...SEATS], firstSeat: 'sun', options: solOptionsSchema.parse(largestSolunaRules()) });

/** A rules context with real (seeded) dice, fixed for every run: what a bench times a decision with. */
export const benchRc = (seat: Seat, seq = 1): RulesContext => {
  const dice = seededDice(sha256Hex('largest-soluna'), 'g_largest_soluna', seq);
  return { ctx: ctxFor(seatActor(seat), dice), dice, seat, salt: (label) => sha256Hex(label), rulesVersion: solunaFold.rulesVersion };
};

/** Every model of the seat moves to the far corner of the free ground, the route left to the engine (the longest search). */
export const farMoves = (seat: Seat): ModelAction[] =>
  MODELS[seat].map((model, i) => ({
    model,
    action: { kind: 'move', to: [FREE_COLUMNS - 1 - i, seat === 'sun' ? SIDE - 2 : 1] as Square },
  }));

/** The first phase of the first turn, opened (every model has Mind 10 and may act). */
export const firstPhase = (): SolState => {
  const start = largestSolunaState();
  return fold(start, begin(start));
};

/**
 * INV-2: the most expensive Sol'una decision at the largest size: the last seat's choices of a
 * phase in which every model of both full warbands acts, each a move to a square near the far
 * edge of the largest grid, routed by the engine (a breadth-first search over the grid, SOL-2)
 * around every blocking square and model; it reveals both seats' choices and resolves them all.
 * Returns the state
 * with sun's choices sealed, and moon's command to decide with `decide`.
 */
export const slowestSolunaCommand = (): { state: SolState; command: SolCommand; rc: RulesContext } => {
  const before = firstPhase();
  const sealed = decide(before, { type: 'SubmitActions', actions: farMoves('sun') }, benchRc('sun'));
  if (!sealed.ok) throw new Error(`sun's choices were refused: ${sealed.violation.message}`);
  const state = fold(before, sealed.events);
  if (farMoves('moon').length !== MAX_ACTIONS) throw new Error('the choices are not at their limit');
  return { state, command: { type: 'SubmitActions', actions: farMoves('moon') }, rc: benchRc('moon', 2) };
};

/** A path of `squares` steps, the longest a move may name (MAX_PATH). */
const longestPath = (): Square[] => Array.from({ length: MAX_PATH }, (_, i): Square => [i % FREE_COLUMNS, Math.min(SIDE - 1, 10 + i)]);

/**
 * INV-1: the largest state a game of the largest options can reach: on top of the largest
 * options, every list that grows in play at its limit at once. Every model holds its choice of
 * a move along the longest path, sealed (a game that ends keeps both seats'), and is eligible;
 * each has used its psionics in all 10 phases of the turn, so the turn's Mind effects (SOL-6)
 * are 10 a model, each naming the longest power and model names.
 */
export const largestSolunaPlayState = (): SolState => {
  const start = firstPhase();
  const sealed = Object.fromEntries(
    SEATS.map((seat): [Seat, SealedOrders] => [
      seat,
      {
        actions: MODELS[seat].map((model) => ({
          model,
          action: { kind: 'move' as const, to: [SIDE - 1, SIDE - 1] as Square, path: longestPath() },
        })),
        salt: 'f'.repeat(64),
      },
    ]),
  );
  const effects = start.models.flatMap((m) =>
    Array.from({ length: L.starredPerTurn }, () => ({ model: m.id, amount: -10, source: `${psionicName(0)} (${m.name})` })),
  );
  const models = start.models.map((m) => ({ ...m, woundsTaken: L.wounds - 1, deferred: true, starredUsed: L.starredPerTurn }));
  return { ...start, turn: L.turnLimit, phase: 10, sealed, effects, models };
};
