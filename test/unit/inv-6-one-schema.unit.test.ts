/**
 * INV-6: one schema everywhere. The edges of every command's schema, generated from the
 * OpenAPI document the service serves (each required field missing, each string with a
 * minLength empty, one past each maxLength, maximum, minimum and maxItems), are refused alike
 * by the HTTP parser (a 400 naming the field, nothing written), by the decider at the moment the
 * command's example is taken (test/support/command-examples.ts) and by verify's re-decision of a
 * log that records it; and a value exactly at a bound is refused by none of them as invalid.
 * The HTTP layer runs in-process on the memory adapters (test/support/memory-api.ts).
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import * as z from '../../domain/kernel/zod.ts';
import { matchCommandSchemas, undoneFromLog } from '../../domain/match/command-table.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { rulesetIds } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import type { Client } from '../support/client.ts';
import { exampleMoment } from '../support/command-examples.ts';
import { ctxFor, GAME_ID, Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { memoryApi } from '../support/memory-api.ts';
import { ageLog, olderVersion } from '../support/older-rules.ts';

const RULESETS = everyRuleset();
const api = memoryApi();
let ann: Client;
let bob: Client;
let annId: string;
let bobId: string;
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};
let doc: {
  paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }>;
  components: { schemas: Record<string, Schema> };
};

beforeAll(async () => {
  ({ client: ann, playerId: annId } = await api.anon.register('Ann'));
  ({ client: bob, playerId: bobId } = await api.anon.register('Bob'));
  doc = (await (await api.fetch(`${api.url}/openapi.json`)).json()) as typeof doc;
});

// ---- the edges, from the OpenAPI document ----

/** One input at a schema's edge: refused (`refused`) or exactly at a bound. */
interface Edge {
  readonly what: string;
  /** The JSON Pointer of the field concerned, from the body's root. */
  readonly pointer: string;
  readonly body: Record<string, unknown>;
  readonly refused: boolean;
  /** The bound a refusal names, if it is one. */
  readonly limit?: number;
}

const resolve = (schema: Schema): Schema => {
  if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema);
  return schema;
};

/** The form of `schema` that `value` takes (a union's branch of its JSON type), or the form any value of it would. */
const formOf = (schema: Schema, value: unknown): Schema => {
  const s = resolve(schema);
  if (!s.anyOf) return s;
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'number' ? ['integer', 'number'] : typeof value;
  const branches = s.anyOf.map(resolve);
  return (
    branches.find((b) => (Array.isArray(kind) ? kind.includes(b.type ?? '') : b.type === kind)) ??
    branches.find((b) => b.type !== 'null') ??
    s
  );
};

const put = (root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): Record<string, unknown> => {
  const copy = structuredClone(root);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
};

const pointer = (path: readonly (string | number)[]) => path.map((p) => `/${p}`).join('');

