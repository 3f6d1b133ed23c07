/**
 * The replay viewer's files (VIEW-1), served beside the API: locally by the runtime from
 * dist/web, on AWS by the web function from its own package. One list of routes, so the
 * local server and the stack serve the same paths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export const WEB_FILES: Readonly<Record<string, { readonly file: string; readonly type: string }>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/viewer.js': { file: 'viewer.js', type: 'text/javascript; charset=utf-8' },
};

/** The HTTP API routes of the viewer, as `METHOD /path`. */
export const WEB_ROUTE_KEYS: readonly string[] = Object.keys(WEB_FILES).map((path) => `GET ${path}`);

/**
 * The page allows scripts only from itself and connections only to its own origin (the
 * API it is served by): a log opened in it cannot load or send anything.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Reads each file once; null when `path` is not one of the viewer's. */
export const webAssets = (dir: string): ((path: string) => APIGatewayProxyStructuredResultV2 | null) => {
  const cache = new Map<string, string>();
  return (path) => {
    const asset = WEB_FILES[path];
    if (!asset) return null;
    let body = cache.get(asset.file);
    if (body === undefined) {
      try {
        body = readFileSync(join(dir, asset.file), 'utf8');
      } catch {
        return {
          statusCode: 503,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          body: 'The viewer is not built here: run npm run build:web (npm ci does it).\n',
        };
      }
      cache.set(asset.file, body);
    }
    return { statusCode: 200, headers: { 'content-type': asset.type, 'cache-control': 'no-cache', ...SECURITY_HEADERS }, body };
  };
};
