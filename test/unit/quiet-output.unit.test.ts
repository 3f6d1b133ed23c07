/**
 * DOC-5: `npm ci` and `npm test` print nothing a newcomer has to wonder about. What stays is
 * listed in the README ("Prerequisites"); the refusals of `npm start` are tested in
 * test/e2e/npm-start.e2e.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDOCLY_ARGS, REDOCLY_ENV, withoutNode20Notice } from '../../scripts/lint-openapi.ts';

const root = join(import.meta.dirname, '..', '..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

/** The installed Redocly CLI's own code (its browser bundle of Redoc aside), read once. */
let redocly: string | undefined;
const redoclyCode = (): string => {
  const lib = join(root, 'node_modules', '@redocly', 'cli', 'lib');
  const files = readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.js') && !name.includes('redoc.standalone'),
  );
  redocly ??= files.map((name) => readFileSync(join(lib, name), 'utf8')).join('\n');
  return redocly;
};

/** What Redocly CLI 2.77 writes to stderr on Node 20 before its report, as it came. */
const NOTICE = [
  '',
  '    ╔═════════════════════════════════════════════════════════════════╗',
  '    ║                                                                 ║',
  '    ║  Deprecation warning: Node.js 20 support is ending              ║',
  '    ║                                                                 ║',
  '    ║  Node.js 20 reached end-of-life on April 30, 2026.              ║',
  '    ║  Future Redocly CLI releases require Node.js 22.12.0 or later.  ║',
  '    ║  You are using Node.js v20.20.2.                                ║',
  '    ║                                                                 ║',
  '    ║  Update Node.js: https://nodejs.org/en/download                 ║',
  '    ║                                                                 ║',
  '    ╚═════════════════════════════════════════════════════════════════╝',
  '',
].join('\n');
const REPORT =
  'validating arbiter-openapi.json...\narbiter-openapi.json: validated in 1550ms\n\nWoohoo! Your API description is valid. 🎉\n\n';

describe('DOC-5 npm ci', () => {
  it('DOC-5 every package the lockfile says has an install script is approved or refused in allowScripts, so npm 11 has nothing to warn about', () => {
    const lock = json('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>;
    const scripted = Object.entries(lock)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(scripted.sort()).toEqual(['@scarf/scarf', 'esbuild']);
    // By name: the lockfile keeps no resolved URLs, and npm ignores a pinned entry it cannot verify.
    // esbuild's script fetches its binary; scarf's (swagger-ui-dist's) only reports installs, refused.
    expect(json('package.json').allowScripts).toEqual({ esbuild: true, '@scarf/scarf': false });
  });
});

describe("DOC-5 npm test's Redocly lint", () => {
  it('DOC-5 npm run lint:openapi runs through the script that quiets Redocly', () => {
    expect(json('package.json').scripts['lint:openapi']).toBe('tsx scripts/lint-openapi.ts');
  });

  it('DOC-5 the variables it sets are ones the installed Redocly CLI reads: no telemetry, no update notice', () => {
    expect(REDOCLY_ENV).toEqual({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });
    const code = redoclyCode();
    expect(code).toContain('process.env.REDOCLY_TELEMETRY!=="off"');
    expect(code).toContain('REDOCLY_SUPPRESS_UPDATE_NOTICE==="true"');
    expect(REDOCLY_ARGS).toContain('--skip-rule=info-license');
  });

  it('DOC-5 the Node 20 end-of-life box, and the blank lines around it, are dropped; the report is kept whole', () => {
    expect(withoutNode20Notice(`${NOTICE}\n${REPORT}`)).toBe(REPORT);
    expect(withoutNode20Notice(REPORT)).toBe(REPORT);
  });

  it('DOC-5 any other box Redocly prints is kept', () => {
    const other = '╔══╗\n║  Deprecation warning: build-docs switches to Redoc 3  ║\n╚══╝\n';
    expect(withoutNode20Notice(`${other}${REPORT}`)).toBe(`${other}${REPORT}`);
  });

  it('DOC-5 the installed Redocly CLI still words its notice as the filter expects, so a reworded one shows again and fails here', () => {
    const code = redoclyCode();
    expect(code).toContain('"Node.js 20 reached end-of-life on April 30, 2026."');
    expect(code).toMatch(/major\(\w+\.version\)===20&&/);
    // The box it is drawn in: ╔ on its first line, ╚ on its last.
    expect(code).toContain('"\\u2554"');
    expect(code).toContain('"\\u255A"');
  });
});
