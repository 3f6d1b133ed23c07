/**
 * TRUST-7: docs/disputes.md tells a tournament director what each check proves and what it
 * cannot, in one table, and walks a dispute from a kept receipt to a verdict with the CLI. What
 * the walk prints is checked by running it against npm start (test/e2e/doc-commands.e2e.test.ts,
 * DOC-2); this file holds the page to what TRUST-7 asks of it, so that neither the table nor the
 * walk can quietly lose a proof, or the walk stop being run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../support/doc-blocks.ts';

const FILE = 'docs/disputes.md';
const text = readFileSync(join(import.meta.dirname, '..', '..', FILE), 'utf8');
const doc = parseDoc(FILE, text);

/** The body of the section headed `heading`, to the next heading of its level or higher outside a fenced block (a shell block's `# =>` is no heading). */
const section = (heading: string): string => {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${FILE} has no heading "${heading}"`);
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  let fenced = false;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && new RegExp(`^#{1,${level}} `).test(line)) {
      end = i;
      break;
    }
  }
  return lines.slice(start + 1, end).join('\n');
};

/** The rows of the first table in `body`: each row's cells, the header and its rule left out. */
const tableRows = (body: string): string[][] =>
  body
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

/** Every command of the shell blocks that lie inside `body`, run by the docs test (none skipped). */
const commandsIn = (body: string) => {
  const first = text.indexOf(body);
  const from = text.slice(0, first).split('\n').length;
  const to = from + body.split('\n').length;
  const blocks = doc.shells.filter((b) => b.line >= from && b.line <= to);
  expect(blocks.length).toBeGreaterThan(0);
  expect(blocks.filter((b) => b.skip !== null).map((b) => `${FILE}:${b.line}`)).toEqual([]);
  return blocks.flatMap((b) => b.commands);
};

describe('TRUST-7 docs/disputes.md says what each proof means', () => {
  it('TRUST-7 one table names every check, what it proves and what it cannot prove', () => {
    const rows = tableRows(section('## What each proof means'));
    const checks = rows.map(([check]) => check ?? '');
    for (const name of [
      'Hash chain',
      'Dice and seed commitment',
      'Rules',
      'State',
      'Export signature',
      'Receipts',
      "A player's command signature",
      'Key revocation',
    ]) {
      expect(
        checks.some((check) => check.includes(name)),
        name,
      ).toBe(true);
    }
    // Each row says both what it proves and what it cannot, in words.
    for (const [check, proves, cannot] of rows) {
      expect(proves?.length ?? 0, `${check}: what it proves`).toBeGreaterThan(40);
      expect(cannot?.length ?? 0, `${check}: what it cannot prove`).toBeGreaterThan(20);
    }
    // The example the issue gives: a receipt or a signature does not prove when the dice were rolled; the seed commitment does.
    const receipts = rows.find(([check]) => check?.includes('Receipts'));
    expect(receipts?.[2]).toMatch(/dice/);
  });

  it('TRUST-7 the walk goes from kept receipts to a verdict with the CLI, and catches a rewrite by receipt and line', () => {
    const commands = commandsIn(section('## A dispute, from receipt to verdict'));
    const kept = commands.find((c) => c.text.includes('jq -c .receipt >> receipts.ndjson'));
    expect(kept, "a player keeps each answer's receipt").toBeDefined();
    const verifies = commands.filter((c) => /npx arbiter verify \S+ --keys \S+ --receipts receipts\.ndjson/.test(c.text));
    expect(verifies).toHaveLength(2);
    const [honest, rewritten] = verifies;
    expect(honest?.exit).toBe(0);
    expect(honest?.shows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}consistent: proved/),
        expect.stringMatching(/^ {2}signed by this service: proved/),
        expect.stringMatching(/^ {2}matches these receipts: proved/),
      ]),
    );
    expect(rewritten?.exit).toBe(1);
    expect(rewritten?.shows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}consistent: proved/),
        expect.stringMatching(/^ {2}signed by this service: failed/),
        expect.stringMatching(/^ {2}matches these receipts: failed \(receipt 2 .*line 9/),
      ]),
    );
  });

  it("TRUST-7 a dispute settled by a player's signature is walked too, verify naming the seat, player and key", () => {
    const commands = commandsIn(section("### A dispute settled by a player's signature"));
    expect(commands.some((c) => c.text.startsWith('npx arbiter sign --new-key'))).toBe(true);
    const verify = commands.find((c) => c.text.startsWith('npx arbiter verify signed.ndjson'));
    expect(verify?.shows).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PASS {2}player signatures: 1 command\(s\) signed: seat red/)]),
    );
  });
});
