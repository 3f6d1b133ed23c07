/**
 * PERF-1 cold start: every Lambda bundle, built with the stack's esbuild settings, stays
 * under 600 KiB (its chunks loaded on first use included), loads no rule system at cold start
 * where it loads them on first need (the API, the phase timer), carries no zod locale but English (the API's messages), and leaves out
 * only credential sources it loads lazily (so a missing one can never break a load).
 * Nor does any of our modules in a bundle build a zod schema (or parse with one) while it
 * loads: schemas are built on first use, so a cold start pays only for what it runs. The
 * functions that only read games carry no ruleset's referee, and those that parse nothing
 * carry no zod, those that deliver no webhook carry no sender, and no bundle keeps an arrow
 * function (V8 parses those in full at load; see infra/handlers.ts). Structure only: how long
 * a bundle takes to load is `npm run bench`'s business.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesetIds } from '../../domain/ruleset-list.ts';
import { ReadableStream as ReadableStreamStandIn } from '../../functions/shims/stream-web.ts';
import { setTimeout as setTimeoutStandIn } from '../../functions/shims/timers.ts';
import { handlerEntries, unreachedModules } from '../../infra/handlers.ts';
import { type BundleReport, bundleHandler, foreignZodLocales, ROOT } from '../../scripts/check-bundles.ts';
import { loadTimeSchemaCalls } from '../../scripts/load-time-schemas.ts';

const SIZE_LIMIT = 600 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'arbiter-perf1-'));
const bundles = new Map<string, BundleReport>();

beforeAll(async () => {
  const built = await Promise.all(
    Object.entries(handlerEntries).map(
      async ([name, entry]) => [name, await bundleHandler(resolve(ROOT, entry), join(dir, name))] as const,
    ),
  );
  for (const [name, report] of built) bundles.set(name, report);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const functions = Object.keys(handlerEntries);

/** The modules (repository paths) a function's bundle keeps code of; tree-shaken ones left out. */
const bundled = (name: string): string[] => [...(bundles.get(name)?.inputs ?? [])].filter(([, bytes]) => bytes > 0).map(([path]) => path);

/** Each module's load-time schema calls, `path:line text`; parsed once, though most modules are in several bundles. */
const scanned = new Map<string, string[]>();
const callsAtLoad = (path: string): string[] => {
  let calls = scanned.get(path);
  if (!calls) {
    calls = loadTimeSchemaCalls(readFileSync(resolve(ROOT, path), 'utf8'), path).map((call) => `${path}:${call.line} ${call.text}`);
    scanned.set(path, calls);
  }
  return calls;
};
/** The functions that fold games but never decide a command. */
const READ_ONLY = ['projector', 'timerReactor', 'publisher', 'webhooks'];
/**
 * The functions that parse nothing (the others validate requests, commands or queue messages).
 * Every module-level schema is a `z.lazy` call annotated pure, so esbuild drops the schemas a
 * bundle never uses, and zod with them when it uses none.
 */
const ZOD_FREE = ['projector', 'timerReactor', 'publisher', 'web'];
const VALIDATING = functions.filter((name) => !ZOD_FREE.includes(name));
/** The functions that deliver webhooks: the API (its test ping) and the webhook worker. */
const DELIVERING = ['api', 'webhooks'];
const NOT_DELIVERING = functions.filter((name) => !DELIVERING.includes(name));
/** The functions that load each rule system when a game first needs it (a catalogue over domain/ruleset-list.ts); the tournament reactor opens games (CLUB-4). */
const LOADING_ON_NEED = ['api', 'phaseTimer', 'tournaments'];
/** A module of a rule system's own folder. */
const RULESET_FOLDER = /^domain[\\/](post-galactica|soluna|gsc2)[\\/]/;
/** Built-ins our bundles imported for a name or two; importing one as an ES module builds every export. */
const UNUSED_BUILTINS = ['node:stream/web', 'node:timers', 'node:net'];

