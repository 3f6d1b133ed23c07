/**
 * ARC-4: the shape of one lifecycle command's declaration in the command table
 * (command-table.ts), and the helper that builds one from its fields.
 */
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { MatchCtx } from './match-ctx.ts';
import type { Match } from './state.ts';

/**
 * Who may send a command. The decision enforces it (with its rule's refusal); the table
 * says it so the documentation and the reserved list can be derived from it.
 */
export type Sender = 'any player' | 'seat' | 'organiser' | 'seat or organiser' | 'organiser or server' | 'server';

/** Where a decision lands: the game a CreateGame founds, and the seq the command's first event takes. */
export interface At {
  readonly gameId: string;
  readonly firstSeq: number;
}

export interface CommandDeclaration<T extends string = string, C = unknown> {
  readonly type: T;
  /** The command's whole shape, `type` included: what the strictness check and the documents read. */
  readonly schema: z.ZodMiniType<{ type: T } & C>;
  readonly summary: string;
  /** The rule that governs it; null for ChooseFirstPlayer, whose rule is each ruleset's `firstPlayerRule`. */
  readonly rule: string | null;
  readonly sentBy: Sender;
  /** Not accepted at /commands, and why: it has its own route, or only the server gives it. */
  readonly reserved?: string;
  /** A paused game still takes it (PBM-12, PBM-13). */
  readonly whilePaused?: true;
  /** Decided on the state as loaded, even a game that does not exist yet (CreateGame). */
  readonly founds?: true;
  /**
   * TB-6: decided on another game's state too (`MatchCtx.origin`), which only that game's log
   * gives: re-adjudicating a log alone folds it rather than re-deciding it (readjudicate.ts).
   */
  readonly needsOrigin?: true;
  /**
   * TB-2, TB-3: a far takeback, decided on what it would undo: its host gives the decider the
   * log after the command's `toVersion` (`ctx.undone`; `undoneVersion`).
   */
  readonly undoes?: true;
  readonly decide: (state: Match, command: { type: T } & C, ctx: MatchCtx, at: At) => Decision<DomainEvent>;
}

/** One command's declaration; its schema is `{ type, ...fields }`, built when first used (PERF-1). */
export const declare = <T extends string, S extends z.core.$ZodLooseShape = Record<never, never>>(
  declaration: Omit<CommandDeclaration<T, z.infer<z.ZodMiniObject<S>>>, 'schema'> & { readonly fields?: () => S },
): CommandDeclaration<T, z.infer<z.ZodMiniObject<S>>> => {
  const { fields, ...rest } = declaration;
  const schema = z.lazy(() => z.object({ type: z.literal(declaration.type), ...(fields?.() ?? ({} as S)) }));
  return { ...rest, schema: schema as unknown as CommandDeclaration<T, z.infer<z.ZodMiniObject<S>>>['schema'] };
};
