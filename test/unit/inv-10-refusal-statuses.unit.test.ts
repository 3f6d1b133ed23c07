/**
 * INV-10: a refusal's status follows one rule (docs/api.md, "Refusals"): 403 the actor may not
 * send it, 409 it conflicts with where the game or tournament is now (a retry later, or after
 * reading again, may succeed or is moot), 422 a valid body a rule refuses for what it asks (the
 * same on any retry of this state). Every refusal code is found in the domain's sources as its
 * `reject('CODE', rule, sentence, status)` (through the small wrappers that pass a code on, as
 * fork.ts's `refuse`), and each is given the status of its class in the table below, wherever
 * it is given. A new code without a row fails, and so does a row no source gives any more.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript5';
import { describe, expect, it } from 'vitest';
import { ruleViolation } from '../../functions/kernel/problems.ts';
import { seat } from '../support/decider-spec.ts';
import { afterAShot } from '../support/soluna.ts';

type Status = 403 | 409 | 422;

/** The class of every refusal code, by the rule docs/api.md states. */
const CLASS: Record<string, Status> = {
  // 403: the actor may not send it (not seated, not the seat awaited, not the organiser, not a player, not the server).
  ...classOf(403, [
    'NOT_AWAITED',
    'NOT_A_PLAYER',
    'NOT_ENTERED',
    'NOT_ORGANISER',
    'NOT_READABLE',
    'NOT_ROLL_OFF_WINNER',
    'NOT_SEATED',
    'NOT_YOUR_GROUP',
    'NOT_YOUR_MOVE',
    'NOT_YOUR_TURN',
    'NOT_YOUR_UNIT',
    'PLAYERS_ONLY',
    'RULING_NEEDED',
    'SYSTEM_ONLY',
  ]),
  // 409: the game (tournament) is not where the request assumes: over, paused, in another phase or step, a proposal
  // open or not, the step done already, nothing left to take back, a count spent.
  ...classOf(409, [
    'ALREADY_AGREED',
    'ALREADY_GATHERED',
    'ALREADY_JOINED',
    'ALREADY_PROPOSED',
    'ALREADY_RESOLVED',
    'ALREADY_SEALED',
    'ALREADY_SEATED',
    'ALREADY_WITHDRAWN',
    'BEFORE_DEADLINE',
    'DEADLINE_PASSED',
    'DEPLOYING',
    'GAME_EXISTS',
    'GAME_NOT_PLAYING',
    'GAME_NOT_STARTED',
    'GAME_OVER',
    'GAME_PAUSED',
    'GAME_STARTED',
    'HIDDEN_ORDERS_PENDING',
    'LATE_JOIN_REFUSED',
    'NOTHING_PROPOSED',
    'NOTHING_TO_ADOPT',
    'NOTHING_TO_TAKE_BACK',
    'NOT_AGREED',
    'NOT_CHOOSING',
    'NOT_DEPLOYING',
    'NOT_IN_ROUND',
    'NOT_MOVEMENT',
    'NOT_OPEN',
    'NOT_PAUSED',
    'NOT_REPAIRS',
    'NOT_RUNNING',
    'NOT_THIS_STEP',
    'NO_DEADLINE',
    'NO_GAME',
    'NO_ORDERS_NOW',
    'NO_ORIGIN',
    'NO_PHASE',
    'NO_SUCH_VERSION',
    'NO_TOURNAMENT',
    'RESULT_RECORDED',
    'ROUND_CLOSED',
    'RULES_PINNED',
    'SAME_ROUNDS',
    'SEAT_TAKEN',
    'TOO_MANY_FORKS',
    'TOO_MANY_TAKEBACKS',
    'TOURNAMENT_CANCELLED',
    'TOURNAMENT_ENDED',
    'TOURNAMENT_EXISTS',
    'TOURNAMENT_FULL',
    'WRONG_PHASE',
    'WRONG_STEP',
  ]),
  // 422: a rule refuses what the request asks (a unit, target, distance, version, value, reason), or this game's
  // own options and rules version refuse it for good.
  ...classOf(422, [
    'ABILITY_SPENT',
    'ABSENCE_WITHOUT_DEADLINES',
    'ACROSS_RULES',
    'ACTION_NOT_ALLOWED',
    'ALREADY_ACTED',
    'ALREADY_ATTACKED',
    'ALREADY_CONTROLLED',
    'ALREADY_DEFERRED',
    'ALREADY_DEPLOYED',
    'ALREADY_MOVED',
    'ALREADY_RESEARCHED',
    'ALREADY_RESEARCHING',
    'ALREADY_SALVAGING',
    'BAD_DEADLINE',
    'BAD_DURATION',
    'BAD_MAX_PLAYERS',
    'BAD_OPTIONS',
    'BAD_REASON',
    'BAD_TARGET',
    'BATTERY_DAMAGED',
    'BATTERY_TWICE',
    'BEFORE_PLAY',
    'CANNOT_FIRE',
    'CANNOT_LOAD',
    'CANNOT_MOVE',
    'CANNOT_PRODUCE',
    'CANNOT_REPAIR',
    'CANNOT_TURN',
    'CAN_MOVE_NOW',
    'COMMAND_NOT_IN_RULES',
    'COMMAND_CENTER_LIMIT',
    'DEADLINE_TOO_LATE',
    'DISENGAGED',
    'DUPLICATE_STATUS',
    'EMPTY_GROUP',
    'ENDS_ON_UNIT',
    'ENGAGED',
    'IMMOBILIZED',
    'ILLEGAL_BOARDING',
    'ILLEGAL_INTERRUPT',
    'ILLEGAL_PLACEMENT',
    'ILLEGAL_TARGET',
    'ILLEGAL_TRACTOR',
    'IMPASSABLE_TERRAIN',
    'INCOMPLETE_DEPLOYMENT',
    'INVALID_COMMAND',
    'MID_COMMAND',
    'NEEDS_AGREEMENT',
    'NODE_NOT_ELIGIBLE',
    'NOTHING_TO_GATHER',
    'NOTHING_TO_HOLD',
    'NOTHING_TO_REPAIR',
    'NOT_ABOARD',
    'NOT_A_TAKEBACK_POINT',
    'NOT_A_TRANSPORT',
    'NOT_A_WORKER',
    'NOT_EMPTY',
    'NOT_ENOUGH_RESOURCES',
    'NOT_ENOUGH_SUPPLY',
    'NOT_FITTED',
    'NOT_IN_MELEE_RANGE',
    'NOT_IN_PLAY',
    'NOT_ON_BATTLEFIELD',
    'NOT_ON_NODE',
    'NOT_REPAIRABLE',
    'NOT_SALVAGEABLE',
    'NOT_YOUR_POD',
    'NOT_YOUR_SHIP',
    'NO_BATTERY',
    'NO_BATTLEFIELD',
    'NO_BOARDERS',
    'NO_COMMAND_CENTER',
    'NO_LINE_OF_SIGHT',
    'NO_MELEE_WEAPON',
    'NO_PRODUCTION_CAPACITY',
    'NO_RANGED_WEAPON',
    'NO_TROOPS',
    'NO_WEAPON',
    'OFF_BATTLEFIELD',
    'OUTSIDE_ZONE',
    'OUT_OF_RANGE',
    'OUT_OF_REACH',
    'OVER_CAPACITY',
    'POD_TWICE',
    'RECHARGING',
    'RELOADING',
    'RESEARCH_NEEDED',
    'ROUNDS_DERIVED',
    'ROUNDS_REQUIRED',
    'SKILL_ZERO',
    'STUNNED',
    'TAKEBACKS_OFF',
    'THROUGH_ENEMY',
    'TOO_CLOSE_TO_ENEMY',
    'TOO_CLOSE_TO_ENEMY_CC',
    'TOO_CLOSE_TO_FRIENDLY_CC',
    'TOO_FAR',
    'TOO_FEW_PLAYERS',
    'TOO_MANY_MISSILES',
    'TOO_MANY_ROUNDS',
    'TOO_MANY_TROOPS',
    'TOO_MANY_UNITS',
    'TRACTORED',
    'TRIGGERED_ABILITY',
    'UNDER_CONSTRUCTION',
    'UNKNOWN_ABILITY',
    'UNKNOWN_BUILDING',
    'UNKNOWN_NODE',
    'UNKNOWN_OBJECTIVE',
    'UNKNOWN_PHASE',
    'UNKNOWN_RESEARCH',
    'UNKNOWN_RULESET',
    'UNKNOWN_SEAT',
    'UNKNOWN_STATUS',
    'UNKNOWN_UNIT',
    'UNKNOWN_WEAPON',
    'USE_ITS_COMMAND',
    'VOIDED',
    'WORKER_LIMIT',
    'ZONE_FULL',
  ]),
};

