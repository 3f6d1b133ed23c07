/**
 * CLUB-3: the pairing of a round, pure and deterministic, so anyone holding a tournament's log
 * and its revealed seed recomputes every round (docs/tournaments.md "Pairing"). Written here
 * rather than taken from npm: `tournament-pairings` is GPL-3.0-or-later (the CLI ships as one
 * bundle with no dependencies, docs/design.md §15) and `domain/` imports nothing but zod,
 * canonicalize and node:crypto (§2). Every tie is broken by `seedKey`, never by input order.
 */
import { sha256Hex } from '../kernel/digest.ts';
import { matchWithoutRematch } from './matching.ts';

/** Written into TournamentCreated: a later change of this code bumps the version, and a log is recomputed with the version it names. */
export const PAIRING_LIBRARY = { name: 'arbiter-pairing', version: '1.0.0' } as const;

export type Format = 'swiss' | 'round-robin' | 'single-elimination';

export interface Pairing {
  readonly table: number;
  readonly red: string;
  readonly blue: string;
}

export interface RoundPairing {
  readonly pairings: readonly Pairing[];
  /** The player who sits the round out and scores a win; null with an even field. */
  readonly bye: string | null;
}

/** The player's tie-break key for this seed: the same for everyone who knows the seed, unguessable before it is revealed. */
export const seedKey = (seed: string, playerId: string): string => sha256Hex(`arbiter-tournament:${seed}:${playerId}`);

/** Players in the seed's order: the ranking before any game is played and the last tie-break of every standing. */
export const seedOrder = (seed: string, players: readonly string[]): string[] => {
  // One key per player, not two hashes per comparison of the sort (COST-4).
  const keys = new Map(players.map((p) => [p, seedKey(seed, p)]));
  return [...players].sort((a, b) => ((keys.get(a) ?? '') < (keys.get(b) ?? '') ? -1 : 1));
};

/** Every player left has had a bye, and the field is odd: the round cannot be paired (CLUB-3). */
export class NoSecondBye extends Error {
  constructor() {
    super('every player left has had a bye: no Swiss round can be paired without a second one (CLUB-3)');
  }
}

/** What Swiss pairing needs of the rounds so far. */
export interface SwissHistory {
  /** Each player's opponents so far (byes not included). */
  readonly opponents: ReadonlyMap<string, ReadonlySet<string>>;
  readonly byes: ReadonlySet<string>;
  /** reds minus blues so far: seat balance gives red to the one with the lower count. */
  readonly redBalance: ReadonlyMap<string, number>;
}

const hasMet = (history: SwissHistory, a: string, b: string) => history.opponents.get(a)?.has(b) ?? false;

/** Both have had the same seat in every round so far: pairing them puts one of them there again (CLUB-3 seat balance). */
const sameSeatAlways = (history: SwissHistory, round: number, a: string, b: string) => {
  const balanceA = history.redBalance.get(a) ?? 0;
  return round > 1 && Math.abs(balanceA) === round - 1 && balanceA === (history.redBalance.get(b) ?? 0);
};

/** Red to the player who has had red less often; on equal balance to the one whose key for this round is lower. */
export const seatPair = (seed: string, round: number, a: string, b: string, history: SwissHistory): [red: string, blue: string] => {
  const balanceA = history.redBalance.get(a) ?? 0;
  const balanceB = history.redBalance.get(b) ?? 0;
  if (balanceA !== balanceB) return balanceA < balanceB ? [a, b] : [b, a];
  return seedKey(seed, `${round}:${a}`) < seedKey(seed, `${round}:${b}`) ? [a, b] : [b, a];
};

/**
 * A Swiss round. `ranked`: the active players in standing order (best first, ties already
 * broken by the seed). The bye goes to the lowest-ranked player who has not had one and
 * without whom the rest can be paired with no rematch. The search first also keeps apart two
 * players who have had the same seat in every round (so nobody is always `red`), then drops that
 * wish; only when no pairing avoids a rematch is the plain top-down pairing used
 * (docs/tournaments.md "Pairing").
 */