/** The edges of `schema` around `value` (at `path` of `root`, which is valid). */
const edgesOf = (schema: Schema, value: unknown, root: Record<string, unknown>, path: (string | number)[] = []): Edge[] => {
  const s = formOf(schema, value);
  const here = pointer(path);
  const edge = (what: string, to: unknown, refused: boolean, limit?: number, at = path): Edge => ({
    what: `${pointer(at) || '/'} ${what}`,
    pointer: pointer(at),
    body: put(root, at, to),
    refused,
    ...(limit === undefined ? {} : { limit }),
  });
  const edges: Edge[] = [];
  if (s.type === 'object' && s.properties) {
    const object = (value ?? {}) as Record<string, unknown>;
    for (const key of s.required ?? [])
      if (!(path.length === 0 && key === 'type')) edges.push(edge('missing', undefined, true, undefined, [...path, key]));
    for (const [key, property] of Object.entries(s.properties)) {
      if (key === 'type' && path.length === 0) continue;
      if (key in object) edges.push(...edgesOf(property, object[key], root, [...path, key]));
      // A text field the example leaves out: its bounds all the same.
      else if (formOf(property, 'text').type === 'string' && value !== undefined)
        edges.push(...edgesOf(property, 'x', put(root, [...path, key], 'x'), [...path, key]).filter((e) => e.pointer !== here));
    }
  }
  if (s.type === 'string') {
    if ((s.minLength ?? 0) >= 1) edges.push(edge('empty', '', true, s.minLength));
    if (s.maxLength !== undefined) {
      edges.push(edge(`of ${s.maxLength + 1} characters`, 'x'.repeat(s.maxLength + 1), true, s.maxLength));
      edges.push(edge(`of ${s.maxLength} characters`, 'x'.repeat(s.maxLength), false));
    }
  }
  if ((s.type === 'integer' || s.type === 'number') && typeof value === 'number') {
    if (s.maximum !== undefined) {
      edges.push(edge(`of ${s.maximum + 1}`, s.maximum + 1, true, s.maximum));
      edges.push(edge(`of ${s.maximum}`, s.maximum, false));
    }
    if (s.minimum !== undefined) edges.push(edge(`of ${s.minimum - 1}`, s.minimum - 1, true, s.minimum));
  }
  if (s.type === 'array' && Array.isArray(value)) {
    if ((s.minItems ?? 0) >= 1) edges.push(edge('with no items', [], true, s.minItems));
    if (s.maxItems !== undefined && value.length > 0) {
      edges.push(
        edge(
          `of ${s.maxItems + 1} items`,
          Array.from({ length: s.maxItems + 1 }, () => value[0]),
          true,
          s.maxItems,
        ),
      );
      edges.push(
        edge(
          `of ${s.maxItems} items`,
          Array.from({ length: s.maxItems }, () => value[0]),
          false,
        ),
      );
    }
    if (s.items && value.length > 0) edges.push(...edgesOf(s.items, value[0], root, [...path, 0]));
  }
  return edges;
};

// ---- the verdicts ----

type Answer = { status: number; body: { errors?: { pointer: string; detail: string }[]; code?: string; version?: number } };

/** The HTTP verdict on `edge` sent at `at`: whether it was refused as invalid naming its field (and its limit). */
const httpRefuses = (answer: Answer, edge: Edge, under = '') => {
  const named = answer.body.errors?.find((e) => e.pointer === `${under}${edge.pointer}`);
  return answer.status === 400 && named !== undefined && (edge.limit === undefined || named.detail.includes(String(edge.limit)));
};

interface Moment {
  readonly state: GameState;
  readonly history: readonly EventEnvelope[];
  readonly actor: Actor;
  readonly now: string;
  readonly seed: string;
  readonly gameId: string;
}

const ctxAt = (m: Moment, command: GameCommand) => ({
  rulesets: RULESETS,
  now: m.now,
  actor: m.actor,
  seed: m.seed,
  ...undoneFromLog(command, m.state, m.history),
});

/** The decider's verdict on `command` at moment `m`: the refusal, or null when it takes it. */
const domainRefusal = (m: Moment, command: GameCommand) => {
  const decision = decideGame(m.state, command, ctxAt(m, command), m.gameId);
  return decision.ok ? null : decision.violation;
};

/**
 * Verify's verdict: the log before `m`, then `base`'s events recorded as `command` gave them
 * under the newest rules, re-decided at that line; the divergence, or null.
 */
const verifyDivergence = (m: Moment, base: GameCommand, command: GameCommand) => {
  const recorded = recordCommand(m.state, base, ctxAt(m, base), m.gameId, 'inv-6-edge');
  if (!recorded.ok) throw new Error(`the example is refused: ${recorded.violation.code}`);
  const ruleset = m.state.status === 'empty' ? String((base as { ruleset?: unknown }).ruleset) : m.state.ruleset;
  const newest = RULESETS.getRuleset(ruleset).rulesVersion;
  const entry = recorded.events.map((e, i) => ({ ...e, rulesVersion: newest, ...(i === 0 ? { command } : {}) }));
  const events = [...m.history, ...entry];
  const result = readjudicate(events, { gameId: m.gameId, rulesets: RULESETS, seed: null, decides: (i) => i >= m.history.length });
  return result.ok ? null : result.divergence;
};

