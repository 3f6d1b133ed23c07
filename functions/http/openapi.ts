/** OpenAPI 3.1, generated from the zod schemas the routes validate with. */
import { z } from 'zod';
import {
  commandBody,
  commandResponse,
  createGameBody,
  eventsQuery,
  eventsResponse,
  gameViewSchema,
  inboxQuery,
  inboxResponse,
  joinGameBody,
  playerResponse,
  problemSchema,
  registerPlayerBody,
  stateQuery,
} from './schemas.ts';
import { webhookPaths } from './webhook-routes.ts';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
const ok = (description: string, s: z.ZodType) => ({ description, content: { 'application/json': { schema: schema(s) } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schema(problemSchema) } } });
const body = (s: z.ZodType) => ({ required: true, content: { 'application/json': { schema: schema(s) } } });
const queryParams = (s: z.ZodObject) =>
  Object.entries(s.shape).map(([name, field]) => ({ name, in: 'query', required: false, schema: schema(field as z.ZodType) }));
const gameId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const secured = [{ apiKey: [] }];
const common = { 400: problem('The body or query is not valid.'), 401: problem('No or an invalid API key.') };

export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Arbiter',
    version: '0.1.0',
    description: 'A referee for remote and play-by-mail wargames: every command becomes events in a tamper-evident log.',
  },
  components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'The API key from POST /players.' } } },
  paths: {
    '/players': {
      post: {
        summary: 'Register a player; the API key is returned once.',
        requestBody: body(registerPlayerBody),
        responses: { 201: ok('The new player.', playerResponse), 400: common[400] },
      },
    },
    '/rulesets': {
      get: { summary: 'The rule systems, their seats, phases and commands.', responses: { 200: { description: 'The rulesets.' } } },
    },
    '/rulesets/{id}': {
      get: {
        summary: 'One ruleset with JSON Schemas of its options and commands.',
        parameters: [gameId],
        responses: { 200: { description: 'The ruleset.' }, 404: problem('No such ruleset.') },
      },
    },
    '/games': {
      post: {
        summary: 'Create a match.',
        security: secured,
        requestBody: body(createGameBody),
        responses: {
          201: ok('The match and its first events.', commandResponse),
          ...common,
          422: problem('Against the rules (unknown ruleset, bad options).'),
        },
      },
    },
    '/games/{id}': {
      get: {
        summary: 'The match as your seat may see it, from the read model; send If-None-Match with the ETag to poll cheaply.',
        security: secured,
        parameters: [gameId],
        responses: {
          200: ok('The match.', gameViewSchema),
          304: { description: 'Unchanged since the ETag.' },
          401: common[401],
          404: problem('No such game.'),
        },
      },
    },
    '/games/{id}/join': {
      post: {
        summary: 'Take a seat.',
        security: secured,
        parameters: [gameId],
        requestBody: body(joinGameBody),
        responses: {
          200: ok('The events of joining.', commandResponse),
          ...common,
          404: problem('No such game.'),
          409: problem('No seat is free.'),
          422: problem('Against the rules.'),
        },
      },
    },
    '/games/{id}/commands': {
      post: {
        summary: 'Give a command.',
        security: secured,
        parameters: [gameId],
        requestBody: body(commandBody),
        responses: {
          200: ok('The new events as your seat may see them.', commandResponse),
          ...common,
          403: problem('Not your turn, or not your seat.'),
          404: problem('No such game.'),
          409: problem('The game is at another version than expectedVersion.'),
          422: problem('Against the rules: the detail says which rule and why.'),
        },
      },
    },
    '/games/{id}/events': {
      get: {
        summary: 'The log, paged, redacted for your seat; `wait` waits for an event after `after`.',
        security: secured,
        parameters: [gameId, ...queryParams(eventsQuery)],
        responses: { 200: ok('A page of events.', eventsResponse), ...common, 404: problem('No such game.') },
      },
    },
    '/games/{id}/state': {
      get: {
        summary: 'The state after event `at`, folded from the log, as your seat may see it.',
        security: secured,
        parameters: [gameId, ...queryParams(stateQuery)],
        responses: { 200: { description: 'The state.' }, ...common, 404: problem('No such game or event.') },
      },
    },
    '/games/{id}/log': {
      get: {
        summary:
          'The whole log as NDJSON (a header line, then one event per line), redacted for you while the game runs, complete with the seed once it has ended. Check it with `npx arbiter verify`.',
        security: secured,
        parameters: [gameId],
        responses: {
          200: { description: 'The log.', content: { 'application/x-ndjson': { schema: { type: 'string' } } } },
          401: common[401],
          404: problem('No such game.'),
        },
      },
    },
    '/me/games': {
      get: {
        summary:
          'Your matches, those waiting on you first, by deadline. Send If-None-Match with the ETag to poll cheaply, and `wait` to have the answer wait for a change.',
        security: secured,
        parameters: queryParams(inboxQuery),
        responses: {
          200: {
            ...ok('Your matches.', inboxResponse),
            headers: { ETag: { description: 'Send it as If-None-Match.', schema: { type: 'string' } } },
          },
          304: { description: 'Unchanged since the ETag (after the wait, if one was asked for).' },
          ...common,
        },
      },
    },
    '/openapi.json': { get: { summary: 'This document.', responses: { 200: { description: 'OpenAPI 3.1.' } } } },
    ...webhookPaths(),
  },
});
