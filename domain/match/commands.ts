/** The commands of the match lifecycle, as zod schemas and types, and the ones published per ruleset. */
import { z } from 'zod';
import { parseDuration } from '../kernel/duration.ts';
import type { AnyRuleset } from '../kernel/ruleset.ts';

export const seedContributionSchema = z.string().regex(/^[0-9a-f]{16,128}$/, 'a seed contribution is 16 to 128 lowercase hex digits');

export const isoDurationSchema = z
  .string()
  .refine((text) => (parseDuration(text) ?? 0) >= 1000, 'a deadline is an ISO 8601 duration of at least one second, e.g. PT48H');

/** PBM-11: one more missed deadline in a row than `maxMissed` and the seat forfeits. */
export const absenceSchema = z
  .object({
    maxMissed: z.number().int().min(0).max(100).describe('Consecutive deadlines one seat may miss; one more and it forfeits (PBM-11).'),
  })
  .strict();

/** PBM-7: at most this many reminders before each deadline. */
export const MAX_REMINDERS = 4;

/** PBM-7: how long before each deadline the seats still to act are reminded, e.g. `["PT24H", "PT1H"]`. */
export const remindersSchema = z
  .array(
    z
      .string()
      .refine(
        (text) => (parseDuration(text) ?? 0) >= 1000,
        'a reminder is an ISO 8601 duration of at least one second before the deadline, e.g. PT1H',
      ),
  )
  .min(1)
  .max(MAX_REMINDERS)
  .refine((list) => new Set(list).size === list.length, 'each reminder may be given once');

export const createGameSchema = z.object({
  type: z.literal('CreateGame'),
  ruleset: z.string(),
  options: z
    .object({
      firstPlayer: z.string().optional(),
      deadlines: z
        .object({
          default: isoDurationSchema.optional(),
          phases: z.record(z.string(), isoDurationSchema).optional(),
        })
        .strict()
        .optional(),
      rules: z.unknown().optional(),
      openFor: isoDurationSchema.optional(),
      absence: absenceSchema.optional(),
      reminders: remindersSchema.optional(),
    })
    .strict()
    .optional(),
  seat: z.string().optional(),
  seedContribution: seedContributionSchema.optional(),
});
export const joinGameSchema = z.object({
  type: z.literal('JoinGame'),
  seat: z.string().optional(),
  seedContribution: seedContributionSchema.optional(),
});
export const chooseFirstPlayerSchema = z.object({ type: z.literal('ChooseFirstPlayer'), seat: z.string() });
export const concedeSchema = z.object({ type: z.literal('Concede') });
/** The system command the phase timer gives when a step's deadline passes. */
export const deadlineReachedSchema = z.object({ type: z.literal('DeadlineReached'), phaseKey: z.string() });
/**
 * PBM-14: go on under the rules version this server implements. Given by the organiser when
 * the game's log does not decide the same under them, or by the server itself when it does.
 */
export const adoptRulesSchema = z.object({ type: z.literal('AdoptRules') });

export type CreateGame = z.infer<typeof createGameSchema>;
export type JoinGame = z.infer<typeof joinGameSchema>;
export type ChooseFirstPlayer = z.infer<typeof chooseFirstPlayerSchema>;
export type Concede = z.infer<typeof concedeSchema>;
export type DeadlineReached = z.infer<typeof deadlineReachedSchema>;
export type AdoptRules = z.infer<typeof adoptRulesSchema>;
/** Ruleset commands are `{ type, ...fields }`, validated by the ruleset's own schema. */
export type RulesCommand = { readonly type: string } & Record<string, unknown>;
export type GameCommand = CreateGame | JoinGame | ChooseFirstPlayer | Concede | DeadlineReached | AdoptRules | RulesCommand;

/** The lifecycle commands every ruleset accepts at /commands, with the rule that governs each. */
export const matchCommands = (ruleset: Pick<AnyRuleset, 'firstPlayerRule'>) =>
  [
    { type: 'ChooseFirstPlayer', summary: 'The roll-off winner names the seat that takes the first turn.', rule: ruleset.firstPlayerRule },
    { type: 'Concede', summary: 'Leave the match; the opponent wins.', rule: 'MATCH' },
    {
      type: 'AdoptRules',
      summary: "The organiser moves a game started under older rules to this server's rules version, from the current position.",
      rule: 'MATCH',
    },
  ] as const;

/** The lifecycle commands' schemas by type, for checks that need the exact shape of each. */
export const matchCommandSchemas: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ['JoinGame', joinGameSchema],
  ['ChooseFirstPlayer', chooseFirstPlayerSchema],
  ['Concede', concedeSchema],
  ['DeadlineReached', deadlineReachedSchema],
  ['AdoptRules', adoptRulesSchema],
]);
