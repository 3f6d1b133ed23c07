/**
 * ARC-4: one command table. Each lifecycle command is declared once in
 * domain/match/command-table.ts; the route's known and reserved commands, the decider's
 * dispatch, the strictness check, GET /rulesets/{id} and the OpenAPI command unions read it,
 * and rules adoption is given through the one command path (functions/games/app/commands.ts).
 * Below the table itself: the fields each command declares, as the strictness check, GET
 * /rulesets/{id} and a person read them; CreateGame's declared fields are POST /games' body
 * (with a request id), so a CreateGame is parsed both ways; ForkGame's route has a body of its
 * own, so its declaration is parsed directly, against what the route takes. Then the decider's
 * entry for a ruleset's command in play, and the guard verify reads a logged command through.
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
import { asGameCommand } from '../../domain/match/commands.ts';
import { rulesContext } from '../../domain/match/rules-context.ts';
import { commandDocsOf, rulesetIds } from '../../domain/ruleset-list.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { docsHandlers } from '../../functions/docs/http/routes.ts';
import { gameHandlers } from '../../functions/games/http/routes.ts';
import { createGameBody } from '../../functions/games/http/schemas.ts';
import type { Request } from '../../functions/http/router.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { refuseUnknownCommandFields } from '../../functions/kernel/strict.ts';
import { ctxFor, type Game, matchOf, seat, startedPostGalactica } from '../support/decider-spec.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The command table, and the takebacks' and forks' part of it, kept apart to stay readable (RUL-5). */
const TABLE_FILES = ['domain/match/command-table.ts', 'domain/match/takeback-commands.ts'];
const types = LIFECYCLE_COMMANDS.map((c) => c.type);
const atCommands = LIFECYCLE_COMMANDS.filter((c) => !('reserved' in c)).map((c) => c.type);

const noDeps = () => {
  throw new Error('no deps: the command was to be refused before anything is read');
};
const request = (id: string) => ({ params: { id }, headers: {}, query: {} }) as unknown as Request;

const system = { kind: 'system' } as const;

/** What the strictness check (REL-4) answers a command on `game`'s state: null when it lets it through to the decider. */
const strictness = (game: Game, command: { type: string } & Record<string, unknown>) => {
  try {
    refuseUnknownCommandFields(everyRuleset(), game.state, command);
    return null;
  } catch (error) {
    if (error instanceof Problem) return { status: error.status, type: error.type, detail: error.detail };
    throw error;
  }
};

interface JsonSchema {
  readonly properties?: Record<string, { readonly description?: string; readonly type?: string; readonly minimum?: number }>;
  readonly required?: readonly string[];
}
/** The few levels of the OpenAPI document these tests read. */
interface Described {
  readonly description?: string;
  readonly properties?: Record<string, Described>;
}
interface OpenApi {
  readonly paths: Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: Required<Pick<Described, 'properties'>> }> } } }
  >;
}
interface Listed {
  readonly type: string;
  readonly summary: string;
  readonly rule: string;
  readonly phases?: readonly string[];
  readonly anySeat?: true;
  readonly schema: JsonSchema;
}

/** The commands GET /rulesets/{id} lists (API-3), in its order. */
const listedOf = async (id: string): Promise<Listed[]> => {
  const reply = await docsHandlers.getRuleset(request(id), { playerId: null, query: undefined, body: undefined });
  return (JSON.parse(String(reply.body)) as { commands: Listed[] }).commands;
};
/** The same, by type. */
const listedCommands = async (id: string): Promise<Map<string, Listed>> => new Map((await listedOf(id)).map((c) => [c.type, c]));

/** The CreateGame declaration of the command table, and POST /games' body built from its fields, each parsing one CreateGame. */
const bothParse = (fields: Record<string, unknown>) => ({
  declared: z.safeParse(matchCommandSchemas.get('CreateGame') as z.ZodMiniType, { type: 'CreateGame', ...fields }).success,
  route: z.safeParse(createGameBody, fields).success,
});

