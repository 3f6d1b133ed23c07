/**
 * TB-4, TB-6, TB-8 over HTTP on the local runtime (memory adapters), for each ruleset: what
 * each takeback policy refuses and allows; a sandbox and a continuation, refused where another
 * seat's sealed orders are hidden and allowed after the reveal, each fork's log proved against
 * its origin's with `arbiter verify --origin` (run in process); and the contract: the commands
 * in `GET /rulesets/{id}`, the commands, events and fork route in `/openapi.json` with every
 * example valid against its schema, and the typed client making a takeback and a fork.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../client/arbiter.d.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { run as arbiter } from '../../tools/arbiter-cli/src/run.ts';
import { contractViolation } from '../support/contract.ts';
import { gsc2Game, postGalacticaGame, solunaDuel } from '../support/games.ts';
import { GUNSHIP, gunshipAt, gunshipTable } from '../support/gsc2.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';
import { act, shoot } from '../support/soluna.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
/** Where the exported logs go for `arbiter verify`. */
let dir: string;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
  dir = mkdtempSync(join(tmpdir(), 'arbiter-tb-contract-'));
});
afterAll(async () => {
  await runtime.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Reply = {
  gameId: string;
  events: EventEnvelope[];
  version: number;
  forks?: string[];
  rule?: string;
  code?: string;
  detail?: string;
};

const give = (client: Client, gameId: string, command: object) =>
  client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });
const fork = (client: Client, gameId: string, version: number, kind: 'sandbox' | 'continuation') =>
  client.post<Reply>(`/games/${gameId}/forks`, { version, kind, commandId: commandId() });

const ok = async (client: Client, gameId: string, command: object): Promise<Reply> => {
  const reply = await give(client, gameId, command);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const types = (reply: Reply) => reply.events.map((e) => e.type);
const lastSeq = async (gameId: string) => (await runtime.deps.store.lastSeq(gameId)) ?? 0;

/** `GET /games/{id}/log` as the client's player may read it, written to a file of `dir`. */
const exportLog = async (client: Client, gameId: string, file: string): Promise<{ path: string; hashes: string[] }> => {
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  expect(reply.status).toBe(200);
  const text = await reply.text();
  const path = join(dir, file);
  writeFileSync(path, text);
  // The first line is the header; each event's line carries its chain hash.
  const hashes = text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => (JSON.parse(line) as { hash: string }).hash);
  return { path, hashes };
};

/** `arbiter verify <fork> --origin <origin>`, in process: its exit status and what it printed. */
const verifyFork = async (forkLog: string, originLog: string): Promise<{ status: number; out: string }> => {
  let out = '';
  const status = await arbiter(
    ['verify', forkLog, '--origin', originLog],
    (t) => (out += t),
    (t) => (out += t),
  );
  return { status, out };
};

/**
 * A game of each ruleset created by Ann (its organiser) and joined by Bob: `mover` gives
 * `command`, an own command nothing of which is known to anyone else; in Sol'una `other`'s
 * `reply` then seals its own orders and reveals both, rolls included.
 */
interface Takebacks {
  readonly gameId: string;
  readonly mover: Client;
  readonly other: Client;
  readonly command: object;
  readonly reply?: object;
}

const TAKEBACK_GAMES: readonly (readonly [string, (options: Record<string, unknown>) => Promise<Takebacks>])[] = [
  [
    'Post Galactica',
    async (options) => {
      const { gameId } = await postGalacticaGame(ann, bob, options);
      // Red's Command Phase: ending it rolls nothing and keeps the turn red's.
      return { gameId, mover: ann, other: bob, command: { type: 'EndPhase' } };
    },
  ],
  [
    "Sol'una",
    async (options) => {
      // Xul survives the shot, so the game goes on whatever the dice say.
      const gameId = await solunaDuel(ann, bob, 10, options);
      return {
        gameId,
        mover: ann,
        other: bob,
        command: { type: 'SubmitActions', actions: [shoot('meena', 'xul')] },
        reply: { type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] },
      };
    },
  ],
  [
    'GSC2',
    async (options) => {
      const gameId = await gsc2Game(ann, bob, gunshipTable(), options);
      // GSC-3: blue opens with a free group; a move within it keeps the move blue's.
      return { gameId, mover: bob, other: ann, command: { type: 'MoveShip', ship: 'bee', path: [{ type: 'forward', inches: 3 }] } };
    },
  ],
];

