/**
 * One shape for every ruleset (RUL-2) and files small enough to read (RUL-5), checked over
 * every ruleset folder in domain/ and over the example of docs/adding-a-ruleset.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { pigFold } from '../../docs/examples/pig/fold.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { folds } from '../../domain/folds.ts';
import { rollKey, seededDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { AnyRuleset, RulesContext } from '../../domain/kernel/ruleset.ts';
import { commandDocsOf, rulesetIds, rulesetList } from '../../domain/ruleset-list.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { FOLDS, generatedFolds } from '../../scripts/generate-folds.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOMAIN = join(ROOT, 'domain');

/** The folders of domain/ that are not rulesets: the shared kernel, the match lifecycle, the log verifier, tournaments (CLUB-2). */
const SHARED_FOLDERS = ['kernel', 'match', 'tournament', 'verify'];

/** The files every ruleset folder has, each for the same job (docs/adding-a-ruleset.md, section 2). */
const SHARED_FILES = ['fold', 'ruleset', 'commands', 'command-docs', 'events', 'state', 'evolve', 'decide', 'view', 'options', 'examples'];

/** What a Ruleset adds to its fold: the referee (domain/kernel/ruleset.ts). */
const REFEREE_PARTS = ['begin', 'commandSchema', 'commands', 'decide', 'onDeadline', 'optionsSchema'];
/** What a referee has only where it needs it: options recorded differently by an older rules version (RUL-10). */
const OPTIONAL_REFEREE_PARTS = ['optionsAsOf'];

