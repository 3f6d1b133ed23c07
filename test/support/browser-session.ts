/**
 * What every browser test file starts with: the pages built as `npm ci` builds them, one memory
 * runtime serving them and the API, and a Chromium to open them in.
 *
 * Chromium's CPU is in its contexts and page loads, not in the pages' own scripts (docs/design.md
 * §17): a new context costs about 1.5 CPU-s, the viewer loaded in it 2 to 3, a navigation in a
 * page that is already open about 0.65. So one Chromium serves every browser file a worker runs
 * (the `browser` project shares its modules, `isolate: false`; playwright kills it when the
 * worker exits), and its pages are kept: `open()` takes an idle page and navigates it afresh,
 * or makes one (in a context of its own) when none is idle. A page goes back once the test that
 * opened it, and any test running beside it, has finished. A navigation leaves nothing of the last
 * document behind; what a context would keep beyond it (cookies, the HTTP cache) the pages do not
 * use, but the lobby keeps its key in the origin's storage, so a test of it starts from
 * `freshPage` (browser-lobby.ts). The context's own log of requests (`strays`) and errors start
 * empty each time.
 * Each file keeps a runtime of its own, so no file sees another's players or games.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { launchBrowser, type OpenPage, recordStrays } from './browser.ts';
import { ensureBuilt } from './build-setup.ts';
import { startServiceRuntime } from './http.ts';

export interface BrowserSession {
  /** Where the runtime listens: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /**
   * A page of this runtime (`path`, `/` by default), alone in its browser context, freshly
   * navigated, at playwright's default viewport (1280×720), with no strays or errors recorded yet.
   * It is the test's until the test ends or it calls `close()`; then the next `open()` may reuse it.
   */
  open(path?: string): Promise<OpenPage>;
}

/** A page kept for reuse, with the lists its context's listeners fill for whoever holds it now. */
interface Kept {
  readonly context: BrowserContext;
  readonly page: Page;
  strays: string[];
  errors: string[];
}

/** playwright's viewport for a new context: a reused page gets it back. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 } as const;

let chromium: Promise<Browser> | undefined;
const idle: Kept[] = [];

const sharedChromium = (): Promise<Browser> => {
  chromium ??= launchBrowser();
  return chromium;
};

/**
 * Sends a page to about:blank: true once it is there. A navigation the last holder started (an
 * error page still committing) may interrupt a try, and a later try may be reported interrupted
 * though the page got there; a page that will not go is dropped.
 */
const blank = async (page: Page): Promise<boolean> => {
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      await page.goto('about:blank');
      return true;
    } catch {
      if (page.url() === 'about:blank') return true;
    }
  }
  return false;
};

const keep = async (): Promise<Kept> => {
  for (let free = idle.pop(); free; free = idle.pop()) {
    // The last test's document goes first, so nothing it still does reaches the next test's lists.
    if (free.page.isClosed() || !(await blank(free.page))) {
      await free.context.close().catch(() => undefined);
      continue;
    }
    await free.page.removeAllListeners();
    await free.page.setViewportSize(DEFAULT_VIEWPORT);
    return free;
  }
  const context = await (await sharedChromium()).newContext();
  const page = await context.newPage();
  const kept: Kept = { context, page, strays: [], errors: [] };
  recordStrays(context, (url) => kept.strays.push(url));
  return kept;
};

export const browserSession = (): BrowserSession => {
  let runtime: MemoryRuntime | undefined;
  let running = 0;
  /** Pages opened by the tests now running; back to `idle` when the last of them finishes. */
  let held: Kept[] = [];
  beforeAll(async () => {
    ensureBuilt('web');
    [runtime] = await Promise.all([startServiceRuntime(), sharedChromium()]);
  });
  beforeEach(() => {
    running += 1;
  });
  afterEach(() => {
    running -= 1;
    if (running === 0) {
      idle.push(...held);
      held = [];
    }
  });
  afterAll(async () => {
    idle.push(...held);
    held = [];
    await runtime?.stop();
  });
  const started = () => {
    if (!runtime) throw new Error('the browser session starts in beforeAll: use it inside a test');
    return runtime;
  };
  return {
    get url() {
      return started().url;
    },
    async open(path = '/') {
      const url = `${started().url}${path}`;
      const kept = await keep();
      held.push(kept);
      kept.strays = [];
      kept.errors = [];
      const { page } = kept;
      page.on('pageerror', (error) => kept.errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') kept.errors.push(message.text());
      });
      const loaded = await page.goto(url);
      if (loaded?.status() !== 200) throw new Error(`${url} answered ${loaded?.status() ?? 'nothing'}`);
      return {
        page,
        strays: kept.strays,
        errors: kept.errors,
        // Back to the pool now rather than when the test ends: the test is done with it.
        close: async () => {
          if (!held.includes(kept)) return;
          held = held.filter((k) => k !== kept);
          idle.push(kept);
        },
      };
    },
  };
};
