/**
 * HALL-7 (in part): what docs/design.md states as a count is checked against the code, so it
 * cannot drift again (it said 41 routes while the table held 42, and a `MAX_BATCH` nothing
 * enforced). Each count is read from the sentence that states it and compared with the value
 * the code gives: the routes of the route table, the stream's consumers and the Lambda
 * functions the stack bundles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH } from '../../functions/games/app/budget.ts';
import { ROUTES } from '../../functions/http/route-table.ts';
import { STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { handlerEntries } from '../../infra/handlers.ts';

const DESIGN = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'design.md'), 'utf8');
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** The number a sentence of the design states, in digits or in words, from the first match of `pattern`. */
const stated = (pattern: RegExp): number => {
  const found = pattern.exec(DESIGN)?.[1];
  if (found === undefined) throw new Error(`docs/design.md no longer says ${pattern}`);
  const word = WORDS.indexOf(found.toLowerCase());
  return word >= 0 ? word : Number(found.replaceAll(',', ''));
};

describe('HALL-7 the counts docs/design.md states are the code', () => {
  it('HALL-7 the routes of the route table', () => {
    expect(stated(/\| (\d+) routes \(players, games/)).toBe(ROUTES.length);
  });

  it("HALL-7 the stream's consumers and the Lambda functions the stack bundles", () => {
    expect(stated(/The `events` stream carries every new event\. (\w+) consumers read it/)).toBe(STREAM_CONSUMERS.length);
    expect(stated(/\| (\w+) functions: those six/)).toBe(Object.keys(handlerEntries).length);
  });

  it('HALL-7 the events one command may append', () => {
    expect(stated(/of at most\s+`MAX_BATCH` \(([\d,]+)\) events/)).toBe(MAX_BATCH);
  });
});