const isInvalid = (v: { code: string } | null) => v?.code === 'INVALID_COMMAND';

/** Every edge of one command, at its example's moment, over HTTP (`send`) and in the domain and verify. */
const compare = async (
  schema: Schema,
  base: Record<string, unknown>,
  m: Moment,
  send: (body: Record<string, unknown>) => Promise<Answer>,
  { under = '', written, zod }: { under?: string; written: () => Promise<number>; zod: z.core.$ZodType },
  toCommand: (body: Record<string, unknown>) => GameCommand = (body) => body as GameCommand,
) => {
  expect(domainRefusal(m, toCommand(base)), 'the example itself is taken').toBeNull();
  const edges = edgesOf(schema, base, base);
  const disagreements: string[] = [];
  for (const edge of edges) {
    const command = toCommand(edge.body);
    const before = await written();
    const answer = await send(edge.body);
    const after = await written();
    const domain = domainRefusal(m, command);
    const verified = verifyDivergence(m, toCommand(base), command);
    if (edge.refused) {
      if (!httpRefuses(answer, edge, under)) disagreements.push(`${edge.what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      if (after !== before) disagreements.push(`${edge.what}: HTTP wrote ${after - before} events`);
      if (domain === null) disagreements.push(`${edge.what}: the decider takes it`);
      if (verified?.kind !== 'illegal' || verified.index !== m.history.length)
        disagreements.push(`${edge.what}: verify ${JSON.stringify(verified)}`);
    } else if (atBoundValid(zod, toCommand(edge.body))) {
      // At the bound: refused as invalid by none (the rules may still refuse it for what it asks).
      if (answer.status === 400 && answer.body.errors?.some((e) => e.pointer === `${under}${edge.pointer}`))
        disagreements.push(`${edge.what}: HTTP refuses ${JSON.stringify(answer.body)}`);
      if (isInvalid(domain)) disagreements.push(`${edge.what}: the decider refuses it: ${domain?.message}`);
      if (verified?.kind === 'illegal' && isInvalid(verified.violation)) disagreements.push(`${edge.what}: verify refuses it`);
    }
  }
  return { edges, disagreements };
};

/** Whether a value at the bound is one the command's schema takes (a duration of 64 x's is no duration). */
const atBoundValid = (schema: z.core.$ZodType, command: unknown) => z.safeParse(schema, command).success;

// ---- the commands ----

const RULESET_IDS = rulesetIds;

describe('INV-6 one schema: HTTP, the OpenAPI document, the decider and verify agree on every edge', () => {
  it.each(RULESET_IDS)(
    'INV-6 INV-1 every command a game of %s takes at /commands: each edge refused by all, each bound taken',
    async (ruleset) => {
      const seats = RULESETS.getRuleset(ruleset).seatNames;
      const created = await ann.post<{ gameId: string }>('/games', { ruleset, seat: seats[0] });
      expect(created.status).toBe(201);
      const gameId = created.body.gameId;
      const written = async () => (await api.deps.store.readAfter(gameId, 0)).length;
      let sent = 0;
      const send = (command: Record<string, unknown>) => {
        sent += 1;
        return ann.post(`/games/${gameId}/commands`, { commandId: `inv6-${ruleset}-${sent}`, command }) as Promise<Answer>;
      };
      const listed = (await ann.get<{ commands: { type: string; schema: Schema }[] }>(`/rulesets/${ruleset}`)).body.commands;
      const prefix = ruleset === 'post-galactica' ? 'PostGalactica' : ruleset === 'soluna' ? 'Soluna' : 'Gsc2';
      let count = 0;
      const problems: string[] = [];
      for (const { type } of listed) {
        const component = doc.components.schemas[`Match.${type}`] ?? doc.components.schemas[`${prefix}.${type}`];
        expect(component, `${type} is in the OpenAPI document`).toBeDefined();
        const moment = exampleMoment(ruleset, type);
        if (!moment) throw new Error(`${ruleset}: no example of ${type}`);
        const m: Moment = { ...moment, gameId: moment.state.status === 'empty' ? 'g_inv6' : moment.state.gameId };
        const { edges, disagreements } = await compare(component as Schema, moment.command as Record<string, unknown>, m, send, {
          under: '/command',
          written,
          zod: matchCommandSchemas.get(type) ?? RULESETS.getRuleset(ruleset).commandSchema,
        });
        count += edges.filter((e) => e.refused).length;
        problems.push(...disagreements.map((d) => `${type} ${d}`));
      }
      expect(problems).toEqual([]);
      // Each ruleset's commands have edges to test: bounded names, numbers and lists.
      expect(count).toBeGreaterThan(20);
    },
  );
});

describe('INV-6 the bodies that found a game or take its seat', () => {
  const NOW = '2026-01-01T00:00:00.000Z';
  /** The request's own fields (its id, an invite code) are the HTTP layer's alone: the domain never sees them. */
  const commandEdgesOnly = (schema: Schema): Schema => {
    const s = resolve(schema);
    const { commandId: _id, inviteCode: _code, ...properties } = s.properties ?? {};
    return { ...s, properties };
  };
  const bodyOf = (path: string) => doc.paths[path]?.post.requestBody.content['application/json'].schema as Schema;

  it.each(RULESET_IDS)('INV-6 INV-1 POST /games of %s: each edge of CreateGame refused by all, each bound taken', async (ruleset) => {
    const { seatNames, phaseNames } = RULESETS.getRuleset(ruleset);
    const base = {
      ruleset,
      seat: seatNames[0],
      seedContribution: 'ab'.repeat(8),
      options: {
        firstPlayer: seatNames[0],
        deadlines: { default: 'PT1H', phases: { [phaseNames[0] ?? '']: 'PT2H' } },
        openFor: 'P3D',
        absence: { maxMissed: 2 },
        reminders: ['PT10M'],
        visibility: 'public',
        rulesVersion: 'latest',
        takebacks: 'agreed',
      },
    };
    const sent: string[] = [];
    const idOf = (commandId: string) => `g_${createHash('sha256').update(`${annId}:${commandId}`).digest('hex').slice(0, 20)}`;
    const send = (body: Record<string, unknown>) => {
      sent.push(`inv6-create-${sent.length}-${ruleset}`);
      return ann.post('/games', { ...body, commandId: sent.at(-1) }) as Promise<Answer>;
    };
    // Every event of every game these requests could have created.
    const written = async () => {
      let total = 0;
      for (const commandId of sent) total += (await api.deps.store.readAfter(idOf(commandId), 0)).length;
      return total;
    };
    const m: Moment = { state: emptyGame, history: [], actor: player(annId), now: NOW, seed: TEST_SEED, gameId: 'g_inv6' };
    const { edges, disagreements } = await compare(
      commandEdgesOnly(bodyOf('/games')),
      base,
      m,
      send,
      {
        written,
        zod: matchCommandSchemas.get('CreateGame') as z.core.$ZodType,
      },
      (body) => ({ type: 'CreateGame', ...body }) as GameCommand,
    );
    expect(disagreements).toEqual([]);
    expect(edges.map((e) => e.what)).toEqual(
      expect.arrayContaining(['/ruleset missing', '/seat of 65 characters', '/options/reminders of 5 items']),
    );
  });

  it.each(RULESET_IDS)(
    'INV-6 INV-1 POST /games/{id}/join of %s: each edge of JoinGame refused by all, each bound taken',
    async (ruleset) => {
      const { seatNames } = RULESETS.getRuleset(ruleset);
      const created = await ann.post<{ gameId: string }>('/games', { ruleset, seat: seatNames[0] });
      const gameId = created.body.gameId;
      const game = new Game();
      game.run({ type: 'CreateGame', ruleset, seat: seatNames[0] }, player(annId));
      const m: Moment = { state: game.state, history: game.log, actor: player(bobId), now: NOW, seed: TEST_SEED, gameId: GAME_ID };
      const { edges, disagreements } = await compare(
        commandEdgesOnly(bodyOf('/games/{id}/join')),
        { seat: seatNames[1], seedContribution: 'cd'.repeat(8) },
        m,
        (body) => bob.post(`/games/${gameId}/join`, body) as Promise<Answer>,
        {
          written: async () => (await api.deps.store.readAfter(gameId, 0)).length,
          zod: matchCommandSchemas.get('JoinGame') as z.core.$ZodType,
        },
        (body) => ({ type: 'JoinGame', ...body }) as GameCommand,
      );
      expect(disagreements).toEqual([]);
      expect(edges.filter((e) => e.refused).map((e) => e.what)).toEqual(['/seat empty', '/seat of 65 characters']);
    },
  );
});

describe('INV-6 RUL-10 the decider checks the schema the rules alone would not', () => {
  /** A Post Galactica game in play, organised by red's player, and its moment for `actor`. */
  const inPlay = () => {
    const game = new Game();
    game.run(
      { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } } },
      player('p_red'),
    );
    game.run({ type: 'JoinGame' }, player('p_blue'));
    return game;
  };
  const cases: [string, GameCommand, string][] = [
    ['a field no schema knows', { type: 'Concede', junk: true } as GameCommand, 'red'],
    ['a field no schema knows, in a pause', { type: 'PauseGame', for: 'PT1H' } as GameCommand, 'red'],
  ];

  it.each(cases)(
    'INV-6 %s: the decider and verify refuse it as HTTP does; a log under older rules still takes it',
    async (_what, command, by) => {
      const game = inPlay();
      const actor = seat(by);
      // The rules alone take it: the same command without what its schema refuses is taken.
      const plain = { type: command.type };
      expect(game.when(plain as GameCommand, actor).events.length).toBeGreaterThan(0);
      const refused = decideGame(game.state, command, { ...ctxFor(actor), rulesets: RULESETS }, GAME_ID);
      expect(refused.ok ? null : refused.violation.code).toBe('INVALID_COMMAND');
      // Verify: the log recording it is refused at its line under the newest rules...
      const recorded = recordCommand(game.state, plain as GameCommand, { ...ctxFor(actor), rulesets: RULESETS }, GAME_ID, 'c-edge');
      if (!recorded.ok) throw new Error(recorded.violation.code);
      const log = [...game.log, ...recorded.events.map((e, i) => (i === 0 ? { ...e, command } : e))];
      const newest = readjudicate(log, { gameId: GAME_ID, rulesets: RULESETS, seed: TEST_SEED, decides: (i) => i >= game.log.length });
      expect(newest).toMatchObject({
        ok: false,
        divergence: { kind: 'illegal', index: game.log.length, violation: { code: 'INVALID_COMMAND' } },
      });
      // ...and taken under rules from before the check (RUL-10).
      const older = readjudicate(ageLog(log, olderVersion('post-galactica')), {
        gameId: GAME_ID,
        rulesets: RULESETS,
        seed: TEST_SEED,
        decides: (i) => i >= game.log.length,
      });
      expect(older, JSON.stringify(older)).toMatchObject({ ok: true });
      // HTTP: the 400 naming the field, nothing written.
      const created = await ann.post<{ gameId: string }>('/games', {
        ruleset: 'post-galactica',
        seat: 'red',
        options: { firstPlayer: 'red' },
      });
      const gameId = created.body.gameId;
      await bob.post(`/games/${gameId}/join`, {});
      const before = (await api.deps.store.readAfter(gameId, 0)).length;
      const answer = (await ann.post(`/games/${gameId}/commands`, { commandId: `inv6-${by}-${command.type}`, command })) as Answer;
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual([command.type === 'Concede' ? '/command/junk' : '/command/for']);
      expect((await api.deps.store.readAfter(gameId, 0)).length).toBe(before);
    },
  );
});