describe('PERF-1 Lambda bundles', () => {
  it.each(functions)('PERF-1 %s: at most 600 KiB, with the chunks it loads on first use', (name) => {
    const report = bundles.get(name);
    expect(report?.size).toBeGreaterThan(0);
    expect(report?.totalSize ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(SIZE_LIMIT);
  });

  it.each(LOADING_ON_NEED)(
    'PERF-1 %s loads no rule system at cold start: each ruleset (fold and referee) is a chunk of its own, loaded on first need',
    (name) => {
      const report = bundles.get(name);
      // Only the CommandDocs are at load: the list knows every ruleset's commands from the start.
      const rulesetCode = (paths: Iterable<string>) =>
        [...paths].filter((path) => RULESET_FOLDER.test(path) && !/command-docs\.ts$/.test(path));
      expect(rulesetCode(report?.atLoad ?? [])).toEqual([]);
      for (const id of rulesetIds) {
        const holding = (report?.onDemand ?? []).filter((chunk) => chunk.inputs.includes(join('domain', id, 'ruleset.ts')));
        expect(holding.length, id).toBe(1);
        expect(rulesetCode(holding[0]?.inputs ?? []).length, id).toBeGreaterThan(5);
      }
    },
  );

  it.each(READ_ONLY)('PERF-1 %s imports every fold at start, so it has no chunk to load on first need for a ruleset', (name) => {
    const report = bundles.get(name);
    expect([...(report?.atLoad ?? [])].filter((path) => /^domain[\\/][^\\/]+[\\/]fold\.ts$/.test(path)).length).toBe(rulesetIds.length);
    expect((report?.onDemand ?? []).flatMap((chunk) => chunk.inputs).filter((path) => RULESET_FOLDER.test(path))).toEqual([]);
  });

  it.each(functions)('PERF-1 %s: no zod locale other than English in the output', (name) => {
    const inputs = bundles.get(name)?.inputs ?? new Map();
    expect(foreignZodLocales(inputs)).toEqual([]);
  });

  it('PERF-1 the functions that validate with zod carry its English messages', () => {
    for (const name of VALIDATING) {
      const inputs = bundles.get(name)?.inputs ?? new Map();
      const english = [...inputs].find(([path]) => /node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]en\.js$/.test(path));
      expect(english?.[1], name).toBeGreaterThan(0);
    }
  });

  it.each(ZOD_FREE)('PERF-1 %s parses nothing with zod, and bundles none of it', (name) => {
    const zod = bundled(name).filter((path) => /node_modules[\\/]zod[\\/]/.test(path));
    expect(bundles.get(name)?.size ?? 0).toBeGreaterThan(0);
    expect(zod).toEqual([]);
  });

  it.each(functions)(
    'PERF-1 %s: imports at load only Node built-ins; the left-out credential sources and browser-only modules only lazily',
    (name) => {
      const imports = bundles.get(name)?.imports ?? [];
      const external = new Set<string>(unreachedModules);
      for (const { path, kind } of imports) {
        if (path.startsWith('node:')) continue;
        expect(external.has(path), `${name} imports ${path}`).toBe(true);
        expect(kind, `${name} imports ${path}`).toBe('dynamic-import');
      }
    },
  );

  it.each(functions)('PERF-1 %s: loads node:http only when it sends plain http (importing it on Node 22 loads undici)', (name) => {
    const imports = bundles.get(name)?.imports ?? [];
    expect(imports.length, name).toBeGreaterThan(0);
    expect(imports.filter(({ path, kind }) => /^(node:)?http$/.test(path) && kind !== 'dynamic-import')).toEqual([]);
  });

  it.each(functions)('PERF-1 %s: none of our modules in the bundle builds or uses a zod schema while it loads', (name) => {
    const ours = [...(bundles.get(name)?.inputs.keys() ?? [])].filter((path) => /^(domain|functions)[\\/].*\.ts$/.test(path));
    const atLoad = ours.flatMap(callsAtLoad);
    expect(ours.length, name).toBeGreaterThan(0);
    expect(atLoad).toEqual([]);
  });

  it.each(functions)('PERF-1 %s: esbuild wrote every arrow function as a function expression, which V8 compiles on first call', (name) => {
    const files = bundles.get(name)?.files ?? [];
    expect(files.length, name).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file, 'utf8').match(/.{0,40}=>.{0,40}/g) ?? [], file).toEqual([]);
  });

  it.each(functions)(
    'PERF-1 %s: imports none of node:stream/web, node:timers or node:net at load (each builds its whole export list, unused)',
    (name) => {
      const imports = bundles.get(name)?.imports ?? [];
      expect(imports.length, name).toBeGreaterThan(0);
      expect(imports.filter(({ path }) => UNUSED_BUILTINS.includes(path))).toEqual([]);
    },
  );

  it("PERF-1 the API takes middy's ReadableStream from the stand-in (the check above can see middy)", () => {
    const inputs = bundled('api');
    expect(inputs.some((path) => /node_modules[\\/]@middy[\\/]core[\\/]/.test(path))).toBe(true);
    expect(inputs).toContain(join('functions', 'shims', 'stream-web.ts'));
  });

  it.each(NOT_DELIVERING)('PERF-1 %s delivers no webhook: it bundles no sender, address guard or ipaddr.js', (name) => {
    const inputs = bundled(name);
    expect(inputs.length, name).toBeGreaterThan(0);
    expect(inputs.filter((path) => /webhook-sender\.ts$|address-guard\.ts$|node_modules[\\/]ipaddr\.js[\\/]/.test(path))).toEqual([]);
  });

  it('PERF-1 the functions that deliver do bundle the sender (the check above can see it)', () => {
    for (const name of DELIVERING) {
      const inputs = bundled(name);
      expect(
        inputs.some((path) => /functions[\\/]adapters[\\/]webhook-sender\.ts$/.test(path)),
        name,
      ).toBe(true);
    }
  });

  it("PERF-1 the API and the clubs leave the OpenAPI document, the routes' answers and JSON Schema to the documentation function, which has them", () => {
    const describing = (name: string) =>
      bundled(name).filter((path) =>
        /functions[\\/]docs[\\/]http[\\/](openapi|components|routes)\.ts$|functions[\\/]http[\\/]openapi-(parts\.ts|examples\.ts|examples\.json)$|zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/.test(
          path,
        ),
      );
    expect(describing('api')).toEqual([]);
    expect(describing('clubs')).toEqual([]);
    expect(describing('docs').length).toBe(8);
  });

  it("PERF-1 HALL-1 each HTTP function bundles the declarations of its own features' routes, and no other's", () => {
    const declaring = (name: string) =>
      bundled(name)
        .map((path) => /^functions[\\/](\w+)[\\/]http[\\/]operations\.ts$/.exec(path)?.[1])
        .filter((feature) => feature !== undefined)
        .sort();
    expect(declaring('api')).toEqual(['games', 'notifications', 'players']);
    expect(declaring('clubs')).toEqual(['clubs', 'tournaments']);
    // The document lists every route.
    expect(declaring('docs')).toEqual(['clubs', 'docs', 'games', 'notifications', 'players', 'tournaments']);
  });

  it.each(DELIVERING)('PERF-1 %s loads the address guard (and ipaddr.js, which builds its tables as it loads) on first use', (name) => {
    expect(bundles.get(name)?.lazy).toContain(join('functions', 'notifications', 'app', 'address-guard.ts'));
  });

  it.each(READ_ONLY)("PERF-1 %s only reads games: it bundles the rulesets' folds and none of their referees", (name) => {
    const ours = bundled(name);
    expect(ours.filter((path) => /^domain[\\/][^\\/]+[\\/]fold\.ts$/.test(path)).length, name).toBeGreaterThanOrEqual(3);
    expect(ours.filter((path) => /^domain[\\/](rulesets\.ts|[^\\/]+[\\/](decide|ruleset)\.ts)$/.test(path))).toEqual([]);
  });
});

