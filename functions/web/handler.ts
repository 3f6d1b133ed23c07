/**
 * The web function: serves the replay viewer (VIEW-1) at `/` of the deployed API, from the
 * files its bundle carries (dist/web, copied in by the stack). The page then calls the API on
 * the same origin, so it needs no CORS.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { webAssets } from './assets.ts';

const serve = webAssets(join(dirname(fileURLToPath(import.meta.url)), 'web'));

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> =>
  serve(event.rawPath) ?? { statusCode: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'There is no such page.\n' };
