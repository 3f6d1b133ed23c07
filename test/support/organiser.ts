/**
 * PBM-12 and PBM-13 tests, on memory in-process (test/unit/organiser-routes.unit.test.ts) and on
 * the memory runtime over HTTP (test/service/organiser.service.test.ts): Ann organises a Post
 * Galactica game that Bob (red, first) and Cy (blue) play.
 */
import { expect } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type Client, commandId, eventually } from './client.ts';

export type Step = { key: string; phase: string; openedAt: string; deadline: string | null };
export type View = {
  status: string;
  step: Step | null;
  paused?: { by: string; remainingMs: number | null };
  drawOffer?: { by: string; agreed: string[] };
  result: { winner: string | null; reason: string } | null;
};
export type Answer = { events: EventEnvelope[]; rule?: string; code?: string; detail?: string };

export interface Table {
  readonly ann: Client;
  readonly bob: Client;
  readonly cy: Client;
}

/** The helpers over the three players `table()` gives once they are registered. */
export const organiserHelpers = (table: () => Table) => {
  const view = async (gameId: string) => (await table().ann.get<View>(`/games/${gameId}`)).body;
  const logOf = async (gameId: string) =>
    (await table().ann.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
  const give = (client: Client, gameId: string, command: Record<string, unknown>) =>
    client.post<Answer>(`/games/${gameId}/commands`, { commandId: commandId(), command });
  /** Ann organises; Bob takes red, which goes first, and Cy blue: play begins in t1-command. */
  const organised = async (deadlines: Record<string, unknown> = {}) => {
    const { ann, bob, cy } = table();
    const created = await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines } });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    expect((await bob.post(`/games/${gameId}/join`, { seat: 'red' })).status).toBe(200);
    expect((await cy.post(`/games/${gameId}/join`, { seat: 'blue' })).status).toBe(200);
    // The read model follows the log asynchronously: wait for it to show play.
    await eventually(
      () => view(gameId),
      (v) => v.status === 'playing',
    );
    return gameId;
  };
  return { organised, give, view, logOf };
};
