/** Games the route tests set up the same way, on whichever transport their clients use. */
import { expect } from 'vitest';
import type { Client } from './client.ts';

/** `red` (seated red, first) and `blue` in a Post Galactica game with these options: its id and the version joining left. */
export const postGalacticaGame = async (red: Client, blue: Client, options: Record<string, unknown>) => {
  const created = await red.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', ...options },
  });
  expect(created.status).toBe(201);
  const joined = await blue.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, version: joined.body.version };
};
