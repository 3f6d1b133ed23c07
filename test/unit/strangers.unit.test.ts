/**
 * REL-21, REL-22 (API-8): to a stranger (not seated, not the organiser, without the invite
 * code) a private game is a game that does not exist, on every route a stranger can call:
 * the same status, body and headers as for a missing game id of the same length, apart
 * from the request id and the date.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchCommands } from '../../domain/match/command-table.ts';
import { commandDocsOf, rulesetIds } from '../../domain/ruleset-list.ts';
import { type Client, commandId } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let anon: Client;

// The real handler on the memory adapters (ARC-3): these routes are not about storage.
beforeAll(() => {
  // Loopback deliveries allowed, so a webhook URL on 127.0.0.1 passes and only the game decides the answer.
  api = memoryApi({}, { webhooks: { allowLoopback: true } });
  anon = api.anon;
});

/** Every command type any game takes: the lifecycle's and every ruleset's. */
const EVERY_COMMAND = [...new Set([...matchCommands({ firstPlayerRule: '' }), ...rulesetIds.flatMap(commandDocsOf)].map((c) => c.type))];

/** A game id that no game has, of the same length as a real one. */
const missingId = () => `g_${randomBytes(10).toString('hex')}`;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The whole answer, the game's id in it replaced, so a private game's answer can equal a missing one's. */
const call = async (apiKey: string, method: string, path: string, gameId: string, body?: unknown): Promise<Answer> => {
  const response = await api.fetch(`${api.url}${path.replaceAll('{id}', gameId)}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body).replaceAll('{id}', gameId) }),
  });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
  return { status: response.status, headers, body: (await response.text()).replaceAll(gameId, '{id}') };
};

type Probe = readonly [method: string, path: string, body?: unknown];

/** Every request a stranger can make about one game. Command ids are fresh per call, and the same for both games. */
const probes = (): Probe[] => [
  ['GET', '/games/{id}'],
  ['GET', '/games/{id}?minVersion=1'],
  ['GET', '/games/{id}/events?after=0'],
  ['GET', '/games/{id}/events?after=1000&wait=1'],
  ['GET', '/games/{id}/state?at=1'],
  ['GET', '/games/{id}/log'],
  ['POST', '/games/{id}/join', {}],
  ['POST', '/games/{id}/join', { seat: 'red' }],
  ['POST', '/games/{id}/join', { inviteCode: 'not-the-code' }],
  ['POST', '/games/{id}/join', { inviteCode: 'é'.repeat(22) }],
  ['POST', '/games/{id}/join', { inviteCode: '🎲'.repeat(11), commandId: commandId() }],
  ['POST', '/me/webhooks', { url: 'http://127.0.0.1:9/never-called', gameId: '{id}' }],
  // A 400 that no game decides, the same for both.
  ['POST', '/games/{id}/commands', { commandId: commandId(), command: { type: 'NoSuchCommand' } }],
  ...EVERY_COMMAND.flatMap((type): Probe[] => [
    ['POST', '/games/{id}/commands', { commandId: commandId(), command: { type } }],
    ['POST', '/games/{id}/commands', { commandId: commandId(), expectedVersion: 2, command: { type, seat: 'red', junk: 1 } }],
  ]),
];

/** Each probe's answer for the private game and for a missing one, side by side. */
const compare = async (apiKey: string, gameId: string) => {
  const missing = missingId();
  const pairs: { probe: Probe; hidden: Answer; absent: Answer }[] = [];
  for (const [method, path, body] of probes()) {
    const hidden = await call(apiKey, method, path, gameId, body);
    const absent = await call(apiKey, method, path, missing, body);
    pairs.push({ probe: [method, path, body], hidden, absent });
  }
  return pairs;
};

const register = async (name: string) => {
  const { client } = await anon.register(name);
  return client;
};

/** A private game of `ruleset` at each point of its life a stranger could find it in. */
const privateGames = async (ruleset: string) => {
  const organiser = await register(`Org ${ruleset}`);
  const [ann, bob] = [await register(`Ann ${ruleset}`), await register(`Bob ${ruleset}`)];
  const create = async () => {
    const created = await organiser.post<{ gameId: string; inviteCode: string }>('/games', { ruleset, options: { visibility: 'private' } });
    expect(created.status).toBe(201);
    return created.body;
  };
  const lobby = (await create()).gameId;
  const playing = await create();
  for (const player of [ann, bob]) {
    expect((await player.post(`/games/${playing.gameId}/join`, { inviteCode: playing.inviteCode })).status).toBe(200);
  }
  const paused = await create();
  for (const player of [ann, bob]) await player.post(`/games/${paused.gameId}/join`, { inviteCode: paused.inviteCode });
  const pause = await organiser.post(`/games/${paused.gameId}/commands`, { commandId: commandId(), command: { type: 'PauseGame' } });
  expect(pause.status).toBe(200);
  const ended = await create();
  for (const player of [ann, bob]) await player.post(`/games/${ended.gameId}/join`, { inviteCode: ended.inviteCode });
  expect((await ann.post(`/games/${ended.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } })).status).toBe(200);
  return { games: { lobby, playing: playing.gameId, paused: paused.gameId, ended: ended.gameId }, organiser, ann };
};