describe('PERF-1 the locale check', () => {
  it('PERF-1 finds a foreign locale when one is in the output, and ignores English and shaken-out files', () => {
    const inputs = new Map([
      ['node_modules/zod/v4/locales/en.js', 2688],
      ['node_modules/zod/v4/locales/fr.js', 3142],
      ['node_modules/zod/v4/locales/de.js', 0],
      ['domain/match/state.ts', 900],
    ]);
    expect(foreignZodLocales(inputs)).toEqual(['node_modules/zod/v4/locales/fr.js']);
  });

  it('PERF-1 the load-time check finds schemas built or used at load and lazies not annotated pure, and leaves function bodies alone', () => {
    const source = [
      "import * as z from 'zod';",
      'export const eager = z.object({ n: z.number() });',
      'export const lazy = /* @__PURE__ */ z.lazy(() => z.object({ n: z.number() }));',
      'const optional = lazy.optional();',
      'export const build = () => z.string().min(1);',
      'const parsed = lazy.parse({ n: 1 });',
      'const biggest = Math.max(1, 2);',
      'const kept = z.lazy(() => z.string());',
    ].join('\n');
    expect(loadTimeSchemaCalls(source).map((c) => c.line)).toEqual([2, 4, 6, 8]);
  });
});

describe('PERF-1 the built-in stand-ins', () => {
  it('PERF-1 answers instanceof ReadableStream as node:stream/web does, for a web stream, a Node stream and a plain value', async () => {
    const web = await import('node:stream/web');
    const { Readable } = await import('node:stream');
    const samples: unknown[] = [new web.ReadableStream(), Readable.from(['x']), 'body', {}, null];
    expect(samples.map((value) => value instanceof ReadableStreamStandIn)).toEqual(
      samples.map((value) => value instanceof web.ReadableStream),
    );
    expect(new web.ReadableStream() instanceof ReadableStreamStandIn).toBe(true);
  });

  it('PERF-1 the node:timers stand-in gives the setTimeout that node:timers does', async () => {
    const timers = await import('node:timers');
    expect(setTimeoutStandIn).toBe(timers.setTimeout);
  });
});

