/**
 * The club routes' schemas (CLUB-1, CLUB-6): requests are validated with them and their part
 * of `/openapi.json` is generated from them.
 */
import * as z from '../../../domain/kernel/zod.ts';

const requestId = () =>
  z
    .optional(
      z
        .string()
        .check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9_.:-]+$/, 'a request id is 8 to 128 letters, digits or _ . : -')),
    )
    .check(z.describe('Your id for this request: a retry with the same id and body answers the first club (200) instead of creating two.'));

export const createClubBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80), z.describe('The club\'s name, e.g. "Tuesday Night Wargamers".')),
    description: z.optional(z.string().check(z.trim(), z.maxLength(500))).check(z.describe('A sentence or two about the club.')),
    visibility: z
      .optional(z.enum(['public', 'private']))
      .check(
        z.describe(
          '"public" (default): anyone may read it and join it. "private": joining takes the invite code, and to anyone else it answers as a club that does not exist.',
        ),
      ),
    requestId: requestId(),
  }),
);

export const joinClubBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    inviteCode: z
      .optional(z.string().check(z.maxLength(128)))
      .check(
        z.describe(
          "A private club's invite code, from one of its organisers; a wrong or missing one is the 404 of a club that does not exist.",
        ),
      ),
  }),
);

export const addOrganiserBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    playerId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('A member of the club, who becomes one of its organisers.')),
  }),
);

export const ladderQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    after: z
      ._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0)
      .check(z.describe('Skip this many players: pass the `next` of the previous page.')),
    limit: z
      ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50)
      .check(z.describe('At most this many players (1 to 100; 50 if omitted).')),
  }),
);

export const ratingChangesQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    player: z.optional(z.string().check(z.maxLength(64))).check(z.describe("Only this player's changes.")),
  }),
);

const clubFields = () => ({
  clubId: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  visibility: z.enum(['public', 'private']),
  createdBy: z.string(),
  createdAt: z.string(),
  role: z.nullable(z.enum(['organiser', 'member'])).check(z.describe('Your role in the club; null when you are not a member.')),
  inviteCode: z.optional(z.string()).check(z.describe("A private club's invite code, shown to its organisers only.")),
});

export const clubSchema = /* @__PURE__ */ z.lazy(() => z.object(clubFields()));

export const memberSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    playerId: z.string(),
    name: z.nullable(z.string()),
    role: z.enum(['organiser', 'member']),
    joinedAt: z.string(),
  }),
);

export const memberListSchema = /* @__PURE__ */ z.lazy(() => z.object({ clubId: z.string(), members: z.array(memberSchema) }));

export const inviteCodeSchema = /* @__PURE__ */ z.lazy(() => z.object({ inviteCode: z.string() }));

export const clubGamesSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    clubId: z.string(),
    games: z.array(
      z.object({
        gameId: z.string(),
        ruleset: z.string(),
        rated: z.boolean().check(z.describe("CLUB-6: whether the club's ladder rates it, as said at its creation.")),
        createdBy: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
);

export const clubTournamentsSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    clubId: z.string(),
    tournaments: z.array(
      z.object({
        tournamentId: z.string().check(z.describe('GET /tournaments/{id} reads it, its rounds and standings.')),
        name: z.string(),
        format: z.string(),
        ruleset: z.string(),
        createdBy: z.string(),
        createdAt: z.string(),
        page: z.string().check(z.describe("The tournament's page on this host: pairings, standings and bracket (CLUB-7).")),
      }),
    ),
  }),
);

export const ladderSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    clubId: z.string(),
    ruleset: z.string(),
    rated: z.number().check(z.int(), z.describe('How many games the ladder has rated.')),
    players: z.array(
      z.object({
        rank: z.number().check(z.int()),
        playerId: z.string(),
        name: z.nullable(z.string()),
        rating: z.number().check(z.describe('mu - 3 sigma: the conservative OpenSkill rating the ladder ranks by.')),
        mu: z.number(),
        sigma: z.number(),
        games: z.number().check(z.int()),
        wins: z.number().check(z.int()),
        losses: z.number().check(z.int()),
        draws: z.number().check(z.int()),
      }),
    ),
    next: z.nullable(z.number().check(z.int())).check(z.describe('The `after` of the next page; null on the last.')),
  }),
);

const skill = () => z.object({ mu: z.number(), sigma: z.number() });

export const ratingChangesSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    clubId: z.string(),
    ruleset: z.string(),
    changes: z.array(
      z.object({
        n: z.number().check(z.int(), z.describe('The order the ladder rated the game in, from 1.')),
        gameId: z.string(),
        endedAt: z.string(),
        library: z.string().check(z.describe('The rating library and version that computed this change, e.g. openskill@5.0.1.')),
        players: z.array(
          z.object({
            playerId: z.string(),
            seat: z.string(),
            opponents: z.array(z.string()),
            result: z.enum(['win', 'loss', 'draw']),
            before: skill(),
            after: skill(),
          }),
        ),
      }),
    ),
  }),
);
