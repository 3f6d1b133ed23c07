/**
 * API-3 every command is listed: GET /rulesets/{id} gives each command a game of that
 * ruleset accepts at /commands, each with its own JSON Schema, through the real handler on the
 * memory adapters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { variantsByType } from '../../domain/kernel/schema.ts';
import { matchCommandSchemas, RESERVED_COMMANDS } from '../../domain/match/command-table.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { type Client, commandId } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

type JsonSchema = { type?: string; properties?: Record<string, { const?: unknown; type?: string }>; required?: string[] };
type Ruleset = { id: string; commands: { type: string; summary: string; rule: string; schema: JsonSchema }[] };

let api: MemoryApi;
let anon: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  anon = api.anon;
});

/** What /commands accepts for a game of ruleset `id`: the lifecycle commands but JoinGame and DeadlineReached, and every variant of its union. */
const acceptedTypes = (id: string): string[] => {
  const r = rulesets.get(id);
  if (!r) throw new Error(`no ruleset ${id}`);
  return [...[...matchCommandSchemas.keys()].filter((type) => !RESERVED_COMMANDS.has(type)), ...variantsByType(r.commandSchema).keys()];
};

describe('API-3 every command is listed', () => {
  it.each([...rulesets.keys()])(
    'API-3 GET /rulesets/%s lists every command accepted at /commands, each with its own schema',
    async (id) => {
      const reply = await anon.get<Ruleset>(`/rulesets/${id}`);
      expect(reply.status).toBe(200);
      const listed = reply.body.commands.map((c) => c.type);
      const accepted = acceptedTypes(id);
      expect(new Set(listed)).toEqual(new Set(accepted));
      expect(listed).toHaveLength(new Set(listed).size);
      for (const type of [
        'ChooseFirstPlayer',
        'Concede',
        'AdoptRules',
        'ExtendDeadline',
        'PauseGame',
        'ResumeGame',
        'OfferDraw',
        'RequestPause',
      ])
        expect(listed).toContain(type);
      expect(listed).not.toContain('JoinGame');
      expect(listed).not.toContain('DeadlineReached');
      for (const command of reply.body.commands) {
        expect(command.schema.type, command.type).toBe('object');
        expect(command.schema.properties?.type?.const, command.type).toBe(command.type);
        expect(command.schema.required, command.type).toContain('type');
        expect(command.summary, command.type).not.toBe('');
        expect(command.rule, command.type).not.toBe('');
        expect(command.schema).not.toHaveProperty('$schema');
      }
      const choose = reply.body.commands.find((c) => c.type === 'ChooseFirstPlayer');
      expect(choose?.schema.required).toEqual(['type', 'seat']);
      expect(choose?.rule).toBe(rulesets.get(id)?.firstPlayerRule);
    },
  );

  it('API-3 each listed command type is one /commands takes as a command (refused by the rules or the state, never as unknown)', async () => {
    const { client } = await anon.register('Ann');
    const created = await client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    const reply = await anon.get<Ruleset>('/rulesets/post-galactica');
    for (const { type } of reply.body.commands) {
      const answer = await client.post<{ type: string }>(`/games/${created.body.gameId}/commands`, {
        commandId: commandId(),
        command: { type },
      });
      expect(answer.body.type, type).not.toBe('https://arbiter.dev/problems/unknown-command');
    }
  });
});