/** The mover's command (and Sol'una's reply, which reveals it); the version before them. */
const play = async (game: Takebacks): Promise<number> => {
  const start = await lastSeq(game.gameId);
  await ok(game.mover, game.gameId, game.command);
  if (game.reply) await ok(game.other, game.gameId, game.reply);
  return start;
};

const refusedByPolicy = (reply: { status: number; body: Reply }, policy: string) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(reply.body).toMatchObject({ rule: 'TB-4', code: 'TAKEBACKS_OFF' });
  expect(reply.body.detail).toContain(`options.takebacks "${policy}"`);
};

describe.each(TAKEBACK_GAMES)('TB-4 the takeback policy over HTTP (%s)', (_name, setUp) => {
  it.concurrent('TB-4 the default, "agreed", is recorded nowhere: an own takeback and one by agreement are both allowed', async () => {
    const game = await setUp({});
    const { gameId, mover, other, command } = game;
    const created = (await other.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=0&limit=1`)).body.events[0];
    expect(created?.type).toBe('GameCreated');
    expect(created?.data).not.toHaveProperty('options.takebacks');

    const before = await lastSeq(gameId);
    await ok(mover, gameId, command);
    const own = await ok(mover, gameId, { type: 'TakeBack' });
    expect(types(own)).toEqual(['TakenBack']);
    expect(own.events[0]?.data).toMatchObject({ how: 'own', toVersion: before });

    const start = await play(game);
    const proposed = await ok(other, gameId, { type: 'ProposeTakeback', toVersion: start });
    expect(types(proposed)).toEqual(['TakebackProposed']);
    const accepted = await ok(mover, gameId, { type: 'AcceptTakeback' });
    expect(types(accepted)).toEqual(['TakebackAccepted', 'TakenBack']);
    expect(accepted.events[1]?.data).toMatchObject({ how: 'agreed', toVersion: start });
  });

  it.concurrent('TB-4 "own": an own takeback is allowed; a proposal is a 409 naming TB-4; the organiser still corrects', async () => {
    const game = await setUp({ takebacks: 'own' });
    const { gameId, mover, other, command } = game;
    const created = (await other.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=0&limit=1`)).body.events[0];
    expect(created?.data).toMatchObject({ options: { takebacks: 'own' } });

    const before = await lastSeq(gameId);
    await ok(mover, gameId, command);
    expect((await ok(mover, gameId, { type: 'TakeBack', reason: 'misclick' })).events[0]?.data).toMatchObject({
      how: 'own',
      toVersion: before,
      reason: 'misclick',
    });

    const start = await play(game);
    const written = await lastSeq(gameId);
    refusedByPolicy(await give(other, gameId, { type: 'ProposeTakeback', toVersion: start }), 'own');
    expect(await lastSeq(gameId)).toBe(written);
    // TB-3: the organiser's correction is a ruling, which no policy refuses; INV-7: Ann holds a seat, so across a roll or a reveal it needs agreement.
    const corrected = await give(ann, gameId, { type: 'CorrectGame', toVersion: start, reason: 'the ruling' });
    expect([200, 422]).toContain(corrected.status);
    if (corrected.status === 422) expect(corrected.body).toMatchObject({ rule: 'TB-3', code: 'NEEDS_AGREEMENT' });
    else expect(corrected.body.events[0]?.data).toMatchObject({ seat: null, how: 'organiser', toVersion: start, reason: 'the ruling' });
  });

  it.concurrent('TB-4 "none", as in a tournament: TakeBack and ProposeTakeback are 409s naming TB-4 and write nothing; the organiser still corrects', async () => {
    const game = await setUp({ takebacks: 'none' });
    const { gameId, mover, other, command } = game;
    const start = await lastSeq(gameId);
    await ok(mover, gameId, command);
    const written = await lastSeq(gameId);
    refusedByPolicy(await give(mover, gameId, { type: 'TakeBack' }), 'none');
    expect(await lastSeq(gameId)).toBe(written);
    if (game.reply) await ok(other, gameId, game.reply);
    const played = await lastSeq(gameId);
    refusedByPolicy(await give(other, gameId, { type: 'ProposeTakeback', toVersion: start }), 'none');
    expect(await lastSeq(gameId)).toBe(played);
    // No policy refuses the organiser's ruling; INV-7: Ann holds a seat, so across a roll or a reveal it needs agreement.
    const corrected = await give(ann, gameId, { type: 'CorrectGame', toVersion: start, reason: 'the ruling after the dispute' });
    expect([200, 422]).toContain(corrected.status);
    if (corrected.status === 422) expect(corrected.body).toMatchObject({ rule: 'TB-3', code: 'NEEDS_AGREEMENT' });
    else expect(corrected.body.events[0]?.data).toMatchObject({ how: 'organiser', toVersion: start });
  });
});

