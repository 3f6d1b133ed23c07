/**
 * The HTTP API's request and response schemas (zod): requests are validated with them,
 * and `/openapi.json` is generated from them, so the document cannot drift from the code.
 */
import * as z from 'zod';
import { absenceSchema, isoDurationSchema, remindersSchema, seedContributionSchema } from '../../domain/match/commands.ts';
import { MAX_WAIT_SECONDS } from '../app/waiting.ts';

const commandId = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'a command id is 8 to 128 letters, digits or _ . : -')
    .describe('Your unique id for this command; a retry with the same id and body is answered from the first result.'),
);

export const registerPlayerBody = /* @__PURE__ */ z.lazy(() =>
  z.object({ name: z.string().trim().min(1).max(64).describe('How other players see you.') }).strict(),
);

/** API-7: a rename takes the same name rules as registering. */
export const renamePlayerBody = registerPlayerBody;

export const createGameBody = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      ruleset: z.string().describe('A ruleset id from GET /rulesets, e.g. post-galactica.'),
      seat: z.string().optional().describe('Take this seat at once.'),
      seedContribution: seedContributionSchema.optional().describe('Hex mixed into the dice seed before the first roll.'),
      options: z
        .object({
          firstPlayer: z.string().optional().describe('"roll-off" (default) or the seat a mission names to go first.'),
          deadlines: z
            .object({
              default: isoDurationSchema.optional().describe('ISO 8601 duration for every phase, e.g. PT48H.'),
              phases: z
                .record(z.string(), isoDurationSchema)
                .optional()
                .describe("ISO 8601 duration per phase name; choose-first-player is the roll-off winner's choice."),
            })
            .strict()
            .optional(),
          rules: z.record(z.string(), z.unknown()).optional().describe("The ruleset's own options (datasheets, mission)."),
          openFor: isoDurationSchema
            .optional()
            .describe('PBM-10: how long the game waits for its seats before it expires, e.g. P3D; P7D if omitted.'),
          absence: absenceSchema.optional().describe('PBM-11: how many deadlines in a row one seat may miss before it forfeits.'),
          reminders: remindersSchema
            .optional()
            .describe('PBM-7: ISO 8601 durations before each deadline when the seats still to act are reminded, e.g. ["PT24H", "PT1H"].'),
          visibility: z
            .enum(['public', 'private'])
            .optional()
            .describe(
              'API-8: "public" (default) lets anyone read the game and lists it in the lobby; "private" shows it only to its players and organiser, and joining takes the invite code.',
            ),
        })
        .strict()
        .optional(),
      commandId: commandId.optional(),
    })
    .strict(),
);

export const joinGameBody = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      seat: z.string().optional().describe('The seat to take; the first free one if omitted.'),
      seedContribution: seedContributionSchema.optional(),
      inviteCode: z.string().max(128).optional().describe('API-8: the invite code of a private game, from its creation answer.'),
      commandId: commandId.optional(),
    })
    .strict(),
);

export const commandBody = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      commandId,
      expectedVersion: z.number().int().min(0).optional().describe('Refuse with 409 unless the game is at this version.'),
      command: z.looseObject({ type: z.string().describe('The command type; see GET /rulesets/{id}.') }),
    })
    .strict(),
);

const wait = (what: string) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(0)
    .describe(`Seconds (0 to ${MAX_WAIT_SECONDS}) to wait for ${what} before answering; 0 answers at once.`);

export const eventsQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    after: z.coerce.number().int().min(0).default(0).describe('Return events with seq greater than this.'),
    limit: z.coerce.number().int().min(1).max(500).default(100).describe('At most this many events (1 to 500; 100 if omitted).'),
    wait: wait('an event after `after` when there is none yet; with nothing new the page is empty'),
  }),
);

export const gameQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    minVersion: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .describe('The version your last command returned: the answer is never older than it (read your own writes).'),
  }),
);

export const stateQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    at: z.coerce.number().int().min(1).describe('The event number to show the state after (1 is the first event).'),
  }),
);

export const inboxQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    awaiting: z.enum(['true', 'false']).optional().describe('true: only games waiting on you.'),
    after: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Skip this many games: pass the `next` of the previous page.'),
    limit: z.coerce.number().int().min(1).max(100).default(50).describe('At most this many games (1 to 100; 50 if omitted).'),
    wait: wait(
      'a page that differs from the one If-None-Match names (then 304 if it never does); without If-None-Match and with awaiting=true, for a game that awaits you',
    ),
  }),
);

export const lobbyQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    ruleset: z.string().max(64).optional().describe('Only games of this ruleset, e.g. post-galactica.'),
    after: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Skip this many games: pass the `next` of the previous page.'),
    limit: z.coerce.number().int().min(1).max(100).default(50).describe('At most this many games (1 to 100; 50 if omitted).'),
  }),
);

export const lobbyResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    next: z.number().int().nullable().describe('Pass as `after` for the next page; null on the last page.'),
    games: z.array(
      z.object({
        gameId: z.string(),
        ruleset: z.string(),
        seatsFree: z.number().int().describe('Seats no player has taken yet.'),
        createdAt: z.string(),
      }),
    ),
  }),
);

export const envelopeSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      gameId: z.string(),
      seq: z.number().int(),
      type: z.string(),
      v: z.number().int(),
      data: z.unknown(),
      at: z.string(),
      actor: z.string(),
      commandId: z.string(),
      rulesVersion: z.string(),
      prevHash: z.string(),
      hash: z.string(),
      command: z.unknown().optional(),
      visibleTo: z.string().optional(),
    })
    .describe('One event of the log; sealed events of other seats show as type "Sealed" with data null.'),
);