/**
 * zod's mini build installs no locale; domain/kernel/zod.ts installs English when the first
 * schema is built, not at load, so the bundles that only fold games keep no zod. Bundled and
 * run in a fresh Node, as on a cold Lambda: the first parse of the process reports in English.
 */
describe('PERF-1 English messages from the first parse', () => {
  const firstParse = async (name: string, contents: string): Promise<unknown> => {
    const { file } = await bundleHandler({ contents }, join(dir, name));
    const output = execFileSync(process.execPath, [file], { env: { ...process.env, NODE_OPTIONS: '' } }).toString();
    return JSON.parse(output);
  };

  it('PERF-1 a request body schema (the API)', async () => {
    const issues = await firstParse(
      'english-body',
      `import { registerPlayerBody } from './functions/players/http/schemas.ts';
       console.log(JSON.stringify(registerPlayerBody.safeParse({ name: 5 }).error.issues.map((i) => i.message)));`,
    );
    expect(issues).toEqual(['Invalid input: expected string, received number']);
  });

  it("PERF-1 a ruleset's command schema (the referee)", async () => {
    const issues = await firstParse(
      'english-command',
      `import { safeParse } from './domain/kernel/zod.ts';
       import { rulesets } from './domain/rulesets.ts';
       const result = safeParse(rulesets.get('soluna').optionsSchema, { nonsense: true });
       console.log(JSON.stringify(result.error.issues.map((i) => i.message)));`,
    );
    expect(issues).toEqual(['Unrecognized key: "nonsense"']);
  });
});
