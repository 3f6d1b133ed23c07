/**
 * The games' request and response schemas (zod): matches, their commands, forks, the log and
 * the read model. Requests are validated with them, and `/openapi.json` is generated from them,
 * so the document cannot drift from the code. `commandId` and the envelope are the tournaments' too.
 */

import * as z from '../../../domain/kernel/zod.ts';
import { createGameFields, joinGameFields } from '../../../domain/match/commands.ts';
import { FORK_KINDS } from '../../../domain/match/events.ts';
import { MAX_WAIT_SECONDS } from '../app/waiting.ts';

export const commandId = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .check(
      z.minLength(8),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9_.:-]+$/, 'a command id is 8 to 128 letters, digits or _ . : -'),
      z.describe('Your unique id for this command; a retry with the same id and body is answered from the first result.'),
    ),
);

/** POST /games: a CreateGame's fields (domain/match/commands.ts, where they are declared once) and the request's id. */
export const createGameBody = /* @__PURE__ */ z.lazy(() => z.strictObject({ ...createGameFields(), commandId: z.optional(commandId) }));

/** POST /games/{id}/join: a JoinGame's fields (domain/match/commands.ts), the invite code and the request's id. */
export const joinGameBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...joinGameFields(),
    inviteCode: z
      .optional(z.string().check(z.maxLength(128)))
      .check(z.describe('API-8: the invite code of a private game, from its creation answer.')),
    commandId: z.optional(commandId),
  }),
);

/**
 * TRUST-6: a player's signature of a command: Ed25519 over the RFC 8785 canonical JSON of
 * `{ purpose: "arbiter-command/1", payload: { gameId, commandId, command } }`.
 */
export const commandSignature = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      kid: z.string().check(z.maxLength(64), z.describe('The id of your key that signed it (GET /players/me/signing-keys).')),
      alg: z.literal('EdDSA'),
      sig: z.string().check(z.maxLength(128), z.regex(/^[A-Za-z0-9_-]*$/), z.describe('The signature, base64url without padding.')),
    })
    .check(
      z.describe(
        'TRUST-6: Ed25519 over the RFC 8785 canonical JSON of {"purpose": "arbiter-command/1", "payload": {gameId, commandId, command}}; `arbiter sign` makes it.',
      ),
    ),
);

export const commandBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    commandId,
    expectedVersion: z
      .optional(z.number().check(z.int(), z.gte(0)))
      .check(z.describe('Refuse with 409 unless the game is at this version.')),
    command: z.looseObject({ type: z.string().check(z.describe('The command type; see GET /rulesets/{id}.')) }),
    signature: z
      .optional(commandSignature)
      .check(
        z.describe(
          "TRUST-6: your signature of the command, with a key you registered (POST /players/me/signing-keys); required once you require signatures. It is kept in the command's event.",
        ),
      ),
  }),
);

/** TABLE-3: POST /games/{id}/commands/check: a command and, optionally, the version it is meant for; no id, since nothing is recorded. */
export const checkBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    expectedVersion: z
      .optional(z.number().check(z.int(), z.gte(0)))
      .check(z.describe('Answer 409, as the command would be, unless the game is at this version.')),
    command: z.looseObject({ type: z.string().check(z.describe('The command type; see GET /rulesets/{id}.')) }),
  }),
);

const neededRoll = /* @__PURE__ */ z.lazy(() =>
  z.object({
    seq: z.number().check(z.int(), z.describe('The event that would carry the roll.')),
    purpose: z.string(),
    sides: z.number().check(z.int()),
    rule: z.optional(z.string()),
    modifiers: z.array(
      z.object({
        applies: z.optional(z.enum(['roll', 'target'])),
        value: z.number(),
        rule: z.string(),
        reason: z.string(),
      }),
    ),
    target: z.optional(z.number()),
    effectiveTarget: z.optional(z.number()),
    compare: z.optional(z.enum(['atLeast', 'atMost'])),
    needs: z
      .nullable(z.number().check(z.int()))
      .check(
        z.describe(
          "The face the die must show, modifiers counted: that face or higher (`atLeast`), or lower (`atMost`); past the die's faces it cannot succeed. Null for a roll with no target.",
        ),
      ),
    chance: z.nullable(z.number()).check(z.describe('The share of faces that succeed, 0 to 1; null for a roll with no target.')),
  }),
);

