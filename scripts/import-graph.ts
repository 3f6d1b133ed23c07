/**
 * The import graph of our own TypeScript modules, as the source states it: every `import`
 * and `export … from`, type-only ones included, static and dynamic. Read as text, so it needs
 * no compiler; `scripts/check-boundaries.ts` finds circles and layer crossings in it
 * (docs/requirements.md, ARC-8).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, across line breaks. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every `.ts` file under `dir` (absolute paths). */
export const sourcesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        .map((entry) => join(entry.parentPath, entry.name))
    : [];

/** What a module's source imports: its specifiers, as written. */
export const specifiersOf = (source: string): string[] =>
  [...source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/** The modules of ours a file imports (absolute paths of existing files); packages are left out. */
export const localImportsOf = (file: string, source = readFileSync(file, 'utf8')): string[] =>
  specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(file, '..', specifier))
    .filter((target) => existsSync(target));

/** The import circles among `files` (Tarjan's strongly connected components of two or more, or a file importing itself). */
export const importCircles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
};

/** The graph of every module under the given folders of `root`. */
export const importGraph = (root: string, dirs: readonly string[]): Map<string, string[]> =>
  new Map(dirs.flatMap((dir) => sourcesUnder(join(root, dir))).map((file) => [file, localImportsOf(file)]));

export const relativeTo = (root: string) => (file: string) => relative(root, file);

/** The service's features (HALL-1): each folder holds its use cases (`app/`) and its routes, schemas and OpenAPI answers (`http/`). */
export const FEATURES = ['games', 'players', 'notifications', 'clubs', 'tournaments', 'docs'] as const;

const FEATURE = new RegExp(`^functions/(${FEATURES.join('|')})/(app|http)/`);

/** The application layer: the shared kernel (`functions/kernel/`: ports, deps, problems) and each feature's `app/`. */
const isApplication = (path: string): boolean => path.startsWith('functions/kernel/') || FEATURE.exec(path)?.[2] === 'app';

/** A feature's HTTP layer: its routes, schemas and OpenAPI answers. */
const isFeatureHttp = (path: string): boolean => FEATURE.exec(path)?.[2] === 'http';

const AWS = /^@aws-sdk\/|^aws-lambda$|^@middy\//;

/**
 * The layer rules above the domain (docs/design.md §2, ARC-1, ARC-8, HALL-1), for one file given
 * by its path from the root (with `/`) and its specifiers as written:
 * - nothing under `functions/` imports `infra/` (infrastructure builds and runs the entry points,
 *   not the other way round);
 * - the application (the kernel and every feature's `app/`) imports only the application and the
 *   domain: no adapter, no route, no entry point, no AWS SDK;
 * - a feature's `http/` imports the application, the HTTP host's shared parts (`functions/http/`),
 *   other features' `http/` and the domain: no adapter, no stream consumer, no AWS SDK, so what
 *   a route does is the use case's and what it stores is the adapter's.
 * Answers one line per crossing.
 */
export const layerCrossings = (file: string, specifiers: readonly string[]): string[] => {
  if (!file.startsWith('functions/')) return [];
  const problems: string[] = [];
  for (const specifier of specifiers) {
    const local = specifier.startsWith('.');
    const target = local ? posix.normalize(posix.join(posix.dirname(file), specifier)) : specifier;
    if (target.startsWith('infra/')) problems.push(`${file}: imports "${specifier}": nothing under functions/ imports infra/`);
    if (isApplication(file)) {
      if (local && !isApplication(target) && !target.startsWith('domain/'))
        problems.push(
          `${file}: imports "${specifier}": the application imports only itself and the domain (its ports are in functions/kernel/ports.ts)`,
        );
      if (!local && AWS.test(specifier))
        problems.push(`${file}: imports "${specifier}": the application imports no AWS SDK; an adapter does`);
    } else if (isFeatureHttp(file)) {
      const allowed =
        isApplication(target) || isFeatureHttp(target) || target.startsWith('functions/http/') || target.startsWith('domain/');
      if (local && !allowed)
        problems.push(
          `${file}: imports "${specifier}": a feature's routes import only the application, the HTTP host's shared parts, other routes and the domain`,
        );
      if (!local && AWS.test(specifier))
        problems.push(`${file}: imports "${specifier}": a feature's routes import no AWS SDK; an adapter does`);
    }
  }
  return problems;
};

/** HALL-1: which folders may not import which, and why. */
const FORBIDDEN: readonly { readonly from: readonly string[]; readonly to: string; readonly why: string }[] = [
  {
    from: ['scripts/', 'bench/', 'scenarios/', 'tools/', 'functions/', 'infra/', 'domain/', 'render/', 'web/'],
    to: 'test/',
    why: 'tools and the service import nothing from test/ (what both play is in scenarios/)',
  },
  { from: ['tools/arbiter-cli/src/'], to: 'web/', why: 'the CLI imports no page code (what both draw is in render/)' },
];

/**
 * HALL-1: the folder rules for one file, given by its path from the root and the files it
 * imports (paths from the root, with `/`): a tool or anything the service runs importing test
 * code, or the CLI importing the page. One line per crossing.
 */
export const folderCrossings = (file: string, imports: readonly string[]): string[] =>
  FORBIDDEN.flatMap(({ from, to, why }) =>
    from.some((dir) => file.startsWith(dir))
      ? imports.filter((target) => target.startsWith(to)).map((target) => `${file}: imports ${target}: ${why} (HALL-1)`)
      : [],
  );
