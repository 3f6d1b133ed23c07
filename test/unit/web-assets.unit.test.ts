/**
 * The viewer's files as the local runtime and the web function serve them (VIEW-1): the
 * page and its script from the built folder, with a policy that keeps a log opened in the
 * page from loading or sending anything elsewhere.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTE_KEYS, webAssets } from '../../functions/web/assets.ts';
import { ensureBuilt } from '../support/build-setup.ts';

const root = resolve(import.meta.dirname, '..', '..');
const built = join(root, 'dist', 'web');

beforeAll(() => {
  ensureBuilt('web');
});

describe('the viewer files', () => {
  it('VIEW-1 / is the page and /viewer.js its script, each with its type and a policy that allows only this origin', () => {
    const serve = webAssets(built);
    const page = serve('/');
    expect(page?.statusCode).toBe(200);
    expect(page?.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(page?.body).toBe(readFileSync(join(built, 'index.html'), 'utf8'));
    expect(page?.body).toContain('<script type="module" src="./viewer.js"></script>');
    expect(page?.headers?.['content-security-policy']).toMatch(/default-src 'none'; script-src 'self';.*connect-src 'self'/);
    const script = serve('/viewer.js');
    expect(script?.headers?.['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script?.body?.length).toBeGreaterThan(10_000);
    expect(serve('/games')).toBeNull();
    expect(serve('/index.html')).toBeNull();
    expect(WEB_ROUTE_KEYS).toEqual([
      'GET /',
      'GET /viewer.js',
      'GET /tournament',
      'GET /tournament.js',
      'GET /lobby',
      'GET /lobby.js',
      'GET /docs',
      'GET /docs/docs.js',
      'GET /docs/swagger-ui-bundle.js',
      'GET /docs/swagger-ui.css',
      'GET /cli/arbiter-cli.tgz',
      'GET /samples/post-galactica-battle.ndjson',
      'GET /samples/post-galactica.ndjson',
      'GET /samples/soluna.ndjson',
      'GET /samples/gsc2.ndjson',
    ]);
  });

  it('CLUB-7 /tournament is the tournament page and /tournament.js its script, under the same policy, the script a few KiB with no domain code', () => {
    const serve = webAssets(built);
    const page = serve('/tournament');
    expect(page?.statusCode).toBe(200);
    expect(page?.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(page?.headers?.['content-security-policy']).toMatch(/default-src 'none'; script-src 'self';.*connect-src 'self'/);
    expect(page?.body).toContain('<script type="module" src="./tournament.js"></script>');
    const script = serve('/tournament.js');
    expect(script?.headers?.['content-type']).toBe('text/javascript; charset=utf-8');
    // The viewer carries every ruleset's fold and the verifier; this page only fetches and draws.
    expect(script?.body?.length).toBeGreaterThan(2_000);
    expect(script?.body?.length).toBeLessThan(16 * 1024);
    expect(script?.body).not.toMatch(/TournamentCreated|noble/);
  });

  it('DOC-3 /docs is the API reference page: Swagger UI and its stylesheet from this origin, under the same policy, and nothing it names elsewhere', () => {
    const serve = webAssets(built);
    const page = serve('/docs');
    expect(page?.statusCode).toBe(200);
    expect(page?.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(page?.headers?.['content-security-policy']).toMatch(/default-src 'none'; script-src 'self';.*connect-src 'self'/);
    const loads = [...(page?.body ?? '').matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(loads).toEqual([
      'data:,',
      '/docs/swagger-ui.css',
      '/openapi.json',
      '/',
      '/openapi.json',
      '/docs/swagger-ui-bundle.js',
      '/docs/docs.js',
    ]);
    expect(serve('/docs/swagger-ui-bundle.js')?.body?.length).toBeGreaterThan(1_000_000);
    expect(serve('/docs/swagger-ui.css')?.headers?.['content-type']).toBe('text/css; charset=utf-8');
    const init = serve('/docs/docs.js')?.body ?? '';
    expect(init).toContain("url: '/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('DOC-4 /cli/arbiter-cli.tgz is the packed command, base64-encoded as API Gateway wants a binary body', () => {
    ensureBuilt('cli');
    const answer = webAssets(built)('/cli/arbiter-cli.tgz');
    expect(answer?.statusCode).toBe(200);
    expect(answer?.headers?.['content-type']).toBe('application/gzip');
    expect(answer?.isBase64Encoded).toBe(true);
    expect(Buffer.from(answer?.body ?? '', 'base64').equals(readFileSync(join(built, 'cli', 'arbiter-cli.tgz')))).toBe(true);
  });

  it('VIEW-1 a server whose page is not built says how to build it', () => {
    const answer = webAssets(mkdtempSync(join(tmpdir(), 'arbiter-no-web-')))('/');
    expect(answer?.statusCode).toBe(503);
    expect(answer?.body).toBe('The viewer is not built here: run npm run build:web (npm ci does it).\n');
  });

  it('VIEW-3 the browser build puts @noble/hashes in the kernel digest’s place: no node:crypto in the page', () => {
    const script = readFileSync(join(built, 'viewer.js'), 'utf8');
    expect(script).not.toMatch(/node:crypto|createHash\(/);
  });
});
