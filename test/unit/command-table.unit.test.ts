/**
 * ARC-4: one command table. Each lifecycle command is declared once in
 * domain/match/command-table.ts; the route's known and reserved commands, the decider's
 * dispatch, the strictness check, GET /rulesets/{id} and the OpenAPI command unions read it,
 * and rules adoption is given through the one command path (functions/app/commands.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantsByType } from '../../domain/kernel/schema.ts';
import * as z from '../../domain/kernel/zod.ts';
import {
  commandTable,
  isMatchCommand,
  LIFECYCLE_COMMANDS,
  lifecycleCommand,
  matchCommandSchemas,
  matchCommands,
  RESERVED_COMMANDS,
} from '../../domain/match/command-table.ts';
import { commandDocsOf, rulesetIds } from '../../domain/ruleset-list.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { Problem } from '../../functions/app/problems.ts';
import { refuseUnknownCommandFields } from '../../functions/app/strict.ts';
import { docsHandlers } from '../../functions/http/docs-routes.ts';
import { openApiDocument } from '../../functions/http/openapi.ts';
import type { Request } from '../../functions/http/router.ts';
import { apiHandlers } from '../../functions/http/routes.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The command table, and the takebacks' and forks' part of it, kept apart to stay readable (RUL-5). */
const TABLE_FILES = ['domain/match/command-table.ts', 'domain/match/takeback-commands.ts'];
const types = LIFECYCLE_COMMANDS.map((c) => c.type);
const atCommands = LIFECYCLE_COMMANDS.filter((c) => !('reserved' in c)).map((c) => c.type);

const noDeps = () => {
  throw new Error('no deps: the command was to be refused before anything is read');
};
const request = (id: string) => ({ params: { id }, headers: {}, query: {} }) as unknown as Request;