/**
 * A game of each ruleset, created by Ann and joined by Bob, at a position in play where nothing
 * is sealed (`open`); in Sol'una and GSC2 Ann's `sealing` seals her orders while Bob's are
 * awaited, and Bob's `revealing` seals his, which reveals both. Post Galactica seals nothing.
 */
interface Forkable {
  readonly gameId: string;
  readonly open: number;
  readonly sealing: object | null;
  readonly revealing: object | null;
}

const FORK_GAMES: readonly (readonly [string, () => Promise<Forkable>])[] = [
  [
    'Post Galactica',
    async () => {
      const { gameId, version } = await postGalacticaGame(ann, bob, {});
      return { gameId, open: version, sealing: null, revealing: null };
    },
  ],
  [
    "Sol'una",
    async () => {
      const gameId = await solunaDuel(ann, bob, 10);
      return {
        gameId,
        open: await lastSeq(gameId),
        sealing: { type: 'SubmitActions', actions: [shoot('meena', 'xul')] },
        // Moon only waits: the game goes on after the reveal, whatever the dice say.
        revealing: { type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] },
      };
    },
  ],
  [
    'GSC2',
    async () => {
      const gameId = await gsc2Game(
        ann,
        bob,
        gunshipTable(GUNSHIP, { red: [gunshipAt('ram', 0, 0, 0)], blue: [gunshipAt('bee', 0, 10, 4)] }),
      );
      // GSC-3: blue moves first, then red; then both seal their beam orders.
      await ok(bob, gameId, { type: 'MoveShip', ship: 'bee', path: [] });
      const moved = await ok(ann, gameId, { type: 'MoveShip', ship: 'ram', path: [{ type: 'forward', inches: 4 }] });
      return {
        gameId,
        open: moved.version,
        sealing: { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'ram', battery: 'A', target: 'bee' }] } },
        revealing: { type: 'SubmitOrders', orders: { step: 'beams', fire: [{ ship: 'bee', battery: 'A', target: 'ram' }] } },
      };
    },
  ],
];

/** Ann seals, Bob's sandbox and either's continuation are refused there; Bob seals and both are revealed: the version after each. */
const sealAndReveal = async ({ gameId, sealing, revealing }: Forkable): Promise<{ sealed: number; revealed: number } | null> => {
  if (sealing === null || revealing === null) return null;
  const sealed = (await ok(ann, gameId, sealing)).version;
  const revealed = await ok(bob, gameId, revealing);
  return { sealed, revealed: revealed.version };
};

