/**
 * The named schemas of `/openapi.json` (`components.schemas`), generated from the zod
 * schemas the handlers validate with: one zod registry, one `z.toJSONSchema` call, so a
 * schema used inside another (the envelope inside a command's answer) is a `$ref`.
 *
 * Per ruleset: its commands as a union discriminated by `type` (the ruleset's own
 * `commandSchema` plus the lifecycle commands accepted at /commands), its events (the
 * rulesets declare events as TypeScript types only, so each is `{ type: const, data: object }`
 * from `eventTypes`), and its view (the views have no schema yet: a permissive object).
 */
import type { AnyRuleset } from '../../../domain/kernel/ruleset.ts';
import { unwrapLazy, variantsByType } from '../../../domain/kernel/schema.ts';
import * as z from '../../../domain/kernel/zod.ts';
import { commandTable } from '../../../domain/match/command-table.ts';
import { MATCH_EVENT_TYPES } from '../../../domain/match/events.ts';
import { rulesets } from '../../../domain/rulesets.ts';
import {
  clubGamesSchema,
  clubSchema,
  clubTournamentsSchema,
  inviteCodeSchema,
  ladderSchema,
  memberListSchema,
  memberSchema,
  ratingChangesSchema,
} from '../../clubs/http/schemas.ts';
import {
  checkResponse,
  commandResponse,
  envelopeSchema,
  eventsResponse,
  gameViewSchema,
  inboxResponse,
  keyCertificateSchema,
  lobbyResponse,
  receiptSchema,
  signatureSchema,
  stateResponse,
} from '../../games/http/schemas.ts';
import {
  createdWebhookSchema,
  deliveryLogSchema,
  pingResultSchema,
  webhookListSchema,
  webhookSchema,
} from '../../notifications/http/schemas.ts';
import { playerResponse, profileResponse, publicProfileResponse, signingKeysResponse } from '../../players/http/schemas.ts';
import { roundsResponse, standingsResponse, tournamentCommandResponse, tournamentResponse } from '../../tournaments/http/schemas.ts';
import { fieldErrorSchema, keySetSchema, problemSchema, publishedKeySchema, rulesetListResponse, rulesetResponse } from './schemas.ts';

/** `post-galactica` → `PostGalactica`: the prefix of a ruleset's component names. */
export const componentPrefix = (rulesetId: string): string =>
  rulesetId
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

type Variant = z.ZodMiniObject<{ type: z.ZodMiniLiteral<string> }>;
type Registry = z.core.$ZodRegistry<{ id: string }>;

const typeOf = (variant: Variant): string => String(variant.shape.type.def.values[0]);

/**
 * The lifecycle commands every ruleset accepts at /commands, from the command table and
 * described once (ChooseFirstPlayer's rule is each ruleset's own).
 */
const lifecycleCommands = (): Variant[] =>
  commandTable({ firstPlayerRule: "the ruleset's first-player rule", commands: [] }, new Map()).map(({ summary, rule, schema }) =>
    (unwrapLazy(schema) as Variant).check(z.describe(`${summary} (${rule})`)),
  );

const eventVariant = (type: string) =>
  z.object({ type: z.literal(type), data: z.record(z.string(), z.unknown()).check(z.describe(`The ${type} event's data.`)) });

export const sealedEventSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({ type: z.literal('Sealed'), data: z.null() })
    .check(z.describe("An event of another seat's sealed orders, redacted until it is revealed.")),
);

interface RulesetComponents {
  readonly command: string;
  readonly events: z.ZodMiniType;
  readonly view: z.ZodMiniType;
}

/** Registers one ruleset's commands, events and view; returns their component names. */
const registerRuleset = (registry: Registry, r: AnyRuleset, lifecycle: readonly Variant[]): RulesetComponents => {
  const prefix = componentPrefix(r.id);
  const summaries = new Map<string, string>(r.commands.map((c) => [c.type, `${c.summary} (${c.rule})`]));
  // check(z.describe()) returns a copy: the described copies are the variants.
  const own = [...variantsByType(r.commandSchema)].map(([type, variant]) => {
    const described = (variant as Variant).check(z.describe(summaries.get(type) ?? type));
    registry.add(described, { id: `${prefix}.${type}` });
    return described;
  });
  const commands = [...own, ...lifecycle];
  const command = `${prefix}Command`;
  registry.add(z.discriminatedUnion('type', commands as [Variant, ...Variant[]]).check(z.describe(`A command of ${r.title}.`)), {
    id: command,
  });
  const eventTypes = [...new Set([...MATCH_EVENT_TYPES, ...r.eventTypes])];
  const events = z
    .discriminatedUnion('type', eventTypes.map(eventVariant) as unknown as [Variant, ...Variant[]])
    .check(z.describe(`An event of ${r.title} or of its match.`));
  registry.add(events, { id: `${prefix}Event` });
  const view = z.looseObject({}).check(z.describe(`${r.title}'s state as one seat may see it (its fields are not described yet).`));
  registry.add(view, { id: `${prefix}View` });
  return { command, events, view };
};

/** Drops what a standalone JSON Schema carries and an OpenAPI component must not (`$schema`, a fragment `$id`). */
const asComponent = (schema: Record<string, unknown>): Record<string, unknown> => {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
};

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

