/**
 * What every browser test file starts with: the pages built as `npm ci` builds them, one memory
 * runtime serving them and the API, and one Chromium; each page the file opens is closed after
 * it, then the browser and the runtime.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { launchBrowser, type OpenPage, openPage } from './browser.ts';
import { ensureBuilt } from './build-setup.ts';
import { startServiceRuntime } from './http.ts';

export interface BrowserSession {
  /** Where the runtime listens: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** A page of this runtime (`path`, `/` by default) in a browser context of its own. */
  open(path?: string): Promise<OpenPage>;
}

export const browserSession = (): BrowserSession => {
  let runtime: MemoryRuntime | undefined;
  let browser: Browser | undefined;
  const pages: OpenPage[] = [];
  beforeAll(async () => {
    ensureBuilt('web');
    [runtime, browser] = await Promise.all([startServiceRuntime(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(pages.map((p) => p.close()));
    await browser?.close();
    await runtime?.stop();
  });
  const started = () => {
    if (!runtime || !browser) throw new Error('the browser session starts in beforeAll: use it inside a test');
    return { runtime, browser };
  };
  return {
    get url() {
      return started().runtime.url;
    },
    async open(path = '/') {
      const { runtime: r, browser: b } = started();
      const opened = await openPage(b, `${r.url}${path}`);
      pages.push(opened);
      return opened;
    },
  };
};