export const pairSwiss = (seed: string, round: number, ranked: readonly string[], history: SwissHistory): RoundPairing => {
  const candidates = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((p) => !history.byes.has(p));
  if (candidates.length === 0) throw new NoSecondBye();
  const fresh = (a: string, b: string) => !hasMet(history, a, b);
  const balanced = (a: string, b: string) => fresh(a, b) && !sameSeatAlways(history, round, a, b);
  for (const allowed of [balanced, fresh])
    for (const bye of candidates) {
      const field = ranked.filter((p) => p !== bye);
      const pairs = matchWithoutRematch(field, allowed, { left: 20_000 });
      if (pairs) return { pairings: seated(seed, round, pairs, history), bye };
    }
  const bye = candidates[0] ?? null;
  const field = ranked.filter((p) => p !== bye);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < field.length; i += 2) pairs.push([field[i] as string, field[i + 1] as string]);
  return { pairings: seated(seed, round, pairs, history), bye };
};

const seated = (seed: string, round: number, pairs: readonly [string, string][], history: SwissHistory): Pairing[] =>
  pairs.map(([a, b], i) => {
    const [red, blue] = seatPair(seed, round, a, b, history);
    return { table: i + 1, red, blue };
  });

/**
 * Round `round` (from 1) of a round robin by the circle method over the seed order: the first
 * player stays, the others turn; with an odd field a bye slot is added. Seats alternate by
 * round so each player's reds and blues differ by at most one over the tournament.
 */
export const pairRoundRobin = (seed: string, round: number, players: readonly string[]): RoundPairing => {
  const order: (string | null)[] = seedOrder(seed, players);
  if (order.length % 2 === 1) order.push(null);
  const n = order.length;
  const turned = [order[0] ?? null, ...rotate(order.slice(1), round - 1)];
  const pairings: Pairing[] = [];
  let bye: string | null = null;
  for (let i = 0; i < n / 2; i++) {
    const a = turned[i] ?? null;
    const b = turned[n - 1 - i] ?? null;
    if (a === null || b === null) {
      bye = a ?? b;
      continue;
    }
    const swap = (round + i) % 2 === 0;
    pairings.push({ table: pairings.length + 1, red: swap ? b : a, blue: swap ? a : b });
  }
  return { pairings, bye };
};

const rotate = <T>(list: readonly T[], by: number): T[] => {
  const k = list.length === 0 ? 0 : ((by % list.length) + list.length) % list.length;
  return [...list.slice(list.length - k), ...list.slice(0, list.length - k)];
};

export const roundRobinRounds = (players: number) => (players % 2 === 0 ? players - 1 : players);

/** Rounds of a single elimination: enough to bring the field down to one. */
export const eliminationRounds = (players: number) => Math.max(1, Math.ceil(Math.log2(players)));

/** The standard bracket order of `size` (a power of two) seeds: 1 meets size, and the top two can meet only in the final. */
export const bracketOrder = (size: number): number[] => {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((s) => [s, next - s]);
  }
  return order;
};

/**
 * A single-elimination round. Round 1 seats the seed order in the bracket (byes, when the
 * field is not a power of two, go to the best seeds, each one a walk-over into round 2);
 * later rounds pair the winners of neighbouring slots. `slots`: round r's entrants in bracket
 * order, null for an empty slot. The higher bracket slot takes red.
 */
export const pairElimination = (slots: readonly (string | null)[]): { pairings: Pairing[]; advance: (string | null)[] } => {
  const pairings: Pairing[] = [];
  const advance: (string | null)[] = [];
  for (let i = 0; i + 1 < slots.length; i += 2) {
    const a = slots[i] ?? null;
    const b = slots[i + 1] ?? null;
    if (a !== null && b !== null) {
      pairings.push({ table: pairings.length + 1, red: a, blue: b });
      advance.push(null);
    } else advance.push(a ?? b);
  }
  return { pairings, advance };
};

/** Round 1's slots: the seed order placed in bracket order, null where a seed past the field would sit. */
export const firstSlots = (seed: string, players: readonly string[]): (string | null)[] => {
  const order = seedOrder(seed, players);
  const size = 2 ** eliminationRounds(players.length);
  return bracketOrder(size).map((s) => order[s - 1] ?? null);
};