function classOf(status: Status, codes: readonly string[]): Record<string, Status> {
  return Object.fromEntries(codes.map((code) => [code, status]));
}

/** One place a refusal is given: its code, its status (422 when none is passed) and where. */
interface Site {
  readonly code: string;
  readonly status: number | string;
  readonly at: string;
}

const ROOT = join(import.meta.dirname, '../..');
const SOURCES = ['domain', 'docs/examples/pig'];

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });

type Env = ReadonlyMap<string, ts.Expression | undefined>;

/** The literal values an argument can take: a literal, either branch of a `?:`, a wrapper's parameter, a status read off a list. */
const valuesOf = (src: ts.SourceFile, e: ts.Expression | undefined, env: Env): (string | number)[] => {
  if (!e) return [];
  if (ts.isStringLiteral(e)) return [e.text];
  if (ts.isNumericLiteral(e)) return [Number(e.text)];
  if (ts.isParenthesizedExpression(e)) return valuesOf(src, e.expression, env);
  if (ts.isConditionalExpression(e)) return [...valuesOf(src, e.whenTrue, env), ...valuesOf(src, e.whenFalse, env)];
  if (ts.isIdentifier(e) && env.has(e.text)) return valuesOf(src, env.get(e.text), env);
  // Post Galactica's `held.toUpperCase()`, where `held` is one of a list of statuses (`['Stunned', …].find(…)`).
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'toUpperCase') {
    const list = listOf(src, e.expression.expression);
    if (list) return list.map((s) => s.toUpperCase());
  }
  return [`unreadable: ${e.getText(src)}`];
};

