/**
 * HALL-3: the stream's consumers are declared once (functions/stream/consumers/), and every host
 * composes from that list: each is a Lambda of its own whose entry the stack bundles
 * (infra/handlers.ts) and which runs that consumer, `npm start`'s stream poller runs each
 * (`pollerConsumers`), and so does the memory runtime's stream. A consumer added to the list
 * and missing from any of them fails here; the stack's subscriptions are checked against the
 * same list in test/stack.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { handlerEntries } from '../../infra/handlers.ts';
import { pollerConsumers } from '../../infra/local/runtime.ts';
import { startServiceRuntime } from '../support/http.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NAMES = STREAM_CONSUMERS.map((c) => c.name);
/** A consumer's key among the stack's functions: `timer-reactor` is `timerReactor`. */
const keyOf = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const runtime = await startServiceRuntime();
afterAll(() => runtime.stop());

describe('HALL-3 one list of stream consumers', () => {
  it('HALL-3 lists the four consumers once, in the order each batch reaches them', () => {
    expect(NAMES).toEqual(['projector', 'timer-reactor', 'publisher', 'tournaments']);
    expect(new Set(NAMES).size).toBe(NAMES.length);
  });

  it('HALL-3 each consumer is a Lambda whose entry the stack bundles and which runs that consumer from the list', () => {
    for (const c of STREAM_CONSUMERS) {
      const entry = handlerEntries[keyOf(c.name) as keyof typeof handlerEntries];
      expect(entry, c.name).toBe(`functions/stream/${c.name}.ts`);
      const source = readFileSync(join(ROOT, entry), 'utf8');
      expect(source, entry).toContain(`from './consumers/${c.name}.ts'`);
      expect(source, entry).toMatch(/export const handler = /);
    }
  });

  it("HALL-3 npm start's stream poller and the memory runtime's stream run every consumer of the list, in its order", () => {
    const deps = createMemoryDeps(everyRuleset());
    expect(pollerConsumers({ deps, scheduler: null, bus: null }).map((c) => c.name)).toEqual(NAMES);
    expect(runtime.stream.consumerNames).toEqual(NAMES);
  });
});
