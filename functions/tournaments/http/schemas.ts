/**
 * CLUB-2..CLUB-5: the tournament routes' bodies and answers (docs/tournaments.md), validated
 * with zod as every route's are (API-4) and named in `/openapi.json` (components.ts).
 */
import * as z from '../../../domain/kernel/zod.ts';
import { absenceSchema, isoDurationSchema, remindersSchema } from '../../../domain/match/commands.ts';
import { TAKEBACK_POLICIES } from '../../../domain/match/events.ts';
import { MAX_PLAYERS, MAX_SWISS_ROUNDS } from '../../../domain/tournament/decide.ts';
import { commandId, envelopeSchema, receiptSchema } from '../../games/http/schemas.ts';

const FORMATS = ['swiss', 'round-robin', 'single-elimination'] as const;

export const createTournamentBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    commandId: z.optional(commandId),
    name: z.string().check(z.minLength(1), z.maxLength(100), z.describe('The name players see.')),
    format: z.enum(FORMATS).check(z.describe('How rounds are paired (CLUB-3).')),
    rounds: z
      .optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_SWISS_ROUNDS)))
      .check(z.describe('Swiss only: at most half the field (of maxPlayers at creation, of the players at the start).')),
    maxPlayers: z
      .optional(z.number().check(z.int(), z.gte(2), z.lte(MAX_PLAYERS)))
      .check(z.describe(`INV-8: the most players it takes (${MAX_PLAYERS} if omitted); a Swiss then has at most half as many rounds.`)),
    ruleset: z
      .string()
      .check(z.describe('The ruleset every game is played under, from GET /rulesets; an unknown one is refused (422, INV-8).')),
    gameOptions: z.optional(
      z.strictObject({
        rules: z
          .optional(z.unknown())
          .check(z.describe("The ruleset's options, the scenario among them: checked by the ruleset's own schema at creation (INV-8).")),
        deadlines: z.optional(
          z.strictObject({ default: z.optional(isoDurationSchema), phases: z.optional(z.record(z.string(), isoDurationSchema)) }),
        ),
        absence: z.optional(absenceSchema).check(z.describe('PBM-11: how many deadlines in a row one seat may miss before it forfeits.')),
        reminders: z.optional(remindersSchema).check(z.describe('PBM-7: durations before each deadline when the seats are reminded.')),
        takebacks: z.optional(z.enum(TAKEBACK_POLICIES)).check(z.describe('Off ("none") unless given (CLUB-3).')),
      }),
    ),
    roundDeadline: z
      .optional(isoDurationSchema)
      .check(z.describe('How long each round runs before its games still running are decided (CLUB-4).')),
    clubId: z.optional(z.string()).check(z.describe('The club the tournament belongs to (CLUB-1).')),
  }),
);

const tournamentCommand = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('JoinTournament') }),
    z.strictObject({ type: z.literal('WithdrawFromTournament') }),
    z.strictObject({ type: z.literal('StartTournament') }),
    z.strictObject({
      type: z.literal('ChangeRounds'),
      rounds: z
        .number()
        .check(
          z.int(),
          z.gte(1),
          z.lte(MAX_SWISS_ROUNDS),
          z.describe("INV-8: a Swiss tournament's new number of rounds, before its start."),
        ),
    }),
    z.strictObject({ type: z.literal('CancelTournament') }).check(z.describe('INV-8: the organiser cancels it before its start.')),
    z.strictObject({
      type: z.literal('DecideGame'),
      gameId: z.string(),
      winner: z.nullable(z.enum(['red', 'blue'])).check(z.describe('The winning seat, or null for a draw.')),
    }),
  ]),
);

export const tournamentCommandBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    commandId,
    expectedVersion: z
      .optional(z.number().check(z.int(), z.gte(0)))
      .check(z.describe('Refuse with 409 unless the tournament is at this version.')),
    command: tournamentCommand,
  }),
);

export const tournamentCommandResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tournamentId: z.string(),
    version: z.number().check(z.int()),
    replayed: z.boolean(),
    events: z.array(envelopeSchema),
    receipt: z
      .optional(receiptSchema)
      .check(
        z.describe(
          'TRUST-2: the signed receipt of the events the command recorded (gameId is the tournament id); a retry gets the same one.',
        ),
      ),
  }),
);

const pairingSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ table: z.number().check(z.int()), red: z.string(), blue: z.string(), gameId: z.string() }),
);

export const roundsResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tournamentId: z.string(),
    rounds: z.array(
      z.object({
        round: z.number().check(z.int()),
        pairings: z.array(pairingSchema),
        bye: z.nullable(z.string()),
        deadline: z.nullable(z.string()),
        results: z.array(
          z.object({
            round: z.number().check(z.int()),
            table: z.number().check(z.int()),
            gameId: z.string(),
            winner: z.nullable(z.enum(['red', 'blue'])),
            by: z.enum(['game', 'organiser', 'default']),
          }),
        ),
        ended: z.boolean(),
      }),
    ),
  }),
);

export const tournamentResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tournamentId: z.string(),
    version: z.number().check(z.int()),
    status: z.enum(['open', 'running', 'ended', 'cancelled']),
    name: z.string(),
    organiser: z.string(),
    clubId: z.nullable(z.string()),
    format: z.enum(FORMATS),
    ruleset: z.string(),
    rounds: z.nullable(z.number().check(z.int())),
    maxPlayers: z.number().check(z.int(), z.describe('The most players it takes (INV-8).')),
    round: z.number().check(z.int(), z.describe('The round being played; 0 before the start.')),
    players: z.array(z.string()),
    withdrawn: z.array(z.string()),
    names: z.record(z.string(), z.string()).check(z.describe('The name of the organiser and of each player, by player id.')),
    seedCommitment: z.string(),
    seed: z.nullable(z.string()).check(z.describe('Revealed when the tournament ends.')),
    pairing: z.object({ name: z.string(), version: z.string() }),
  }),
);

export const standingsResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tournamentId: z.string(),
    final: z
      .boolean()
      .check(
        z.describe(
          'True once the tournament has ended. Before, the standings are provisional: ties that head-to-head leaves are broken without the secret seed.',
        ),
      ),
    tieBreaks: z
      .array(z.enum(['points', 'buchholz', 'headToHead', 'seed']))
      .check(
        z.describe(
          "INV-10: the order the rows are ranked in: points, then Buchholz, then head-to-head among the players still tied, then the seed's key (lower first).",
        ),
      ),
    rows: z.array(
      z.object({
        rank: z.number().check(z.int()),
        playerId: z.string(),
        name: z.nullable(z.string()).check(z.describe("The player's name (INV-10); null for a player who has none.")),
        points: z.number(),
        buchholz: z.number(),
        headToHead: z.number(),
        wins: z.number().check(z.int()),
        draws: z.number().check(z.int()),
        losses: z.number().check(z.int()),
        byes: z.number().check(z.int()),
        withdrawn: z.boolean(),
        games: z.array(z.string()).check(z.describe("The ids of the row's games, in round order: GET /games/{id}/log each.")),
      }),
    ),
  }),
);