/** The string literals of `[…].find(…)` that `name` is declared as, in the same file. */
const listOf = (src: ts.SourceFile, name: ts.Expression): string[] | null => {
  if (!ts.isIdentifier(name)) return null;
  let found: string[] | null = null;
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name.text && n.initializer) {
      const init = n.initializer;
      if (ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression)) {
        const array = init.expression.expression;
        if (ts.isArrayLiteralExpression(array)) found = array.elements.filter(ts.isStringLiteral).map((s) => s.text);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return found;
};

const nameOf = (fn: ts.SignatureDeclaration): string | null => {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? null;
  const parent = fn.parent;
  return parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : null;
};

/** Every `reject(code, rule, sentence, status?)` of one file, a wrapper's at each of its calls. */
const sitesOf = (file: string): Site[] => {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const calls: ts.CallExpression[] = [];
  const walk = (n: ts.Node) => {
    if (ts.isCallExpression(n)) calls.push(n);
    ts.forEachChild(n, walk);
  };
  walk(src);
  const sites: Site[] = [];
  const record = (reject: ts.CallExpression, env: Env, at: ts.Node) => {
    const [code, , , status] = reject.arguments;
    const line = src.getLineAndCharacterOfPosition(at.getStart(src)).line + 1;
    const statuses = status ? valuesOf(src, status, env) : [422];
    for (const c of valuesOf(src, code, env))
      for (const s of statuses) sites.push({ code: String(c), status: s, at: `${relative(ROOT, file)}:${line}` });
  };
  for (const call of calls) {
    if (!ts.isIdentifier(call.expression) || call.expression.text !== 'reject') continue;
    let fn: ts.Node | undefined = call.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    const wrapper = fn as ts.SignatureDeclaration | undefined;
    const params = wrapper?.parameters.map((p) => p.name.getText(src)) ?? [];
    const [code, , , status] = call.arguments;
    const passed = [code, status].some((a) => a !== undefined && ts.isIdentifier(a) && params.includes(a.text));
    const name = wrapper && passed ? nameOf(wrapper) : null;
    if (!wrapper || !name) {
      record(call, new Map(), call);
      continue;
    }
    for (const use of calls.filter((c) => ts.isIdentifier(c.expression) && c.expression.text === name)) {
      const env = new Map(wrapper.parameters.map((p, i) => [p.name.getText(src), use.arguments[i] ?? p.initializer]));
      record(call, env, use);
    }
  }
  return sites;
};

