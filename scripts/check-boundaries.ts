/**
 * The layers' rules, run by `npm test`; exits 1 with every offending line.
 * - `domain/` stays pure: it may import only itself, zod, canonicalize and node:crypto
 *   (hashing is computation, not I/O), and it may not read the clock or Math.random.
 * - No import circles in `domain/` or `functions/`, type-only ones included (ARC-8): a circle
 *   makes the order modules load in decide what a module sees, and hides which file owns what.
 * - Nothing under `functions/` imports `infra/`; the application (`functions/app/`) imports only
 *   itself and the domain, so its adapters are chosen by the entry points (ARC-1, `layerCrossings`).
 * - HALL-1: no tool (`scripts/`, `bench/`, `scenarios/`, `tools/`) and nothing the service runs (`functions/`,
 *   `infra/`, `domain/`) imports `test/`: what tests and tools both play is `scenarios/`. And the
 *   CLI (`tools/arbiter-cli/src/`) imports nothing from the page (`web/`): what both draw is `render/`.
 * - HALL-1: the domain's match layer, which every ruleset and the service decide with, imports
 *   nothing from `domain/verify/`, which checks what they decided: what both need lives below
 *   them, in `domain/kernel/` (the rolls an event holds, for one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { folderCrossings, importCircles, importGraph, layerCrossings, localImportsOf, sourcesUnder, specifiersOf } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DOMAIN = join(ROOT, 'domain');
const MATCH = join(DOMAIN, 'match') + sep;
const VERIFY = join(DOMAIN, 'verify') + sep;
const ALLOWED_PACKAGES = new Set(['zod', 'canonicalize', 'node:crypto']);
/** zod's entry points (its mini build, its locales, its core classes) are zod too. */
const allowedPackage = (target: string): boolean => ALLOWED_PACKAGES.has(target) || target.startsWith('zod/');
const IMPORT = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
const IMPURE: readonly [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'reads the clock (use ctx.now)'],
  [/\bnew Date\(\s*\)/, 'reads the clock (use ctx.now)'],
  [/\bMath\.random\s*\(/, 'draws randomness (use ctx dice)'],
  [/\bprocess\.(env|argv|exit|stdout|stderr)\b/, 'touches the process'],
  [/\b(setTimeout|setInterval|fetch)\s*\(/, 'does I/O or timing'],
];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

const problems: string[] = [];
for (const file of files(DOMAIN)) {
  const text = readFileSync(file, 'utf8');
  const where = relative(ROOT, file);
  for (const match of text.matchAll(IMPORT)) {
    const target = match[1] ?? match[2] ?? match[3] ?? '';
    const inside = target.startsWith('.') && resolve(file, '..', target).startsWith(DOMAIN);
    if (!inside && !allowedPackage(target)) problems.push(`${where}: imports "${target}"`);
    if (file.startsWith(MATCH) && target.startsWith('.') && resolve(file, '..', target).startsWith(VERIFY)) {
      problems.push(`${where}: the match layer imports verify ("${target}"); move what both need to domain/kernel (HALL-1)`);
    }
  }
  text.split('\n').forEach((line, i) => {
    if (line.trim().startsWith('//') || line.trim().startsWith('*')) return;
    for (const [pattern, why] of IMPURE) if (pattern.test(line)) problems.push(`${where}:${i + 1}: ${why}: ${line.trim()}`);
  });
}

for (const circle of importCircles(importGraph(ROOT, ['domain', 'functions']))) {
  problems.push(`import circle: ${circle.map((file) => relative(ROOT, file)).join(' -> ')}`);
}

const functionsFiles = sourcesUnder(join(ROOT, 'functions'));
for (const file of functionsFiles) {
  problems.push(...layerCrossings(relative(ROOT, file).split(sep).join('/'), specifiersOf(readFileSync(file, 'utf8'))));
}

// HALL-1: the folder rules (`folderCrossings`) over every folder of ours they name.
for (const file of ['scripts', 'bench', 'scenarios', 'tools', 'functions', 'infra', 'domain', 'render', 'web'].flatMap((dir) =>
  sourcesUnder(join(ROOT, dir)),
)) {
  const path = relative(ROOT, file).split(sep).join('/');
  const targets = localImportsOf(file).map((target) => relative(ROOT, target).split(sep).join('/'));
  problems.push(...folderCrossings(path, targets));
}

if (problems.length > 0) {
  console.error(`the layers' rules are broken; ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `domain/ is pure: ${files(DOMAIN).length} files import only the domain, zod, canonicalize and node:crypto, and its match layer nothing of verify (HALL-1); no import circles in domain/ or functions/; ${functionsFiles.length} files under functions/ import no infra/; the application (functions/kernel/, functions/<feature>/app/) imports only itself and the domain, and no feature's routes import an adapter; no tool imports test/, and the CLI no page code (HALL-1).`,
);
