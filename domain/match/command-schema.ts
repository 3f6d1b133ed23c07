/**
 * INV-6: one schema everywhere. A lifecycle command's declaration (command-table.ts) carries
 * its schema, which the HTTP layer parses before anything is written (functions/kernel/strict.ts:
 * a 400 naming the field) and the OpenAPI document shows; the decider checks the same schema,
 * so a log's re-decision (`arbiter verify`) refuses what the HTTP layer would have refused.
 *
 * RUL-10: the check is a rule of the fair and bounded match lifecycle, since each ruleset's
 * `matchBoundsSince`; a game decided under older rules keeps the older decisions, so every log
 * recorded before it still re-adjudicates.
 */
import { rulesSince } from '../kernel/rules-version.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { MatchCtx } from './match-ctx.ts';
import type { GameState } from './state.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** RFC 6901: `~` and `/` inside a key are escaped in a JSON Pointer. */
const escapePointer = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

/** JSON Pointers of every key of `input` that parsing dropped: the fields no schema knows (REL-4), at any depth. */
export const droppedKeys = (input: unknown, parsed: unknown, pointer = ''): string[] => {
  if (Array.isArray(input) && Array.isArray(parsed)) {
    return input.flatMap((item, i) => droppedKeys(item, parsed[i], `${pointer}/${i}`));
  }
  if (!isRecord(input) || !isRecord(parsed)) return [];
  return Object.keys(input).flatMap((key) => {
    const here = `${pointer}/${escapePointer(key)}`;
    return Object.hasOwn(parsed, key) ? droppedKeys(input[key], parsed[key], here) : [here];
  });
};

/**
 * Whether a lifecycle command on `state` is decided under the bounded match rules: those of
 * the game's ruleset, or for a founding command (no game yet) of the ruleset it names
 * (CreateGame) or of its origin (ForkGame), at the version it is decided under.
 */
const isBoundedFor = (state: GameState, command: { readonly ruleset?: unknown }, ctx: MatchCtx): boolean => {
  const origin = ctx.origin?.at;
  const game = state.status !== 'empty' ? state : origin && origin.status !== 'empty' ? origin : undefined;
  const ruleset = game?.ruleset ?? command.ruleset;
  const since = typeof ruleset === 'string' ? ctx.rulesets.findFold(ruleset)?.matchBoundsSince : undefined;
  return since === undefined || rulesSince(ctx.rulesVersion ?? game?.rulesVersion, since);
};

/**
 * INV-6: the refusal of lifecycle command `command` when it does not match its declared
 * `schema` (a field missing, empty, past its bound, or no field of it), or null. 422
 * INVALID_COMMAND: over HTTP the 400 of the strictness check comes first; this is the same
 * verdict for a log's re-decision.
 */
export const lifecycleSchemaRefusal = (
  declaration: { readonly type: string; readonly rule: string | null; readonly schema: z.core.$ZodType },
  state: GameState,
  command: object,
  ctx: MatchCtx,
): Decision<never> | null => {
  if (!isBoundedFor(state, command, ctx)) return null;
  const parsed = z.safeParse(declaration.schema, command);
  const unknown = parsed.success ? droppedKeys(command, parsed.data) : [];
  if (parsed.success && unknown.length === 0) return null;
  const why = parsed.success
    ? `${unknown.join(', ')} ${unknown.length === 1 ? 'is no field' : 'are no fields'} of it`
    : z.prettifyError(parsed.error);
  return reject('INVALID_COMMAND', declaration.rule ?? 'MATCH', `That is not a valid ${declaration.type} command: ${why}`);
};
