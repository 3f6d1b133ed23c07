/**
 * A host name resolver for tests (REL-28): names from the test's own table, IP literals as
 * themselves, and for any other name the error `dns.lookup` gives for a name that does not
 * exist. It never asks DNS, so no test sends a query off this machine.
 */
import { isIP } from 'node:net';
import type { Resolve } from '../../functions/kernel/ports.ts';

/** A name's addresses: fixed, or computed on each lookup (a name that moves between two lookups). */
export type Answer = readonly string[] | (() => readonly string[]);

export interface FakeResolver {
  readonly resolve: Resolve;
  /** Every name it was asked for, in order. */
  readonly asked: readonly string[];
}

export const fakeResolver = (names: Readonly<Record<string, Answer>> = {}): FakeResolver => {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    if (isIP(hostname) !== 0) return [hostname];
    const answer = names[hostname];
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return typeof answer === 'function' ? answer() : answer;
  };
  return { resolve, asked };
};
