/** The fields the lifecycle commands share and carry; command-table.ts declares each command once. */

import { isWithinMaxDuration, MAX_DURATION, MAX_DURATION_DAYS, parseDuration } from '../kernel/duration.ts';
import * as z from '../kernel/zod.ts';
import { FORK_KINDS, TAKEBACK_POLICIES } from './events.ts';
import { MAX_REASON } from './takeback-fairness.ts';

export const seedContributionSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[0-9a-f]{16,128}$/, 'a seed contribution is 16 to 128 lowercase hex digits')),
);

/**
 * INV-1, INV-6: the longest text each lifecycle field takes, stated in its schema, so the
 * HTTP parser, the OpenAPI document and the decider (command-table.ts) bound it alike. Far
 * over what real play needs: a seat, a ruleset or a phase is a name a ruleset declares, a
 * step key a short label the game derives, a game id 22 characters.
 */
export const MAX_NAME = 64;
export const MAX_STEP_KEY = 128;
export const MAX_GAME_ID = 64;
/** The longest ISO 8601 duration text (`P365D` is five characters, `PT8760H0M0.000S` fifteen); longer text is refused as too long. */
export const MAX_DURATION_TEXT = 64;

/** A name a ruleset declares (a seat, a ruleset id, a phase), 1 to `MAX_NAME` characters. */
const nameSchema = () => z.string().check(z.minLength(1), z.maxLength(MAX_NAME));

/** REL-18: the sentence a duration over the bound is refused with. */
export const TOO_LONG = `a duration is at most ${MAX_DURATION} (${MAX_DURATION_DAYS} days)`;

export const isoDurationSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(
    // Checked first, and alone: text that long is no duration to parse.
    z.maxLength(MAX_DURATION_TEXT, { error: TOO_LONG, abort: true }),
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
        z.maxLength(MAX_DURATION_TEXT, { error: TOO_LONG, abort: true }),
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

/** CLUB-1, CLUB-6: the club a game is created in, and whether its ladder rates it (said at creation, never afterwards). */
export const clubOptionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    clubId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('A club you are a member of.')),
    rated: z
      .optional(z.boolean())
      .check(z.describe("CLUB-6: the club's ladder for this ruleset rates the game when it ends (default false); said now or never.")),
  }),
);

/**
 * The fields of the lifecycle commands that have any, without their `type`: the one
 * declaration of each command (command-table.ts) adds its type, and the decisions take
 * these (lobby.ts, start.ts, stalls.ts, organiser.ts) without importing the table they are part of.
 * CreateGame's are also POST /games' body, which adds only the request's id: they carry the
 * sentences the OpenAPI document shows.
 */
export const createGameFields = () => ({
  ruleset: nameSchema().check(z.describe('A ruleset id from GET /rulesets, e.g. post-galactica.')),
  seat: z.optional(nameSchema()).check(z.describe('Take this seat at once.')),
  seedContribution: z.optional(seedContributionSchema).check(z.describe('Hex mixed into the dice seed before the first roll.')),
  options: z
    .optional(
      z.strictObject({
        firstPlayer: z.optional(nameSchema()).check(z.describe('"roll-off" (default) or the seat a mission names to go first.')),
        deadlines: z
          .optional(
            z.strictObject({
              default: z
                .optional(isoDurationSchema)
                .check(z.describe(`ISO 8601 duration for every phase, e.g. PT48H; at most ${MAX_DURATION}.`)),
              phases: z
                .optional(z.record(nameSchema(), isoDurationSchema))
                .check(
                  z.describe(
                    `ISO 8601 duration per phase name, each at most ${MAX_DURATION}; choose-first-player is the roll-off winner's choice.`,
                  ),
                ),
            }),
          )
          .check(z.describe('How long each phase waits for its seats; none by default, so a phase waits as long as they take.')),
        rules: z
          .optional(z.record(z.string().check(z.maxLength(MAX_NAME)), z.unknown()))
          .check(z.describe("The ruleset's own options (datasheets, mission).")),
        openFor: z
          .optional(isoDurationSchema)
          .check(
            z.describe(
              `PBM-10: how long the game waits for its seats before it expires, e.g. P3D; P7D if omitted; at most ${MAX_DURATION}.`,
            ),
          ),
        absence: z.optional(absenceSchema).check(z.describe('PBM-11: how many deadlines in a row one seat may miss before it forfeits.')),
        reminders: z
          .optional(remindersSchema)
          .check(
            z.describe(
              `PBM-7: ISO 8601 durations before each deadline when the seats still to act are reminded, e.g. ["PT24H", "PT1H"]; each at most ${MAX_DURATION}.`,
            ),
          ),
        visibility: z
          .optional(z.enum(['public', 'private']))
          .check(
            z.describe(
              'API-8: "public" (default) lets anyone read the game and lists it in the lobby; "private" shows it only to its players and organiser, and joining takes the invite code.',
            ),
          ),
        rulesVersion: z
          .optional(z.enum(['latest', 'pinned']))
          .check(
            z.describe(
              'RUL-10: "latest" (default) moves the game to newer rules versions of its ruleset as the server gains them (PBM-14); "pinned" keeps the version it is created under, the newest, until its organiser adopts another with AdoptRules.',
            ),
          ),
        takebacks: z
          .optional(z.enum(TAKEBACK_POLICIES))
          .check(
            z.describe(
              'TB-4: "agreed" (default) lets a seat take back its own latest commands (TakeBack) while nothing of them is known to anyone else (TB-1), and propose taking the game back further (ProposeTakeback), which every other seat must accept (TB-2); "own" allows only the first; "none" allows no takeback by the seats, as in a tournament. The organiser\'s correction (CorrectGame, TB-3) is allowed under every policy.',
            ),
          ),
        club: z.optional(clubOptionSchema).check(z.describe('CLUB-1: create the game in a club you are a member of; the club lists it.')),
      }),
    )
    .check(
      z.describe("How the game is played: deadlines, who goes first, who may see it, takebacks, its club, and the ruleset's own options."),
    ),
});
export const joinGameFields = () => ({
  seat: z.optional(nameSchema()).check(z.describe('The seat to take; the first free one if omitted.')),
  seedContribution: z.optional(seedContributionSchema).check(z.describe('Hex mixed into the dice seed before the first roll.')),
});
export const chooseFirstPlayerFields = () => ({ seat: nameSchema().check(z.describe('The seat that takes the first turn.')) });
export const deadlineReachedFields = () => ({
  phaseKey: z.string().check(z.minLength(1), z.maxLength(MAX_STEP_KEY), z.describe('The key of the step whose deadline passed.')),
});
export const extendDeadlineFields = () => ({
  by: isoDurationSchema.check(
    z.describe(
      `How much later the current deadline passes, e.g. PT24H; at most ${MAX_DURATION}, and to no more than ${MAX_DURATION_DAYS} days from now.`,
    ),
  ),
});

