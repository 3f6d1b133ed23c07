/**
 * `npm run fixtures [-- <id>...]`: record every reference match (or just the ones named)
 * into test/fixtures/logs: one per rule system, keyed by its id, and the sample battles (DOC-7).
 * The rules-version test re-adjudicates them with the current code: if a rule change
 * alters what an existing game would decide, that test fails until the ruleset's
 * rulesVersion is bumped and the fixtures are recorded again (deliberately, with this).
 * Each is kept under its version too (test/fixtures/logs/versions): every version stays
 * verifiable, and its reference log proves it after newer ones replace it here (RUL-10).
 * Only a rule system's own reference is: RUL-10 keeps one log per version, and a sample
 * battle is not the reference of its version.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rulesets } from '../domain/rulesets.ts';
import { serializeLog } from '../domain/verify/log.ts';
import { REFERENCE_MATCHES } from '../test/support/finished-games.ts';

const dir = resolve(import.meta.dirname, '..', 'test', 'fixtures', 'logs');
const only = process.argv.slice(2);
for (const id of only.length > 0 ? only : Object.keys(REFERENCE_MATCHES)) {
  const log = REFERENCE_MATCHES[id]?.();
  if (!log) throw new Error(`no reference match for ${id}`);
  const file = join(dir, `${id}.ndjson`);
  writeFileSync(file, serializeLog(log.header, log.events));
  if (!rulesets.has(id)) {
    console.log(`${file}: ${log.events.length} events under ${log.header.rulesVersion}`);
    continue;
  }
  mkdirSync(join(dir, 'versions'), { recursive: true });
  writeFileSync(join(dir, 'versions', `${log.header.rulesVersion}.ndjson`), serializeLog(log.header, log.events));
  console.log(`${file} (and versions/${log.header.rulesVersion}.ndjson): ${log.events.length} events under ${log.header.rulesVersion}`);
}
