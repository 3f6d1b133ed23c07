/**
 * Every game records the rules version it started on. These reference logs were decided
 * by the rules as they were; if the code now decides differently under the same version,
 * an existing game's outcome would change silently. Bump the ruleset's rulesVersion, keep
 * the older decision switched on the game's version (RUL-10: the log still re-adjudicates
 * under its own version), or re-record with `npm run fixtures`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';

const fixture = (id: string) => parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', `${id}.ndjson`), 'utf8'));

describe('rules versions', () => {
  it.each([...rulesets.values()].map((r) => [r.id, r.rulesVersion, r.rulesVersions ?? [r.rulesVersion]] as const))(
    '%s %s still decides its reference match exactly as recorded',
    (id, version, decided) => {
      const log = fixture(id);
      if (!decided.includes(log.header.rulesVersion)) {
        throw new Error(
          `${id} is now ${version} and no longer decides ${log.header.rulesVersion}, which its reference match was recorded under: run npm run fixtures and commit the new reference logs`,
        );
      }
      const results = verifyLog(log).filter((r) => r.check !== 'state');
      expect(results.filter((r) => !r.ok).map((r) => [r.verdict, ...(r.detail ?? [])].join('\n'))).toEqual([]);
      expect(log.events.length).toBeGreaterThan(20);
    },
  );
});