const rulesetFolders = readdirSync(DOMAIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_FOLDERS.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

/** Every ruleset with the folder it lives in: the registered ones, and the guide's example. */
const homes: readonly (readonly [string, string, AnyRuleset | undefined])[] = [
  ...rulesetFolders.map((name) => [name, `domain/${name}`, rulesets.get(name)] as const),
  [pig.id, 'docs/examples/pig', pig],
];

/**
 * A setup and one command each ruleset's schema accepts, to see `decide` answer. A new
 * ruleset adds its line here (the first test says so).
 */
const SAMPLES: Readonly<Record<string, { readonly options: unknown; readonly command: Readonly<Record<string, unknown>> }>> = {
  'post-galactica': { options: { scenario: 'example' }, command: { type: 'EndPhase' } },
  soluna: { options: {}, command: { type: 'SubmitActions', actions: [] } },
  gsc2: { options: {}, command: { type: 'EndMoves' } },
  pig: { options: {}, command: { type: 'Roll' } },
};

const SEED = 'c0ffee'.repeat(10).padEnd(64, '0');

const rulesContext = (seat: string | null, rulesVersion: string): RulesContext => ({
  ctx: {
    now: '2026-01-01T00:00:00.000Z',
    actor: seat === null ? { kind: 'system' } : { kind: 'player', playerId: `p_${seat}`, seat },
    seed: SEED,
  },
  dice: seededDice(rollKey(SEED, []), 'g_shape', 1),
  seat,
  salt: (label) => sha256Hex(`shape:${label}`),
  rulesVersion,
});

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

/** The values a module exports, or null when the file does not load. */
const exportsOf = async (folder: string, file: string): Promise<Record<string, unknown> | null> => {
  const path = join(ROOT, folder, `${file}.ts`);
  return existsSync(path) ? ((await import(path)) as Record<string, unknown>) : null;
};

describe('RUL-2 one shape for every ruleset', () => {
  it('RUL-2 every ruleset folder of domain/ is a registered ruleset of that id, and every registered ruleset has its folder', () => {
    expect(rulesetFolders).toEqual([...rulesets.keys()].sort());
    expect(Object.keys(SAMPLES).sort(), 'SAMPLES (this file) has a setup and a command for every ruleset').toEqual(
      [...rulesetFolders, pig.id].sort(),
    );
  });

  it('RUL-2 every ruleset folder is in the list under its id, with its CommandDocs, and in the files importing every fold and every ruleset', () => {
    expect([...rulesetIds].sort(), 'domain/ruleset-list.ts').toEqual(rulesetFolders);
    expect(new Set(rulesetIds).size, 'each id listed once').toBe(rulesetList.length);
    expect([...folds.keys()].sort(), 'domain/folds.ts').toEqual(rulesetFolders);
    expect([...rulesets.keys()].sort(), 'domain/rulesets.ts').toEqual(rulesetFolders);
    for (const id of rulesetFolders) expect(commandDocsOf(id), id).toBe(rulesets.get(id)?.commands);
  });

  it('HALL-4 domain/folds.ts is what `npm run folds` writes from the list: a new ruleset needs no line there', () => {
    expect(readFileSync(FOLDS, 'utf8'), 'run npm run folds').toBe(generatedFolds());
    expect([...folds.keys()]).toEqual([...rulesetIds]);
    // The generator reads each listed ruleset's fold: a list with one more id names its fold too.
    expect(() => generatedFolds([...rulesetIds, 'no-such-ruleset'])).toThrow(/no-such-ruleset/);
  });

  it("HALL-4 domain/rulesets.ts is what the list's entries load, in the list's order: a new ruleset needs no line there", async () => {
    expect([...rulesets.keys()]).toEqual([...rulesetIds]);
    for (const entry of rulesetList) expect(await entry.load(), entry.id).toBe(rulesets.get(entry.id));
  });

  it('RUL-2 every ruleset is its fold, registered in domain/folds.ts, plus the referee', () => {
    expect([...folds.keys()].sort()).toEqual([...rulesets.keys()].sort());
    for (const [id, ruleset] of [...rulesets, [pig.id, pig] as const]) {
      const fold = id === pig.id ? pigFold : folds.get(id);
      if (!fold) throw new Error(`no fold for ${id}`);
      for (const [key, value] of Object.entries(fold)) expect(ruleset[key as keyof typeof ruleset], `${id}.${key}`).toBe(value);
      expect(
        Object.keys(ruleset)
          .filter((key) => !Object.hasOwn(fold, key) && !OPTIONAL_REFEREE_PARTS.includes(key))
          .sort(),
        id,
      ).toEqual(REFEREE_PARTS);
    }
  });

  it.each(homes.map(([id, folder]) => [id, folder]))('RUL-2 %s (%s) has the shared files', (_id, folder) => {
    const missing = SHARED_FILES.filter((file) => !existsSync(join(ROOT, folder, `${file}.ts`))).map((file) => `${folder}/${file}.ts`);
    expect(missing).toEqual([]);
  });

  it.each(homes.map(([id, folder, ruleset]) => [id, folder, ruleset]))(
    'RUL-2 %s (%s): each part of the Ruleset comes from the file named for its job',
    async (_id, folder, ruleset) => {
      if (!ruleset) throw new Error(`${folder} is not registered`);
      const exported = async (file: string, name?: string) => {
        const module = await exportsOf(folder, file);
        if (!module) return `${file}.ts is missing`;
        return name === undefined ? Object.values(module) : module[name];
      };
      const wrong: string[] = [];
      const expectNamed = async (file: string, name: string, value: unknown) => {
        if ((await exported(file, name)) !== value) wrong.push(`${name} is not the ${name} exported by ${folder}/${file}.ts`);
      };
      const expectAmong = async (file: string, what: string, value: unknown) => {
        const values = await exported(file);
        if (!Array.isArray(values) || !values.includes(value)) wrong.push(`${what} is not exported by ${folder}/${file}.ts`);
      };
      await expectAmong('ruleset', 'the Ruleset object', ruleset);
      await expectNamed('decide', 'decide', ruleset.decide);
      await expectNamed('evolve', 'evolve', ruleset.evolve);
      await expectNamed('view', 'view', ruleset.view);
      await expectNamed('state', 'initialState', ruleset.initialState);
      await expectAmong('commands', 'the command schema', ruleset.commandSchema);
      await expectAmong('command-docs', 'the CommandDocs', ruleset.commands);
      await expectAmong('events', 'the event types', ruleset.eventTypes);
      await expectAmong('options', 'the options schema', ruleset.optionsSchema);
      if (ruleset.optionsAsOf) await expectAmong('options', 'optionsAsOf', ruleset.optionsAsOf);
      const examples = await exported('examples');
      if (!Array.isArray(examples) || examples.length === 0) wrong.push(`${folder}/examples.ts exports no example`);
      expect(wrong).toEqual([]);
    },
  );

  it.each(homes.map(([id, , ruleset]) => [id, ruleset]))(
    'RUL-2 %s: evolve folds bare domain events without changing the state it is given, decide answers a Decision, view shows a seat and a spectator',
    (id, ruleset) => {
      const sample = SAMPLES[id];
      if (!ruleset || !sample) throw new Error(`${id} has no ruleset or no sample in SAMPLES`);
      const seats: string[] = [...ruleset.seatNames];
      const [first = ''] = seats;
      const options = z.parse(ruleset.optionsSchema, sample.options);
      const start = deepFreeze(ruleset.initialState({ seats, firstSeat: first, options }));
      // Only type and data, frozen: an evolve that reads an envelope field or changes what it is given fails here.
      const bare = (events: readonly DomainEvent[]) => events.map(({ type, data }) => deepFreeze({ type, data }));
      const opening = bare(ruleset.begin(start, rulesContext(null, ruleset.rulesVersion)));
      expect(opening.length).toBeGreaterThan(0);
      expect(opening.filter((e) => !ruleset.eventTypes.includes(e.type))).toEqual([]);
      const playing = deepFreeze(opening.reduce((state, event) => ruleset.evolve(state, event), start));

      const step = ruleset.step(playing);
      if (step) expect(ruleset.phaseNames).toContain(step.phase);
      const awaiting = ruleset.awaiting(playing);
      expect(awaiting.filter((s: string) => !seats.includes(s))).toEqual([]);

      const seat: string = awaiting[0] ?? first;
      const command = z.parse(ruleset.commandSchema, sample.command);
      const decision = ruleset.decide(playing, command, rulesContext(seat, ruleset.rulesVersion));
      expect(ruleset.decide(playing, command, rulesContext(seat, ruleset.rulesVersion)), 'decide is deterministic').toEqual(decision);
      if (decision.ok) {
        expect(decision.events.filter((e: DomainEvent) => !ruleset.eventTypes.includes(e.type))).toEqual([]);
        bare(decision.events).reduce((state, event) => ruleset.evolve(state, event), playing);
      } else {
        expect(decision.violation.rule).toMatch(/^[A-Z]+(-\d+)?$/);
        expect(decision.violation.message.length).toBeGreaterThan(10);
      }

      for (const viewer of [...seats, null]) {
        const view = ruleset.view(playing, viewer);
        expect(JSON.parse(JSON.stringify(view)), `view for ${viewer ?? 'a spectator'} is plain data`).toEqual(view);
      }
    },
  );
});

/**
 * RUL-5: logic lines are the lines that are neither blank nor comment. The limit is about
 * 250; pure data (tables of datasheets, example setups) may be longer.
 */
const LOGIC_LIMIT = 250;

/** Pure-data files: tables and example setups, no rules. Each entry says what it holds. */
const DATA_FILES: readonly string[] = [
  'domain/post-galactica/datasheets.ts', // datasheet schemas: the shape of a unit profile and the tables of names it uses
  'domain/post-galactica/examples.ts', // the example factions, mission, armies and deployment
  'domain/gsc2/examples.ts', // the example ship designs, fleets and terrain
  'domain/soluna/examples.ts', // the example mission's warbands and grid
];

const logicLines = (text: string): number => {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inBlock = false;
      if (line.slice(end + 2).trim()) count += 1;
    } else if (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2);
      if (end < 0) inBlock = true;
      else if (line.slice(end + 2).trim()) count += 1;
    } else if (line && !line.startsWith('//')) {
      count += 1;
    }
  }
  return count;
};

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });

describe('RUL-5 files small enough to read', () => {
  it('RUL-5 logic lines leave out blank lines, line comments and block comments, and count code with a trailing comment', () => {
    const text = [
      '/**',
      ' * A doc comment',
      ' */',
      '',
      '// a line comment',
      "import { z } from 'zod';",
      '/* one line */',
      '/* a block */ const a = 1;',
      'const b = 2; // why',
      '  /*',
      '   still a comment',
      '  */ const c = 3;',
    ].join('\n');
    expect(logicLines(text)).toBe(4);
  });

  it('RUL-5 every pure-data file listed exists', () => {
    expect(DATA_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it(`RUL-5 no .ts file under domain/ has more than ${LOGIC_LIMIT} lines of logic, pure-data files aside`, () => {
    const over = tsFiles(DOMAIN)
      .filter((file) => !DATA_FILES.includes(file))
      .map((file) => ({ file, lines: logicLines(readFileSync(join(ROOT, file), 'utf8')) }))
      .filter(({ lines }) => lines > LOGIC_LIMIT);
    expect(over).toEqual([]);
  });
});
