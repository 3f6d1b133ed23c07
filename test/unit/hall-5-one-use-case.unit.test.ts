/**
 * HALL-5: a route parses, calls one use case and shapes its answer. Read from the handlers'
 * source: each handler of a feature's `http/routes.ts` names at most one of the use cases its
 * file imports from an `app/` folder (the rate limits, which answer 429 before anything is
 * read, are the HTTP host's and not a use case). A route that ran a second use case (a
 * command, then the start of the continuations it agreed) fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = join(import.meta.dirname, '..', '..', 'functions');

/** The value imports of a module that come from an application folder (`…/app/…`). */
const useCasesImported = (source: string): string[] =>
  [...source.matchAll(/^import \{([^}]*)\} from '[^']*\/app\/[^']+';/gm)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type ')),
  );

/** Each handler of a handler map (`  name: async (…) =>` at two spaces), with its body. */
const handlersOf = (source: string): { name: string; body: string }[] => {
  const starts = [...source.matchAll(/^ {2}(\w+): async /gm)];
  return starts.map((start, i) => ({
    name: start[1] ?? '',
    body: source.slice(start.index ?? 0, starts[i + 1]?.index ?? source.length),
  }));
};

const routeFiles = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(FUNCTIONS, entry.name, 'http', 'routes.ts'))
  .filter((file) => existsSync(file));

describe('HALL-5 routes parse, call one use case and shape its answer', () => {
  it('HALL-5 the features have route files to read, with handlers in them', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(6);
    expect(routeFiles.flatMap((file) => handlersOf(readFileSync(file, 'utf8'))).length).toBeGreaterThanOrEqual(40);
  });

  it.each(routeFiles.map((file) => [file.slice(FUNCTIONS.length + 1), file]))(
    'HALL-5 each handler of %s calls at most one use case',
    (_, file) => {
      const source = readFileSync(file, 'utf8');
      const useCases = useCasesImported(source);
      const many = handlersOf(source)
        .map(({ name, body }) => ({ name, calls: useCases.filter((useCase) => new RegExp(`\\b${useCase}\\(`).test(body)) }))
        .filter(({ calls }) => calls.length > 1);
      expect(many).toEqual([]);
    },
  );

  it('HALL-5 the check reads a handler that runs two use cases as one', () => {
    const source = [
      "import { executeCommand } from '../app/commands.ts';",
      "import { startAgreed } from '../app/forks.ts';",
      'export const handlers = (deps) => ({',
      '  giveCommand: async (request) => {',
      '    const result = await executeCommand(deps(), request);',
      '    await startAgreed(deps(), request.gameId, result.events);',
      '  },',
      '});',
    ].join('\n');
    const useCases = useCasesImported(source);
    expect(useCases).toEqual(['executeCommand', 'startAgreed']);
    const [handler] = handlersOf(source);
    expect(useCases.filter((useCase) => handler?.body.includes(`${useCase}(`))).toHaveLength(2);
  });
});