export interface Components {
  readonly schemas: Record<string, Record<string, unknown>>;
  /** The per-ruleset command unions, for the body of POST /games/{id}/commands. */
  readonly commandRefs: { $ref: string }[];
}

/** TABLE-3: a dry run's answer, its accepted events described as every ruleset's events are. */
const commandCheck = (envelope: z.core.$ZodType) => {
  const [accepted, refused] = checkResponse.def.getter().def.options;
  return z.discriminatedUnion('accepted', [z.extend(accepted, { events: z.array(envelope) }), refused]);
};

export const buildComponents = (): Components => {
  const registry = z.registry<{ id: string }>();
  const lifecycle = lifecycleCommands();
  for (const variant of lifecycle) registry.add(variant, { id: `Match.${typeOf(variant)}` });
  const perRuleset = [...rulesets.values()].map((r) => registerRuleset(registry, r, lifecycle));
  registry.add(sealedEventSchema, { id: 'SealedEvent' });
  registry.add(fieldErrorSchema, { id: 'FieldError' });
  registry.add(problemSchema, { id: 'Problem' });
  // The envelope's type and data are one of the rulesets' events (type names repeat across rulesets, hence anyOf).
  const anyEvent = z.union([...perRuleset.map((p) => p.events), sealedEventSchema]);
  const envelopeObject = envelopeSchema.def.getter();
  const envelope = z
    .intersection(envelopeObject, anyEvent)
    .check(z.describe(z.globalRegistry.get(envelopeObject)?.description ?? 'One event of the log.'));
  registry.add(envelope, { id: 'EventEnvelope' });
  const gameView = z.extend(gameViewSchema.def.getter(), {
    game: z
      .union([...perRuleset.map((p) => p.view), z.null()])
      .check(z.describe("The ruleset's state as your seat may see it; null before play begins.")),
  });
  registry.add(gameView, { id: 'GameView' });
  const named: [string, z.core.$ZodType][] = [
    ['CommandResponse', z.extend(commandResponse.def.getter(), { events: z.array(envelope) })],
    ['CommandCheck', commandCheck(envelope)],
    ['EventsPage', z.extend(eventsResponse.def.getter(), { events: z.array(envelope) })],
    ['GameState', z.extend(stateResponse.def.getter(), { state: gameView })],
    ['Inbox', inboxResponse],
    ['Lobby', lobbyResponse],
    ['Player', playerResponse],
    ['Profile', profileResponse],
    ['PublicProfile', publicProfileResponse],
    ['SigningKeys', signingKeysResponse],
    ['RulesetList', rulesetListResponse],
    ['Ruleset', rulesetResponse],
    ['Club', clubSchema],
    ['ClubMember', memberSchema],
    ['ClubMembers', z.extend(memberListSchema.def.getter(), { members: z.array(memberSchema) })],
    ['InviteCode', inviteCodeSchema],
    ['ClubGames', clubGamesSchema],
    ['ClubTournaments', clubTournamentsSchema],
    ['Ladder', ladderSchema],
    ['RatingChanges', ratingChangesSchema],
    ['Webhook', webhookSchema],
    ['CreatedWebhook', createdWebhookSchema],
    ['WebhookList', z.extend(webhookListSchema.def.getter(), { webhooks: z.array(webhookSchema) })],
    ['PingResult', pingResultSchema],
    ['TournamentCommandResponse', z.extend(tournamentCommandResponse.def.getter(), { events: z.array(envelopeObject) })],
    ['Tournament', tournamentResponse],
    ['TournamentRounds', roundsResponse],
    ['TournamentStandings', standingsResponse],
    ['DeliveryLog', z.extend(deliveryLogSchema.def.getter(), { subscription: webhookSchema })],
    ['KeySet', keySetSchema],
    ['PublishedKey', publishedKeySchema],
    // TRUST-2: the lazy schemas the answers hold, so that each answer's receipt is a `$ref`.
    ['Receipt', receiptSchema],
    ['Signature', signatureSchema],
    ['KeyCertificate', keyCertificateSchema],
  ];
  for (const [id, schema] of named) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    // A readonly tuple (a Sol'una square) is immutable in TypeScript, not set by the server:
    // JSON Schema's readOnly would tell clients never to send it (DOC-3: its examples do).
    override: ({ jsonSchema }) => {
      delete jsonSchema.readOnly;
    },
  }).schemas;
  const schemas = Object.fromEntries(Object.entries(generated).map(([id, s]) => [id, asComponent(s as Record<string, unknown>)]));
  for (const p of perRuleset) addDiscriminator(schemas[p.command]);
  return { schemas, commandRefs: perRuleset.map((p) => ref(p.command)) };
};

/** OpenAPI's discriminator on a oneOf of `$ref`s, mapping each `type` to its variant. */
const addDiscriminator = (union: Record<string, unknown> | undefined): void => {
  const options = union?.oneOf as { $ref: string }[] | undefined;
  if (!union || !options) return;
  const mapping = Object.fromEntries(options.map((o) => [o.$ref.slice(o.$ref.lastIndexOf('.') + 1), o.$ref]));
  union.discriminator = { propertyName: 'type', mapping };
};
