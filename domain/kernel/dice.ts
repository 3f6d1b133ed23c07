/**
 * Provably fair dice (docs/design.md §6). The server commits to a secret seed at game
 * creation (only its SHA-256 is logged); players may mix in contributions at join. Roll
 * `index` of the command whose first event is `seq` is HMAC-SHA256(key, `gameId:seq:index`),
 * mapped to 1..sides by rejection sampling, so no face is favoured. Once the seed is
 * revealed at the end, anyone recomputes every roll from the log.
 */
import { hmacSha256, sha256Hex } from './hash.ts';

export interface RollModifier {
  /** Added to the die (`roll`, the default) or to the target number (`target`, for roll-under rules). */
  readonly applies?: 'roll' | 'target';
  readonly value: number;
  /** The rule point that applied it, e.g. `GSC-15`. */
  readonly rule: string;
  readonly reason: string;
}

export interface RollRequest {
  /** What the roll decides, in words: "roll-off", "hit: Plasma Rifles vs Raiders". */
  readonly purpose: string;
  readonly sides: number;
  /** The number the total is compared with, if the roll has one. */
  readonly target?: number;
  /** `atLeast`: success when total >= target; `atMost`: total <= target. */
  readonly compare?: 'atLeast' | 'atMost';
  readonly modifiers?: readonly RollModifier[];
  /** The rule point that called for the roll. */
  readonly rule?: string;
}

export interface DieRoll {
  readonly purpose: string;
  readonly sides: number;
  /** The face rolled, 1..sides. */
  readonly value: number;
  /** Where the roll was drawn: recompute with `rollFace(key, gameId, seq, index, sides)`. */
  readonly draw: { readonly seq: number; readonly index: number };
  readonly modifiers: readonly RollModifier[];
  /** value + every modifier that applies to the roll. */
  readonly total: number;
  /** The target number before modifiers. */
  readonly target?: number;
  /** target + every modifier that applies to the target: what `total` was compared with. */
  readonly effectiveTarget?: number;
  readonly compare?: 'atLeast' | 'atMost';
  readonly success?: boolean;
  readonly rule?: string;
}

export interface Dice {
  roll(request: RollRequest): DieRoll;
}

export const seedCommitment = (seed: string): string => sha256Hex(seed);

/**
 * The dice's HMAC key: the secret seed with every player contribution mixed in, in seat
 * order, under its own label. The public commitment is SHA-256 of the bare seed, so no key
 * may ever be that hash: a key equal to the commitment would let any player compute
 * every roll in advance.
 */
export const rollKey = (seed: string, contributions: readonly string[], scheme: KeyScheme = 'labelled'): string => {
  if (scheme === 'bare') return contributions.length === 0 ? derived(seed) : derived([seed, ...contributions].join(':'));
  return derived(['arbiter-dice', seed, ...contributions].join(':'));
};

/** The key of the salts mixed into sealed orders: secret until the seed is revealed, like the dice. */
export const saltKey = (seed: string, scheme: KeyScheme = 'labelled'): string =>
  scheme === 'bare' ? derived(seed) : derived(`arbiter-salt:${seed}`);

/**
 * COST-3: every command re-decided derives its game's dice and salt keys again, the same two
 * SHA-256 digests thousands of times in one verify; each is hashed once. Bounded, as the
 * decoded HMAC keys are (digest.ts): a process holds a few games' keys at a time.
 */
const keys = new Map<string, string>();
const derived = (material: string): string => {
  let key = keys.get(material);
  if (key === undefined) {
    if (keys.size >= 16) keys.clear();
    key = sha256Hex(material);
    keys.set(material, key);
  }
  return key;
};

/**
 * How a game's keys derive from its seed: `labelled` (above), or `bare`, as the first rules
 * versions did (pg-0.2.0, sol-0.1.0, gsc2-0.1.0): the dice keyed by SHA-256 of the seed and
 * the contributions, which without contributions is the public commitment, and the salts by
 * that same hash. `bare` is kept only to re-decide and check the games played under those
 * versions (RUL-10); the rules version decides which a game uses (`keySchemeOf`).
 */
export type KeyScheme = 'labelled' | 'bare';

const UINT32 = 2 ** 32;

/** One face from the HMAC stream, by rejection sampling over 32-bit words. */
export const rollFace = (key: string, gameId: string, seq: number, index: number, sides: number): number => {
  if (!Number.isInteger(sides) || sides < 2 || sides > 1000) throw new RangeError(`a die has 2 to 1000 sides, not ${sides}`);
  const limit = UINT32 - (UINT32 % sides);
  for (let round = 0; ; round += 1) {
    const message = round === 0 ? `${gameId}:${seq}:${index}` : `${gameId}:${seq}:${index}:${round}`;
    const digest = hmacSha256(key, message);
    const words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let offset = 0; offset + 4 <= digest.length; offset += 4) {
      const word = words.getUint32(offset);
      if (word < limit) return (word % sides) + 1;
    }
  }
};