/** What POST /games/{id}/commands answers a command of `type` before it reads any game: null when it goes on to the game. */
const refusalAtTheRoute = async (type: string): Promise<{ status: number; type: string; detail: string } | null> => {
  try {
    await gameHandlers(noDeps).giveCommand(request('g_1'), {
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
      const listed = await listedOf(r.id);
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
      if (TABLE_FILES.includes(where)) continue;
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

  it('ARC-4 HALL-5 rules adoption writes only through the command path: no append, no idempotency record and no cache of its own', () => {
    const migration = readFileSync(join(ROOT, 'functions/games/app/rules-migration.ts'), 'utf8');
    expect(migration).not.toMatch(/\.append\(|commandItem|recordCommand|bodyHash/);
    expect(migration).not.toMatch(/^(const|let) \w+ = new (Map|Set)/m);
    const commands = readFileSync(join(ROOT, 'functions/games/app/commands.ts'), 'utf8');
    // HALL-5: a step of the command's own pass (the decide-and-append every command takes), not a command run again from the top.
    expect(commands).toMatch(/commandId: systemCommandId\('rules', to\), command: ADOPT_RULES/);
    expect(commands).toMatch(/decideAndAppend\(deps, adoption, state, seed, bodyHashOf\(adoption\)/);
    expect(commands).not.toMatch(/executeCommand\(/);
  });
});

describe('RUL-9 ARC-4 the fields each lifecycle command declares, as the strictness check reads them', () => {
  it('RUL-9 REL-4 the fields the phase timer, the takebacks, the organiser and the fork route send are known: none is refused as unknown', () => {
    const game = startedPostGalactica();
    // Each of these is a field of its declaration; a declaration that lost it would refuse it as unknown (REL-4).
    const commands = [
      { type: 'DeadlineReached', phaseKey: 'any' },
      { type: 'TakeBack', toVersion: 3, reason: 'Misclicked.' },
      { type: 'ProposeTakeback', toVersion: 3, reason: 'We both forgot the reinforcements.' },
      { type: 'CorrectGame', toVersion: 3, reason: 'The dice server failed.' },
      { type: 'ProposeFork', version: 3 },
      { type: 'ExtendDeadline', by: 'PT1H' },
      { type: 'ChooseFirstPlayer', seat: 'red' },
    ];
    for (const command of commands) expect(strictness(game, command), command.type).toBeNull();
    // And a field no declaration has is refused by name: the check does read the declarations.
    expect(strictness(game, { type: 'ProposeFork', version: 3, at: 'now' })).toMatchObject({ status: 400, type: 'unknown-field' });
  });

  it('RUL-9 API-3 GET /rulesets/{id} publishes the fields of ExtendDeadline and the takebacks, each with what it means', async () => {
    const listed = await listedCommands('post-galactica');
    const properties = (type: string) => listed.get(type)?.schema.properties ?? {};
    const reason = 'Why, in a sentence; kept in the log.';
    expect(properties('ExtendDeadline').by?.description).toBe(
      'How much later the current deadline passes, e.g. PT24H; at most P365D, and to no more than 365 days from now.',
    );
    expect(properties('TakeBack').toVersion?.description).toBe(
      'The version to go back to: the end of one of your own commands since the last point something became known to anyone else. Default: before your latest command.',
    );
    expect(properties('TakeBack').reason?.description).toBe(reason);
    expect(listed.get('TakeBack')?.schema.required ?? []).toEqual(['type']);
    expect(properties('ProposeTakeback').toVersion?.description).toBe(
      'The version to take the game back to: any version since play began, before the current one. Every other seat must accept.',
    );
    expect(properties('ProposeTakeback').reason?.description).toBe(reason);
    expect(listed.get('ProposeTakeback')?.schema.required).toEqual(['type', 'toVersion']);
    expect(properties('CorrectGame').toVersion?.description).toBe(
      'The version to take the game back to: any version since play began, before the current one.',
    );
    expect(properties('CorrectGame').reason?.description).toBe('The ruling, in a sentence; kept in the log and shown to every seat.');
    expect(listed.get('CorrectGame')?.schema.required).toEqual(['type', 'toVersion', 'reason']);
    // PG-5: the roll-off's winner names the seat that goes first; it is the command's one field, and required.
    expect(properties('ChooseFirstPlayer').seat?.type).toBe('string');
    expect(listed.get('ChooseFirstPlayer')?.schema.required).toEqual(['type', 'seat']);
  });
});

describe('RUL-9 API-4 the fields a new game shares with the lifecycle commands, as a person reads them', () => {
  /** The sentences POST /games' body refuses `fields` with: the body the route parses. */
  const refusals = (fields: Record<string, unknown>) =>
    z.safeParse(createGameBody, { ruleset: 'post-galactica', ...fields }).error?.issues.map((i) => i.message) ?? [];

  it('RUL-9 API-4 a bad seed contribution, deadline or reminder is refused with a sentence that says what is asked', () => {
    expect(refusals({ seedContribution: 'DEADBEEF' })).toEqual(['a seed contribution is 16 to 128 lowercase hex digits']);
    expect(refusals({ options: { deadlines: { default: 'two days' } } })).toEqual([
      'a deadline is an ISO 8601 duration of at least one second, e.g. PT48H',
    ]);
    expect(refusals({ options: { reminders: ['PT0S'] } })).toEqual([
      'a reminder is an ISO 8601 duration of at least one second before the deadline, e.g. PT1H',
    ]);
  });

  it('RUL-9 API-3 the OpenAPI document says, in a sentence, what every field of a new game is, at every depth', () => {
    const create = (openApiDocument() as unknown as OpenApi).paths['/games']?.post.requestBody.content['application/json']?.schema;
    /** Each field's path, and whether its description is a sentence: something, then a full stop. */
    const fields = (schema: Described, path: string): [string, boolean][] =>
      Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
        [`${path}${name}`, /^\S.*\.$/s.test(field.description ?? '')] as [string, boolean],
        ...fields(field, `${path}${name}.`),
      ]);
    const described = fields(create ?? {}, '');
    expect(described.map(([path]) => path)).toEqual([
      'ruleset',
      'seat',
      'seedContribution',
      'options',
      'options.firstPlayer',
      'options.deadlines',
      'options.deadlines.default',
      'options.deadlines.phases',
      'options.rules',
      'options.openFor',
      'options.absence',
      'options.absence.maxMissed',
      'options.reminders',
      'options.visibility',
      'options.rulesVersion',
      'options.takebacks',
      'options.club',
      'options.club.clubId',
      'options.club.rated',
      'commandId',
    ]);
    expect(described.filter(([, sentence]) => !sentence).map(([path]) => path)).toEqual([]);
  });

  it('RUL-9 PBM-11 the OpenAPI document says what maxMissed counts', () => {
    const create = (openApiDocument() as unknown as OpenApi).paths['/games']?.post.requestBody.content['application/json']?.schema;
    expect(create?.properties.options?.properties?.absence?.properties?.maxMissed?.description).toBe(
      'Consecutive deadlines one seat may miss; one more and it forfeits (PBM-11).',
    );
  });
});

describe("RUL-9 VIEW-16 the table's listing of a ruleset's own commands", () => {
  it('RUL-9 VIEW-16 GET /rulesets/gsc2 lists each own command with its summary, rule and phases, and anySeat only where it is declared', async () => {
    const listed = await listedCommands('gsc2');
    const when = ({ summary, rule, phases, anySeat }: Listed) => ({ summary, rule, phases, anySeat });
    expect(when(listed.get('MoveShip') as Listed)).toEqual({
      summary: 'Move one ship along a path of forward moves, 45° turns and MDS / tractor interrupts.',
      rule: 'GSC-4',
      phases: ['movement'],
      anySeat: undefined,
    });
    expect('anySeat' in (listed.get('MoveShip') ?? {})).toBe(false);
    expect(when(listed.get('UseTractorBeam') as Listed)).toEqual({
      summary: 'Hold back an enemy ship that has not moved yet (any time in Movement).',
      rule: 'GSC-5',
      phases: ['movement'],
      anySeat: true,
    });
    // A command with neither says neither: no empty keys for the page to misread.
    const concede = listed.get('Concede') ?? {};
    expect(['phases' in concede, 'anySeat' in concede]).toEqual([false, false]);
  });

  it('RUL-9 API-3 a ruleset command its docs do not describe is listed with an empty summary and rule, and no phases', () => {
    // Every real ruleset documents each of its commands (command-table.unit.test.ts), so only a table built directly lacks one.
    const pg = rulesets.get('post-galactica');
    if (!pg) throw new Error('no post-galactica');
    const variants = new Map([['Undocumented', z.object({ type: z.literal('Undocumented') })]]);
    const own = commandTable({ firstPlayerRule: pg.firstPlayerRule, commands: pg.commands }, variants).at(-1);
    expect(own).toEqual({ type: 'Undocumented', summary: '', rule: '', schema: variants.get('Undocumented') });
  });
});

describe('RUL-9 ARC-4 the declarations of the commands with routes of their own (CreateGame, ForkGame)', () => {
  // POST /games' body is CreateGame's declared fields and a request id; the fork route has a body of its own, so ForkGame's
  // declaration is parsed directly: it must take what the route takes.
  it('RUL-9 ARC-4 CreateGame is declared with every option POST /games takes: deadlines, visibility, rules version and club', () => {
    const accepted = [
      { ruleset: 'post-galactica', options: { deadlines: { default: 'PT1H', phases: { movement: 'PT2H' } } } },
      { ruleset: 'post-galactica', options: { visibility: 'public' } },
      { ruleset: 'post-galactica', options: { visibility: 'private' } },
      { ruleset: 'post-galactica', options: { rulesVersion: 'latest' } },
      { ruleset: 'post-galactica', options: { rulesVersion: 'pinned' } },
      { ruleset: 'post-galactica', options: { club: { clubId: 'club_1', rated: true } } },
    ];
    for (const fields of accepted) expect(bothParse(fields), JSON.stringify(fields)).toEqual({ declared: true, route: true });
    const refused = [
      { ruleset: 'post-galactica', options: { visibility: 'secret' } },
      { ruleset: 'post-galactica', options: { rulesVersion: 'pg-0.1.0' } },
      { ruleset: 'post-galactica', options: { club: { clubId: '' } } },
      { ruleset: 'post-galactica', options: { deadlines: { default: 'PT0S' } } },
    ];
    for (const fields of refused) expect(bothParse(fields), JSON.stringify(fields)).toEqual({ declared: false, route: false });
  });

  it('RUL-9 PBM-7 a reminder given twice is refused, by POST /games and by the declaration alike', () => {
    const twice = { ruleset: 'post-galactica', options: { reminders: ['PT1H', 'PT1H'] } };
    expect(bothParse(twice)).toEqual({ declared: false, route: false });
    expect(z.safeParse(createGameBody, twice).error?.issues.map((i) => i.message)).toEqual(['each reminder may be given once']);
    expect(bothParse({ ruleset: 'post-galactica', options: { reminders: ['PT2H', 'PT1H'] } })).toEqual({ declared: true, route: true });
  });

  it('RUL-9 TB-6 ForkGame is declared with the origin and kind the fork route sends, and the origin version is at least 1', () => {
    const forkGame = matchCommandSchemas.get('ForkGame') as z.ZodMiniType;
    const fork = (from: Record<string, unknown>, kind = 'sandbox') => z.safeParse(forkGame, { type: 'ForkGame', from, kind }).success;
    expect(fork({ gameId: 'g_origin', version: 4 })).toBe(true);
    expect(fork({ gameId: 'g_origin', version: 4 }, 'continuation')).toBe(true);
    expect(fork({ gameId: 'g_origin', version: 0 })).toBe(false);
    expect(fork({ gameId: 'g_origin' })).toBe(false);
    expect(fork({ gameId: 'g_origin', version: 4 }, 'copy')).toBe(false);
  });
});

describe("RUL-9 MATCH a ruleset's command in play", () => {
  it('RUL-9 MATCH the system holds no seat: a ruleset command it gives in play is refused, NOT_SEATED', () => {
    const game = startedPostGalactica();
    const refused = game.when({ type: 'EndPhase' }, system).thenRejects('MATCH', 'NOT_SEATED');
    expect([refused.message, refused.status]).toEqual(['You do not hold a seat in this game.', 403]);
  });

  it("RUL-9 API-4 a command that is not the game's ruleset's is INVALID_COMMAND, naming the ruleset and the field", () => {
    // The route refuses it first with a 400 (API-4); the decider's refusal is what a replayed log meets.
    const game = startedPostGalactica();
    const refused = game.when({ type: 'SubmitOrders' }, seat('red')).thenRejects('MATCH', 'INVALID_COMMAND');
    const pg = game.rulesets.getRuleset(matchOf(game).ruleset);
    const own = [...variantsByType(pg.commandSchema).keys()];
    expect(refused.message).toBe(
      `That is not a valid Post Galactica command: ✖ Invalid discriminator value. Expected ${own.map((t) => `'${t}'`).join(' | ')}\n  → at type`,
    );
    expect(own).toContain('EndPhase');
  });

  it('RUL-9 MATCH a ruleset is told the seat that acts, and null (not a missing seat) when the system acts', () => {
    // RulesContext.seat is `string | null`, and rulesets test it with `=== null` (PG-4's requireActive lets the
    // system through). The system's commands reach a ruleset only as missed deadlines (onDeadline), so the context is built directly.
    const match = matchOf(startedPostGalactica());
    const next = match.version + 1;
    expect(rulesContext(match, ctxFor(system), next).seat).toBeNull();
    expect(rulesContext(match, ctxFor(seat('blue')), next).seat).toBe('blue');
  });
});

describe('RUL-9 MATCH a logged command, as verify reads it', () => {
  it('RUL-9 MATCH a command is an object with a string type; anything else a log line may hold is no command', () => {
    // A log is JSON from anywhere (arbiter verify reads exported files), so no decision makes these: the guard is called directly.
    expect(asGameCommand({ type: 'EndPhase', extra: 1 })).toEqual({ type: 'EndPhase', extra: 1 });
    for (const value of [null, 'EndPhase', 7, {}, { type: 7 }, { kind: 'EndPhase' }])
      expect(asGameCommand(value), String(value)).toBeNull();
  });
});
