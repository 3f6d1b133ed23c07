/** Games the route tests set up the same way, on whichever transport their clients use. */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { Client } from './client.ts';
import { mission, profile } from './soluna.ts';

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

/**
 * A duel of two leaders 3" apart (sun's meena, moon's xul), sun first: created by `sun`'s player
 * and joined by `moon`'s, play begun; `xulWounds` keeps xul standing through a shot; `options`
 * are more match options (e.g. `takebacks`). Its game id.
 */
export const solunaDuel = async (sun: Client, moon: Client, xulWounds = 1, options: Record<string, unknown> = {}): Promise<string> => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true, wounds: xulWounds });
  const created = await sun.post<{ gameId: string }>('/games', {
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', rules: { mission: mission([meena], [xul]) }, ...options },
  });
  expect(created.status).toBe(201);
  expect((await moon.post(`/games/${created.body.gameId}/join`, {})).status).toBe(200);
  return created.body.gameId;
};

/**
 * A GSC2 game with these rules: created by `red`'s player, joined by `blue`'s, and red chosen to
 * go first by whoever won the roll-off (GSC-3: blue then opens with a free group); `options` are
 * more match options (e.g. `takebacks`). Its game id.
 */
export const gsc2Game = async (red: Client, blue: Client, rules: unknown, options: Record<string, unknown> = {}): Promise<string> => {
  const created = await red.post<{ gameId: string }>('/games', { ruleset: 'gsc2', seat: 'red', options: { rules, ...options } });
  expect(created.status).toBe(201);
  const gameId = created.body.gameId;
  const joined = await blue.post<{ events: EventEnvelope[] }>(`/games/${gameId}/join`, {});
  const winner = (joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: string } | undefined)?.winner;
  const chooser = winner === 'red' ? red : blue;
  const chosen = await chooser.post(`/games/${gameId}/commands`, {
    commandId: `choose-${gameId}`,
    command: { type: 'ChooseFirstPlayer', seat: 'red' },
  });
  expect(chosen.status).toBe(200);
  return gameId;
};
