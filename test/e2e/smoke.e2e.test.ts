/**
 * AWS-1 the deployed-stack smoke test, run against `npm start` so it cannot rot: the same
 * `npm run smoke` a deployer runs, with a three-second deadline instead of two minutes and
 * its webhook receiver on 127.0.0.1 (the runtime started with --allow-loopback-webhooks).
 * Every request goes to this machine's loopback.
 *
 * npm start uses the storage tier's DynamoDB Local (fresh tables of its own): npm start's own
 * JVM is test/e2e/npm-start.e2e.test.ts's subject, not the smoke's. One case runs the real
 * `npm run smoke`, the deployer's path from npm to its exit code; the failing check and the
 * refusal run the same command line in this process (tools/ops/smoke-command.ts, which
 * scripts/smoke.ts hands its argv and exits with), each saving an npm and a tsx start.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { smokeCommand } from '../../tools/ops/smoke-command.ts';
import { type NpmStart, startNpmStart } from '../support/browser.ts';
import { closedPort } from '../support/webhook-receiver.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

/** `npm run smoke -- …`: its exit code and what it printed. */
const smoke = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'smoke', '--', ...args], { cwd: root, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/** The same command line in this process: its exit code and what it printed, line by line as the script prints it. */
const smokeHere = async (...args: string[]) => {
  let stdout = '';
  let stderr = '';
  const code = await smokeCommand(args, {
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
  });
  return { code, stdout, stderr };
};

const CHECKS = [
  'two players register',
  'webhook subscribed',
  'a match starts with a deadline',
  'the projection catches up',
  'the webhook arrives, signed',
  'the deadline passes with nobody acting',
  'the match ends',
  'the exported log verifies',
];

/** Each check's line: status, name, seconds. */
const checkLines = (stdout: string) =>
  stdout
    .split('\n')
    .map((l) => /^ {2}(ok|FAIL|skipped) +(.+?) +(\d+\.\d) s {2}(.*)$/.exec(l))
    .flatMap((m) => (m ? [{ status: m[1], name: m[2], seconds: Number(m[3]), detail: m[4] ?? '' }] : []));

let server: NpmStart;

beforeAll(async () => {
  server = await startNpmStart(['--allow-loopback-webhooks'], {
    ARBITER_DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    ARBITER_TABLE_PREFIX: `smoke${randomBytes(4).toString('hex')}-`,
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe('AWS-1 npm run smoke against npm start', () => {
  it('AWS-1 plays a match with a real deadline and passes every check, each printed with its timing, exit 0', async () => {
    const { code, stdout } = await smoke('--url', server.url, '--deadline', 'PT3S');
    expect(code, stdout).toBe(0);
    const lines = checkLines(stdout);
    expect(lines.map((l) => [l.status, l.name])).toEqual(CHECKS.map((name) => ['ok', name]));
    const detail = Object.fromEntries(lines.map((l) => [l.name, l.detail]));
    expect(detail['the webhook arrives, signed']).toMatch(/^seat-awaited for g_\w+, Standard Webhooks signature verified$/);
    // Written by the system (the smoke fails otherwise) while nobody acted, after the deadline.
    expect(detail['the deadline passes with nobody acting']).toMatch(
      /^DeadlinePassed \(t1-command\) at seq 7, -?\d+\.\d s after the deadline$/,
    );
    expect(detail['the exported log verifies']).toMatch(/chain, seed, dice, rules, state hold/);
    expect(stdout).toMatch(/^PASS: 8 of 8 checks passed in \d+\.\d s$/m);
  }, 120_000);

  it('AWS-1 a webhook that never reaches the receiver fails its check, skips the rest and exits 1', async () => {
    // The API is told a URL where nothing listens, so no delivery can reach the smoke's receiver.
    const nowhere = `http://127.0.0.1:${await closedPort()}/hooks`;
    const { code, stdout } = await smokeHere('--url', server.url, '--deadline', 'PT1H', '--webhook-url', nowhere, '--webhook-wait', '3');
    expect(code, stdout).toBe(1);
    const lines = checkLines(stdout);
    expect(lines.map((l) => l.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'FAIL', 'skipped', 'skipped', 'skipped']);
    expect(lines[4]?.detail).toMatch(/^no verified delivery for g_\w+ within 3 s/);
    expect(stdout).toMatch(/^FAIL: 4 of 8 checks passed/m);
  }, 60_000);

  it('AWS-1 a deployed API without a public webhook URL is refused before anything is sent, exit 2', async () => {
    const { code, stdout, stderr } = await smokeHere('--url', 'https://abc123.execute-api.eu-west-1.amazonaws.com/');
    expect(code).toBe(2);
    expect(stderr).toMatch(/is not this machine: its webhooks go only to public https URLs.*--webhook-url/);
    expect(stdout).toBe('');
  });
});
