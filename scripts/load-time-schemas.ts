/**
 * PERF-1: finds zod work a module does when it loads. Building a schema costs little once
 * zod is warm, but a Lambda loads every schema of every ruleset cold, most of them never
 * used by that process; a schema at module level is therefore written `z.lazy(() => …)`,
 * built the first time something parses with it. This lists, per file, every call that runs
 * at load and builds or uses a schema: `z.<anything but lazy>(…)`, or a schema method
 * (`.optional()`, `.extend()`, `.parse()` …) outside any function; and every `z.lazy(…)` at
 * load that is not annotated `@__PURE__`, since esbuild keeps a call it cannot prove pure (and
 * zod with it) in every bundle that imports the module, used or not.
 *
 * `tsx scripts/load-time-schemas.ts [files…]` prints them (default: domain/ and functions/);
 * test/unit/perf-bundles checks that no file in a Lambda bundle has any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript5';

/** Methods of a zod schema that build another schema or parse with one. */
const SCHEMA_METHODS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'optional',
  'nullable',
  'nullish',
  'array',
  'extend',
  'safeExtend',
  'describe',
  'meta',
  'strict',
  'refine',
  'superRefine',
  'transform',
  'default',
  'pick',
  'omit',
  'partial',
  'readonly',
  'brand',
  'catch',
  'unwrap',
  'and',
  'or',
]);

export interface LoadTimeCall {
  readonly line: number;
  readonly text: string;
}

/** The leftmost identifier of `a.b().c.d()`, if the chain starts with one. */
const rootOf = (node: ts.Expression): string | null => {
  let at: ts.Expression = node;
  for (;;) {
    if (ts.isIdentifier(at)) return at.text;
    if (ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) at = at.expression;
    else if (ts.isCallExpression(at)) at = at.expression;
    else if (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at) || ts.isAsExpression(at)) at = at.expression;
    else return null;
  }
};

/** `z.lazy(…)` with no `/* @__PURE__ *\/` before it: esbuild would keep it (and zod) in every bundle that imports its module. */
const unannotatedLazy = (call: ts.CallExpression, file: ts.SourceFile): boolean => {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return false;
  if (callee.expression.text !== 'z' || callee.name.text !== 'lazy') return false;
  // The comments and spaces between the token before the call and the call itself.
  return !file.text.slice(call.pos, call.getStart(file)).includes('@__PURE__');
};

const buildsOrUsesSchema = (call: ts.CallExpression): boolean => {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  // z.lazy defers the building; z.config sets zod's messages and builds nothing.
  if (ts.isIdentifier(callee.expression) && callee.expression.text === 'z') return !['lazy', 'config'].includes(callee.name.text);
  return SCHEMA_METHODS.has(callee.name.text) && rootOf(callee.expression) !== null && !/^[A-Z][a-z]/.test(rootOf(callee.expression) ?? '');
};

/** Calls that build or use a zod schema while the module loads (outside every function body). */
export const loadTimeSchemaCalls = (source: string, fileName = 'module.ts'): LoadTimeCall[] => {
  // No parent links: every position is read through `file`, and parsing is twice as quick without them.
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: LoadTimeCall[] = [];
  const visit = (node: ts.Node): void => {
    // A function's body runs when it is called, not when the module loads.
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && (buildsOrUsesSchema(node) || unannotatedLazy(node, file))) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push({ line: line + 1, text: node.getText(file).split('\n')[0]?.slice(0, 100) ?? '' });
      return;
    }
    ts.forEachChild(node, visit);
  };
  // Type-only statements never run.
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    visit(statement);
  }
  return found;
};

const ROOT = resolve(import.meta.dirname, '..');
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.length > 2 ? process.argv.slice(2) : [...sourcesUnder('domain'), ...sourcesUnder('functions')];
  let total = 0;
  for (const path of files) {
    for (const { line, text } of loadTimeSchemaCalls(readFileSync(resolve(ROOT, path), 'utf8'), path)) {
      console.log(`${path}:${line}  ${text}`);
      total += 1;
    }
  }
  console.log(`${total} load-time schema call(s)`);
}
