/**
 * RUL-9 for the match lifecycle's commands (domain/match: commands, command-table, decide,
 * rules-adoption): the fields each lifecycle command declares, as the strictness check and
 * GET /rulesets/{id} read them (ARC-4); the table's listing of a ruleset's own commands; the
 * decider's entry for a ruleset's command in play; AdoptRules' refusals; and the guard verify reads
 * a logged command through. Each test holds a behaviour that a small change of that code (as
 * StrykerJS makes) broke without any other test failing. CreateGame's declared fields are POST
 * /games' body (with a request id), so a CreateGame is parsed both ways; ForkGame's route has a
 * body of its own, so its declaration is parsed directly, against what the route takes.
 */
import { describe, expect, it } from 'vitest';
import { variantsByType } from '../../domain/kernel/schema.ts';
import * as z from '../../domain/kernel/zod.ts';
import { commandTable, matchCommandSchemas } from '../../domain/match/command-table.ts';
import { asGameCommand } from '../../domain/match/commands.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { rulesContext } from '../../domain/match/rules-context.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { Problem } from '../../functions/app/problems.ts';
import { refuseUnknownCommandFields } from '../../functions/app/strict.ts';
import { docsHandlers } from '../../functions/http/docs-routes.ts';
import { openApiDocument } from '../../functions/http/openapi.ts';
import type { Request } from '../../functions/http/router.ts';
import { createGameBody } from '../../functions/http/schemas.ts';
import { ctxFor, GAME_ID, type Game, matchOf, seat, startedPostGalactica } from '../support/decider-spec.ts';

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

/** The commands GET /rulesets/{id} lists (API-3), by type. */
const listedCommands = async (id: string): Promise<Map<string, Listed>> => {
  const reply = await docsHandlers.getRuleset({ params: { id }, headers: {}, query: {} } as unknown as Request, {
    playerId: null,
    query: undefined,
    body: undefined,
  });
  const { commands } = JSON.parse(String(reply.body)) as { commands: Listed[] };
  return new Map(commands.map((c) => [c.type, c]));
};

/** The CreateGame declaration of the command table, and POST /games' body built from its fields, each parsing one CreateGame. */
const bothParse = (fields: Record<string, unknown>) => ({
  declared: z.safeParse(matchCommandSchemas.get('CreateGame') as z.ZodMiniType, { type: 'CreateGame', ...fields }).success,
  route: z.safeParse(createGameBody, fields).success,
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

describe('RUL-9 PBM-14 AdoptRules refused', () => {
  it('RUL-9 PBM-14 an ended game keeps the rules it was played under: GAME_OVER', () => {
    const game = startedPostGalactica();
    game.run({ type: 'Concede' }, seat('blue'));
    const refused = game.when({ type: 'AdoptRules' }, seat('red')).thenRejects('MATCH', 'GAME_OVER');
    expect([refused.message, refused.status]).toEqual([
      'This game has ended (blue conceded); it keeps the rules it was played under.',
      409,
    ]);
  });

  it('RUL-9 PBM-14 a game already under the newest rules has nothing to adopt, by its organiser or by a re-adjudication naming its own version', () => {
    const game = startedPostGalactica();
    const current = matchOf(game).rulesVersion;
    const nothing = `This game already plays under ${current}, and this server implements no newer version of its rules to adopt.`;
    const byOrganiser = game.when({ type: 'AdoptRules' }, seat('red')).thenRejects('MATCH', 'NOTHING_TO_ADOPT');
    expect(byOrganiser.message).toBe(nothing);
    // A re-adjudication names the version its log adopted (ctx.rulesVersion): the game's own is no newer.
    const replayed = decideGame(game.state, { type: 'AdoptRules' }, { ...ctxFor(system), rulesVersion: current }, GAME_ID);
    expect(replayed).toEqual({
      ok: false,
      violation: expect.objectContaining({ code: 'NOTHING_TO_ADOPT', rule: 'MATCH', message: nothing }),
    });
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