const SITES: readonly Site[] = SOURCES.flatMap((dir) => sourcesUnder(join(ROOT, dir))).flatMap(sitesOf);

describe('INV-10 every refusal code has one status, by the stated rule', () => {
  it('INV-10 the scan finds the refusals of every layer: the match, each ruleset, the tournament and the example', () => {
    const files = new Set(SITES.map((s) => s.at.replace(/\/[^/]*$/, '')));
    expect([...files].sort()).toEqual(
      expect.arrayContaining([
        'docs/examples/pig',
        'domain/gsc2',
        'domain/match',
        'domain/post-galactica',
        'domain/soluna',
        'domain/tournament',
      ]),
    );
    // fork.ts's `refuse(code, sentence, status = 409)` is read through: its default and its explicit 403 both.
    expect(SITES).toContainEqual(expect.objectContaining({ code: 'TOO_MANY_FORKS', status: 409 }));
    expect(SITES).toContainEqual(expect.objectContaining({ code: 'PLAYERS_ONLY', status: 403 }));
    expect(SITES.filter((s) => s.code === 'STUNNED' || s.code === 'IMMOBILIZED').map((s) => s.code)).toEqual(['STUNNED', 'IMMOBILIZED']);
  });

  it('INV-10 every code the domain gives has a row, and every row a code the domain gives', () => {
    const given = new Set(SITES.map((s) => s.code));
    expect([...given].filter((code) => !(code in CLASS)).sort()).toEqual([]);
    expect(
      Object.keys(CLASS)
        .filter((code) => !given.has(code))
        .sort(),
    ).toEqual([]);
  });

  it('INV-10 every refusal is given the status of its code’s class, wherever it is given', () => {
    const wrong = SITES.filter((s) => CLASS[s.code] !== s.status).map((s) => `${s.code} ${s.status} at ${s.at}, expected ${CLASS[s.code]}`);
    expect(wrong).toEqual([]);
  });
});

/** The status the service answers a refusal with (problems.ts): 422 when the decider names none. */
const answered = (v: Parameters<typeof ruleViolation>[0]): number => ruleViolation(v).status;

describe('INV-10 the takebacks, decided', () => {
  const moon = seat('moon', 'p_moon');

  it('INV-10 TB-4 a game whose policy forbids a takeback refuses it with 422, a rule of the game; nothing to take back is 409', () => {
    const { game, start } = afterAShot({ takebacks: 'own' });
    expect(answered(game.when({ type: 'ProposeTakeback', toVersion: start }, moon).thenRejects('TB-4', 'TAKEBACKS_OFF'))).toBe(422);
    const none = afterAShot({ takebacks: 'none' });
    expect(answered(none.game.when({ type: 'TakeBack' }, moon).thenRejects('TB-4', 'TAKEBACKS_OFF'))).toBe(422);
    const open = afterAShot();
    expect(
      open.game.when({ type: 'ProposeTakeback', toVersion: open.game.state.version }, moon).thenRejects('TB-2', 'NOTHING_TO_TAKE_BACK')
        .status,
    ).toBe(409);
    expect(answered(open.game.when({ type: 'ProposeTakeback', toVersion: 2 }, moon).thenRejects('TB-2', 'BEFORE_PLAY'))).toBe(422);
  });
});
