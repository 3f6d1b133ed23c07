/**
 * COST-3: code of a baseline commit and of this tree, bundled alike, so that one process can
 * time both on the same input (as bench/cold-start.bench.ts compares cold starts). The
 * baseline's tree comes from `git archive`; without git (a tarball) there is none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The commit the goals are measured against (`BENCH_BASELINE=<rev>` picks another). */
export const BASELINE = process.env.BENCH_BASELINE || 'ebba381';

/** The tree of `rev`, unpacked into `dir` with this tree's node_modules; null when git cannot give it. */
export const baselineTree = (rev: string, dir: string): string | null => {
  const tree = join(dir, `tree-${rev}`);
  if (existsSync(tree)) return tree;
  mkdirSync(tree, { recursive: true });
  try {
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${rev}" | tar -x -C "${tree}"`], { stdio: 'pipe' });
  } catch {
    return null;
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  return tree;
};

/**
 * `contents`, a module whose imports are resolved from `tree`, bundled into `outfile` as the
 * `arbiter` command is bundled (scripts/build-cli.mjs: one ESM file for Node, minified).
 */
export const bundleModule = async (tree: string, contents: string, outfile: string): Promise<string> => {
  await build({
    stdin: { contents, resolveDir: tree, sourcefile: 'bench-entry.ts', loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
};

/** The median of `values`. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Milliseconds of CPU this process spent on `work` (user and system, garbage collection on
 * other threads included). On a shared machine a busy neighbour stretches wall time but not
 * this; both sides of a comparison are measured the same way.
 */
export const cpuMs = (work: () => unknown): number => {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
};