describe.each(FORK_GAMES)('TB-6 a sandbox and a continuation over HTTP (%s)', (_name, setUp) => {
  it.concurrent('TB-6 a sandbox is refused where another seat’s sealed orders are hidden from its requester, allowed after the reveal; its log begins with where it came from and verifies with its origin', async () => {
    const game = await setUp();
    const { gameId } = game;
    let at = game.open;
    if (game.sealing && game.revealing) {
      const sealed = (await ok(ann, gameId, game.sealing)).version;
      const hidden = await fork(bob, gameId, sealed, 'sandbox');
      expect(hidden.status, JSON.stringify(hidden.body)).toBe(409);
      expect(hidden.body).toMatchObject({ rule: 'TB-6', code: 'HIDDEN_ORDERS_PENDING' });
      at = (await ok(bob, gameId, game.revealing)).version;
    } else {
      // Post Galactica seals nothing: any version in play may be forked while the game runs.
      at = (await ok(ann, gameId, { type: 'EndPhase' })).version;
    }
    const started = await fork(bob, gameId, at, 'sandbox');
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const sandbox = started.body.gameId;
    expect(started.body.forks).toEqual([sandbox]);
    const first = started.body.events[0];
    expect(first?.type).toBe('GameForked');
    expect(first?.seq).toBe(1);

    // The origin ends, so its whole log (the seed revealed) can be re-decided up to the fork.
    await ok(ann, gameId, { type: 'Concede' });
    const origin = await exportLog(ann, gameId, `${sandbox}-origin.ndjson`);
    expect(first?.data).toMatchObject({ from: { gameId, version: at, hash: origin.hashes[at - 1] }, kind: 'sandbox' });
    const own = await exportLog(bob, sandbox, `${sandbox}.ndjson`);
    const { status, out } = await verifyFork(own.path, origin.path);
    expect(out).toContain(
      `PASS  origin: the fork starts from ${gameId} after event ${at} (chain hash ${origin.hashes[at - 1]?.slice(0, 12)}…)`,
    );
    // The sandbox runs: its own seed is not revealed yet, so its dice check is pending (exit 3); nothing fails.
    expect(out).not.toContain('FAIL');
    expect(status, out).toBe(3);
  });

  it.concurrent('TB-6 a continuation is refused where sealed orders are pending, and starts when every seat accepts; its log verifies with its origin', async () => {
    const game = await setUp();
    const { gameId } = game;
    const sealing = await sealAndReveal(game);
    if (sealing) {
      // Its first event is public to every seat: nowhere where a seat's orders are still sealed.
      const pending = await fork(ann, gameId, sealing.sealed, 'continuation');
      expect(pending.status, JSON.stringify(pending.body)).toBe(409);
      expect(pending.body).toMatchObject({ rule: 'TB-6', code: 'HIDDEN_ORDERS_PENDING' });
    }
    const at = sealing?.revealed ?? game.open;
    const proposed = await fork(ann, gameId, at, 'continuation');
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect(types(proposed.body)).toEqual(['ForkProposed']);
    expect(proposed.body.forks).toEqual([]);
    const accepted = await ok(bob, gameId, { type: 'AcceptFork' });
    expect(types(accepted)).toEqual(['ForkAccepted', 'ForkAgreed']);
    const forkId = (accepted.events[1]?.data as { forkId?: string } | undefined)?.forkId ?? '';

    const first = (await bob.get<{ events: EventEnvelope[] }>(`/games/${forkId}/events?after=0&limit=1`)).body.events[0];
    await ok(ann, gameId, { type: 'Concede' });
    const origin = await exportLog(ann, gameId, `${forkId}-origin.ndjson`);
    expect(first).toMatchObject({ seq: 1, type: 'GameForked' });
    expect(first?.data).toMatchObject({ from: { gameId, version: at, hash: origin.hashes[at - 1] }, kind: 'continuation' });
    // The continuation runs: its own seed is not revealed yet, so its dice check is pending (exit 3), the origin proved.
    const continuation = await exportLog(bob, forkId, `${forkId}.ndjson`);
    const { status, out } = await verifyFork(continuation.path, origin.path);
    expect(out).toContain(`PASS  origin: the fork starts from ${gameId} after event ${at}`);
    expect(out).not.toContain('FAIL');
    expect(status, out).toBe(3);
  });
});

/** The id the OpenAPI document is added to ajv under, and one segment of a JSON Pointer into it, as a URI fragment. */
const DOC_ID = 'https://arbiter.invalid/openapi.json';
const pointer = (segment: string) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

/** The commands of the takebacks and forks that `GET /rulesets/{id}` lists, with what each schema requires. */
const TAKEBACK_COMMANDS: Readonly<Record<string, { rule: string; required: string[] }>> = {
  TakeBack: { rule: 'TB-1', required: ['type'] },
  ProposeTakeback: { rule: 'TB-2', required: ['type', 'toVersion'] },
  AcceptTakeback: { rule: 'TB-2', required: ['type'] },
  DeclineTakeback: { rule: 'TB-2', required: ['type'] },
  CorrectGame: { rule: 'TB-3', required: ['type', 'toVersion', 'reason'] },
  AcceptFork: { rule: 'TB-6', required: ['type'] },
  DeclineFork: { rule: 'TB-6', required: ['type'] },
};

type RulesetAnswer = {
  commands: { type: string; rule: string; summary: string; schema: { required?: string[]; properties: Record<string, unknown> } }[];
};