/** What POST /games/{id}/commands answers a command of `type` before it reads any game: null when it goes on to the game. */
const refusalAtTheRoute = async (type: string): Promise<{ status: number; type: string; detail: string } | null> => {
  try {
    await apiHandlers(noDeps).giveCommand(request('g_1'), {
      playerId: 'p_1',
      query: undefined,
      body: { commandId: 'cmd-00001', command: { type } },
    });
  } catch (error) {
    if (error instanceof Problem) return { status: error.status, type: error.type, detail: error.detail };
    return null;
  }
  return null;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('ARC-4 one command table', () => {
  it('ARC-4 declares each lifecycle command once, with its schema, summary, rule, sender and decision', () => {
    expect(new Set(types).size).toBe(types.length);
    for (const declaration of LIFECYCLE_COMMANDS) {
      // The table's entry is the declaration, its decision wrapped in the schema check (INV-6): the same schema, summary and rule.
      const entry = lifecycleCommand(declaration.type);
      expect([entry?.type, entry?.schema, entry?.summary, entry?.rule]).toEqual([
        declaration.type,
        declaration.schema,
        declaration.summary,
        declaration.rule,
      ]);
      expect(isMatchCommand({ type: declaration.type })).toBe(true);
      expect(declaration.summary.length, declaration.type).toBeGreaterThan(10);
      expect(typeof declaration.decide).toBe('function');
      // The schema's own `type` is the declared type: nothing else names it.
      expect(z.safeParse(declaration.schema, { type: declaration.type }).error?.issues.some((i) => i.path[0] === 'type')).not.toBe(true);
      expect(z.safeParse(declaration.schema, { type: `${declaration.type}X` }).success).toBe(false);
    }
    expect([...matchCommandSchemas.keys()]).toEqual(types);
    expect(lifecycleCommand('EndPhase')).toBeUndefined();
  });

  it('ARC-4 the reserved ids are the declarations that name a route of their own or the server as sender', () => {
    expect([...RESERVED_COMMANDS.keys()]).toEqual(['CreateGame', 'JoinGame', 'DeadlineReached', 'ProposeFork', 'ForkGame']);
    expect(LIFECYCLE_COMMANDS.filter((c) => c.sentBy === 'server').map((c) => c.type)).toEqual(['DeadlineReached']);
    for (const type of RESERVED_COMMANDS.keys()) expect('reserved' in (lifecycleCommand(type) ?? {})).toBe(true);
  });

  it('ARC-4 the route refuses each reserved command with its declaration, takes every other command of the table, and refuses a type no table has', async () => {
    for (const [type, why] of RESERVED_COMMANDS) {
      expect(await refusalAtTheRoute(type)).toEqual({ status: 400, type: 'unknown-command', detail: why });
    }
    const everyRulesetCommand = rulesetIds.flatMap(commandDocsOf).map((c) => c.type);
    for (const type of [...atCommands, ...everyRulesetCommand]) expect(await refusalAtTheRoute(type), type).toBeNull();
    expect(await refusalAtTheRoute('MakeItSo')).toMatchObject({ status: 400, type: 'unknown-command' });
  });

  it('ARC-4 every command type accepted by the route is in the table exactly once: the lifecycle or one ruleset, never both', () => {
    for (const id of rulesetIds) {
      const own = commandDocsOf(id).map((c) => c.type);
      expect(new Set(own).size, id).toBe(own.length);
      expect(
        own.filter((type) => isMatchCommand({ type })),
        id,
      ).toEqual([]);
    }
  });

  it("ARC-4 GET /rulesets/{id}'s commands are the table's, in its order, with its summaries and rules", async () => {
    for (const r of rulesets.values()) {
      const reply = await docsHandlers.getRuleset({ params: { id: r.id }, headers: {}, query: {} } as unknown as Request, {
        playerId: null,
        query: undefined,
        body: undefined,
      });
      const listed = (JSON.parse(String(reply.body)) as { commands: { type: string; summary: string; rule: string }[] }).commands;
      const table = commandTable(r, variantsByType(r.commandSchema));
      expect(listed.map(({ type, summary, rule }) => ({ type, summary, rule }))).toEqual(
        table.map(({ type, summary, rule }) => ({ type, summary, rule })),
      );
      expect(listed.map((c) => c.type)).toEqual([...atCommands, ...r.commands.map((c) => c.type)]);
      expect(listed.find((c) => c.type === 'ChooseFirstPlayer')?.rule).toBe(r.firstPlayerRule);
      expect(matchCommands(r).map((c) => c.type)).toEqual(atCommands);
    }
  });

  it("ARC-4 the OpenAPI document's command schemas are the table's: each lifecycle command accepted at /commands, described by its declaration", () => {
    const schemas = (openApiDocument() as unknown as { components: { schemas: Record<string, { description?: string }> } }).components
      .schemas;
    const lifecycle = Object.keys(schemas)
      .filter((id) => id.startsWith('Match.'))
      .map((id) => id.slice('Match.'.length));
    expect(lifecycle).toEqual(atCommands);
    for (const type of atCommands) {
      const declaration = lifecycleCommand(type);
      expect(schemas[`Match.${type}`]?.description).toBe(
        `${declaration?.summary} (${declaration?.rule ?? "the ruleset's first-player rule"})`,
      );
    }
  });

  it('ARC-4 the strictness check reads the table: a lifecycle command with a field its declaration lacks is refused by name', () => {
    const check = (command: { type: string } & Record<string, unknown>) => {
      try {
        refuseUnknownCommandFields(everyRuleset(), { status: 'empty' } as never, command);
        return null;
      } catch (error) {
        return error instanceof Problem ? { status: error.status, type: error.type, extra: error.extra } : error;
      }
    };
    expect(check({ type: 'Concede', when: 'now' })).toMatchObject({
      status: 400,
      type: 'unknown-field',
      extra: { errors: [{ pointer: '/command/when' }] },
    });
    expect(check({ type: 'ExtendDeadline', by: 'PT1H' })).toBeNull();
    expect(check({ type: 'ExtendDeadline', by: 'P9999D' })).toMatchObject({ status: 400, type: 'invalid-body' });
  });

  it('ARC-4 a lifecycle command is declared once, in the command table: elsewhere its type is only given as a command ({ type: ... })', () => {
    const stray: string[] = [];
    for (const file of [...sourceFiles(join(ROOT, 'domain')), ...sourceFiles(join(ROOT, 'functions'))]) {
      const where = relative(ROOT, file);
      // functions/ops/ are HTTP clients of the service (the smoke test names the commands it gives).
      if (TABLE_FILES.includes(where) || where.startsWith('functions/ops/')) continue;
      const text = readFileSync(file, 'utf8');
      for (const type of types) {
        for (const found of text.matchAll(new RegExp(`(.{0,6})'${type}'`, 'g'))) {
          if (!/type: $/.test(found[1] ?? '')) stray.push(`${where}: ${found[0].trim()}`);
        }
      }
    }
    expect(stray).toEqual([]);
    const table = TABLE_FILES.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
    for (const type of types) expect(table.match(new RegExp(`type: '${type}'`, 'g')), type).toHaveLength(1);
  });

  it('ARC-4 rules adoption writes only through executeCommand: no append, no idempotency record and no cache of its own', () => {
    const migration = readFileSync(join(ROOT, 'functions/app/rules-migration.ts'), 'utf8');
    expect(migration).not.toMatch(/\.append\(|commandItem|recordCommand|bodyHash/);
    expect(migration).not.toMatch(/^(const|let) \w+ = new (Map|Set)/m);
    const commands = readFileSync(join(ROOT, 'functions/app/commands.ts'), 'utf8');
    expect(commands).toMatch(/executeCommand\(deps, \{\s*gameId,\s*commandId: systemCommandId\('rules', to\),\s*command: ADOPT_RULES,/);
  });
});
