/**
 * OpenAPI 3.1, generated from the zod schemas the routes validate with: one operation for each
 * route of the table (route-table.ts), in its order, with the answers its feature declares
 * beside the route (`functions/<feature>/http/operations.ts`, by operationId; the compiler holds
 * each feature's answers to its routes). Answers and the commands, events and views of each
 * ruleset are named components (components.ts); request bodies stay inline, their command a
 * `$ref` to the rulesets' command unions.
 */

import { rulesets } from '../../../domain/rulesets.ts';
import { clubResponses } from '../../clubs/http/operations.ts';
import { gameResponses } from '../../games/http/operations.ts';
import { checkBody, commandBody } from '../../games/http/schemas.ts';
import { commandExamples, forkExamples, problemRef, problemTable, requestExample } from '../../http/openapi-examples.ts';
import {
  body,
  ifNoneMatch,
  inline,
  OPTIONAL_KEY,
  PUBLIC,
  pathId,
  queryParams,
  secured,
  sharedComponents,
} from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { type OperationId, ROUTES } from '../../http/route-table.ts';
import type { ProblemType } from '../../kernel/problems.ts';
import { webhookResponses } from '../../notifications/http/operations.ts';
import { playerResponses } from '../../players/http/operations.ts';
import { tournamentResponses } from '../../tournaments/http/operations.ts';
import { buildComponents } from './components.ts';
import { docsResponses } from './operations.ts';

/** The bodies whose `command` is a ruleset's command: POST /games/{id}/commands and its dry run (TABLE-3). */
const COMMAND_BODIES: ReadonlySet<unknown> = new Set([commandBody, checkBody]);

/** Whether `route`'s body carries a ruleset's command, documented as the rulesets' command unions. */
export const takesRulesetCommand = (
  route: RouteDeclaration,
): route is RouteDeclaration & { readonly body: typeof commandBody | typeof checkBody } => COMMAND_BODIES.has(route.body);

/** The body of POST /games/{id}/commands and of its dry run: the command is one of a ruleset's commands. */
const commandRequest = (given: typeof commandBody | typeof checkBody, commandRefs: readonly { $ref: string }[]) => {
  const schema = inline(given) as { properties: Record<string, unknown> };
  schema.properties.command = { description: "A command of the game's ruleset; GET /rulesets/{id} lists them.", anyOf: commandRefs };
  return schema;
};

type Responses = Record<string, unknown>;

/** The examples of the answers that carry none of their own: the problem type each status means here (DOC-3). */
const DEFAULT_PROBLEMS: Readonly<Record<string, ProblemType>> = { 403: 'not-allowed', 404: 'not-found', 422: 'rule-violation' };

type Answer = { content?: Record<string, { examples?: unknown } & Record<string, unknown>> } & Record<string, unknown>;

/** `responses` with the recorded example of its problem type on each problem answer that has none. */
const withProblemExamples = (responses: Responses): Responses =>
  Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      const problemJson = (answer as Answer).content?.['application/problem+json'];
      const type = DEFAULT_PROBLEMS[status];
      if (!problemJson || problemJson.examples || !type) return [status, answer];
      const content = {
        ...(answer as Answer).content,
        'application/problem+json': { ...problemJson, examples: { [type]: problemRef(type) } },
      };
      return [status, { ...(answer as Answer), content }];
    }),
  );

/** TB-8: POST /games/{id}/forks with a request of each kind and the answer it got, by its status. */
const withForkExamples = (requestBody: ReturnType<typeof body>, responses: Responses) => {
  const { requests, answers } = forkExamples();
  const json = requestBody.content['application/json'];
  const answered = Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      const examples = answers[Number(status)];
      const content = (answer as Answer).content;
      const media = content?.['application/json'];
      if (!examples || !media) return [status, answer];
      return [status, { ...(answer as Answer), content: { ...content, 'application/json': { ...media, examples } } }];
    }),
  );
  return { requestBody: { ...requestBody, content: { 'application/json': { ...json, examples: requests } } }, responses: answered };
};

/** DOC-3: POST /games/{id}/commands with a request and its answer for every command of every ruleset. */
const withCommandExamples = (operationId: string, requestBody: ReturnType<typeof body>, responses: Responses) => {
  if (operationId === 'forkGame') return withForkExamples(requestBody, responses);
  if (operationId !== 'giveCommand') {
    // CLUB-7: a club or tournament route's request, recorded with its answer.
    const examples = requestExample(operationId);
    if (!examples) return { requestBody, responses };
    const json = requestBody.content['application/json'];
    return { requestBody: { ...requestBody, content: { 'application/json': { ...json, examples } } }, responses };
  }
  const { requests, answers } = commandExamples(new Map([...rulesets.values()].map((r) => [r.id, r.title])));
  const json = requestBody.content['application/json'];
  const ok = responses[200] as Answer;
  const answer = ok.content?.['application/json'];
  return {
    requestBody: { ...requestBody, content: { 'application/json': { ...json, examples: requests } } },
    responses: { ...responses, 200: { ...ok, content: { ...ok.content, 'application/json': { ...answer, examples: answers } } } },
  };
};

