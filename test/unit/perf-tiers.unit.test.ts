/**
 * PERF-6: the test tiers a developer runs. `npm run test:unit` runs only the unit projects,
 * which start nothing (no global setup, so no DynamoDB Local); `npm test` still runs every
 * test file, each in exactly one project: the tiers without Java as one project there. How long the tier takes is measured, not
 * asserted (about 16 s on this machine).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_POOL, TIERS } from '../../vitest.config.ts';

const root = resolve(import.meta.dirname, '..', '..');
type Project = {
  test: { name: string; include: string[]; exclude?: string[]; globalSetup?: string[]; server?: { deps?: { external?: RegExp[] } } };
};
// The tier projects, whatever ARBITER_TEST_POOL this run has (npm test sets it to `shared`).
const projects = (TIERS as Project[]).map((p) => p.test);
const pooled = (SHARED_POOL as Project[]).map((p) => p.test);
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** A vitest include/exclude glob as a regular expression: a double star and slash are any folders, one star stays within a name. */
const glob = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*\*/g, '.*')
      .replace(/\*/g, '[^/]*')
      .replaceAll('\u0000', '(?:.*/)?')}$`,
  );
const matches = (file: string, patterns: readonly string[] = []) => patterns.some((pattern) => glob(pattern).test(file));

describe('the test tiers', () => {
  it('PERF-6 npm run test:unit runs only the unit projects, and they have no global setup: they start nothing', () => {
    const named = [...(scripts['test:unit'] ?? '').matchAll(/--project (\S+)/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(['unit', 'unit-isolated']);
    for (const name of named) expect(projects.find((p) => p.name === name)?.globalSetup).toBeUndefined();
    expect(projects.find((p) => p.name === 'storage')?.globalSetup).toEqual([
      'test/support/build-setup.ts',
      'test/support/global-setup.ts',
    ]);
  });

  it('ARC-3 npm run test:fast runs the tiers without DynamoDB Local: unit and service, no DynamoDB Local in their setup, no storage adapter in a service test', () => {
    const named = [...(scripts['test:fast'] ?? '').matchAll(/--project (\S+)/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(['service', 'unit', 'unit-isolated']);
    // The service tier's one global setup builds the pages and the package; it starts no process.
    for (const name of named)
      expect(projects.find((p) => p.name === name)?.globalSetup ?? [], name).toEqual(
        name === 'service' ? ['test/support/build-setup.ts'] : [],
      );
    const service = readdirSync(join(root, 'test', 'service')).filter((f) => f.endsWith('.test.ts'));
    expect(service.length).toBeGreaterThan(10);
    for (const file of service) {
      expect(file).toMatch(/\.service\.test\.ts$/);
      const text = readFileSync(join(root, 'test', 'service', file), 'utf8');
      // Chromium is the browser tier's: the service tier is what a change to the service runs.
      expect({ file, chromium: /launchBrowser|playwright-core/.test(text) }).toEqual({ file, chromium: false });
      // DynamoDB Local, its client or the runtime around it: what the storage tier is for.
      expect({ file, storage: /client-dynamodb|dynamo-client|startTestRuntime|startRuntime\b|inject\(/.test(text) }).toEqual({
        file,
        storage: false,
      });
    }
  });

  it('ARC-3 npm run test:browser runs the Chromium tests, on the memory runtime: no DynamoDB Local, a build-only global setup', () => {
    expect(scripts['test:browser']).toBe('vitest run --project browser');
    expect(projects.find((p) => p.name === 'browser')?.globalSetup).toEqual(['test/support/build-setup.ts']);
    const browser = readdirSync(join(root, 'test', 'browser')).filter((f) => f.endsWith('.test.ts'));
    expect(browser.length).toBeGreaterThan(1);
    for (const file of browser) {
      expect(file).toMatch(/\.browser\.test\.ts$/);
      const text = readFileSync(join(root, 'test', 'browser', file), 'utf8');
      expect({ file, chromium: /launchBrowser|browserSession\(/.test(text) }).toEqual({ file, chromium: true });
      expect({ file, storage: /client-dynamodb|dynamo-client|startTestRuntime|startRuntime\b|inject\(/.test(text) }).toEqual({
        file,
        storage: false,
      });
    }
  });

  it('PERF-6 ARC-3 npm test runs every test file in exactly one project, the tiers without Java as one project', () => {
    // npm test runs the checks beside `vitest run`: with no arguments, every file, in the shared pool (scripts/test.mjs).
    expect(scripts.test).toBe('node scripts/test.mjs');
    const runner = readFileSync(join(root, 'scripts', 'test.mjs'), 'utf8');
    expect(runner).toContain("spawn('npx', ['vitest', 'run', ...args]");
    expect(runner).toContain("args.length === 0 ? { ...process.env, ARBITER_TEST_POOL: 'shared' }");
    const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `test/${f}`);
    expect(files.length).toBeGreaterThan(50);
    const owners = (layout: readonly Project['test'][], file: string) =>
      layout.filter((p) => matches(file, p.include) && !matches(file, p.exclude)).map((p) => p.name);
    for (const file of files) {
      const tier = owners(projects, file);
      expect({ file, owners: tier.length }).toEqual({ file, owners: 1 });
      // The shared pool moves the unit, service and browser files into one project, and nothing else.
      const moved = ['unit', 'service', 'browser'].includes(tier[0] ?? '') ? ['memory'] : tier;
      expect({ file, owners: owners(pooled, file) }).toEqual({ file, owners: moved });
    }
    // Only the storage tier starts DynamoDB Local, in either layout.
    expect(pooled.find((p) => p.name === 'memory')?.globalSetup).toEqual(['test/support/build-setup.ts']);
    expect(pooled.find((p) => p.name === 'storage')).toEqual(projects.find((p) => p.name === 'storage'));
  });

  it("ARC-3 the storage tier has Node import the Lambda bundles' copies itself, as Lambda does, not through vite", () => {
    const external = projects.find((p) => p.name === 'storage')?.server?.deps?.external ?? [];
    const source = readFileSync(join(root, 'test', 'support', 'lambda-harness.ts'), 'utf8');
    // The folder the harness copies the bundles into, as mkdtemp names it.
    const prefix = /mkdtempSync\(join\(tmpdir\(\), '([^']+)'\)\)/.exec(source)?.[1];
    expect(prefix).toBe('arbiter-bundles-e2e-');
    expect(external.some((pattern) => pattern.test(`/tmp/${prefix}Ab12Cd/api-1/index.mjs`))).toBe(true);
    expect(external.some((pattern) => pattern.test('/work/main/functions/entry/api.ts'))).toBe(false);
  });
});
