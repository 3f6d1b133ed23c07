/**
 * Lambda: the routes that describe the service (docs-routes.ts): the OpenAPI document, the
 * rulesets with their commands' JSON Schemas, and the public signing keys. It reads no table
 * and knows no player.
 */
import { keySetFromEnv } from '../adapters/published-keys.ts';
import { buildDocsRouter } from '../docs/http/routes.ts';
import { httpHandler } from './handler.ts';

/** TRUST-1: the public keys, as the stack wrote them into the environment: serving them calls no KMS. */
export const handler = httpHandler(buildDocsRouter(async () => keySetFromEnv()));
