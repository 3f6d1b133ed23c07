/**
 * The files served beside the API, locally by the runtime from dist/web and on AWS by the web
 * function from its own package: the replay viewer (VIEW-1), the API reference for people
 * (DOC-3, Swagger UI reading /openapi.json), the `arbiter` command's package (DOC-4), the
 * reference logs the viewer offers (VIEW-15, web/samples.ts), the tournament page (CLUB-7) and the
 * lobby (TABLE-5). One list of routes, so the local server and the stack serve the same paths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SAMPLE_LOGS, SAMPLES_PATH } from '../../web/samples.ts';

interface WebFile {
  readonly file: string;
  readonly type: string;
  /** Sent base64-encoded, as API Gateway wants a binary body (the local stand-in decodes it). */
  readonly binary?: true;
}

/** Where the CLI's package is served (DOC-4): `npm install -g <API>/cli/arbiter-cli.tgz`. */
export const CLI_PACKAGE_PATH = '/cli/arbiter-cli.tgz';

export const WEB_FILES: Readonly<Record<string, WebFile>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/viewer.js': { file: 'viewer.js', type: 'text/javascript; charset=utf-8' },
  // CLUB-7: a tournament's pairings, standings and bracket, read from the public tournament routes.
  '/tournament': { file: 'tournament.html', type: 'text/html; charset=utf-8' },
  '/tournament.js': { file: 'tournament.js', type: 'text/javascript; charset=utf-8' },
  // TABLE-5: the way in: register, the open games, create and join, "my games".
  '/lobby': { file: 'lobby.html', type: 'text/html; charset=utf-8' },
  '/lobby.js': { file: 'lobby.js', type: 'text/javascript; charset=utf-8' },
  '/docs': { file: 'docs/index.html', type: 'text/html; charset=utf-8' },
  '/docs/docs.js': { file: 'docs/docs.js', type: 'text/javascript; charset=utf-8' },
  '/docs/swagger-ui-bundle.js': { file: 'docs/swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  '/docs/swagger-ui.css': { file: 'docs/swagger-ui.css', type: 'text/css; charset=utf-8' },
  [CLI_PACKAGE_PATH]: { file: 'cli/arbiter-cli.tgz', type: 'application/gzip', binary: true },
  // VIEW-15: the reference matches the viewer offers to open.
  ...Object.fromEntries(
    SAMPLE_LOGS.map((s) => [`${SAMPLES_PATH}${s.file}`, { file: `samples/${s.file}`, type: 'application/x-ndjson; charset=utf-8' }]),
  ),
};

/** The HTTP API routes of these files, as `METHOD /path`. */
export const WEB_ROUTE_KEYS: readonly string[] = Object.keys(WEB_FILES).map((path) => `GET ${path}`);

/**
 * The pages allow scripts only from this origin and connections only to it (the API they are
 * served by): a log opened in the viewer cannot load or send anything, and the API reference
 * loads no font, script or style from anywhere else (DOC-3).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** What `npm ci` builds, by file: the message when it is missing here. */
const notBuilt = (file: string): string =>
  file.startsWith('cli/')
    ? 'The arbiter package is not built here: run npm run build:web (npm ci does it).\n'
    : file.startsWith('docs/')
      ? 'The API reference is not built here: run npm run build:web (npm ci does it).\n'
      : 'The viewer is not built here: run npm run build:web (npm ci does it).\n';

/** Reads each file once; null when `path` is not one of these files. */
export const webAssets = (dir: string): ((path: string) => APIGatewayProxyStructuredResultV2 | null) => {
  const cache = new Map<string, string>();
  return (path) => {
    const asset = Object.hasOwn(WEB_FILES, path) ? WEB_FILES[path] : undefined;
    if (!asset) return null;
    let body = cache.get(asset.file);
    if (body === undefined) {
      try {
        body = readFileSync(join(dir, asset.file), asset.binary ? 'base64' : 'utf8');
      } catch {
        return { statusCode: 503, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: notBuilt(asset.file) };
      }
      cache.set(asset.file, body);
    }
    return {
      statusCode: 200,
      headers: { 'content-type': asset.type, 'cache-control': 'no-cache', ...SECURITY_HEADERS },
      body,
      ...(asset.binary ? { isBase64Encoded: true } : {}),
    };
  };
};