/** One operation of the document, from its route in the table and its answers. */
const operation = (route: RouteDeclaration, responses: Responses, commandRefs: readonly { $ref: string }[]) => {
  const path = [
    ...(route.id === undefined ? [] : [pathId(route.id)]),
    // A path's other segments (a club member's `{playerId}`, a ladder's `{ruleset}`).
    ...Object.entries(route.params ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'string' },
    })),
  ];
  const etag = route.method === 'GET' ? [ifNoneMatch] : [];
  const query = route.query ? queryParams(route.query) : [];
  // The path id and If-None-Match before the query; a route without a path id lists its query first.
  const parameters = route.id === undefined ? [...query, ...etag] : [...path, ...etag, ...query];
  const schema = takesRulesetCommand(route) ? commandRequest(route.body, commandRefs) : route.body && inline(route.body);
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    security: route.auth === 'public' ? PUBLIC : route.auth === 'optional' ? OPTIONAL_KEY : secured,
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(schema
      ? withCommandExamples(route.operationId, body(schema), withProblemExamples(responses))
      : { responses: withProblemExamples(responses) }),
  };
};

/** Every route of the table, by path then method, in the table's order. */
const paths = (commandRefs: readonly { $ref: string }[]) => {
  const responses: Record<OperationId, Responses> = {
    ...docsResponses(),
    ...playerResponses(),
    ...gameResponses(),
    ...clubResponses(),
    ...tournamentResponses(),
    ...webhookResponses(),
  };
  const out: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const route of ROUTES) {
    out[route.path] = { ...out[route.path], [route.method.toLowerCase()]: operation(route, responses[route.operationId], commandRefs) };
  }
  return out;
};

const buildDocument = () => {
  const { schemas, commandRefs } = buildComponents();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arbiter',
      version: '0.1.0',
      description: [
        'A referee for remote and play-by-mail wargames: every command becomes events in a tamper-evident log.',
        '',
        'POST /games/{id}/commands has an example of every command of every ruleset, each with the answer the rules gave it; GET /rulesets/{id} lists the commands of a ruleset with their JSON Schemas.',
        '',
        '## Problem types',
        '',
        'Every refusal is `application/problem+json` (RFC 9457) whose `type` is `https://arbiter.dev/problems/<problem type>`; each has an example (components.examples, `problem-<problem type>`).',
        '',
        problemTable(),
      ].join('\n'),
    },
    servers: [
      { url: 'http://127.0.0.1:3000', description: 'npm start' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'The AWS HTTP API (the stack output ApiUrl).',
        variables: {
          apiId: { default: 'example', description: 'The HTTP API id.' },
          region: { default: 'eu-west-1', description: 'The AWS region.' },
        },
      },
    ],
    security: secured,
    tags: [
      { name: 'players', description: 'Registering, your profile and name, API keys.' },
      { name: 'rulesets', description: 'The rule systems Arbiter referees.' },
      { name: 'games', description: 'Matches: creating, joining, commands, the log and the read model.' },
      { name: 'clubs', description: 'Clubs, their members, games and ladders (CLUB-1, CLUB-6).' },
      { name: 'tournaments', description: 'Swiss, round robin and single elimination, run by the server and verifiable (CLUB-2..CLUB-5).' },
      { name: 'webhooks', description: 'Notifications, signed by Standard Webhooks.' },
      { name: 'meta', description: 'This document.' },
    ],
    components: { ...sharedComponents(), schemas },
    paths: paths(commandRefs),
  };
};

let built: ReturnType<typeof buildDocument> | undefined;

/** The document, built once: generating it from the schemas takes about 100 ms. Treat it as read-only. */
export const openApiDocument = (): ReturnType<typeof buildDocument> => {
  built ??= buildDocument();
  return built;
};

const served = new Map<string, ReturnType<typeof buildDocument>>();

/**
 * DOC-3: the document as `GET /openapi.json` serves it: its one server is where the client
 * reached this API (the address `npm start` listens on, or the API's URL on AWS), so the
 * reference at /docs and generated clients call the API they were read from. Without an
 * origin (a hand-built request), the document as built, with both of its example servers.
 */
export const servedDocument = (origin: string | null): ReturnType<typeof buildDocument> => {
  if (origin === null) return openApiDocument();
  let document = served.get(origin);
  if (!document) {
    const description = origin.startsWith('http://') ? 'This runtime (npm start), where it listens.' : 'This API, on AWS.';
    document = { ...openApiDocument(), servers: [{ url: origin, description }] } as ReturnType<typeof buildDocument>;
    // An API answers at one or two names (its execute-api host, a custom domain): a handful at most.
    if (served.size >= 8) served.clear();
    served.set(origin, document);
  }
  return document;
};
