/**
 * Sol'una over the HTTP API: the duel the takeback, agreed-takeback and resealing service tests
 * play, kept in one place. Apart from soluna.ts, which the unit tier imports without a client.
 */
import { expect } from 'vitest';
import type { Client } from './http.ts';
import { mission, profile } from './soluna.ts';

/**
 * A duel of two leaders 3" apart (sun's meena, moon's xul), sun first: created by `sun`'s player
 * and joined by `moon`'s, play begun; `xulWounds` keeps xul standing through a shot. Its game id.
 */
export const solunaDuel = async (sun: Client, moon: Client, xulWounds = 1): Promise<string> => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: xulWounds });
  const created = await sun.post<{ gameId: string }>('/games', {
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) } },
  });
  expect(created.status).toBe(201);
  expect((await moon.post(`/games/${created.body.gameId}/join`, {})).status).toBe(200);
  return created.body.gameId;
};