export const checkResponse = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('accepted', [
    z.object({
      gameId: z.string(),
      version: z.number().check(z.int(), z.describe('The version the command was decided on.')),
      accepted: z.literal(true),
      events: z
        .array(envelopeSchema)
        .check(
          z.describe(
            'The events it would record, as your seat would see them, up to any that reveal orders sealed from you; each roll shows the face it needs. Nothing is recorded.',
          ),
        ),
      rolls: z.array(neededRoll).check(z.describe('Every roll it would make, in order, with what each needs.')),
      withheld: z
        .number()
        .check(
          z.int(),
          z.describe(
            "Events it would record after those shown, not shown: when your orders are the last of a step's sealed orders, the command resolves the step at once, and a dry run reveals nothing another seat sealed. 0 otherwise.",
          ),
        ),
    }),
    z.object({
      gameId: z.string(),
      version: z.number().check(z.int(), z.describe('The version the command was decided on.')),
      accepted: z.literal(false),
      refusal: z
        .object({
          status: z.number().check(z.int(), z.describe('The status the command would be refused with.')),
          type: z.string(),
          title: z.string(),
          detail: z.string().check(z.describe('The sentence the command would be refused with.')),
          rule: z.optional(z.string().check(z.describe('The rule point, e.g. PG-9.'))),
          code: z.optional(z.string()),
        })
        .check(z.describe('Why the referee would refuse it.')),
    }),
  ]),
);

const wait = (what: string) =>
  z
    ._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(MAX_WAIT_SECONDS)), 0)
    .check(z.describe(`Seconds (0 to ${MAX_WAIT_SECONDS}) to wait for ${what} before answering; 0 answers at once.`));

export const eventsQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    after: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0).check(z.describe('Return events with seq greater than this.')),
    limit: z
      ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100)
      .check(z.describe('At most this many events (1 to 500; 100 if omitted).')),
    wait: wait('an event after `after` when there is none yet; with nothing new the page is empty'),
  }),
);

export const gameQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    minVersion: z
      .optional(z.coerce.number().check(z.int(), z.gte(0)))
      .check(z.describe('The version your last command returned: the answer is never older than it (read your own writes).')),
  }),
);

export const stateQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    at: z.coerce.number().check(z.int(), z.gte(1), z.describe('The event number to show the state after (1 is the first event).')),
  }),
);

/** The paging parameters of the game lists (inbox and lobby). */
const pageParams = () => ({
  after: z
    ._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0)
    .check(z.describe('Skip this many games: pass the `next` of the previous page.')),
  limit: z
    ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50)
    .check(z.describe('At most this many games (1 to 100; 50 if omitted).')),
});

export const inboxQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    awaiting: z.optional(z.enum(['true', 'false'])).check(z.describe('true: only games waiting on you.')),
    ...pageParams(),
    wait: wait(
      'a page that differs from the one If-None-Match names (then 304 if it never does); without If-None-Match and with awaiting=true, for a game that awaits you',
    ),
  }),
);

export const lobbyQuery = /* @__PURE__ */ z.lazy(() =>
  z.object({
    ruleset: z.optional(z.string().check(z.maxLength(64))).check(z.describe('Only games of this ruleset, e.g. post-galactica.')),
    ...pageParams(),
    cursor: z
      .optional(z.string().check(z.maxLength(512)))
      .check(
        z.describe(
          'Start after the games already listed: pass the `cursor` of the previous page (REL-31). Then `after` is ignored, and a page reads only what it shows, however many games the lobby holds; with `after` alone, a page also reads the games it skips.',
        ),
      ),
  }),
);

