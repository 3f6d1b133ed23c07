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
import { bundleSettings, handlerEntries } from '../infra/handlers.ts';

export const ROOT = resolve(import.meta.dirname, '..');

export interface BundleReport {
  /** Bytes of the minified bundle. */
  readonly size: number;
  /** Each module that is in the output, relative to the repository root, with its bytes in the output (0 if shaken out). */
  readonly inputs: ReadonlyMap<string, number>;
  /** What the bundle still imports at run time, and how (`import-statement`, `dynamic-import`, `require-call`). */
  readonly imports: readonly { readonly path: string; readonly kind: string }[];
  /** Our modules and packages in the bundle that are only ever imported by `import()`: run on first use, not at load. */
  readonly lazy: readonly string[];
}

/**
 * Bundles one entry with the stack's settings into `outfile`: a file (absolute path), or
 * source text resolved from the repository root (the benchmark's bare client).
 */
export const bundleHandler = async (entry: string | { readonly contents: string }, outfile: string): Promise<BundleReport> => {
  const { metafile } = await build({
    ...bundleSettings,
    mainFields: [...bundleSettings.mainFields],
    external: [...bundleSettings.external],
    alias: { ...bundleSettings.alias },
    // The alias paths are from the repository root, wherever the caller runs.
    absWorkingDir: ROOT,
    banner: { js: bundleSettings.banner },
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'js' } }),
    bundle: true,
    outfile,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(metafile.outputs)[0];
  const inputs = new Map(
    Object.entries(output?.inputs ?? {}).map(([path, { bytesInOutput }]) => [relative(ROOT, resolve(ROOT, path)), bytesInOutput] as const),
  );
  const imports = (output?.imports ?? []).map(({ path, kind }) => ({ path, kind }));
  const importedAs = (kind: string) =>
    new Set(
      Object.values(metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.kind === kind && !i.external).map((i) => relative(ROOT, resolve(ROOT, i.path))),
      ),
    );
  const statically = importedAs('import-statement');
  const lazy = [...importedAs('dynamic-import')].filter((path) => !statically.has(path));
  return { size: statSync(outfile).size, inputs, imports, lazy };
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

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv[2];
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bundles-'));
  try {
    for (const [name, entry] of Object.entries(handlerEntries)) {
      if (only !== undefined && name !== only) continue;
      const { size, inputs } = await bundleHandler(resolve(ROOT, entry), join(dir, `${name}.mjs`));
      const byPackage = new Map<string, number>();
      for (const [path, bytes] of inputs) byPackage.set(packageOf(path), (byPackage.get(packageOf(path)) ?? 0) + bytes);
      const locales = foreignZodLocales(inputs);
      console.log(`${name}: ${(size / 1024).toFixed(0)} KiB (zod locales other than English: ${locales.length})`);
      for (const [pkg, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
        console.log(`  ${pkg.padEnd(44)}${`${(bytes / 1024).toFixed(1)} KiB`.padStart(12)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
