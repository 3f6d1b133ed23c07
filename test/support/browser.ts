/**
 * Browser tests: a real Chromium (Debian's, driven by playwright-core), pages served from an
 * origin of their own, and Arbiter as `npm start` runs it. Everything stays on 127.0.0.1:
 * host names resolve to nothing, and each page records any request that leaves loopback.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium builds, the one the tests prefer first: the headless shell (Chromium's old
 * headless mode, the build playwright itself runs headless) draws the same pages with about a
 * third less CPU than the whole browser in its new headless mode (the browser tier on 2 cores:
 * 109 CPU-s against 167, docs/design.md §17).
 */
export const CHROMIUM_BUILDS: readonly string[] = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Chromium to drive: CHROMIUM_PATH, else the first of Debian's builds installed. */
export const chromiumPath = (
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): string => {
  const path = env.CHROMIUM_PATH ?? CHROMIUM_BUILDS.find(exists);
  if (path === undefined)
    throw new Error(
      'No Chromium: install the headless shell (apt-get install chromium-headless-shell, as .ci/run does), or Chromium, or set CHROMIUM_PATH.',
    );
  if (!exists(path)) throw new Error(`No Chromium at ${path} (CHROMIUM_PATH): install it, or unset CHROMIUM_PATH.`);
  return path;
};

/** Headless, no GPU, no sandbox (CI runs as root), and nothing that phones home. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No host name resolves (127.0.0.1 stays itself): nothing leaves this machine by name.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** One Chromium with a fresh temporary profile (playwright makes and removes the --user-data-dir). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS] });

const LOOPBACK = /^http:\/\/127\.0\.0\.1(?::\d+)?\//;

export interface OpenPage {
  readonly page: Page;
  /** Every request the page made to anywhere but 127.0.0.1 (a test expects none). */
  readonly strays: readonly string[];
  /** What the page reported as an error: uncaught exceptions, console errors (a refused load or eval says so there). */
  readonly errors: readonly string[];
  close(): Promise<void>;
}

/** Hands `stray` every request of the context's pages to anywhere but 127.0.0.1. */
export const recordStrays = (context: BrowserContext, stray: (url: string) => void): void => {
  context.on('request', (request) => {
    if (!LOOPBACK.test(request.url())) stray(request.url());
  });
};

/** A page in a context of its own, loaded from `url`. */
export const openPage = async (browser: Browser, url: string): Promise<OpenPage> => {
  const context: BrowserContext = await browser.newContext();
  const strays: string[] = [];
  recordStrays(context, (url) => strays.push(url));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const loaded = await page.goto(url);
  if (loaded?.status() !== 200) throw new Error(`${url} answered ${loaded?.status() ?? 'nothing'}`);
  return { page, strays, errors, close: () => context.close() };
};

/**
 * Calls the function `name` the page's own script defines, with JSON arguments, and gives
 * back its JSON result. A failure in the page comes back as an Error with the page's message.
 */
export const callInPage = async <T>(page: Page, name: string, ...args: unknown[]): Promise<T> => {
  try {
    return (await page.evaluate(
      ([fn, values]) => (globalThis as unknown as Record<string, (...a: unknown[]) => unknown>)[fn]?.(...values),
      [name, args] as const,
    )) as T;
  } catch (error) {
    // Without the page's stack frames: vitest would try to read http://127.0.0.1:…/ as a source file.
    const message = (error instanceof Error ? error.message : String(error))
      .split('\n')
      .filter((line) => !/^\s*at /.test(line))
      .join('\n');
    throw new Error(`in the page, ${name}(): ${message}`);
  }
};

export interface PageServer {
  /** `http://127.0.0.1:<port>`: the origin the pages are served from. */
  readonly origin: string;
  close(): Promise<void>;
}

/** A plain node:http server on 127.0.0.1 serving `html` at `/` (404 elsewhere): a page from an origin of its own. */
export const servePage = (html: string): Promise<PageServer> =>
  new Promise((done, fail) => {
    const server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () =>
      done({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      }),
    );
  });

export interface NpmStart {
  /** Where the API listens, as `npm start` printed it. */
  readonly url: string;
  output(): string;
  /** Ctrl-C: SIGINT to the whole process group; resolves once every process of it has let go of its output. */
  stop(): Promise<void>;
}

/**
 * `npm start -- --port 0 --memory <args>` as a user runs it, in a process group of its own
 * (npm, its shell, tsx, the runtime; DynamoDB Local goes with the runtime). Resolves when it
 * has printed its banner (where it listens, the origins it allows); rejects if it exits first.
 * `env` adds to the environment (e.g. ARBITER_DYNAMODB_ENDPOINT, to use the suite's DynamoDB Local).
 */
export const startNpmStart = (args: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Promise<NpmStart> =>
  new Promise((done, fail) => {
    const child: ChildProcess = spawn('npm', ['start', '--', '--port', '0', '--memory', ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const closed = new Promise<void>((c) => child.once('close', () => c()));
    let output = '';
    let url = '';
    const stop = async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGINT');
      await closed;
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // The banner's last line: by then it has said where it listens and which origins it allows.
      const listening = /listening on (\S+)[\s\S]*Ctrl-C stops everything/.exec(output);
      if (listening && url === '') {
        url = listening[1] ?? '';
        done({ url, output: () => output, stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (url === '') fail(new Error(`npm start exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

/**
 * `npm start` (with `args` and `env`) and a Chromium, started together for a file of browser tests
 * against the real service. If either fails to come up, the other is stopped before the failure
 * is thrown, so nothing is left running for the file's afterAll to miss.
 */
export const startNpmStartAndBrowser = async (
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<{ readonly arbiter: NpmStart; readonly browser: Browser }> => {
  const [started, launched] = await Promise.allSettled([startNpmStart(args, env), launchBrowser()]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled') return { arbiter: started.value, browser: launched.value };
  if (started.status === 'fulfilled') await started.value.stop();
  if (launched.status === 'fulfilled') await launched.value.close();
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
};

/**
 * VIEW-17: where the browser tests put their screenshots. A temporary folder, so `npm test`
 * never rewrites tracked files; `npm run screenshots` sets ARBITER_SCREENSHOTS=docs and they
 * go to docs/screenshots, where the README and docs show them.
 */
export const screenshotsDir = (env: Readonly<Record<string, string | undefined>> = process.env): string => {
  const dir = screenshotsForDocs(env)
    ? join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
    : mkdtempSync(join(tmpdir(), 'arbiter-shots-'));
  mkdirSync(dir, { recursive: true });
  return dir;
};

/**
 * VIEW-17: whether this run makes the docs' pictures (`npm run screenshots`). A picture no test
 * asserts on is taken only then: each costs Chromium about 0.3 CPU-s (docs/design.md §17).
 */
export const screenshotsForDocs = (env: Readonly<Record<string, string | undefined>> = process.env): boolean =>
  env.ARBITER_SCREENSHOTS === 'docs';