/** TB-1: how far back, and why; without `toVersion`, back to before the seat's latest command. */
export const takeBackFields = () => ({
  toVersion: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.gte(0),
        z.describe(
          'The version to go back to: the end of one of your own commands since the last point something became known to anyone else. Default: before your latest command.',
        ),
      ),
  ),
  reason: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_REASON), z.describe('Why, in a sentence; kept in the log.'))),
});

/** TB-2, TB-3: the version a far takeback goes back to. */
const farVersion = (what: string) => z.number().check(z.int(), z.gte(1), z.describe(what));

/** TB-2: how far back, and why. */
export const proposeTakebackFields = () => ({
  toVersion: farVersion(
    'The version to take the game back to: any version since play began, before the current one. Every other seat must accept.',
  ),
  reason: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_REASON), z.describe('Why, in a sentence; kept in the log.'))),
});

/** TB-3: how far back, and the ruling's reason, which is required. */
export const correctGameFields = () => ({
  toVersion: farVersion('The version to take the game back to: any version since play began, before the current one.'),
  reason: z
    .string()
    .check(z.minLength(1), z.maxLength(MAX_REASON), z.describe('The ruling, in a sentence; kept in the log and shown to every seat.')),
});

/** TB-6: the origin's version a fork starts from. */
const forkVersionField = () =>
  z
    .number()
    .check(
      z.int(),
      z.gte(1),
      z.describe('The version (event seq) of the origin game whose state the fork starts from; the game must be in play there.'),
    );

export const proposeForkFields = () => ({ version: forkVersionField() });
export const forkGameFields = () => ({
  from: z.strictObject({
    gameId: z.string().check(z.minLength(1), z.maxLength(MAX_GAME_ID), z.describe('The game the fork starts from.')),
    version: forkVersionField(),
  }),
  kind: z.enum(FORK_KINDS),
});

type Fields<F extends () => z.core.$ZodLooseShape> = z.infer<z.ZodMiniObject<ReturnType<F>>>;
export type CreateGame = Fields<typeof createGameFields>;
export type JoinGame = Fields<typeof joinGameFields>;
export type ChooseFirstPlayer = Fields<typeof chooseFirstPlayerFields>;
export type DeadlineReached = Fields<typeof deadlineReachedFields>;
export type ExtendDeadline = Fields<typeof extendDeadlineFields>;
export type TakeBack = Fields<typeof takeBackFields>;
export type ProposeTakeback = Fields<typeof proposeTakebackFields>;
export type CorrectGame = Fields<typeof correctGameFields>;
export type ProposeFork = Fields<typeof proposeForkFields>;
export type ForkGame = Fields<typeof forkGameFields>;

/** Ruleset commands are `{ type, ...fields }`, validated by the game's ruleset's own schema when played. */
export type RulesCommand = { readonly type: string } & Record<string, unknown>;

/** A command as a log records it (`unknown` until read): an object with a string `type`, else null. */
export const asGameCommand = (value: unknown): RulesCommand | null =>
  typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' ? { ...value, type: value.type } : null;