describe('TB-8 the contract of takebacks and forks', () => {
  it.concurrent.each(['post-galactica', 'soluna', 'gsc2'])(
    'TB-8 API-3 GET /rulesets/%s lists TakeBack, ProposeTakeback, AcceptTakeback, DeclineTakeback, CorrectGame, AcceptFork and DeclineFork with their schemas',
    async (id) => {
      const reply = await bob.get<RulesetAnswer>(`/rulesets/${id}`);
      expect(reply.status).toBe(200);
      const listed = new Map(reply.body.commands.map((c) => [c.type, c]));
      for (const [type, { rule, required }] of Object.entries(TAKEBACK_COMMANDS)) {
        const command = listed.get(type);
        expect(command, type).toMatchObject({ rule, schema: { properties: { type: { const: type } } } });
        expect(command?.summary.length, type).toBeGreaterThan(20);
        expect([...(command?.schema.required ?? [])].sort(), type).toEqual([...required].sort());
      }
      expect(Object.keys(listed.get('TakeBack')?.schema.properties ?? {}).sort()).toEqual(['reason', 'toVersion', 'type']);
      // A continuation is proposed, and a fork started, at their route: /commands refuses them, saying where.
      expect(listed.has('ProposeFork')).toBe(false);
      expect(listed.has('ForkGame')).toBe(false);
    },
  );

  it('TB-8 API-3 /commands sends ProposeFork and ForkGame to POST /games/{id}/forks', async () => {
    const { gameId } = await postGalacticaGame(ann, bob, {});
    const proposing = await give(ann, gameId, { type: 'ProposeFork', version: 5 });
    expect(proposing.status).toBe(400);
    expect(proposing.body.detail).toBe('Propose a continuation with POST /games/{id}/forks.');
    const forking = await give(ann, gameId, { type: 'ForkGame', from: { gameId, version: 5 }, kind: 'sandbox' });
    expect(forking.status).toBe(400);
    expect(forking.body.detail).toBe('Fork a game with POST /games/{id}/forks.');
  });

  it('TB-8 DOC-3 /openapi.json has the takeback commands, their events and POST /games/{id}/forks, with examples valid against their schemas', async () => {
    type Media = { schema?: object; examples?: Record<string, { value?: unknown; $ref?: string }> };
    type Operation = {
      operationId: string;
      requestBody?: { content: Record<string, Media> };
      responses: Record<string, { content?: Record<string, Media> }>;
    };
    type Doc = {
      paths: Record<string, Record<string, Operation>>;
      components: {
        schemas: Record<string, { oneOf?: { $ref?: string; properties: { type: { const: string } } }[] }>;
        examples: Record<string, { value: unknown }>;
      };
    };
    const doc = (await bob.get<Doc>('/openapi.json')).body;
    const schemas = doc.components.schemas;
    // TB-4: the policy and its default are documented where a game is created.
    const created = doc.paths['/games']?.post?.requestBody?.content['application/json']?.schema as {
      properties: { options: { properties: { takebacks: { enum: string[]; description: string } } } };
    };
    const policy = created.properties.options.properties.takebacks;
    expect([...policy.enum].sort()).toEqual(['agreed', 'none', 'own']);
    expect(policy.description).toContain('"agreed" (default)');
    for (const command of Object.keys(TAKEBACK_COMMANDS)) expect(schemas[`Match.${command}`], command).toBeDefined();
    const events = [
      'TakenBack',
      'TakebackProposed',
      'TakebackAccepted',
      'TakebackDeclined',
      'ForkProposed',
      'ForkAccepted',
      'ForkDeclined',
      'ForkAgreed',
      'GameForked',
    ];
    for (const ruleset of ['PostGalactica', 'Soluna', 'Gsc2']) {
      const commands = (schemas[`${ruleset}Command`]?.oneOf ?? []).map((r) => r.$ref?.split('.').at(-1));
      expect(commands, ruleset).toEqual(expect.arrayContaining(Object.keys(TAKEBACK_COMMANDS)));
      const emitted = (schemas[`${ruleset}Event`]?.oneOf ?? []).map((e) => e.properties.type.const);
      expect(emitted, ruleset).toEqual(expect.arrayContaining(events));
    }

    // POST /games/{id}/forks: a request and the answer of each kind, recorded from a real run (npm run examples).
    const forks = doc.paths['/games/{id}/forks']?.post;
    expect(forks?.operationId).toBe('forkGame');
    const requests = forks?.requestBody?.content['application/json']?.examples ?? {};
    expect(
      Object.values(requests)
        .map((e) => (e.value as { kind: string }).kind)
        .sort(),
    ).toEqual(['continuation', 'sandbox']);
    const answered = (status: string) => Object.values(forks?.responses[status]?.content?.['application/json']?.examples ?? {});
    expect(answered('201').flatMap((e) => (e.value as Reply).events.map((x) => x.type))).toEqual(['GameForked']);
    expect(answered('202').flatMap((e) => (e.value as Reply).events.map((x) => x.type))).toEqual(['ForkProposed']);
    const give = doc.paths['/games/{id}/commands']?.post;
    const commandExamples = Object.keys(give?.requestBody?.content['application/json']?.examples ?? {});
    for (const ruleset of ['post-galactica', 'soluna', 'gsc2'])
      for (const command of Object.keys(TAKEBACK_COMMANDS))
        expect(commandExamples, `${ruleset}.${command}`).toContain(`${ruleset}.${command}`);

    // Every example of the document is valid against the schema beside it. The document is added
    // once, so each schema is compiled by its place in it and its #/components references resolve there.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    ajv.addSchema({ ...doc, $id: DOC_ID });
    const invalid: string[] = [];
    let checked = 0;
    const check = (where: string[], media: Media | undefined) => {
      if (!media?.schema || !media.examples) return;
      const validate = ajv.getSchema(`${DOC_ID}#/${where.map(pointer).join('/')}/schema`);
      if (!validate) throw new Error(`no schema at ${where.join(' ')}`);
      for (const [name, example] of Object.entries(media.examples)) {
        const value = example.$ref ? doc.components.examples[example.$ref.split('/').at(-1) ?? '']?.value : example.value;
        checked += 1;
        if (!validate(value)) invalid.push(`${where.join(' ')} ${name}: ${ajv.errorsText(validate.errors)}`);
      }
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
          check(['paths', path, method, 'requestBody', 'content', type], media);
        for (const [status, answer] of Object.entries(operation.responses))
          for (const [type, media] of Object.entries(answer.content ?? {}))
            check(['paths', path, method, 'responses', status, 'content', type], media);
      }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('TB-8 API-2 the typed client takes a move back and forks a game, every answer as the document declares it', async () => {
    const client = (key: string | undefined) => {
      const api = createClient<paths>({ baseUrl: runtime.url, headers: { authorization: `Bearer ${key}` } });
      api.use({
        async onResponse({ request, response }) {
          const text = await response.clone().text();
          const broken = contractViolation(
            request.method,
            new URL(request.url).pathname,
            response.status,
            response.headers.get('content-type'),
            text,
          );
          if (broken) throw new Error(`contract: ${broken}`);
          return undefined;
        },
      });
      return api;
    };
    const red = client(ann.apiKey);
    const { gameId } = await postGalacticaGame(ann, bob, {});
    const path = { params: { path: { id: gameId } } };
    const ended = await red.POST('/games/{id}/commands', { ...path, body: { commandId: commandId(), command: { type: 'EndPhase' } } });
    expect(ended.data?.events.map((e) => e.type)).toContain('PhaseStarted');
    const taken = await red.POST('/games/{id}/commands', {
      ...path,
      body: { commandId: commandId(), command: { type: 'TakeBack', reason: 'meant to build first' } },
    });
    const takenBack = taken.data?.events[0];
    expect(takenBack?.type).toBe('TakenBack');
    expect(takenBack?.type === 'TakenBack' && takenBack.data).toMatchObject({ seat: 'red', how: 'own', reason: 'meant to build first' });

    const sandbox = await client(bob.apiKey).POST('/games/{id}/forks', {
      ...path,
      body: { version: taken.data?.version ?? 0, kind: 'sandbox', commandId: commandId() },
    });
    expect(sandbox.response.status).toBe(201);
    expect(sandbox.data?.forks).toEqual([sandbox.data?.gameId]);
    expect(sandbox.response.headers.get('location')).toBe(`/games/${sandbox.data?.gameId}`);
    const forked = sandbox.data?.events[0];
    expect(forked?.type === 'GameForked' && forked.data).toMatchObject({ from: { gameId, version: taken.data?.version }, kind: 'sandbox' });
  });
});
