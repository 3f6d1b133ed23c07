/** The commands of the match lifecycle, as zod schemas and types, and the ones published per ruleset. */

import { isWithinMaxDuration, MAX_DURATION, MAX_DURATION_DAYS, parseDuration } from '../kernel/duration.ts';
import type { AnyRuleset } from '../kernel/ruleset.ts';
import * as z from '../kernel/zod.ts';

/** A command that is only its type: Concede, AdoptRules, and the organiser's controls and the seats' agreements (PBM-12, PBM-13). */
const bare = <T extends string>(type: T) => z.lazy(() => z.object({ type: z.literal(type) }));

export const seedContributionSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[0-9a-f]{16,128}$/, 'a seed contribution is 16 to 128 lowercase hex digits')),
);

/** REL-18: the sentence a duration over the bound is refused with. */
export const TOO_LONG = `a duration is at most ${MAX_DURATION} (${MAX_DURATION_DAYS} days)`;

export const isoDurationSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(
    z.refine((text) => (parseDuration(text) ?? 0) >= 1000, 'a deadline is an ISO 8601 duration of at least one second, e.g. PT48H'),
    z.refine(isWithinMaxDuration, TOO_LONG),
  ),
);

/** PBM-11: one more missed deadline in a row than `maxMissed` and the seat forfeits. */
export const absenceSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    maxMissed: z
      .number()
      .check(z.int(), z.gte(0), z.lte(100), z.describe('Consecutive deadlines one seat may miss; one more and it forfeits (PBM-11).')),
  }),
);

/** PBM-7: at most this many reminders before each deadline. */
export const MAX_REMINDERS = 4;

/** PBM-7: how long before each deadline the seats still to act are reminded, e.g. `["PT24H", "PT1H"]`. */
export const remindersSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .array(
      z.string().check(
        z.refine(
          (text) => (parseDuration(text) ?? 0) >= 1000,
          'a reminder is an ISO 8601 duration of at least one second before the deadline, e.g. PT1H',
        ),
        z.refine(isWithinMaxDuration, TOO_LONG),
      ),
    )
    .check(
      z.minLength(1),
      z.maxLength(MAX_REMINDERS),
      z.refine((list) => new Set(list).size === list.length, 'each reminder may be given once'),
    ),
);

export const createGameSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('CreateGame'),
    ruleset: z.string(),
    options: z.optional(
      z.strictObject({
        firstPlayer: z.optional(z.string()),
        deadlines: z.optional(
          z.strictObject({
            default: z.optional(isoDurationSchema),
            phases: z.optional(z.record(z.string(), isoDurationSchema)),
          }),
        ),
        rules: z.optional(z.unknown()),
        openFor: z.optional(isoDurationSchema),
        absence: z.optional(absenceSchema),
        reminders: z.optional(remindersSchema),
        visibility: z.optional(z.enum(['public', 'private'])),
      }),
    ),
    seat: z.optional(z.string()),
    seedContribution: z.optional(seedContributionSchema),
  }),
);
export const joinGameSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('JoinGame'),
    seat: z.optional(z.string()),
    seedContribution: z.optional(seedContributionSchema),
  }),
);
export const chooseFirstPlayerSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('ChooseFirstPlayer'), seat: z.string() }));
export const concedeSchema = /* @__PURE__ */ bare('Concede');
/** The system command the phase timer gives when a step's deadline passes. */
export const deadlineReachedSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('DeadlineReached'), phaseKey: z.string() }));
/**
 * PBM-14: go on under the rules version this server implements. Given by the organiser when
 * the game's log does not decide the same under them, or by the server itself when it does.
 */
export const adoptRulesSchema = /* @__PURE__ */ bare('AdoptRules');

/** PBM-12: the organiser moves the current step's deadline later. */
export const extendDeadlineSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('ExtendDeadline'),
    by: isoDurationSchema.check(
      z.describe(
        `How much later the current deadline passes, e.g. PT24H; at most ${MAX_DURATION}, and to no more than ${MAX_DURATION_DAYS} days from now.`,
      ),
    ),
  }),
);
export const pauseGameSchema = /* @__PURE__ */ bare('PauseGame');
export const resumeGameSchema = /* @__PURE__ */ bare('ResumeGame');
export const offerDrawSchema = /* @__PURE__ */ bare('OfferDraw');
export const acceptDrawSchema = /* @__PURE__ */ bare('AcceptDraw');
export const declineDrawSchema = /* @__PURE__ */ bare('DeclineDraw');
export const requestPauseSchema = /* @__PURE__ */ bare('RequestPause');
export const agreePauseSchema = /* @__PURE__ */ bare('AgreePause');
export const declinePauseSchema = /* @__PURE__ */ bare('DeclinePause');

