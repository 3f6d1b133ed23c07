/**
 * The routes that describe the service rather than play it: the rulesets with their commands'
 * JSON Schemas, the OpenAPI document, and the public keys its signatures name (TRUST-1). They
 * need no table and no player, and they are the only answers that turn zod schemas into JSON
 * Schema, so on AWS they are their own function (functions/http/docs.ts): the API's cold start,
 * which every player waits on, does not load the OpenAPI document's code nor zod's JSON Schema
 * code (PERF-1). The local runtime serves them from its one handler, with the API's routes
 * (every-route.ts).
 *
 * Here their handlers, one per route of operations.ts, which declares them and their answers.
 */

import type { AnyRuleset } from '../../../domain/kernel/ruleset.ts';
import { variantsByType } from '../../../domain/kernel/schema.ts';
import type { KeySet } from '../../../domain/kernel/signature.ts';
import * as z from '../../../domain/kernel/zod.ts';
import { commandTable, matchCommands } from '../../../domain/match/command-table.ts';
import { rulesets } from '../../../domain/rulesets.ts';
import { withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import { routerFor } from '../../http/route-table.ts';
import type { Router } from '../../http/router.ts';
import { notFound } from '../../kernel/problems.ts';
import { servedDocument } from './openapi.ts';
import { type DocsRoute, docsRoutes } from './operations.ts';

const rulesetNamed = (id: string): AnyRuleset => {
  const r = rulesets.get(id);
  if (!r) throw notFound(`ruleset "${id}"; GET /rulesets lists them`);
  return r;
};

const rulesetSummary = (r: AnyRuleset) => ({
  id: r.id,
  title: r.title,
  rulesVersion: r.rulesVersion,
  summary: r.summary,
  seats: r.seatNames,
  phases: r.phaseNames,
  commands: [...matchCommands(r), ...r.commands],
});

const jsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });

/**
 * API-3: every command a game of ruleset `r` accepts at /commands, each with its own JSON
 * Schema: the lifecycle commands (ChooseFirstPlayer, Concede, the organiser's and the seats'
 * controls) and one per variant of the ruleset's commandSchema, a union discriminated by `type`.
 */
const commandsWithSchemas = (r: AnyRuleset) =>
  commandTable(r, variantsByType(r.commandSchema)).map(({ schema, ...doc }) => {
    const { $schema: _dialect, ...own } = jsonSchema(schema);
    return { ...doc, schema: own };
  });

/** Where the key set comes from: the signer's (the local runtime), or the environment the stack wrote (the docs function on AWS). */
export type KeySetSource = () => Promise<KeySet>;

const noKeySet: KeySetSource = async () => {
  throw new Error('this router was given no key set: buildDocsRouter(keys)');
};

/**
 * The describing routes' handlers, by operationId; public, cached for five minutes. The key set
 * (TRUST-1) is what `keys` gives: these handlers read no table and hold no key, so whoever
 * builds the router says where the public keys are.
 */
export const docsHandlersWith = (keys: KeySetSource): Handlers<DocsRoute> => ({
  getOpenApi: async (request) => withEtag(request, servedDocument(request.origin), 'public, max-age=300'),
  listRulesets: async (request) => withEtag(request, { rulesets: [...rulesets.values()].map(rulesetSummary) }, 'public, max-age=300'),
  getRuleset: async (request) => {
    const r = rulesetNamed(request.params.id ?? '');
    return withEtag(
      request,
      {
        ...rulesetSummary(r),
        commands: commandsWithSchemas(r),
        optionsSchema: jsonSchema(r.optionsSchema),
        commandSchema: jsonSchema(r.commandSchema),
      },
      'public, max-age=300',
    );
  },
  getKeySet: async (request) => withEtag(request, await keys(), 'public, max-age=300'),
});

/** The describing routes' handlers, with no key set (docsHandlersWith gives one). */
export const docsHandlers: Handlers<DocsRoute> = /* @__PURE__ */ docsHandlersWith(noKeySet);

/** The documentation function's routes (all public: it authenticates nobody), with the key set `keys` gives. */
export const buildDocsRouter = (keys: KeySetSource = noKeySet): Router => routerFor(docsRoutes, docsHandlersWith(keys));