export const commandResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    gameId: z.string(),
    version: z.number().int(),
    replayed: z.boolean(),
    events: z.array(envelopeSchema),
    inviteCode: z
      .string()
      .optional()
      .describe('API-8: only when a private game is created; POST /games/{id}/join needs it. Pass it to the players you invite.'),
  }),
);

export const playerResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    playerId: z.string(),
    name: z.string(),
    apiKey: z.string().describe('Shown once; send it as "Authorization: Bearer <apiKey>". Only its hash is stored.'),
  }),
);

export const profileResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    playerId: z.string(),
    name: z.string(),
    createdAt: z.string().nullable().describe('When you registered.'),
  }),
);

export const publicProfileResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({ playerId: z.string(), name: z.string() }).describe('What anyone may know of a player.'),
);

const proposalSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    by: z.string().describe('The seat that proposed it.'),
    phaseKey: z.string(),
    agreed: z.array(z.string()).describe('The seats that agree, the proposer first.'),
  }),
);

export const gameViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    gameId: z.string(),
    ruleset: z.string(),
    rulesVersion: z.string(),
    status: z.enum(['lobby', 'choosing', 'playing', 'ended']),
    version: z.number().int(),
    you: z.string().nullable().describe('Your seat; null for a spectator.'),
    seats: z.array(
      z.object({
        name: z.string(),
        playerId: z.string().nullable(),
        playerName: z
          .string()
          .nullable()
          .optional()
          .describe("API-7: the seated player's name as it is now (GET /games/{id}); null for an empty seat."),
      }),
    ),
    awaiting: z.array(z.string()),
    step: z
      .object({ key: z.string(), phase: z.string(), openedAt: z.string(), deadline: z.string().nullable() })
      .nullable()
      .describe('The step the game waits in and its deadline.'),
    missed: z.record(z.string(), z.number().int()).optional().describe('PBM-11: deadlines each seat has missed in a row.'),
    paused: z
      .object({ by: z.enum(['organiser', 'seats']), phaseKey: z.string(), remainingMs: z.number().nullable() })
      .optional()
      .describe('PBM-12, PBM-13: only while the game is paused.'),
    drawOffer: proposalSchema.optional().describe('PBM-13: only while a draw offer is open.'),
    pauseRequest: proposalSchema.optional().describe('PBM-13: only while a request for a pause is open.'),
    options: z.unknown(),
    seedCommitment: z.string(),
    rollOff: z.unknown(),
    firstSeat: z.string().nullable(),
    result: z.object({ winner: z.string().nullable(), reason: z.string() }).nullable(),
    seed: z.string().nullable().describe('The dice seed, once the game has ended.'),
    createdAt: z.string(),
    updatedAt: z.string(),
    game: z.unknown(),
  }),
);

export const stateResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    at: z.number().int().describe('The event the state is folded to.'),
    state: gameViewSchema,
  }),
);

const commandDocSchema = /* @__PURE__ */ z.lazy(() => z.looseObject({ type: z.string(), summary: z.string(), rule: z.string() }));

export const rulesetSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    rulesVersion: z.string(),
    summary: z.string(),
    seats: z.array(z.string()),
    phases: z.array(z.string()),
    commands: z.array(commandDocSchema),
  }),
);

export const rulesetListResponse = /* @__PURE__ */ z.lazy(() => z.object({ rulesets: z.array(rulesetSummarySchema) }));

export const rulesetResponse = /* @__PURE__ */ z.lazy(() =>
  rulesetSummarySchema.unwrap().extend({
    commands: z
      .array(
        commandDocSchema.unwrap().extend({
          schema: z
            .record(z.string(), z.unknown())
            .describe('JSON Schema of this command; its `type` property is the command type as a const.'),
        }),
      )
      .describe('Every command a game of this ruleset accepts at POST /games/{id}/commands (API-3), with its own schema.'),
    optionsSchema: z.unknown().describe("JSON Schema of the ruleset's options (options.rules of POST /games)."),
    commandSchema: z.unknown().describe("JSON Schema of the ruleset's own commands."),
  }),
);

export const eventsResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    events: z.array(envelopeSchema),
    next: z.number().int().nullable().describe('Pass as `after` for the next page; null at the end of the log.'),
  }),
);

export const inboxResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    next: z.number().int().nullable().describe('Pass as `after` for the next page; null on the last page.'),
    games: z.array(
      z.object({
        gameId: z.string(),
        ruleset: z.string(),
        status: z.string(),
        seat: z.string(),
        awaiting: z.boolean(),
        deadline: z.string().nullable(),
        version: z.number().int(),
        updatedAt: z.string(),
      }),
    ),
  }),
);

export const fieldErrorSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    pointer: z.string().describe('JSON Pointer (RFC 6901) to the field, e.g. /command/units/0/x; empty for the whole body.'),
    detail: z.string().describe('What is wrong with it.'),
  }),
);

export const problemSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .looseObject({
      type: z.string().describe('https://arbiter.dev/problems/<slug>: a stable identifier of the kind of problem.'),
      title: z.string(),
      status: z.number().int(),
      detail: z.string().describe('A sentence a person understands.'),
      rule: z.string().optional().describe('The rule point enforced, e.g. PG-9.'),
      code: z.string().optional().describe('A stable code for the rule violation, e.g. NOT_YOUR_TURN.'),
      errors: z.array(fieldErrorSchema).optional().describe('Each field that does not match the schema.'),
    })
    .describe('RFC 9457 problem details.'),
);
