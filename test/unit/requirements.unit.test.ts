/**
 * ARC-9: docs/requirements.md is the one place a requirement ID is defined. Code comments,
 * test names and docs cite IDs; each must be listed there, once, as `- **ID** …`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const LIST = join(ROOT, 'docs', 'requirements.md');

/** Every requirement prefix the issues have used; rule points (PG-, SOL-, GSC-, PIG-) live in docs/rules/ instead. */
const PREFIXES = [
  'REL',
  'PBM',
  'API',
  'RUL',
  'VIEW',
  'PERF',
  'AWS',
  'ARC',
  'DOC',
  'TB',
  'CLUB',
  'INV',
  'HALL',
  'COST',
  'TABLE',
  'TRUST',
  'OPS',
];
const ID = new RegExp(`\\b(?:${PREFIXES.join('|')})-\\d+\\b`, 'g');

/** Where IDs are cited: the code, the tests, the tools and the docs (the list itself aside). */
const SCANNED = [
  'domain',
  'functions',
  'infra',
  'web',
  'render',
  'scenarios',
  'scripts',
  'bench',
  'test',
  'docs',
  'client',
  'tools',
  'stryker',
  '.ci',
  'README.md',
];
const TEXT = /\.(ts|mts|mjs|js|md|json|html)$|^run$/;
/** Installed and built code: what it cites, its source cites. */
const SKIPPED = new Set(['node_modules', 'dist']);

const filesUnder = (path: string): string[] => {
  const entries = readdirSync(path, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const full = join(path, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
};

const scannedFiles = (): string[] =>
  SCANNED.flatMap((name) => {
    const full = join(ROOT, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  }).filter((file) => file !== LIST);

/** Each cited ID and the first file that cites it. */
const citedIds = (): Map<string, string> => {
  const cited = new Map<string, string>();
  for (const file of scannedFiles()) {
    for (const [id] of readFileSync(file, 'utf8').matchAll(ID)) if (!cited.has(id)) cited.set(id, relative(ROOT, file));
  }
  return cited;
};

/** The IDs the list defines: its `- **ID** …` lines, in order, repeats kept. */
const listedIds = (): string[] =>
  readFileSync(LIST, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const id = /^- \*\*([A-Z]+-\d+)\*\* /.exec(line)?.[1];
      return id ? [id] : [];
    });

describe('docs/requirements.md', () => {
  it('ARC-9 every requirement ID cited in code, tests or docs is listed in docs/requirements.md', () => {
    const listed = new Set(listedIds());
    const missing = [...citedIds()].filter(([id]) => !listed.has(id)).map(([id, file]) => `${id} (cited in ${file})`);
    expect(missing).toEqual([]);
  });

  it('ARC-9 each ID is listed once', () => {
    const seen = new Set<string>();
    const repeated = listedIds().filter((id) => seen.has(id) || !seen.add(id));
    expect(repeated).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
  });
});
