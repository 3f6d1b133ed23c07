/**
 * DOC-3: the API reference for people, at /docs of the local runtime: Swagger UI, bundled from
 * npm and served by the runtime itself, draws the live /openapi.json in a real Chromium, and
 * not one request leaves this machine (no font, CDN, validator badge or telemetry).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { launchBrowser, type OpenPage, openPage } from '../support/browser.ts';
import { startServiceRuntime } from '../support/http.ts';

const root = resolve(import.meta.dirname, '..', '..');

let runtime: MemoryRuntime;
let browser: Browser;
const pages: OpenPage[] = [];

beforeAll(async () => {
  // The same build `npm ci` runs (prepare), so the page under test is the one users get.
  execFileSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], { cwd: root });
  [runtime, browser] = await Promise.all([startServiceRuntime(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
  await browser?.close();
  await runtime?.stop();
});

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string }>>;
}

const served = async (): Promise<Document> => (await (await fetch(`${runtime.url}/openapi.json`)).json()) as Document;

describe('DOC-3 the API reference at /docs', () => {
  it('DOC-3 the served document names the address the runtime listens on as its one server', async () => {
    const doc = await served();
    expect(runtime.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(doc.servers.map((s) => s.url)).toEqual([runtime.url]);
  });

  it('DOC-3 GET /docs draws every operation of the live document in Chromium, and no request leaves loopback', async () => {
    const opened = await openPage(browser, `${runtime.url}/docs`);
    pages.push(opened);
    const { page, strays, errors } = opened;
    expect(await page.title()).toBe('Arbiter API reference');
    const operations = Object.values((await served()).paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const drawn = await page.$$eval('.opblock', (els) => els.map((el) => el.getAttribute('id') ?? ''));
    expect(drawn.length).toBe(operations.length);
    for (const id of operations)
      expect(
        drawn.some((d) => d.endsWith(`-${id}`)),
        id,
      ).toBe(true);
    // The servers menu offers where the runtime listens, so "Try it out" calls this runtime.
    expect(
      await page.$eval('#api select', (el) =>
        Array.from((el as unknown as { options: ArrayLike<{ value: string }> }).options, (o) => o.value),
      ),
    ).toEqual([runtime.url]);
    expect(strays).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