export const lobbyResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    next: z.nullable(z.number().check(z.int())).check(z.describe('Pass as `after` for the next page; null on the last page.')),
    cursor: z
      .nullable(z.string())
      .check(z.describe('Pass as `cursor` for the next page, which then costs only what it shows; null on the last page.')),
    games: z.array(
      z.object({
        gameId: z.string(),
        ruleset: z.string(),
        seatsFree: z.number().check(z.int(), z.describe('Seats no player has taken yet.')),
        createdAt: z.string(),
      }),
    ),
  }),
);

export const envelopeSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      gameId: z.string(),
      seq: z.number().check(z.int()),
      type: z.string(),
      v: z.number().check(z.int()),
      data: z.unknown(),
      at: z.string(),
      actor: z.string(),
      commandId: z.string(),
      rulesVersion: z.string(),
      prevHash: z.string(),
      hash: z.string(),
      command: z.optional(z.unknown()),
      signature: z
        .optional(commandSignature)
        .check(z.describe("TRUST-6: the player's signature of the command, on its first event, when they signed it.")),
      visibleTo: z.optional(z.string()),
    })
    .check(z.describe('One event of the log; sealed events of other seats show as type "Sealed" with data null.')),
);

const signatureFields = () => ({
  kid: z.string().check(z.describe("The key that made it: a key of GET /.well-known/arbiter-keys.json, or the certificate's key.")),
  alg: z.enum(['EdDSA', 'ES256']).check(z.describe('Ed25519 (RFC 8037) or P-256 (RFC 7518, r||s).')),
  sig: z.string().check(z.describe('The signature, base64url without padding.')),
});

/** TRUST-1: a short-lived key certified by a published key (the AWS service signs with one its KMS key certified). */
export const keyCertificateSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      kid: z.string(),
      alg: z.enum(['EdDSA', 'ES256']),
      key: z
        .object({ kty: z.enum(['OKP', 'EC']), crv: z.enum(['Ed25519', 'P-256']), x: z.string(), y: z.optional(z.string()) })
        .check(z.describe('The certified public key, as JWK.')),
      notBefore: z.string(),
      notAfter: z.string(),
      signature: z
        .object(signatureFields())
        .check(z.describe("The issuer's signature (purpose arbiter-key-certificate/1) over the certificate without `signature`.")),
    })
    .check(z.describe('TRUST-1: a short-lived key, certified by a published key for the window notBefore..notAfter.')),
);

/** TRUST-1: a signature over the RFC 8785 canonical JSON of `{ purpose, payload }`. */
export const signatureSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      ...signatureFields(),
      certificate: z
        .optional(keyCertificateSchema)
        .check(z.describe('Only when a certified short-lived key signed: its certificate, whose issuer is a published key.')),
    })
    .check(z.describe("The service's signature over the RFC 8785 canonical JSON of `{ purpose, payload }`, naming its key.")),
);

/** TRUST-2: what the service signs for each accepted command (domain/kernel/receipt.ts). */
export const receiptSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      gameId: z.string(),
      from: z.number().check(z.int(), z.describe('The first sequence number recorded.')),
      to: z.number().check(z.int(), z.describe('The last sequence number recorded.')),
      chainHead: z.string().check(z.describe("The hash of event `to`: the log's head after these events.")),
      at: z.string().check(z.describe("The events' own `at`: when the command was accepted.")),
      signature: signatureSchema,
    })
    .check(
      z.describe(
        "TRUST-2: the service's signed word that it recorded events `from`..`to` and that event `to`'s hash is `chainHead`. The signature (purpose arbiter-receipt/1) covers the receipt without `signature`; check it against GET /.well-known/arbiter-keys.json, and keep it: `arbiter verify --receipts` proves a log still holds it.",
      ),
    ),
);

/** TB-1: a run of events a takeback voided, `from` to `to` inclusive, and the takeback's own seq. */
const voidedSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({ from: z.number().check(z.int()), to: z.number().check(z.int()), by: z.number().check(z.int()) })
    .check(z.describe('TB-1: events `from` to `to` were voided by the takeback at event `by`; they stay in the log.')),
);

