/**
 * HALL-7: what docs/design.md states as a list or a count of the code's parts, generated from
 * the code: the features and their routes, the Lambda functions and what each serves, the
 * stream's consumers, and the ports with their methods. Each table sits in the design between
 * two markers (`<!-- generated: name -->` … `<!-- end: name -->`); `npm run design` writes them,
 * and test/unit/hall-7-design-tables.unit.test.ts fails while the document and the code differ.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FEATURE_ROUTES } from '../functions/http/route-table.ts';
import { STREAM_CONSUMERS } from '../functions/stream/consumers/index.ts';
import { handlerEntries } from '../infra/handlers.ts';
import { FEATURES } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const DESIGN = join(ROOT, 'docs', 'design.md');

type Feature = (typeof FEATURES)[number];

/** What each feature serves, in a few words: the one place a feature is described. Its routes are its list in the route table. */
const FEATURE_SERVES: Record<Feature, string> = {
  games: 'games and their commands, forks, logs, reads, the lobby and the inbox; deadlines and projections',
  players: 'players, their names and keys, and authentication',
  notifications: 'webhooks: subscriptions, their deliveries and the address guard',
  clubs: 'clubs, members, their games and rated ladders',
  tournaments: 'tournaments: creation, commands, rounds, standings, export, and the reactor that runs them',
  docs: 'the rulesets, the OpenAPI document and its assembly',
};

/** The non-HTTP functions' work, which no route table states. A function missing here fails the generator. */
const FUNCTION_WORK: Readonly<Record<string, string>> = {
  phaseTimer: 'phase deadlines and reminders, fired by EventBridge Scheduler',
  webhooks: 'webhook deliveries, from the SQS queue',
  web: 'the viewer page and its assets (`/`, `/tournament`)',
};

const code = (text: string) => `\`${text}\``;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

const filesIn = (dir: string): string[] => {
  try {
    return readdirSync(join(ROOT, dir))
      .filter((name) => name.endsWith('.ts'))
      .sort();
  } catch {
    return [];
  }
};

const featuresTable = (): string =>
  table(
    ['feature', 'serves', 'routes', 'functions', 'use cases (`app/`)'],
    FEATURES.map((feature) => {
      const serves = FEATURE_SERVES[feature];
      const routes = FEATURE_ROUTES[feature];
      const functions = [...new Set(routes.map((r) => r.serves))].map(code).join(', ');
      const useCases = filesIn(`functions/${feature}/app`).map((f) => f.replace(/\.ts$/, ''));
      return [code(`functions/${feature}/`), serves, String(routes.length), functions || '—', useCases.join(', ') || '—'];
    }),
  );

const consumerEntry = (name: string) => `functions/stream/${name}.ts`;

const lambdasTable = (): string => {
  const routes = FEATURES.flatMap((feature) => FEATURE_ROUTES[feature].map((route) => ({ route, feature })));
  return table(
    ['function', 'entry', 'serves'],
    Object.entries(handlerEntries).map(([name, entry]) => {
      const served = routes.filter(({ route }) => route.serves === name);
      const consumer = STREAM_CONSUMERS.find((c) => consumerEntry(c.name) === entry);
      const work =
        served.length > 0
          ? `${served.length} routes: ${[...new Set(served.map(({ feature }) => feature))].join(', ')}`
          : consumer
            ? `the stream's ${code(consumer.name)} consumer`
            : FUNCTION_WORK[name];
      if (work === undefined) throw new Error(`scripts/design-tables.ts: say what the ${name} function serves (FUNCTION_WORK)`);
      return [code(name), code(entry), work];
    }),
  );
};

const consumersTable = (): string =>
  table(
    ['consumer', 'listens to', 'Lambda entry'],
    STREAM_CONSUMERS.map((c) => [
      code(c.name),
      c.streams === 'all' ? "games' and tournaments' streams" : "games' streams",
      code(consumerEntry(c.name)),
    ]),
  );

/** Each interface of ports.ts that has methods, with them, in the file's order: the ports the use cases call. */
export const portsOf = (source: string): { name: string; methods: string[] }[] =>
  [...source.matchAll(/^export interface (\w+)(?:<[^>]*>)?(?: extends [^{]+)? \{\n([\s\S]*?)^\}/gm)]
    .map((m) => ({
      name: m[1] ?? '',
      methods: [...(m[2] ?? '').matchAll(/^ {2}(?:readonly )?(\w+)(?:<[^>]*>)?\(/gm)].map((method) => method[1] ?? ''),
    }))
    .filter((port) => port.methods.length > 0);

/**
 * The ports: the interfaces with methods `functions/kernel/ports.ts` declares, and those it
 * re-exports from where they are declared (`export type { RateCounter } from …`). A
 * `StreamFold` is no port but what a load is handed, so it is left out.
 */
const portsTable = (): string => {
  const file = join(ROOT, 'functions', 'kernel', 'ports.ts');
  const source = readFileSync(file, 'utf8');
  const reexported = [...source.matchAll(/^export type \{ (\w+) \} from '([^']+)';/gm)].flatMap((m) =>
    portsOf(readFileSync(resolve(file, '..', m[2] ?? ''), 'utf8')).filter((port) => port.name === m[1]),
  );
  const ports = [...portsOf(source).filter((port) => !port.name.endsWith('Fold')), ...reexported];
  const total = ports.reduce((sum, port) => sum + port.methods.length, 0);
  return [
    table(
      ['port', 'methods'],
      ports.map((port) => [code(port.name), port.methods.map(code).join(', ')]),
    ),
    '',
    `${ports.length} ports, ${total} methods in all (\`functions/kernel/ports.ts\`).`,
  ].join('\n');
};

export const GENERATED: Readonly<Record<string, () => string>> = {
  features: featuresTable,
  lambdas: lambdasTable,
  consumers: consumersTable,
  ports: portsTable,
};

const marker = (name: string) => new RegExp(`(<!-- generated: ${name} -->)[\\s\\S]*?(<!-- end: ${name} -->)`);

/** The block of `name` as the document has it now, null when the document has no such block. */
export const blockIn = (document: string, name: string): string | null => {
  const found = new RegExp(`<!-- generated: ${name} -->\\n([\\s\\S]*?)\\n<!-- end: ${name} -->`).exec(document);
  return found ? (found[1] ?? '') : null;
};

/** The document with every generated block written anew from the code. */
export const regenerate = (document: string): string =>
  Object.entries(GENERATED).reduce((text, [name, generate]) => {
    if (!marker(name).test(text))
      throw new Error(`docs/design.md has no block for ${name}: add <!-- generated: ${name} --> … <!-- end: ${name} -->`);
    return text.replace(marker(name), (_, open: string, close: string) => `${open}\n${generate()}\n${close}`);
  }, document);

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const before = readFileSync(DESIGN, 'utf8');
  const after = regenerate(before);
  writeFileSync(DESIGN, after);
  console.log(
    after === before ? 'docs/design.md: the generated tables were current.' : 'docs/design.md: the generated tables are written anew.',
  );
}
