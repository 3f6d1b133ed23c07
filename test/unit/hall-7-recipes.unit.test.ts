/**
 * HALL-7: the recipes of docs/design.md §19, walked against the code. Each recipe names the
 * files adding a route, a command, a ruleset or an adapter touches; for every route, command,
 * ruleset and adapter the code has, the files that declare it are found by reading the source,
 * and must be files its recipe names. So a recipe that misses a file a test requires, or code
 * that grows a new place to declare things in, fails here. And every file a recipe names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_COMMANDS } from '../../domain/match/command-table.ts';
import { commandDocsOf, rulesetIds } from '../../domain/ruleset-list.ts';
import { FEATURE_ROUTES, ROUTES } from '../../functions/http/route-table.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DESIGN = readFileSync(join(ROOT, 'docs', 'design.md'), 'utf8');

/** Every `.ts` file under the folders (paths from the root, with `/`). */
const sources = (...dirs: string[]): string[] =>
  dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/')),
  );
const CODE = sources('domain', 'functions', 'render', 'web', 'infra', 'tools');
const FUNCTIONS = CODE.filter((file) => file.startsWith('functions/'));
const text = new Map(CODE.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
const filesWhere = (files: readonly string[], pattern: RegExp): string[] => files.filter((file) => pattern.test(text.get(file) ?? ''));

/** A recipe's text: from its heading to the next heading. */
const recipe = (heading: string): string => {
  const start = DESIGN.indexOf(`### ${heading}\n`);
  if (start < 0) throw new Error(`docs/design.md has no recipe "${heading}"`);
  const rest = DESIGN.slice(start + heading.length + 5);
  return rest.slice(0, rest.search(/\n##/));
};
/** What each numbered step of a recipe names first, in bold (`1. **`file`**`), in order, without the quotes. */
const steps = (part: string): string[] => [...part.matchAll(/^\d+\. \*\*([^*]+)\*\*/gm)].map((m) => (m[1] ?? '').replaceAll('`', ''));
/** Every path-like name a recipe quotes: with a slash or a `.ts`. */
const named = (part: string): string[] => [...part.matchAll(/`([\w./<>-]+(?:\/|\.ts))`/g)].map((m) => m[1] ?? '');

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('HALL-7 the recipe for a route (§19.1)', () => {
  const part = recipe('19.1 A route');
  /**
   * Two routes' requests are documented with examples recorded per ruleset and per kind of fork
   * by the document's assembly, the one place that may load every ruleset (PERF-1): a new route
   * has no such part.
   */
  const DOCUMENTED_BY_THE_ASSEMBLY: Readonly<Record<string, string>> = {
    giveCommand: 'functions/docs/http/openapi.ts',
    forkGame: 'functions/docs/http/openapi.ts',
  };

  it('HALL-7 names three files, in the feature folder: the use case, the declaration with its answers, the handler', () => {
    expect(steps(part)).toEqual(['app/<use case>.ts', 'http/operations.ts', 'http/routes.ts']);
  });

  it.each(ROUTES.map((route) => [route.operationId]))('HALL-7 %s is declared, answered and handled only where the recipe says', (id) => {
    const feature = Object.entries(FEATURE_ROUTES).find(([, list]) => list.some((r) => r.operationId === id))?.[0];
    expect(feature, `${id} is in no feature's list`).toBeDefined();
    const declaredIn = filesWhere(FUNCTIONS, new RegExp(`\\b${literally(id)}\\b\\s*:|'${literally(id)}'`));
    const recipeFiles = [`functions/${feature}/http/operations.ts`, `functions/${feature}/http/routes.ts`];
    expect(declaredIn.filter((file) => file !== DOCUMENTED_BY_THE_ASSEMBLY[id]).sort()).toEqual(recipeFiles.sort());
  });
});

describe('HALL-7 the recipe for a command (§19.2)', () => {
  const part = recipe('19.2 A command');
  const ofRuleset = part.slice(0, part.indexOf('**Of the match lifecycle**'));
  const ofLifecycle = part.slice(part.indexOf('**Of the match lifecycle**'));
  /** The files every ruleset has, none of which declares a command (the rest are topic files). */
  const SHAPE = ['fold.ts', 'ruleset.ts', 'events.ts', 'state.ts', 'evolve.ts', 'view.ts', 'options.ts', 'examples.ts', 'limits.ts'];

  it("HALL-7 a ruleset's command is four files: its topic file, the union, its docs and its case; a lifecycle command three", () => {
    expect(steps(ofRuleset)).toEqual(['its topic file', 'commands.ts', 'command-docs.ts', 'decide.ts']);
    expect(steps(ofLifecycle)).toEqual(['commands.ts', 'its topic file', 'command-table.ts']);
  });

  const commands = rulesetIds.flatMap((id) => commandDocsOf(id).map((doc) => [id, doc.type] as const));
  it.each(commands)('HALL-7 %s %s is declared in its docs, its case and its topic file, nowhere else', (id, type) => {
    const folder = sources(`domain/${id}`);
    const declaring = filesWhere(folder, new RegExp(`z\\.literal\\('${type}'\\)|case '${type}'|type: '${type}'`)).map((file) =>
      file.slice(`domain/${id}/`.length),
    );
    expect(declaring).toContain('command-docs.ts');
    expect(declaring).toContain('decide.ts');
    // Its schema is in one file of the folder: a topic file, or the union's own file.
    expect(filesWhere(folder, new RegExp(`z\\.literal\\('${type}'\\)`))).toHaveLength(1);
    expect(declaring.filter((file) => SHAPE.includes(file))).toEqual([]);
    // Nothing outside the rulesets' folders declares it (another ruleset may have a command of the same name).
    const elsewhere = CODE.filter((file) => !rulesetIds.some((other) => file.startsWith(`domain/${other}/`)));
    expect(filesWhere(elsewhere, new RegExp(`case '${type}'|z\\.literal\\('${type}'\\)`))).toEqual([]);
  });

  it.each(LIFECYCLE_COMMANDS.map((c) => [c.type]))('HALL-7 the lifecycle command %s is declared in the command table alone', (type) => {
    const declaring = filesWhere(sources('domain'), new RegExp(`type: '${type}',\\n\\s+fields|declare\\(\\{\\s*type: '${type}'`));
    expect(declaring.every((file) => ['domain/match/command-table.ts', 'domain/match/takeback-commands.ts'].includes(file))).toBe(true);
    expect(declaring.length).toBeGreaterThan(0);
  });
});

describe('HALL-7 the recipe for a ruleset (§19.4)', () => {
  const part = recipe('19.4 A ruleset');
  const LISTS = ['domain/ruleset-list.ts', 'domain/folds.ts', 'render/renderers.ts'];

  it('HALL-7 names the folder with the files every ruleset has, as the shape test holds them', () => {
    const shape = /const SHARED_FILES = \[([^\]]+)\]/.exec(readFileSync(join(ROOT, 'test/unit/ruleset-shape.unit.test.ts'), 'utf8'))?.[1];
    const files = [...(shape ?? '').matchAll(/'([\w-]+)'/g)].map((m) => `${m[1]}.ts`);
    expect(files.length).toBeGreaterThan(5);
    const step1 = part.slice(part.indexOf('1. **`domain/<id>/`**'), part.indexOf('2. **'));
    expect(named(step1).filter((name) => !name.includes('/') && name !== 'limits.ts')).toEqual(files);
  });

  it.each(rulesetIds.map((id) => [id]))(
    'HALL-7 %s is reached from outside its two folders only through the lists the recipe names',
    (id) => {
      const outside = CODE.filter((file) => !file.startsWith(`domain/${id}/`) && !file.startsWith(`render/${id}/`));
      const importing = filesWhere(
        outside,
        new RegExp(`from '[^']*(?:domain|render|\\.)/${literally(id)}/[^']*'|import\\('[^']*/${literally(id)}/`),
      );
      expect(importing.sort()).toEqual([...LISTS].sort());
      for (const list of LISTS) expect(named(part)).toContain(list);
    },
  );
});

describe('HALL-7 the recipe for an adapter (§19.3)', () => {
  const part = recipe('19.3 An adapter');
  const adapters = CODE.filter((file) => file.startsWith('functions/adapters/')).flatMap((file) =>
    [...(text.get(file) ?? '').matchAll(/^export class (\w+) implements (\w+)/gm)].map((m) => [m[1] ?? '', file] as const),
  );

  it('HALL-7 names its file, its wiring and its test', () => {
    expect(steps(part)).toEqual(['functions/adapters/<name>.ts', 'its wiring', 'its test']);
    expect(adapters.length).toBeGreaterThanOrEqual(15);
  });

  it.each(adapters)('HALL-7 %s is named only by adapters and the wiring the recipe lists', (name, _file) => {
    const naming = filesWhere(CODE, new RegExp(`\\b${name}\\b`)).filter((file) => !file.startsWith('functions/adapters/'));
    const wiring = named(part);
    expect(naming.filter((file) => !wiring.includes(file))).toEqual([]);
  });
});

describe('HALL-7 every file a recipe names exists', () => {
  const parts = ['19.1 A route', '19.2 A command', '19.3 An adapter', '19.4 A ruleset'].map(recipe).join('\n');
  const TOP = /^(domain|functions|render|web|infra|tools|test|scripts|docs|client|scenarios)\//;
  const concrete = [...new Set(named(parts))].filter((name) => TOP.test(name) && !name.includes('<') && !name.endsWith('/'));

  it('HALL-7 the recipes name files to check', () => expect(concrete.length).toBeGreaterThan(20));

  it.each(concrete.map((name) => [name]))('HALL-7 %s', (name) => {
    expect(existsSync(join(ROOT, name))).toBe(true);
  });
});