/** What a roll's modifiers add to the die (`roll`) or to the target number (`target`). */
const modifierSum = (modifiers: readonly RollModifier[], applies: 'roll' | 'target'): number =>
  modifiers.reduce((n, m) => ((m.applies ?? 'roll') === applies ? n + m.value : n), 0);

export const resolveRoll = (request: RollRequest, value: number, draw: DieRoll['draw']): DieRoll => {
  const modifiers = request.modifiers ?? [];
  const total = value + modifierSum(modifiers, 'roll');
  const base = { purpose: request.purpose, sides: request.sides, value, draw, modifiers, total };
  const withRule = request.rule ? { ...base, rule: request.rule } : base;
  if (request.target === undefined) return withRule;
  const compare = request.compare ?? 'atLeast';
  const effectiveTarget = request.target + modifierSum(modifiers, 'target');
  const success = compare === 'atLeast' ? total >= effectiveTarget : total <= effectiveTarget;
  return { ...withRule, target: request.target, effectiveTarget, compare, success };
};

/** Dice drawn from the game's key for the command whose first event will be `seq`. */
export const seededDice = (key: string, gameId: string, seq: number): Dice => {
  let index = 0;
  return {
    roll(request) {
      const draw = { seq, index };
      index += 1;
      return resolveRoll(request, rollFace(key, gameId, seq, draw.index, request.sides), draw);
    },
  };
};

/**
 * TABLE-3: what a roll needs. `needs` is the face the die must show (`atLeast`: that face or
 * higher; `atMost`: that face or lower), after every modifier; `chance` the share of faces
 * that succeed (0 when none can, 1 when any does). A roll with no target needs nothing.
 */
export interface RollNeed {
  readonly needs: number | null;
  readonly chance: number | null;
}

export const rollNeed = (request: RollRequest): RollNeed => {
  if (request.target === undefined) return { needs: null, chance: null };
  const modifiers = request.modifiers ?? [];
  const threshold = request.target + modifierSum(modifiers, 'target') - modifierSum(modifiers, 'roll');
  if ((request.compare ?? 'atLeast') === 'atLeast') {
    const needs = Math.max(1, threshold);
    return { needs, chance: Math.max(0, request.sides - needs + 1) / request.sides };
  }
  const needs = Math.min(request.sides, threshold);
  return { needs, chance: Math.max(0, needs) / request.sides };
};

/** The most rolls one dry run makes: far more than any command rolls; a rule that rolled on for ever would stop here. */
export const MAX_DRY_RUN_ROLLS = 10_000;

/**
 * TABLE-3: dice for a dry run, which draw nothing: each roll shows the face it needs, so the
 * events decided are those of every roll just making its target (a roll that cannot succeed
 * shows its nearest face and fails). A roll without a target needs nothing: such rolls show the
 * faces in turn (1, 2, 3, …), so a roll-off, which rolls again on a tie, ends. Nothing of the
 * game's key is read, so a dry run tells nothing of the dice the command would roll.
 */
export const neededDice = (seq: number): Dice => {
  let index = 0;
  return {
    roll(request) {
      if (index >= MAX_DRY_RUN_ROLLS) throw new RangeError(`a dry run stops after ${MAX_DRY_RUN_ROLLS} rolls (${request.purpose})`);
      const draw = { seq, index };
      index += 1;
      return resolveRoll(request, neededFace(request, draw.index), draw);
    },
  };
};

/** The face a dry run shows for roll `index`: the one it needs, or, needing none, the faces in turn. */
export const neededFace = (request: RollRequest, index: number): number => {
  const { needs } = rollNeed(request);
  return needs === null ? (index % request.sides) + 1 : Math.min(request.sides, Math.max(1, needs));
};

/** Dice that return the given faces in order: for rule tests that need a particular roll. */
export const scriptedDice = (faces: readonly number[], seq = 0): Dice => {
  let index = 0;
  return {
    roll(request) {
      const value = faces[index];
      if (value === undefined) throw new Error(`scripted dice ran out after ${index} rolls (${request.purpose})`);
      const draw = { seq, index };
      index += 1;
      return resolveRoll(request, value, draw);
    },
  };
};

/**
 * Whether `data` holds a recorded roll anywhere (a `DieRoll`: purpose, sides, value and
 * draw): a takeback may not cross a roll (TB-1), so the fold asks it of a seat's events.
 * It stops at the first roll found.
 */
export const carriesRoll = (data: unknown): boolean => {
  if (typeof data !== 'object' || data === null) return false;
  // COST-3: plain loops, asked of nearly every event a seat folds: no array of values made per object.
  if (Array.isArray(data)) {
    for (const item of data) if (carriesRoll(item)) return true;
    return false;
  }
  const v = data as Partial<DieRoll>;
  if (typeof v.sides === 'number' && typeof v.value === 'number' && typeof v.purpose === 'string' && typeof v.draw === 'object')
    return true;
  for (const key of Object.keys(data)) if (carriesRoll((data as Record<string, unknown>)[key])) return true;
  return false;
};