export type CreateGame = z.infer<typeof createGameSchema>;
export type JoinGame = z.infer<typeof joinGameSchema>;
export type ChooseFirstPlayer = z.infer<typeof chooseFirstPlayerSchema>;
export type Concede = z.infer<typeof concedeSchema>;
export type DeadlineReached = z.infer<typeof deadlineReachedSchema>;
export type AdoptRules = z.infer<typeof adoptRulesSchema>;
export type ExtendDeadline = z.infer<typeof extendDeadlineSchema>;
type Bare<T extends string> = { readonly type: T };

/** Every command of the match lifecycle, by `type` (RUL-4). */
export type MatchCommand =
  | CreateGame
  | JoinGame
  | ChooseFirstPlayer
  | Concede
  | DeadlineReached
  | AdoptRules
  | ExtendDeadline
  | Bare<'PauseGame'>
  | Bare<'ResumeGame'>
  | Bare<'OfferDraw'>
  | Bare<'AcceptDraw'>
  | Bare<'DeclineDraw'>
  | Bare<'RequestPause'>
  | Bare<'AgreePause'>
  | Bare<'DeclinePause'>;

/** Ruleset commands are `{ type, ...fields }`, validated by the game's ruleset's own schema when played. */
export type RulesCommand = { readonly type: string } & Record<string, unknown>;
export type GameCommand = MatchCommand | RulesCommand;

/** Each lifecycle command type once: a type missing here, or one no command has, does not compile. */
const MATCH_COMMAND_TYPES: Readonly<Record<MatchCommand['type'], true>> = {
  CreateGame: true,
  JoinGame: true,
  ChooseFirstPlayer: true,
  Concede: true,
  DeadlineReached: true,
  AdoptRules: true,
  ExtendDeadline: true,
  PauseGame: true,
  ResumeGame: true,
  OfferDraw: true,
  AcceptDraw: true,
  DeclineDraw: true,
  RequestPause: true,
  AgreePause: true,
  DeclinePause: true,
};

/**
 * A lifecycle command, told apart by its `type` alone: a ruleset's command types never
 * shadow these. Fields are checked where the command arrives (its route's schema and the
 * strictness check) and again by each decision for what its rule needs.
 */
export const isMatchCommand = (command: GameCommand): command is MatchCommand => Object.hasOwn(MATCH_COMMAND_TYPES, command.type);

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
    { type: 'ExtendDeadline', summary: "The organiser moves the current step's deadline later by an ISO 8601 duration.", rule: 'PBM-12' },
    { type: 'PauseGame', summary: 'The organiser pauses the match; the time left of the deadline is kept.', rule: 'PBM-12' },
    {
      type: 'ResumeGame',
      summary:
        "Play goes on, the deadline re-armed with the time that was left: the organiser's pause by the organiser, an agreed one by any seat or the organiser.",
      rule: 'PBM-12',
    },
    { type: 'OfferDraw', summary: 'Offer a draw; it lapses at the end of the phase.', rule: 'PBM-13' },
    { type: 'AcceptDraw', summary: 'Accept the draw offered; when every seat has, the game ends drawn.', rule: 'PBM-13' },
    { type: 'DeclineDraw', summary: 'Decline (or, as its proposer, withdraw) the draw offered.', rule: 'PBM-13' },
    { type: 'RequestPause', summary: 'Ask for a pause; it lapses at the end of the phase.', rule: 'PBM-13' },
    { type: 'AgreePause', summary: 'Agree to the pause asked for; when every seat has, the game pauses.', rule: 'PBM-13' },
    { type: 'DeclinePause', summary: 'Decline (or, as its proposer, withdraw) the pause asked for.', rule: 'PBM-13' },
  ] as const;

/** The lifecycle commands' schemas by type, for checks that need the exact shape of each. */
export const matchCommandSchemas: ReadonlyMap<string, z.ZodMiniType> = new Map<string, z.ZodMiniType>([
  ['JoinGame', joinGameSchema],
  ['ChooseFirstPlayer', chooseFirstPlayerSchema],
  ['Concede', concedeSchema],
  ['DeadlineReached', deadlineReachedSchema],
  ['AdoptRules', adoptRulesSchema],
  ['ExtendDeadline', extendDeadlineSchema],
  ['PauseGame', pauseGameSchema],
  ['ResumeGame', resumeGameSchema],
  ['OfferDraw', offerDrawSchema],
  ['AcceptDraw', acceptDrawSchema],
  ['DeclineDraw', declineDrawSchema],
  ['RequestPause', requestPauseSchema],
  ['AgreePause', agreePauseSchema],
  ['DeclinePause', declinePauseSchema],
]);

/** A command as a log records it (`unknown` until read): a `GameCommand` when it is an object with a string `type`, else null. */
export const asGameCommand = (value: unknown): GameCommand | null =>
  typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' ? { ...value, type: value.type } : null;
