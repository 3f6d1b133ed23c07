/**
 * Part of `npm run bench`: each Lambda's minified bundle (built with the stack's esbuild
 * settings) and how long Node takes to load it, against a bundle of an empty handler.
 * Cold-start cost grows with what a module loads; this shows it per function. Printed,
 * not asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleSettings, handlerEntries } from '../infra/handlers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 7;

const bundle = async (entry: string, outfile: string): Promise<number> => {
  await build({
    ...bundleSettings,
    mainFields: [...bundleSettings.mainFields],
    banner: { js: bundleSettings.banner },
    entryPoints: [entry],
    bundle: true,
    outfile,
    logLevel: 'silent',
  });
  return statSync(outfile).size;
};

/** Median wall time of `import(file)` in a fresh Node process, in milliseconds. */
const loadTime = (file: string): number => {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const times = Array.from({ length: RUNS }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      }).toString(),
    ),
  );
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
};

const dir = mkdtempSync(join(tmpdir(), 'arbiter-bundles-'));
try {
  const emptyEntry = join(dir, 'empty.ts');
  writeFileSync(emptyEntry, 'export const handler = async () => ({});\n');
  await bundle(emptyEntry, join(dir, 'empty.mjs'));
  const baseline = loadTime(join(dir, 'empty.mjs'));
  console.log(
    `Lambda bundles (esbuild, minified, ${bundleSettings.target}); load time: median of ${RUNS} fresh Node ${process.version} processes`,
  );
  console.log(`  ${'function'.padEnd(14)}${'bundle'.padStart(12)}${'load'.padStart(12)}${'vs empty'.padStart(12)}`);
  console.log(`  ${'(empty)'.padEnd(14)}${''.padStart(12)}${`${baseline.toFixed(1)} ms`.padStart(12)}${'1.0x'.padStart(12)}`);
  for (const [name, entry] of Object.entries(handlerEntries)) {
    const outfile = join(dir, `${name}.mjs`);
    const size = await bundle(join(ROOT, entry), outfile);
    const load = loadTime(outfile);
    console.log(
      `  ${name.padEnd(14)}${`${(size / 1024).toFixed(0)} KiB`.padStart(12)}${`${load.toFixed(1)} ms`.padStart(12)}${`${(load / baseline).toFixed(1)}x`.padStart(12)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
