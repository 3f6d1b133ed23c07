/**
 * ARC-10: docs/design.md §18 follows one command through the files it passes, and §19 says how
 * to add a route, a command and an adapter. A newcomer follows those paths, so each file they
 * name must exist: a rename that forgets the document fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const design = readFileSync(join(ROOT, 'docs/design.md'), 'utf8');

/** The text of `## N.` up to the next `## ` heading. */
const section = (n: number): string => {
  const start = design.indexOf(`\n## ${n}. `);
  const end = design.indexOf('\n## ', start + 1);
  return design.slice(start, end === -1 ? undefined : end);
};

/** Paths of our files the text names in backticks, e.g. `functions/games/app/commands.ts`. */
const pathsIn = (text: string): string[] => [
  ...new Set(
    [...text.matchAll(/`((?:domain|functions|infra|test|scripts|bench|web|docs)\/[\w./-]+\.(?:ts|md|c))`/g)].map((m) => m[1] ?? ''),
  ),
];

describe('ARC-10 the walk-through and the recipes name what exists', () => {
  it.each([18, 19])('ARC-10 every file §%i names exists', (n) => {
    const text = section(n);
    expect(text.length).toBeGreaterThan(500);
    const paths = pathsIn(text);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('ARC-10 the walk-through reaches the table, the stream, the projector, the phase timer and a webhook', () => {
    const paths = pathsIn(section(18));
    for (const file of [
      'functions/http/route-table.ts',
      'functions/games/app/commands.ts',
      'functions/adapters/event-store.ts',
      'functions/stream/projector.ts',
      'functions/scheduler/phase-timer.ts',
      'functions/webhooks/deliver.ts',
    ]) {
      expect(paths, file).toContain(file);
    }
  });
});
