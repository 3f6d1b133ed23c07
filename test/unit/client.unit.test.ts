/** API-2: the typed client's types are generated from the spec, so the two cannot drift apart. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('API-2 the spec cannot drift', () => {
  it('API-2 client/arbiter.d.ts is what `npm run client` generates from the current /openapi.json', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'arbiter-client-')), 'arbiter.d.ts');
    // What `npm run client` runs, in one Node process (npx and tsx's own launcher each add one).
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-client.ts', out], { stdio: 'pipe' });
    // Not toEqual on 3,000 lines: the message says what to run.
    expect(
      readFileSync(out, 'utf8') === readFileSync('client/arbiter.d.ts', 'utf8'),
      'run `npm run client` and commit client/arbiter.d.ts',
    ).toBe(true);
  }, 60_000);
});
