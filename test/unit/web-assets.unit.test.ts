/**
 * The viewer's files as the local runtime and the web function serve them (VIEW-1): the
 * page and its script from the built folder, with a policy that keeps a log opened in the
 * page from loading or sending anything elsewhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTE_KEYS, webAssets } from '../../functions/web/assets.ts';

const root = resolve(import.meta.dirname, '..', '..');
const built = join(root, 'dist', 'web');

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], { cwd: root });
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
    expect(WEB_ROUTE_KEYS).toEqual(['GET /', 'GET /viewer.js']);
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