/** TB-6: POST /games/{id}/forks. */
export const forkBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    version: z
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.describe('The version (event seq) of this game whose state the fork starts from; the game must be in play there.'),
      ),
    kind: z
      .enum(FORK_KINDS)
      .check(
        z.describe(
          "`sandbox`: a private game at once, in which you move every seat. `continuation`: a proposal to this game's seats (the organiser's ruling on an ended game); when every seat has accepted it (AcceptFork), a new game with the same seats and fresh deadlines starts.",
        ),
      ),
    commandId: z.optional(commandId),
  }),
);

export const commandResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    gameId: z.string(),
    version: z.number().check(z.int()),
    replayed: z.boolean(),
    voided: z
      .optional(z.literal(true))
      .check(z.describe('TB-1: only on a retry of a command a takeback has since voided: its events stand in the log, void.')),
    events: z.array(envelopeSchema),
    receipt: z
      .optional(receiptSchema)
      .check(
        z.describe(
          'TRUST-2: the signed receipt of the events the command recorded; a retry gets the same one. Absent only when the command recorded no event.',
        ),
      ),
    inviteCode: z
      .optional(z.string())
      .check(z.describe('API-8: only when a private game is created; POST /games/{id}/join needs it. Pass it to the players you invite.')),
    forks: z
      .optional(z.array(z.string()))
      .check(
        z.describe(
          'TB-6: only from POST /games/{id}/forks: the ids of the forks this answer started (none while a continuation waits for its seats).',
        ),
      ),
  }),
);

const proposalSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    by: z.string().check(z.describe('The seat that proposed it.')),
    phaseKey: z.string(),
    agreed: z.array(z.string()).check(z.describe('The seats that agree, the proposer first.')),
  }),
);

const rangeSchema = /* @__PURE__ */ z.lazy(() => z.object({ from: z.number().check(z.int()), to: z.number().check(z.int()) }));

/** TB-2: an open proposal to take the game back, with exactly what it undoes. */
const takebackProposalSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    by: z.string().check(z.describe('The seat that proposed it.')),
    phaseKey: z.string(),
    agreed: z.array(z.string()).check(z.describe('The seats that accept, the proposer first.')),
    toVersion: z.number().check(z.int(), z.describe('The version the game would go back to.')),
    toHash: z.string().check(z.describe('The chain hash at that version.')),
    undoes: z.object({
      voids: z.array(rangeSchema).check(z.describe('The runs of events it would void (none a takeback voided already).')),
      commands: z.array(z.object({ seq: z.number().check(z.int()), actor: z.string(), type: z.string() })),
      rolls: z
        .array(
          z.object({
            purpose: z.string(),
            sides: z.number().check(z.int()),
            face: z.number().check(z.int()),
            draw: z.object({ seq: z.number().check(z.int()), index: z.number().check(z.int()) }),
          }),
        )
        .check(z.describe('Every roll it would discard; they stay spent, and play after it draws fresh rolls.')),
      summary: z.string().check(z.describe('The same in a sentence: "Undoes events 12 to 19: 2 commands (…); discards 3 rolls: …".')),
    }),
    reason: z.optional(z.string()),
  }),
);

