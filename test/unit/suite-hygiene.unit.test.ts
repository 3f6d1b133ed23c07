/**
 * The suite's own guards (REL-16, REL-17): tests wait on conditions, not on the clock, so
 * they pass with both cores busy; and nothing in a test is left to chance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const files = testFiles(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

/** Every fixed wait in the suite, and why it is not a wait for a condition. */
const DELIBERATE_WAITS: Readonly<Record<string, { count: number; why: string }>> = {
  'support/client.ts': { count: 1, why: '`eventually` polls its condition every 100 ms' },
  'e2e/npm-start.e2e.test.ts': { count: 1, why: 'polls the child process output until it says where it listens' },
  'service/keep-alive.service.test.ts': { count: 1, why: "the idle gap past Node's default keep-alive is what REL-10 tests" },
  'service/waiting.service.test.ts': {
    count: 1,
    why: 'a gap before the command, so the long poll is already waiting (PBM-8); the span a hung-up wait would read in (REL-23)',
  },
  'e2e/crash.e2e.test.ts': { count: 1, why: 'polls until the killed runtime has written some acknowledgements' },
  'service/inv-9-tournament-races.service.test.ts': {
    count: 1,
    why: 'the memory store answers after 5 ms, as DynamoDB would, so that concurrent joins race as they do on AWS (INV-9)',
  },
};

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

describe('the suite itself', () => {
  it('REL-16 no test sleeps a fixed time instead of waiting on a condition, but for the deliberate waits listed with their reason', () => {
    const sleeping = files
      .map((f) => ({ path: f.path, waits: count(f.text, /setTimeout\(/g) }))
      .filter((f) => f.waits > 0)
      .map((f) => [f.path, f.waits]);
    const allowed = Object.entries(DELIBERATE_WAITS)
      .filter(([path]) => files.some((f) => f.path === path))
      .map(([path, { count: n }]) => [path, n]);
    expect(Object.fromEntries(sleeping)).toEqual(Object.fromEntries(allowed));
  });

  it('REL-17 no test draws from Math.random: randomness in tests comes from fixed seeds or holds for every value', () => {
    expect(files.filter((f) => f.path !== 'unit/suite-hygiene.unit.test.ts' && /Math\.random/.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it('REL-17 every fast-check run of the fuzz fixes its seed', () => {
    const fuzz = files.find((f) => f.path === 'int/fuzz.int.test.ts')?.text ?? '';
    expect(fuzz).toMatch(/seed: SEED/);
  });
});
