/**
 * DOC-3: the API reference for people, at /docs of the local runtime: Swagger UI, bundled from
 * npm and served by the runtime itself, draws the live /openapi.json in a real Chromium, and
 * not one request leaves this machine (no font, CDN, validator badge or telemetry).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSession } from '../support/browser-session.ts';

const root = resolve(import.meta.dirname, '..', '..');
const examples = JSON.parse(readFileSync(join(root, 'functions', 'http', 'openapi-examples.json'), 'utf8')) as {
  commands: Record<string, Record<string, unknown>>;
};

const session = browserSession();

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string }>>;
}

const served = async (): Promise<Document> => (await (await fetch(`${session.url}/openapi.json`)).json()) as Document;

describe('DOC-3 the API reference at /docs', () => {
  it('DOC-3 the served document names the address the runtime listens on as its one server', async () => {
    const doc = await served();
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(doc.servers.map((s) => s.url)).toEqual([session.url]);
  });

  it('DOC-3 GET /docs draws every operation of the live document in Chromium, with an example of every command, and no request leaves loopback', async () => {
    const opened = await session.open('/docs');
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
    ).toEqual([session.url]);
    // The command route opened: a request example of every command of every ruleset to choose from, and the answer's.
    await page.click('#operations-games-giveCommand .opblock-summary-control');
    await page.waitForSelector('#operations-games-giveCommand .examples-select select');
    const choices = await page.$$eval('#operations-games-giveCommand .examples-select select', (selects) =>
      selects.map((select) => Array.from((select as unknown as { options: ArrayLike<{ value: string }> }).options, (o) => o.value)),
    );
    const commands = Object.entries(examples.commands).flatMap(([ruleset, list]) => Object.keys(list).map((type) => `${ruleset}.${type}`));
    expect(commands.length).toBeGreaterThan(60);
    expect(choices[0]).toEqual(commands);
    expect(choices).toContainEqual(commands);
    expect(strays).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
