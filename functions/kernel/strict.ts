/**
 * Commands and options are strict (REL-4): a field no schema knows is refused with a 400
 * that names it, so nothing a client made up reaches the permanent log. The rulesets'
 * command schemas strip unknown keys when they parse; a key of the input that is missing
 * from the parsed value is therefore one no schema knows, at any depth. The options
 * schemas are strict objects that transform (a scenario name becomes armies), so for
 * them the keys zod itself names as unrecognized are the answer.
 */

import type { Rulesets } from '../../domain/catalogue.ts';
import * as z from '../../domain/kernel/zod.ts';
import { droppedKeys } from '../../domain/match/command-schema.ts';
import { lifecycleCommand } from '../../domain/match/command-table.ts';
import type { GameState } from '../../domain/match/state.ts';
import { commandDocsOf, rulesetIds } from '../../domain/ruleset-list.ts';
import { Problem } from './problems.ts';

export { droppedKeys };

import { escapePointer, schemaProblem } from './schema-problems.ts';

/** Keys a strict schema refused by name. */
const unrecognized = (issues: readonly z.core.$ZodIssue[], at: string): string[] =>
  issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `${at}${[...issue.path, key].map((p) => `/${escapePointer(String(p))}`).join('')}`)
      : [],
  );

type Parsed = ReturnType<typeof z.safeParse>;

/**
 * Refuse `value` when it has fields `schema` does not know: dropped by a schema that strips,
 * or named by one that is strict. Any other mismatch is left to the decider.
 */
export const refuseUnknownFields = (schema: z.core.$ZodType, value: unknown, at: string, { transforms = false } = {}): void =>
  refuseUnknown(z.safeParse(schema, value), value, at, { transforms });

/** The unknown-field refusal of a value already parsed (`result`). */
const refuseUnknown = (result: Parsed, value: unknown, at: string, { transforms = false } = {}): void => {
  // A schema that transforms (a scenario name into armies) outputs another shape: only its strictness counts.
  const unknown = result.success ? (transforms ? [] : droppedKeys(value, result.data, at)) : unrecognized(result.error.issues, at);
  if (unknown.length === 0) return;
  throw new Problem(
    400,
    'unknown-field',
    'Unknown field',
    `${unknown.length === 1 ? 'The field' : 'The fields'} ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not part of this command; remove ${unknown.length === 1 ? 'it' : 'them'} (GET /rulesets/{id} lists each command's fields).`,
    { errors: unknown.map((pointer) => ({ pointer, detail: 'This field is not part of the schema.' })) },
  );
};

/**
 * The strictness check for a command about to be decided on `state`, with the schema that
 * will decide it: the lifecycle command's declaration in the command table, or the game's
 * ruleset's command schema (docs/design.md §3). The command is parsed once, and each
 * refusal read from that one result, in this order:
 * - a field no schema knows (REL-4);
 * - API-4: a ruleset command that does not match the game's ruleset schema (a missing
 *   field, a wrong type, a command of another ruleset) is the client's 400 with each field
 *   error under /command, decided here before the game is (the decider's INVALID_COMMAND
 *   422 is then left for replays); a 422 is left for what the rules forbid, with the rule ID;
 * - INV-6, INV-1: a lifecycle command is parsed with its whole schema too, as POST /games
 *   parses CreateGame's: a field missing, empty, of the wrong type or past its bound (a
 *   reason over 500 characters, ExtendDeadline's `by` over P365D or not a duration) is the
 *   client's 400 naming the field, before anything is written. What only the game can tell
 *   (a seat the ruleset does not have, PG-5 UNKNOWN_SEAT; a deadline moved past the bound from
 *   now, PBM-12) stays the decider's 422 with its rule. The decider checks the same schema
 *   for a log's re-decision (command-table.ts), so HTTP and verify agree.
 */
export const refuseUnknownCommandFields = (rulesets: Rulesets, state: GameState, command: { readonly type: string }): void => {
  const lifecycle = lifecycleCommand(command.type);
  // CreateGame and JoinGame arrive as strict bodies of their own routes; only the rules options inside are open.
  if (lifecycle?.founds) {
    refuseUnknownOptionFields(rulesets, command as { ruleset?: unknown; options?: { rules?: unknown } });
    return;
  }
  const schema = lifecycle?.schema ?? (state.status === 'empty' ? undefined : rulesets.findRuleset(state.ruleset)?.commandSchema);
  if (!schema) return;
  const result = z.safeParse(schema, command);
  refuseUnknown(result, command, '/command');
  if (result.success) return;
  if (!lifecycle && state.status !== 'empty') refuseOtherRulesetsCommand(state.ruleset, command.type);
  throw schemaProblem(result.error.issues, command, { type: 'invalid-body', what: 'The command', at: '/command' });
};

/**
 * API-4, TB-5: a command of another ruleset (GSC2's `SubmitOrders` in a Post Galactica game,
 * which seals nothing) says whose it is, so the client learns why it is no command of this
 * game rather than only that its type is not allowed. Ids, not titles: the list names every
 * ruleset without loading its rules.
 */
const refuseOtherRulesetsCommand = (ruleset: string, type: string): void => {
  if (commandDocsOf(ruleset).some((doc) => doc.type === type)) return;
  const owners = rulesetIds.filter((id) => id !== ruleset && commandDocsOf(id).some((doc) => doc.type === type));
  if (owners.length === 0) return;
  const detail = `The field /command/type is ${JSON.stringify(type)}, a command of ${owners.join(' and ')}, not of ${ruleset}; GET /rulesets/${ruleset} lists this game's commands.`;
  throw new Problem(
    400,
    'invalid-body',
    'The command is not valid',
    `The command is not valid: ${detail[0]?.toLowerCase()}${detail.slice(1)}`,
    {
      errors: [{ pointer: '/command/type', detail }],
    },
  );
};

const refuseUnknownOptionFields = (rulesets: Rulesets, command: { ruleset?: unknown; options?: { rules?: unknown } }): void => {
  const ruleset = typeof command.ruleset === 'string' ? rulesets.findRuleset(command.ruleset) : undefined;
  const rules = command.options?.rules;
  if (ruleset && rules !== undefined) refuseUnknownFields(ruleset.optionsSchema, rules, '/options/rules', { transforms: true });
};
