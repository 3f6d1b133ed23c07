/**
 * Lambda: the routes that describe the service (docs-routes.ts): the OpenAPI document, and
 * the rulesets with their commands' JSON Schemas. It reads no table and knows no player.
 */
import { buildDocsRouter } from '../docs/http/routes.ts';
import { httpHandler } from './handler.ts';

export const handler = httpHandler(buildDocsRouter());
