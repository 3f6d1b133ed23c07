/**
 * TABLE-9: axe-core run in a page the browser tests opened. The script comes from node_modules
 * (the tests talk only to loopback) and is evaluated in the page by the driver: the pages'
 * Content-Security-Policy (`script-src 'self'`) refuses a script tag with it inline, as it should.
 * Only what would stop a player is kept: violations of serious or critical impact.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One rule broken, with where: enough for a failing test's message to say what to fix. */
export interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  /** Each offending element's selector and axe's summary of what is wrong with it. */
  readonly nodes: readonly { readonly target: string; readonly summary: string }[];
}

/** The impacts TABLE-9 allows none of. */
const BLOCKING = new Set(['serious', 'critical']);

let source: string | undefined;
const axeSource = (): string => {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

/** What axe reports, as far as this helper reads it. */
interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe-core on `page` as it is now (the whole document) and gives back the serious and
 * critical violations; an empty list is a pass.
 */
export const blockingViolations = async (page: Page): Promise<Violation[]> => {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource());
  // A string: the tests' own types have no DOM, and axe is the page's global here.
  const result = (await page.evaluate('window.axe.run(document, { resultTypes: ["violations"] })')) as AxeResult;
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: n.failureSummary ?? '' })),
    }));
};
