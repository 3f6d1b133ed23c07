/**
 * What the hardening tests share, in-process through the handler (test/unit/hardening.unit.test.ts)
 * and over HTTP on the local runtime (test/service/hardening.service.test.ts): raw requests a
 * well-behaved client would never send, the shape every refusal must have, and a game in play
 * to aim them at.
 */
import { expect } from 'vitest';
import type { Client } from './client.ts';

export type Problem = { type: string; title: string; status: number; detail: string; errors?: { pointer: string; detail: string }[] };

export interface RawReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: Problem;
}

/** Raw requests through `send` to `base`, as `defaultKey()` unless another key (or none) is given. */
export const rawRequests =
  (send: typeof fetch, base: () => string, defaultKey: () => string | undefined) =>
  async (method: string, path: string, body?: string, apiKey = defaultKey()): Promise<RawReply> => {
    const response = await send(`${base()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const json = /^application\/(problem\+)?json/.test(response.headers.get('content-type') ?? '');
    return { status: response.status, headers: response.headers, text, body: (json ? JSON.parse(text) : {}) as Problem };
  };

export const expectProblem = (reply: { status: number; headers: Headers; body: Problem }, status: number) => {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.body.detail).toMatch(/\.$/);
};

/** A Post Galactica game, `red` and `blue` seated, red to play first; its log length. */
export const playingGame = async (red: Client, blue: Client, deadlines?: Record<string, unknown>) => {
  const created = await red.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', ...(deadlines ? { deadlines } : {}) },
  });
  const joined = await blue.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, version: joined.body.version };
};
