/**
 * PERF-1: what is in each Lambda bundle, by package (esbuild metafile, the stack's settings).
 * `tsx scripts/check-bundles.ts [function]` prints each bundle's size and its biggest parts;
 * the bundle benchmark and the PERF-1 test bundle through `bundleHandler` too.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions, handlerEntries } from '../infra/handlers.ts';

export const ROOT = resolve(import.meta.dirname, '..');

export interface BundleReport {
  /** The handler, `index.mjs` in the bundle's folder (what Lambda loads). */
  readonly file: string;
  /** Every file of the bundle: the handler and its chunks. */
  readonly files: readonly string[];
  /** Bytes a cold start loads: the handler and the chunks it imports statically. */
  readonly size: number;
  /** Bytes of every file, the chunks loaded on first use included. */
  readonly totalSize: number;
  /** Each module that is in the output, relative to the repository root, with its bytes in the output (0 if shaken out). */
  readonly inputs: ReadonlyMap<string, number>;
  /** The modules a cold start loads: those in the handler and its static chunks. */
  readonly atLoad: ReadonlySet<string>;
  /** What the bundle's files still import at run time from outside it, and how (`import-statement`, `dynamic-import`, `require-call`). */
  readonly imports: readonly { readonly path: string; readonly kind: string }[];
  /** Our modules and packages in the bundle that are only ever imported by `import()`: run on first use, not at load. */
  readonly lazy: readonly string[];
  /** The chunks loaded only on first use, each with the modules it holds. */
  readonly onDemand: readonly { readonly file: string; readonly inputs: readonly string[] }[];
}

/**
 * Bundles one entry with the stack's settings (`bundleOptions`) into the folder `outdir`: a
 * file (absolute path), or source text resolved from the repository root (the benchmark's
 * bare client).
 */
export const bundleHandler = async (entry: string | { readonly contents: string }, outdir: string): Promise<BundleReport> => {
  const { metafile } = await build(bundleOptions(entry, outdir));
  const fromRoot = (path: string) => relative(ROOT, resolve(ROOT, path));
  const outputs = new Map(Object.entries(metafile.outputs).map(([path, output]) => [resolve(ROOT, path), output] as const));
  const file = join(resolve(outdir), 'index.mjs');
  // The files a cold start loads: the handler, and what it and they import statically.
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const i of outputs.get(path)?.imports ?? [])
      if (i.kind === 'import-statement' && outputs.has(resolve(ROOT, i.path))) visit(resolve(ROOT, i.path));
  };
  visit(file);
  const inputs = new Map<string, number>();
  const atLoad = new Set<string>();
  const onDemand = [];
  for (const [path, output] of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      inputs.set(fromRoot(input), (inputs.get(fromRoot(input)) ?? 0) + bytesInOutput);
      if (loaded.has(path) && bytesInOutput > 0) atLoad.add(fromRoot(input));
    }
    if (!loaded.has(path)) {
      onDemand.push({
        file: path,
        inputs: Object.entries(output.inputs)
          .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
          .map(([input]) => fromRoot(input)),
      });
    }
  }
  const imports = [...outputs.values()].flatMap((output) =>
    output.imports.filter((i) => !outputs.has(resolve(ROOT, i.path))).map(({ path, kind }) => ({ path, kind })),
  );
  const importedAs = (kind: string) =>
    new Set(
      Object.values(metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.kind === kind && !i.external).map((i) => fromRoot(i.path)),
      ),
    );
  const statically = importedAs('import-statement');
  const lazy = [...importedAs('dynamic-import')].filter((path) => !statically.has(path));
  const bytes = (paths: Iterable<string>) => [...paths].reduce((sum, path) => sum + statSync(path).size, 0);
  return {
    file,
    files: [...outputs.keys()],
    size: bytes(loaded),
    totalSize: bytes(outputs.keys()),
    inputs,
    atLoad,
    imports,
    lazy,
    onDemand,
  };
};

/** `node_modules/@aws-sdk/client-dynamodb/dist-es/x.js` → `@aws-sdk/client-dynamodb`; our own files by top folder. */
export const packageOf = (path: string): string => {
  const parts = path.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return parts.slice(0, 2).join('/');
  const name = parts[at + 1] ?? '';
  return name.startsWith('@') ? `${name}/${parts[at + 2]}` : name;
};

/** zod's locale modules that made it into the output, English (the API's messages) aside. */
export const foreignZodLocales = (inputs: ReadonlyMap<string, number>): string[] =>
  [...inputs]
    .filter(([path, bytes]) => bytes > 0 && /node_modules[\\/]zod[\\/].*locales[\\/]/.test(path) && !/[\\/]en\.js$/.test(path))
    .map(([path]) => path);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv[2];
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bundles-'));
  try {
    for (const [name, entry] of Object.entries(handlerEntries)) {
      if (only !== undefined && name !== only) continue;
      const { size, totalSize, inputs, atLoad, onDemand } = await bundleHandler(resolve(ROOT, entry), join(dir, name));
      const byPackage = new Map<string, number>();
      for (const path of atLoad) byPackage.set(packageOf(path), (byPackage.get(packageOf(path)) ?? 0) + (inputs.get(path) ?? 0));
      const locales = foreignZodLocales(inputs);
      console.log(`${name}: ${kib(size)} at load (zod locales other than English: ${locales.length})`);
      for (const [pkg, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14))
        console.log(`  ${pkg.padEnd(44)}${kib(bytes).padStart(12)}`);
      if (onDemand.length > 0) {
        const folders = [...new Set(onDemand.flatMap((chunk) => chunk.inputs.map(packageOf)))].sort();
        console.log(`  and ${kib(totalSize - size)} in ${onDemand.length} chunks loaded on first use: ${folders.join(', ')}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