describe('REL-22 a private game answers a stranger as a missing game', () => {
  it.each(rulesetIds)(
    'REL-22 every route and every command type answers a stranger about a private %s game exactly as about a missing one',
    async (ruleset) => {
      const { games } = await privateGames(ruleset);
      const { apiKey } = await anon.register(`Eve ${ruleset}`).then((r) => r.client);
      for (const [state, gameId] of Object.entries(games)) {
        const pairs = await compare(apiKey ?? '', gameId);
        const differing = pairs.filter(({ hidden, absent }) => JSON.stringify(hidden) !== JSON.stringify(absent));
        expect(
          differing.map(({ probe, hidden, absent }) => ({ state, probe, hidden, absent })),
          `${ruleset} ${state}`,
        ).toEqual([]);
        // Not vacuous: a missing game's answers are 404s, but for the 400 of a command no game takes.
        expect(new Set(pairs.map((p) => p.absent.status))).toEqual(new Set([400, 404]));
      }
    },
    120_000,
  );

  it('REL-22 the players and the organiser still get their own answers: only strangers are refused', async () => {
    const { games, organiser, ann } = await privateGames('post-galactica');
    const eve = await register('Eve members');
    const command = (type: string) => ({ commandId: commandId(), command: { type } });
    expect((await eve.post(`/games/${games.playing}/commands`, command('ResumeGame'))).status).toBe(404);
    expect((await organiser.post(`/games/${games.playing}/commands`, command('ResumeGame'))).status).toBe(409);
    expect((await eve.post(`/games/${games.playing}/commands`, command('Concede'))).status).toBe(404);
    expect((await ann.post(`/games/${games.playing}/commands`, command('Concede'))).status).toBe(200);
  });
});

describe('REL-21 invite codes', () => {
  it('REL-21 an invite code outside ASCII is a wrong code: a 404 exactly as for a missing game, never a 500', async () => {
    const organiser = await register('Org REL-21');
    const eve = await register('Eve REL-21');
    const { gameId, inviteCode } = (
      await organiser.post<{ gameId: string; inviteCode: string }>('/games', {
        ruleset: 'post-galactica',
        options: { visibility: 'private' },
      })
    ).body;
    const missing = missingId();
    // As long as the real code in characters, but not in bytes; then longer and shorter ones.
    for (const given of ['é'.repeat(inviteCode.length), 'é'.repeat(64), '\u0000', '🎲', `${inviteCode}é`, inviteCode.slice(1)]) {
      const hidden = await call(eve.apiKey ?? '', 'POST', '/games/{id}/join', gameId, { inviteCode: given });
      const absent = await call(eve.apiKey ?? '', 'POST', '/games/{id}/join', missing, { inviteCode: given });
      expect(hidden.status, given).toBe(404);
      expect(hidden, given).toEqual(absent);
    }
    const joined = await eve.post(`/games/${gameId}/join`, { inviteCode });
    expect(joined.status).toBe(200);
  });
});
