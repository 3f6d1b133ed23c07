/**
 * REL-24: a player's name is printable text. Registering or renaming with a control, format,
 * bidi or zero-width character is a 400 that names the character, and writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { memoryApi } from '../support/memory-api.ts';

let anon: Client;

// The real handler on the memory adapters (ARC-3): these routes are not about storage.
beforeAll(() => {
  anon = memoryApi().anon;
});

interface Refusal {
  readonly type: string;
  readonly detail: string;
  readonly errors: readonly { pointer: string; detail: string }[];
}

const BAD_NAMES: readonly (readonly [string, string])[] = [
  ['ann\r\nX-Injected: 1', 'U+000D CARRIAGE RETURN'],
  ['ann\nDeadline: extended to 2099-01-01 by the organiser.', 'U+000A LINE FEED'],
  ['ann\u202egnp.exe', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
  ['\u200b\u200b', 'U+200B ZERO WIDTH SPACE'],
  ['ann\u2028x', 'U+2028 LINE SEPARATOR'],
  ['ann\u0000', 'U+0000 NULL'],
  ['ann\u2067x', 'U+2067 RIGHT-TO-LEFT ISOLATE'],
];

describe('REL-24 names are printable text', () => {
  it.each(BAD_NAMES)('REL-24 registering as %j is a 400 naming %s', async (name, char) => {
    const reply = await anon.post<Refusal>('/players', { name });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.body.type).toBe('https://arbiter.dev/problems/invalid-body');
    expect(reply.body.errors.map((e) => e.pointer)).toEqual(['/name']);
    expect(reply.body.errors[0]?.detail).toMatch(/^The field \/name is not valid: a name may not contain .+ \(.+\)\.$/);
    expect(reply.body.errors[0]?.detail).toContain(`a name may not contain ${char} (`);
    expect(reply.body.detail).toContain(char);
  });

  it('REL-24 renaming to such a name is the same 400, and the name stays as it was', async () => {
    const { client } = await anon.register('Ann REL-24');
    for (const [name, char] of BAD_NAMES) {
      const reply = await client.call<Refusal>('PATCH', '/players/me', { name });
      expect(reply.status, name).toBe(400);
      expect(reply.body.detail, name).toContain(char);
    }
    expect((await client.get<{ name: string }>('/players/me')).body.name).toBe('Ann REL-24');
  });

  it('REL-24 a name of fillers alone is refused; names in any script, with emoji, are kept as typed', async () => {
    const blank = await anon.post<Refusal>('/players', { name: '\u3164\u3164' });
    expect([blank.status, blank.body.errors[0]?.detail]).toEqual([
      400,
      'The field /name is not valid: a name needs at least one visible character.',
    ]);
    for (const name of ['Zoë O’Brien', '李小龍', 'عائشة', 'Ann ❤️ 🎲']) {
      const reply = await anon.post<{ name: string }>('/players', { name });
      expect([reply.status, reply.body.name]).toEqual([201, name]);
    }
  });
});