export const gameViewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    gameId: z.string(),
    ruleset: z.string(),
    rulesVersion: z.string(),
    status: z.enum(['lobby', 'choosing', 'playing', 'ended']),
    version: z.number().check(z.int()),
    you: z.nullable(z.string()).check(z.describe('Your seat; null for a spectator.')),
    seats: z.array(
      z.object({
        name: z.string(),
        playerId: z.nullable(z.string()),
        playerName: z
          .optional(z.nullable(z.string()))
          .check(z.describe("API-7: the seated player's name as it is now (GET /games/{id}); null for an empty seat.")),
      }),
    ),
    awaiting: z.array(z.string()),
    step: z
      .nullable(z.object({ key: z.string(), phase: z.string(), openedAt: z.string(), deadline: z.nullable(z.string()) }))
      .check(z.describe('The step the game waits in and its deadline.')),
    missed: z
      .optional(z.record(z.string(), z.number().check(z.int())))
      .check(z.describe('PBM-11: deadlines each seat has missed in a row.')),
    paused: z
      .optional(z.object({ by: z.enum(['organiser', 'seats']), phaseKey: z.string(), remainingMs: z.nullable(z.number()) }))
      .check(z.describe('PBM-12, PBM-13: only while the game is paused.')),
    drawOffer: z.optional(proposalSchema).check(z.describe('PBM-13: only while a draw offer is open.')),
    pauseRequest: z.optional(proposalSchema).check(z.describe('PBM-13: only while a request for a pause is open.')),
    takebackProposal: z
      .optional(takebackProposalSchema)
      .check(z.describe('TB-2: only while a proposal to take the game back is open: where to, what it undoes, who accepts.')),
    correction: z
      .optional(z.object({ seq: z.number().check(z.int()), toVersion: z.number().check(z.int()), reason: z.string() }))
      .check(z.describe("TB-3: the organiser's latest correction: the takeback's seq, the version it went back to, and its reason.")),
    voided: z
      .optional(z.array(voidedSchema))
      .check(z.describe('TB-1: the runs of events takebacks voided; only once a takeback happened.')),
    fork: z
      .optional(
        z.object({
          from: z.object({ gameId: z.string(), version: z.number().check(z.int()), hash: z.string() }),
          kind: z.enum(FORK_KINDS),
        }),
      )
      .check(
        z.describe('TB-6: only in a fork: the game, version and chain hash it starts from, and whether it is a sandbox or a continuation.'),
      ),
    forkProposal: z
      .optional(
        z.object({
          by: z.nullable(z.string()).check(z.describe('The proposing seat; null for the organiser.')),
          version: z.number().check(z.int()),
          phaseKey: z.string(),
          agreed: z.array(z.string()),
        }),
      )
      .check(z.describe('TB-6: only while a continuation is proposed.')),
    forks: z
      .optional(z.array(z.object({ version: z.number().check(z.int()), forkId: z.string(), seq: z.number().check(z.int()) })))
      .check(z.describe('TB-6: the continuations agreed on this game and the games they started.')),
    options: z.unknown(),
    seedCommitment: z.string(),
    rollOff: z.unknown(),
    firstSeat: z.nullable(z.string()),
    result: z.nullable(z.object({ winner: z.nullable(z.string()), reason: z.string() })),
    seed: z.nullable(z.string()).check(z.describe('The dice seed, once the game has ended.')),
    createdAt: z.string(),
    updatedAt: z.string(),
    game: z.unknown(),
  }),
);

export const stateResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    at: z.number().check(z.int(), z.describe('The event the state is folded to.')),
    state: gameViewSchema,
    voided: z
      .optional(voidedSchema)
      .check(z.describe('INV-5: only when a takeback voided event `at`: the run it voided and the takeback (`by`) that did.')),
  }),
);

export const eventsResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    events: z.array(envelopeSchema),
    voided: z
      .optional(z.array(voidedSchema))
      .check(z.describe("TB-1: the runs of this page's events that a takeback voided; only when there are any.")),
    next: z.nullable(z.number().check(z.int())).check(z.describe('Pass as `after` for the next page; null at the end of the log.')),
  }),
);

export const inboxResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    next: z.nullable(z.number().check(z.int())).check(z.describe('Pass as `after` for the next page; null on the last page.')),
    games: z.array(
      z.object({
        gameId: z.string(),
        ruleset: z.string(),
        status: z.string(),
        seat: z.string(),
        awaiting: z.boolean(),
        deadline: z.nullable(z.string()),
        version: z.number().check(z.int()),
        updatedAt: z.string(),
        latestTakeback: z
          .optional(z.array(voidedSchema))
          .check(
            z.describe(
              "INV-5: the runs of events the game's latest takeback voided, each with that takeback's seq (`by`); only once a takeback happened. The game's view lists them all.",
            ),
          ),
        stale: z
          .optional(
            z.object({
              upTo: z.number().check(z.int()),
              reason: z.string(),
              at: z.string(),
            }),
          )
          .check(
            z.describe(
              'INV-4: only while a failed projection left this row behind its game (up to event `upTo`, since `at`); GET /games/{id} answers from the log meanwhile, and the row is current again once the projection succeeds.',
            ),
          ),
      }),
    ),
  }),
);
