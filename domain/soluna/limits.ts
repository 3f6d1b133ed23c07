/**
 * INV-1: how big a Sol'una game may be. The rules text fixes the turn's 10 phases (SOL-1) and
 * Mind from 0 to 10 (its activation table's rows); it gives no grid, warband, profile or game
 * length, so those limits are defaults of ours: generous for a skirmish (the example mission is
 * 12x12 with 3 models a side, 2 attacks at most), and small enough that the largest mission
 * the schemas accept, every list at its limit and every name at its longest, fits the
 * service's 64 KiB request body and stays under `STATE_BUDGET_BYTES`
 * (domain/kernel/budget.ts) for its whole play (scenarios/largest-soluna.ts). A game's
 * stored state holds the mission twice (its options, and the models and grid of the rules
 * state) and, while a seat may take back its commands (TB-1), the whole state twice again (the
 * undo window's checkpoint): so the mission and its play get under a quarter of the budget. Each is a
 * zod check where the value enters (mission.ts, choices.ts, commands.ts, options.ts), so a
 * refusal is a 400 naming the field's JSON pointer and the limit. docs/rules/soluna.md
 * "Limits" lists them.
 */
export const SOL_LIMITS = {
  /** default: the grid's width and height, in squares. */
  gridSide: 64,
  /** default: blocking terrain squares; an eighth of the largest grid, 64 times the example's 8. */
  blocking: 512,
  /** default: models (profiles) in one warband; the example has 3. */
  warband: 10,
  /** default: attack profiles of one model; the example models have 2 at most. */
  attacks: 3,
  /** default: artifacts of one model; the example models have 1 at most. */
  artifacts: 3,
  /** default: psionics of one model; the example models have 1 at most. */
  psionics: 3,
  /** default: the characters of a mission, model, weapon, artifact or psionic name, and of a name in a command. */
  nameLength: 40,
  /** default: the characters of a model id (its own pattern). */
  idLength: 32,
  /** default: squares a model moves in one Move action, a weapon's or power's range: the largest grid's side. */
  squares: 64,
  /** default: wounds a model can take. */
  wounds: 20,
  /** default: a weapon's damage, a heal's or a wound's amount (Mind effects are bounded by Mind, 0 to 10, SOL-1). */
  amount: 10,
  /** default: the mission's turn limit (none is also allowed: play until one side wins, SOL-8). */
  turnLimit: 1000,
  /** default: starred choices per model per turn (SOL-2 "limited"; the default option is 1): each may leave a Mind effect for the rest of the turn (SOL-6). */
  starredPerTurn: 5,
  /** default: Mind lost per wound taken (SOL-9); Mind is 0 to 10. */
  mindLossPerWound: 10,
} as const;

/** Choices in one SubmitActions: one for each model of a full warband (SOL-3, a seat chooses for its own). */
export const MAX_ACTIONS = SOL_LIMITS.warband;
/** Squares in one Move path: a model never moves more than `squares` (SOL-2). */
export const MAX_PATH = SOL_LIMITS.squares;
